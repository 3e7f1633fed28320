"""The agent protocol: ``act(view, decision) -> Action``; agents never see the state."""

from __future__ import annotations

import hashlib
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
        self.rng = Rng(agent_seed(seed, seat))

    @abstractmethod
    def act(self, view: dict[str, Any], decision: Decision) -> Action:
        """Choose one of ``decision.options`` from what ``view`` shows."""


def agent_seed(seed: int, seat: int) -> int:
    """The RNG seed of the agent in ``seat`` of the game seeded ``seed``.

    Hashed, not a small arithmetic offset: a state's RNG is ``Rng(seed)``, so ``seed * 2 + seat + 1``
    handed agents the very integers that seed the states of other games of the same batch (with
    seed 0, game 1's seat-0 agent drew exactly the numbers that dealt game 3), or of their own game
    (seed -1, seat 0)."""
    h = hashlib.blake2b(f"fudaba-agent:{seed}:{seat}".encode(), digest_size=8).digest()
    return int.from_bytes(h, "little")


def public_decision(decision: Decision) -> Decision:
    """The pending decision as an agent may see it: player, kind, prompt and a copy of the options;
    the rules' context only when the decision is not private. A private decision's context can
    hold what the decider may not see — in Walpurgis bullet processing the second picker's
    decision carries the first player's secret pick (ARCHITECTURE §3, principle 4: bots get views, never the state)."""
    return Decision(decision.player, decision.kind, decision.prompt, list(decision.options), "",
                    None if decision.private else decision.ctx, decision.private)


class RandomAgent(Agent):
    """Uniformly random among the legal actions (seeded)."""

    name = "random"

    def act(self, view: dict[str, Any], decision: Decision) -> Action:
        return self.rng.choice(decision.options)
