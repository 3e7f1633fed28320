"""`fudaba simulate` scaling: games/s with 1 worker and with 2 workers (same games, same seeds).

    python benchmarks/simulate_scaling.py --game sarasvati --games 400
    python benchmarks/simulate_scaling.py --game suikoden --agents easy,greedy --games 24 --repeat 1   # search agents
"""

from __future__ import annotations

import argparse
import time

from fudaba.sim import SimConfig, run_batch


def rate(cfg: SimConfig, games: int, workers: int) -> float:
    t = time.perf_counter()
    n = sum(1 for _ in run_batch(cfg, games, workers))
    return n / (time.perf_counter() - t)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--game", default="sarasvati")
    ap.add_argument("--variant", default=None)
    ap.add_argument("--games", type=int, default=400)
    ap.add_argument("--agents", default="greedy,random")
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    a, b = args.agents.split(",")
    cfg = SimConfig(args.game, (a, b), args.variant)
    # alternate the runs and keep the best of each, so a noisy neighbour does not decide the ratio
    r1 = r2 = 0.0
    for _ in range(args.repeat):
        r1 = max(r1, rate(cfg, args.games, 1))
        r2 = max(r2, rate(cfg, args.games, 2))
    print(f"{args.game} ({args.agents}): 1 worker {r1:.3g} games/s, 2 workers {r2:.3g} games/s, speed-up {r2 / r1:.2f}x")


if __name__ == "__main__":
    main()
