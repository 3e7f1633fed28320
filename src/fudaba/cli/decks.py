"""The ``fudaba deck check``, ``cards check`` and ``cards import`` commands."""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path
from typing import Annotated

import typer

from ..core.errors import DeckError, FudabaError
from ..core.files import read_text
from ..core.game import Game
from ..core.registry import game_class, games, load_game
from .common import CARDS_HELP, VARIANT_HELP, cards_app, console, deck_app, err, esc, fail, load

#: the comments the importers write for text they could not translate and for cards they could not
#: read (games/sarasvati/importer.py)
NOT_TRANSLATED = "# not translated:"
NOT_IMPORTED = "# not imported:"


@deck_app.command("check")
def deck_check(
    files: Annotated[list[Path], typer.Argument(help="deck list file(s)")],
    game: Annotated[str | None, typer.Option(help="game name (guessed from the cards when omitted)")] = None,
    variant: Annotated[str | None, typer.Option(help=VARIANT_HELP)] = None,
    cards: Annotated[list[Path] | None, typer.Option(help=CARDS_HELP)] = None,
) -> None:
    """List every problem of deck lists (size, copies, books, unknown names with line numbers)."""
    failed = 0
    loaded: dict[str, Game] = {}
    for file in files:
        try:
            text = read_text(file)
        except FudabaError as e:
            failed += 1
            err.print(f"[bold red]error:[/] {esc(str(e))}")
            continue
        name = game or (cards and guess_card_game(cards)) or guess_deck_game(text)
        if name not in loaded:
            loaded[name] = load(name, variant, cards=cards)
        g = loaded[name]
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


def guess_deck_game(text: str) -> str:
    """The game whose card pool recognises most lines of the deck list ``text``."""
    from ..core.decks import parse_deck_text

    best, best_unknown = "", 10**9
    for name in games():
        g = load_game(name)
        _, problems = parse_deck_text(text, g.cards, g.DECK_SECTIONS)
        unknown = sum("unknown card" in p for p in problems)
        if unknown < best_unknown:
            best, best_unknown = name, unknown
    return best


def guess_card_game(paths: list[Path]) -> str | None:
    """The game whose card ids (``SV-``, ``W-``) the card files or folders use, or None."""
    for path in paths:
        files = [path] if path.is_file() else sorted(path.glob("*.toml")) if path.is_dir() else []
        for f in files:
            try:
                text = read_text(f)
            except FudabaError:
                continue  # `cards check` and --cards name the problem
            for gname in games():
                prefix = game_class(gname).CARD_ID_PREFIX
                if prefix and f'"{prefix}' in text:
                    return gname
    return None


def unreadable_cards(paths: list[Path]) -> str | None:
    """Why the first card file of ``paths`` (files or folders) that cannot be read as text cannot be,
    or None."""
    for path in paths:
        for f in [path] if path.is_file() else sorted(path.glob("*.toml")) if path.is_dir() else []:
            try:
                read_text(f)
            except FudabaError as e:
                return str(e)
    return None


@cards_app.command("check")
def cards_check(
    path: Annotated[Path, typer.Argument(help="a card TOML file or a directory of them")],
    game: Annotated[str | None, typer.Option(help="game name (guessed from the ids when omitted)")] = None,
) -> None:
    """Validate card TOML: every problem of every file, each naming the file, line, card and field."""
    if not path.exists():
        raise fail(f"{path}: no such file or directory")
    files = [path] if path.is_file() else sorted(path.glob("*.toml"))
    if not files:
        raise fail(f"{path}: no .toml files")
    name = game or guess_card_game([path])
    if name is None:  # a file that is no text says so, rather than "which game?"
        raise fail(unreadable_cards([path]) or f"{path}: cannot tell which game these cards are for; pass --game")
    g = load(name, None)
    found, problems = g.card_file_problems(files)
    valid = Counter(lc.file for lc in found)
    by_file = _problems_by_file(problems, [str(f) for f in files])
    bad = 0
    for f in files:
        mine = by_file[str(f)]
        n = valid[str(f)]
        if mine:
            bad += 1
            err.print(f"[bold red]error[/] {f}: {len(mine)} problem(s)" + (f" ({n} card(s) valid)" if n else ""))
            for p in mine:
                err.print(f"  - {esc(p)}")
        else:
            console.print(f"[green]ok[/] {f}: {n} card(s)")
    if bad:
        err.print(f"[bold red]{len(problems)} problem(s) in {bad} of {len(files)} file(s)[/]")
        raise typer.Exit(1)
    console.print(f"[green]{len(found)} card(s) valid[/] for {g.name}")


def _problems_by_file(problems: list[str], files: list[str]) -> dict[str, list[str]]:
    """The problems of each file (a problem begins with its file's name and a colon)."""
    out: dict[str, list[str]] = {f: [] for f in files}
    for p in problems:
        head = p.split(":", 1)[0]
        f = head if head in out else next((f for f in files if p.startswith(f + ":")), None)
        if f is not None:
            out[f].append(p)
    return out


def _importing_game() -> str:
    """The one game that reads cards from posts (its Game overrides ``import_cards``); with none or
    several, one error line asks for ``--game``."""
    found = [n for n in games() if game_class(n).import_cards is not Game.import_cards]
    if len(found) != 1:
        raise fail("give --game: " + (f"the games that import posts: {', '.join(found)}" if found
                                      else "no game installed imports cards from posts"))
    return found[0]


@cards_app.command("import")
def cards_import(
    post: Annotated[Path, typer.Argument(help="text of a thread post written in カード晒しテンプレ")],
    game: Annotated[str | None, typer.Option(help="game name (default: the one game whose cards are posted in a "
                                                  "format fudaba reads)")] = None,
    out: Annotated[Path | None, typer.Option(help="write TOML here (default: print it)")] = None,
    prefix: Annotated[str | None, typer.Option(help="id prefix for the new cards (default: the game's)")] = None,
) -> None:
    """Turn cards posted in the designers' template into card TOML.

    Every card that can be read is written. A card that cannot (a cost line that cannot be read, a
    number out of range, ...) is named in a '# not imported:' comment; effect text that cannot be
    translated into the effect vocabulary is kept in the card's text and named in a '# not
    translated:' comment. The command lists both and exits with status 1."""
    g = load(game or _importing_game(), None)
    try:
        text = read_text(post)
    except FudabaError as e:
        raise fail(str(e)) from None
    try:
        toml_text = (g.import_cards(text, source=str(post)) if prefix is None
                     else g.import_cards(text, source=str(post), id_prefix=prefix))
    except FudabaError as e:
        raise fail(str(e)) from None
    if out:
        try:
            out.write_text(toml_text, encoding="utf-8")
        except OSError as e:
            raise fail(f"cannot write {out}: {e.strerror}") from None
        console.print(f"[green]wrote[/] {out}")
    else:
        sys.stdout.write(toml_text)
    lines = toml_text.splitlines()
    broken = [ln[len(NOT_IMPORTED):].strip() for ln in lines if ln.startswith(NOT_IMPORTED)]
    if broken:
        n = sum(1 for ln in lines if ln == "[[card]]")
        err.print(f"[bold red]error:[/] {len(broken)} problem(s): these cards of the post could not be read; the "
                  f"other {n} card(s) are written. Fix them in the post and import it again:")
        for b in broken:
            err.print(f"  - {esc(b)}")
    missed = [ln[len(NOT_TRANSLATED):].strip() for ln in lines if ln.startswith(NOT_TRANSLATED)]
    if missed:
        err.print(f"[bold yellow]warning:[/] {len(missed)} effect sentence(s) or part(s) not translated into the "
                  "effect vocabulary; the card text keeps them, but the cards do not do this yet. Write their "
                  "'effects' by hand (see the '# not translated:' comments):")
        for m in missed:
            err.print(f"  - {esc(m)}")
    if broken or missed:
        raise typer.Exit(1)
