"""Sarasvati's hooks for fudaba's random-play property test (``GameDescriptor.testing``), written
from the spec's visibility table (§1), independently of ``SarasvatiState.view``:

* ``visible(state, seat)``: the card ids ``seat`` may see, with multiplicity (None: a spectator);
* ``places``: every place and public pile ``info`` reads (own, and the opponent's with ``x``);
* ``twin(state, seat, rnd)``: another true state that gives ``seat`` the same view and log view —
  here, the cards it cannot see dealt otherwise among the places it cannot see. What every game's
  twin also differs in (the internal RNG, the others' secrets in the log, history, origin, the
  others' sealed picks) is the property test's own business, the same for every game.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any


def visible(st: Any, seat: int | None) -> Counter[str]:
    """§1: hand owner-only; graveyard, battle zone, voltage public; face-down books owner-only (they
    chose them), open or destroyed books public; deck: count only."""
    c: Counter[str] = Counter()
    for p in (0, 1):
        if p == seat:
            c.update(st.hand[p])
        c.update(st.discard[p])
        c.update(st.volt[p])
        for u in st.slots[p]:
            if u is not None:
                c[u.card] += 1
                c.update(u.under)
                if u.equip:
                    c[u.equip] += 1
        for k, b in enumerate(st.books[p]):
            if b is not None and (p == seat or st.hits[p][k] > 0):  # None: destroyed, in the graveyard
                c[b] += 1
    return c


_PLACES = [f"{r}{i}" for r in "FB" for i in range(1, 6)] + [f"K{i}" for i in range(1, 4)]

#: every place and public pile ``info`` reads (own, and the opponent's with ``x``)
places = [*_PLACES, *("x" + t for t in _PLACES), "grave", "xgrave", "voltage", "xvoltage"]


def twin(st: Any, seat: int, rnd: random.Random) -> Any:
    """§1: the opponent's hand and deck are one unseen pool (its hand order included), the seat's own
    deck order is unseen, the opponent's face-down books may be any of its books. The card an
    opponent's pending ``keep`` evolves is on the table (stays in its hand)."""
    t = st.clone()
    o = 1 - seat
    d = st.decision
    held = [d.ctx[0]] if d is not None and d.player == o and d.handler == "keep" else []
    pool = list(st.hand[o]) + list(st.deck[o])
    for c in held:
        pool.remove(c)
    rnd.shuffle(pool)
    n = len(st.hand[o]) - len(held)
    t.hand[o] = held + pool[:n]
    t.deck[o] = pool[n:]
    t.deck[seat] = rnd.sample(st.deck[seat], len(st.deck[seat]))
    closed = [k for k, h in enumerate(st.hits[o]) if h == 0 and st.books[o][k] is not None]
    books = [st.books[o][k] for k in closed]
    rnd.shuffle(books)
    for k, b in zip(closed, books, strict=True):
        t.books[o][k] = b
    return t
