"""Random-play benchmark: games/s, actions/s, clone µs and view µs (single process).

    python benchmarks/random_play.py --game sarasvati --games 300
    python benchmarks/random_play.py --game walpurgis --variant v1.01

An action is one decision answered by a player (decisions with a single legal action are applied
by the engine itself and are not counted). Games are seeded 0..N-1, so runs are comparable.
"""

from __future__ import annotations

import argparse
import statistics
import time

import fudaba
from fudaba.core import Rng


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--game", default="sarasvati")
    ap.add_argument("--variant", default=None)
    ap.add_argument("--games", type=int, default=300)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--param", action="append", default=[], help="KEY=VALUE")
    args = ap.parse_args()
    params = dict(p.split("=", 1) for p in args.param)
    game = fudaba.load_game(args.game, args.variant, **params)

    actions = 0
    t0 = time.perf_counter()
    samples = []
    for i in range(args.games):
        rng = Rng(args.seed + i + 1000)
        st = game.new_game(seed=args.seed + i)
        while not st.over:
            d = st.decision
            assert d is not None
            st.apply(d.options[rng.randbelow(len(d.options))])
            actions += 1
            if actions % 97 == 0 and len(samples) < 400:
                samples.append(st)
    elapsed = time.perf_counter() - t0

    # clone and view cost, measured on states sampled from the games above
    mids = [s for s in samples][:200] or [game.new_game(seed=1)]
    fresh = [game.new_game(seed=i) for i in range(50)]
    probe = fresh + [m.clone() for m in mids]
    reps = 20
    t = time.perf_counter()
    for _ in range(reps):
        for s in probe:
            s.clone()
    clone_us = (time.perf_counter() - t) / (reps * len(probe)) * 1e6
    t = time.perf_counter()
    for _ in range(reps):
        for s in probe:
            s.view(0)
    view_us = (time.perf_counter() - t) / (reps * len(probe)) * 1e6
    lens = [len(s.history) for s in probe]
    print(f"game            {game.name} {game.variant}")
    print(f"games           {args.games} in {elapsed:.2f} s")
    print(f"games/s         {args.games / elapsed:,.0f}")
    print(f"actions/s       {actions / elapsed:,.0f}  ({actions / args.games:.0f} actions per game)")
    print(f"clone µs        {clone_us:.1f}  (mean over {len(probe)} states, median history {statistics.median(lens):.0f})")
    print(f"view µs         {view_us:.1f}")


if __name__ == "__main__":
    main()
