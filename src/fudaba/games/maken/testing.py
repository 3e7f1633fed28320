"""Project Maken's hooks for fudaba's random-play property test (``GameDescriptor.testing``), written
from the spec's §1 visibility table, independently of ``MakenState.view``:

* ``visible(state, seat)``: the card ids ``seat`` may see, with multiplicity (None: a spectator);
* ``places``: every place and pile ``info`` reads (own, and the other seat's with ``x``);
* ``twin(state, seat, rnd)``: another true state that gives ``seat`` the same view and log view —
  here, the cards the seat cannot see dealt elsewhere among the places it cannot see. What every
  game's twin also differs in (the internal RNG, the others' secrets in the log, history, origin)
  is the property test's own business, the same for every game.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any


def visible(st: Any, seat: int | None) -> Counter[str]:
    """§1: the characters, the dust, the supports and the face-up bets are public; the hand and the
    face-down guard cards are seen by their owner only (a card opened by a GC by everyone); LP,
    stamina, gauge and damage only as counts (nobody looks, the owner included)."""
    c: Counter[str] = Counter()
    for p in (0, 1):
        c[st.char[p]] += 1
        c.update(st.discard[p])
        c.update(st.supports[p])
        for cid, n, _opts, _mods in st.field[p]:
            c[cid] += n
        g = st.gcards[p]
        if p == seat:
            c.update(st.hand[p])
            c.update(g)
        elif g and st.gopen[p]:
            c[g[-1]] += 1
    return c


places = ["field", "xfield", "guard", "xguard", "dust", "xdust", "supports", "xsupports", "character", "xcharacter",
          "hand", "xhand"]


def twin(st: Any, seat: int, rnd: random.Random) -> Any:
    """§1: per owner, the cards ``seat`` cannot see — the LP cards, stamina, gauge and damage of both
    seats, and the other seat's hand and face-down guard cards (not a GC-opened one) — shuffled
    among those places, each place keeping its size."""
    t = st.clone()
    for owner in (0, 1):
        zones = [t.lp[owner], t.deck[owner], t.gauge[owner], t.damage[owner]]
        if owner != seat:
            zones.append(t.hand[owner])
            zones.append(t.gcards[owner])
        keep = owner != seat and t.gopen[owner] and bool(t.gcards[owner])
        ids = [c for z in zones for c in z]
        if keep:
            ids.pop()
        rnd.shuffle(ids)
        k = 0
        for z in zones:
            n = len(z) - (1 if keep and z is zones[-1] else 0)
            z[:n] = ids[k:k + n]
            k += n
    return t


__all__ = ["places", "twin", "visible"]
