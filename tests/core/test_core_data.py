"""Card data and deck lists (ARCHITECTURE §3.5, §4): errors name file, line, card and field."""

from __future__ import annotations

from pathlib import Path

import pytest
from toygame import build

import fudaba
from fudaba.core.cards import load_card_file
from fudaba.core.errors import CardDataError, DeckError


def write(tmp_path: Path, text: str) -> Path:
    p = tmp_path / "cards.toml"
    p.write_text(text, encoding="utf-8")
    return p


def test_cards_valid_file_loads(tmp_path: Path) -> None:
    p = write(tmp_path, '[[card]]\nid = "T-9"\nname = "札9"\nname_en = "Nine"\nvalue = 9\n')
    (c,) = load_card_file(p, build)
    assert (c.id, c.name, c.value) == ("T-9", "札9", 9)


def test_cards_bad_field_names_file_line_card_and_field(tmp_path: Path) -> None:
    p = write(tmp_path, '[[card]]\nid = "T-8"\nname = "札8"\nvalue = 8\n\n[[card]]\nid = "T-9"\nname = "札9"\nvalue = "nine"\n')
    with pytest.raises(CardDataError, match=r"cards.toml:9: card 'T-9': field 'value': expected int, got str 'nine'"):
        load_card_file(p, build)


def test_cards_missing_unknown_duplicate_and_syntax(tmp_path: Path) -> None:
    with pytest.raises(CardDataError, match=r":2: card 'T-9': field 'value': missing"):
        load_card_file(write(tmp_path, '[[card]]\nid = "T-9"\nname = "x"\n'), build)
    with pytest.raises(CardDataError, match=r"field 'colour': unknown field"):
        load_card_file(write(tmp_path, '[[card]]\nid = "T-9"\nname = "x"\nvalue = 1\ncolour = 2\n'), build)
    with pytest.raises(CardDataError, match=r"card 'T-9': id defined twice"):
        load_card_file(write(tmp_path, '[[card]]\nid = "T-9"\nname = "x"\nvalue = 1\n[[card]]\nid = "T-9"\nname = "y"\nvalue = 1\n'), build)
    with pytest.raises(CardDataError, match="not valid TOML"):
        load_card_file(write(tmp_path, "[[card]\n"), build)
    with pytest.raises(CardDataError, match="cannot read"):
        load_card_file(tmp_path / "missing.toml", build)
    with pytest.raises(CardDataError, match="field 'value': must be at least 1"):
        load_card_file(write(tmp_path, '[[card]]\nid = "T-9"\nname = "x"\nvalue = 0\n'), build)


def test_deck_lists_every_problem_with_line_numbers() -> None:
    g = fudaba.load_game("toy")
    with pytest.raises(DeckError) as ei:
        g.parse_deck("# my deck\n1 T-1\n2 ナゾ\n\n1 T-2\n")
    assert ei.value.problems == ["line 3: unknown card 'ナゾ'", "a deck needs at least 4 cards, this one has 2"]
    d = g.parse_deck("2 T-1\n2x 札2  # comment\nCard 3\n")
    assert d.main == ("T-1", "T-1", "T-2", "T-2", "T-3")
    assert g.check_deck(d) == []


def test_deck_to_text_round_trip() -> None:
    g = fudaba.load_game("toy")
    d = g.starter_decks()["a"]
    assert g.parse_deck(d.to_text(g.cards)).main == d.main


def test_4_unknown_card_is_a_fudaba_error_and_still_a_key_error() -> None:
    g = fudaba.load_game("sarasvati")
    with pytest.raises(fudaba.UnknownCard, match="unknown card 'SV-ZZ9'"):
        g.cards["SV-ZZ9"]
    with pytest.raises(KeyError):
        g.cards["SV-ZZ9"]
    assert issubclass(fudaba.UnknownCard, CardDataError)
    assert g.cards.find("SV-ZZ9") is None and "SV-ZZ9" not in g.cards


def test_4_wrong_types_of_input_raise_fudaba_errors_and_change_nothing() -> None:
    g = fudaba.load_game("sarasvati")
    st = g.new_game(seed=2)
    before = st.hash()
    for bad in (None, 5, ["pass"]):
        with pytest.raises(fudaba.IllegalAction, match="an action is an Action or its notation text"):
            st.apply(bad)  # type: ignore[arg-type]
    assert st.hash() == before
    with pytest.raises(DeckError, match="a deck list is text"):
        g.parse_deck(None)  # type: ignore[arg-type]
    with pytest.raises(fudaba.FudabaError, match="replay takes a Record"):
        fudaba.replay(5)  # type: ignore[arg-type]


@pytest.mark.parametrize("name", ["sarasvati", "walpurgis"])
def test_4_new_game_takes_deck_text_and_refuses_bad_decks_and_seeds(name: str) -> None:
    g = fudaba.load_game(name)
    starters = g.starter_decks()
    k0, k1 = sorted(starters)[:2]
    texts = [starters[k0].to_text(), starters[k1].to_text()]
    assert g.new_game(decks=texts, seed=4).hash() == g.new_game(seed=4).hash()
    assert g.check_deck(texts[0]) == [] and g.check_deck(starters[k0]) == []
    assert any("unknown card 'nonsense'" in p for p in g.check_deck("1 nonsense\n"))
    assert g.check_deck(42) == ["not a deck: expected a Deck or deck-list text, got int"]  # type: ignore[arg-type]
    with pytest.raises(DeckError, match="a game needs two decks, got 1"):
        g.new_game(decks=[texts[0]])
    with pytest.raises(DeckError, match="list of two decks"):
        g.new_game(decks=texts[0])  # type: ignore[arg-type]
    with pytest.raises(DeckError, match=r"(?s)deck of seat 1: .*unknown card 'nonsense'"):
        g.new_game(decks=[texts[0], "1 nonsense\n"])
    with pytest.raises(DeckError, match=r"(?s)deck of seat 0.*got int"):
        g.new_game(decks=[3, texts[1]])  # type: ignore[list-item]
    with pytest.raises(fudaba.FudabaError, match="seed must be a whole number, got 'abc'"):
        g.new_game(seed="abc")  # type: ignore[arg-type]


def test_4_state_json_with_params_not_a_table_is_a_position_error() -> None:
    import json

    g = fudaba.load_game("sarasvati")
    doc = json.loads(g.new_game(seed=1).to_json())
    doc["params"] = None
    with pytest.raises(fudaba.PositionError, match="key 'params' must be a table"):
        g.state_from_json(json.dumps(doc))
    doc["params"], doc["variant"] = {}, "v9"
    with pytest.raises(fudaba.PositionError, match="unknown variant 'v9'"):
        g.state_from_json(json.dumps(doc))


def test_3_deck_line_counts_are_capped_with_a_clear_problem() -> None:
    g = fudaba.load_game("sarasvati")
    probs = g.check_deck("99999999 SV-A02\n" + "9" * 5000 + " SV-A02\n")
    assert probs[0] == "line 1: the count 99999999 of 'SV-A02' is too large (at most 999 per line)"
    assert probs[1] == "line 2: the count 999999999999… of 'SV-A02' is too large (at most 999 per line)"


@pytest.mark.parametrize("name", ["sarasvati", "walpurgis"])
def test_11_full_width_input_typed_with_an_ime_is_read_as_half_width(name: str) -> None:
    st = fudaba.load_game(name).new_game(seed=1)
    a = next(a for a in st.legal_actions() if len(str(a).split()) > 1)  # a verb and a card id
    full = str(a).translate({i: i + 0xFEE0 for i in range(0x21, 0x7F)})  # ｃｈａｒｇｅ ＳＶ－Ａ０２
    assert full != str(a) and st.parse(full) == a


def test_4_view_log_view_and_resample_refuse_a_seat_that_does_not_exist() -> None:
    from fudaba.core import Rng

    st = fudaba.load_game("sarasvati").new_game(seed=1)
    for bad in (5, -1, "x", True):
        with pytest.raises(fudaba.FudabaError, match="the seats are 0 and 1"):
            st.view(bad)  # type: ignore[arg-type]
        with pytest.raises(fudaba.FudabaError, match="the seats are 0 and 1"):
            st.log_view(bad)  # type: ignore[arg-type]
    with pytest.raises(fudaba.FudabaError, match="the seats are 0 and 1"):
        st.resample(None, Rng(1))  # type: ignore[arg-type]
    assert st.view(None)["seat"] is None and st.view(1)["seat"] == 1
