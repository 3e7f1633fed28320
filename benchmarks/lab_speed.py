"""What the balance lab costs (issue 20 §4, §6): a benchmark, not a test (no test asserts a time).

* ``--overhead``: the lab's bookkeeping against plain simulation on the same seeds: the same batches
  (a study's baseline) played by ``run_batches`` alone (what ``fudaba simulate`` does) and by the
  study (per-card tracking from the log, rows, the games log off), in one process, alternated.
* ``--backends``: games/s with 1 and 2 local workers on the process and the Ray backends, and Ray's
  per-task overhead (the same games in tasks of 1 game and of ``--chunk`` games).

    python benchmarks/lab_speed.py --game sarasvati --games 200 --overhead
    python benchmarks/lab_speed.py --game sarasvati --games 200 --backends
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import time

from fudaba.core.registry import load_game
from fudaba.sim.lab.study import Study, resolve_decks
from fudaba.sim.runner import run_batches


def study_of(game: str, games: int, seed: int) -> Study:
    g = load_game(game)
    decks = resolve_decks(g, ["starter"])[:2]
    return Study(g, decks, ["greedy"], games, seed)


def overhead(game: str, games: int, repeat: int) -> None:
    plain, lab, plain_cpu, lab_cpu = [], [], [], []
    warm = study_of(game, 8, 1)
    warm.run(warm.baseline("greedy"))  # imports, card pools and starter decks loaded before timing
    for r in range(repeat):
        st = study_of(game, games, 1000)
        batches = st.baseline("greedy")
        cfgs = []
        for b in batches:
            cfg = st.config(b)
            cfg.track = False
            cfgs.append((cfg, b.indices))
        for which in ((0, 1) if r % 2 == 0 else (1, 0)):  # the order alternates: load drifts
            t0, c0 = time.perf_counter(), time.process_time()
            if which == 0:
                n = sum(1 for _ in run_batches(cfgs, 1))
                plain.append(n / (time.perf_counter() - t0))
                plain_cpu.append((time.process_time() - c0) / n)
            else:
                n = len(st.run(batches))
                lab.append(n / (time.perf_counter() - t0))
                lab_cpu.append((time.process_time() - c0) / n)
    p, q = statistics.median(plain), statistics.median(lab)
    pc, qc = statistics.median(plain_cpu), statistics.median(lab_cpu)
    print(f"{game}: {games} games per run, {repeat} runs, one process, greedy vs greedy, the same seeds")
    print(f"  wall: plain run_batches (fudaba simulate) {p:.0f} games/s, lab study {q:.0f} games/s "
          f"({100 * (p / q - 1):+.1f}% time)")
    print(f"  CPU: plain {pc * 1000:.2f} ms/game, lab {qc * 1000:.2f} ms/game ({100 * (qc / pc - 1):+.1f}%)")


def _ticks(pid: int) -> int:
    """User + system CPU ticks of a process (Linux /proc), 0 when it is gone."""
    try:
        with open(f"/proc/{pid}/stat", encoding="utf-8") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return int(fields[11]) + int(fields[12])
    except (OSError, IndexError, ValueError):
        return 0


def _ray_pids() -> list[int]:
    """This machine's Ray processes (workers, raylet, GCS, …)."""
    out = []
    for d in os.listdir("/proc"):
        if d.isdigit():
            try:
                with open(f"/proc/{d}/cmdline", "rb") as f:
                    cmd = f.read()
            except OSError:
                continue
            if b"ray::" in cmd or b"raylet" in cmd or b"gcs_server" in cmd or b"ray/_private" in cmd:
                out.append(int(d))
    return out


def cpu_now(backend: str) -> float:
    """CPU seconds so far of this process, its finished children and (Ray) the Ray processes."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    total = own.ru_utime + own.ru_stime + kids.ru_utime + kids.ru_stime
    if backend == "ray":
        total += sum(_ticks(p) for p in _ray_pids()) / os.sysconf("SC_CLK_TCK")
    return total


def timed(cfgs: list, workers: int, chunk: int, backend: str) -> tuple[int, float, float]:
    """Games played, wall seconds and CPU seconds (every process that played or scheduled them); a
    local Ray is started before the clock and stopped after it (its start-up, a few seconds once per
    command, is not a per-game cost)."""
    ray = None
    if backend == "ray":
        import ray

        ray.init(num_cpus=workers, include_dashboard=False, log_to_driver=False, configure_logging=False)
        warm = [(cfg, ix[: 2 * workers]) for cfg, ix in cfgs[:1]]
        sum(1 for _ in run_batches(warm, workers, chunk=1, backend="ray"))  # every worker started and warm
    c0, t0 = cpu_now(backend), time.perf_counter()
    n = sum(1 for _ in run_batches(cfgs, workers, chunk=chunk, backend=backend))
    dt, cpu = time.perf_counter() - t0, cpu_now(backend) - c0
    if ray is not None:
        ray.shutdown()
    return n, dt, cpu


def backends(game: str, games: int, chunk: int) -> None:
    st = study_of(game, games, 2000)
    cfgs = [(st.config(b), b.indices) for b in st.baseline("greedy")]
    print(f"{game}: the {games} games of a two-deck study's baseline, greedy vs greedy; load average "
          f"{os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    for backend in ("process", "ray"):
        for workers in (1, 2):
            n, dt, cpu = timed(cfgs, workers, chunk, backend)
            print(f"  {backend:7s} workers={workers}: {n / dt:.0f} games/s wall, {cpu / n * 1000:.2f} ms CPU a game "
                  f"({n} games, tasks of {chunk}, {dt:.1f} s)")
    runs = {c: timed(cfgs, 1, c, "ray") for c in (1, chunk)}
    tasks1 = sum(len(ix) for _, ix in cfgs)
    tasksc = sum(-(-len(ix) // chunk) for _, ix in cfgs)
    wall = (runs[1][1] - runs[chunk][1]) / (tasks1 - tasksc)
    cpu = (runs[1][2] - runs[chunk][2]) / (tasks1 - tasksc)
    print(f"  ray per-task overhead (one worker, tasks of 1 game against tasks of {chunk}): {wall * 1000:.2f} ms "
          f"wall, {cpu * 1000:.2f} ms CPU a task")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--game", default="sarasvati")
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--chunk", type=int, default=25)
    ap.add_argument("--overhead", action="store_true")
    ap.add_argument("--backends", action="store_true")
    a = ap.parse_args()
    if a.overhead:
        overhead(a.game, a.games, a.repeat)
    if a.backends:
        backends(a.game, a.games, a.chunk)


if __name__ == "__main__":
    main()
