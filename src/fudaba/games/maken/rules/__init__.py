"""Project Maken rules as resumable steps, mirroring the spec (specs/maken.md §4–§7).

Every step is ``fn(state, ctx)`` in :data:`STEPS`; every decision the rules ask is a decision kind
(``core/kinds.py``) in :data:`KINDS`, which owns its options, its one legality check with the
refusal naming the rule, its answer and its words; :class:`~..game.MakenGame` hands both to the
state class. Step contexts are tuples of ints and strings. The modules follow the rulebook's own
seams (its attack-phase page is A–F):

========== ==========================================================================
module     sections (decision kinds)
========== ==========================================================================
setup      §4 setup and mulligan (``MULLIGAN``)
turn       §5 the turn: start, draw, before attack, after attack, end; §7 limits (``DRAW``,
           ``BEFORE_ATTACK``, ``AFTER_ATTACK``)
attack     §6.1 A. the first bet, §6.2 B/C. the actions (bet, guard, maintain, GC, call) (``ACTION``,
           ``COVER``)
judge      §6.3 D. judge and bonus bets, §6.4 E. damage and downs, §6.5 F. end of the phase (``BONUS``)
common     what is legal (shared by the options and the refusals)
decision   what every decision kind shares: verbs, words, the common refusals
========== ==========================================================================
"""

from __future__ import annotations

from ....core.kinds import DecisionKind
from ....core.state import Step
from .attack import ACTION, COVER, action, cover_step, do_bet
from .judge import BONUS, bonus, damage, end_of_attack, gc_hit, hits, judge
from .setup import MULLIGAN, mulligan, setup
from .turn import (
    AFTER_ATTACK,
    BEFORE_ATTACK,
    DRAW,
    after_attack,
    before_attack,
    draw_phase,
    turn_effects,
    turn_end,
    turn_start,
)

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

#: every decision the rules ask, in the order of a turn
KINDS: tuple[DecisionKind, ...] = (MULLIGAN, DRAW, BEFORE_ATTACK, ACTION, COVER, BONUS, AFTER_ATTACK)

__all__ = ["KINDS", "STEPS", "do_bet"]
