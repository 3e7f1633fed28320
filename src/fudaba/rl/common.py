"""What the adapters share: the game and its encoding, numpy tensors of a seat, outcomes, opponents."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

import fudaba
from fudaba.core.agent import Agent
from fudaba.core.encoding import Encoding
from fudaba.core.errors import FudabaError
from fudaba.core.game import Game
from fudaba.core.infoset import InfoSet
from fudaba.core.registry import descriptor
from fudaba.core.state import State

#: the bounds of the observation spaces: every segment is a count or a value scaled to a few units
OBS_LOW, OBS_HIGH = -1.0, 1000.0
_ENCODINGS: dict[tuple[str, Any], Encoding] = {}


def load(game: Game | str, variant: str | None = None, **params: Any) -> Game:
    """A :class:`~fudaba.core.game.Game` from a name (with its variant and parameters), or the one given."""
    if isinstance(game, Game):
        if variant is not None or params:
            raise FudabaError("give the variant and parameters to load_game, or the game's name here")
        return game
    return fudaba.load_game(game, variant, **params)


def encoding_of(game: Game) -> Encoding:
    """The game's encoding for its configuration (built once per configuration)."""
    key = (game.name, game.cache_key())
    enc = _ENCODINGS.get(key)
    if enc is None:
        mod = descriptor(game.name).capability("encoding")
        if mod is None:
            raise FudabaError(f"{game.name}: the game has no encoding (its descriptor's extras name none)")
        enc = _ENCODINGS[key] = mod.encoding(game)
    return enc


def observation(enc: Encoding, view: Any) -> np.ndarray:
    """The observation of a view as a float32 numpy array (a copy)."""
    return np.frombuffer(enc.observation(view), dtype=np.float32).copy()


def mask(enc: Encoding, view: Any) -> np.ndarray:
    """The legal mask of a view as an int8 numpy array (all 0 when the view's seat does not decide)."""
    return np.frombuffer(enc.legal_mask(view), dtype=np.int8).copy()


def outcome(state: State) -> tuple[float, float]:
    """The rewards of a finished game: +1 to the winner, −1 to the loser, 0 each for a draw."""
    if state.winner is None:
        return 0.0, 0.0
    return (1.0, -1.0) if state.winner == 0 else (-1.0, 1.0)


class _CallableAgent(Agent):
    """An agent made of a function ``f(infoset) -> action`` (an Action or its notation)."""

    def __init__(self, f: Callable[[InfoSet], Any]) -> None:
        super().__init__()
        self.f = f
        self.name = getattr(f, "__name__", "callable")

    def act(self, infoset: InfoSet) -> Any:
        a = self.f(infoset)
        d = infoset.decision
        assert d is not None
        if isinstance(a, str):
            for o in d.options:
                if o.text == a:
                    return o
            raise FudabaError(f"opponent {self.name}: {a!r} is not a legal action")
        return a


def make_opponent(spec: Any, game: Game) -> Agent:
    """An agent from a spec: a name (``random``, ``greedy``, ``easy``, ``normal``, ``hard``,
    ``ismcts:…``, ``package.module:Class``), an :class:`Agent`, an Agent class, or a function of an
    information set."""
    if isinstance(spec, Agent):
        return spec
    if isinstance(spec, type) and issubclass(spec, Agent):
        return spec()
    if isinstance(spec, str):
        from fudaba.agents import make_agent

        return make_agent(spec, game.name)
    if callable(spec):
        return _CallableAgent(spec)
    raise FudabaError(f"an opponent is an agent name, an Agent, an Agent class or a function; not {spec!r:.40}")


def agent_move(agent: Agent, state: State, seat: int) -> Any:
    """The agent's answer to ``seat``'s pending decision, from its information set only."""
    return agent.act(state.infoset(seat, decision_only=agent.reads_decision_only))


def text_table(game: Game, state: State, viewer: int | None, lang: str = "en") -> str:
    """The game's text table as ``viewer`` sees it (None: a spectator), as ``fudaba play`` prints it."""
    from fudaba.core.session import Session

    return Session(game, state, (None, None), lang).table(viewer)


def seed_from(rng: np.random.Generator) -> int:
    """A game seed drawn from a numpy generator."""
    return int(rng.integers(0, 2**62))
