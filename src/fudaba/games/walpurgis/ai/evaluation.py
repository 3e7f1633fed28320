"""Walpurgis's evaluation of an unfinished game (``GameDescriptor.evaluate``), for a search's
cut-off rollouts (``ismcts:depth=N``)."""

from __future__ import annotations

from ....core.agent import logistic
from ..state import WalpurgisState


def evaluate(st: WalpurgisState) -> float:
    """Seat 0's chances in a search state (a determinization), for a search's cut-off rollouts
    (``ismcts:depth=N``): a logistic of the formations apart (§6: more formations win a full board),
    face-up ones counting a little more, and the decks (deck out loses)."""
    sc = st.compute_score()
    f, u, k = sc["formations"], sc["face_up"], sc["deck"]
    d = (f[0] - f[1]) + 0.3 * (u[0] - u[1]) + 0.05 * (k[0] - k[1])
    return logistic(0.6 * d)
