"""Goofspiel's hooks for fudaba's random-play property test (``GameDescriptor.testing``), written
from the rules summary's §5, independently of ``GoofspielState.view``:

* ``visible(state, seat)``: the card ids ``seat`` may see, with multiplicity (None: a spectator);
* ``places``: every place and pile ``info`` reads (own, and the other seat's with ``x``);
* ``twin(state, seat, rnd)``: another true state that gives ``seat`` the same view and log view —
  here, the prizes deck in another order (the one thing no seat sees). What every game's twin also
  differs in (the internal RNG, the others' secrets in the log, history, origin, the others' sealed
  picks) is the property test's own business, the same for every game.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any


def visible(st: Any, seat: int | None) -> Counter[str]:
    """§5: the hands are open (every card bid is revealed, so each seat knows what the other holds),
    and so are the bids played, the prizes won, the pot and the prizes won by no one; the prizes
    deck is seen by nobody. A bid not yet revealed is still a card in its owner's hand."""
    c: Counter[str] = Counter()
    for p in (0, 1):
        c.update(st.hand[p])
        c.update(st.played[p])
        c.update(st.won[p])
    c.update(st.pot)
    c.update(st.lost)
    return c


places = ["hand", "xhand", "played", "xplayed", "won", "xwon", "pot", "lost"]


def twin(st: Any, seat: int, rnd: random.Random) -> Any:
    """A copy of ``st`` with the prizes deck in another order (rules §5: nobody sees it)."""
    t = st.clone()
    t.prizes = rnd.sample(st.prizes, len(st.prizes))
    return t
