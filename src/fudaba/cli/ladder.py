"""The ``fudaba ladder`` command: a round robin of agents, rated (Bradley–Terry, Elo scale) with 95%
intervals, the head-to-head matrix and each agent's time per decision; ``ladder.json`` holds it all."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn
from rich.table import Table

from ..core.errors import DeckError, FudabaError
from ..core.game import Game
from .common import GAME_HELP, VARIANT_HELP, app, console, esc, fail, load, parse_params
from .simulate import AGENT_SPECS, parse_agents, seconds_text


@app.command()
def ladder(
    game: Annotated[str, typer.Argument(help=GAME_HELP)],
    agents: Annotated[str, typer.Option(help="the agents, separated by commas, each " + AGENT_SPECS)]
        = "random,greedy,easy,normal,hard",
    games_: Annotated[int, typer.Option("--games", help="games per pair of agents (even: every deal is played "
                                                        "from both sides)")] = 40,
    workers: Annotated[int, typer.Option(help="worker processes")] = 1,
    seed: Annotated[int, typer.Option(help="seed of the first deal (deal i: seed+i)")] = 0,
    out: Annotated[Path, typer.Option(help="write the ratings, the matrix and the times here (JSON)")]
        = Path("ladder.json"),
    param: Annotated[list[str] | None, typer.Option(help="rule parameter KEY=VALUE (repeatable)")] = None,
    variant: Annotated[str | None, typer.Option(help=VARIANT_HELP)] = None,
    prior: Annotated[float, typer.Option(help="virtual drawn games per pair, which keep ratings finite when an "
                                              "agent wins or loses every game (0: plain maximum likelihood)")]
        = 1.0,
    games_log: Annotated[Path | None, typer.Option(help="append each game's outcome here (JSON lines) as it ends; "
                                                        "the games already in it are not played again, so a "
                                                        "stopped ladder runs on from where it was")] = None,
    backend: Annotated[str, typer.Option(help="where games are played: process (this machine's worker processes) "
                                              "or ray (a Ray cluster; pip install 'fudaba[ray]')")] = "process",
    address: Annotated[str | None, typer.Option(help="with --backend ray: a running Ray cluster's address "
                                                     "(default: a local Ray)")] = None,
) -> None:
    """Play a round robin (every pair of agents, both seats and both decks) and rate the agents.

    Bradley–Terry ratings (Elo scale, mean 1500) with 95% intervals, head-to-head matrix, time per decision."""
    from ..sim.ladder import pairings, run_ladder
    from ..sim.runner import SimConfig

    _check_options(games_, workers, prior, backend)
    params = parse_params(param)
    g = load(game, variant, params)
    names = parse_agents(agents, g.name, f"--agents takes two or more of {AGENT_SPECS}, separated by commas")
    if len(names) < 2 or len(set(names)) != len(names):
        raise fail(f"--agents: give at least two different agents, got {esc(' | '.join(names))}")
    base = SimConfig(g.name, (names[0], names[1]), g.variant, dict(g.params), seed)
    _check_starters(g, base)
    try:
        out.write_text("", encoding="utf-8")  # an unwritable path is reported now, not after the games
    except OSError as e:
        raise fail(f"cannot write {out}: {e.strerror}") from None
    total = len(pairings(names, games_, base)) * (games_ // 2)
    console.print(_config_table(g, names, games_, total, seed, workers, params), soft_wrap=False)
    t0 = time.perf_counter()
    with Progress(TextColumn("[bold]ladder"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                  TimeRemainingColumn(), console=console) as prog:
        task = prog.add_task("games", total=total)
        try:
            result = run_ladder(names, games_, base, workers, lambda n: prog.advance(task, n), games_log, backend,
                                address)
        except FudabaError as e:
            raise fail(esc(str(e))) from None
    elapsed = time.perf_counter() - t0
    try:
        ratings = result.ratings(prior)
    except ValueError as e:  # prior 0 and a perfect score: no finite maximum-likelihood ratings
        raise fail(f"--prior 0: {e}") from None
    console.print(_ratings_table(ratings, total, elapsed), soft_wrap=False)
    console.print(_matrix(result, names, [names.index(r.agent) for r in ratings]), soft_wrap=False)
    config: dict[str, Any] = {"game": g.name, "variant": g.variant, "params": dict(g.params),
                              "games_per_pair": games_, "seed": seed, "workers": workers,
                              "seconds": round(elapsed, 3)}
    data = result.to_dict(prior, config)
    try:
        out.write_text(json.dumps(data, ensure_ascii=False, indent=2, default=str) + "\n", encoding="utf-8")
    except OSError as e:
        raise fail(f"cannot write {out}: {e.strerror}") from None
    console.print(f"ladder written to {esc(str(out))}")


def _check_options(games_: int, workers: int, prior: float, backend: str) -> None:
    if games_ < 2 or games_ % 2:
        raise fail(f"--games {games_}: give an even number of at least 2 (each pair plays every deal twice, "
                   "the agents swapping seats and decks)")
    if workers < 1:
        raise fail("--workers must be at least 1")
    if prior < 0:
        raise fail("--prior must be at least 0")
    if backend not in ("process", "ray"):
        raise fail(f"--backend {backend!r}: process or ray")


def _check_starters(g: Game, base: Any) -> None:
    """The starter decks the ladder plays are legal under the parameters given."""
    from ..sim.runner import agent_decks

    try:
        decks = agent_decks(g, base)
    except DeckError as e:
        raise fail(f"{e}\nthe ladder plays the starter decks, which are built for the default deck rules") from None
    for who, d in zip((1, 2), decks, strict=True):
        problems = g.check_deck(d)
        if problems:
            raise fail(f"starter deck {who} under these parameters: " + "; ".join(problems))


def _config_table(g: Game, names: list[str], games_: int, total: int, seed: int, workers: int,
                  params: dict[str, str]) -> Table:
    k = len(names)
    conf = Table(title="ladder", show_header=False)
    conf.add_row("game", f"{g.name} {g.variant}")
    conf.add_row("agents", esc(", ".join(names)))
    conf.add_row("games", f"{games_} per pair, {k * (k - 1) // 2} pair{'s' if k > 2 else ''}, {total} in all")
    conf.add_row("deals", f"seeds {seed}–{seed + games_ // 2 - 1}, each played twice per pair (agents swapped: "
                          "seats and starter decks change hands)")
    conf.add_row("workers", str(workers))
    conf.add_row("params", ", ".join(f"{key}={v}" + (" *" if key in params else "") for key, v in g.params.items()))
    return conf


def _ratings_table(ratings: list[Any], total: int, elapsed: float) -> Table:
    from ..sim.ladder import ANCHOR

    t = Table(title=f"ratings ({total} games, {elapsed:.1f} s): Bradley–Terry, Elo scale, mean {ANCHOR:g}, 95% interval")
    for c in ("rank", "agent", "rating", "95% interval", "games", "score", "time per decision"):
        t.add_column(c, justify="left" if c == "agent" else "right")
    for n, r in enumerate(ratings, 1):
        lo, hi = r.interval
        t.add_row(str(n), esc(r.agent), f"{r.rating:.0f} ± {r.rating - lo:.0f}", f"{lo:.0f} – {hi:.0f}",
                  str(r.games), f"{r.score_rate:.1%}", seconds_text(r.seconds_per_decision))
    return t


def _matrix(result: Any, names: list[str], order: list[int]) -> Table:
    """Head to head: the row's score against the column, agents in rating order."""
    m = Table(title="head to head: the row's score against the column (wins + draws/2)")
    m.add_column("")
    for j in order:
        m.add_column(esc(names[j]), justify="right")
    for i in order:
        cells = []
        for j in order:
            n_ij = result.games(i, j)
            cells.append("—" if i == j else f"{result.score(i, j) / n_ij:.0%}" if n_ij else "")
        m.add_row(esc(names[i]), *cells)
    return m
