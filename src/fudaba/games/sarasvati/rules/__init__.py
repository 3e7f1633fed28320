"""The rules of Sarasvati TCG, one module per section of the spec (``specs/sarasvati.md``):

* ``setup.py`` §4; ``turn.py`` §5.1 set, §5.2 draw, §5.7 end and the next turn;
* ``charge.py`` §5.3, ``imagine.py`` §5.4 (with ``evolution.py``, §2), ``move.py`` §5.5,
  ``battle.py`` §6 (attacks, books, state checks), ``effects.py`` §8 (one-shot effects);
* ``common.py``: what they share (the kinds' refusals of another decision's verb, the notation's
  tables, the legality questions options and refusals both ask).

Each rules step is ``fn(state, ctx)``, listed in :data:`STEPS` by the name the stack holds (those
names are in every state document and hash: they never change). Each decision the rules ask is a
decision kind (:data:`KINDS`) that owns its options, refusals, answer and words. The canonical stack
at a phase-level decision is the remaining phases of the turn, e.g. at the imagine decision
``[end, battle, move]`` — positions (§12) rebuild it exactly (:data:`REMAINING`).
"""

from __future__ import annotations

from ....core.state import Step
from .battle import BATTLE, after_book_attack, battle_phase, resolve_attack, state_check
from .charge import CHARGE, charge_phase
from .common import REMAINING
from .effects import TARGET, EffectCtx, resolve_effect
from .evolution import KEEP
from .imagine import IMAGINE, imagine_phase
from .move import MOVE, move_phase
from .setup import setup
from .turn import draw_phase, end_phase, next_turn, turn

STEPS: dict[str, Step] = {
    "setup": setup,
    "turn": turn,
    "draw": draw_phase,
    "charge": charge_phase,
    "imagine": imagine_phase,
    "move": move_phase,
    "battle": battle_phase,
    "battle_resolve": resolve_attack,
    "book_attack_done": after_book_attack,
    "end": end_phase,
    "next_turn": next_turn,
    "eff": resolve_effect,
    "check": state_check,
}

#: the decisions the rules ask (§5.3–§6, §8; §2 Q&A)
KINDS = (CHARGE, IMAGINE, KEEP, MOVE, BATTLE, TARGET)

__all__ = ["BATTLE", "CHARGE", "IMAGINE", "KEEP", "KINDS", "MOVE", "REMAINING", "STEPS", "TARGET", "EffectCtx"]
