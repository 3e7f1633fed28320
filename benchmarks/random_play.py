"""Random-play benchmark: games/s, actions/s, clone µs and view µs (single process).

    python benchmarks/random_play.py --game sarasvati --games 300
    python benchmarks/random_play.py --game walpurgis --variant v1.01

An action is one decision answered by a player (decisions with a single legal action are applied
by the engine itself and are not counted). Games are seeded 0..N-1, so runs are comparable.

Both modes play the same games (the same actions, the same final hashes): *normal* states keep the
log and the history; *search* states (``state.clone(search=True)``) build no events and keep no log,
as a search AI plays them. Each mode is run ``--repeat`` times, alternately, and the median is
printed (the machine may be shared: ``cpu`` is the same rate over this process's CPU time, which a
busy neighbour disturbs less). ``clone µs`` is measured in both modes on the same states.
"""

from __future__ import annotations

import argparse
import statistics
import time
from typing import Any

import fudaba
from fudaba.core import Rng


def play(game: Any, games: int, seed: int, search: bool, samples: list[Any] | None = None) -> tuple[int, float, float]:
    """Play ``games`` random games; returns (actions, wall seconds, CPU seconds)."""
    actions = 0
    t0, c0 = time.perf_counter(), time.process_time()
    for i in range(games):
        rng = Rng(seed + i + 1000)
        st = game.new_game(seed=seed + i)
        if search:
            st = st.clone(search=True)
        while not st.over:
            d = st.decision
            assert d is not None
            st.apply(d.options[rng.randbelow(len(d.options))])
            actions += 1
            if samples is not None and actions % 97 == 0 and len(samples) < 200:
                samples.append(st.clone())
    return actions, time.perf_counter() - t0, time.process_time() - c0


def per_state_us(fn: Any, states: list[Any], reps: int = 20) -> float:
    t = time.perf_counter()
    for _ in range(reps):
        for s in states:
            fn(s)
    return (time.perf_counter() - t) / (reps * len(states)) * 1e6


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--game", default="sarasvati")
    ap.add_argument("--variant", default=None)
    ap.add_argument("--games", type=int, default=300)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--repeat", type=int, default=3, help="runs per mode (the median is printed)")
    ap.add_argument("--param", action="append", default=[], help="KEY=VALUE")
    args = ap.parse_args()
    params = dict(p.split("=", 1) for p in args.param)
    game = fudaba.load_game(args.game, args.variant, **params)

    mids: list[Any] = []
    runs: dict[str, list[tuple[int, float, float]]] = {"normal": [], "search": []}
    for r in range(max(1, args.repeat)):
        for mode in ("normal", "search"):
            runs[mode].append(play(game, args.games, args.seed, mode == "search", mids if r == 0 and mode == "normal"
                                   else None))

    # clone and view cost, measured on states sampled from the games above
    probe = [game.new_game(seed=i) for i in range(50)] + mids
    searching = [s.clone(search=True) for s in probe]
    clone_us = per_state_us(lambda s: s.clone(), probe)
    clone_search_us = per_state_us(lambda s: s.clone(), searching)
    view_us = per_state_us(lambda s: s.view(0), probe)
    lens = [len(s.history) for s in probe]
    rate: dict[str, tuple[float, float, float]] = {}
    for mode, rs in runs.items():
        actions = rs[0][0]
        wall = statistics.median(r[1] for r in rs)
        cpu = statistics.median(r[2] for r in rs)
        rate[mode] = (args.games / wall, actions / wall, actions / cpu)
    n, s = rate["normal"], rate["search"]
    print(f"game        {game.name} {game.variant}: {runs['normal'][0][0] / args.games:.0f} actions per game; "
          f"median of {len(runs['normal'])} runs of {args.games} games per mode")
    print(f"games/s     normal {n[0]:,.0f}   search {s[0]:,.0f}")
    print(f"actions/s   normal {n[1]:,.0f}   search {s[1]:,.0f}   (over CPU time: normal {n[2]:,.0f}, search {s[2]:,.0f})")
    print(f"clone µs    normal {clone_us:.1f}   search {clone_search_us:.1f}   (mean over {len(probe)} states, "
          f"median history {statistics.median(lens):.0f})")
    print(f"view µs     {view_us:.1f}")

if __name__ == "__main__":
    main()
