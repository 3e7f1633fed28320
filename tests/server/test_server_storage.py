"""The play table's storage and lobby API (issue 11, *Persistence*; docs/server.md): every accepted
action committed before anyone hears of it, rooms rebuilt from their records by a new server on the
same file, the AI's turn resumed, and the HTTP routes (decks, rooms, my rooms, rules, replay)."""

from __future__ import annotations

import json
import random
import sqlite3
import time
from pathlib import Path
from typing import Any

import pytest

import fudaba
from fudaba.core.record import start_state
from fudaba.server.storage import Storage, token_hash

from .helpers import create, join, make_client, pick, room_of, stored_actions, true_state, until_state


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "rooms.sqlite3"


def _play(client: Any, made: dict[str, Any], n: int, rng: random.Random) -> dict[int, dict[str, Any]]:
    """Both seats of a friend room play ``n`` random legal actions; returns each seat's last state,
    its ``log`` the whole log the seat has been sent (each state sends the new lines only)."""
    t1 = made["invite"].split("#t=")[1]
    room = made["room"]
    with client.websocket_connect(f"/ws/{room}") as w0, client.websocket_connect(f"/ws/{room}") as w1:
        _, m0 = join(w0, made["token"])
        _, m1 = join(w1, t1)
        msgs = {0: m0, 1: m1}
        socks = {0: w0, 1: w1}
        logs = {0: list(m0["log"]), 1: list(m1["log"])}
        for _ in range(n):
            mover = true_state(client, room).decision.player
            seq = msgs[mover]["seq"]
            socks[mover].send_json({"type": "act", "action": pick(rng, msgs[mover]), "seq": seq})
            msgs = {s: until_state(w, lambda m, seq=seq: m["seq"] > seq, log=logs[s]) for s, w in socks.items()}
        return {s: {**m, "log": logs[s]} for s, m in msgs.items()}


def test_issue11_state_survives_a_new_app_on_the_same_file(db: Path) -> None:
    rng = random.Random(3)
    with make_client(db) as client:
        made = create(client, opponent="friend", game="walpurgis", seed=12)
        last = _play(client, made, 15, rng)
        st = true_state(client, made["room"])
        h, history = st.hash(), list(st.history)
        view1 = json.loads(json.dumps(st.view(1)))
    assert stored_actions(db, made["room"]) == history
    with make_client(db) as client:  # a new server: every room rebuilt from its record
        st2 = true_state(client, made["room"])
        assert st2.hash() == h and st2.history == history
        with client.websocket_connect(f"/ws/{made['room']}") as w1:
            joined, msg = join(w1, made["invite"].split("#t=")[1])
            assert joined["seat"] == 1
            assert msg["view"] == view1 == last[1]["view"] and msg["seq"] == len(history)
            assert msg["log"] == last[1]["log"]
        more = _play(client, made, 3, rng)  # play goes on
        assert more[0]["seq"] == len(history) + 3 == len(stored_actions(db, made["room"]))


def test_issue11_actions_are_committed_before_they_are_sent(db: Path, monkeypatch: Any) -> None:
    real = Storage._write_batch

    def slow(self: Storage, items: Any) -> None:
        time.sleep(0.15)  # a slow disk: a server that sends first would be seen here
        real(self, items)

    monkeypatch.setattr(Storage, "_write_batch", slow)
    rng = random.Random(4)
    with make_client(db) as client:
        made = create(client, opponent="friend", seed=2)
        room = made["room"]
        t1 = made["invite"].split("#t=")[1]
        with client.websocket_connect(f"/ws/{room}") as w0, client.websocket_connect(f"/ws/{room}") as w1:
            _, m0 = join(w0, made["token"])
            _, m1 = join(w1, t1)
            msgs = {0: m0, 1: m1}
            for _ in range(4):
                mover = true_state(client, room).decision.player
                seq = msgs[mover]["seq"]
                (w0 if mover == 0 else w1).send_json({"type": "act", "action": pick(rng, msgs[mover]), "seq": seq})
                for s, w in ((0, w0), (1, w1)):
                    msgs[s] = until_state(w, lambda m, seq=seq: m["seq"] > seq)
                    assert len(stored_actions(db, room)) == msgs[s]["seq"]


def test_issue11_database_keeps_token_hashes_not_tokens(db: Path) -> None:
    with make_client(db) as client:
        made = create(client, opponent="friend")
        other = made["invite"].split("#t=")[1]
    con = sqlite3.connect(str(db))
    rows = con.execute("SELECT seat, token_hash FROM seats WHERE room=? ORDER BY seat", (made["room"],)).fetchall()
    dump = "\n".join(con.iterdump())
    con.close()
    assert rows == [(0, token_hash(made["token"])), (1, token_hash(other))]
    assert made["token"] not in dump and other not in dump
    assert con is not None


def test_issue11_database_is_wal_with_full_sync(db: Path) -> None:
    s = Storage(db)
    try:
        assert s.con.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert s.con.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL
    finally:
        s.close()


def test_issue11_ai_turn_resumes_after_a_restart(db: Path) -> None:
    with make_client(db, ai_delay=1000) as client:  # the AI waits: the server stops before it moves
        made = create(client, opponent="random", seat=1, seed=6, params={"first": "0"})
        room = room_of(client, made["room"])
        assert room.ai_to_move() == 0
        n = len(room.state.history)
    assert len(stored_actions(db, made["room"])) == n
    with make_client(db) as client:
        with client.websocket_connect(f"/ws/{made['room']}") as ws:
            _, msg = join(ws, made["token"])
            msg = msg if msg["actions"] else until_state(ws, lambda m: bool(m["actions"]) or m["over"])
        assert msg["seq"] > n
        assert stored_actions(db, made["room"]) == true_state(client, made["room"]).history


# ---------------------------------------------------------------------- the lobby's HTTP API
def test_issue11_bad_deck_text_is_400_listing_every_problem_with_lines(db: Path) -> None:
    text = "4 SV-A02\n3 no such card\n1 SV-A02\n"
    g = fudaba.load_game("sarasvati")
    expected = g.check_deck(text)
    assert any(p.startswith("line 2") for p in expected) and len(expected) >= 2
    with make_client(db) as client:
        r = client.post("/api/rooms", json={"game": "sarasvati", "opponent": "greedy",
                                            "decks": [{"starter": "a_vanguard"}, {"text": text}]})
        assert r.status_code == 400
        assert r.json() == {"error": f"deck of seat 1: {len(expected)} problem(s)", "problems": expected, "seat": 1,
                            "error_en": f"deck of seat 1: {len(expected)} problem(s)",
                            "error_ja": f"席1のデッキ: 問題が{len(expected)}件あります"}
        r = client.post("/api/decks/check", json={"game": "sarasvati", "text": text})
        assert r.json() == {"ok": False, "problems": expected}
        good = g.cached_starter_decks()["b_keepers"].to_text(g.cards)
        assert client.post("/api/decks/check", json={"game": "sarasvati", "text": good}).json() == {
            "ok": True, "problems": []}
        assert client.app.state.rooms.rooms == {}  # type: ignore[attr-defined]


@pytest.mark.parametrize(("body", "error"), [
    ({"game": "chess"}, "'game' must be one of " + ", ".join(fudaba.games())),
    ({"game": "walpurgis", "variant": "v9"}, "walpurgis: unknown variant 'v9'; variants: v2.01, v1.01"),
    ({"game": "sarasvati", "opponent": "god"}, "'opponent' must be friend or an AI level: random, greedy, easy, "
                                               "normal, hard"),
    ({"game": "sarasvati", "seat": 2}, "'seat' must be 0 or 1"),
    ({"game": "sarasvati", "seed": "x"}, "'seed' must be a whole number from 0 to 9223372036854775807"),
    ({"game": "sarasvati", "decks": [{"starter": "nope"}, {"starter": "a_vanguard"}]},
     "deck of seat 0: no starter deck 'nope'; starter decks: a_vanguard, b_keepers, c_workshop"),
])
def test_issue11_bad_room_requests_are_400(db: Path, body: dict[str, Any], error: str) -> None:
    with make_client(db) as client:
        r = client.post("/api/rooms", json=body)
        assert r.status_code == 400 and r.json()["error"] == error


def test_issue11_games_catalogue(db: Path) -> None:
    with make_client(db) as client:
        got = {g["name"]: g for g in client.get("/api/games").json()}
    assert sorted(got) == fudaba.games() and {"maken", "sarasvati", "suikoden", "walpurgis"} <= set(got)
    w = got["walpurgis"]
    assert w["variants"] == ["v2.01", "v1.01"] and w["decks"]["v2.01"] == ["marisa", "patchouli", "reimu", "remilia"]
    assert w["agents"] == ["random", "greedy", "easy", "normal", "hard"]
    hand = next(p for p in w["params"] if p["key"] == "starting_hand")
    assert hand["kind"] == "int" and hand["default"] == 6 and hand["help_en"]


def test_issue11_my_rooms_lists_the_tokens_rooms_ongoing_first(db: Path) -> None:
    with make_client(db) as client:
        a = create(client, opponent="friend", name="first")
        b = create(client, opponent="greedy", name="second", seat=1)
        with client.websocket_connect(f"/ws/{a['room']}") as ws:
            join(ws, a["token"])
            ws.send_json({"type": "concede"})
            until_state(ws, lambda m: m["over"])
        r = client.post("/api/my-rooms", json={"tokens": {a["room"]: a["token"], b["room"]: b["token"],
                                                          "nosuch": "x", a["room"] + "x": a["token"]}, "lang": "en"})
        rows = r.json()
        assert [x["room"] for x in rows] == [b["room"], a["room"]]
        assert rows[0]["seat"] == 1 and rows[0]["opponent"] == "greedy" and rows[0]["over"] is False
        assert rows[1]["over"] is True and rows[1]["opponent"] == "friend"
        assert rows[1]["result_text"].startswith("Result: You lost.")
        wrong = client.post("/api/my-rooms", json={"tokens": {a["room"]: b["token"]}}).json()
        assert wrong == []


def test_issue11_rules_sections(db: Path) -> None:
    g = fudaba.load_game("sarasvati")
    with make_client(db) as client:
        assert client.get("/api/rules/sarasvati?section=5.3&lang=en").json() == {
            "text": g.rules_text("5.3", "en", width=1000, commands=False)}
        r = client.get("/api/rules/sarasvati?section=99.9&lang=en")
        assert r.status_code == 404 and r.json() == {"error": "rules 99.9: no such section",
                                                     "error_en": "rules 99.9: no such section",
                                                     "error_ja": "規則 99.9: その節はありません"}


def test_issue11_replay_of_a_finished_game_as_each_seat_saw_it(db: Path) -> None:
    rng = random.Random(8)
    with make_client(db) as client:
        made = create(client, opponent="friend", seed=9)
        _play(client, made, 10, rng)
        url = f"/api/rooms/{made['room']}/replay"
        assert client.get(url).status_code == 409  # not finished
        with client.websocket_connect(f"/ws/{made['room']}") as ws:
            join(ws, made["token"])
            ws.send_json({"type": "concede"})
            until_state(ws, lambda m: m["over"])
        st = true_state(client, made["room"])
        steps = len(st.history)
        cur = start_state(st.record())
        for a in st.history[:4]:
            cur.apply(a)
        other = made["invite"].split("#t=")[1]
        got = client.get(url, params={"step": 4, "token": other, "lang": "en"}).json()
        assert got["step"] == 4 and got["steps"] == steps and got["over"] is False
        assert got["view"] == json.loads(json.dumps(cur.view(1)))
        assert [x["text"] for x in got["log"]] == [cur.game.describe(e, "en") for e in cur.log_view(1)
                                                    if cur.game.describe(e, "en")]
        spec = client.get(url, params={"step": 4}).json()
        assert spec["view"] == json.loads(json.dumps(cur.view(None)))
        end = client.get(url, params={"token": made["token"], "lang": "en"}).json()
        assert end["step"] == steps and end["over"] is True and end["result"].startswith("Result: You lost.")
        assert client.get(url, params={"token": "wrong"}).status_code == 403
        assert client.get(url, params={"step": steps + 1}).status_code == 400


def test_issue11_finished_games_leave_memory_and_come_back_from_disk(db: Path) -> None:
    """A long-running server does not keep every game it ever hosted: a finished game nobody is
    connected to is dropped from memory (all its actions are committed), read back when asked for
    (my rooms, replay, a websocket), and a restarted server rebuilds only the games still in play."""
    rng = random.Random(5)
    with make_client(db) as client:
        hub = client.app.state.rooms  # type: ignore[attr-defined]
        done = create(client, opponent="friend", seed=21)
        going = create(client, opponent="friend", seed=22)
        _play(client, done, 6, rng)
        with client.websocket_connect(f"/ws/{done['room']}") as ws:
            join(ws, done["token"])
            ws.send_json({"type": "concede"})
            until_state(ws, lambda m: m["over"])
            assert done["room"] in hub.rooms  # still watched
            history = list(true_state(client, done["room"]).history)
        assert done["room"] not in hub.rooms and going["room"] in hub.rooms  # released on leaving
        rows = client.post("/api/my-rooms", json={"tokens": {done["room"]: done["token"]}, "lang": "en"}).json()
        assert [r["over"] for r in rows] == [True] and rows[0]["result_text"].startswith("Result: You lost.")
        assert true_state(client, done["room"]).history == history  # read back from disk
    with make_client(db) as client:  # a restart rebuilds the game in play only
        hub = client.app.state.rooms  # type: ignore[attr-defined]
        assert list(hub.rooms) == [going["room"]]
        got = client.get(f"/api/rooms/{done['room']}/replay", params={"token": done["token"], "lang": "en"}).json()
        assert got["over"] is True and got["steps"] == len(history)
        with client.websocket_connect(f"/ws/{done['room']}") as ws:
            _, msg = join(ws, done["token"])
            assert msg["over"] is True and msg["seq"] == len(history)
        assert client.get("/api/rooms/nosuch/replay").status_code == 404
