"""The effect vocabulary of spec §8: values, costs, conditions, targets and actions.

Continuous effects (``static`` on a character or its equipment in the battle zone, ``while_open`` on an
open book) are not stored anywhere: :func:`stats` and :func:`cost_delta` evaluate them whenever a value
is read, so they start and stop exactly with their source and condition. One-shot effects run as the
rules step ``eff`` (ctx ``(player, card_id, effect_index, source_uid)``) of ``rules/effects.py`` and,
when they choose a target, stop at its ``target`` decision.
"""

from __future__ import annotations

from itertools import compress
from typing import TYPE_CHECKING

from ...core.actions import number
from .cards import Card, Condition, Effect, Filter

if TYPE_CHECKING:
    from .state import SarasvatiState, Unit

Stats = list[list[list[int] | None]]


# ---------------------------------------------------------------------------------------- values (§6, §8)
def stats(st: SarasvatiState) -> Stats:
    """Current ``[atk, def]`` of every unit (card + equipment + modifiers + continuous effects)."""
    C = st.C
    out: Stats = []
    srcs: list[tuple[int, int, tuple[Effect, ...]]] = []
    for p in (0, 1):
        slots = st.slots[p]
        o: list[list[int] | None] = [None] * len(slots)
        out.append(o)
        for i in compress(range(len(slots)), slots):  # the occupied slots
            u = slots[i]
            assert u is not None
            c = C[u.card]
            a = c.atk
            d = c.def_
            if c.cont:
                srcs.append((p, i, c.cont))
            eq = u.equip
            if eq is not None:
                ec = C[eq]
                a += ec.atk
                d += ec.def_
                if ec.cont:
                    srcs.append((p, i, ec.cont))
            for m in u.mods:
                a += m[0]
                d += m[1]
            o[i] = [a, d]
        hits = st.hits[p]
        if any(hits):
            for k, b in enumerate(st.books[p]):
                if b is not None and hits[k]:  # while_open: face up in the book zone (destroyed: in the grave)
                    bc = C[b]
                    if bc.cont:
                        srcs.append((p, -1, bc.cont))
    if srcs:
        modifies = [(p, i, e) for p, i, effs in srcs for e in effs if e.action == "modify"]
        # filters read the values before any continuous effect (only copied when one filters)
        base = [[None if x is None else (x[0], x[1]) for x in o] for o in out] if any(
            e.filter is not None for _p, _i, e in modifies) else []
        for p, i, e in modifies:
            cond = e.condition
            if cond is not None and not cond_ok(st, p, cond, (p, i) if i >= 0 else None):
                continue
            for side, j in continuous_targets(st, p, i, e, base):
                v = out[side][j]
                assert v is not None
                v[0] += e.atk
                v[1] += e.def_
    return out


def occupied(slots: list[Unit | None]) -> compress[int]:
    """The indices of the occupied slots, in order (a unit is truthy, an empty slot None)."""
    return compress(range(len(slots)), slots)


def continuous_targets(
    st: SarasvatiState, p: int, i: int, e: Effect, base: list[list[tuple[int, int] | None]]
) -> list[tuple[int, int]]:
    t = e.target
    if t == "self" or t == "equipped":
        cands = [(p, i)] if i >= 0 else []
    elif t == "all_own_characters":
        cands = [(p, j) for j in occupied(st.slots[p])]
    elif t == "all_enemy_characters":
        cands = [(1 - p, j) for j in occupied(st.slots[1 - p])]
    else:  # all_characters
        cands = [(q, j) for q in (0, 1) for j in occupied(st.slots[q])]
    f = e.filter
    tr = e.condition.target_ready if e.condition is not None else None
    if f is None and tr is None:
        return cands
    out = []
    for side, j in cands:
        u = st.slots[side][j]
        assert u is not None
        if tr is not None and u.ready != tr:
            continue
        if f is not None:
            b = base[side][j]
            assert b is not None
            if not filter_ok(st, f, j, u, b[0], b[1]):
                continue
        out.append((side, j))
    return out


def filter_ok(st: SarasvatiState, f: Filter, i: int, u: Unit, atk: int, dfn: int) -> bool:
    if f.def_le is not None and dfn > f.def_le:
        return False
    if f.atk_ge is not None and atk < f.atk_ge:
        return False
    if f.row is not None and (f.row == "front") != (i < st.nf):
        return False
    if f.ready is not None and u.ready != f.ready:
        return False
    c = st.C[u.card]
    if f.attribute is not None and c.attribute != f.attribute:
        return False
    return f.sub_attribute is None or f.sub_attribute in c.sub_attributes


def cond_ok(st: SarasvatiState, p: int, cond: Condition, src: tuple[int, int] | None) -> bool:
    """The player-level clauses of a condition (``target_ready`` is checked per target)."""
    if cond.hand_size_ge is not None and len(st.hand[p]) < cond.hand_size_ge:
        return False
    if cond.voltage_ge is not None and len(st.volt[p]) < cond.voltage_ge:
        return False
    if cond.characters_ge is not None:
        n = 0
        C = st.C
        for u in st.slots[p]:
            if u is None:
                continue
            c = C[u.card]
            if cond.of_attribute is not None and c.attribute != cond.of_attribute:
                continue
            if cond.of_sub_attribute is not None and cond.of_sub_attribute not in c.sub_attributes:
                continue
            n += 1
        if n < cond.characters_ge:
            return False
    q = 1 - p
    if cond.opp_hand_size_ge is not None and len(st.hand[q]) < cond.opp_hand_size_ge:
        return False
    # 相手のキャラクター: enemy characters in the battle zone, both rows (a stack is one)
    if cond.opp_characters_ge is not None and sum(u is not None for u in st.slots[q]) < cond.opp_characters_ge:
        return False
    if cond.own_turn is not None and (st.active == p) != cond.own_turn:
        return False
    if cond.row is not None:
        if src is None:
            return False
        return (cond.row == "front") == (src[1] < st.nf)
    return True


# ---------------------------------------------------------------------------------------- costs (§5.4)
def cost_delta(st: SarasvatiState, p: int) -> int:
    """Sum of the cost modifiers on what ``p`` pays now (timed ones and continuous ones)."""
    d = 0
    for m in st.costmods[p]:
        d += m[0]
    C = st.C
    for q in (0, 1):
        for i, u in enumerate(st.slots[q]):
            if u is None:
                continue
            c = C[u.card]
            if c.cont:
                d += _cont_cost(st, q, p, c, (q, i))
            if u.equip is not None:
                e = C[u.equip]
                if e.cont:
                    d += _cont_cost(st, q, p, e, (q, i))
        hits = st.hits[q]
        for k, b in enumerate(st.books[q]):
            if b is not None and hits[k]:
                bc = C[b]
                if bc.cont:
                    d += _cont_cost(st, q, p, bc, None)
    return d


def _cont_cost(st: SarasvatiState, owner: int, payer: int, c: Card, src: tuple[int, int] | None) -> int:
    d = 0
    for e in c.cont:
        if e.action != "cost_modifier":
            continue
        t = e.target
        if not (t == "both_players" or (t == "self_player") == (owner == payer)):
            continue
        if e.condition is not None and not cond_ok(st, owner, e.condition, src):
            continue
        d += e.amount
    return d


def apply_cost(cost: int, delta: int) -> int:
    """A cost after modifiers; reductions never take a cost below 1 (§5.4, Q&A)."""
    v = cost + delta
    if delta < 0:
        return max(v, min(cost, 1))
    return v


# ---------------------------------------------------------------------------------------- primitives
def draw(st: SarasvatiState, players: tuple[int, ...], n: int) -> bool:
    """Each player in ``players`` draws ``n`` (simultaneously). A player who must draw from an
    empty deck loses at once; both at once is a draw (§7). Returns False when the game ended."""
    short = [q for q in players if len(st.deck[q]) < n]
    for q in players:
        deck = st.deck[q]
        k = min(n, len(deck))
        if k:
            cards = deck[-k:]
            cards.reverse()
            del deck[-k:]
            st.hand[q].extend(cards)
            st.emit("draw", {"cards": cards}, (q,), player=q, count=k)
    if short:
        if len(short) == 2:
            st.end_game(None, "deck out")
        else:
            st.emit("deck_out", player=short[0])
            st.end_game(1 - short[0], "deck out")
        return False
    return True


def destroy_units(st: SarasvatiState, targets: list[tuple[int, int]], reason: str) -> None:
    """Destroy these units at once (§6): the stack, its under-cards and its equipment go to the
    graveyard; ``on_destroyed`` effects are scheduled, the active player's first."""
    frames: list[tuple[int, tuple[int, str, int, int]]] = []
    nf = st.nf
    for side, i in targets:
        u = st.slots[side][i]
        if u is None:
            continue
        st.slots[side][i] = None
        g = st.discard[side]
        g.extend(u.under)
        g.append(u.card)
        if u.equip is not None:
            g.append(u.equip)
        st.emit("destroyed", player=side, place=_pl(i, nf), card=u.card, equip=u.equip, reason=reason)
        c = st.C[u.card]
        for idx in c.triggers("on_destroyed"):
            frames.append((0 if side == st.active else 1, (side, u.card, idx, -1)))
    frames.sort(key=lambda f: f[0])
    for _, ctx in reversed(frames):
        st.push("eff", ctx)


def _pl(i: int, nf: int) -> str:
    return f"F{i + 1}" if i < nf else f"B{i - nf + 1}"


def rel_place(viewer: int, side: int, i: int, nf: int) -> str:
    """Place notation relative to ``viewer`` (``x`` prefix for the opponent's)."""
    s = _pl(i, nf)
    return s if side == viewer else "x" + s


def parse_rel(viewer: int, token: str, nf: int, n: int) -> tuple[int, int] | None:
    """``F1``/``xB2`` relative to ``viewer`` → (side, slot index); None when malformed."""
    known = _rel_places(nf, n).get(token)  # the canonical spellings (every legal action's)
    if known is not None:
        return (1 - viewer if known[0] else viewer), known[1]
    t = token.strip()
    side = viewer
    if t[:1] in ("x", "X"):
        side = 1 - viewer
        t = t[1:]
    num = number(t[1:], 4)
    if len(t) < 2 or t[0].upper() not in ("F", "B") or num is None:
        return None
    k = num - 1
    if k < 0:
        return None
    if t[0].upper() == "F":
        return (side, k) if k < nf else None
    return (side, nf + k) if nf + k < n else None


_REL: dict[tuple[int, int], dict[str, tuple[bool, int]]] = {}


def _rel_places(nf: int, n: int) -> dict[str, tuple[bool, int]]:
    """Canonical place names (``F1``, ``xB2``) → (the opponent's?, slot index), per board size."""
    r = _REL.get((nf, n))
    if r is None:
        r = {}
        for i in range(n):
            own = _pl(i, nf)
            r[own] = (False, i)
            r["x" + own] = (True, i)
        _REL[(nf, n)] = r
    return r


def push_triggers(st: SarasvatiState, frames: list[tuple[int, str, int, int]]) -> None:
    """Schedule effect frames to resolve in the order given."""
    for f in reversed(frames):
        st.push("eff", f)


def unit_triggers(st: SarasvatiState, p: int, i: int, trigger: str) -> list[tuple[int, str, int, int]]:
    """Effect frames of the unit at (p, i) and its equipment for ``trigger``."""
    u = st.slots[p][i]
    if u is None:
        return []
    out = [(p, u.card, idx, u.uid) for idx in st.C[u.card].triggers(trigger)]
    if u.equip is not None:
        out += [(p, u.equip, idx, u.uid) for idx in st.C[u.equip].triggers(trigger)]
    return out


# ---------------------------------------------------------------------------------------- one-shot effects
def candidates(st: SarasvatiState, p: int, e: Effect, s: Stats | None = None) -> list[tuple[int, int]]:
    """Characters an effect of player ``p`` may affect (choose_*/all_* targets with filters)."""
    t = e.target
    if t in ("choose_own_character", "all_own_characters"):
        sides: tuple[int, ...] = (p,)
    elif t in ("choose_enemy_character", "all_enemy_characters"):
        sides = (1 - p,)
    else:
        sides = (0, 1) if p == 0 else (1, 0)
    f = e.filter
    tr = e.condition.target_ready if e.condition is not None else None
    if f is not None and s is None and (f.def_le is not None or f.atk_ge is not None):
        s = stats(st)
    out = []
    for side in sides:
        for j, u in enumerate(st.slots[side]):
            if u is None:
                continue
            if tr is not None and u.ready != tr:
                continue
            if f is not None:
                v = s[side][j] if s is not None else None
                if not filter_ok(st, f, j, u, v[0] if v else 0, v[1] if v else 0):
                    continue
            out.append((side, j))
    return out


def surely_no_negative_def(st: SarasvatiState) -> bool:
    """Fast path of the state check: no def can be below 0 when every printed + equipment + timed def
    is ≥ 0 and no continuous effect in play lowers a def (continuous raises cannot make one negative)."""
    C = st.C
    for p in (0, 1):
        for u in filter(None, st.slots[p]):  # the units (empty slots are None)
            c = C[u.card]
            if c.cont_lowers_def:
                return False
            d = c.def_
            if u.equip is not None:
                e = C[u.equip]
                if e.cont_lowers_def:
                    return False
                d += e.def_
            for m in u.mods:
                d += m[1]
            if d < 0:
                return False
        hits = st.hits[p]
        if any(hits):  # open books' while_open effects
            for k, b in enumerate(st.books[p]):
                if b is not None and hits[k] and C[b].cont_lowers_def:
                    return False
    return True
