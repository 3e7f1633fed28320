"""Agents: bots that play from an information set, never the state (ARCHITECTURE §2, §4).

``make_agent("random" | "greedy", game_name)`` builds one; per-game greedy heuristics live in
``fudaba.agents.<game>``. ``agent.act(state.infoset(seat))`` asks one for its action
(docs/agents.md).
"""

from __future__ import annotations

import importlib

from ..core.errors import UnknownGame
from .base import Agent, RandomAgent, agent_seed

#: game -> "module:Class" of its greedy heuristic
GREEDY = {
    "maken": "fudaba.agents.maken:MakenGreedy",
    "sarasvati": "fudaba.agents.sarasvati:SarasvatiGreedy",
    "suikoden": "fudaba.agents.suikoden:SuikodenGreedy",
    "walpurgis": "fudaba.agents.walpurgis:WalpurgisGreedy",
}

AGENTS = ("random", "greedy")


def make_agent(kind: str, game: str) -> Agent:
    kind = kind.strip().lower()
    if kind == "random":
        return RandomAgent()
    if kind == "greedy":
        spec = GREEDY.get(game)
        if spec is None:
            raise UnknownGame(f"no greedy agent for game {game!r}")
        mod, cls = spec.split(":")
        agent: Agent = getattr(importlib.import_module(mod), cls)()
        return agent
    raise UnknownGame(f"unknown agent {kind!r}; agents: {', '.join(AGENTS)}")


__all__ = ["AGENTS", "Agent", "RandomAgent", "agent_seed", "make_agent"]
