"""The play table survives ``kill -9`` (issue 11, *Persistence*): a real ``fudaba serve`` process on
a temporary database, moves played over real websockets (the ``websockets`` library), SIGKILL, a new
process on the same file, the same seat reconnects to the same state and play goes on."""

from __future__ import annotations

import contextlib
import json
import random
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("uvicorn")
ws_sync = pytest.importorskip("websockets.sync.client")

from tests.serve_process import Server  # noqa: E402


@pytest.fixture
def servers() -> Iterator[list[Server]]:
    started: list[Server] = []
    yield started
    for srv in started:  # only the servers this test started
        srv.stop()


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
        tmp_path: Path, servers: list[Server]) -> None:
    db = tmp_path / "rooms.sqlite3"
    servers.append(Server(db).start())
    port = servers[0].port
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
        servers[0].kill()  # SIGKILL: no shutdown handler runs

    servers.append(Server(db, port).start())  # a new process on the same file
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
