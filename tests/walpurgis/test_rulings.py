"""The designer's answers in the v1.01 comments (seed 001), as exact outcomes."""

from __future__ import annotations

import pytest

from .helpers import cell, play, pos, texts

ANCHOR = {"4e": [(0, "W-RM-02", "up")], "5e": [(0, "W-RM-01", "active")]}


def _musou(n_formations: int, from_hand: bool) -> object:
    """Seat 0 has ``n_formations`` formations (夢想転生 among them when on the field); seat 1 (turn
    player) activates 通常弾(霊夢) on 4a, which 夢想転生 on 2a/2b may intercept."""
    squares = ["1a", "1b", "1c", "1d", "1e", "2c", "2d", "2e", "3d", "3e"]
    board: dict[str, list[tuple[int, str, str]]] = {"5a": [(1, "W-RM-02", "up")]}
    n_others = n_formations if from_hand else n_formations - 1
    for sq in squares[:n_others]:
        board[sq] = [(0, "W-RM-01", "active")]
    if not from_hand:
        board["2b"] = [(0, "W-RM-04", "active")]
    st = pos(board, hands=(["W-RM-04"] if from_hand else [], ["W-RM-01", "W-RR-01"]), active=1)
    play(st, "place W-RM-01 4a up", "bullet 3a")
    return st


def test_ruling_夢想転生_with_7_formations_intercepts_from_hand() -> None:
    st = _musou(7, from_hand=True)
    assert st.decision.kind == "intercept"
    assert "place W-RM-04 2b up" in texts(st)


def test_ruling_夢想転生_with_7_formations_cannot_activate_from_the_field() -> None:
    st = _musou(7, from_hand=False)
    # no interception was offered: the chain ran through and seat 1's turn went on to its end
    assert not [e for e in st.log if e.kind == "activate" and e.data["player"] == 0]
    assert cell(st, "2b") == [(0, "W-RM-04", "active")]


def test_ruling_夢想転生_with_8_formations_activates_from_the_field() -> None:
    st = _musou(8, from_hand=False)
    assert st.decision.kind == "intercept" and "activate 2b" in texts(st)


def _vanishing(turn_player: int) -> object:
    """A (seat 0's formation on 3c) is on the destroy squares of both バニシングエブリシング (seat 0,
    2b) and デーモンロードクレイドル (seat 1, 4d); BE (2b) is on DLC's, DLC (4d) on BE's."""
    board = {"1b": [(0, "W-PC-01", "up")], "3c": [(0, "W-PC-02", "up")], "5d": [(1, "W-RR-01", "up")]}
    st = pos(board, hands=(["W-PC-06"], ["W-RR-03"]), active=turn_player)
    if turn_player == 0:
        play(st, "place W-PC-06 2b up", "place W-RR-03 4d up")
    else:
        play(st, "place W-RR-03 4d up", "place W-PC-06 2b up")
    return st


def test_ruling_vanishing_everything_turn_player_priority_returns_to_hand() -> None:
    st = _vanishing(turn_player=0)
    assert cell(st, "3c") == [] and "W-PC-02" in st.hand[0]  # A: the turn player's BE wins -> hand
    assert cell(st, "2b") == [] and st.discard[0] == ["W-PC-06"]  # B: only DLC hits it -> destroyed
    assert cell(st, "4d") == [] and "W-RR-03" in st.hand[1]  # DLC: only BE hits it -> hand


def test_ruling_vanishing_everything_non_turn_player_destroy_wins() -> None:
    st = _vanishing(turn_player=1)
    assert cell(st, "3c") == [] and st.discard[0] == ["W-PC-06", "W-PC-02"]  # A: DLC's destroy wins
    assert "W-PC-02" not in st.hand[0]
    assert cell(st, "4d") == [] and "W-RR-03" in st.hand[1]


@pytest.mark.parametrize("variant", ["v2.01", "v1.01"])
def test_ruling_face_up_bullet_on_a_face_down_formation_becomes_dormant(variant: str) -> None:
    board = {"2c": [(0, "W-RM-02", "up")], "4c": [(1, "W-RR-04", "active")], **ANCHOR}
    st = pos(board, hands=(["W-RM-03"], []), decks=(["W-RM-08"] * 3, ["W-RR-01"]), variant=variant)
    play(st, "place W-RM-03 3c up", "bullet 4c", "done")  # 陰陽宝玉: face-up bullet onto 4c
    assert cell(st, "4c") == [(0, "W-RM-08", "dormant")]
    assert st.discard[1] == ["W-RR-04"]


def test_ruling_kept_face_down_bullet_becomes_dormant() -> None:
    board = {"1c": [(0, "W-RR-02", "up")], "3d": [(0, "W-RR-06", "up")], **ANCHOR}
    st = pos(board, hands=(["W-RR-01"], []), decks=(["W-RR-07"] * 3, ["W-RM-01"]))
    play(st, "place W-RR-01 2c up", "bullet 3d", "done", "keep 3d bullet")
    assert cell(st, "3d") == [(0, "W-RR-07", "dormant")]
    assert st.discard[0] == ["W-RR-06"]


@pytest.mark.parametrize("variant", ["v2.01", "v1.01"])
def test_ruling_two_face_up_cards_both_leave(variant: str) -> None:
    board = {"2c": [(0, "W-RM-02", "up")], "4c": [(1, "W-RR-04", "up")], **ANCHOR}
    st = pos(board, hands=(["W-RM-03"], []), decks=(["W-RM-08"] * 3, ["W-RR-01"]), variant=variant)
    play(st, "place W-RM-03 3c up", "bullet 4c", "done")
    assert cell(st, "4c") == []
    assert st.discard[1] == ["W-RR-04"] and st.piles[0] == ["W-RM-08"]


def _scarlet_devil_turned_down(variant: str) -> object:
    # 不夜城レッド (seat 0, 3c) hits 4b 4c 4d 3b 3d; seat 1 intercepts with レッドマジック on 4c, whose
    # D effect turns 不夜城レッド face down before destroy processing
    board = {"2c": [(0, "W-RR-01", "up")], "4b": [(1, "W-RM-01", "up")], "5d": [(1, "W-RR-01", "up")],
             **ANCHOR}
    st = pos(board, hands=(["W-RR-02"], ["W-RR-07"]), variant=variant)
    play(st, "place W-RR-02 3c up")
    assert "place W-RR-07 4c up" in texts(st)
    play(st, "place W-RR-07 4c up", "done")
    return st


def test_ruling_v2_01_destroy_only_by_cards_still_activating_on_the_field() -> None:
    st = _scarlet_devil_turned_down("v2.01")
    assert cell(st, "3c") == [(0, "W-RR-02", "dormant")]
    assert cell(st, "4b") == [(1, "W-RM-01", "up")] and cell(st, "4c") == [(1, "W-RR-07", "up")]


def test_ruling_v1_01_destroy_squares_fixed_at_activation() -> None:
    st = _scarlet_devil_turned_down("v1.01")
    assert cell(st, "3c") == [(0, "W-RR-02", "dormant")]
    assert cell(st, "4b") == [] and cell(st, "4c") == []
    assert st.discard[1] == ["W-RM-01", "W-RR-07"]
