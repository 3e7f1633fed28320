"""The greedy heuristic beats random play in at least 90% of 200 seeded games (seats alternate)."""

from __future__ import annotations

import fudaba
from fudaba.agents import RandomAgent, make_agent
from fudaba.games.sarasvati.ai import SarasvatiGreedy


def test_greedy_beats_random_200_games() -> None:
    game = fudaba.load_game("sarasvati")
    decks = game.starter_decks()
    names = sorted(decks)
    wins = 0
    for i in range(200):
        gs = i % 2
        agents = [RandomAgent(), RandomAgent()]
        agents[gs] = SarasvatiGreedy()
        for s in (0, 1):
            agents[s].reset(game, s, i)
        st = game.new_game([decks[names[i % 3]], decks[names[(i // 3) % 3]]], seed=i)
        while not st.over:
            d = st.decision
            st.apply(agents[d.player].act(st.infoset(d.player)))
        wins += st.winner == gs
    assert wins >= 180


def test_greedy_registered_and_plays_itself_to_an_end() -> None:
    game = fudaba.load_game("sarasvati")
    a, b = make_agent("greedy", "sarasvati"), make_agent("greedy", "sarasvati")
    a.reset(game, 0, 1)
    b.reset(game, 1, 1)
    st = game.new_game(seed=1)
    while not st.over:
        d = st.decision
        st.apply((a, b)[d.player].act(st.infoset(d.player)))
    assert st.result in ("all books destroyed", "deck out", "turn limit")
