"""Spec §8 conditions about the opponent and the turn: ``opp_hand_size_ge``, ``opp_characters_ge`` and
``own_turn`` — on continuous effects (read in views, battles and state checks) and on triggered ones."""

from __future__ import annotations

from typing import Any

import pytest
from sv_util import seat, slot

import fudaba
from fudaba.core.cards import build_cards
from fudaba.core.errors import CardDataError
from fudaba.games.sarasvati.cards import build_card


def _char(cid: str, atk: int, dfn: int, *effects: dict[str, Any]) -> dict[str, Any]:
    return {"id": cid, "name": cid, "type": "character", "cost": 1, "atk": atk, "def": dfn,
            "attribute": "アクション", "effects": list(effects)}


def _static(cond: dict[str, Any], **mod: int) -> dict[str, Any]:
    return {"trigger": "static", "condition": cond, "target": "self", "action": "modify", **mod}


#: a wall to attack: 0/4000 (its counterattack of 0 destroys nothing with def ≥ 0)
WALL = _char("T-WALL", 0, 4000)
OPP_HAND = _char("T-OH", 3000, 4000, _static({"opp_hand_size_ge": 5}, atk=2000))
OWN_TURN = _char("T-OT", 3000, 4000, _static({"own_turn": True}, atk=1000))
OPP_TURN = _char("T-OPT", 3000, 4000, _static({"own_turn": False}, atk=1000))
OPP_CHARS = _char("T-OC", 1000, 4000, _static({"opp_characters_ge": 3}, atk=3000))
CARDS = (WALL, OPP_HAND, OWN_TURN, OPP_TURN, OPP_CHARS)
HAND4 = ["SV-A01"] * 4


def _battle(events: list[Any]) -> tuple[int, int, str]:
    (b,) = [e for e in events if e.kind == "battle"]
    return b.data["atk"], b.data["datk"], b.data["outcome"]


# ------------------------------------------------------------------------------------ opp_hand_size_ge
def test_8_condition_opp_hand_size_ge_counts_the_opponents_hand_in_views_and_battle(make: Any) -> None:
    # the controller's own hand of 5 does not count; the opponent's 4 is one short
    st = make(seat(hand=["SV-A01"] * 5, slots={"F1": "T-OH"}), seat(hand=HAND4, slots={"F1": "T-WALL"}),
              phase="battle", cards=CARDS)
    assert slot(st, 0, "F1")["atk"] == 3000
    assert _battle(st.apply("attack F1 xF1")) == (3000, 0, "draw")
    assert st.slots[1][0] is not None
    st = make(seat(slots={"F1": "T-OH"}), seat(hand=[*HAND4, "SV-A02"], slots={"F1": "T-WALL"}),
              phase="battle", cards=CARDS)
    assert slot(st, 0, "F1")["atk"] == 5000
    assert _battle(st.apply("attack F1 xF1")) == (5000, 0, "win")
    assert st.slots[1][0] is None and st.discard[1] == ["T-WALL"]


def test_8_condition_opp_hand_size_ge_is_from_the_controllers_side(make: Any) -> None:
    st = make(seat(hand=["SV-A01"] * 5, volt=1), seat(hand=HAND4, slots={"F1": "T-OH"}), cards=CARDS)
    assert (st.active, st.phase) == (0, "imagine")
    assert slot(st, 1, "F1")["atk"] == 5000  # player 1's card: player 0 is its opponent


def test_8_condition_opp_hand_size_ge_starts_when_the_opponent_draws_state_check(make: Any) -> None:
    # def 2000 - 3000 while the opponent holds 5: destroyed by the state check after their draw (§6)
    frail = _char("T-OHD", 1000, 2000, _static({"opp_hand_size_ge": 5}, **{"def": -3000}))
    st = make(seat(slots={"F1": "T-OHD"}), seat(hand=HAND4, deck=["SV-A02"] * 5),
              phase="battle", cards=(*CARDS, frail))
    assert slot(st, 0, "F1")["def"] == 2000
    st.apply("end")
    assert st.active == 1 and len(st.hand[1]) == 5
    assert st.slots[0][0] is None and st.discard[0] == ["T-OHD"]


# ------------------------------------------------------------------------------------ own_turn
def test_8_condition_own_turn_true_only_during_the_controllers_turn(make: Any) -> None:
    st = make(seat(slots={"F1": "T-OT"}), seat(slots={"F1": "T-WALL", "F2": "T-WALL"}), phase="battle",
              cards=CARDS)
    assert slot(st, 0, "F1")["atk"] == 4000
    assert _battle(st.apply("attack F1 xF1")) == (4000, 0, "win")
    st = make(seat(slots={"F1": "T-OT"}), seat(slots={"F1": "T-WALL"}, hand=["SV-A01"]), phase="battle",
              cards=CARDS)
    st.apply("end")  # player 1's turn: the bonus ends
    assert st.active == 1 and slot(st, 0, "F1")["atk"] == 3000
    while st.phase != "battle":
        st.apply("end" if "end" in [a.text for a in st.legal_actions()] else "pass")
    # player 1's wall attacks: the counterattack is 3000 against def 4000 — the wall survives
    assert _battle(st.apply("attack F1 xF1")) == (0, 3000, "draw")
    assert st.slots[1][0] is not None


def test_8_condition_own_turn_false_only_during_the_opponents_turn(make: Any) -> None:
    st = make(seat(slots={"F1": "T-OPT"}), seat(slots={"F1": "T-WALL"}), phase="battle", cards=CARDS)
    assert slot(st, 0, "F1")["atk"] == 3000
    assert _battle(st.apply("attack F1 xF1")) == (3000, 0, "draw")
    st = make(seat(slots={"F1": "T-OPT"}), seat(slots={"F1": "T-WALL"}), phase="battle", active=1, turn=4,
              cards=CARDS)
    assert slot(st, 0, "F1")["atk"] == 4000
    # the counterattack during the opponent's turn: 4000 against the wall's def 4000 destroys it
    assert _battle(st.apply("attack F1 xF1")) == (0, 4000, "loss")
    assert st.slots[1][0] is None


def test_8_condition_own_turn_ends_and_starts_with_the_turn_state_check(make: Any) -> None:
    # def 2000 - 3000 during its controller's turn: destroyed in the set phase of that turn (§5.1, §6)
    frail = _char("T-OTD", 1000, 2000, _static({"own_turn": True}, **{"def": -3000}))
    st = make(seat(slots={"F1": "SV-A01"}), seat(slots={"F1": "T-OTD"}, hand=["SV-A01"]),
              phase="battle", cards=(*CARDS, frail))
    assert slot(st, 1, "F1")["def"] == 2000
    st.apply("end")
    assert st.active == 1 and st.slots[1][0] is None and st.discard[1] == ["T-OTD"]


# ------------------------------------------------------------------------------------ opp_characters_ge
def test_8_condition_opp_characters_ge_counts_both_enemy_rows(make: Any) -> None:
    # two enemy characters (and three of our own, which do not count): no bonus
    st = make(seat(slots={"F1": "T-OC", "F2": "SV-A01", "B1": "SV-A01"}),
              seat(slots={"F1": "T-WALL", "B1": "SV-A01"}), phase="battle", cards=CARDS)
    assert slot(st, 0, "F1")["atk"] == 1000
    assert _battle(st.apply("attack F1 xF1")) == (1000, 0, "draw")
    # three: one in the front row, two in the back row
    st = make(seat(slots={"F1": "T-OC"}), seat(slots={"F1": "T-WALL", "B1": "SV-A01", "B2": "SV-A01"}),
              phase="battle", cards=CARDS)
    assert slot(st, 0, "F1")["atk"] == 4000
    assert _battle(st.apply("attack F1 xF1")) == (4000, 0, "win")
    assert st.slots[1][0] is None
    assert slot(st, 0, "F1")["atk"] == 1000  # two enemies left: the bonus ends at once
    # an evolved stack is one character, its under-cards are not counted
    st = make(seat(slots={"F1": "T-OC"}),
              seat(slots={"F1": "T-WALL", "B1": {"card": "SV-B24", "under": ["SV-B03", "SV-B03"]}}), cards=CARDS)
    assert slot(st, 0, "F1")["atk"] == 1000


def test_8_condition_opp_characters_ge_starts_when_the_opponent_summons_state_check(make: Any) -> None:
    frail = _char("T-OCD", 1000, 2000, _static({"opp_characters_ge": 3}, **{"def": -3000}))
    st = make(seat(slots={"F1": "T-OCD"}),
              seat(hand=["SV-A01", "SV-A01"], volt=4, slots={"F1": "SV-A01", "B1": "SV-A01"}),
              active=1, turn=4, cards=(*CARDS, frail))
    assert slot(st, 0, "F1")["def"] == 2000
    st.apply("summon SV-A01 B2")
    assert st.slots[0][0] is None and st.discard[0] == ["T-OCD"]


# ------------------------------------------------------------------------------------ triggered effects
def _draw_on(trigger: str, cond: dict[str, Any]) -> dict[str, Any]:
    return {"trigger": trigger, "condition": cond, "target": "self_player", "action": "draw", "amount": 1}


@pytest.mark.parametrize(("cond", "p1_hand", "p1_slots", "draws"), [
    ({"opp_hand_size_ge": 2}, ["SV-A01", "SV-A01"], {"F1": "T-WALL"}, True),
    ({"opp_hand_size_ge": 2}, ["SV-A01"], {"F1": "T-WALL"}, False),
    ({"opp_characters_ge": 2}, [], {"F1": "T-WALL", "B1": "SV-A01"}, True),
    ({"opp_characters_ge": 2}, [], {"F1": "T-WALL"}, False),
    ({"own_turn": True}, [], {"F1": "T-WALL"}, True),
    ({"own_turn": False}, [], {"F1": "T-WALL"}, False),
])
def test_8_condition_of_a_triggered_effect_is_checked_when_it_resolves(
        make: Any, cond: dict[str, Any], p1_hand: list[str], p1_slots: dict[str, str], draws: bool) -> None:
    scout = _char("T-SC", 0, 4000, _draw_on("on_attack", cond))
    st = make(seat(slots={"F1": "T-SC"}, deck=["SV-A04"]), seat(hand=p1_hand, slots=p1_slots),
              phase="battle", cards=(*CARDS, scout))
    ev = st.apply("attack F1 xF1")
    assert st.hand[0] == (["SV-A04"] if draws else [])
    assert [e.data.get("why") for e in ev if e.kind == "effect_fizzles"] == ([] if draws else ["condition"])


def test_8_condition_own_turn_false_on_a_defenders_battle_win(make: Any) -> None:
    guard = _char("T-GD", 3000, 4000, _draw_on("on_battle_win", {"own_turn": False}))
    st = make(seat(slots={"F1": "T-GD"}, deck=["SV-A04", "SV-A01", "SV-A02"]),
              seat(slots={"F1": "SV-A02", "F2": "SV-A02"}),
              phase="battle", active=1, turn=4, cards=(*CARDS, guard))
    st.apply("attack F1 xF1")  # 2000 vs 4000; counter 3000 vs 1000: the defender wins in the opponent's turn
    assert st.slots[1][0] is None and st.hand[0] == ["SV-A04"]
    st.apply("end")
    while st.phase != "battle":
        st.apply("end" if "end" in [a.text for a in st.legal_actions()] else "pass")
    assert st.hand[0] == ["SV-A04", "SV-A01"]
    ev = st.apply("attack F1 xF2")  # its own turn: it wins, the condition does not hold
    assert st.slots[1][1] is None and st.hand[0] == ["SV-A04", "SV-A01"] and st.deck[0] == ["SV-A02"]
    assert [e.data.get("why") for e in ev if e.kind == "effect_fizzles"] == ["condition"]


# ------------------------------------------------------------------------------------ schema and text
@pytest.mark.parametrize(("cond", "message"), [
    ({"own_turn": "yes"}, "field 'effects[0].condition': own_turn must be true or false, got 'yes'"),
    ({"opp_hand_size_ge": "5"},
         "field 'effects[0].condition.opp_hand_size_ge': expected a whole number from 0 to 200, got str '5'"),
    ({"opp_characters_ge": 3, "of_attribute": "SF"},
     "field 'effects[0].condition': of_attribute / of_sub_attribute qualify characters_ge, which is missing"),
    ({"opp_turn": True}, "field 'effects[0].condition.opp_turn': unknown condition"),
])
def test_8_condition_terms_are_validated(cond: dict[str, Any], message: str) -> None:
    with pytest.raises(CardDataError, match=message.replace(".", r"\.").replace("[", r"\[").replace("]", r"\]")):
        build_cards([_char("T-BAD", 1000, 1000, _static(cond, atk=1000))], build_card, "t.toml")


@pytest.mark.parametrize(("cid", "en", "ja"), [
    ("T-OH", "▸[your opponent's hand ≥ 5] this character: atk +2000.", "▸[相手の手札5枚以上] このカードの攻撃力+2000。"),
    ("T-OT", "▸[during your turn] this character: atk +1000.", "▸[自分のターン中] このカードの攻撃力+1000。"),
    ("T-OPT", "▸[during your opponent's turn] this character: atk +1000.",
     "▸[相手のターン中] このカードの攻撃力+1000。"),
    ("T-OC", "▸[your opponent has ≥ 3 characters] this character: atk +3000.",
     "▸[相手のキャラクター3体以上] このカードの攻撃力+3000。"),
])
def test_8_condition_card_text_names_the_condition(cid: str, en: str, ja: str) -> None:
    g: Any = fudaba.load_game("sarasvati").with_cards(list(CARDS), "t")
    assert g.card_text(cid, "en").splitlines()[-1] == en
    assert g.card_text(cid, "ja").splitlines()[-1] == ja
