"""Issue 18 item 7, the browser table as a player sees it: the lobby's games and errors in the page's
language, what spectators and a full room are told, card details without developers' notes, player
words instead of ids and keys, and the legal actions in reach on a narrow window (every game, both
languages; screenshots in tests/e2e/artifacts)."""

from __future__ import annotations

import json
import random
import re
import urllib.parse
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserType, Page, Route

from .conftest import Server
from .helpers import (
    Frames,
    any_policy,
    current_actions,
    dataset,
    play_decision,
    post,
    sarasvati_policy,
    seq,
    wait_ready,
    wait_table,
)
from .test_e2e_tables import axe_scan

GAMES = ["sarasvati", "walpurgis", "suikoden", "maken"]
KANA = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")
BANNER = ".conn-banner"


def get(base: str, path: str, **q: Any) -> Any:
    with urllib.request.urlopen(f"{base}{path}?{urllib.parse.urlencode(q)}", timeout=10) as r:
        return json.loads(r.read())


def set_lang(page: Page, base: str, lang: str) -> None:
    """The page's language as the player chose it (remembered in localStorage)."""
    page.goto(base + "/")
    page.evaluate("(l) => localStorage.setItem('fudaba.lang', l)", lang)


def concede(page: Page) -> None:
    page.once("dialog", lambda d: d.accept())
    page.locator(".status-bar .btn.danger").click()
    page.wait_for_function("() => document.querySelector('.table-page').dataset.over === '1'")


def banner(page: Page, text: str, timeout: int = 10_000) -> None:
    page.wait_for_function("([s, t]) => { const b = document.querySelector(s); return !!b && b.textContent.startsWith(t); }",
                           arg=[BANNER, text],
                           timeout=timeout)


# ---------------------------------------------------------------------- the lobby's games, its errors
def test_issue18_my_games_show_results_in_the_page_language(page: Page, server: Server) -> None:
    res = post(server.url, "/api/rooms", {"game": "sarasvati", "opponent": "random", "seat": 0, "seed": 4})
    set_lang(page, server.url, "en")
    page.goto(server.url + res["url"])  # the seat's token goes into localStorage
    wait_table(page)
    concede(page)
    page.goto(server.url + "/")
    row = page.locator(f'.rooms li.over:has(a[href="/r/{res["room"]}"])')
    row.wait_for()
    text = row.inner_text()
    assert "Result: You lost." in text and not KANA.search(text.replace("札場", "")), text
    page.locator(".lang-switch").click()  # the list follows a switch of the language
    page.wait_for_function("(r) => /負け/.test(document.querySelector(`.rooms li.over`).textContent)", arg=res["room"])
    assert "結果: あなたの負けです。" in row.inner_text()


def _create_answer(page: Page, status: int, body: str, headers: dict[str, str] | None = None) -> list[Any]:
    """Answer the lobby's room request with ``status``; returns the request bodies the page sent."""
    sent: list[Any] = []

    def answer(route: Route) -> None:
        sent.append(json.loads(route.request.post_data or "null"))
        route.fulfill(status=status, body=body, headers={"Content-Type": "application/json", **(headers or {})})

    page.route("**/api/rooms", answer)
    return sent


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_issue18_too_many_rooms_says_when_to_retry_in_the_page_language(page: Page, server: Server, lang: str) -> None:
    set_lang(page, server.url, lang)
    sent = _create_answer(page, 429, json.dumps({"error": "too many rooms"}), {"Retry-After": "42"})
    page.goto(server.url + "/")
    page.click("#create-room")
    err = page.locator("#create-error")
    page.wait_for_function("() => document.querySelector('#create-error').textContent !== ''")
    want = ("Error: Too many requests. Please try again in 42 s." if lang == "en"
            else "エラー: リクエストが多すぎます。42 秒後にもう一度お試しください。")
    assert err.inner_text().startswith(want), err.inner_text()
    assert sent and sent[0]["lang"] == lang  # the server words its own reason in that language


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_issue18_server_failure_is_said_in_the_page_language(page: Page, server: Server, lang: str) -> None:
    set_lang(page, server.url, lang)
    _create_answer(page, 500, "Internal Server Error")
    page.goto(server.url + "/")
    page.click("#create-room")
    page.wait_for_function("() => document.querySelector('#create-error').textContent !== ''")
    got = page.locator("#create-error").inner_text()
    assert got == ("Error: The server could not handle the request (HTTP 500). Please try again." if lang == "en"
                   else "エラー: サーバーが要求を処理できませんでした (HTTP 500)。もう一度お試しください。"), got


def test_issue18_server_reason_in_the_page_language(page: Page, server: Server) -> None:
    """A 4xx body's reason in the page's language when the server gives one (``error_<lang>``)."""
    set_lang(page, server.url, "ja")
    _create_answer(page, 400, json.dumps({"error": "bad seat", "error_ja": "席は 0 か 1 です"}))
    page.goto(server.url + "/")
    page.click("#create-room")
    page.wait_for_function("() => document.querySelector('#create-error').textContent !== ''")
    assert page.locator("#create-error").inner_text() == "エラー: 席は 0 か 1 です"


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_issue18_starter_deck_refused_by_a_deck_parameter(page: Page, server: Server, lang: str) -> None:
    """A deck parameter the starter decks do not meet: the page names the deck and what to do in its
    language, and lists the deck's problems under it."""
    set_lang(page, server.url, lang)
    page.goto(server.url + "/")
    page.select_option("#game-select", "maken")
    page.click("details.params > summary")
    page.fill("#param-deck_size", "41")
    page.click("#create-room")
    page.wait_for_function("() => document.querySelector('#create-error').textContent !== ''")
    got = page.locator("#create-error").inner_text()
    want = ("Deck for P0 (you): 1 problem(s): Starter decks are built for the default deck rules" if lang == "en"
            else "P0 (あなた)のデッキ: 問題 1 件: スターターデッキは既定のデッキ構築ルール向けです")
    assert got.startswith(want), got
    assert "exactly 41" in page.locator("#deck-0-result .problems").inner_text()


# ---------------------------------------------------------------------- who is told what about connections
def test_issue18_spectators_hear_of_each_seat_by_name(browser: Browser, server: Server) -> None:
    res = post(server.url, "/api/rooms", {"game": "sarasvati", "opponent": "friend", "seat": 0, "seed": 2})
    ctxs = [browser.new_context(locale="en-US") for _ in range(3)]
    watcher, p1, p0 = (c.new_page() for c in ctxs)
    try:
        watcher.goto(server.url + res["spectate"])
        wait_table(watcher)
        p1.goto(server.url + res["invite"])
        wait_table(p1)
        banner(watcher, "P1 connected")
        p0.goto(server.url + res["url"])
        wait_table(p0)
        banner(watcher, "P0 connected")
        banner(p1, "Your opponent connected")  # the first time: not "reconnected"
        p0.close()
        banner(watcher, "P0 disconnected")
        banner(p1, "Your opponent disconnected")
        p0 = ctxs[2].new_page()
        p0.goto(server.url + f"/r/{res['room']}")  # the token is remembered
        wait_table(p0)
        banner(watcher, "P0 reconnected")
        banner(p1, "Your opponent reconnected")
        assert "Opponent" not in watcher.locator(BANNER).inner_text()
        assert watcher.locator(".zone-who").all_inner_texts() == ["P1", "P0"]  # not "P1 · P1"
    finally:
        for c in ctxs:
            c.close()


FILL_ROOM = """async (room) => {
  // spectators join until the server refuses one as the room is full (4429); they stay connected
  window.held = [];
  for (let i = 0; i < 80; i++) {
    const code = await new Promise((resolve) => {
      const ws = new WebSocket(`ws://${location.host}/ws/${room}`);
      ws.onopen = () => ws.send(JSON.stringify({type: 'join', token: null, lang: 'en'}));
      ws.onmessage = (e) => { if (JSON.parse(e.data).type === 'joined') { window.held.push(ws); resolve(0); } };
      ws.onclose = (e) => resolve(e.code);
    });
    if (code) return code;
  }
  return -1;
}"""


def test_issue18_full_room_says_so_and_stops(browser: Browser, server: Server) -> None:
    res = post(server.url, "/api/rooms", {"game": "sarasvati", "opponent": "random", "seat": 0, "seed": 2})
    filler_ctx, ctx = browser.new_context(locale="en-US"), browser.new_context(locale="en-US")
    try:
        filler = filler_ctx.new_page()
        filler.goto(server.url + "/")
        assert filler.evaluate(FILL_ROOM, res["room"]) == 4429
        page = ctx.new_page()
        sockets: list[Any] = []
        page.on("websocket", lambda ws: sockets.append(ws))
        page.goto(server.url + res["spectate"])
        banner(page, "This room is full")
        assert page.locator(BANNER).get_attribute("data-code") == "4429"
        page.wait_for_timeout(3_000)  # longer than the first retries of a lost connection
        assert len(sockets) == 1, "the page keeps knocking on a full room"
        assert page.locator(BANNER).inner_text().startswith("This room is full")
        filler.evaluate("() => { for (const ws of window.held) ws.close(); }")
        page.wait_for_timeout(500)
        page.click("#reconnect")
        wait_table(page)
        page.wait_for_function("(s) => document.querySelector(s).textContent === ''", arg=BANNER)
        assert len(sockets) == 2
    finally:
        filler_ctx.close()
        ctx.close()


# ---------------------------------------------------------------------- the card, not its provenance
@pytest.mark.parametrize("game", ["maken", "suikoden"])
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_issue18_card_details_show_the_card_without_source_notes(page: Page, server: Server, game: str,
                                                                 lang: str) -> None:
    set_lang(page, server.url, lang)
    res = post(server.url, "/api/rooms", {"game": game, "opponent": "random", "seat": 0, "seed": 6})
    page.goto(server.url + res["url"])
    wait_table(page)
    chips = page.locator(".table-page [data-card]")
    seen = 0
    for i in range(chips.count()):
        chip = chips.nth(i)
        if not chip.is_visible():
            continue
        chip.hover()
        cid = chip.get_attribute("data-card")
        page.wait_for_function("(id) => document.querySelector('.card-detail').textContent.includes(id)", arg=cid)
        text = page.locator(".card-detail").inner_text()
        assert "invented" not in text and "創作" not in text, text
        seen += 1
    assert seen >= 5


# ---------------------------------------------------------------------- player words
def test_issue18_replay_names_the_cards(page: Page, server: Server) -> None:
    frames = Frames(page)
    set_lang(page, server.url, "en")
    res = post(server.url, "/api/rooms", {"game": "sarasvati", "opponent": "random", "seat": 0, "seed": 9,
                                         "params": {"first": 0}})
    page.goto(server.url + res["url"])
    wait_table(page)
    choose = sarasvati_policy(random.Random(9))
    for _ in range(6):
        assert wait_ready(page)
        play_decision(page, frames, choose)
    assert wait_ready(page)
    concede(page)
    steps = seq(page)
    page.locator(".status-bar").get_by_role("button", name="Replay").click()
    bar = page.locator(".replay-bar")
    bar.locator('[data-step="first"]').click()
    named = 0
    for k in range(1, steps + 1):
        bar.locator('[data-step="next"]').click()
        page.wait_for_function(f"() => document.querySelector('.table-page').dataset.replay === '{k}'")
        data = get(server.url, f"/api/rooms/{res['room']}/replay", step=k, lang="en", token=res["token"])
        shown = page.locator(".replay-action").inner_text()
        assert not re.search(r"\bSV-[A-Z]*\d+", shown), (k, data["action"], shown)
        for cid in re.findall(r"SV-[A-Z]*\d+", data["action"]):
            assert data["cards"][cid]["en"] in shown, (k, data["action"], shown)
            named += 1
        # the step's own lines are marked in the log
        assert page.locator(".log .log-line.step-line").count() == len(data["log"]) - data["step_from"]
    assert named >= 3


def test_issue18_lobby_names_decks_and_parameters_in_words(page: Page, server: Server) -> None:
    games = {g["name"]: g for g in get(server.url, "/api/games")}
    for lang in ("en", "ja"):
        set_lang(page, server.url, lang)
        page.goto(server.url + "/")
        for name, g in games.items():
            page.select_option("#game-select", name)
            shown = page.locator("#deck-0-starter option").all_inner_texts()
            keys = g["decks"][g["variants"][0]]
            assert len(shown) == len(keys) and not set(shown) & set(keys), shown
            assert all("_" not in s and (lang == "ja" or s[0].isupper()) for s in shown), shown
            if page.locator("details.params").get_attribute("open") is None:
                page.click("details.params > summary")
            for p in g["params"]:
                label = page.locator(f'label[for="param-{p["key"]}"]').inner_text()
                help_text = p["help_ja"] if lang == "ja" else p["help_en"]
                assert label == help_text[0].upper() + help_text[1:], (p["key"], label)
                assert page.locator(f"#param-{p['key']}-help code").inner_text() == p["key"]
        page.select_option("#game-select", "sarasvati")
        titles = [s.split(" — ")[0] for s in page.locator("#deck-0-starter option").all_inner_texts()]
        assert titles == (["Vanguard of the Archive", "Keepers of the Archive", "Workshop of Stories"] if lang == "en"
                          else ["書庫の先鋒", "書庫の守り手", "物語の工房"])
        first = page.locator("#param-first option").all_inner_texts()
        assert first == (["random", "P0", "P1"] if lang == "en" else ["ランダム", "P0", "P1"])


def test_issue18_rules_dialog_names_no_command(page: Page, server: Server) -> None:
    set_lang(page, server.url, "en")
    res = post(server.url, "/api/rooms", {"game": "walpurgis", "variant": "v1.01", "opponent": "random",
                                         "seat": 0, "seed": 3})
    page.goto(server.url + res["url"])
    wait_table(page)
    page.locator(".status-bar").get_by_role("button", name="Rules").click()
    text = page.locator(".rules-text")
    page.wait_for_function("() => document.querySelectorAll('.rules-text .rules-line').length > 5")
    assert not re.search(r"rules N|rules 5\.3|fudaba rules", text.inner_text()), text.inner_text()
    assert page.locator(".rules-hint").inner_text() == "Choose a § number to read that section."
    # a § reference is a link; the room's variant is read (v1.01 ends the game on a full board)
    text.get_by_role("button", name="§6", exact=True).first.click()
    want = get(server.url, "/api/rules/walpurgis", section="§6", lang="en", variant="v1.01")["text"]
    page.wait_for_function("() => document.querySelector('.rules-text').textContent.startsWith('§6')")
    assert [ln.strip() for ln in text.locator(".rules-line").all_inner_texts()] == [ln.strip() for ln in want.split("\n")]
    page.fill("#rules-section", "99.9")
    page.locator(".rules-form").get_by_role("button", name="Show").click()
    page.wait_for_function("() => document.querySelector('.rules-text .error') !== null")
    assert text.inner_text() == "99.9: no such section."


def test_issue18_notation_box_only_for_a_player_in_play(browser: Browser, server: Server) -> None:
    res = post(server.url, "/api/rooms", {"game": "sarasvati", "opponent": "random", "seat": 0, "seed": 5})
    ctx_p, ctx_s = browser.new_context(locale="en-US"), browser.new_context(locale="en-US")
    try:
        player, watcher = ctx_p.new_page(), ctx_s.new_page()
        player.goto(server.url + res["url"])
        watcher.goto(server.url + res["spectate"])
        wait_table(player)
        wait_table(watcher)
        assert player.locator("#notation-input").is_visible()
        assert not watcher.locator("#notation-input").is_visible()
        assert not watcher.locator("#confirm-toggle").is_visible()
        assert watcher.locator(".spectating-note").inner_text() == "You are watching: only the players can move."
        concede(player)
        watcher.wait_for_function("() => document.querySelector('.table-page').dataset.over === '1'")
        for p in (player, watcher):
            assert not p.locator("#notation-input").is_visible()
            assert not p.locator("#confirm-toggle").is_visible()
        player.locator(".status-bar").get_by_role("button", name="Replay").click()
        player.wait_for_function("() => document.querySelector('.table-page').dataset.replay !== ''")
        assert not player.locator("#notation-input").is_visible()
    finally:
        ctx_p.close()
        ctx_s.close()


# ---------------------------------------------------------------------- a narrow window
def _in_view(page: Page, selector: str) -> bool:
    return bool(page.evaluate("""(s) => { const el = document.querySelector(s); if (!el) return false;
      const r = el.getBoundingClientRect(); return r.height > 0 && r.top >= 0 && r.bottom <= innerHeight; }""", selector))


@pytest.mark.parametrize("game", GAMES)
def test_issue18_narrow_window_keeps_the_legal_actions_in_reach(browser: Browser, server: Server, artifacts: Path,
                                                                 game: str) -> None:
    """At 400 px the decision panel stays at the bottom of the screen while the player is at the top
    of the board: its first legal action is on screen without scrolling; a game is played there by
    clicking; the panel folds and opens again with the next decision. At desktop width the panel is
    beside the board as before. Screenshots of both widths in both languages."""
    for lang in ("en", "ja"):
        ctx = browser.new_context(locale="en-US", viewport={"width": 400, "height": 800},
                                  bypass_csp=True)  # axe is injected as an inline script
        page = ctx.new_page()
        try:
            frames = Frames(page)
            set_lang(page, server.url, lang)
            res = post(server.url, "/api/rooms", {"game": game, "opponent": "random", "seat": 0, "seed": 7})
            page.goto(server.url + res["url"])
            wait_table(page)
            rng = random.Random(3)
            choose = sarasvati_policy(rng) if game == "sarasvati" else any_policy(rng)
            for _ in range(4):  # played by clicking on the narrow table (the panel over the board)
                if not wait_ready(page):
                    break
                play_decision(page, frames, choose)
            assert wait_ready(page), "the game ended before the checks"
            page.evaluate("() => window.scrollTo(0, 0)")
            board_bottom = page.evaluate("() => document.querySelector('.game-table').getBoundingClientRect().bottom")
            assert board_bottom > 800 * 0.52, "the board fits above the panel anyway: nothing is tested"
            assert _in_view(page, ".decision-panel .actions .btn"), "the legal actions are below the board"
            assert _in_view(page, ".decision-panel .prompt")
            page.screenshot(path=str(artifacts / f"issue18-{game}-{lang}-400.png"))
            bad = [v for v in axe_scan(page) if v["impact"] in ("serious", "critical")]
            assert not bad, bad  # the one-column layout keeps its landmarks and names
            # fold: the board shows; the next decision opens it again
            page.click(".decision-panel .fold-toggle")
            assert not page.locator(".decision-panel .actions").is_visible()
            assert page.locator(".decision-panel .fold-toggle").get_attribute("aria-expanded") == "false"
            page.screenshot(path=str(artifacts / f"issue18-{game}-{lang}-400-folded.png"))
            page.click(".decision-panel .fold-toggle")
            assert page.locator(".decision-panel .actions").is_visible()
            page.click(".decision-panel .fold-toggle")
            n = seq(page)
            text = choose(current_actions(page, frames))["text"]
            page.evaluate("""(t) => {  // sent while the panel is folded (its buttons hidden)
              [...document.querySelectorAll('.decision-panel .actions [data-action]')].find((b) => b.dataset.action === t).click();
              const s = document.querySelector('.decision-panel button[data-role="send"]'); if (s) s.click(); }""", text)
            page.wait_for_function(f"() => Number(document.querySelector('.table-page').dataset.seq) > {n}")
            if wait_ready(page):
                assert page.locator(".decision-panel .actions").is_visible(), "a new decision stays folded"
            page.evaluate("() => window.scrollTo(0, document.documentElement.scrollHeight)")
            page.screenshot(path=str(artifacts / f"issue18-{game}-{lang}-400-end.png"))
            # the desktop layout: the panel beside the board, not over it
            page.set_viewport_size({"width": 1280, "height": 900})
            page.evaluate("() => window.scrollTo(0, 0)")
            board = page.locator(".game-table").bounding_box()
            panel = page.locator(".decision-panel").bounding_box()
            assert board and panel and panel["x"] >= board["x"] + board["width"], (board, panel)
            assert page.evaluate("() => getComputedStyle(document.querySelector('.decision-panel')).position") != "sticky"
            assert not page.locator(".decision-panel .fold-toggle").is_visible()
            page.screenshot(path=str(artifacts / f"issue18-{game}-{lang}-1280.png"), full_page=True)
            assert dataset(page)["seq"]
        finally:
            ctx.close()


# ---------------------------------------------------------------------- a strict Content-Security-Policy
CSP = ("default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; "
       "base-uri 'none'; form-action 'self'; frame-ancestors 'none'")


def test_issue18_client_runs_under_a_strict_csp(browser_type: BrowserType, browser_type_launch_args: dict[str, Any],
                                                server: Server) -> None:
    """The page served with a strict policy (no inline script or style, nothing from elsewhere): the
    lobby and every game's table run without a single violation — the client sets styles through
    the CSSOM, never a style attribute, and has no inline code."""
    args = browser_type_launch_args
    # the policy is added here, in the browser (the server may send its own): a document answered by
    # the test is of no known address, which Chromium's local network checks would keep off 127.0.0.1
    own = browser_type.launch(**{**args, "args": [*args.get("args", []), "--disable-features=LocalNetworkAccessChecks"]})
    try:
        page = own.new_page(locale="en-US")

        def with_csp(route: Route) -> None:
            if route.request.resource_type != "document":
                route.continue_()
                return
            res = route.fetch()
            route.fulfill(response=res, headers={**res.headers, "content-security-policy": CSP})

        page.route("**/*", with_csp)
        page.add_init_script("window.violations = []; document.addEventListener('securitypolicyviolation',"
                             " (e) => window.violations.push(`${e.effectiveDirective} ${e.blockedURI} ${e.sample}`));")
        page.goto(server.url + "/")
        page.wait_for_selector("#create-room")
        page.click("details.params > summary")
        page.wait_for_timeout(300)
        assert page.evaluate("() => window.violations") == [], "lobby"
        for game in GAMES:
            res = post(server.url, "/api/rooms", {"game": game, "opponent": "random", "seat": 0, "seed": 8})
            page.goto(server.url + res["url"])
            wait_table(page)
            wait_ready(page)
            page.wait_for_timeout(300)  # a report is queued, not sent at once
            if game == "maken":  # its meters are drawn with a width
                assert page.locator(".mk-meterfill").count() >= 2
            assert page.evaluate("() => window.violations") == [], game
    finally:
        own.close()
