"""Project Maken's evaluation of an unfinished game, for a search's cut-off rollouts
(``ismcts:depth=N``, docs/agents.md)."""

from __future__ import annotations

from typing import Any

from ....core.agent import logistic as _logistic


def evaluate(st: Any) -> float:
    """Seat 0's chances in a search state (a determinization), for a search's cut-off rollouts
    (``ismcts:depth=N``): a logistic of the life cards apart (§7: down on the last one loses), the
    damage each has taken towards its next down, and a little for stamina and hand."""
    d = float(len(st.lp[0]) - len(st.lp[1]))
    d -= 0.15 * (len(st.damage[0]) - len(st.damage[1]))
    d += 0.03 * (len(st.deck[0]) - len(st.deck[1])) + 0.05 * (len(st.hand[0]) - len(st.hand[1]))
    return _logistic(1.2 * d)
