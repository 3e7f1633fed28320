"""Slow and greedy clients against a real ``fudaba serve`` (issue 18, item 6; docs/server.md, *Limits*):
raw sockets that send half a request head, nothing at all, a head too large, or too many connections
from one address. The server's timeouts are set small; the test only waits for the socket to be
closed, within a generous bound (no timing is asserted)."""

from __future__ import annotations

import json
import socket
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("uvicorn")
ws_sync = pytest.importorskip("websockets.sync.client")

from tests.serve_process import RELAXED, Server  # noqa: E402

#: how long a test waits for the server to close a socket (far above the timeouts set)
BOUND = 30.0


@pytest.fixture(scope="module")
def quick(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A server with a 1 s head timeout, a 1 s keep-alive and heads of at most 4096 bytes."""
    srv = Server(tmp_path_factory.mktemp("slow") / "rooms.sqlite3",
                 args=[*RELAXED, "--header-timeout", "1", "--idle-timeout", "1", "--max-head", "4096"]).start()
    yield srv
    srv.stop()


def _connect(srv: Server) -> socket.socket:
    s = socket.create_connection(("127.0.0.1", srv.port), timeout=BOUND)
    s.settimeout(BOUND)
    return s


def _until_closed(s: socket.socket) -> bytes:
    """Everything the server sends until it closes the connection (a timeout fails the test)."""
    got = b""
    while True:
        chunk = s.recv(65536)
        if not chunk:
            return got
        got += chunk


def _body(reply: bytes) -> dict[str, str]:
    return dict(json.loads(reply.split(b"\r\n\r\n", 1)[1]))


def test_issue18_a_half_sent_head_is_answered_408_and_closed(quick: Server) -> None:
    with _connect(quick) as s:
        s.sendall(b"GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
        reply = _until_closed(s)
    assert reply.startswith(b"HTTP/1.1 408 Request Timeout\r\n")
    assert _body(reply) == {"error": "the request did not arrive within 1 s", "error_en":
                            "the request did not arrive within 1 s", "error_ja": "リクエストが1秒以内に届きませんでした"}


def test_issue18_a_connection_that_sends_nothing_is_closed(quick: Server) -> None:
    with _connect(quick) as s:
        assert _until_closed(s).startswith(b"HTTP/1.1 408 ")


def test_issue18_a_head_larger_than_the_limit_is_431(quick: Server) -> None:
    with _connect(quick) as s:
        s.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n" + b"X-Pad: " + b"a" * 5000 + b"\r\n")
        reply = _until_closed(s)
    assert reply.startswith(b"HTTP/1.1 431 ")
    assert _body(reply)["error_en"] == "the request head is larger than 4096 bytes"


def _one_response(s: socket.socket) -> bytes:
    """One whole response (its head and ``content-length`` bytes of body)."""
    got = b""
    while b"\r\n\r\n" not in got:
        got += s.recv(65536)
    head, body = got.split(b"\r\n\r\n", 1)
    size = int(next(ln.split(b":")[1] for ln in head.split(b"\r\n") if ln.lower().startswith(b"content-length")))
    while len(body) < size:
        body += s.recv(65536)
    return head + b"\r\n\r\n" + body


def test_issue18_an_idle_kept_alive_connection_is_closed_and_a_later_slow_head_too(quick: Server) -> None:
    request = b"GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
    with _connect(quick) as s:
        s.sendall(request)
        first = _until_closed(s)  # answered, then closed when idle (--idle-timeout)
    assert first.startswith(b"HTTP/1.1 200 ") and first.count(b"HTTP/1.1 ") == 1
    with _connect(quick) as s:
        s.sendall(request)
        assert _one_response(s).startswith(b"HTTP/1.1 200 ")
        s.sendall(b"GET /api/games HTTP/1.1\r\nHost: 1")  # the next request stalls
        assert _until_closed(s).startswith(b"HTTP/1.1 408 Request Timeout\r\n")


def test_issue18_a_whole_request_sent_slowly_but_in_time_is_served(quick: Server) -> None:
    with _connect(quick) as s:
        for part in (b"GET /api/games HTTP/1.1\r\n", b"Host: 127.0.0.1\r\n", b"Connection: close\r\n\r\n"):
            s.sendall(part)
            time.sleep(0.2)
        assert _until_closed(s).startswith(b"HTTP/1.1 200 ")


def test_issue18_a_websocket_is_not_closed_by_the_head_timeout(quick: Server) -> None:
    req = json.dumps({"game": "sarasvati", "opponent": "friend", "seed": 1}).encode()
    with _connect(quick) as s:
        s.sendall(b"POST /api/rooms HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                  b"Connection: close\r\nContent-Length: " + str(len(req)).encode() + b"\r\n\r\n" + req)
        made = _body(_until_closed(s))
    with ws_sync.connect(f"ws://127.0.0.1:{quick.port}/ws/{made['room']}", open_timeout=BOUND) as ws:
        ws.send(json.dumps({"type": "join", "token": made["token"], "lang": "en"}))
        assert json.loads(ws.recv(timeout=BOUND))["type"] == "joined"
        time.sleep(2.5)  # longer than the head timeout: the upgraded connection is not a request head
        ws.send('{"type":"ping"}')
        while (msg := json.loads(ws.recv(timeout=BOUND)))["type"] != "pong":
            assert msg["type"] == "state"


def test_issue18_connections_of_one_address_are_capped(tmp_path: Path) -> None:
    srv = Server(tmp_path / "rooms.sqlite3", args=[*RELAXED, "--connections-per-client", "4"]).start()
    try:
        held = [_connect(srv) for _ in range(4)]
        with _connect(srv) as s:
            reply = _until_closed(s)
        assert reply.startswith(b"HTTP/1.1 429 Too Many Requests\r\n") and b"retry-after: 10" in reply
        assert _body(reply)["error_en"] == "too many connections from one address: at most 4"
        held.pop().close()
        for _ in range(int(BOUND / 0.1)):  # the server sees the close, then takes a new connection
            with _connect(srv) as s:
                s.sendall(b"GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
                reply = _until_closed(s)
            if not reply.startswith(b"HTTP/1.1 429"):
                break
            time.sleep(0.1)
        assert reply.startswith(b"HTTP/1.1 200 ")
        for s in held:
            s.close()
    finally:
        srv.stop()


# ---------------------------------------------------------------------- behind a proxy
def _create(srv: Server, forwarded: str) -> int:
    req = json.dumps({"game": "sarasvati", "opponent": "friend", "seed": 1}).encode()
    with _connect(srv) as s:
        s.sendall(b"POST /api/rooms HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                  b"X-Forwarded-For: " + forwarded.encode() + b"\r\nConnection: close\r\n"
                  b"Content-Length: " + str(len(req)).encode() + b"\r\n\r\n" + req)
        return int(_until_closed(s).split(b" ", 2)[1])


@pytest.mark.parametrize("trusted", [False, True])
def test_issue18_x_forwarded_for_names_the_client_only_behind_a_trusted_proxy(tmp_path: Path, trusted: bool) -> None:
    args = ["--rooms-per-minute", "1", *(["--trust-proxy", "127.0.0.1"] if trusted else [])]
    srv = Server(tmp_path / "rooms.sqlite3", args=args).start()
    try:
        codes = [_create(srv, "198.51.100.1"), _create(srv, "198.51.100.2"), _create(srv, "198.51.100.1")]
    finally:
        srv.stop()
    # trusted: two clients, the first one's second room refused; not trusted: one client (127.0.0.1)
    assert codes == ([200, 200, 429] if trusted else [200, 429, 429])
