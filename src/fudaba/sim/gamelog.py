"""A resumable games log: one JSON line per game, appended as the game ends.

A long run (a ladder, a balance-lab study) writes every finished game to the log; run again with the
same log, it reads back the games of the same run — the lines whose ``key`` fields (game, variant,
seed, a digest of the rules and decks, …) are the ones given — and plays only the others, so a run
stopped halfway goes on to the result an unbroken run gives.

>>> import tempfile, os
>>> path = os.path.join(tempfile.mkdtemp(), "games.jsonl")
>>> log = GamesLog(path, {"game": "g", "seed": 1})
>>> with log.appending() as write:
...     write({"index": 0, "won": True})
>>> [e["index"] for e in GamesLog(path, {"game": "g", "seed": 1}).entries()], list(GamesLog(path, {"seed": 2}).entries())
([0], [])
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from ..core.errors import FudabaError


def digest(*parts: Any) -> str:
    """A short digest of JSON-able data (rule parameters, decks, cards): keeps a log line short."""
    text = json.dumps(list(parts), sort_keys=True, default=str)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def _last_byte(path: Path) -> bytes:
    with path.open("rb") as f:
        f.seek(-1, 2)
        return f.read(1)


class GamesLog:
    """The games of one run in a JSON-lines file (see the module docstring)."""

    def __init__(self, path: str | Path, key: dict[str, Any]) -> None:
        self.path = Path(path)
        self.key = dict(key)

    def entries(self) -> Iterator[dict[str, Any]]:
        """The logged games of this run (other runs' lines are left alone); a line cut short by a
        stop (the last one) is skipped."""
        if not self.path.exists():
            return
        try:
            lines = self.path.read_text(encoding="utf-8").splitlines()
        except OSError as e:
            raise FudabaError(f"cannot read the games log {self.path}: {e.strerror}") from None
        for line in lines:
            try:
                g = json.loads(line)
            except json.JSONDecodeError:
                continue
            if isinstance(g, dict) and all(g.get(k) == v for k, v in self.key.items()):
                yield g

    @contextmanager
    def appending(self) -> Iterator[Callable[[dict[str, Any]], None]]:
        """A function that appends one game (with this run's key) and flushes it at once."""
        try:
            cut = self.path.exists() and self.path.stat().st_size > 0 and _last_byte(self.path) != b"\n"
            f = self.path.open("a", encoding="utf-8")
        except OSError as e:
            raise FudabaError(f"cannot write the games log {self.path}: {e.strerror}") from None
        with f:
            if cut:  # a line cut short by a stop: the next game starts on a line of its own
                f.write("\n")
            def write(entry: dict[str, Any]) -> None:
                clash = sorted(set(entry) & set(self.key))
                if clash:  # the entry would hide the run's key: it could never be read back
                    raise ValueError(f"games log: the entry's {clash} are the run's key fields")
                f.write(json.dumps({**self.key, **entry}, ensure_ascii=False, separators=(",", ":")) + "\n")
                f.flush()

            yield write
