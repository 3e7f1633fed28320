"""The ``fudaba games`` command: the games, their variants and what each parameter does."""

from __future__ import annotations

from typing import Annotated

import typer
from rich.table import Table

from ..core.registry import games
from .common import T, app, console, esc, fail, load


@app.command("games")
def list_games(
    game: Annotated[str | None, typer.Argument(help="one game: its variants and every parameter explained")] = None,
    lang: Annotated[str, typer.Option(help="en or ja (the parameters' descriptions)")] = "en",
) -> None:
    """List the playable games, their variants and parameters (defaults, allowed values, what they do).

    Give a --param KEY=VALUE to play, simulate or sweep with another value."""
    if lang not in T:
        raise fail("--lang must be ja or en")
    for name in [game] if game else games():
        _describe(name, lang)
    if game is None:
        console.print("\nOne game alone: fudaba games GAME (--lang ja: in Japanese).")


def _describe(name: str, lang: str) -> None:
    """A game's variants and the table of its parameters."""
    g = load(name, None)
    ja = lang == "ja"
    others = {v: load(name, v) for v in g.VARIANTS[1:]}
    console.print(f"\n[bold]{g.name}[/] — {esc(g.TITLE)}")
    variants = [f"{g.variant} ({'既定' if ja else 'default'})"]
    for v, gv in others.items():
        values = {p.name: p.value for p in gv.describe_params(lang)}
        changed = ", ".join(f"{k}={v}" for k, v in values.items() if gv.params[k] != g.params[k])
        variants.append(f"{v}" + (f" ({changed})" if changed else ""))
    console.print(("ルールの版: " if ja else "variants: ") + ", ".join(variants))
    t = Table(title=f"{g.name}: " + ("パラメータ (--param KEY=VALUE)" if ja else "parameters (--param KEY=VALUE)"))
    for col in (("名前", "既定値", "取りうる値", "内容") if ja else ("name", "default", "allowed", "what it does")):
        t.add_column(col, overflow="fold")
    for p in g.describe_params(lang):
        t.add_row(p.name, p.default, p.allowed, esc(p.help))
    console.print(t, soft_wrap=False)
