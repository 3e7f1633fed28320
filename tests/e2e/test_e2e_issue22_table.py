"""Issue 22 item 2, browser tests: the table shows what happened — the opponent's last action
highlighted on the table and linked to its log lines, "your turn" in the tab's title (and the
optional sound and notification in the background), and after the game the record and notation
downloads, the replay's autoplay, and the rematch (seats swapped) against the AI and with a friend.

Each test takes screenshots into the e2e artifacts folder (looked at when the tests were written)."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page

import fudaba
from fudaba.core.registry import descriptor, games

from .conftest import Server
from .helpers import (
    DECIDE_TIMEOUT,
    Frames,
    any_policy,
    dataset,
    friend_game,
    lobby_create,
    open_own_table,
    play_decision,
    play_until_over,
    sarasvati_policy,
    seq,
    wait_ready,
    wait_table,
    walpurgis_policy,
)
from .test_e2e_play import replay_room

# the page's notification and visibility, stubbed before any script of the page runs: a test cannot
# put a headless page in the background, nor click the browser's permission prompt
STUB_NOTIFICATIONS = """
window.__notes = [];
window.__hidden = false;
window.Notification = class {
  constructor(title, opts) { window.__notes.push({ title, body: opts && opts.body }); }
  close() {}
  static get permission() { return "granted"; }
  static requestPermission() { return Promise.resolve("granted"); }
};
Object.defineProperty(Document.prototype, "hidden", { get() { return !!window.__hidden; }, configurable: true });
"""


def last_lines(state: dict[str, Any]) -> list[dict[str, Any]]:
    """The log lines of the state's last action (each line names the action that logged it: n)."""
    return [ln for ln in state["log"] if ln.get("n") == state["seq"] - 1]


def full_state(frames: Frames) -> dict[str, Any]:
    """The last state with the whole log (later states carry only the new lines: log_from)."""
    log: list[dict[str, Any]] = []
    last: dict[str, Any] = {}
    for m in frames.messages():
        if m.get("type") == "state":
            log = log[:m["log_from"]] + m["log"]
            last = {**m, "log": log}
    return last


def test_issue22_ai_move_is_highlighted_on_its_square_and_linked_to_its_log_line(page: Page, server: Server,
                                                                                  artifacts: Path) -> None:
    frames = Frames(page)  # before the page opens the table: every frame
    lobby_create(page, server.url, "walpurgis", "random")
    open_own_table(page)
    policy = walpurgis_policy(random.Random(22))
    placed: dict[str, Any] = {}
    for _ in range(40):
        assert wait_ready(page), "the game ended before the AI placed a card"
        st = full_state(frames)
        assert st["seq"] == seq(page)
        ai_places = [ln for ln in last_lines(st) if st["last_by"] == 1 and ln.get("who") == 1 and ln.get("place")]
        if ai_places:
            placed = st
            break
        play_decision(page, frames, policy)
    assert placed, "the AI never placed a card on a square within 40 decisions"
    names = {ln["place"] for ln in last_lines(placed) if ln.get("who") == 1 and ln.get("place")}
    # exactly the squares the AI's last action names are highlighted, nothing else
    marked = page.eval_on_selector_all(".game-table .last-move", "els => els.map((e) => e.dataset.square || '')")
    assert sorted(marked) == sorted(names), (marked, names)
    assert dataset(page)["lastMove"] == str(placed["seq"] - 1)
    # the action's log lines are marked, and they are the last ones of the log
    texts = [("▶ you: " if ln["mine"] else "") + ln["text"] for ln in last_lines(placed)]
    assert page.eval_on_selector_all(".log .log-line.last-action", "els => els.map((e) => e.textContent)") == texts
    page.screenshot(path=str(artifacts / "issue22_last_move.png"), full_page=True)

    # hovering the log line lights up its square; hovering the square lights up its log line
    square = next(iter(names))
    line_i = next(i for i, ln in enumerate(placed["log"]) if ln.get("n") == placed["seq"] - 1 and ln.get("place") == square)
    page.locator(".log .log-line").nth(line_i).hover()
    assert page.eval_on_selector_all(".last-move.last-linked", "els => els.map((e) => e.dataset.square)") == [square]
    page.mouse.move(5, 5)
    assert page.locator(".last-linked").count() == 0
    page.locator(f'.game-table [data-square="{square}"]').hover()
    linked = page.eval_on_selector_all(".log .log-line.last-linked", "els => els.map((e) => e.textContent)")
    assert linked == [placed["log"][line_i]["text"]]  # a line of the AI: no "you" mark
    page.screenshot(path=str(artifacts / "issue22_last_move_linked.png"), full_page=True)
    # the focus links them too (a keyboard reader)
    page.mouse.move(5, 5)
    page.locator(".log .log-line").nth(line_i).focus()
    assert page.eval_on_selector_all(".last-move.last-linked", "els => els.map((e) => e.dataset.square)") == [square]

    # a narrow window (a phone) keeps the highlight on the same square
    page.set_viewport_size({"width": 400, "height": 860})
    page.locator(f'.game-table [data-square="{square}"]').scroll_into_view_if_needed()
    assert page.eval_on_selector_all(".game-table .last-move", "els => els.map((e) => e.dataset.square)") == sorted(names)
    page.screenshot(path=str(artifacts / "issue22_last_move_400px.png"))
    page.set_viewport_size({"width": 1280, "height": 900})

    # after this seat's own action the highlight is gone until the AI acts again
    page.evaluate("""() => { window.__marks = []; new MutationObserver(() => {
        const p = document.querySelector('.table-page');
        window.__marks.push([p.dataset.seq, p.dataset.lastMove, document.querySelectorAll('.last-move').length]);
      }).observe(document.querySelector('.table-page'), { attributes: true, attributeFilter: ['data-seq'] }); }""")
    mine = play_decision(page, frames, policy)
    wait_ready(page)
    seen = page.evaluate("window.__marks")
    msgs = [m for m in frames.messages() if m.get("type") == "state" and m["seq"] > placed["seq"]]
    assert msgs[0]["last_by"] == 0, (mine, msgs[0]["last_by"])
    assert seen[0][0] == str(placed["seq"] + 1) and seen[0][1:] == ["", 0], seen


def test_issue22_tab_title_says_your_turn_in_both_languages(page: Page, server: Server, artifacts: Path) -> None:
    frames = Frames(page)
    lobby_create(page, server.url, "sarasvati", "random", params={"book_hits": "1"})
    open_own_table(page)
    assert wait_ready(page)
    assert dataset(page)["mine"] == "1"
    assert page.title() == "● Your turn — fudaba"
    # one switch only: a change of language costs 10 of the 20 messages a second a connection may send
    page.click(".lang-switch")
    page.wait_for_function("() => document.title === '● あなたの番 — fudaba'")
    # the game over: the game's title in the page's language, no bullet
    play_until_over(page, frames, sarasvati_policy(random.Random(5)))
    assert page.title() == f"{descriptor('sarasvati').title_in('ja')} — fudaba"
    page.screenshot(path=str(artifacts / "issue22_title_over.png"))


def test_issue22_turn_alert_in_the_background_only_when_asked(page: Page, server: Server) -> None:
    page.add_init_script(STUB_NOTIFICATIONS)
    frames = Frames(page)
    lobby_create(page, server.url, "sarasvati", "random", params={"book_hits": "1"})
    open_own_table(page)
    policy = sarasvati_policy(random.Random(8))
    assert wait_ready(page)
    # hidden, but not asked: nothing
    page.evaluate("window.__hidden = true")
    play_decision(page, frames, policy)
    assert wait_ready(page)
    assert page.evaluate("window.__notes") == []
    assert "alerts" not in dataset(page)
    # asked (remembered), hidden: the next decision of this seat is told with its prompt
    page.check("#notify-toggle")
    assert page.evaluate("localStorage.getItem('fudaba.notify')") == "1"
    play_decision(page, frames, policy)
    assert wait_ready(page)
    st = frames.last_state()
    assert st is not None and st["actions"]
    notes = page.evaluate("window.__notes")
    assert notes[-1] == {"title": "Your turn — Sarasvati TCG", "body": st["prompt"]}
    assert dataset(page)["alerted"] == "sound+notification"
    # shown: no alert
    n = len(notes)
    page.evaluate("window.__hidden = false")
    play_decision(page, frames, policy)
    assert wait_ready(page)
    assert len(page.evaluate("window.__notes")) == n
    # the setting stays after a reload
    page.reload()
    wait_table(page)
    assert page.is_checked("#notify-toggle")


def finish_sarasvati_vs_ai(page: Page, server: Server, frames: Frames) -> str:
    lobby_create(page, server.url, "sarasvati", "random", params={"book_hits": "1"})
    room = open_own_table(page)
    play_until_over(page, frames, sarasvati_policy(random.Random(22)))
    page.wait_for_selector(".over-banner .after-game")
    return room


def test_issue22_downloads_replay_autoplay_and_rematch_against_the_ai(page: Page, server: Server,
                                                                       artifacts: Path) -> None:
    frames = Frames(page)
    room = finish_sarasvati_vs_ai(page, server, frames)
    page.screenshot(path=str(artifacts / "issue22_after_game.png"), full_page=True)
    row, truth = replay_room(server, room)
    actions = server.actions(room)

    # the record: the JSON `fudaba replay` reads, replaying to the room's final state
    with page.expect_download() as got:
        page.click('[data-download="record"]')
    dl = got.value
    assert dl.suggested_filename == f"fudaba-sarasvati-{room}.json"
    text = Path(dl.path()).read_text(encoding="utf-8")
    assert text.count("\n") == 1  # one line: `fudaba replay FILE` reads it as one record
    st = fudaba.replay(text)
    assert st.hash() == truth.hash() and st.over and st.winner == truth.winner
    rec = json.loads(text)
    assert rec["actions"] == actions and rec["meta"]["room"] == room

    # the notation: a header of # lines, then exactly the room's actions, one a line
    with page.expect_download() as got:
        page.click('[data-download="notation"]')
    lines = Path(got.value.path()).read_text(encoding="utf-8").splitlines()
    header = [ln for ln in lines if ln.startswith("#")]
    assert lines[:len(header)] == header and lines[len(header):] == actions
    assert header[0] == "# fudaba Sarasvati TCG (sarasvati), variant default"
    assert f"# seed {row['seed']}" in header and f"# actions {len(actions)}" in header

    # the replay's autoplay, 0.5 s a step, from three steps before the end: it reaches the last step
    page.click(".tools button[aria-pressed]")
    page.wait_for_selector("#replay-range")
    steps = len(actions)
    start = steps - 3
    page.evaluate(f"""() => {{ const r = document.querySelector('#replay-range'); r.value = '{start}';
        r.dispatchEvent(new Event('change')); }}""")
    page.wait_for_function(f"() => document.querySelector('.table-page').dataset.replay === '{start}'")
    page.select_option("#replay-speed", "0.5")
    page.evaluate("""() => { window.__steps = []; new MutationObserver(() => {
        const r = document.querySelector('.table-page').dataset.replay;
        if (window.__steps[window.__steps.length - 1] !== r) window.__steps.push(r);
      }).observe(document.querySelector('.table-page'), { attributes: true, attributeFilter: ['data-replay'] }); }""")
    page.click("#autoplay")
    assert page.get_attribute("#autoplay", "aria-pressed") == "true"
    page.wait_for_function(f"() => document.querySelector('.table-page').dataset.replay === '{steps}'"
                           " && document.querySelector('.table-page').dataset.autoplay === ''", timeout=DECIDE_TIMEOUT)
    assert page.evaluate("window.__steps") == [str(n) for n in range(start + 1, steps + 1)]
    assert page.get_attribute("#autoplay", "aria-pressed") == "false"
    # the step's lines are its action's (n): the same lines are marked as the step and as the action
    marks = page.eval_on_selector_all(".log .log-line", "els => els.map((e, i) => [i, e.classList.contains('step-line'),"
                                      " e.classList.contains('last-action')])")
    assert any(step for _, step, _ in marks) and all(step == last for _, step, last in marks), marks
    page.screenshot(path=str(artifacts / "issue22_replay_autoplay.png"), full_page=True)
    page.click(".tools button[aria-pressed]")  # close the replay

    # the after-game words in Japanese too
    page.click(".lang-switch")
    page.wait_for_function("() => document.querySelector('#rematch').textContent === '再戦を申し込む'")
    assert page.eval_on_selector_all(".after-game [data-download]", "els => els.map((e) => e.textContent)") == \
        ["↓ 記録 (JSON)", "↓ 棋譜 (テキスト)"]
    # the rematch against the AI: at once, the same settings with the seats swapped
    page.click("#rematch")
    link = page.wait_for_selector("#rematch-link")
    href = str(link.get_attribute("href"))
    new = str(link.get_attribute("data-room"))
    assert href.startswith(f"/r/{new}#t=") and link.text_content() == "再戦の部屋へ (あなたは P1)"
    new_row = server.room_row(new)
    assert json.loads(new_row["agents"]) == list(reversed(json.loads(row["agents"]))) == ["random", None]
    assert json.loads(new_row["decks"]) == list(reversed(json.loads(row["decks"])))
    assert (new_row["game"], new_row["variant"], new_row["params"]) == (row["game"], row["variant"], row["params"])
    page.screenshot(path=str(artifacts / "issue22_rematch_ai.png"), full_page=True)
    page.click("#rematch-link")
    wait_table(page)
    joined = [m for m in frames.messages() if m.get("type") == "joined"][-1]
    assert joined["room"] == new and joined["seat"] == 1
    assert page.locator(".seat-stat").text_content() == "あなたは P1"


def test_issue22_rematch_with_a_friend_is_asked_then_accepted(browser: Browser, server: Server, artifacts: Path) -> None:
    ctx0, ctx1, p0, p1, f0, f1, room = friend_game(browser, server.url, "sarasvati")
    try:
        p0.on("dialog", lambda d: d.accept())
        p0.click(".tools .btn.danger")  # P0 concedes: the game is over for both
        for p in (p0, p1):
            p.wait_for_selector("#rematch")
        row = server.room_row(room)
        p0.click("#rematch")
        p0.wait_for_selector(".rematch-wait")
        assert p0.text_content(".rematch-wait") == "You asked for a rematch; waiting for your opponent…"
        p1.wait_for_selector(".rematch-offer")
        assert p1.text_content("#rematch") == "Accept the rematch"
        assert p0.locator("#rematch-link").count() == 0  # nothing is made before the other accepts
        p1.screenshot(path=str(artifacts / "issue22_rematch_offer.png"), full_page=True)
        p1.click("#rematch")
        links = [p.wait_for_selector("#rematch-link") for p in (p0, p1)]
        new = {str(ln.get_attribute("data-room")) for ln in links}
        assert len(new) == 1
        (new_id,) = new
        assert [ln.text_content() for ln in links] == ["Go to the rematch (you are P1)", "Go to the rematch (you are P0)"]
        new_row = server.room_row(new_id)
        assert json.loads(new_row["agents"]) == [None, None]
        assert json.loads(new_row["decks"]) == list(reversed(json.loads(row["decks"])))
        # each link holds the seat it names
        for p, f, want in ((p0, f0, 1), (p1, f1, 0)):
            p.click("#rematch-link")
            p.wait_for_function(f"() => location.pathname === '/r/{new_id}'")
            wait_table(p)
            joined = [m for m in f.messages() if m.get("type") == "joined"][-1]
            assert joined["room"] == new_id and joined["seat"] == want
        p1.screenshot(path=str(artifacts / "issue22_rematch_friend.png"), full_page=True)
        assert p0.wait_for_function("() => document.querySelector('.table-page').dataset.seq !== ''", timeout=DECIDE_TIMEOUT)
    finally:
        ctx0.close()
        ctx1.close()


@pytest.mark.parametrize("game", ["sarasvati", "suikoden", "maken", "goofspiel"])
def test_issue22_every_table_highlights_what_the_ai_last_action_names(page: Page, server: Server, artifacts: Path,
                                                                       game: str) -> None:
    """No game is named by the shell: each table's places (data-place, data-square; the other seat's
    as the viewer types them, x + name) and cards (data-card) are found from the log lines alone."""
    if game not in games():
        pytest.skip(f"{game} is not installed (pip install -e ./examples/{game})")
    frames = Frames(page)
    lobby_create(page, server.url, game, "random")
    open_own_table(page)
    policy = any_policy(random.Random(3))
    for _ in range(60):
        assert wait_ready(page), "the game ended before the AI's action named a place or a card"
        st = full_state(frames)
        named = [ln for ln in last_lines(st) if st["last_by"] == 1 and ln.get("who", 1) == 1
                 and (ln.get("place") or ln.get("card"))]
        if named:
            break
        play_decision(page, frames, policy)
    else:
        raise AssertionError("the AI's actions never named a place or a card")
    places = {n for ln in named if ln.get("place") for n in (ln["place"], f"x{ln['place']}")}
    cards = {ln["card"] for ln in named if ln.get("card")}
    # each highlighted element shows a place or a card the lines name (a place may hold its card)
    marked = page.eval_on_selector_all(
        ".last-move", "els => els.map((e) => [e.dataset.place || e.dataset.square || '', e.dataset.card || ''])")
    assert marked and all(p in places or c in cards for p, c in marked), (marked, named)
    target = named[-1]
    if target.get("place"):
        assert {f"x{target['place']}", target["place"]} & {p for p, _ in marked}, (marked, target)
    else:
        assert target["card"] in {c for _, c in marked}, (marked, target)
    # never a card of the viewer's own hand
    assert page.locator(".own-zone .last-move").count() == 0
    page.screenshot(path=str(artifacts / f"issue22_last_move_{game}.png"), full_page=True)
