"""Goofspiel's greedy agent and its evaluation for cut-off search (docs/agents.md).

The greedy agent plays the reference *matching* strategy — bid the card whose value is closest to
the prize's (the pot's, when ties carry) — sharpened by one certainty the open hands give: when a
card of its own beats every card the other seat still holds and costs no more than the pot is
worth, it bids the cheapest such card and wins for sure.
"""

from __future__ import annotations

from typing import Any

from fudaba.agents.base import Agent
from fudaba.agents.eval import logistic
from fudaba.core.actions import Action
from fudaba.core.infoset import InfoSet


def choose(game: Any, view: dict[str, Any], options: list[Action]) -> Action:
    """The greedy bid among ``options``, from the bidding seat's ``view``."""
    value = {a: int(game.cdb[a.args[0]].value) for a in options}
    mine = sorted(options, key=value.__getitem__)
    me = view["seat"]
    theirs = [int(game.cdb[c].value) for c in view["players"][1 - me].get("hand", [])]
    target = int(view["table"]["pot_value"])
    sure = [a for a in mine if value[a] > max(theirs, default=0)]
    if sure and value[sure[0]] <= target:
        return sure[0]
    return min(mine, key=lambda a: (abs(value[a] - target), value[a]))


class GoofspielGreedy(Agent):
    """Matching, with sure wins taken when they are cheap (see the module docstring)."""

    name = "greedy"

    def act(self, infoset: InfoSet) -> Action:
        d = infoset.decision
        assert d is not None and d.options, "an agent acts on its own pending decision"
        return choose(infoset.game, infoset.view, list(d.options))


def evaluate(st: Any) -> float:
    """Seat 0's chances in a search state, 0 (lost) to 1 (won): the points apart, plus the share of
    the prizes still to come that the stronger hand left (the sum of its values) should take."""
    v = st.game.cdb
    ahead = st.points(0) - st.points(1)
    hands = [sum(v[c].value for c in st.hand[p]) for p in (0, 1)]
    left = sum(v[c].value for c in st.prizes) + sum(v[c].value for c in st.pot)
    expected = ahead + left * (hands[0] - hands[1]) / max(1, hands[0] + hands[1])
    return logistic(4.0 * expected / (left + 4.0))
