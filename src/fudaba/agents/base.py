"""The agent protocol: ``act(view, decision) -> Action``; agents never see the state."""

from __future__ import annotations

from typing import Any

from ..core.actions import Action, Decision
from ..core.game import Game
from ..core.rng import Rng


class Agent:
    """Base agent. Subclasses override :meth:`act` (and may use ``self.rng``, ``self.game``)."""

    name = "agent"

    def __init__(self) -> None:
        self.rng = Rng(0)
        self.game: Game | None = None
        self.seat = 0

    def reset(self, game: Game, seat: int, seed: int) -> None:
        self.game = game
        self.seat = seat
        self.rng = Rng(seed * 2 + seat + 1)

    def act(self, view: dict[str, Any], decision: Decision) -> Action:
        raise NotImplementedError


class RandomAgent(Agent):
    """Uniformly random among the legal actions (seeded)."""

    name = "random"

    def act(self, view: dict[str, Any], decision: Decision) -> Action:
        return self.rng.choice(decision.options)
