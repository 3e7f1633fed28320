"""Issue 19 §5: the views' deprecated aliases of 0.1 (``OldKeys``) are gone — the one-version grace
has passed (CHANGELOG.md). An old key is a plain missing key in every game's views, with no warning."""

from __future__ import annotations

import pickle
import warnings

import pytest

import fudaba
from fudaba.core import views

OLD_KEYS = ("you", "hand_counts", "deck_counts", "discards", "aside_counts", "first", "board", "chain", "grave")


def test_19_5_the_core_has_no_deprecated_view_machinery() -> None:
    assert not hasattr(views, "OldKeys")
    v = views.View({"seat": 1})
    assert v == {"seat": 1} and pickle.loads(pickle.dumps(v)) == v and v.get("you") is None
    with pytest.raises(TypeError):
        views.View({"seat": 1}, object())  # type: ignore[call-arg]  # no aliases to give any more


@pytest.mark.parametrize("name", fudaba.games())
def test_19_5_no_view_answers_an_old_key(name: str) -> None:
    st = fudaba.load_game(name).new_game(seed=2)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # a DeprecationWarning fails the test
        for seat in (0, 1, None):
            v = st.view(seat)
            if "players" not in v:  # the engine's toy game has no envelope
                continue
            for key in OLD_KEYS:
                assert v.get(key) is None and key not in v
                with pytest.raises(KeyError):
                    v[key]
            for pl in v["players"]:
                assert pl.get("grave") is None and set(pl) <= set(views.PLAYER_KEYS)
