"""ARCHITECTURE §7 for Maken (the shared property test, tests/test_random_play_property.py, runs it with
the hooks of tests/property_hooks.py): a plain smoke test of a few hundred games, both seats random: legality, card conservation,
clone/to_json hash equality, termination."""

from __future__ import annotations

from collections import Counter

import pytest

from fudaba.core import Rng
from fudaba.core.errors import IllegalAction
from fudaba.games.maken.game import MakenGame as GAME


def test_7_random_play_smoke_300_games() -> None:
    g = GAME()
    results: Counter[str] = Counter()
    for seed in range(300):
        st = g.new_game(seed=seed)
        cards0 = Counter(st.all_cards())
        assert len(cards0) == 22 and sum(cards0.values()) == 82  # two characters, 2 × 40 cards of 10 ids each
        rng = Rng(1000 + seed)
        steps = 0
        while not st.over:
            steps += 1
            assert steps < 3000
            opts = st.legal_actions()
            assert opts and st.current_player is not None
            h = st.hash()
            if steps % 5 == 0:
                assert st.clone().hash() == h
                assert g.state_from_json(st.to_json()).hash() == h
                assert st.clone(search=True).hash() == h
                with pytest.raises(IllegalAction):
                    st.apply("frobnicate")
                assert st.hash() == h
            st.apply(rng.choice(opts))
            assert Counter(st.all_cards()) == cards0
        assert st.result in ("down on the last life card", "stalemate", "turn limit")
        assert (st.winner is None) == (st.result != "down on the last life card")
        results[st.result] += 1
    assert results["down on the last life card"] > 100  # the games are decided by downs, mostly


def test_7_search_state_plays_the_same_game() -> None:
    g = GAME()
    for seed in range(20):
        st = g.new_game(seed=seed)
        sr = st.clone(search=True)
        rng = Rng(seed)
        while not st.over:
            a = rng.choice(st.legal_actions())
            st.apply(a)
            assert sr.apply(a) == []
            assert sr.hash() == st.hash()
        assert sr.log == [] and sr.history == []
