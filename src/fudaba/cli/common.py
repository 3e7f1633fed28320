"""What every ``fudaba`` command shares: the Typer apps, the consoles, the phrase table and small
helpers for errors, games and parameters."""

from __future__ import annotations

import warnings
from collections.abc import Sequence
from pathlib import Path
from typing import Any, TextIO

import typer
from rich.console import Console

from ..core.decks import Deck
from ..core.documents import EngineVersionWarning
from ..core.errors import FudabaError
from ..core.files import FileEncodingNotice
from ..core.game import Game
from ..core.registry import descriptors, load_game
from ..core.starters import find_starter


def _games_help() -> str:
    """The games installed, by their English titles and names: ``Goofspiel (goofspiel), …`` (read
    from the descriptors, so a game installed as a plugin is named too)."""
    items = [f"{d.title_in('en')} ({d.name})" for _, d in sorted(descriptors().items())]
    return ", ".join(items[:-1]) + " and " + items[-1] if len(items) > 1 else "".join(items)


#: the games ``fudaba --help`` names, and the help of a command's GAME argument
GAMES_HELP = _games_help()
GAME_HELP = "the game: " + ", ".join(sorted(descriptors())) + " (fudaba games lists them)"
#: the help of every ``--variant`` option
VARIANT_HELP = "rules variant (default: the game's first; fudaba games GAME lists them)"

app = typer.Typer(
    help=f"札場 fudaba — play, check and simulate Japanese card games: {GAMES_HELP}.",
    no_args_is_help=True,
    add_completion=False,
)
deck_app = typer.Typer(help="Deck lists: check them against a game's rules.", no_args_is_help=True)
cards_app = typer.Typer(help="Card data: validate TOML, import designers' posts.", no_args_is_help=True)
app.add_typer(deck_app, name="deck")
app.add_typer(cards_app, name="cards")

#: the encoding notices printed by this run of a command (a file read twice is said once)
_NOTICED: set[str] = set()


def _show_warning(message: Warning | str, category: type[Warning], filename: str, lineno: int,
                  file: TextIO | None = None, line: str | None = None) -> None:
    """A file read in another encoding than UTF-8 (core.files) and a record of another engine version
    are each said in one line on stderr; other warnings are shown as Python shows them."""
    if issubclass(category, (EngineVersionWarning, FileEncodingNotice)):
        text = str(message)
        if text not in _NOTICED:  # a file read twice is said once
            _NOTICED.add(text)
            head = "warning" if issubclass(category, EngineVersionWarning) else "note"
            err.print(f"[yellow]{head}:[/] {esc(text)}")
        return
    _python_show(message, category, filename, lineno, file, line)


_python_show = warnings.showwarning


@app.callback()
def _each_command() -> None:
    # every notice of this command is shown (Python's default shows a warning once per place)
    _NOTICED.clear()
    warnings.simplefilter("always", FileEncodingNotice)
    warnings.simplefilter("always", EngineVersionWarning)
    warnings.showwarning = _show_warning


# soft_wrap: plain lines are never hard-wrapped (paths, log lines stay greppable);
# tables and panels pass soft_wrap=False to lay out at the terminal width.
console = Console(highlight=False, soft_wrap=True)
err = Console(stderr=True, highlight=False, soft_wrap=True)

#: the terminal's own phrases; what a seat is shown during play (help, menus, refusals of numbers,
#: results) comes from ``core.session.PHRASES``
T = {
    "en": {
        "your_turn": "Your decision",
        "choose": "Number or notation (help: ?, info X, list, log, rules, why X, concede, quit)",
        "illegal": "Refused",
        "eof": "Input ended: the game is left unfinished.",
        "opp": "Opponent",
        "saved": "The game's record is saved in {path} (replay it: fudaba replay {path})",
        "interrupted": "Interrupted (Ctrl-C): the game is left unfinished.",
        "interrupted_saved": "Interrupted (Ctrl-C): the game so far is saved in {path} (replay it: fudaba replay {path})",
        "decks": "Your deck: {mine}; the opponent's: {theirs}.",
        "balance": " Measured: yours won {rate:.1f}% of {n} games between these two decks, {agent} against {agent} "
                   "(95% interval {lo:.0f}–{hi:.0f}%).",
        "choose_deck": " Another deck: --deck NAME (fudaba games {game} lists them).",
        "more": "… {n} more: 'list' numbers every option",
    },
    "ja": {
        "your_turn": "あなたの選択",
        "choose": "番号か記法で入力 (ヘルプ: ?, info X, list, log, rules, why X, concede, quit)",
        "illegal": "できません",
        "eof": "入力が終わりました。ゲームを中断します。",
        "opp": "相手",
        "saved": "対戦の記録を {path} に保存しました (再生: fudaba replay {path})",
        "interrupted": "中断しました (Ctrl-C)。ゲームは終わっていません。",
        "interrupted_saved": "中断しました (Ctrl-C)。ここまでの対戦を {path} に保存しました (再生: fudaba replay {path})",
        "decks": "あなたのデッキ: {mine}、相手: {theirs}。",
        "balance": "測定: この2つのデッキの{n}戦 ({agent}同士) で、あなたのデッキの勝率は{rate:.1f}% (95%区間 {lo:.0f}〜{hi:.0f}%)。",
        "choose_deck": "別のデッキ: --deck 名前 (一覧: fudaba games {game})",
        "more": "… ほか{n}件: 'list' で全選択肢に番号を付けて表示",
    },
}


STARTER_HINT = ("the starter decks are built for the default deck rules; with changed deck parameters "
                "give decks that meet them ({options})")


def fail(msg: str, code: int = 2) -> typer.Exit:
    err.print(f"[bold red]error:[/] {msg}")
    return typer.Exit(code)


def load(game: str, variant: str | None, params: dict[str, Any] | None = None,
         cards: Sequence[Path] | None = None) -> Game:
    """The game, with the cards of ``--cards`` files or folders added; every problem of every card
    file is listed (file, line, card, field) and the command stops (exit 2) before anything runs."""
    try:
        g = load_game(game, variant, **(params or {}))
    except FudabaError as e:
        raise fail(str(e)) from None
    return add_cards(g, cards) if cards else g


def add_cards(g: Game, cards: Sequence[Path]) -> Game:
    """``g`` with the cards of ``--cards`` files or folders added (cards it has already, with the same
    definition, are kept); every problem of every card file is listed first (exit 2)."""
    _, problems = g.card_file_problems(cards)
    if problems:
        err.print(f"[bold red]error:[/] --cards: {len(problems)} problem(s) in the card files; nothing was run")
        for p in problems:
            err.print(f"  - {esc(p)}")
        raise typer.Exit(2)
    try:
        return g.with_card_files(cards)
    except FudabaError as e:
        raise fail(str(e)) from None


#: help of the ``--cards`` option (play, simulate, deck check, replay)
CARDS_HELP = ("card definitions to add to the game's cards: a TOML file or a folder of them (repeatable), "
              "e.g. the output of 'fudaba cards import'")


def resolve_deck(g: Game, value: str, option: str) -> tuple[Deck, str | None]:
    """``--deck NAME_OR_PATH``: a deck list file, or else a starter deck by its name or title
    (``b_highland``, ``王国軍``). Returns the deck and the starter's name (None: a file). When it
    is neither, one error line lists the starter decks (exit 2); a file's problems raise DeckError."""
    p = Path(value)
    if p.is_file():
        return g.load_deck(p), None
    found = find_starter(g.starter_deck_info(), value)
    if found is not None:
        return g.starter_deck(found), found
    names = ", ".join(d.name for d in g.starter_deck_info())
    raise fail(f"{option} {esc(value)}: no such file, and no starter deck of that name; the starter decks of "
               f"{g.name}: {names} (fudaba games {g.name})")


def parse_params(items: list[str] | None) -> dict[str, str]:
    out: dict[str, str] = {}
    for it in items or []:
        if "=" not in it:
            raise fail(f"--param {it!r}: write KEY=VALUE, e.g. --param starting_hand=6")
        k, v = it.split("=", 1)
        out[k.strip()] = v.strip()
    return out



def esc(s: str) -> str:
    """Rich markup escaped: ``[`` in card text and notation is printed as it is."""
    return s.replace("[", "\\[")
