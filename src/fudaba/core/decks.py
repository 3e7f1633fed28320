"""Decks and deck lists (ARCHITECTURE §4).

A deck list is plain text, one ``N name-or-id`` per line (``N`` may be omitted for one copy, and
``4x`` or ``4 ×`` are accepted). ``#`` starts a comment, except a line naming a section (e.g.
``# 禁書`` for Sarasvati's forbidden books). Every unrecognised line is reported with its number.

>>> from fudaba.core.cards import CardPool
>>> from dataclasses import dataclass
>>> @dataclass(frozen=True)
... class K:
...     id: str; name: str; name_en: str
>>> pool = CardPool([K("A-1", "見習い剣士", "Apprentice"), K("B-1", "禁書", "Book")])
>>> d, problems = parse_deck_text("2 A-1\\n見習い剣士\\n# 禁書\\n1 B-1\\n3 nothing", pool, {"禁書": "books"})
>>> d.main, d.sections["books"], problems
(('A-1', 'A-1', 'A-1'), ('B-1',), ["line 5: unknown card 'nothing'"])
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from .cards import CardLike, CardPool
from .files import strip_bom

_LINE = re.compile(r"^(?:(\d+)\s*[x×*]?\s+)?(.+?)\s*$")


@dataclass(frozen=True)
class Deck:
    """A deck: the main cards (ids, in list order) and named extra sections (e.g. ``books``)."""

    main: tuple[str, ...]
    sections: dict[str, tuple[str, ...]] = field(default_factory=dict)
    name: str = ""
    #: card id -> the line of the deck list that first named it (for problems: "line 7: …"); not
    #: part of the deck's identity
    lines: dict[str, int] = field(default_factory=dict, compare=False, repr=False)

    def at(self, card_id: str) -> str:
        """``"line N: "`` for a card the deck list named on line N, else ""."""
        n = self.lines.get(card_id)
        return f"line {n}: " if n else ""

    def counts(self) -> Counter[str]:
        return Counter(self.main)

    def to_text(self, pool: CardPool[Any] | None = None, headers: dict[str, str] | None = None) -> str:
        """The deck as a deck list (ids, with the Japanese name as a comment when a pool is given)."""
        out: list[str] = []
        if self.name:
            out.append(f"# {self.name}")

        def emit(ids: tuple[str, ...]) -> None:
            seen: dict[str, int] = {}
            for i in ids:
                seen[i] = seen.get(i, 0) + 1
            for cid, n in seen.items():
                c = pool.find(cid) if pool is not None else None
                out.append(f"{n} {cid}" + (f"  # {c.name}" if c is not None else ""))

        emit(self.main)
        for key, ids in self.sections.items():
            out.append(f"# {(headers or {}).get(key, key)}")
            emit(ids)
        return "\n".join(out) + "\n"

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "main": list(self.main), **{k: list(v) for k, v in self.sections.items()}}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Deck:
        """The inverse of :meth:`to_dict`; ValueError names a key that is not a list of card ids."""
        for k, v in d.items():
            if k == "name":
                if not isinstance(v, str):
                    raise ValueError("deck key 'name' must be text")
            elif not isinstance(v, list | tuple) or not all(isinstance(x, str) for x in v):
                raise ValueError(f"deck key {k!r} must be a list of card ids")
        sections = {k: tuple(v) for k, v in d.items() if k not in ("name", "main")}
        return cls(tuple(d["main"]), sections, d.get("name", ""))


#: the largest count one deck line may give (a guard against typos such as 4000 for 4)
MAX_COUNT = 999
#: the most cards a deck list may hold in all (no game's deck comes near), and problems it reports
MAX_CARDS = 10_000
MAX_PROBLEMS = 200


def parse_deck_text(
    text: str, pool: CardPool[Any], sections: dict[str, str] | None = None
) -> tuple[Deck, list[str]]:
    """Parse a deck list. ``sections`` maps header words (after ``#``) to section keys.

    Returns the deck (with every card it could recognise) and the list of problems (line numbers).
    """
    sections = sections or {}
    lower_sections = {k.lower(): v for k, v in sections.items()}
    main: list[str] = []
    extra: dict[str, list[str]] = {}
    current: list[str] = main
    problems: list[str] = []
    name = ""
    lines: dict[str, int] = {}
    total = 0
    for no, raw in enumerate(strip_bom(text).splitlines(), 1):
        line = raw.strip()
        if not line:
            continue
        if line.startswith("#") or line.startswith("["):
            head = line.strip("#[] ").strip()
            key = lower_sections.get(head.lower())
            if key is not None:
                current = extra.setdefault(key, [])
            elif no == 1 and line.startswith("#") and not name:
                name = head
            continue
        line = line.split("  #")[0].split("\t#")[0].strip()
        m = _LINE.match(line)
        if not m:
            problems.append(f"line {no}: cannot read {raw.strip()!r} (write 'N card-id-or-name')")
            continue
        ident = m.group(2).strip()
        digits = m.group(1) or "1"
        if len(digits.lstrip("0")) > len(str(MAX_COUNT)) or int(digits) > MAX_COUNT:
            shown = digits if len(digits) <= 12 else digits[:12] + "…"
            problems.append(f"line {no}: the count {shown} of {ident!r} is too large (at most {MAX_COUNT} per line)")
            continue
        count = int(digits)
        card: CardLike | None = pool.find(ident)
        if card is None:
            problems.append(f"line {no}: unknown card {ident!r}")
            continue
        if count <= 0:
            problems.append(f"line {no}: the count of {ident!r} must be at least 1")
            continue
        total += count
        if total > MAX_CARDS:
            problems.append(f"line {no}: the list holds more than {MAX_CARDS:,} cards; no deck is that large "
                            "(the lines after it are not read)")
            break
        current.extend([card.id] * count)
        lines.setdefault(card.id, no)
    if len(problems) > MAX_PROBLEMS:
        problems[MAX_PROBLEMS:] = [f"… and {len(problems) - MAX_PROBLEMS:,} more problem(s)"]
    return Deck(tuple(main), {k: tuple(v) for k, v in extra.items()}, name, lines), problems
