"""What every ``fudaba`` command shares: the Typer apps, the consoles, the phrase table and small
helpers for errors, games and parameters."""

from __future__ import annotations

import warnings
from collections.abc import Sequence
from pathlib import Path
from typing import Any, TextIO

import typer
from rich.console import Console

from ..core.errors import FudabaError
from ..core.files import FileEncodingNotice
from ..core.game import Game
from ..core.registry import load_game

app = typer.Typer(
    help="札場 fudaba — play, check and simulate Japanese card games (Sarasvati TCG, Walpurgis).",
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
    """A file read in another encoding than UTF-8 (core.files) is said in one line on stderr; other
    warnings are shown as Python shows them."""
    if issubclass(category, FileEncodingNotice):
        text = str(message)
        if text not in _NOTICED:
            _NOTICED.add(text)
            err.print(f"[yellow]note:[/] {esc(text)}")
        return
    _python_show(message, category, filename, lineno, file, line)


_python_show = warnings.showwarning


@app.callback()
def _each_command() -> None:
    # every notice of this command is shown (Python's default shows a warning once per place)
    _NOTICED.clear()
    warnings.simplefilter("always", FileEncodingNotice)
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
        "choose": "Choose by number or notation (help: ?, info X, list, log, rules, why X, concede, quit)",
        "illegal": "Refused",
        "eof": "Input ended: the game is left unfinished.",
        "opp": "Opponent",
        "saved": "The game's record is saved in {path} (replay it: fudaba replay {path})",
    },
    "ja": {
        "your_turn": "あなたの選択",
        "choose": "番号か記法で入力 (ヘルプ: ?, info X, list, log, rules, why X, concede, quit)",
        "illegal": "できません",
        "eof": "入力が終わりました。ゲームを中断します。",
        "opp": "相手",
        "saved": "対戦の記録を {path} に保存しました (再生: fudaba replay {path})",
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
