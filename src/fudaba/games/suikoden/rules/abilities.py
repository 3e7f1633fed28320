"""§8 abilities and §10 one-shot effects: a rune's cost (§8.3) [decision], the counter window after a
deployment (§8.4) [decision], and an effect resolving (§10), with its chosen target [decision]."""

from __future__ import annotations

from typing import Any, NamedTuple

from ....core.actions import Action
from ....core.errors import Refusal
from ..effects import condition_holds, matches
from ..state import SuikodenState
from .common import (
    NOT_NOW,
    PASS,
    A,
    SuikodenKind,
    counter_effects,
    dep_place,
    discard_from_hand,
    discard_options,
    distinct,
    draw,
    parse_dep,
    remove_dep,
)

DUR = {"until_end_of_battle": "battle", "while_deployed": "deployed", "": "battle"}


# ------------------------------------------------------------------ §8.3 a rune's cost
class CostCtx(NamedTuple):
    """The seat that pays, and the cards it still has to discard."""

    seat: int
    left: int


def rune_cost(st: SuikodenState, ctx: Any) -> None:
    p, n = ctx
    st.ask(COST, p, CostCtx(p, n))


class Cost(SuikodenKind):
    """§8.3: a rune's ``cost_discard``, paid from the hand one card at a time."""

    name = "cost"
    handler = "rune_cost"
    private = True
    Ctx = CostCtx
    title = ("rune cost", "紋章のコスト")
    VERBS = ("discard",)
    TAKES = ("the rune's cost: 'discard CARD' (§8.3)", "紋章のコスト: 「discard カード」 (§8.3)")

    def options(self, st: SuikodenState, player: int, ctx: Any) -> list[Action]:
        return discard_options(st, player, False)

    def prompt(self, st: SuikodenState, player: int, ctx: CostCtx) -> str:
        return f"rune cost: discard {ctx.left} card(s)"

    def answer(self, st: SuikodenState, a: Action, ctx: CostCtx) -> None:
        discard_from_hand(st, ctx.seat, a.args[0], "cost")
        if ctx.left > 1:
            st.push("rune_cost", (ctx.seat, ctx.left - 1))

    def ask_text(self, game: Any, view: dict[str, Any], lang: str, log: list[dict[str, Any]] | None) -> str | None:
        from ..text import prompts

        return prompts.ask_cost(view, lang)


COST = Cost()


# ------------------------------------------------------------------ §8.4 counter
class CounterCtx(NamedTuple):
    """The seat that may counter, and the character just deployed."""

    seat: int
    trigger: str


def counter_window(st: SuikodenState, ctx: Any) -> None:
    """§8.4: after a deployment the other seat may discard a 対 card whose filter accepts the
    character just deployed (asked only when it holds one)."""
    p, cid = ctx
    if st.find_dep(cid) is None:
        return
    q = 1 - p
    if counters(st, q, cid):
        st.ask(COUNTER, q, CounterCtx(q, cid))


def counters(st: SuikodenState, q: int, trig: str) -> list[Action]:
    """§8.4: ``counter CARD`` for the 対 cards of ``q``'s hand whose filter accepts ``trig``."""
    C = st.C
    t = C[trig]
    opts = []
    for cid in distinct(st.hand[q]):
        c = C[cid]
        if "counter" in c.keywords and any(matches(t, c.effects[i].filter) for i in counter_effects(c)):
            opts.append(A("counter", cid))
    return opts


class Counter(SuikodenKind):
    """§8.4: counter the character just deployed with a 対 card from the hand, or pass."""

    name = "counter"
    private = True
    Ctx = CounterCtx
    title = ("counter (対)", "対")
    short_prompt = "counter the character just deployed, or pass"
    VERBS = ("counter", "pass")
    TAKES = ("the counter window: 'counter CARD' or 'pass' (§8.4)", "対のタイミング: 「counter カード」か「pass」 (§8.4)")

    def options(self, st: SuikodenState, player: int, ctx: Any) -> list[Action]:
        return [*counters(st, player, ctx.trigger), PASS]

    def why(self, st: SuikodenState, player: int, ctx: Any, a: Action) -> Refusal:
        if a.verb != "counter" or not a.args:
            return NOT_NOW
        C = st.C
        c = C[a.args[0]]
        trig = ctx.trigger
        if "counter" not in c.keywords:
            return Refusal(f"{c.id} {c.name} has no 対 (counter) ability (§8.4)", f"{c.id} {c.name} は「対」を持っていません (§8.4)")
        if not any(matches(C[trig], c.effects[i].filter) for i in counter_effects(c)):
            return Refusal(f"{c.name}'s counter does not accept {C[trig].name} (its filter, §8.4)",
                           f"{c.name} の対は {C[trig].name} を対象にできません (§8.4)")
        return NOT_NOW

    def answer(self, st: SuikodenState, a: Action, ctx: CounterCtx) -> None:
        if a.verb == "pass":
            return
        q, trig = ctx
        cid = a.args[0]
        discard_from_hand(st, q, cid, "counter")
        st.emit("counter", player=q, card=cid, target=trig)
        c = st.C[cid]
        for ei in reversed(counter_effects(c)):
            st.push("effect", (q, cid, ei, trig))

    def ask_text(self, game: Any, view: dict[str, Any], lang: str, log: list[dict[str, Any]] | None) -> str | None:
        from ..text import prompts

        return prompts.ask_counter(game, view, lang, log)

    def gloss(self, game: Any, action: Action, view: dict[str, Any], lang: str) -> str | None:
        from ..text import prompts

        return prompts.gloss_counter_pass(lang) if action.verb == "pass" else None


COUNTER = Counter()


# ------------------------------------------------------------------ §10 one-shot effects
class EffectCtx(NamedTuple):
    """An effect resolving: its controller, its card, the effect's index on it, and the character
    that triggered it ("" for none)."""

    controller: int
    source: str
    effect: int
    trigger: str


def effect(st: SuikodenState, ctx: Any) -> None:
    """Resolve effect ``ei`` of card ``src`` for controller ``ctl`` (§10); a chosen target is asked."""
    ctl, src, ei, trig = ctx
    e = st.C[src].effects[ei]
    # the battle's mission: gone once cleared (an on_clear effect resolves after the clear, §7.5)
    m = st.missions[st.bseat][st.bslot] if st.bseat >= 0 else None
    if e.condition is not None and not condition_holds(st, ctl, e, max(st.bseat, 0), m.cols if m else [[], []], src):
        return
    if e.target == "choose_enemy_character":
        if m is not None and m.cols[1 - ctl]:
            st.ask(TARGET, ctl, EffectCtx(ctl, src, ei, trig))
        return
    targets: list[str] = []
    if e.target == "self":
        targets = [src] if st.find_dep(src) is not None else []
    elif e.target == "trigger_character":
        targets = [trig] if st.find_dep(trig) is not None and matches(st.C[trig], e.filter) else []
    elif e.target in ("own_characters", "enemy_characters", "all_characters") and m is not None:
        for q in (0, 1):
            if (e.target == "own_characters" and q != ctl) or (e.target == "enemy_characters" and q == ctl):
                continue
            targets += [d[0] for d in m.cols[q] if matches(st.C[d[0]], e.filter)]
    apply_effect(st, ctl, src, ei, targets)


class Target(SuikodenKind):
    """§10 ``choose_enemy_character``: one of the opponent's characters on the battle's mission."""

    name = "target"
    Ctx = EffectCtx
    title = ("effect target", "効果の対象")
    VERBS = ("target",)
    TAKES = ("an effect's target: 'target PLACE' (§10)", "効果の対象: 「target 場所」 (§10)")

    def options(self, st: SuikodenState, player: int, ctx: Any) -> list[Action]:
        o, k = st.bseat, st.bslot
        q = 1 - player
        return [A("target", dep_place(o, k, q, i, player)) for i in range(len(st.mission(o, k).cols[q]))]

    def prompt(self, st: SuikodenState, player: int, ctx: EffectCtx) -> str:
        return f"{st.C[ctx.source].name}: choose an enemy character"

    def why(self, st: SuikodenState, player: int, ctx: Any, a: Action) -> Refusal:
        return Refusal("choose one of the opponent's characters on this battle's mission, e.g. target M1.x1 (§10)",
                       "このバトルのミッションにいる相手のキャラクターを選んでください (例: target M1.x1) (§10)")

    def answer(self, st: SuikodenState, a: Action, ctx: EffectCtx) -> None:
        f = parse_dep(st, ctx.controller, a.args[0])
        assert f is not None
        o, k, q, i = f
        apply_effect(st, ctx.controller, ctx.source, ctx.effect, [st.mission(o, k).cols[q][i][0]])

    def ask_text(self, game: Any, view: dict[str, Any], lang: str, log: list[dict[str, Any]] | None) -> str | None:
        from ..text import prompts

        return prompts.ask_target(game, view, lang)


TARGET = Target()


def apply_effect(st: SuikodenState, ctl: int, src: str, ei: int, targets: list[str]) -> None:
    """§10 the one-shot actions: ``draw``, ``modify`` (until the end of the battle, or while
    deployed) and ``discard``."""
    e = st.C[src].effects[ei]
    act = e.action
    if act == "draw":
        p = ctl if e.target == "self_player" else 1 - ctl
        draw(st, p, e.amount)
    elif act == "modify":
        until = DUR.get(e.duration, "battle")
        for t in targets:
            f = st.find_dep(t)
            if f is None:
                continue
            o, k, q, i = f
            col = st.mission(o, k).cols[q]
            d = col[i]
            col[i] = (d[0], (*d[1], (e.atk, e.mil, e.con, until, src)), d[2])
            st.emit("modify", player=q, card=t, atk=e.atk, mil=e.mil, con=e.con, by=src, until=until)
    elif act == "discard":
        for t in targets:
            remove_dep(st, t, "effect")


STEPS = {"rune_cost": rune_cost, "counter_window": counter_window, "effect": effect}
KINDS = (COST, COUNTER, TARGET)
