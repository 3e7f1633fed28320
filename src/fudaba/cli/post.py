"""The ``fudaba post`` command: play a game by pasting blocks of text into a forum thread (issue 22
item 3; docs/post.md). The protocol is :mod:`fudaba.core.post`; one side is
:class:`~fudaba.core.post_game.PostGame`, kept in the ``--file`` given."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated, Any

import typer

from ..core.errors import FudabaError, IllegalAction
from ..core.game import Game
from ..core.post import END, PostError
from ..core.post_game import PostGame
from ..core.session import Menu, Session
from .common import app, console, err, esc, fail, load, resolve_deck
from .play import discard_typeahead, fitted_menu, height, print_menu, show_table, table_panel

P = {
    "en": {
        "post": "Post this block in the thread (everything from {begin} to {end}):",
        "saved_to": "(also written to {path})",
        "then": "Then wait for your opponent's block and run: fudaba post {game} --file {file}",
        "paste": "Paste your opponent's latest block (or the whole thread), then press Enter on an empty line:",
        "nothing": "No new block of this game in the text: nothing to do yet.",
        "received": "Block #{seq} from P{seat} checked (moves, hashes): it follows.",
        "wait": "Your opponent is to move: post your block if you have not, and paste theirs when it comes.",
        "prompt": "Number or notation (list, info X, why X, rules, log, board, quit)",
        "your": "Your decision",
        "refused": "Refused",
        "pending": "This move needs your opponent's hidden card: it is posted for them to play.",
        "quit": "Left; your moves are kept in {file}. Run the same command to go on.",
        "eof": "Input ended: your moves are kept in {file}.",
        "verified": "The game is over. Both secrets are shown: {what}",
        "over": "The game is over: post your block so that your opponent can check the game.",
        "you_are": "You are P{seat} ({name}).",
        "no_game": "--new needs GAME: fudaba post GAME --new --file mine.json",
    },
    "ja": {
        "post": "このブロックをスレッドに投稿してください ({begin} から {end} まで全部):",
        "saved_to": "({path} にも保存しました)",
        "then": "相手のブロックが投稿されたら実行: fudaba post {game} --file {file}",
        "paste": "相手の最新のブロック (またはスレッド全体) を貼り付けて、空行で Enter を押してください:",
        "nothing": "このゲームの新しいブロックがありません。まだすることはありません。",
        "received": "P{seat} のブロック #{seq} を確認しました (手順とハッシュ): つながっています。",
        "wait": "相手の番です。自分のブロックを投稿していなければ投稿し、相手のブロックが来たら貼り付けてください。",
        "prompt": "番号か記法で入力 (list, info X, why X, rules, log, board, quit)",
        "your": "あなたの選択",
        "refused": "できません",
        "pending": "この手は相手の伏せたカードが必要です。相手が処理するように投稿されます。",
        "quit": "中断しました。手順は {file} に保存されています。同じコマンドで続きから遊べます。",
        "eof": "入力が終わりました。手順は {file} に保存されています。",
        "verified": "ゲーム終了。双方の秘密が公開されました: {what}",
        "over": "ゲーム終了: 相手が対戦を検証できるよう、ブロックを投稿してください。",
        "you_are": "あなたは P{seat} ({name}) です。",
        "no_game": "--new には GAME が必要です: fudaba post GAME --new --file mine.json",
    },
}


def read_paste(src: Path | None, lang: str) -> str | None:
    """The text pasted (or the file ``--paste``; ``-``: all of stdin)."""
    if src is not None:
        if str(src) == "-":
            return sys.stdin.read()
        try:
            return src.read_text(encoding="utf-8-sig")
        except OSError as e:
            raise fail(f"--paste {src}: {e.strerror}") from None
    console.print(P[lang]["paste"])
    lines: list[str] = []
    seen_end = False
    while True:
        try:
            line = input()
        except EOFError:
            break
        if seen_end and not line.strip():
            break
        lines.append(line)
        seen_end = seen_end or line.strip() == END
    return "\n".join(lines) if lines else None


def show_post(pg: PostGame, text: str, out: Path | None, lang: str) -> None:
    t = P[lang]
    console.print(f"[bold]{esc(t['post'].format(begin='[fudaba post]', end=END))}[/]")
    console.print(text, markup=False, highlight=False)
    if out is not None:
        try:
            out.write_text(text + "\n", encoding="utf-8")
        except OSError as e:
            raise fail(f"--out {out}: {e.strerror}") from None
        console.print(esc(t["saved_to"].format(path=out)))
    console.print(esc(t["then"].format(game=pg.game.name, file=pg.path)))


def receive(pg: PostGame, text: str, lang: str) -> None:
    """The opponent's blocks in ``text``: checked and kept; what happened told in the player's words."""
    t = P[lang]
    before = len(pg.truth().log_view(pg.seat)) if pg.started else 0
    try:
        new = pg.receive(text)
    except FudabaError as e:
        raise fail(str(e)) from None
    if not new:
        console.print(t["nothing"])
        return
    for b in new:
        console.print(esc(t["received"].format(seq=b.seq, seat=b.seat)))
    if pg.started:
        me = pg.seat
        for ev in pg.truth().log_view(me)[before:]:
            line = pg.game.describe(ev, lang)
            if line:
                console.print(("  [cyan]›[/] " if ev.get("player") == me else "  [magenta]‹[/] ") + esc(line))


def decide(pg: PostGame, lang: str) -> bool | None:
    """This side's moves until the decision passes (True), the player quits (False) or the input
    ends (None)."""
    t = P[lang]
    menu: Menu | None = None
    while pg.my_decision():
        sess = Session(pg.game, pg.truth(), [None, None], lang)
        panel = table_panel(sess, pg.seat)
        ask = f"[bold]{t['your']}[/]: {esc(sess.prompt(pg.seat))}"
        console.print(panel, soft_wrap=False)
        console.print(ask)
        menu = fitted_menu(sess, pg.seat, height(panel, ask, t["prompt"] + "> "))
        print_menu(menu)
        while True:
            discard_typeahead()
            try:
                raw = input(t["prompt"] + "> ").strip()
            except EOFError:
                console.print(esc(t["eof"].format(file=pg.path)))
                return None
            if not raw:
                continue
            moved = one_line(pg, sess, menu, raw, lang)
            if moved is None:
                return False
            if moved:
                break
    return True


def one_line(pg: PostGame, sess: Session, menu: Menu, raw: str, lang: str) -> bool | None:
    """One typed line: a move (True), a command answered (False), quit (None)."""
    t = P[lang]
    low = raw.lower()
    if low in ("quit", "exit", "q"):
        console.print(esc(t["quit"].format(file=pg.path)))
        return None
    numbers = {str(it.number): it.text for it in menu.items if it.number is not None}
    text = numbers.get(raw, raw)
    if low.split(" ")[0] in ("?", "help", "h", "list", "log", "board", "legend", "info", "card", "rules", "why"):
        rep = sess.handle(pg.seat, raw)
        if rep.kind == "menu":
            print_menu(sess.menu(pg.seat, full=True))
        elif rep.kind == "table":
            show_table(sess, pg.seat)
        elif rep.kind == "lines":
            for ln in rep.lines:
                console.print("  " + esc(ln.text))
        else:
            console.print(esc(rep.text))
        return False
    try:
        pg.apply(text)
    except IllegalAction as e:
        console.print(f"[red]{t['refused']}:[/] {esc(e.text(lang))}")
        return False
    except PostError as e:
        console.print(f"[red]{t['refused']}:[/] {esc(str(e))}")
        return False
    if pg.doc.get("pending_out"):
        console.print(esc(t["pending"]))
    return True


def open_game(game: str | None, file: Path, new: bool, join: bool, deck: str | None, name: str,
              paste: Path | None, lang: str) -> tuple[PostGame, bool]:
    """The game of ``--file`` (created by ``--new`` or ``--join``); True when a block was just made."""
    if new:
        if not game:
            raise fail(P[lang]["no_game"])
        g = load(game, None)
        mine, _ = resolve_deck(g, deck, "--deck") if deck else (g.starter_deck(g.player_starters()[0]), None)
        return PostGame.new(g, mine, name or "P0", file, lang), True
    if join:
        text = read_paste(paste, lang) or ""

        def deck_for(g: Game) -> Any:
            if game and game.strip().lower() != g.name:
                raise PostError(f"the thread's game is {g.name}, not {game}")
            return resolve_deck(g, deck, "--deck")[0] if deck else g.starter_deck(g.player_starters()[1])

        return PostGame.join(text, deck_for, name or "P1", file, lang), True
    pg = PostGame.open(file)
    if game and game.strip().lower() != pg.game.name:
        raise fail(f"{file} is a game of {pg.game.name}, not {game}")
    return pg, False


@app.command("post")
def post(
    game: Annotated[str | None, typer.Argument(help="a game that can be played by post (fudaba post --help says "
                                                    "which); not needed once --file exists")] = None,
    file: Annotated[Path, typer.Option(help="this side's private game file (keep it; never post it)")] = Path(
        "fudaba-post.json"),
    new: Annotated[bool, typer.Option("--new", help="open a new game (you are P0): prints its first block")] = False,
    join: Annotated[bool, typer.Option("--join", help="join the game whose first block you paste (you are P1)")] = False,
    deck: Annotated[str | None, typer.Option(help="your deck: a starter deck by name or a deck list file")] = None,
    name: Annotated[str, typer.Option(help="your name in the thread")] = "",
    paste: Annotated[Path | None, typer.Option(help="read the opponent's block(s) from this file (- : stdin) "
                                                    "instead of asking for a paste")] = None,
    out: Annotated[Path | None, typer.Option(help="also write the block to post to this file")] = None,
    show: Annotated[bool, typer.Option("--show", help="print the last block you posted again")] = False,
    lang: Annotated[str, typer.Option(help="ja or en")] = "ja",
) -> None:
    """Play by post: each move gives a block of text to paste into a forum thread.

    Paste your opponent's block to see your cards and your legal moves. Your hidden cards stay in --file."""
    if lang not in P:
        raise fail("--lang must be ja or en")
    t = P[lang]
    try:
        pg, made = open_game(game, file, new, join, deck, name, paste, lang)
        if made or show:
            show_post(pg, pg.last_post(), out, lang)
            return
        pg.doc["lang"] = lang  # the words of this side's next block
        console.print(esc(t["you_are"].format(seat=pg.seat, name=pg.doc.get("name", ""))))
        if not pg.to_post() and not pg.my_decision():
            text = read_paste(paste, lang)
            if text:
                receive(pg, text, lang)
        raise typer.Exit(play_on(pg, out, lang))
    except (PostError, FudabaError) as e:
        raise fail(str(e)) from None


def play_on(pg: PostGame, out: Path | None, lang: str) -> int:
    """After the paste: this side's moves, then its block; the check at the end. The exit code."""
    t = P[lang]
    if pg.my_decision():
        done = decide(pg, lang)
        if done is None:
            return 1
        if done is False:
            return 0
    if pg.to_post():
        if pg.started and pg.truth().over:
            console.print(t["over"])
        show_post(pg, pg.post(), out, lang)
    elif pg.started and not pg.truth().over:
        console.print(t["wait"])
    if len(pg.secrets()) == 2:
        try:
            console.print(esc(t["verified"].format(what=pg.verify())))
        except PostError as e:
            err.print(f"[bold red]error:[/] {esc(str(e))}")
            return 3
    return 0
