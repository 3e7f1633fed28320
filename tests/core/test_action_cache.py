"""Issue 7 §3: apply() hands the rules the decision's own option, so an action built after the
intern cache was cleared (a long-running server or simulation) still plays."""

from __future__ import annotations

import fudaba
from fudaba.core.actions import Action


def test_apply_after_intern_cache_cleared_plays_the_same_game() -> None:
    for name in ("sarasvati", "walpurgis"):
        g = fudaba.load_game(name)
        ref = g.new_game(seed=3)
        st = g.new_game(seed=3)
        for _ in range(60):
            if st.is_over:
                break
            text = st.legal_actions()[-1].text
            Action._interned.clear()  # what Action.of does past its bound
            fresh = Action.parse(text)
            assert all(fresh is not o for o in st.legal_actions())  # a new object, equal by notation
            st.apply(fresh)
            ref.apply(text)
            assert st.hash() == ref.hash()
