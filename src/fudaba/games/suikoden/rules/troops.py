"""§7.3 troops: when both have passed in a row, the mil totals are fixed; each side loses characters
whose printed mil adds up to the other's total — picked one at a time, in public (issue 18)
[decision] — or is wiped out; then the side with characters left may clear."""

from __future__ import annotations

from typing import Any, NamedTuple

from ....core.actions import Action
from ....core.errors import Refusal
from ..effects import mission_values
from ..state import SuikodenState, slot_name
from .clear import can_garrison, clear, unresolved
from .common import DONE, A, SuikodenKind, dep_place, parse_dep, to_discard

_r = Refusal


def troops(st: SuikodenState, tots: list[tuple[int, int, int]]) -> None:
    """§7.3: both mil totals fixed; casualties turn player first; then the survivors' check."""
    s = (tots[0][1], tots[1][1])
    tp = st.active
    st.emit("troops", place=slot_name(st.bslot), owner=st.bseat, totals=list(s))
    st.push("troops_after")
    st.push("casualties", (1 - tp, s[1 - tp], s[tp]))
    st.push("casualties", (tp, s[tp], s[1 - tp]))


class CasualtyCtx(NamedTuple):
    """The seat that loses characters, its own mil total, the other's (what it must lose) and the
    casualties it has picked so far (public, issue 18)."""

    seat: int
    mine: int
    theirs: int
    picked: tuple[str, ...]


def casualties(st: SuikodenState, ctx: Any) -> None:
    """§7.3 step 2 for one seat: wiped out when its total is not larger; else it loses characters of
    printed mil adding up to the other's total — a card every valid set holds is lost without asking."""
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
    cands = candidates(st, p)
    mode = casualty_mode(st, cands, theirs)
    forced = [c for c in cands if c not in sel
              and (mode == "all" or not extendable(st, [x for x in cands if x != c], theirs, mode, sel))]
    sel += forced
    c = CasualtyCtx(p, mine, theirs, tuple(sel))
    opts = CASUALTIES.options(st, p, c)
    if forced and len(opts) == 1 and opts[0] is DONE:  # one set only: no decision at all
        CASUALTIES.answer(st, opts[0], c)
        return
    if len(opts) == 1 and opts[0] is DONE and not sel:
        return  # nothing to lose (the opponent's total is 0)
    st.ask(CASUALTIES, p, c, opts)


class Casualties(SuikodenKind):
    """§7.3 step 2: lose characters worth the opponent's mil total in printed mil — exactly when
    some set adds up exactly (``troops_exact``), else a set with no card to spare; all of them when
    together they fall short — one pick at a time (``lose PLACE``), then ``done``."""

    name = "casualties"
    Ctx = CasualtyCtx
    title = ("troops casualties", "兵力戦の損害")
    VERBS = ("lose", "done")
    TAKES = ("troops casualties: 'lose PLACE' or 'done' (§7.3)", "兵力戦の損害: 「lose 場所」か「done」 (§7.3)")

    def options(self, st: SuikodenState, player: int, ctx: Any) -> list[Action]:
        _, _, need, picked = ctx  # also a plain tuple: a context read from a document
        return casualty_options(st, player, need, list(picked))

    def prompt(self, st: SuikodenState, player: int, ctx: Any) -> str:
        mode = casualty_mode(st, candidates(st, player), ctx.theirs)
        return f"troops: lose characters worth {ctx.theirs} printed mil ({mode})"

    def why(self, st: SuikodenState, player: int, ctx: Any, a: Action) -> Refusal:
        _, _, need, picked = ctx
        return why_casualty(st, player, need, list(picked), a)

    def answer(self, st: SuikodenState, a: Action, ctx: CasualtyCtx) -> None:
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

    def ask_text(self, game: Any, view: dict[str, Any], lang: str, log: list[dict[str, Any]] | None) -> str | None:
        from ..text import prompts

        return prompts.ask_casualties(game, view, lang)


CASUALTIES = Casualties()


def troops_after(st: SuikodenState, ctx: Any) -> None:
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


# ------------------------------------------------------------------ §7.3 casualty sets
def candidates(st: SuikodenState, p: int) -> list[str]:
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
    """``lose PLACE`` for each character that some valid set holding ``sel`` holds too, and ``done``
    when ``sel`` is a valid set."""
    o, k = st.bseat, st.bslot
    m = st.mission(o, k)
    cands = candidates(st, p)
    mode = casualty_mode(st, cands, need)
    opts = []
    for i, d in enumerate(m.cols[p]):
        c = d[0]
        if c in cands and c not in sel and extendable(st, cands, need, mode, [*sel, c]):
            opts.append(A("lose", dep_place(o, k, p, i, p)))
    if is_valid_set(st, cands, need, mode, sel):
        opts.append(DONE)
    return opts


def why_casualty(st: SuikodenState, p: int, need: int, sel: list[str], a: Action) -> Refusal:
    """§7.3: the losses do not add up yet (``done``), or the character named is not one to lose."""
    cands = candidates(st, p)
    mode = casualty_mode(st, cands, need)
    have = sum(st.C[c].mil for c in sel)
    rule = {"exact": f"exactly {need} printed mil (troops_exact)",
            "minimal": f"at least {need} printed mil, with no card to spare",
            "all": "every character with printed mil (together they fall short)"}[mode]
    rule_ja = {"exact": f"記載兵力ちょうど {need}", "minimal": f"記載兵力 {need} 以上で余分なカードなし",
               "all": "記載兵力を持つ全キャラクター (合計しても足りない)"}[mode]
    if a.verb == "done":
        return _r(f"your losses add up to {have}; you must lose {rule} (§7.3)",
                  f"損害は {have} です。{rule_ja} を失う必要があります (§7.3)")
    f = parse_dep(st, p, a.args[0]) if a.args else None
    if f is None or f[2] != p:
        return _r("lose names one of your characters on this mission, e.g. lose M1.2 (§7.3)",
                  "lose にはこのミッションの自分のキャラクターを指定します (例: lose M1.2) (§7.3)")
    cid = st.mission(f[0], f[1]).cols[p][f[3]][0]
    if st.C[cid].mil <= 0:
        return _r(f"{st.C[cid].name} has no printed mil: never a casualty (§7.3)",
                  f"{st.C[cid].name} は記載兵力がないため損害になりません (§7.3)")
    if cid in sel:
        return _r(f"{st.C[cid].name} is already among your losses (§7.3)", f"{st.C[cid].name} はすでに損害に含まれています (§7.3)")
    return _r(f"with it no set of losses is {rule} (§7.3)", f"それを含めると {rule_ja} になりません (§7.3)")


STEPS = {"casualties": casualties, "troops_after": troops_after}
KINDS = (CASUALTIES,)
