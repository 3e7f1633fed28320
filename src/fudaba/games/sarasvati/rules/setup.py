"""§4 Setup: the books are already face down in K1.. (``SarasvatiGame.new_game``); shuffle, choose
the first player, draw the hands."""

from __future__ import annotations

from typing import Any

from ..effects import draw
from ..state import SarasvatiState


def setup(st: SarasvatiState, ctx: Any) -> None:
    """§4: shuffle (§4.2), the first player (§4.3), the starting hands (§4.2); no mulligan (§4.4)."""
    params = st.game.params
    for p in (0, 1):
        st.rng.shuffle(st.deck[p])  # §4.2
    first = params["first"]
    st.first = st.rng.randbelow(2) if first == "random" else int(first)  # §4.3
    st.active = st.first
    st.emit("setup", first=st.first, books=[len(st.books[0]), len(st.books[1])])
    n = int(params["starting_hand"])
    if n and not draw(st, (0, 1), n):  # §4.2 (a deck shorter than the hand loses at once, §7)
        return
    st.charges_left = int(params["charges_per_turn"])
    st.push("turn")
