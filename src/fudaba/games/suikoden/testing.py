"""Suikoden's hooks for fudaba's random-play property test (``GameDescriptor.testing``), written from
the spec's §1 visibility table, independently of ``SuikodenState.view``:

* ``visible(state, seat)``: the card ids ``seat`` may see, with multiplicity (None: a spectator);
* ``places``: every place and pile ``info`` reads (own, and the other seat's with ``x``);
* ``twin(state, seat, rnd)``: another true state that gives ``seat`` the same view and log view —
  the cards it cannot see elsewhere among the places it cannot see. What every game's twin also
  differs in (the internal RNG, the others' secrets in the log, history, origin, the others' sealed
  picks) is the property test's own business, the same for every game;
* ``pick_twins(state, seat)``: the pending troops casualties (§7.3) with another valid pick in place
  of the last one — the picks are public (issue 18), so each must give every seat another view.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from ...core.actions import Decision
from .rules.troops import CASUALTIES, CasualtyCtx, candidates, casualty_mode, extendable


def visible(st: Any, seat: int | None) -> Counter[str]:
    """§1: hand and mulligan returns owner-only; deck count only; masterminds, missions, deployed
    columns, supports, resolved areas and discards public. A duel pick stays in its owner's hand
    until the reveal."""
    c: Counter[str] = Counter()
    for p in (0, 1):
        if p == seat:
            c.update(st.hand[p])
            c.update(st.returned[p])
        c.update(st.discard[p])
        if st.mm[p]:
            c[st.mm[p]] += 1
        for m in st.missions[p]:
            if m is not None:
                c[m.card] += 1
                if m.support:
                    c[m.support] += 1
                for col in m.cols:
                    c.update(d[0] for d in col)
        for r in st.resolved[p]:
            c[r[0]] += 1
            if r[1]:
                c[r[1]] += 1
    return c


places = [f"{x}M{k}{d}" for x in ("", "x") for k in (1, 2) for d in ("", ".1", ".2", ".x1", ".x2")] + [
    "R1", "R2", "xR1", "xR2", "discard", "xdiscard"]


def twin(st: Any, seat: int, rnd: random.Random) -> Any:
    """§1: the opponent's hand, mulligan returns and deck are one unseen pool; the seat's own deck
    order is unseen."""
    t = st.clone()
    o = 1 - seat
    pool = list(st.hand[o]) + list(st.returned[o]) + list(st.deck[o])
    rnd.shuffle(pool)
    n, r = len(st.hand[o]), len(st.returned[o])
    t.hand[o] = pool[:n]
    t.returned[o] = pool[n:n + r]
    t.deck[o] = pool[n + r:]
    t.deck[seat] = rnd.sample(st.deck[seat], len(st.deck[seat]))
    return t


def pick_twins(st: Any, seat: int) -> list[Any]:
    """The pending casualties decision with another valid pick in place of the last one (§7.3)."""
    d = st.decision
    if d is None or d.kind != CASUALTIES.name or not d.ctx.picked:
        return []
    p, mine, theirs, sel = d.ctx
    cands = candidates(st, p)
    mode = casualty_mode(st, cands, theirs)
    out = []
    for c in cands:
        other = (*sel[:-1], c)
        if c in sel or not extendable(st, cands, theirs, mode, list(other)):
            continue
        t = st.clone()
        ctx = CasualtyCtx(p, mine, theirs, other)
        t.decision = Decision(d.player, d.kind, d.prompt, CASUALTIES.options(t, p, ctx), d.handler, ctx, d.private,
                              d.sealed)
        out.append(t)
    return out
