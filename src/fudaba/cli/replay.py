"""The ``fudaba replay`` command: a recorded game step by step."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.panel import Panel

from ..core.errors import FudabaError
from ..core.game import Game
from ..core.record import Record, iter_replay
from ..core.registry import load_game
from ..core.state import State
from .common import T, app, console, esc, fail
from .play import print_events


@app.command()
def replay(
    file: Annotated[Path, typer.Argument(help="a record (.json) or a runs file (.jsonl)")],
    game_index: Annotated[int, typer.Option("--game-index", help="which game of a .jsonl file (0-based)")] = 0,
    lang: Annotated[str, typer.Option(help="ja or en")] = "ja",
    seat: Annotated[int | None, typer.Option(help="replay as this seat sees it (default: spectator)")] = None,
    board: Annotated[bool, typer.Option(help="print the table after every action")] = False,
) -> None:
    """Print a recorded game step by step (checking every action and the state hashes)."""
    if lang not in T:
        raise fail("--lang must be ja or en")
    if seat not in (None, 0, 1):
        raise fail(f"--seat {seat}: the seats are 0 and 1 (leave it out to watch as a spectator)")
    try:
        lines = [ln for ln in file.read_text(encoding="utf-8").splitlines() if ln.strip()]
    except OSError as e:
        raise fail(f"{file}: {e.strerror}") from None
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
        g = load_game(rec.game, rec.variant, **rec.params)
        seen = 0
        meta = rec.meta or {}
        start = f"seed {rec.seed}" if rec.position is None else "from a position"
        ag = meta.get("agents")
        agents = f", P0 {ag[0]} vs P1 {ag[1]}" if isinstance(ag, list) and len(ag) == 2 else ""
        console.print(f"[bold]{rec.game} {rec.variant}[/] {start}{agents}")
        for i, a, st in iter_replay(rec):
            if i >= 0:
                console.print(f"[bold]{i + 1:>4}.[/] {esc(a)}")
            if seat is None:
                seen = _print_spectator(g, st, seen, lang)
            else:
                seen = print_events(g, st, seat, seen, lang)
            if board or i == -1:
                console.print(Panel(esc(g.render(st.view(seat), lang)), expand=False), soft_wrap=False)
        if not rec.over:
            outcome = f"not over ({len(rec.actions)} action(s) recorded)"
        else:
            outcome = ("draw" if rec.winner is None else f"P{rec.winner} wins") + f" ({g.result_text(rec.result, lang)})"
        console.print(f"[bold]result:[/] {outcome}, turn {rec.turns} — hashes verified")
    except FudabaError as e:
        raise fail(str(e)) from None


def _print_spectator(game: Game, st: State, start: int, lang: str) -> int:
    evs = st.log_view(None)
    for ev in evs[start:]:
        line = game.describe(ev, lang)
        if line:
            console.print("      " + esc(line))
    return len(evs)

