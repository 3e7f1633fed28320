"""What the balance lab (``fudaba lab sarasvati``) needs to know about Sarasvati.

* :func:`moves` reads a finished game's full log: cards drawn (the opening hand included), played
  (summoned, evolved, used, equipped; a forbidden book when it is opened) and each player's turns.
* :func:`filler`: the neutral card that stands in for a card in the causal runs — the vanilla
  character of the same cost on the curve the seed's designers gave (seed 004: 「コスト1:500/0、コスト2:
  2000/1000、…コスト7:12000/10000」), no effect, the card's attribute; a forbidden book's filler is a
  book of the same cost without effects.
* :data:`FIELDS`: the numbers a suggestion may change, with their step and range.
* :func:`reference`: a character against the vanilla curve (the lab's report shows it).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

from ...core.events import Event

#: the vanilla curve of seed 004's designers: cost -> (atk, def); costs above 7 grow as 6 -> 7 did
CURVE: dict[int, tuple[int, int]] = {0: (0, 0), 1: (500, 0), 2: (2000, 1000), 3: (3000, 2000), 4: (4000, 3000),
                                     5: (5000, 5000), 6: (8000, 7000), 7: (12000, 10000)}
CURVE_TITLE = ("Vanilla curve (seed 004's designers: cost 1 500/0 … cost 7 12000/10000)",
               "バニラ基準 (seed 004 の設計者: コスト1 500/0 … コスト7 12000/10000)")

#: field -> (step, lowest, highest, +1 when a larger value makes the card stronger, else -1)
FIELDS: dict[str, tuple[int, int, int, int]] = {
    "cost": (1, 0, 10, -1),
    "atk": (500, 0, 20000, 1),
    "def": (500, 0, 20000, 1),
}

#: what each event kind means for a card: played from the hand, or (books) opened
_PLAYS = ("summon", "evolve", "use", "equip")


def curve(cost: int) -> tuple[int, int]:
    """The vanilla atk/def of a character of ``cost`` (above 7: the 6 -> 7 growth per cost)."""
    if cost in CURVE:
        return CURVE[cost]
    a6, d6 = CURVE[6]
    a7, d7 = CURVE[7]
    k = cost - 7
    return a7 + k * (a7 - a6), d7 + k * (d7 - d6)


def moves(log: Sequence[Event]) -> Iterator[tuple[str, int, str]]:
    """``(verb, seat, card)``: ``turn`` (a turn of ``seat`` begins), ``draw``, ``play``."""
    for e in log:
        k, d = e.kind, e.data
        if k == "turn":
            yield "turn", d["player"], ""
        elif k == "draw":
            for c in (e.secret or {}).get("cards", ()):
                yield "draw", d["player"], c
        elif k in _PLAYS or k == "book_open":  # a book: when it is opened
            yield "play", d["player"], d["card"]


def filler(game: Any, card_id: str) -> dict[str, Any] | None:
    """The neutral card of the same cost that replaces ``card_id`` in a causal run (a card table)."""
    c = game.cards[card_id]
    base = {"id": "SV-LAB-" + card_id.removeprefix("SV-"), "attribute": c.attribute, "cost": c.cost}
    if c.type == "book":
        return {**base, "name": f"白紙の禁書(コスト{c.cost})", "name_en": f"Blank book (cost {c.cost})", "type": "book"}
    atk, dfn = curve(c.cost)
    return {**base, "name": f"バニラ(コスト{c.cost})", "name_en": f"Vanilla (cost {c.cost})", "type": "character",
            "atk": atk, "def": dfn}


def fields(game: Any, card_id: str) -> dict[str, tuple[int, int, int, int]]:
    """The fields of ``card_id`` a suggestion may change (a character's cost and stats, another
    card's cost)."""
    c = game.cards[card_id]
    if c.type == "character":
        return dict(FIELDS)
    return {"cost": FIELDS["cost"]}


def value(raw: dict[str, Any], field: str) -> int:
    return int(raw.get(field, 0))


def adjust(raw: dict[str, Any], field: str, v: int) -> dict[str, Any]:
    return {**raw, field: v}


def reference(game: Any, card_id: str) -> dict[str, Any] | None:
    """A character's cost, atk and def against the vanilla curve (None for other cards)."""
    c = game.cards[card_id]
    if c.type != "character":
        return None
    atk, dfn = curve(c.cost)
    return {"cost": c.cost, "atk": c.atk, "def": c.def_, "curve_atk": atk, "curve_def": dfn,
            "atk_vs_curve": c.atk - atk, "def_vs_curve": c.def_ - dfn, "effects": len(c.effects)}


def in_play_from_start(game: Any, card_id: str) -> bool:
    """Every card starts in the deck (the forbidden books are played when opened)."""
    return False
