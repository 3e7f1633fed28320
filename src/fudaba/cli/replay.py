"""The ``fudaba replay`` command: a recorded game step by step, as one seat, a spectator, or (for
a finished game, on request) with everything shown."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer
from rich.panel import Panel

from ..core.errors import FudabaError
from ..core.events import Event
from ..core.files import read_text
from ..core.game import Game
from ..core.record import Record, iter_replay, record_game
from ..core.redact import Before, action_line
from ..core.state import State
from .common import CARDS_HELP, T, add_cards, app, console, esc, fail


@app.command()
def replay(
    file: Annotated[Path, typer.Argument(help="a record (.json) or a runs file (.jsonl)")],
    game_index: Annotated[int, typer.Option("--game-index", help="which game of a .jsonl file (0-based)")] = 0,
    lang: Annotated[str | None, typer.Option(help="ja or en (default: the language the game was played in, else ja)")] = None,
    seat: Annotated[int | None, typer.Option(help="replay as this seat saw it (default: as a spectator saw it)")] = None,
    reveal: Annotated[bool, typer.Option(help="show every card, hidden ones included (finished games only)")] = False,
    board: Annotated[bool, typer.Option(help="print the table after every action")] = False,
    cards: Annotated[list[Path] | None, typer.Option(help=CARDS_HELP + "; a record made with --cards "
                                                      "carries its cards and replays without them")] = None,
) -> None:
    """Print a recorded game step by step (checking every action and the state hashes).

    Each line shows only what the viewer saw at that moment: a seat (--seat) or a spectator (the
    default). --reveal shows everything, for finished games."""
    if lang is not None and lang not in T:
        raise fail("--lang must be ja or en")
    if seat not in (None, 0, 1):
        raise fail(f"--seat {seat}: the seats are 0 and 1 (leave it out to watch as a spectator)")
    if reveal and seat is not None:
        raise fail("--reveal shows every card to everyone: leave out --seat")
    try:
        lines = [ln for ln in read_text(file).splitlines() if ln.strip()]
    except FudabaError as e:
        raise fail(str(e)) from None
    if not lines:
        raise fail(f"{file}: empty")
    if len(lines) == 1 and game_index == 0:
        text = lines[0]
    else:
        if not 0 <= game_index < len(lines):
            raise fail(f"--game-index {game_index}: {file} holds games 0–{len(lines) - 1}")
        text = lines[game_index]
    try:
        rec = Record.from_json(text)
        meta = rec.meta or {}
        if lang is None:
            lang = meta.get("lang") if meta.get("lang") in T else "ja"
        if reveal and not rec.over:
            raise fail(_RT[lang]["not_over_reveal"].format(n=len(rec.actions)))
        g = record_game(rec)  # with the cards the record carries
        if cards:
            g = add_cards(g, cards)
            rec.cards = [dict(c) for c in g.extra_cards] or None
        console.print(_header(g, rec, meta, seat, reveal, lang))
        steps = iter_replay(rec)
        _, _, st = next(steps)
        seen = _print_events(g, st, 0, seat, reveal, lang)
        _print_board(g, st, seat, reveal, lang)
        while True:
            before = Before(st)  # the replayed state moves on in place: what redaction needs, now
            mark = len(st.log)
            try:
                i, a, st = next(steps)
            except StopIteration:
                break
            line = a if reveal else action_line(before, a, st.log[mark:], st, seat, lang)
            console.print(f"[bold]{i + 1:>4}.[/] {esc(line)}")
            seen = _print_events(g, st, seen, seat, reveal, lang)
            if board:
                _print_board(g, st, seat, reveal, lang)
        console.print(_footer(g, rec, lang))
    except FudabaError as e:
        raise fail(str(e)) from None


#: the replay's own lines, in the record's language (``meta.lang``) or ``--lang``
_RT = {
    "en": {"seed": "seed {seed}", "position": "from a position", "agents": ", P0 {a} vs P1 {b}",
           "all": "everything shown", "spectator": "as a spectator", "seat": "as P{seat}", "default": "default",
           "header": "[bold]{game} {variant}[/] {start}{agents} — {watcher}",
           "not_over": "not over ({n} action(s) recorded)", "draw": "draw", "wins": "P{p} wins",
           "result": "[bold]result:[/] {outcome}, turn {turns} — hashes verified",
           "not_over_reveal": "--reveal shows the hidden cards: only for a finished game, and this one is not over "
                              "({n} action(s) recorded); replay it with --seat 0 or 1, or as a spectator"},
    "ja": {"seed": "シード{seed}", "position": "局面から", "agents": "、P0 {a} 対 P1 {b}",
           "all": "すべてのカードを公開", "spectator": "観戦者の視点", "seat": "P{seat}の視点", "default": "既定",
           "header": "[bold]{title}{game} {variant}{close}[/] {start}{agents} — {watcher}",
           "not_over": "未終了 (記録された行動 {n}件)", "draw": "引き分け", "wins": "P{p}の勝ち",
           "result": "[bold]結果:[/] {outcome}、ターン{turns} — ハッシュ検証済み",
           "not_over_reveal": "--reveal は伏せられたカードを見せるので、終わった対戦だけに使えます。この対戦は"
                              "終わっていません (記録された行動 {n}件)。--seat 0 か 1 で、または観戦者として再生して"
                              "ください"},
}


def _header(g: Game, rec: Record, meta: dict[str, Any], seat: int | None, reveal: bool, lang: str) -> str:
    """The first line: the game, how it started, who played, and whose eyes the replay shows."""
    t = _RT[lang]
    start = t["seed"].format(seed=rec.seed) if rec.position is None else t["position"]
    ag = meta.get("agents")
    agents = t["agents"].format(a=esc(str(ag[0])), b=esc(str(ag[1]))) if isinstance(ag, list) and len(ag) == 2 else ""
    watcher = t["all"] if reveal else (t["spectator"] if seat is None else t["seat"].format(seat=seat))
    variant = t["default"] if rec.variant == "default" else rec.variant
    own = g.title("ja")
    title, close = (f"{esc(own)} (", ")") if own else ("", "")  # ja: the game's own title first
    return t["header"].format(title=title, close=close, game=rec.game, variant=variant, start=start, agents=agents,
                              watcher=watcher)


def _footer(g: Game, rec: Record, lang: str) -> str:
    """The last line: the result and its reason, the turn, and that every hash matched."""
    t = _RT[lang]
    if not rec.over:
        outcome = t["not_over"].format(n=len(rec.actions))
    else:
        who = t["draw"] if rec.winner is None else t["wins"].format(p=rec.winner)
        outcome = f"{who} ({esc(g.result_text(rec.result, lang))})"
    return t["result"].format(outcome=outcome, turns=rec.turns)


def full_view(ev: Event) -> dict[str, Any]:
    """An event with every secret part shown (``--reveal``)."""
    d: dict[str, Any] = {"kind": ev.kind, **ev.data}
    if ev.secret:
        d.update(ev.secret)
    return d


def _print_events(game: Game, st: State, start: int, seat: int | None, reveal: bool, lang: str) -> int:
    """The viewer's log lines from ``start`` (an index into its log view); returns the new end."""
    evs = [full_view(e) for e in st.log] if reveal else st.log_view(seat)
    for ev in evs[start:]:
        line = game.describe(ev, lang)
        if not line:
            continue
        if seat is None:
            console.print("      " + esc(line))
        else:
            console.print(("  [cyan]›[/] " if ev.get("player") == seat else "  [magenta]‹[/] ") + esc(line))
    return len(evs)


def _print_board(game: Game, st: State, seat: int | None, reveal: bool, lang: str) -> None:
    for viewer in ((0, 1) if reveal else (seat,)):
        title = None if not reveal else f"P{viewer}"
        console.print(Panel(esc(game.render(st.view(viewer), lang)), title=title, expand=False), soft_wrap=False)
