"""Mutating JSON-like documents (positions, card tables) for the bad-input fuzz tests."""

from __future__ import annotations

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
