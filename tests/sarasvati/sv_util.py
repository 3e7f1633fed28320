"""Helpers for the Sarasvati tests (importable as ``sv_util``)."""

from __future__ import annotations

from typing import Any

#: a vanilla forbidden book defined inline (exercises the position's [[cards]])
BLANK_BOOK = {"id": "T-BK", "name": "白紙の本", "name_en": "Blank Book", "type": "book", "cost": 1,
              "attribute": "ドラマ"}


def seat(
    hand: tuple[str, ...] | list[str] = (),
    deck: list[str] | None = None,
    slots: dict[str, Any] | None = None,
    volt: int = 0,
    tapped: int = 0,
    books: list[Any] | None = None,
    grave: tuple[str, ...] = (),
    **extra: Any,
) -> dict[str, Any]:
    """One seat of a position; ``volt`` untapped SV-A01 voltage cards (``tapped`` of them tapped)."""
    s = {
        "hand": list(hand),
        "deck": list(deck) if deck is not None else ["SV-A02"] * 10,
        "grave": list(grave),
        "voltage": [{"card": "SV-A01", "tapped": k < tapped} for k in range(volt)],
        "books": books if books is not None else ["T-BK", "T-BK", "T-BK"],
        "slots": {k: (v if isinstance(v, dict) else {"card": v}) for k, v in (slots or {}).items()},
    }
    s.update(extra)
    return s


def opts(st: Any) -> list[str]:
    return [a.text for a in st.legal_actions()]


def slot(st: Any, p: int, place: str) -> Any:
    """The unit view at ``place`` of seat ``p`` (None when empty)."""
    return st.view(p)["table"]["players"][p]["slots"].get(place)


def kinds(events: list[Any]) -> list[str]:
    return [e.kind for e in events]
