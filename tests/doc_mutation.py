"""Mutating JSON-like documents (positions, card tables) for the bad-input fuzz tests."""

from __future__ import annotations

import contextlib
import copy
from typing import Any


def paths(d: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every key path inside ``d`` (dict keys and list indices)."""
    out = [prefix] if prefix else []
    if isinstance(d, dict):
        for k, v in d.items():
            out += paths(v, (*prefix, k))
    elif isinstance(d, list):
        for i, v in enumerate(d):
            out += paths(v, (*prefix, i))
    return out


def mutate(doc: dict[str, Any], path: tuple[Any, ...], value: Any, delete: bool) -> dict[str, Any]:
    """A copy of ``doc`` with the value at ``path`` replaced by ``value`` (or deleted)."""
    d = copy.deepcopy(doc)
    cur: Any = d
    for k in path[:-1]:
        cur = cur[k]
    if delete:
        del cur[path[-1]]
    else:
        cur[path[-1]] = value
    return d


# ---------------------------------------------------------------------------------------- issue 18 §5
#: text that a careless parser reads as a number: ``isdigit()`` is true for all, ``int()`` refuses some
#: and reads others; NFKC turns some into ASCII digits
UNICODE_DIGITS = ["²", "³", "፩", "١", "٣", "①", "７", "𝟙", "߁", "๑", "Ⅻ"]

#: raw JSON values beyond the limits of ``core.documents`` (``DEPTH`` is replaced by a nesting depth)
BAD_JSON = ["NaN", "Infinity", "-Infinity", "1e999", "9" * 4400, '"a\\u0000b"', "DEPTH"]
#: raw TOML values beyond them
BAD_TOML = ["nan", "inf", "-inf", "9" * 4400, '"a\x00b"', "DEPTH"]
_MARK = "@@BAD@@"


def with_raw(doc: Any, path: tuple[Any, ...], raw: str, depth: int = 100) -> str:
    """``doc`` as JSON text with the value at ``path`` replaced by the raw JSON text ``raw``
    (``DEPTH``: lists nested ``depth`` deep)."""
    import json

    text = json.dumps(mutate(doc, path, _MARK, False), ensure_ascii=False)
    if raw == "DEPTH":
        raw = "[" * depth + "]" * depth
    return text.replace(f'"{_MARK}"', raw, 1)


def toml_with_raw(key: str, raw: str, depth: int = 100) -> str:
    """A TOML document of one ``key`` whose value is the raw TOML text ``raw``."""
    if raw == "DEPTH":
        raw = "[" * depth + "]" * depth
    return f"{key} = {raw}\n"


def random_states(game: Any, seeds: list[int], most: int = 120) -> list[Any]:
    """States of seeded random games of ``game``, taken after a seeded number of answers (≤ ``most``)."""
    from fudaba.core import Rng

    out = []
    for seed in seeds:
        s = game.new_game(seed=seed)
        rng = Rng(1000 + seed)
        for _ in range(rng.randbelow(most)):
            if s.is_over:
                break
            s.apply(rng.choice(s.legal_actions()))
        out.append(s)
    return out


def exercise(s: Any) -> None:
    """What a state read from a document must support without any exception but a FudabaError from
    ``position()`` (mid-effect): its views, legal actions, each legal action on a clone, its
    position, its JSON and its hash (every ``apply`` bounded by the engine's step limit)."""
    import json

    from fudaba.core.errors import PositionError

    for seat in (0, 1, None):
        json.dumps(s.view(seat))
    for a in s.legal_actions():
        c = s.clone()
        c.apply(a)
        c.hash()
    with contextlib.suppress(PositionError):
        s.position()
    s.to_json()
    s.hash()
