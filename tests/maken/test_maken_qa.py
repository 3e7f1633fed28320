"""Rules QA of Project Maken (issue 9): spec §1–§9 read clause by clause against ``rules/``.

Two independent readings of the spec, written here from its text and not from ``rules/common.py`` or
``rules/judge.py``, are compared with the engine over random games under several parameter sets:

* the options of every first bet, action and bonus bet (§5 step 3, §6.1 A, §6.2 table, §6.2.1 B-1
  with ◎, §6.2.2 B-2 and 注5–注7, §6.2.3 B-3 and 注8–注9, §6.2.4 B-4 and 注10, §6.3 bonus bets, §6.6);
* the attack totals of every judge (§6.3 D1–D5, 注14–注16, bonus bets in a GC and a GB, §6.6
  ``multi_counts``, §9 ``bonus_in_gb``).
"""

from __future__ import annotations

import itertools
from typing import Any

import pytest

from fudaba.core import Rng
from fudaba.games.maken.state import MakenState

from .helpers import game

ORDER = ("speed", "reach", "attack", "guard")
CONFIGS: list[dict[str, Any]] = [
    {},
    {"multi_counts": "one", "bonus_in_gb": "full"},
    {"fb_gauge": False, "defenceless": "never", "gc_gauge_gain": True},
    {"double_options": {"speed": "x2", "guard": 3}, "triple_attack": False},
    {"attack_optional": True, "support_limit": 2, "gauge_max": 4},
]


# ====================================================================== the spec, read again
def _value(st: MakenState, p: int, cid: str, opts: tuple[str, ...] = (), mods: tuple[int, ...] = (0, 0, 0, 0)
           ) -> dict[str, int]:
    """§2: printed, then the double-attack option (§6.6: "xN" multiplies), then the owner's static
    ``modify`` effects (§8, a posture filter, a gauge condition) and the unit's on_bet ones; never
    below 0, guard never below 1."""
    c = st.cards[cid]
    v = {"speed": c.speed, "rf": c.reach_front, "rb": c.reach_back, "attack": c.attack, "guard": c.guard}
    table = st.game.params["double_options"]
    for o in opts:
        x = table[o]
        keys = ("rf", "rb") if o == "reach" else (o,)
        for key in keys:
            v[key] = v[key] * int(x[1:]) if isinstance(x, str) else v[key] + int(x)
    add = list(mods)
    g = len(st.gauge[p])
    for sid in (st.char[p], *st.supports[p]):
        for e in st.cards[sid].effects:
            if e.trigger == "static" and e.action == "modify" and e.posture in ("", c.posture) and (
                    e.gauge_ge is None or g >= e.gauge_ge):
                add[ORDER.index(e.stat)] += e.n
    v["speed"] += add[0]
    v["rf"] += add[1]
    v["rb"] += add[1]
    v["attack"] += add[2]
    v["guard"] += add[3]
    return {k: max(n, 1 if k == "guard" else 0) for k, n in v.items()}


def _top(st: MakenState, q: int) -> dict[str, int] | None:
    """T seen from the other seat: ``q``'s top unit (注12: None is speed 0, reach 0)."""
    if not st.field[q]:
        return None
    cid, _n, opts, mods = st.field[q][-1]
    return _value(st, q, cid, opts, mods)


def _bets(st: MakenState, p: int, mode: str) -> set[str]:
    """Bets from hand: attack cards, never GC-only (§2), the gauge cost covered (except a first bet
    with ``fb_gauge`` false), singles, doubles and triples with their options (§6.6); a first bet needs
    front reach > 0 unless the opponent's hand is empty (§6.1 A); an even attack needs speed and front
    reach against T (B-1); forcing (◎) and bonus bets check neither."""
    prm = st.game.params
    avail = [o for o in ORDER if o in prm["double_options"]]
    out = set()
    for cid in set(st.hand[p]):
        c = st.cards[cid]
        if c.kind != "attack" or c.gc == "only":
            continue
        if (mode != "fb" or prm["fb_gauge"]) and c.gauge_cost > len(st.gauge[p]):
            continue
        k = st.hand[p].count(cid)
        combos: list[tuple[int, tuple[str, ...]]] = [(1, ())]
        if k >= 2 and prm["double_attack"]:
            combos += [(2, (o,)) for o in avail]
        if k >= 3 and prm["triple_attack"]:
            combos += [(3, pair) for pair in itertools.combinations(avail, 2)]
        for n, opts in combos:
            v = _value(st, p, cid, opts)
            if mode == "fb" and v["rf"] == 0 and not (prm["defenceless"] == "empty_hand" and not st.hand[1 - p]):
                continue
            t = _top(st, 1 - p) if mode == "even" else None
            if t is not None and (v["speed"] < t["speed"] or v["rf"] < t["rb"]):
                continue
            out.add(f"bet {cid}" if n == 1 else f"bet {cid} x{n} " + " ".join(opts))
    return out


def _expected(st: MakenState) -> set[str] | None:
    d = st.decision
    assert d is not None
    p = d.player
    if d.kind == "before_attack":  # §5 step 3
        lim = st.game.params["support_limit"]
        out = {f"set {c}" for c in st.hand[p] if st.cards[c].kind == "support"} if (
            not lim or len(st.supports[p]) < lim) else set()
        fb = _bets(st, p, "fb")
        return out | fb | ({"skip"} if not fb or st.game.params["attack_optional"] else set())
    if d.kind == "bonus":
        return _bets(st, p, "bonus") | {"pass"}
    if d.kind != "action":
        return None
    t = _top(st, 1 - p)
    ung = st.cards[st.field[1 - p][-1][0]].unguardable if t is not None else ()
    if st.sit[p] == "forcing":
        return _bets(st, p, "forcing") | {"call"}
    if st.sit[p] == "even":
        out = _bets(st, p, "even") | {"call"}
        if t is not None and len(st.hand[p]) >= t["guard"]:  # 注5
            if st.after_fb and p != st.active:
                types = ["stand", "crouch"]
            else:  # 注7: the posture of the top card, which becomes the dust top
                own = st.field[p]
                post = st.cards[own[-1][0]].posture if own else (st.cards[st.discard[p][0]].posture if st.discard[p] else "")
                types = [post] if post else ["stand", "crouch"]
            out |= {f"guard {x}" for x in types if x not in ung}  # 注6
        return out
    out = {"drop"}  # guarding: B-3, B-4
    need = t["guard"] if t is not None else 0
    h = len(st.hand[p])
    if st.gspace[p] in ung:  # a flush (注8), then stand or crouch anew (注9)
        out |= {f"maintain {x}" for x in ("stand", "crouch") if x not in ung and h >= need}
    elif need - len(st.gcards[p]) <= h:
        out.add("maintain")
    if st.gcards[p]:  # 注10: the top card only
        c = st.cards[st.gcards[p][-1]]
        if c.kind == "attack" and c.gc != "none" and c.gauge_cost <= len(st.gauge[p]) and (
                _value(st, p, c.id)["rf"] >= (t["rb"] if t is not None else 0)):
            out.add("gc")
    return out


def _unit_sum(st: MakenState, p: int, units: list[Any]) -> int:
    """D1/D2 sums: the top copy with its option and modifiers, each other copy its printed attack with
    the static modifiers (``multi_counts = "each"``), or the unit once (``"one"``)."""
    total = 0
    for cid, n, opts, mods in units:
        total += _value(st, p, cid, opts, mods)["attack"]
        if n > 1 and st.game.params["multi_counts"] == "each":
            total += (n - 1) * _value(st, p, cid)["attack"]
    return total


def _cards(st: MakenState, unit: Any) -> int:
    return unit[1] if st.game.params["multi_counts"] == "each" else 1


# ====================================================================== the tests
@pytest.mark.parametrize("params", CONFIGS, ids=[",".join(c) or "default" for c in CONFIGS])
def test_6_options_of_every_bet_action_and_bonus_bet_match_the_spec(params: dict[str, Any]) -> None:
    g = game(**params)
    checked = 0
    for seed in range(25):
        st = g.new_game(seed=seed)
        rng = Rng(seed + 100)
        while not st.over:
            want = _expected(st)
            if want is not None:
                d = st.decision
                assert d is not None
                assert {a.text for a in d.options} == want, (params, seed, d.kind, st.sit, st.position())
                checked += 1
            st.apply(rng.choice(st.legal_actions()))
    assert checked > 500


@pytest.mark.parametrize("params", CONFIGS, ids=[",".join(c) or "default" for c in CONFIGS])
def test_6_3_attack_totals_of_every_judge_match_the_spec(params: dict[str, Any], monkeypatch: pytest.MonkeyPatch
                                                          ) -> None:
    """D1 clean hit: the hitter's sum (bonus cards included). D2 trade: the caller's sum − the called
    player's top back reach (注15), the called player's sum. D4 GB: the breaking card's attack + 1 per
    other card (注16), a bonus card 1 or its attack (``bonus_in_gb``). D5 GC: the opened card's attack +
    the bonus cards'. Never below 0 (注14)."""
    g = game(**params)
    cls = g.state_class()
    steps = dict(cls.STEPS)
    breaking: dict[int, int] = {}
    seen: dict[str, int] = {}

    def judge(st: MakenState, ctx: Any) -> None:
        _kind, p = ctx
        breaking[id(st)] = len(st.field[p]) - 1  # D4: the top unit when the GB is established
        steps["judge"](st, ctx)

    def damage(st: MakenState, ctx: Any) -> None:
        kind, p = ctx[0], ctx[1]
        o = 1 - p
        if kind == "trade":
            t = _top(st, o)
            want = {str(p): max(0, _unit_sum(st, p, st.field[p]) - (t["rb"] if t else 0)),
                    str(o): _unit_sum(st, o, st.field[o])}
        elif kind == "clean_hit":
            want = {str(p): _unit_sum(st, p, st.field[p])}
        elif kind == "gb":
            f, bi = st.field[p], breaking[id(st)]
            cid, _n, opts, mods = f[bi]
            total = _value(st, p, cid, opts, mods)["attack"] + _cards(st, f[bi]) - 1
            for j, u in enumerate(f):
                if j > bi and st.game.params["bonus_in_gb"] == "full":
                    total += _unit_sum(st, p, [u])
                elif j != bi:
                    total += _cards(st, u)
            want = {str(p): total}
        else:
            want = {str(p): _value(st, p, st.gcards[p][-1])["attack"] + _unit_sum(st, p, st.field[p])}
        n = len(st.log)
        steps["damage"](st, ctx)
        got = [e for e in st.log[n:] if e.kind == "totals"]
        assert got and got[0].data["totals"] == want, (kind, got, want)
        seen[kind] = seen.get(kind, 0) + 1

    monkeypatch.setattr(cls, "STEPS", {**steps, "judge": judge, "damage": damage})
    for seed in range(60):
        st = g.new_game(seed=seed)
        rng = Rng(seed + 200)
        while not st.over:
            st.apply(rng.choice(st.legal_actions()))
    assert {"clean_hit", "trade", "gb", "gc"} <= set(seen), seen
