"""The ``fudaba serve`` command: the browser play table (issue 11; docs/server.md), with every limit
of docs/server.md *Limits* as an option."""

from __future__ import annotations

from dataclasses import fields
from pathlib import Path
from typing import Annotated, Any

import typer

from ..server.limits import Limits
from .common import CARDS_HELP, app, console, err, esc, fail
from .decks import guess_card_game, unreadable_cards

LIMITS = "Limits (0: no limit)"
AI = "The AI's share"
NET = "Connections"

#: the limits' defaults (``fudaba.server.limits`` needs no web extra)
D: dict[str, Any] = {f.name: f.default for f in fields(Limits)}


def _opt(help: str, panel: str) -> Any:
    return typer.Option(help=help, rich_help_panel=panel)


@app.command("serve")
def serve(
    host: Annotated[str, typer.Option(help="address to listen on (127.0.0.1: this machine only)")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="TCP port")] = 8000,
    db: Annotated[Path, typer.Option(help="the SQLite file of rooms and games (created when missing)")] = Path(
        "fudaba.sqlite3"),
    cards: Annotated[list[Path] | None, typer.Option(help=CARDS_HELP + "; the game is told by the card ids")] = None,
    ai_delay: Annotated[float, typer.Option(help="seconds between two moves of the AI")] = 0.6,
    log_level: Annotated[str, typer.Option(help="uvicorn's log level")] = "info",
    trust_proxy: Annotated[list[str] | None, _opt(
        "a reverse proxy's address (or network, or *) whose X-Forwarded-For names the client; repeatable. "
        "Off by default: clients are told apart by their own address", NET)] = None,
    origin: Annotated[list[str] | None, _opt(
        "another origin (https://host[:port]) whose pages may use the server, besides its own Host; repeatable",
        NET)] = None,
    rooms_per_minute: Annotated[int, _opt("new rooms one client address may create in a minute", LIMITS)] = D[
        "rooms_per_minute"],
    rooms_per_client: Annotated[int, _opt("open games (not over) one client address may hold", LIMITS)] = D[
        "rooms_per_client"],
    max_rooms: Annotated[int, _opt("open games the server holds in all", LIMITS)] = D["max_rooms"],
    requests_per_minute: Annotated[int, _opt("API requests and websocket connections a minute per client address",
                                             LIMITS)] = D["requests_per_minute"],
    unjoined_days: Annotated[float, _opt("days after which a room none of whose seats ever joined is removed",
                                         LIMITS)] = D["unjoined_days"],
    idle_days: Annotated[float, _opt("days after which a game nobody moved in (and nobody watches) is removed",
                                     LIMITS)] = D["idle_days"],
    expiry_interval: Annotated[float, _opt("seconds between two sweeps for abandoned rooms", LIMITS)] = D[
        "expiry_interval"],
    replay_cache: Annotated[int, _opt("finished games kept in memory for replays", LIMITS)] = D["replay_cache"],
    ai_workers: Annotated[int, _opt("threads the AI thinks in", AI)] = D["ai_workers"],
    ai_seconds: Annotated[float, _opt("the longest one AI move may search (seconds)", AI)] = D["ai_seconds"],
    ai_per_client: Annotated[int, _opt("AI moves of one client address thinking at once", AI)] = D["ai_per_client"],
    ai_busy_rooms: Annotated[int, _opt("a client with more rooms than this waiting for the AI is busy: its moves "
                                       "search with --ai-busy-level's budget at most", AI)] = D["ai_busy_rooms"],
    ai_busy_level: Annotated[str, _opt("the level whose budget caps a busy client's moves (easy, normal, hard)",
                                       AI)] = D["ai_busy_level"],
    header_timeout: Annotated[float, _opt("seconds a request's head, then its body, may take to arrive (408)",
                                          NET)] = D["header_timeout"],
    idle_timeout: Annotated[float, _opt("seconds an idle keep-alive connection stays open", NET)] = D["idle_timeout"],
    max_head: Annotated[int, _opt("the largest request head in bytes (431)", NET)] = D["max_head"],
    max_connections: Annotated[int, _opt("open connections in all (then 503)", NET)] = D["max_connections"],
    connections_per_client: Annotated[int, _opt("open connections from one client address", NET)] = D[
        "connections_per_client"],
) -> None:
    """Serve the browser play table: lobby, rooms vs the AI or a friend by link, spectators, replays."""
    try:
        from ..server import create_app
        from ..server.transport import run
    except ImportError as e:
        raise fail(f"the web table needs the 'web' extra: pip install 'fudaba[web]' ({e.name} is missing)") from None
    from ..core.errors import FudabaError

    if not 0 < port < 65536:
        raise fail("--port must be 1–65535")
    if ai_delay < 0:
        raise fail("--ai-delay must be ≥ 0")
    values = dict(locals())
    try:
        limits = Limits.from_options({k: values[k] for k in D})
    except ValueError as e:
        raise fail(f"--{e}") from None
    by_game = _card_files(cards or [])
    try:
        application = create_app(db, ai_delay=ai_delay, card_files=by_game, limits=limits, origins=origin or [])
    except FudabaError as e:  # every problem of every card file
        err.print(f"[bold red]error:[/] {esc(str(e))}")
        raise typer.Exit(2) from None
    skipped = application.state.rooms.skipped
    if skipped:
        err.print(f"[yellow]warning:[/] {len(skipped)} stored room(s) do not replay and are skipped")
    shown = "127.0.0.1" if host in ("0.0.0.0", "") else f"[{host}]" if ":" in host else host
    console.print(f"札場 fudaba — the play table is at http://{shown}:{port}/  (database {esc(str(db))}; "
                  "Ctrl+C stops it)")
    run(application, host, port, limits, log_level, trust_proxy or [])


def _card_files(paths: list[Path]) -> dict[str, list[Path]]:
    """``--cards`` files and folders by the game their card ids belong to."""
    by_game: dict[str, list[Path]] = {}
    for path in paths:
        if not path.exists():
            raise fail(f"--cards {path}: no such file or directory")
        name = guess_card_game([path])
        if name is None:
            raise fail(unreadable_cards([path]) or f"--cards {path}: cannot tell which game these cards are for (no "
                       "known card id prefix)")
        by_game.setdefault(name, []).append(path)
    return by_game
