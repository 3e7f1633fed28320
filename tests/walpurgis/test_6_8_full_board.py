"""§6 and the §8 row "when a full board ends the game" (issue 18): v2.01 judges a full board when a
chain ends; v1.01 ends the game the moment every square holds a formation — right after a placement
from hand, face down or face up (a face-up one, an interception included, before its chain starts),
and after each chain's processing. Bullets do not count."""

from __future__ import annotations

import pytest

import fudaba
from fudaba import PositionError
from fudaba.agents import make_agent

from .helpers import cell, kinds, play, pos, texts


def _24(empty: str, seat0: list[str], active: dict[str, str] | None = None,
        extra: dict[str, list[tuple[int, str, str]]] | None = None) -> dict[str, list[tuple[int, str, str]]]:
    """Every square but ``empty`` holds a formation: seat 0's on ``seat0`` (dormant 通常弾(霊夢), or
    the card given in ``active``, active), seat 1's dormant 通常弾(レミリア) on the others."""
    board: dict[str, list[tuple[int, str, str]]] = {}
    for r in range(1, 6):
        for c in "abcde":
            sq = f"{r}{c}"
            if sq == empty:
                continue
            if sq in (active or {}):
                board[sq] = [(0, (active or {})[sq], "active")]
            elif sq in seat0:
                board[sq] = [(0, "W-RM-01", "dormant")]
            else:
                board[sq] = [(1, "W-RR-01", "dormant")]
    board.update(extra or {})
    return board


ROWS_1_2 = [f"{r}{c}" for r in (1, 2) for c in "abcde"]


def _last_square_face_down(variant: str) -> object:
    """Seat 0 (rows 1–2 and 3a–3c: 13 formations) fills 5d face down; seat 1 holds the other 11."""
    board = _24("5d", [*ROWS_1_2, "3a", "3b", "3c"])
    return play(pos(board, hands=(["W-RM-07"], ["W-RR-01"]), variant=variant), "place W-RM-07 5d down")


def test_8_full_board_a_face_down_placement_on_the_last_square_ends_v101_at_once() -> None:
    st = _last_square_face_down("v1.01")
    assert st.over and st.result == "board full" and st.winner == 0
    assert st.score == {"formations": [14, 11], "face_up": [0, 0], "deck": [6, 6]}
    assert kinds(st)[-2:] == ["place", "game_over"] and st.decision is None and st.turn == 5
    assert cell(st, "5d") == [(0, "W-RM-07", "active")]
    g = st.game
    assert g.describe(st.log_view(None)[-1], "en") == (
        "game over (board full): P0 wins — P0 vs P1: formations 14–11, face up 0–0, deck 6–6")
    assert g.describe(st.log_view(None)[-1], "ja").startswith("ゲーム終了 (場がすべて陣で埋まった): P0の勝ち")


def test_6_full_board_v201_a_face_down_placement_waits_for_the_next_chain_end() -> None:
    st = _last_square_face_down("v2.01")
    assert not st.over and "game_over" not in kinds(st)
    assert st.active == 1 and st.decision.kind == "wake"  # seat 0 had nothing left to do: seat 1 wakes a formation


def test_8_full_board_a_face_up_placement_ends_the_game_before_its_chain_starts() -> None:
    # seat 0 places 二重結界 (B: draw 1; bullets 5c 5e) on 5d, condition 4d: no B effect, no
    # bullets, no interception — the game is over the moment the card is on the board
    board = _24("5d", [*ROWS_1_2, "3a", "3b", "4d"], active={"4d": "W-RM-01"})
    st = pos(board, hands=(["W-RM-06"], ["W-RR-01"]), variant="v1.01")
    assert "place W-RM-06 5d up" in texts(st)
    st.apply("place W-RM-06 5d up")
    assert st.over and st.result == "board full" and st.winner == 0
    assert st.score["formations"] == [14, 11] and st.hand[0] == [] and len(st.deck[0]) == 6
    assert kinds(st)[-2:] == ["activate", "game_over"] and "bullet" not in kinds(st) and not st.chain
    assert cell(st, "5c") == [(1, "W-RR-01", "dormant")]
    # v2.01: the same placement activates the card: its B effect draws, its bullets are asked
    st = pos(board, hands=(["W-RM-06"], ["W-RR-01"]), variant="v2.01")
    st.apply("place W-RM-06 5d up")
    assert not st.over and st.decision.kind == "bullet" and st.hand[0] == ["W-RM-01"]


def test_8_full_board_an_interception_placed_on_the_last_square_ends_the_game() -> None:
    # seat 0 activates its 博麗アミュレット on 2c (condition 2b) and shoots 3c; seat 1 intercepts by
    # placing 通常弾(レミリア) from hand on 4d (condition 5d, bullet square 3c): the board is full
    board = _24("4d", [*ROWS_1_2, "3a", "3b", "3c", "3d", "3e"], active={"2c": "W-RM-07"})
    st = pos(board, hands=([], ["W-RR-01"]), variant="v1.01")
    play(st, "activate 2c", "bullet 3c")
    assert st.decision.kind == "intercept" and st.decision.player == 1 and "place W-RR-01 4d up" in texts(st)
    st.apply("place W-RR-01 4d up")
    assert st.over and st.result == "board full" and st.winner == 0 and st.score["formations"] == [15, 10]
    intercept = st.log[-2]
    assert intercept.kind == "activate" and intercept.data["interception"] is True
    # neither the interception's chain link nor the first one's processing happened: the bullet is still on 3c
    assert cell(st, "3c") == [(0, "W-RM-01", "dormant"), (0, "W-RM-01", "bullet")]


def test_8_full_board_bullets_do_not_count_and_a_chain_that_fills_the_board_ends_it() -> None:
    # 24 formations; 4c holds only seat 1's bullet: not a full board (a bullet is not a formation)
    board = _24("4c", ROWS_1_2, active={"3c": "W-RM-03"}, extra={"4c": [(1, "W-RR-04", "bullet")]})
    for sq in ("3a", "3b", "3d", "3e"):
        board[sq] = [(1, "W-RR-01", "dormant")]
    st = pos(board, hands=([], []), decks=(["W-RM-08"] * 3, ["W-RR-01"]), variant="v1.01")
    assert not st.over and st.decision.kind == "main"
    # 陰陽宝玉 shoots a face-up bullet on 4c: in processing seat 1's face-down bullet leaves and seat 0's,
    # left alone, becomes a dormant formation (§8 pairs): the chain ends with every square full
    play(st, "activate 3c", "bullet 4c")
    assert not st.over  # the bullet placed on the last square does not fill it
    st.apply("done")
    assert cell(st, "4c") == [(0, "W-RM-08", "dormant")]
    assert st.over and st.result == "board full" and st.winner == 1 and st.score["formations"] == [12, 13]
    assert kinds(st)[-2:] == ["chain_end", "game_over"]


def test_8_full_board_a_v101_position_with_every_square_full_is_refused() -> None:
    board = _24("5d", ROWS_1_2, extra={"5d": [(0, "W-RM-01", "active")]})
    with pytest.raises(PositionError, match=r"key 'board': every square holds a formation .*v1\.01.*§8"):
        pos(board, variant="v1.01")
    assert not pos(board, variant="v2.01").over  # v2.01: judged when the next chain ends


def test_8_full_board_seeded_game_ends_on_the_face_down_placement_instead_of_the_turn_limit() -> None:
    # issue 18: v1.01 random against random, seed 45 — turn 25, P0 fills 5b face down (14–11) and,
    # before the fix, nobody could do anything any more: turns 26–200 were played out to a draw
    g = fudaba.load_game("walpurgis", "v1.01")
    agents = [make_agent("random", "walpurgis"), make_agent("random", "walpurgis")]
    for seat, ag in enumerate(agents):
        ag.reset(g, seat, 45)
    st = g.new_game(seed=45)
    while not st.over:
        d = st.decision
        st.apply(agents[d.player].act(st.infoset(d.player)))
    assert (st.result, st.winner, st.turn) == ("board full", 0, 25)
    assert st.history[-1] == "place W-MR-06 5b down" and kinds(st)[-2:] == ["place", "game_over"]
    assert st.score == {"formations": [14, 11], "face_up": [8, 5], "deck": [11, 20]}


@pytest.mark.parametrize("variant", ["v1.01", "v2.01"])
def test_6_8_full_board_random_play_never_reaches_the_turn_limit_with_a_full_board(variant: str) -> None:
    # whenever a game ends, a board with every square full has been judged (v1.01 at once)
    g = fudaba.load_game("walpurgis", variant)
    for seed in range(40):
        ag = [make_agent("random", "walpurgis"), make_agent("random", "walpurgis")]
        for seat, a in enumerate(ag):
            a.reset(g, seat, seed)
        st = g.new_game(seed=seed)
        while not st.over:
            d = st.decision
            st.apply(ag[d.player].act(st.infoset(d.player)))
            full = all(any(fc[2] >= 2 for fc in sq) for sq in st.board)
            if variant == "v1.01" and full:
                assert st.over and st.result == "board full", seed
        assert st.result != "turn limit", seed


def test_8_full_board_greedy_fills_the_last_square_in_v101_only_when_it_wins() -> None:
    from fudaba.games.walpurgis.ai import WalpurgisGreedy

    def choice(seat0: list[str]) -> str:
        st = pos(_24("5d", seat0), hands=(["W-RM-07", "W-RM-08"], []), variant="v1.01")
        ag = WalpurgisGreedy()
        ag.reset(st.game, 0, 1)
        return ag.act(st.infoset(0)).text

    # 13–11 before: filling 5d face down wins 14–11 at once
    assert choice([*ROWS_1_2, "3a", "3b", "3c"]) in ("place W-RM-07 5d down", "place W-RM-08 5d down")
    # 10–14 before: filling 5d loses 11–14 at once, so it ends the main phase instead
    assert choice(ROWS_1_2) == "end"
