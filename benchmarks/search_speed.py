"""ISMCTS speed per game: iterations/s, and what one iteration is made of (issue 10, *Speed*).

    python benchmarks/search_speed.py                       # every game, 12 positions each
    python benchmarks/search_speed.py --game walpurgis --positions 30 --iters 200
    python benchmarks/search_speed.py --levels              # also seconds per decision of the levels

Positions are decisions with more than one option taken from seeded random games (early, middle
and late), the same on every run. Per game it prints, as medians over the positions:

* ``sample µs``: ``infoset.sample(rng)`` (the determinization) and ``clone µs``: its
  ``clone(search=True)`` (the search state an iteration plays);
* ``random ms`` / ``greedy ms``: one rollout to the end of the game with the random or the greedy
  policy, and ``dec`` the decisions it takes;
* ``it/s random`` / ``it/s greedy``: whole ISMCTS iterations per second (determinize, walk the tree,
  expand, roll out, backpropagate) with each rollout policy;
* with ``--levels``: the mean and the largest seconds per decision of ``easy``, ``normal``, ``hard``.

Times are wall-clock seconds of this process; the machine may be shared, so compare runs made at
the same load (``cpu %`` is this process's CPU time over the wall time of the whole run).
"""

from __future__ import annotations

import argparse
import statistics
import time
from typing import Any

import fudaba
from fudaba.agents import LEVELS, level_spec, make_agent
from fudaba.agents.ismcts import ISMCTSAgent
from fudaba.core import Rng
from fudaba.core.infoset import InfoSet

#: every game installed (a plugin's too)
GAMES = tuple(fudaba.games())


def positions(game: Any, n: int, seed: int = 0) -> list[Any]:
    """``n`` decisions with more than one option from seeded random games, spread over each game."""
    out: list[Any] = []
    s = seed
    while len(out) < n:
        st = game.new_game(seed=s)
        rng = Rng(s)
        k = 0
        while not st.over:
            d = st.decision
            if len(d.options) > 1:
                k += 1
                if k % 11 == 3 and len(out) < n:
                    out.append(st.clone())
            st.apply(rng.choice(d.options))
        s += 1
    return out


def us(fn: Any, reps: int) -> float:
    t = time.perf_counter()
    for _ in range(reps):
        fn()
    return (time.perf_counter() - t) / reps * 1e6


def rollout(agent: ISMCTSAgent, world: Any) -> tuple[float, int]:
    """One rollout of ``world`` (a search state) with the agent's policy: (ms, decisions)."""
    t = time.perf_counter()
    n = 0
    greedy = agent._greedy
    while not world.over:
        p = world.decision.player
        if greedy is None:
            opts = world.decision.options
            world.apply(opts[agent.rng.randbelow(len(opts))])
        else:
            world.apply(greedy[1][p].act(InfoSet(p, world)))
        n += 1
    return (time.perf_counter() - t) * 1e3, n


def measure(name: str, npos: int, iters: int, levels: bool) -> dict[str, Any]:
    game = fudaba.load_game(name)
    pos = positions(game, npos)
    row: dict[str, list[float]] = {k: [] for k in ("sample", "clone", "rnd_ms", "rnd_dec", "gr_ms", "gr_dec",
                                                   "it_random", "it_greedy")}
    lv: dict[str, list[float]] = {k: [] for k in LEVELS}
    for i, st in enumerate(pos):
        seat = st.decision.player
        info = st.infoset(seat)
        rng = Rng(i)
        row["sample"].append(us(lambda info=info, rng=rng: info.sample(rng), 20))
        smp = info.sample(rng)
        row["clone"].append(us(lambda smp=smp: smp.clone(search=True), 50))
        for policy, ms, dec in (("random", "rnd_ms", "rnd_dec"), ("greedy", "gr_ms", "gr_dec")):
            agent = ISMCTSAgent(iters=iters, rollout=policy)
            agent.reset(game, seat, i)
            if policy == "greedy":
                agent._reseed_greedy(game)
            walls = [rollout(agent, info.sample(rng).clone(search=True)) for _ in range(5)]
            row[ms].append(statistics.mean(w[0] for w in walls))
            row[dec].append(statistics.mean(w[1] for w in walls))
            agent.act(info)
            row[f"it_{policy}"].append(agent.stats["iterations"] / agent.stats["seconds"])
        if levels:
            for lvl in LEVELS:
                a = make_agent(lvl, name)
                a.reset(game, seat, i)
                t = time.perf_counter()
                a.act(st.infoset(seat))
                lv[lvl].append(time.perf_counter() - t)
    out: dict[str, Any] = {k: statistics.median(v) for k, v in row.items()}
    out["levels"] = {k: (statistics.mean(v), max(v)) for k, v in lv.items() if v}
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--game", choices=GAMES, action="append", help="a game (repeat for several; default all)")
    ap.add_argument("--positions", type=int, default=12)
    ap.add_argument("--iters", type=int, default=100, help="iterations of the it/s searches")
    ap.add_argument("--levels", action="store_true", help="also time the levels (easy, normal, hard)")
    args = ap.parse_args()
    t0, c0 = time.perf_counter(), time.process_time()
    rows = {g: measure(g, args.positions, args.iters, args.levels) for g in (args.game or GAMES)}
    head = (f"{'game':10s} {'sample µs':>9s} {'clone µs':>8s} {'random ms':>9s} {'dec':>5s} {'greedy ms':>9s} "
            f"{'dec':>5s} {'it/s random':>11s} {'it/s greedy':>11s}")
    print(head)
    print("-" * len(head))
    for g, r in rows.items():
        print(f"{g:10s} {r['sample']:9.0f} {r['clone']:8.0f} {r['rnd_ms']:9.2f} {r['rnd_dec']:5.0f} {r['gr_ms']:9.2f} "
              f"{r['gr_dec']:5.0f} {r['it_random']:11.0f} {r['it_greedy']:11.0f}")
    if args.levels:
        print()
        print(f"{'game':10s} " + " ".join(f"{lvl + ' s/dec (max)':>22s}" for lvl in LEVELS))
        for g, r in rows.items():
            print(f"{g:10s} " + " ".join(f"{r['levels'][lvl][0]:14.3f} ({r['levels'][lvl][1]:5.2f})" for lvl in LEVELS))
        print("\nlevels (the game's own options and iterations included):")
        for g in rows:
            print(f"  {g}: " + "; ".join(f"{k} = {level_spec(k, g)}" for k in LEVELS))
    wall = time.perf_counter() - t0
    print(f"\n{wall:.0f} s, cpu {100 * (time.process_time() - c0) / wall:.0f}%")


if __name__ == "__main__":
    main()
