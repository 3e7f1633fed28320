"""§4 Setup: the first player, the decks shuffled, the opening hands, the mulligan [decision]."""

from __future__ import annotations

from typing import Any, NamedTuple

from ....core.actions import Action
from ....core.errors import Refusal
from ..state import SuikodenState
from .common import DONE, NOT_NOW, A, SuikodenKind, distinct, draw


def setup(st: SuikodenState, ctx: Any) -> None:
    """§4 1 first player; 2 masterminds face up (set by new_game); 3 shuffle (seat 0 first), draw."""
    P = st.game.params
    first = P["first"]
    st.first = st.rng.randbelow(2) if first == "random" else int(first)
    st.active = st.first
    for p in (0, 1):
        st.rng.shuffle(st.deck[p])
    st.emit("setup", first=st.first, masterminds=list(st.mm))
    n = int(P["starting_hand"])
    short = [p for p in (0, 1) if len(st.deck[p]) < n]
    if len(short) == 2:
        st.end_game(None, "deck out (both)")
        return
    if short:
        st.end_game(1 - short[0], "deck out")
        return
    draw(st, 0, n)
    draw(st, 1, n)
    st.push("turn")
    if int(P["mulligan_max"]) > 0:  # §4: first player, then second [decision]
        st.push("mulligan", (1 - st.first,))
        st.push("mulligan", (st.first,))


class MulliganCtx(NamedTuple):
    """The seat that mulligans."""

    seat: int


def mulligan(st: SuikodenState, ctx: Any) -> None:
    """§4: the seat returns cards one at a time (each return asks again), then ``done``."""
    (p,) = ctx
    st.phase = "mulligan"
    st.ask(MULLIGAN, p, MulliganCtx(p))


class Mulligan(SuikodenKind):
    """§4 mulligan: return up to ``mulligan_max`` cards to the deck, one at a time, then ``done``:
    they are shuffled in and as many are drawn."""

    name = "mulligan"
    private = True
    Ctx = MulliganCtx
    title = ("mulligan", "マリガン")
    VERBS = ("return", "done")
    TAKES = ("the mulligan: 'return CARD' or 'done' (§4)", "マリガン: 「return カード」か「done」 (§4)")

    def options(self, st: SuikodenState, player: int, ctx: Any) -> list[Action]:
        opts = []
        if len(st.returned[player]) < int(st.game.params["mulligan_max"]):
            opts = [A("return", c) for c in distinct(st.hand[player])]
        opts.append(DONE)
        return opts

    def prompt(self, st: SuikodenState, player: int, ctx: Any) -> str:
        return f"mulligan: return up to {st.game.params['mulligan_max']} cards, then done"

    def why(self, st: SuikodenState, player: int, ctx: Any, a: Action) -> Refusal:
        if a.verb != "return":
            return NOT_NOW
        n = st.game.params["mulligan_max"]
        return Refusal(f"you have returned {len(st.returned[player])}, the most the mulligan allows "
                       f"(mulligan_max {n}, §4)", f"マリガンで戻せるのは {n} 枚までです (§4)")

    def answer(self, st: SuikodenState, a: Action, ctx: MulliganCtx) -> None:
        p = ctx.seat
        if a.verb == "return":
            c = a.args[0]
            st.hand[p].remove(c)
            st.returned[p].append(c)
            st.push("mulligan", (p,))
            return
        ret = st.returned[p]
        st.emit("mulligan", {"cards": list(ret)}, (p,), player=p, count=len(ret))
        if ret:
            st.deck[p] += ret
            st.returned[p] = []
            st.rng.shuffle(st.deck[p])
            draw(st, p, len(ret))

    def ask_text(self, game: Any, view: dict[str, Any], lang: str, log: list[dict[str, Any]] | None) -> str | None:
        from ..text import prompts

        return prompts.ask_mulligan(game, view, lang)

    def gloss(self, game: Any, action: Action, view: dict[str, Any], lang: str) -> str | None:
        from ..text import prompts

        return prompts.gloss_mulligan_done(view, lang) if action.verb == "done" else None


MULLIGAN = Mulligan()

STEPS = {"setup": setup, "mulligan": mulligan}
KINDS = (MULLIGAN,)
