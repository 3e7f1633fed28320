"""Spec §4–§7: setup, the seven phases, battle and the end of the game (positions set the scene)."""

from __future__ import annotations

from typing import Any

import pytest
from sv_util import opts, seat, slot

from fudaba.core.errors import IllegalAction
from fudaba.games.sarasvati.game import deck_books


# ------------------------------------------------------------------------------------------- §4 setup
def test_4_setup_books_face_down_hands_and_no_mulligan(game: Any) -> None:
    decks = game.starter_decks()
    a, b = decks["a_vanguard"], decks["b_keepers"]
    st = game.new_game([a, b], seed=5)
    assert st.books[0] == list(deck_books(a)) and st.books[1] == list(deck_books(b))
    assert st.hits == [[0, 0, 0], [0, 0, 0]]
    assert [len(h) for h in st.hand] == [5, 5]
    assert [len(d) for d in st.deck] == [35, 35]
    # the first decision is the first player's charge on turn 1: no mulligan, no draw
    assert st.decision.kind == "charge" and st.decision.player == st.first == st.active
    v = st.view(1 - st.first)
    assert [b["card"] for b in v["table"]["players"][st.first]["books"]] == [None, None, None]
    assert [b["card"] for b in st.view(st.first)["table"]["players"][st.first]["books"]] == list(
        deck_books((a, b)[st.first]))


def test_4_3_first_player_param_and_seeded_random(game: Any) -> None:
    firsts = {game.new_game(seed=s).first for s in range(20)}
    assert firsts == {0, 1}
    g1 = type(game)(first=1)
    assert all(g1.new_game(seed=s).first == 1 for s in range(5))
    assert game.new_game(seed=3).first == game.new_game(seed=3).first


# ------------------------------------------------------------------------------------------- §5.1 set
def test_5_1_set_phase_readies_untaps_and_ends_until_your_next_turn(make: Any) -> None:
    p1 = seat(slots={"F1": {"card": "SV-A04", "ready": False,
                            "mods": [{"def": 2000, "until": "until_your_next_turn", "by": 1},
                                     {"atk": -1000, "until": "until_your_next_turn", "by": 0}]}},
              volt=3, tapped=3)
    st = make(seat(slots={"F1": "SV-A02"}), p1, phase="battle")
    st.apply("end")
    assert st.active == 1 and st.turn == 4
    u = st.slots[1][0]
    assert u.ready is True
    assert u.mods == ((-1000, 0, 2, 0),)  # the one by player 1 ended at player 1's set phase
    assert st.tapped[1] == 0
    ev = next(e for e in st.log if e.kind == "set_phase")
    assert ev.data == {"player": 1, "readied": 1, "untapped": 3}
    assert st.game.describe(ev.view(0), "en") == (
        "P1's set phase: 1 character(s) ready again, 3 voltage untapped.")


def test_6_book_attack_logs_the_attacker_becoming_defenceless(make: Any) -> None:
    st = make(seat(slots={"F1": "SV-A02"}), seat(), phase="battle")
    events = st.apply("attack F1 xK1")
    kinds = [e.kind for e in events]
    assert kinds[:3] == ["attack", "book_open", "defenceless"]  # seed: 表にする。その後…無防備状態にする
    assert events[2].data == {"player": 0, "place": "F1", "card": "SV-A02"}
    assert st.slots[0][0].ready is False


# ------------------------------------------------------------------------------------------- §5.2 draw
def test_5_2_first_player_skips_first_draw_second_player_draws(game: Any) -> None:
    st = game.new_game(seed=2)
    f = st.first
    assert len(st.hand[f]) == 5
    st.apply("pass")
    while st.active == f:
        st.apply("end")
    assert st.turn == 2 and len(st.hand[1 - f]) == 6


def test_5_2_7_drawing_from_an_empty_deck_loses(make: Any) -> None:
    st = make(seat(slots={"F1": "SV-A02"}), seat(deck=[]), phase="battle")
    st.apply("end")
    assert st.over and st.winner == 0 and st.result == "deck out"


# ------------------------------------------------------------------------------------------- §5.3 charge
def test_5_3_charge_one_card_upright_never_returned(make: Any) -> None:
    st = make(seat(hand=["SV-A04", "SV-A02"], volt=2, tapped=1), phase="charge")
    assert opts(st) == ["charge SV-A04", "charge SV-A02", "pass"]
    st.apply("charge SV-A04")
    assert st.volt[0] == ["SV-A01", "SV-A01", "SV-A04"] and st.tapped[0] == 1
    assert st.hand[0] == ["SV-A02"]
    assert st.decision.kind == "imagine"  # one charge per turn
    with pytest.raises(IllegalAction, match=r"charge SV-A02: it is the imagine decision \(§5.4\); 'charge' "
                                            r"belongs to the charge phase \(§5.3\)"):
        st.apply("charge SV-A02")


# ------------------------------------------------------------------------------------------- §5.4 imagine
def test_5_4_summon_pays_by_tapping_voltage(make: Any) -> None:
    st = make(seat(hand=["SV-A04"], volt=4))
    st.apply("summon SV-A04 B2")
    assert st.tapped[0] == 3
    u = slot(st, 0, "B2")
    assert u["card"] == "SV-A04" and u["ready"] and u["new"]


def test_5_4_refusal_cost_exceeds_untapped_voltage(make: Any) -> None:
    st = make(seat(hand=["SV-A08", "SV-A01"], volt=5, tapped=2))
    h = st.hash()
    with pytest.raises(IllegalAction) as e:
        st.apply("summon SV-A08 F1")
    assert str(e.value) == "summon SV-A08 F1: costs 6 but you have 3 untapped voltage (§5.4)"
    assert st.hash() == h


def test_5_4_refusals_occupied_slot_wrong_type_not_in_hand(make: Any) -> None:
    st = make(seat(hand=["SV-A02", "SV-R2", "SV-A11"], volt=5, slots={"F1": "SV-A01"}))
    with pytest.raises(IllegalAction, match=r"F1 is occupied; summon into an empty slot \(§2, §5.4\)"):
        st.apply("summon SV-A02 F1")
    with pytest.raises(IllegalAction, match=r"SV-R2 is a support, not a character: use it"):
        st.apply("summon SV-R2 F2")
    with pytest.raises(IllegalAction, match=r"SV-A04 is not in your hand \(§1\)"):
        st.apply("summon SV-A04 F2")
    with pytest.raises(IllegalAction, match=r"SV-A11 evolves from 竜騎士, but F1 holds SV-A01 見習い剣士"):
        st.apply("evolve SV-A11 F1")
    with pytest.raises(IllegalAction, match=r"SV-A11 is an evolution: evolve it onto 竜騎士"):
        st.apply("summon SV-A11 F2")
    with pytest.raises(IllegalAction, match=r"F9 is not one of your battle-zone places"):
        st.apply("summon SV-A02 F9")


def test_5_4_names_are_accepted_for_ids(make: Any) -> None:
    st = make(seat(hand=["SV-A02", "SV-A07"], volt=7))
    st.apply("summon 路地裏の拳闘士 F3")
    assert slot(st, 0, "F3")["card"] == "SV-A02"
    st.apply("Summon  竜騎士  f1")  # short names are not mistaken for places; case and spaces are tolerated
    assert slot(st, 0, "F1")["card"] == "SV-A07"


def test_5_4_cost_reduction_never_below_1_qa(make: Any) -> None:
    # BF1 open (-1) and a timed -1: SV-A01 (cost 1) stays 1, SV-B03 (cost 2) becomes 1, SV-A04 3 → 1
    st = make(seat(hand=["SV-A01", "SV-B03", "SV-A04"], volt=1,
                   books=[{"card": "SV-BF1", "open": True}, "T-BK", "T-BK"],
                   cost_mods=[{"amount": -1, "until": "until_end_of_turn"}]))
    assert opts(st)[:3] == ["summon SV-A01 F1", "summon SV-A01 F2", "summon SV-A01 F3"]
    assert "summon SV-A04 F1" in opts(st) and "summon SV-B03 F1" in opts(st)
    st.apply("summon SV-A04 F1")
    assert st.tapped[0] == 1


def test_5_4_evolution_attacks_at_once_and_inherits_equipment_qa(make: Any) -> None:
    p0 = seat(hand=["SV-A11"], volt=3, slots={"F1": {"card": "SV-A07", "new": True, "equip": "SV-A10"}})
    p1 = seat(slots={"F1": "SV-B09"})
    st = make(p0, p1)
    st.apply("evolve SV-A11 F1")
    u = st.slots[0][0]
    assert (u.card, u.under, u.equip, u.new) == ("SV-A11", ("SV-A07",), "SV-A10", False)
    assert slot(st, 0, "F1")["atk"] == 10000 and slot(st, 0, "F1")["def"] == 7000
    st.apply("end")  # move (imagine ended by itself: nothing left to pay for)
    assert "attack F1 xF1" in opts(st)
    st.apply("attack F1 xF1")  # on_attack +2000: 12000 vs def 10000; counter 12000 vs def 7000
    assert st.slots[1][0] is None and st.slots[0][0] is None
    assert st.discard[0] == ["SV-A07", "SV-A11", "SV-A10"]  # the stack and its equipment leave as a whole


def test_5_4_equip_replaces_and_destroys_old_equipment(make: Any) -> None:
    st = make(seat(hand=["SV-A10"], volt=2, slots={"F1": {"card": "SV-A02", "equip": "SV-R3"}}))
    st.apply("equip SV-A10 F1")
    assert st.slots[0][0].equip == "SV-A10" and st.discard[0] == ["SV-R3"]
    assert slot(st, 0, "F1")["atk"] == 4000


def test_5_4_reattachable_equipment_pays_again(make: Any) -> None:
    st = make(seat(volt=3, slots={"F1": {"card": "SV-A02", "equip": "SV-A16"}, "F2": {"card": "SV-A04",
                                                                                       "equip": "SV-A10"}}))
    assert "reequip F1 F2" in opts(st) and "reequip F2 F1" not in opts(st)
    st.apply("reequip F1 F2")
    assert st.slots[0][0].equip is None and st.slots[0][1].equip == "SV-A16"
    assert st.discard[0] == ["SV-A10"] and st.tapped[0] == 1
    with pytest.raises(IllegalAction, match=r"SV-A10 鋼の大剣 is not reattachable"):
        make(seat(hand=["SV-A01"], volt=3, slots={"F1": {"card": "SV-A02", "equip": "SV-A10"},
                                                  "F2": "SV-A04"})).apply("reequip F1 F2")


# ------------------------------------------------------------------------------------------- §5.5 move
def test_5_5_move_makes_defenceless_and_changes_row(make: Any) -> None:
    st = make(seat(slots={"F1": "SV-A02", "B1": {"card": "SV-A04", "ready": False}}), phase="move")
    assert opts(st) == [f"move F1 B{k}" for k in range(2, 6)] + ["end"]
    st.apply("move F1 B3")
    assert slot(st, 0, "B3")["ready"] is False and slot(st, 0, "F1") is None
    assert st.active == 1  # nothing else could move or attack: the turn passed
    st2 = make(seat(slots={"F1": "SV-A02", "B1": {"card": "SV-A04", "ready": False}}), phase="move")
    with pytest.raises(IllegalAction, match=r"the character at B1 is defenceless; only ready characters move "
                                            r"\(§5.5\)"):
        st2.apply("move B1 F2")
    with pytest.raises(IllegalAction, match=r"a move goes to the other row \(§5.5\)"):
        st2.apply("move F1 F2")


# ------------------------------------------------------------------------------------------- §6 battle
def test_6_wall_rule_front_row_only_ready_or_defenceless(make: Any) -> None:
    p1 = seat(slots={"F1": "SV-A02", "F2": {"card": "SV-A04", "ready": False}, "B1": "SV-A01"})
    st = make(seat(slots={"B1": "SV-A04"}), p1, phase="battle")
    assert opts(st) == ["attack B1 xF1", "attack B1 xF2", "end"]
    with pytest.raises(IllegalAction) as e:
        st.apply("attack B1 xK1")
    assert str(e.value) == "attack B1 xK1: the enemy front row has a ready character (壁役, §6)"
    with pytest.raises(IllegalAction, match=r"attack B1 xB1: the enemy front row has a ready character \(壁役, §6\)"):
        st.apply("attack B1 xB1")


def test_6_without_ready_wall_back_row_and_books_open(make: Any) -> None:
    p1 = seat(slots={"F1": {"card": "SV-A04", "ready": False}, "B1": "SV-A01"},
              books=["T-BK", {"card": "T-BK", "open": True}, {"card": "T-BK", "destroyed": True}])
    st = make(seat(slots={"F1": "SV-A02"}), p1, phase="battle")
    assert opts(st) == ["attack F1 xF1", "attack F1 xB1", "attack F1 xK1", "attack F1 xK2", "end"]


def test_6_win_tie_destroys_and_survivor_becomes_defenceless(make: Any) -> None:
    # 3000 atk vs def 3000: destroyed (ties destroy); counter 1000 vs def 2000: attacker survives
    st = make(seat(slots={"F1": "SV-A04"}), seat(slots={"F1": {"card": "T-W", "equip": "SV-B13"}}),
              phase="battle", cards=({"id": "T-W", "name": "壁", "type": "character", "cost": 1, "atk": 1000,
                                      "def": 1000, "attribute": "SF"},))
    assert slot(st, 1, "F1")["def"] == 3000
    st.apply("attack F1 xF1")
    assert st.slots[1][0] is None and st.discard[1] == ["T-W", "SV-B13"]
    assert st.slots[0][0].ready is False and st.active == 1


def test_6_counterattack_mutual_destruction_and_defenceless_target_no_counter(make: Any) -> None:
    st = make(seat(slots={"F1": "SV-A04", "F2": "SV-A04"}), seat(slots={"F1": "SV-A04", "F2": {"card": "SV-A04",
                                                                                            "ready": False}}),
              phase="battle")
    st.apply("attack F1 xF1")
    assert st.slots[0][0] is None and st.slots[1][0] is None  # 相打ち
    st.apply("attack F2 xF2")
    assert st.slots[1][1] is None and st.slots[0][1] is not None  # defenceless: no 反撃


def test_6_losing_attack_opens_the_way(make: Any) -> None:
    st = make(seat(slots={"F1": "SV-A01", "F2": "SV-A02"}), seat(slots={"F1": "SV-B03"}), phase="battle")
    st.apply("attack F2 xF1")  # 2000 vs def 2000 → wall destroyed? ties destroy: yes
    assert st.slots[1][0] is None
    st2 = make(seat(slots={"F1": "SV-A01", "F2": "SV-A02"}), seat(slots={"F1": "SV-B08"}), phase="battle")
    st2.apply("attack F1 xF1")  # 500 vs 5000: the apprentice is destroyed, the wall becomes defenceless
    assert st2.slots[0][0] is None and slot(st2, 1, "F1")["ready"] is False
    assert "attack F2 xK1" in opts(st2)


def test_6_book_opens_then_is_destroyed_and_last_book_wins(make: Any) -> None:
    p1 = seat(books=["SV-R4", {"card": "T-BK", "destroyed": True}, {"card": "T-BK", "destroyed": True}],
              hand=["SV-A02"])
    st = make(seat(slots={"F1": "SV-A01", "F2": "SV-A02"}), p1, phase="battle")
    ev = st.apply("attack F1 xK1")
    assert [e.kind for e in ev if e.kind in ("book_open", "draw")] == ["book_open", "draw"]
    assert st.hits[1] == [1, 2, 2] and len(st.hand[1]) == 3  # R4: the owner draws 2
    assert st.books[1] == ["SV-R4", None, None] and st.discard[1] == ["T-BK", "T-BK"]
    assert slot(st, 0, "F1")["ready"] is False
    assert slot(st, 0, "F2")["atk"] == 4000  # R4 open: every character +2000
    st.apply("attack F2 xK1")
    assert st.over and st.winner == 0 and st.result == "all books destroyed"
    assert st.books[1] == [None, None, None] and st.discard[1] == ["T-BK", "T-BK", "SV-R4"]


def test_6_summoning_sickness_refusal(make: Any) -> None:
    st = make(seat(slots={"F1": {"card": "SV-A04", "new": True}, "F2": "SV-A02"}), phase="battle")
    with pytest.raises(IllegalAction, match=r"attack F1 xK1: the character at F1 was summoned this turn "
                                            r"\(summoning sickness, §5, §6\)"):
        st.apply("attack F1 xK1")


def test_6_negative_atk_cannot_attack_or_counterattack_qa(make: Any) -> None:
    p0 = seat(slots={"F1": {"card": "SV-A01", "mods": [{"atk": -1000, "until": "permanent"}]}, "F2": "SV-A02"})
    p1 = seat(slots={"F1": {"card": "SV-A02", "mods": [{"atk": -3000, "until": "permanent"}]}})
    st = make(p0, p1, phase="battle")
    assert opts(st) == ["attack F2 xF1", "end"]
    with pytest.raises(IllegalAction, match=r"has atk -500 < 0 and cannot attack \(§6, Q&A\)"):
        st.apply("attack F1 xF1")
    st.apply("attack F2 xF1")  # 2000 vs 1000: the defender (atk -1000) cannot counterattack
    assert st.slots[1][0] is None and st.slots[0][1] is not None


def test_6_negative_def_is_destroyed_qa(make: Any) -> None:
    st = make(seat(hand=["SV-R2"], volt=2, slots={"F1": "SV-A02"}))
    st.apply("use SV-R2")  # +5000/-2000 on a 2000/1000: def -1000 → destroyed at once
    assert st.slots[0][0] is None and st.discard[0] == ["SV-R2", "SV-A02"]


# ------------------------------------------------------------------------------------------- §7 end
def test_7_both_decks_out_at_once_is_a_draw(make: Any) -> None:
    st = make(seat(hand=["SV-B19"], volt=1, deck=[]), seat(deck=[]))
    st.apply("use SV-B19")
    assert st.over and st.winner is None and st.result == "deck out"


def test_7_concede_any_time(make: Any) -> None:
    st = make(seat(slots={"F1": "SV-A02"}), phase="battle")
    st.apply("concede")
    assert st.over and st.winner == 1 and st.result == "player 0 conceded"


def test_7_turn_limit_draw(make: Any) -> None:
    st = make(seat(slots={"F1": "SV-A02"}), seat(slots={"F1": "SV-A02"}), phase="battle", turn=99, active=0,
              params={"turn_limit": 100})
    st.apply("end")
    assert not st.over and st.turn == 100
    st.apply("pass")  # player 1 charges nothing (imagine then ends by itself: no voltage)
    st.apply("end")  # move
    st.apply("end")  # battle
    assert st.turn == 100 and st.winner is None and st.result == "turn limit"
