"""The ``fudaba deck check``, ``cards check`` and ``cards import`` commands."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated

import typer

from ..core.errors import CardDataError, DeckError, FudabaError
from ..core.game import Game
from ..core.registry import game_class, games, load_game
from .common import cards_app, console, deck_app, err, esc, fail, load


@deck_app.command("check")
def deck_check(
    files: Annotated[list[Path], typer.Argument(help="deck list file(s)")],
    game: Annotated[str | None, typer.Option(help="game name (guessed from the cards when omitted)")] = None,
    variant: Annotated[str | None, typer.Option(help="rules variant, e.g. v1.01 for walpurgis")] = None,
) -> None:
    """List every problem of deck lists (size, copies, books, unknown names with line numbers)."""
    failed = 0
    for file in files:
        g = load(game or guess_deck_game(file), variant)
        try:
            d = g.load_deck(file)
        except DeckError as e:
            failed += 1
            err.print(f"[bold red]{file}: {len(e.problems)} problem(s)[/] ({g.name} {g.variant})")
            for p in e.problems:
                err.print(f"  - {esc(p)}")
            continue
        extra = ", ".join(f"{k}: {len(v)}" for k, v in d.sections.items())
        console.print(f"[green]{file}: legal[/] for {g.name} {g.variant} "
                      f"({len(d.main)} cards{', ' + extra if extra else ''})")
    if failed:
        raise typer.Exit(1)


def guess_deck_game(file: Path) -> str:
    """The game whose card pool recognises most lines of the deck list."""
    from ..core.decks import parse_deck_text

    try:
        text = file.read_text(encoding="utf-8")
    except OSError as e:
        raise fail(f"{file}: {e.strerror}") from None
    best, best_unknown = "", 10**9
    for name in games():
        g = load_game(name)
        _, problems = parse_deck_text(text, g.cards, g.DECK_SECTIONS)
        unknown = sum("unknown card" in p for p in problems)
        if unknown < best_unknown:
            best, best_unknown = name, unknown
    return best


def _card_check_game(path: Path, game: str | None) -> Game:
    if game:
        return load(game, None)
    text = ""
    files = [path] if path.is_file() else sorted(path.glob("*.toml"))
    for f in files:
        try:
            text = f.read_text(encoding="utf-8")
        except OSError:
            continue
        for gname in games():
            prefix = game_class(gname).CARD_ID_PREFIX
            if prefix and f'"{prefix}' in text:
                return load(gname, None)
    raise fail(f"{path}: cannot tell which game these cards are for; pass --game")


@cards_app.command("check")
def cards_check(
    path: Annotated[Path, typer.Argument(help="a card TOML file or a directory of them")],
    game: Annotated[str | None, typer.Option(help="game name (guessed from the ids when omitted)")] = None,
) -> None:
    """Validate card TOML; errors name the file, line, card and field."""
    if not path.exists():
        raise fail(f"{path}: no such file or directory")
    g = _card_check_game(path, game)
    files = [path] if path.is_file() else sorted(path.glob("*.toml"))
    if not files:
        raise fail(f"{path}: no .toml files")
    bad = 0
    total = 0
    for f in files:
        try:
            cards = g.check_card_file(f)
            total += len(cards)
            console.print(f"[green]ok[/] {f}: {len(cards)} card(s)")
        except CardDataError as e:
            bad += 1
            err.print(f"[bold red]error[/] {esc(str(e))}")
    if bad:
        raise typer.Exit(1)
    console.print(f"[green]{total} card(s) valid[/] for {g.name}")


@cards_app.command("import")
def cards_import(
    post: Annotated[Path, typer.Argument(help="text of a thread post written in カード晒しテンプレ")],
    game: Annotated[str, typer.Option(help="game name")] = "sarasvati",
    out: Annotated[Path | None, typer.Option(help="write TOML here (default: print it)")] = None,
    prefix: Annotated[str, typer.Option(help="id prefix for the new cards")] = "SV-U",
) -> None:
    """Turn cards posted in the designers' template into card TOML."""
    g = load(game, None)
    try:
        text = post.read_text(encoding="utf-8")
    except OSError as e:
        raise fail(f"{post}: {e.strerror}") from None
    try:
        toml_text = g.import_cards(text, source=str(post), id_prefix=prefix)
    except FudabaError as e:
        raise fail(str(e)) from None
    if out:
        out.write_text(toml_text, encoding="utf-8")
        console.print(f"[green]wrote[/] {out}")
    else:
        sys.stdout.write(toml_text)

