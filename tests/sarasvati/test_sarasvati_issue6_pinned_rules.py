"""Issue 6: rules that a mutation pass showed no test pinned (spec §5.4 cost floor, §6 state checks and
the order of simultaneous on_destroyed effects, §8 while_open)."""

from __future__ import annotations

from typing import Any

import pytest
from sv_util import opts, seat, slot

from fudaba.core.errors import IllegalAction

#: 0/1 character (def exactly 1) for the def boundary
T_ONE = {"id": "T-ONE", "name": "薄紙", "type": "character", "cost": 1, "atk": 0, "def": 1, "attribute": "ドラマ"}
#: a character costing 0 (keeps an imagine decision open with no untapped voltage)
T_ZERO = {"id": "T-ZERO", "name": "無料", "type": "character", "cost": 0, "atk": 0, "def": 0, "attribute": "SF"}
#: support: one enemy character def −1 until end of turn
T_PIN = {"id": "T-PIN", "name": "針", "type": "support", "cost": 1, "attribute": "ドラマ",
         "effects": [{"trigger": "on_play", "target": "choose_enemy_character", "action": "modify", "def": -1,
                      "duration": "until_end_of_turn"}]}
#: character: every enemy character def −1 while it is in the battle zone (continuous)
T_THORN = {"id": "T-THORN", "name": "茨", "type": "character", "cost": 1, "atk": 0, "def": 0, "attribute": "ドラマ",
           "effects": [{"trigger": "static", "target": "all_enemy_characters", "action": "modify", "def": -1}]}
#: book: on open, destroy every character (both sides; the book's owner — the waiting player — listed first)
T_BOOM = {"id": "T-BOOM", "name": "焚書", "type": "book", "cost": 1, "attribute": "ドラマ",
          "effects": [{"trigger": "on_open", "target": "all_characters", "action": "destroy"}]}
#: book: while open, every enemy character def −1000 (continuous)
T_FOG = {"id": "T-FOG", "name": "霧の書", "type": "book", "cost": 1, "attribute": "ドラマ",
         "effects": [{"trigger": "while_open", "target": "all_enemy_characters", "action": "modify", "def": -1000}]}


# ------------------------------------------------------------------------------------------- §5.4 cost floor
def test_5_4_cost_reduced_below_1_is_paid_as_1(make: Any) -> None:
    # SV-A02 costs 2; a −2 modifier would make it 0: it is paid as 1 (one voltage tapped, not none)
    p0 = seat(hand=["SV-A02", "SV-A02"], volt=2, cost_mods=[{"amount": -2, "until": "until_end_of_turn"}])
    st = make(p0)
    ev = st.apply("summon SV-A02 F1")
    assert st.tapped[0] == 1 and [e.data["paid"] for e in ev if e.kind == "summon"] == [1]
    st.apply("summon SV-A02 F2")  # the last untapped voltage pays the second one
    assert st.tapped[0] == 2


def test_5_4_cost_floor_1_needs_one_untapped_voltage(make: Any) -> None:
    # SV-A05 (cost 3) under −3 costs 1: not offered and refused with no untapped voltage (T-ZERO, cost 0,
    # keeps the imagine decision open); offered with one
    cm = [{"amount": -3, "until": "until_end_of_turn"}]
    st = make(seat(hand=["SV-A05", "T-ZERO"], volt=1, tapped=1, cost_mods=cm), cards=(T_ZERO,))
    assert st.decision.kind == "imagine" and not any(o.startswith("summon SV-A05") for o in opts(st))
    with pytest.raises(IllegalAction, match=r"summon SV-A05 F1: costs 1 but you have 0 untapped voltage \(§5\.4\)"):
        st.apply("summon SV-A05 F1")
    st2 = make(seat(hand=["SV-A05", "T-ZERO"], volt=2, tapped=1, cost_mods=cm), cards=(T_ZERO,))
    assert "summon SV-A05 F1" in opts(st2)
    st2.apply("summon SV-A05 F1")
    assert st2.tapped[0] == 2


# ------------------------------------------------------------------------------------------- §6 on_destroyed order
def _effect_order(ev: list[Any], card: str) -> list[int]:
    return [e.data["player"] for e in ev if e.kind == "effect" and e.data["card"] == card]


@pytest.mark.parametrize("active", [0, 1])
def test_6_on_destroyed_of_both_seats_active_players_first_mutual_battle(make: Any, active: int) -> None:
    # SV-A13 2000/2000 vs SV-A13: ties destroy, counterattack → 相打ち; both on_destroyed charge 1 from the deck
    own = seat(slots={"F1": "SV-A13"}, deck=["SV-A04"])
    other = seat(slots={"F1": "SV-A13"}, deck=["SV-B04"])
    st = make(*((own, other) if active == 0 else (other, own)), phase="battle", active=active, turn=3 + active)
    ev = st.apply("attack F1 xF1")
    assert _effect_order(ev, "SV-A13") == [active, 1 - active]
    assert [e.data["player"] for e in ev if e.kind == "charge"] == [active, 1 - active]
    assert st.volt[active] == ["SV-A04"] and st.volt[1 - active] == ["SV-B04"]


@pytest.mark.parametrize("active", [0, 1])
def test_6_on_destroyed_of_both_seats_active_players_first_when_the_waiting_player_destroys(
        make: Any, active: int) -> None:
    # the waiting player's book destroys all characters, its own listed first: the active player's
    # on_destroyed still resolves first
    me = seat(slots={"F1": "SV-A13"}, deck=["SV-A04"])
    them = seat(slots={"B1": "SV-A13"}, deck=["SV-B04"], books=["T-BOOM", "T-BK", "T-BK"])
    st = make(*((me, them) if active == 0 else (them, me)), phase="battle", active=active, turn=3 + active,
              cards=(T_BOOM,))
    ev = st.apply("attack F1 xK1")
    assert [e.data["player"] for e in ev if e.kind == "destroyed"] == [1 - active, active]  # the book's order
    assert _effect_order(ev, "SV-A13") == [active, 1 - active]
    assert st.volt[active] == ["SV-A04"] and st.volt[1 - active] == ["SV-B04"]


# ------------------------------------------------------------------------------------------- §8 while_open
def test_8_face_down_books_while_open_is_not_in_force(make: Any) -> None:
    st = make(seat(slots={"F1": "SV-A02", "F2": "SV-A02"}), seat(books=["SV-R4", "T-BK", "T-BK"],
                                                                 slots={"B1": "SV-A01"}), phase="battle")
    assert slot(st, 0, "F1")["atk"] == 2000 and slot(st, 1, "B1")["atk"] == 500  # SV-R4 face down: no +2000
    st.apply("attack F1 xK1")
    assert slot(st, 0, "F2")["atk"] == 4000 and slot(st, 1, "B1")["atk"] == 2500  # open: +2000


def test_8_face_down_books_cost_modifier_is_not_in_force(make: Any) -> None:
    # SV-BF1 while open: its owner's costs −1. Face down, SV-A02 costs 2 and 1 voltage does not pay it
    closed = make(seat(hand=["SV-A02", "T-ZERO"], volt=1, books=["SV-BF1", "T-BK", "T-BK"]), cards=(T_ZERO,))
    assert closed.decision.kind == "imagine" and "summon SV-A02 F1" not in opts(closed)
    with pytest.raises(IllegalAction, match=r"costs 2 but you have 1 untapped voltage"):
        closed.apply("summon SV-A02 F1")
    opened = make(seat(hand=["SV-A02", "T-ZERO"], volt=1, books=[{"card": "SV-BF1", "open": True}, "T-BK", "T-BK"]),
                  cards=(T_ZERO,))
    opened.apply("summon SV-A02 F1")
    assert opened.tapped[0] == 1


def test_8_face_down_books_def_lowering_is_not_in_force(make: Any) -> None:
    # T-FOG face down would take SV-A01's def 0 to −1000; it does not, until it opens
    st = make(seat(slots={"F1": {"card": "SV-A02", "ready": False}}, books=["T-FOG", "T-BK", "T-BK"]),
              seat(slots={"F1": "SV-A01", "F2": "SV-A01"}), phase="battle", active=1, turn=4, cards=(T_FOG,))
    assert [slot(st, 1, p)["def"] for p in ("F1", "F2")] == [0, 0] and st.slots[1][1] is not None
    st.apply("attack F1 xK1")  # T-FOG opens: every enemy (player 1's) character def −1000 → destroyed
    assert st.books[0][0] == "T-FOG" and st.hits[0][0] == 1
    assert st.slots[1][:2] == [None, None] and st.discard[1] == ["SV-A01", "SV-A01"]
    assert slot(st, 0, "F1")["def"] == 1000  # its owner's character is no enemy


# ------------------------------------------------------------------------------------------- §6 def exactly −1
def test_6_state_check_def_exactly_minus_1_destroys_def_0_survives(make: Any) -> None:
    st = make(seat(hand=["T-PIN", "T-PIN", "SV-A02"], volt=3), seat(slots={"F1": "SV-A01", "F2": "T-ONE"}),
              cards=(T_ONE, T_PIN))
    st.apply("use T-PIN")
    st.apply("target xF2")  # T-ONE def 1 → 0: survives
    assert slot(st, 1, "F2")["def"] == 0 and st.slots[1][1] is not None
    st.apply("use T-PIN")
    ev = st.apply("target xF1")  # SV-A01 def 0 → −1: destroyed (§6 state check)
    assert st.slots[1][0] is None and st.discard[1] == ["SV-A01"]
    assert [(e.data["card"], e.data["reason"]) for e in ev if e.kind == "destroyed"] == [("SV-A01", "negative def")]


def test_6_state_check_def_exactly_minus_1_by_a_continuous_effect(make: Any) -> None:
    st = make(seat(hand=["T-THORN", "SV-A02"], volt=2), seat(slots={"F1": "SV-A01", "F2": "T-ONE"}),
              cards=(T_ONE, T_THORN))
    ev = st.apply("summon T-THORN B1")  # every enemy def −1: SV-A01 at −1 destroyed, T-ONE at 0 stays
    assert st.slots[1][0] is None and slot(st, 1, "F2")["def"] == 0
    assert [(e.data["card"], e.data["reason"]) for e in ev if e.kind == "destroyed"] == [("SV-A01", "negative def")]


def test_6_state_check_def_exactly_minus_1_from_a_position(make: Any) -> None:
    # a timed −1001 on a def-1000 character, checked at the next change (the set phase)
    st = make(seat(slots={"F1": "SV-A02"}), seat(slots={"F1": {"card": "SV-A02", "mods": [
        {"atk": 0, "def": -1001, "until": "permanent", "by": 0}]}}), phase="battle")
    assert slot(st, 1, "F1")["def"] == -1
    ev = st.apply("end")
    assert st.slots[1][0] is None and [e.data["reason"] for e in ev if e.kind == "destroyed"] == ["negative def"]
