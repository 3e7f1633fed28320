"""The play table survives ``kill -9`` (issue 11, *Persistence*): a real ``fudaba serve`` process on
a temporary database, moves played over real websockets (the ``websockets`` library), SIGKILL, a new
process on the same file, the same seat reconnects to the same state and play goes on."""

from __future__ import annotations

import contextlib
import json
import random
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("uvicorn")
ws_sync = pytest.importorskip("websockets.sync.client")

SERVE = "import sys; from fudaba.cli import main; sys.argv[0] = 'fudaba'; main()"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _serve(db: Path, port: int, log: Path) -> subprocess.Popen[bytes]:
    """``fudaba serve`` on 127.0.0.1:``port``; returns once it answers."""
    with open(log, "ab") as out:
        proc = subprocess.Popen([sys.executable, "-c", SERVE, "serve", "--port", str(port), "--db", str(db),
                                 "--ai-delay", "0", "--log-level", "warning"], stdout=out, stderr=subprocess.STDOUT)
    deadline = time.monotonic() + 15
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise AssertionError(f"fudaba serve exited with {proc.returncode}:\n{log.read_text()}")
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/games", timeout=2) as r:
                if r.status == 200:
                    return proc
        except OSError:
            time.sleep(0.05)
    proc.kill()
    raise AssertionError(f"fudaba serve did not answer:\n{log.read_text()}")


@pytest.fixture
def procs() -> Iterator[list[subprocess.Popen[bytes]]]:
    started: list[subprocess.Popen[bytes]] = []
    yield started
    for p in started:  # only the processes this test started
        if p.poll() is None:
            p.kill()
            p.wait(10)


def _state(ws: Any, after: int = -1) -> dict[str, Any]:
    """The next ``state`` message with a seq above ``after`` (other messages skipped)."""
    while True:
        msg = json.loads(ws.recv(timeout=10))
        assert msg["type"] not in ("refused", "error"), msg
        if msg["type"] == "state" and msg["seq"] > after:
            return dict(msg)


def _join(stack: contextlib.ExitStack, url: str, token: str) -> tuple[Any, dict[str, Any]]:
    ws = stack.enter_context(ws_sync.connect(url, open_timeout=10))
    ws.send(json.dumps({"type": "join", "token": token, "lang": "en"}))
    joined = json.loads(ws.recv(timeout=10))
    assert joined["type"] == "joined", joined
    return ws, _state(ws)


def test_issue11_kill_9_then_restart_same_seq_and_the_next_move_is_accepted(
        tmp_path: Path, procs: list[subprocess.Popen[bytes]]) -> None:
    db, log = tmp_path / "rooms.sqlite3", tmp_path / "serve.log"
    port = _free_port()
    procs.append(_serve(db, port, log))
    req = urllib.request.Request(f"http://127.0.0.1:{port}/api/rooms", headers={"Content-Type": "application/json"},
                                 data=json.dumps({"game": "sarasvati", "opponent": "friend", "seed": 7}).encode())
    with urllib.request.urlopen(req, timeout=10) as r:
        made = json.loads(r.read())
    tokens = {0: made["token"], 1: made["invite"].split("#t=")[1]}
    url = f"ws://127.0.0.1:{port}/ws/{made['room']}"
    rng = random.Random(3)
    with contextlib.ExitStack() as stack:
        socks = {s: _join(stack, url, tokens[s]) for s in (0, 1)}
        msgs = {s: m for s, (_, m) in socks.items()}
        for _ in range(6):  # a few moves, each acknowledged to both seats
            mover = next(s for s in (0, 1) if msgs[s]["actions"])
            seq = msgs[mover]["seq"]
            socks[mover][0].send(json.dumps({"type": "act", "action": rng.choice(msgs[mover]["actions"])["text"],
                                             "seq": seq}))
            msgs = {s: _state(w, seq) for s, (w, _) in socks.items()}
        before = msgs
        procs[0].send_signal(signal.SIGKILL)  # no shutdown handler runs
        procs[0].wait(10)

    procs.append(_serve(db, port, log))  # a new process on the same file
    with contextlib.ExitStack() as stack:
        socks = {s: _join(stack, url, tokens[s]) for s in (0, 1)}
        again = {s: m for s, (_, m) in socks.items()}
        for s in (0, 1):  # the same seat, the same state: nothing acknowledged was lost
            assert again[s]["seq"] == before[s]["seq"] > 0
            assert again[s]["view"] == before[s]["view"]
            assert again[s]["actions"] == before[s]["actions"]
        mover = next(s for s in (0, 1) if again[s]["actions"])
        seq = again[mover]["seq"]
        action = rng.choice(again[mover]["actions"])["text"]
        socks[mover][0].send(json.dumps({"type": "act", "action": action, "seq": seq}))
        after = {s: _state(w, seq) for s, (w, _) in socks.items()}
        assert after[0]["seq"] == after[1]["seq"] == seq + 1  # the next move is accepted and sent to both
