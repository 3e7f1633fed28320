"""Issue 11, browser tests: screenshots of each game's table, a keyboard-only game, an axe-core scan,
and card names from a user card file rendered as text."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page

from .conftest import HERE, Server
from .helpers import (
    Frames,
    any_policy,
    dataset,
    play_decision,
    post,
    sarasvati_policy,
    seq,
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
    out = artifacts / f"table-{game}.png"
    page.screenshot(path=str(out), full_page=True)
    print(f"screenshot: {out}")
    assert out.stat().st_size > 20_000
    assert page.locator(".game-table").inner_text().strip()


def test_issue11_keyboard_only_playthrough(page: Page, server: Server) -> None:
    """Tab / Shift+Tab to a card, place or button, Enter or Space to press it: a whole short game."""
    frames = Frames(page)
    room = open_room(page, server.url, "sarasvati", params={"book_hits": 1})
    rng = random.Random(7)

    def choose(acts: list[dict[str, Any]]) -> dict[str, Any]:  # hand cards and plain buttons
        for verb in ("charge", "summon"):
            c = [a for a in acts if a["text"].startswith(verb)]
            if c:
                return rng.choice(c)
        return next(a for a in acts if a["text"] in ("end", "pass", "done"))

    decisions = 0
    keys = ["Enter", " "]
    while decisions < 12 and wait_ready(page):
        before = seq(page)
        shown = page.evaluate("() => [...document.querySelectorAll('.decision-panel [data-action]')]"
                              ".map((b) => b.dataset.action)")
        a = choose([{"text": t, "refs": t.split()[1:]} for t in shown])
        targets = [f'[data-action="{a["text"]}"]'] + [f'[data-ref="{r}"].clickable:not(.selected)' for r in a["refs"]]
        for step in range(8):  # choose: the card/place (or the action's button), then confirm
            if seq(page) != before or dataset(page)["busy"] == "1":
                break
            send = f'.decision-panel button[data-role="send"][data-action="{a["text"]}"]'
            want = [send, *targets[1:], f'.decision-panel button.action{targets[0]}']
            for _tab in range(400):
                if page.evaluate("(sels) => sels.some((s) => document.activeElement && document.activeElement.matches(s))",
                                 want):
                    break
                page.keyboard.press("Tab")
            else:
                info = page.evaluate("(sels) => [document.activeElement.outerHTML.slice(0, 200),"
                                     " sels.map((s) => document.querySelectorAll(s).length), "
                                     "JSON.stringify(document.querySelector('.table-page').dataset)]", want)
                raise AssertionError(f"Tab never reached {a['text']!r} ({want}): {info}; sent {frames.sent[-3:]}")
            # Enter on a card/place; Enter or Space on a button (see the Space test below)
            on_button = page.evaluate("() => document.activeElement.tagName === 'BUTTON'")
            page.keyboard.press(keys[(decisions + step) % 2] if on_button else "Enter")
            page.wait_for_timeout(150)  # let the page answer the key before looking again
        page.wait_for_function(f"() => Number(document.querySelector('.table-page').dataset.seq) > {before}",
                               timeout=10_000)
        decisions += 1
    assert wait_ready(page)
    assert decisions == 12
    assert seq(page) == len(server.actions(room))
    print(f"keyboard only: {decisions} decisions, seq {seq(page)}")


def axe_scan(page: Page) -> list[dict[str, Any]]:
    page.add_script_tag(path=str(AXE))
    res = page.evaluate("async () => (await axe.run(document, {resultTypes: ['violations']})).violations"
                        ".map((v) => ({id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.length,"
                        " target: v.nodes.slice(0, 3).map((n) => n.target.join(' '))}))")
    return list(res)


@pytest.mark.parametrize("where", ["lobby", *GAMES])
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
    page.fill("#param-starting_hand", "30")  # the card is almost surely in the opening hand
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
