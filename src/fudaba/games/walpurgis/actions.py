"""Walpurgis notation (spec §9): interned action builders, card labels. The verbs each decision
takes, as the decision kinds of the ``rules`` package list them (``verbs``):

========================= ===========================================================
decision (``kind``)       actions
========================= ===========================================================
``setup``                 ``set W-RM-01`` (which 通常弾 to set aside)
``mulligan``              ``bottom W-RM-07`` (one card at a time), ``done``
``initial``               ``place W-RM-01 3c up``
``wake``                  ``wake 2b``
``main``                  ``place W-RM-03 2d up``, ``place W-RM-03 2d down``, ``activate 2b``, ``end``
``bullet``                ``bullet 4c``, ``done`` (速射 or main bullets)
``intercept``             ``place W-RR-04 4d up``, ``activate 4b``, ``pass``
``resolve``               ``resolve 2d`` (order of D / chain-end effects)
``upright``               ``upright 2d``, ``sustain 2d`` (持続, chain step 8), ``upright 2d skip``
                          (v2.01 end phase ②: without its A effect)
``keep`` / ``hit``        ``keep 3c bullet_up:W-RM-01``, ``hit 3c up:W-RR-02``, ``hit 3c bullet``
``discard``               ``discard W-RM-07``
``target``                ``target 3c``
any                       ``concede`` (accepted by ``apply``, never listed)
========================= ===========================================================

A card on a square is written by its state word, plus ``:id`` when the chooser sees its face.
"""

from __future__ import annotations

from ...core.actions import Action
from .cards import SQ
from .state import WORDS, FieldCard, visible_to

A = Action.of
DONE = Action.const("done")
END = Action.const("end")
PASS = Action.const("pass")
#: ``activate SQ`` by square number
ACTIVATE = tuple(A("activate", n) for n in SQ)

#: ``place_actions`` by card id, built on first use
PLACE_ACTIONS: dict[str, tuple[tuple[Action, ...], tuple[Action, ...], tuple[Action, ...]]] = {}


def place_actions(cid: str) -> tuple[tuple[Action, ...], tuple[Action, ...], tuple[Action, ...]]:
    """``place CID SQ down`` and ``place CID SQ up`` for every square, and both in menu order
    (``1a down``, ``1a up``, ``1b down``, …) — built once per card."""
    got = PLACE_ACTIONS.get(cid)
    if got is None:
        down = tuple(A("place", cid, n, "down") for n in SQ)
        up = tuple(A("place", cid, n, "up") for n in SQ)
        got = PLACE_ACTIONS[cid] = (down, up, tuple(a for pair in zip(down, up, strict=True) for a in pair))
    return got


def label(fc: FieldCard, viewer: int | None) -> str:
    """A field card in notation: state word, plus ``:id`` when ``viewer`` (None: everyone) sees its face."""
    return f"{WORDS[fc[2]]}:{fc[1]}" if visible_to(fc, viewer) else WORDS[fc[2]]
