"""§4 setup [TF]: characters revealed, decks shuffled, LP piles dealt, first TP, hands drawn, one
mulligan each (first TP first) (specs/maken.md §4)."""

from __future__ import annotations

from typing import Any

from ....core.actions import Action
from ..actions import KEEP, NEW_HAND
from ..effects import draw
from ..state import MakenState
from .decision import SEATS, MakenKind, Seat


def setup(st: MakenState, ctx: Any) -> None:
    """§4 ①–④: the characters are public; each deck is shuffled, its top ``lp`` cards are the LP
    pile and the rest the stamina; the first TP is ``first`` (or drawn); each draws ``starting_hand``."""
    params = st.game.params
    n_lp = int(params["lp"])
    for p in (0, 1):
        s = st.deck[p]
        st.rng.shuffle(s)
        st.lp[p] = s[:n_lp]
        del s[:n_lp]
    first = params["first"]
    st.first = st.rng.randbelow(2) if first == "random" else int(first)
    st.active = st.first
    st.emit("setup", characters=list(st.char), first=st.first, lp=[len(st.lp[0]), len(st.lp[1])])
    for p in (st.first, 1 - st.first):
        draw(st, p, int(params["starting_hand"]), "setup")
    st.push("turn_start")
    if params["mulligan"]:
        st.push("mulligan", (1 - st.first,))
        st.push("mulligan", (st.first,))


class Mulligan(MakenKind):
    """§4 ⑤: ``keep`` the hand, or ``mulligan`` — the hand into the stamina, the stamina shuffled,
    ``starting_hand`` drawn again (the LP pile untouched). Once each, the first TP first."""

    name = "mulligan"
    Ctx = Seat
    verbs = ("keep", "mulligan")
    title = ("mulligan", "マリガン")
    label = ("mulligan", "マリガン")
    short_prompt = "mulligan: keep your hand or draw a new one"
    ask = ("Mulligan (§4): keep this hand, or put it into the stamina, shuffle and draw {n} again",
           "マリガン (§4): この手札で始めるか、手札をスタミナ札に戻して切り直し{n}枚引き直すか")
    #: what a mulligan does (its option's gloss)
    redraw = ("hand into the stamina, shuffled; draw {n} again", "手札をスタミナ札に戻して切り直し、{n}枚引く")

    def options(self, st: MakenState, player: int, ctx: Any) -> list[Action]:
        return [KEEP, NEW_HAND]

    def answer(self, st: MakenState, a: Action, ctx: Seat) -> None:
        p = ctx.seat
        if a is KEEP:
            st.emit("mulligan", player=p, choice="keep")
            return
        h = st.hand[p]
        n = len(h)
        st.deck[p].extend(h)
        h.clear()
        st.rng.shuffle(st.deck[p])
        st.mull[p] = True
        st.emit("mulligan", player=p, choice="mulligan", count=n)
        draw(st, p, int(st.game.params["starting_hand"]), "mulligan")

    def ask_text(self, game: Any, view: dict[str, Any], lang: str, log: list[dict[str, Any]] | None) -> str:
        return self.say(lang, n=game.params["starting_hand"])

    def gloss(self, game: Any, action: Action, view: dict[str, Any], lang: str) -> str:
        return self.say(lang, self.redraw, n=game.params["starting_hand"]) if action.verb == "mulligan" else ""


MULLIGAN = Mulligan()


def mulligan(st: MakenState, ctx: Any) -> None:
    """§4 ⑤: the seat of the frame keeps or mulligans [decision: order]."""
    (p,) = ctx
    st.phase = "mulligan"
    st.ask(MULLIGAN, p, SEATS[p])
