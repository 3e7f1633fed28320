"""Issue 7 §3: apply() hands the rules the decision's own option, so an action built after the
intern cache was cleared (a long-running server or simulation) still plays."""

from __future__ import annotations

import fudaba
from fudaba.core.actions import Action


def _fill_until_trimmed() -> None:
    """Intern new actions until the cache passes its bound and is trimmed."""
    n = 0
    last = len(Action._interned)
    while len(Action._interned) >= last:
        last = len(Action._interned)
        Action.of("filler", str(n))
        n += 1


def test_apply_after_intern_cache_cleared_plays_the_same_game() -> None:
    for name in ("maken", "sarasvati", "suikoden", "walpurgis"):
        g = fudaba.load_game(name)
        ref = g.new_game(seed=3)
        st = g.new_game(seed=3)
        for _ in range(60):
            if st.is_over:
                break
            text = st.legal_actions()[-1].text
            Action.trim()  # what Action.of does past its bound
            fresh = Action.parse(text)
            if fresh.args:  # a new object, equal by notation (the constants survive a trim)
                assert all(fresh is not o for o in st.legal_actions())
            st.apply(fresh)
            ref.apply(text)
            assert st.hash() == ref.hash()


def test_the_cache_bound_keeps_verb_only_actions_the_rules_compare_by_identity() -> None:
    # the rules of every game compare ``pass``/``done``/``end``… with module constants by identity
    # (``a is PASS``); options built after the cache overflowed must still be those objects
    from fudaba.games.suikoden.actions import PASS

    pinned = Action.of("pass")
    assert pinned is PASS
    _fill_until_trimmed()
    assert len(Action._interned) < 1000
    assert Action.of("pass") is PASS and Action.of("done") is Action.of("done")
    assert Action.of("filler", "0") is not None


def test_suikoden_counter_pass_after_the_cache_bound() -> None:
    # the bug the bound caused: a resampled counter decision's 'pass' was a new object, and the
    # handler (``a is PASS``) read it as 'counter' with no card (IndexError)
    from fudaba.core.rng import Rng

    g = fudaba.load_game("suikoden")
    d = {"game": "suikoden", "turn": 2, "active": 1, "first": 0, "phase": "battle", "seed": 1,
         "seat": [{"hand": ["GS-A08", "GS-A13"], "deck": ["GS-A10"] * 10,
                   "missions": [{"slot": "M1", "card": "GS-R01", "mine": ["GS-A01"], "theirs": ["GS-B01"]}]},
                  {"vp": 3, "hand": ["GS-B05", "GS-B12"], "deck": ["GS-B12"] * 10}],
         "battle": {"seat": 0, "slot": "M1", "kind": "continue", "actor": 1, "steps": 0}}
    st = g.load_position(d)
    st.apply("deploy GS-B05")
    assert st.decision is not None and st.decision.kind == "counter"
    _fill_until_trimmed()
    sample = st.resample(1, Rng(4))  # seat 1's sample of seat 0's counter window
    for opt in sample.legal_actions():
        sample.clone().apply(opt)
