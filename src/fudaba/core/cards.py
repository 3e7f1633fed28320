"""Card pools and card-data loading (ARCHITECTURE §3.5).

Card definitions are immutable and shared by every state. A game describes its card record with a
``build(raw, where)`` function that returns its card type or raises :class:`CardDataError`;
:func:`load_card_file` reads ``[[card]]`` tables from TOML and names the file, card, field and line
of every problem.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Generic, Protocol, TypeVar

from .documents import read_toml
from .errors import CardDataError, FudabaError, UnknownCard
from .files import read_text


class CardLike(Protocol):
    @property
    def id(self) -> str: ...
    @property
    def name(self) -> str: ...
    @property
    def name_en(self) -> str: ...


C = TypeVar("C", bound=CardLike)
T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Where:
    """Where a card record came from, for error messages — and what is wrong with it so far.

    A game's build function checks the parts of a card that do not depend on each other with
    :meth:`part` and ends with :meth:`done`: so ``cards check`` reports every broken field of a card,
    not only the first (a check that needs a broken field's value is not made).

    >>> w = Where("a.toml", "X-1", 3, {"cost": 7})
    >>> str(w.err("cost", "missing")), str(w.err("effects[0].n", "too big"))
    ("a.toml:7: card 'X-1': field 'cost': missing", "a.toml:3: card 'X-1': field 'effects[0].n': too big")
    >>> def bad(f):
    ...     raise w.err(f, "wrong")
    >>> w.part(bad, "name", default=""), w.part(bad, "cost", default=0), w.part(len, "abc", default=0)
    ('', 0, 3)
    >>> w.done()
    Traceback (most recent call last):
    ...
    fudaba.core.errors.CardDataError: a.toml:3: card 'X-1': field 'name': wrong
    a.toml:7: card 'X-1': field 'cost': wrong
    """

    file: str
    card: str
    line: int | None = None
    #: the line of each field of the card in its file (a problem names its field's own line)
    lines: Mapping[str, int] = field(default_factory=dict, compare=False, repr=False)
    #: the problems :meth:`part` found so far
    problems: list[str] = field(default_factory=list, compare=False, repr=False)

    def err(self, field: str, problem: str) -> CardDataError:
        line = self.lines.get(field.split(".")[0].split("[")[0]) or self.line
        at = f"{self.file}:{line}" if line else self.file
        return CardDataError(f"{at}: card {self.card!r}: field {field!r}: {problem}")

    def part(self, check: Callable[..., T], *args: Any, default: T) -> T:
        """``check(*args)``, or ``default`` when it raises CardDataError (its problems are kept)."""
        try:
            return check(*args)
        except CardDataError as e:
            self.problems.extend(e.problems)
            return default

    def apart(self) -> Where:
        """The same card with no problems yet: a check made of independent parts collects them there
        (``w = where.apart()``, ``w.part(...)``, ``w.done()``) and raises them together."""
        return Where(self.file, self.card, self.line, self.lines)

    def done(self) -> None:
        """Raise one CardDataError with every problem :meth:`part` found (nothing when none); the
        problems are cleared, so that the same place can check another card."""
        if self.problems:
            found = list(self.problems)
            self.problems.clear()
            raise CardDataError.of(found)


def whole(v: Any, lo: int, hi: int, where: Where, field: str) -> int:
    """``v``, the value of ``field``, checked to be a whole number from ``lo`` to ``hi`` (every number
    of a game's card vocabulary has such a range: a count of 10⁹ is refused when the cards load)."""
    if not isinstance(v, int) or isinstance(v, bool):
        raise where.err(field, f"expected a whole number from {lo} to {hi}, got {type(v).__name__} {v!r:.40}")
    if v < lo:
        raise where.err(field, f"must be at least {lo} (from {lo} to {hi}), got {v}")
    if v > hi:
        raise where.err(field, f"must be at most {hi} (from {lo} to {hi}), got {v}")
    return v


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


class CardLines:
    """Where each card of a TOML file is written: the line of its ``id`` and of each of its fields,
    found in one pass over the text (so that checking N cards takes time in proportion to N).

    >>> ls = CardLines(chr(10).join(['[[card]]', 'id = "A"', 'cost = 1', '', '[[card]]', 'name = "b"', 'id = "B"']))
    >>> ls.line("A"), ls.line("B"), ls.fields("A"), ls.line("C")
    (2, 7, {'id': 2, 'cost': 3}, None)
    """

    _KEY = re.compile(r"^\s*([A-Za-z0-9_-]+)\s*=\s*(.*)$")
    _ID = re.compile(r"""^["']([^"']*)["']""")

    def __init__(self, text: str) -> None:
        self._id_line: dict[str, int] = {}
        self._fields: dict[str, dict[str, int]] = {}
        fields: dict[str, int] | None = None  # the fields of the [[card]] table being read
        for no, ln in enumerate(text.splitlines(), 1):
            s = ln.strip()
            if s.startswith("["):
                fields = {} if s.startswith("[[card]]") else None
                continue
            m = self._KEY.match(ln) if fields is not None else None
            if m is None or fields is None:
                continue
            fields.setdefault(m.group(1), no)
            idm = self._ID.match(m.group(2)) if m.group(1) == "id" else None
            if idm is not None and idm.group(1) not in self._id_line:  # the first card with an id names it
                self._id_line[idm.group(1)] = no
                self._fields[idm.group(1)] = fields

    def line(self, card_id: str) -> int | None:
        """The line of the card's ``id``, or None."""
        return self._id_line.get(card_id)

    def fields(self, card_id: str) -> dict[str, int]:
        """The line of each field of the card (its first table with that id)."""
        return self._fields.get(card_id, {})


def _checked(
    raws: Iterable[Any],
    build: Callable[[dict[str, Any], Where], C],
    file: str,
    text: str = "",
) -> Iterator[tuple[Any, C | None, list[str], int | None]]:
    """Each raw card table with its card (None when broken), every problem of it (file, line, card,
    field) and the line of its id."""
    seen: set[str] = set()
    lines = CardLines(text) if text else None
    for i, raw in enumerate(raws):
        if not isinstance(raw, dict):
            yield raw, None, [f"{file}: card #{i + 1}: a card must be a table ([[card]])"], None
            continue
        cid = raw.get("id")
        if not isinstance(cid, str) or not cid:
            name = raw.get("name", "?")
            yield raw, None, [f"{file}: card #{i + 1} ({name!r:.40}): field 'id': missing or not a string"], None
            continue
        line = lines.line(cid) if lines else None
        if cid in seen:
            yield raw, None, [f"{file}:{line or '?'}: card {cid!r}: id defined twice"], line
            continue
        seen.add(cid)
        where = Where(file, cid, line, lines.fields(cid) if lines else {})
        try:
            yield raw, build(raw, where), [], line
        except CardDataError as e:
            yield raw, None, e.problems, line


def build_cards(
    raws: Iterable[Any],
    build: Callable[[dict[str, Any], Where], C],
    file: str,
    text: str = "",
) -> list[C]:
    """Validate raw card tables with ``build``; the first broken card raises CardDataError with every
    problem of that card (file, line, card, field)."""
    out: list[C] = []
    for _, card, problems, _ in _checked(raws, build, file, text):
        if card is None:
            raise CardDataError.of(problems)
        out.append(card)
    return out


def _read_tables(p: Path) -> tuple[list[Any], str, str]:
    """The ``[[card]]`` tables of a TOML file, its text and the problem that stops reading it ("" if none)."""
    try:
        text = read_text(p)
    except FudabaError as e:
        return [], "", str(e)
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
    for raw, card, found, line in _checked(raws, build, str(p), text):
        if card is None:
            problems += found
        else:
            good.append(LoadedCard(raw, card, str(p), line))
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
    """Every field of ``raw`` that is not ``allowed`` (one problem each)."""
    extra = sorted(set(raw) - set(allowed))
    if extra:
        raise CardDataError.of([str(where.err(k, f"unknown field; allowed fields are {sorted(allowed)}"))
                                for k in extra])


def _tname(t: type | tuple[type, ...]) -> str:
    if isinstance(t, tuple):
        return " or ".join(x.__name__ for x in t)
    return t.__name__
