"""The agent protocol: ``act(view, decision) -> Action``; agents never see the state."""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any

from ..core.actions import Action, Decision
from ..core.game import Game
from ..core.rng import Rng


class Agent(ABC):
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

    @abstractmethod
    def act(self, view: dict[str, Any], decision: Decision) -> Action:
        """Choose one of ``decision.options`` from what ``view`` shows."""


class RandomAgent(Agent):
    """Uniformly random among the legal actions (seeded)."""

    name = "random"

    def act(self, view: dict[str, Any], decision: Decision) -> Action:
        return self.rng.choice(decision.options)
