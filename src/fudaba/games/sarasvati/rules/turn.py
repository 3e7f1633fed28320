"""§5 The turn's frame: the set phase (§5.1), the draw (§5.2), the end (§5.7) and the next turn (§7
turn limit). The phases that ask — charge, imagine, move, battle — have their own modules."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..effects import draw, push_triggers, unit_triggers
from ..state import SarasvatiState


def turn(st: SarasvatiState, ctx: Any) -> None:
    """§5.1 Set phase: ready characters, untap voltage, end 'until your next turn' effects;
    then ``on_turn_start`` effects of the active player's cards."""
    p = st.active
    st.phase = "set"
    st.emit("turn", player=p, turn=st.turn)
    readied = 0
    for u in st.slots[p]:
        if u is not None:
            readied += not u.ready
            u.ready = True
            u.moved = False
    if readied or st.tapped[p]:
        st.emit("set_phase", player=p, readied=readied, untapped=st.tapped[p])
    st.tapped[p] = 0
    expire(st, lambda m: m[2] == 2 and m[3] == p)
    cm = st.costmods[p]
    if cm:
        st.costmods[p] = [m for m in cm if not (m[1] == 2 and m[2] == p)]
    q = 1 - p
    if st.costmods[q]:
        st.costmods[q] = [m for m in st.costmods[q] if not (m[1] == 2 and m[2] == p)]
    st.push_seq("draw", "charge", "imagine", "move", "battle", "end")
    st.push("check")
    frames: list[tuple[int, str, int, int]] = []
    for i in range(len(st.slots[p])):
        frames += unit_triggers(st, p, i, "on_turn_start")
    if frames:
        push_triggers(st, frames)


def expire(st: SarasvatiState, gone: Callable[[tuple[int, int, int, int]], bool]) -> None:
    """Timed stat modifiers for which ``gone(modifier)`` holds end (§5.1, §5.7, §6)."""
    for s in st.slots:
        for u in s:
            if u is not None and u.mods:
                keep = tuple(m for m in u.mods if not gone(m))
                if len(keep) != len(u.mods):
                    u.mods = keep


def draw_phase(st: SarasvatiState, ctx: Any) -> None:
    """§5.2 Draw 1; the first player skips it on the first turn (param first_player_draws)."""
    st.phase = "draw"
    if st.turn == 1 and not st.game.params["first_player_draws"]:
        return
    if draw(st, (st.active,), 1):
        st.push("check")  # §6 state checks: the hand size may change values (e.g. SV-R1)


def end_phase(st: SarasvatiState, ctx: Any) -> None:
    """§5.7 End: 'until end of turn' effects end; the opponent's turn begins (or the turn limit)."""
    st.phase = "end"
    p = st.active
    expire(st, lambda m: m[2] <= 1)
    for q in (0, 1):
        if st.costmods[q]:
            st.costmods[q] = [m for m in st.costmods[q] if m[1] != 1]
    for u in st.slots[p]:
        if u is not None:
            u.new = False
            u.moved = False
    st.emit("end_turn", player=p, turn=st.turn)
    st.push("next_turn")
    st.push("check")


def next_turn(st: SarasvatiState, ctx: Any) -> None:
    """§7 turn_limit, then the next player's turn."""
    limit = int(st.game.params["turn_limit"])
    if limit and st.turn >= limit:
        st.end_game(None, "turn limit")
        return
    st.turn += 1
    st.active = 1 - st.active
    st.charges_left = int(st.game.params["charges_per_turn"])
    st.push("turn")
