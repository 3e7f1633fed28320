"""Project Maken rules as resumable steps, mirroring the spec (specs/maken.md §4–§7).

Every step is ``fn(state, ctx)`` in :data:`STEPS`; every answer handler ``fn(state, action, ctx)``
in :data:`ANSWERS`; :class:`~..game.MakenGame` hands both to the state class. Contexts are tuples of
ints and strings. The modules follow the rulebook's own seams (its attack-phase page is A–F):

========== ==========================================================================
module     sections
========== ==========================================================================
setup      §4 setup and mulligan
turn       §5 the turn: start, draw, before attack, after attack, end; §7 limits
attack     §6.1 A. the first bet, §6.2 B/C. the actions (bet, guard, maintain, GC, call)
judge      §6.3 D. judge and bonus bets, §6.4 E. damage and downs, §6.5 F. end of the phase
common     what is legal (shared by the options and the refusals)
refusals   why an action is refused, in English and Japanese
========== ==========================================================================
"""

from __future__ import annotations

from ....core.actions import Action, Decision
from ....core.state import Answer, Step
from ..actions import DRAW, KEEP, MULLIGAN
from ..state import MakenState
from .attack import action, ans_action, ans_cover, cover_options, cover_step, do_bet
from .common import action_options
from .judge import ans_bonus, bonus, bonus_options, damage, end_of_attack, gc_hit, hits, judge
from .refusals import explain
from .setup import ans_mulligan, mulligan, setup
from .turn import (
    after_attack,
    after_options,
    ans_after,
    ans_before,
    ans_draw,
    before_attack,
    before_options,
    draw_count,
    draw_phase,
    turn_effects,
    turn_end,
    turn_start,
)


def decision_options(st: MakenState, d: Decision) -> list[Action]:
    """The options of decision ``d`` computed again in ``st`` by the functions the rules use (the
    core's ``resample`` hook): after the cards its seat cannot see were dealt again, a hand-based
    decision of the other seat names other cards."""
    h = d.handler
    p = d.player
    if h == "mulligan":
        return [KEEP, MULLIGAN]
    if h == "draw":
        return list(DRAW[1:draw_count(st) + 1])
    if h == "before_attack":
        return before_options(st)
    if h == "action":
        return action_options(st, p)
    if h == "cover":
        return cover_options(st, p)
    if h == "bonus":
        return bonus_options(st, p)
    if h == "after_attack":
        return after_options(st)
    return list(d.options)


STEPS: dict[str, Step] = {
    "setup": setup,
    "mulligan": mulligan,
    "turn_start": turn_start,
    "turn_effects": turn_effects,
    "draw_phase": draw_phase,
    "before_attack": before_attack,
    "action": action,
    "cover": cover_step,
    "judge": judge,
    "hits": hits,
    "gc_hit": gc_hit,
    "bonus": bonus,
    "damage": damage,
    "end_of_attack": end_of_attack,
    "after_attack": after_attack,
    "turn_end": turn_end,
}

ANSWERS: dict[str, Answer] = {
    "mulligan": ans_mulligan,
    "draw": ans_draw,
    "before_attack": ans_before,
    "action": ans_action,
    "cover": ans_cover,
    "bonus": ans_bonus,
    "after_attack": ans_after,
}

__all__ = ["ANSWERS", "STEPS", "decision_options", "do_bet", "explain"]
