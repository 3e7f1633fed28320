"""Core §Copies: ``clone()`` gives an independent game (ARCHITECTURE §3.1) — applying actions to a clone
leaves the original's log, history, hash and views untouched, and the other way round. Both real games,
through ``fudaba.load_game``."""

from __future__ import annotations

import json
from typing import Any

import pytest

import fudaba
from fudaba.core import Rng

GAMES = ("sarasvati", "walpurgis")


def _advance(st: fudaba.State, n: int, seed: int) -> None:
    """Apply ``n`` legal actions (picked by a seeded RNG), stopping early when the game ends."""
    rng = Rng(seed)
    for _ in range(n):
        if st.is_over:
            return
        st.apply(rng.choice(st.legal_actions()))


def _snapshot(st: fudaba.State) -> dict[str, Any]:
    return {
        "log": [json.dumps(e.to_dict(), ensure_ascii=False, sort_keys=True) for e in st.log],
        "history": list(st.history),
        "hash": st.hash(),
        "views": [json.dumps(st.view(s), ensure_ascii=False, sort_keys=True) for s in (0, 1, None)],
        "json": st.to_json(),
    }


def _started(name: str) -> fudaba.State:
    st = fudaba.load_game(name).new_game(seed=7)
    _advance(st, 12, seed=1)  # a few turns in: zones, board and log are not empty
    assert not st.is_over and st.history and st.log
    return st


@pytest.mark.parametrize("name", GAMES)
def test_clone_starts_equal(name: str) -> None:
    st = _started(name)
    c = st.clone()
    assert _snapshot(c) == _snapshot(st)


@pytest.mark.parametrize("name", GAMES)
def test_actions_on_a_clone_leave_the_original_untouched(name: str) -> None:
    st = _started(name)
    before = _snapshot(st)
    c = st.clone()
    _advance(c, 40, seed=2)
    c.rng.next64()  # the games draw randomness only at setup: use the clone's generator directly too
    assert len(c.history) > len(before["history"]) and c.hash() != before["hash"]  # the clone moved on
    assert _snapshot(st) == before


@pytest.mark.parametrize("name", GAMES)
def test_actions_on_the_original_leave_a_clone_untouched(name: str) -> None:
    st = _started(name)
    c = st.clone()
    before = _snapshot(c)
    _advance(st, 40, seed=3)
    st.rng.next64()
    assert len(st.history) > len(before["history"]) and st.hash() != before["hash"]
    assert _snapshot(c) == before


@pytest.mark.parametrize("name", GAMES)
def test_clone_of_a_clone_and_both_play_on_independently(name: str) -> None:
    st = _started(name)
    a, b = st.clone(), st.clone()
    _advance(a, 30, seed=4)
    _advance(b, 30, seed=4)  # the same actions from the same state: the same game
    assert a.hash() == b.hash() and a.history == b.history
    b2 = b.clone()
    _advance(b, 5, seed=5)
    assert b2.hash() == a.hash() and b2.history == a.history
