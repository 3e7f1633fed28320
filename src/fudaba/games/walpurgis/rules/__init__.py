"""Walpurgis rules as resumable steps, mirroring the spec (specs/walpurgis.md §3–§8).

Every step is ``fn(state, ctx)`` listed in :data:`STEPS`; every answer handler is
``fn(state, action, ctx)`` in :data:`ANSWERS`; :class:`~..game.WalpurgisGame` hands both to the
state class. Contexts are tuples of ints and strings. Section comments name the spec clause (and
the rulebook's own number in parentheses). The rules follow the rulebook's own seams:

========== ==========================================================================
module     sections
========== ==========================================================================
common     §1 helpers, §5.1 activation condition, §5.2 activation check and activation
setup      §3 setup, mulligan, initial placement
turn       §4 prepare, main and end phases (§8 v1.01's first main phase)
chain      §5.3 steps 1–5 and 7–9: bullets placed, B effects, interception, ordered
           effects, destroy processing, A effects; §6 a full board
bullets    §5.3 step 6 bullet processing: one-player keep, two-player rounds
refusals   §9 why an action is refused, in English and Japanese
========== ==========================================================================

This package re-exports what the game, positions, agents and tests use.
"""

from __future__ import annotations

from ....core.actions import Action, Decision
from ....core.state import Answer, Step
from ..actions import PASS, A
from ..cards import SQ
from ..state import WalpurgisState
from .bullets import (
    ans_keep,
    bullet_processing,
    hit_options,
    hit_pick,
    hits,
    one_player_keep,
    own_labels,
    two_player_round,
)
from .chain import (
    a_effects,
    ans_bullet,
    ans_intercept,
    ans_resolve,
    ans_target,
    ans_upright,
    b_effects,
    beside_options,
    bullet_placement,
    chain_end,
    destroy_processing,
    effect,
    interception_check,
    interception_options,
    ordered_effects,
)
from .refusals import _RULEBOOK, explain
from .setup import (
    ans_initial,
    ans_mulligan,
    ans_set,
    initial_options,
    initial_placement,
    mulligan,
    mulligan_options,
    setup,
    setup_add,
    setup_deal,
    setup_options,
    setup_set,
)
from .turn import (
    ans_discard,
    ans_main,
    ans_wake,
    discard_options,
    end_cleanup,
    end_duds,
    end_hand_limit,
    end_turn,
    main,
    main_end,
    main_options,
    main_start,
    prepare_draw,
    prepare_recover,
    prepare_wake,
    push_end_phase,
    turn_start,
)


# ====================================================================== resample support
def decision_options(st: WalpurgisState, d: Decision) -> list[Action]:
    """The options of decision ``d`` computed again in ``st`` by the functions the rules use: the
    core's ``resample`` hook, after the cards its seat cannot see were dealt again. A decision may
    name cards of a hand or of face-down formations (and a sealed ``hit`` pick is drawn again among
    these options)."""
    q = d.player
    h = d.handler
    ctx = d.ctx
    if h == "set":
        return setup_options(st, q)
    if h == "mulligan":
        return mulligan_options(st, q)
    if h == "initial":
        return initial_options(st, q)
    if h == "main":
        return main_options(st)
    if h == "intercept":
        return [*interception_options(st, q, st.chain[ctx[0]][3]), PASS]
    if h == "keep":
        return [A("keep", SQ[ctx[0]], lab) for lab in own_labels(st.board[ctx[0]], q)]
    if h == "hit":
        return hit_options(st, ctx[0], q)
    if h == "discard":
        return discard_options(st, q)
    if h == "target" and ctx[1] == "set_beside":
        return beside_options(st, q)
    return list(d.options)  # options that name squares only (bullet, wake, resolve, upright, target a square)




STEPS: dict[str, Step] = {
    "setup": setup,
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

ANSWERS: dict[str, Answer] = {
    "set": ans_set,
    "mulligan": ans_mulligan,
    "initial": ans_initial,
    "wake": ans_wake,
    "main": ans_main,
    "discard": ans_discard,
    "bullet": ans_bullet,
    "intercept": ans_intercept,
    "resolve": ans_resolve,
    "target": ans_target,
    "keep": ans_keep,
    "upright": ans_upright,
}


__all__ = ["ANSWERS", "STEPS", "_RULEBOOK", "decision_options", "explain", "push_end_phase"]
