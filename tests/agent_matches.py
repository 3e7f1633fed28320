"""A seeded match of an agent against random, as the greedy agents' tests play it."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import fudaba
from fudaba.agents import Agent, RandomAgent


def wins_against_random(game_name: str, make: Callable[[], Agent], games: int = 200) -> int:
    """Games the agent ``make()`` wins against random (draws count as non-wins): seat ``i % 2``,
    its deck and the opponent's alternating so that every pairing of starter decks plays as often."""
    game = fudaba.load_game(game_name)
    decks = game.starter_decks()
    names = sorted(decks)
    wins = 0
    for i in range(games):
        gs = i % 2
        agents: list[Any] = [RandomAgent(), RandomAgent()]
        agents[gs] = make()
        for s in (0, 1):
            agents[s].reset(game, s, i)
        dk = [decks[names[(i // 4) % 2]], decks[names[(i // 4) % 2]]]
        dk[gs] = decks[names[(i // 2) % 2]]
        st = game.new_game(dk, seed=i)
        while not st.over:
            d = st.decision
            st.apply(agents[d.player].act(st.infoset(d.player)))
        wins += st.winner == gs
    return wins
