"""The strength bars of issue 10: ``normal`` against ``greedy`` and ``hard`` against ``normal``.

    python benchmarks/strength.py                              # every game, 100 games per match
    python benchmarks/strength.py --game suikoden --games 40 --workers 2
    python benchmarks/strength.py --match hard,normal --out strength.json
    python benchmarks/strength.py --ladder --game maken --games 4   # all five agents, round robin
    python benchmarks/strength.py --game suikoden --match hard,normal --games-log games.jsonl  # resumable

Every match plays each deal twice, the agents swapped (seats and starter decks change hands), from
seed ``--seed`` on: the results are reproducible. The levels play on their *iteration* budgets
(``fudaba.agents.LEVEL_ITERS``) with the time cap lifted (``seconds=none``), so that a busy machine
cannot weaken them and the same command gives the same games; the time per decision is measured and
printed beside (on this 2-core machine it stays under the levels' caps). Bars: ``normal`` scores at
least 65% against ``greedy``, ``hard`` at least 55% against ``normal`` (wins, draws counting half).

``--ladder`` plays the round robin of the five agents (``random``, ``greedy`` and the three levels,
time caps lifted) on ``--games`` games per pair and prints ``fudaba ladder``'s Bradley–Terry ratings.
"""

from __future__ import annotations

import argparse
import json
import math
import time

import fudaba
from fudaba.agents import level_spec
from fudaba.sim import SimConfig
from fudaba.sim.ladder import run_ladder


def games() -> list[tuple[str, str]]:
    """(game, its first variant) of every game installed (a plugin's too)."""
    return [(name, fudaba.load_game(name).variant) for name in fudaba.games()]


#: match -> the bar of its first agent's score
BARS = {("normal", "greedy"): 0.65, ("hard", "normal"): 0.55}


def spec(name: str, game: str) -> str:
    """A level's spec on its iteration budget alone (no time cap); other names as they are."""
    if name in ("easy", "normal", "hard"):
        head, _, opts = level_spec(name, game).partition(":")
        return head + ":" + ",".join([o for o in opts.split(",") if not o.startswith("seconds=")] + ["seconds=none"])
    return name


def run(game: str, variant: str | None, a: str, b: str, games: int, workers: int, seed: int,
        games_log: str | None = None) -> dict[str, object]:
    t0 = time.perf_counter()
    base = SimConfig(game, (a, b), variant, {}, seed)
    agents = [spec(a, game), spec(b, game)]
    lad = run_ladder(agents, games, base, workers, log=games_log)
    points = lad.score(0, 1)
    n = lad.games(0, 1)
    rate = points / n
    se = math.sqrt(max(rate * (1 - rate), 1e-9) / n)
    ratings = lad.ratings()
    secs = {r.agent: r.seconds_per_decision for r in ratings}
    return {
        "game": game, "variant": variant, "agent": a, "opponent": b, "games": n, "score": rate,
        "ci95": [max(0.0, rate - 1.96 * se), min(1.0, rate + 1.96 * se)],
        "bar": BARS.get((a, b)), "passed": None if (a, b) not in BARS else rate >= BARS[(a, b)],
        "seconds_per_decision": {a: secs[spec(a, game)], b: secs[spec(b, game)]},
        "wall_seconds": time.perf_counter() - t0, "seed": seed,
    }


#: the five agents of a ladder
FIVE = ("random", "greedy", "easy", "normal", "hard")


def ladder(game: str, variant: str | None, games: int, workers: int, seed: int) -> dict[str, object]:
    t0 = time.perf_counter()
    specs = [spec(a, game) for a in FIVE]
    base = SimConfig(game, (specs[0], specs[1]), variant, {}, seed)
    lad = run_ladder(specs, games, base, workers)
    name = dict(zip(specs, FIVE, strict=True))
    out = lad.to_dict(config={"game": game, "variant": variant, "games_per_pair": games, "seed": seed})
    for r in out["ratings"]:  # type: ignore[union-attr]
        r["agent"] = name[r["agent"]]
    out["matrix"]["agents"] = list(FIVE)  # type: ignore[index]
    out["time_per_decision"] = {name[k]: v for k, v in out["time_per_decision"].items()}  # type: ignore[union-attr]
    return {"game": game, "variant": variant, "ladder": out, "wall_seconds": time.perf_counter() - t0, "seed": seed}


def print_ladder(r: dict[str, object]) -> None:
    lad = r["ladder"]
    print(f"{r['game']} ladder, {lad['config']['games_per_pair']} games per pair, {r['wall_seconds']:.0f} s")  # type: ignore[index]
    for x in lad["ratings"]:  # type: ignore[index]
        lo, hi = x["ci95"]
        print(f"  {x['rank']}. {x['agent']:7s} {x['rating']:6.0f}  ({lo:.0f}–{hi:.0f})  score {x['score']:.0%} of "
              f"{x['games']}  {x['seconds_per_decision']:.3f} s/decision")
    m = lad["matrix"]  # type: ignore[index]
    print("  " + " " * 8 + "".join(f"{a:>8s}" for a in m["agents"]))
    for a, row in zip(m["agents"], m["score"], strict=True):
        print(f"  {a:8s}" + "".join("       —" if v is None else f"{v:8.0%}" for v in row))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", default=None, help="one game (default: the four of the bars)")
    ap.add_argument("--games", type=int, default=100, help="games per match (even)")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--seed", type=int, default=1000)
    ap.add_argument("--match", action="append", default=None,
                    help="AGENT,OPPONENT (repeatable; default: normal,greedy and hard,normal)")
    ap.add_argument("--out", default=None, help="append the results here (JSON lines)")
    ap.add_argument("--games-log", default=None,
                    help="append each game's outcome here (JSON lines) and skip the games already in it: "
                         "a stopped match runs on from where it was")
    ap.add_argument("--ladder", action="store_true", help="the round robin of the five agents instead of the bars")
    args = ap.parse_args()
    matches = [tuple(m.split(",")) for m in args.match] if args.match else list(BARS)
    for game, variant in games():
        if args.game and game != args.game:
            continue
        if args.ladder:
            r = ladder(game, variant, args.games, args.workers, args.seed)
            print_ladder(r)
            if args.out:
                with open(args.out, "a", encoding="utf-8") as f:
                    f.write(json.dumps(r) + "\n")
            continue
        for a, b in matches:
            r = run(game, variant, a, b, args.games, args.workers, args.seed, args.games_log)
            bar = "" if r["bar"] is None else f"  bar {r['bar']:.0%}: {'PASS' if r['passed'] else 'FAIL'}"
            lo, hi = r["ci95"]  # type: ignore[misc]
            sp = r["seconds_per_decision"]
            print(f"{game:10s} {a:>7s} vs {b:7s} {r['score']:6.1%} of {r['games']} games "
                  f"(95% {lo:.0%}–{hi:.0%}); s/decision {a} {sp[a]:.3f}, {b} {sp[b]:.3f}; "  # type: ignore[index]
                  f"{r['wall_seconds']:.0f} s{bar}", flush=True)
            if args.out:
                with open(args.out, "a", encoding="utf-8") as f:
                    f.write(json.dumps(r) + "\n")


if __name__ == "__main__":
    main()
