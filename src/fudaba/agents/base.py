"""The agent protocol, kept here for code that imports it from ``fudaba.agents.base``: it lives in
:mod:`fudaba.core.agent` so that game packages can ship agents."""

from ..core.agent import Agent, RandomAgent, agent_seed

__all__ = ["Agent", "RandomAgent", "agent_seed"]
