"""Issue 7 §6: what search and simulation no longer pay for.

* a *search state* (``state.clone(search=True)``) plays exactly the same game — the same options
  and the same hash after every action, in whole random games of both games and both Walpurgis
  variants — but builds no events and keeps no log or history; ``record()`` and ``log_view()`` on it
  refuse (FudabaError) instead of returning a wrong, empty game; a clone of one is one;
* ``new_game(seed)`` parses the starter decks once per game class, variant, parameters and added
  cards: the cached decks equal freshly parsed ones, a caller cannot change the cache, and games
  with other cards or parameters never get another game's decks or verdicts.

No test here measures time (benchmarks/random_play.py does).
"""

from __future__ import annotations

import json
from typing import Any

import pytest

import fudaba
from fudaba.core import Rng
from fudaba.core.decks import Deck
from fudaba.core.errors import DeckError, FudabaError

VARIANTS = [("sarasvati", None), ("walpurgis", "v2.01"), ("walpurgis", "v1.01")]
IDS = ["sarasvati", "walpurgis-v2.01", "walpurgis-v1.01"]

NEW_SARASVATI_CARD = {
    "id": "SV-X91", "name": "試験の子", "type": "character", "cost": 1, "atk": 500, "def": 0,
    "attribute": "アクション",
}


def _started(name: str, variant: str | None, seed: int, actions: int) -> fudaba.State:
    st = fudaba.load_game(name, variant).new_game(seed=seed)
    rng = Rng(seed + 50)
    for _ in range(actions):
        if st.is_over:
            break
        st.apply(rng.choice(st.legal_actions()))
    return st


# ---------------------------------------------------------------------------------------- search mode
@pytest.mark.parametrize(("name", "variant"), VARIANTS, ids=IDS)
def test_issue7_6_a_search_state_plays_the_same_whole_game(name: str, variant: str | None) -> None:
    """From the first decision to the end: a search clone taken at the start and another taken
    mid-game agree with the normal state on every option list and every hash, while their log and
    history stay empty and ``apply`` returns no events."""
    game = fudaba.load_game(name, variant)
    for seed in range(20):
        st = game.new_game(seed=seed)
        search = st.clone(search=True)
        late: fudaba.State | None = None
        rng = Rng(seed + 1000)
        n = 0
        while not st.over:
            d = st.decision
            assert d is not None and search.decision is not None
            assert [a.text for a in search.decision.options] == [a.text for a in d.options]
            a = d.options[rng.randbelow(len(d.options))]
            events = st.apply(a)
            assert search.apply(a.text) == []
            if late is not None:
                assert late.apply(a) == []
            n += 1
            if n == 10:
                late = st.clone(search=True)
            assert search.hash() == st.hash()
            assert events == st.log[len(st.log) - len(events):]
        assert search.over and search.winner == st.winner and search.result == st.result
        assert late is not None and late.hash() == st.hash()
        for s in (search, late):
            assert s.log == [] and s.history == []
        assert len(st.history) == n and st.log


def test_issue7_6_a_search_state_plays_a_concede_the_same_and_logs_nothing() -> None:
    st = _started("walpurgis", None, 3, 10)
    search = st.clone(search=True)
    assert search.apply("concede 1") == []
    st.apply("concede 1")
    assert search.hash() == st.hash() and search.winner == 0
    assert search.log == [] and search.history == [] and st.history[-1] == "concede 1"


@pytest.mark.parametrize(("name", "variant"), VARIANTS, ids=IDS)
def test_issue7_6_a_search_state_has_no_record_and_no_log_view(name: str, variant: str | None) -> None:
    search = _started(name, variant, 1, 15).clone(search=True)
    for call in (lambda: search.record(), lambda: search.log_view(0), lambda: search.log_view(1),
                 lambda: search.log_view(None)):
        with pytest.raises(FudabaError, match=r"search state .*keeps no log and no history"):
            call()
    search.view(0)  # its views are the game's: it has everything but the past


def test_issue7_6_a_clone_of_a_search_state_is_a_search_state() -> None:
    st = _started("sarasvati", None, 2, 20)
    search = st.clone(search=True)
    assert not st.search and search.search
    again = search.clone()
    assert again.search and again.log == [] and again.history == [] and again.hash() == st.hash()
    assert search.clone(search=True).search
    with pytest.raises(FudabaError, match="cannot be cloned into a normal state"):
        search.clone(search=False)
    assert not st.clone().search and st.clone(search=False).log == st.log


def test_issue7_6_a_search_clone_leaves_the_normal_state_logging() -> None:
    st = _started("walpurgis", "v1.01", 4, 8)
    logged, played = len(st.log), list(st.history)
    search = st.clone(search=True)
    a = st.legal_actions()[0]
    search.apply(a)
    assert len(st.log) == logged and st.history == played  # the search clone shares nothing
    st.apply(a)
    assert len(st.log) > logged and st.history == [*played, a.text]
    assert search.log == [] and search.hash() == st.hash()


@pytest.mark.parametrize(("name", "variant"), VARIANTS, ids=IDS)
def test_issue7_6_a_search_state_reads_back_from_json_as_a_search_state(name: str, variant: str | None) -> None:
    st = _started(name, variant, 5, 12)
    search = st.clone(search=True)
    doc = json.loads(search.to_json())
    assert doc["search"] is True and doc["log"] == [] and doc["history"] == []
    back = st.game.state_from_json(search.to_json())
    assert back.search and back.hash() == st.hash()
    with pytest.raises(FudabaError, match="search state"):
        back.record()
    assert "search" not in json.loads(st.to_json())
    assert not st.game.state_from_json(st.to_json()).search


# ---------------------------------------------------------------------------------------- parsed decks
def _count_parses(game: fudaba.Game, monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Count calls of ``game.starter_decks`` (which reads and parses the deck files)."""
    calls = [0]
    parse = game.starter_decks

    def counted() -> dict[str, Deck]:
        calls[0] += 1
        return parse()

    monkeypatch.setattr(game, "starter_decks", counted)
    return calls


def _key(d: Deck) -> tuple[Any, ...]:
    return d.name, d.main, sorted(d.sections.items())


@pytest.mark.parametrize(("name", "variant"), VARIANTS, ids=IDS)
def test_issue7_6_new_game_parses_the_starter_decks_once(
    name: str, variant: str | None, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = fudaba.load_game(name, variant, turn_limit=93)  # parameters no other test caches
    calls = _count_parses(game, monkeypatch)
    fresh = fudaba.load_game(name, variant, turn_limit=93).starter_decks()
    states = [game.new_game(seed=s) for s in range(4)]
    assert calls[0] == 1
    first_two = [fresh[k] for k in sorted(fresh)[:2]]
    for st in states:
        assert st.origin["decks"] == [d.to_dict() for d in first_two]
    cached = game.cached_starter_decks()
    assert calls[0] == 1
    assert {k: _key(d) for k, d in cached.items()} == {k: _key(d) for k, d in fresh.items()}
    # a new game object with the same class, variant and parameters shares the parsed decks
    other = fudaba.load_game(name, variant, turn_limit=93)
    other_calls = _count_parses(other, monkeypatch)
    assert other.new_game(seed=9).hash() == fudaba.load_game(name, variant, turn_limit=93).new_game(seed=9).hash()
    assert other_calls[0] == 0


def test_issue7_6_a_caller_cannot_change_the_cached_decks() -> None:
    game = fudaba.load_game("sarasvati")
    got = game.cached_starter_decks()
    name = sorted(got)[0]
    got[name].sections["books"] = ()
    del got[sorted(got)[1]]
    again = game.cached_starter_decks()
    fresh = game.starter_decks()
    assert {k: _key(d) for k, d in again.items()} == {k: _key(d) for k, d in fresh.items()}
    assert again[name].sections["books"]


def test_issue7_6_a_game_with_added_cards_parses_its_own_decks(monkeypatch: pytest.MonkeyPatch) -> None:
    """``Game.with_cards`` games never share the plain game's cache (nor one another's)."""
    plain = fudaba.load_game("sarasvati", turn_limit=77)
    plain.new_game(seed=0)  # the plain game's decks are cached now
    extended = plain.with_cards([NEW_SARASVATI_CARD], "test")
    assert extended.cache_key() != plain.cache_key()
    calls = _count_parses(extended, monkeypatch)
    st = extended.new_game(seed=0)
    assert calls[0] == 1  # parsed for this game, not served from the plain game's cache
    assert st.game is extended and st.hash() == plain.new_game(seed=0).hash()
    other_card = {**NEW_SARASVATI_CARD, "name": "別の試験の子", "atk": 700}
    other = plain.with_cards([other_card], "test")
    assert other.cache_key() not in (plain.cache_key(), extended.cache_key())
    other_calls = _count_parses(other, monkeypatch)
    other.new_game(seed=0)
    assert other_calls[0] == 1


def test_issue7_6_other_parameters_never_get_cached_decks_or_verdicts() -> None:
    """A deck size the starter decks break is refused, after the same decks were cached and found
    legal under the defaults (§3 deck construction is checked per parameter set)."""
    plain = fudaba.load_game("sarasvati")
    decks = [plain.new_game(seed=0).origin["decks"][k] for k in (0, 1)]
    plain.new_game(decks=[Deck.from_dict(d) for d in decks], seed=1)  # verdict "legal" cached
    small = fudaba.load_game("sarasvati", deck_size=30)
    with pytest.raises(DeckError, match="exactly 30"):
        small.new_game(seed=0)
    with pytest.raises(DeckError, match="exactly 30"):
        small.new_game(decks=[Deck.from_dict(d) for d in decks], seed=1)
    again = fudaba.load_game("sarasvati", deck_size=30)
    with pytest.raises(DeckError, match="exactly 30"):
        again.new_game(seed=0)  # a refusal is never cached as a deck list


def test_issue7_6_an_illegal_deck_is_refused_every_time() -> None:
    game = fudaba.load_game("walpurgis")
    legal = game.new_game(seed=0).origin["decks"][0]
    bad = Deck.from_dict({**legal, "main": [c for c in legal["main"] if "通常弾" not in game.cards[c].name]})
    for _ in range(2):
        with pytest.raises(DeckError, match="通常弾"):
            game.new_game(decks=[bad, Deck.from_dict(legal)], seed=0)
