"""What every ``fudaba`` command shares: the Typer apps, the consoles, the phrase table and small
helpers for errors, games and parameters."""

from __future__ import annotations

from typing import Any

import typer
from rich.console import Console

from ..core.errors import FudabaError
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

# soft_wrap: plain lines are never hard-wrapped (paths, log lines stay greppable);
# tables and panels pass soft_wrap=False to lay out at the terminal width.
console = Console(highlight=False, soft_wrap=True)
err = Console(stderr=True, highlight=False, soft_wrap=True)

T = {
    "en": {
        "your_turn": "Your decision",
        "choose": "Choose by number or notation (help: ?, info X, log, concede, quit)",
        "illegal": "Refused",
        "won": "You won!",
        "lost": "You lost.",
        "draw": "Draw.",
        "result": "Result",
        "eof": "Input ended: the game is left unfinished.",
        "opp": "Opponent",
        "pass": "hand the keyboard to this player",
        "ready": "P{p}: press Enter when you are at the keyboard (the other player looks away)",
        "wins": "P{p} wins",
        "turn": "turn",
        "unseen": "not a card or place you can see",
        "range": "choose 1–{n}",
        "cost": "cost",
        "many": "({n} actions: type one in notation, or 'list' to number them all)",
        "info": "info X: X is a card id or name, a place or a public pile (Sarasvati: F1, xK2, grave, xvoltage; Walpurgis: 3c, discard, xdiscard)",
        "help": (
            "Type a number from the list, or the action in notation (e.g. 'summon SV-A02 F1').\n"
            "Card names may be written instead of ids. Commands: 'info X' shows a card, a place or a public "
            "pile (Sarasvati: 'info F1', 'info grave', 'info xvoltage'; Walpurgis: 'info 3c', 'info discard'; "
            "x = the opponent's), "
            "'log' the whole log, 'board' the table again, 'concede' gives up, 'quit' leaves."
        ),
    },
    "ja": {
        "your_turn": "あなたの選択",
        "choose": "番号か記法で入力 (ヘルプ: ?, info X, log, concede, quit)",
        "illegal": "できません",
        "won": "あなたの勝ちです!",
        "lost": "あなたの負けです。",
        "draw": "引き分けです。",
        "result": "結果",
        "eof": "入力が終わりました。ゲームを中断します。",
        "opp": "相手",
        "pass": "このプレイヤーに交代してください",
        "ready": "P{p}: 席に着いたら Enter を押してください (相手は画面を見ないでください)",
        "wins": "P{p}の勝ち",
        "turn": "ターン",
        "unseen": "見えるカードや場所ではありません",
        "range": "1–{n} の番号を選んでください",
        "cost": "コスト",
        "many": "(全{n}通り: 記法で入力するか、'list' で番号付きの一覧を表示)",
        "info": "info X: X はカードIDか名前、場所、公開の山 (サラスヴァティ: F1, xK2, grave, xvoltage / ワルプルギス: 3c, discard, xdiscard)",
        "help": (
            "一覧の番号か、記法 (例: 'summon SV-A02 F1') で入力してください。IDの代わりにカード名も使えます。\n"
            "コマンド: 'info X' カード・場所・公開の山 (サラスヴァティ: F1, grave, xvoltage / ワルプルギス: 3c, discard; xは相手) の詳細, 'log' ログ全体, 'board' 盤面, 'concede' 投了, 'quit' 終了"
        ),
    },
}


STARTER_HINT = ("the starter decks are built for the default deck rules; with changed deck parameters "
                "give decks that meet them ({options})")


def fail(msg: str, code: int = 2) -> typer.Exit:
    err.print(f"[bold red]error:[/] {msg}")
    return typer.Exit(code)


def load(game: str, variant: str | None, params: dict[str, Any] | None = None) -> Game:
    try:
        return load_game(game, variant, **(params or {}))
    except FudabaError as e:
        raise fail(str(e)) from None


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
