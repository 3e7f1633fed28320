"""No request makes the play table answer 5xx (issue 18, item 6): malformed input swept over every
route — query values with unicode digits, huge numbers, wrong types, wrong content types, bad or
deeply nested JSON — each answered with a 4xx and its reason in both languages."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from starlette.testclient import TestClient

from fudaba.server import create_app
from fudaba.server.limits import Limits

from .helpers import join, until_state

#: text that str.isdigit() accepts and int() does not, numbers int() will not read, and other junk
ODD = ["²", "①", "٣", "፩", "9" * 5000, "-1", "1.5", "1e9", "0x10", " 1", "", "\x00", "a" * 3000, "null", "[]", "{}"]


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    db = tmp_path_factory.mktemp("malformed") / "rooms.sqlite3"
    app = create_app(db, ai_delay=0, limits=Limits(rooms_per_minute=0, requests_per_minute=0, rooms_per_client=0))
    with TestClient(app, raise_server_exceptions=False) as c:
        yield c


@pytest.fixture(scope="module")
def rooms(client: TestClient) -> dict[str, dict[str, Any]]:
    """A game in play and a finished one."""
    playing = client.post("/api/rooms", json={"game": "sarasvati", "opponent": "friend", "seed": 1}).json()
    done = client.post("/api/rooms", json={"game": "walpurgis", "opponent": "friend", "seed": 2}).json()
    with client.websocket_connect(f"/ws/{done['room']}") as ws:
        join(ws, done["token"])
        ws.send_json({"type": "concede"})
        until_state(ws, lambda m: m["over"])
    return {"playing": playing, "done": done}


def refused(r: Any) -> dict[str, Any]:
    assert 400 <= r.status_code < 500, (r.status_code, r.text[:300])
    body = r.json()
    assert isinstance(body, dict), body
    for key in ("error", "error_en", "error_ja"):
        assert isinstance(body.get(key), str) and body[key].strip(), body
    return dict(body)


def _bodies() -> list[Any]:
    deep = "[" * 100_000 + "]" * 100_000
    return [b"", b"not json", b"\xff\xfe\x00", b"[1, 2]", b'"text"', b"123", b"null", deep.encode(),
            ('{"game": ' + "9" * 5000 + "}").encode(), b'{"game": NaN}', b'{"game": Infinity}',
            b'{"game": "sarasvati", "text": ' + b'"x' * 1 + b'"' + b" " * 300_000 + b"}"]


@pytest.mark.parametrize("path", ["/api/rooms", "/api/decks/check", "/api/my-rooms"])
@pytest.mark.parametrize("raw", _bodies(), ids=lambda b: repr(b[:12]))
def test_issue18_bad_bodies_are_4xx_on_every_post_route(client: TestClient, path: str, raw: bytes) -> None:
    refused(client.post(path, content=raw, headers={"content-type": "application/json"}))


@pytest.mark.parametrize("path", ["/api/rooms", "/api/decks/check", "/api/my-rooms"])
@pytest.mark.parametrize("ctype", ["text/plain", "application/x-www-form-urlencoded", "", "application/jsonx"])
def test_issue18_wrong_content_types_are_415(client: TestClient, path: str, ctype: str) -> None:
    assert refused(client.post(path, content=b"{}", headers={"content-type": ctype}))["error_en"] == (
        "send the body as JSON: Content-Type must be application/json")


def _room_bodies() -> Iterator[dict[str, Any]]:
    base = {"game": "sarasvati", "opponent": "greedy", "seed": 3}
    for key in ("game", "variant", "opponent", "seat", "seed", "name", "decks", "params"):
        for bad in [*ODD, 10**400, -(10**400), 1.5, True, None if key in ("game",) else [], {"x": 1}, ["a"]]:
            if key in ("variant", "seed", "params") and bad is None:
                continue
            yield {**base, key: bad}
    for params in [{"starting_hand": 99}, {"starting_hand": "²"}, {"starting_hand": 10**400}, {"deck_size": 30},
                   {"max_copies": 1}, {"front_slots": "x"}, {"nope": 1}, {"first": 7}, {"turn_limit": -1},
                   {"starting_hand": [1]}, {"starting_hand": {"a": 1}}, {"": 1}]:
        yield {**base, "params": params}
    for decks in [[{"starter": "nope"}, {"starter": "a_vanguard"}], [{"text": "² SV-A01"}, {"starter": "a_vanguard"}],
                  [{"text": "① SV-A01"}, {"starter": "a_vanguard"}],
                  [{"text": "9" * 5000 + " SV-A01"}, {"starter": "a_vanguard"}],
                  [{"text": "\x00"}, {"text": ""}], [{"starter": 1}, {"text": None}], [{}, {}], [1, 2],
                  [{"starter": "a_vanguard", "text": "x"}, {"starter": "a_vanguard"}], [{"starter": "a_vanguard"}]]:
        yield {**base, "decks": decks}
    for game, params in [("maken", {"double_options": "{not json"}), ("maken", {"double_options": "[" * 5000}),
                         ("maken", {"double_options": {"speed": "x"}}), ("walpurgis", {"deck_max": 1}),
                         ("suikoden", {"vp_to_win": 0}), ("maken", {"lp": 10**6})]:
        yield {"game": game, "params": params, "opponent": "friend"}


@pytest.mark.parametrize("body", list(_room_bodies()), ids=lambda b: json.dumps(b, default=str)[:60])
def test_issue18_bad_room_requests_are_4xx(client: TestClient, body: dict[str, Any]) -> None:
    r = client.post("/api/rooms", json=body)
    if r.status_code == 200:  # a value the game takes (e.g. a name of digits): fine, not a crash
        return
    refused(r)


@pytest.mark.parametrize("body", [
    {"game": "sarasvati", "text": t} for t in [*ODD, 5, None, ["x"], "² SV-A01", "① SV-A01\n" * 50]
] + [{"game": g} for g in ODD[:6]] + [{"game": "walpurgis", "variant": v, "text": ""} for v in ["v9", 1, ["x"], "²"]],
    ids=lambda b: json.dumps(b)[:50])
def test_issue18_bad_deck_checks_are_4xx_or_list_the_problems(client: TestClient, body: dict[str, Any]) -> None:
    r = client.post("/api/decks/check", json=body)
    if r.status_code == 200:
        got = r.json()
        assert got["ok"] is False and got["problems"]
        return
    refused(r)


@pytest.mark.parametrize("body", [
    {"tokens": []}, {"tokens": "x"}, {"tokens": {"a": 1}}, {"tokens": {"a": None}}, {"tokens": {}, "lang": "fr"},
    {"tokens": {}, "lang": 1}, {"tokens": {"x" * 5000: "y" * 5000}, "lang": "en"},
    {"tokens": {k: "t" for k in ODD}, "lang": "en"},
], ids=lambda b: json.dumps(b)[:50])
def test_issue18_bad_my_rooms_are_4xx_or_empty(client: TestClient, body: dict[str, Any]) -> None:
    r = client.post("/api/my-rooms", json=body)
    if r.status_code == 200:
        assert r.json() == []
        return
    refused(r)


@pytest.mark.parametrize("game", ["sarasvati", "chess", "²", "x" * 3000])
@pytest.mark.parametrize("query", [{"section": s} for s in ODD] + [{"lang": v} for v in ["fr", "²", "", "x" * 3000]])
def test_issue18_bad_rules_requests_are_4xx(client: TestClient, game: str, query: dict[str, str]) -> None:
    r = client.get(f"/api/rules/{game}", params=query)
    if r.status_code == 200:
        assert game == "sarasvati" and isinstance(r.json()["text"], str)
        return
    refused(r)


@pytest.mark.parametrize("which", ["done", "playing", "none"])
@pytest.mark.parametrize("query", [{"step": s} for s in ODD] + [{"lang": "fr"}, {"token": "x" * 5000},
                                                                 {"token": "²"}, {"step": "1", "lang": "²"}],
                         ids=lambda q: json.dumps(q)[:40])
def test_issue18_bad_replay_requests_are_4xx(client: TestClient, rooms: dict[str, dict[str, Any]], which: str,
                                             query: dict[str, str]) -> None:
    room = rooms[which]["room"] if which in rooms else "nosuchroom"
    r = client.get(f"/api/rooms/{room}/replay", params=query)
    body = refused(r)
    if which == "done" and set(query) == {"step"}:
        assert r.status_code == 400 and body["error_en"].startswith("'step' must be a whole number from 0 to ")


@pytest.mark.parametrize("room", ["x" * 5000, "²", "%00", "..", "a b", "ルーム"])
def test_issue18_odd_room_ids_are_404(client: TestClient, room: str) -> None:
    r = client.get(f"/api/rooms/{room}/replay")
    assert r.status_code == 404 and refused(r)["error_en"] in ("no such room", "not found: /api/replay")


@pytest.mark.parametrize(("method", "path"), [("GET", "/api/rooms"), ("PUT", "/api/rooms"), ("DELETE", "/api/my-rooms"),
                                              ("POST", "/api/games"), ("GET", "/api/nope"), ("GET", "/static/nope.js"),
                                              ("GET", "/static/../../etc/passwd"), ("PATCH", "/")])
def test_issue18_unknown_routes_and_methods_are_4xx(client: TestClient, method: str, path: str) -> None:
    headers = {"content-type": "application/json"} if method in ("PUT", "PATCH", "POST") else {}
    refused(client.request(method, path, headers=headers, content=b"{}" if headers else None))


def test_issue18_a_refusal_is_in_the_requests_language(client: TestClient) -> None:
    r = client.get("/api/rooms/nosuchroom/replay", params={"lang": "ja"})
    assert r.json() == {"error": "その部屋はありません", "error_en": "no such room", "error_ja": "その部屋はありません"}
    r = client.get("/api/rooms/nosuchroom/replay", headers={"accept-language": "ja-JP,ja;q=0.9,en;q=0.8"})
    assert r.json()["error"] == "その部屋はありません"
    r = client.post("/api/rooms", json={"game": "sarasvati", "seat": 5, "lang": "ja"})
    assert r.json()["error"] == "'seat' は 0 か 1 です"
    r = client.post("/api/rooms", json={"game": "sarasvati", "seat": 5}, headers={"accept-language": "fr, en"})
    assert r.json()["error"] == "'seat' must be 0 or 1"


@pytest.mark.parametrize("text", [
    "not json", "[]", '"x"', "null", '{"type": NaN}', '{"type": "act", "action": "end", "seq": NaN}',
    '{"type": "act", "action": "end", "seq": ' + "9" * 4000 + "}", '{"type": "act", "action": 1, "seq": 0}',
    '{"type": "act", "action": "end", "seq": "0"}', '{"type": "act", "action": "²", "seq": 1e400}',
    '{"type": "lang", "lang": "²"}', '{"type": "²"}', "[" * 3000 + "]" * 1000, '{"type": "join", "token": 5}',
])
def test_issue18_bad_websocket_messages_get_an_error_and_the_socket_stays(
        client: TestClient, rooms: dict[str, dict[str, Any]], text: str) -> None:
    made = rooms["playing"]
    with client.websocket_connect(f"/ws/{made['room']}") as ws:
        join(ws, made["token"])
        ws.send_text(text)
        got = ws.receive_json()
        assert got["type"] in ("error", "refused") and got["reason"].startswith(("malformed", "message too large"))
        ws.send_json({"type": "ping"})
        assert ws.receive_json() == {"type": "pong"}


@pytest.mark.parametrize("action", ["²", "①", "attack M፩", "9" * 3000, "\x00", "end " * 500])
def test_issue18_odd_actions_are_refused_with_the_engines_reason(
        client: TestClient, rooms: dict[str, dict[str, Any]], action: str) -> None:
    made = rooms["playing"]
    t1 = made["invite"].split("#t=")[1]
    with client.websocket_connect(f"/ws/{made['room']}") as w0, client.websocket_connect(f"/ws/{made['room']}") as w1:
        _, m0 = join(w0, made["token"])
        _, m1 = join(w1, t1)
        ws, msg = (w0, m0) if m0["actions"] else (w1, m1)
        ws.send_json({"type": "act", "action": action, "seq": msg["seq"]})
        got = ws.receive_json()
        assert got["type"] == "refused" and got["action"] == action and got["reason"]


@pytest.mark.parametrize(("game", "params"), [("maken", {"lp": 10**6}), ("suikoden", {"turn_limit": 10**9}),
                                              ("maken", {"starting_hand": 99})])
def test_issue18_a_parameter_out_of_range_is_400_with_the_engines_message(
        client: TestClient, game: str, params: dict[str, Any]) -> None:
    from fudaba import load_game
    from fudaba.core.errors import FudabaError

    with pytest.raises(FudabaError) as e:
        load_game(game, **params)
    r = client.post("/api/rooms", json={"game": game, "params": params, "opponent": "friend", "lang": "ja"})
    assert r.status_code == 400 and r.json() == {"error": f"入力に誤りがあります: {e.value}", "error_en": str(e.value),
                                                 "error_ja": f"入力に誤りがあります: {e.value}"}
