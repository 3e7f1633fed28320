"""Clone time of mid-game states (µs), normal and search states, for before/after comparisons.

    python benchmarks/clone_speed.py --game sarasvati
    PYTHONPATH=/path/to/other/tree/src python benchmarks/clone_speed.py --game sarasvati   # another tree

40 random games (seeds 0–39) are played 30 decisions in; each state is cloned 500 times, best of 5.
Run two trees alternately on the same machine to compare them: a shared machine drifts by several
percent from one minute to the next.
"""

from __future__ import annotations

import argparse
import timeit

import fudaba
from fudaba.core import Rng


def states(game: str, variant: str | None, n: int = 40, depth: int = 30) -> list[object]:
    g = fudaba.load_game(game, variant)
    out = []
    for i in range(n):
        st = g.new_game(seed=i)
        r = Rng(i)
        for _ in range(depth):
            if st.over:
                break
            d = st.decision
            assert d is not None
            st.apply(d.options[r.randbelow(len(d.options))])
        out.append(st)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--game", default="sarasvati")
    ap.add_argument("--variant")
    ap.add_argument("--number", type=int, default=500)
    a = ap.parse_args()
    normal = states(a.game, a.variant)
    search = [s.clone(search=True) for s in normal]  # type: ignore[attr-defined]
    for label, sts in (("normal", normal), ("search", search)):
        best = min(timeit.repeat(lambda sts=sts: [s.clone() for s in sts], number=a.number, repeat=5))  # type: ignore[attr-defined]
        print(f"{a.game} {a.variant or ''} clone µs {label} {best / a.number / len(sts) * 1e6:.2f}")


if __name__ == "__main__":
    main()
