"""§3 setup and initial placement, §4 the turn, §6 end of the game."""

from __future__ import annotations

import pytest

from fudaba import IllegalAction
from fudaba.core import Deck

from .helpers import cell, game, kinds, play, pos, texts

REIMU = Deck(tuple(["W-RM-01"] * 2 + ["W-RM-02"] * 4 + ["W-RM-03"] * 4 + ["W-RR-01"] * 2 + ["W-RM-07"] * 4))


# ---------------------------------------------------------------- §3
def test_3_setup_1_choice_of_normal_shot_to_set_aside() -> None:
    st = game(first=0).new_game(decks=[REIMU, REIMU], seed=3)
    assert st.decision.kind == "setup" and texts(st) == ["set W-RM-01", "set W-RR-01"]
    st.apply("set W-RR-01")
    assert st.aside[0] == ["W-RR-01"]
    ev = st.log[-1]
    assert ev.kind == "set_aside" and "card" not in ev.view(1) and ev.view(0)["card"] == "W-RR-01"


def test_3_setup_mulligan_one_at_a_time_then_done_draws_as_many() -> None:
    g = game(first=0)
    st = g.new_game(seed=5)  # marisa vs patchouli: one 通常弾 kind each -> set is automatic
    assert st.decision.kind == "mulligan" and st.decision.player == 0
    hand = list(st.hand[0])
    assert len(hand) == 5 and st.aside[0] == ["W-MR-01"]
    first = hand[0]
    st.apply(f"bottom {first}")
    assert st.deck[0][-1] == first and len(st.hand[0]) == 4
    st.apply("done")
    assert len(st.hand[0]) == 5
    assert st.decision.player == 1 and st.decision.kind == "mulligan"
    st.apply("done")
    # ⑥ the set-aside 通常弾 joins: 6 cards; then the initial placement (first player)
    assert len(st.hand[0]) == 6 and st.decision.kind == "initial" and st.decision.player == 0
    assert all(a.args[0] == "W-MR-01" for a in st.legal_actions()) and len(texts(st)) == 25


def test_3_initial_placement_second_player_draws_1_and_places_on_an_empty_square() -> None:
    st = game(first=0).new_game(seed=5)
    play(st, "done", "done", "place W-MR-01 3c up")
    assert cell(st, "3c") == [(0, "W-MR-01", "up")]
    assert st.decision.player == 1 and len(st.hand[1]) == 7
    assert "place W-PC-01 3c up" not in texts(st) and len(texts(st)) == 24
    st.apply("place W-PC-01 3d up")
    assert st.turn == 1 and st.active == 0 and st.phase == "main"
    assert len(st.hand[0]) == 6  # 5 + the turn-1 draw (prepare ③) - the placed 通常弾


def test_3_initial_placement_ban_centre_tournament_rule() -> None:
    st = game(first=0, ban_centre=True).new_game(seed=5)
    play(st, "done", "done")
    assert "place W-MR-01 3c up" not in texts(st) and len(texts(st)) == 24
    with pytest.raises(IllegalAction, match="ban_centre"):
        st.apply("place W-MR-01 3c up")


def test_3_first_player_param_and_random_first_is_seeded() -> None:
    assert game(first=1).new_game(seed=1).first == 1
    firsts = {game().new_game(seed=s).first for s in range(12)}
    assert firsts == {0, 1}
    assert game().new_game(seed=4).first == game().new_game(seed=4).first


# ---------------------------------------------------------------- §4
def test_4_prepare_1_wake_a_dormant_formation() -> None:
    board = {"2a": [(0, "W-RM-01", "dormant")], "2b": [(0, "W-RM-02", "dormant")]}
    st = pos(board, phase="prepare", hands=(["W-RM-01"], []))
    assert st.decision.kind == "wake" and texts(st) == ["wake 2a", "wake 2b"]
    st.apply("wake 2b")
    assert cell(st, "2b") == [(0, "W-RM-02", "active")] and cell(st, "2a") == [(0, "W-RM-01", "dormant")]
    wake = next(e for e in st.log if e.kind == "wake")
    assert wake.view(0)["card"] == "W-RM-02" and "card" not in wake.view(1)


def test_4_prepare_2_bullet_pile_top_to_deck_bottom_and_3_draw() -> None:
    st = pos({}, phase="prepare", hands=(["W-RM-01"], []), decks=(["W-RM-02", "W-RM-03"], ["W-RR-01"]),
             piles=(["W-RM-07", "W-RM-08"], []))
    assert st.deck[0] == ["W-RM-03", "W-RM-07"] and st.piles[0] == ["W-RM-08"]
    assert st.hand[0] == ["W-RM-01", "W-RM-02"]


def test_4_prepare_3_empty_deck_loses() -> None:
    st = pos({}, phase="prepare", decks=([], ["W-RR-01"]))
    assert st.over and st.winner == 1 and st.result == "deck out"


def test_4_main_one_placement_and_one_activation() -> None:
    board = {"1c": [(0, "W-RM-02", "up")], "1a": [(0, "W-RM-02", "up")], "2a": [(0, "W-RM-01", "active")]}
    st = pos(board, hands=(["W-RM-03", "W-RM-07"], []))
    st.apply("place W-RM-07 3e down")
    assert not any(a.verb == "place" for a in st.legal_actions())
    with pytest.raises(IllegalAction, match=r"already placed a card this turn.*\(§4 main 7.2\)"):
        st.apply("place W-RM-03 2c up")
    assert "activate 2a" in texts(st)
    st.apply("activate 2a")
    # both used: the main phase ended by itself


def test_4_main_draw_2_when_nothing_was_done() -> None:
    st = pos({}, hands=(["W-RM-07"], []), decks=(["W-RM-02", "W-RM-03", "W-RM-04"], ["W-RR-01"] * 3))
    st.apply("end")
    assert st.hand[0] == ["W-RM-07", "W-RM-02", "W-RM-03"]


def test_4_main_draw_2_with_an_empty_deck_does_not_lose() -> None:
    st = pos({}, hands=(["W-RM-07"], []), decks=([], ["W-RR-01"] * 3))
    st.apply("end")
    assert not st.over and st.active == 1


def test_4_end_3_hand_limit_discard_down_to_6() -> None:
    hand = ["W-RM-01", "W-RM-02", "W-RM-03", "W-RM-05", "W-RM-06", "W-RM-07", "W-RM-08"]
    st = pos({}, hands=(hand, []))
    st.apply("end")  # draw 2 -> 9 cards
    assert st.decision.kind == "discard" and st.phase == "end"
    play(st, "discard W-RM-08", "discard W-RM-07")
    assert st.decision.kind == "discard"
    st.apply("discard W-RM-01")
    assert len(st.hand[0]) == 6 and st.discard[0] == ["W-RM-08", "W-RM-07", "W-RM-01"]
    assert st.active == 1


def test_4_end_turn_passes_to_the_other_player() -> None:
    st = pos({}, hands=(["W-RM-07"], ["W-RR-02"]))
    st.apply("place W-RM-07 3c down")
    assert st.turn == 6 and st.active == 1 and st.decision.player == 1 and st.phase == "main"


# ---------------------------------------------------------------- §6
def _full_board(up0: int = 0, up1: int = 0, shared: bool = True) -> dict[str, list[tuple[int, str, str]]]:
    """24 squares hold formations, 5d is empty: seat 0 owns rows 1–2 and 4d (face down, ``up0`` of
    them face up), seat 1 owns 3a–3e, 4a–4c, 4e, 5a–5c (dormant, so it cannot intercept; ``up1``
    face up), and 5e holds a face-up 紅色の幻想郷 of each seat (``shared``; it never turns face
    down, so bullet processing leaves both there: decision 5) — else seat 0's alone. Seat 0 then
    places 通常弾(霊夢) face up on 5d (condition 4d; its bullet square is off the field): the chain
    that ends fills the board with 13–13 formations (13–12 without ``shared``), face up 2 + up0
    against 1 + up1."""
    board: dict[str, list[tuple[int, str, str]]] = {}
    mine = [f"{r}{c}" for r in (1, 2) for c in "abcde"] + ["4d"]
    theirs = [f"3{c}" for c in "abcde"] + ["4a", "4b", "4c", "4e", "5a", "5b", "5c"]
    for k, sq in enumerate(mine):
        board[sq] = [(0, "W-RM-01", "up" if k < up0 else "active")]
    for k, sq in enumerate(theirs):
        board[sq] = [(1, "W-RR-01", "up" if k < up1 else "dormant")]
    board["5e"] = [(0, "W-RR-05", "up"), (1, "W-RR-05", "up")] if shared else [(0, "W-RR-05", "up")]
    return board


def _judged(board: dict[str, list[tuple[int, str, str]]], variant: str = "v2.01",
            decks: tuple[list[str], list[str]] | None = None) -> object:
    """Seat 0 fills the last square face up: v2.01 judges the board when that chain ends (§6);
    v1.01 the moment the card is placed, before its chain starts (§8)."""
    st = pos(board, hands=(["W-RM-01"], []), decks=decks, variant=variant)
    st.apply("place W-RM-01 5d up")
    last = "activate" if variant == "v1.01" else "chain_end"
    assert st.over and st.result == "board full" and kinds(st)[-2:] == [last, "game_over"]
    return st


def test_6_board_full_tie_breaks_face_up_then_deck_then_draw() -> None:
    # formations 13–13; face up 2–1 -> seat 0
    st = _judged(_full_board())
    assert st.winner == 0 and st.score["formations"] == [13, 13] and st.score["face_up"] == [2, 1]
    # face up 2–2; deck 6–5 -> seat 0
    st = _judged(_full_board(up1=1), decks=(["W-RM-01"] * 6, ["W-RR-01"] * 5))
    assert st.winner == 0 and st.score["face_up"] == [2, 2] and st.score["deck"] == [6, 5]
    # everything equal -> draw
    st = _judged(_full_board(up1=1))
    assert st.winner is None
    over = st.log[-1]
    assert over.kind == "game_over" and over.data["score"] == {
        "formations": [13, 13], "face_up": [2, 2], "deck": [6, 6]}


def test_2_1_tie_break_face_up_formations_before_deck_size() -> None:
    # formations 13–13, and the next two tie-breaks favour different seats: face up decides
    st = _judged(_full_board(), decks=(["W-RM-01"] * 2, ["W-RR-01"] * 6))
    assert st.score["face_up"] == [2, 1] and st.score["deck"] == [2, 6] and st.winner == 0
    st = _judged(_full_board(up1=2), decks=(["W-RM-01"] * 6, ["W-RR-01"] * 2))
    assert st.score["face_up"] == [2, 3] and st.score["deck"] == [6, 2] and st.winner == 1


def test_6_board_full_more_formations_outright() -> None:
    # 13–12 formations; face up and deck favour seat 1
    st = _judged(_full_board(up1=5, shared=False), decks=(["W-RM-01"], ["W-RR-01"] * 6))
    assert st.winner == 0 and st.score["formations"] == [13, 12] and st.score["face_up"] == [2, 5]


def test_6_turn_limit_is_a_draw() -> None:
    st = pos({}, hands=(["W-RM-07"], ["W-RR-01"]), turn=3, params={"turn_limit": 3})
    st.apply("end")
    assert st.over and st.winner is None and st.result == "turn limit"


def test_6_concede() -> None:
    st = pos({}, hands=(["W-RM-07"], []))
    st.apply("concede")
    assert st.over and st.winner == 1 and st.result == "player 0 conceded"
    st = pos({}, hands=(["W-RM-07"], []))
    st.concede(1)
    assert st.winner == 0


def test_9_concede_is_accepted_at_any_decision_but_never_listed() -> None:
    st = pos({}, hands=(["W-RM-07"], ["W-RR-01"]))
    assert "concede" not in texts(st)
    h = st.hash()
    st.apply("concede 1")  # the other seat concedes during seat 0's decision
    assert st.over and st.winner == 0 and st.hash() != h
    assert st.score == {"formations": [0, 0], "face_up": [0, 0], "deck": [6, 6]}
