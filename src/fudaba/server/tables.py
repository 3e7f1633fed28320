"""The games' browser tables (issue 19 §1; docs/server.md, *Game tables*).

A game's table module and stylesheet are files of its own package, named by its descriptor
(``web_table = "web/table.js"``, ``web_style = "web/table.css"``). The server serves them where the
shell's own files are — ``/static/js/games/<name>.js`` and ``/static/css/<name>.css`` — so that a
module's imports (``../dom.js``, ``./common.js``) resolve wherever its package is installed. A game
that ships no table module is drawn by the generic table (``js/games/generic.js``) from the view
envelope, so a new game is playable in the browser at once; ``/api/games`` and the ``joined``
message tell the page which (``table``: the module's URL, or None for the generic table).

The shell's own modules and stylesheets (:data:`SHELL`) are never replaced: a game of one of those
names gets the generic table.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from starlette.staticfiles import StaticFiles

from ..core.registry import descriptors

#: URL folder (under /static) -> the names of the shell's own files there
SHELL = {"js/games": frozenset({"common", "generic"}), "css": frozenset({"app", "table"})}


@dataclass(frozen=True)
class GameWeb:
    """One game's table module and stylesheet: the files and the URLs they are served at (None:
    none — the generic table, no stylesheet)."""

    title: tuple[str, str]
    table: Path | None = None
    style: Path | None = None

    def urls(self, name: str) -> dict[str, Any]:
        """What the page is told: ``title`` [en, ja], ``table`` and ``style`` URLs (or None)."""
        return {"title": list(self.title),
                "table": f"/static/js/games/{name}.js" if self.table else None,
                "style": f"/static/css/{name}.css" if self.style else None}


def _file(folder: str, name: str, own: Path | None) -> Path | None:
    return None if name in SHELL[folder] else own


def game_web() -> dict[str, GameWeb]:
    """Every installed game's table files, by game name (read from the descriptors once)."""
    out = {}
    for name, d in sorted(descriptors().items()):
        out[name] = GameWeb(d.title,
                            _file("js/games", name, d.resource(d.web_table)),
                            _file("css", name, d.resource(d.web_style)))
    return out


class ShellFiles(StaticFiles):
    """The shell's static files, with each game's own table module and stylesheet in place of
    ``js/games/<name>.js`` and ``css/<name>.css``."""

    def __init__(self, *, directory: Path, games: Mapping[str, GameWeb]) -> None:
        super().__init__(directory=directory, check_dir=False)
        self.games: dict[str, Path] = {}
        for name, w in games.items():
            if w.table is not None:
                self.games[os.path.normpath(f"js/games/{name}.js")] = w.table
            if w.style is not None:
                self.games[os.path.normpath(f"css/{name}.css")] = w.style

    def lookup_path(self, path: str) -> tuple[str, os.stat_result | None]:
        own = self.games.get(path)
        if own is not None:
            try:
                return str(own), os.stat(own)
            except OSError:
                return "", None
        return super().lookup_path(path)


__all__ = ["SHELL", "GameWeb", "ShellFiles", "game_web"]
