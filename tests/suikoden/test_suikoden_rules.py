"""Spec §4–§9 and the §11 parameters, black box: positions (§14) set the scene, views tell the outcome."""

from __future__ import annotations

from typing import Any

import pytest

from .conftest import (
    COOP_CULGAN,
    MM_JOWY,
    MM_NANAMI,
    TROOPS_4500,
    battle,
    col,
    counts,
    discard,
    game,
    hand,
    illegal,
    mission,
    mview,
    offer,
    opts,
    play,
    pos,
    resolved,
    seat,
    seen,
    slots,
    support,
    table,
    totals,
    tp,
    vps,
)


# =============================================================================================== §4 setup
def test_4_1_first_param_and_seeded_random() -> None:
    for f in (0, 1):
        st = game(first=f).new_game(seed=3)
        assert table(st)["first"] == f
        assert st.decision.player == f and st.decision.kind == "mulligan"  # §4.4: first player first
    assert {table(game().new_game(seed=s))["first"] for s in range(16)} == {0, 1}
    assert table(game().new_game(seed=7))["first"] == table(game().new_game(seed=7))["first"]


def test_4_3_each_draws_starting_hand() -> None:
    st = game(first=0).new_game(seed=5)
    assert [counts(st, p) for p in (0, 1)] == [(6, 44), (6, 44)]
    st = game(first=0, starting_hand=4).new_game(seed=5)
    assert [counts(st, p) for p in (0, 1)] == [(4, 46), (4, 46)]


def test_4_4_mulligan_returns_one_at_a_time_then_draws_back() -> None:
    st = game(first=0).new_game(seed=5)
    h = hand(st, 0)
    assert opts(st) == sorted({f"return {c}" for c in h} | {"done"})
    st.apply(f"return {h[0]}")
    assert st.decision.player == 0 and st.decision.kind == "mulligan"
    assert tp(st, 0)["returned"] == 1 and tp(st, 0, viewer=1)["returned"] == 1  # the count is public
    assert not seen(st, 1, h[0])  # which card is not
    assert counts(st, 0) == (5, 44)
    rest = list(h)
    rest.remove(h[0])
    assert opts(st) == sorted({f"return {c}" for c in rest} | {"done"})
    st.apply("done")
    assert counts(st, 0) == (6, 44)  # shuffled back, drew back to 6
    assert st.decision.player == 1 and st.decision.kind == "mulligan"
    st.apply("done")
    assert counts(st, 1) == (6, 44)
    assert st.turn == 1 and st.decision.player == 0 and st.decision.kind == "main"


@pytest.mark.parametrize("mx", [1, 3])
def test_4_4_mulligan_max_returns(mx: int) -> None:
    st = game(first=0, mulligan_max=mx).new_game(seed=5)
    for _ in range(mx):
        assert st.decision.player == 0 and st.decision.kind == "mulligan"
        st.apply(next(o for o in opts(st) if o.startswith("return ")))
    # the last allowed return leaves only `done`, answered by the engine: seat 1's mulligan
    assert st.decision.player == 1 and st.decision.kind == "mulligan"
    assert counts(st, 0) == (6, 44)


def test_4_4_mulligan_max_zero_means_no_mulligan() -> None:
    st = game(first=1, mulligan_max=0).new_game(seed=5)
    assert st.turn == 1 and st.decision.player == 1 and st.decision.kind == "main"


def test_4_5_first_players_turn_1_has_replenish() -> None:
    st = game(first=0, mulligan_max=0).new_game(seed=5)
    c = hand(st, 0)[0]
    play(st, f"discard {c}", "done")
    assert counts(st, 0) == (6, 43)
    assert st.turn == 2 and st.decision.player == 1 and st.decision.kind == "main"


# =============================================================================================== §5 turn
def test_5_main_discard_one_at_a_time_then_done() -> None:
    st = pos(seat(hand=["GS-A05", "GS-A10", "GS-A11"]))
    assert opts(st) == ["discard GS-A05", "discard GS-A10", "discard GS-A11"]
    illegal(st, "done", "5")
    st.apply("discard GS-A10")
    assert st.decision.player == 0 and st.decision.kind == "discard"
    assert opts(st) == ["discard GS-A05", "discard GS-A11", "done"]
    play(st, "discard GS-A05", "done")
    assert discard(st, 0) == ["GS-A10", "GS-A05"]
    assert counts(st, 0) == (6, 5)  # replenish: 1 + 5
    assert st.turn == 4 and st.decision.player == 1 and st.decision.kind == "main"


def test_5_pass_only_when_nothing_else_is_legal() -> None:
    st = pos(seat(hand=["GS-A05", "GS-A10"]))
    assert opts(st) == ["discard GS-A05", "discard GS-A10"]
    illegal(st, "pass", "5")
    # an empty hand and nothing to continue: pass is the only action (answered by the engine)
    st = pos(seat(hand=[]), seat(hand=["GS-B01", "GS-B02"]))
    assert st.turn == 4 and st.decision.player == 1 and st.decision.kind == "main"
    assert counts(st, 0) == (6, 4)


def test_5_new_mission_opponent_acts_first() -> None:
    st = pos(seat(hand=["GS-R01", "GS-A01", "GS-A05"]), seat(hand=["GS-B01", "GS-B12"]))
    assert opts(st) == ["discard GS-A01", "discard GS-A05", "discard GS-R01", "play GS-R01"]
    st.apply("play GS-R01")
    assert slots(st, 0) == {"M1": "GS-R01"}
    assert table(st)["battle"] == {"seat": 0, "slot": "M1", "kind": "new", "actor": 1, "steps": 0, "last_pass": False}
    assert st.decision.player == 1 and st.decision.kind == "step"
    assert opts(st) == ["deploy GS-B01", "pass"]  # the opponent may pass on a new mission's first step
    assert st.view(0)["decision"]["kind"] == "deciding"  # a private decision


def test_5_one_battle_per_turn_then_replenish_both() -> None:
    st = pos(seat(hand=["GS-R01", "GS-A01", "GS-A05"]), seat(hand=["GS-B01", "GS-B12"]))
    play(st, "play GS-R01", "pass")
    assert st.decision.player == 0 and opts(st) == ["deploy GS-A01", "pass"]
    st.apply("pass")  # both passed in a row: unresolved, the battle (and the main phase) is over
    assert slots(st, 0) == {"M1": "GS-R01"}
    assert col(st, 0, "M1", 0) == [] and col(st, 0, "M1", 1) == []
    assert table(st)["battle"] is None
    assert counts(st, 0) == (6, 6) and counts(st, 1) == (6, 6)  # both drew 4
    assert st.turn == 4 and st.decision.player == 1 and st.decision.kind == "main"


def test_5_new_mission_goes_to_the_lowest_free_slot() -> None:
    st = pos(seat(hand=["GS-R01", "GS-A05"], missions=[mission("GS-A15", slot="M2")]))
    assert opts(st) == ["discard GS-A05", "discard GS-R01", "play GS-R01"]
    st.apply("play GS-R01")
    assert slots(st, 0) == {"M1": "GS-R01", "M2": "GS-A15"}


def test_5_no_new_mission_when_slots_are_full() -> None:
    full = seat(hand=["GS-R01", "GS-A05"], missions=[mission("GS-A15"), mission("GS-A16", slot="M2")])
    st = pos(full)
    assert opts(st) == ["discard GS-A05", "discard GS-R01"]
    illegal(st, "play GS-R01", "5")
    st = pos(full, params={"mission_slots": 3})
    assert opts(st) == ["discard GS-A05", "discard GS-R01", "play GS-R01"]
    st.apply("play GS-R01")
    assert slots(st, 0) == {"M1": "GS-A15", "M2": "GS-A16", "M3": "GS-R01"}
    st = pos(seat(hand=["GS-R01", "GS-A05"], missions=[mission("GS-A15")]), params={"mission_slots": 1})
    assert opts(st) == ["discard GS-A05", "discard GS-R01"]


def test_5_continue_turn_player_first_and_no_pass_on_the_first_step() -> None:
    st = pos(seat(hand=["GS-A05", "GS-A07"], missions=[mission("GS-R01", mine=["GS-A01"])]),
             seat(hand=["GS-B01", "GS-B12"]))
    assert opts(st) == ["continue M1", "discard GS-A05", "discard GS-A07"]
    st.apply("continue M1")
    assert table(st)["battle"] == {"seat": 0, "slot": "M1", "kind": "continue", "actor": 0, "steps": 0,
                                   "last_pass": False}
    assert st.decision.player == 0 and st.decision.kind == "step"
    assert opts(st) == ["deploy GS-A05", "deploy GS-A07"]
    illegal(st, "pass", "5", "7.1")


def test_5_continue_offered_for_any_possible_first_step() -> None:
    # a leader can open a column on the opponent's mission
    st = pos(seat(hand=["GS-A01", "GS-A05"]), seat(missions=[mission("GS-B18", mine=["GS-B01"])]))
    assert opts(st) == ["continue xM1", "discard GS-A01", "discard GS-A05"]
    # a redeploy is a step
    full = [mission("GS-R01", mine=["GS-A01"], support="GS-A09"), mission("GS-A16", slot="M2")]
    st = pos(seat(hand=["GS-A15"], missions=full))
    assert opts(st) == ["continue M1", "discard GS-A15"]
    # so is a rune with a card to pay and a target
    full = [mission("GS-R01", mine=["GS-A01"], theirs=["GS-B01"]), mission("GS-A16", slot="M2")]
    st = pos(seat(hand=["GS-A15"], missions=full))
    assert opts(st) == ["continue M1", "discard GS-A15"]


def test_5_replenish_discard_down_by_choice_turn_player_first() -> None:
    h0 = ["GS-A01", "GS-A02", "GS-A04", "GS-A05", "GS-A07", "GS-A10", "GS-A13"]
    h1 = ["GS-B01", "GS-B02", "GS-B05", "GS-B06", "GS-B11", "GS-B12", "GS-B13"]
    st = pos(seat(hand=h0), seat(hand=h1), phase="replenish")
    assert st.decision.player == 0 and st.decision.kind == "replenish"
    assert opts(st) == [f"discard {c}" for c in sorted(h0)]
    st.apply("discard GS-A10")
    assert counts(st, 0) == (6, 10)
    assert st.decision.player == 1 and st.decision.kind == "replenish"
    st.apply("discard GS-B13")
    assert discard(st, 0) == ["GS-A10"] and discard(st, 1) == ["GS-B13"]
    assert st.turn == 4 and st.decision.player == 1 and st.decision.kind == "main"


def test_5_replenish_to_the_hand_limit_param() -> None:
    st = pos(seat(hand=["GS-A05", "GS-A10"]), seat(hand=["GS-B01", "GS-B02", "GS-B05", "GS-B06", "GS-B11", "GS-B12"]),
             phase="replenish", params={"hand_limit": 4})
    assert counts(st, 0) == (4, 8)
    assert tp(st, 0)["hand_limit"] == 4
    assert st.decision.player == 1 and st.decision.kind == "replenish"
    play(st, "discard GS-B01", "discard GS-B02")
    assert counts(st, 1) == (4, 10)


@pytest.mark.parametrize(("limit", "over"), [(3, True), (4, False), (0, False)])
def test_5_turn_limit_ends_the_game_as_a_draw(limit: int, over: bool) -> None:
    st = pos(seat(hand=["GS-A05", "GS-A10"]), params={"turn_limit": limit})
    play(st, "discard GS-A05", "done")
    assert st.is_over is over
    if over:
        assert st.winner is None and st.result == "turn limit"
    else:
        assert st.turn == 4


# =============================================================================================== §6.1 links
def test_6_1_only_a_leader_opens_an_empty_column() -> None:
    st = pos(seat(hand=["GS-A01", "GS-A04", "GS-A05", "GS-A09"]), seat(missions=[mission("GS-B18")]),
             turn=4, active=1, battle=battle(1, kind="new"))
    assert st.decision.player == 0 and st.decision.kind == "step"
    assert opts(st) == ["deploy GS-A01", "deploy GS-A04", "pass"]
    illegal(st, "deploy GS-A05", "6.1")
    illegal(st, "deploy GS-A09", "6.1")


def test_6_1_leaders_too_need_a_shared_letter_and_letters_stay() -> None:
    st = pos(seat(hand=["GS-A02", "GS-A04", "GS-A10"], missions=[mission("GS-R01", mine=["GS-A01"])]),
             battle=battle(0, kind="new", steps=1))
    assert opts(st) == ["deploy GS-A02", "pass"]  # ビクトール ACE shares A; シュウ BDF shares nothing
    illegal(st, "deploy GS-A04", "6.1")
    # the leader has gone: ナナミ's letters (AGH) remain the column's links
    st = pos(seat(hand=["GS-A04", "GS-A07", "GS-A11", "GS-A13"], missions=[mission("GS-R01", mine=["GS-A05"])]),
             battle=battle(0, kind="new", steps=1))
    assert opts(st) == ["deploy GS-A07", "deploy GS-A11", "pass"]
    illegal(st, "deploy GS-A04", "6.1")
    illegal(st, "deploy GS-A13", "6.1")


def test_6_1_supports_do_not_count_for_links() -> None:
    st = pos(seat(hand=["GS-A01", "GS-A05", "GS-A10"], missions=[mission("GS-R01", support="GS-A09")]),
             battle=battle(0, kind="new", steps=1))
    assert opts(st) == ["deploy GS-A01", "pass"]  # ミリー's AEG opens nothing
    illegal(st, "deploy GS-A05", "6.1")
    st = pos(seat(hand=["GS-A05", "GS-A13"], missions=[mission("GS-R01", mine=["GS-A04"], support="GS-A09")]),
             battle=battle(0, kind="new", steps=1))
    assert opts(st) == ["deploy GS-A13", "pass"]
    illegal(st, "deploy GS-A05", "6.1")
    assert tp(st, 0)["missions"][0]["links"] == ["BDF", ""]


# =============================================================================================== §6.2 uniqueness
def test_6_2_unique_across_both_sides() -> None:
    st = pos(seat(hand=["GS-A05", "GS-A07"], missions=[mission("GS-R01", mine=["GS-A01"])]),
             seat(missions=[mission("GS-B18", mine=["GS-B03"])]), battle=battle(0, kind="new", steps=1))
    assert opts(st) == ["deploy GS-A05", "pass"]
    illegal(st, "deploy GS-A07", "6.2")


def test_6_2_a_support_counts_on_either_side() -> None:
    st = pos(seat(hand=["GS-B04", "GS-A13", "GS-A10"], missions=[mission("GS-A16", mine=["GS-A04"])]),
             seat(missions=[mission("GS-B18", support="GS-B04")]), battle=battle(0, kind="new", steps=1))
    assert opts(st) == ["deploy GS-A13", "pass"]  # クラウス (BDH) would link, but one is a support
    illegal(st, "deploy GS-B04", "6.2")
    st = pos(seat(hand=["GS-R01", "GS-A06", "GS-A05"], missions=[mission("GS-A15", slot="M2", support="GS-A06")]))
    assert opts(st) == ["discard GS-A05", "discard GS-A06", "discard GS-R01", "play GS-R01"]
    illegal(st, "play GS-R01 GS-A06", "6.2", "8.1")


def test_6_2_masterminds_count_and_same_named_masterminds_are_allowed() -> None:
    st = pos(seat(hand=["GS-A05", "GS-A07"], missions=[mission("GS-R01", mine=["GS-A01"])]),
             seat(mastermind="GS-X01"), battle=battle(0, kind="new", steps=1), cards=[MM_NANAMI])
    assert opts(st) == ["deploy GS-A07", "pass"]
    illegal(st, "deploy GS-A05", "6.2")
    st = pos(seat(mastermind="GS-X01", hand=["GS-A10"]), seat(mastermind="GS-X01"), cards=[MM_NANAMI])
    assert tp(st, 0)["mastermind"] == tp(st, 1)["mastermind"] == "GS-X01"
    st = pos(seat(mastermind="GS-M01", hand=["GS-A10"]), seat(mastermind="GS-M01"))
    assert tp(st, 0)["mastermind"] == tp(st, 1)["mastermind"] == "GS-M01"


@pytest.mark.parametrize("unique", [True, False])
def test_6_2_garrisons_count_when_garrison_unique(unique: bool) -> None:
    st = pos(seat(hand=["GS-A05", "GS-A07"], missions=[mission("GS-R01", mine=["GS-A01"])]),
             seat(resolved=[{"card": "GS-B18", "garrison": "GS-B03"}], vp=2),
             battle=battle(0, kind="new", steps=1), params={"garrison_unique": unique})
    if unique:
        assert opts(st) == ["deploy GS-A05", "pass"]
        illegal(st, "deploy GS-A07", "6.2")
    else:
        assert opts(st) == ["deploy GS-A05", "deploy GS-A07", "pass"]


def test_6_2_a_pair_shares_both_names() -> None:
    st = pos(seat(hand=["GS-A03", "GS-A05"], missions=[mission("GS-R01", mine=["GS-A02"]),
                                                      mission("GS-A15", mine=["GS-A01"], slot="M2")]),
             battle=battle(0, kind="new", steps=1))
    assert opts(st) == ["deploy GS-A05", "pass"]
    illegal(st, "deploy GS-A03", "6.2")


def test_6_2_missions_are_not_unique() -> None:
    st = pos(seat(hand=["GS-R01", "GS-A05"], missions=[mission("GS-R01")]))
    assert "play GS-R01" in opts(st)
    st.apply("play GS-R01")
    assert slots(st, 0) == {"M1": "GS-R01", "M2": "GS-R01"}


# =============================================================================================== §6.3 betrayal
def test_6_3_betrayal_discards_a_garrison_and_scored_vp_stay() -> None:
    st = pos(seat(vp=1, resolved=[{"card": "GS-A16", "garrison": "GS-A07"}]),
             seat(hand=["GS-B03", "GS-B01"], missions=[mission("GS-B18")]), turn=4, active=1, battle=battle(1))
    assert opts(st) == ["deploy GS-B01", "deploy GS-B03"]
    st.apply("deploy GS-B03")
    assert discard(st, 0) == ["GS-A07"]
    assert vps(st) == [1, 0]
    assert resolved(st, 0) == [("GS-A16", "", 0)]
    assert col(st, 1, "M1", 1) == ["GS-B03"]


def test_6_3_never_against_a_mastermind() -> None:
    st = pos(seat(mastermind="GS-X02"), seat(hand=["GS-B03", "GS-B01", "GS-B02"], missions=[mission("GS-B18")]),
             turn=4, active=1, battle=battle(1), cards=[MM_JOWY])
    assert opts(st) == ["deploy GS-B01", "deploy GS-B02"]
    illegal(st, "deploy GS-B03", "6.2", "6.3")


def test_6_3_never_against_your_own_card() -> None:
    st = pos(seat(), seat(hand=["GS-B03", "GS-B01", "GS-B02"],
                          missions=[mission("GS-B18"), mission("GS-B17", mine=["GS-B03"], slot="M2")]),
             turn=4, active=1, battle=battle(1))
    assert opts(st) == ["deploy GS-B01", "deploy GS-B02"]
    illegal(st, "deploy GS-B03", "6.2", "6.3")


# =============================================================================================== §7.1 skeleton
def test_7_1_an_automatic_pass_is_logged_like_a_chosen_one() -> None:
    def tail(hand1: list[str]) -> list[dict[str, Any]]:
        st = pos(seat(hand=["GS-A05", "GS-A07", "GS-A10"], missions=[mission("GS-R01", mine=["GS-A01"])]),
                 seat(hand=hand1), battle=battle(0, kind="new", steps=3))
        n = len(st.log_view(0))
        st.apply("deploy GS-A05")
        if st.decision.player == 1:  # seat 1 has a real choice (GS-B01 could open a column)
            assert opts(st) == ["deploy GS-B01", "pass"]
            st.apply("pass")
        assert st.decision.player == 0 and st.decision.kind == "step"
        return list(st.log_view(0)[n:])

    auto, chosen = tail([]), tail(["GS-B01"])
    assert auto == chosen
    assert [e["kind"] for e in auto] == ["deploy", "pass"]


# =============================================================================================== §7.2 attack
def test_7_2_one_meets_clears_the_loser_loses_its_cards_and_support() -> None:
    st = pos(seat(hand=["GS-A01", "GS-A05"]),
             seat(missions=[mission("GS-R01", mine=["GS-B01"], theirs=["GS-A02"], support="GS-B04")]),
             battle=battle(1))
    assert totals(st, 1)[0]["atk"] == 3  # ビクトール 5 − 2 (クラウス)
    assert opts(st) == ["deploy GS-A01", "deploy GS-A05"]
    st.apply("deploy GS-A01")  # ビクトール 5+2 (cooperation フリック) + フリック 4 − 2 = 9 ≥ 8
    assert sorted(discard(st, 1)) == ["GS-B01", "GS-B04"]
    assert st.decision.player == 0 and st.decision.kind == "garrison"
    assert opts(st) == ["garrison xM1.1", "garrison xM1.2"]
    st.apply("garrison xM1.2")
    assert resolved(st, 0) == [("GS-R01", "GS-A01", 1)]
    assert discard(st, 0) == ["GS-A02"]
    assert vps(st) == [2, 0]  # the right number: seat 0 did not place it
    assert slots(st, 1) == {}


def test_7_2_neither_meets_and_both_passed_stays_unresolved() -> None:
    st = pos(seat(hand=["GS-A05", "GS-A10"],
                  missions=[mission("GS-R01", mine=["GS-A01"], theirs=["GS-B01"], support="GS-A09")]),
             battle=battle(0, kind="new", steps=3, last_pass=True))
    assert opts(st) == ["deploy GS-A05", "pass", "redeploy", "rune M1.1"]
    st.apply("pass")
    assert slots(st, 0) == {"M1": "GS-R01"}
    assert col(st, 0, "M1", 0) == ["GS-A01"] and col(st, 0, "M1", 1) == ["GS-B01"]
    assert support(st, 0) == "GS-A09"
    assert vps(st) == [0, 0] and discard(st, 0) == [] and discard(st, 1) == []
    assert st.turn == 4


def test_7_2_a_pair_alone_cannot_clear() -> None:
    def fresh() -> Any:
        return pos(seat(hand=["GS-A05", "GS-A10"], missions=[mission("GS-R01", mine=["GS-A03"])]),
                   battle=battle(0, kind="new", steps=3, last_pass=True))

    st = fresh()
    assert totals(st, 0)[0]["atk"] == 8
    assert opts(st) == ["deploy GS-A05", "pass"]
    st.apply("pass")  # 8 ≥ 8, but no character to garrison: unresolved
    assert slots(st, 0) == {"M1": "GS-R01"} and col(st, 0, "M1", 0) == ["GS-A03"]
    assert vps(st) == [0, 0]
    st = fresh()
    st.apply("deploy GS-A05")  # now ナナミ can garrison
    assert resolved(st, 0) == [("GS-R01", "GS-A05", 0)]
    assert discard(st, 0) == ["GS-A03"]
    assert vps(st) == [1, 0]  # the left number


# =============================================================================================== §7.3 troops
def test_7_3_no_clear_check_while_deploying() -> None:
    st = pos(seat(hand=["GS-A04", "GS-A13"], missions=[mission("GS-A16")]), battle=battle(0, kind="new", steps=1))
    assert opts(st) == ["deploy GS-A04", "pass"]
    st.apply("deploy GS-A04")  # 3000 ≥ 3000, but troops are decided when both pass; シュウ draws 1
    assert counts(st, 0) == (2, 9)
    assert st.decision.player == 0 and st.decision.kind == "step"  # seat 1 (empty hand) passed
    assert slots(st, 0) == {"M1": "GS-A16"} and vps(st) == [0, 0]
    st.apply("pass")
    assert resolved(st, 0) == [("GS-A16", "GS-A04", 0)]
    assert vps(st) == [1, 0]


def test_7_3_2_exact_casualties_are_the_players_choice() -> None:
    st = pos(seat(hand=["GS-A05"], missions=[mission("GS-A16", mine=["GS-A04", "GS-A07", "GS-A08"],
                                                     theirs=["GS-B05"])]),
             battle=battle(0, kind="new", steps=3, last_pass=True))
    assert opts(st) == ["deploy GS-A05", "pass"]
    st.apply("pass")  # 5000 against 1000
    assert st.decision.player == 0 and st.decision.kind == "casualties"
    assert opts(st) == ["lose M1.2", "lose M1.3"]  # exactly 1000: ジョウイ or ツァイ
    illegal(st, "lose M1.1", "7.3")
    st.apply("lose M1.3")
    offer(st, 0, "casualties", "done")
    assert discard(st, 0) == ["GS-A08"]
    assert discard(st, 1) == ["GS-B05"]
    assert st.decision.player == 0 and st.decision.kind == "garrison"
    assert opts(st) == ["garrison M1.1", "garrison M1.2"]
    st.apply("garrison M1.2")
    assert resolved(st, 0) == [("GS-A16", "GS-A07", 0)]
    assert sorted(discard(st, 0)) == ["GS-A04", "GS-A08"]
    assert vps(st) == [1, 0]


def test_7_3_2_no_exact_set_then_a_minimal_one_and_a_wiped_column_needs_a_leader() -> None:
    st = pos(seat(hand=["GS-A07"], missions=[mission("GS-A16", mine=["GS-A04", "GS-A05"], theirs=["GS-B01"])]),
             seat(hand=["GS-B05"]), battle=battle(0, kind="new", steps=3, last_pass=True))
    assert opts(st) == ["deploy GS-A07", "pass"]
    st.apply("pass")  # 3500 against 2500: no set makes 2500; シュウ alone reaches it (forced)
    offer(st, 0, "casualties", "lose M1.1")
    assert discard(st, 0) == ["GS-A04"]
    assert discard(st, 1) == ["GS-B01"]
    assert col(st, 0, "M1", 0) == ["GS-A05"] and col(st, 0, "M1", 1) == []  # 500 < 3000: unresolved
    # §6.1: seat 1 has nobody left there, so シード (commoner) cannot start again: no continue
    assert st.turn == 4 and st.decision.player == 1 and st.decision.kind == "main"
    assert opts(st) == ["discard GS-B05", "discard GS-B18", "play GS-B18"]


def test_7_3_2_a_character_without_mil_is_never_a_casualty() -> None:
    st = pos(seat(hand=["GS-A05"], missions=[mission("GS-A16", mine=["GS-A04", "GS-A07", "GS-A11"],
                                                     theirs=["GS-B05"])]),
             battle=battle(0, kind="new", steps=3, last_pass=True))
    st.apply("pass")  # exactly 1000: ジョウイ; ミナ (mil 0) is no candidate, so the set is forced
    assert discard(st, 0) == ["GS-A07"] and discard(st, 1) == ["GS-B05"]
    assert st.decision.player == 0 and st.decision.kind == "garrison"  # シュウ 3000 ≥ 3000
    assert opts(st) == ["garrison M1.1", "garrison M1.2"]
    assert col(st, 0, "M1", 0) == ["GS-A04", "GS-A11"]


def test_7_3_2_tie_wipes_out_both() -> None:
    st = pos(seat(hand=["GS-A13", "GS-A10"]),
             seat(missions=[mission("GS-B16", mine=["GS-B02"], theirs=["GS-A04"], support="GS-B04")]),
             battle=battle(1, steps=2, last_pass=True))
    assert opts(st) == ["deploy GS-A13", "pass"]
    events = st.apply("pass")  # 3000 = 3000
    # casualties turn player (seat 0) first: visible only as the order of the log
    assert [e.data["player"] for e in events if e.kind in ("casualties", "wiped")] == [0, 1]
    assert discard(st, 0) == ["GS-A04"]
    assert sorted(discard(st, 1)) == ["GS-B02", "GS-B04"]  # the support goes with its side
    m = mview(st, 1)
    assert m is not None and m["card"] == "GS-B16" and m["support"] is None
    assert col(st, 1, "M1", 0) == [] and col(st, 1, "M1", 1) == []
    assert vps(st) == [0, 0]


def test_7_3_2_if_all_fall_short_all_go_and_a_support_is_no_casualty() -> None:
    st = pos(seat(hand=["GS-A10", "GS-A15"],
                  missions=[mission("GS-A16", mine=["GS-A05", "GS-A07"], theirs=["GS-B07"], support="GS-A06")]),
             battle=battle(0, kind="new", steps=3, last_pass=True))
    assert totals(st, 0) == [{"atk": 6, "mil": 2500, "con": 1}, {"atk": 6, "mil": 2000, "con": 0}]
    assert opts(st) == ["deploy GS-A10", "pass"]
    st.apply("pass")  # 2500 > 2000: seat 0 must lose 2000 printed, has only 1500: all go
    assert sorted(discard(st, 0)) == ["GS-A05", "GS-A07"]
    assert discard(st, 1) == ["GS-B07"]
    assert support(st, 0) == "GS-A06"
    assert col(st, 0, "M1", 0) == [] and col(st, 0, "M1", 1) == []
    assert vps(st) == [0, 0] and slots(st, 0) == {"M1": "GS-A16"}


def test_7_3_3_survivors_recompute_their_total() -> None:
    st = pos(seat(), seat(hand=["GS-B08"], missions=[mission("GS-X03", mine=["GS-B02", "GS-B05", "GS-B06"],
                                                              theirs=["GS-A07"])]),
             turn=4, active=1, battle=battle(1, steps=2, last_pass=True), cards=[TROOPS_4500])
    assert totals(st, 1)[1]["mil"] == 6000  # キバ 3000 + 1000 (three deployed) + 1000 + 1000
    assert opts(st) == ["deploy GS-B08", "pass"]
    st.apply("pass")
    assert st.decision.player == 1 and st.decision.kind == "casualties"
    assert opts(st) == ["lose M1.2", "lose M1.3"]
    st.apply("lose M1.3")
    offer(st, 1, "casualties", "done")
    assert discard(st, 0) == ["GS-A07"] and discard(st, 1) == ["GS-B06"]
    # 6000 − 1000 would clear 4500; recomputed, キバ lost his bonus: 3000 + 1000 = 4000 < 4500
    assert slots(st, 1) == {"M1": "GS-X03"}
    assert col(st, 1, "M1", 1) == ["GS-B02", "GS-B05"]
    assert totals(st, 1)[1]["mil"] == 4000
    assert vps(st) == [0, 0]


# =============================================================================================== §7.4 facility
def test_7_4_block_discards_the_facility() -> None:
    st = pos(seat(hand=["GS-A10"], missions=[mission("GS-R02", mine=["GS-A13"], theirs=["GS-B01"])]),
             seat(hand=["GS-B05", "GS-B12"]), turn=4, active=1, battle=battle(0))
    assert opts(st) == ["deploy GS-B05", "deploy GS-B12"]
    st.apply("deploy GS-B05")  # atk 8 ≥ block 8; con 3 < 5
    assert sorted(discard(st, 0)) == ["GS-A13", "GS-R02"]
    assert sorted(discard(st, 1)) == ["GS-B01", "GS-B05"]
    assert slots(st, 0) == {} and vps(st) == [0, 0] and tp(st, 0)["built"] == 0


def test_7_4_only_the_owner_builds_only_the_opponent_blocks() -> None:
    st = pos(seat(hand=["GS-A10", "GS-A15"], missions=[mission("GS-R03", mine=["GS-A01", "GS-A02"], theirs=["GS-B13"])]),
             battle=battle(0, kind="new", steps=3, last_pass=True))
    t = totals(st, 0)
    assert t[0]["atk"] >= 7 and t[0]["con"] < 4 and t[1]["con"] >= 4 and t[1]["atk"] < 7
    assert opts(st) == ["pass", "rune M1.1"]
    st.apply("pass")  # seat 0's atk never blocks its own facility; seat 1's con never builds it
    assert slots(st, 0) == {"M1": "GS-R03"}
    assert [tp(st, p)["built"] for p in (0, 1)] == [0, 0]
    assert discard(st, 0) == [] and discard(st, 1) == [] and vps(st) == [0, 0]


def test_7_4_built_facility_acts_from_then_on() -> None:
    st = pos(seat(hand=["GS-A10"], built=1, resolved=[{"card": "GS-R03", "garrison": "GS-A14"}],
                  missions=[mission("GS-R01", mine=["GS-A01", "GS-A05"])]))
    assert totals(st, 0)[0]["atk"] == 4 + 1 + 3  # 紋章屋: characters with a rune +1


# =============================================================================================== §7.5 garrison
def test_7_5_garrison_is_a_non_pair_character_left_vp() -> None:
    st = pos(seat(), seat(hand=["GS-B07", "GS-B12"], missions=[mission("GS-B18", mine=["GS-B01", "GS-B11"])]),
             turn=4, active=1, battle=battle(1))
    assert opts(st) == ["deploy GS-B07", "deploy GS-B12"]
    st.apply("deploy GS-B07")  # 4 + 3 + 6 ≥ 9
    assert st.decision.player == 1 and st.decision.kind == "garrison"
    assert opts(st) == ["garrison M1.1", "garrison M1.2"]  # never the pair
    st.apply("garrison M1.2")
    assert resolved(st, 1) == [("GS-B18", "GS-B11", 1)]
    assert sorted(discard(st, 1)) == ["GS-B01", "GS-B07"]
    assert vps(st) == [0, 2]


def test_7_5_a_garrisons_effects_are_off() -> None:
    mine = [mission("GS-R01", mine=["GS-A01"])]
    st = pos(seat(hand=["GS-A10"], missions=mine), seat(resolved=[{"card": "GS-B18", "garrison": "GS-B10"}]))
    assert totals(st, 0)[0]["atk"] == 4
    st = pos(seat(hand=["GS-A10"], missions=[mission("GS-R01", mine=["GS-A01"], theirs=["GS-B10"])]))
    assert totals(st, 0)[0]["atk"] == 3  # deployed, ネクロード's −1 acts


def test_7_5_3_the_clearers_own_support_is_discarded() -> None:
    st = pos(seat(hand=["GS-A02", "GS-A10"], missions=[mission("GS-R01", mine=["GS-A01"], support="GS-A09")]),
             battle=battle(0, kind="new", steps=1))
    assert totals(st, 0)[0]["atk"] == 5
    st.apply("deploy GS-A02")  # (4+1) + (5+2+1) = 13 ≥ 8
    assert opts(st) == ["garrison M1.1", "garrison M1.2"]
    st.apply("garrison M1.1")
    assert resolved(st, 0) == [("GS-R01", "GS-A01", 0)]
    assert sorted(discard(st, 0)) == ["GS-A02", "GS-A09"]
    assert vps(st) == [1, 0]


@pytest.mark.parametrize(("vp", "deck", "winner", "result"), [(4, [], 0, "vp"), (0, [], 1, "deck out")])
def test_7_5_5_on_clear_resolves_after_the_vp(vp: int, deck: list[str], winner: int, result: str) -> None:
    st = pos(seat(hand=["GS-A13", "GS-A10"], deck=deck, vp=vp),
             seat(missions=[mission("GS-B16", theirs=["GS-A04"])]), battle=battle(1, steps=2, last_pass=True))
    assert opts(st) == ["deploy GS-A13", "pass"]
    st.apply("pass")  # 3000 ≥ 2000: seat 0 clears 夜襲 (+1), whose on_clear makes the clearer draw 1
    assert resolved(st, 0) == [("GS-B16", "GS-A04", 1)]
    assert st.is_over and st.winner == winner and st.result == result


# =============================================================================================== §7.6 duel
def test_7_6_1_the_first_pick_stays_hidden_until_both_picked() -> None:
    st = pos(seat(hand=["GS-A17", "GS-A05", "GS-A10"]), seat(hand=["GS-B11", "GS-B12"]))
    play(st, "play GS-A17", "duel GS-A05")
    assert st.decision.player == 1 and st.decision.kind == "duel"
    assert st.view(1)["decision"]["picked"] == [0]
    assert not seen(st, 1, "GS-A05") and not seen(st, None, "GS-A05")
    st.apply("duel GS-B12")  # ザジ 4 > ナナミ 3: seat 1 clears the opponent's duel
    assert seen(st, 1, "GS-A05")
    assert resolved(st, 1) == [("GS-A17", "GS-B12", 0)]
    assert discard(st, 0) == ["GS-A05"]
    assert vps(st) == [0, 1]


def test_7_6_1_no_card_counts_zero() -> None:
    st = pos(seat(hand=["GS-A17"]), seat(hand=["GS-B11", "GS-B12"]))
    st.apply("play GS-A17")  # seat 0 has nothing left to pick
    assert st.decision.player == 1 and st.decision.kind == "duel"
    st.apply("duel GS-B11")
    assert resolved(st, 1) == [("GS-A17", "GS-B11", 0)]
    assert vps(st) == [0, 1]


def test_7_6_2_a_card_breaking_uniqueness_is_discarded_betrayal_is_off() -> None:
    st = pos(seat(hand=["GS-A17", "GS-A05", "GS-A10"], missions=[mission("GS-R01", mine=["GS-A01", "GS-A07"])]),
             seat(hand=["GS-B03", "GS-B12"]))
    play(st, "play GS-A17", "duel GS-A05", "duel GS-B03")
    assert discard(st, 1) == ["GS-B03"]
    assert col(st, 0, "M1", 0) == ["GS-A01", "GS-A07"]
    assert resolved(st, 0) == [("GS-A17", "GS-A05", 0)]
    assert vps(st) == [1, 0]


@pytest.mark.parametrize("clash", ["discard_both", "placer_keeps"])
def test_7_6_2_same_named_duel_cards_duel_clash(clash: str) -> None:
    st = pos(seat(hand=["GS-A17", "GS-A07", "GS-A10"]), seat(hand=["GS-B03", "GS-B12"]),
             params={"duel_clash": clash})
    play(st, "play GS-A17", "duel GS-A07", "duel GS-B03")
    assert discard(st, 1) == ["GS-B03"]
    if clash == "placer_keeps":
        assert resolved(st, 0) == [("GS-A17", "GS-A07", 0)] and vps(st) == [1, 0]
        assert discard(st, 0) == []
    else:
        assert sorted(discard(st, 0)) == ["GS-A07", "GS-A17"] and vps(st) == [0, 0]
        assert resolved(st, 0) == [] and resolved(st, 1) == []
    assert slots(st, 0) == {}


@pytest.mark.parametrize("mastermind", ["GS-M01", ""])
def test_7_6_3_duel_value_takes_mastermind_modifiers_card_text_off(mastermind: str) -> None:
    st = pos(seat(mastermind=mastermind, hand=["GS-A17", "GS-A02", "GS-A10"]), seat(hand=["GS-B10", "GS-B12"]))
    play(st, "play GS-A17", "duel GS-A02", "duel GS-B10")
    if mastermind:  # ビクトール 5+1 (主人公) = ネクロード 6 (its −1 is off): the placer keeps
        assert resolved(st, 0) == [("GS-A17", "GS-A02", 0)] and vps(st) == [1, 0]
        assert discard(st, 1) == ["GS-B10"]
    else:  # 5 < 6
        assert resolved(st, 1) == [("GS-A17", "GS-B10", 0)] and vps(st) == [0, 1]
        assert discard(st, 0) == ["GS-A02"]


@pytest.mark.parametrize("forge", [True, False])
def test_7_6_3_duel_value_takes_built_facility_modifiers(forge: bool) -> None:
    s1 = seat(hand=["GS-B14", "GS-B12"], built=1, resolved=[{"card": "GS-B21", "garrison": "GS-B13"}]) if forge \
        else seat(hand=["GS-B14", "GS-B12"])
    st = pos(seat(hand=["GS-A18", "GS-A14", "GS-A10"]), s1)
    play(st, "play GS-A18", "duel GS-A14", "duel GS-B14")  # テッサイ con 3 against ハンス con 3 (+1 鍛冶屋)
    if forge:
        assert resolved(st, 1)[-1] == ("GS-A18", "GS-B14", 0) and vps(st) == [0, 1]
    else:
        assert resolved(st, 0) == [("GS-A18", "GS-A14", 0)] and vps(st) == [1, 0]


# =============================================================================================== §8.1 support
def test_8_1_support_only_with_a_new_non_duel_mission() -> None:
    st = pos(seat(hand=["GS-R01", "GS-A17", "GS-A06", "GS-A05"]))
    assert opts(st) == ["discard GS-A05", "discard GS-A06", "discard GS-A17", "discard GS-R01", "play GS-A17",
                        "play GS-R01", "play GS-R01 GS-A06"]
    illegal(st, "play GS-R01 GS-A05", "8.1")  # not a support character
    illegal(st, "play GS-A17 GS-A06", "8.1", "7.6")  # never on a duel
    st.apply("play GS-R01 GS-A06")
    m = mview(st, 0)
    assert m is not None and m["support"] == "GS-A06"
    assert col(st, 0, "M1", 0) == []
    assert totals(st, 0)[0] == {"atk": 0, "mil": 1000, "con": 0}  # its stats are 0; its effect acts


@pytest.mark.parametrize("needs_link", [True, False])
def test_8_1_redeploy_needs_link_param(needs_link: bool) -> None:
    st = pos(seat(hand=["GS-A13", "GS-A10"], missions=[mission("GS-R01", mine=["GS-A04"], support="GS-A09")]),
             battle=battle(0, kind="new", steps=1), params={"redeploy_needs_link": needs_link})
    if needs_link:  # ミリー AEG shares nothing with シュウ BDF
        assert opts(st) == ["deploy GS-A13", "pass"]
        illegal(st, "redeploy", "8.1", "6.1")
    else:
        assert opts(st) == ["deploy GS-A13", "pass", "redeploy"]
        st.apply("redeploy")
        assert col(st, 0, "M1", 0) == ["GS-A04", "GS-A09"]
        assert support(st, 0) is None


@pytest.mark.parametrize("needs_link", [True, False])
def test_8_1_redeploy_into_an_empty_column_needs_a_leader(needs_link: bool) -> None:
    st = pos(seat(hand=["GS-A01", "GS-A10"], missions=[mission("GS-R01", support="GS-A06")]),
             battle=battle(0, kind="new", steps=1), params={"redeploy_needs_link": needs_link})
    assert opts(st) == ["deploy GS-A01", "pass"]
    illegal(st, "redeploy", "8.1", "6.1")


def test_8_1_redeploy_joins_the_column_and_the_support_effect_stops() -> None:
    st = pos(seat(hand=["GS-A10", "GS-A15"], missions=[mission("GS-R01", mine=["GS-A01"], support="GS-A09")]),
             battle=battle(0, kind="new", steps=1))
    assert totals(st, 0)[0]["atk"] == 5  # フリック 4 + 1 from the support
    assert opts(st) == ["pass", "redeploy"]
    st.apply("redeploy")
    assert col(st, 0, "M1", 0) == ["GS-A01", "GS-A09"]
    assert support(st, 0) is None
    assert totals(st, 0)[0]["atk"] == 6  # 4 + 2: the +1 has stopped
    assert st.decision.player == 0 and opts(st) == ["deploy GS-A10", "pass"]  # ミリー's G now links シロ


# =============================================================================================== §8.2 cooperation
@pytest.mark.parametrize(("column", "atk"), [
    (["GS-B01", "GS-B08", "GS-B07"], 4 + 4 + 6),  # ラウド +2 with シード&クルガン
    (["GS-B01", "GS-B08", "GS-B06"], 4 + 2 + 4),  # クルガン alone is not シード&クルガン
    (["GS-B01", "GS-B05", "GS-B06"], 4 + 5 + 5),  # シード and クルガン: +1 each
    (["GS-B07", "GS-X04"], 6 + 1),                # a pair is never "クルガン"
    (["GS-B06", "GS-X04"], 4 + 4),
])
def test_8_2_cooperation_needs_the_full_name(column: list[str], atk: int) -> None:
    st = pos(seat(hand=["GS-A10"]), seat(missions=[mission("GS-B16", mine=column)]), cards=[COOP_CULGAN])
    assert totals(st, 1)[1]["atk"] == atk


# =============================================================================================== §8.3 runes
def test_8_3_rune_pays_its_cost_targets_and_is_once_per_battle() -> None:
    st = pos(seat(hand=["GS-A05", "GS-A15", "GS-A10"],
                  missions=[mission("GS-R01", mine=["GS-A01"], theirs=["GS-B01", "GS-B11"])]),
             battle=battle(0, kind="new", steps=3))
    assert opts(st) == ["deploy GS-A05", "pass", "rune M1.1"]
    st.apply("rune M1.1")
    assert st.decision.player == 0 and st.decision.kind == "cost"
    assert opts(st) == ["discard GS-A05", "discard GS-A10", "discard GS-A15"]
    st.apply("discard GS-A15")
    assert st.decision.player == 0 and st.decision.kind == "target"
    assert opts(st) == ["target M1.x1", "target M1.x2"]
    st.apply("target M1.x1")
    assert discard(st, 0) == ["GS-A15"]
    assert totals(st, 0)[1]["atk"] == 2 + 3  # ソロン 4 − 2
    m = mview(st, 0)
    assert m is not None and m["columns"][0][0]["rune_used"] is True
    # a rune is no pass: seat 1 (empty hand) passes, the battle goes on; the rune is spent
    assert st.decision.player == 0 and st.decision.kind == "step"
    assert opts(st) == ["deploy GS-A05", "pass"]
    illegal(st, "rune M1.1", "8.3")


def test_8_3_rune_needs_a_card_to_pay() -> None:
    st = pos(seat(hand=[], missions=[mission("GS-R01", mine=["GS-A01"], theirs=["GS-B01"])]),
             seat(hand=["GS-B05", "GS-B12"]), battle=battle(0, kind="new", steps=3))
    # seat 0 could only pass (the engine did); seat 1 acts
    assert st.decision.player == 1 and st.decision.kind == "step"
    assert opts(st) == ["deploy GS-B05", "deploy GS-B12", "pass"]
    assert totals(st, 0)[1]["atk"] == 4
    m = mview(st, 0)
    assert m is not None and m["columns"][0][0]["rune_used"] is False


# =============================================================================================== §8.4 counter
def _yuber() -> Any:
    st = pos(seat(hand=["GS-A05", "GS-A02"], missions=[mission("GS-A16", mine=["GS-A01"])]),
             seat(hand=["GS-B09", "GS-B09", "GS-B01"]), battle=battle(0, kind="new", steps=1))
    assert opts(st) == ["deploy GS-A02", "deploy GS-A05", "pass"]
    return st


def test_8_4_counter_window_after_a_deploy_discard_action() -> None:
    st = _yuber()
    st.apply("deploy GS-A05")
    assert st.decision.player == 1 and st.decision.kind == "counter"
    assert opts(st) == ["counter GS-B09", "pass"]
    assert st.view(0)["decision"]["kind"] == "deciding"
    st.apply("counter GS-B09")
    assert discard(st, 0) == ["GS-A05"] and discard(st, 1) == ["GS-B09"]
    assert col(st, 0, "M1", 0) == ["GS-A01"]
    assert st.decision.player == 1 and st.decision.kind == "step"  # one counter per deployment
    assert opts(st) == ["deploy GS-B01", "pass"]


def test_8_4_counter_window_pass() -> None:
    st = _yuber()
    play(st, "deploy GS-A05", "pass")
    assert col(st, 0, "M1", 0) == ["GS-A01", "GS-A05"] and discard(st, 1) == []
    assert st.decision.player == 1 and st.decision.kind == "step"


def test_8_4_no_window_when_the_filter_rejects_the_character() -> None:
    st = _yuber()
    st.apply("deploy GS-A02")  # a leader: ユーバー counters commoners only
    assert st.decision.player == 1 and st.decision.kind == "step"
    assert opts(st) == ["deploy GS-B01", "pass"]


def test_8_4_counter_window_after_a_redeploy() -> None:
    from .test_suikoden_examples import SPEC_14

    st = game().load_position(SPEC_14.replace('"GS-A15", "GS-A11"', '"GS-A08", "GS-A11"'))
    st.apply("redeploy")
    assert st.decision.player == 0 and st.decision.kind == "counter"
    assert opts(st) == ["counter GS-A08", "pass"]
    st.apply("counter GS-A08")  # クラウス 1 − 2 → 0: seat 1 has 6, seat 0 still 7: seat 0 clears
    assert sorted(discard(st, 1)) == ["GS-B02", "GS-B04", "GS-B11"]
    assert st.decision.player == 0 and st.decision.kind == "garrison"
    assert opts(st) == ["garrison xM1.1", "garrison xM1.2"]
    st.apply("garrison xM1.1")
    assert resolved(st, 0) == [("GS-A16", "GS-A02", 0), ("GS-B17", "GS-A01", 1)]
    assert sorted(discard(st, 0)) == ["GS-A05", "GS-A07", "GS-A08"]
    assert vps(st) == [3, 0]  # 1 + the right number 2


# =============================================================================================== §10 durations
def test_10_until_end_of_battle_ends_while_deployed_stays() -> None:
    # ツァイ's counter: until the end of the battle
    st = pos(seat(hand=["GS-A08", "GS-A10"], missions=[mission("GS-R01", mine=["GS-A01"], theirs=["GS-B01"])]),
             seat(hand=["GS-B05", "GS-B12"], vp=3), turn=4, active=1, battle=battle(0))
    play(st, "deploy GS-B05", "counter GS-A08")
    assert totals(st, 0)[1]["atk"] == 6
    play(st, "pass", "pass")  # seat 0, then seat 1 (it could deploy ザジ): unresolved
    assert table(st)["battle"] is None and slots(st, 0) == {"M1": "GS-R01"}
    assert totals(st, 0)[1]["atk"] == 8  # the −2 has ended with the battle
    # フリック's rune: while the target stays deployed; the rune is ready again next battle
    st = pos(seat(hand=["GS-A15", "GS-A10"], missions=[mission("GS-R01", mine=["GS-A01"], theirs=["GS-B01"])]),
             battle=battle(0, kind="new", steps=3, last_pass=True))
    play(st, "rune M1.1", "discard GS-A15")
    assert totals(st, 0)[1]["atk"] == 2
    offer(st, 0, "step", "pass")  # seat 1 passed (empty hand), seat 0's only action is pass: unresolved
    assert table(st)["battle"] is None and slots(st, 0) == {"M1": "GS-R01"}
    assert totals(st, 0)[1]["atk"] == 2
    m = mview(st, 0)
    assert m is not None and m["columns"][0][0]["rune_used"] is False


def test_10_mastermind_reaches_every_mission_under_its_condition() -> None:
    st = pos(seat(hand=["GS-A10"], missions=[mission("GS-R01", theirs=["GS-B02"])]),
             seat(mastermind="GS-M02", missions=[mission("GS-B16", mine=["GS-B01"])]))
    assert totals(st, 1)[1]["mil"] == 2500 + 500  # ルカ: on its own mission
    assert totals(st, 0)[1]["mil"] == 3000  # not on the opponent's


# =============================================================================================== §13 places
def test_13_places_are_relative_to_the_decider() -> None:
    st = pos(seat(hand=["GS-A05", "GS-A15"]),
             seat(missions=[mission("GS-B18", mine=["GS-B01", "GS-B11"], theirs=["GS-A01"])]), battle=battle(1))
    assert opts(st) == ["deploy GS-A05", "rune xM1.1"]
    play(st, "rune xM1.1", "discard GS-A15")
    assert st.decision.player == 0 and st.decision.kind == "target"
    assert opts(st) == ["target xM1.x1", "target xM1.x2"]
    st.apply("target xM1.x2")
    assert totals(st, 1)[1]["atk"] == 4 + 1  # ロレライ 3 − 2


# =============================================================================================== §9 end
def test_9_drawing_from_an_empty_deck_by_an_effect_loses() -> None:
    st = pos(seat(hand=["GS-A04", "GS-A01"], deck=[], missions=[mission("GS-R01")]), battle=battle(0, kind="new", steps=1))
    assert opts(st) == ["deploy GS-A01", "deploy GS-A04", "pass"]
    st.apply("deploy GS-A04")  # シュウ: draw 1
    assert st.is_over and st.winner == 1 and st.result == "deck out"


def test_9_concession() -> None:
    st = pos(seat(hand=["GS-A05", "GS-A10"]))
    st.apply("concede")
    assert st.is_over and st.winner == 1 and st.result == "player 0 conceded"


# =============================================================================================== §11 params
def test_11_deck_size_param() -> None:
    deck = game().starter_decks()["b_highland"]
    assert game().check_deck(deck) == []
    problems = game(deck_size=40).check_deck(deck)
    assert len(problems) == 1 and "50" in problems[0] and "40" in problems[0]
