"""§5.3 the chain (8.3): steps 1–9, interception (8.4), bullet and destroy processing."""

from __future__ import annotations

import pytest

from fudaba import IllegalAction

from .helpers import cell, kinds, play, pos, texts

# an anchor that keeps seat 0's main phase open after a chain (an activation still available)
ANCHOR = {"4e": [(0, "W-RM-02", "up")], "5e": [(0, "W-RM-01", "active")]}


def test_5_3_step1_rapid_fire_sub_matrix_bullets_come_first() -> None:
    st = pos({"1b": [(0, "W-RM-01", "up")], **ANCHOR}, hands=(["W-RM-05"], []))
    st.apply("place W-RM-05 2c up")
    assert st.decision is not None and st.decision.prompt == "rapid-fire bullets"
    assert texts(st) == ["bullet 4c", "done"]
    st.apply("bullet 4c")
    assert st.decision.prompt == "bullets" and texts(st) == ["bullet 3c", "done"]
    st.apply("bullet 3c")
    assert cell(st, "4c") == [(0, "W-RM-01", "bullet")] and cell(st, "3c") == [(0, "W-RM-01", "bullet")]
    assert cell(st, "2c") == [(0, "W-RM-05", "up")]  # A step turned it upright
    assert len(st.deck[0]) == 4


def test_5_3_step2_b_effects() -> None:
    st = pos({"1c": [(0, "W-RM-01", "up")], **ANCHOR}, hands=(["W-RM-06"], []))  # 二重結界 B: draw 1
    play(st, "place W-RM-06 2c up", "done")
    assert st.hand[0] == ["W-RM-01"] and len(st.deck[0]) == 5


def test_5_3_step3_bullets_face_down_from_the_deck_top_any_subset() -> None:
    st = pos({"1c": [(0, "W-RR-02", "up")], **ANCHOR}, hands=(["W-RR-01"], []),
             decks=(["W-RR-05", "W-RR-06", "W-RR-07"], ["W-RM-01"]))
    st.apply("place W-RR-01 2c up")
    assert texts(st) == ["bullet 3b", "bullet 3d", "done"]
    st.apply("bullet 3d")
    assert texts(st) == ["bullet 3b", "done"]
    st.apply("done")
    assert cell(st, "3d") == [(0, "W-RR-05", "bullet")] and cell(st, "3b") == []
    assert st.deck[0] == ["W-RR-06", "W-RR-07"]


def test_5_3_step3_no_bullets_with_an_empty_deck() -> None:
    st = pos({"1c": [(0, "W-RR-02", "up")], **ANCHOR}, hands=(["W-RR-01"], []), decks=([], ["W-RM-01"]))
    st.apply("place W-RR-01 2c up")
    assert st.decision is not None and st.decision.kind == "main"  # the chain ran through


# ---------------------------------------------------------------- §5.3 step 4 interception (8.4 figure)
def _figure_8_4(bullet: bool, hand: bool = True) -> object:
    # A (seat 0) activates 通常弾(霊夢) on 2c: condition 1c, bullet square 3c
    board = {"1c": [(0, "W-RM-02", "up")], "5a": [(1, "W-RM-02", "up")], "5c": [(1, "W-RM-02", "up")], **ANCHOR}
    if not hand:
        board["4c"] = [(1, "W-RM-01", "active")]
    st = pos(board, hands=(["W-RM-01"], ["W-RM-01"] if hand else ["W-PC-01"]))
    st.apply("place W-RM-01 2c up")
    st.apply("bullet 3c" if bullet else "done")
    return st


def test_5_3_step4_figure_8_4_square_1_no_overlap_cannot_intercept() -> None:
    st = _figure_8_4(bullet=True)
    assert st.decision.kind == "intercept" and st.decision.player == 1
    # 4a: its condition 5a is met, but its squares (5a, 3a) meet none of A's squares
    assert "place W-RM-01 4a up" not in texts(st)
    with pytest.raises(IllegalAction, match=r"previous activation's condition or destroy squares or a square where "
                                            r"it placed bullets \(§5.3 step 4, 8.4\)"):
        st.apply("place W-RM-01 4a up")


def test_5_3_step4_figure_8_4_square_2_bullet_placed_square_overlaps() -> None:
    st = _figure_8_4(bullet=True)
    assert texts(st) == ["place W-RM-01 4c up", "pass"]


def test_5_3_step4_figure_8_4_square_2_active_formation_may_turn_up_to_intercept() -> None:
    st = _figure_8_4(bullet=True, hand=False)
    assert "activate 4c" in texts(st)


def test_5_3_step4_unfilled_bullet_squares_do_not_count() -> None:
    st = _figure_8_4(bullet=False)
    assert st.decision.kind == "main" and st.decision.player == 0  # nobody could intercept


def test_1_no_possible_interception_is_logged_like_a_declined_one() -> None:
    could = _figure_8_4(bullet=True)
    could.apply("pass")  # B could intercept and declines
    could_not = _figure_8_4(bullet=False)  # B could not intercept: not asked
    for st in (could, could_not):
        lines = [st.game.describe(e, "en") for e in st.log_view(0)]
        assert "P1 does not intercept" in lines


def test_5_3_step4_interception_alternates_until_one_declines() -> None:
    st = _figure_8_4(bullet=True)
    st.apply("place W-RM-01 4c up")  # B intercepts with the same card, bullet on 3c
    st.apply("bullet 3c")
    # A may intercept B now: 5e's... no: A's active 5e has no overlap; A has no hand -> resolution.
    # A is not asked, but its pass is logged like a declined interception (the opponent must not
    # learn from the log whether A could have intercepted)
    assert [(e.kind, e.data["player"]) for e in st.log if e.kind in ("activate", "pass")] == [
        ("activate", 0), ("activate", 1), ("pass", 0)]
    # 3c held one bullet of each player: both left (§5.3 step 6)
    assert cell(st, "3c") == []
    assert len(st.piles[0]) == 1 and len(st.piles[1]) == 1
    assert cell(st, "4c") == [(1, "W-RM-01", "up")] and cell(st, "2c") == [(0, "W-RM-01", "up")]


def test_4_interceptions_do_not_count_against_main_phase_limits() -> None:
    # seat 1 intercepts in seat 0's turn; then seat 0, having intercepted back, still has its activation
    board = {"1c": [(0, "W-RM-02", "up")], "5c": [(1, "W-RM-02", "up")], "1d": [(0, "W-RM-02", "up")],
             **ANCHOR}
    st = pos(board, hands=(["W-RM-01", "W-RM-01"], ["W-RM-01"]))
    play(st, "place W-RM-01 2c up", "bullet 3c", "place W-RM-01 4c up", "bullet 3c")
    # seat 0 may intercept from hand (2d: bullet 3d? no; condition 1d, squares 1d/3d) -> nothing overlaps
    assert st.decision.kind == "main" and st.decision.player == 0
    assert st.placed and not st.activated
    assert "activate 5e" in texts(st)


# ---------------------------------------------------------------- step 5 D effects, step 8 A effects, step 9
def test_5_3_step5_d_effects_turn_player_first_then_alternately() -> None:
    # seat 0: エメラルドメガリス (D: wake) ; seat 1 intercepts with レッドマジック (D: turn one down)
    board = {"1b": [(0, "W-PC-01", "up")], "1d": [(0, "W-PC-01", "up")], "1a": [(0, "W-PC-02", "dormant")],
             "5c": [(1, "W-RR-01", "up")], **ANCHOR}
    st = pos(board, hands=(["W-PC-05"], ["W-RR-07"]), decks=(["W-PC-03"] * 4, ["W-RR-03"] * 4))
    play(st, "place W-PC-05 2c up", "bullet 3c", "done")  # bullets 3c (4c left empty)
    assert texts(st) == ["place W-RR-07 4b up", "pass"]
    play(st, "place W-RR-07 4b up", "done")
    resolves = [(e.data["player"], e.data["card"]) for e in st.log if e.kind == "resolve"]
    assert resolves == [(0, "W-PC-05"), (1, "W-RR-07")]
    assert cell(st, "1a") == [(0, "W-PC-02", "active")]  # woken by the D effect
    assert cell(st, "2c") == [(0, "W-PC-05", "dormant")]  # turned face down by レッドマジック


def test_5_3_step8_a_effects_turn_player_first_and_sustain() -> None:
    # 賢者の石 A: recover 2 ; 持続 アステロイドベルト may stay activating
    board = {"1c": [(0, "W-PC-01", "up")], "1a": [(0, "W-MR-01", "up")], "2a": [(0, "W-MR-06", "active")],
             "5c": [(1, "W-RM-02", "up")]}
    st = pos(board, hands=(["W-PC-04"], []), piles=(["W-PC-07", "W-PC-08", "W-PC-06"], []))
    play(st, "place W-PC-04 2c up", "done", "activate 2a")
    assert texts(st) == ["upright 2a", "sustain 2a"]
    st.apply("sustain 2a")
    # the main phase is over (placed and activated): end phase ② turns it upright
    ev = kinds(st)
    i = ev.index("sustain")
    assert ev.index("chain_end", i) < ev.index("end_main", i) < ev.index("upright", i)
    assert cell(st, "2a") == [(0, "W-MR-06", "up")]


def test_5_3_step8_a_effect_applies_when_turned_upright() -> None:
    board = {"1c": [(0, "W-PC-01", "up")], **ANCHOR}
    st = pos(board, hands=(["W-PC-04"], []), piles=(["W-PC-07", "W-PC-08", "W-PC-06"], []))
    play(st, "place W-PC-04 2c up", "done")
    assert st.deck[0][-2:] == ["W-PC-07", "W-PC-08"] and st.piles[0] == ["W-PC-06"]
    assert cell(st, "2c") == [(0, "W-PC-04", "up")]


def test_5_3_step9_chain_end_effects() -> None:
    board = {"1b": [(0, "W-MR-01", "up")], **ANCHOR}
    st = pos(board, hands=(["W-MR-07"], []))  # ミルキーウェイ: at chain end draw 1
    play(st, "place W-MR-07 2c up", "done")
    assert st.hand[0] == ["W-RM-01"]
    ev = [e.kind for e in st.log]
    i = ev.index("resolve")
    assert i > ev.index("upright") and ev[i + 1 : i + 3] == ["draw", "chain_end"]


# ---------------------------------------------------------------- step 6 bullet processing
def _keep_case(choice: str) -> object:
    # one player's cards only (8.3.6.1): an active formation, a face-down bullet, a face-up bullet
    board = {"4c": [(0, "W-RM-02", "active"), (0, "W-RM-07", "bullet")], "2c": [(0, "W-RM-02", "up")], **ANCHOR}
    st = pos(board, hands=(["W-RM-03"], []), decks=(["W-RM-08"] * 4, ["W-RR-01"]))
    play(st, "place W-RM-03 3c up", "bullet 4c", "done")  # 陰陽宝玉: a face-up bullet on 4c
    assert st.decision.kind == "keep"
    assert texts(st) == ["keep 4c active:W-RM-02", "keep 4c bullet", "keep 4c bullet_up:W-RM-08"]
    st.apply(choice)
    return st


def test_5_3_step6_one_player_keep_the_formation() -> None:
    st = _keep_case("keep 4c active:W-RM-02")
    assert cell(st, "4c") == [(0, "W-RM-02", "active")]
    assert st.piles[0] == ["W-RM-08", "W-RM-07"] and st.discard[0] == []


def test_5_3_step6_one_player_keep_the_face_down_bullet_it_becomes_dormant() -> None:
    st = _keep_case("keep 4c bullet")
    assert cell(st, "4c") == [(0, "W-RM-07", "dormant")]
    assert st.discard[0] == ["W-RM-02"] and st.piles[0] == ["W-RM-08"]


def test_5_3_step6_one_player_keep_the_face_up_bullet_it_becomes_up() -> None:
    st = _keep_case("keep 4c bullet_up:W-RM-08")
    assert cell(st, "4c") == [(0, "W-RM-08", "up")]
    assert st.discard[0] == ["W-RM-02"] and st.piles[0] == ["W-RM-07"]


def _two_player_example() -> object:
    # 8.3.6.2: A (seat 0) has a face-up formation and a face-down bullet, B (seat 1) a face-up bullet
    board = {"4c": [(0, "W-RM-02", "up"), (0, "W-RM-07", "bullet"), (1, "W-RM-03", "bullet_up")],
             "2c": [(0, "W-RM-02", "up")], **ANCHOR}
    st = pos(board, hands=(["W-RM-01"], []), decks=(["W-RM-08"] * 4, ["W-RR-01"]))
    play(st, "place W-RM-01 3c up", "done")
    return st


def test_5_3_step6_two_players_rounds_degrade_one_card_each() -> None:
    st = _two_player_example()
    assert st.decision.kind == "hit" and st.decision.player == 0
    assert texts(st) == ["hit 4c up:W-RM-02", "hit 4c bullet"]
    st.apply("hit 4c bullet")  # seat 1's only card is picked for it (bullet_up -> bullet)
    # round 2 is forced: seat 0's up -> dormant, seat 1's bullet leaves; seat 0 keeps the dormant one
    hits = [e.data["picks"] for e in st.log if e.kind == "hits"]
    assert hits == [{"0": "bullet", "1": "bullet_up:W-RM-03"}, {"0": "up:W-RM-02", "1": "bullet"}]
    assert st.piles[0] == ["W-RM-07"]
    assert cell(st, "4c") == [(0, "W-RM-02", "dormant")]
    assert st.piles[1] == ["W-RM-03"] and st.discard == [[], []]


def test_5_3_step6_two_players_first_pick_hidden_until_both_are_given() -> None:
    board = {"4c": [(0, "W-RM-02", "up"), (0, "W-RM-07", "bullet"), (1, "W-RM-03", "bullet_up"),
                    (1, "W-RR-02", "bullet")], "2c": [(0, "W-RM-02", "up")], **ANCHOR}
    st = pos(board, hands=(["W-RM-01"], []), decks=(["W-RM-08"] * 4, ["W-RR-01"]))
    play(st, "place W-RM-01 3c up", "done")
    mark = len(st.log)
    st.apply("hit 4c bullet")
    pick = st.log[mark]
    assert pick.kind == "pick"
    assert "action" in pick.view(0) and "action" not in pick.view(1) and "action" not in pick.view(None)
    assert st.decision.player == 1 and "hit" not in str(st.view(1)["decision"].get("prompt"))
    assert cell(st, "4c")[1] == (0, "W-RM-07", "bullet")  # nothing applied yet
    st.apply("hit 4c bullet")
    hits = next(e for e in st.log if e.kind == "hits")
    assert hits.view(1)["picks"] == {"0": "bullet", "1": "bullet"}


def test_5_3_step6_card_that_does_not_turn_face_down_may_be_chosen_and_stays() -> None:
    board = {"4c": [(0, "W-RM-07", "bullet"), (1, "W-RR-05", "up")], "2c": [(0, "W-RM-02", "up")], **ANCHOR}
    st = pos(board, hands=(["W-RM-01"], []))
    play(st, "place W-RM-01 3c up", "done")
    # seat 0's only card (bullet) leaves; seat 1's 紅色の幻想郷 is picked and stays up
    assert cell(st, "4c") == [(1, "W-RR-05", "up")]


def test_5_3_step6_lone_bullet_is_a_dud_until_the_end_phase() -> None:
    st = pos({"1c": [(0, "W-RR-02", "up")], **ANCHOR}, hands=(["W-RR-01"], []))
    play(st, "place W-RR-01 2c up", "bullet 3b", "done")
    assert cell(st, "3b") == [(0, "W-RM-01", "bullet")]
    st.apply("end")
    assert cell(st, "3b") == [] and st.piles[0] == ["W-RM-01"]


# ---------------------------------------------------------------- step 7 destroy processing
def test_5_3_step7_destroy_opponent_formations_on_destroy_squares() -> None:
    board = {"2c": [(0, "W-RR-01", "up")], "4c": [(1, "W-RM-01", "active")], "3b": [(1, "W-RM-01", "up")],
             "4b": [(0, "W-RM-01", "up")], **ANCHOR}
    st = pos(board, hands=(["W-RR-02"], []))  # 不夜城レッド: X on 4b 4c 4d 3b 3d
    st.apply("place W-RR-02 3c up")
    assert st.discard[1] == ["W-RM-01", "W-RM-01"]  # 3b, 4c (order 1a…5e)
    assert cell(st, "4b") == [(0, "W-RM-01", "up")]  # own formation untouched
    assert [e.data["place"] for e in st.log if e.kind == "destroy"] == ["3b", "4c"]


def test_5_3_step7_destroy_is_all_at_once() -> None:
    # 不夜城レッド against 不夜城レッド: each destroys the other
    board = {"2c": [(0, "W-RR-01", "up")], "5c": [(1, "W-RR-01", "up")], **ANCHOR}
    st = pos(board, hands=(["W-RR-02"], ["W-RR-02"]))
    st.apply("place W-RR-02 3c up")
    assert "place W-RR-02 4c up" in texts(st)
    st.apply("place W-RR-02 4c up")
    assert cell(st, "3c") == [] and cell(st, "4c") == []
    assert st.discard == [["W-RR-02"], ["W-RR-02"]]


def test_5_3_step7_activating_without_a_check_has_no_squares() -> None:
    # ジェリーフィッシュプリンセス B: 不夜城レッド (active) becomes activating without a check
    board = {"1c": [(0, "W-PC-01", "up")], "3a": [(0, "W-RR-02", "active")], "4a": [(1, "W-RM-01", "up")],
             "4b": [(1, "W-RM-01", "up")], **ANCHOR}
    st = pos(board, hands=(["W-PC-07"], []))
    play(st, "place W-PC-07 2c up", "target 3a", "done")
    assert texts(st) == ["upright 2c", "upright 3a"]
    play(st, "upright 3a")
    assert cell(st, "4a") == [(1, "W-RM-01", "up")] and cell(st, "4b") == [(1, "W-RM-01", "up")]
    assert cell(st, "3a") == [(0, "W-RR-02", "up")]
    assert "flip_activating" in kinds(st)


def test_7_ミアズマスウィープ_two_formations_share_a_square_then_bullet_processing() -> None:
    board = {"2c": [(0, "W-MR-01", "up")], "3c": [(1, "W-RR-01", "up")], **ANCHOR}
    st = pos(board, hands=(["W-MR-03"], []))
    play(st, "place W-MR-03 3c up", "done")
    # round 1: both face-up formations turn dormant; round 2: both face-down formations leave
    assert [e.data["picks"] for e in st.log if e.kind == "hits"] == [
        {"0": "activating:W-MR-03", "1": "up:W-RR-01"}, {"0": "dormant", "1": "dormant"}]
    assert cell(st, "3c") == [] and st.discard == [["W-MR-03"], ["W-RR-01"]]


def test_4_end_2_activating_formations_turn_upright_alternately_with_a_effects() -> None:
    # two 持続 formations of seat 0 sustained in the chain turn upright in the end phase, one at a time
    board = {"1a": [(0, "W-MR-01", "up")], "2a": [(0, "W-MR-06", "active")], "1e": [(0, "W-PC-04", "up")],
             "2e": [(0, "W-PC-08", "activating")], "5c": [(1, "W-RM-02", "up")]}
    st = pos(board, hands=(["W-RM-07"], []))
    play(st, "activate 2a")
    assert texts(st) == ["upright 2a", "sustain 2a", "upright 2e", "sustain 2e"]
    play(st, "sustain 2a", "sustain 2e", "end")
    assert st.decision.kind == "upright" and texts(st) == ["upright 2a", "upright 2e"]  # no sustain now
    play(st, "upright 2e")
    assert cell(st, "2a") == [(0, "W-MR-06", "up")] and cell(st, "2e") == [(0, "W-PC-08", "up")]
    assert st.active == 1


def test_1_resample_keeps_the_view_and_the_cards() -> None:
    from collections import Counter

    from fudaba.core import Rng

    board = {"1a": [(0, "W-RM-01", "bullet")], "1d": [(0, "W-RM-05", "dormant")], "2a": [(1, "W-RR-03", "active")]}
    st = pos(board, hands=(["W-RM-07"], ["W-RR-08", "W-RR-02"]))
    for seat in (0, 1):
        r = st.resample(seat, Rng(9))
        assert r.view(seat) == st.view(seat)
        assert Counter(r.all_cards()) == Counter(st.all_cards())


def test_7_持続_sustained_destroy_squares_act_in_a_later_chain_this_turn() -> None:
    # chain 1: アステロイドベルト (持続, destroy squares 3b and off-field 3`) activates on 2a and is
    # sustained; chain 2: seat 0's 通常弾(魔理沙) on 2c bullets 4c, seat 1 intercepts with
    # ハートブレイク on 3b (its condition 4c is a square where seat 0 placed a bullet)
    board = {"1a": [(0, "W-MR-01", "up")], "2a": [(0, "W-MR-06", "active")], "1c": [(0, "W-MR-01", "up")],
             "4c": [(1, "W-RR-02", "up")]}
    st = pos(board, hands=(["W-MR-01"], ["W-RR-08"]), decks=(["W-MR-05"] * 4, ["W-RR-01"] * 4))
    play(st, "activate 2a", "sustain 2a")
    assert cell(st, "2a") == [(0, "W-MR-06", "activating")]
    play(st, "place W-MR-01 2c up", "bullet 4c")
    assert "place W-RR-08 3b up" in texts(st)
    play(st, "place W-RR-08 3b up", "done")
    # step 7 of chain 2: the sustained アステロイドベルト destroys ハートブレイク on 3b
    assert cell(st, "3b") == [] and st.discard[1] == ["W-RR-08"]
    assert cell(st, "4c") == [(1, "W-RR-02", "dormant")]  # bullet processing: turned face down, kept


def test_7_持続_control_upright_in_chain_1_its_squares_are_gone() -> None:
    board = {"1a": [(0, "W-MR-01", "up")], "2a": [(0, "W-MR-06", "active")], "1c": [(0, "W-MR-01", "up")],
             "4c": [(1, "W-RR-02", "up")]}
    st = pos(board, hands=(["W-MR-01"], ["W-RR-08"]), decks=(["W-MR-05"] * 4, ["W-RR-01"] * 4))
    play(st, "activate 2a", "upright 2a", "place W-MR-01 2c up", "bullet 4c", "place W-RR-08 3b up", "done")
    assert cell(st, "3b") == [(1, "W-RR-08", "up")] and st.discard[1] == []


def test_5_3_single_option_decision_is_applied_by_the_engine_and_logged() -> None:
    st = _two_player_example()
    st.apply("hit 4c bullet")
    autos = [e for e in st.log if e.kind == "auto"]
    # seat 1 could not intercept (its forced pass is private, issue 7 §4), then seat 1's forced pick
    # (private: a simultaneous choice), then seat 0's forced second round
    assert [(e.data["player"], e.data["decision"]) for e in autos[:3]] == [(1, "intercept"), (1, "hit"), (0, "hit")]
    assert all(e.hidden for e in autos[:3])
    assert autos[1].view(1)["action"] == "hit 4c bullet_up:W-RM-03" and "action" not in autos[1].view(0)


def test_5_3_step9_board_full_when_a_chain_ends() -> None:
    # 24 squares hold formations (16 of seat 0, 8 of seat 1, dormant so none can intercept);
    # seat 0 activates 通常弾(霊夢) onto the last one, 5d: the game ends when its chain ends
    board: dict[str, list[tuple[int, str, str]]] = {}
    squares = [f"{r}{c}" for r in range(1, 6) for c in "abcde" if f"{r}{c}" != "5d"]
    for i, sq in enumerate(squares):
        mine = i < 20 and i % 5 != 4  # rows 1–4 but column e
        board[sq] = [(0, "W-RM-01", "active")] if mine else [(1, "W-RR-01", "dormant")]
    st = pos(board, hands=(["W-RM-01"], []))
    forms = sum(1 for v in board.values() if v[0][0] == 0)
    st.apply("place W-RM-01 5d up")
    assert st.over and st.result == "board full" and st.winner == 0
    assert st.score["formations"] == [forms + 1, 24 - forms] and st.score["face_up"] == [1, 0]
    ev = kinds(st)
    assert ev[-2:] == ["chain_end", "game_over"]
    from .helpers import game

    shown = game().render(st.view(1))
    assert f"score: formations [{forms + 1}, {24 - forms}], face up [1, 0], deck [6, 6]" in shown
    assert "result: board full — P0 wins" in shown


ALL_STEPS = {
    "id": "X-ALL-01", "name": "試験弾(全段階)", "icons": ["霊夢"], "keywords": ["速射"],
    "sub_matrix": ".  B\n@  .", "matrix": "X  B  .\n.  @  .\n.  C  .",
    "effects": [{"timing": t, "op": "draw", "n": 1} for t in ("B", "D", "A", "chain_end")],
}


def test_5_3_the_nine_steps_in_order() -> None:
    # a test card with 速射 (sub bullet up-right), B/D/A/chain-end draws, a bullet square ahead and
    # a destroy square ahead-left; seat 1 has formations on both target squares
    board = {"1c": [(0, "W-RM-01", "up")], "3b": [(1, "W-RR-01", "active")], "3c": [(1, "W-RR-02", "active")],
             **ANCHOR}
    st = pos(board, hands=(["X-ALL-01"], []), decks=(["W-RM-07"] * 8, ["W-RR-01"] * 4), cards=[ALL_STEPS])
    mark = len(st.log)
    play(st, "place X-ALL-01 2c up", "bullet 3d", "bullet 3c")
    steps = [(e.kind, e.data.get("place") or e.data.get("timing", "")) for e in st.log[mark:]
             if e.kind in ("activate", "bullet", "draw", "resolve", "hits", "destroy", "upright", "chain_end")]
    assert steps == [
        ("activate", "2c"),
        ("bullet", "3d"),  # 1 rapid fire (sub matrix)
        ("draw", ""),  # 2 B
        ("bullet", "3c"),  # 3 bullets; 4 seat 1 cannot intercept
        ("resolve", "2c"), ("draw", ""),  # 5 D
        ("hits", "3c"),  # 6 bullet processing
        ("destroy", "3b"),  # 7 destroy processing
        ("upright", "2c"), ("draw", ""),  # 8 A
        ("resolve", "2c"), ("draw", ""),  # 9 chain end
        ("chain_end", ""),
    ]
    assert cell(st, "3c") == [] and st.discard[1] == ["W-RR-02", "W-RR-01"]
    assert cell(st, "3d") == [(0, "W-RM-07", "bullet")]  # a dud until the end phase
    assert st.hand[0] == ["W-RM-07"] * 4
