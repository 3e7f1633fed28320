"""The checks of a state document's values, one per kind of field of :class:`~.state.SarasvatiState`.

Each is a ``load(value, where)`` of :mod:`fudaba.core.fields`: it returns the value in the state's
own types or raises :class:`~fudaba.core.errors.PositionError` naming the key as the state document
writes it (``state.hand[0][3]``), in the words of :class:`~fudaba.core.documents.Fields`. ``where``
carries the game's id → card table (``SarasvatiState._load`` gives it).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ...core.documents import Fields
from ...core.fields import Load, Where
from .cards import DUR_NAME

if TYPE_CHECKING:
    from .state import Unit

#: the largest modifier a state document may give a stat or a cost
MAX_STAT = 10**9
#: the most units (and uids, charges…) a state document may give
MAX_UIDS = 100_000
#: the card types of the hand, the deck and the voltage (a forbidden book is never there, §3)
ZONE_TYPES = ("character", "support", "equipment")

F = Fields("state")


def key(w: Where) -> str:
    """The key of ``w`` as the state document's errors name it: ``state.hand``."""
    return f"state.{w.path}"


def whole(lo: int, hi: int) -> Load:
    """A whole number in ``lo..hi``."""
    def load(v: Any, w: Where) -> int:
        return F.whole(v, key(w), lo, hi)
    return load


def text(choices: Any) -> Load:
    """One of the words ``choices``."""
    def load(v: Any, w: Where) -> str:
        return F.text(v, key(w), choices)
    return load


def per_seat(item: Callable[[Any, str], Any]) -> Load:
    """One value per seat (a list of two), each checked by ``item(value, its key)``."""
    def load(v: Any, w: Where) -> list[Any]:
        k = key(w)
        return [item(x, f"{k}[{p}]") for p, x in enumerate(F.per_seat(v, k))]
    return load


def seat_cards_of(types: tuple[str, ...] | None) -> Load:
    """Two lists of card ids (one per seat), of the card types ``types`` (None: any)."""
    def load(v: Any, w: Where) -> list[list[str]]:
        out: list[list[str]] = per_seat(lambda x, k: F.cards(x, k, w.cards, types))(v, w)
        return out
    return load


def seat_books(v: Any, w: Where) -> list[list[str | None]]:
    """Each seat's forbidden books by K place: a book's id, or None for a destroyed book's place (§6)."""
    def books(x: Any, k: str) -> list[str | None]:
        return [None if b is None else F.card(b, f"{k}[{i}]", w.cards, ("book",))
                for i, b in enumerate(F.array(x, k, max_len=MAX_UIDS))]
    out: list[list[str | None]] = per_seat(books)(v, w)
    return out


def seat_hits(v: Any, w: Where) -> list[list[int]]:
    """The attacks each seat's books took (checked against the books and ``book_hits`` by the state)."""
    def hits(x: Any, k: str) -> list[int]:
        return [F.whole(h, f"{k}[{i}]", 0, MAX_UIDS) for i, h in enumerate(F.array(x, k, max_len=MAX_UIDS))]
    out: list[list[int]] = per_seat(hits)(v, w)
    return out


def modifier(m: Any, k: str, n: int) -> tuple[int, ...]:
    """A timed modifier: ``n - 2`` amounts, a duration code (``cards.DUR_CODE``) and the seat that made it."""
    m = F.array(m, k, n)
    amounts = tuple(F.whole(x, f"{k}[{i}]", -MAX_STAT, MAX_STAT) for i, x in enumerate(m[:n - 2]))
    return (*amounts, F.whole(m[n - 2], f"{k}[{n - 2}]", 0, max(DUR_NAME)), F.seat(m[n - 1], f"{k}[{n - 1}]"))


def seat_costmods(v: Any, w: Where) -> list[list[tuple[int, int, int]]]:
    """Each seat's timed cost modifiers ``(delta, duration code, seat that made it)``."""
    def mods(x: Any, k: str) -> list[tuple[int, int, int]]:
        out = []
        for i, m in enumerate(F.array(x, k)):
            a, b, c = modifier(m, f"{k}[{i}]", 3)
            out.append((a, b, c))
        return out
    got: list[list[tuple[int, int, int]]] = per_seat(mods)(v, w)
    return got


def seat_slots(unit: Callable[[Any, str, dict[str, Any]], Unit]) -> Load:
    """Each seat's battle-zone slots: a unit (``unit(value, key, cards)``) or None; the number of
    slots is checked against the parameters by the state."""
    def load(v: Any, w: Where) -> list[list[Unit | None]]:
        def slots(x: Any, k: str) -> list[Unit | None]:
            return [None if u is None else unit(u, f"{k}[{i}]", w.cards) for i, u in enumerate(F.array(x, k))]
        out: list[list[Unit | None]] = per_seat(slots)(v, w)
        return out
    return load


__all__ = [
    "MAX_STAT",
    "MAX_UIDS",
    "ZONE_TYPES",
    "F",
    "key",
    "modifier",
    "per_seat",
    "seat_books",
    "seat_cards_of",
    "seat_costmods",
    "seat_hits",
    "seat_slots",
    "text",
    "whole",
]
