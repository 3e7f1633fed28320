"""§2 Evolution (進化): an evolution card goes on top of its base character(s) — the stack is one
card, with no summoning sickness — and inherits their equipment; when several would apply, the
player keeps one (Q&A): the ``keep`` decision."""

from __future__ import annotations

from typing import Any

from ....core.actions import Action
from ....core.errors import Refusal
from ..effects import parse_rel, push_triggers
from ..state import SarasvatiState, place
from .common import SarasvatiKind, nargs, pay


def inherited(st: SarasvatiState, p: int, bases: tuple[str, ...]) -> list[str]:
    """The equipment of the characters at the places ``bases`` (one per base that has one)."""
    slots = st.slots[p]
    out = []
    for t in bases:
        w = parse_rel(p, t, st.nf, len(slots))
        b = None if w is None else slots[w[1]]
        if b is not None and b.equip is not None:
            out.append(b.equip)
    return out


class Keep(SarasvatiKind):
    """§2 Q&A: an evolution would inherit more than one equipment; the player keeps one of them.
    Its context is the evolve action's arguments: the evolution card, then its bases' places."""

    name = "keep"
    verbs = ("keep",)
    section = "§2"
    phase_ja = "残す装備の選択"
    title = ("equipment to keep", "残す装備")
    short_prompt = "keep which equipment (evolution, Q&A)"
    waiting = Refusal("an evolution is waiting for the equipment to keep: answer with 'keep CARD-ID' (§2, Q&A)",
                      "進化で引き継ぐ装備のうち、残す1枚の選択を待っています。「keep カードID」で答えてください (§2, Q&A)")
    misplaced = Refusal("'keep' answers the choice of equipment to keep when an evolution inherits several (§2, Q&A)",
                        "keep は、進化で複数の装備を引き継ぐときに残す装備を選ぶための行動です (§2, Q&A)")

    def options(self, st: SarasvatiState, player: int, ctx: Any) -> list[Action]:
        return [Action.of("keep", e) for e in dict.fromkeys(inherited(st, player, tuple(ctx[1:])))]

    def why(self, st: SarasvatiState, player: int, ctx: Any, a: Action, opts: list[Action]) -> Refusal:
        nargs(a, 1, "keep CARD-ID", "keep カードID")
        names = ", ".join(x.args[0] for x in opts)
        return Refusal(f"{a.args[0]} is not one of the equipment the evolution inherits; keep one of {names} "
                       f"(one equipment per character, §2, Q&A)",
                       f"{a.args[0]} は進化で引き継ぐ装備ではありません。{names} のどれかを残してください "
                       f"(装備はキャラクター1体につき1枚, §2, Q&A)")

    def answer(self, st: SarasvatiState, a: Action, ctx: Any) -> None:
        evolve(st, st.active, tuple(ctx), a.args[0])

    def ask_text(self, game: Any, view: dict[str, Any], lang: str, log: list[dict[str, Any]] | None) -> str:
        if lang.lower().startswith("ja"):
            return "進化 (Q&A): 引き継げる装備は1つだけです。残す装備を選んでください"
        return "Evolution (Q&A): the new stack may keep only one equipment — choose which"


KEEP = Keep()


def play_evolution(st: SarasvatiState, p: int, args: tuple[str, ...]) -> None:
    """``evolve CARD PLACE…`` (§5.4): asks which equipment to keep when the bases hold more than one."""
    equips = inherited(st, p, args[1:])
    if len(set(equips)) > 1:
        st.ask(KEEP, p, args)
        return
    evolve(st, p, args, equips[0] if equips else None)


def evolve(st: SarasvatiState, p: int, args: tuple[str, ...], keep: str | None) -> None:
    """§2 evolution: on top of its base(s), one card; no summoning sickness; it inherits the bases'
    equipment, keeping ``keep`` when several would apply (Q&A) — the others are destroyed."""
    cid = args[0]
    card = st.C[cid]
    slots = st.slots[p]
    nf = st.nf
    paid = pay(st, p, card.cost)
    st.hand[p].remove(cid)
    idx = []
    for t in args[1:]:
        w = parse_rel(p, t, nf, len(slots))
        assert w is not None
        idx.append(w[1])
    u = slots[idx[0]]
    assert u is not None
    under = [*u.under, u.card]
    dropped: list[tuple[int, str]] = [] if u.equip is None else [(idx[0], u.equip)]
    bases = [u.card]
    for j in idx[1:]:  # further bases go under the stack (they do not leave the battle zone)
        b = slots[j]
        assert b is not None
        slots[j] = None
        under.extend(b.under)
        under.append(b.card)
        bases.append(b.card)
        if b.equip is not None:
            dropped.append((j, b.equip))
    u.under = tuple(under)
    u.card = cid
    u.new = False
    u.equip = keep
    kept = False
    for j, e in dropped:
        if e == keep and not kept:
            kept = True
            continue
        st.discard[p].append(e)
        st.emit("equip_destroyed", player=p, place=place(j, nf), card=e)
    st.emit("evolve", player=p, card=cid, place=args[1], base=bases[0], bases=bases, frm=list(args[1:]), paid=paid)
    push_triggers(st, [(p, cid, k, u.uid) for k in card.triggers("on_summon")])
