"""Sarasvati's evaluation of an unfinished game, for a search's cut-off rollouts (``ismcts:depth=N``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ....core.agent import logistic

if TYPE_CHECKING:
    from ..state import SarasvatiState


def evaluate(st: SarasvatiState) -> float:
    """Seat 0's chances in a search state (a determinization), for a search's cut-off rollouts
    (``ismcts:depth=N``): a logistic of the books left apart (§7: none left loses), the units on each
    side and the cards in hand."""
    d = float(st.books_left(0) - st.books_left(1))
    d += 0.3 * (sum(u is not None for u in st.slots[0]) - sum(u is not None for u in st.slots[1]))
    d += 0.1 * (len(st.hand[0]) - len(st.hand[1]))
    return logistic(0.9 * d)
