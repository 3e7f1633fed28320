"""Goofspiel's rules (rules.toml): setup, the rounds — a prize turned up, sealed bids, the reveal —
and the end. One step per section; the one decision kind is the bid.

A round pushes ``bid`` for seat 0, then seat 1, then ``reveal``: each bid is a sealed pick (the core
keeps it, rules §3.2), and ``reveal`` shows both at once (``State.unseal``).
"""

from __future__ import annotations

from typing import Any, NamedTuple

from fudaba.core.actions import Action
from fudaba.core.errors import Refusal
from fudaba.core.kinds import DecisionKind

from .cards import SYMBOL
from .state import GoofspielState


class BidCtx(NamedTuple):
    """What a bid is asked for: the prize turned up this round (the top of the pot)."""

    prize: str


class Bid(DecisionKind):
    """§3.2 each player bids one card from hand, face down; revealed together (§3.3)."""

    name = "bid"
    private = True  # what a seat bids is its secret until the reveal, also when the engine bids its last card
    sealed = True
    Ctx = BidCtx
    title = ("bid a card face down", "手札から1枚を伏せて入札")
    short_prompt = "bid a card face down"

    def options(self, st: GoofspielState, player: int, ctx: Any) -> list[Action]:
        return [Action.of("bid", c) for c in sorted(st.hand[player], key=st.value)]

    def check(self, st: GoofspielState, player: int, ctx: Any, action: Action) -> Refusal | None:
        if action.verb != "bid":
            return Refusal("each round you bid one card from your hand: bid CARD, e.g. bid 7 (§3.2)",
                           "各ラウンドは手札から1枚を入札します: bid カード (例: bid 7) (§3.2)")
        if len(action.args) != 1:
            return Refusal("a bid names exactly one card: bid CARD (§3.2)", "入札するカードはちょうど1枚です: bid カード (§3.2)")
        return self._card_problem(st, player, action.args[0]) or super().check(st, player, ctx, action)

    @staticmethod
    def _card_problem(st: GoofspielState, player: int, cid: str) -> Refusal | None:
        """Why the card ``cid`` cannot be bid by ``player`` (None: it can, or no rule says why)."""
        c = st.game.cdb.get(cid)
        if c is None:
            return Refusal(f"{cid} is not a card of Goofspiel (§1)", f"{cid} はこのゲームのカードではありません (§1)")
        mine = st.suit(player)
        n = int(st.game.params["cards"])
        if c.suit == "diamonds":
            return Refusal(f"{c.short_name} is a prize card: you bid with your own suit, {SYMBOL[mine]} (§3.2)",
                           f"{c.short_name} は賞品のカードです: 入札は自分のスート ({SYMBOL[mine]}) で行います (§3.2)")
        if c.suit != mine:
            return Refusal(f"{c.short_name} is P{1 - player}'s card: you bid from your own hand (§3.2)",
                           f"{c.short_name} はP{1 - player}のカードです: 入札は自分の手札から行います (§3.2)")
        if c.value > n:
            return Refusal(f"{c.short_name} is not in this game: it is played with the ace to rank {n} (cards = {n}, §7)",
                           f"{c.short_name} はこのゲームにありません: 使うのはAから{n}までです (cards = {n}, §7)")
        if cid in st.played[player]:
            k = st.played[player].index(cid) + 1
            return Refusal(f"{c.short_name} was bid in round {k}: a card bid is out of the game (§3.4)",
                           f"{c.short_name} はラウンド{k}で入札済みです: 入札したカードはゲームから除外されます (§3.4)")
        return None

    def answer(self, st: GoofspielState, action: Action, ctx: Any) -> None:
        raise RuntimeError("engine bug: a bid is a sealed pick, revealed by the reveal step (§3.3), never answered")

    def sealed_data(self, st: GoofspielState, player: int, ctx: Any) -> dict[str, Any]:
        return {"round": st.turn}


BID = Bid()


def step_setup(st: GoofspielState, ctx: Any) -> None:
    """§2 the prizes deck is shuffled face down; the first round begins."""
    st.rng.shuffle(st.prizes)
    st.emit("setup", rounds=len(st.prizes), ties=st.game.params["ties"])
    st.push("round")


def step_round(st: GoofspielState, ctx: Any) -> None:
    """§3.1 the top prize is turned up and joins the pot; then both bid (§3.2) and reveal (§3.3)."""
    if not st.prizes:  # §4 every prize has been bid for
        finish(st)
        return
    c = st.prizes.pop(0)
    st.pot.append(c)
    st.emit("prize", round=st.turn, card=c, pot=list(st.pot))
    st.push("reveal")
    st.push("bid", 1)
    st.push("bid", 0)


def step_bid(st: GoofspielState, seat: Any) -> None:
    """§3.2 one seat's bid, face down."""
    st.ask(BID, seat, BidCtx(st.pot[-1]))


def step_reveal(st: GoofspielState, ctx: Any) -> None:
    """§3.3 both bids are shown together; the higher wins the pot, a tie discards or carries it;
    §3.4 the bids are discarded face up."""
    picks = st.unseal("reveal", round=st.turn)
    bids = ["", ""]
    for p, a in picks.items():
        bids[p] = a.args[0]
        st.hand[p].remove(bids[p])
        st.played[p].append(bids[p])
    v0, v1 = st.value(bids[0]), st.value(bids[1])
    pot, worth = list(st.pot), sum(st.value(c) for c in st.pot)
    if v0 != v1:
        w = 0 if v0 > v1 else 1
        st.won[w].extend(pot)
        st.pot = []
        st.emit("round", round=st.turn, winner=w, prizes=pot, worth=worth, points=[st.points(0), st.points(1)])
    else:
        carry = st.game.params["ties"] == "carry"
        if not carry:
            st.lost.extend(pot)
            st.pot = []
        st.emit("round", round=st.turn, winner=None, prizes=pot, worth=worth, tie="carry" if carry else "discard",
                points=[st.points(0), st.points(1)])
    if st.prizes:
        st.turn += 1
        st.push("round")
    else:
        finish(st)


def finish(st: GoofspielState) -> None:
    """§4 a pot left on the table is won by no one; the higher total wins, equal totals draw."""
    if st.pot:
        st.emit("unclaimed", prizes=list(st.pot))
        st.lost.extend(st.pot)
        st.pot = []
    a, b = st.points(0), st.points(1)
    st.emit("final", points=[a, b])
    st.end_game(None if a == b else (0 if a > b else 1), "equal totals" if a == b else "higher total")


STEPS = {"setup": step_setup, "round": step_round, "bid": step_bid, "reveal": step_reveal}
KINDS = (BID,)

__all__ = ["BID", "KINDS", "STEPS", "Bid", "BidCtx", "finish"]
