"""The ``fudaba simulate`` command: many AI games, win rates with confidence intervals, sweeps."""

from __future__ import annotations

import hashlib
import re
import time
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.table import Table

from ..agents import Agent, make_agent
from ..core.errors import DeckError, FudabaError
from ..core.game import Game
from ..core.record import Record
from .common import (
    CARDS_HELP,
    GAME_HELP,
    STARTER_HINT,
    VARIANT_HELP,
    app,
    console,
    err,
    esc,
    fail,
    load,
    parse_params,
    resolve_deck,
)

#: what an agent spec may be (``make_agent(spec, game)``), for help texts and errors
AGENT_SPECS = ("random, greedy, easy, normal, hard, ismcts:KEY=VALUE,... (e.g. ismcts:iters=400,c=0.7,rollout=greedy) "
               "or pkg.module:Class (your own agent class)")

#: a ``key=value`` segment of a comma-separated list: an option of the agent spec before it
_KEY_VALUE = re.compile(r"\s*[A-Za-z_][\w.-]*\s*=")

#: what building an agent from a user's spec may raise: the spec's own errors, and a user's module
#: that cannot be imported or has no such class
AGENT_ERRORS = (FudabaError, ImportError, AttributeError, TypeError, ValueError)


def split_agent_specs(text: str) -> list[str]:
    """Agent specs separated by commas, where a spec may itself hold commas: a ``key=value`` segment
    stays with the spec before it.

    >>> split_agent_specs("ismcts:iters=400,c=0.7,rollout=greedy,greedy")
    ['ismcts:iters=400,c=0.7,rollout=greedy', 'greedy']
    """
    out: list[str] = []
    for seg in text.split(","):
        if not seg.strip():
            raise ValueError(f"{text!r}: an empty agent between commas")
        if _KEY_VALUE.match(seg):
            if not out:
                raise ValueError(f"{text!r}: {seg.strip()!r} is an option of an agent, but no agent comes before it "
                                 f"(write e.g. ismcts:{seg.strip()})")
            out[-1] += "," + seg.strip()
        else:
            out.append(seg.strip())
    return out


def build_agent(spec: str, game: str, option: str, usage: str, **options: Any) -> Agent:
    """``make_agent(spec, game, **options)``; its errors become one command-line error (exit 2)
    naming the option: an unknown agent is told ``usage`` (what the option takes) instead of the
    engine's own list, any other problem the engine's message."""
    try:
        return make_agent(spec, game, **options)
    except AGENT_ERRORS as e:
        text = str(e)
        if text.startswith("unknown agent "):
            raise fail(f"{option} {spec!r}: unknown agent; {esc(usage)}") from None
        raise fail(f"{option} {spec!r}: {esc(text)}") from None


def parse_agents(text: str, game: str, usage: str, option: str = "--agents") -> list[str]:
    """The agent specs of a comma-separated option, each checked by building it once (exit 2)."""
    try:
        specs = split_agent_specs(text)
    except ValueError as e:
        raise fail(f"{option} {esc(str(e))}\n{usage}") from None
    for spec in specs:
        build_agent(spec, game, option, usage)
    return specs


def seconds_text(s: float) -> str:
    """A duration for people: ``0.004 ms``, ``12.3 ms``, ``1.52 s``."""
    if s >= 1:
        return f"{s:.2f} s"
    ms = s * 1000
    return f"{ms:.3g} ms" if ms >= 0.01 else f"{ms:.3f} ms"


def _run_games(cfg: Any, games_: int, workers: int, label: str, backend: str = "process",
               address: str | None = None) -> tuple[list[Record], float, list[float]]:
    """Play a batch with a progress bar: the records in game order, the elapsed seconds and agents A's
    and B's mean seconds per decision."""
    from ..sim.runner import run_batches

    records: list[Record] = []
    seconds, decisions = [0.0, 0.0], [0, 0]
    t0 = time.perf_counter()
    with Progress(
        TextColumn(f"[bold]{esc(label)}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
        TimeRemainingColumn(), console=console, transient=False,
    ) as prog:
        task = prog.add_task("games", total=games_)
        try:
            for _, rec, timing in run_batches([(cfg, games_)], workers, lambda n: prog.advance(task, n),
                                              backend=backend, address=address):
                records.append(rec)
                for i in (0, 1):
                    seconds[i] += timing.seconds[i]
                    decisions[i] += timing.decisions[i]
        except FudabaError as e:
            raise fail(esc(str(e))) from None
    records.sort(key=lambda r: r.meta.get("index", 0))
    return records, time.perf_counter() - t0, [s / max(1, d) for s, d in zip(seconds, decisions, strict=True)]


def _game_signature(rec: Record) -> tuple[Any, ...]:
    """What a game was: its actions and its result (two equal signatures: the same game)."""
    digest = hashlib.blake2b("\x1f".join(rec.actions).encode(), digest_size=16).hexdigest()
    return (len(rec.actions), digest, rec.result, rec.winner)


def identical_games_warnings(key: str, values: list[str], games_of: list[dict[int, tuple[Any, ...]]],
                             what: str = "") -> list[str]:
    """For every two swept values: how many of the seeded games were the very same game (same
    actions, same result). Identical games mean the parameter never came into play in them.
    ``what``: what the parameter does (``PARAM_HELP``), to say which situation never came up."""
    out = []
    for i in range(len(values)):
        for j in range(i + 1, len(values)):
            a, b = games_of[i], games_of[j]
            n = len(a)
            same = sum(1 for k, sig in a.items() if b.get(k) == sig)
            if not same:
                continue
            pair = f"{key}={values[i]} and {key}={values[j]}"
            if same == n:
                out.append(f"[bold yellow]warning:[/] {pair} gave identical games: {same} of {n} games had the same "
                           f"actions and results for each seed. The parameter never changed a game: the situation "
                           f"it rules on never came up with these agents and decks"
                           + (f" ({key}: {esc(what)})" if what else "")
                           + ". This sweep tells nothing about it; try other agents, decks or more games.")
            else:
                out.append(f"[yellow]note:[/] {pair} gave identical games in {same} of {n} games (same actions and "
                           f"results for each seed): the parameter changed only {n - same} game(s); the "
                           f"differences between these rows come from those alone.")
    return out


def _ci(w: int, n: int) -> str:
    """A 95% Wilson interval as ``27–37%``."""
    from ..sim import wilson

    if not n:
        return "—"
    lo, hi = wilson(w, n)
    return f"{lo * 100:.0f}–{hi * 100:.0f}%"


@app.command()
def simulate(
    game: Annotated[str, typer.Argument(help=GAME_HELP)],
    games_: Annotated[int, typer.Option("--games", help="number of games (per sweep value)")] = 100,
    agents: Annotated[str, typer.Option(help="two agents A,B, each " + AGENT_SPECS)] = "greedy,random",
    param: Annotated[list[str] | None, typer.Option(help="rule parameter KEY=VALUE (repeatable)")] = None,
    sweep: Annotated[str | None, typer.Option(help="compare values of one parameter: KEY=V1,V2,...")] = None,
    variant: Annotated[str | None, typer.Option(help=VARIANT_HELP)] = None,
    seed: Annotated[int, typer.Option(help="seed of game 0 (game i uses seed+i)")] = 0,
    workers: Annotated[int, typer.Option(help="worker processes")] = 1,
    out: Annotated[Path | None, typer.Option(help="write every game's record here (JSON lines)")] = None,
    deck_a: Annotated[str | None, typer.Option(help="deck of agent A: a starter deck by name (fudaba games GAME "
                                                    "lists them) or a deck list file (default: the first starter)")] = None,
    deck_b: Annotated[str | None, typer.Option(help="deck of agent B: a starter deck by name or a deck list file "
                                                    "(default: the second starter)")] = None,
    cards: Annotated[list[Path] | None, typer.Option(help=CARDS_HELP)] = None,
    backend: Annotated[str, typer.Option(help="where games are played: process (this machine's worker processes) "
                                              "or ray (a Ray cluster; pip install 'fudaba[ray]')")] = "process",
    address: Annotated[str | None, typer.Option(help="with --backend ray: a running Ray cluster's address "
                                                     "(default: a local Ray)")] = None,
) -> None:
    """Run many AI games and print win rates (95% CI), first-player rate, draws, reasons, lengths.

    With --sweep, the same seeded games are played for every value of one parameter and compared."""
    from ..sim import SimConfig, summarize

    _check_counts(games_, workers, backend)
    params = parse_params(param)
    g = load(game, variant, params, cards)
    extra = [dict(c) for c in g.extra_cards]  # --cards: every game and every worker plays with them
    sweep_key, sweep_values = _parse_sweep(sweep, params, game, variant)

    def game_for(value: str) -> Game:
        """The game of one sweep value (the --cards included)."""
        if not sweep_key:
            return g
        gv = load(game, variant, {**params, sweep_key: value})
        return gv.with_cards(extra, "--cards") if extra else gv

    names = _agent_names(agents, g.name)
    decks = _user_decks(g, deck_a, deck_b)
    for value in sweep_values:  # every deck legal under every rule setting, before running
        gv = game_for(value)
        _check_decks(gv, SimConfig(gv.name, (names[0], names[1]), gv.variant, dict(gv.params), seed, decks, extra),
                     f" under {sweep_key}={value}" if sweep_key else "")
    console.print(_config_table(g, games_, names, deck_a, deck_b, cards, extra, seed, workers, params,
                                sweep_key, sweep_values), soft_wrap=False)
    try:
        fh = out.open("w", encoding="utf-8") if out else None
    except OSError as e:
        raise fail(f"cannot write {out}: {e.strerror}") from None
    rows = []
    games_of: list[dict[int, tuple[Any, ...]]] = []  # per sweep value: game index -> what happened
    for value in sweep_values:
        gv = game_for(value)
        cfg = SimConfig(gv.name, (names[0], names[1]), gv.variant, dict(gv.params), seed, decks, extra)
        label = f"{sweep_key}={value}" if sweep_key else "simulating"
        records, elapsed, per_decision = _run_games(cfg, games_, workers, label, backend, address)
        if fh:
            fh.writelines(r.to_json() + "\n" for r in records)
        rows.append((value, summarize(records)))
        games_of.append({int(r.meta.get("index", k)): _game_signature(r) for k, r in enumerate(records)})
        if not sweep_key:
            _print_results(rows[-1][1], elapsed, names, per_decision)
    if fh:
        fh.close()
    if sweep_key:
        _print_sweep(sweep_key, games_, names, rows)
        what = next((p.help for p in g.describe_params() if p.name == sweep_key), "")
        for line in identical_games_warnings(sweep_key, sweep_values, games_of, what):
            err.print(line)
    if out:
        console.print(f"records written to {out} (replay one with: fudaba replay {out} --game-index 0)")


def _check_counts(games_: int, workers: int, backend: str) -> None:
    if games_ < 1:
        raise fail("--games must be at least 1")
    if workers < 1:
        raise fail("--workers must be at least 1")
    if backend not in ("process", "ray"):
        raise fail(f"--backend {backend!r}: process or ray")


def _parse_sweep(sweep: str | None, params: dict[str, str], game: str, variant: str | None) -> tuple[str, list[str]]:
    """``--sweep KEY=V1,V2,...`` as (key, values), every value checked before anything runs; ("", [""])
    without a sweep."""
    if sweep is None:
        return "", [""]
    if "=" not in sweep or not sweep.split("=", 1)[1].strip():
        raise fail(f"--sweep {sweep!r}: write KEY=V1,V2,..., e.g. --sweep starting_hand=5,6,7")
    key, vals = sweep.split("=", 1)
    key = key.strip()
    values = [v.strip() for v in vals.split(",") if v.strip()]
    if key in params:
        raise fail(f"--sweep {key}: the same parameter is also given with --param")
    for v in values:
        load(game, variant, {**params, key: v})
    return key, values


def _agent_names(agents: str, game: str) -> list[str]:
    usage = f"--agents takes two of {AGENT_SPECS}, separated by a comma"
    names = parse_agents(agents, game, usage)
    if len(names) != 2:
        raise fail(f"--agents takes two of the agents, separated by a comma (e.g. greedy,random or "
                   f"ismcts:iters=400,c=0.7,greedy); got {len(names)}: {esc(' | '.join(names))}")
    return names


def _user_decks(g: Game, deck_a: str | None, deck_b: str | None) -> tuple[dict[str, Any] | None, dict[str, Any] | None]:
    """The decks of ``--deck-a`` and ``--deck-b`` (None: the starter of that side)."""
    decks: list[dict[str, Any] | None] = [None, None]
    for i, (p, option) in enumerate(((deck_a, "--deck-a"), (deck_b, "--deck-b"))):
        if p is not None:
            try:
                decks[i] = resolve_deck(g, p, option)[0].to_dict()
            except DeckError as e:
                raise fail(str(e)) from None
    return decks[0], decks[1]


def _check_decks(gv: Game, cfg: Any, setting: str) -> None:
    """Both agents' decks are legal in ``gv`` (``setting``: the sweep value, for the message)."""
    from ..sim.runner import agent_decks

    try:
        pair = agent_decks(gv, cfg)
    except DeckError as e:
        raise fail(f"{e}\n" + STARTER_HINT.format(options="--deck-a/--deck-b")) from None
    for who, d in zip("AB", pair, strict=True):
        problems = gv.check_deck(d)
        if problems:
            raise fail(f"deck of agent {who}{setting}: " + "; ".join(problems))


def _config_table(g: Game, games_: int, names: list[str], deck_a: str | None, deck_b: str | None,
                  cards: list[Path] | None, extra: list[dict[str, Any]], seed: int, workers: int,
                  params: dict[str, str], sweep_key: str, sweep_values: list[str]) -> Table:
    conf = Table(title="configuration", show_header=False)
    conf.add_row("game", f"{g.name} {g.variant}")
    conf.add_row("games", str(games_) + (f" per value of {sweep_key}" if sweep_key else ""))
    conf.add_row("agents", f"A={names[0]}  B={names[1]} (seats alternate)")
    conf.add_row("decks", f"A={deck_a or 'starter 1'}  B={deck_b or 'starter 2'}")
    if cards:
        conf.add_row("cards", f"{len(extra)} added from " + ", ".join(str(c) for c in cards))
    conf.add_row("seed", f"{seed} (game i: seed+i)")
    conf.add_row("workers", str(workers))
    conf.add_row("params", ", ".join(f"{k}={v}" + (" *" if k in params else "") for k, v in g.params.items()
                                      if k != sweep_key))
    if sweep_key:
        conf.add_row("sweep", f"{sweep_key} = {', '.join(sweep_values)}")
    return conf


def _print_results(s: Any, elapsed: float, names: list[str], per_decision: list[float]) -> None:
    """One batch's win rates, result reasons, lengths and time per decision."""
    t = Table(title=f"results of {s.games} games ({elapsed:.1f} s, {s.games / elapsed:.0f} games/s)")
    for c in ("who", "wins", "games", "win rate", "95% CI"):
        t.add_column(c, justify="right" if c != "who" else "left")
    for lab, w, n, rate, lo, hi in s.rows():
        t.add_row(lab, str(w), str(n), f"{rate:.1%}", f"{lo:.1%} – {hi:.1%}")
    t.add_row("draws", str(s.draws), str(s.games), f"{s.draws / s.games:.1%}", "")
    console.print(t, soft_wrap=False)
    rt = Table(title="result reasons")
    rt.add_column("reason")
    rt.add_column("games", justify="right")
    for reason, n in s.reasons.most_common():
        rt.add_row(reason or "(none)", str(n))
    console.print(rt, soft_wrap=False)
    console.print(f"game length in turns: mean {s.mean_turns:.1f}, median {s.median_turns:.1f}")
    console.print(f"time per decision: A ({esc(names[0])}) {seconds_text(per_decision[0])}, "
                  f"B ({esc(names[1])}) {seconds_text(per_decision[1])}")


def _print_sweep(sweep_key: str, games_: int, names: list[str], rows: list[tuple[str, Any]]) -> None:
    """The sweep's table: A's and the first player's win rates, draws and lengths per value."""
    t = Table(title=f"sweep of {sweep_key}: {games_} games per value, the same seeds for each")
    for c in ("value", "A wins", "95% CI", "first wins", "95% CI", "draws", "turns"):
        t.add_column(c, justify="right", no_wrap=True)
    for value, s in rows:
        a_label = next(lab for lab in s.agent_games if lab.startswith("A:"))
        aw, an = s.agent_wins[a_label], s.agent_games[a_label]
        t.add_row(f"{sweep_key}={value}", f"{aw / an:.1%}", _ci(aw, an),
                  f"{s.first_wins / max(1, s.first_games):.1%}", _ci(s.first_wins, s.first_games),
                  f"{s.draws / s.games:.1%}", f"{s.mean_turns:.1f}")
    console.print(t, soft_wrap=False)
    console.print(f"A = {names[0]}, B = {names[1]}; turns: mean game length. Result reasons:")
    for value, s in rows:
        reasons = ", ".join(f"{r or '(none)'} {n / s.games:.0%}" for r, n in s.reasons.most_common())
        console.print(f"  {sweep_key}={value}: {reasons}")
