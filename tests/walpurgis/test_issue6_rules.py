"""Issue 6: the optional A effect of end phase ② (7.3.2), the full board judged at chain end (2.1),
the v1.01 rules on 通常弾 interception, one-player squares and deck-out (§8), and rules no other
test pinned: end ② before ③, the tie-break order, ending a game that is already over."""

from __future__ import annotations

import pytest

from fudaba import IllegalAction

from .helpers import cell, kinds, play, pos, texts

ANCHOR = {"4e": [(0, "W-RM-02", "up")], "5e": [(0, "W-RM-01", "active")]}


def _uprights(st: object) -> list[tuple[int, str, bool]]:
    return [(e.data["player"], e.data["place"], bool(e.data.get("skip"))) for e in st.log  # type: ignore[attr-defined]
            if e.kind == "upright"]


# ---------------------------------------------------------------- §4 end ② (7.3.2)
def _end_phase(variant: str = "v2.01") -> object:
    # at the start of seat 0's end phase: seat 0's 賢者の石 (A: recover 2) on 2a, 博麗アミュレット
    # (A: recover 1) on 2c and 通常弾(霊夢) (no A effect) on 2e, seat 1's 賢者の石 on 4a, all activating
    board = {"2a": [(0, "W-PC-04", "activating")], "2c": [(0, "W-RM-07", "activating")],
             "2e": [(0, "W-RM-01", "activating")], "4a": [(1, "W-PC-04", "activating")]}
    return pos(board, phase="end", variant=variant,
               piles=(["W-PC-05", "W-PC-06", "W-PC-07"], ["W-PC-02", "W-PC-03"]))


def test_7_3_2_upright_a_effect_is_optional() -> None:
    st = _end_phase()
    # one decision per formation, turn player first: which one turns upright, with or without its
    # A effect; 通常弾(霊夢) has no A effect, so there is nothing to skip on 2e
    assert st.decision.kind == "upright" and st.decision.player == 0
    assert texts(st) == ["upright 2a", "upright 2a skip", "upright 2c", "upright 2c skip", "upright 2e"]
    assert st.game.prompt(st.view(0), "en").startswith("End phase ② (§4)")
    assert "upright マス skip" in st.game.prompt(st.view(0), "ja")
    st.apply("upright 2a skip")  # not applied: seat 0's bullet pile keeps its top 2
    assert cell(st, "2a") == [(0, "W-PC-04", "up")] and st.piles[0] == ["W-PC-05", "W-PC-06", "W-PC-07"]
    # then alternately: seat 1 (applies), seat 0 (applies), seat 0's last one (forced, no A effect)
    assert st.decision.player == 1 and texts(st) == ["upright 4a", "upright 4a skip"]
    play(st, "upright 4a")
    assert texts(st) == ["upright 2c", "upright 2c skip", "upright 2e"]
    play(st, "upright 2c")
    assert _uprights(st) == [(0, "2a", True), (1, "4a", False), (0, "2c", False), (0, "2e", False)]
    assert [(e.data["player"], e.data["count"]) for e in st.log if e.kind == "recover"] == [(1, 2), (0, 1)]
    assert st.piles[0] == ["W-PC-06", "W-PC-07"] and st.deck[0][-1] == "W-PC-05"
    assert st.deck[1][-2:] == ["W-PC-02", "W-PC-03"] and st.piles[1] == []
    assert all(cell(st, sq)[0][2] == "up" for sq in ("2a", "2c", "2e", "4a"))
    assert st.turn == 6 and st.active == 1
    skip = next(e for e in st.log if e.kind == "upright")
    assert st.game.describe(skip.view(1), "en") == (
        "P0 turns Philosopher's Stone on 2a upright without applying its A effect")
    assert st.game.describe(skip.view(1), "ja") == "P0: 2aの賢者の石を縦向きに (A効果は適用しない)"


def test_7_3_2_skip_is_refused_for_a_formation_without_an_a_effect() -> None:
    st = _end_phase()
    h = st.hash()
    with pytest.raises(IllegalAction, match=r"通常弾\(霊夢\) on 2e has no A effect to skip: write 'upright 2e' "
                                            r"\(§4 end ②, 7.3.2\)") as e:
        st.apply("upright 2e skip")
    assert "A効果がない" in e.value.text("ja")
    with pytest.raises(IllegalAction, match=r"3c holds no activating formation of yours still to turn upright "
                                            r"\(§4 end ②, 7.3.2\)"):
        st.apply("upright 3c skip")
    with pytest.raises(IllegalAction, match=r"write 'upright SQUARE' or, in the end phase, 'upright SQUARE skip'"):
        st.apply("upright 2a later")
    assert st.hash() == h


def test_5_3_step8_a_effect_in_the_chain_is_not_optional() -> None:
    # 賢者の石 (A: recover 2) is still activating on 2a; seat 0 activates 通常弾(霊夢) on 2c: at
    # step 8 (8.3.8 「A:以下の効果を適用します」) both turn upright with their A effects
    board = {"2a": [(0, "W-PC-04", "activating")], "1c": [(0, "W-RM-02", "up")], **ANCHOR}
    st = pos(board, hands=(["W-RM-01"], []), piles=(["W-PC-05", "W-PC-06"], []))
    play(st, "place W-RM-01 2c up", "done")
    assert st.decision.kind == "upright" and texts(st) == ["upright 2a", "upright 2c"]
    h = st.hash()
    with pytest.raises(IllegalAction, match=r"in the chain a formation turning upright applies its A effect: only "
                                            r"the end phase lets you skip it \(§5.3 step 8, 8.3.8; §4 end ②, 7.3.2\)"):
        st.apply("upright 2a skip")
    assert st.hash() == h
    st.apply("upright 2a")
    assert st.piles[0] == [] and st.deck[0][-2:] == ["W-PC-05", "W-PC-06"]


def test_8_v101_end_of_turn_upright_applies_the_a_effect() -> None:
    # v1.01 has no end phase (§8): a formation still activating at the end of the turn (持続) turns
    # upright with its A effect (「アンタップする時に、Aに書いてある効果を解決します」)
    st = _end_phase("v1.01")
    assert texts(st) == ["upright 2a", "upright 2c", "upright 2e"]
    h = st.hash()
    with pytest.raises(IllegalAction, match=r"v1.01 has no end phase ②: a formation turning upright applies its "
                                            r"A effect \(§8\)"):
        st.apply("upright 2a skip")
    assert st.hash() == h
    assert st.game.prompt(st.view(0), "en").startswith("A effects (§5.3 step 8)")
    play(st, "upright 2a", "upright 2c")
    assert [(e.data["player"], e.data["count"]) for e in st.log if e.kind == "recover"] == [(0, 2), (1, 2), (0, 1)]


AD = {"id": "X-AD-01", "name": "試験弾(A効果ドロウ)", "icons": ["霊夢"], "matrix": ".  B  .\n.  @  .\n.  C  .",
      "effects": [{"timing": "A", "op": "draw", "n": 1}]}


def test_7_3_end_2_upright_comes_before_end_3_hand_limit() -> None:
    # 6 cards in hand at the end phase; the A effect turning upright at ② draws the 7th: ③ (7.3.3)
    # comes after it and asks for a discard
    hand = ["W-RM-01", "W-RM-02", "W-RM-03", "W-RM-05", "W-RM-06", "W-RM-07"]
    st = pos({"2c": [(0, "X-AD-01", "activating")]}, hands=(hand, []), phase="end", cards=[AD])
    assert texts(st) == ["upright 2c", "upright 2c skip"]
    st.apply("upright 2c")
    assert st.decision.kind == "discard" and len(st.hand[0]) == 7 and st.turn == 5
    ev = kinds(st)
    assert ev.index("upright") < ev.index("draw")
    st.apply("discard W-RM-01")
    assert len(st.hand[0]) == 6 and st.turn == 6
    # control: skipped, nothing is drawn and there is nothing to discard
    st = pos({"2c": [(0, "X-AD-01", "activating")]}, hands=(hand, []), phase="end", cards=[AD])
    st.apply("upright 2c skip")
    assert len(st.hand[0]) == 6 and st.turn == 6 and "discard" not in kinds(st)


# ---------------------------------------------------------------- §6 (2.1) judged when a chain ends
@pytest.mark.parametrize("variant", ["v2.01"])  # v1.01 ends at once (§8): test_6_8_full_board.py
def test_2_1_full_board_judged_at_chain_end(variant: str) -> None:
    # 24 squares hold formations, 5d is empty: seat 0's 13 dormant ones (rows 1–2, 3a–3c), seat 1's
    # 11 active 通常弾(レミリア) (3d 3e, rows 4–5 but 5d)
    board: dict[str, list[tuple[int, str, str]]] = {}
    for sq in [f"{r}{c}" for r in (1, 2) for c in "abcde"] + ["3a", "3b", "3c"]:
        board[sq] = [(0, "W-RM-01", "dormant")]
    for sq in ["3d", "3e", "4a", "4b", "4c", "4d", "4e", "5a", "5b", "5c", "5e"]:
        board[sq] = [(1, "W-RR-01", "active")]
    st = pos(board, hands=(["W-RM-07"], []), variant=variant)
    st.apply("place W-RM-07 5d down")  # fills the board, but starts no chain: the game goes on
    assert not st.over and all(cell(st, f"{r}{c}") for r in range(1, 6) for c in "abcde")
    assert st.turn == 6 and st.active == 1 and st.decision.kind == "main" and "game_over" not in kinds(st)
    # seat 1 activates 通常弾(レミリア) on 4a (condition 5a): the game ends when that chain ends
    play(st, "activate 4a", "done")
    assert st.over and st.result == "board full" and st.winner == 0
    assert st.score["formations"] == [14, 11] and kinds(st)[-2:] == ["chain_end", "game_over"]


# ---------------------------------------------------------------- §8 v1.01
def _shot(variant: str, case: str) -> tuple[object, int]:
    """A 通常弾(霊夢) activation with the other seat able to intercept it (in v2.01); returns the
    state after its bullets and the seat that could intercept."""
    board: dict[str, list[tuple[int, str, str]]] = {"1c": [(0, "W-RM-02", "up")], "5c": [(1, "W-RM-02", "up")]}
    if case == "hand":  # seat 0's turn, from hand
        st = pos({**board, **ANCHOR}, hands=(["W-RM-01"], ["W-RM-01"]), variant=variant)
        play(st, "place W-RM-01 2c up", "bullet 3c")
        return st, 1
    if case == "field":  # seat 0's turn, an active formation turned face up
        st = pos({**board, **ANCHOR, "2c": [(0, "W-RM-01", "active")]}, hands=(["W-RM-07"], ["W-RM-01"]),
                 variant=variant)
        play(st, "activate 2c", "bullet 3c")
        return st, 1
    if case == "opponent_turn":  # seat 1's turn: its 通常弾 on 4c, seat 0 could intercept on 2c
        st = pos(board, hands=(["W-RM-01"], ["W-RM-01", "W-RR-01"]), variant=variant, active=1)
        play(st, "place W-RM-01 4c up", "bullet 3c")
        return st, 0
    # as the interceptor: seat 0's 博麗アミュレット on 2c (condition 2b), seat 1 intercepts with
    # 通常弾(霊夢) on 4c; seat 0's active 通常弾(レミリア) on 2d (bullet square 3c) could intercept it
    board.update({"2b": [(0, "W-RM-02", "up")], "1d": [(0, "W-RM-03", "active")], "2d": [(0, "W-RR-01", "active")]})
    st = pos({**board, **ANCHOR}, hands=(["W-RM-07"], ["W-RM-01"]), variant=variant)
    play(st, "place W-RM-07 2c up", "bullet 3c")
    assert st.decision.kind == "intercept" and "place W-RM-01 4c up" in texts(st)
    play(st, "place W-RM-01 4c up", "bullet 3c")
    return st, 0


@pytest.mark.parametrize("case", ["hand", "field", "opponent_turn", "interceptor"])
def test_v101_normal_shot_cannot_be_intercepted_on_any_turn(case: str) -> None:
    # v2.01 (control): the other seat may intercept the 通常弾
    st, q = _shot("v2.01", case)
    assert st.decision.kind == "intercept" and st.decision.player == q
    assert texts(st)[0] in ("place W-RM-01 2c up", "place W-RM-01 4c up", "activate 2d")
    # v1.01: 「「通常弾」の配置に対戦プレイヤーは迎撃出来ません」 — not asked; the chain resolves
    st, q = _shot("v1.01", case)
    acts = {"hand": [0], "field": [0], "opponent_turn": [1], "interceptor": [0, 1]}[case]
    assert [e.data["player"] for e in st.log if e.kind == "activate"] == acts
    assert "chain_end" in kinds(st) and st.decision.kind != "intercept"
    assert [e for e in st.log if e.kind == "pass"] == []  # nobody is asked, so nobody declines


@pytest.mark.parametrize("keep", [None, "keep 3c up:W-RM-05"])
def test_v101_one_player_square_cards_not_kept_go_to_the_discard_pile(keep: str | None) -> None:
    # 3c holds a card of seat 0 (a dud bullet, or a face-up formation); 通常弾(霊夢) on 2c adds
    # seat 0's bullet W-RM-08 there: one player's cards only, one is kept
    for variant in ("v1.01", "v2.01"):
        first = (0, "W-RM-05", "bullet") if keep is None else (0, "W-RM-05", "up")
        board = {"1c": [(0, "W-RM-02", "up")], "3c": [first], **ANCHOR}
        st = pos(board, hands=(["W-RM-01"], []), decks=(["W-RM-08"] * 3, ["W-RR-01"] * 3), variant=variant)
        play(st, "place W-RM-01 2c up", "bullet 3c")
        if keep is None:  # two face-down bullets read the same: the topmost (the new one) stays
            assert cell(st, "3c") == [(0, "W-RM-08", "dormant")]
            gone = "W-RM-05"
        else:
            assert texts(st) == ["keep 3c up:W-RM-05", "keep 3c bullet"]
            st.apply(keep)
            assert cell(st, "3c") == [(0, "W-RM-05", "up")]
            gone = "W-RM-08"
        if variant == "v1.01":  # 「1枚のみ残し、それ以外のカードは捨て札置き場に置きます」
            assert st.discard[0] == [gone] and st.piles[0] == []
            ev = next(e for e in st.log if e.kind == "discard")
            assert ev.view(1) == {"kind": "discard", "player": 0, "place": "3c", "card": gone,
                                  "reason": "bullet processing"}
        else:  # v2.01 (control): a bullet not kept goes to the bullet pile
            assert st.piles[0] == [gone] and st.discard[0] == []


def test_v101_no_deck_out_loss_an_empty_deck_draws_nothing() -> None:
    st = pos({}, phase="prepare", hands=(["W-RM-07"], []), decks=([], ["W-RR-01"] * 3), variant="v1.01")
    assert not st.over and st.decision.kind == "main" and st.decision.player == 0
    assert st.hand[0] == ["W-RM-07"] and "draw" not in kinds(st)
    st.apply("end")  # draw 2 from the empty deck: nothing either
    assert not st.over and st.hand[0] == ["W-RM-07"] and st.active == 1
    # v2.01 (control): prepare ③ with an empty deck loses
    st = pos({}, phase="prepare", hands=(["W-RM-07"], []), decks=([], ["W-RR-01"] * 3))
    assert st.over and st.winner == 1 and st.result == "deck out"


# ---------------------------------------------------------------- §6 ending a game that is over
def test_6_end_game_on_a_game_already_over_changes_nothing() -> None:
    st = pos({}, phase="prepare", decks=([], ["W-RR-01"]))
    assert st.over and st.winner == 1 and st.result == "deck out"
    before = (st.winner, st.result, len(st.log), st.hash(), st.score, st.phase, st.to_json())
    st.end_game(0, "board full")
    st.end_game(None, "turn limit")
    assert (st.winner, st.result, len(st.log), st.hash(), st.score, st.phase, st.to_json()) == before
