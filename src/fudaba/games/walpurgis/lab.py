"""What the balance lab (``fudaba lab walpurgis``) needs to know about Walpurgis.

* :func:`moves` reads a finished game's full log: cards drawn (the 通常弾 set aside at setup joins
  the opening hand, cards put back by the mulligan leave it), played (placed from the hand, face up
  or down, or activated from the hand) and each player's turns.
* :func:`filler`: Walpurgis cards have no cost; the neutral stand-in is a card of the same caster
  and icons with the plainest matrix — one bullet straight ahead, one condition square behind
  (``. B .`` / ``. @ .`` / ``. C .``), no keyword, no effect, and a name that is not a 通常弾.
* :func:`fields`: what a suggestion may change — the number of bullet squares (``bullets``) and of
  condition squares (``conditions``) of the main matrix, and the amount ``n`` of a numeric effect
  (``effects[i].n``), one square or one unit at a time.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

from ...core.events import Event

FILLER_MATRIX = ".  B  .\n.  @  .\n.  C  .\n"


def moves(log: Sequence[Event]) -> Iterator[tuple[str, int, str]]:
    """``(verb, seat, card)``: ``turn``, ``draw``, ``return`` (put back by the mulligan), ``play``."""
    for e in log:
        k, d = e.kind, e.data
        sec = e.secret or {}
        if k == "turn":
            yield "turn", d["player"], ""
        elif k == "draw":
            for c in sec.get("cards", ()):
                yield "draw", d["player"], c
        elif k == "set_aside" and "card" in sec:
            yield "draw", d["player"], sec["card"]
        elif k == "bottom" and "card" in sec:
            yield "return", d["player"], sec["card"]
        elif k == "place":  # face up or down; the initial placement (v2.01) puts the set-aside 通常弾 out
            card = d.get("card") or sec.get("card")
            if card:
                yield "play", d["player"], card
        elif k == "activate" and d.get("source") == "hand":
            yield "play", d["player"], d["card"]


def filler(game: Any, card_id: str) -> dict[str, Any] | None:
    """The neutral card that replaces ``card_id`` in a causal run (a card table)."""
    c = game.cards[card_id]
    return {"id": "W-LAB-" + card_id.removeprefix("W-"), "name": f"代替弾({c.caster or '-'})",
            "name_en": "Filler shot", "caster": c.caster, "icons": list(c.icons), "matrix": FILLER_MATRIX}


def _grid(raw: dict[str, Any]) -> list[list[str]]:
    return [ln.split() for ln in str(raw["matrix"]).splitlines() if ln.strip()]


def _text(grid: list[list[str]]) -> str:
    return "\n".join("  ".join(row) for row in grid) + "\n"


def _at(grid: list[list[str]]) -> tuple[int, int]:
    return next((r, c) for r, row in enumerate(grid) for c, cell in enumerate(row) if cell == "@")


def fields(game: Any, card_id: str) -> dict[str, tuple[int, int, int, int]]:
    """field -> (step, lowest, highest, +1 when more makes the card stronger, else -1)."""
    raw = game.cards[card_id].raw
    g = _grid(raw)
    cells = sum(len(row) for row in g) - 1
    out = {"bullets": (1, 1, cells, 1), "conditions": (1, 0, cells, -1)}
    for i, e in enumerate(raw.get("effects", ())):
        if isinstance(e.get("n"), int) and e.get("op") in ("draw", "recover", "min_other_formations"):
            out[f"effects[{i}].n"] = (1, 1, 9, -1 if e["op"] == "min_other_formations" else 1)
    return out


def value(raw: dict[str, Any], field: str) -> int:
    if field.startswith("effects["):
        return int(raw["effects"][int(field[8:field.index("]")])]["n"])
    letter = "B" if field == "bullets" else "C"
    return sum(cell.count(letter) for row in _grid(raw) for cell in row)


def adjust(raw: dict[str, Any], field: str, v: int) -> dict[str, Any]:
    """``raw`` with ``field`` set to ``v``: bullet or condition squares taken away farthest from
    ``@`` first, added on the empty squares nearest to it (bullets ahead of it first, conditions
    behind it first), then on squares that hold another letter (``X`` becomes ``BX``)."""
    if field.startswith("effects["):
        i = int(field[8:field.index("]")])
        effects = [dict(e) for e in raw["effects"]]
        effects[i]["n"] = v
        return {**raw, "effects": effects}
    letter = "B" if field == "bullets" else "C"
    g = _grid(raw)
    ar, ac = _at(g)
    ahead = -1 if letter == "B" else 1  # bullets go up (towards the opponent), conditions down

    def dist(rc: tuple[int, int]) -> tuple[int, int, int, int]:
        r, c = rc
        return (abs(r - ar) + abs(c - ac), 0 if (r - ar) * ahead > 0 else 1, r * ahead, c)

    have = sorted(((r, c) for r, row in enumerate(g) for c, cell in enumerate(row) if letter in cell), key=dist)
    free = sorted(((r, c) for r, row in enumerate(g) for c, cell in enumerate(row)
                   if cell != "@" and letter not in cell), key=lambda rc: (g[rc[0]][rc[1]] != ".", dist(rc)))
    n = len(have)
    while n > v and have:
        r, c = have.pop()
        g[r][c] = g[r][c].replace(letter, "") or "."
        n -= 1
    while n < v and free:
        r, c = free.pop(0)
        g[r][c] = letter if g[r][c] == "." else "".join(sorted(g[r][c] + letter, key="CBX".index))
        n += 1
    return {**raw, "matrix": _text(g)}


def reference(game: Any, card_id: str) -> dict[str, Any] | None:
    return None


def in_play_from_start(game: Any, card_id: str) -> bool:
    """Every card starts in the deck."""
    return False
