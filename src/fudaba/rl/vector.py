"""n games stepped in one process, observations and masks batched in numpy (issue 21 §2).

``VectorEnv(game, n)`` plays n games of one game side by side. Without an opponent every decision is
the caller's (self-play): each step takes one action index per game, for the seat that decides there
(``info["player"]``). With ``opponent=`` (any agent spec, as :func:`fudaba.rl.gym_env` takes) the
caller plays ``seat`` in every game and the opponent answers the rest, as in the Gymnasium env.

``reset(seed)`` → ``(obs, info)``; ``step(actions)`` → ``(obs, rewards, terminated, truncated, info)``:
``obs`` float32 (n, observation_size) — each game's deciding seat's view (self-play) or ``seat``'s;
``info["action_mask"]`` int8 (n, codec size); ``info["player"]`` (n,) the seat that decides;
``rewards`` (n,) for the seat that acted (+1 / −1 / 0 when its game ended, else 0) and
``info["rewards"]`` (n, 2) per seat. A finished game is dealt again at once (seeded from the vector's
generator): the row then shows the new game, and ``terminated`` says the old one ended.

>>> from fudaba.rl import VectorEnv
>>> venv = VectorEnv("maken", 4)
>>> obs, info = venv.reset(seed=0)
>>> obs.shape == (4, venv.observation_size), info["action_mask"].shape == (4, venv.action_size)
(True, True)
"""

from __future__ import annotations

from typing import Any

import numpy as np

from fudaba.core.game import Game

from .common import agent_move, encoding_of, load, make_opponent, outcome, seed_from


class VectorEnv:
    """n games of one fudaba game, stepped together (see the module docstring)."""

    def __init__(self, game: Game | str, n: int, *, opponent: Any = None, seat: int = 0, variant: str | None = None,
                 decks: Any = None, **params: Any) -> None:
        if not isinstance(n, int) or n < 1:
            raise ValueError(f"n is a whole number ≥ 1, not {n!r}")
        self.game = load(game, variant, **params)
        self.enc = encoding_of(self.game)
        self.num_envs = n
        self.observation_size = self.enc.observation_size
        self.action_size = self.enc.codec.size
        self.decks = decks
        self.seat = seat
        self.opponents = [make_opponent(opponent, self.game) for _ in range(n)] if opponent is not None else None
        self.states: list[Any] = [None] * n
        self.obs = np.zeros((n, self.observation_size), np.float32)
        self.masks = np.zeros((n, self.action_size), np.int8)
        self.players = np.zeros(n, np.int64)
        self._rng = np.random.default_rng()

    def reset(self, seed: int | None = None) -> tuple[np.ndarray, dict[str, Any]]:
        if seed is not None:
            self._rng = np.random.default_rng(seed)
        for i in range(self.num_envs):
            self._deal(i)
            self._fill(i)
        return self.obs.copy(), self._info(np.zeros((self.num_envs, 2), np.float32))

    def _deal(self, i: int) -> None:
        s = seed_from(self._rng)
        self.states[i] = self.game.new_game(seed=s, decks=self.decks)
        if self.opponents is not None:
            self.opponents[i].reset(self.game, 1 - self.seat, s)
            self._play_opponent(i)

    def _play_opponent(self, i: int) -> None:
        st = self.states[i]
        opp = self.opponents[i]  # type: ignore[index]
        while not st.is_over and st.decision.player != self.seat:
            st.apply(agent_move(opp, st, st.decision.player))

    def _fill(self, i: int) -> None:
        st = self.states[i]
        p = st.decision.player if self.opponents is None else self.seat
        view = st.view(p)
        self.players[i] = p
        self.obs[i] = np.frombuffer(self.enc.observation(view), dtype=np.float32)
        row = self.masks[i]
        row[:] = 0
        row[self.enc.legal_indices(view)] = 1

    def step(self, actions: Any) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, dict[str, Any]]:
        acts = np.asarray(actions).reshape(-1)
        if acts.shape[0] != self.num_envs:
            raise ValueError(f"one action per game: {self.num_envs} expected, {acts.shape[0]} given")
        rewards = np.zeros(self.num_envs, np.float32)
        per_seat = np.zeros((self.num_envs, 2), np.float32)
        done = np.zeros(self.num_envs, bool)
        codec = self.enc.codec
        for i in range(self.num_envs):
            st = self.states[i]
            p = int(self.players[i])
            a = int(acts[i])
            text = codec.actions[a] if 0 <= a < codec.size and self.masks[i, a] else None
            chosen = next((o for o in st.legal_actions() if o.text == text), None) if text else None
            if chosen is None:
                st.concede(p)
            else:
                st.apply(chosen)
                if self.opponents is not None:
                    self._play_opponent(i)
            if st.is_over:
                per_seat[i] = outcome(st)
                rewards[i] = per_seat[i, p]
                done[i] = True
                self._deal(i)
            self._fill(i)
        return self.obs.copy(), rewards, done, np.zeros(self.num_envs, bool), self._info(per_seat)

    def _info(self, per_seat: np.ndarray) -> dict[str, Any]:
        return {"action_mask": self.masks.copy(), "player": self.players.copy(), "rewards": per_seat}

    def close(self) -> None:
        self.states = [None] * self.num_envs
