"""One client cannot stall another's AI (issue 18, item 6; docs/server.md, *The AI's share*).

Starts ``fudaba serve`` on loopback in a subprocess (a fresh database, the default ``--ai-delay``
of 0.6 s), then

1. **idle**: a room against ``easy`` from 127.0.0.2, the AI to move first: the time from the
   request that creates the room until its first AI move reaches the player's websocket;
2. **the attack**: ``--rooms`` rooms (default 100) against ``hard`` from 127.0.0.1, the AI to
   move first in each, so that every one of them asks for ``hard``'s search at once and for the
   whole of its turn;
3. **under attack**: the same measure as 1, ``--victims`` times (a new room each), from 127.0.0.2.

Two client addresses on one machine: the server listens on 127.0.0.1 and the victim's sockets are
bound to 127.0.0.2 (Linux routes all of 127/8 to loopback). The per-address room limits are lifted
for the attacker (``--rooms-per-minute 0 --rooms-per-client 0``; with the defaults the attack would
stop at 30 rooms a minute), so that the AI's scheduler alone is what is measured. The goal: the
victim's ``easy`` AI answers within 3 s under the attack (before the scheduler: 105 s).

    python benchmarks/server_fairness.py                      # 100 rooms vs hard, 5 victims
    python benchmarks/server_fairness.py --rooms 30 --victims 3 --game walpurgis
    python benchmarks/server_fairness.py --serve "--ai-per-client 2 --ai-busy-rooms 0"   # less fair settings

Bounded in time: each wait gives up after ``--timeout`` seconds (default 120).
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import shlex
import socket
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from typing import Any

from websockets.sync.client import connect

SERVE = "import sys; from fudaba.cli import main; sys.argv[0] = 'fudaba'; main()"
ATTACKER, VICTIM = "127.0.0.1", "127.0.0.2"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def post(port: int, source: str, path: str, body: dict[str, Any]) -> dict[str, Any]:
    """POST JSON from the address ``source``."""
    con = http.client.HTTPConnection("127.0.0.1", port, timeout=60, source_address=(source, 0))
    try:
        con.request("POST", path, json.dumps(body), {"Content-Type": "application/json"})
        r = con.getresponse()
        data = json.loads(r.read())
        if r.status != 200:
            raise SystemExit(f"POST {path} from {source}: {r.status} {data}")
        return dict(data)
    finally:
        con.close()


def first_ai_move(port: int, game: str, level: str, timeout: float) -> float:
    """Seconds from the request creating a room vs ``level`` (from the victim's address, the AI
    to move first) until the victim's websocket shows the AI's first move."""
    start = time.perf_counter()
    made = post(port, VICTIM, "/api/rooms", {"game": game, "opponent": level, "seat": 1,
                                             "params": {"first": "0"}, "seed": int(start * 1000) % 100000})
    sock = socket.socket()
    sock.bind((VICTIM, 0))
    sock.settimeout(timeout)
    sock.connect(("127.0.0.1", port))
    with connect(f"ws://127.0.0.1:{port}/ws/{made['room']}", sock=sock, open_timeout=timeout) as ws:
        ws.send(json.dumps({"type": "join", "token": made["token"], "lang": "en"}))
        deadline = time.perf_counter() + timeout
        while time.perf_counter() < deadline:
            msg = json.loads(ws.recv(timeout=max(0.01, deadline - time.perf_counter())))
            if msg["type"] == "state" and msg["seq"] > 0:
                return time.perf_counter() - start
    raise SystemExit(f"no AI move within {timeout} s")


def attack(port: int, game: str, rooms: int) -> list[str]:
    out = []
    for i in range(rooms):
        made = post(port, ATTACKER, "/api/rooms", {"game": game, "opponent": "hard", "seat": 1,
                                                   "params": {"first": "0"}, "seed": i})
        out.append(made["room"])
    return out


def ai_moves(db: str, rooms: list[str]) -> int:
    con = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    try:
        marks = ",".join("?" * len(rooms))
        (n,) = con.execute(f"SELECT count(*) FROM actions WHERE room IN ({marks})", rooms).fetchone()
        return int(n)
    finally:
        con.close()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--rooms", type=int, default=100, help="the attacker's rooms against hard")
    ap.add_argument("--victims", type=int, default=5, help="rooms against easy measured under the attack")
    ap.add_argument("--game", default="sarasvati")
    ap.add_argument("--settle", type=float, default=5.0, help="seconds the attack runs before the measures")
    ap.add_argument("--timeout", type=float, default=120.0)
    ap.add_argument("--serve", default="", help="more fudaba serve options, e.g. '--ai-per-client 2 --ai-busy-rooms 0'")
    args = ap.parse_args()
    port = free_port()
    with tempfile.TemporaryDirectory() as tmp:
        db = os.path.join(tmp, "fair.sqlite3")
        server = subprocess.Popen([sys.executable, "-c", SERVE, "serve", "--port", str(port), "--db", db,
                                   "--log-level", "warning", "--rooms-per-minute", "0", "--rooms-per-client", "0",
                                   *shlex.split(args.serve)])
        try:
            for _ in range(300):
                try:
                    urllib.request.urlopen(f"http://127.0.0.1:{port}/api/games", timeout=2).read()
                    break
                except OSError:
                    time.sleep(0.1)
            else:
                raise SystemExit("the server did not start")
            idle = first_ai_move(port, args.game, "easy", args.timeout)
            print(f"idle: the easy AI's first move after {idle:.2f} s", flush=True)
            t0 = time.perf_counter()
            rooms = attack(port, args.game, args.rooms)
            print(f"attack: {len(rooms)} rooms vs hard from {ATTACKER} in {time.perf_counter() - t0:.1f} s",
                  flush=True)
            time.sleep(args.settle)
            before = ai_moves(db, rooms)
            times = []
            for i in range(args.victims):
                t = first_ai_move(port, args.game, "easy", args.timeout)
                times.append(t)
                print(f"under attack, victim {i + 1}: the easy AI's first move after {t:.2f} s", flush=True)
            moved = ai_moves(db, rooms) - before
            print(f"\n{args.game}, {args.rooms} rooms vs hard from one address, {args.victims} rooms vs easy "
                  f"from another: first AI move idle {idle:.2f} s; under attack median "
                  f"{statistics.median(times):.2f} s, max {max(times):.2f} s (goal: under 3 s); the attacker's "
                  f"rooms went on playing ({moved} AI moves meanwhile); load average "
                  f"{os.getloadavg()[0]:.1f}")
        finally:
            server.terminate()
            try:
                server.wait(10)
            except subprocess.TimeoutExpired:
                server.kill()


if __name__ == "__main__":
    main()
