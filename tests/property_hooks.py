"""Per-game knowledge for the property tests: which card ids a seat may see (with multiplicity).

``VISIBLE[game](state, seat)`` returns a Counter of the ids ``seat`` may see in the current state
(``seat`` None: a spectator). It is written from the specs' visibility tables, independently of
each game's ``view()``, so that a view showing more than this is caught. ``PLACES[game]`` lists the
places and piles ``info`` reads, so that every text printed for a viewer can be checked.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any


def sarasvati_visible(st: Any, seat: int | None) -> Counter[str]:
    """Sarasvati spec §1: hand owner-only; graveyard, battle zone, voltage public; face-down books
    owner-only (they chose them), open or destroyed books public; deck: count only."""
    c: Counter[str] = Counter()
    for p in (0, 1):
        if p == seat:
            c.update(st.hand[p])
        c.update(st.grave[p])
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


def walpurgis_visible(st: Any, seat: int | None) -> Counter[str]:
    """Walpurgis spec §1: hand owner-only; discard public; deck and bullet pile count only; on the
    field ``up``, ``activating`` and ``bullet_up`` are seen by everyone, ``active`` by its owner
    only, ``bullet`` and ``dormant`` by nobody (the owner included). The 通常弾 set aside in setup
    is known to its owner."""
    c: Counter[str] = Counter()
    for p in (0, 1):
        if p == seat:
            c.update(st.hands[p])
            c.update(st.aside[p])
        c.update(st.discards[p])
    for square in st.board:
        for owner, cid, state, _flags in square:
            if state in (4, 5, 1) or (state == 2 and owner == seat):  # up, activating, bullet_up; own active
                c[cid] += 1
    return c


VISIBLE: dict[str, Callable[[Any, int | None], Counter[str]]] = {
    "sarasvati": sarasvati_visible,
    "walpurgis": walpurgis_visible,
}

_SV_PLACES = [f"{r}{i}" for r in "FB" for i in range(1, 6)] + [f"K{i}" for i in range(1, 4)]

#: every place and public pile ``info`` reads, per game (own, and the opponent's with ``x``)
PLACES: dict[str, list[str]] = {
    "sarasvati": [*_SV_PLACES, *("x" + t for t in _SV_PLACES), "grave", "xgrave", "voltage", "xvoltage"],
    "walpurgis": [f"{r}{c}" for r in "12345" for c in "abcde"] + ["discard", "xdiscard"],
}
