"""Issue 11, browser tests: a finished game's replay stepped through, and the remembered language."""

from __future__ import annotations

import json
import random
import urllib.parse
import urllib.request
from typing import Any

from playwright.sync_api import Page

from .conftest import Server
from .helpers import Frames, dataset, play_decision, post, sarasvati_policy, seq, wait_ready, wait_table
from .test_e2e_tables import assert_layout


def replay_api(base: str, room: str, token: str, step: int) -> dict[str, Any]:
    q = urllib.parse.urlencode({"step": step, "lang": "en"})
    req = urllib.request.Request(f"{base}/api/rooms/{room}/replay?{q}", headers={"X-Fudaba-Token": token})
    with urllib.request.urlopen(req, timeout=10) as r:
        return dict(json.loads(r.read()))


def shown_step(page: Page, want: dict[str, Any]) -> None:
    """The page shows the replay's step ``want["step"]``: its position, the view of that step (turn,
    own hand, the opponent's hand count) and the log up to it."""
    n, m = want["step"], want["steps"]
    page.wait_for_function(f"() => document.querySelector('.table-page').dataset.replay === '{n}'")
    assert page.locator(".replay-pos").inner_text().startswith(f"Step {n} of {m}")
    view = want["view"]
    stat = page.locator(".status-bar .stat").first.inner_text()
    assert stat.split() == ["Turn", str(view["turn"])], stat
    hand = page.locator(".own-zone .hand [data-card]").evaluate_all("(els) => els.map((e) => e.dataset.card)")
    assert hand == view["players"][0]["hand"]
    opp = page.locator(".opp-zone .count-badge").first.inner_text()
    assert opp.split()[-1] == str(view["players"][1]["hand_count"])
    assert page.locator(".log .log-line").count() == len(want["log"])
    # stepping sends nothing: no action is offered while the replay is shown
    assert page.locator(".decision-panel [data-action]").count() == 0


def test_issue11_replay_of_a_finished_game_steps_first_next_prev_last(page: Page, server: Server) -> None:
    frames = Frames(page)
    res = post(server.url, "/api/rooms", {"game": "sarasvati", "opponent": "random", "seat": 0, "seed": 9})
    page.goto(server.url + res["url"])
    wait_table(page)
    choose = sarasvati_policy(random.Random(9))
    for _ in range(4):
        assert wait_ready(page)
        play_decision(page, frames, choose)
    assert wait_ready(page)
    page.once("dialog", lambda d: d.accept())
    page.get_by_role("button", name="Concede").click()
    page.wait_for_function("() => document.querySelector('.table-page').dataset.over === '1'")
    steps = seq(page)
    room, token = res["room"], res["token"]
    assert replay_api(server.url, room, token, steps)["steps"] == steps
    page.get_by_role("button", name="Replay").click()
    # it opens on the last step: the final position
    shown_step(page, replay_api(server.url, room, token, steps))
    bar = page.locator(".replay-bar")
    assert bar.locator('[data-step="next"]').is_disabled() and bar.locator('[data-step="last"]').is_disabled()
    bar.locator('[data-step="first"]').click()
    shown_step(page, replay_api(server.url, room, token, 0))
    assert bar.locator('[data-step="prev"]').is_disabled()
    bar.locator('[data-step="next"]').click()
    shown_step(page, replay_api(server.url, room, token, 1))
    bar.locator('[data-step="next"]').click()
    shown_step(page, replay_api(server.url, room, token, 2))
    two = replay_api(server.url, room, token, 2)  # the step in words: the log lines its action added
    assert page.locator(".replay-action").inner_text().strip() == " ".join(ln["text"] for ln in two["log"][two["step_from"]:])
    bar.locator('[data-step="prev"]').click()
    shown_step(page, replay_api(server.url, room, token, 1))
    bar.locator('[data-step="last"]').click()
    shown_step(page, replay_api(server.url, room, token, steps))
    assert_layout(page)  # the whole log on the page: it scrolls, the page does not grow with it
    # closing it shows the live (final) table again
    bar.get_by_role("button", name="Close").click()
    page.wait_for_function("() => document.querySelector('.table-page').dataset.replay === ''")
    assert dataset(page)["over"] == "1"


def test_issue11_language_switch_is_remembered_and_sets_html_lang(page: Page, server: Server) -> None:
    page.goto(server.url + "/")
    page.wait_for_selector("#create-room")
    html_lang = "() => document.documentElement.lang"
    assert page.evaluate(html_lang) == "en"  # the browser's language (en-US) before any choice
    assert page.locator("#create-room").inner_text() == "Create room"
    page.locator(".lang-switch").click()
    assert page.evaluate(html_lang) == "ja"
    assert page.locator("#create-room").inner_text() == "部屋を作る"
    assert page.evaluate("() => localStorage.getItem('fudaba.lang')") == "ja"
    page.reload()
    page.wait_for_selector("#create-room")
    assert page.evaluate(html_lang) == "ja"
    assert page.locator("#create-room").inner_text() == "部屋を作る"
    assert page.locator(".lang-switch").inner_text() == "English"
    # the table opens in the remembered language: the page's words and the server's log lines
    res = post(server.url, "/api/rooms", {"game": "sarasvati", "opponent": "random", "seat": 0, "seed": 2})
    page.goto(server.url + res["url"])
    wait_table(page)
    assert page.evaluate(html_lang) == "ja"
    assert page.locator(".status-bar .stat-label").first.inner_text() == "ターン"
    assert page.locator(".status-bar .stat-value").nth(1).inner_text() in ("セット", "ドロー", "チャージ", "イマジン")
    page.locator(".own-zone .hand .card-chip").first.hover()
    page.wait_for_function("() => document.querySelector('.card-detail .detail-name') !== null")
    text_ja = page.locator(".card-detail .detail-text").inner_text()
    page.wait_for_function("() => document.querySelectorAll('.log .log-line').length > 0")
    assert any("\u3040" <= ch <= "\u30ff" for ch in page.locator(".log").inner_text())
    # back to English, remembered after a reload; the card panel follows the switch
    page.locator(".lang-switch").click()
    assert page.evaluate(html_lang) == "en"
    page.wait_for_function("(t) => document.querySelector('.card-detail .detail-text').textContent !== t", arg=text_ja)
    page.reload()
    wait_table(page)
    assert page.evaluate(html_lang) == "en"
    assert page.evaluate("() => localStorage.getItem('fudaba.lang')") == "en"
    assert page.locator(".status-bar .stat-label").first.inner_text() == "Turn"
    page.wait_for_function("() => document.querySelectorAll('.log .log-line').length > 0")
    assert not any("\u3040" <= ch <= "\u30ff" for ch in page.locator(".log .log-line").first.inner_text())
