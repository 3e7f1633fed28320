"""The ``fudaba games`` command: the games, their variants and parameters."""

from __future__ import annotations

from rich.table import Table

from ..core.registry import game_class, games
from .common import app, console


@app.command("games")
def list_games() -> None:
    """List the playable games, their variants and parameters."""
    t = Table(title="fudaba games")
    t.add_column("game")
    t.add_column("variants")
    t.add_column("parameters (defaults)")
    for g in games():
        cls = game_class(g)
        t.add_row(g, ", ".join(cls.VARIANTS), ", ".join(f"{k}={v}" for k, v in cls.PARAMS.items()))
    console.print(t, soft_wrap=False)

