"""§3 setup (rulebook 4): the 通常弾 set aside ①, the deal and the mulligan ④–⑤, the set-aside
card added to the hand ⑥ and the initial placement ⑦ (specs/walpurgis.md §3). Decisions: which
通常弾 to set aside (``SET_ASIDE``), the mulligan (``MULLIGAN``), the initial placement (``INITIAL``).
"""

from __future__ import annotations

from typing import Any, NamedTuple

from ....core.actions import Action
from ....core.errors import Refusal
from ..actions import DONE, A
from ..cards import SQ, SQ_INDEX, WCard
from ..state import UP, WalpurgisState
from .common import distinct, draw
from .kind import WalpurgisKind, card_refusal, refuse
from .refusals import PlacingKind


class SeatCtx(NamedTuple):
    """The seat a setup decision is asked of."""

    seat: int


class MulliganCtx(NamedTuple):
    """A seat's mulligan: how many cards it has put on the deck bottom so far."""

    seat: int
    bottomed: int


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
        st.ask(SET_ASIDE, p, SeatCtx(p), opts)


def setup_options(st: WalpurgisState, p: int) -> list[Action]:
    return [A("set", cid) for cid in distinct(st.deck[p]) if st.cards[cid].is_normal]


class SetAside(WalpurgisKind):
    """§3 ①: which 通常弾 of the deck a seat sets aside (it joins the hand at ⑥): private."""

    name = "setup"
    handler = "set"
    private = True
    Ctx = SeatCtx
    verbs = ("set",)
    title = ("setting a Normal Shot aside", "通常弾の取り出し")
    short_prompt = "set a 通常弾 aside"
    asks = ("Setup ① (§3): choose which Normal Shot (通常弾) to set aside (it joins your hand after the mulligan)",
            "準備① (§3): 取り出す通常弾を選んでください (マリガンの後で手札に加わります)")

    def options(self, st: WalpurgisState, player: int, ctx: SeatCtx) -> list[Action]:
        return setup_options(st, player)

    def why(self, st: WalpurgisState, player: int, ctx: SeatCtx, a: Action) -> Refusal | None:
        return card_refusal(a.verb, a.args) or refuse(f"{a.args[0]} is not a 通常弾 in your deck (§3 ①)",
                                                      f"{a.args[0]}はデッキにある通常弾ではありません (§3 ①)")

    def answer(self, st: WalpurgisState, a: Action, ctx: SeatCtx) -> None:
        p = ctx.seat
        cid = a.args[0]
        st.deck[p].remove(cid)
        st.aside[p].append(cid)
        st.emit("set_aside", secret={"card": cid}, seen_by=(p,), player=p)


SET_ASIDE = SetAside()


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
    st.ask(MULLIGAN, p, MulliganCtx(p, k))


def mulligan_options(st: WalpurgisState, p: int) -> list[Action]:
    return [*(A("bottom", cid) for cid in distinct(st.hand[p])), DONE]


class Mulligan(WalpurgisKind):
    """§3 ⑤: a card of the hand to the deck bottom (``bottom CARD``), or ``done`` to draw as many:
    private (the options are the hand)."""

    name = "mulligan"
    private = True
    Ctx = MulliganCtx
    verbs = ("bottom", "done")
    title = ("the mulligan", "マリガン")
    short_prompt = "mulligan: put cards on the deck bottom"
    asks = ("Mulligan (§3 ⑤): put cards from your hand on the deck bottom one at a time, then done to draw as many",
            "マリガン (§3 ⑤): 山札の下に戻すカードを1枚ずつ選び、done で同じ枚数を引きます")

    def options(self, st: WalpurgisState, player: int, ctx: MulliganCtx) -> list[Action]:
        return mulligan_options(st, player)

    def why(self, st: WalpurgisState, player: int, ctx: MulliganCtx, a: Action) -> Refusal | None:
        if a.verb != "bottom":
            return None
        return card_refusal(a.verb, a.args) or refuse(f"{a.args[0]} is not one of the cards you drew (§3 ⑤)",
                                                      f"{a.args[0]}はドロウしたカード(手札)の中にありません (§3 ⑤)")

    def answer(self, st: WalpurgisState, a: Action, ctx: MulliganCtx) -> None:
        p, k = ctx.seat, ctx.bottomed
        if a is DONE:
            st.emit("mulligan", player=p, count=k)
            draw(st, p, k)
            return
        cid = a.args[0]
        st.hand[p].remove(cid)
        st.deck[p].append(cid)
        st.emit("bottom", secret={"card": cid}, seen_by=(p,), player=p)
        st.push("mulligan", (p, k + 1))


MULLIGAN = Mulligan()


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
    st.ask(INITIAL, p, SeatCtx(p), opts)


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


class Initial(PlacingKind):
    """§3 (6): a 通常弾 of the hand face up on an empty square (the first player: anywhere, not 3c
    under ``ban_centre``)."""

    name = "initial"
    Ctx = SeatCtx
    verbs = ("place",)
    title = ("the initial placement", "初期配置")
    short_prompt = "initial placement: a 通常弾 face up"
    asks = ("Initial placement (§3): place a Normal Shot (通常弾) from your hand face up",
            "初期配置 (§3): 手札の通常弾を1枚、表向きで配置してください")

    def options(self, st: WalpurgisState, player: int, ctx: SeatCtx) -> list[Action]:
        return initial_options(st, player)

    def place_rule(self, st: WalpurgisState, c: WCard, p: int, s: int, face: str) -> Refusal | None:
        if not c.is_normal:
            return refuse(f"the initial placement places a 通常弾, and {c.name} is not one (§3 (6))",
                          f"初期配置で配置できるのは通常弾だけです。{c.name}は通常弾ではありません (§3 (6))")
        if face != "up":
            return refuse("the initial placement is face up (§3 (6))", "初期配置は表向きで行います (§3 (6))")
        if s == 12 and st.game.params["ban_centre"] and p == st.first:
            return refuse("the tournament rule ban_centre forbids 3c for the first player's initial placement (§3)",
                          "大会ルール(ban_centre)により、先攻プレイヤーの初期配置では3c(中央)に配置できません (§3)")
        sqn = SQ[s]
        return refuse(f"the second player's initial placement needs an empty square and {sqn} is not (§3 (6))",
                      f"後攻プレイヤーの初期配置は空白のマスに行います。{sqn}は空白のマスではありません (§3 (6))")

    def answer(self, st: WalpurgisState, a: Action, ctx: SeatCtx) -> None:
        p = ctx.seat
        cid, sqn, _ = a.args
        s = SQ_INDEX[sqn]
        st.hand[p].remove(cid)
        st.board[s] = (*st.board[s], (p, cid, UP, 0))
        st.emit("place", player=p, place=sqn, face="up", card=cid, initial=True)


INITIAL = Initial()

KINDS = (SET_ASIDE, MULLIGAN, INITIAL)
