"""The rules of Suikoden, one module per section of the spec, one step per clause; every decision
the rules ask is a :class:`~fudaba.core.kinds.DecisionKind` of the section it belongs to:

* ``setup.py`` — §4 setup and the mulligan (``MULLIGAN``);
* ``turn.py`` — §5 the turn: the main phase (``MAIN``, ``DISCARD``), replenish (``REPLENISH``), the
  turn shift;
* ``battle.py`` — §7 a battle: its start, the deploy/pass step (``STEP``) with betrayal (§6.3), the
  clear check (§7.2, §7.4) and the battle's end;
* ``clear.py`` — §7.5 a battle's outcome: unresolved, failed, cleared and the garrison (``GARRISON``);
* ``troops.py`` — §7.3 troops and their casualties (``CASUALTIES``, public picks);
* ``duel.py`` — §7.6 the duel (``DUEL``, a sealed pick);
* ``abilities.py`` — §8.3 a rune's cost (``COST``), §8.4 the counter window (``COUNTER``), §10 one-shot
  effects and their target (``TARGET``);
* ``common.py`` — the notation's places (§13), cards moving, the legality questions options and
  refusals share, and the kinds' base with the refusals every decision shares.

A step is ``fn(state, ctx)`` (the stack holds its name and its plain ``ctx``); a decision's answer is
its kind's ``answer``. The canonical stack at a phase-level decision (positions, §14): main and
deploy/pass step ``[end_turn, replenish]``; mulligan ``[turn, mulligan(second)]`` or ``[turn]``;
replenish discard ``[end_turn, refill(other)]`` or ``[end_turn]``.
"""

from __future__ import annotations

from ....core.kinds import DecisionKind
from ....core.state import Step
from . import abilities, battle, clear, duel, setup, troops, turn
from .abilities import COST, COUNTER, TARGET
from .battle import STEP
from .clear import GARRISON
from .duel import DUEL
from .setup import MULLIGAN
from .troops import CASUALTIES
from .turn import DISCARD, MAIN, REPLENISH

_SECTIONS = (setup, turn, battle, clear, troops, duel, abilities)

#: every rules step by the name the stack holds
STEPS: dict[str, Step] = {name: fn for sec in _SECTIONS for name, fn in sec.STEPS.items()}
#: every decision the rules ask
KINDS: tuple[DecisionKind, ...] = tuple(k for sec in _SECTIONS for k in sec.KINDS)

__all__ = ["CASUALTIES", "COST", "COUNTER", "DISCARD", "DUEL", "GARRISON", "KINDS", "MAIN", "MULLIGAN", "REPLENISH",
           "STEP", "STEPS", "TARGET"]
