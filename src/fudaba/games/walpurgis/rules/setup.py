"""§3 setup (rulebook 4): the 通常弾 set aside ①, the deal and the mulligan ④–⑤, the set-aside
card added to the hand ⑥ and the initial placement ⑦ (specs/walpurgis.md §3).
"""

from __future__ import annotations

from typing import Any

from ....core.actions import Action
from ..actions import DONE, A
from ..cards import SQ, SQ_INDEX
from ..state import (
    UP,
    WalpurgisState,
)
from .common import distinct, draw


# ====================================================================== §3 setup
def setup(st: WalpurgisState, ctx: Any) -> None:
    """§3 (5): each player sets a 通常弾 aside, then deal, mulligan, add it back."""
    st.push("setup_deal")
    st.push("setup_set", (1,))
    st.push("setup_set", (0,))


def setup_set(st: WalpurgisState, ctx: Any) -> None:
    """§3 ①: take one 通常弾 out of the deck (a choice when there are several kinds)."""
    p = ctx[0]
    opts = setup_options(st, p)
    if opts:
        st.ask(p, "setup", opts, "set", (p,), "set a 通常弾 aside", private=True)


def setup_options(st: WalpurgisState, p: int) -> list[Action]:
    return [A("set", cid) for cid in distinct(st.deck[p]) if st.cards[cid].is_normal]


def ans_set(st: WalpurgisState, a: Action, ctx: Any) -> None:
    p = ctx[0]
    cid = a.args[0]
    st.deck[p].remove(cid)
    st.aside[p].append(cid)
    st.emit("set_aside", secret={"card": cid}, seen_by=(p,), player=p)


def setup_deal(st: WalpurgisState, ctx: Any) -> None:
    """§3 ②–④: shuffle, decide the first player, draw 5."""
    for p in (0, 1):
        st.rng.shuffle(st.deck[p])
    first = st.game.params["first"]
    st.first = st.active = st.rng.randbelow(2) if first == "random" else int(first)
    st.emit("first_player", player=st.first)
    n = max(0, int(st.game.params["starting_hand"]) - 1)
    for p in (st.first, 1 - st.first):
        draw(st, p, n)
    st.push("setup_add")
    st.push("mulligan", (1 - st.first, 0))
    st.push("mulligan", (st.first, 0))


def mulligan(st: WalpurgisState, ctx: Any) -> None:
    """§3 ⑤: once, put any number of the drawn cards on the deck bottom (one at a time), then
    draw as many."""
    p, k = ctx
    st.ask(p, "mulligan", mulligan_options(st, p), "mulligan", (p, k), "mulligan: put cards on the deck bottom",
           private=True)


def mulligan_options(st: WalpurgisState, p: int) -> list[Action]:
    return [*(A("bottom", cid) for cid in distinct(st.hand[p])), DONE]


def ans_mulligan(st: WalpurgisState, a: Action, ctx: Any) -> None:
    p, k = ctx
    if a is DONE:
        st.emit("mulligan", player=p, count=k)
        draw(st, p, k)
        return
    cid = a.args[0]
    st.hand[p].remove(cid)
    st.deck[p].append(cid)
    st.emit("bottom", secret={"card": cid}, seen_by=(p,), player=p)
    st.push("mulligan", (p, k + 1))


def setup_add(st: WalpurgisState, ctx: Any) -> None:
    """§3 ⑥: the set-aside 通常弾 joins the hand; then the initial placement (v2.01)."""
    for p in (0, 1):
        st.hand[p].extend(st.aside[p])
        st.aside[p].clear()
    if st.v1:
        # §8: v1.01 has no initial placement (the first main phases replace it)
        st.push("turn_start")
    else:
        st.phase = "initial"
        st.push("turn_start")
        st.push("initial_placement", (1 - st.first,))
        st.push("initial_placement", (st.first,))


def initial_placement(st: WalpurgisState, ctx: Any) -> None:
    """§3 (6): the first player places a 通常弾 face up anywhere (not 3c with ``ban_centre``);
    the second player draws 1 and places one on any empty square. No conditions, no chain."""
    p = ctx[0]
    if p != st.first:
        draw(st, p, 1)
    opts = initial_options(st, p)
    if not opts:
        st.end_game(1 - p, "no 通常弾 to place")  # §6 (2.2.1)
        return
    st.ask(p, "initial", opts, "initial", (p,), "initial placement: a 通常弾 face up")


def initial_options(st: WalpurgisState, p: int) -> list[Action]:
    opts: list[Action] = []
    ban = p == st.first and st.game.params["ban_centre"]
    for cid in distinct(st.hand[p]):
        if st.cards[cid].is_normal:
            for s in range(25):
                if st.board[s] or (ban and s == 12):
                    continue
                opts.append(A("place", cid, SQ[s], "up"))
    return opts


def ans_initial(st: WalpurgisState, a: Action, ctx: Any) -> None:
    p = ctx[0]
    cid, sqn, _ = a.args
    s = SQ_INDEX[sqn]
    st.hand[p].remove(cid)
    st.board[s] = (*st.board[s], (p, cid, UP, 0))
    st.emit("place", player=p, place=sqn, face="up", card=cid, initial=True)
