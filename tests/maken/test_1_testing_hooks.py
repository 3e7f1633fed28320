"""The property-test hooks Maken ships (``games/maken/testing.py``, the descriptor's ``testing``):
written from the §1 visibility table, they must agree with what the state shows and hides."""

from __future__ import annotations

import json
import random
from collections import Counter

from fudaba.core import Rng
from fudaba.core.registry import descriptor
from fudaba.games.maken import testing

from .helpers import game


def _states() -> list[object]:
    g = game()
    out = []
    for seed in range(8):
        st = g.new_game(seed=seed)
        rng = Rng(seed)
        n = 0
        while not st.over:
            st.apply(rng.choice(st.legal_actions()))
            n += 1
            if n % 5 == 0:
                out.append(st.clone())
    return out


def _shown(view: dict[str, object], cards: object) -> Counter[str]:
    """Every card id a view names, with multiplicity (its JSON's strings that are card ids)."""
    out: Counter[str] = Counter()

    def walk(x: object) -> None:
        if isinstance(x, str) and x in cards:  # type: ignore[operator]
            out[x] += 1
        elif isinstance(x, dict):
            for k, v in x.items():
                if k not in ("decision", "game", "variant"):
                    walk(v)
        elif isinstance(x, list):
            for v in x:
                walk(v)

    walk(view)
    return out


def test_1_the_descriptor_names_the_testing_hooks() -> None:
    assert descriptor("maken").capability("testing") is testing
    assert {"dust", "xdust", "hand", "xhand", "guard", "xguard"} <= set(testing.places)


def test_1_a_view_shows_only_what_visible_allows_and_a_twin_looks_the_same() -> None:
    rnd = random.Random(7)
    changed = 0
    for st in _states():
        for seat in (0, 1):
            view = st.view(seat)
            assert not _shown(view, st.game.cards) - testing.visible(st, seat)
            t = testing.twin(st, seat, rnd)
            assert json.dumps(t.view(seat), sort_keys=True) == json.dumps(view, sort_keys=True)
            assert t.log_view(seat) == st.log_view(seat)
            assert sorted(t.all_cards()) == sorted(st.all_cards())
            assert t.resample(seat, Rng(3)).hash() == st.resample(seat, Rng(3)).hash()
            changed += t.hash() != st.hash()
    assert changed > 100  # the twins hold the hidden cards elsewhere
