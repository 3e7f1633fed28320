"""Reading documents given by users — JSON and TOML — within limits (ARCHITECTURE §4, issue 18).

Positions, records, state documents and card files all come from people (or from any client of a
server), so every one of them is parsed here, and refused with the caller's documented error when it
is larger than :data:`MAX_BYTES`, nested deeper than :data:`MAX_DEPTH`, holds a number of more than
:data:`MAX_DIGITS` digits, ``NaN`` or an infinity, or a NUL character:

>>> read_json('{"turn": 3, "hand": ["SV-A01"]}', "position")
{'turn': 3, 'hand': ['SV-A01']}
>>> read_json('[' * 200 + ']' * 200, "position")
Traceback (most recent call last):
...
fudaba.core.errors.PositionError: position: nested more than 64 levels deep
>>> read_toml('x = nan', "position")
Traceback (most recent call last):
...
fudaba.core.errors.PositionError: position: 'nan' is not a finite number
>>> read_json('{"seed": 1e999}', "record")
Traceback (most recent call last):
...
fudaba.core.errors.PositionError: record: '1e999' is not a finite number

A document given as Python data (a dict) is checked the same way by :func:`check_tree`.
"""

from __future__ import annotations

import datetime
import json
import math
import re
import sys
import tomllib
import warnings
from collections.abc import Mapping
from typing import Any

from .errors import FudabaError, PositionError

#: the largest document read, in bytes of UTF-8 (a long game's state with its log is a few hundred KB)
MAX_BYTES = 16 * 1024 * 1024
#: the deepest nesting of tables and lists (fudaba's own documents are less than 12 deep)
MAX_DEPTH = 64
#: the most digits of a whole number (Python's own limit for converting text to int)
MAX_DIGITS = 4300

ErrorType = type[FudabaError]

#: the most characters of an action's notation: longer text is refused before it is read
MAX_ACTION_CHARS = 1000

#: the version of the engine, written in every record and state document (``engine``)
ENGINE_VERSION = "0.1.0"

#: a run of digits longer than any number a document may hold
_LONG_NUMBER = re.compile(r"(?<![0-9])[0-9]{" + str(MAX_DIGITS + 1) + "}")


def depth_over(doc: Any, max_depth: int) -> bool:
    """Whether the tables and lists of ``doc`` nest deeper than ``max_depth`` (only they are walked)."""
    todo: list[tuple[Any, int]] = [(doc, 1)]
    while todo:
        v, depth = todo.pop()
        if depth > max_depth:
            return True
        todo.extend([(x, depth + 1) for x in (v.values() if type(v) is dict else v)
                     if type(x) is dict or type(x) is list])
    return False


#: a TOML key of more than MAX_DEPTH dotted parts (``a.b.c…``, quoted parts too)
_DOTTED = re.compile(r"""(?:(?:[A-Za-z0-9_-]+|"[^"\\\n]*"|'[^'\n]*')[ \t]*\.[ \t]*){""" + str(MAX_DEPTH) + "}")


def _cut(text: str, n: int = 40) -> str:
    """``text`` shortened to ``n`` characters for a message."""
    return text if len(text) <= n else text[: n - 1] + "…"


def _check_text(text: Any, what: str, error: ErrorType, max_bytes: int | None) -> str:
    if max_bytes is None:
        max_bytes = MAX_BYTES
    if isinstance(text, (bytes, bytearray)):
        if len(text) > max_bytes:
            raise error(f"{what}: {len(text):,} bytes is larger than the limit of {max_bytes:,}")
        try:
            text = bytes(text).decode("utf-8-sig")
        except UnicodeDecodeError as e:
            raise error(f"{what}: not UTF-8 text ({e.reason} at byte {e.start})") from None
    if not isinstance(text, str):
        raise error(f"{what}: expected text, got {type(text).__name__}")
    # a character is at most 4 bytes of UTF-8: count exactly only near the limit
    if len(text) * 4 > max_bytes and len(text.encode("utf-8", "surrogatepass")) > max_bytes:
        raise error(f"{what}: {len(text):,} characters is larger than the limit of {max_bytes:,} bytes")
    if "\x00" in text:
        raise error(f"{what}: contains a NUL character (at offset {text.index(chr(0))})")
    return text


def _number(error: ErrorType, what: str) -> Any:
    def parse_float(s: str) -> float:
        v = float(s)
        if not math.isfinite(v):
            raise error(f"{what}: {_cut(s)!r} is not a finite number")
        return v

    return parse_float


def _no_constant(error: ErrorType, what: str) -> Any:
    def parse_constant(s: str) -> Any:
        raise error(f"{what}: {s!r} is not a finite number")

    return parse_constant


def read_json(text: Any, what: str, error: ErrorType = PositionError, max_bytes: int | None = None,
              max_depth: int = MAX_DEPTH, walk: bool = True) -> Any:
    """The JSON document ``text`` (str or UTF-8 bytes), within the limits; ``error`` (naming
    ``what``) when it is not valid JSON or breaks a limit. ``walk=False``: the caller checks the
    depth itself, part by part (a reader that checks every key anyway, as ``state_from_json``)."""
    text = _check_text(text, what, error, max_bytes)
    if "\\u0000" in text:
        raise error(f"{what}: contains a NUL character (\\u0000)")
    # Python refuses to convert longer numbers (ValueError below) unless its limit was lifted
    if sys.get_int_max_str_digits() == 0 and _LONG_NUMBER.search(text) is not None:
        raise error(f"{what}: a number of more than {MAX_DIGITS:,} digits")
    try:
        doc = json.loads(text, parse_float=_number(error, what), parse_constant=_no_constant(error, what))
    except json.JSONDecodeError as e:
        raise error(f"{what}: not valid JSON: {e}") from None
    except RecursionError:
        raise error(f"{what}: nested more than {max_depth} levels deep") from None
    except ValueError as e:  # a number Python will not convert
        raise error(f"{what}: not valid JSON: {_cut(str(e), 80)}") from None
    if walk and (type(doc) is dict or type(doc) is list) and depth_over(doc, max_depth):
        raise error(f"{what}: nested more than {max_depth} levels deep")
    return doc


def read_toml(text: Any, what: str, error: ErrorType = PositionError, max_bytes: int | None = None,
              max_depth: int = MAX_DEPTH) -> dict[str, Any]:
    """The TOML document ``text``, within the limits (``nan`` and ``inf`` refused); ``error`` (naming
    ``what``) when it is not valid TOML or breaks a limit."""
    text = _check_text(text, what, error, max_bytes)
    if _DOTTED.search(text) is not None:  # tomllib takes time quadratic in a dotted key's length
        raise error(f"{what}: a dotted key of more than {MAX_DEPTH} parts (nested more than {max_depth} levels deep)")
    try:
        doc = tomllib.loads(text, parse_float=_number(error, what))
    except tomllib.TOMLDecodeError as e:
        raise error(f"{what}: not valid TOML: {e}") from None
    except RecursionError:
        raise error(f"{what}: nested more than {max_depth} levels deep") from None
    except ValueError as e:  # a whole number of more than MAX_DIGITS digits
        raise error(f"{what}: not valid TOML: {_cut(str(e), 80)}") from None
    check_tree(doc, what, error, max_depth)
    return doc


def check_tree(doc: Any, what: str, error: ErrorType = PositionError, max_depth: int = MAX_DEPTH) -> None:
    """``error`` unless ``doc`` is plain document data within the limits: tables with text keys, lists
    and tuples, text without NUL, whole numbers of at most :data:`MAX_DIGITS` digits, finite numbers,
    booleans and None, nested at most ``max_depth`` deep (so a cycle is refused too). The message
    names the key (``seat[0].slots.1``)."""
    stack: list[tuple[Any, int, Any]] = [(doc, 1, None)]
    big = 10 ** MAX_DIGITS

    def fail(at: Any, problem: str) -> FudabaError:
        parts: list[str] = []
        while at is not None:
            at, k = at
            parts.append(f"[{k}]" if isinstance(k, int) else f".{k}")
        key = "".join(reversed(parts)).lstrip(".")
        return error(f"{what}: " + (f"key {key!r}: " if key else "") + problem)

    while stack:
        v, depth, at = stack.pop()
        if isinstance(v, str):
            if "\x00" in v:
                raise fail(at, f"contains a NUL character in {_cut(v)!r}")
        elif isinstance(v, bool) or v is None or isinstance(v, (datetime.date, datetime.time)):
            continue  # TOML dates and times: plain data too
        elif isinstance(v, int):
            if not -big < v < big:
                raise fail(at, f"a number of more than {MAX_DIGITS:,} digits")
        elif isinstance(v, float):
            if not math.isfinite(v):
                raise fail(at, f"{v!r} is not a finite number")
        elif isinstance(v, (Mapping, list, tuple)):
            if depth > max_depth:
                raise fail(at, f"nested more than {max_depth} levels deep")
            if isinstance(v, Mapping):
                for k, x in v.items():
                    if not isinstance(k, str):
                        raise fail((at, str(k)[:40]), f"a key must be text, got {type(k).__name__}")
                    if "\x00" in k:
                        raise fail(at, f"contains a NUL character in the key {_cut(k)!r}")
                    stack.append((x, depth + 1, (at, k)))
            else:
                stack.extend((x, depth + 1, (at, i)) for i, x in enumerate(v))
        else:
            raise fail(at, f"{type(v).__name__} is not document data (tables, lists, text, numbers, true/false)")


#: what an ``engine`` value looks like: a version such as ``0.1.0`` or ``1.2.0rc1``
_VERSION = re.compile(r"[0-9]{1,6}(\.[0-9]{1,6}){1,3}([.+-]?[0-9A-Za-z]{1,20})?")


class EngineVersionWarning(UserWarning):
    """A record or state document written by another version of the engine: it may not play the same."""


def check_engine(value: Any, what: str, warn: bool = True) -> None:
    """PositionError unless ``value`` (a document's ``engine``) is "" (not said) or a version; a
    :class:`EngineVersionWarning` when it is another version than this engine's."""
    if value == "" or value == ENGINE_VERSION:
        return
    if not isinstance(value, str) or _VERSION.fullmatch(value) is None:
        shown = repr(value) if isinstance(value, str) else type(value).__name__
        raise PositionError(f"{what}: key 'engine' must be the engine version that wrote it (such as "
                            f"{ENGINE_VERSION!r}), got {shown[:40]}")
    if warn:
        warnings.warn(f"{what}: written by fudaba engine {value}, this is {ENGINE_VERSION}: it may not play "
                      "the same", EngineVersionWarning, stacklevel=3)


class Fields:
    """Typed reads of the keys of one document, each refusal naming the key's path
    (``state.hand[0][3]``): how state documents are checked as strictly as positions.

    >>> f = Fields("state")
    >>> f.whole(3, "turn", 1, 9), f.seat(1, "active"), f.items(["a", "b"], "hand", str)
    (3, 1, ['a', 'b'])
    >>> f.whole(7, "active", 0, 1)
    Traceback (most recent call last):
    ...
    fudaba.core.errors.PositionError: state: key 'active' = 7 is out of range (0..1)
    """

    def __init__(self, what: str, error: ErrorType = PositionError) -> None:
        self.what = what
        self.error = error

    def fail(self, key: str, problem: str) -> FudabaError:
        return self.error(f"{self.what}: key {key!r} {problem}")

    def table(self, v: Any, key: str, required: tuple[str, ...] = (), optional: tuple[str, ...] = ()) -> dict[str, Any]:
        """``v`` checked to be a table with every ``required`` key and no key but those and ``optional``."""
        if not isinstance(v, dict):
            raise self.fail(key, f"must be a table, got {type(v).__name__}")
        for k in required:
            if k not in v:
                raise self.fail(key, f"lacks the key {k!r}")
        allowed = set(required) | set(optional)
        for k in v:
            if k not in allowed:
                raise self.fail(key, f"has an unknown key {_cut(k)!r} (allowed: {', '.join(sorted(allowed))})")
        return v

    def mapping(self, v: Any, key: str, required: tuple[str, ...] = ()) -> dict[str, Any]:
        """``v`` checked to be a table (with every ``required`` key), whatever its other keys."""
        return self.table(v, key, required, tuple(v) if isinstance(v, dict) else ())

    def whole(self, v: Any, key: str, lo: int, hi: int) -> int:
        """``v`` checked to be a whole number in ``lo..hi``."""
        if not isinstance(v, int) or isinstance(v, bool):
            raise self.fail(key, f"must be a whole number, got {_cut(repr(v))}")
        if not lo <= v <= hi:
            raise self.fail(key, f"= {v if abs(v) < 10 ** 20 else _cut(str(v))} is out of range ({lo}..{hi})")
        return v

    def seat(self, v: Any, key: str) -> int:
        """``v`` checked to be seat 0 or 1."""
        return self.whole(v, key, 0, 1)

    def flag(self, v: Any, key: str) -> bool:
        """``v`` checked to be true or false."""
        if not isinstance(v, bool):
            raise self.fail(key, f"must be true or false, got {_cut(repr(v))}")
        return v

    def text(self, v: Any, key: str, choices: Any = None, max_len: int = 200) -> str:
        """``v`` checked to be text of at most ``max_len`` characters (one of ``choices`` when given)."""
        if not isinstance(v, str):
            raise self.fail(key, f"must be text, got {type(v).__name__}")
        if choices is not None and v not in choices:
            raise self.fail(key, f"= {_cut(v)!r} is not one of {', '.join(sorted(map(str, choices)))}")
        if len(v) > max_len:
            raise self.fail(key, f"is longer than {max_len} characters")
        return v

    def array(self, v: Any, key: str, n: int | None = None, max_len: int = 100_000) -> list[Any]:
        """``v`` checked to be a list (of exactly ``n`` items when given, else at most ``max_len``)."""
        if not isinstance(v, list):
            raise self.fail(key, f"must be a list, got {type(v).__name__}")
        if n is not None and len(v) != n:
            raise self.fail(key, f"must have {n} items, got {len(v)}")
        if len(v) > max_len:
            raise self.fail(key, f"has {len(v)} items, more than {max_len}")
        return v

    def items(self, v: Any, key: str, typ: type, n: int | None = None, max_len: int = 100_000) -> list[Any]:
        """``v`` checked to be a list of ``typ`` values."""
        out = self.array(v, key, n, max_len)
        for i, x in enumerate(out):
            if not isinstance(x, typ) or (typ is int and isinstance(x, bool)):
                raise self.fail(f"{key}[{i}]", f"must be {typ.__name__}, got {_cut(repr(x))}")
        return out

    def card(self, v: Any, key: str, pool: Mapping[str, Any], types: Any = None, attr: str = "type") -> str:
        """``v`` checked to be the id of a card of ``pool`` (whose ``attr`` is one of ``types`` when given)."""
        if not isinstance(v, str) or v not in pool:
            raise self.fail(key, f"is no card id of this game: {_cut(repr(v))}")
        if types is not None and getattr(pool[v], attr, None) not in types:
            raise self.fail(key, f"= {v} is not a {' or '.join(types)} card (it is {getattr(pool[v], attr, '?')})")
        return v

    def cards(self, v: Any, key: str, pool: Mapping[str, Any], types: Any = None, max_len: int = 10_000) -> list[str]:
        """``v`` checked to be a list of card ids of ``pool``."""
        out = self.array(v, key, None, max_len)
        for i, x in enumerate(out):
            self.card(x, f"{key}[{i}]", pool, types)
        return list(out)

    def per_seat(self, v: Any, key: str) -> list[Any]:
        """``v`` checked to be a list of two items, one per seat."""
        return self.array(v, key, 2)
