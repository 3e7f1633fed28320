"""§8 One-shot effects as they resolve — triggered (``on_summon``, ``on_attack``, ``on_open``…) or
played (a support's ``on_play``) — and the ``target`` decision of those that choose a character.
What an effect is worth and whom it may reach (values, conditions, candidates) is ``../effects.py``."""

from __future__ import annotations

from typing import Any, NamedTuple

from ....core.actions import Action
from ....core.errors import Refusal
from ..cards import DUR_CODE, Effect
from ..effects import candidates, cond_ok, destroy_units, draw, parse_rel, rel_place
from ..state import SarasvatiState, place
from .common import SarasvatiKind, nargs


class EffectCtx(NamedTuple):
    """An effect being resolved: whose it is, its card, ``effect`` its index among the card's effects,
    and the uid of the unit it comes from (-1: none) — the ``eff`` step's frame and the target's context."""

    player: int
    card: str
    effect: int
    source: int


class Target(SarasvatiKind):
    """§8 ``choose_own_character`` / ``choose_enemy_character``: the effect's owner chooses one of the
    characters it may affect (its filters applied)."""

    name = "target"
    verbs = ("target",)
    section = "§8"
    phase_ja = "効果の対象選択"
    title = ("effect target", "効果の対象")
    Ctx = EffectCtx
    waiting = Refusal("an effect is waiting for its target: answer with 'target PLACE' (§8)",
                      "効果が対象の選択を待っています。「target 場所」で答えてください (§8)")

    def options(self, st: SarasvatiState, player: int, ctx: EffectCtx) -> list[Action]:
        p = ctx.player
        e = st.C[ctx.card].effects[ctx.effect]
        return [Action.of("target", rel_place(p, side, j, st.nf)) for side, j in candidates(st, p, e)]

    def why(self, st: SarasvatiState, player: int, ctx: Any, a: Action, opts: list[Action]) -> Refusal:
        nargs(a, 1, "target PLACE", "target 場所")
        names = ", ".join(x.args[0] for x in opts)
        return Refusal(f"{a.args[0]} is not a legal target of this effect; choose one of {names} (§8)",
                       f"{a.args[0]} はこの効果の対象にできません。{names} のどれかを選んでください (§8)")

    def answer(self, st: SarasvatiState, a: Action, ctx: EffectCtx) -> None:
        p = ctx.player
        e = st.C[ctx.card].effects[ctx.effect]
        where = parse_rel(p, a.args[0], st.nf, len(st.slots[0]))
        assert where is not None
        apply_char(st, p, e, [where])
        st.push("check")

    # its question names the card and the effect in words: the text module's ``prompt`` says it


TARGET = Target()


def resolve_effect(st: SarasvatiState, frame: tuple[int, str, int, int]) -> None:
    """Resolve one triggered or played effect (§8): it fizzles when its source left (``self``,
    ``equipped``) or its condition does not hold; a chosen target is asked (``target``)."""
    ctx = EffectCtx(*frame)
    p, cid, idx, src_uid = ctx
    e = st.C[cid].effects[idx]
    src = st.find(src_uid) if src_uid >= 0 else None
    t = e.target
    if (t == "self" or t == "equipped") and src is None:
        st.emit("effect_fizzles", player=p, card=cid, index=idx, why="source left")
        return
    if e.condition is not None and not cond_ok(st, p, e.condition, src):
        st.emit("effect_fizzles", player=p, card=cid, index=idx, why="condition")
        return
    st.emit("effect", player=p, card=cid, index=idx)
    if t == "self_player":
        apply_player(st, p, e, (p,))
    elif t == "opponent":
        apply_player(st, p, e, (1 - p,))
    elif t == "both_players":
        apply_player(st, p, e, (st.active, 1 - st.active))
    elif t == "self" or t == "equipped":
        assert src is not None
        if e.condition is not None and e.condition.target_ready is not None:
            u = st.slots[src[0]][src[1]]
            assert u is not None
            if u.ready != e.condition.target_ready:
                return
        apply_char(st, p, e, [src])
    elif t == "choose_own_character" or t == "choose_enemy_character":
        opts = TARGET.options(st, p, ctx)
        if not opts:
            st.emit("effect_fizzles", player=p, card=cid, index=idx, why="no target")
            return
        st.ask(TARGET, p, ctx, opts)
        return
    else:
        apply_char(st, p, e, candidates(st, p, e))
    st.push("check")


def apply_char(st: SarasvatiState, p: int, e: Effect, targets: list[tuple[int, int]]) -> None:
    """§8 the actions on characters: ``destroy``, ``modify``, ``set_defenceless``, ``set_ready``, ``move_row``."""
    act = e.action
    nf = st.nf
    if act == "destroy":
        destroy_units(st, targets, "effect")
        return
    for side, i in targets:
        u = st.slots[side][i]
        if u is None:
            continue
        if act == "modify":
            u.mods = (*u.mods, (e.atk, e.def_, DUR_CODE[e.duration], p))
            st.emit("modify", player=side, place=place(i, nf), card=u.card, atk=e.atk, dfn=e.def_,
                    until=e.duration)
        elif act == "set_defenceless":
            u.ready = False
            st.emit("defenceless", player=side, place=place(i, nf), card=u.card)
        elif act == "set_ready":
            u.ready = True
            st.emit("ready", player=side, place=place(i, nf), card=u.card)
        elif act == "move_row":
            row = st.slots[side]
            for j in range(nf, len(row)) if i < nf else range(nf):
                if row[j] is None:
                    row[j] = u
                    row[i] = None
                    st.emit("move", player=side, frm=place(i, nf), to=place(j, nf), card=u.card, cause="effect")
                    break


def apply_player(st: SarasvatiState, p: int, e: Effect, players: tuple[int, ...]) -> None:
    """§8 the actions on players: ``draw``, ``charge_from_deck``, ``cost_modifier``."""
    act = e.action
    if act == "draw":
        draw(st, players, e.amount)
    elif act == "charge_from_deck":
        for q in players:
            deck = st.deck[q]
            for _ in range(min(e.amount, len(deck))):
                c = deck.pop()
                st.volt[q].append(c)
                st.emit("charge", player=q, card=c, source="deck")
    else:  # cost_modifier
        for q in players:
            st.costmods[q].append((e.amount, DUR_CODE[e.duration], p))
            st.emit("cost_modifier", player=q, amount=e.amount, until=e.duration)
