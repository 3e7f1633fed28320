"""§7 the battle on one mission: its start, the deploy/pass steps of §7.1 [decision] with betrayal
(§6.3) and the counter window after a deployment (§8.4), the clear check after every step (§7.2
attack, §7.4 facility; troops in ``troops.py``, §7.3) and the end of the battle."""

from __future__ import annotations

from typing import Any

from ....core.actions import Action
from ....core.errors import Refusal
from ..effects import barred, conflicts, letters, link_mask, mission_values, names_in_play
from ..state import Mission, SuikodenState, slot_name
from .clear import can_garrison, clear, fail, unresolved
from .common import (
    NOT_NOW,
    PASS,
    REDEPLOY,
    A,
    SuikodenKind,
    can_link,
    dep_place,
    deploy_ok,
    distinct,
    mission_place,
    parse_dep,
    redeploy_ok,
    remove_dep,
    rune_effects,
    rune_ok,
    to_discard,
    unique_refusal,
)
from .troops import troops

_r = Refusal


def start_battle(st: SuikodenState, o: int, k: int, kind: str, actor: int) -> None:
    """§7: a battle on seat ``o``'s slot ``k`` — ``new``, ``continue`` or ``duel`` (§7.6) — whose
    first step is ``actor``'s."""
    st.phase = "battle"
    st.bseat, st.bslot, st.bkind = o, k, kind
    st.bactor, st.bsteps, st.bpasses = actor, 0, 0
    st.emit("battle", player=st.active, card=st.mission(o, k).card, place=slot_name(k), owner=o, battle=kind)
    if kind == "duel":
        st.push("duel_start")
    else:
        st.push("battle_step")


# ------------------------------------------------------------------ §7.1 the deploy/pass step
def battle_step(st: SuikodenState, ctx: Any) -> None:
    """§7.1: the battle's actor deploys, redeploys its support, uses a rune, or passes."""
    st.ask(STEP, st.bactor)


def step_actions(st: SuikodenState, o: int, k: int, m: Mission, p: int, may_pass: bool,
                 first_only: bool = False) -> list[Action]:
    """§7.1 what ``p`` may do in a step on seat ``o``'s slot ``k``: deploy (§6.1, §6.2, §10),
    redeploy (§8.1), a rune (§8.3); ``pass`` when ``may_pass`` or nothing else is possible.
    ``first_only``: stop at the first action found (is there any?)."""
    C = st.C
    opts: list[Action] = []
    inplay = names_in_play(st)
    for cid in distinct(st.hand[p]):
        c = C[cid]
        if c.type == "character" and deploy_ok(st, o, m, p, c, inplay):
            opts.append(A("deploy", cid))
            if first_only:
                return opts
    if redeploy_ok(st, o, m, p):
        opts.append(REDEPLOY)
        if first_only:
            return opts
    for i, dep in enumerate(m.cols[p]):
        if rune_ok(st, m, p, dep):
            opts.append(A("rune", dep_place(o, k, p, i, p)))
            if first_only:
                return opts
    if may_pass or not opts:
        opts.append(PASS)
    return opts


class Step(SuikodenKind):
    """§7.1 the deploy/pass step: deploy a character, redeploy the support (§8.1), use a rune (§8.3)
    or pass — not on the first step of a continued mission (§5)."""

    name = "step"
    private = True
    title = ("deploy/pass step", "派遣・パスステップ")
    short_prompt = "deploy, redeploy, use a rune, or pass"
    VERBS = ("deploy", "redeploy", "rune", "pass")
    TAKES = ("the deploy/pass step: deploy, redeploy, rune or pass (§7.1)",
             "派遣・パスステップ: deploy / redeploy / rune / pass (§7.1)")

    def options(self, st: SuikodenState, player: int, ctx: Any) -> list[Action]:
        o, k = st.bseat, st.bslot
        return step_actions(st, o, k, st.mission(o, k), player, not (st.bkind == "continue" and st.bsteps == 0))

    def why(self, st: SuikodenState, player: int, ctx: Any, a: Action) -> Refusal:
        if a.verb == "deploy":
            if not a.args:
                return _r("deploy needs a card in your hand: deploy CARD (§7.1)", "deploy には手札のカードが必要です (§7.1)")
            return why_deploy(st, player, a.args[0])
        if a.verb == "redeploy":
            return why_redeploy(st, player)
        if a.verb == "rune":
            return why_rune(st, player, a.args)
        if st.bkind == "continue" and st.bsteps == 0:
            return _r("you chose to continue this mission: you act first and may not pass on that step (§5, §7.1)",
                      "継続ミッションの最初のステップではパスできません (§5, §7.1)")
        return NOT_NOW

    def answer(self, st: SuikodenState, a: Action, ctx: Any) -> None:
        p = st.bactor
        o, k = st.bseat, st.bslot
        m = st.mission(o, k)
        st.bsteps += 1
        if a.verb == "pass":
            st.bpasses += 1
            st.emit("pass", player=p, place=slot_name(k), owner=o)
            st.push("check")
            return
        st.bpasses = 0
        if a.verb == "deploy":
            cid = a.args[0]
            betray(st, p, cid)
            st.hand[p].remove(cid)
            m.cols[p].append((cid, (), False))
            st.emit("deploy", player=p, card=cid, place=slot_name(k), owner=o, n=len(m.cols[p]))
            after_deploy(st, p, cid)
        elif a.verb == "redeploy":
            cid = m.support
            m.support = ""
            m.cols[p].append((cid, (), False))
            st.emit("redeploy", player=p, card=cid, place=slot_name(k), owner=o, n=len(m.cols[p]))
            after_deploy(st, p, cid)
        else:
            use_rune(st, p, m, a.args[0])

    def ask_text(self, game: Any, view: dict[str, Any], lang: str, log: list[dict[str, Any]] | None) -> str | None:
        from ..text import prompts

        return prompts.ask_step(game, view, lang)

    def gloss(self, game: Any, action: Action, view: dict[str, Any], lang: str) -> str | None:
        from ..text import prompts

        return prompts.gloss_step_pass(view, lang) if action.verb == "pass" else None


STEP = Step()


def use_rune(st: SuikodenState, p: int, m: Mission, place: str) -> None:
    """§8.3: a rune replaces the step: marked used (once per character per battle), its cost paid
    (``rune_cost``), then its effects resolve; the clear check follows."""
    f = parse_dep(st, p, place)
    assert f is not None
    i = f[3]
    d = m.cols[p][i]
    m.cols[p][i] = (d[0], d[1], True)
    c = st.C[d[0]]
    st.emit("rune", player=p, card=d[0], place=slot_name(st.bslot), owner=st.bseat, rune=c.rune)
    st.push("check")
    for ei in reversed(rune_effects(c)):
        st.push("effect", (p, d[0], ei, ""))
    cost = max(c.effects[i].cost_discard for i in rune_effects(c))
    if cost:
        st.push("rune_cost", (p, cost))


def betray(st: SuikodenState, p: int, cid: str) -> None:
    """§6.3: a ``betrayal`` character deployed over the opponent's same-named cards discards them
    first (deployed, support or garrison); VP already scored stay."""
    c = st.C[cid]
    if "betrayal" not in c.keywords:
        return
    gone = conflicts(names_in_play(st), c)
    if not gone:
        return
    st.emit("betrayal", player=p, card=cid, discarded=[g[2] for g in gone])
    for q, kind, x in gone:
        if kind == "deployed":
            remove_dep(st, x, "betrayal")
        elif kind == "support":
            for m in st.missions[q]:
                if m is not None and m.support == x:
                    m.support = ""
                    to_discard(st, x, q, "betrayal")
        elif kind == "garrison":
            for w in (0, 1):
                rs = st.resolved[w]
                for i, r in enumerate(rs):
                    if r[1] == x:
                        rs[i] = (r[0], "", r[2])
                        to_discard(st, x, q, "betrayal")


def after_deploy(st: SuikodenState, p: int, cid: str) -> None:
    """§7.1: the deployed character's ``on_deploy`` effects, then the other player's counter window
    (§8.4), then the clear check."""
    st.push("check")
    st.push("counter_window", (p, cid))
    c = st.C[cid]
    for ei in reversed(range(len(c.effects))):
        if c.effects[ei].trigger == "on_deploy":
            st.push("effect", (p, cid, ei, ""))


# ------------------------------------------------------------------ §7.1 refusals of a step
def why_deploy(st: SuikodenState, p: int, cid: str) -> Refusal:
    """Why ``p`` may not deploy the card ``cid`` of its hand now: not a character, no link (§6.1),
    barred (§10), a name in play (§6.2, §6.3)."""
    C = st.C
    c = C[cid]
    o, k = st.bseat, st.bslot
    m = st.mission(o, k)
    place = mission_place(o, k, p)
    if c.type != "character":
        return _r(f"{c.name} is a {c.type}, not a character (§7.1)", f"{c.name} はキャラクターではありません (§7.1)")
    mask = link_mask(st, m.cols[p])
    if not can_link(mask, c):
        if not mask:
            return _r(f"no link — you have no character on {place} yet: only a leader (リーダー) opens the link (§6.1)",
                      f"リンクがありません — {place} に自分のキャラクターがいないため、リーダーしか派遣できません (§6.1)")
        want = ",".join(letters(mask))
        return _r(f"no link — {place} needs one of {want} (§6.1)",
                  f"リンクがありません — {place} には {want} のいずれかが必要です (§6.1)")
    bar = barred(st, o, m, p, c)
    if bar:
        return _r(f"{C[bar].name} bars {c.name} from being deployed here (cannot_deploy, §10)",
                  f"{C[bar].name} の効果で {c.name} はここに派遣できません (§10)")
    cs = conflicts(names_in_play(st), c)
    if cs:
        if "betrayal" in c.keywords:
            own = [x for x in cs if x[0] == p or x[1] == "mastermind"]
            if own:
                return _r(f"裏 (betrayal) discards only the opponent's non-mastermind cards; {C[own[0][2]].name} "
                          f"is {'a mastermind' if own[0][1] == 'mastermind' else 'yours'} (§6.3)",
                          f"裏で破棄できるのは相手の総大将以外のカードだけです: {C[own[0][2]].name} (§6.3)")
        return unique_refusal(st, c, cs)
    return _r("not a legal action now (§7.1)", "今は行えない行動です (§7.1)")


def why_redeploy(st: SuikodenState, p: int) -> Refusal:
    """§8.1: no own support here, no leader for an empty column, no link, or barred (§10)."""
    o, k = st.bseat, st.bslot
    m = st.mission(o, k)
    if o != p or not m.support:
        return _r("you have no support on this mission to redeploy (§8.1)", "このミッションに自分のサポートがいません (§8.1)")
    c = st.C[m.support]
    mask = link_mask(st, m.cols[p])
    if not mask and c.cls != "leader":
        return _r(f"{c.name} is not a leader and your column here is empty (§6.1, §8.1)",
                  f"{c.name} はリーダーではなく、自分の派遣キャラクターがいません (§6.1, §8.1)")
    if not can_link(mask, c):
        return _r(f"no link — {c.name} shares no letter with {letters(mask)} (redeploy_needs_link, §8.1)",
                  f"リンクがありません — {c.name} は {letters(mask)} と一致しません (§8.1)")
    bar = barred(st, o, m, p, c)
    if bar:
        return _r(f"{st.C[bar].name} bars {c.name} (cannot_deploy, §10)", f"{st.C[bar].name} の効果で派遣できません (§10)")
    return _r("not a legal action now (§8.1)", "今は行えない行動です (§8.1)")


def why_rune(st: SuikodenState, p: int, args: tuple[str, ...]) -> Refusal:
    """§8.3: not own character here, no rune, used in this battle, the cost, no target."""
    f = parse_dep(st, p, args[0]) if args else None
    o, k = st.bseat, st.bslot
    if f is None or f[0] != o or f[1] != k or f[2] != p:
        return _r("rune names one of your characters deployed on this battle's mission, e.g. rune M1.1 (§8.3)",
                  "rune にはこのミッションに派遣した自分のキャラクターを指定します (例: rune M1.1) (§8.3)")
    m = st.mission(o, k)
    d = m.cols[p][f[3]]
    c = st.C[d[0]]
    if not rune_effects(c):
        return _r(f"{c.name} has no rune ability (§8.3)", f"{c.name} は紋章の能力を持っていません (§8.3)")
    if d[2]:
        return _r(f"{c.name} has used its rune in this battle: once per character per battle (§8.3)",
                  f"{c.name} はこのバトルで紋章を使用済みです (1バトルに1回、§8.3)")
    cost = max(c.effects[i].cost_discard for i in rune_effects(c))
    if len(st.hand[p]) < cost:
        return _r(f"the rune costs {cost} card(s) from your hand; you hold {len(st.hand[p])} (§8.3)",
                  f"紋章のコストは手札 {cost} 枚です (手札 {len(st.hand[p])} 枚、§8.3)")
    return _r("the rune needs a target: no enemy character on this mission (§8.3)",
              "紋章の対象がいません: このミッションに相手のキャラクターがいません (§8.3)")


# ------------------------------------------------------------------ §7.2–7.4 the clear check
def check(st: SuikodenState, ctx: Any) -> None:
    """After every step: a facility builds or is blocked (§7.4); an attack mission is cleared by the
    one side meeting its value, fails when both do (§7.2); troops are decided when both have passed
    in a row (§7.3); both passes leave the mission unresolved; else the other seat steps."""
    if st.over:
        return
    o, k = st.bseat, st.bslot
    m = st.mission(o, k)
    c = st.C[m.card]
    _, tots, _ = mission_values(st, o, k)
    both_passed = st.bpasses >= 2
    if c.type == "facility":  # §7.4
        if tots[o][2] >= c.build and can_garrison(st, m, o):
            clear(st, o)
        elif tots[1 - o][0] >= c.block:
            fail(st, "blocked")
        elif both_passed:
            unresolved(st)
        else:
            next_step(st)
    elif c.clear == "atk":  # §7.2
        meets = [tots[p][0] >= c.value and can_garrison(st, m, p) for p in (0, 1)]
        if meets[0] and meets[1]:
            fail(st, "both")
        elif meets[0] or meets[1]:
            clear(st, 0 if meets[0] else 1)
        elif both_passed:
            unresolved(st)
        else:
            next_step(st)
    elif both_passed:  # §7.3 troops: decided when both passed in a row
        troops(st, tots)
    else:
        next_step(st)


def next_step(st: SuikodenState) -> None:
    st.bactor = 1 - st.bactor
    st.push("battle_step")


# ------------------------------------------------------------------ end of the battle
def battle_end(st: SuikodenState, ctx: Any) -> None:
    """Modifiers ``until_end_of_battle`` end; rune uses reset (once per character per battle)."""
    for s in st.missions:
        for m in s:
            if m is None:
                continue
            for col in m.cols:
                for i, d in enumerate(col):
                    if d[2] or any(x[3] == "battle" for x in d[1]):
                        col[i] = (d[0], tuple(x for x in d[1] if x[3] != "battle"), False)
    st.no_battle()


STEPS = {"battle_step": battle_step, "check": check, "battle_end": battle_end}
KINDS = (STEP,)
