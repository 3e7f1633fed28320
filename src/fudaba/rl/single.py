"""A Gymnasium environment: one seat of a fudaba game against a fixed opponent (issue 21 §2).

``FudabaGymEnv(game, opponent="greedy", seat=0, **params)``: the agent plays ``seat`` (``"random"``: a
seat drawn at each reset); the opponent — ``random``, ``greedy``, ``easy``, ``normal``, ``hard``,
``ismcts:…``, an :class:`~fudaba.core.agent.Agent` (class or instance) or a function of an information
set — answers every other decision from its information set, between the agent's steps. Observations
are the encoding's float32 tensor of the agent's view; actions are indices of the game's action codec;
``info["action_mask"]`` (int8) marks the legal ones, as does :meth:`action_masks` (bool, for
sb3-contrib's MaskablePPO). The reward is +1 for a win, −1 for a loss, 0 for a draw, at the end; an
illegal index loses at once (``info["illegal_action"]``).

>>> from fudaba.rl import gym_env
>>> env = gym_env("sarasvati", opponent="random")
>>> obs, info = env.reset(seed=3)
>>> obs.shape == env.observation_space.shape, int(info["action_mask"].sum()) > 0
(True, True)
"""

from __future__ import annotations

from typing import Any

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from fudaba.core.game import Game

from .common import (
    OBS_HIGH,
    OBS_LOW,
    agent_move,
    encoding_of,
    load,
    make_opponent,
    mask,
    observation,
    outcome,
    seed_from,
    text_table,
)


class FudabaGymEnv(gym.Env):  # type: ignore[misc]
    """One seat of a fudaba game against a fixed opponent (see the module docstring)."""

    metadata = {"render_modes": ["ansi", "human"]}

    def __init__(self, game: Game | str, opponent: Any = "greedy", seat: int | str = 0, variant: str | None = None,
                 *, render_mode: str | None = None, decks: Any = None, lang: str = "en", **params: Any) -> None:
        self.game = load(game, variant, **params)
        self.enc = encoding_of(self.game)
        self.opponent = make_opponent(opponent, self.game)
        if seat not in (0, 1, "random"):
            raise ValueError(f"seat is 0, 1 or 'random', not {seat!r}")
        self.seat_choice = seat
        self.seat = 0 if seat == "random" else int(seat)
        self.decks = decks
        self.lang = lang
        self.render_mode = render_mode
        self.observation_space = spaces.Box(OBS_LOW, OBS_HIGH, (self.enc.observation_size,), np.float32)
        self.action_space = spaces.Discrete(self.enc.codec.size)
        self.state: Any = None
        self._mask = np.zeros(self.enc.codec.size, np.int8)

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None
              ) -> tuple[np.ndarray, dict[str, Any]]:
        super().reset(seed=seed)
        game_seed = seed_from(self.np_random)
        if self.seat_choice == "random":
            self.seat = int(self.np_random.integers(2))
        self.state = self.game.new_game(seed=game_seed, decks=self.decks)
        self.opponent.reset(self.game, 1 - self.seat, game_seed)
        self._play_opponent()
        return self._observe(), self._info()

    def _play_opponent(self) -> None:
        st = self.state
        while not st.is_over and st.decision.player != self.seat:
            st.apply(agent_move(self.opponent, st, st.decision.player))

    def _observe(self) -> np.ndarray:
        view = self.state.view(self.seat)
        self._mask = mask(self.enc, view)
        return observation(self.enc, view)

    def _info(self, **extra: Any) -> dict[str, Any]:
        return {"action_mask": self._mask, "seat": self.seat, **extra}

    def action_masks(self) -> np.ndarray:
        """The legal actions now, as booleans (sb3-contrib's MaskablePPO reads this)."""
        return self._mask.astype(bool)

    def step(self, action: Any) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        if self.state is None:
            raise RuntimeError("call reset() before step()")
        if self.state.is_over:
            raise RuntimeError("the game is over: call reset()")
        chosen = None
        i = int(action)
        if 0 <= i < self.enc.codec.size and self._mask[i]:
            text = self.enc.codec.action(i)
            chosen = next(a for a in self.state.legal_actions() if a.text == text)
        if chosen is None:
            obs = self._observe()
            self.state.concede(self.seat)
            self._mask = np.zeros(self.enc.codec.size, np.int8)
            return obs, -1.0, True, False, self._info(illegal_action=i)
        self.state.apply(chosen)
        self._play_opponent()
        obs = self._observe()
        if self.state.is_over:
            reward = outcome(self.state)[self.seat]
            return obs, reward, True, False, self._info(result=self.state.result, winner=self.state.winner)
        return obs, 0.0, False, False, self._info()

    def render(self) -> str | None:
        if self.state is None:
            return None
        text = text_table(self.game, self.state, self.seat, self.lang)
        if self.render_mode == "human":
            print(text)
            return None
        return text
