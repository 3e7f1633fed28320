"""Issue 18 §5: bad input through the API never escapes as a non-fudaba exception, and never hangs.

The examples the issue found, each with the exact refusal; ``test_bad_input_fuzz.py`` generates every
class of them for every game.
"""

from __future__ import annotations

import json
import warnings
from typing import Any

import pytest

import fudaba
from fudaba.core import Rng
from fudaba.core.actions import Action, number
from fudaba.core.decks import MAX_CARDS
from fudaba.core.errors import CardDataError, DeckError, FudabaError, IllegalAction, PositionError, UnknownGame
from fudaba.core.record import EngineVersionWarning
from fudaba.core.state import MAX_REFUSAL, REFUSAL_ECHO


def _played(name: str, seed: int, steps: int) -> Any:
    """The state after ``steps`` seeded random answers of game ``seed``."""
    st = fudaba.load_game(name).new_game(seed=seed)
    rng = Rng(seed)
    for _ in range(steps):
        st.apply(rng.choice(st.legal_actions()))
    return st


# ---------------------------------------------------------------------------------- Unicode "digits"
@pytest.mark.parametrize(("seed", "steps", "text", "legal", "why"), [
    (0, 34, "continue M፩", "continue M1", "continue names an unresolved mission or facility: M1, xM1… (§5)"),
    (1, 109, "rune M1.፩", "rune xM2.1",
     "rune names one of your characters deployed on this battle's mission, e.g. rune M1.1 (§8.3)"),
    (0, 37, "garrison M፩.1", "garrison M1.1",
     "the garrison is one of your own characters on this mission, e.g. garrison M1.1 (§7.5)"),
    (40, 90, "lose M1.፩", "lose xM2.4", "lose names one of your characters on this mission, e.g. lose M1.2 (§7.3)"),
])
def test_18_5_suikoden_places_with_digits_int_refuses_are_refused(seed: int, steps: int, text: str, legal: str,
                                                                   why: str) -> None:
    st = _played("suikoden", seed, steps)
    assert legal in [a.text for a in st.legal_actions()]  # the decision the verb answers
    h = st.hash()
    with pytest.raises(IllegalAction) as e:
        st.apply(text)
    assert str(e.value) == f"{text}: {why}"
    assert st.hash() == h


def test_18_5_numbers_in_notation_are_ascii_digits_only() -> None:
    assert [number(t) for t in ("7", "12", "²", "፩", "١", "７", "", "1" * 10)] == [7, 12, None, None, None, None,
                                                                                    None, None]


def test_18_5_a_position_slot_with_a_superscript_digit_names_the_key() -> None:
    game = fudaba.load_game("suikoden")
    doc = {"turn": 2, "active": 1, "first": 0, "phase": "main",
           "seat": [{"deck": ["GS-A10"] * 10, "missions": [{"slot": "M²", "card": "GS-R01"}]},
                    {"deck": ["GS-B12"] * 10}]}
    with pytest.raises(PositionError) as e:
        game.load_position(doc)
    assert str(e.value) == "position: key 'seat[0].missions[0].slot': one of M1..M2, got 'M²'"


def test_18_5_a_modifier_until_given_as_a_list_names_the_key() -> None:
    game = fudaba.load_game("suikoden")
    doc = {"turn": 2, "active": 1, "first": 0, "phase": "main",
           "seat": [{"deck": ["GS-A10"] * 10, "missions": [{"slot": "M1", "card": "GS-R01", "mine": [
               {"card": "GS-A01", "mods": [{"atk": 1, "until": ["battle"]}]}]}]},
                    {"deck": ["GS-B12"] * 10}]}
    with pytest.raises(PositionError) as e:
        game.load_position(doc)
    assert str(e.value) == ("position: key 'seat[0].missions[0].mine[0].mods[0].until': until_end_of_battle or "
                            "while_deployed, got ['battle']")


def test_18_5_a_huge_number_typed_for_a_listed_option_is_out_of_range() -> None:
    from fudaba.core.session import Session

    game = fudaba.load_game("sarasvati")
    st = game.new_game(seed=1)
    sess = Session(game, st, [None, None], "en")
    seat = st.decision.player
    sess.menu(seat, True)
    reply = sess.handle(seat, "9" * 5000)
    assert (reply.kind, reply.text) == ("refused", f"choose 1–{len(st.legal_actions())}")


# ---------------------------------------------------------------------------------- documents within limits
DEEP_JSON = '{"a":' * 5000 + "1" + "}" * 5000


@pytest.mark.parametrize("name", ["maken", "sarasvati", "suikoden", "walpurgis"])
def test_18_5_documents_nested_too_deep_are_refused_with_the_documented_error(name: str) -> None:
    game = fudaba.load_game(name)
    with pytest.raises(PositionError, match=r"^state JSON: nested more than 64 levels deep$"):
        game.state_from_json(DEEP_JSON)
    with pytest.raises(PositionError, match=r"^position: nested more than 64 levels deep$"):
        game.load_position(DEEP_JSON)
    with pytest.raises(PositionError, match=r"^position: nested more than 64 levels deep$"):
        game.load_position("turn = " + "[" * 5000 + "]" * 5000)
    with pytest.raises(PositionError, match=r"^record: nested more than 64 levels deep$"):
        fudaba.replay(DEEP_JSON)


def test_18_5_a_nul_byte_in_a_position_string_is_a_position_error() -> None:
    game = fudaba.load_game("suikoden")
    with pytest.raises(PositionError) as e:
        game.load_position("positions/my\x00game.toml")
    assert str(e.value) == "position: a file path cannot contain a NUL character"
    with pytest.raises(PositionError, match=r"^position: contains a NUL character \(at offset 8\)$"):
        game.load_position("turn = 1\x00\n")


def test_18_5_numbers_of_5000_digits_and_nan_in_records_positions_and_states() -> None:
    game = fudaba.load_game("sarasvati")
    st = game.new_game(seed=2)
    rec = st.record().to_dict()
    big = "9" * 5000
    with pytest.raises(PositionError, match=r"^record: not valid JSON: Exceeds the limit \(4300 digits\)"):
        fudaba.replay(json.dumps(rec).replace('"seed": 2', f'"seed": {big}'))
    for const in ("NaN", "Infinity", "-Infinity"):
        with pytest.raises(PositionError) as e:
            fudaba.replay(json.dumps(rec).replace('"seed": 2', f'"seed": {const}'))
        assert str(e.value) == f"record: {const!r} is not a finite number"
    with pytest.raises(PositionError, match=r"^position: 'inf' is not a finite number$"):
        game.load_position("turn = 1\nseed = inf\n")
    with pytest.raises(PositionError, match=r"^position: not valid TOML: Exceeds the limit \(4300 digits\)"):
        game.load_position(f"turn = 1\nseed = {big}\n")
    doc = st.to_json().replace('"turn":1', f'"turn":{big}', 1)
    with pytest.raises(PositionError, match=r"^state JSON: not valid JSON: Exceeds the limit \(4300 digits\)"):
        game.state_from_json(doc)
    with pytest.raises(PositionError, match=r"^state JSON: '1e999' is not a finite number$"):
        game.state_from_json(st.to_json().replace('"turn":1', '"turn":1e999', 1))


def test_18_5_card_files_within_limits(tmp_path: Any) -> None:
    game = fudaba.load_game("sarasvati")
    p = tmp_path / "deep.toml"
    p.write_text("[[card]]\nid = " + "[" * 3000 + "]" * 3000 + "\n", encoding="utf-8")
    with pytest.raises(CardDataError) as e:
        game.check_card_file(p)
    assert str(e.value) == f"{p}: nested more than 64 levels deep"
    p.write_text("[[card]]\nid = 'SV-Z01'\ncost = nan\n", encoding="utf-8")
    with pytest.raises(CardDataError) as e:
        game.check_card_file(p)
    assert str(e.value) == f"{p}: 'nan' is not a finite number"


# ---------------------------------------------------------------------------------- types checked before use
def test_18_5_load_game_of_none_is_unknown_game() -> None:
    with pytest.raises(UnknownGame) as e:
        fudaba.load_game(None)  # type: ignore[arg-type]
    assert str(e.value) == f"a game is named by text, not NoneType; games: {', '.join(sorted(fudaba.games()))}"
    assert {"maken", "sarasvati", "suikoden", "walpurgis"} <= set(fudaba.games())


def test_18_5_concede_true_is_refused_and_concede_1_replays() -> None:
    st = fudaba.load_game("walpurgis").new_game(seed=3)
    h = st.hash()
    with pytest.raises(IllegalAction) as e:
        st.concede(True)  # type: ignore[arg-type]
    assert str(e.value) == "concede True: the seat must be 0 or 1"
    assert st.hash() == h and not st.history
    st.concede(1)
    back = fudaba.replay(st.record().to_json())
    assert (back.winner, back.result) == (0, "player 1 conceded")


def test_18_5_a_belief_of_ten_billion_copies_is_refused_before_any_list_is_built() -> None:
    st = fudaba.load_game("walpurgis").new_game(seed=1)
    with pytest.raises(FudabaError) as e:
        st.resample(0, Rng(1), {"W-RM-01": 10**10})
    assert str(e.value) == f"resample belief: more cards than the {len(st.all_cards())} this game holds"
    with pytest.raises(FudabaError, match=r"copies of 'W-RM-01' must be a whole number ≥ 0, got -1$"):
        st.resample(0, Rng(1), {"W-RM-01": -1})


def test_18_5_a_deck_list_of_ten_million_cards_stops_at_the_bound() -> None:
    game = fudaba.load_game("sarasvati")
    with pytest.raises(DeckError) as e:
        game.parse_deck("999 SV-A01\n" * 10000)
    assert e.value.problems[0] == (f"line 11: the list holds more than {MAX_CARDS:,} cards; no deck is that large "
                                   "(the lines after it are not read)")


# ---------------------------------------------------------------------------------- state documents
def _tampered(name: str, seed: int, steps: int, change: Any) -> tuple[Any, str]:
    st = _played(name, seed, steps)
    doc = json.loads(st.to_json())
    change(doc)
    return st.game, json.dumps(doc)


@pytest.mark.parametrize(("name", "change", "message"), [
    ("sarasvati", lambda d: d["state"]["hand"][0].__setitem__(0, "SV-NOPE"),
     "state: key 'state.hand[0][0]' is no card id of this game: 'SV-NOPE'"),
    ("sarasvati", lambda d: d["state"].__setitem__("active", 7), "state: key 'state.active' = 7 is out of range (0..1)"),
    ("walpurgis", lambda d: d["state"]["hands"][1].__setitem__(0, 5),
     "state: key 'state.hands[1][0]' is no card id of this game: 5"),
    ("suikoden", lambda d: d["state"]["vp"].__setitem__(0, 9),
     "state: key 'state.vp' = [9, 0]: a seat holds vp_to_win = 5 or more while the game goes on"),
    ("maken", lambda d: d["state"]["char"].__setitem__(1, "MK-B01"),
     "state: key 'state.char[1]' = MK-B01 is not a character card (it is attack)"),
    ("maken", lambda d: d["common"].__setitem__("stack", [["no_such_step", None]]),
     "state: key 'common.stack[0][0]' = 'no_such_step' is not one of "),
    ("suikoden", lambda d: d["common"]["decision"].__setitem__("player", True),
     "state: key 'common.decision.player' must be a whole number, got True"),
])
def test_18_5_a_tampered_state_document_names_the_key(name: str, change: Any, message: str) -> None:
    game, text = _tampered(name, 4, 12, change)
    with pytest.raises(PositionError) as e:
        game.state_from_json(text)
    assert str(e.value).startswith(message)


def test_18_5_a_state_document_whose_stack_cannot_run_is_refused() -> None:
    # the frame that ends Sarasvati's turn taken away: the rules would run out of steps a few answers on
    st = _played("sarasvati", 4, 12)
    doc = json.loads(st.to_json())
    assert doc["common"]["stack"][0][0] == "end"
    doc["common"]["stack"][0] = ["check", None]
    with pytest.raises(PositionError) as e:
        st.game.state_from_json(json.dumps(doc))
    assert str(e.value).startswith("state: the document does not hold together: the frames of the stack")


def test_18_5_replay_refuses_a_malformed_engine_and_warns_on_another_version() -> None:
    st = _played("sarasvati", 5, 20)
    rec = st.record().to_dict()
    with pytest.raises(PositionError) as e:
        fudaba.replay({**rec, "engine": ["0.1.0"]})
    assert str(e.value) == "record: key 'engine' must be the engine version that wrote it (such as '0.1.0'), got list"
    with pytest.raises(PositionError):
        fudaba.replay({**rec, "engine": "x" * 500})
    with pytest.warns(EngineVersionWarning, match=r"written by fudaba engine 9\.9\.9, this is 0\.1\.0"):
        back = fudaba.replay({**rec, "engine": "9.9.9"})
    assert back.hash() == st.hash()
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        fudaba.replay(rec)  # this engine's own records: no warning


# ---------------------------------------------------------------------------------- refusals and memory
def test_18_5_a_refusal_of_a_megabyte_is_short() -> None:
    st = fudaba.load_game("walpurgis").new_game(seed=1)
    with pytest.raises(IllegalAction) as e:
        st.apply("x" * 1_000_000)
    msg = str(e.value)
    assert msg == ("x" * (REFUSAL_ECHO - 1) + "…: 1,000,000 characters is no action (notation is at most 1,000 "
                   "characters)")
    assert len(e.value.text("ja")) < 200 and e.value.action == "x" * (REFUSAL_ECHO - 1) + "…"
    with pytest.raises(IllegalAction) as e:
        st.apply("frob " + "y" * 990)
    assert len(str(e.value)) <= MAX_REFUSAL and str(e.value).startswith("frob yyy")


def test_18_5_refused_text_is_not_interned() -> None:
    st = fudaba.load_game("sarasvati").new_game(seed=1)
    before = set(Action._interned)
    for i in range(2000):
        with pytest.raises(IllegalAction):
            st.apply(f"y{i}")
        with pytest.raises(IllegalAction):
            st.apply(f"summon SV-A01 Q{i}")
    assert not [k for k in set(Action._interned) - before if k[0] == "y" or k[0].startswith("y")]
    assert ("summon", "SV-A01", "Q7") not in Action._interned
    legal = st.legal_actions()[0]
    assert st.clone().apply(legal.text) is not None  # a legal text is the option itself


def test_18_5_the_intern_cache_is_bounded_by_bytes_and_keeps_the_constants(monkeypatch: pytest.MonkeyPatch) -> None:
    from fudaba.games.maken.actions import PASS

    monkeypatch.setattr(Action, "MAX_BYTES", 64 * 1024)
    for i in range(3000):
        Action.of("note", f"{i:05d}" + "z" * 100)
        assert Action._bytes <= Action.MAX_BYTES
    assert len(Action._interned) < 1000
    assert Action.of("pass") is PASS


# ---------------------------------------------------------------------------------- decided positions
def _suikoden_main() -> dict[str, Any]:
    return {"turn": 2, "active": 1, "first": 0, "phase": "main",
            "seat": [{"deck": ["GS-A10"] * 10}, {"deck": ["GS-B12"] * 10}]}


def test_18_5_a_suikoden_position_with_vp_to_win_is_refused() -> None:
    game = fudaba.load_game("suikoden")
    doc = _suikoden_main()
    doc["seat"][1]["vp"] = 5
    with pytest.raises(PositionError) as e:
        game.load_position(doc)
    assert str(e.value) == ("position: key 'seat[1].vp' = 5: seat 1 holds vp_to_win = 5 victory points or more — "
                            "the game would be over (§9); give fewer")
    doc["seat"][1]["vp"] = 4
    assert not game.load_position(doc).is_over


@pytest.mark.parametrize(("name", "limit"), [("walpurgis", 3), ("maken", 3)])
def test_18_5_a_position_past_the_turn_limit_is_refused(name: str, limit: int) -> None:
    game = fudaba.load_game(name, turn_limit=limit)
    st = game.new_game(seed=0)
    rng = Rng(0)
    while True:
        try:
            doc = st.position()
            break
        except PositionError:
            st.apply(rng.choice(st.legal_actions()))
    doc["turn"] = limit + 2
    doc["first"] = doc["active"]
    with pytest.raises(PositionError) as e:
        game.load_position(doc)
    assert str(e.value).startswith(f"position: key 'turn' = {limit + 2} is past turn_limit = {limit}: the game would be "
                                   "over, a draw")


def test_18_5_the_play_session_repeats_no_long_input() -> None:
    from fudaba.core.session import Session

    game = fudaba.load_game("sarasvati")
    st = game.new_game(seed=1)
    sess = Session(game, st, [None, None], "en")
    seat = st.decision.player
    info = sess.handle(seat, "info " + "x" * 100_000)
    assert info.text == "x" * 79 + "…: not a card or place you can see"
    rules = sess.handle(seat, "rules " + "y" * 100_000)
    assert len(rules.text) < 200 and "y" * 79 + "…" in rules.text
    why = sess.handle(seat, "why " + "z" * 100_000)
    assert len(why.text) < 300


def test_18_5_fudaba_replay_says_another_engine_version_in_one_line(tmp_path: Any) -> None:
    """The command line says a record of another engine version in one line, not Python's warning
    format (file:line, category, source line)."""
    from typer.testing import CliRunner

    from fudaba.cli import app

    rec = {**_played("sarasvati", 5, 8).record().to_dict(), "engine": "9.9.9"}
    path = tmp_path / "old.json"
    path.write_text(json.dumps(rec), encoding="utf-8")
    r = CliRunner().invoke(app, ["replay", str(path), "--lang", "en"])
    assert r.exit_code == 0, r.output
    warned = [line for line in r.output.splitlines() if "9.9.9" in line]
    assert warned == ["warning: record: written by fudaba engine 9.9.9, this is 0.1.0: it may not play the same"], warned
    assert "EngineVersionWarning" not in r.output and ".py:" not in r.output
