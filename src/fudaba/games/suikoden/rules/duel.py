"""§7.6 the duel: each player with cards in hand picks one face down — a sealed pick [decision] —
then both are revealed together and compared by the mission's stat."""

from __future__ import annotations

from typing import Any, NamedTuple

from ....core.actions import Action
from ..effects import conflicts, duel_values, names_in_play
from ..state import SuikodenState, slot_name
from .clear import fail, finish_clear
from .common import A, SuikodenKind, distinct, to_discard


def duel_start(st: SuikodenState, ctx: Any) -> None:
    """§7.6 1: each player with cards in hand picks one face down, turn player first."""
    tp = st.active
    st.push("duel_reveal")
    for p in (1 - tp, tp):
        if st.hand[p]:
            st.push("duel_pick", (p,))


class DuelCtx(NamedTuple):
    """The seat that picks."""

    seat: int


def duel_pick(st: SuikodenState, ctx: Any) -> None:
    (p,) = ctx
    st.ask(DUEL, p, DuelCtx(p))


class Duel(SuikodenKind):
    """§7.6 1: a card of the hand, face down: a sealed pick, revealed with the other's (§7.6 2)."""

    name = "duel"
    private = True
    sealed = True
    Ctx = DuelCtx
    title = ("duel pick", "一騎打ちの選択")
    short_prompt = "duel: pick a card face down"
    VERBS = ("duel",)
    TAKES = ("the duel: pick a card face down, 'duel CARD' (§7.6)", "一騎打ち: 裏向きで1枚「duel カード」 (§7.6)")

    def options(self, st: SuikodenState, player: int, ctx: Any) -> list[Action]:
        return [A("duel", c) for c in distinct(st.hand[player])]

    def sealed_data(self, st: SuikodenState, player: int, ctx: Any) -> dict[str, Any]:
        return {"place": slot_name(st.bslot), "owner": st.bseat}

    def ask_text(self, game: Any, view: dict[str, Any], lang: str, log: list[dict[str, Any]] | None) -> str | None:
        from ..text import prompts

        return prompts.ask_duel(game, view, lang)


DUEL = Duel()


def duel_reveal(st: SuikodenState, ctx: Any) -> None:
    """§7.6 2–5: revealed together; a non-character or a card breaking uniqueness is discarded; same
    names: ``duel_clash``; values with the other modifiers (the cards' own text is off); the higher
    stays, a tie favours the placer; a kept non-pair character clears and garrisons."""
    o, k = st.bseat, st.bslot
    m = st.mission(o, k)
    C = st.C
    picks = st.unseal("duel", place=slot_name(k), owner=o)
    cards = ["", ""]
    for p, a in picks.items():
        cards[p] = a.args[0]
        st.hand[p].remove(a.args[0])
    cards = _entering(st, cards)
    v = duel_values(st, o, m.card, cards)
    w = o if v[o] >= v[1 - o] else 1 - o
    st.emit("duel_values", place=slot_name(k), owner=o, values=v, cards=list(cards), stat=C[m.card].duel_stat)
    if cards[1 - w]:
        to_discard(st, cards[1 - w], 1 - w, "duel: lost")
    kept = cards[w]
    if kept and not C[kept].pair:
        m.cols[w] = [(kept, (), False)]
        finish_clear(st, w, kept)
        return
    if kept:
        to_discard(st, kept, w, "duel: cannot garrison")
    fail(st, "duel")


def _entering(st: SuikodenState, cards: list[str]) -> list[str]:
    """§7.6 2: the revealed cards that stay in the duel ("" for none): a non-character (or a
    mastermind) and a card breaking uniqueness (§6.2) are discarded; two cards of one name follow
    ``duel_clash`` (both discarded, or the placer's stays)."""
    C = st.C
    o = st.bseat
    inplay = names_in_play(st)
    for p in (0, 1):
        cid = cards[p]
        if not cid:
            continue
        c = C[cid]
        if c.type != "character" or c.cls == "mastermind":
            to_discard(st, cid, p, "duel: not a character")
            cards[p] = ""
        elif conflicts(inplay, c):
            to_discard(st, cid, p, "duel: uniqueness")
            cards[p] = ""
    if cards[0] and cards[1] and set(C[cards[0]].names) & set(C[cards[1]].names):
        if st.game.params["duel_clash"] == "placer_keeps":
            to_discard(st, cards[1 - o], 1 - o, "duel: same name")
            cards[1 - o] = ""
        else:
            for p in (0, 1):
                to_discard(st, cards[p], p, "duel: same name")
            cards = ["", ""]
    return cards


STEPS = {"duel_start": duel_start, "duel_pick": duel_pick, "duel_reveal": duel_reveal}
KINDS = (DUEL,)
