"""A game's descriptor: the one object through which a game plugs into fudaba (ARCHITECTURE §2).

Each game package exports ``DESCRIPTOR``, a :class:`GameDescriptor`, and registers it under the
entry-point group ``fudaba.games`` (the built-in games in fudaba's own ``pyproject.toml``, a
third-party game in its own). The registry, the agents, the command line, the server, the lobby and
the tests read it; no module outside ``games/<name>/`` names a particular game.

The descriptor is cheap to import (text only): the game's modules are imported when first used, by
their ``module:name`` paths.

>>> d = GameDescriptor("coin", ("Coin", "コイン"), ("Call the toss.", "表か裏か。"), game="fractions:Fraction")
>>> d.title_in("ja"), d.package, d.load_object(d.game).__name__
('コイン', 'fractions', 'Fraction')
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .errors import UnknownGame

if TYPE_CHECKING:
    from .game import Game


@dataclass(frozen=True)
class GameDescriptor:
    """Everything the rest of fudaba needs to know about one game.

    ``name``: the game's name (``fudaba play NAME``). ``title`` and ``summary``: (English, Japanese).
    ``game``: ``"module:Class"`` of its :class:`~fudaba.core.game.Game` subclass — which holds the
    variants, the parameters with their ranges and help, the card pool, the starter decks (with
    names and descriptions), the state class, the decision kinds and the rules summary. The rest
    are ``"module:name"`` paths, "" where the game has none:

    * ``agent``: its greedy agent class; ``evaluate``: its evaluation of unfinished games (for
      cut-off rollouts); ``levels``: per level (``easy``, ``normal``, ``hard``) the ISMCTS options
      that differ from the shared ones (``"iters=40,c=0.5,depth=20"``);
    * ``text``: its text module (log lines, table, card text, prompts; docs/core.md *Text*);
    * ``web_table`` / ``web_style``: its browser table module and stylesheet, as paths inside the
      package (no table module: the generic table, built from the view envelope, plays it);
    * ``testing``: the module of its property-test hooks (``visible``, ``places``, ``twin``);
    * ``extras``: further capabilities by name (e.g. ``encoding`` for research environments).
    """

    name: str
    title: tuple[str, str]
    summary: tuple[str, str] = ("", "")
    game: str = ""
    text: str = ""
    agent: str = ""
    evaluate: str = ""
    levels: Mapping[str, str] = field(default_factory=dict)
    web_table: str = ""
    web_style: str = ""
    testing: str = ""
    extras: Mapping[str, str] = field(default_factory=dict)

    @property
    def package(self) -> str:
        """The package the game lives in (where its data files are)."""
        return self.game.partition(":")[0].rpartition(".")[0] or self.game.partition(":")[0]

    def title_in(self, lang: str) -> str:
        en, ja = self.title
        return (ja or en) if lang == "ja" else en

    def summary_in(self, lang: str) -> str:
        en, ja = self.summary
        return (ja or en) if lang == "ja" else en

    @staticmethod
    def load_object(path: str) -> Any:
        """The object a ``module:name`` path names (UnknownGame when it cannot be imported)."""
        mod, _, name = path.partition(":")
        try:
            obj = importlib.import_module(mod)
        except ImportError as e:
            raise UnknownGame(f"cannot import {mod!r} ({e})") from None
        for part in name.split(".") if name else ():
            if not hasattr(obj, part):
                raise UnknownGame(f"{mod!r} has no {name!r}")
            obj = getattr(obj, part)
        return obj

    @cached_property
    def game_class(self) -> type[Game]:
        """The game's :class:`~fudaba.core.game.Game` subclass (imported when first asked)."""
        cls: type[Game] = self.load_object(self.game)
        return cls

    def capability(self, name: str) -> Any:
        """The object of the named part (``agent``, ``evaluate``, ``text``, ``testing`` or an
        ``extras`` key), or None when the game has none."""
        path = self.extras.get(name) if name in self.extras else getattr(self, name, "")
        if not path or not isinstance(path, str):
            return None
        return self.load_object(path)

    def resource(self, rel: str) -> Path | None:
        """A data file of the game's package (``web/table.js``), or None when it does not exist."""
        if not rel:
            return None
        mod = importlib.import_module(self.package)
        base = Path(getattr(mod, "__file__", "") or "").parent
        p = (base / rel).resolve()
        if base.resolve() not in p.parents or not p.is_file():
            return None
        return p


__all__ = ["GameDescriptor"]
