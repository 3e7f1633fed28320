"""Notation of spec §13: the legal actions of every decision, the places they name, and casualty sets.

Places are relative to the decider: own slots ``M1``…, the opponent's ``xM1``…; a deployed character
``M1.2`` (the decider's column on its own M1) or ``xM1.x1`` (the opponent's column on the opponent's
M1), 1-based in deployment order. Cards in hand are named by id.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.actions import Action, number
from .effects import barred, conflicts, link_mask, may_enter, mission_values, names_in_play
from .state import Mission, SuikodenState

if TYPE_CHECKING:
    from .cards import Card

A = Action.of
PASS = Action.const("pass")
DONE = Action.const("done")
REDEPLOY = Action.const("redeploy")


# ------------------------------------------------------------------ places (§13)
def mission_place(o: int, k: int, viewer: int) -> str:
    return f"M{k + 1}" if o == viewer else f"xM{k + 1}"


def dep_place(o: int, k: int, q: int, i: int, viewer: int) -> str:
    return f"{mission_place(o, k, viewer)}.{'' if q == viewer else 'x'}{i + 1}"


def parse_mission(st: SuikodenState, viewer: int, text: str) -> tuple[int, int] | None:
    """``M2`` / ``xM1`` → (owner, slot) of an unresolved card there, else None."""
    t = text.strip()
    o = viewer
    if t[:1] in ("x", "X"):
        o, t = 1 - viewer, t[1:]
    n = number(t[1:], 4)
    if t[:1] not in ("M", "m") or n is None:
        return None
    k = n - 1
    if not 0 <= k < st.K or st.missions[o][k] is None:
        return None
    return o, k


def parse_dep(st: SuikodenState, viewer: int, text: str) -> tuple[int, int, int, int] | None:
    """``M1.2`` / ``xM1.x1`` → (owner, slot, column seat, index) of a deployed character, else None."""
    if "." not in text:
        return None
    ms, _, cs = text.partition(".")
    ok = parse_mission(st, viewer, ms)
    if ok is None:
        return None
    o, k = ok
    q = viewer
    if cs[:1] in ("x", "X"):
        q, cs = 1 - viewer, cs[1:]
    n = number(cs, 4)
    if n is None:
        return None
    i = n - 1
    col = st.mission(o, k).cols[q]
    if not 0 <= i < len(col):
        return None
    return o, k, q, i


# ------------------------------------------------------------------ helpers of legality
def distinct(ids: list[str]) -> list[str]:
    seen: set[str] = set()
    out = []
    for c in ids:
        if c not in seen:
            seen.add(c)
            out.append(c)
    return out


def can_link(mask: int, c: Card) -> bool:
    """§6.1: an empty column takes a leader; otherwise a card sharing a letter with L(p, m)."""
    return c.lmask & mask != 0 if mask else c.cls == "leader"


def deploy_ok(st: SuikodenState, o: int, m: Mission, p: int, c: Card, inplay: dict[str, list[tuple[int, str, str]]]
              ) -> bool:
    return (c.type == "character" and c.cls != "mastermind" and can_link(link_mask(st, m.cols[p]), c)
            and may_enter(inplay, c, p, True) and not barred(st, o, m, p, c))


def redeploy_ok(st: SuikodenState, o: int, m: Mission, p: int) -> bool:
    """§8.1: the owner's support joins its column: a deployment that needs the link rule when
    ``redeploy_needs_link``; without it, only an empty column still needs a leader."""
    if p != o or not m.support:
        return False
    c = st.C[m.support]
    mask = link_mask(st, m.cols[p])
    if st.game.params["redeploy_needs_link"]:
        if not can_link(mask, c):
            return False
    elif not mask and c.cls != "leader":
        return False
    return not barred(st, o, m, p, c)


def rune_effects(c: Card) -> list[int]:
    return [i for i, e in enumerate(c.effects) if e.trigger == "rune"]


def rune_ok(st: SuikodenState, m: Mission, p: int, dep: tuple[str, object, bool]) -> bool:
    """§8.3: once per character per battle, the hand can pay ``cost_discard``, a target exists."""
    if dep[2]:
        return False
    c = st.C[dep[0]]
    idx = rune_effects(c)
    if not idx:
        return False
    cost = max(c.effects[i].cost_discard for i in idx)
    if len(st.hand[p]) < cost:
        return False
    for i in idx:
        e = c.effects[i]
        if e.target == "choose_enemy_character" and not m.cols[1 - p]:
            return False
    return True


# ------------------------------------------------------------------ decisions
def mulligan_options(st: SuikodenState, p: int) -> list[Action]:
    """§4.4: return one card at a time (up to ``mulligan_max``), then ``done``."""
    opts = []
    if len(st.returned[p]) < int(st.game.params["mulligan_max"]):
        opts = [A("return", c) for c in distinct(st.hand[p])]
    opts.append(DONE)
    return opts


def step_options(st: SuikodenState) -> list[Action]:
    """§7.1 the deploy/pass step of the battle's actor."""
    p = st.bactor
    o, k = st.bseat, st.bslot
    m = st.mission(o, k)
    return step_actions(st, o, k, m, p, not (st.bkind == "continue" and st.bsteps == 0))


def step_actions(st: SuikodenState, o: int, k: int, m: Mission, p: int, may_pass: bool,
                 first_only: bool = False) -> list[Action]:
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


def main_options(st: SuikodenState) -> list[Action]:
    """§5 main phase: discard, new mission (with a support), continue mission, else pass."""
    p = st.active
    C = st.C
    hand = distinct(st.hand[p])
    opts = [A("discard", c) for c in hand]
    if any(m is None for m in st.missions[p]):
        inplay = names_in_play(st)
        sups = [c for c in hand if "support" in C[c].keywords and C[c].type == "character"
                and may_enter(inplay, C[c], p, False)]
        for cid in hand:
            c = C[cid]
            if c.type == "mission" or c.type == "facility":
                opts.append(A("play", cid))
                if c.clear != "duel":
                    opts += [A("play", cid, s) for s in sups]
    for o in (p, 1 - p):
        for k, m in enumerate(st.missions[o]):
            if m is not None and C[m.card].clear != "duel":
                acts = step_actions(st, o, k, m, p, False, first_only=True)
                if acts[0] is not PASS:
                    opts.append(A("continue", mission_place(o, k, p)))
    if not opts:
        opts.append(PASS)
    return opts


def discard_options(st: SuikodenState, p: int, done: bool) -> list[Action]:
    opts = [A("discard", c) for c in distinct(st.hand[p])]
    if done:
        opts.append(DONE)
    return opts


def duel_options(st: SuikodenState, p: int) -> list[Action]:
    return [A("duel", c) for c in distinct(st.hand[p])]


def counter_effects(c: Card) -> list[int]:
    return [i for i, e in enumerate(c.effects) if e.trigger == "counter"]


def counter_options(st: SuikodenState, q: int, trig: str) -> list[Action]:
    """§8.4: the counters in ``q``'s hand whose filter accepts the character just deployed."""
    C = st.C
    t = C[trig]
    from .effects import matches

    opts = []
    for cid in distinct(st.hand[q]):
        c = C[cid]
        if "counter" not in c.keywords:
            continue
        if any(matches(t, c.effects[i].filter) for i in counter_effects(c)):
            opts.append(A("counter", cid))
    if opts:
        opts.append(PASS)
    return opts


def target_options(st: SuikodenState, ctl: int) -> list[Action]:
    """``choose_enemy_character``: one of the opponent's characters on the battle's mission."""
    o, k = st.bseat, st.bslot
    m = st.mission(o, k)
    q = 1 - ctl
    return [A("target", dep_place(o, k, q, i, ctl)) for i in range(len(m.cols[q]))]


def garrison_options(st: SuikodenState, w: int) -> list[Action]:
    """§7.5: one of w's deployed non-pair characters on the mission."""
    o, k = st.bseat, st.bslot
    m = st.mission(o, k)
    C = st.C
    return [A("garrison", dep_place(o, k, w, i, w)) for i, d in enumerate(m.cols[w]) if not C[d[0]].pair]


# ------------------------------------------------------------------ §7.3 casualty sets
def casualty_candidates(st: SuikodenState, p: int) -> list[str]:
    """Deployed characters of ``p`` on the battle's mission with printed mil > 0 (§7.3 step 2)."""
    m = st.battle_mission()
    C = st.C
    return [d[0] for d in m.cols[p] if C[d[0]].mil > 0]


def _reach(vals: list[int]) -> int:
    """Subset sums of ``vals`` (units of 100) as a bitset."""
    r = 1
    for v in vals:
        r |= r << v
    return r


def casualty_mode(st: SuikodenState, cands: list[str], need: int) -> str:
    """``all`` (all together fall short: all go), ``exact`` (``troops_exact`` and some set adds up
    exactly) or ``minimal`` (a set reaching ``need`` from which no card can be dropped)."""
    C = st.C
    vals = [C[c].mil // 100 for c in cands]
    n = need // 100 if need % 100 == 0 else -1
    if sum(vals) * 100 < need:
        return "all"
    if st.game.params["troops_exact"] and n >= 0 and _reach(vals) >> n & 1:
        return "exact"
    return "minimal"


def extendable(st: SuikodenState, cands: list[str], need: int, mode: str, sel: list[str]) -> bool:
    """Is there a valid casualty set containing ``sel`` (§7.3 step 2)?"""
    C = st.C
    rest = [C[c].mil for c in cands if c not in sel]
    u = sum(C[c].mil for c in sel)
    if mode == "all":
        return True
    if mode == "exact":
        left = need - u
        return left >= 0 and left % 100 == 0 and bool(_reach([v // 100 for v in rest]) >> (left // 100) & 1)
    # minimal: T ⊇ sel with need ≤ sum(T) < need + min(T)
    mu = min((C[c].mil for c in sel), default=10 ** 9)
    if u >= need:
        return u - mu < need
    for t in sorted({v for v in rest if v <= mu} | ({mu} if sel else set())):
        pool = [v for v in rest if v >= t]
        base = u
        if t < mu or not sel:  # t is the minimum of T: one card of mil t must be in E
            if t not in pool:
                continue
            pool.remove(t)
            base += t
        lo, hi = need - base, need + t - base - 1  # sum(E') in [lo, hi]
        if hi < 0:
            continue
        r = _reach([v // 100 for v in pool])
        for s in range(max(0, -(-lo // 100)), hi // 100 + 1):
            if r >> s & 1:
                return True
    return False


def is_valid_set(st: SuikodenState, cands: list[str], need: int, mode: str, sel: list[str]) -> bool:
    C = st.C
    u = sum(C[c].mil for c in sel)
    if mode == "all":
        return len(sel) == len(cands)
    if mode == "exact":
        return u == need
    return u >= need and u - min((C[c].mil for c in sel), default=0) < need if sel else need <= 0


def casualty_options(st: SuikodenState, p: int, need: int, sel: list[str]) -> list[Action]:
    o, k = st.bseat, st.bslot
    m = st.mission(o, k)
    cands = casualty_candidates(st, p)
    mode = casualty_mode(st, cands, need)
    opts = []
    for i, d in enumerate(m.cols[p]):
        c = d[0]
        if c in cands and c not in sel and extendable(st, cands, need, mode, [*sel, c]):
            opts.append(A("lose", dep_place(o, k, p, i, p)))
    if is_valid_set(st, cands, need, mode, sel):
        opts.append(DONE)
    return opts


def values(st: SuikodenState, o: int, k: int) -> tuple[list[list[tuple[int, int, int]]], list[tuple[int, int, int]]]:
    v, t, _ = mission_values(st, o, k)
    return v, t


__all__ = ["conflicts"]
