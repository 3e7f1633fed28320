"""Turns in which nobody has anything to decide (issue 18): a Walpurgis v1.01 game with every card
played, a board that is not full and ``turn_limit`` 10⁶ raised ``RuntimeError`` ("too many rules
steps without a decision") near turn 70,000 inside one ``apply``. The core now skips turns that
repeat the same position (``_IdleWatch``), exactly as a full play-out would end them."""

from __future__ import annotations

from typing import Any

import pytest

import fudaba
import fudaba.core.state as core_state
from fudaba.core import Deck, Rng


def _v101(turn_limit: int) -> Any:
    g = fudaba.load_game("walpurgis", "v1.01")
    # set past load_game's bounds on purpose: the engine must hold whatever the parameters
    g.params["turn_limit"] = turn_limit
    return g


def _play_out(g: Any, seed: int) -> Any:
    """Six 通常弾 a side (v1.01 allows any number): every card is soon on the board or in a discard
    pile, the board is not full, and nobody can place or activate anything any more."""
    decks = [Deck(("W-RM-01",) * 6), Deck(("W-RR-01",) * 6)]
    rng = Rng(seed + 1000)
    st = g.new_game(seed=seed, decks=decks)
    while not st.over:
        d = st.decision
        st.apply(d.options[rng.randbelow(len(d.options))])
    return st


def test_6_turn_limit_a_million_turns_with_nothing_to_decide_end_as_the_limit_says() -> None:
    st = _play_out(_v101(10**6), 0)
    assert (st.result, st.winner, st.turn) == ("turn limit", None, 10**6 + 1)
    skipped = [e.data for e in st.log if e.kind == "turns_skipped"]
    assert skipped == [{"first": 1553, "last": 999_998, "period": 2}]  # then turns 999,999 and 10⁶ are played
    assert len(st.log) < 20_000  # the skipped turns are not logged one by one
    g = st.game
    ev = {"kind": "turns_skipped", "first": 1553, "last": 999_998, "period": 2}
    assert g.describe(ev, "en") == ("turns 1553–999998: nobody has anything to decide and the same position "
                                    "comes back every 2 turns: skipped")
    assert g.describe(ev, "ja") == "ターン1553〜999998: 誰にも選ぶことがなく、2ターンごとに同じ局面が繰り返されるため省略"
    # its actions, applied again, give the same end (a replay skips the same turns)
    again = st.game.new_game(seed=0, decks=[Deck(("W-RM-01",) * 6), Deck(("W-RR-01",) * 6)])
    for a in st.history:
        again.apply(a)
    assert again.hash() == st.hash() and again.result == "turn limit"


@pytest.mark.parametrize("limit", [1200, 1201])
def test_6_turn_limit_skipping_idle_turns_reaches_exactly_the_state_of_a_full_play_out(
        limit: int, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(core_state, "IDLE_WATCH_STEPS", 10**9)  # the watch off: every turn played
    full = [_play_out(_v101(limit), seed) for seed in range(3)]
    assert all("turns_skipped" not in [e.kind for e in st.log] for st in full)
    monkeypatch.setattr(core_state, "IDLE_WATCH_STEPS", 2_000)  # on, early
    fast = [_play_out(_v101(limit), seed) for seed in range(3)]
    assert all("turns_skipped" in [e.kind for e in st.log] for st in fast)
    assert [(st.hash(), st.turn, st.result) for st in fast] == [(st.hash(), st.turn, st.result) for st in full]
    assert all(st.turn == limit + 1 for st in fast)


def test_6_turn_limit_a_search_state_skips_the_same_turns() -> None:
    g = _v101(10**6)
    decks = [Deck(("W-RM-01",) * 6), Deck(("W-RR-01",) * 6)]
    st = g.new_game(seed=1, decks=decks)
    rng = Rng(7)
    while st.turn < 5:  # a few turns by hand, then a search copy plays on
        d = st.decision
        st.apply(d.options[rng.randbelow(len(d.options))])
    search = st.clone(search=True)
    for s in (st, search):
        r = Rng(3)
        while not s.over:
            d = s.decision
            s.apply(d.options[r.randbelow(len(d.options))])
    assert search.hash() == st.hash() and search.turn == 10**6 + 1 and search.log == []


def test_skip_idle_turns_without_a_turn_limit_ends_the_game_as_a_draw() -> None:
    # Sarasvati and Suikoden take turn_limit = 0 (no limit): a position that repeats with nobody
    # deciding would never end — it ends as a draw, "no progress"
    g = fudaba.load_game("suikoden", turn_limit=0)
    st = g.new_game(seed=1)
    st.skip_idle_turns(2)
    assert st.over and st.winner is None and st.result == "no progress"
    assert [e.kind for e in st.log][-2:] == ["turns_skipped", "game_over"]
    assert g.describe(st.log[-2].data | {"kind": "turns_skipped"}, "ja").endswith("引き分け (進展なし)")
    from fudaba.games.suikoden.text.words import result_text

    assert result_text("no progress", "ja") == "進展なし (同じ局面の繰り返し)"


def test_a_turn_that_never_ends_is_still_an_engine_bug(monkeypatch: pytest.MonkeyPatch) -> None:
    g = fudaba.load_game("walpurgis", "v1.01")
    st = g.new_game(seed=1)
    cls = type(st)
    monkeypatch.setitem(cls.STEPS, "loop_forever", lambda s, ctx: s.push("loop_forever"))
    monkeypatch.setattr(core_state, "MAX_STEPS_PER_APPLY", 50_000)
    st.decision = None
    st.push("loop_forever")
    with pytest.raises(RuntimeError, match="engine bug: too many rules steps without a decision"):
        st.run()
