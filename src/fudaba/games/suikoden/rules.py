"""The flow of a Suikoden game, one rules step per clause of the spec (sections in comments).

Each step is ``fn(state, ctx)`` and each decision handler ``fn(state, action, ctx)``, listed in
:data:`STEPS` / :data:`ANSWERS`. The canonical stack at a phase-level decision (positions, §14):
main and deploy/pass step ``[end_turn, replenish]``; mulligan ``[turn, mulligan(second)]`` or
``[turn]``; replenish discard ``[end_turn, refill(other)]`` or ``[end_turn]``.
"""

from __future__ import annotations

from typing import Any

from ...core.actions import Action
from ...core.state import Answer, Step
from .actions import (
    PASS,
    casualty_candidates,
    casualty_mode,
    casualty_options,
    counter_effects,
    counter_options,
    discard_options,
    duel_options,
    extendable,
    garrison_options,
    main_options,
    mission_place,
    mulligan_options,
    parse_dep,
    parse_mission,
    rune_effects,
    step_options,
    target_options,
)
from .effects import (
    condition_holds,
    conflicts,
    duel_values,
    matches,
    mission_values,
    names_in_play,
)
from .state import Mission, SuikodenState, slot_name

DUR = {"until_end_of_battle": "battle", "while_deployed": "deployed", "": "battle"}


# ------------------------------------------------------------------ cards moving
def draw(st: SuikodenState, p: int, n: int) -> bool:
    """Draw ``n`` (§9: a player who must draw from a too-short deck loses at once)."""
    if n <= 0:
        return True
    d = st.deck[p]
    if len(d) < n:
        st.end_game(1 - p, "deck out")
        return False
    got = d[-n:][::-1]
    del d[-n:]
    st.hand[p] += got
    st.emit("draw", {"cards": got}, (p,), player=p, count=n)
    return True


def to_discard(st: SuikodenState, cid: str, owner: int, why: str) -> None:
    st.discard[owner].append(cid)
    st.emit("leave", player=owner, card=cid, why=why)


def discard_from_hand(st: SuikodenState, p: int, cid: str, why: str) -> None:
    st.hand[p].remove(cid)
    st.discard[p].append(cid)
    st.emit("discard", player=p, card=cid, why=why)


def owner_of_dep(st: SuikodenState, cid: str) -> int:
    f = st.find_dep(cid)
    assert f is not None
    return f[2]


def remove_dep(st: SuikodenState, cid: str, why: str) -> None:
    """A deployed character leaves its column for its owner's discard pile."""
    f = st.find_dep(cid)
    if f is None:
        return
    o, k, q, i = f
    del st.mission(o, k).cols[q][i]
    to_discard(st, cid, q, why)


def clear_slot(st: SuikodenState, o: int, k: int, keep: str, why: str) -> Mission:
    """Empty slot ``k`` of seat ``o``: every card on it but ``keep`` goes to its owner's discard
    (the mission card itself is the caller's)."""
    m = st.mission(o, k)
    st.missions[o][k] = None
    if m.support:
        to_discard(st, m.support, o, why)
    for q in (0, 1):
        for d in m.cols[q]:
            if d[0] != keep:
                to_discard(st, d[0], q, why)
    return m


# ------------------------------------------------------------------ §4 setup
def step_setup(st: SuikodenState, ctx: Any) -> None:
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


def step_mulligan(st: SuikodenState, ctx: Any) -> None:
    p = ctx[0]
    st.phase = "mulligan"
    st.ask(p, "mulligan", mulligan_options(st, p), "mulligan", (p,), "mulligan: return up to "
           f"{st.game.params['mulligan_max']} cards, then done", private=True)


def answer_mulligan(st: SuikodenState, a: Action, ctx: Any) -> None:
    """§4: return cards one at a time; ``done`` shuffles them in and draws back to the hand size."""
    p = ctx[0]
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


# ------------------------------------------------------------------ §5 turn
def step_turn(st: SuikodenState, ctx: Any) -> None:
    st.phase = "main"
    st.emit("turn", player=st.active, turn=st.turn)
    st.push_seq("main", "replenish", "end_turn")


def step_main(st: SuikodenState, ctx: Any) -> None:
    """§5 main phase: exactly one of discard, new mission, continue mission (or pass)."""
    st.phase = "main"
    st.ask(st.active, "main", main_options(st), "main", None, "main phase: discard, play a mission, "
           "continue one, or pass", private=True)


def answer_main(st: SuikodenState, a: Action, ctx: Any) -> None:
    p = st.active
    v = a.verb
    if v == "discard":  # 破棄: 1 or more, one pick at a time
        discard_from_hand(st, p, a.args[0], "main")
        st.push("more_discard")
    elif v == "play":
        new_mission(st, p, a.args[0], a.args[1] if len(a.args) > 1 else "")
    elif v == "continue":
        ok = parse_mission(st, p, a.args[0])
        assert ok is not None
        start_battle(st, ok[0], ok[1], "continue", p)
    else:
        st.emit("main_pass", player=p)


def step_more_discard(st: SuikodenState, ctx: Any) -> None:
    p = st.active
    if st.hand[p]:
        st.ask(p, "discard", discard_options(st, p, True), "more_discard", None, "discard more, or done",
               private=True)


def answer_more_discard(st: SuikodenState, a: Action, ctx: Any) -> None:
    if a.verb == "discard":
        discard_from_hand(st, st.active, a.args[0], "main")
        st.push("more_discard")


def new_mission(st: SuikodenState, p: int, cid: str, sup: str) -> None:
    """§5 new mission: the lowest free slot [decision], optionally with a support (§8.1); its battle
    follows, the opponent acting first (a duel resolves at once, §7.6)."""
    k = st.missions[p].index(None)
    st.hand[p].remove(cid)
    if sup:
        st.hand[p].remove(sup)
    st.missions[p][k] = Mission(cid, sup)
    st.emit("play", player=p, card=cid, place=slot_name(k), owner=p, support=sup or None)
    kind = "duel" if st.C[cid].clear == "duel" else "new"
    start_battle(st, p, k, kind, 1 - p)


def start_battle(st: SuikodenState, o: int, k: int, kind: str, actor: int) -> None:
    st.phase = "battle"
    st.bseat, st.bslot, st.bkind = o, k, kind
    st.bactor, st.bsteps, st.bpasses = actor, 0, 0
    st.emit("battle", player=st.active, card=st.mission(o, k).card, place=slot_name(k), owner=o, battle=kind)
    if kind == "duel":
        st.push("duel_start")
    else:
        st.push("battle_step")


# ------------------------------------------------------------------ §7.1 the deploy/pass step
def step_battle(st: SuikodenState, ctx: Any) -> None:
    p = st.bactor
    st.ask(p, "step", step_options(st), "step", None, "deploy, redeploy, use a rune, or pass", private=True)


def answer_step(st: SuikodenState, a: Action, ctx: Any) -> None:
    p = st.bactor
    o, k = st.bseat, st.bslot
    m = st.mission(o, k)
    v = a.verb
    st.bsteps += 1
    if v == "pass":
        st.bpasses += 1
        st.emit("pass", player=p, place=slot_name(k), owner=o)
        st.push("check")
        return
    st.bpasses = 0
    if v == "deploy":
        cid = a.args[0]
        betray(st, p, cid)
        st.hand[p].remove(cid)
        m.cols[p].append((cid, (), False))
        st.emit("deploy", player=p, card=cid, place=slot_name(k), owner=o, n=len(m.cols[p]))
        after_deploy(st, p, cid)
    elif v == "redeploy":
        cid = m.support
        m.support = ""
        m.cols[p].append((cid, (), False))
        st.emit("redeploy", player=p, card=cid, place=slot_name(k), owner=o, n=len(m.cols[p]))
        after_deploy(st, p, cid)
    else:  # rune (§8.3): replaces the step; paid, then resolved
        f = parse_dep(st, p, a.args[0])
        assert f is not None
        i = f[3]
        d = m.cols[p][i]
        m.cols[p][i] = (d[0], d[1], True)
        c = st.C[d[0]]
        st.emit("rune", player=p, card=d[0], place=slot_name(k), owner=o, rune=c.rune)
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


def step_rune_cost(st: SuikodenState, ctx: Any) -> None:
    p, n = ctx
    st.ask(p, "cost", discard_options(st, p, False), "rune_cost", (p, n), f"rune cost: discard {n} card(s)",
           private=True)


def answer_rune_cost(st: SuikodenState, a: Action, ctx: Any) -> None:
    p, n = ctx
    discard_from_hand(st, p, a.args[0], "cost")
    if n > 1:
        st.push("rune_cost", (p, n - 1))


# ------------------------------------------------------------------ §8.4 counter
def step_counter_window(st: SuikodenState, ctx: Any) -> None:
    p, cid = ctx
    if st.find_dep(cid) is None:
        return
    q = 1 - p
    opts = counter_options(st, q, cid)
    if opts:
        st.ask(q, "counter", opts, "counter", (q, cid), "counter the character just deployed, or pass",
               private=True)


def answer_counter(st: SuikodenState, a: Action, ctx: Any) -> None:
    q, trig = ctx
    if a is PASS:
        return
    cid = a.args[0]
    discard_from_hand(st, q, cid, "counter")
    st.emit("counter", player=q, card=cid, target=trig)
    c = st.C[cid]
    for ei in reversed(counter_effects(c)):
        st.push("effect", (q, cid, ei, trig))


# ------------------------------------------------------------------ §10 one-shot effects
def step_effect(st: SuikodenState, ctx: Any) -> None:
    """Resolve effect ``ei`` of card ``src`` for controller ``ctl`` (§10); a chosen target is asked."""
    ctl, src, ei, trig = ctx
    e = st.C[src].effects[ei]
    # the battle's mission: gone once cleared (an on_clear effect resolves after the clear, §7.5)
    m = st.missions[st.bseat][st.bslot] if st.bseat >= 0 else None
    if e.condition is not None and not condition_holds(st, ctl, e, max(st.bseat, 0), m.cols if m else [[], []], src):
        return
    if e.target == "choose_enemy_character":
        opts = target_options(st, ctl) if m is not None else []
        if opts:
            st.ask(ctl, "target", opts, "target", ctx, f"{st.C[src].name}: choose an enemy character")
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


def answer_target(st: SuikodenState, a: Action, ctx: Any) -> None:
    ctl, src, ei, _ = ctx
    f = parse_dep(st, ctl, a.args[0])
    assert f is not None
    o, k, q, i = f
    apply_effect(st, ctl, src, ei, [st.mission(o, k).cols[q][i][0]])


def apply_effect(st: SuikodenState, ctl: int, src: str, ei: int, targets: list[str]) -> None:
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


# ------------------------------------------------------------------ §7.2–7.4 the clear check
def can_garrison(st: SuikodenState, m: Mission, p: int) -> bool:
    """§7.1: has a deployed non-pair character on the mission."""
    C = st.C
    return any(not C[d[0]].pair for d in m.cols[p])


def step_check(st: SuikodenState, ctx: Any) -> None:
    if st.over:
        return
    o, k = st.bseat, st.bslot
    m = st.mission(o, k)
    c = st.C[m.card]
    _, tots, _ = mission_values(st, o, k)
    both_passed = st.bpasses >= 2
    if c.type == "facility":  # §7.4
        build = tots[o][2] >= c.build and can_garrison(st, m, o)
        if build:
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


def step_garrison(st: SuikodenState, ctx: Any) -> None:
    w = ctx[0]
    st.ask(w, "garrison", garrison_options(st, w), "garrison", (w,), "choose the garrison")


def answer_garrison(st: SuikodenState, a: Action, ctx: Any) -> None:
    w = ctx[0]
    f = parse_dep(st, w, a.args[0])
    assert f is not None
    o, k, q, i = f
    finish_clear(st, w, st.mission(o, k).cols[q][i][0])


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


# ------------------------------------------------------------------ §7.3 troops
def troops(st: SuikodenState, tots: list[tuple[int, int, int]]) -> None:
    """§7.3: both mil totals fixed; casualties turn player first; then the survivors' check."""
    s = (tots[0][1], tots[1][1])
    tp = st.active
    st.emit("troops", place=slot_name(st.bslot), owner=st.bseat, totals=list(s))
    st.push("troops_after")
    st.push("casualties", (1 - tp, s[1 - tp], s[tp]))
    st.push("casualties", (tp, s[tp], s[1 - tp]))


def step_casualties(st: SuikodenState, ctx: Any) -> None:
    p, mine, theirs = ctx[0], ctx[1], ctx[2]
    o = st.bseat
    m = st.battle_mission()
    if mine <= theirs:  # wiped out (要するに全滅する), support included
        gone = [d[0] for d in m.cols[p]] + ([m.support] if p == o and m.support else [])
        st.emit("wiped", player=p, cards=gone, place=slot_name(st.bslot), owner=o)
        for cid in gone:
            to_discard(st, cid, p, "troops")
        m.cols[p] = []
        if p == o:
            m.support = ""
        return
    sel = list(ctx[3]) if len(ctx) > 3 else []
    cands = casualty_candidates(st, p)
    mode = casualty_mode(st, cands, theirs)
    # a card every valid set holds is lost without asking (one set only: no decision at all)
    forced = [c for c in cands if c not in sel
              and (mode == "all" or not extendable(st, [x for x in cands if x != c], theirs, mode, sel))]
    sel += forced
    opts = casualty_options(st, p, theirs, sel)
    if forced and len(opts) == 1 and opts[0].verb == "done":
        answer_casualties(st, opts[0], (p, mine, theirs, tuple(sel)))
        return
    if len(opts) == 1 and opts[0].verb == "done" and not sel:
        return  # nothing to lose (the opponent's total is 0)
    st.ask(p, "casualties", opts, "casualties", (p, mine, theirs, tuple(sel)),
           f"troops: lose characters worth {theirs} printed mil ({mode})")


def answer_casualties(st: SuikodenState, a: Action, ctx: Any) -> None:
    p, mine, theirs, sel = ctx
    if a.verb == "lose":
        f = parse_dep(st, p, a.args[0])
        assert f is not None
        o, k, q, i = f
        cid = st.mission(o, k).cols[q][i][0]
        # a public pick (issue 18): every seat's view and log show the casualties picked so far
        st.emit("casualty", player=p, card=cid, place=slot_name(k), owner=o)
        st.push("casualties", (p, mine, theirs, (*sel, cid)))
        return
    m = st.battle_mission()
    st.emit("casualties", player=p, cards=list(sel), place=slot_name(st.bslot), owner=st.bseat)
    m.cols[p] = [d for d in m.cols[p] if d[0] not in sel]
    for cid in sel:
        to_discard(st, cid, p, "troops")


def step_troops_after(st: SuikodenState, ctx: Any) -> None:
    """§7.3 step 3: the side with characters left recomputes its mil total."""
    o, k = st.bseat, st.bslot
    m = st.mission(o, k)
    c = st.C[m.card]
    _, tots, _ = mission_values(st, o, k)
    for w in (0, 1):
        if m.cols[w] and tots[w][1] >= c.value and can_garrison(st, m, w):
            clear(st, w)
            return
    unresolved(st)


# ------------------------------------------------------------------ §7.6 duel
def step_duel_start(st: SuikodenState, ctx: Any) -> None:
    """§7.6 1: each player with cards in hand picks one face down, turn player first."""
    tp = st.active
    st.push("duel_reveal")
    for p in (1 - tp, tp):
        if st.hand[p]:
            st.push("duel_pick", (p,))


def step_duel_pick(st: SuikodenState, ctx: Any) -> None:
    p = ctx[0]
    st.ask(p, "duel", duel_options(st, p), "duel", (p,), "duel: pick a card face down",
           sealed={"place": slot_name(st.bslot), "owner": st.bseat})


def step_duel_reveal(st: SuikodenState, ctx: Any) -> None:
    """§7.6 2–5: revealed together; a non-character or a card breaking uniqueness is discarded; same
    names: ``duel_clash``; values with the other modifiers (the cards' own text is off); the higher
    stays, a tie favours the placer; a kept non-pair character clears and garrisons."""
    o, k = st.bseat, st.bslot
    m = st.mission(o, k)
    C = st.C
    mc = C[m.card]
    picks = st.unseal("duel", place=slot_name(k), owner=o)
    cards = ["", ""]
    for p, a in picks.items():
        cards[p] = a.args[0]
        st.hand[p].remove(a.args[0])
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
    v = duel_values(st, o, m.card, cards)
    w = o if v[o] >= v[1 - o] else 1 - o
    st.emit("duel_values", place=slot_name(k), owner=o, values=v, cards=list(cards), stat=mc.duel_stat)
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


# ------------------------------------------------------------------ end of the battle
def step_battle_end(st: SuikodenState, ctx: Any) -> None:
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


# ------------------------------------------------------------------ §5 replenish, turn shift
def step_replenish(st: SuikodenState, ctx: Any) -> None:
    """§5 replenish / §9: both shortfalls are checked first (both short: a draw game)."""
    st.phase = "replenish"
    short = [p for p in (0, 1) if st.hand_limit(p) - len(st.hand[p]) > len(st.deck[p])]
    if len(short) == 2:
        st.end_game(None, "deck out (both)")
        return
    if short:
        st.end_game(1 - short[0], "deck out")
        return
    tp = st.active
    st.push("refill", (1 - tp,))
    st.push("refill", (tp,))


def step_refill(st: SuikodenState, ctx: Any) -> None:
    p = ctx[0]
    st.phase = "replenish"
    n = st.hand_limit(p) - len(st.hand[p])
    if n > 0:
        draw(st, p, n)
    elif n < 0:
        st.ask(p, "replenish", discard_options(st, p, False), "refill", (p,),
               f"replenish: discard down to {st.hand_limit(p)}", private=True)


def answer_refill(st: SuikodenState, a: Action, ctx: Any) -> None:
    p = ctx[0]
    discard_from_hand(st, p, a.args[0], "replenish")
    st.push("refill", (p,))


def step_end_turn(st: SuikodenState, ctx: Any) -> None:
    """§5 turn shift; ``turn_limit`` ends the game as a draw [decision]."""
    lim = int(st.game.params["turn_limit"])
    if lim and st.turn >= lim:
        st.end_game(None, "turn limit")
        return
    st.turn += 1
    st.active = 1 - st.active
    st.push("turn")


STEPS: dict[str, Step] = {
    "setup": step_setup,
    "mulligan": step_mulligan,
    "turn": step_turn,
    "main": step_main,
    "more_discard": step_more_discard,
    "battle_step": step_battle,
    "rune_cost": step_rune_cost,
    "counter_window": step_counter_window,
    "effect": step_effect,
    "check": step_check,
    "garrison_step": step_garrison,
    "casualties": step_casualties,
    "troops_after": step_troops_after,
    "duel_start": step_duel_start,
    "duel_pick": step_duel_pick,
    "duel_reveal": step_duel_reveal,
    "battle_end": step_battle_end,
    "replenish": step_replenish,
    "refill": step_refill,
    "end_turn": step_end_turn,
}

ANSWERS: dict[str, Answer] = {
    "mulligan": answer_mulligan,
    "main": answer_main,
    "more_discard": answer_more_discard,
    "step": answer_step,
    "rune_cost": answer_rune_cost,
    "counter": answer_counter,
    "target": answer_target,
    "garrison": answer_garrison,
    "casualties": answer_casualties,
    "refill": answer_refill,
}

__all__ = ["ANSWERS", "STEPS", "mission_place"]
