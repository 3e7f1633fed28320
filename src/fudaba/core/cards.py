"""Card pools and card-data loading (ARCHITECTURE §3.5).

Card definitions are immutable and shared by every state. A game describes its card record with a
``build(raw, where)`` function that returns its card type or raises :class:`CardDataError`;
:func:`load_card_file` reads ``[[card]]`` tables from TOML and names the file, card, field and line
of every problem.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Generic, Protocol, TypeVar

from .documents import read_toml
from .errors import CardDataError, UnknownCard


class CardLike(Protocol):
    @property
    def id(self) -> str: ...
    @property
    def name(self) -> str: ...
    @property
    def name_en(self) -> str: ...


C = TypeVar("C", bound=CardLike)


@dataclass(frozen=True, slots=True)
class Where:
    """Where a card record came from, for error messages."""

    file: str
    card: str
    line: int | None = None

    def err(self, field: str, problem: str) -> CardDataError:
        at = f"{self.file}:{self.line}" if self.line else self.file
        return CardDataError(f"{at}: card {self.card!r}: field {field!r}: {problem}")


class CardPool(Mapping[str, C], Generic[C]):
    """All card definitions of a game, by id; ``find`` also accepts the Japanese or English name.

    >>> from dataclasses import dataclass
    >>> @dataclass(frozen=True)
    ... class K:
    ...     id: str; name: str; name_en: str
    >>> p = CardPool([K("X-1", "通常弾(霊夢)", "Normal Shot (Reimu)")])
    >>> p["X-1"].name, p.find("通常弾(霊夢)").id, p.find("normal shot (reimu)").id, p.find("nope")
    ('通常弾(霊夢)', 'X-1', 'X-1', None)
    """

    def __init__(self, cards: Iterable[C] = ()) -> None:
        self._by_id: dict[str, C] = {}
        self._by_name: dict[str, C] = {}
        self._by_lower: dict[str, C] = {}
        #: short names (a card's optional ``short_name``, the template's ``[略称]``): used after full names
        self._by_short: dict[str, C] = {}
        for c in cards:
            self.add(c)

    def add(self, card: C) -> None:
        if card.id in self._by_id:
            raise CardDataError(f"card id {card.id!r} is defined twice")
        self._by_id[card.id] = card
        self._by_name.setdefault(card.name, card)
        self._by_lower.setdefault(card.id.lower(), card)
        self._by_lower.setdefault(card.name.lower(), card)
        if card.name_en:
            self._by_lower.setdefault(card.name_en.lower(), card)
        short = getattr(card, "short_name", "")
        if isinstance(short, str) and short.strip():
            self._by_short.setdefault(" ".join(short.split()).lower(), card)

    def __getitem__(self, key: str) -> C:
        try:
            return self._by_id[key]
        except KeyError:
            c = self.find(key)
            if c is None:
                raise UnknownCard(f"unknown card {key!r}: not an id, Japanese name or English name of this pool") from None
            return c

    def __iter__(self) -> Iterator[str]:
        return iter(self._by_id)

    def __len__(self) -> int:
        return len(self._by_id)

    def find(self, name: str) -> C | None:
        """The card with this id, exact Japanese name or English name (case-insensitive), or short
        name (``short_name``, when no card has it as its name), or None."""
        c = self._by_id.get(name) or self._by_name.get(name)
        if c is None:
            key = " ".join(name.split()).lower()
            c = self._by_lower.get(key) or self._by_short.get(key)
        return c

    def by_id(self, card_id: str) -> C | None:
        """The card with exactly this id, or None (``in`` and ``[]`` also accept names)."""
        return self._by_id.get(card_id)

    def extended(self, extra: Iterable[C]) -> CardPool[C]:
        """A new pool with ``extra`` cards added (positions may define their own cards)."""
        p: CardPool[C] = CardPool(self._by_id.values())
        for c in extra:
            p.add(c)
        return p


def _line_of_card(text: str, card_id: str, field: str | None = None) -> int | None:
    """The line where card ``card_id`` (and, if given, its ``field``) is written in TOML text."""
    lines = text.splitlines()
    pat = re.compile(r'^\s*id\s*=\s*["\']' + re.escape(card_id) + r'["\']')
    start = None
    for i, ln in enumerate(lines):
        if pat.match(ln):
            start = i
            break
    if start is None:
        return None
    # the card's table begins at the nearest [[card]] above
    begin = start
    while begin > 0 and not lines[begin].strip().startswith("[["):
        begin -= 1
    if field:
        fpat = re.compile(r"^\s*" + re.escape(field) + r"\s*=")
        for j in range(begin, len(lines)):
            if j > start and lines[j].strip().startswith("[[card]]"):
                break
            if fpat.match(lines[j]):
                return j + 1
    return start + 1


def _checked(
    raws: Iterable[Any],
    build: Callable[[dict[str, Any], Where], C],
    file: str,
    text: str = "",
) -> Iterator[tuple[Any, C | None, str]]:
    """Each raw card table with its card, or with the problem that stops it (file, line, card, field)."""
    seen: set[str] = set()
    for i, raw in enumerate(raws):
        if not isinstance(raw, dict):
            yield raw, None, f"{file}: card #{i + 1}: a card must be a table ([[card]])"
            continue
        cid = raw.get("id")
        if not isinstance(cid, str) or not cid:
            yield raw, None, f"{file}: card #{i + 1} ({raw.get('name', '?')}): field 'id': missing or not a string"
            continue
        if cid in seen:
            yield raw, None, f"{file}:{_line_of_card(text, cid) or '?'}: card {cid!r}: id defined twice"
            continue
        seen.add(cid)
        where = Where(file, cid, _line_of_card(text, cid) if text else None)
        try:
            yield raw, build(raw, where), ""
        except CardDataError as e:
            msg = str(e)
            m = re.search(r"field '([^']+)'", msg)
            if m and text:
                ln = _line_of_card(text, cid, m.group(1).split(".")[0].split("[")[0])
                if ln and where.line and f"{file}:{where.line}:" in msg:
                    msg = msg.replace(f"{file}:{where.line}:", f"{file}:{ln}:", 1)
            yield raw, None, msg


def build_cards(
    raws: Iterable[Any],
    build: Callable[[dict[str, Any], Where], C],
    file: str,
    text: str = "",
) -> list[C]:
    """Validate raw card tables with ``build``; the first problem raises CardDataError with a line."""
    out: list[C] = []
    for _, card, problem in _checked(raws, build, file, text):
        if card is None:
            raise CardDataError(problem)
        out.append(card)
    return out


def _read_tables(p: Path) -> tuple[list[Any], str, str]:
    """The ``[[card]]`` tables of a TOML file, its text and the problem that stops reading it ("" if none)."""
    try:
        text = p.read_text(encoding="utf-8")
    except OSError as e:
        return [], "", f"{p}: cannot read: {e.strerror}"
    try:
        doc = read_toml(text, str(p), CardDataError)
    except CardDataError as e:
        return [], text, str(e)
    unknown = set(doc) - {"card"}
    if unknown:
        return [], text, f"{p}: unknown top-level key(s) {sorted(unknown)}; card files hold [[card]] tables only"
    raws = doc.get("card", [])
    if not isinstance(raws, list):
        return [], text, f"{p}: 'card' must be an array of tables ([[card]])"
    return raws, text, ""


def load_card_file(path: str | Path, build: Callable[[dict[str, Any], Where], C]) -> list[C]:
    """Read ``[[card]]`` tables from one TOML file."""
    p = Path(path)
    raws, text, problem = _read_tables(p)
    if problem:
        raise CardDataError(problem)
    return build_cards(raws, build, str(p), text)


@dataclass(frozen=True, slots=True)
class LoadedCard(Generic[C]):
    """A card read from a file: its raw table (kept to embed in records), the card, where it is."""

    raw: dict[str, Any]
    card: C
    file: str
    line: int | None


def card_file_problems(
    path: str | Path, build: Callable[[dict[str, Any], Where], C]
) -> tuple[list[LoadedCard[C]], list[str]]:
    """Every card of one TOML file, and every problem of the file (not only the first): each broken
    card is named with its file, line and field; a file that is no valid TOML has that one problem."""
    p = Path(path)
    raws, text, problem = _read_tables(p)
    if problem:
        return [], [problem]
    good: list[LoadedCard[C]] = []
    problems: list[str] = []
    for raw, card, msg in _checked(raws, build, str(p), text):
        if card is None:
            problems.append(msg)
        else:
            good.append(LoadedCard(raw, card, str(p), _line_of_card(text, card.id)))
    return good, problems


def card_files(paths: Iterable[str | Path]) -> tuple[list[Path], list[str]]:
    """The TOML files named by ``paths`` (a folder gives its ``*.toml`` files, sorted), and the
    paths that give none."""
    files: list[Path] = []
    problems: list[str] = []
    for path in paths:
        p = Path(path)
        if p.is_dir():
            found = sorted(p.glob("*.toml"))
            if not found:
                problems.append(f"{p}: no .toml files in this folder")
            files += found
        elif p.is_file():
            files.append(p)
        else:
            problems.append(f"{p}: no such file or folder")
    return files, problems


def load_card_dir(directory: str | Path, build: Callable[[dict[str, Any], Where], C]) -> list[C]:
    out: list[C] = []
    for p in sorted(Path(directory).glob("*.toml")):
        out.extend(load_card_file(p, build))
    return out


# ---------------------------------------------------------------- field readers for build functions
def req(raw: dict[str, Any], field: str, typ: type | tuple[type, ...], where: Where) -> Any:
    if field not in raw:
        raise where.err(field, "missing")
    v = raw[field]
    if not isinstance(v, typ) or (typ is int and isinstance(v, bool)):
        raise where.err(field, f"expected {_tname(typ)}, got {type(v).__name__} {v!r}")
    return v


def opt(raw: dict[str, Any], field: str, typ: type | tuple[type, ...], default: Any, where: Where) -> Any:
    if field not in raw:
        return default
    return req(raw, field, typ, where)


def check_fields(raw: dict[str, Any], allowed: Iterable[str], where: Where) -> None:
    extra = sorted(set(raw) - set(allowed))
    if extra:
        raise where.err(extra[0], f"unknown field; allowed fields are {sorted(allowed)}")


def _tname(t: type | tuple[type, ...]) -> str:
    if isinstance(t, tuple):
        return " or ".join(x.__name__ for x in t)
    return t.__name__
