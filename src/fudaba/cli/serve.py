"""The ``fudaba serve`` command: the browser play table (issue 11; docs/server.md)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from .common import CARDS_HELP, app, console, err, esc, fail
from .decks import guess_card_game, unreadable_cards


@app.command("serve")
def serve(
    host: Annotated[str, typer.Option(help="address to listen on (127.0.0.1: this machine only)")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="TCP port")] = 8000,
    db: Annotated[Path, typer.Option(help="the SQLite file of rooms and games (created when missing)")] = Path(
        "fudaba.sqlite3"),
    cards: Annotated[list[Path] | None, typer.Option(help=CARDS_HELP + "; the game is told by the card ids")] = None,
    ai_delay: Annotated[float, typer.Option(help="seconds between two moves of the AI")] = 0.6,
    log_level: Annotated[str, typer.Option(help="uvicorn's log level")] = "info",
) -> None:
    """Serve the browser play table: lobby, rooms vs the AI or a friend by link, spectators, replays."""
    try:
        import uvicorn

        from ..server import create_app
    except ImportError as e:
        raise fail(f"the web table needs the 'web' extra: pip install 'fudaba[web]' ({e.name} is missing)") from None
    from ..core.errors import FudabaError

    if not 0 < port < 65536:
        raise fail("--port must be 1–65535")
    if ai_delay < 0:
        raise fail("--ai-delay must be ≥ 0")
    by_game: dict[str, list[Path]] = {}
    for path in cards or []:
        if not path.exists():
            raise fail(f"--cards {path}: no such file or directory")
        name = guess_card_game([path])
        if name is None:
            raise fail(unreadable_cards([path]) or f"--cards {path}: cannot tell which game these cards are for (no "
                       "known card id prefix)")
        by_game.setdefault(name, []).append(path)
    try:
        application = create_app(db, ai_delay=ai_delay, card_files=by_game)
    except FudabaError as e:  # every problem of every card file
        err.print(f"[bold red]error:[/] {esc(str(e))}")
        raise typer.Exit(2) from None
    skipped = application.state.rooms.skipped
    if skipped:
        err.print(f"[yellow]warning:[/] {len(skipped)} stored room(s) do not replay and are skipped")
    shown = "127.0.0.1" if host in ("0.0.0.0", "") else f"[{host}]" if ":" in host else host
    console.print(f"札場 fudaba — the play table is at http://{shown}:{port}/  (database {esc(str(db))}; "
                  "Ctrl+C stops it)")
    uvicorn.run(application, host=host, port=port, log_level=log_level, ws_max_size=64 * 1024)
