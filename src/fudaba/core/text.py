"""Plain-text helpers shared by the games' text modules (stdlib only, no Rich).

>>> display_width("P0 手札")
7
>>> wrap_items("hand: ", ["SV-A01 Knight", "SV-A02 Boxer", "SV-A03 Spirit"], ", ", width=30)
['hand: SV-A01 Knight,', '      SV-A02 Boxer,', '      SV-A03 Spirit']
"""

from __future__ import annotations

import unicodedata
from typing import Any

#: display columns of a line of a table (an 80-column terminal, minus a panel's frame)
WIDTH = 76


def display_width(text: str) -> int:
    """Display columns of ``text`` (full-width Japanese characters take two)."""
    return sum(2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1 for ch in text)


def wrap_items(head: str, items: list[str], sep: str = ", ", indent: int | None = None, width: int = WIDTH) -> list[str]:
    """``head`` + ``items`` joined by ``sep``, broken between items into lines of at most ``width``
    display columns; continuation lines are indented by ``indent`` spaces (None: under the first item)."""
    pad = " " * (display_width(head) if indent is None else indent)
    tail = sep[len(sep.rstrip()):]  # the spaces after a separator
    lines: list[str] = []
    cur, fresh = head, True  # fresh: nothing on the current line yet
    for i, it in enumerate(items):
        piece = it + (sep.rstrip() if i < len(items) - 1 else "")
        if not fresh and display_width(cur + tail + piece) > width:
            lines.append(cur)
            cur, fresh = pad, True
        cur += ("" if fresh else tail) + piece
        fresh = False
    lines.append(cur)
    return lines


def turns_skipped_text(ev: dict[str, Any], lang: str = "en") -> str:
    """The log line of the core's ``turns_skipped`` event (``State.skip_idle_turns``): turns in which
    nobody had anything to decide and the same position came back every ``period`` turns."""
    first, last, period = ev.get("first"), ev.get("last"), ev.get("period")
    if lang == "ja":
        if last is None:
            return (f"ターン{first}以降: 誰にも選ぶことがなく、{period}ターンごとに同じ局面が繰り返される"
                    "(ターン上限なし): 引き分け (進展なし)")
        return f"ターン{first}〜{last}: 誰にも選ぶことがなく、{period}ターンごとに同じ局面が繰り返されるため省略"
    if last is None:
        return (f"from turn {first} nobody has anything to decide and the same position comes back every "
                f"{period} turns (no turn limit): a draw (no progress)")
    return (f"turns {first}–{last}: nobody has anything to decide and the same position comes back every "
            f"{period} turns: skipped")
