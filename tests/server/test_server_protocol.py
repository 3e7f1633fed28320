"""The play table's websocket protocol (issue 11, *Server rules*; docs/server.md): games against the
AI and between friends, what each seat and a spectator is sent, and every bad message refused with
its exact reason and the game unchanged."""

from __future__ import annotations

import asyncio
import json
import random
import threading
import time
from pathlib import Path
from typing import Any

import pytest
from starlette.websockets import WebSocketDisconnect

from fudaba.core.errors import IllegalAction, PositionError
from fudaba.core.session import Session, option_gloss
from fudaba.server import protocol as P

from .helpers import create, join, make_client, pick, room_of, stored_actions, true_state, until_state


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "rooms.sqlite3"


# ---------------------------------------------------------------------- a whole game vs the AI
def test_issue11_ai_room_plays_to_the_end(db: Path) -> None:
    rng = random.Random(5)
    with make_client(db) as client:
        made = create(client, opponent="random", seat=0, seed=21)
        assert set(made) == {"room", "seat", "token", "url", "spectate"}
        assert made["url"] == f"/r/{made['room']}#t={made['token']}"
        with client.websocket_connect(f"/ws/{made['room']}") as ws:
            joined, msg = join(ws, made["token"])
            assert joined["seat"] == 0
            assert [p["kind"] for p in joined["players"]] == ["human", "ai"]
            while not msg["over"]:
                if msg["actions"]:
                    ws.send_json({"type": "act", "action": pick(rng, msg), "seq": msg["seq"]})
                msg = until_state(ws)
            st = true_state(client, made["room"])
            assert st.over and msg["seq"] == len(st.history)
            assert msg["view"] == json.loads(json.dumps(st.view(0)))
            assert msg["result"] == Session(st.game, st, (None, None), "en").result(0)
            assert msg["actions"] == [] and msg["prompt"] == ""
            assert stored_actions(db, made["room"]) == list(st.history)


def test_issue11_state_message_is_built_from_the_seats_view(db: Path) -> None:
    with make_client(db) as client:
        made = create(client, opponent="friend", seed=3)
        with client.websocket_connect(f"/ws/{made['room']}") as ws:
            _, msg = join(ws, made["token"], "ja")
            st = true_state(client, made["room"])
            view = json.loads(json.dumps(st.view(0)))
            assert msg["view"] == view
            lines = Session(st.game, st, (None, None), "ja").log_lines(0)
            assert [{"text": ln["text"], "mine": ln["mine"]} for ln in msg["log"]] == \
                [{"text": ln.text, "mine": ln.mine} for ln in lines]
            d = st.decision
            if d.player == 0:
                assert [a["text"] for a in msg["actions"]] == [a.text for a in d.options]
                assert [a["gloss"] for a in msg["actions"]] == [option_gloss(st.game, a, "ja", st.view(0))
                                                                for a in d.options]
                assert msg["prompt"] == Session(st.game, st, (None, None), "ja").prompt(0)
            else:
                assert msg["actions"] == [] and msg["prompt"] == ""
            assert set(msg["cards"]) == P.card_ids(st.view(0), st.game.cdb)
            hand = view["players"][0]["hand"]
            assert set(hand) <= set(msg["cards"])
            cid = hand[0]
            assert msg["cards"][cid] == {"name": st.game.cards[cid].name, "en": st.game.cards[cid].name_en,
                                         "text": st.game.card_text(cid, "ja"), **st.game.card_facts(cid)}
            assert msg["log_from"] == 0  # a join gets the whole log


def test_issue11_action_refs_name_the_arguments() -> None:
    from fudaba.core.actions import Action

    assert P.refs(Action.of("hit", "4c", "active:W-RM-07")) == ["4c", "W-RM-07"]
    assert P.refs(Action.of("attack", "F2", "xF1")) == ["F2", "xF1"]
    assert P.refs(Action.of("pass")) == []


# ---------------------------------------------------------------------- friends, spectators, secrets
def test_issue11_friend_room_two_tokens_each_its_seat(db: Path) -> None:
    rng = random.Random(2)
    with make_client(db) as client:
        made = create(client, opponent="friend", seat=1, seed=4)
        assert made["seat"] == 1 and made["invite"].startswith(f"/r/{made['room']}#t=")
        other = made["invite"].split("#t=")[1]
        assert other != made["token"] and len(other) == len(made["token"]) == 22  # 128 bits, base64url
        with client.websocket_connect(f"/ws/{made['room']}") as w1, \
                client.websocket_connect(f"/ws/{made['room']}") as w0:
            j1, m1 = join(w1, made["token"])
            j0, m0 = join(w0, other)
            assert (j0["seat"], j1["seat"]) == (0, 1)
            assert w1.receive_json() == {"type": "presence", "seat": 0, "connected": True}
            socks = {0: (w0, m0), 1: (w1, m1)}
            for _ in range(12):
                st = true_state(client, made["room"])
                mover = st.decision.player
                ws, msg = socks[mover]
                assert msg["actions"] and not socks[1 - mover][1]["actions"]
                ws.send_json({"type": "act", "action": pick(rng, msg), "seq": msg["seq"]})
                n = msg["seq"]
                socks = {s: (w, until_state(w, lambda m, n=n: m["seq"] > n)) for s, (w, _) in socks.items()}
                assert socks[0][1]["seq"] == socks[1][1]["seq"] == len(st.history)
                assert socks[1][1]["view"] == json.loads(json.dumps(st.view(1)))
                assert socks[0][1]["view"] == json.loads(json.dumps(st.view(0)))


def _hidden_of_seat0(st: Any) -> set[str]:
    """Card ids (and their names) in seat 0's hand, deck and face-down books that the public view
    does not show (Sarasvati; seat 1's starter deck shares no card with seat 0's)."""
    try:
        pos = st.position()["seat"][0]
    except PositionError:  # mid-chain: the hand alone
        pos = {"hand": st.view(0)["players"][0]["hand"], "deck": [], "books": []}
    ids = set(pos["hand"]) | set(pos["deck"]) | {b["card"] for b in pos["books"] if b.get("card") and not b.get("open", False)}
    ids -= P.card_ids(st.view(None), st.game.cdb)
    return ids | {st.game.cards[c].name for c in ids} | {st.game.cards[c].name_en for c in ids}


def test_issue11_no_message_to_seat1_or_a_spectator_names_a_hidden_card_of_seat0(db: Path) -> None:
    rng = random.Random(9)
    with make_client(db) as client:
        made = create(client, opponent="friend", seat=0, seed=8,
                      decks=[{"starter": "a_vanguard"}, {"starter": "b_keepers"}])
        t1 = made["invite"].split("#t=")[1]
        room = made["room"]
        with client.websocket_connect(f"/ws/{room}") as w0, client.websocket_connect(f"/ws/{room}") as w1, \
                client.websocket_connect(f"/ws/{room}") as ws:
            got: dict[str, list[str]] = {"1": [], "spec": []}
            _, m0 = join(w0, made["token"])
            w1.send_json({"type": "join", "token": t1, "lang": "ja"})
            ws.send_json({"type": "join", "token": None, "lang": "en"})
            m1 = until_state(w1, keep=got["1"])
            ms = until_state(ws, keep=got["spec"])
            assert m0["seq"] == m1["seq"] == ms["seq"]
            assert ms["actions"] == [] and "hand" not in ms["view"]["players"][0]
            checked = 0
            for _ in range(60):
                st = true_state(client, room)
                if st.over:
                    break
                hidden = _hidden_of_seat0(st)
                assert hidden
                for text in got["1"] + got["spec"]:
                    assert not [h for h in hidden if h in text]
                    checked += 1
                got["1"].clear()
                got["spec"].clear()
                mover, msg = (0, m0) if st.decision.player == 0 else (1, m1)
                (w0 if mover == 0 else w1).send_json({"type": "act", "action": pick(rng, msg), "seq": msg["seq"]})
                n = msg["seq"]
                m0 = until_state(w0, lambda m, n=n: m["seq"] > n)
                m1 = until_state(w1, lambda m, n=n: m["seq"] > n, keep=got["1"])
                until_state(ws, lambda m, n=n: m["seq"] > n, keep=got["spec"])
            assert checked >= 60


# ---------------------------------------------------------------------- every bad message
@pytest.fixture
def table(db: Path) -> Any:
    """A friend room of Sarasvati with both seats and a spectator connected."""
    with make_client(db) as client:
        made = create(client, opponent="friend", seat=0, seed=11)
        t1 = made["invite"].split("#t=")[1]
        room = made["room"]
        with client.websocket_connect(f"/ws/{room}") as w0, client.websocket_connect(f"/ws/{room}") as w1, \
                client.websocket_connect(f"/ws/{room}") as ws:
            _, m0 = join(w0, made["token"])
            _, m1 = join(w1, t1)
            assert w0.receive_json()["type"] == "presence"
            _, mspec = join(ws, None)
            yield {"client": client, "room": room, "db": db, "w": {0: w0, 1: w1, None: ws},
                   "m": {0: m0, 1: m1, None: mspec}, "tokens": {0: made["token"], 1: t1}}


def _unchanged(table: dict[str, Any], before: str, n: int) -> None:
    st = true_state(table["client"], table["room"])
    assert st.hash() == before and len(st.history) == n
    assert len(stored_actions(table["db"], table["room"])) == n


def test_issue11_out_of_turn_is_refused(table: dict[str, Any]) -> None:
    st = true_state(table["client"], table["room"])
    before, n = st.hash(), len(st.history)
    mover = st.decision.player
    other = 1 - mover
    action = st.decision.options[0].text
    table["w"][other].send_json({"type": "act", "action": action, "seq": n})
    assert table["w"][other].receive_json() == {"type": "refused", "reason": "it is not your decision",
                                                "action": action}
    _unchanged(table, before, n)


def test_issue11_illegal_action_refused_with_the_engines_reason(table: dict[str, Any]) -> None:
    st = true_state(table["client"], table["room"])
    before, n = st.hash(), len(st.history)
    mover = st.decision.player
    with pytest.raises(IllegalAction) as e:
        st.clone().apply("attack F9 xF1")
    table["w"][mover].send_json({"type": "act", "action": "attack F9 xF1", "seq": n})
    got = table["w"][mover].receive_json()
    assert got == {"type": "refused", "reason": e.value.text("en"), "action": "attack F9 xF1"}
    assert "§" in got["reason"]
    _unchanged(table, before, n)


def test_issue11_stale_seq_is_refused_and_the_state_resent(table: dict[str, Any]) -> None:
    st = true_state(table["client"], table["room"])
    before, n = st.hash(), len(st.history)
    mover = st.decision.player
    action = st.decision.options[0].text
    table["w"][mover].send_json({"type": "act", "action": action, "seq": n - 1})
    assert table["w"][mover].receive_json() == {
        "type": "refused", "action": action,
        "reason": f"stale: the game has moved on (seq is {n}, yours was {n - 1}); reload the state"}
    assert table["w"][mover].receive_json()["seq"] == n
    _unchanged(table, before, n)


def test_issue11_spectator_cannot_move(table: dict[str, Any]) -> None:
    st = true_state(table["client"], table["room"])
    before, n = st.hash(), len(st.history)
    action = st.decision.options[0].text
    ws = table["w"][None]
    ws.send_json({"type": "act", "action": action, "seq": n})
    assert ws.receive_json() == {"type": "refused", "reason": "spectators cannot move", "action": action}
    ws.send_json({"type": "concede"})
    assert ws.receive_json() == {"type": "refused", "reason": "spectators cannot move", "action": "concede"}
    _unchanged(table, before, n)


@pytest.mark.parametrize(("text", "reason"), [
    ("{not json", "malformed message: not JSON"),
    ("[1, 2]", "malformed message: a message is a JSON object with a 'type'"),
    ('{"type": "fly"}', "malformed message: unknown type 'fly'; types: act, concede, lang, ping, rematch"),
    ('{"type": "act", "seq": 0}', "malformed message: 'act' needs 'action', the action's notation (text)"),
    ('{"type": "act", "action": "pass", "seq": "0"}',
     "malformed message: 'act' needs 'seq', the seq of the state it answers (a whole number)"),
    ('{"type": "lang", "lang": "fr"}', "malformed message: 'lang' must be 'ja' or 'en'"),
])
def test_issue11_malformed_message_gets_an_error(table: dict[str, Any], text: str, reason: str) -> None:
    st = true_state(table["client"], table["room"])
    before, n = st.hash(), len(st.history)
    mover = st.decision.player
    table["w"][mover].send_text(text)
    assert table["w"][mover].receive_json() == {"type": "error", "reason": reason}
    table["w"][mover].send_json({"type": "ping"})
    assert table["w"][mover].receive_json() == {"type": "pong"}  # the socket stays open
    _unchanged(table, before, n)


def test_issue11_binary_message_gets_an_error(table: dict[str, Any]) -> None:
    table["w"][0].send_bytes(b'{"type":"ping"}')
    assert table["w"][0].receive_json() == {"type": "error",
                                            "reason": "malformed message: messages are JSON text, not binary"}


def test_issue11_oversized_message_is_refused(table: dict[str, Any]) -> None:
    st = true_state(table["client"], table["room"])
    before, n = st.hash(), len(st.history)
    mover = st.decision.player
    big = json.dumps({"type": "act", "action": st.decision.options[0].text + " " + "x" * 4100, "seq": n})
    table["w"][mover].send_text(big)
    assert table["w"][mover].receive_json() == {"type": "refused", "reason": "message too large: at most 4096 bytes",
                                                "action": ""}
    # 4096 bytes of multi-byte text: counted in bytes, not characters
    table["w"][mover].send_text(json.dumps({"type": "act", "action": "あ" * 1400, "seq": n}, ensure_ascii=False))
    assert table["w"][mover].receive_json()["reason"] == "message too large: at most 4096 bytes"
    _unchanged(table, before, n)


def test_issue11_too_frequent_messages_are_refused(db: Path) -> None:
    with make_client(db, rate=None) as client:  # the server's own limit
        made = create(client, opponent="friend")
        with client.websocket_connect(f"/ws/{made['room']}") as ws:
            join(ws, made["token"])
            st = true_state(client, made["room"])
            before, n = st.hash(), len(st.history)
            t0 = time.monotonic()
            for _ in range(24):
                ws.send_json({"type": "ping"})
            ws.send_json({"type": "act", "action": st.decision.options[0].text, "seq": n})
            got = [ws.receive_json() for _ in range(25)]
            assert time.monotonic() - t0 < 1.0  # all 25 within the second
            assert got[:20] == [{"type": "pong"}] * 20
            assert got[20:] == [{"type": "refused", "reason": "too frequent: at most 20 messages a second",
                                 "action": ""}] * 5
            assert st.hash() == before and len(st.history) == n == len(stored_actions(db, made["room"]))


def test_issue11_refusals_in_japanese(table: dict[str, Any]) -> None:
    ws = table["w"][None]
    ws.send_json({"type": "lang", "lang": "ja"})
    msg = ws.receive_json()
    assert msg["type"] == "state" and msg["log"][0]["text"] == true_state(
        table["client"], table["room"]).game.describe(true_state(table["client"], table["room"]).log_view(None)[0], "ja")
    ws.send_json({"type": "concede"})
    assert ws.receive_json() == {"type": "refused", "reason": "観戦者は操作できません", "action": "concede"}


@pytest.mark.parametrize(("first", "reason", "code"), [
    ({"type": "join", "token": "not-a-token", "lang": "en"}, "bad token: this token holds no seat of this room", 4401),
    ({"type": "join", "lang": "en"}, "malformed join: 'token' is missing (null for a spectator)", 4400),
    ({"type": "act", "action": "pass", "seq": 0}, "the first message must be {\"type\":\"join\",\"token\":…,\"lang\":…}",
     4400),
    ({"type": "join", "token": 5}, "malformed join: 'token' must be the seat's token (text) or null (a spectator)",
     4400),
])
def test_issue11_bad_join_gets_an_error_and_the_socket_closes(db: Path, first: dict[str, Any], reason: str,
                                                              code: int) -> None:
    with make_client(db) as client:
        made = create(client, opponent="friend")
        st = true_state(client, made["room"])
        before = st.hash()
        with client.websocket_connect(f"/ws/{made['room']}") as ws:
            ws.send_json(first)
            assert ws.receive_json() == {"type": "error", "reason": reason}
            with pytest.raises(WebSocketDisconnect) as e:
                ws.receive_json()
            assert e.value.code == code
        assert st.hash() == before


def test_issue11_token_of_another_room_is_a_bad_token(db: Path) -> None:
    with make_client(db) as client:
        a = create(client, opponent="friend")
        b = create(client, opponent="friend")
        with client.websocket_connect(f"/ws/{b['room']}") as ws:
            ws.send_json({"type": "join", "token": a["token"], "lang": "en"})
            assert ws.receive_json()["reason"] == "bad token: this token holds no seat of this room"
            with pytest.raises(WebSocketDisconnect) as e:
                ws.receive_json()
            assert e.value.code == 4401


def test_issue11_unknown_room_closes_4404(db: Path) -> None:
    with make_client(db) as client, client.websocket_connect("/ws/nosuchroom") as ws:
        ws.send_json({"type": "join", "token": None, "lang": "en"})
        assert ws.receive_json() == {"type": "error", "reason": "no such room"}
        with pytest.raises(WebSocketDisconnect) as e:
            ws.receive_json()
        assert e.value.code == 4404


# ---------------------------------------------------------------------- concession, presence
def test_issue11_concede_on_the_opponents_turn(table: dict[str, Any]) -> None:
    st = true_state(table["client"], table["room"])
    loser = 1 - st.decision.player
    n = len(st.history)
    table["w"][loser].send_json({"type": "concede"})
    msg = until_state(table["w"][loser])
    assert msg["over"] and msg["seq"] == n + 1
    assert st.history[-1] == f"concede {loser}" and st.winner == 1 - loser
    assert msg["result"] == Session(st.game, st, (None, None), "en").result(loser)
    assert msg["result"].startswith("Result: You lost.")
    win = until_state(table["w"][1 - loser])
    assert win["result"].startswith("Result: You won!")
    table["w"][loser].send_json({"type": "concede"})
    assert table["w"][loser].receive_json()["reason"] == f"the game is over (player {loser} conceded)"


def test_issue11_reconnect_same_seat_and_presence(db: Path) -> None:
    with make_client(db) as client:
        made = create(client, opponent="friend", seed=5)
        t1 = made["invite"].split("#t=")[1]
        room = made["room"]
        with client.websocket_connect(f"/ws/{room}") as w0:
            join(w0, made["token"])
            with client.websocket_connect(f"/ws/{room}") as w1:
                _, first = join(w1, t1)
                assert w0.receive_json() == {"type": "presence", "seat": 1, "connected": True}
            assert w0.receive_json() == {"type": "presence", "seat": 1, "connected": False}
            assert room_of(client, room).players()[1]["connected"] is False
            with client.websocket_connect(f"/ws/{room}") as w1:
                joined, again = join(w1, t1)
                assert joined["seat"] == 1 and joined["players"][0]["connected"] is True
                assert again == first
                assert w0.receive_json() == {"type": "presence", "seat": 1, "connected": True}


# ---------------------------------------------------------------------- the AI
def test_issue11_ai_thinks_off_the_event_loop_and_at_a_readable_pace(db: Path, monkeypatch: Any) -> None:
    from fudaba.agents.base import RandomAgent

    seen: list[tuple[bool, str]] = []
    real = RandomAgent.act

    def act(self: Any, infoset: Any) -> Any:
        try:
            asyncio.get_running_loop()
            on_loop = True
        except RuntimeError:
            on_loop = False
        seen.append((on_loop, threading.current_thread().name))
        return real(self, infoset)

    monkeypatch.setattr(RandomAgent, "act", act)
    rng = random.Random(1)
    with make_client(db, ai_delay=0.25) as client:
        made = create(client, opponent="random", seat=0, seed=2)
        with client.websocket_connect(f"/ws/{made['room']}") as ws:
            _, msg = join(ws, made["token"])
            times: list[tuple[float, int]] = []
            while len(times) < 6 and not msg["over"]:
                if msg["actions"]:
                    ws.send_json({"type": "act", "action": pick(rng, msg), "seq": msg["seq"]})
                    sent = time.monotonic()
                msg = until_state(ws)
                if not msg["actions"] or msg["seq"] > 0:
                    times.append((time.monotonic() - sent, msg["seq"]))
        assert seen and not any(on for on, _ in seen)
        ai_moves = [t for t, _ in times[1:]]
        assert ai_moves and all(t >= 0.2 for t in ai_moves[:1])


def test_issue11_ai_moves_one_state_message_each(db: Path) -> None:
    with make_client(db) as client:
        made = create(client, opponent="random", seat=1, seed=6, params={"first": "0"})
        with client.websocket_connect(f"/ws/{made['room']}") as ws:
            _, msg = join(ws, made["token"])
            seqs = [msg["seq"]]
            while not msg["actions"] and not msg["over"]:
                msg = until_state(ws)
                seqs.append(msg["seq"])
            # every AI action gives its own state message: the seqs go up one by one
            assert seqs == list(range(seqs[0], seqs[0] + len(seqs)))


# ---------------------------------------------------------------------- user card text
def test_issue11_card_named_like_html_arrives_as_plain_json_text(tmp_path: Path, db: Path) -> None:
    import fudaba

    name = "<img src=x onerror=alert(1)>"
    cards = tmp_path / "evil.toml"
    cards.write_text(f'''[[card]]
id = "SV-X01"
name = "{name}"
name_en = "{name}"
type = "character"
cost = 1
atk = 500
def = 0
attribute = "アクション"
''', encoding="utf-8")
    base = fudaba.load_game("sarasvati")
    deck = base.cached_starter_decks()["a_vanguard"].to_text(base.cards).replace("2 SV-A01", "2 SV-X01")
    g = base.with_card_files([cards])
    seed = next(s for s in range(200) if "SV-X01" in g.new_game(decks=[deck, g.cached_starter_decks()["b_keepers"]],
                                                                 seed=s).view(0)["players"][0]["hand"])
    with make_client(db, card_files={"sarasvati": [cards]}) as client:
        made = create(client, opponent="friend", seed=seed, decks=[{"text": deck}, {"starter": "b_keepers"}])
        with client.websocket_connect(f"/ws/{made['room']}") as ws:
            ws.send_json({"type": "join", "token": made["token"], "lang": "en"})
            ws.receive_json()
            raw = ws.receive_text()
        assert name in raw  # not HTML-escaped by the server (the client escapes)
        msg = json.loads(raw)
        assert msg["cards"]["SV-X01"]["name"] == name and msg["cards"]["SV-X01"]["en"] == name
        assert any(name in ln["text"] for ln in msg["log"])


# ---------------------------------------------------------------------- only what is new (docs/server.md, *state*)
def test_issue11_later_states_carry_only_new_log_lines_and_cards(db: Path) -> None:
    rng = random.Random(4)
    with make_client(db) as client:
        made = create(client, opponent="friend", seed=9)
        t1 = made["invite"].split("#t=")[1]
        room = made["room"]
        with client.websocket_connect(f"/ws/{room}") as w0, client.websocket_connect(f"/ws/{room}") as w0b, \
                client.websocket_connect(f"/ws/{room}") as w1, client.websocket_connect(f"/ws/{room}") as ws:
            socks = {"0": w0, "0b": w0b, "1": w1, "spec": ws}
            seats = {"0": 0, "0b": 0, "1": 1, "spec": None}
            msgs = {"0": join(w0, made["token"])[1], "0b": join(w0b, made["token"])[1], "1": join(w1, t1)[1],
                    "spec": join(ws, None)[1]}
            w0.receive_json(), w0b.receive_json()  # seat 1 connected
            assert all(m["log_from"] == 0 for m in msgs.values())
            logs = {k: list(m["log"]) for k, m in msgs.items()}
            cards = {k: dict(m["cards"]) for k, m in msgs.items()}
            for _ in range(25):
                st = true_state(client, room)
                mover = str(st.decision.player)
                n = msgs[mover]["seq"]
                socks[mover].send_json({"type": "act", "action": pick(rng, msgs[mover]), "seq": n})
                raw: dict[str, list[str]] = {k: [] for k in socks}
                msgs = {k: until_state(w, lambda m, n=n: m["seq"] > n, keep=raw[k]) for k, w in socks.items()}
                assert raw["0"] == raw["0b"]  # two connections of one seat: the same text
                st = true_state(client, room)
                for k, m in msgs.items():
                    whole = P.state_message(st.game, st, seats[k], "en")
                    assert m["log_from"] == len(logs[k]) > 0  # the lines it has; only the new ones come
                    logs[k] += m["log"]
                    assert logs[k] == whole["log"]
                    assert set(m["cards"]).isdisjoint(cards[k])  # an entry is sent once to a connection
                    assert set(m["cards"]) <= set(whole["cards"])  # and only for a card of this view
                    cards[k].update(m["cards"])
                    assert set(whole["cards"]) <= set(cards[k])
                    assert {key: v for key, v in m.items() if key not in ("log", "log_from", "cards")} == \
                        {key: v for key, v in whole.items() if key not in ("log", "log_from", "cards")}
            ws.send_json({"type": "lang", "lang": "ja"})  # a language change: everything again
            again = until_state(ws)
            st = true_state(client, room)
            assert again == P.state_message(st.game, st, None, "ja") and again["log_from"] == 0


@pytest.mark.parametrize("game", ["sarasvati", "walpurgis", "suikoden", "maken"])
def test_issue11_cards_entries_carry_the_games_card_facts(db: Path, game: str) -> None:
    with make_client(db) as client:
        made = create(client, game=game, opponent="friend", seed=2)
        with client.websocket_connect(f"/ws/{made['room']}") as ws:
            _, msg = join(ws, made["token"])
        st = true_state(client, made["room"])
        g = st.game
        assert set(msg["cards"]) == P.card_ids(st.view(0), g.cdb)  # only cards of the seat's view
        assert msg["cards"]
        for cid, entry in msg["cards"].items():
            facts = g.card_facts(cid)
            assert facts and entry == {**facts, "name": g.cards[cid].name, "en": g.cards[cid].name_en,
                                       "text": g.card_text(cid, "en")}
            c = g.cards[cid]
            if game == "walpurgis":  # the matrices as the card data holds them (spec §2)
                assert entry["matrix"] == "\n".join(c.main.rows)
                assert entry["sub_matrix"] == ("\n".join(c.sub.rows) if c.sub is not None else "")
                assert entry["normal_shot"] is c.is_normal
            elif game == "sarasvati":
                assert (entry["type"], entry["cost"]) == (c.type, c.cost)
                assert entry.get("atk") == (c.atk if c.type in ("character", "equipment") else None)
            elif game == "suikoden":
                assert entry["type"] == c.type
                if c.type == "character":
                    assert (entry["atk"], entry["mil"], entry["con"]) == (c.atk, c.mil, c.con)
            else:
                assert entry["kind"] == c.kind
                if c.is_attack:
                    assert (entry["speed"], entry["attack"], entry["guard"]) == (c.speed, c.attack, c.guard)


def test_issue11_card_ids_of_a_views_json_text_are_those_of_the_view() -> None:
    import fudaba

    for name in ("sarasvati", "walpurgis", "suikoden", "maken"):
        g = fudaba.load_game(name)
        decks = g.cached_starter_decks()
        st = g.new_game(decks=[decks[k] for k in sorted(decks)[:2]], seed=1)
        rng = random.Random(1)
        memo: dict[str, str | None] = {}
        for _ in range(60):
            for seat in (0, 1, None):
                view = st.view(seat)
                assert P.card_ids_json(P.dumps(view), g.cdb, memo) == P.card_ids(view, g.cdb)
            if st.over:
                break
            st.apply(rng.choice(st.legal_actions()))
    pool = {"SV-A01": 1, "SV-B02": 1}
    odd = {'a "quoted" SV-A01': ["x\\"], "k": 'SV-B02 "', "n": "label:SV-B02"}
    assert P.card_ids(odd, pool) == P.card_ids_json(P.dumps(odd), pool) == {"SV-B02"}
