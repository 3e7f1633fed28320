"""Audit of spec §1–§12 and the seed's Q&A: timing of effects, state checks after every value change,
evolution onto several bases (the Q&A's choice of equipment to keep), deck-out inside effects, views."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from sv_util import opts, seat, slot

from fudaba.core.errors import CardDataError, IllegalAction, PositionError

#: 1000/0 — def −1000 while it stands in the front row (exercises state checks after a move)
FRONT_SHY = {"id": "T-FS", "name": "前列が苦手な子", "type": "character", "cost": 1, "atk": 1000, "def": 0,
             "attribute": "ドラマ", "effects": [{"trigger": "static", "condition": {"row": "front"}, "target": "self",
                                                "action": "modify", "def": -1000}]}
#: 1000/0 — def −1000 while its owner holds 2+ cards (exercises state checks after a draw)
HAND_SHY = {"id": "T-HS", "name": "手札が苦手な子", "type": "character", "cost": 1, "atk": 1000, "def": 0,
            "attribute": "ドラマ", "effects": [{"trigger": "static", "condition": {"hand_size_ge": 2},
                                               "target": "self", "action": "modify", "def": -1000}]}


def _finish_turn(st: Any) -> None:
    """Answer the current player's phase decisions with end/pass until the turn passes."""
    p = st.active
    while st.active == p and not st.over:
        st.apply("pass" if "pass" in opts(st) else "end")


# ------------------------------------------------------------------------------------------- §1 views
def test_1_views_show_own_hand_and_face_down_books_only_never_deck_order(make: Any) -> None:
    p0 = seat(hand=["SV-A02", "SV-R2"], books=["SV-R4", {"card": "SV-AF1", "open": True}, "SV-AF2"],
              deck=["SV-A04", "SV-A07"], slots={"F1": "SV-A01"})
    p1 = seat(hand=["SV-B01"], books=["SV-BF1", "SV-BF2", {"card": "SV-BF3", "destroyed": True}])
    st = make(p0, p1, phase="battle")
    v0, v1, vs = st.view(0), st.view(1), st.view(None)
    assert v0["players"][0]["hand"] == ["SV-A02", "SV-R2"] and "hand" not in v0["players"][1]
    assert "hand" not in v1["players"][0] and v1["players"][1]["hand"] == ["SV-B01"]
    assert "hand" not in vs["players"][0] and "hand" not in vs["players"][1]
    assert [b["card"] for b in v1["table"]["players"][0]["books"]] == [None, "SV-AF1", None]
    assert [b["card"] for b in v0["table"]["players"][0]["books"]] == ["SV-R4", "SV-AF1", "SV-AF2"]
    # §6: a destroyed book is in its owner's (public) graveyard; its K place is empty for everyone
    assert [b["card"] for b in v0["table"]["players"][1]["books"]] == [None, None, None]
    assert [b["state"] for b in vs["table"]["players"][1]["books"]] == ["closed", "closed", "destroyed"]
    assert v0["players"][1]["discard"] == vs["players"][1]["discard"] == ["SV-BF3"]
    for v in (v0, v1, vs):
        text = repr(v)
        assert "SV-A04" not in text and "SV-A07" not in text  # the deck: a count only
        assert v["players"][0]["deck_count"] == 2
    assert "options" in v0["decision"] and "options" not in v1["decision"] and "options" not in vs["decision"]


# ------------------------------------------------------------------------------------------- §2 evolution (Q&A)
def test_2_evolution_on_two_bases_the_player_keeps_one_equipment_qa(make: Any) -> None:
    p0 = seat(hand=["SV-B24", "SV-A01"], volt=5,
              slots={"F1": {"card": "SV-B03", "equip": "SV-R3"}, "F2": {"card": "SV-B21", "equip": "SV-A10",
                                                                         "new": True}, "F3": "SV-A02"})
    st = make(p0)
    assert "evolve SV-B24 F1 F2" in opts(st) and "evolve SV-B24 F2 F1" in opts(st)
    assert not [a for a in opts(st) if a.startswith("evolve") and "F3" in a]  # SV-A02 is no machine
    st.apply("evolve SV-B24 F2 F1")
    assert st.decision.kind == "keep" and st.decision.player == 0
    assert opts(st) == ["keep SV-A10", "keep SV-R3"]
    with pytest.raises(PositionError, match="only at a phase-level decision"):
        st.position()
    h = st.hash()
    with pytest.raises(IllegalAction) as e:
        st.apply("keep SV-A02")
    assert str(e.value) == ("keep SV-A02: SV-A02 is not one of the equipment the evolution inherits; keep one of "
                            "SV-A10, SV-R3 (one equipment per character, §2, Q&A)")
    with pytest.raises(IllegalAction, match=r"an evolution is waiting for the equipment to keep"):
        st.apply("end")
    assert st.hash() == h
    st.apply("keep SV-R3")
    u = st.slots[0][1]
    assert (u.card, u.under, u.equip, u.new) == ("SV-B24", ("SV-B21", "SV-B03"), "SV-R3", False)
    assert st.slots[0][0] is None and st.discard[0] == ["SV-A10"] and st.tapped[0] == 4
    assert (slot(st, 0, "F2")["atk"], slot(st, 0, "F2")["def"]) == (10000, 8000)
    assert st.decision.kind == "imagine"
    st.apply("end")
    st.apply("end")  # move
    assert "attack F2 xK1" in opts(st)  # an evolution attacks at once, even on a base summoned this turn


def test_2_evolution_on_two_bases_with_one_equipment_inherits_it_without_asking(make: Any) -> None:
    st = make(seat(hand=["SV-B24", "SV-A01"], volt=5,
                   slots={"F1": "SV-B03", "B1": {"card": "SV-B03", "equip": "SV-B13"}}))
    st.apply("evolve SV-B24 F1 B1")
    assert st.decision.kind == "imagine"
    assert st.slots[0][0].equip == "SV-B13" and st.slots[0][5] is None and st.discard[0] == []


def test_2_evolution_on_two_bases_with_the_same_equipment_keeps_one_copy(make: Any) -> None:
    st = make(seat(hand=["SV-B24", "SV-A01"], volt=5,
                   slots={"F1": {"card": "SV-B03", "equip": "SV-B13"}, "F2": {"card": "SV-B03", "equip": "SV-B13"}}))
    st.apply("evolve SV-B24 F1 F2")
    assert st.decision.kind == "imagine"
    assert st.slots[0][0].equip == "SV-B13" and st.discard[0] == ["SV-B13"]


def test_2_evolution_stack_leaves_as_a_whole_with_its_equipment(make: Any) -> None:
    p0 = seat(slots={"F1": {"card": "SV-B24", "under": ["SV-B03", "SV-B21"], "equip": "SV-R3"}})
    st = make(p0, seat(hand=["SV-A09"], volt=3), phase="battle")
    _finish_turn(st)
    st.apply("pass")  # player 1 charges nothing; fireball cannot (def 8000 > 3000) → a refusal
    with pytest.raises(IllegalAction, match=r"SV-A09 chooses a character but none qualifies"):
        st.apply("use SV-A09")
    st2 = make(seat(slots={"F1": {"card": "SV-B24", "under": ["SV-B03", "SV-B21"], "equip": "SV-R3"}}),
               seat(slots={"F1": "SV-B09"}), active=1, turn=4, phase="battle")
    st2.apply("attack F1 xF1")  # 12000 vs def 8000; counter 10000 vs def 10000: both destroyed
    assert st2.slots[0][0] is None and st2.discard[0] == ["SV-B03", "SV-B21", "SV-B24", "SV-R3"]


def test_2_evolution_refusals_name_the_bases(make: Any) -> None:
    st = make(seat(hand=["SV-B24", "SV-A01"], volt=5, slots={"F1": "SV-B03", "F2": "SV-B21", "F3": "SV-A02"}))
    with pytest.raises(IllegalAction) as e:
        st.apply("evolve SV-B24 F1")
    assert str(e.value) == ("evolve SV-B24 F1: SV-B24 is put on 2 characters (機械): write 'evolve SV-B24 PLACE "
                            "PLACE', the stack goes to the first place (evolution, §2)")
    with pytest.raises(IllegalAction, match=r"SV-B24 evolves from 機械, but F3 holds SV-A02 路地裏の拳闘士"):
        st.apply("evolve SV-B24 F1 F3")
    with pytest.raises(IllegalAction, match=r"F1 is named twice"):
        st.apply("evolve SV-B24 F1 F1")


def test_2_evolve_bases_card_errors(game: Any, tmp_path: Path) -> None:
    p = tmp_path / "evo.toml"
    p.write_text('[[card]]\nid = "X-1"\nname = "x"\ntype = "character"\ncost = 1\natk = 0\ndef = 0\n'
                 'attribute = "SF"\nevolve_bases = 2\n', encoding="utf-8")
    with pytest.raises(CardDataError, match=r"field 'evolve_bases': only an evolution"):
        game.check_card_file(p)
    p.write_text('[[card]]\nid = "X-1"\nname = "x"\ntype = "character"\ncost = 1\natk = 0\ndef = 0\n'
                 'attribute = "SF"\nevolves_from = "x"\nevolve_bases = 0\n', encoding="utf-8")
    with pytest.raises(CardDataError, match=r"field 'evolve_bases': must be at least 1"):
        game.check_card_file(p)


# ------------------------------------------------------------------------------------------- §5 timing
def test_5_2_state_check_after_the_draw_phase(make: Any) -> None:
    st = make(seat(slots={"F1": "SV-A02"}), seat(slots={"B1": "T-HS"}, hand=["SV-A01"]), phase="battle",
              cards=(HAND_SHY,))
    assert slot(st, 1, "B1")["def"] == 0
    st.apply("end")  # player 1 draws: hand 2 → def −1000 → destroyed before the charge decision
    assert st.decision.kind == "charge" and st.active == 1
    assert st.slots[1][5] is None and st.discard[1] == ["T-HS"]


def test_5_5_move_state_check_after_the_row_changes(make: Any) -> None:
    st = make(seat(slots={"B1": "T-FS", "B2": "SV-A02"}), phase="move", cards=(FRONT_SHY,))
    st.apply("move B1 F1")  # in the front row: def −1000 → destroyed at once
    assert st.slots[0][0] is None and st.discard[0] == ["T-FS"]
    assert st.decision.kind == "move"


def test_5_1_until_your_next_turn_ends_at_the_effect_owners_set_phase(make: Any) -> None:
    # SV-AF3 is opened by player 0's attack; its owner (player 1) gives −3000 until *player 1's* next turn
    st = make(seat(slots={"F1": "SV-A02", "F2": "SV-A07"}), seat(books=["SV-AF3", "T-BK", "T-BK"]),
              phase="battle")
    st.apply("attack F1 xK1")
    assert slot(st, 0, "F2")["atk"] == 2000
    st.apply("end")  # player 1's set phase: the effect ends at once
    assert st.active == 1 and st.slots[0][1].mods == () and slot(st, 0, "F2")["atk"] == 5000


def test_5_7_until_end_of_battle_ends_after_a_book_attack(make: Any) -> None:
    st = make(seat(slots={"F1": "SV-A03", "F2": "SV-A02"}), phase="battle")
    st.apply("attack F1 xK1")  # on_attack +1000 until end of battle; the book opens
    assert st.slots[0][0].mods == () and slot(st, 0, "F1")["atk"] == 1500


def test_8_until_end_of_battle_only_for_on_attack_effects(game: Any, tmp_path: Path) -> None:
    p = tmp_path / "b.toml"
    p.write_text('[[card]]\nid = "X-1"\nname = "x"\ntype = "character"\ncost = 1\natk = 0\ndef = 0\n'
                 'attribute = "SF"\neffects = [{trigger = "on_summon", target = "self", action = "modify", '
                 'atk = 1000, duration = "until_end_of_battle"}]\n', encoding="utf-8")
    with pytest.raises(CardDataError, match=r"effects\[0\].duration': 'until_end_of_battle' is only for on_attack"):
        game.check_card_file(p)


# ------------------------------------------------------------------------------------------- §6 state checks
def test_6_state_check_def_below_zero_when_a_while_open_def_bonus_ends(make: Any) -> None:
    # player 1's SV-A02 (2000/1000) under 脳筋 −2000 stands at def 0 only thanks to the open SV-AF1 (+1000)
    p1 = seat(books=[{"card": "SV-AF1", "open": True}, "T-BK", "T-BK"],
              slots={"B1": {"card": "SV-A02", "mods": [{"atk": 5000, "def": -2000, "until": "until_end_of_turn",
                                                       "by": 1}]}})
    st = make(seat(slots={"F1": "SV-A01"}), p1, phase="battle")
    assert slot(st, 1, "B1")["def"] == 0
    ev = st.apply("attack F1 xK1")  # the book is destroyed: its while_open ends, def −1000 → destroyed
    assert st.hits[1][0] == 2 and st.slots[1][5] is None and st.discard[1] == ["SV-AF1", "SV-A02"]
    assert [e.data["reason"] for e in ev if e.kind == "destroyed"] == ["negative def"]


def test_6_state_check_when_an_until_your_next_turn_def_bonus_ends(make: Any) -> None:
    # SV-R3's +2000 holds an SV-A02 at def 0 against a permanent −3000; it ends at the owner's set phase
    p0 = seat(slots={"B1": {"card": "SV-A02", "mods": [{"def": 2000, "until": "until_your_next_turn", "by": 0},
                                                      {"def": -3000, "until": "permanent", "by": 1}]}})
    st = make(p0, seat(slots={"F1": "SV-A01"}), phase="battle", active=1, turn=4)
    assert slot(st, 0, "B1")["def"] == 0
    st.apply("end")
    assert st.active == 0 and st.slots[0][5] is None and st.discard[0] == ["SV-A02"]


def test_6_negative_atk_from_a_continuous_effect_stops_counterattack(make: Any) -> None:
    # SV-BF3 open on player 0's side: enemy (player 1) characters atk −1000 → SV-A01 (500) at −500
    p0 = seat(slots={"F1": "SV-A02"}, books=[{"card": "SV-BF3", "open": True}, "T-BK", "T-BK"])
    p1 = seat(slots={"F1": {"card": "SV-A01", "mods": [{"def": 3000, "until": "permanent"}]}})
    st = make(p0, p1, phase="battle")
    assert slot(st, 1, "F1")["atk"] == -500
    st.apply("attack F1 xF1")  # 2000 vs 3000: no kill; no counterattack either (atk < 0)
    assert st.slots[0][0] is not None and st.slots[1][0] is not None
    ev = [e for e in st.log if e.kind == "battle"][-1]
    assert ev.data["counter"] is False and ev.data["outcome"] == "draw"


# ------------------------------------------------------------------------------------------- §7 deck-out in effects
def test_7_deck_out_during_an_on_open_draw_loses_at_once(make: Any) -> None:
    st = make(seat(slots={"F1": "SV-A02"}), seat(books=["SV-R4", "T-BK", "T-BK"], deck=["SV-B01"]),
              phase="battle")
    st.apply("attack F1 xK1")  # player 1 must draw 2 from a 1-card deck
    assert st.over and st.winner == 0 and st.result == "deck out"


def test_7_deck_out_during_a_support_draw_loses_at_once(make: Any) -> None:
    st = make(seat(hand=["SV-B11"], volt=2, deck=["SV-A02"]))
    st.apply("use SV-B11")
    assert st.over and st.winner == 1 and st.result == "deck out"


# ------------------------------------------------------------------------------------------- §10 real cards
def test_10_R1_sara_re_evaluated_on_draw_and_charge(make: Any) -> None:
    st = make(seat(slots={"F1": "SV-A02"}), seat(slots={"B1": "SV-R1"}, hand=["SV-A01", "SV-A02"],
                                                 deck=["SV-A04"]), phase="battle")
    assert slot(st, 1, "B1")["atk"] == 3000
    st.apply("end")  # player 1 draws: hand 3
    assert st.decision.kind == "charge" and slot(st, 1, "B1")["atk"] == 5000
    st.apply("charge SV-A04")  # hand 2
    assert slot(st, 1, "B1")["atk"] == 3000


def test_10_R3_defender_counter_win_bonus_lasts_until_the_owners_next_turn(make: Any) -> None:
    p0 = seat(slots={"F1": {"card": "SV-A02", "equip": "SV-R3"}})
    p1 = seat(slots={"F1": "SV-A01", "F2": "SV-A01"})
    st = make(p0, p1, phase="battle", active=1, turn=4)
    st.apply("attack F1 xF1")  # 500 vs def 1000; counter 3000 vs def 0: the defender wins
    assert st.slots[1][0] is None and slot(st, 0, "F1")["def"] == 3000
    st.apply("end")  # player 1's end phase: 'until end of turn' effects end, the bonus stays ...
    assert st.active == 0 and st.slots[0][0].mods == ()  # ... until player 0's set phase
    assert slot(st, 0, "F1")["def"] == 1000 and slot(st, 0, "F1")["ready"] is True


def test_10_R4_while_open_reaches_characters_summoned_later(make: Any) -> None:
    p1 = seat(books=[{"card": "SV-R4", "open": True}, "T-BK", "T-BK"])
    st = make(seat(hand=["SV-A02", "SV-A01"], volt=3), p1)
    st.apply("summon SV-A02 B1")
    assert slot(st, 0, "B1")["atk"] == 4000


def test_11_concede_is_accepted_but_never_listed(make: Any) -> None:
    st = make(seat(hand=["SV-A02"], volt=2))
    assert "concede" not in opts(st)
    st.apply("concede 1")
    assert st.over and st.winner == 0 and st.result == "player 1 conceded"


def test_10_R3_attacking_a_book_is_not_a_battle_won(make: Any) -> None:
    st = make(seat(slots={"F1": {"card": "SV-A02", "equip": "SV-R3"}, "F2": "SV-A01"}), phase="battle")
    st.apply("attack F1 xK1")  # the book opens: no character battle, no 勝利
    assert st.slots[0][0].mods == () and slot(st, 0, "F1")["def"] == 1000


def test_2_greedy_agent_keeps_the_stronger_equipment_on_evolution(make: Any, game: Any) -> None:
    from fudaba.games.sarasvati.ai import SarasvatiGreedy

    st = make(seat(hand=["SV-B24", "SV-A01"], volt=5,
                   slots={"F1": {"card": "SV-B03", "equip": "SV-R3"}, "F2": {"card": "SV-B21", "equip": "SV-A10"}}))
    st.apply("evolve SV-B24 F1 F2")
    agent = SarasvatiGreedy()
    agent.reset(game, 0, 1)
    assert agent.act(st.infoset(0)).text == "keep SV-A10"
