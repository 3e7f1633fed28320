"""§6.1 A. the first bet and §6.2 B/C. the actions: attack (B-1, 注1–注4), guard (B-2, 注5–注7), maintain
and the guard flush (B-3, 注8, 注9), GC (B-4, 注10), call (B-5, 注11–注13)."""

from __future__ import annotations

import pytest

from fudaba import IllegalAction

from .helpers import AI, GRAY, attack_card, attack_pos, events, kinds, pos, seat, texts


# ====================================================================== §6.1 A. the first bet
def test_6_1_A_front_reach_zero_is_no_first_bet_unless_the_opponent_is_defenceless() -> None:
    st = pos(seat(GRAY, hand=["MK-B01", "MK-G01", "MK-G06"], gauge=["MK-G03"] * 2), seat(AI, hand=["MK-A01"]))
    assert texts(st) == ["set MK-G06", "bet MK-G01"]
    h = st.hash()
    with pytest.raises(IllegalAction, match=r"front reach is 0: a first bet needs reach above 0 unless the opponent "
                                            r"is defenceless \(§6\.1, A\)"):
        st.apply("bet MK-B01")
    assert st.hash() == h
    st = pos(seat(GRAY, hand=["MK-B01", "MK-G01", "MK-G06"], gauge=["MK-G03"] * 2), seat(AI, hand=[]))
    assert "bet MK-B01" in texts(st)


def test_6_1_the_first_bet_makes_both_even_and_the_non_tp_acts_right_after_fb() -> None:
    st = pos(seat(GRAY, hand=["MK-G01", "MK-G06"]), seat(AI, hand=["MK-A01", "MK-A07"]))
    st.apply("bet MK-G01")
    assert st.phase == "attack" and st.sit == ["even", "even"] and st.after_fb
    assert st.decision is not None and st.decision.player == 1 and st.decision.kind == "action"
    st.apply("bet MK-A07")
    assert not st.after_fb and st.decision is not None and st.decision.player == 0


def test_6_1_the_first_bet_pays_gauge_cost_and_gets_gauge_gain() -> None:
    st = pos(seat(GRAY, hand=["MK-B01", "MK-G06"], gauge=["MK-G03", "MK-G04", "MK-G05"]), seat(AI, hand=[]))
    st.apply("bet MK-B01")
    assert events(st, "gauge_to_dust")[0]["cards"] == ["MK-G03", "MK-G04"]  # top first
    st = pos(seat(GRAY, hand=["MK-B02", "MK-G06"], stamina=["MK-G05", "MK-G04"]), seat(AI, hand=["MK-A01"]))
    st.apply("bet MK-B02")
    assert st.gauge[0] == ["MK-G05"] and st.deck[0] == ["MK-G04"]


def test_6_1_gc_only_cards_are_never_bet() -> None:
    st = pos(seat(GRAY, hand=["MK-G04", "MK-G01", "MK-G06"], gauge=["MK-G03"]), seat(AI, hand=["MK-A01"]))
    assert "bet MK-G04" not in texts(st)
    with pytest.raises(IllegalAction, match=r"GC-only \(GC専用\): it is never bet face up.*\(§2, §6\.2\.4\)"):
        st.apply("bet MK-G04")


# ====================================================================== §6.2.1 attack (B-1)
def test_6_2_B1_speed_below_opponents_top_card() -> None:
    st = attack_pos(seat(GRAY, field=["MK-G01"]), seat(AI, hand=["MK-A02", "MK-A01"]), 0, 1, after_fb=True)
    h = st.hash()
    with pytest.raises(IllegalAction) as e:
        st.apply("bet MK-A02")
    assert str(e.value) == "bet MK-A02: its speed 4 is below the opponent's top card's 5 (§6.2.1, B-1)"
    assert e.value.text("ja") == ("bet MK-A02: 速度4が相手のアタックフィールドの一番上のカードの速度5より低いです "
                                  "(§6.2.1, B-1)")
    assert st.hash() == h


def test_6_2_B1_front_reach_below_the_back_reach_of_the_top_card() -> None:
    st = attack_pos(seat(GRAY, field=["MK-B02"]), seat(AI, hand=["MK-A04", "MK-A01"]), 0, 1, after_fb=True)
    assert "bet MK-A04" not in texts(st) and "bet MK-A01" in texts(st)  # B02's back reach 1; A04 reach 0
    with pytest.raises(IllegalAction, match=r"its reach 0 is below the back reach 1 of the opponent's top card "
                                            r"\(§6\.2\.1, B-1\)"):
        st.apply("bet MK-A04")


def test_6_2_B1_split_reach_front_is_checked_back_is_demanded() -> None:
    # A06 has front reach 4, back reach 2: bet over a back reach 3 card, and it demands 2 of the next card
    st = attack_pos(seat(GRAY, field=["MK-G03"], hand=["MK-G01", "MK-G05"]), seat(AI, hand=["MK-A06", "MK-A08"]),
                    0, 1, after_fb=True)
    st.apply("bet MK-A06")  # speed 3 ≥ 3, front reach 4 ≥ G03's 2
    assert texts(st) == ["bet MK-G01", "guard air", "call"]  # G05: reach 1 < A06's back reach 2


def test_6_2_B1_gauge_cost_must_be_covered() -> None:
    st = attack_pos(seat(GRAY, field=["MK-G01"], hand=["MK-G06"]),
                    seat(AI, hand=["MK-E18", "MK-A07"], gauge=["MK-A08"] * 2), 0, 1, after_fb=True)
    with pytest.raises(IllegalAction, match=r"its gauge cost 3 is more than your 2 gauge cards \(§6\.2\.1, B-1\)"):
        st.apply("bet MK-E18")


def test_6_2_B1_equal_speed_and_reach_are_legal() -> None:
    st = attack_pos(seat(GRAY, field=["MK-G01"]), seat(AI, hand=["MK-A07"]), 0, 1, after_fb=True)
    assert texts(st)[0] == "bet MK-A07"  # speed 5 = 5, reach 2 = 2


def test_6_2_B1_forcing_ignores_speed_and_reach() -> None:
    st = attack_pos(seat(GRAY, field=["MK-G01"], hand=["MK-B01", "MK-G04", "MK-G06"], gauge=["MK-G03"] * 2),
                    seat(AI, hand=["MK-A01"], guard={"space": "stand", "cards": ["MK-A08"]}), 0, 0,
                    ("forcing", "guarding"))
    assert texts(st) == ["bet MK-B01", "call"]  # B01: speed 1, reach 0 — fine while forcing; G04 GC-only


def test_note_1_gauge_gain_stops_at_ten() -> None:
    st = pos(seat(GRAY, hand=["MK-B02", "MK-G06"], gauge=["MK-G03"] * 10), seat(AI, hand=["MK-A01"]))
    st.apply("bet MK-B02")
    assert len(st.gauge[0]) == 10 and events(st, "gauge_gain")[0]["count"] == 0


def test_note_1_gauge_gain_stops_at_an_empty_stamina() -> None:
    st = pos(seat(GRAY, hand=["MK-B02", "MK-G06"], stamina=[]), seat(AI, hand=["MK-A01"]))
    st.apply("bet MK-B02")
    assert st.gauge[0] == []


def test_note_2_gauge_gain_before_the_text() -> None:
    st = attack_pos(seat(GRAY, hand=["MK-G02", "MK-G06"], gauge=["MK-G03"] * 2),
                    seat(AI, field=["MK-A03"], hand=["MK-A09", "MK-A08"]), 1, 0, after_fb=True)
    mark = len(st.log)
    st.apply("bet MK-G02")
    ks = [k for k in kinds(st, mark) if k in ("bet", "gauge_gain", "effect")]
    assert ks == ["bet", "gauge_gain", "effect"]
    assert st.unit_stats(0, st.field[0][0])[3] == 4


def test_note_3_gauge_gain_moves_stamina_top_cards_to_the_gauge() -> None:
    st = pos(seat(GRAY, hand=["MK-B02", "MK-G06"], stamina=["MK-G05", "MK-G04"], gauge=["MK-G03"]),
             seat(AI, hand=["MK-A01"]))
    st.apply("bet MK-B02")
    assert st.gauge[0] == ["MK-G05", "MK-G03"]  # ゲージ行き: on top of the gauge


def test_note_4_the_order_of_a_bet_cost_place_draw_gain_text() -> None:
    # ② cost, ③ place, ④ the double attack's draw, ⑤ gain, ⑥ text — a test card with all of them
    t = attack_card("MK-T01", gauge_cost=1, gauge_gain=1, effects=[{"trigger": "on_bet", "action": "draw", "n": 1}])
    st = attack_pos(seat(GRAY, hand=["MK-T01", "MK-T01", "MK-G06"], gauge=["MK-G03"], field=["MK-G01"],
                         stamina=["MK-G05", "MK-G04", "MK-G02"]),
                    seat(AI, hand=["MK-A08"], guard={"space": "stand", "cards": ["MK-A09"]}), 0, 0,
                    ("forcing", "guarding"), cards=[t])
    mark = len(st.log)
    st.apply("bet MK-T01 x2 attack")
    assert [(k, e.data.get("why")) for e in st.log[mark:] if (k := e.kind) in (
        "bet", "gauge_to_dust", "draw", "gauge_gain", "effect")] == [
        ("bet", None), ("gauge_to_dust", "cost"), ("draw", "double"), ("gauge_gain", "bet"), ("effect", None),
        ("draw", "effect")]
    assert st.field[0][-1] == ("MK-T01", 2, ("attack",), (0, 0, 0, 0))
    assert st.hand[0] == ["MK-G06", "MK-G05", "MK-G02"] and st.gauge[0] == ["MK-G04"]


# ====================================================================== §6.2.2 guard (B-2)
def test_6_2_B2_right_after_fb_stand_or_crouch_chosen() -> None:
    st = attack_pos(seat(GRAY, field=["MK-G03"]), seat(AI, hand=["MK-A08", "MK-A09"]), 0, 1, after_fb=True)
    assert [t for t in texts(st) if t.startswith("guard")] == ["guard stand"]  # G03 (air) unguardable crouch
    with pytest.raises(IllegalAction, match=r"cannot be guarded crouch.*\(§6\.2\.2, B-2, 注6\)"):
        st.apply("guard crouch")
    with pytest.raises(IllegalAction, match=r"right after the first bet the guard is stand or crouch \(§6\.2\.2, B-2\)"):
        st.apply("guard air")


def test_note_5_field_to_the_dust_in_bet_order() -> None:
    st = attack_pos(seat(GRAY, field=["MK-G01", "MK-G02"], hand=["MK-G06"]),
                    seat(AI, field=["MK-A01", "MK-A07"], hand=["MK-A08", "MK-A01"]), 0, 0)
    st.apply("guard stand")
    assert events(st, "guard")[0]["dusted"] == ["MK-G01", "MK-G02"]
    assert st.discard[0] == ["MK-G02", "MK-G01"] and st.field[0] == [] and st.gcards[0] == ["MK-G06"]


def test_note_5_a_hand_smaller_than_the_guard_difficulty_cannot_guard() -> None:
    st = attack_pos(seat(GRAY, field=["MK-G03"], hand=["MK-G06"]), seat(AI, field=["MK-A06"], hand=["MK-A07"]), 1, 1)
    assert texts(st) == ["bet MK-A07", "call"]  # G03: guard 2, the hand holds 1
    with pytest.raises(IllegalAction, match=r"your hand holds 1 cards, fewer than the guard difficulty 2 .*注5"):
        st.apply("guard stand")


def test_note_6_unguardable_standing_and_crouching_right_after_fb_cannot_be_guarded() -> None:
    st = attack_pos(seat(GRAY, hand=["MK-G06"] * 4 + ["MK-G01"]), seat(AI, field=["MK-A04"], hand=["MK-A08"]), 1, 0,
                    after_fb=True)
    assert texts(st) == ["bet MK-G01", "call"]
    with pytest.raises(IllegalAction, match=r"掴み投げ cannot be guarded stand \(unguardable: stand, crouch\) "
                                            r"\(§6\.2\.2, B-2, 注6\)"):
        st.apply("guard stand")


def test_note_7_the_guard_type_is_the_posture_of_your_top_card() -> None:
    # Gray's top card MK-G03 is air: an air guard, even against a crouch-unguardable card
    st = attack_pos(seat(GRAY, field=["MK-G03"], hand=["MK-G06"] * 3), seat(AI, field=["MK-A03"], hand=["MK-A08"]), 1, 0)
    assert [t for t in texts(st) if t.startswith("guard")] == ["guard air"]
    with pytest.raises(IllegalAction, match=r"your guard type is air, the posture of your top card \(§6\.2\.2, B-2, 注7\)"):
        st.apply("guard stand")
    # T unguardable for that type: judged before dusting (your top card's posture)
    st = attack_pos(seat(GRAY, field=["MK-G03"], hand=["MK-G06"] * 3), seat(AI, field=["MK-A07"], hand=["MK-A08"]), 1, 0)
    assert not [t for t in texts(st) if t.startswith("guard")]


def test_note_7_an_empty_field_uses_the_dust_top_posture() -> None:
    st = attack_pos(seat(GRAY, hand=["MK-G06"] * 3, dust=["MK-B06"]), seat(AI, field=["MK-A01"], hand=["MK-A08"]),
                    1, 0)
    assert [t for t in texts(st) if t.startswith("guard")] == ["guard crouch"]


def test_6_2_2_guard_covers_face_down_one_at_a_time_the_last_on_top() -> None:
    st = attack_pos(seat(GRAY, field=["MK-G02"], hand=["MK-G01"]),
                    seat(AI, field=["MK-A06"], hand=["MK-A05", "MK-A01", "MK-A08"]), 1, 1)
    st.apply("guard stand")
    assert st.decision is not None and st.decision.kind == "cover" and st.decision.private
    assert texts(st) == ["cover MK-A01", "cover MK-A05", "cover MK-A08"]
    st.apply("cover MK-A01")
    st.apply("cover MK-A05")
    assert st.gcards[1] == ["MK-A01", "MK-A05"]
    cov = [e for e in st.log if e.kind == "cover"]
    assert all(e.secret is not None and e.seen_by == (1,) and "card" not in e.data for e in cov)


# ====================================================================== §6.2.3 maintain (B-3)
def test_6_2_3_maintain_covers_up_to_the_guard_difficulty() -> None:
    st = attack_pos(seat(GRAY, field=["MK-G02"], hand=["MK-G01"]),
                    seat(AI, hand=["MK-A08", "MK-A09"], guard={"space": "stand", "cards": ["MK-A01"]}), 0, 1,
                    ("forcing", "guarding"))
    assert texts(st) == ["maintain", "drop"]
    st.apply("maintain")  # G02: guard 2, one more
    assert st.decision is not None and st.decision.kind == "cover"
    st.apply("cover MK-A09")
    assert st.gcards[1] == ["MK-A01", "MK-A09"] and st.sit == ["forcing", "guarding"]


def test_6_2_3_maintain_refused_when_the_hand_cannot_cover() -> None:
    st = attack_pos(seat(GRAY, field=["MK-E18"], hand=["MK-G01"]),
                    seat(AI, hand=["MK-A08"], guard={"space": "air", "cards": ["MK-A01"]}), 0, 1,
                    ("forcing", "guarding"))
    # E18 is unguardable stand and crouch, not air: no flush; guard 3 needs 2 more, the hand holds 1;
    # drop is the only option: applied, the opponent's GB
    assert events(st, "flush") == [] and events(st, "drop") == [{"player": 1}]
    assert events(st, "judge")[0] == {"outcome": "gb", "player": 0}


def test_note_8_a_flushed_player_keeps_guarding() -> None:
    st = attack_pos(seat(GRAY, field=["MK-B06"], hand=["MK-G01"]),
                    seat(AI, hand=["MK-A08", "MK-A09"], guard={"space": "stand", "cards": ["MK-A01", "MK-A07"]}), 0, 1,
                    ("forcing", "guarding"))
    st.apply("maintain crouch")
    assert events(st, "flush")[0] == {"player": 1, "space": "stand", "cards": ["MK-A01", "MK-A07"], "to": "crouch"}
    assert st.discard[1][:2] == ["MK-A07", "MK-A01"] and st.sit[1] == "guarding" and st.gspace[1] == "crouch"


def test_note_9_a_stand_guard_flushed_by_a_stand_unguardable_card_becomes_crouch() -> None:
    st = attack_pos(seat(GRAY, field=["MK-B06"], hand=["MK-G01"]),
                    seat(AI, hand=["MK-A08", "MK-A09"], guard={"space": "stand", "cards": ["MK-A01"]}), 0, 1,
                    ("forcing", "guarding"))
    assert texts(st) == ["maintain crouch", "drop"]
    with pytest.raises(IllegalAction, match=r"cannot be guarded stand either \(§6\.2\.3, B-3, 注9\)"):
        st.apply("maintain stand")
    with pytest.raises(IllegalAction, match=r"choose stand or crouch anew.*\(§6\.2\.3, B-3, 注8\)"):
        st.apply("maintain")


def test_note_9_unguardable_both_ways_is_always_a_gb() -> None:
    st = attack_pos(seat(AI, field=["MK-A04"], hand=["MK-A01"]),
                    seat(GRAY, hand=["MK-G06"] * 5, guard={"space": "crouch", "cards": ["MK-G01"]}), 0, 1,
                    ("forcing", "guarding"))
    assert events(st, "drop") == [{"player": 1}] and events(st, "judge")[0] == {"outcome": "gb", "player": 0}


def test_6_2_3_drop_is_the_opponents_gb() -> None:
    st = attack_pos(seat(GRAY, field=["MK-G02"], hand=["MK-G01"]),
                    seat(AI, hand=["MK-A08", "MK-A09"], guard={"space": "stand", "cards": ["MK-A01"]}), 0, 1,
                    ("forcing", "guarding"))
    st.apply("drop")
    assert events(st, "judge")[0] == {"outcome": "gb", "player": 0}
    assert events(st, "flush") == []  # drop does no flush; the guard card reaches the dust at F
    assert [m for m in events(st, "end_attack")[0]["moves"] if m[0] == 1] == [[1, "MK-A01", "dust"]]


# ====================================================================== §6.2.4 GC (B-4)
def test_note_10_only_the_top_guard_card_can_gc() -> None:
    st = attack_pos(seat(GRAY, field=["MK-G01"], hand=["MK-G06"]),
                    seat(AI, gauge=["MK-A08"], guard={"space": "stand", "cards": ["MK-A07", "MK-A01"]}), 0, 1,
                    ("forcing", "guarding"))
    assert "gc" not in texts(st)
    with pytest.raises(IllegalAction, match=r"top guard card 花弾 is neither GC-only nor GC-possible.*注10"):
        st.apply("gc")


def test_6_2_4_gc_needs_reach_and_gauge_but_not_speed() -> None:
    # A05 (speed 3, reach 2, cost 1) against G01 (speed 5, back reach 2): legal
    guard = {"space": "stand", "cards": ["MK-A05"]}
    st = attack_pos(seat(GRAY, field=["MK-G01"], hand=["MK-G06"]), seat(AI, gauge=["MK-A08"], guard=guard), 0, 1,
                    ("forcing", "guarding"))
    assert texts(st) == ["maintain", "gc", "drop"]
    st = attack_pos(seat(GRAY, field=["MK-G02"], hand=["MK-G06"]),
                    seat(AI, gauge=["MK-A08"], hand=["MK-A08"], guard=guard), 0, 1, ("forcing", "guarding"))
    assert texts(st) == ["maintain", "drop"]
    with pytest.raises(IllegalAction, match=r"reach 2 is below the back reach 3 of the opponent's top card \(§6\.2\.4, B-4\)"):
        st.apply("gc")
    st = attack_pos(seat(GRAY, field=["MK-G01"], hand=["MK-G06"]), seat(AI, gauge=[], guard=guard), 0, 1,
                    ("forcing", "guarding"))
    assert texts(st) == ["maintain", "drop"]
    with pytest.raises(IllegalAction, match=r"gauge cost 1 is more than your 0 gauge cards \(§6\.2\.4, B-4\)"):
        st.apply("gc")


def test_6_2_4_gc_pays_its_cost_and_gains_nothing() -> None:
    st = attack_pos(seat(GRAY, field=["MK-G01"], hand=["MK-G06"]),
                    seat(AI, gauge=["MK-A09", "MK-A08"], guard={"space": "stand", "cards": ["MK-A05"]}), 0, 1,
                    ("forcing", "guarding"))
    st.apply("gc")
    assert events(st, "gc")[0]["card"] == "MK-A05"
    assert events(st, "gauge_to_dust")[0]["cards"] == ["MK-A09"] and events(st, "gauge_gain") == []


# ====================================================================== §6.2.5 call (B-5)
def test_6_2_5_call_even_faster_top_card_hits() -> None:
    st = attack_pos(seat(GRAY, field=["MK-G01"], hand=["MK-G06"]), seat(AI, field=["MK-A01"], hand=["MK-A08"]), 0, 1)
    st.apply("call")  # Ai calls: her A01 (6) is faster than G01 (5)
    assert events(st, "judge")[0] == {"outcome": "clean_hit", "player": 1}


def test_6_2_5_call_equal_speeds_is_a_trade() -> None:
    st = attack_pos(seat(GRAY, field=["MK-G01"], hand=["MK-G06"]), seat(AI, field=["MK-A07"], hand=["MK-A08"]), 0, 0)
    st.apply("call")
    assert events(st, "judge")[0] == {"outcome": "trade", "player": 0}


def test_6_2_5_call_while_forcing_the_guard_holds() -> None:
    st = attack_pos(seat(GRAY, field=["MK-G01"], hand=["MK-G06", "MK-G05"]),
                    seat(AI, hand=["MK-A08"], guard={"space": "stand", "cards": ["MK-A01"]}), 0, 0,
                    ("forcing", "guarding"))
    st.apply("call")
    assert events(st, "judge")[0] == {"outcome": "guard_holds", "player": 1}
    assert events(st, "damage") == [] and events(st, "totals") == [] and events(st, "hit") == []


def test_note_11_a_player_who_can_neither_attack_nor_guard_must_call() -> None:
    # after the FB MK-E18 (unguardable standing and crouching), A04 is too short (reach 0 < 2): call only
    st = attack_pos(seat(GRAY, field=["MK-E18"], hand=["MK-G06"]), seat(AI, hand=["MK-A04"]), 0, 1, after_fb=True)
    auto = [e for e in st.log if e.kind == "auto"]
    assert auto[0].secret == {"action": "call"} and auto[0].seen_by == (1,)
    assert events(st, "call")[0]["player"] == 1 and events(st, "judge")[0] == {"outcome": "clean_hit", "player": 0}


def test_note_12_an_empty_field_counts_as_speed_zero() -> None:
    st = attack_pos(seat(GRAY, field=["MK-B01"], hand=["MK-G06"]), seat(AI, hand=["MK-A08", "MK-A08"]), 0, 1,
                    after_fb=True)
    st.apply("call")
    assert events(st, "call")[0]["speeds"] == [0, 1] and events(st, "judge")[0] == {"outcome": "clean_hit", "player": 0}


def test_note_13_a_guarding_player_cannot_call() -> None:
    st = attack_pos(seat(GRAY, field=["MK-G01"], hand=["MK-G06"]),
                    seat(AI, hand=["MK-A08"], guard={"space": "stand", "cards": ["MK-A01"]}), 0, 1,
                    ("forcing", "guarding"))
    assert "call" not in texts(st)
    h = st.hash()
    with pytest.raises(IllegalAction) as e:
        st.apply("call")
    assert str(e.value) == "call: you cannot call while guarding (§6.2.5, 注13)"
    assert e.value.text("ja") == "call: ガードしている時は自分からコールできません (§6.2.5, 注13)"
    assert st.hash() == h


def test_note_8_a_guarding_player_cannot_attack() -> None:
    st = attack_pos(seat(GRAY, field=["MK-G01"], hand=["MK-G06"]),
                    seat(AI, hand=["MK-A01"], guard={"space": "stand", "cards": ["MK-A08"]}), 0, 1,
                    ("forcing", "guarding"))
    with pytest.raises(IllegalAction, match=r"while guarding you cannot attack: only a GC gets you out \(§6\.2, 注8\)"):
        st.apply("bet MK-A01")
