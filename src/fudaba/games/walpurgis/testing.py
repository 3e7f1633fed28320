"""Walpurgis's hooks for fudaba's random-play property test (``GameDescriptor.testing``), written
from the spec's §1 visibility table, independently of ``WalpurgisState.view``:

* ``visible(state, seat)``: the card ids ``seat`` may see, with multiplicity (None: a spectator);
* ``places``: every place and pile ``info`` reads (the 25 squares, the own and the other discard pile);
* ``twin(state, seat, rnd)``: another true state that gives ``seat`` the same view and log view —
  per owner, the cards the seat cannot see lie elsewhere among the places it cannot see. What every
  game's twin also differs in (the internal RNG, the others' secrets in the log, history, origin,
  the others' sealed picks) is the property test's own business, the same for every game.

The field's card states are the ints of ``state.py``, spelt out here so that this module reads the
spec, not the state's code: 0 bullet, 1 bullet_up, 2 active, 3 dormant, 4 up, 5 activating.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

#: who sees a field card's face (§1): everyone for up (4), activating (5) and bullet_up (1), the
#: owner alone for active (2), nobody — the owner included — for bullet (0) and dormant (3)
_PUBLIC = (4, 5, 1)
_OWNER_ONLY = 2
_NOBODY = (0, 3)


def visible(st: Any, seat: int | None) -> Counter[str]:
    """§1: the hand is its owner's only; the discard pile is public; the deck and the bullet pile are
    counted only; on the field ``up``, ``activating`` and ``bullet_up`` are seen by everyone,
    ``active`` by its owner only, ``bullet`` and ``dormant`` by nobody (the owner included). The
    通常弾 set aside in setup, and a card set beside the field, are known to their owner."""
    c: Counter[str] = Counter()
    for p in (0, 1):
        if p == seat:
            c.update(st.hand[p])
            c.update(st.aside[p])
        c.update(st.discard[p])
    for square in st.board:
        for owner, cid, state, _flags in square:
            if state in _PUBLIC or (state == _OWNER_ONLY and owner == seat):
                c[cid] += 1
    return c


#: every place and public pile ``info`` reads: the squares, and the discard piles (own, ``x``: the other's)
places = [f"{r}{c}" for r in "12345" for c in "abcde"] + ["discard", "xdiscard"]


def twin(st: Any, seat: int, rnd: random.Random) -> Any:
    """§1: per owner, the cards ``seat`` cannot see — both decks and bullet piles, the other seat's
    hand and set-aside cards, face-down bullets and dormant formations, the other seat's active
    formations — may lie anywhere among those places."""
    t = st.clone()
    for owner in (0, 1):
        places: list[tuple[str, int, int]] = []
        ids: list[str] = []
        zones = {"deck": t.deck, "piles": t.piles, "hand": t.hand, "aside": t.aside}
        for z in ("deck", "piles") if owner == seat else ("deck", "piles", "hand", "aside"):
            for i, c in enumerate(zones[z][owner]):
                places.append((z, 0, i))
                ids.append(c)
        for s, square in enumerate(st.board):
            for j, (o, c, state, _f) in enumerate(square):
                if o == owner and (state in _NOBODY or (state == _OWNER_ONLY and owner != seat)):
                    places.append(("board", s, j))
                    ids.append(c)
        rnd.shuffle(ids)
        for (z, s, i), c in zip(places, ids, strict=True):
            if z == "board":
                cells = list(t.board[s])
                o, _c, state, f = cells[i]
                cells[i] = (o, c, state, f)
                t.board[s] = tuple(cells)
            else:
                zones[z][owner][i] = c
    return t


__all__ = ["places", "twin", "visible"]
