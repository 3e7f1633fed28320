"""Environment steps per second, with observation and mask, for every game — beside RLCard's UNO (issue 21 §4).

A *step* is one decision: the action applied, then the observation tensor and the legal mask of the
seat that decides next, as a learner needs them. Random legal actions (chosen from the mask).

* ``single``: the PettingZoo AEC environment (``fudaba.rl.pettingzoo_env``): ``step`` then ``observe``;
* ``vector``: ``fudaba.rl.VectorEnv(game, n)`` (self-play), n games per call, in one process;
* RLCard's UNO environment (``rlcard.make("uno")``: ``step`` returns the next player's encoded state and
  legal actions), measured in the same run from a throwaway virtual environment under /tmp that this
  script makes (``pip install rlcard numpy``; RLCard is no dependency of fudaba).

    python benchmarks/rl_speed.py --seconds 10 --out benchmarks/results/rl-speed.json
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
import time
from pathlib import Path

import numpy as np

from fudaba.rl import VectorEnv, pettingzoo_env

CASES = [("sarasvati", None), ("walpurgis", "v2.01"), ("walpurgis", "v1.01"), ("suikoden", None), ("maken", None)]
UNO_VENV = Path("/tmp/fudaba-rlcard-venv")
UNO_SCRIPT = r'''
import random, sys, time
import rlcard
env = rlcard.make("uno", config={"seed": 0})
rnd = random.Random(0)
steps = 0
state, player = env.reset()
t = time.perf_counter()
deadline = t + float(sys.argv[1])
while time.perf_counter() < deadline:
    state, player = env.step(rnd.choice(list(state["legal_actions"])))
    steps += 1
    if env.is_over():
        state, player = env.reset()
print(steps / (time.perf_counter() - t))
'''


def single(game: str, variant: str | None, seconds: float) -> float:
    env = pettingzoo_env(game, variant)
    env.reset(seed=0)
    rnd = random.Random(0)
    obs = env.observe(env.agent_selection)
    steps = 0
    t = time.perf_counter()
    deadline = t + seconds
    while time.perf_counter() < deadline:
        env.step(rnd.choice(np.flatnonzero(obs["action_mask"])))
        if env.terminations[env.agent_selection]:
            env.reset()
        obs = env.observe(env.agent_selection)
        steps += 1
    return steps / (time.perf_counter() - t)


def vector(game: str, variant: str | None, seconds: float, n: int) -> float:
    venv = VectorEnv(game, n, variant=variant)
    _obs, info = venv.reset(seed=0)
    rnd = random.Random(0)
    steps = 0
    t = time.perf_counter()
    deadline = t + seconds
    while time.perf_counter() < deadline:
        acts = [rnd.choice(np.flatnonzero(row)) for row in info["action_mask"]]
        _obs, _r, _d, _t, info = venv.step(acts)
        steps += n
    return steps / (time.perf_counter() - t)


def peer_python(packages: tuple[str, ...] = ("rlcard", "numpy"), modules: str = "rlcard") -> Path:
    """The throwaway venv's python (made under /tmp if absent), with ``packages`` installed if ``modules`` fail to import."""
    py = UNO_VENV / "bin" / "python"
    if not py.exists():
        subprocess.run([sys.executable, "-m", "venv", str(UNO_VENV)], check=True)
    if subprocess.run([str(py), "-c", f"import {modules}"], capture_output=True).returncode:
        subprocess.run([str(py), "-m", "pip", "install", "-q", *packages], check=True)
    return py


def uno(seconds: float) -> float | None:
    py = peer_python()
    out = subprocess.run([str(py), "-c", UNO_SCRIPT, str(seconds)], check=True, capture_output=True, text=True)
    return float(out.stdout.strip().splitlines()[-1])


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--seconds", type=float, default=10.0)
    ap.add_argument("--n", type=int, default=64, help="games of the VectorEnv")
    ap.add_argument("--out", type=Path)
    a = ap.parse_args()
    rows = []
    u = uno(a.seconds)
    rows.append({"env": "RLCard uno", "single": u, "vector": None})
    for g, v in CASES:
        rows.append({"env": f"fudaba {g}" + (f" {v}" if v else ""), "single": single(g, v, a.seconds),
                     "vector": vector(g, v, a.seconds, a.n)})
    u2 = uno(a.seconds)  # again at the end: the machine's load may have changed
    rows[0]["single"] = (u + u2) / 2 if u and u2 else u
    print(f"| environment | steps/s, single env | steps/s, VectorEnv n={a.n} |")
    print("|---|---|---|")
    for r in rows:
        vec = f"{r['vector']:,.0f}" if r["vector"] else "—"
        print(f"| {r['env']} | {r['single']:,.0f} | {vec} |")
    if a.out:
        a.out.write_text(json.dumps({"date": time.strftime("%Y-%m-%d"), "seconds": a.seconds, "n": a.n,
                                     "rows": rows}, indent=1) + "\n")


if __name__ == "__main__":
    main()
