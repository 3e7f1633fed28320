"""Walpurgis rules as resumable steps, mirroring the spec (specs/walpurgis.md §3–§8).

Every step is ``fn(state, ctx)`` listed in :data:`STEPS`; every decision the rules ask is a
:class:`~fudaba.core.kinds.DecisionKind` of :data:`KINDS` (its options, its §9 refusals, its
answer, its words), written with the section that asks it; :class:`~..game.WalpurgisGame` hands both
to the state class. Step contexts are tuples of ints and strings; decision contexts are the kinds'
named tuples. Section comments name the spec clause (and the rulebook's own number in
parentheses). The rules follow the rulebook's own seams:

========== ==========================================================================
module     sections
========== ==========================================================================
common     §1 helpers, §5.1 activation condition, §5.2 activation check and activation
setup      §3 setup, mulligan, initial placement
turn       §4 prepare, main and end phases (§8 v1.01's first main phase)
chain      §5.3 steps 1–4 and 7: bullets placed, B effects, interception, destroy
           processing; the chain's end, §6 a full board
bullets    §5.3 step 6 bullet processing: one-player keep, two-player rounds
resolution §5.3 steps 5, 8 and 9, §4 end ② and ④: ordered effects, one effect (§7) and
           its target, A effects
kind       what every decision kind shares: §9 refusals in English and Japanese
refusals   §9 the refusals of placing and activating, shared by three kinds
========== ==========================================================================

This package re-exports what the game, positions, agents and tests use.
"""

from __future__ import annotations

from ....core.state import Step
from . import bullets, chain, resolution, setup, turn
from .bullets import bullet_processing, hit_pick, hits, one_player_keep, two_player_round
from .chain import b_effects, bullet_placement, chain_end, destroy_processing, interception_check
from .kind import RULEBOOK as _RULEBOOK
from .resolution import a_effects, effect, ordered_effects
from .setup import initial_placement, mulligan, setup_add, setup_deal, setup_set
from .setup import setup as setup_step
from .turn import (
    end_cleanup,
    end_duds,
    end_hand_limit,
    end_turn,
    main,
    main_end,
    main_start,
    prepare_draw,
    prepare_recover,
    prepare_wake,
    push_end_phase,
    turn_start,
)

#: every decision the rules ask, in the order of the spec's sections
KINDS = (*setup.KINDS, *turn.KINDS, *chain.KINDS, *resolution.KINDS, *bullets.KINDS)

STEPS: dict[str, Step] = {
    "setup": setup_step,
    "setup_set": setup_set,
    "setup_deal": setup_deal,
    "mulligan": mulligan,
    "setup_add": setup_add,
    "initial_placement": initial_placement,
    "turn_start": turn_start,
    "prepare_wake": prepare_wake,
    "prepare_recover": prepare_recover,
    "prepare_draw": prepare_draw,
    "main_start": main_start,
    "main": main,
    "main_end": main_end,
    "end_duds": end_duds,
    "end_hand_limit": end_hand_limit,
    "end_cleanup": end_cleanup,
    "end_turn": end_turn,
    "bullet_placement": bullet_placement,
    "b_effects": b_effects,
    "interception_check": interception_check,
    "ordered_effects": ordered_effects,
    "effect": effect,
    "bullet_processing": bullet_processing,
    "one_player_keep": one_player_keep,
    "two_player_round": two_player_round,
    "hit_pick": hit_pick,
    "hits": hits,
    "destroy_processing": destroy_processing,
    "a_effects": a_effects,
    "chain_end": chain_end,
}

__all__ = ["KINDS", "STEPS", "_RULEBOOK", "push_end_phase"]
