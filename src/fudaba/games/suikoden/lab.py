"""What the balance lab (``fudaba lab suikoden``) needs to know about Genso Suikoden Card Stories.

* :func:`moves` reads a finished game's full log: cards drawn (the mulligan's returns leave the
  opening hand), played (a mission or facility put into play, a character deployed or supporting)
  and each player's turns.
* :func:`filler`: the cards have no cost; the neutral stand-in for a character is a character of the
  same class, camp and links (its place in the deck's link chain) with the pool's median attack,
  troops and construction for that class and no rune, keyword or effect; for a mission, one of the
  same clear type and reward with the median value of such missions; for a facility, the median
  build and block. The mastermind has no filler (it is not drawn).
* :func:`fields`: a character's ``atk`` (1), ``mil`` (100, troops are written in hundreds) and
  ``con`` (1); a mission's ``value`` (lower: easier to clear); a facility's ``build`` and ``block``.
"""

from __future__ import annotations

import statistics
from collections.abc import Iterator, Sequence
from typing import Any

from ...core.events import Event
from .cards import MIL_STEP

_FIELDS: dict[str, dict[str, tuple[int, int, int, int]]] = {
    "character": {"atk": (1, 0, 20, 1), "mil": (MIL_STEP, 0, 10000, 1), "con": (1, 0, 10, 1)},
    "mission": {"value": (1, 1, 30, -1)},
    "facility": {"build": (1, 1, 20, -1), "block": (1, 0, 20, 1)},
}


def moves(log: Sequence[Event]) -> Iterator[tuple[str, int, str]]:
    """``(verb, seat, card)``: ``turn``, ``draw``, ``return`` (the mulligan), ``play``."""
    for e in log:
        k, d = e.kind, e.data
        sec = e.secret or {}
        if k == "turn":
            yield "turn", d["player"], ""
        elif k == "draw":
            for c in sec.get("cards", ()):
                yield "draw", d["player"], c
        elif k == "mulligan":
            for c in sec.get("cards", ()):
                yield "return", d["player"], c
        elif k == "play":
            yield "play", d["player"], d["card"]
            if d.get("support"):
                yield "play", d["player"], d["support"]
        elif k == "deploy":
            yield "play", d["player"], d["card"]


def _median(game: Any, pick: Any, attr: str, step: int = 1) -> int:
    vals = [getattr(c, attr) for c in game.cards.values() if pick(c)]
    if not vals:
        return 0
    return int(round(statistics.median(vals) / step)) * step  # noqa: RUF046 (median may be a float)


def filler(game: Any, card_id: str) -> dict[str, Any] | None:
    """The neutral card that replaces ``card_id`` in a causal run (a card table), or None."""
    c = game.cards[card_id]
    fid = "GS-LAB-" + card_id.removeprefix("GS-")
    base = {"id": fid, "name": f"代役・{card_id}", "name_en": f"Stand-in for {c.name_en or card_id}",
            "type": c.type}
    if c.type == "character":
        if c.is_mastermind:
            return None

        def same(o: Any) -> bool:
            return bool(o.type == "character" and o.cls == c.cls)

        return {**base, "class": c.cls, "camp": list(c.camp), "links": c.links,
                "atk": _median(game, same, "atk"), "mil": _median(game, same, "mil", MIL_STEP),
                "con": _median(game, same, "con")}
    if c.type == "mission":
        out = {**base, "clear": c.clear, "vp": list(c.vp)}
        if c.clear == "duel":
            return {**out, "duel_stat": c.duel_stat}
        return {**out, "value": _median(game, lambda o: o.type == "mission" and o.clear == c.clear, "value")}
    return {**base, "build": _median(game, lambda o: o.type == "facility", "build"),
            "block": _median(game, lambda o: o.type == "facility", "block")}


def fields(game: Any, card_id: str) -> dict[str, tuple[int, int, int, int]]:
    """field -> (step, lowest, highest, +1 when a larger value makes the card stronger, else -1)."""
    c = game.cards[card_id]
    if c.type == "character" and c.is_mastermind:
        return {}
    if c.type == "mission" and c.clear == "duel":
        return {}
    return dict(_FIELDS[c.type])


def value(raw: dict[str, Any], field: str) -> int:
    return int(raw.get(field, 0))


def adjust(raw: dict[str, Any], field: str, v: int) -> dict[str, Any]:
    return {**raw, field: v}


def reference(game: Any, card_id: str) -> dict[str, Any] | None:
    return None


def in_play_from_start(game: Any, card_id: str) -> bool:
    """The mastermind is in play from the setup: never drawn, never played."""
    c = game.cards[card_id]
    return bool(c.type == "character" and c.is_mastermind)
