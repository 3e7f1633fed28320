"""What the balance lab (``fudaba lab maken``) needs to know about Project Maken.

* :func:`moves` reads a finished game's full log: cards drawn (a life card taken into the hand at a
  down counts as drawn; a mulligan puts the whole opening hand back), played (bet, set as a support, or used from the hand to cover a guard) and each player's
  turns.
* :func:`filler`: an attack card's cost is its gauge cost; the neutral stand-in is an attack card of
  the same gauge cost, posture and destination with the pool's median speed, reach, attack, guard
  difficulty and gauge gain among the attack cards of that gauge cost, and no effect; a support's
  stand-in is a support without effects. The character has none (it is not drawn).
* :func:`fields`: an attack card's ``speed``, ``attack``, ``guard`` (difficulty), ``reach`` and
  ``gauge_cost`` (higher: dearer), one unit at a time within the card vocabulary's ranges.
"""

from __future__ import annotations

import statistics
from collections.abc import Iterator, Sequence
from typing import Any

from ...core.events import Event

_ATTACK_FIELDS: dict[str, tuple[int, int, int, int]] = {
    "speed": (1, 0, 10, 1),
    "attack": (1, 0, 20, 1),
    "guard": (1, 1, 6, 1),
    "reach": (1, 0, 8, 1),
    "gauge_cost": (1, 0, 10, -1),
}


def moves(log: Sequence[Event]) -> Iterator[tuple[str, int, str]]:
    """``(verb, seat, card)``: ``turn``, ``draw``, ``reset`` (a mulligan: the hand goes back),
    ``play``."""
    for e in log:
        k, d = e.kind, e.data
        sec = e.secret or {}
        if k == "turn":
            yield "turn", d["player"], ""
        elif k == "draw":
            for c in sec.get("cards", ()):
                yield "draw", d["player"], c
        elif k == "down" and "card" in sec:  # §6.4: the top life card goes into the hand
            yield "draw", d["player"], sec["card"]
        elif k == "mulligan" and d.get("choice") == "mulligan":
            yield "reset", d["player"], ""
        elif k in ("bet", "set"):
            yield "play", d["player"], d["card"]
        elif k == "cover" and "card" in sec:
            yield "play", d["player"], sec["card"]


def _median(vals: list[int]) -> int:
    return round(statistics.median(vals)) if vals else 0


def filler(game: Any, card_id: str) -> dict[str, Any] | None:
    """The neutral card that replaces ``card_id`` in a causal run (a card table), or None."""
    c = game.cards[card_id]
    if c.kind == "character":
        return None
    base = {"id": "MK-LAB-" + card_id.removeprefix("MK-"), "name": f"代用札({c.name})",
            "name_en": f"Stand-in ({c.name_en or c.name})", "kind": c.kind, "series": c.series}
    if c.kind == "support":
        return base
    same = [o for o in game.cards.values() if o.kind == "attack" and o.gauge_cost == c.gauge_cost] or [c]
    return {**base, "speed": _median([o.speed for o in same]),
            "reach": _median([max(o.reach_front, o.reach_back) for o in same]),
            "attack": _median([o.attack for o in same]), "guard": max(1, _median([o.guard for o in same])),
            "posture": c.posture, "gauge_cost": c.gauge_cost, "gauge_gain": _median([o.gauge_gain for o in same]),
            "dest": c.dest}


def fields(game: Any, card_id: str) -> dict[str, tuple[int, int, int, int]]:
    """field -> (step, lowest, highest, +1 when a larger value makes the card stronger, else -1)."""
    c = game.cards[card_id]
    return dict(_ATTACK_FIELDS) if c.kind == "attack" else {}


def value(raw: dict[str, Any], field: str) -> int:
    if field == "reach" and "reach" not in raw:
        return max(int(raw.get("reach_front", 0)), int(raw.get("reach_back", 0)))
    return int(raw.get(field, 0))


def adjust(raw: dict[str, Any], field: str, v: int) -> dict[str, Any]:
    """``raw`` with ``field`` set to ``v`` (a split reach moves both its sides by the same amount)."""
    if field == "reach" and "reach" not in raw:
        d = v - value(raw, "reach")
        return {**raw, "reach_front": max(0, int(raw.get("reach_front", 0)) + d),
                "reach_back": max(0, int(raw.get("reach_back", 0)) + d)}
    return {**raw, field: v}


def reference(game: Any, card_id: str) -> dict[str, Any] | None:
    return None


def in_play_from_start(game: Any, card_id: str) -> bool:
    """The character card is in play from the setup: never drawn, never played."""
    return bool(game.cards[card_id].kind == "character")
