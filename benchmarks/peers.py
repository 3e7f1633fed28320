"""fudaba against its peers: random-play actions/s, interleaved in one run (issue 23).

    python benchmarks/peers.py                       # 3 rounds of 10 s per engine
    python benchmarks/peers.py --rounds 1 --seconds 2 --quick

Every round measures each engine once, each in its own process (one core): every fudaba game and
variant (the loop of ``random_play.py``, normal states), RLCard's UNO environment (``env.step``, with
its numpy observations) and its UNO game object (``game.step``), OpenSpiel's Python block dominoes
and its C++ crazy eights driven from a Python loop. Rounds alternate the order of the engines; the
table gives the median over rounds and the ratio to RLCard's UNO environment. An action is a
player's decision (chance outcomes and fudaba's forced single-option decisions are not counted).
RLCard and OpenSpiel are no dependencies of fudaba: they are installed (``pip install rlcard
open_spiel numpy``) into the throwaway venv of ``rl_speed.py`` under /tmp, made if absent.
Also printed: ``clone(search=True)`` µs per game (the states of ``clone_speed.py``).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
import timeit
from pathlib import Path

from clone_speed import states
from random_play import play
from rl_speed import peer_python

import fudaba

PEERS = {
    "uno_env": "RLCard UNO environment (numpy observations)",
    "uno_game": "RLCard UNO game object",
    "dominoes": "OpenSpiel Python block dominoes",
    "crazy_eights": "OpenSpiel C++ crazy eights, Python loop",
}
REFERENCE = "uno_env"
PEER_SCRIPT = r'''
import random, sys, time
kind, seconds = sys.argv[1], float(sys.argv[2])
rnd = random.Random(0)


def rlcard_env():
    import rlcard
    env = rlcard.make("uno", config={"seed": 0})
    state, _ = env.reset()
    n, t = 0, time.perf_counter()
    while time.perf_counter() - t < seconds:
        state, _ = env.step(rnd.choice(list(state["legal_actions"])))
        n += 1
        if env.is_over():
            state, _ = env.reset()
    return n / (time.perf_counter() - t)


def rlcard_game():
    from rlcard.games.uno.game import UnoGame
    game = UnoGame()
    game.np_random.seed(0)
    state, _ = game.init_game()
    n, t = 0, time.perf_counter()
    while time.perf_counter() - t < seconds:
        state, _ = game.step(rnd.choice(state["legal_actions"]))
        n += 1
        if game.is_over():
            state, _ = game.init_game()
    return n / (time.perf_counter() - t)


def openspiel(name):
    import pyspiel
    import open_spiel.python.games  # registers the Python games
    game = pyspiel.load_game(name)
    st = game.new_initial_state()
    n, t = 0, time.perf_counter()
    while time.perf_counter() - t < seconds:
        if st.is_terminal():
            st = game.new_initial_state()
        elif st.is_chance_node():
            outcomes, probs = zip(*st.chance_outcomes())
            st.apply_action(rnd.choices(outcomes, probs)[0])
        else:
            st.apply_action(rnd.choice(st.legal_actions()))
            n += 1
    return n / (time.perf_counter() - t)


runs = {"uno_env": rlcard_env, "uno_game": rlcard_game,
        "dominoes": lambda: openspiel("python_block_dominoes"), "crazy_eights": lambda: openspiel("crazy_eights")}
print(runs[kind]())
'''


def fudaba_cases() -> list[tuple[str, str]]:
    """Every game and variant of fudaba itself (plugins installed beside it, such as the examples, left out)."""
    out = []
    for name in fudaba.games():
        cls = fudaba.core.registry.game_class(name)
        if cls.__module__.startswith("fudaba.games."):
            out += [(name, v) for v in cls.VARIANTS]
    return out


def fudaba_rate(name: str, variant: str, seconds: float) -> float:
    """Random-play actions/s of one game for about ``seconds`` (seeds 0, 1, 2, …, as random_play.py)."""
    game = fudaba.load_game(name, variant)
    actions, wall, seed = 0, 0.0, 0
    while wall < seconds:
        a, w, _cpu = play(game, 1, seed, search=False)
        actions, wall, seed = actions + a, wall + w, seed + 1
    return actions / wall


def measure(key: str, seconds: float, peer_py: Path) -> float:
    """One measurement in a fresh process: a peer (PEERS key) or ``fudaba:<game>:<variant>``."""
    if key in PEERS:
        cmd = [str(peer_py), "-c", PEER_SCRIPT, key, str(seconds)]
    else:
        cmd = [sys.executable, __file__, "--measure", key, "--seconds", str(seconds)]
    out = subprocess.run(cmd, check=True, capture_output=True, text=True)
    return float(out.stdout.strip().splitlines()[-1])


def clone_search_us(name: str, variant: str) -> float:
    """µs per ``clone()`` of a search state, 40 mid-game states, best of 5 (as clone_speed.py)."""
    sts = [s.clone(search=True) for s in states(name, variant)]  # type: ignore[attr-defined]
    best = min(timeit.repeat(lambda: [s.clone() for s in sts], number=200, repeat=5))  # type: ignore[attr-defined]
    return best / 200 / len(sts) * 1e6


def load() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def label(key: str) -> str:
    if key in PEERS:
        return PEERS[key]
    _, name, variant = key.split(":")
    return f"fudaba {name}" + ("" if variant == "default" else f" {variant}")


def print_table(rates: dict[str, list[float]], clones: dict[str, float]) -> None:
    med = {k: statistics.median(v) for k, v in rates.items()}
    ref = med[REFERENCE]
    print("| engine | actions/s | vs RLCard UNO env | clone(search=True) µs |")
    print("|---|---|---|---|")
    order = list(PEERS)
    for key in sorted(med, key=lambda k: (k in PEERS, order.index(k) if k in PEERS else -med[k])):
        clone = f"{clones[key]:.2f}" if key in clones else "—"
        print(f"| {label(key)} | {med[key]:,.0f} | {med[key] / ref:.2f} | {clone} |")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--seconds", type=float, default=10.0, help="per measurement")
    ap.add_argument("--quick", action="store_true", help="smoke run: 1 round of 1 s")
    ap.add_argument("--measure", help=argparse.SUPPRESS)  # internal: one fudaba measurement, printed
    a = ap.parse_args()
    if a.measure:
        _, name, variant = a.measure.split(":")
        print(fudaba_rate(name, variant, a.seconds))
        return
    rounds, seconds = (1, 1.0) if a.quick else (a.rounds, a.seconds)
    peer_py = peer_python(("rlcard", "open_spiel", "numpy"), "rlcard, pyspiel")
    keys = [f"fudaba:{g}:{v}" for g, v in fudaba_cases()] + list(PEERS)
    print(f"date {time.strftime('%Y-%m-%d %H:%M %Z')}; load average at start {load()}; "
          f"{rounds} round(s) of {seconds:g} s per engine")
    rates: dict[str, list[float]] = {k: [] for k in keys}
    for r in range(rounds):
        for key in keys if r % 2 == 0 else reversed(keys):
            rates[key].append(measure(key, seconds, peer_py))
    clones = {f"fudaba:{g}:{v}": clone_search_us(g, v) for g, v in fudaba_cases()}
    print_table(rates, clones)
    print(f"load average at end {load()}")


if __name__ == "__main__":
    main()
