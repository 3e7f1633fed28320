"""Load of the browser play table (issue 11, *Load*): N concurrent AI-vs-AI rooms over real websockets.

Starts ``fudaba serve`` on loopback in a subprocess (a fresh database in a temporary folder), creates
``--rooms`` friend rooms through the lobby API and drives both seats of each over the ``websockets``
library: each seat is a random AI client that answers every decision of its own with a random legal
action from the ``state`` message's ``actions`` (a finished game is replaced by a new room). A seat
waits a random ``uniform(0, 2 * think)`` seconds before it answers: by default a mean of 0.6 s, the
pace of the server's own AI (``--ai-delay``), so that a person can follow the moves; ``--think 0``
answers at once and saturates the machine (the server's throughput, and a round trip that is mostly
queueing). Reports the round trip of one action — ``act`` sent until the sender's next ``state``
arrives — as p50/p95/p99, the actions per second, the server's CPU time per action and its memory
(RSS at the end and its peak), and the load average (the machine may be shared). Each connection
keeps to the server's limit of 20 messages a second.

    python benchmarks/web_load.py --seconds 60            # the issue's figure: 100 rooms for 60 s
    python benchmarks/web_load.py --seconds 60 --think 0  # saturated: seats answer at once
    python benchmarks/web_load.py --seconds 20 --rooms 50 --game walpurgis

Bounded in time: the run stops after ``--seconds`` (plus a few seconds to start and stop).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections import deque
from pathlib import Path
from typing import Any

import websockets

#: ``fudaba serve`` as installed (the same uvicorn settings as in production)
SERVE = "import sys; from fudaba.cli import main; sys.argv[0] = 'fudaba'; main()"
NO_CLIENT_LIMITS = ["--rooms-per-minute", "0", "--rooms-per-client", "0", "--max-rooms", "0",
                    "--requests-per-minute", "0", "--connections-per-client", "0"]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def rss_kib(pid: int) -> tuple[int, int]:
    """(VmRSS, VmHWM) of a process in KiB (Linux /proc)."""
    out = {"VmRSS": 0, "VmHWM": 0}
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            key = line.split(":")[0]
            if key in out:
                out[key] = int(line.split()[1])
    except OSError:
        pass
    return out["VmRSS"], out["VmHWM"]


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process (Linux /proc)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, IndexError, ValueError):
        return float("nan")


def post(base: str, path: str, body: dict[str, Any]) -> dict[str, Any]:
    req = urllib.request.Request(base + path, data=json.dumps(body).encode(),
                                 headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=30) as r:
        return dict(json.loads(r.read()))


class Stats:
    def __init__(self) -> None:
        self.rtt: list[float] = []
        self.games = 0
        self.refused = 0
        self.rooms = 0


async def seat(uri: str, token: str, rng: random.Random, stats: Stats, stop: float, think: float) -> None:
    """One seat: join, then answer every decision of this seat with a random legal action."""
    sent_at: dict[int, float] = {}
    times: deque[float] = deque()
    async with websockets.connect(uri, max_size=None) as ws:
        await ws.send(json.dumps({"type": "join", "token": token, "lang": "en"}))
        async for raw in ws:
            msg = json.loads(raw)
            kind = msg["type"]
            if kind == "refused":
                stats.refused += 1
                continue
            if kind != "state":
                continue
            now = time.perf_counter()
            for seq in [s for s in sent_at if s < msg["seq"]]:
                stats.rtt.append(now - sent_at.pop(seq))
            if msg["over"]:
                return
            if msg["actions"] and msg["seq"] not in sent_at:
                if think:
                    await asyncio.sleep(rng.uniform(0, 2 * think))
                while len(times) >= 20:  # the server's limit: 20 messages a second per connection
                    wait = 1.0 - (time.monotonic() - times[0])
                    if wait > 0:
                        await asyncio.sleep(wait)
                    times.popleft()
                times.append(time.monotonic())
                action = rng.choice(msg["actions"])["text"]
                sent_at[msg["seq"]] = time.perf_counter()
                await ws.send(json.dumps({"type": "act", "action": action, "seq": msg["seq"]}))


async def room_loop(base: str, game: str, k: int, stats: Stats, stop: float, think: float) -> None:
    rng = random.Random(k)
    loop = asyncio.get_running_loop()
    while time.monotonic() < stop:
        made = await loop.run_in_executor(None, post, base, "/api/rooms",
                                          {"game": game, "opponent": "friend", "seed": rng.randrange(2**31)})
        stats.rooms += 1
        other = made["invite"].split("#t=")[1]
        uri = base.replace("http", "ws") + f"/ws/{made['room']}"
        await asyncio.gather(seat(uri, made["token"], rng, stats, stop, think),
                             seat(uri, other, rng, stats, stop, think))
        if time.monotonic() < stop:
            stats.games += 1


async def drive(base: str, game: str, rooms: int, seconds: float, think: float) -> Stats:
    stats = Stats()
    stop = time.monotonic() + seconds
    tasks = [asyncio.create_task(room_loop(base, game, k, stats, stop, think)) for k in range(rooms)]
    await asyncio.sleep(seconds)
    for t in tasks:  # a seat waiting for the other's move would wait for ever: stop them all now
        t.cancel()
    for r in await asyncio.gather(*tasks, return_exceptions=True):
        if isinstance(r, Exception) and not isinstance(r, asyncio.CancelledError):
            print(f"a room failed: {r!r}", file=sys.stderr)
    return stats


def pct(xs: list[float], p: float) -> float:
    if not xs:
        return float("nan")
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(p / 100 * len(xs)))]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seconds", type=float, default=60.0)
    ap.add_argument("--rooms", type=int, default=100)
    ap.add_argument("--game", default="sarasvati")
    ap.add_argument("--think", type=float, default=0.6,
                    help="mean seconds a seat waits before it answers (default 0.6: the server AI's pace; "
                         "0: at once, the machine saturated)")
    args = ap.parse_args()
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    with tempfile.TemporaryDirectory() as tmp:
        db = os.path.join(tmp, "load.sqlite3")
        # every seat of this benchmark is one client address (127.0.0.1): the per-address limits
        # (docs/server.md, *Limits*) are lifted so that the load is what is measured
        server = subprocess.Popen([sys.executable, "-c", SERVE, "serve", "--port", str(port), "--db", db,
                                   "--log-level", "warning", *NO_CLIENT_LIMITS])
        try:
            for _ in range(100):
                try:
                    urllib.request.urlopen(base + "/api/games", timeout=2).read()
                    break
                except OSError:
                    time.sleep(0.1)
            else:
                raise SystemExit("the server did not start")
            rss0, _ = rss_kib(server.pid)
            load0 = os.getloadavg()
            cpu0 = cpu_seconds(server.pid)
            t0 = time.monotonic()
            stats = asyncio.run(drive(base, args.game, args.rooms, args.seconds, args.think))
            elapsed = time.monotonic() - t0
            cpu = cpu_seconds(server.pid) - cpu0
            rss, peak = rss_kib(server.pid)
            load1 = os.getloadavg()
        finally:
            server.terminate()
            try:
                server.wait(10)
            except subprocess.TimeoutExpired:
                server.kill()
    r = [x * 1000 for x in stats.rtt]
    print(f"{args.rooms} concurrent {args.game} rooms over websockets for {args.seconds:.0f} s "
          f"({elapsed:.1f} s with start/stop), think {args.think} s, {os.cpu_count()} CPUs")
    print(f"actions: {len(r)} ({len(r) / args.seconds:.0f}/s); rooms created: {stats.rooms}; "
          f"games finished: {stats.games}; refused: {stats.refused}")
    if r:
        print(f"round trip of one action: p50 {pct(r, 50):.1f} ms, p95 {pct(r, 95):.1f} ms, "
              f"p99 {pct(r, 99):.1f} ms, mean {statistics.fmean(r):.1f} ms")
    print(f"server memory: RSS {rss / 1024:.0f} MiB at the end (peak {peak / 1024:.0f} MiB; "
          f"{rss0 / 1024:.0f} MiB idle)")
    if r:
        print(f"server CPU: {cpu:.1f} s ({cpu / elapsed * 100:.0f}% of one core), {cpu / len(r) * 1000:.2f} ms "
              f"per action")
    print(f"load average (1 min) before {load0[0]:.2f}, after {load1[0]:.2f}")


if __name__ == "__main__":
    main()
