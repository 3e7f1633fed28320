"""Issue 11, browser tests: screenshots of each game's table, a keyboard-only game, an axe-core scan,
and card names from a user card file rendered as text."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page

from .conftest import HERE, Server
from .helpers import (
    FOCUSABLE,
    Frames,
    any_policy,
    current_actions,
    dataset,
    keyboard_decision,
    play_decision,
    post,
    press,
    sarasvati_policy,
    seq,
    tab_to,
    wait_ready,
    wait_table,
)

GAMES = ["sarasvati", "walpurgis", "suikoden", "maken"]
AXE = HERE / "vendor" / "axe.min.js"


def open_room(page: Page, base: str, game: str, opponent: str = "random", **body: Any) -> str:
    """A room made through the HTTP API (as the lobby does), opened by its own link."""
    res = post(base, "/api/rooms", {"game": game, "opponent": opponent, "seat": 0, **body})
    page.goto(base + res["url"])
    wait_table(page)
    return str(res["room"])


@pytest.mark.parametrize("game", GAMES)
def test_issue11_screenshot_of_each_table(page: Page, server: Server, artifacts: Path, game: str) -> None:
    frames = Frames(page)
    open_room(page, server.url, game, seed=7)
    choose = sarasvati_policy(random.Random(1)) if game == "sarasvati" else any_policy(random.Random(1))
    for _ in range(8):  # a few decisions so that the table has cards on it
        if not wait_ready(page):
            break
        play_decision(page, frames, choose)
    wait_ready(page)
    # select a card of the hand when one is clickable (Walpurgis shows its matrix on the board)
    chip = page.locator(".own-zone .hand .card-chip.clickable")
    if chip.count():
        chip.first.hover()
    assert_layout(page)
    out = artifacts / f"table-{game}.png"
    page.screenshot(path=str(out), full_page=True)
    print(f"screenshot: {out}")
    assert out.stat().st_size > 20_000
    assert page.locator(".game-table").inner_text().strip()
    # a narrow window, in Japanese: the side column goes below the board
    page.set_viewport_size({"width": 900, "height": 800})
    page.locator(".lang-switch").click()
    page.wait_for_function("() => document.documentElement.lang === 'ja'")
    page.wait_for_function("() => /[\u3040-\u30ff]/.test(document.querySelector('.log').textContent)")
    wait_ready(page)
    assert_layout(page)
    page.screenshot(path=str(artifacts / f"table-{game}-ja-900.png"), full_page=True)


def assert_layout(page: Page) -> None:
    """The page is as tall as its content (nothing invisible stretches it), the log shows its last
    line, and the card and log panels scroll rather than clip."""
    # (measured before a full-page screenshot: it lays the page out taller for a moment, and the log
    # is not told when it is back to its size)
    page.evaluate("() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))")
    box = page.evaluate("""() => {
      const d = document.documentElement, tp = document.querySelector('.table-page');
      const log = document.querySelector('.log'), last = log.lastElementChild;
      const css = (s) => getComputedStyle(document.querySelector(s)).overflowY;
      return {height: d.scrollHeight, content: Math.ceil(tp.getBoundingClientRect().bottom + scrollY),
              logGap: last ? Math.round(last.getBoundingClientRect().bottom - log.getBoundingClientRect().bottom) : 0,
              overflow: [css('.detail-panel'), css('.log')]};
    }""")
    assert box["height"] <= max(box["content"], page.viewport_size["height"]) + 2, box
    assert box["logGap"] <= 1, box
    assert box["overflow"] == ["auto", "auto"], box


def test_issue11_keyboard_only_whole_game(page: Page, server: Server) -> None:
    """A whole Sarasvati game against the AI with Tab / Shift+Tab / Enter / Space / Escape only:
    cards of the hand, slots and books on the board (attacks name two places), the candidate
    buttons, the confirmation; Escape drops a selection. Every card on the table is a tab stop whose
    focus shows its text."""
    frames = Frames(page)
    room = open_room(page, server.url, "sarasvati", seed=5, params={"book_hits": 1})
    page.locator("body").focus()
    choose = sarasvati_policy(random.Random(7))
    pressed: list[str] = []
    by_places: list[tuple[str, list[str]]] = []
    escaped = False
    decisions = 0
    while wait_ready(page):
        assert decisions < 150, f"the game did not end: {frames.sent[-5:]}"
        a = choose(current_actions(page, frames))
        if not escaped and a["text"].startswith(("summon", "attack")):
            # Escape drops a selection: nothing stays selected, no confirmation is pending
            first = f'.table-page [data-ref="{a["refs"][0]}"].clickable{FOCUSABLE}'
            tab_to(page, [first])
            press(page, "Enter")
            assert page.locator(".table-page .selected").count() >= 1
            press(page, "Escape")
            assert page.locator(".table-page .selected").count() == 0
            assert page.locator(".decision-panel .selection").inner_text() == ""
            escaped = True
        done = keyboard_decision(page, a, ["Enter", " "])
        pressed += done
        by_places.append((a["text"], done))
        decisions += 1
    assert dataset(page)["over"] == "1"
    assert seq(page) == len(server.actions(room))
    assert escaped
    assert "Result:" in page.locator(".over-banner").inner_text()
    mine = [json.loads(m)["action"] for m in frames.sent if '"act"' in m]
    assert len(mine) == decisions
    assert any(m.startswith("attack") for m in mine), mine
    # places on the board were pressed, not only buttons: an attack by its attacker (a slot with a
    # card in it) and its target, a summon by its card and its empty slot
    attack, summon = (next((d for t, d in by_places if t.startswith(v) and "button" not in d), None)
                      for v in ("attack", "summon"))
    assert attack is not None and [x for x in attack if x.startswith("ref:")] == [
        f"ref:{r}" for r in next(t for t, d in by_places if d is attack).split()[1:]], by_places
    assert summon is not None and attack[-1] == summon[-1] == "send", by_places
    # a card on the table that no action names is still a tab stop, and its focus shows its text
    chip = page.locator(".game-table .card-chip[tabindex='0']:not([role])").first
    cid = chip.get_attribute("data-card")
    tab_to(page, [f'.game-table .card-chip[data-card="{cid}"][tabindex="0"]'])
    assert cid in page.locator(".card-detail").inner_text()
    print(f"keyboard only: {decisions} decisions, {len(pressed)} presses, seq {seq(page)}")


def axe_scan(page: Page) -> list[dict[str, Any]]:
    page.add_script_tag(path=str(AXE))
    res = page.evaluate("async () => (await axe.run(document, {resultTypes: ['violations']})).violations"
                        ".map((v) => ({id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.length,"
                        " target: v.nodes.slice(0, 3).map((n) => n.target.join(' '))}))")
    return list(res)


@pytest.mark.parametrize("where", ["lobby", *GAMES])
@pytest.mark.browser_context_args(bypass_csp=True)  # axe is injected as an inline script; the page's CSP forbids those
def test_issue11_axe_core_finds_no_serious_violation(page: Page, server: Server, where: str) -> None:
    if where == "lobby":
        page.goto(server.url + "/")
        page.wait_for_selector("#create-room")
    else:
        frames = Frames(page)
        open_room(page, server.url, where, seed=3)
        if wait_ready(page):
            play_decision(page, frames, any_policy(random.Random(2)))
            wait_ready(page)
    found = axe_scan(page)
    for v in found:
        print(f"axe {where}: {v['impact']}: {v['id']} — {v['help']} ({v['nodes']} nodes, e.g. {v['target']})")
    bad = [v for v in found if v["impact"] in ("serious", "critical")]
    assert not bad, bad


EVIL = "<img src=x onerror=alert(1)>"
CARD = f'''[[card]]
id = "SV-X01"
name = "{EVIL}"
name_en = "{EVIL}"
type = "character"
cost = 1
atk = 500
def = 0
attribute = "アクション"
text = "<script>alert(2)</script>"
'''


def test_issue11_card_named_like_html_renders_as_text(page: Page, make_server: Any, tmp_path: Path) -> None:
    cards = tmp_path / "evil.toml"
    cards.write_text(CARD, encoding="utf-8")
    srv: Server = make_server(cards=[cards])
    dialogs: list[str] = []
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    starter = (Path(__file__).parents[2] / "src/fudaba/games/sarasvati/decks/a_vanguard.txt").read_text("utf-8")
    deck = starter.replace("2 SV-A01", "4 SV-X01").replace("4 SV-A02", "2 SV-A02")
    page.goto(srv.url + "/")
    page.wait_for_selector("#create-room")
    page.select_option("#game-select", "sarasvati")
    page.select_option("#opponent-select", "random")
    page.click("#deck-0-src-text")
    page.fill("#deck-0-text", deck)
    page.click("#deck-0-check")
    page.wait_for_selector("#deck-0-result .ok")
    page.click("details.params > summary")
    page.fill("#param-starting_hand", "20")  # the card is almost surely in the opening hand (20: the most allowed)
    page.click("#create-room")
    page.click("#open-table")
    wait_table(page)
    frames = Frames(page)
    for _ in range(20):
        if page.locator('.own-zone .hand [data-card="SV-X01"]').count():
            break
        assert wait_ready(page)
        play_decision(page, frames, lambda acts: next(a for a in acts if a["text"] in ("pass", "end")))
    chip = page.locator('.own-zone .hand [data-card="SV-X01"]').first
    assert chip.locator(".card-name").inner_text() == EVIL
    chip.hover()
    detail = page.locator(".card-detail").inner_text()
    assert EVIL in detail and "<script>alert(2)</script>" in detail
    assert page.locator("img").count() == 0
    assert page.locator("script:not([src])").count() == 0
    page.wait_for_timeout(300)
    assert dialogs == []


def test_issue11_keyboard_space_on_a_card_only_selects_it(page: Page, server: Server) -> None:
    """Space on a focused card selects it like Enter: the action waits for confirmation (it must not
    be sent by the same key press)."""
    open_room(page, server.url, "sarasvati", params={"first": 0})
    assert wait_ready(page)
    before = seq(page)
    card = page.locator(".own-zone .hand .card-chip.clickable").first
    card.focus()
    page.keyboard.press(" ")
    page.wait_for_timeout(500)
    assert seq(page) == before, "Space on a card sent an action without confirmation"
    assert page.locator('.decision-panel button[data-role="send"]').is_visible()
