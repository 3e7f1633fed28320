"""The ``fudaba lab`` command: a balance study of a game's decks and cards, written as a report folder
(report.html, report.md, summary.json, games.parquet, cards.parquet; docs/designers.md)."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn
from rich.table import Table

from ..core.errors import CardDataError, DeckError, FudabaError
from ..core.registry import descriptor
from .common import CARDS_HELP, app, console, err, esc, fail, load, parse_params
from .simulate import AGENT_SPECS, parse_agents

BACKEND_HELP = "where games are played: process (this machine's worker processes) or ray (a Ray cluster)"
ADDRESS_HELP = "with --backend ray: the address of a running Ray cluster (default: start a local Ray)"


def _need_extras() -> None:
    missing = []
    for mod in ("pyarrow", "matplotlib"):
        try:
            __import__(mod)
        except ImportError:
            missing.append(mod)
    if missing:
        raise fail(f"fudaba lab needs {', '.join(missing)}: pip install 'fudaba[lab]'")


def parse_band(text: str | None) -> tuple[float, float] | None:
    """``--band -3,6`` (percentage points) -> (-0.03, 0.06)."""
    if text is None:
        return None
    try:
        lo, hi = (float(x.strip().rstrip("%")) / 100 for x in text.split(","))
    except ValueError:
        raise fail(f"--band {text!r}: write LOW,HIGH in percentage points, e.g. --band -3,6") from None
    if lo >= hi:
        raise fail(f"--band {text!r}: the low end must be below the high end")
    return (lo, hi)


def parse_causal(text: str) -> str | int:
    if text == "all":
        return "all"
    if text.isdigit():
        return int(text)
    raise fail(f"--causal {text!r}: write all, or N (the N most-played cards of each deck), or 0")


def write_report(result: Any, out: Path, csv: bool, timing: str) -> list[Path]:
    """The report folder's files; their paths."""
    from ..sim.lab import data, report_html, report_md

    summary = result.summary
    lab = descriptor(result.study.game.name).capability("lab")
    title = " / ".join(getattr(lab, "CURVE_TITLE", ("Reference curve", "基準カーブ")))
    out.mkdir(parents=True, exist_ok=True)
    (out / "summary.json").write_text(json.dumps(summary, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    (out / "report.md").write_text(report_md.markdown(summary, title), encoding="utf-8")
    (out / "report.html").write_text(report_html.page(summary, title, timing), encoding="utf-8")
    g = result.study.game
    written = data.write(result.rows(), g.name, g.variant, out, csv)
    return [out / "report.html", out / "report.md", out / "summary.json", *written]


@app.command()
def lab(
    game: Annotated[str, typer.Argument(help="game name")],
    decks: Annotated[str, typer.Option(help="decks, separated by commas: deck files, 'starter' (every starter deck) "
                                            "or starter:NAME")] = "starter",
    cards: Annotated[list[Path] | None, typer.Option(help=CARDS_HELP)] = None,
    agents: Annotated[str, typer.Option(help="the agents (policies), separated by commas; each plays both seats: "
                                             + AGENT_SPECS)] = "greedy",
    games_: Annotated[int, typer.Option("--games", help="games per matchup and agent (each deal from both seats)")]
        = 100,
    seed: Annotated[int, typer.Option(help="seed of the first deal (deal i: seed+i)")] = 0,
    workers: Annotated[int, typer.Option(help="worker processes (or Ray CPUs)")] = 1,
    out: Annotated[Path, typer.Option(help="the report folder")] = Path("lab"),
    param: Annotated[list[str] | None, typer.Option(help="rule parameter KEY=VALUE (repeatable)")] = None,
    variant: Annotated[str | None, typer.Option(help="rules variant")] = None,
    sweep: Annotated[list[str] | None, typer.Option(help="a rule parameter's values KEY=V1,V2,... (repeatable)")]
        = None,
    causal: Annotated[str, typer.Option(help="causal runs: all cards, N (the N most-played per deck) or 0")] = "all",
    band: Annotated[str | None, typer.Option(help="target band of causal values LOW,HIGH in percentage points "
                                                  "(default: the interquartile fence of the study's values)")] = None,
    suggest: Annotated[bool, typer.Option(help="search changes for outliers and the most uneven deck pair")] = True,
    csv: Annotated[bool, typer.Option(help="also games.csv and cards.csv")] = False,
    games_log: Annotated[Path | None, typer.Option(help="append every game here (JSON lines) as it ends; run again "
                                                        "with it to go on from where a stopped study was")] = None,
    backend: Annotated[str, typer.Option(help=BACKEND_HELP)] = "process",
    address: Annotated[str | None, typer.Option(help=ADDRESS_HELP)] = None,
) -> None:
    """Study a game's balance: seats, decks, matchups, per-card metrics and causal values, suggestions.

    Writes report.html, report.md, summary.json, games.parquet and cards.parquet into --out."""
    from ..sim.lab.api import run_lab
    from ..sim.lab.runs import Plan
    from ..sim.lab.sweep import parse_sweep

    _need_extras()
    if games_ < 1 or workers < 1:
        raise fail("--games and --workers must be at least 1")
    if backend not in ("process", "ray"):
        raise fail(f"--backend {backend!r}: {BACKEND_HELP}")
    g = load(game, variant, parse_params(param), cards)
    if descriptor(g.name).capability("lab") is None:
        err.print(f"[yellow]note:[/] {esc(g.name)} has no lab module (games/{esc(g.name)}/lab.py): seats, decks and "
                  "matchups only, no per-card metrics or causal values")
    names = parse_agents(agents, g.name, f"--agents takes one or more of {AGENT_SPECS}, separated by commas")
    try:
        sweeps = [parse_sweep(s) for s in sweep or []]
    except ValueError as e:
        raise fail(esc(str(e))) from None
    for key, values in sweeps:
        for v in values:
            load(game, variant, {**parse_params(param), key: v})
    plan = Plan(parse_causal(causal), parse_band(band), suggest, sweeps)
    t0 = time.perf_counter()
    with Progress(TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                  TimeRemainingColumn(), console=console) as prog:
        def progress(label: str, total: int) -> Any:
            task = prog.add_task(esc(label), total=total)
            return lambda n: prog.advance(task, n)

        try:
            result = run_lab(g, decks.split(","), names, games_, seed, workers=workers, backend=backend,
                             address=address, games_log=games_log, plan=plan, progress=progress)
        except (DeckError, CardDataError, FudabaError) as e:
            raise fail(esc(str(e))) from None
    elapsed = time.perf_counter() - t0
    played, total = result.study.played, len(result.study.rows)
    timing = f"{played} games played in {elapsed:.1f} s ({played / max(elapsed, 1e-9):.0f} games/s)"
    if total > played:
        timing += f", {total - played} more read from {games_log}"
    try:
        paths = write_report(result, out, csv, timing)
    except OSError as e:
        raise fail(f"cannot write the report into {out}: {e.strerror}") from None
    show(result.summary)
    console.print(timing)
    console.print("written: " + ", ".join(esc(str(p)) for p in paths))


def show(s: dict[str, Any]) -> None:
    """The headline numbers in the terminal."""
    from ..sim.lab.report_md import change_text, ci, pct, policy, signed

    for agent, a in s["agents"].items():
        t = Table(title=f"decks — {policy(agent)}")
        for c in ("deck", "win rate", "95% interval", "games"):
            t.add_column(c, justify="left" if c == "deck" else "right")
        for d in s["decks"]:
            if d["agent"] == agent:
                t.add_row(esc(d["name"]), pct(d["rate"]), ci(d["ci95"]), str(d["n"]))
        fp = a["seats"]["first_player"]
        console.print(t, soft_wrap=False)
        console.print(f"first player wins {pct(fp['rate'])} {ci(fp['ci95'])} of {fp['n']} games")
        top = [c for c in s["cards"] if c["agent"] == agent and c["causal_delta"] is not None][:5]
        if top:
            c = Table(title=f"most valuable cards (causal value against the filler) — {policy(agent)}")
            for h in ("deck", "card", "causal value", "95% interval", "outlier"):
                c.add_column(h)
            for x in top:
                c.add_row(esc(x["deck"]), esc(f"{x['card']} {x['name']}"), signed(x["causal_delta"]),
                          ci(x["causal_ci95"], True), "★" if x["outlier"] else "")
            console.print(c, soft_wrap=False)
    for x in s["suggestions"]:
        console.print(f"suggestion: {esc(x['card'])} {change_text(x['change'])}: causal value {signed(x['before']['delta'])} → "
                      f"{signed(x['after']['delta'])} {ci(x['after']['ci95'], True)} on fresh deals")
