"""Golden records: seeded games of every game and variant, each with the hash after every action.

``python benchmarks/golden_records.py --write`` plays them (random and greedy agents, both seats)
and writes ``tests/data/golden_records.jsonl``; ``python benchmarks/golden_records.py`` (and the test
``tests/test_golden_records.py``) replays every record and checks each step's hash. A refactoring
that must not change the rules (issue 19's one package per game, issue 23's speed work) keeps them
all green; a deliberate rule change writes them again and says so in its commit.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import fudaba
from fudaba.core.errors import FudabaError
from fudaba.core.record import Record
from fudaba.sim.runner import SimConfig, play_game

OUT = Path(__file__).resolve().parents[1] / "tests" / "data" / "golden_records.jsonl"
#: (agents, games) per game and variant: random play reaches odd corners, greedy plays long games
PLAN = ((("random", "random"), 14), (("greedy", "random"), 2), (("greedy", "greedy"), 2))


def variants() -> list[tuple[str, str]]:
    """Every variant of fudaba's own games (a plugin installed beside them is not golden)."""
    from fudaba.core.registry import descriptor

    out = []
    for name in fudaba.games():
        if not descriptor(name).package.startswith("fudaba.games."):
            continue
        cls = fudaba.load_game(name).__class__
        out += [(name, v) for v in cls.VARIANTS]
    return out


def write(path: Path) -> int:
    n = 0
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("w", encoding="utf-8") as f:
        for name, variant in variants():
            game = fudaba.load_game(name, variant)
            for k, (agents, count) in enumerate(PLAN):
                cfg = SimConfig(name, agents, variant, seed=7000 + 100 * k)
                for i in range(count):
                    rec = play_game(game, cfg, i)
                    rec.hashes = fudaba.replay(rec.to_dict()).record(step_hashes=True).hashes
                    f.write(json.dumps(rec.to_dict(), ensure_ascii=False) + "\n")
                    n += 1
    return n


def check(path: Path) -> list[str]:
    """Every golden record replayed; the problems found (empty: all hashes agree)."""
    bad = []
    for i, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        rec = Record.from_dict(json.loads(line))
        try:
            fudaba.replay(rec)
        except FudabaError as e:
            bad.append(f"line {i} ({rec.game} {rec.variant}): {e}")
    return bad


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--write", action="store_true", help="play the games and write the golden records")
    ap.add_argument("--path", type=Path, default=OUT)
    a = ap.parse_args()
    if a.write:
        print(f"wrote {write(a.path)} records to {a.path}")
        return 0
    bad = check(a.path)
    print("\n".join(bad) or f"all {len(a.path.read_text().splitlines())} golden records replay to the same hashes")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
