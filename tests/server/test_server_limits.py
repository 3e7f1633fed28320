"""The play table as an attacker would use it (issue 18, item 6; docs/server.md, *Limits*): rooms per
client and in all, request rates, abandoned rooms expiring, tokens checked before a game is read,
a bounded replay cache, origins, content types, security headers and the ``lang`` message."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from fudaba.server import app as app_module
from fudaba.server import create_app
from fudaba.server.limits import Limits, RateLimiter, client_key
from fudaba.server.rooms import Rooms

from .helpers import join, until_state


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "rooms.sqlite3"


class Clock:
    """A wall clock the test moves."""

    def __init__(self, t: float = 1_000_000.0) -> None:
        self.t = t

    def __call__(self) -> float:
        return self.t


def app_with(db: Path, clock: Clock | None = None, **limits: Any) -> Any:
    kw: dict[str, Any] = {"ai_delay": 0, "rate": 100_000, "limits": Limits(**limits)}
    if clock is not None:
        kw["clock"] = clock
    return create_app(db, **kw)


def new_room(client: TestClient, headers: dict[str, str] | None = None, **body: Any) -> Any:
    body.setdefault("game", "sarasvati")
    body.setdefault("seed", 11)
    body.setdefault("opponent", "friend")
    return client.post("/api/rooms", json=body, headers=headers)


def rows(db: Path, sql: str = "SELECT id FROM rooms ORDER BY created") -> list[Any]:
    con = sqlite3.connect(str(db))
    try:
        return [r[0] if len(r) == 1 else r for r in con.execute(sql)]
    finally:
        con.close()


# ---------------------------------------------------------------------- rooms per client, in all
def test_issue18_new_rooms_a_minute_per_address_429_with_retry_after(db: Path) -> None:
    clock = Clock()
    app = app_with(db, clock, rooms_per_minute=3)
    with TestClient(app) as a:
        for _ in range(3):
            assert new_room(a).status_code == 200
        clock.t += 20
        r = new_room(a, name="the fourth")
        assert r.status_code == 429 and r.headers["retry-after"] == "40"
        assert r.json() == {
            "error": "too many new rooms: at most 3 a minute from one address; try again in 40 s",
            "error_en": "too many new rooms: at most 3 a minute from one address; try again in 40 s",
            "error_ja": "新しい部屋が多すぎます (1つのアドレスから1分に3部屋まで)。40秒後にもう一度どうぞ"}
        other = TestClient(app, client=("10.0.0.2", 5000))
        assert new_room(other).status_code == 200  # another address has its own minute
        clock.t += 40
        assert new_room(a).status_code == 200
    assert len(rows(db)) == 5


def test_issue18_refused_room_requests_do_not_count_as_new_rooms(db: Path) -> None:
    with TestClient(app_with(db, rooms_per_minute=2)) as a:
        for _ in range(5):
            assert new_room(a, seat=7).status_code == 400
        assert [new_room(a).status_code for _ in range(3)] == [200, 200, 429]


def test_issue18_open_rooms_per_address_and_in_all(db: Path) -> None:
    app = app_with(db, rooms_per_client=2, max_rooms=3, rooms_per_minute=0)
    with TestClient(app) as a:
        first = new_room(a).json()
        assert new_room(a).status_code == 200
        r = new_room(a, headers={"accept-language": "ja"})
        assert r.status_code == 429 and r.headers["retry-after"] == "60"
        assert r.json()["error"] == "進行中の対戦が多すぎます (1つのアドレスから2部屋まで)。どれかを終えるか投了してください"
        b = TestClient(app, client=("10.0.0.2", 5000))
        assert new_room(b).status_code == 200
        r = new_room(TestClient(app, client=("10.0.0.3", 5000)))
        assert r.status_code == 429
        assert r.json()["error"] == "the server is full: 3 games are in play; try again later"
        with a.websocket_connect(f"/ws/{first['room']}") as ws:  # a finished game is not open any more
            join(ws, first["token"])
            ws.send_json({"type": "concede"})
            until_state(ws, lambda m: m["over"])
        assert new_room(a).status_code == 200
    assert rows(db, "SELECT client, count(*) FROM rooms GROUP BY client ORDER BY client") == [
        ("10.0.0.2", 1), ("testclient", 3)]


def test_issue18_a_client_is_its_address_an_ipv6_one_its_64_network() -> None:
    assert client_key({"client": ("203.0.113.9", 1234)}) == "203.0.113.9"
    assert client_key({"client": ("2001:db8:1:2:aaaa::1", 1)}) == client_key({"client": ("2001:db8:1:2::ffff", 2)})
    assert client_key({"client": ("2001:db8:1:2::1", 1)}) == "2001:db8:1:2::/64"
    assert client_key({"client": ("2001:db8:1:3::1", 1)}) != client_key({"client": ("2001:db8:1:2::1", 1)})
    assert client_key({"client": ("::ffff:192.0.2.1", 1)}) == "192.0.2.1"
    assert client_key({"client": None}) == ""


def test_issue18_rate_limiter_sliding_window() -> None:
    clock = Clock(0.0)
    rl = RateLimiter(2, 60.0, clock)
    assert rl.hit("a") == 0 and rl.hit("a") == 0
    clock.t = 15.0
    assert rl.hit("a") == 45.0 and rl.hit("b") == 0  # refused: not counted; another key is free
    clock.t = 60.0
    assert rl.hit("a") == 0 and rl.wait("a") == 0  # both left the window
    clock.t = 70.0
    assert rl.hit("a") == 0 and rl.hit("a") == 50.0 and rl.wait("a", 2) == 60.0 and rl.wait("a", 3) == 60.0
    assert RateLimiter(0).hit("a") == 0  # 0: no limit


def test_issue18_api_requests_and_websockets_a_minute_per_address(db: Path) -> None:
    with TestClient(app_with(db, requests_per_minute=3)) as a:
        made = new_room(a).json()  # 1
        assert a.get("/api/games").status_code == 200  # 2
        assert a.get("/").status_code == 200 and a.get("/static/js/app.js").status_code == 200  # pages: free
        with a.websocket_connect(f"/ws/{made['room']}") as ws:  # 3
            join(ws, made["token"])
        r = a.get("/api/games?lang=ja")
        assert r.status_code == 429 and int(r.headers["retry-after"]) == 60
        assert r.json()["error"].startswith("リクエストが多すぎます (1つのアドレスから1分に3件まで)")
        with a.websocket_connect(f"/ws/{made['room']}") as ws:
            assert ws.receive_json()["reason"].startswith("too many requests: at most 3 a minute")
            with pytest.raises(WebSocketDisconnect) as e:
                ws.receive_json()
            assert e.value.code == 1013  # try again later


# ---------------------------------------------------------------------- abandoned rooms
def test_issue18_abandoned_rooms_expire_unjoined_after_a_day_idle_after_a_week(db: Path) -> None:
    clock = Clock()
    app = app_with(db, clock, expiry_interval=0)
    with TestClient(app) as c:
        hub: Rooms = c.app.state.rooms  # type: ignore[attr-defined]
        unjoined = new_room(c, name="nobody came").json()
        played = new_room(c, name="played").json()
        done = new_room(c, name="finished").json()
        watched = new_room(c, name="watched").json()
        for made in (played, done, watched):
            with c.websocket_connect(f"/ws/{made['room']}") as ws:
                join(ws, made["token"])
                if made is done:
                    ws.send_json({"type": "concede"})
                    until_state(ws, lambda m: m["over"])
        clock.t += 86400 - 1
        assert hub.expire() == []
        clock.t += 2
        assert hub.expire() == [unjoined["room"]]
        assert unjoined["room"] not in hub.rooms
        later = new_room(c).json()
        clock.t += 7 * 86400 - 86400
        with c.websocket_connect(f"/ws/{watched['room']}") as spectator:  # somebody is at the table
            join(spectator, None)
            assert hub.expire() == [played["room"], later["room"]]
        assert hub.expire() == [watched["room"]]
        gone = c.get(f"/api/rooms/{played['room']}/replay")
        assert gone.status_code == 404 and gone.json()["error"] == "no such room"
        assert c.get(f"/api/rooms/{done['room']}/replay").status_code == 200  # finished games stay
    kept = rows(db)
    assert done["room"] in kept and not {unjoined["room"], played["room"], watched["room"]} & set(kept)
    assert not rows(db, f"SELECT room FROM actions WHERE room = '{played['room']}'")
    assert not rows(db, f"SELECT room FROM seats WHERE room = '{unjoined['room']}'")


def test_issue18_abandoned_rooms_are_removed_at_start_before_anything_is_rebuilt(db: Path,
                                                                                   monkeypatch: Any) -> None:
    clock = Clock()
    with TestClient(app_with(db, clock)) as c:
        stale = new_room(c).json()
    clock.t += 2 * 86400
    with TestClient(app_with(db, clock)) as c:
        fresh = new_room(c).json()
    built: list[str] = []
    real = Rooms._build

    def build(self: Rooms, row: Any) -> Any:
        built.append(row.id)
        return real(self, row)

    monkeypatch.setattr(Rooms, "_build", build)
    with TestClient(app_with(db, clock)) as c:
        hub: Rooms = c.app.state.rooms  # type: ignore[attr-defined]
        assert list(hub.rooms) == [fresh["room"]] and built == [fresh["room"]]
    assert rows(db) == [fresh["room"]] and stale["room"] not in rows(db)


def test_issue18_expiry_limits_of_0_keep_every_room(db: Path) -> None:
    clock = Clock()
    with TestClient(app_with(db, clock, unjoined_days=0, idle_days=0)) as c:
        made = new_room(c).json()
        clock.t += 400 * 86400
        assert c.app.state.rooms.expire() == []  # type: ignore[attr-defined]
    assert rows(db) == [made["room"]]


# ---------------------------------------------------------------------- tokens first, bounded replays
def _finished(c: TestClient, seed: int) -> dict[str, Any]:
    made = dict(new_room(c, seed=seed).json())
    with c.websocket_connect(f"/ws/{made['room']}") as ws:
        join(ws, made["token"])
        ws.send_json({"type": "concede"})
        until_state(ws, lambda m: m["over"])
    return made


def test_issue18_wrong_tokens_rebuild_no_room_and_replays_are_cached_with_a_bound(db: Path,
                                                                                   monkeypatch: Any) -> None:
    with TestClient(app_with(db)) as c:
        games = [_finished(c, seed) for seed in (1, 2, 3)]
    built: list[str] = []
    real = Rooms._build

    def build(self: Rooms, row: Any) -> Any:
        built.append(row.id)
        return real(self, row)

    monkeypatch.setattr(Rooms, "_build", build)
    with TestClient(app_with(db, replay_cache=2)) as c:
        hub: Rooms = c.app.state.rooms  # type: ignore[attr-defined]
        wrong = {g["room"]: "not-the-token" for g in games}
        assert c.post("/api/my-rooms", json={"tokens": wrong, "lang": "en"}).json() == []
        r = c.get(f"/api/rooms/{games[0]['room']}/replay", params={"token": "nope"})
        assert r.status_code == 403 and r.json()["error"] == "bad token: this token holds no seat of this room"
        with c.websocket_connect(f"/ws/{games[0]['room']}") as ws:
            ws.send_json({"type": "join", "token": "nope", "lang": "en"})
            assert ws.receive_json()["reason"] == "bad token: this token holds no seat of this room"
        assert built == []  # no wrong token made a game be read
        for g in games:
            assert c.get(f"/api/rooms/{g['room']}/replay", params={"token": g["token"]}).status_code == 200
        assert built == [g["room"] for g in games]
        assert list(hub.finished) == [games[1]["room"], games[2]["room"]] and not hub.rooms  # at most 2, LRU
        c.get(f"/api/rooms/{games[2]['room']}/replay", params={"step": 1})
        assert built == [g["room"] for g in games]  # read from the cache
        mine = c.post("/api/my-rooms", json={"tokens": {games[0]["room"]: games[0]["token"]}, "lang": "en"}).json()
        assert [m["room"] for m in mine] == [games[0]["room"]] and mine[0]["over"] is True
        assert len(hub.finished) == 2 and not hub.rooms


# ---------------------------------------------------------------------- another site's pages
def test_issue18_another_origin_cannot_post_or_open_a_websocket(db: Path) -> None:
    with TestClient(create_app(db, ai_delay=0, origins=["https://play.example.org"])) as c:
        r = new_room(c, headers={"origin": "http://evil.example"})
        assert r.status_code == 403
        assert r.json()["error_en"] == "this origin may not use the server: http://evil.example"
        assert new_room(c, headers={"origin": "null"}).status_code == 403
        assert new_room(c, headers={"origin": "http://testserver"}).status_code == 200  # its own host
        assert new_room(c, headers={"origin": "https://play.example.org/"}).status_code == 200  # configured
        made = new_room(c).json()  # no Origin: not a browser
        with pytest.raises(WebSocketDisconnect) as e, \
                c.websocket_connect(f"/ws/{made['room']}", headers={"origin": "http://evil.example"}):
            pass
        assert e.value.code == 4403
        with c.websocket_connect(f"/ws/{made['room']}", headers={"origin": "http://testserver"}) as ws:
            join(ws, made["token"])
    assert len(rows(db)) == 3


@pytest.mark.parametrize("ctype", ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data", None])
def test_issue18_a_body_is_taken_only_as_application_json(db: Path, ctype: str | None) -> None:
    with TestClient(app_with(db)) as c:
        headers = {} if ctype is None else {"content-type": ctype}
        r = c.post("/api/rooms", content=b'{"game": "sarasvati"}', headers=headers)
        assert r.status_code == 415
        assert r.json()["error"] == "send the body as JSON: Content-Type must be application/json"
        ok = c.post("/api/rooms", content=b'{"game": "sarasvati"}',
                    headers={"content-type": "application/json; charset=utf-8"})
        assert ok.status_code == 200
    assert len(rows(db)) == 1


@pytest.mark.parametrize("path", ["/", "/r/abc", "/api/games", "/static/js/app.js", "/nope", "/api/rules/chess"])
def test_issue18_every_answer_carries_the_security_headers(db: Path, path: str) -> None:
    with TestClient(app_with(db)) as c:
        h = c.get(path).headers
    assert h["x-content-type-options"] == "nosniff" and h["x-frame-options"] == "DENY"
    assert h["referrer-policy"] == "no-referrer"
    csp = h["content-security-policy"]
    assert "frame-ancestors 'none'" in csp and "script-src 'self'" in csp and "default-src 'self'" in csp
    assert "connect-src 'self' ws://testserver wss://testserver" in csp


def test_issue18_security_headers_keep_a_hostile_host_out_of_the_csp(db: Path) -> None:
    with TestClient(app_with(db)) as c:
        csp = c.get("/", headers={"host": "x; script-src *"}).headers["content-security-policy"]
    assert "connect-src 'self';" in csp and "script-src *" not in csp


# ---------------------------------------------------------------------- the lang message
def test_issue18_lang_message_sends_a_state_only_on_a_change_and_counts_in_the_rate(db: Path,
                                                                                    monkeypatch: Any) -> None:
    monkeypatch.setattr(app_module, "message_clock", lambda: 500.0)  # every message in the same second
    with TestClient(create_app(db, ai_delay=0)) as c:
        made = new_room(c).json()
        with c.websocket_connect(f"/ws/{made['room']}") as ws:
            join(ws, made["token"], lang="en")
            for _ in range(5):  # the language it has: no answer at all
                ws.send_json({"type": "lang", "lang": "en"})
            ws.send_json({"type": "ping"})
            assert ws.receive_json() == {"type": "pong"}
            ws.send_json({"type": "lang", "lang": "ja"})  # 7 messages + 9 more for the change = 16
            state = ws.receive_json()
            assert state["type"] == "state" and state["log_from"] == 0
            ws.send_json({"type": "lang", "lang": "en"})  # 17 + 9 = 26 > 20
            assert ws.receive_json() == {"type": "refused", "action": "",
                                         "reason": "送信が多すぎます (1秒に20件まで)"}


# ---------------------------------------------------------------------- fudaba serve's options
@pytest.mark.parametrize(("args", "message"), [
    (["--rooms-per-minute", "-1"], "--rooms-per-minute must be a number, 0 or more (got -1)"),
    (["--idle-days", "nan"], "--idle-days must be a number, 0 or more (got nan)"),
    (["--header-timeout", "0"], "--header-timeout must be above 0"),
    (["--ai-busy-level", "godlike"], "--ai-busy-level must be easy, normal or hard"),
])
def test_issue18_serve_refuses_a_bad_limit_in_one_line(tmp_path: Path, args: list[str], message: str) -> None:
    from typer.testing import CliRunner

    from fudaba.cli import app as cli

    r = CliRunner().invoke(cli, ["serve", "--db", str(tmp_path / "x.sqlite3"), *args])
    assert r.exit_code != 0 and message in r.output and "Traceback" not in r.output
    assert not (tmp_path / "x.sqlite3").exists()  # refused before anything ran


def test_issue18_serve_help_lists_every_limit() -> None:
    from dataclasses import fields

    from typer.testing import CliRunner

    from fudaba.cli import app as cli

    out = CliRunner().invoke(cli, ["serve", "--help"], env={"COLUMNS": "200"}).output
    for f in fields(Limits):
        assert "--" + f.name.replace("_", "-") in out
    assert "--trust-proxy" in out and "--origin" in out
