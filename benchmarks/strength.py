"""The strength bars of issue 10: ``normal`` against ``greedy`` and ``hard`` against ``normal``.

    python benchmarks/strength.py                              # every game, 100 games per match
    python benchmarks/strength.py --game suikoden --games 40 --workers 2
    python benchmarks/strength.py --match hard,normal --out strength.json

Every match plays each deal twice, the agents swapped (seats and starter decks change hands), from
seed ``--seed`` on: the results are reproducible. The levels play on their *iteration* budgets
(``fudaba.agents.LEVEL_ITERS``) with the time cap lifted (``seconds=none``), so that a busy machine
cannot weaken them and the same command gives the same games; the time per decision is measured and
printed beside (on this 2-core machine it stays under the levels' caps). Bars: ``normal`` scores at
least 65% against ``greedy``, ``hard`` at least 55% against ``normal`` (wins, draws counting half).
"""

from __future__ import annotations

import argparse
import json
import math
import time

from fudaba.agents import level_spec
from fudaba.sim import SimConfig
from fudaba.sim.ladder import run_ladder

#: (game, variant)
GAMES = (("sarasvati", None), ("walpurgis", "v2.01"), ("suikoden", None), ("maken", None))
#: match -> the bar of its first agent's score
BARS = {("normal", "greedy"): 0.65, ("hard", "normal"): 0.55}


def spec(name: str, game: str) -> str:
    """A level's spec on its iteration budget alone (no time cap); other names as they are."""
    if name in ("easy", "normal", "hard"):
        head, _, opts = level_spec(name, game).partition(":")
        return head + ":" + ",".join([o for o in opts.split(",") if not o.startswith("seconds=")] + ["seconds=none"])
    return name


def run(game: str, variant: str | None, a: str, b: str, games: int, workers: int, seed: int) -> dict[str, object]:
    t0 = time.perf_counter()
    base = SimConfig(game, (a, b), variant, {}, seed)
    lad = run_ladder([spec(a, game), spec(b, game)], games, base, workers)
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


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", default=None, help="one game (default: the four of the bars)")
    ap.add_argument("--games", type=int, default=100, help="games per match (even)")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--seed", type=int, default=1000)
    ap.add_argument("--match", action="append", default=None,
                    help="AGENT,OPPONENT (repeatable; default: normal,greedy and hard,normal)")
    ap.add_argument("--out", default=None, help="append the results here (JSON lines)")
    args = ap.parse_args()
    matches = [tuple(m.split(",")) for m in args.match] if args.match else list(BARS)
    for game, variant in GAMES:
        if args.game and game != args.game:
            continue
        for a, b in matches:
            r = run(game, variant, a, b, args.games, args.workers, args.seed)
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
