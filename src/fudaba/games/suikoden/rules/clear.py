"""How a battle ends (§7.1, §7.2, §7.4, §7.5): unresolved, failed, or cleared — the garrison step
[decision] and the clear's five parts, victory points included (§9: the game ends at once)."""

from __future__ import annotations

from typing import Any, NamedTuple

from ....core.actions import Action
from ....core.errors import Refusal
from ..state import Mission, SuikodenState, slot_name
from .common import NOT_NOW, A, SuikodenKind, clear_slot, dep_place, parse_dep, to_discard


def can_garrison(st: SuikodenState, m: Mission, p: int) -> bool:
    """§7.1: has a deployed non-pair character on the mission."""
    C = st.C
    return any(not C[d[0]].pair for d in m.cols[p])


def unresolved(st: SuikodenState) -> None:
    """The mission and every card on it stay (§7.1)."""
    st.emit("unresolved", card=st.battle_mission().card, place=slot_name(st.bslot), owner=st.bseat)
    st.push("battle_end")


def fail(st: SuikodenState, why: str) -> None:
    """§7.2 both meet / §7.4 blocked: the mission and every card on it are discarded, no VP."""
    o, k = st.bseat, st.bslot
    m = st.mission(o, k)
    st.emit("fail", card=m.card, place=slot_name(k), owner=o, why=why)
    clear_slot(st, o, k, "", why)
    to_discard(st, m.card, o, why)
    st.push("battle_end")


def clear(st: SuikodenState, w: int) -> None:
    """One side clears: the other's cards on the mission are discarded; the garrison step (§7.5)."""
    o, k = st.bseat, st.bslot
    m = st.mission(o, k)
    for d in m.cols[1 - w]:
        to_discard(st, d[0], 1 - w, "lost")
    m.cols[1 - w] = []
    if m.support and w != o:
        to_discard(st, m.support, o, "lost")
        m.support = ""
    st.push("garrison_step", (w,))


class GarrisonCtx(NamedTuple):
    """The seat that clears."""

    seat: int


def garrison_step(st: SuikodenState, ctx: Any) -> None:
    """§7.5 (2): the seat that clears chooses its garrison."""
    (w,) = ctx
    st.ask(GARRISON, w, GarrisonCtx(w))


class Garrison(SuikodenKind):
    """§7.5: the garrison (駐留) is one of the clearing seat's non-pair characters on the mission."""

    name = "garrison"
    Ctx = GarrisonCtx
    title = ("garrison", "駐留")
    short_prompt = "choose the garrison"
    VERBS = ("garrison",)
    TAKES = ("the garrison step: 'garrison PLACE' (§7.5)", "駐留ステップ: 「garrison 場所」 (§7.5)")

    def options(self, st: SuikodenState, player: int, ctx: Any) -> list[Action]:
        o, k = st.bseat, st.bslot
        C = st.C
        return [A("garrison", dep_place(o, k, player, i, player))
                for i, d in enumerate(st.mission(o, k).cols[player]) if not C[d[0]].pair]

    def why(self, st: SuikodenState, player: int, ctx: Any, a: Action) -> Refusal:
        f = parse_dep(st, player, a.args[0]) if a.args else None
        if f is None or f[2] != player:
            return Refusal("the garrison is one of your own characters on this mission, e.g. garrison M1.1 (§7.5)",
                           "駐留キャラクターはこのミッションの自分のキャラクターから選びます (例: garrison M1.1) (§7.5)")
        if st.C[st.mission(f[0], f[1]).cols[f[2]][f[3]][0]].pair:
            return Refusal("a pair (ペア) card cannot be the garrison (§7.5)", "ペアのキャラクターは駐留キャラクターにできません (§7.5)")
        return NOT_NOW

    def answer(self, st: SuikodenState, a: Action, ctx: GarrisonCtx) -> None:
        f = parse_dep(st, ctx.seat, a.args[0])
        assert f is not None
        o, k, q, i = f
        finish_clear(st, ctx.seat, st.mission(o, k).cols[q][i][0])

    def ask_text(self, game: Any, view: dict[str, Any], lang: str, log: list[dict[str, Any]] | None) -> str | None:
        from ..text import prompts

        return prompts.ask_garrison(game, view, lang)


GARRISON = Garrison()


def finish_clear(st: SuikodenState, w: int, gar: str) -> None:
    """§7.5 (1) the card to w's resolved area, (2) its garrison, (3) every other card discarded,
    (4) VP — the left number if w placed it, else the right; a facility counts in ``built`` —
    (5) ``on_clear``, (6) the battle ends."""
    o, k = st.bseat, st.bslot
    m = clear_slot(st, o, k, gar, "cleared")
    c = st.C[m.card]
    st.resolved[w].append((m.card, gar, o))
    gain = 0
    if c.type == "facility":
        st.built[w] += 1
        fpv = int(st.game.params["facilities_per_vp"])
        gain = 1 if fpv and st.built[w] % fpv == 0 else 0
    else:
        gain = c.vp[0] if w == o else c.vp[1]
    st.vp[w] += gain
    st.emit("clear", player=w, card=m.card, place=slot_name(k), owner=o, garrison=gar, vp=gain, total=st.vp[w],
            built=st.built[w] if c.type == "facility" else None)
    if st.vp[w] >= int(st.game.params["vp_to_win"]):  # §9: at once
        st.no_battle()
        st.end_game(w, "vp")
        return
    st.push("battle_end")
    for ei in reversed(range(len(c.effects))):
        if c.effects[ei].trigger == "on_clear":
            st.push("effect", (w, m.card, ei, ""))


STEPS = {"garrison_step": garrison_step}
KINDS = (GARRISON,)
