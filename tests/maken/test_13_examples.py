"""§13: every worked example of the spec, as written there (no supports set, gauges 0, stamina and LP
large enough unless stated)."""

from __future__ import annotations

import pytest

from fudaba import IllegalAction
from fudaba.games.maken.rules.turn import before_options

from .helpers import AI, GRAY, attack_pos, events, pos, seat, texts, units

S10 = ["MK-A01", "MK-A02", "MK-A03", "MK-A04", "MK-A06", "MK-A07", "MK-E18", "MK-A09", "MK-A05", "MK-A08"]


def test_13_1_reach_zero_fb_illegal_when_the_opponent_holds_a_card() -> None:
    # Gray TP, hand [B01, B02], gauge 2; Ai's hand [A01]: the only FB is bet MK-B02 (applied by the engine)
    st = pos(seat(GRAY, hand=["MK-B01", "MK-B02"], gauge=["MK-G01", "MK-G03"]), seat(AI, hand=["MK-A01"]))
    assert units(st, 0) == ["MK-B02"]
    auto = next(e for e in st.log if e.kind == "auto")
    assert auto.secret == {"action": "bet MK-B02"} and auto.seen_by == (0,) and auto.hidden  # a private decision


def test_13_1_reach_zero_fb_forced_call_bonus_bet_down() -> None:
    lp = ["MK-A03", "MK-A04", "MK-A06"]
    st = pos(seat(GRAY, hand=["MK-B01", "MK-B02"], gauge=["MK-G01", "MK-G03"]),
             seat(AI, hand=[], stamina=list(S10), lp=lp))
    assert texts(st) == ["bet MK-B01", "bet MK-B02"]  # Ai is defenceless (A)
    st.apply("bet MK-B01")  # gauge 2 -> 0; Ai's only action is call (注11): Gray's clean hit, 1 vs 0 (注12)
    assert len(st.gauge[0]) == 0
    assert events(st, "call")[0]["outcome"] == "clean_hit" and events(st, "call")[0]["speeds"] == [0, 1]
    assert st.decision is not None and st.decision.kind == "bonus" and texts(st) == ["bet MK-B02", "pass"]
    st.apply("bet MK-B02")  # the bonus bet: gauge +1
    assert events(st, "totals")[0]["totals"] == {"0": 10}  # 8 + 2
    d = events(st, "damage")[0]
    assert d["count"] == 10 and d["stamina"] == 10
    down = events(st, "down")[0]
    assert down["lp"] == 2 and down["card"] == "MK-A03" and down["returned"] == 10
    assert st.lp[1] == ["MK-A04", "MK-A06"] and st.hand[1][0] == "MK-A03"
    assert st.damage[1] == []
    # the 10 damage cards under the stamina (order kept: the last damaged on top), then Ai's on_down gauge +2
    assert st.gauge[1] == ["MK-A05", "MK-A08"]
    assert st.deck[1] == ["MK-A09", "MK-E18", "MK-A07", "MK-A06", "MK-A04", "MK-A03", "MK-A02", "MK-A01"]
    assert st.phase == "draw" and st.active == 1  # Gray had nothing left to do: Ai's turn, her draw
    # F: B01 -> dust, B02 -> gauge (2)
    end = events(st, "end_attack")[0]["moves"]
    assert end == [[0, "MK-B01", "dust"], [0, "MK-B02", "gauge"]]
    assert st.gauge[0] == ["MK-B02", "MK-G06"]  # the bonus B02's gain took the stamina top, then B02 itself
    assert "MK-B01" in st.discard[0]


def test_13_2_attack_legality() -> None:
    hand = ["MK-A01", "MK-A02", "MK-A07", "MK-A05", "MK-A04"]
    st = attack_pos(seat(GRAY, field=["MK-G01"]), seat(AI, hand=list(hand)), 0, 1, after_fb=True)
    assert texts(st) == ["bet MK-A07", "guard stand", "guard crouch", "call"]
    for cid, why in (("MK-A01", "reach 1 is below the back reach 2"), ("MK-A02", "speed 4 is below"),
                     ("MK-A04", "speed 2 is below"), ("MK-A05", "GC-only")):
        h = st.hash()
        with pytest.raises(IllegalAction, match=why):
            st.apply(f"bet {cid}")
        assert st.hash() == h
    st = attack_pos(seat(GRAY, field=["MK-B02"]), seat(AI, hand=list(hand)), 0, 1, after_fb=True)
    bets = [t for t in texts(st) if t.startswith("bet")]
    assert bets == ["bet MK-A01", "bet MK-A02", "bet MK-A07"]  # A04: reach 0 < B02's back reach 1


def test_13_3_guard_right_after_fb() -> None:
    st = attack_pos(seat(GRAY, hand=["MK-B01", "MK-G03", "MK-G06"]), seat(AI, field=["MK-A02"]), 1, 0, after_fb=True)
    assert [t for t in texts(st) if t.startswith("guard")] == ["guard crouch"]  # A02: unguardable standing
    st = attack_pos(seat(GRAY, hand=["MK-G06"]), seat(AI, field=["MK-A02"]), 1, 0, after_fb=True)
    assert not [t for t in texts(st) if t.startswith("guard")]  # 1 card < guard 2 (注5)


def test_13_3_unguardable_both_ways_after_fb_call_gives_a_clean_hit_with_bonus() -> None:
    st = attack_pos(seat(GRAY, hand=["MK-G01", "MK-B01", "MK-G03"]), seat(AI, field=["MK-E18"], hand=["MK-A02"]),
                    1, 0, after_fb=True)
    assert texts(st) == ["bet MK-G01", "bet MK-G03", "call"]  # speed ≥ 2 and reach ≥ 2; no guard (注6)
    st.apply("call")
    assert events(st, "judge")[0] == {"outcome": "clean_hit", "player": 1}
    assert st.decision is not None and st.decision.kind == "bonus" and st.decision.player == 1


def test_13_4_forced_guard_type() -> None:
    st = attack_pos(seat(GRAY, field=["MK-G02"], hand=["MK-G01"]),
                    seat(AI, field=["MK-A03"], hand=["MK-A01", "MK-A06", "MK-A04", "MK-A08"]), 1, 1)
    assert texts(st) == ["guard air", "call"]
    st.apply("guard air")
    assert st.discard[1][0] == "MK-A03" and st.field[1] == []
    assert st.decision is not None and st.decision.kind == "cover"
    st.apply("cover MK-A06")
    st.apply("cover MK-A04")
    assert st.gspace[1] == "air" and st.gcards[1] == ["MK-A06", "MK-A04"]
    assert st.sit == ["forcing", "guarding"]
    # had T been air-unguardable (MK-G05), no guard air
    st = attack_pos(seat(GRAY, field=["MK-G05"]),
                    seat(AI, field=["MK-A03"], hand=["MK-A01", "MK-A06", "MK-A04", "MK-A08"]), 1, 1)
    assert "guard air" not in texts(st)


def test_13_5_guard_flush() -> None:
    guard = {"space": "stand", "cards": ["MK-B01", "MK-B02"], "open": False}
    st = attack_pos(seat(GRAY, hand=["MK-B06", "MK-G03", "MK-G01"], guard=guard),
                    seat(AI, field=["MK-A06", "MK-A02"], hand=["MK-A01"]), 1, 0, ("guarding", "forcing"))
    assert texts(st) == ["maintain crouch", "drop"]
    st.apply("maintain crouch")
    assert st.discard[0][:2] == ["MK-B02", "MK-B01"]  # both covers to the dust, in bet order
    st.apply("cover MK-B06")
    st.apply("cover MK-G01")
    assert st.gspace[0] == "crouch" and st.gcards[0] == ["MK-B06", "MK-G01"] and st.hand[0] == ["MK-G03"]
    assert st.sit == ["guarding", "forcing"]
    # with hand 1: drop is applied -> Ai's GB
    st = attack_pos(seat(GRAY, hand=["MK-G03"], guard=guard), seat(AI, field=["MK-A06", "MK-A02"]), 1, 0,
                    ("guarding", "forcing"))
    assert events(st, "judge")[0] == {"outcome": "gb", "player": 1}
    # an air guard flushed by MK-G05 may re-choose stand or crouch
    st = attack_pos(seat(GRAY, field=["MK-G05"]),
                    seat(AI, hand=["MK-A01", "MK-A04"], guard={"space": "air", "cards": ["MK-A06"]}), 0, 1,
                    ("forcing", "guarding"))
    assert texts(st) == ["maintain stand", "maintain crouch", "drop"]


def test_13_6_unguardable_both_ways_gb_total() -> None:
    st = pos(seat(GRAY, hand=["MK-B01", "MK-B02", "MK-G06"], gauge=["MK-G03"]),
             seat(AI, hand=["MK-A01", "MK-A06", "MK-A04", "MK-A03"]), active=1)
    st.apply("bet MK-A01")
    st.apply("guard crouch")
    st.apply("cover MK-B01")
    st.apply("bet MK-A06")  # forcing: reach and speed ignored
    st.apply("maintain")  # +1 cover
    st.apply("cover MK-B02")
    st.apply("bet MK-A04")  # reach 0, legal while forcing (B-1 ◎)
    # Gray cannot maintain (A04 unguardable both ways, 注9); no GC: drop is applied by the engine
    assert events(st, "drop") == [{"player": 0}]
    assert [e["card"] for e in events(st, "hit")] == ["MK-A01", "MK-A06", "MK-A04"]
    assert events(st, "totals")[0]["totals"] == {"1": 4}  # A04's 2 + 1 + 1 (注16)
    assert events(st, "damage")[0]["count"] == 4
    assert events(st, "end_attack")[0]["moves"] == [
        [1, "MK-A01", "gauge"], [1, "MK-A06", "dust"], [1, "MK-A04", "dust"], [0, "MK-B01", "dust"],
        [0, "MK-B02", "dust"]]


def test_13_7_gc() -> None:
    guard = {"space": "stand", "cards": ["MK-G01", "MK-G04"]}
    st = attack_pos(seat(GRAY, gauge=["MK-G03"], hand=["MK-B02"], guard=guard),
                    seat(AI, field=["MK-A06", "MK-A07"], hand=["MK-A01"]), 1, 0, ("guarding", "forcing"))
    assert texts(st) == ["maintain", "gc", "drop"]
    st.apply("gc")  # reach 2 ≥ 2
    assert st.gauge[0] == [] and events(st, "gauge_to_dust")[0] == {"player": 0, "cards": ["MK-G03"], "gauge": 0,
                                                                     "why": "cost"}
    assert [e["card"] for e in events(st, "hit")] == ["MK-G04"]
    assert events(st, "damage")[0] == {"player": 1, "count": 3, "stamina": 3, "dust": [], "total": 3,
                                       "exhausted": False}
    moves = events(st, "end_attack")[0]["moves"]
    assert [m for m in moves if m[0] == 0] == [[0, "MK-G01", "dust"], [0, "MK-G04", "dust"]]
    # with G01 on top: no gc
    guard2 = {"space": "stand", "cards": ["MK-G04", "MK-G01"]}
    st = attack_pos(seat(GRAY, gauge=["MK-G03"], hand=["MK-B02"], guard=guard2),
                    seat(AI, field=["MK-A06", "MK-A07"]), 1, 0, ("guarding", "forcing"))
    assert texts(st) == ["maintain", "drop"]
    # had Ai bet MK-A03 (reach 3): no gc; maintain needs no card (2 ≥ 2, no flush)
    st = attack_pos(seat(GRAY, gauge=["MK-G03"], hand=[], guard=guard),
                    seat(AI, field=["MK-A06", "MK-A03"], hand=["MK-A01"]), 1, 0, ("guarding", "forcing"))
    assert texts(st) == ["maintain", "drop"]
    st.apply("maintain")
    assert st.gcards[0] == ["MK-G01", "MK-G04"] and st.decision is not None and st.decision.player == 1


def test_13_8_gc_with_a_bonus_bet() -> None:
    st = pos(seat(GRAY, hand=["MK-G01", "MK-B01", "MK-G06"], gauge=["MK-G03", "MK-G03"]),
             seat(AI, hand=["MK-E18", "MK-A02", "MK-A08"], gauge=["MK-A09", "MK-A09", "MK-A09"]))
    st.apply("bet MK-G01")
    assert len(st.gauge[0]) == 3
    st.apply("guard stand")
    st.apply("cover MK-E18")
    st.apply("bet MK-B01")  # gauge 3 -> 1
    assert texts(st) == ["maintain", "gc", "drop"]
    st.apply("gc")  # 3 ≥ 0
    assert len(st.gauge[1]) == 0
    assert st.decision is not None and st.decision.kind == "bonus"  # E18's on_hit: bonus_bet
    st.apply("bet MK-A02")
    assert len(st.gauge[1]) == 1
    assert [e["card"] for e in events(st, "hit")] == ["MK-E18", "MK-A02"]
    assert events(st, "totals")[0]["totals"] == {"1": 6}
    assert events(st, "damage")[0]["player"] == 0 and events(st, "damage")[0]["count"] == 6


def test_13_9_gain_before_text_and_trade() -> None:
    st = attack_pos(seat(GRAY, hand=["MK-G02", "MK-G06"], gauge=["MK-G03", "MK-G03"]),
                    seat(AI, field=["MK-A02"], hand=["MK-A08", "MK-A09"]), 1, 0, after_fb=True)
    st.apply("bet MK-G02")
    assert len(st.gauge[0]) == 3  # the gain first (注2) …
    assert st.field[0][0][3] == (0, 0, 2, 0)  # … then the text: attack +2 → 4
    assert st.unit_stats(0, st.field[0][0])[3] == 4
    st.apply("call")  # 4 = 4: trade
    assert events(st, "totals")[0]["totals"] == {"1": 0, "0": 4}  # Ai 2 − 3 → 0 (注14, 注15)
    dmg = events(st, "damage")
    assert [(d["player"], d["count"]) for d in dmg] == [(1, 4)]  # Gray takes 0 (first), then Ai 4
    assert events(st, "hit") == []


def test_13_10_last_lp_in_a_trade() -> None:
    nine = ["MK-G06"] * 9
    st = pos(seat(GRAY, hand=["MK-G05", "MK-G01", "MK-G06"], lp=["MK-G06"], damage=list(nine)),
             seat(AI, hand=["MK-A02", "MK-A07", "MK-A08"], lp=["MK-A08"], damage=["MK-A08"] * 9))
    for a in ("bet MK-G05", "bet MK-A02", "bet MK-G01", "bet MK-A07", "call"):
        st.apply(a)
    assert events(st, "totals")[0]["totals"] == {"0": 1, "1": 4}
    assert st.over and st.winner == 0 and st.result == "down on the last life card"
    assert [d["player"] for d in events(st, "damage")] == [1]  # Gray takes nothing
    assert len(st.damage[0]) == 9


def test_13_11_damage_overflow() -> None:
    dust = ["MK-B01", "MK-B02", "MK-B06", "MK-G01", "MK-G02"]  # D1..D5, D1 on top
    st = attack_pos(seat(GRAY, field=["MK-B01"], damage=["MK-G06"] * 7, stamina=["MK-G03", "MK-G04"],
                         dust=list(dust), lp=["MK-G05", "MK-G07", "MK-G07"]),
                    seat(AI, field=["MK-A02", "MK-A03"]), 1, 0)
    # Gray's only action is call: Ai's clean hit (2 > 1), total 2 + 3 = 5
    d = events(st, "damage")[0]
    assert d["count"] == 3 and d["stamina"] == 2 and d["dust"] == ["MK-B01"]
    assert events(st, "down")[0]["lp"] == 2
    assert st.lp[0] == ["MK-G07", "MK-G07"] and "MK-G05" in st.hand[0]
    assert st.deck[0] == ["MK-B01", "MK-G04", "MK-G03", *["MK-G06"] * 7]  # the 10 damage cards, order kept
    # dust [D2..D5], then Gray's B01 on top at F (§6.5)
    assert st.discard[0] == ["MK-B01", "MK-B02", "MK-B06", "MK-G01", "MK-G02"] and st.damage[0] == []
    # stamina and dust empty, damage 3, taking 1: down by exhaustion
    st = attack_pos(seat(GRAY, field=["MK-B01"], damage=["MK-G06"] * 3, stamina=[], dust=[],
                         lp=["MK-G05", "MK-G07"]), seat(AI, field=["MK-A01"]), 1, 0)
    d = events(st, "damage")[0]
    assert d["exhausted"] is True and d["count"] == 0
    assert events(st, "down")[0]["lp"] == 1 and st.deck[0][:3] == ["MK-G06"] * 3


def test_13_12_gauge_cap_and_destinations() -> None:
    st = pos(seat(GRAY, hand=["MK-B02", "MK-G01", "MK-G06"], gauge=["MK-G03"] * 9), seat(AI, hand=["MK-A07"]))
    st.apply("bet MK-B02")
    assert len(st.gauge[0]) == 10
    st.apply("bet MK-A07")
    st.apply("bet MK-G01")
    assert len(st.gauge[0]) == 10 and events(st, "gauge_gain")[-1]["count"] == 0  # 注1
    moves = events(st, "end_attack")[0]["moves"]
    assert moves[:2] == [[0, "MK-B02", "dust"], [0, "MK-G01", "dust"]]  # 注19
    assert st.discard[0][:2] == ["MK-G01", "MK-B02"]  # G01 on top
    # MK-A05 used for a GC returns to Ai's hand at F
    st = attack_pos(seat(GRAY, field=["MK-G01"]),
                    seat(AI, gauge=["MK-A08"], guard={"space": "stand", "cards": ["MK-A05"]}), 0, 1,
                    ("forcing", "guarding"))
    assert "gc" in texts(st)
    st.apply("gc")
    assert [m for m in events(st, "end_attack")[0]["moves"] if m[0] == 1] == [[1, "MK-A05", "hand"]]
    assert "MK-A05" in st.hand[1]


def test_13_before_options_helper_matches_the_decision() -> None:
    st = pos(seat(GRAY, hand=["MK-B01", "MK-B02", "MK-G06"], gauge=["MK-G01", "MK-G03"]), seat(AI, hand=["MK-A01"]))
    assert [a.text for a in before_options(st)] == texts(st) == ["set MK-G06", "bet MK-B02"]
