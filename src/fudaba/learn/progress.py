"""The lessons a learner has finished, kept in a small file in the user's data directory (issue 22):
``$XDG_DATA_HOME/fudaba/progress.json`` (default ``~/.local/share/fudaba/progress.json``), on Windows
``%APPDATA%\\fudaba\\progress.json``. A browser keeps the same data in its localStorage.

The file is JSON: ``{"version": 1, "lessons": {"walpurgis/v2.01": ["first-shot", ...]}}`` — per game
and variant, the ids of the lessons finished, in the order they were finished. A file that cannot be
read is kept aside as ``progress.json.bad`` (never overwritten) and the progress starts again.
"""

from __future__ import annotations

import contextlib
import json
import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

VERSION = 1


def data_dir(os_name: str | None = None, environ: Mapping[str, str] | None = None) -> Path:
    """fudaba's directory in the user's data directory (created when something is saved), for this
    system (``os_name``, ``environ``: another one's)."""
    env = os.environ if environ is None else environ
    if (os_name or os.name) == "nt":
        return Path(env.get("APPDATA") or str(Path.home() / "AppData" / "Roaming")) / "fudaba"
    return Path(env.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")) / "fudaba"


def progress_path() -> Path:
    return data_dir() / "progress.json"


class Progress:
    """The lessons finished, per game and variant (read once, written after every change)."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = path or progress_path()
        self.lessons: dict[str, list[str]] = {}
        self._read()

    def _read(self) -> None:
        try:
            raw = self.path.read_text(encoding="utf-8")
        except OSError:
            return
        try:
            doc: Any = json.loads(raw)
            lessons = doc["lessons"]
            self.lessons = {str(k): [str(x) for x in v] for k, v in lessons.items() if isinstance(v, list)}
        except (ValueError, KeyError, TypeError, AttributeError):
            bad = self.path.with_name(self.path.name + ".bad")
            if not bad.exists():
                with contextlib.suppress(OSError):
                    self.path.replace(bad)
            self.lessons = {}

    @staticmethod
    def key(game: str, variant: str) -> str:
        return f"{game}/{variant}"

    def done(self, game: str, variant: str) -> list[str]:
        """The ids of the lessons of ``game`` (``variant``) finished."""
        return list(self.lessons.get(self.key(game, variant), []))

    def is_done(self, game: str, variant: str, lesson_id: str) -> bool:
        return lesson_id in self.lessons.get(self.key(game, variant), [])

    def mark(self, game: str, variant: str, lesson_id: str) -> None:
        """Remember the lesson as finished, and save (OSError when the file cannot be written)."""
        done = self.lessons.setdefault(self.key(game, variant), [])
        if lesson_id not in done:
            done.append(lesson_id)
        self.save()

    def save(self) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        tmp = self.path.with_name(self.path.name + ".tmp")
        tmp.write_text(json.dumps({"version": VERSION, "lessons": self.lessons}, ensure_ascii=False, indent=1) + "\n",
                       encoding="utf-8")
        tmp.replace(self.path)


__all__ = ["Progress", "data_dir", "progress_path"]
