"""What one seat knows at a decision: the information set agents get (ARCHITECTURE §4, issue 7 §2).

``state.infoset(seat)`` gives an :class:`InfoSet` with

* ``seat`` and ``decision``: the pending decision as the seat may see it — for the seat that
  decides, its kind, prompt, options and the rules' context of its own decision; for another seat,
  only the public form (a private decision shows only that the seat is deciding);
* ``view``: ``state.view(seat)``, built when first read (an agent that never reads it costs
  nothing for it); ``log``: the seat's log view, built when first read;
* ``sample(rng, belief=None)``: a full state consistent with what the seat knows, its hidden cards
  dealt at random — equal to ``state.resample(seat, rng, belief)``.

``state.infoset(seat, decision_only=True)`` gives one that holds the decision alone (``view``,
``log`` and ``sample`` raise FudabaError), for agents that choose from the decision only
(``Agent.reads_decision_only``): it costs next to nothing to build.

An InfoSet holds no reference to the true state. It keeps a *base*: a copy of the state that
holds only what the seat knows — its log view, no history or origin, a blank RNG, the other seats'
sealed picks blanked, and every card the seat cannot see dealt in canonical (sorted) order. Reading
its attributes, private ones included, cannot reach a hidden card. Because ``resample`` depends only
on what the seat knows, sampling the base gives exactly the sample the true state would give.
(docs/agents.md explains the choice.)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

from .actions import PRIVATE_KIND, Decision
from .errors import FudabaError

if TYPE_CHECKING:
    from .game import Game
    from .rng import Rng
    from .state import State


class InfoSet:
    """One seat's information at a decision (see the module docstring)."""

    __slots__ = ("_base", "_log", "_view", "decision", "seat")

    def __init__(self, seat: int, base: State | None, decision: Decision | None = None) -> None:
        """``base``: the seat's canonical copy (see the module docstring); None for a decision-only
        InfoSet, whose ``decision`` is then the state's pending one."""
        self.seat = seat
        self._base = base
        self._view: dict[str, Any] | None = None
        self._log: list[dict[str, Any]] | None = None
        d = decision if base is None else base.decision
        #: the pending decision as this seat may see it (None when the game is over); ``handler`` is
        #: always empty: an agent answers with one of ``options``, it does not run the rules
        self.decision: Decision | None
        if d is None:
            self.decision = None
        elif d.player == seat:
            self.decision = Decision(d.player, d.kind, d.prompt, list(d.options), "", d.ctx, d.private, d.sealed)
        elif d.private:
            self.decision = Decision(d.player, PRIVATE_KIND, PRIVATE_KIND, [], "", None, True)
        else:
            self.decision = Decision(d.player, d.kind, d.prompt, [], "")

    def _state(self, what: str) -> State:
        if self._base is None:
            raise FudabaError(f"{what}: this information set holds the decision only "
                              "(state.infoset(seat, decision_only=True), for agents with reads_decision_only)")
        return self._base

    @property
    def game(self) -> Game:
        """The game (name, variant, parameters, cards)."""
        return self._state("game").game

    @property
    def view(self) -> dict[str, Any]:
        """``state.view(seat)``, built on first reading."""
        if self._view is None:
            self._view = self._state("view").view(self.seat)
        return self._view

    @property
    def log(self) -> list[dict[str, Any]]:
        """``state.log_view(seat)``, built on first reading."""
        if self._log is None:
            self._log = self._state("log").log_view(self.seat)
        return self._log

    def sample(self, rng: Rng, belief: Iterable[str] | Mapping[str, int] | None = None) -> State:
        """A state consistent with what this seat knows, for search: ``state.resample(seat, rng,
        belief)`` (a new state each call; play it, clone it, ``clone(search=True)`` it)."""
        return self._state("sample").resample(self.seat, rng, belief)

    def __repr__(self) -> str:
        return f"InfoSet(seat={self.seat}, decision={self.decision!r})"
