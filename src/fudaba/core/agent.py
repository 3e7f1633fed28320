"""The agent protocol: ``act(infoset) -> Action``; agents never see the state (docs/agents.md).

It lives in the core so that a game package can ship its own agents (its greedy agent, named by its
descriptor) without importing ``fudaba.agents``, which finds games through the registry.

An agent gets an :class:`~fudaba.core.infoset.InfoSet`: the seat's view (``infoset.view``, built
when first read), the pending decision as that seat may see it (``infoset.decision``: ``kind``,
``options``…) and ``infoset.sample(rng)`` for search. Nothing in it leads to the true state.
"""

from __future__ import annotations

import hashlib
import math
from abc import ABC, abstractmethod
from typing import ClassVar

from .actions import Action
from .game import Game
from .infoset import InfoSet
from .rng import Rng


class Agent(ABC):
    """Base agent. Subclasses override :meth:`act` (and may use ``self.rng``, ``self.game``)."""

    name = "agent"
    #: True for an agent that chooses from ``infoset.decision`` alone: callers then give it
    #: ``state.infoset(seat, decision_only=True)``, which costs next to nothing to build (reading
    #: ``view`` or ``sample`` from it raises FudabaError)
    reads_decision_only: ClassVar[bool] = False

    def __init__(self) -> None:
        self.rng = Rng(0)
        self.game: Game | None = None
        self.seat = 0

    def reset(self, game: Game, seat: int, seed: int) -> None:
        self.game = game
        self.seat = seat
        self.rng = Rng(agent_seed(seed, seat))

    @abstractmethod
    def act(self, infoset: InfoSet) -> Action:
        """Choose one of ``infoset.decision.options`` from what the seat knows."""


def agent_seed(seed: int, seat: int) -> int:
    """The RNG seed of the agent in ``seat`` of the game seeded ``seed``.

    Hashed, not a small arithmetic offset: a state's RNG is ``Rng(seed)``, so ``seed * 2 + seat + 1``
    handed agents the very integers that seed the states of other games of the same batch (with
    seed 0, game 1's seat-0 agent drew exactly the numbers that dealt game 3), or of their own game
    (seed -1, seat 0)."""
    h = hashlib.blake2b(f"fudaba-agent:{seed}:{seat}".encode(), digest_size=8).digest()
    return int.from_bytes(h, "little")


class RandomAgent(Agent):
    """Uniformly random among the legal actions (seeded); it never reads the view."""

    name = "random"
    reads_decision_only = True

    def act(self, infoset: InfoSet) -> Action:
        d = infoset.decision
        assert d is not None and d.options, "an agent acts on its own pending decision"
        return self.rng.choice(d.options)


def logistic(x: float) -> float:
    """``1 / (1 + e^-x)``: a score difference as a chance of winning (games' evaluations use it).

    >>> round(logistic(0.0), 3), round(logistic(3.0), 3), round(logistic(-3.0), 3)
    (0.5, 0.953, 0.047)
    """
    return 1.0 / (1.0 + math.exp(-x))
