"""Issue 18 item 7, the server's part of the browser table's words: the rules dialog is not told to
type commands, it reads the room's variant, and a replay step says which log lines its action
added (the page shows them: card names, not the notation's ids)."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

import fudaba

from .helpers import create, join, make_client, pick, until_state

COMMANDS = ("rules N", "rules 5.3", "rules 番号", "rules rulebook", "fudaba rules")


def _rules(client: Any, game: str, **q: str) -> str:
    r = client.get(f"/api/rules/{game}", params=q)
    assert r.status_code == 200, r.text
    return str(r.json()["text"])


@pytest.mark.parametrize("game", ["sarasvati", "walpurgis", "suikoden", "maken"])
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_issue18_rules_for_the_page_name_no_command(tmp_path: Path, game: str, lang: str) -> None:
    """Every section of every game, as the page gets it, names no command to type: the terminal's
    "rules N shows a section (rules 5.3 …)" and "fudaba rules walpurgis N --variant v1.01" pointers
    are the terminal's; the page links the § references instead."""
    g = fudaba.load_game(game)
    assert any(c in (g.rules_text(None, lang) or "") for c in COMMANDS)  # what the terminal is told
    with make_client(tmp_path / "db.sqlite3") as client:
        listing = _rules(client, game, lang=lang)
        ids = [ln.split()[0][1:] for ln in listing.splitlines() if ln.strip().startswith("§")]
        assert len(ids) > 5
        longest = 0
        for sid in [None, *ids]:
            text = listing if sid is None else _rules(client, game, lang=lang, section=sid)
            assert not [c for c in COMMANDS if c in text], (sid, text)
            longest = max(longest, *(len(ln) for ln in text.splitlines()))
        # paragraphs are not cut at the terminal's 60 columns: the page wraps them
        assert longest > 150


def test_issue18_rules_for_the_page_point_to_sections(tmp_path: Path) -> None:
    """Where the terminal names a command, the page's text keeps the § reference (a link there)."""
    with make_client(tmp_path / "db.sqlite3") as client:
        listing = _rules(client, "walpurgis", lang="en")
        assert "* differs in v1.01: see §" in listing
        note = _rules(client, "walpurgis", lang="en", section="2").splitlines()
        assert note[1] == "(§2 of this summary. The rulebook's 2 is §6 here.)"
        ja = _rules(client, "walpurgis", lang="ja", section="6")
        assert "v1.01ではこの節の内容が異なります: §" in ja and "を参照" in ja


def test_issue18_rules_of_the_rooms_variant(tmp_path: Path) -> None:
    """A Walpurgis v1.01 room's rules dialog reads v1.01's text (the page sends the variant)."""
    v1 = fudaba.load_game("walpurgis", "v1.01").rules_text("6", "en", width=1000, commands=False)
    v2 = fudaba.load_game("walpurgis").rules_text("6", "en", width=1000, commands=False)
    assert v1 != v2
    with make_client(tmp_path / "db.sqlite3") as client:
        assert _rules(client, "walpurgis", lang="en", section="6", variant="v1.01") == v1
        assert _rules(client, "walpurgis", lang="en", section="6") == v2
        r = client.get("/api/rules/walpurgis", params={"variant": "v9", "lang": "en"})
        assert r.status_code == 404 and r.json()["error"] == "no variant 'v9'; variants: v2.01, v1.01"
        assert r.json()["error_ja"] == "バリアント 'v9' はありません。バリアント: v2.01, v1.01"


def test_issue18_replay_step_says_which_lines_its_action_added(tmp_path: Path) -> None:
    """``step_from``: the log before the step is exactly the previous step's log, and the lines
    from ``step_from`` on are the step's own, worded with card names (the page shows them)."""
    rng = random.Random(4)
    with make_client(tmp_path / "db.sqlite3") as client:
        made = create(client, opponent="friend", seed=5)
        other = made["invite"].split("#t=")[1]
        with client.websocket_connect(f"/ws/{made['room']}") as w0, \
                client.websocket_connect(f"/ws/{made['room']}") as w1:
            _, m0 = join(w0, made["token"])
            _, m1 = join(w1, other)
            msgs, socks = {0: m0, 1: m1}, {0: w0, 1: w1}
            for _ in range(12):
                mover = 0 if msgs[0]["actions"] else 1
                seq = msgs[mover]["seq"]
                socks[mover].send_json({"type": "act", "action": pick(rng, msgs[mover]), "seq": seq})
                msgs = {s: until_state(w, lambda m, seq=seq: m["seq"] > seq) for s, w in socks.items()}
            w0.send_json({"type": "concede"})
            until_state(w0, lambda m: m["over"])
        url = f"/api/rooms/{made['room']}/replay"
        got = [client.get(url, params={"step": k, "token": made["token"], "lang": "en"}).json() for k in range(13)]
        assert got[0]["step_from"] == len(got[0]["log"])  # before any action: the setup only
        named = 0
        for k in range(1, 13):
            cur, prev = got[k], got[k - 1]
            assert cur["log"][:cur["step_from"]] == prev["log"], k
            mine = [ln["text"] for ln in cur["log"][cur["step_from"]:]]
            ids = [tok.split(":")[-1] for tok in cur["action"].split()[1:]]
            for cid in ids:
                if cid in cur["cards"]:
                    named += 1
                    assert any(cur["cards"][cid]["en"] in ln for ln in mine), (cur["action"], mine)
                    assert not any(cid in ln for ln in mine), (cur["action"], mine)
        assert named >= 3
