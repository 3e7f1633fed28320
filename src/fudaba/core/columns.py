"""Display columns of text: the one measure the engine's rules reference (``rules_summary``) and
the text layer (``text``, the games' text modules) share. Neutral: it imports nothing of fudaba.

>>> display_width("P0 手札")
7
"""

from __future__ import annotations

import unicodedata


def display_width(text: str) -> int:
    """Display columns of ``text`` (full-width Japanese characters take two)."""
    return sum(2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1 for ch in text)


__all__ = ["display_width"]
