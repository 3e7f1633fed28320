"""Issue 22 item 2, the server's part: every log line names the action that logged it (and its
place, card and whose), every ``state`` names the seat of the last action (``last_by``) — also
after a restart —, a finished game's record and notation for its players, and the rematch."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

import fudaba
from fudaba.core.decks import Deck
from fudaba.core.registry import load_game
from fudaba.core.state import State
from fudaba.server.limits import Limits

from .helpers import create, join, make_client, pick, room_of, true_state, until_state


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "rooms.sqlite3"


def expected_lines(st: State, seat: int | None, upto: int | None = None) -> tuple[list[dict[str, Any]], int | None]:
    """The seat's log lines after ``upto`` actions (None: all) as the engine alone tells them — the
    game replayed action by action, each event tagged with the action that logged it — and the seat
    that chose the last action."""
    rec = st.record()
    rec.actions = rec.actions[:upto]
    game = load_game(rec.game, rec.variant, **rec.params)
    cur = game.new_game(decks=[Deck.from_dict(d) for d in rec.decks or []], seed=rec.seed or 0)
    tags = [-1] * len(cur.log_view(seat))
    by = None
    for i, a in enumerate(rec.actions):
        words = a.split()
        by = int(words[1]) if words[0] == "concede" and len(words) == 2 else cur.decision.player
        cur.apply(a)
        tags += [i] * (len(cur.log_view(seat)) - len(tags))
    out = []
    for ev, n in zip(cur.log_view(seat), tags, strict=True):
        text = game.describe(ev, "en")
        if text:
            line = {"text": text, "mine": seat is not None and ev.get("player") == seat, "n": n}
            line.update({k: ev[k] for k in ("place", "card") if isinstance(ev.get(k), str)})
            who = ev.get("owner", ev.get("player"))
            if isinstance(who, int):
                line["who"] = who
            out.append(line)
    return out, by


def play_vs_ai_until_a_place(client: Any, ws: Any, msg: dict[str, Any], log: list[dict[str, Any]]) -> dict[str, Any]:
    rng = random.Random(4)
    for _ in range(200):
        if msg["last_by"] == 1 and any(ln.get("place") and ln["n"] == msg["seq"] - 1 for ln in log):
            return msg
        assert not msg["over"]
        if msg["actions"]:
            ws.send_json({"type": "act", "action": pick(rng, msg), "seq": msg["seq"]})
        msg = until_state(ws, log=log)
    raise AssertionError("the AI never put a card on a place")


def test_issue22_log_lines_name_their_action_place_card_and_the_last_mover(db: Path) -> None:
    with make_client(db) as client:
        made = create(client, opponent="random", seat=0, seed=5)
        with client.websocket_connect(f"/ws/{made['room']}") as ws:
            _, msg = join(ws, made["token"])
            log = list(msg["log"])
            msg = play_vs_ai_until_a_place(client, ws, msg, log)
            st = true_state(client, made["room"])
            want, by = expected_lines(st, 0, msg["seq"])
            assert log == want
            assert msg["last_by"] == by == 1
            summons = [ln for ln in log if ln["n"] == msg["seq"] - 1 and ln.get("place")]
            assert summons and all(ln["who"] == 1 for ln in summons)
        # a spectator's lines too (nobody's "mine")
        with client.websocket_connect(f"/ws/{made['room']}") as ws:
            _, msg = join(ws, None)
            assert msg["log"] == expected_lines(st, None, msg["seq"])[0]


def test_issue22_action_marks_survive_a_restart(db: Path) -> None:
    with make_client(db) as client:
        made = create(client, opponent="random", seat=0, seed=5)
        with client.websocket_connect(f"/ws/{made['room']}") as ws:
            _, msg = join(ws, made["token"])
            play_vs_ai_until_a_place(client, ws, msg, list(msg["log"]))
    # every room rebuilt from the database: its marks from the replay
    with make_client(db) as client, client.websocket_connect(f"/ws/{made['room']}") as ws:
        _, msg = join(ws, made["token"])
        want, by = expected_lines(true_state(client, made["room"]), 0, msg["seq"])
        assert msg["seq"] >= 2 and msg["log"] == want and msg["last_by"] == by
        assert any(ln.get("place") for ln in want)


def concede(ws: Any, msg: dict[str, Any]) -> dict[str, Any]:
    ws.send_json({"type": "concede"})
    return until_state(ws, lambda m: m["over"])


def test_issue22_record_and_notation_of_a_finished_game_for_its_players(db: Path) -> None:
    with make_client(db) as client:
        made = create(client, opponent="random", seat=0, seed=9, name="club night")
        room = made["room"]
        base = f"/api/rooms/{room}"
        # not over yet: 409, in the request's language
        r = client.get(f"{base}/record?token={made['token']}&lang=ja")
        assert r.status_code == 409 and r.json()["error"] == "対戦がまだ終わっていません: 記録は終局後にダウンロードできます"
        with client.websocket_connect(f"/ws/{room}") as ws:
            _, msg = join(ws, made["token"])
            rng = random.Random(2)
            for _ in range(6):
                if msg["actions"]:
                    ws.send_json({"type": "act", "action": pick(rng, msg), "seq": msg["seq"]})
                msg = until_state(ws)
            concede(ws, msg)
        st = true_state(client, room)
        for kind in ("record", "notation"):
            r = client.get(f"{base}/{kind}")
            assert r.status_code == 403
            assert r.json()["error_en"] == "the record is for the players: send your seat's token (?token= or X-Fudaba-Token)"
            r = client.get(f"{base}/{kind}", headers={"X-Fudaba-Token": "not-a-token"})
            assert r.status_code == 403 and r.json()["error_en"] == "bad token: this token holds no seat of this room"
            assert client.get(f"/api/rooms/nosuchroom/{kind}?token=x").status_code == 404
        r = client.get(f"{base}/record?lang=en", headers={"X-Fudaba-Token": made["token"]})
        assert r.status_code == 200 and r.headers["content-type"] == "application/json"
        assert r.headers["content-disposition"] == f'attachment; filename="fudaba-sarasvati-{room}.json"'
        assert r.text.count("\n") == 1
        again = fudaba.replay(r.text)
        assert again.hash() == st.hash() and again.winner == st.winner == 1
        assert json.loads(r.text)["meta"] == {"lang": "en", "room": room, "name": "club night", "players": [None, "random"]}
        r = client.get(f"{base}/notation?lang=en&token={made['token']}")
        assert r.status_code == 200 and r.headers["content-type"].startswith("text/plain")
        lines = r.text.splitlines()
        assert lines[:2] == ["# fudaba Sarasvati TCG (sarasvati), variant default",
                             lines[1]] and lines[1].startswith(f"# room {room} 'club night', ")
        assert lines[2:8] == [
            f"# params {json.dumps(dict(st.game.params), sort_keys=True)}",
            "# seed 9",
            '# decks [{"starter": "a_vanguard"}, {"starter": "b_keepers"}]',
            "# seats P0: P0 *, P1: AI (random)",
            f"# result Result: You lost. (player 0 conceded, turn {st.turn})",
            f"# actions {len(st.history)}",
        ]
        assert lines[8:] == list(st.history) and st.history[-1] == "concede 0"


def rematch(ws: Any) -> dict[str, Any]:
    """Ask for the rematch; the next ``rematch`` message or refusal."""
    ws.send_json({"type": "rematch"})
    for _ in range(50):
        m = ws.receive_json()
        if m["type"] in ("rematch", "refused"):
            return dict(m)
    raise AssertionError("no answer to the rematch")


def test_issue22_rematch_against_the_ai_at_once_with_the_seats_swapped(db: Path) -> None:
    with make_client(db) as client:
        made = create(client, opponent="normal", seat=0, seed=3, name="again",
                      decks=[{"starter": "c_workshop"}, {"starter": "a_vanguard"}])
        room = made["room"]
        with client.websocket_connect(f"/ws/{room}") as ws:
            _, msg = join(ws, made["token"])
            assert rematch(ws) == {"type": "refused", "reason": "a rematch is for a finished game", "action": "rematch"}
            concede(ws, msg)
            got = rematch(ws)
        new = got["room"]
        assert got["asked"] == [0] and got["seat"] == 1 and got["url"].startswith(f"/r/{new}#t=")
        token = got["url"].split("#t=", 1)[1]
        old, again = room_of(client, room).row, room_of(client, new).row
        assert again.agents == ["normal", None] and again.name == "again"
        assert again.deck_texts == [{"starter": "a_vanguard"}, {"starter": "c_workshop"}] == old.deck_texts[::-1]
        assert (again.game, again.variant, again.params) == (old.game, old.variant, old.params)
        with client.websocket_connect(f"/ws/{new}") as ws:
            joined, _ = join(ws, token)
            assert joined["seat"] == 1 and [p["kind"] for p in joined["players"]] == ["ai", "human"]
        # asked again (a reload): the same room, not another
        with client.websocket_connect(f"/ws/{room}") as ws:
            join(ws, made["token"])
            assert ws.receive_json() == got  # told on joining
            assert rematch(ws) == got


def test_issue22_rematch_with_a_friend_waits_for_the_other_seat(db: Path) -> None:
    with make_client(db) as client:
        made = create(client, opponent="friend", seat=0, seed=3)
        room = made["room"]
        t1 = made["invite"].split("#t=", 1)[1]
        with client.websocket_connect(f"/ws/{room}") as w0, client.websocket_connect(f"/ws/{room}") as w1, \
                client.websocket_connect(f"/ws/{room}") as spec:
            _, m0 = join(w0, made["token"])
            join(w1, t1)
            join(spec, None)
            concede(w0, m0)
            until_state(w1, lambda m: m["over"])
            until_state(spec, lambda m: m["over"])
            assert rematch(spec) == {"type": "refused", "reason": "spectators cannot move", "action": "rematch"}
            assert rematch(w0) == {"type": "rematch", "asked": [0]}
            assert w1.receive_json() == {"type": "rematch", "asked": [0]}  # asked, nothing made yet
            assert spec.receive_json() == {"type": "rematch", "asked": [0]}
            assert room_of(client, room).rematch is None
            a1 = rematch(w1)
            a0 = w0.receive_json()
            seen = spec.receive_json()
        new = a0["room"]
        assert a1["room"] == new and seen == {"type": "rematch", "asked": [0, 1], "room": new, "url": f"/r/{new}"}
        assert (a0["seat"], a1["seat"]) == (1, 0)
        assert room_of(client, new).row.agents == [None, None]
        for got, want in ((a0, 1), (a1, 0)):
            with client.websocket_connect(f"/ws/{new}") as ws:
                joined, _ = join(ws, got["url"].split("#t=", 1)[1])
                assert joined["seat"] == want


def test_issue22_rematch_over_the_open_games_limit_is_refused_and_can_be_asked_again(db: Path) -> None:
    with make_client(db, limits=Limits(rooms_per_client=1)) as client:
        made = create(client, opponent="random", seat=0, seed=3)
        with client.websocket_connect(f"/ws/{made['room']}") as ws:
            _, msg = join(ws, made["token"])
            concede(ws, msg)
            # the finished game leaves the count: one open game is allowed, a second is not
            blocker = create(client, opponent="random", seat=0, seed=5)
            got = rematch(ws)
            assert got == {"type": "refused", "action": "rematch",
                           "reason": "too many open games: at most 1 from one address; finish or concede one first"}
            assert room_of(client, made["room"]).rematch_asked == set()
            with client.websocket_connect(f"/ws/{blocker['room']}") as wb:
                _, mb = join(wb, blocker["token"])
                concede(wb, mb)
            assert rematch(ws)["seat"] == 1
