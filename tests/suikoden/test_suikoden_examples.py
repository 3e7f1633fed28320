"""Spec §15: every worked example, with the exact legal actions and outcomes the spec states."""

from __future__ import annotations

import re
from typing import Any

import pytest

from fudaba import DeckError

from .conftest import (
    battle,
    col,
    counts,
    discard,
    game,
    illegal,
    mission,
    offer,
    opts,
    pos,
    resolved,
    seat,
    slots,
    totals,
    tp,
    vps,
)

SPEC_14 = """
game = "suikoden"
turn = 8
active = 1                # turn player
first = 0
phase = "battle"          # mulligan | main | battle | replenish
seed = 4
[params]
[[seat]]                  # seat 0
mastermind = ""
vp = 1
built = 0
hand = ["GS-A13", "GS-A10", "GS-R01", "GS-A15", "GS-A11", "GS-A04"]
deck = ["GS-A16", "GS-A05"]                     # top first
discard = ["GS-A07"]
missions = []
resolved = [{card = "GS-A16", garrison = "GS-A02"}]   # `owner` when not this seat
[[seat]]                  # seat 1
mastermind = ""
vp = 0
built = 0
hand = ["GS-B01", "GS-B12", "GS-B16", "GS-B18", "GS-B14", "GS-B20"]
deck = ["GS-B05"]
discard = []
resolved = []
[[seat.missions]]         # one table per unresolved card, seat 0's `missions = []` likewise
slot = "M1"
card = "GS-B17"
support = "GS-B04"
mine = ["GS-B02", "GS-B11"]          # deployed by the owner of the mission
theirs = ["GS-A01", "GS-A05"]        # deployed by the other seat
[battle]                  # phase = "battle": the step about to be taken
seat = 1                  # owner of the battle's mission
slot = "M1"
kind = "continue"         # new | continue
actor = 1
steps = 0
last_pass = false
"""


# ------------------------------------------------------------------------------------ 15.1 links
def test_15_1_links_union_of_letters() -> None:
    st = pos(seat(hand=["GS-A02", "GS-A04", "GS-A07", "GS-A10", "GS-A11", "GS-A13"],
                  missions=[mission("GS-R01", mine=["GS-A01"])]),
             seat(), battle=battle(0, kind="new", actor=0, steps=3, last_pass=True))
    assert st.decision.player == 0 and st.decision.kind == "step"
    # no rune: フリック's rune needs an enemy character to target (§8.3)
    assert opts(st) == ["deploy GS-A02", "deploy GS-A07", "deploy GS-A11", "deploy GS-A13", "pass"]
    illegal(st, "deploy GS-A10", "6.1")  # GH: no letter of AEI
    illegal(st, "deploy GS-A04", "6.1")  # BDF
    st.apply("deploy GS-A11")  # AEI ∪ EHI; seat 1 (empty hand) passes by itself
    assert st.decision.player == 0 and st.decision.kind == "step"
    assert opts(st) == ["deploy GS-A02", "deploy GS-A07", "deploy GS-A10", "deploy GS-A13", "pass"]
    illegal(st, "deploy GS-A04", "6.1")
    st.apply("deploy GS-A13")  # DE brings D
    assert opts(st) == ["deploy GS-A02", "deploy GS-A04", "deploy GS-A07", "deploy GS-A10", "pass"]
    assert col(st, 0, "M1", 0) == ["GS-A01", "GS-A11", "GS-A13"]
    assert tp(st, 0)["missions"][0]["links"] == ["ADEHI", ""]


# ------------------------------------------------------------------------------------ 15.2 attack draw
def test_15_2_attack_draw_both_meet_everything_discarded(g: Any) -> None:
    st = g.load_position(SPEC_14)
    assert st.decision.player == 1 and st.decision.kind == "step"
    # GS-B12 ザジ (CI): no link; GS-B14 ハンス: barred by トトの焼き討ち; no pass on this first step
    assert opts(st) == ["deploy GS-B01", "redeploy"]
    illegal(st, "pass", "5", "7.1")
    illegal(st, "deploy GS-B12", "6.1")
    illegal(st, "deploy GS-B14", "7.1", "10")
    # クラウス's support effect: seat 0's atk total 4+3−2
    assert totals(st, 1) == [{"atk": 5, "mil": 2000, "con": 2}, {"atk": 6, "mil": 3000, "con": 1}]
    st.apply("redeploy")  # seat 1: 3+3+1 = 7, seat 0: 4+3 = 7 (the −2 is gone): both meet 7
    assert sorted(discard(st, 1)) == ["GS-B02", "GS-B04", "GS-B11", "GS-B17"]
    assert sorted(discard(st, 0)) == ["GS-A01", "GS-A05", "GS-A07"]
    assert vps(st) == [1, 0]
    assert slots(st, 1) == {} and resolved(st, 1) == []
    assert resolved(st, 0) == [("GS-A16", "GS-A02", 0)]
    # the battle is over: replenish (both hands are full), then seat 0's turn 9
    assert st.turn == 9 and st.decision.player == 0 and st.decision.kind == "main"


# ------------------------------------------------------------------------------------ 15.3 troops
def _ex3(**params: Any) -> Any:
    return pos(seat(hand=["GS-A11"], missions=[mission("GS-A16", mine=["GS-A04", "GS-A08", "GS-A07", "GS-A05"],
                                                       theirs=["GS-B01"])]),
               seat(), battle=battle(0, kind="new", actor=0, steps=3, last_pass=True), params=params)


def test_15_3_troops_exact_casualties_then_clear() -> None:
    st = _ex3()
    assert opts(st) == ["deploy GS-A11", "pass"]
    st.apply("pass")  # both passed in a row: 5500 against 2500
    # seat 0 (turn player) must lose exactly 2500: ツァイ+ジョウイ+ナナミ, never シュウ. The set is
    # forced, so the engine may take it without asking; if it asks, only those three are offered.
    if st.decision.kind == "casualties":
        assert st.decision.player == 0
        assert opts(st) == ["lose M1.2", "lose M1.3", "lose M1.4"]
        illegal(st, "lose M1.1", "7.3")
    offer(st, 0, "casualties", "lose M1.4")  # from the end: earlier numbers stay whatever the renumbering
    offer(st, 0, "casualties", "lose M1.3")
    offer(st, 0, "casualties", "lose M1.2")
    assert sorted(discard(st, 0)) == ["GS-A05", "GS-A07", "GS-A08"]
    assert discard(st, 1) == ["GS-B01"]  # 2500 ≤ 5500: wiped out
    # シュウ 3000 ≥ 3000 and can garrison: seat 0 clears, left VP
    assert resolved(st, 0) == [("GS-A16", "GS-A04", 0)]
    assert vps(st) == [1, 0]
    assert slots(st, 0) == {}


def test_15_3_troops_inexact_losing_shu_leaves_it_unresolved() -> None:
    st = _ex3(troops_exact=False)
    st.apply("pass")
    assert st.decision.player == 0 and st.decision.kind == "casualties"
    assert opts(st) == ["lose M1.1", "lose M1.2", "lose M1.3", "lose M1.4"]
    st.apply("lose M1.1")  # シュウ's 3000 reaches 2500 alone: a minimal set
    offer(st, 0, "casualties", "done")
    assert discard(st, 0) == ["GS-A04"]
    assert discard(st, 1) == ["GS-B01"]
    # 2500 < 3000: unresolved, three survivors
    assert slots(st, 0) == {"M1": "GS-A16"}
    assert col(st, 0, "M1", 0) == ["GS-A08", "GS-A07", "GS-A05"]
    assert col(st, 0, "M1", 1) == []
    assert vps(st) == [0, 0] and resolved(st, 0) == []


# ------------------------------------------------------------------------------------ 15.4 facility
def _ex4(**params: Any) -> Any:
    return pos(seat(hand=["GS-A05", "GS-A10"]),
               seat(hand=["GS-B12", "GS-B18"], built=1, resolved=[{"card": "GS-B21", "garrison": "GS-B13"}],
                    missions=[mission("GS-B20", mine=["GS-B01", "GS-B14"], theirs=["GS-A01", "GS-A07", "GS-A11"],
                                      support="GS-B04")]),
               turn=4, active=1, battle=battle(1), params=params)


def test_15_4_facility_build_beats_block() -> None:
    st = _ex4()
    assert st.decision.player == 1
    assert opts(st) == ["deploy GS-B12", "redeploy"]
    t = totals(st, 1)
    assert t[1]["con"] == 4  # ソロン 0 + ハンス 3+1 (鍛冶屋)
    assert t[0]["atk"] == 7  # フリック 4 + ジョウイ 3 + ミナ 2 − 2 (クラウス)
    st.apply("redeploy")  # con 5 builds; atk 9 blocks; build wins
    assert sorted(discard(st, 0)) == ["GS-A01", "GS-A07", "GS-A11"]
    assert st.decision.player == 1 and st.decision.kind == "garrison"
    assert opts(st) == ["garrison M1.1", "garrison M1.2", "garrison M1.3"]
    st.apply("garrison M1.2")  # ハンス
    assert sorted(discard(st, 1)) == ["GS-B01", "GS-B04"]
    assert resolved(st, 1) == [("GS-B21", "GS-B13", 1), ("GS-B20", "GS-B14", 1)]
    assert tp(st, 1)["built"] == 2
    assert vps(st) == [0, 1]  # built = 2 → +1 VP


@pytest.mark.parametrize(("per_vp", "vp"), [(0, 0), (3, 0), (1, 1)])
def test_15_4_facilities_per_vp_param(per_vp: int, vp: int) -> None:
    st = _ex4(facilities_per_vp=per_vp)
    st.apply("redeploy")
    st.apply("garrison M1.1")
    assert tp(st, 1)["built"] == 2
    assert vps(st) == [0, vp]


# ------------------------------------------------------------------------------------ 15.5 duel
def _duel(pick0: str, pick1: str, other1: str = "GS-B12") -> Any:
    st = pos(seat(hand=["GS-A17", pick0, "GS-A10"]), seat(hand=[pick1, other1]))
    assert "play GS-A17" in opts(st)
    st.apply("play GS-A17")  # a duel resolves at once: turn player first, face down
    assert st.decision.player == 0 and st.decision.kind == "duel"
    assert opts(st) == sorted([f"duel {pick0}", "duel GS-A10"])
    st.apply(f"duel {pick0}")
    assert st.decision.player == 1 and st.decision.kind == "duel"
    assert opts(st) == sorted([f"duel {pick1}", f"duel {other1}"])
    st.apply(f"duel {pick1}")
    return st


def test_15_5_duel_tie_goes_to_the_placer() -> None:
    st = _duel("GS-A05", "GS-B11")  # ナナミ 3 = ロレライ 3
    assert resolved(st, 0) == [("GS-A17", "GS-A05", 0)]
    assert vps(st) == [1, 0]
    assert discard(st, 1) == ["GS-B11"] and discard(st, 0) == []
    assert slots(st, 0) == {}


def test_15_5_duel_pair_wins_but_cannot_garrison() -> None:
    st = _duel("GS-A03", "GS-B10")  # 8 against 6 (ネクロード's text is off)
    assert sorted(discard(st, 0)) == ["GS-A03", "GS-A17"]
    assert discard(st, 1) == ["GS-B10"]
    assert vps(st) == [0, 0] and resolved(st, 0) == [] and resolved(st, 1) == []
    assert slots(st, 0) == {}


def test_15_5_duel_non_character_discarded_counts_zero() -> None:
    st = _duel("GS-A13", "GS-B16")  # ヒルダ 0 against a mission: discarded, 0; 0 = 0 → placer
    assert discard(st, 1) == ["GS-B16"]
    assert resolved(st, 0) == [("GS-A17", "GS-A13", 0)]
    assert vps(st) == [1, 0]


# ------------------------------------------------------------------------------------ 15.6 betrayal
def test_15_6_betrayal_discards_the_opponents_same_named_card() -> None:
    st = pos(seat(hand=["GS-A07", "GS-A02"], missions=[mission("GS-R01", mine=["GS-A01", "GS-A07"])]),
             seat(hand=["GS-B03", "GS-B01"]), turn=4, active=1, battle=battle(0))
    assert st.decision.player == 1
    assert opts(st) == ["deploy GS-B01", "deploy GS-B03"]
    st.apply("deploy GS-B03")
    assert discard(st, 0) == ["GS-A07"]
    assert col(st, 0, "M1", 0) == ["GS-A01"]
    assert col(st, 0, "M1", 1) == ["GS-B03"]  # seat 1's xM1.1
    # seat 0 acts: its other ジョウイ may not enter while GS-B03 is in play
    assert st.decision.player == 0 and st.decision.kind == "step"
    assert opts(st) == ["deploy GS-A02", "pass", "rune M1.1"]
    illegal(st, "deploy GS-A07", "6.2")
    # フリック's rune (cost: one card) targets the only enemy there, GS-B03
    st.apply("rune M1.1")
    offer(st, 0, "cost", "discard GS-A07")
    assert totals(st, 0)[1]["atk"] == 3  # GS-B03 5 − 2


def test_15_6_pair_in_play_bars_both_names() -> None:
    # フリック (AEI) and ビクトール (ACE) share A with ナナミ, but ビクトール&フリック is in play
    st = pos(seat(hand=["GS-A01", "GS-A02", "GS-A07", "GS-A11"],
                   missions=[mission("GS-A15", mine=["GS-A03"]), mission("GS-R01", mine=["GS-A05"], slot="M2")]),
              seat(), battle=battle(0, slot="M2"))
    assert st.decision.player == 0 and st.decision.kind == "step"
    assert opts(st) == ["deploy GS-A07", "deploy GS-A11"]
    illegal(st, "deploy GS-A01", "6.2")
    illegal(st, "deploy GS-A02", "6.2")


# ------------------------------------------------------------------------------------ 15.7 counter
def _ex7(**params: Any) -> Any:
    st = pos(seat(hand=["GS-A08", "GS-A10"], missions=[mission("GS-R01", mine=["GS-A01"], theirs=["GS-B01"])]),
             seat(hand=["GS-B05", "GS-B12"], vp=3), turn=4, active=1, battle=battle(0), params=params)
    assert st.decision.player == 1
    assert opts(st) == ["deploy GS-B05", "deploy GS-B12"]
    st.apply("deploy GS-B05")  # ソロン 4 + シード 4 = 8 ≥ 8
    assert st.decision.player == 0 and st.decision.kind == "counter"
    assert opts(st) == ["counter GS-A08", "pass"]
    assert st.view(1)["decision"]["kind"] == "deciding"  # a private decision
    return st


def test_15_7_counter_keeps_the_battle_going() -> None:
    st = _ex7()
    st.apply("counter GS-A08")  # シード 4 − 2: seat 1 has 6
    assert discard(st, 0) == ["GS-A08"]
    assert totals(st, 0)[1]["atk"] == 6
    assert not st.is_over and vps(st) == [0, 3]
    assert st.decision.player == 0 and st.decision.kind == "step"  # one counter per deployment
    assert opts(st) == ["pass", "rune M1.1"]


def test_15_7_pass_then_seat_1_clears_and_wins_before_replenish() -> None:
    st = _ex7()
    st.apply("pass")
    assert discard(st, 0) == ["GS-A01"]
    assert st.decision.player == 1 and st.decision.kind == "garrison"
    assert opts(st) == ["garrison xM1.1", "garrison xM1.2"]
    st.apply("garrison xM1.2")
    assert vps(st) == [0, 5]  # the right number: 2
    assert st.is_over and st.winner == 1 and st.result == "vp"
    assert resolved(st, 1) == [("GS-R01", "GS-B05", 0)]
    assert discard(st, 1) == ["GS-B01"]
    assert counts(st, 1)[0] == 1  # no replenish: still one card in hand
    assert st.decision is None


def test_15_7_vp_to_win_param() -> None:
    st = _ex7(vp_to_win=6)
    st.apply("pass")
    st.apply("garrison xM1.2")
    assert vps(st) == [0, 5] and not st.is_over
    assert counts(st, 1)[0] == 6  # the turn went on to replenish


# ------------------------------------------------------------------------------------ 15.8 continue
def test_15_8_continue_needs_a_possible_first_step() -> None:
    st = pos(seat(hand=["GS-A05", "GS-A10", "GS-A11", "GS-A13", "GS-R01", "GS-R02"]),
             seat(missions=[mission("GS-B18", mine=["GS-B01"])]))
    assert st.decision.player == 0 and st.decision.kind == "main"
    assert opts(st) == ["discard GS-A05", "discard GS-A10", "discard GS-A11", "discard GS-A13", "discard GS-R01",
                        "discard GS-R02", "play GS-R01", "play GS-R02"]
    illegal(st, "continue xM1", "5")
    illegal(st, "pass", "5")


# ------------------------------------------------------------------------------------ 15.9 replenish
def _ex9(deck0: int, hand1: int) -> Any:
    return pos(seat(hand=["GS-A05", "GS-A10", "GS-A11"], deck=["GS-A15"] * deck0, built=1,
                    resolved=[{"card": "GS-R02", "garrison": "GS-A13"}]),
               seat(hand=["GS-B01", "GS-B02", "GS-B05", "GS-B06", "GS-B11", "GS-B12"][:hand1], deck=[]),
               phase="replenish")


def test_15_9_replenish_to_the_library_limit() -> None:
    st = _ex9(10, 6)
    assert tp(st, 0)["hand_limit"] == 7
    assert counts(st, 0) == (7, 6)  # drew 4
    assert not st.is_over
    assert st.turn == 4 and st.decision.player == 1 and st.decision.kind == "main"


def test_15_9_replenish_from_an_empty_deck_loses() -> None:
    st = _ex9(10, 5)
    assert st.is_over and st.winner == 0 and st.result == "deck out"


def test_15_9_both_short_is_a_draw() -> None:
    st = _ex9(3, 5)
    assert st.is_over and st.winner is None and st.result == "deck out (both)"


# ------------------------------------------------------------------------------------ 15.10 deck check
B_LINES = ["4 GS-B01", "3 GS-B02", "3 GS-B03", "3 GS-B04", "3 GS-B05", "3 GS-B06", "1 GS-B07", "4 GS-B08"] + [
    f"2 GS-B{n:02d}" for n in range(9, 22)]


def deck_b(mastermind: str = "GS-M02", fifth_seed: bool = False) -> str:
    lines = list(B_LINES)
    if fifth_seed:
        lines[4], lines[7] = "4 GS-B05", "3 GS-B08"
    return "\n".join([*lines, "# 総大将", f"1 {mastermind}"]) + "\n"


def test_15_10_deck_b_is_legal() -> None:
    g = game()
    assert g.check_deck(deck_b()) == []
    d = g.parse_deck(deck_b())
    assert len(d.main) == 50
    assert sorted(d.main) == sorted(g.starter_decks()["b_highland"].main)


def test_15_10_pair_counts_one_copy_of_each_name() -> None:
    g = game()
    problems = g.check_deck(deck_b(fifth_seed=True))
    assert len(problems) == 1
    assert "シード: 5 copies (max 4)" in problems[0]
    with pytest.raises(DeckError) as ei:
        g.parse_deck(deck_b(fifth_seed=True))
    assert "シード: 5 copies (max 4)" in str(ei.value)
    assert game(max_copies=5).check_deck(deck_b(fifth_seed=True)) == []
    assert game(max_copies=0).check_deck(deck_b(fifth_seed=True)) == []  # 0 = unlimited


def test_15_10_camp_problem_per_kingdom_line_under_the_hero() -> None:
    problems = game().check_deck(deck_b(mastermind="GS-M01"))
    assert len(problems) == 8  # GS-B01…GS-B08 are 王国軍; free, craftsmen, missions, facilities are fine
    lines = sorted(int(m.group(1)) for p in problems for m in [re.search(r"\bline (\d+)\b", p)] if m)
    assert lines == [1, 2, 3, 4, 5, 6, 7, 8]
