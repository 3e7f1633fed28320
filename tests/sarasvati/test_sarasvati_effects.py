"""Spec §8 effect vocabulary and §10 the four real cards, exactly as the seed describes them."""

from __future__ import annotations

from typing import Any

import pytest
from sv_util import opts, seat, slot

from fudaba.core.errors import IllegalAction

KEEP = ["SV-A01"]  # a cheap card kept in hand (with spare voltage) so the imagine decision stays open


# ------------------------------------------------------------------------------------------- §10 real cards
def test_10_R1_sara_static_atk_while_hand_at_least_3(make: Any) -> None:
    st = make(seat(hand=["SV-A01", "SV-A01", "SV-A02"], volt=4, slots={"F1": "SV-R1"}))
    assert (slot(st, 0, "F1")["atk"], slot(st, 0, "F1")["def"]) == (5000, 3000)
    st.apply("summon SV-A02 F2")  # hand 2 → the bonus ends at once
    assert slot(st, 0, "F1")["atk"] == 3000
    assert slot(st, 1, "F1") is None


def test_10_R2_brains_plus_5000_minus_2000_until_end_of_turn(make: Any) -> None:
    st = make(seat(hand=["SV-R2", *KEEP], volt=4, slots={"F1": "SV-A04", "F2": "SV-R1"}))
    st.apply("use SV-R2")
    assert st.decision.kind == "target" and opts(st) == ["target F1", "target F2"]
    st.apply("target F2")
    assert (slot(st, 0, "F2")["atk"], slot(st, 0, "F2")["def"]) == (8000, 1000)  # hand 1: no Sara bonus
    assert st.discard[0] == ["SV-R2"]
    st.apply("end")
    st.apply("end")  # move
    st.apply("end")  # battle → end phase: the modifier ends
    assert st.slots[0][1].mods == ()


def test_10_R3_umbrella_def_plus_2000_when_equipped_wins_until_owner_next_turn(make: Any) -> None:
    p0 = seat(slots={"F1": {"card": "SV-A02", "equip": "SV-R3"}, "F2": "SV-A01"})
    p1 = seat(slots={"F1": "SV-A01", "F2": "SV-A01"})
    st = make(p0, p1, phase="battle")
    st.apply("attack F1 xF1")  # 3000 vs 0: wins; counter 500 vs 1000: survives
    assert slot(st, 0, "F1")["def"] == 3000
    st.apply("end")  # player 1's turn: still +2000
    assert st.active == 1 and st.slots[0][0].mods == ((0, 2000, 2, 0),)
    while st.active == 1:
        st.apply("end" if "end" in opts(st) else "pass")
    assert st.active == 0 and st.slots[0][0].mods == ()  # ended at player 0's set phase


def test_10_R3_umbrella_counts_a_defenders_win(make: Any) -> None:
    p0 = seat(slots={"F1": {"card": "SV-A02", "equip": "SV-R3"}})
    p1 = seat(slots={"F1": "SV-A01", "F2": "SV-A01"})
    st = make(p0, p1, phase="battle", active=1, turn=4)
    st.apply("attack F2 xF1")  # 500 vs 1000: no; counter 3000 vs 0: the defender wins
    assert st.slots[1][1] is None
    assert st.slots[0][0].mods == ((0, 2000, 2, 0),) and slot(st, 0, "F1")["ready"] is False


def test_10_R4_book_on_open_draw_2_while_open_all_atk_plus_2000(make: Any) -> None:
    p1 = seat(books=["SV-R4", "T-BK", "T-BK"], slots={"B1": "SV-A01"}, deck=["SV-B01", "SV-B02", "SV-B03"])
    st = make(seat(slots={"F1": "SV-A02", "F2": "SV-A02"}), p1, phase="battle")
    st.apply("attack F1 xK1")
    assert st.hand[1] == ["SV-B01", "SV-B02"] and st.deck[1] == ["SV-B03"]
    assert slot(st, 0, "F2")["atk"] == 4000 and slot(st, 1, "B1")["atk"] == 2500
    st.apply("attack F2 xK1")  # destroyed: the while-open effect ends
    assert st.hits[1][0] == 2
    assert slot(st, 0, "F2")["atk"] == 2000 and slot(st, 1, "B1")["atk"] == 500


# ------------------------------------------------------------------------------------------- §8 triggers
def test_8_on_summon_choose_enemy_set_defenceless_opens_the_wall(make: Any) -> None:
    st = make(seat(hand=["SV-A05", *KEEP], volt=4, slots={"F1": "SV-A04"}),
              seat(slots={"F1": "SV-B08", "F2": "SV-B03"}))
    st.apply("summon SV-A05 B1")
    assert st.decision.kind == "target" and st.decision.player == 0
    assert opts(st) == ["target xF1", "target xF2"]
    st.apply("target xF1")
    assert slot(st, 1, "F1")["ready"] is False and slot(st, 1, "F2")["ready"] is True


def test_8_on_attack_until_end_of_battle(make: Any) -> None:
    st = make(seat(slots={"F1": "SV-A03", "F2": "SV-A02"}), seat(slots={"F1": "SV-B04", "F2": "SV-B04"}),
              phase="battle")
    st.apply("attack F1 xF1")  # 1500 + 1000 vs def 2000: destroyed; counter 3000 vs 1000: destroyed too
    assert st.slots[1][0] is None and st.slots[0][0] is None
    st2 = make(seat(slots={"F1": "SV-A03", "F2": "SV-A02"}), seat(slots={"F1": {"card": "SV-B03",
                                                                               "ready": False}}),
               phase="battle")
    st2.apply("attack F1 xF1")  # 2500 vs 2000, defenceless: no counter; the bonus ends with the battle
    assert st2.slots[1][0] is None and slot(st2, 0, "F1")["atk"] == 1500 and st2.slots[0][0].mods == ()


def test_8_on_battle_win_set_ready_attacks_again(make: Any) -> None:
    st = make(seat(slots={"F1": "SV-A15"}), seat(slots={"F1": "SV-A01", "F2": "SV-A01"}), phase="battle")
    st.apply("attack F1 xF1")
    assert slot(st, 0, "F1")["ready"] is True
    assert "attack F1 xF2" in opts(st)


def test_8_on_destroyed_charge_from_deck(make: Any) -> None:
    st = make(seat(slots={"F1": "SV-A04"}), seat(slots={"F1": "SV-A13"}, deck=["SV-B09", "SV-B01"]),
              phase="battle")
    st.apply("attack F1 xF1")
    assert st.volt[1] == ["SV-B09"] and st.discard[1] == ["SV-A13"]


def test_8_on_turn_start_all_own_with_attribute_filter(make: Any) -> None:
    st = make(seat(slots={"F1": "SV-A02"}),
              seat(slots={"F1": "SV-A14", "F2": "SV-A02", "F3": "SV-A03"}, hand=["SV-A01"]), phase="battle")
    st.apply("end")
    assert st.active == 1
    assert [slot(st, 1, p)["atk"] for p in ("F1", "F2", "F3")] == [3000, 3000, 1500]  # Fantasy sprite: no


def test_8_on_play_both_players_draw(make: Any) -> None:
    st = make(seat(hand=["SV-B19", *KEEP], volt=3, deck=["SV-A04"]), seat(deck=["SV-B04"]))
    st.apply("use SV-B19")
    assert st.hand == [["SV-A01", "SV-A04"], ["SV-B04"]]


def test_8_on_open_choice_is_made_by_the_books_owner(make: Any) -> None:
    p1 = seat(books=["SV-BF2", "T-BK", "T-BK"])
    st = make(seat(slots={"F1": "SV-A02", "F2": "SV-A04", "B1": "SV-A01"}), p1, phase="battle")
    st.apply("attack F1 xK1")
    assert st.decision.kind == "target" and st.decision.player == 1
    assert opts(st) == ["target xF1", "target xF2", "target xB1"]  # relative to the owner: x = player 0
    st.apply("target xF2")
    assert slot(st, 0, "F2")["ready"] is False
    assert "attack F2 xK1" not in opts(st)


# ------------------------------------------------------------------------------------------- §8 targets/actions
def test_8_while_open_all_own_def_and_all_enemy_atk(make: Any) -> None:
    p0 = seat(slots={"F1": "SV-A02"}, books=[{"card": "SV-AF1", "open": True}, "T-BK", "T-BK"])
    p1 = seat(slots={"F1": "SV-A02"}, books=[{"card": "SV-BF3", "open": True}, "T-BK", "T-BK"])
    st = make(p0, p1, phase="battle")
    assert (slot(st, 0, "F1")["atk"], slot(st, 0, "F1")["def"]) == (1000, 2000)
    assert (slot(st, 1, "F1")["atk"], slot(st, 1, "F1")["def"]) == (2000, 1000)


def test_8_all_enemy_characters_until_end_of_turn_kills_zero_def(make: Any) -> None:
    st = make(seat(hand=["SV-B12", *KEEP], volt=4), seat(slots={"F1": "SV-B01", "F2": "SV-B03"}))
    st.apply("use SV-B12")
    assert st.slots[1][0] is None  # 0/0 → def -1000: destroyed (§6 state check)
    assert slot(st, 1, "F2")["def"] == 1000


def test_8_all_characters_destroy_with_def_filter(make: Any) -> None:
    st = make(seat(hand=["SV-B16", *KEEP], volt=6, slots={"F1": "SV-A02", "F2": "SV-B08"}),
              seat(slots={"F1": "SV-B03", "F2": "SV-A04", "B1": "SV-B09"}))
    st.apply("use SV-B16")
    assert [u is None for u in st.slots[0][:2]] == [True, False]
    assert [st.slots[1][i] is None for i in (0, 1, 5)] == [True, True, False]


def test_8_choose_enemy_destroy_filter_def_le_and_support_needs_a_target(make: Any) -> None:
    st = make(seat(hand=["SV-A09", *KEEP], volt=4), seat(slots={"F1": "SV-B08", "F2": "SV-B04"}))
    st.apply("use SV-A09")  # only F2 qualifies (def 2000 ≤ 3000): chosen automatically
    assert st.slots[1][1] is None and st.slots[1][0] is not None
    st2 = make(seat(hand=["SV-A09", *KEEP], volt=4), seat(slots={"F1": "SV-B08"}))
    with pytest.raises(IllegalAction, match=r"use SV-A09: SV-A09 chooses a character but none qualifies"):
        st2.apply("use SV-A09")


def test_8_cost_modifier_until_end_of_turn_and_opponent_until_your_next_turn(make: Any) -> None:
    st = make(seat(hand=["SV-B17", "SV-A04", "SV-B18"], volt=5, deck=["SV-A02", "SV-A02"]))
    st.apply("use SV-B17")  # 1 paid; costs -1 this turn; draw 1
    assert st.costmods[0] == [(-1, 1, 0)] and "SV-A02" in st.hand[0]
    st.apply("summon SV-A04 F1")  # 3 - 1 = 2
    assert st.tapped[0] == 3
    st.apply("use SV-B18")  # 2 - 1 = 1; the opponent's costs +1 until my next turn
    assert st.tapped[0] == 4 and st.costmods[1] == [(1, 2, 0)]
    st.apply("end")
    st.apply("end")
    assert st.active == 1 and st.costmods == [[], [(1, 2, 0)]]


def test_8_move_row_with_row_filter(make: Any) -> None:
    st = make(seat(hand=["SV-A12", *KEEP], volt=4, slots={"F1": "SV-A02", "B2": "SV-A04"}))
    st.apply("summon SV-A12 F3")  # only B2 is in the back row: chosen automatically, moved to F2
    assert slot(st, 0, "F2")["card"] == "SV-A04" and slot(st, 0, "B2") is None


def test_8_permanent_modifier_outlasts_turns(make: Any) -> None:
    st = make(seat(hand=["SV-A17", *KEEP], volt=4, slots={"F1": "SV-A02"}))
    st.apply("use SV-A17")
    st.apply("end")
    st.apply("end")  # move
    st.apply("end")  # battle
    assert st.active == 1 and (slot(st, 0, "F1")["atk"], slot(st, 0, "F1")["def"]) == (3000, 2000)


# ------------------------------------------------------------------------------------------- §8 conditions
def test_8_condition_count_of_attribute(make: Any) -> None:
    st = make(seat(hand=["SV-B02", *KEEP], volt=4, slots={"F1": "SV-B14"}))
    assert slot(st, 0, "F1")["atk"] == 2000
    st.apply("summon SV-B02 F2")  # two Drama characters now
    assert (slot(st, 0, "F1")["atk"], slot(st, 0, "F1")["def"]) == (4000, 3000)


def test_8_condition_count_of_sub_attribute_and_equipped_static(make: Any) -> None:
    st = make(seat(slots={"F1": "SV-B15", "F2": "SV-B03", "F3": {"card": "SV-A02", "equip": "SV-B23"}}))
    # machines: B15, B03 → 2 (< 3): no foreman bonus; amplifier: 2 machines → +1000
    assert [slot(st, 0, p)["atk"] for p in ("F1", "F2", "F3")] == [3000, 1000, 4000]
    st2 = make(seat(slots={"F1": "SV-B15", "F2": "SV-B03", "F3": "SV-B01"}))
    assert [slot(st2, 0, p)["atk"] for p in ("F1", "F2", "F3")] == [4000, 2000, 1000]


def test_8_condition_row_and_voltage(make: Any) -> None:
    st = make(seat(slots={"F1": "SV-B20", "B1": "SV-B20", "F2": "SV-B21"}, volt=5))
    assert [slot(st, 0, p)["atk"] for p in ("F1", "B1", "F2")] == [2000, 4000, 1000]
    st2 = make(seat(slots={"F2": "SV-B21"}, volt=6))
    assert slot(st2, 0, "F2")["atk"] == 4000


def test_8_condition_target_ready(make: Any) -> None:
    st = make(seat(hand=["SV-A18", *KEEP], volt=4),
              seat(slots={"F1": "SV-A02", "F2": {"card": "SV-A02", "ready": False}, "F3": {"card": "SV-A04",
                                                                                         "ready": False}}))
    st.apply("summon SV-A18 B1")  # defenceless and def ≤ 2000: F2 and F3 → a choice
    assert opts(st) == ["target xF2", "target xF3"]
    st.apply("target xF3")
    assert st.slots[1][2] is None


def test_8_filter_atk_ge_on_open_until_your_next_turn(make: Any) -> None:
    p1 = seat(books=["SV-AF3", "T-BK", "T-BK"])
    st = make(seat(slots={"F1": "SV-A02", "F2": "SV-A07"}), p1, phase="battle")
    st.apply("attack F1 xK1")  # only the 5000 dragon knight qualifies
    assert slot(st, 0, "F2")["atk"] == 2000 and st.slots[0][1].mods == ((-3000, 0, 2, 1),)


def test_8_filter_ready_and_row(make: Any) -> None:
    st = make(seat(hand=["SV-B22", *KEEP], volt=5),
              seat(slots={"F1": "SV-A02", "F2": "SV-A02", "B1": "SV-A02"}))
    st.apply("use SV-B22")
    assert [slot(st, 1, p)["ready"] for p in ("F1", "F2", "B1")] == [False, False, True]
