"""Issue 21 §1: every game's encoding — fixed action codec, observation and information-state tensors.

* every action the rules produce in random games has an index, and the index gives the action back
  (seeded random games of every game and variant, and configurations that reach the rarer decisions);
* the tensors have the fixed length of their layout, whose segments tile it;
* the leak test, the hard way: for random states of every game and both Walpurgis variants, a *twin*
  state — the cards the seat cannot see dealt otherwise (the opponent's hand and deck, face-down cards,
  deck orders), another internal RNG, other secrets of the opponent in the log (the property test's
  twins) — gives that seat bit-identical observation, information state and legal mask.
"""

from __future__ import annotations

import os
import random
from typing import Any

import pytest

import fudaba
from fudaba.core.encoding import ActionCodec, Encoding, Layout
from fudaba.core.errors import FudabaError
from fudaba.core.registry import descriptor

CASES = [("sarasvati", None, {}), ("walpurgis", "v2.01", {}), ("walpurgis", "v1.01", {}), ("suikoden", None, {}),
         ("maken", None, {})]
#: configurations that change the codec: other rows and books, more mission slots, other double options
CONFIGS = [("sarasvati", None, {"front_slots": 3, "back_slots": 2, "book_hits": 1}),
           ("suikoden", None, {"mission_slots": 3}),
           ("maken", None, {"double_options": {"speed": 2, "guard": 1, "attack": "x2"}}),
           ("maken", None, {"triple_attack": False, "draw_limit": 5})]
GAMES = int(os.environ.get("FUDABA_ENCODING_GAMES", "40"))


def enc_of(game: fudaba.Game) -> Encoding:
    mod = descriptor(game.name).capability("encoding")
    assert mod is not None, f"{game.name}: no encoding in its descriptor's extras"
    enc = mod.encoding(game)
    assert isinstance(enc, Encoding)
    return enc


def twin_hook(name: str) -> Any:
    testing = descriptor(name).capability("testing")
    if testing is not None and hasattr(testing, "twin"):
        return testing.twin
    from .property_hooks import TWIN

    return TWIN[name]


def play(game: fudaba.Game, seed: int, decks: Any = None) -> Any:
    """States of a seeded random game, one per decision (the last: the end)."""
    st = game.new_game(seed=seed, decks=decks)
    rnd = random.Random(seed)
    while not st.is_over:
        yield st
        st.apply(rnd.choice(st.legal_actions()))
    yield st


@pytest.mark.parametrize(("name", "variant", "params"), CASES + CONFIGS,
                         ids=[f"{n}-{v or ''}-{p}" for n, v, p in CASES + CONFIGS])
def test_21_1_every_action_of_random_games_has_an_index_and_back(name: str, variant: str | None,
                                                                 params: dict[str, Any]) -> None:
    game = fudaba.load_game(name, variant, **params)
    enc = enc_of(game)
    codec = enc.codec
    assert [codec.index(codec.action(i)) for i in range(codec.size)] == list(range(codec.size))
    kinds: set[str] = set()
    seen: set[int] = set()
    for seed in range(GAMES):
        for st in play(game, seed):
            if st.is_over:
                break
            d = st.decision
            kinds.add(d.kind)
            idx = codec.indices(st.legal_actions())
            assert len(set(idx)) == len(idx), f"two legal actions share an index: {st.legal_actions()}"
            assert [codec.action(i) for i in idx] == [a.text for a in st.legal_actions()]
            seen.update(idx)
            view = st.view(d.player)
            assert enc.legal_indices(view) == idx
            mask = enc.legal_mask(view)
            assert len(mask) == codec.size and sum(mask) == len(idx)
            assert enc.legal_indices(st.view(1 - d.player)) == []
    assert len(kinds) >= 4 and len(seen) > 40


def test_21_1_walpurgis_setup_choice_has_indices() -> None:
    """A deck of two kinds of 通常弾: the private ``setup`` decision's actions are in the codec."""
    game = fudaba.load_game("walpurgis")
    enc = enc_of(game)
    deck = game.cached_starter_decks()["marisa"]
    ids = list(deck.main)
    for _ in range(2):
        ids[ids.index("W-MR-01")] = "W-PC-01"
    text = "\n".join(f"1 {c}" for c in ids)
    st = game.new_game(seed=1, decks=[text, text])
    assert st.decision.kind == "setup"
    assert sorted(enc.codec.action(i) for i in enc.legal_indices(st.view(st.decision.player))) == [
        "set W-MR-01", "set W-PC-01"]


def test_21_1_codec_refuses_what_it_does_not_hold() -> None:
    codec = ActionCodec(["pass", "end"])
    with pytest.raises(FudabaError, match="not an action of this game's codec"):
        codec.index("frobnicate")
    with pytest.raises(FudabaError, match="expected a whole number from 0 to 1"):
        codec.action(2)
    with pytest.raises(ValueError, match="listed twice"):
        ActionCodec(["pass", "pass"])


@pytest.mark.parametrize(("name", "variant"), [(n, v) for n, v, _ in CASES])
def test_21_1_layouts_tile_the_tensors_and_shapes_are_fixed(name: str, variant: str | None) -> None:
    game = fudaba.load_game(name, variant)
    enc = enc_of(game)
    for lay in (enc.layout, enc.memory):
        _tiles(lay)
    for st in play(game, 3):
        for seat in (0, 1, None):
            v = st.view(seat)
            obs = enc.observation(v)
            assert obs.typecode == "f" and len(obs) == enc.observation_size
            info = enc.information_state(v, st.log_view(seat))
            assert len(info) == enc.information_state_size and info[: enc.observation_size] == obs
    # the end: the game over flag of the header
    assert enc.observation(st.view(0))[5] == 1.0


def _tiles(lay: Layout) -> None:
    at = 0
    for seg in lay.segments:
        assert seg.offset == at and seg.size > 0 and seg.doc
        at += seg.size
    assert at == lay.size


@pytest.mark.parametrize(("name", "variant"), [(n, v) for n, v, _ in CASES])
def test_21_1_leak_twins_give_bit_identical_observation_and_mask(name: str, variant: str | None) -> None:
    """The hard way: the opponent's hidden cards (and everything else the seat cannot see) changed."""
    game = fudaba.load_game(name, variant)
    enc = enc_of(game)
    twin = twin_hook(name)
    rnd = random.Random(21)
    checked = differed = 0
    for seed in range(max(4, GAMES // 5)):
        for step, st in enumerate(play(game, 100 + seed)):
            if st.is_over or step % 3:
                continue
            for seat in (0, 1):
                t = twin(st, seat, rnd)
                differed += t.hash() != st.hash()
                v, tv = st.view(seat), t.view(seat)
                assert enc.observation(tv).tobytes() == enc.observation(v).tobytes(), (
                    f"seat {seat}'s observation tells its twin apart ({st.decision!r})")
                assert enc.legal_mask(tv) == enc.legal_mask(v)
                info = enc.information_state(v, st.log_view(seat)).tobytes()
                assert enc.information_state(tv, t.log_view(seat)).tobytes() == info
                assert enc.information_state_string(tv, t.log_view(seat)) == enc.information_state_string(
                    v, st.log_view(seat))
                checked += 1
    assert checked > 100
    assert differed > checked // 2, "the twins hardly differ: the leak test would prove nothing"


@pytest.mark.parametrize(("name", "variant"), [(n, v) for n, v, _ in CASES])
def test_21_1_observation_shows_what_the_seat_sees(name: str, variant: str | None) -> None:
    """Not blind either: my hand is in my observation, and playing on changes it."""
    game = fudaba.load_game(name, variant)
    enc = enc_of(game)
    hand = enc.layout.segment("me.hand")
    states = [s.clone() for s in play(game, 5)]
    st = states[len(states) // 2]
    for seat in (0, 1):
        v = st.view(seat)
        obs = enc.observation(v)
        got = {enc.cards[i]: int(obs[hand.offset + i]) for i in range(hand.size) if obs[hand.offset + i]}
        want: dict[str, int] = {}
        for c in v["players"][seat]["hand"]:
            want[c] = want.get(c, 0) + 1
        assert got == want
    assert len({enc.observation(s.view(0)).tobytes() for s in states}) > len(states) // 3
