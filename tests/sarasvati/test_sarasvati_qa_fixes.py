"""Regression tests for problems found by playing, designing and scripting against the engine
(each names the spec section it enforces)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from sv_util import BLANK_BOOK, opts, seat

from fudaba.core.errors import CardDataError, IllegalAction, PositionError

#: a vanilla character costing 0 (the schema allows cost 0)
FREE = {"id": "T-FREE", "name": "ただの栞", "type": "character", "cost": 0, "atk": 500, "def": 0,
        "attribute": "ドラマ"}
#: a book whose on_open effect destroys a *ready* enemy character
TRAP = {"id": "T-TRAP", "name": "罠の書", "type": "book", "cost": 1, "attribute": "ドラマ",
        "effects": [{"trigger": "on_open", "target": "choose_enemy_character", "filter": {"ready": True},
                     "action": "destroy"}]}


def _doc(p0: dict[str, Any], p1: dict[str, Any], **top: Any) -> dict[str, Any]:
    doc: dict[str, Any] = {"game": "sarasvati", "turn": 3, "active": 0, "first": 0, "phase": "imagine",
                           "seed": 1, "seat": [p0, p1], "cards": [BLANK_BOOK]}
    doc.update(top)
    return doc


# ------------------------------------------------------------------------------------------- §12 positions
@pytest.mark.parametrize("other", ["f1", " F1", "F01"])
def test_12_position_two_keys_for_one_slot_raise(game: Any, other: str) -> None:
    p0 = seat(slots={"F1": "SV-A02", other: "SV-A04"})
    with pytest.raises(PositionError, match=r"slots\..*F1"):
        game.load_position(_doc(p0, seat()))


def test_12_position_slot_key_that_is_not_text_raises(game: Any) -> None:
    p0 = seat()
    p0["slots"] = {1: {"card": "SV-A02"}}
    with pytest.raises(PositionError, match=r"seat\[0\]\.slots\.1"):
        game.load_position(_doc(p0, seat()))


def test_12_position_new_character_of_the_waiting_player_raises(game: Any) -> None:
    # 'new' (summoned this turn) is only ever cleared at its owner's end phase: on the waiting player's
    # side it would keep that character from attacking during the whole of its owner's next turn
    p1 = seat(slots={"F1": {"card": "SV-A02", "new": True}})
    with pytest.raises(PositionError, match=r"seat\[1\]\.slots\.F1\.new"):
        game.load_position(_doc(seat(), p1))
    st = game.load_position(_doc(seat(slots={"F1": {"card": "SV-A02", "new": True}}), seat()))
    assert st.slots[0][0].new is True


@pytest.mark.parametrize("zone", ["voltage", "grave"])
def test_12_position_forbidden_book_in_voltage_or_graveyard_raises(game: Any, zone: str) -> None:
    p0 = seat()
    p0[zone] = ["SV-R4"]
    with pytest.raises(PositionError, match=rf"seat\[0\]\.{zone}\[0\]"):
        game.load_position(_doc(p0, seat()))


def test_12_position_turn_past_the_turn_limit_raises(game: Any) -> None:
    with pytest.raises(PositionError, match=r"'turn'.*turn_limit"):
        game.load_position(_doc(seat(), seat(), turn=5, params={"turn_limit": 4}))
    waiting = seat(hand=["SV-A02"], volt=2)  # stops at the imagine decision
    st = game.load_position(_doc(waiting, seat(), turn=5, params={"turn_limit": 5}))
    assert st.turn == 5 and not st.is_over
    st = game.load_position(_doc(waiting, seat(), turn=501, params={"turn_limit": 0}))  # 0 = no limit
    assert st.turn == 501 and not st.is_over


# ------------------------------------------------------------------------------------------- §5.4 imagine
def test_5_4_card_costing_0_is_played_without_voltage(game: Any) -> None:
    doc = _doc(seat(hand=["T-FREE", "SV-A02"], volt=1, tapped=1), seat())
    doc["cards"].append(FREE)
    st = game.load_position(doc)
    assert st.decision.kind == "imagine"
    assert "summon T-FREE F1" in opts(st) and "summon SV-A02 F1" not in opts(st)
    st.apply("summon T-FREE F1")
    assert st.slots[0][0].card == "T-FREE" and st.tapped[0] == 1


def test_5_4_refusal_names_the_card_type_with_the_right_article(game: Any) -> None:
    st = game.load_position(_doc(seat(hand=["SV-A07"], volt=5, slots={"F2": "SV-A04"}), seat()))
    with pytest.raises(IllegalAction) as e:
        st.apply("equip SV-A07 F2")
    assert "is a character, not an equipment" in str(e.value)


# ------------------------------------------------------------------------------------------- §6 books
def test_6_book_on_open_resolves_before_the_attacker_becomes_defenceless(game: Any) -> None:
    # seed: 裏向きの禁書を攻撃したとき…その禁書を表にする。その後、攻撃を行ったキャラクターを無防備状態にする
    doc = _doc(seat(slots={"F1": "SV-A04", "F2": "SV-A02"}),
               seat(books=["T-TRAP", "T-BK", "T-BK"]), phase="battle")
    doc["cards"].append(TRAP)
    st = game.load_position(doc)
    events = st.apply("attack F1 xK1")
    assert [e.kind for e in events][:3] == ["attack", "book_open", "effect"]
    # the attacker was still ready when the book opened, so the book's owner may choose it
    assert st.decision.kind == "target" and st.decision.player == 1
    assert opts(st) == ["target xF1", "target xF2"]
    st.apply("target xF1")
    assert st.slots[0][0] is None
    assert st.slots[0][1].ready is True


def test_6_book_attack_attacker_still_ends_defenceless_after_on_open(game: Any) -> None:
    doc = _doc(seat(slots={"F1": "SV-A04"}), seat(books=["SV-R4", "T-BK", "T-BK"]), phase="battle")
    st = game.load_position(doc)
    events = st.apply("attack F1 xK1")
    kinds = [e.kind for e in events]
    assert kinds.index("draw") < kinds.index("defenceless")
    # the attacker is defenceless, and the turn went on
    assert st.active == 1 and st.slots[0][0].ready is False


# ------------------------------------------------------------------------------------------- §11 notation
def test_11_full_width_places_and_names_are_read_as_half_width(game: Any) -> None:
    st = game.load_position(_doc(seat(hand=["SV-A07", "SV-R2"], volt=7, slots={"F2": "SV-A04"}), seat()))
    st.apply("summon 竜騎士 Ｆ１")
    assert st.slots[0][0].card == "SV-A07"
    st.apply("use 何が知性だ！")  # the pool writes 何が知性だ! with an ASCII '!'
    assert st.decision.kind == "target"
    st.apply("target ｆ１")
    assert st.slots[0][0].mods[0][0] == 5000


# ------------------------------------------------------------------------------------------- §2 card data
_CARD = '[[card]]\nid = "T-1"\nname = "テスト"\ntype = "character"\ncost = 1\natk = 1\ndef = 1\nattribute = "SF"\n'


@pytest.mark.parametrize("field,value", [("amount", "1.5"), ("atk", '"x"'), ("def", "true")])
def test_2_card_effect_field_errors_name_the_effect_and_its_line(game: Any, tmp_path: Path, field: str,
                                                                  value: str) -> None:
    action = 'action = "draw", target = "self_player"' if field == "amount" else \
        'action = "modify", target = "self", duration = "until_end_of_turn"'
    f = tmp_path / "cards.toml"
    f.write_text(_CARD + f'effects = [{{trigger = "on_summon", {action}, {field} = {value}}}]\n', encoding="utf-8")
    with pytest.raises(CardDataError) as e:
        game.check_card_file(f)
    msg = str(e.value)
    assert f"field 'effects[0].{field}'" in msg
    assert f"{f}:9:" in msg  # the effects line, not the card's id line


def test_11_card_id_with_a_space_is_refused(game: Any, tmp_path: Path) -> None:
    f = tmp_path / "cards.toml"
    f.write_text(_CARD.replace('id = "T-1"', 'id = "T 1"'), encoding="utf-8")
    with pytest.raises(CardDataError, match=r"field 'id'.*spaces"):
        game.check_card_file(f)


# ------------------------------------------------------------------------------------------- log text
def test_8_effect_and_attack_fizzle_reasons_are_in_japanese(game: Any) -> None:
    ev = {"kind": "effect_fizzles", "player": 0, "card": "SV-A05", "index": 0, "why": "no target"}
    assert game.describe(ev, "ja") == "影渡りの忍の効果は何もしない(対象がいない)。"
    assert game.describe(ev, "en") == "The effect of Shadow-walking Ninja does nothing (no target)."
    for why in ("condition", "source left"):
        assert why not in game.describe({**ev, "why": why}, "ja")
    for why in ("attacker left", "target left", "book already destroyed"):
        line = game.describe({"kind": "battle_fizzles", "player": 0, "why": why}, "ja")
        assert why not in line and line.startswith("攻撃はバトルなしで終わる(")


def test_8_fizzle_log_lines_of_a_real_game_are_japanese(game: Any) -> None:
    # 影渡りの忍's on_summon chooses an enemy character; with none it does nothing
    st = game.load_position(_doc(seat(hand=["SV-A05"], volt=3), seat()))
    st.apply("summon SV-A05 F1")
    lines = [game.describe(e, "ja") for e in st.log_view(1) if e["kind"] == "effect_fizzles"]
    assert lines == ["影渡りの忍の効果は何もしない(対象がいない)。"]


def test_1_automatic_end_of_imagine_is_not_shown_to_the_opponent() -> None:
    # the imagine options come from the hand: an automatic "end" (nothing playable) must read the
    # same to the opponent as a chosen "end" — no line at all
    import fudaba
    from fudaba.core import Rng

    g = fudaba.load_game("sarasvati")
    st, rng = g.new_game(seed=3), Rng(1)
    seen_auto = False
    while not st.is_over:
        d = st.decision
        assert d is not None
        st.apply(rng.choice(st.legal_actions()))
        for p in (0, 1):
            for ev in st.log_view(p):
                if ev["kind"] == "auto" and ev["decision"] == "imagine":
                    assert ev["player"] == p and ev["action"] == "end"
                    seen_auto = True
        assert not any(ev["kind"] == "auto" and ev["decision"] == "imagine" for ev in st.log_view(None))
    assert seen_auto
