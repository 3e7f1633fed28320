"""Readers of position documents, shared by every game (ARCHITECTURE §4, the games' position specs).

A position is a TOML or JSON document (or a dict) a person writes by hand; every reader raises
:class:`~fudaba.core.errors.PositionError` naming the offending key, so that the message says what to
fix. A game's ``position.py`` reads its own keys with these and :meth:`Game.position_game
<fudaba.core.game.Game.position_game>` gives the game the position is played in (its variant,
parameters and inline ``[[cards]]``).

>>> whole(3, "turn", 1), flag(True, "placed"), array([1], "seat"), dict(table({"a": 1}, "params"))
(3, True, [1], {'a': 1})
>>> whole(0, "turn", 1)
Traceback (most recent call last):
...
fudaba.core.errors.PositionError: position: key 'turn' = 0 is out of range (≥ 1)
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from .documents import check_tree, read_json, read_toml
from .errors import PositionError
from .files import read_text, strip_bom


def read_document(data: Mapping[str, Any] | str | Path) -> dict[str, Any]:
    """A position given as a dict, TOML or JSON text, or a path to a .toml/.json file (read in any
    encoding :func:`~fudaba.core.files.read_text` reads: UTF-8 with or without BOM, UTF-16, Shift-JIS),
    within the limits of :mod:`~fudaba.core.documents` (size, depth, numbers, NUL)."""
    if isinstance(data, Mapping):
        check_tree(data, "position")
        return dict(data)
    if not isinstance(data, (str, Path)):
        raise PositionError(f"a position is a table, TOML or JSON text or a file path, not {type(data).__name__}")
    text: str
    if isinstance(data, str):
        data = strip_bom(data)
    if isinstance(data, Path) or (isinstance(data, str) and "\n" not in data and data.strip()[:1] not in "{["
                                  and ("=" not in data)):
        if "\x00" in str(data):
            raise PositionError("position: a file path cannot contain a NUL character")
        p = Path(data)
        text = read_text(p, lambda m: PositionError(f"position file {m}"))
    else:
        text = str(data)
    s = text.lstrip()
    doc = read_json(text, "position") if s.startswith("{") else read_toml(text, "position")
    if not isinstance(doc, dict):
        raise PositionError("a position must be a table/object")
    return doc


def check_keys(d: Mapping[str, Any], allowed: set[str] | frozenset[str], where: str) -> None:
    """Raise PositionError naming the first unknown key."""
    for k in d:
        if k not in allowed:
            raise PositionError(f"{where}: unknown key {k!r} (allowed: {', '.join(sorted(allowed))})")


def whole(v: Any, key: str, lo: int | None = None, hi: int | None = None) -> int:
    """``v``, the value of ``key``, checked to be a whole number in ``lo..hi`` (either bound optional)."""
    if not isinstance(v, int) or isinstance(v, bool):
        raise PositionError(f"position: key {key!r} must be a whole number, got {v!r}")
    if (lo is not None and v < lo) or (hi is not None and v > hi):
        span = f"{lo}..{hi}" if lo is not None and hi is not None else (f"≥ {lo}" if lo is not None else f"≤ {hi}")
        raise PositionError(f"position: key {key!r} = {v} is out of range ({span})")
    return v


def flag(v: Any, key: str) -> bool:
    """``v``, the value of ``key``, checked to be true or false."""
    if not isinstance(v, bool):
        raise PositionError(f"position: key {key!r} must be true or false, got {v!r}")
    return v


def array(v: Any, key: str, what: str = "a list") -> list[Any]:
    """``v``, the value of ``key``, checked to be a list (``what`` says of what, for the message)."""
    if not isinstance(v, list):
        raise PositionError(f"position: key {key!r} must be {what}, got {type(v).__name__}")
    return v


def table(v: Any, key: str) -> Mapping[str, Any]:
    """``v``, the value of ``key``, checked to be a table."""
    if not isinstance(v, Mapping):
        raise PositionError(f"position: key {key!r} must be a table, got {type(v).__name__}")
    return v


def card_ref(game: Any, given: Any, key: str, types: tuple[str, ...] | None = None) -> str:
    """The id of the card ``given`` (an id, or a name the game's pool finds) at ``key`` of a position;
    ``types``: the card types the place holds (checked against the card's ``type``). PositionError
    names the key and the problem."""
    C = game.cdb
    cid = given
    if not isinstance(given, str) or given not in C:
        found = game.cards.find(given) if isinstance(given, str) else None
        if found is None:
            raise PositionError(f"position: key {key!r}: unknown card {given!r}")
        cid = found.id
    c = C[cid]
    if types is not None and c.type not in types:
        raise PositionError(f"position: key {key!r}: {cid} {c.name} is a {c.type}; this place holds "
                            f"{' or '.join(types)} cards")
    return str(cid)


def turn_header(doc: Mapping[str, Any], turn_limit: int) -> tuple[int, int, int, int]:
    """The keys every two-player position starts with: ``(seed, turn, active, first)`` — the RNG
    state, the turn (not past ``turn_limit``, 0 = none), the turn player and the first player, which
    must agree (odd turns are the first player's). PositionError names the key."""
    seed = whole(doc.get("seed", 0), "seed", 0) & ((1 << 64) - 1)
    turn = whole(doc.get("turn", 1), "turn", 1)
    if turn_limit and turn > turn_limit:
        raise PositionError(f"position: key 'turn' = {turn} is past turn_limit = {turn_limit} (the game would "
                            f"be over)")
    active = whole(doc.get("active", 0), "active", 0, 1)
    first = whole(doc.get("first", active if turn % 2 == 1 else 1 - active), "first", 0, 1)
    if (turn % 2 == 1) != (first == active):
        raise PositionError(f"position: keys 'turn'/'active'/'first': turn {turn} is player "
                            f"{first if turn % 2 == 1 else 1 - first}'s turn when player {first} went first, "
                            f"not player {active}'s")
    return seed, turn, active, first


def plain(x: Any) -> Any:
    """``x`` as plain JSON data (tables with text keys, lists, text, numbers, booleans, null): how a
    state keeps the position it was loaded from in its ``origin``."""
    if isinstance(x, Mapping):
        return {str(k): plain(v) for k, v in x.items()}
    if isinstance(x, (list, tuple)):
        return [plain(v) for v in x]
    if isinstance(x, (str, int, float, bool)) or x is None:
        return x
    return str(x)
