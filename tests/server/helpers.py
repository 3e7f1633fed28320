"""Shared helpers of the play-table tests (issue 11): an app on a temporary database, rooms made
through the lobby API, and websocket seats driven through Starlette's TestClient."""

from __future__ import annotations

import importlib.util
import json
import random
import sqlite3
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")
if importlib.util.find_spec("httpx2") is None:  # what TestClient prefers; httpx is deprecated there
    pytest.importorskip("httpx")

from starlette.testclient import TestClient

from fudaba.core.state import State
from fudaba.server import create_app
from fudaba.server.rooms import Room


def make_client(db: Path, **kw: Any) -> TestClient:
    kw.setdefault("ai_delay", 0)
    kw.setdefault("rate", 100_000)  # tests play faster than a person: the limit has its own test
    return TestClient(create_app(db, **kw))


def room_of(client: TestClient, room_id: str) -> Room:
    room = client.app.state.rooms.get(room_id)  # type: ignore[attr-defined]
    assert room is not None
    return room


def true_state(client: TestClient, room_id: str) -> State:
    return room_of(client, room_id).state


def create(client: TestClient, **body: Any) -> dict[str, Any]:
    body.setdefault("game", "sarasvati")
    body.setdefault("seed", 11)
    r = client.post("/api/rooms", json=body)
    assert r.status_code == 200, r.text
    return dict(r.json())


def join(ws: Any, token: str | None, lang: str = "en") -> tuple[dict[str, Any], dict[str, Any]]:
    """Send the join; return the ``joined`` and the first ``state`` message."""
    ws.send_json({"type": "join", "token": token, "lang": lang})
    joined = ws.receive_json()
    assert joined["type"] == "joined", joined
    state = ws.receive_json()
    assert state["type"] == "state", state
    return joined, state


def add_log(log: list[dict[str, Any]], msg: dict[str, Any]) -> list[dict[str, Any]]:
    """A client's log after a ``state`` message: its lines from ``log_from`` on replaced by the
    message's (``log_from`` can be no further than the lines it has)."""
    assert 0 <= msg["log_from"] <= len(log), (msg["log_from"], len(log))
    del log[msg["log_from"]:]
    log.extend(msg["log"])
    return log


def until_state(ws: Any, pred: Any = None, keep: list[str] | None = None, limit: int = 2000,
                log: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    """Read messages until a ``state`` for which ``pred`` holds (raw texts appended to ``keep``;
    ``log``: the connection's log so far, kept up to date with every ``state`` read)."""
    for _ in range(limit):
        text = ws.receive_text()
        if keep is not None:
            keep.append(text)
        msg = json.loads(text)
        if msg["type"] in ("refused", "error"):
            raise AssertionError(f"unexpected {msg}")
        if msg["type"] == "state" and log is not None:
            add_log(log, msg)
        if msg["type"] == "state" and (pred is None or pred(msg)):
            return dict(msg)
    raise AssertionError("no such state message")


def stored_actions(db: Path, room_id: str) -> list[str]:
    """The actions committed for a room, read through a connection of our own."""
    con = sqlite3.connect(str(db))
    try:
        return [a for (a,) in con.execute("SELECT action FROM actions WHERE room=? ORDER BY n", (room_id,))]
    finally:
        con.close()


def pick(rng: random.Random, msg: dict[str, Any]) -> str:
    return str(rng.choice(msg["actions"])["text"])
