"""§8 the v1.01 differences table."""

from __future__ import annotations

import pytest

from fudaba import IllegalAction
from fudaba.core import Deck

from .helpers import cell, game, play, pos, texts

ANCHOR = {"4e": [(0, "W-RM-02", "up")], "5e": [(0, "W-RM-01", "active")]}


def test_8_deck_size_unlimited_and_normal_shots_any_number() -> None:
    big = Deck(tuple(["W-RM-01"] * 70 + ["W-RM-02"] * 4))
    assert game("v1.01").check_deck(big) == []
    problems = game("v2.01").check_deck(big)
    assert any("at most 60" in p for p in problems) and any("copies of 通常弾(霊夢)" in p for p in problems)
    assert any("copies of 夢想封印" in p for p in game("v1.01").check_deck(Deck(("W-RM-02",) * 5 + ("W-RM-01",))))


def test_8_no_initial_placement_first_main_phase_only_a_normal_shot_face_up() -> None:
    st = game("v1.01", first=0).new_game(seed=5)
    play(st, "done", "done")
    assert st.turn == 1 and st.phase == "main" and st.decision.kind == "main"
    assert len(st.hand[0]) == 6  # the first player does not draw on turn 1
    t = texts(st)
    assert len(t) == 25 and all(x.startswith("place W-MR-01 ") and x.endswith(" up") for x in t)
    with pytest.raises(IllegalAction, match=r"first main phase may only place a 通常弾 face up \(§8\)"):
        st.apply(f"place {st.hand[0][1] if st.hand[0][1] != 'W-MR-01' else st.hand[0][2]} 3c down")
    st.apply("place W-MR-01 3c up")  # conditions waived, no bullets, no chain; the main phase ends
    assert cell(st, "3c") == [(0, "W-MR-01", "up")]
    assert st.turn == 2 and st.active == 1 and len(st.hand[1]) == 7  # the second player draws
    assert all(x.startswith("place W-PC-01 ") for x in texts(st)) and len(texts(st)) == 24
    st.apply("place W-PC-01 4c up")
    assert not any(e.kind in ("bullet", "activate") for e in st.log)
    assert st.turn == 3 and st.active == 0


def test_8_two_players_face_down_against_face_down_both_leave() -> None:
    board = {"2c": [(0, "W-RM-02", "up")], "4c": [(1, "W-RR-04", "active")], **ANCHOR}
    st = pos(board, hands=(["W-RM-01"], []), variant="v1.01")
    play(st, "place W-RM-01 3c up", "bullet 4c")
    assert cell(st, "4c") == [] and st.discard[1] == ["W-RR-04"] and st.piles[0] == ["W-RM-01"]


def test_8_two_players_face_up_against_face_down_face_up_turns_dormant() -> None:
    # seat 1 (turn player) puts a face-down bullet on seat 0's face-up formation on 3c
    board = {"5d": [(1, "W-RR-02", "up")], "3c": [(0, "W-RM-02", "up")]}
    st = pos(board, hands=([], ["W-RR-01", "W-RR-01"]), decks=(["W-RM-01"], ["W-RR-05"] * 3), variant="v1.01",
             active=1)
    play(st, "place W-RR-01 4d up", "bullet 3c", "done")
    down = [e.data for e in st.log if e.kind == "turn_down"]
    assert down == [{"player": 0, "place": "3c", "card": "W-RM-02", "state": "dormant"}]
    assert st.piles[1] == ["W-RR-05"]
    # seat 1's turn ended; at seat 0's prepare ① (optional in v1.01) seat 0 wakes it
    assert st.active == 0 and st.decision.kind == "wake" and texts(st) == ["wake 3c", "pass"]
    st.apply("wake 3c")
    assert cell(st, "3c") == [(0, "W-RM-02", "active")]


def test_8_v1_pair_face_up_bullet_vs_face_down_bullet() -> None:
    board = {"2c": [(0, "W-RM-02", "up")], "4c": [(1, "W-RR-04", "bullet")], **ANCHOR}
    st = pos(board, hands=(["W-RM-03"], []), decks=(["W-RM-08"] * 3, ["W-RR-01"]), variant="v1.01")
    play(st, "place W-RM-03 3c up", "bullet 4c", "done")
    # face-down bullet leaves; the face-up bullet turns face down and, left alone, becomes dormant
    assert cell(st, "4c") == [(0, "W-RM-08", "dormant")]
    assert st.piles[1] == ["W-RR-04"]


def test_8_no_hand_limit() -> None:
    hand = ["W-RM-01", "W-RM-02", "W-RM-03", "W-RM-05", "W-RM-06", "W-RM-07", "W-RM-08"]
    st = pos({}, hands=(hand, ["W-RR-01"]), variant="v1.01")
    st.apply("end")
    assert len(st.hand[0]) == 9 and st.active == 1


def test_8_end_of_game_formations_only_tie_is_a_draw() -> None:
    from .test_3_4_6_flow import _full_board, _judged

    # formations 13–13 when the chain ends; face up 2–1 and deck 6–2 would favour seat 0 in v2.01
    st = _judged(_full_board(), variant="v1.01", decks=(["W-RM-01"] * 6, ["W-RR-01"] * 2))
    assert st.winner is None and st.score["face_up"] == [2, 1] and st.score["deck"] == [6, 2]


def test_8_duds_leave_at_chain_end_activating_turn_upright_at_chain_end() -> None:
    st = pos({"1c": [(0, "W-RR-02", "up")], **ANCHOR}, hands=(["W-RR-01"], []), variant="v1.01")
    play(st, "place W-RR-01 2c up", "bullet 3b", "done")
    assert cell(st, "3b") == [] and st.piles[0] == ["W-RM-01"]
    assert cell(st, "2c") == [(0, "W-RR-01", "up")] and st.decision.kind == "main"


def test_8_v1_01_prepare_wake_is_optional_pass_keeps_the_formation_dormant() -> None:
    # v1.01 開始フェイズ 1: 「活動状態にすることが出来ます」 (may); v2.01 7.1.1: 活動状態にします (must)
    board = {"2a": [(0, "W-RM-01", "dormant")]}
    st = pos(board, variant="v1.01", phase="prepare", hands=(["W-RM-01"], []))
    assert st.decision.kind == "wake" and texts(st) == ["wake 2a", "pass"]
    assert "pass" in st.game.prompt(st.view(0), "en")
    st.apply("pass")
    assert cell(st, "2a") == [(0, "W-RM-01", "dormant")]
    assert [st.game.describe(e.view(1), "en") for e in st.log if e.kind == "wake_pass"] == [
        "P0 leaves the dormant formations dormant (optional in v1.01)"]
    v2 = pos(board, variant="v2.01", phase="prepare", hands=(["W-RM-01"], []))
    assert v2.decision.kind == "main"  # v2.01: the only option (wake 2a) was applied by the engine
    assert cell(v2, "2a") == [(0, "W-RM-01", "active")]


def test_8_v2_01_prepare_wake_pass_is_refused_with_the_rule() -> None:
    board = {"2a": [(0, "W-RM-01", "dormant")], "2b": [(0, "W-RM-02", "dormant")]}
    st = pos(board, variant="v2.01", phase="prepare", hands=(["W-RM-01"], []))
    assert texts(st) == ["wake 2a", "wake 2b"]
    with pytest.raises(IllegalAction, match=r"not optional in v2.01: choose one \(§4 prepare ①\)"):
        st.apply("pass")
