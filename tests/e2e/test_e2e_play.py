"""Issue 11, browser tests: whole games by clicking, a friend by invitation link, reload, kill -9."""

from __future__ import annotations

import json
import random
import time
from typing import Any

from playwright.sync_api import Browser, Page

import fudaba
from fudaba.core.record import Record

from .conftest import Server
from .helpers import (
    Frames,
    dataset,
    friend_game,
    friend_move,
    lobby_create,
    open_own_table,
    play_decision,
    play_until_over,
    sarasvati_policy,
    seq,
    wait_ready,
    wait_seq,
    wait_table,
    walpurgis_policy,
)


def replay_room(srv: Server, room: str) -> Any:
    """The game as the server stored it, replayed with the engine (the truth the page must show)."""
    row = srv.room_row(room)

    rec = Record(game=row["game"], variant=row["variant"], params=json.loads(row["params"]),
                 decks=json.loads(row["decks"]), seed=row["seed"],
                 cards=json.loads(row["cards"]) if row["cards"] else None, actions=srv.actions(room))
    return row, fudaba.replay(rec)


def expected_result(game: str, st: Any, seat: int) -> str:
    """Session.result's words for ``seat`` (en), from the replayed state."""
    verdict = "Draw." if st.winner is None else ("You won!" if st.winner == seat else "You lost.")
    why = fudaba.load_game(game).result_text(st.result, "en")
    return f"Result: {verdict} ({why}, turn {st.turn})"


def test_issue11_whole_sarasvati_game_vs_ai_by_clicking(page: Page, server: Server) -> None:
    frames = Frames(page)
    lobby_create(page, server.url, "sarasvati", "random", params={"book_hits": "1"})
    room = open_own_table(page)
    hows: list[str] = []
    played = play_until_over(page, frames, sarasvati_policy(random.Random(11)), hows=hows)
    assert played, "seat 0 never had a decision"
    # cards and places were clicked: some actions were chosen on the table alone (then Send),
    # an attack by its two places
    assert any(h and "button" not in h for h in hows), hows
    assert any(a.startswith("attack") and hw.count("+") == 1 and "button" not in hw
               for a, hw in zip(played, hows, strict=True)), list(zip(played, hows, strict=True))
    row, st = replay_room(server, room)
    assert row["over"] == 1 and st.over
    assert row["winner"] == st.winner
    banner = page.locator(".over-banner")
    assert banner.is_visible()
    want = expected_result("sarasvati", st, 0)
    assert want in banner.inner_text(), (banner.inner_text(), want)
    assert ("You won!" in banner.inner_text()) == (row["winner"] == 0)
    assert dataset(page)["over"] == "1"
    assert seq(page) == len(st.history) == len(server.actions(room))
    # nothing clickable is left once the game is over
    assert page.locator(".table-page .clickable").count() == 0
    assert page.locator(".decision-panel [data-action]").count() == 0
    print(f"sarasvati vs random: {len(played)} decisions by clicking, {st.turn} turns, winner P{st.winner}")


def test_issue11_walpurgis_friends_by_invitation_link(browser: Browser, server: Server) -> None:
    ctx0, ctx1, p0, p1, f0, f1, room = friend_game(browser, server.url, "walpurgis")
    try:
        assert "You are P0" in p0.locator(".status-bar").inner_text()
        assert "You are P1" in p1.locator(".status-bar").inner_text()
        choose = walpurgis_policy(random.Random(2))
        moves = {0: 0, 1: 0}
        hows: list[str] = []
        while min(moves.values()) < 5:
            for p in (p0, p1):
                p.wait_for_function("() => document.querySelector('.table-page').dataset.busy !== '1'")
            n = seq(p0)
            wait_seq(p1, n)
            d0, d1 = dataset(p0), dataset(p1)
            assert d0["over"] == d1["over"] == "0"
            assert {d0["mine"], d1["mine"]} == {"0", "1"}, (d0, d1)
            mover, idle = (p0, p1) if d0["mine"] == "1" else (p1, p0)
            # the seat not to move is offered nothing: no clickable card/place, no action button
            assert idle.locator(".table-page .clickable").count() == 0
            assert idle.locator(".decision-panel [data-action]").count() == 0
            hand = idle.locator(".own-zone .hand .card-chip")
            if hand.count():
                hand.first.click()
                assert idle.locator('.decision-panel button[data-role="send"]').count() == 0
            assert seq(idle) == n
            _, how = friend_move(p0, p1, f0, f1, choose)
            hows.append(how)
            moves[0 if mover is p0 else 1] += 1
        final = max(seq(p0), seq(p1))
        wait_seq(p0, final)
        wait_seq(p1, final)
        stat0 = p0.locator(".status-bar .stat").first.inner_text()
        stat1 = p1.locator(".status-bar .stat").first.inner_text()
        assert stat0 == stat1  # "Turn N"
        assert final == len(server.actions(room))
        # cards and squares were clicked on the table (not only buttons)
        assert any(len([x for x in h.split("+") if x != "button"]) >= 2 for h in hows), hows
        sent1 = [m for m in f1.sent if '"act"' in m]
        assert len(sent1) == moves[1], "every move of seat 1 was sent from its own page"
        print(f"walpurgis friends: {moves} decisions by clicking, seq {final}")
    finally:
        ctx0.close()
        ctx1.close()


def test_issue11_reload_mid_game_continues(page: Page, server: Server) -> None:
    frames = Frames(page)
    lobby_create(page, server.url, "sarasvati", "random")
    room = open_own_table(page)
    choose = sarasvati_policy(random.Random(3))
    for _ in range(3):
        assert wait_ready(page)
        play_decision(page, frames, choose)
    assert wait_ready(page)
    n = seq(page)
    hand = page.locator(".own-zone .card-chip .card-name").all_inner_texts()
    page.reload()
    wait_table(page)
    assert wait_ready(page)
    assert seq(page) == n
    assert "You are P0" in page.locator(".status-bar").inner_text()
    assert page.locator(".own-zone .card-chip .card-name").all_inner_texts() == hand
    for _ in range(2):
        assert wait_ready(page)
        play_decision(page, frames, choose)
    assert wait_ready(page)
    assert seq(page) > n
    assert seq(page) == len(server.actions(room))


def test_issue11_kill_9_restart_same_db_and_continue(page: Page, make_server: Any) -> None:
    srv = make_server()
    frames = Frames(page)
    lobby_create(page, srv.url, "sarasvati", "random")
    room = open_own_table(page)
    choose = sarasvati_policy(random.Random(4))
    for _ in range(3):
        assert wait_ready(page)
        play_decision(page, frames, choose)
    assert wait_ready(page)
    n = seq(page)
    srv.kill()
    assert len(srv.actions(room)) == n, "an acknowledged action is missing from the database after kill -9"
    page.wait_for_function("() => document.querySelector('.conn-banner').textContent !== ''", timeout=10_000)
    t0 = time.monotonic()
    srv.start()  # same port, same database
    page.wait_for_function("() => document.querySelector('.conn-banner').textContent === ''", timeout=20_000)
    assert wait_ready(page)
    assert seq(page) == n
    print(f"reconnected {time.monotonic() - t0:.1f}s after the restart, at seq {n}")
    for _ in range(2):
        assert wait_ready(page)
        play_decision(page, frames, choose)
    assert wait_ready(page)
    assert seq(page) > n
    assert seq(page) == len(srv.actions(room))
    _, st = replay_room(srv, room)
    assert len(st.history) == seq(page)
