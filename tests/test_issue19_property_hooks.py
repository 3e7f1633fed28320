"""Issue 19 §1: the property tests read each game's hooks (what a seat may see, ``info``'s places,
twins) from its descriptor's ``testing`` module; the generic part of a twin (RNG, scrambled log,
history, origin, others' sealed picks) stays in the tests and is applied after the game's hook."""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from typing import Any

import pytest

import fudaba
from fudaba.core import registry

from .property_hooks import PLACES, TWIN, VISIBLE, hooks

#: this module as a game's ``testing`` module (the toy game's, below)
places = ["score", "xscore"]


def visible(st: Any, seat: int | None) -> Counter[str]:
    c: Counter[str] = Counter()
    for p in (0, 1):
        c.update(st.scores[p])
        if p == seat:
            c.update(st.hands[p])
    return c


def twin(st: Any, seat: int, rnd: random.Random) -> Any:
    t = st.clone()
    o = 1 - seat
    pool = t.hands[o] + t.decks[o]
    rnd.shuffle(pool)
    n = len(t.hands[o])
    t.hands[o], t.decks[o] = pool[:n], pool[n:]
    return t


def test_19_1_a_games_hooks_come_from_its_descriptors_testing_module(monkeypatch: pytest.MonkeyPatch) -> None:
    assert hooks("toy").visible is None and "toy" not in VISIBLE and "toy" not in TWIN  # none yet
    desc = dataclasses.replace(registry.descriptor("toy"), testing=__name__)
    monkeypatch.setitem(registry._REGISTERED, "toy", desc)
    h = hooks("toy")
    assert (h.visible, h.places, h.pick_twins, h.source) == (visible, places, None, __name__)
    assert VISIBLE["toy"] is visible and PLACES["toy"] == ["score", "xscore"] and "toy" in TWIN
    st = fudaba.load_game("toy").new_game(seed=3)
    st.apply(st.legal_actions()[0])
    t = TWIN["toy"](st, 0, random.Random(1))
    # the game's part (the other seat's hidden cards elsewhere), then every twin's (twin_common)
    assert t.view(0) == st.view(0) and t.log_view(0) == st.log_view(0)
    assert t.history != st.history and t.history[0].startswith("other ") and t.rng.state != st.rng.state
    assert sorted(t.hands[1] + t.decks[1]) == sorted(st.hands[1] + st.decks[1])


@pytest.mark.parametrize("name", fudaba.games())
def test_19_1_every_game_but_the_engines_toy_has_its_hooks(name: str) -> None:
    h = hooks(name)
    if name == "toy":
        assert h.visible is None
        return
    assert h.visible is not None and h.places and h.twin is not None, name
    d = registry.descriptor(name)
    if d.testing:  # a converted game: its own module, not the tests' stand-ins
        assert h.source == d.testing
