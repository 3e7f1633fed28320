"""Random play (ARCHITECTURE §7): legality, conservation, clone/JSON/position/replay hashes, hidden info."""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as hs

import fudaba
from fudaba.core.errors import IllegalAction
from fudaba.core.rng import Rng


def _play(game: Any, seed: int, check_every: int = 1) -> Any:
    decks = game.starter_decks()
    names = sorted(decks)
    st = game.new_game([decks[names[seed % 3]], decks[names[(seed + 1) % 3]]], seed=seed)
    base = Counter(st.all_cards())
    rng = Rng(seed + 99)
    steps = 0
    while not st.over:
        d = st.decision
        assert d is not None and d.options
        if steps % check_every == 0:
            assert Counter(st.all_cards()) == base
            h = st.hash()
            assert st.clone().hash() == h
            assert game.state_from_json(st.to_json()).hash() == h
            if d.kind in ("charge", "imagine", "move", "battle"):
                assert game.load_position(st.position()).hash() == h
            _check_hidden(st)
        st.apply(d.options[rng.randbelow(len(d.options))])
        steps += 1
        assert steps < 5000
    assert Counter(st.all_cards()) == base
    return st


def _check_hidden(st: Any) -> None:
    """No view shows the opponent's hand, any deck order, or the opponent's face-down books."""
    for viewer in (0, 1, None):
        v = st.view(viewer)
        json.dumps(v)
        for p in (0, 1):
            pl = v["players"][p]
            if viewer != p:
                assert "hand" not in pl
                for k, b in enumerate(v["table"]["players"][p]["books"]):  # closed: hidden; destroyed: in the grave (§6)
                    assert (b["card"] is None) == (st.hits[p][k] == 0 or st.books[p][k] is None)
            assert "deck" not in pl and "deck" not in v["table"]["players"][p]
        d = v["decision"]
        if d is not None and viewer != st.decision.player:
            assert "options" not in d
    for e in st.log:
        if e.kind == "draw":
            seat = e.data["player"]
            assert "cards" not in e.view(1 - seat) and "cards" not in e.view(None)
            assert "cards" in e.view(seat)


def test_random_play_smoke_50_games_conservation_and_hashes() -> None:
    game = fudaba.load_game("sarasvati")
    results = Counter()
    for seed in range(50):
        st = _play(game, seed, check_every=7)
        assert st.result in ("all books destroyed", "deck out", "turn limit")
        results[st.result] += 1
        rec = st.record()
        assert fudaba.replay(rec.to_json()).hash() == st.hash()
    assert results["all books destroyed"] > 25


@settings(max_examples=8, deadline=None)
@given(hs.integers(min_value=0, max_value=10_000))
def test_random_play_every_step_checked(seed: int) -> None:
    _play(fudaba.load_game("sarasvati"), seed, check_every=1)


def test_illegal_actions_leave_the_state_unchanged() -> None:
    game = fudaba.load_game("sarasvati")
    st = game.new_game(seed=4)
    rng = Rng(5)
    junk = ["attack F1 xK1", "summon SV-A02 F1", "move F1 B1", "use SV-R2", "target F1", "charge SV-ZZ",
            "equip SV-R3 F9", "reequip F1 F2", "evolve SV-A11 F1", "dance", ""]
    while not st.over:
        h = st.hash()
        legal = {a.text for a in st.legal_actions()}
        for j in junk:
            if j in legal:
                continue
            try:
                st.apply(j)
            except IllegalAction as e:
                assert str(e)
            assert st.hash() == h
        st.apply(rng.choice(st.legal_actions()))


def test_resample_keeps_what_the_player_sees() -> None:
    game = fudaba.load_game("sarasvati")
    st = game.new_game(seed=8)
    rng = Rng(3)
    for _ in range(40):
        st.apply(rng.choice(st.legal_actions()))
    p = st.decision.player
    r = st.resample(p, Rng(1))
    assert r.view(p)["players"][p] == st.view(p)["players"][p]
    assert Counter(r.all_cards()) == Counter(st.all_cards())
    assert Counter(r.hand[1 - p] + r.deck[1 - p]) == Counter(st.hand[1 - p] + st.deck[1 - p])
    assert len(r.hand[1 - p]) == len(st.hand[1 - p])
