"""A PettingZoo AEC environment of any fudaba game: both seats are agents (issue 21 §2).

Agents ``player_0`` and ``player_1`` are the seats. The agent selected is the seat whose decision is
pending (a game with simultaneous secret picks asks them in turn: the engine keeps each pick sealed,
so the next agent observes nothing of it). ``observe(agent)`` is a dict: ``observation`` — the float32
tensor of the game's encoding, from that seat's view — and ``action_mask`` — int8, 1 for each legal
action index (all 0 for the seat that does not decide). Actions are indices of the game's action
codec. Rewards are +1 / −1 to the winner and the loser when the game ends, 0 to both for a draw, and 0
before. An illegal index loses the game for the seat that chose it (−1, the other +1; ``infos`` say
``illegal_action``). ``render()`` gives the text table as ``render_seat`` (None: a spectator) sees it.

>>> from fudaba.rl import pettingzoo_env
>>> env = pettingzoo_env("maken")
>>> env.reset(seed=1)
>>> obs, reward, term, trunc, info = env.last()
>>> obs["observation"].shape == env.observation_space(env.agent_selection)["observation"].shape
True
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from fudaba.core.game import Game

from .common import OBS_HIGH, OBS_LOW, encoding_of, load, mask, observation, outcome, seed_from, text_table


class FudabaAECEnv(AECEnv):  # type: ignore[misc]
    """Both seats of one fudaba game as PettingZoo AEC agents (see the module docstring)."""

    metadata = {"render_modes": ["ansi", "human"], "name": "fudaba_v0", "is_parallelizable": False}

    def __init__(self, game: Game | str, variant: str | None = None, *, render_mode: str | None = None,
                 render_seat: int | None = None, decks: Any = None, lang: str = "en", **params: Any) -> None:
        super().__init__()
        self.game = load(game, variant, **params)
        self.enc = encoding_of(self.game)
        self.decks = decks
        self.lang = lang
        self.render_mode = render_mode
        self.render_seat = render_seat
        self.metadata = {**self.metadata, "name": f"fudaba_{self.game.name}_v0"}
        self.possible_agents = ["player_0", "player_1"]
        self.agents = list(self.possible_agents)
        obs_space = spaces.Dict({
            "observation": spaces.Box(OBS_LOW, OBS_HIGH, (self.enc.observation_size,), np.float32),
            "action_mask": spaces.Box(0, 1, (self.enc.codec.size,), np.int8),
        })
        self.observation_spaces = {a: obs_space for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(self.enc.codec.size) for a in self.possible_agents}
        self._rng = np.random.default_rng()
        self.state: Any = None

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._rng = np.random.default_rng(seed)
        self.state = self.game.new_game(seed=seed_from(self._rng), decks=self.decks)
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._select()

    def _select(self) -> None:
        d = self.state.decision
        if d is not None:
            self.agent_selection = self.possible_agents[d.player]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        view = self.state.view(self.possible_agents.index(agent))
        return {"observation": observation(self.enc, view), "action_mask": mask(self.enc, view)}

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        seat = self.possible_agents.index(agent)
        self._cumulative_rewards[agent] = 0.0
        legal = self.state.legal_actions()
        chosen = None
        if action is not None and 0 <= int(action) < self.enc.codec.size:
            text = self.enc.codec.action(int(action))
            chosen = next((a for a in legal if a.text == text), None)
        if chosen is None:
            self._end((-1.0, 1.0) if seat == 0 else (1.0, -1.0), illegal=agent)
        else:
            self.state.apply(chosen)
            if self.state.is_over:
                self._end(outcome(self.state))
            else:
                self.rewards = {a: 0.0 for a in self.agents}
                self._select()
        self._accumulate_rewards()

    def _end(self, rewards: tuple[float, float], illegal: str | None = None) -> None:
        self.rewards = {a: rewards[i] for i, a in enumerate(self.possible_agents)}
        self.terminations = {a: True for a in self.agents}
        for a in self.agents:
            self.infos[a] = {"result": self.state.result, "winner": self.state.winner}
            if illegal is not None:
                self.infos[a]["illegal_action"] = illegal

    def render(self) -> str | None:
        if self.state is None:
            return None
        text = text_table(self.game, self.state, self.render_seat, self.lang)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        self.state = None
