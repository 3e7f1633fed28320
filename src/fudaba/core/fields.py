"""A state's fields, declared once (ARCHITECTURE §3.6): copy, JSON, search mode and checks derived.

A game lists its state's fields in ``FIELDS``; the core writes, once per class, the code that copies
them (``_copy_into``), dumps them (``_dump``, in the order declared — the hash reads that order),
reads them back from a state document with every value checked (``_load``), gives each its
starting value (``init_fields``), and lists the cards a state holds (``all_cards``). The generated
functions are plain Python built with ``exec``, as :mod:`dataclasses` builds ``__init__``, so a
clone costs what the hand-written copy cost.

>>> from dataclasses import replace
>>> fs = compile_fields([replace(seat_cards(), name="hand"), replace(seat(), name="turn_player")])
>>> class S:
...     __slots__ = ("hand", "turn_player")
>>> a = S(); fs.init(a); a.hand[0].append("X-1")
>>> b = S(); fs.copy(a, b); b.hand[0].append("X-2")
>>> a.hand, b.hand, fs.dump(b)
([['X-1'], []], [['X-1', 'X-2'], []], {'hand': [['X-1', 'X-2'], []], 'turn_player': 0})

In a game, the fields are written in the state's class body, one line each (the metaclass of
:class:`~fudaba.core.state.State` names them, adds them to ``__slots__`` and compiles them)::

    class MakenState(State):
        hand: list[list[str]] = seat_cards()
        phase: str = value(str, default="setup")
        cards: dict[str, MCard] = shared(lambda st: dict(st.game.cards.items()))

A field is one of these shapes (its *copy*):

================= ==================================== ======================================
shape             copied as                            e.g.
================= ==================================== ======================================
``value``         the same object (ints, str, tuples)  ``active``, ``phase``, ``judge``
``shared``        the same object; not in the JSON     the card table, caches
``items``         a new list of the same items         Walpurgis's 25 squares, the chain
``seat_items``    two new lists, one per seat          hands, decks, discard piles
``seat_units``    two new lists of the items' copies   Sarasvati's units in their slots
``mapping``       a new dict of the same items         per-card counters
================= ==================================== ======================================

Each field also says how its JSON value is checked and turned back into the state's own types
(``load``: a function of the value and a :class:`Where` that raises :class:`PositionError` naming
the key), and — for cards — which ``zone`` it is (``all_cards`` counts every zone field).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from .errors import PositionError

Load = Callable[[Any, "Where"], Any]
Dump = Callable[[Any], Any]

SHAPES = ("value", "shared", "items", "seat_items", "seat_units", "mapping")


class Where:
    """Where a value sits in a document, for the errors of checks (``state.hand[1][3]``): ``doc``
    names the document (``state JSON``, ``position``), ``cards`` the card ids to check ids against."""

    __slots__ = ("cards", "doc", "path")

    def __init__(self, path: str, cards: Any = None, doc: str = "state JSON") -> None:
        self.path = path
        self.cards = cards
        self.doc = doc

    def at(self, key: object) -> Where:
        return Where(f"{self.path}[{key}]" if isinstance(key, int) else f"{self.path}.{key}" if self.path else str(key),
                     self.cards, self.doc)

    def fail(self, problem: str) -> PositionError:
        return PositionError(f"{self.doc}: key {self.path!r}: {problem}")


@dataclass(frozen=True)
class Field:
    """One field of a game's state, declared in the state's class body as ``hand: list[list[str]] =
    seat_cards()`` (the attribute's name and type come from that line): its ``shape`` (how it is
    copied, above), ``default`` (a function of the state giving its starting value — the game is set
    by then), ``load`` (check and convert the JSON value), ``dump`` (the JSON value of the field; None:
    as it is), ``key`` (its JSON key, the name by default: a renamed attribute keeps the old key so
    that hashes stay), ``pack`` (fields with the same pack are one JSON array under that key, in
    declared order), ``zone`` (the field holds cards: ``"cards"`` a list of ids, ``"seat_cards"``
    two lists, or a function of the value giving the ids), ``optional`` (a document without the key
    gets the default) and ``doc``."""

    name: str = ""
    shape: str = "value"
    default: Callable[[Any], Any] = lambda st: None
    load: Load | None = None
    dump: Dump | None = None
    key: str = ""
    pack: str = ""
    zone: str | Callable[[Any], Iterable[str]] = ""
    optional: bool = False
    doc: str = field(default="", compare=False)

    def __post_init__(self) -> None:
        if self.shape not in SHAPES:
            raise ValueError(f"field {self.name}: shape {self.shape!r} is not one of {SHAPES}")

    @property
    def json_key(self) -> str:
        return self.key or self.name


# ---------------------------------------------------------------------- checks of JSON values
def check_int(lo: int | None = None, hi: int | None = None) -> Load:
    def load(v: Any, w: Where) -> int:
        if type(v) is not int:
            raise w.fail(f"expected a whole number, got {_short(v)}")
        if (lo is not None and v < lo) or (hi is not None and v > hi):
            raise w.fail(f"{v} is out of range {lo if lo is not None else '-∞'}..{hi if hi is not None else '∞'}")
        return v
    return load


def check_bool(v: Any, w: Where) -> bool:
    if type(v) is not bool:
        raise w.fail(f"expected true or false, got {_short(v)}")
    return v


def check_str(choices: Iterable[str] | None = None) -> Load:
    allowed = None if choices is None else frozenset(choices)

    def load(v: Any, w: Where) -> str:
        if type(v) is not str:
            raise w.fail(f"expected text, got {_short(v)}")
        if allowed is not None and v not in allowed:
            raise w.fail(f"{_short(v)} is not one of {sorted(allowed)}")
        return v
    return load


def check_card(v: Any, w: Where) -> str:
    """A card id the game knows."""
    if type(v) is not str:
        raise w.fail(f"expected a card id, got {_short(v)}")
    if w.cards is not None and v not in w.cards:
        raise w.fail(f"{_short(v)} is not a card of this game")
    return v


def check_card_or_empty(v: Any, w: Where) -> str:
    """A card id, or "" for none."""
    return v if v == "" else check_card(v, w)


def check_list(item: Load, size: int | None = None, max_size: int = 10_000) -> Load:
    """A JSON array of items checked by ``item`` (``size``: exactly that many)."""
    def load(v: Any, w: Where) -> list[Any]:
        if type(v) is not list:
            raise w.fail(f"expected an array, got {_short(v)}")
        if size is not None and len(v) != size:
            raise w.fail(f"expected {size} entries, got {len(v)}")
        if len(v) > max_size:
            raise w.fail(f"{len(v)} entries is more than {max_size}")
        return [item(x, w.at(i)) for i, x in enumerate(v)]
    return load


def check_tuple(*items: Load) -> Load:
    """A JSON array of exactly ``len(items)`` entries, each checked by its own function, as a tuple."""
    def load(v: Any, w: Where) -> tuple[Any, ...]:
        if type(v) is not list or len(v) != len(items):
            raise w.fail(f"expected an array of {len(items)} entries, got {_short(v)}")
        return tuple(f(x, w.at(i)) for i, (f, x) in enumerate(zip(items, v, strict=True)))
    return load


def check_optional(item: Load) -> Load:
    """None (JSON null) or a value checked by ``item``."""
    def load(v: Any, w: Where) -> Any:
        return None if v is None else item(v, w)
    return load


def check_json(v: Any, w: Where) -> Any:
    """Any JSON value, kept as it is (for data the rules only carry)."""
    return v


def tuples(v: Any) -> Any:
    """Dump helper: tuples (nested) as lists, as ``json.dumps`` writes them."""
    if isinstance(v, tuple):
        return [tuples(x) for x in v]
    if isinstance(v, list):
        return [tuples(x) for x in v]
    return v


def _short(v: Any) -> str:
    return f"{v!r:.40}"


# ---------------------------------------------------------------------- field constructors
# Each returns ``Any`` so that ``hand: list[list[str]] = seat_cards()`` type-checks, as
# ``dataclasses.field`` does; the state's metaclass takes the Field out of the class body.
def value(kind: type = int, *, lo: int | None = None, hi: int | None = None, choices: Iterable[str] | None = None,
          default: Any = None, **kw: Any) -> Any:
    """An immutable scalar: an int (``lo``..``hi``), a bool or a str (``choices``)."""
    if kind is bool:
        load: Load = check_bool
        start = False if default is None else default
    elif kind is str:
        load = check_str(choices)
        start = "" if default is None else default
    else:
        load = check_int(lo, hi)
        start = (lo or 0) if default is None else default
    kw.setdefault("load", load)
    return Field(shape="value", default=lambda st: start, **kw)


def seat(**kw: Any) -> Any:
    """A seat number, 0 or 1."""
    return value(int, lo=0, hi=1, **kw)


def data(load: Load, default: Callable[[Any], Any] = lambda st: None, **kw: Any) -> Any:
    """An immutable value (a tuple, None or a frozen record) checked by ``load``."""
    return Field(shape="value", default=default, load=load, **kw)


def seat_cards(**kw: Any) -> Any:
    """Two lists of card ids, one per seat (a hand, a deck, a discard pile)."""
    kw.setdefault("load", check_list(check_list(check_card), size=2))
    kw.setdefault("zone", "seat_cards")
    return Field(shape="seat_items", default=lambda st: [[], []], **kw)


def seat_items(item: Load, **kw: Any) -> Any:
    """Two lists (one per seat) of immutable items checked by ``item``."""
    kw.setdefault("load", check_list(check_list(item), size=2))
    return Field(shape="seat_items", default=lambda st: [[], []], **kw)


def seat_units(item: Load, default: Callable[[Any], Any] = lambda st: [[], []], **kw: Any) -> Any:
    """Two lists (one per seat) of mutable objects with a ``copy()`` method, or None (a slot's unit)."""
    kw.setdefault("load", check_list(check_list(check_optional(item)), size=2))
    return Field(shape="seat_units", default=default, **kw)


def seat_values(item: Load, start: Any, **kw: Any) -> Any:
    """One immutable value per seat, in a list of two (copied as a new list)."""
    kw.setdefault("load", check_list(item, size=2))
    return Field(shape="items", default=lambda st: [start, start], **kw)


def items(item: Load, default: Callable[[Any], Any] = lambda st: [], **kw: Any) -> Any:
    """A list of immutable items checked by ``item`` (copied as a new list)."""
    kw.setdefault("load", check_list(item))
    return Field(shape="items", default=default, **kw)


def shared(default: Callable[[Any], Any] = lambda st: None, **kw: Any) -> Any:
    """Shared by every copy and derived again when a document is read (``default(state)``, after
    the other fields): never in the JSON (the card table, caches)."""
    return Field(shape="shared", default=default, **kw)


# ---------------------------------------------------------------------- the compiled functions
class CompiledFields:
    """The functions derived from a declaration (:func:`compile_fields`): ``copy(old, new)``,
    ``dump(state)``, ``init(state)``, ``zones(state)`` and :meth:`load`."""

    def __init__(self, fields: Sequence[Field], env: dict[str, Any]) -> None:
        self.fields = tuple(fields)
        self.copy: Callable[[Any, Any], None] = env["copy"]
        self.dump: Callable[[Any], dict[str, Any]] = env["dump"]
        self.init: Callable[[Any], None] = env["init"]
        self.zones: Callable[[Any], list[str]] = env["zones"]

    def load(self, st: Any, doc: Any, cards: Any = None) -> None:
        """Set every field of ``st`` from the state document's ``doc``, each value checked
        (PositionError naming the key); then the shared fields, derived from the others."""
        w = Where("", cards)
        if type(doc) is not dict:
            raise w.fail(f"expected a table of fields, got {_short(doc)}")
        packs: dict[str, list[Any]] = {}
        for f in self.fields:
            if f.shape == "shared":
                continue
            if f.pack:
                got = packs.get(f.pack)
                if got is None:
                    got = packs[f.pack] = self._pack(doc, f.pack, w)
                k = sum(1 for g in self.fields if g.pack == f.pack and self.fields.index(g) < self.fields.index(f))
                setattr(st, f.name, got[k] if f.load is None else f.load(got[k], w.at(f.pack).at(k)))
                continue
            k2 = f.json_key
            if k2 not in doc:
                if f.optional:
                    setattr(st, f.name, f.default(st))
                    continue
                raise w.at(k2).fail("missing")
            v = doc[k2]
            setattr(st, f.name, v if f.load is None else f.load(v, w.at(k2)))
        for f in self.fields:
            if f.shape == "shared":
                setattr(st, f.name, f.default(st))

    def _pack(self, doc: dict[str, Any], key: str, w: Where) -> list[Any]:
        n = sum(1 for f in self.fields if f.pack == key)
        v = doc.get(key)
        if type(v) is not list or len(v) != n:
            raise w.at(key).fail(f"expected an array of {n} entries, got {_short(v)}")
        return v


def compile_fields(fields: Sequence[Field]) -> CompiledFields:
    """Write and compile the copy, dump, init and zone functions of ``fields`` (once per class)."""
    names = [f.name for f in fields]
    dup = {n for n in names if names.count(n) > 1}
    if dup or not all(names):
        raise ValueError(f"fields declared twice or without a name: {sorted(dup) or names}")
    env: dict[str, Any] = {}
    copy_lines = ["def copy(self, new):", " pass"]
    init_lines = ["def init(self):", " pass"]
    zone_lines = ["def zones(self):", " out = []"]
    dump_items: list[str] = []
    packed: dict[str, list[str]] = {}
    for i, f in enumerate(fields):
        n = f.name
        env[f"_default{i}"] = f.default
        init_lines.append(f" self.{n} = _default{i}(self)")
        copy_lines.append(_copy_line(f))
        if f.shape != "shared":
            expr = f"self.{n}"
            if f.dump is not None:
                env[f"_dump{i}"] = f.dump
                expr = f"_dump{i}(self.{n})"
            if f.pack:
                if f.pack not in packed:
                    packed[f.pack] = []
                    dump_items.append(f"{f.pack!r}: [{{pack:{f.pack}}}]")
                packed[f.pack].append(expr)
            else:
                dump_items.append(f"{f.json_key!r}: {expr}")
        zone_lines.extend(_zone_lines(f, i, env))
    dump_src = " return {" + ", ".join(dump_items) + "}"
    for key, exprs in packed.items():
        dump_src = dump_src.replace(f"{{pack:{key}}}", ", ".join(exprs))
    zone_lines.append(" return out")
    src = "\n".join([*copy_lines, "def dump(self):", dump_src, *init_lines, *zone_lines])
    exec(compile(src, "<fudaba state fields>", "exec"), env)  # code written from the declaration above
    return CompiledFields(fields, env)


def _copy_line(f: Field) -> str:
    n = f.name
    if f.shape in ("value", "shared"):
        return f" new.{n} = self.{n}"
    if f.shape == "items":  # lists (declared so, and loaded so): list.copy is the fastest copy
        return f" new.{n} = self.{n}.copy()"
    if f.shape == "seat_items":
        return f" x = self.{n}; new.{n} = [x[0].copy(), x[1].copy()]"
    if f.shape == "seat_units":
        return (f" x = self.{n}; new.{n} = [[None if u is None else u.copy() for u in x[0]], "
                "[None if u is None else u.copy() for u in x[1]]]")
    return f" new.{n} = self.{n}.copy()"  # mapping


def _zone_lines(f: Field, i: int, env: dict[str, Any]) -> list[str]:
    n = f.name
    if f.zone == "cards":
        return [f" out.extend(self.{n})"]
    if f.zone == "seat_cards":
        return [f" x = self.{n}; out.extend(x[0]); out.extend(x[1])"]
    if callable(f.zone):
        env[f"_zone{i}"] = f.zone
        return [f" out.extend(_zone{i}(self.{n}))"]
    return []


def fields_of(name: str, bases: tuple[type, ...], ns: dict[str, Any]) -> list[Field]:
    """For a state class being made: take the Field values out of its body ``ns`` (each named after
    its attribute), add their names to ``__slots__`` and return every field — the bases' first."""
    inherited: list[Field] = []
    for b in bases:
        inherited.extend(getattr(b, "FIELDS", ()))
    own = []
    for k, v in list(ns.items()):
        if isinstance(v, Field):
            own.append(replace(v, name=k))
            del ns[k]
    if own:
        slots = ns.get("__slots__", ())
        slots = (slots,) if isinstance(slots, str) else tuple(slots)
        ns["__slots__"] = (*slots, *(f.name for f in own if f.name not in slots))
    return [*inherited, *own]


__all__ = [
    "CompiledFields", "Field", "Where", "check_bool", "check_card", "check_card_or_empty", "check_int", "check_json",
    "check_list", "check_optional", "check_str", "check_tuple", "compile_fields", "data", "fields_of", "items", "seat",
    "seat_cards", "seat_items", "seat_units", "seat_values", "shared", "tuples", "value",
]
