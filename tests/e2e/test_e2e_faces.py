"""Issue 22 (2), browser: cards drawn as cards. Each game's cards on the page (the hand and the places
its table draws as faces) show the card data's name, cost and stats; a Walpurgis card shows its
matrix cell by cell; face-down cards are backs with no id and no name. Screenshots of each game at
1280 and 400 px in both languages go to the e2e artifacts folder."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page

import fudaba

from .conftest import Server
from .helpers import Frames, any_policy, play_decision, post, sarasvati_policy, wait_ready, wait_table, walpurgis_policy

GAMES = ["sarasvati", "walpurgis", "suikoden", "maken"]

# what every card face on the page shows, read from the DOM
FACES_JS = """() => [...document.querySelectorAll('.card-face[data-card]')].map((f) => ({
  id: f.dataset.card,
  where: f.closest('.game-table') ? 'table' : f.closest('.own-zone') ? 'hand' : 'other',
  name: (f.querySelector('.cf-title .card-name') || {}).textContent,
  en: f.querySelector('.cf-title .card-en') ? f.querySelector('.cf-title .card-en').textContent : null,
  cost: f.querySelector('.cf-cost .cf-v') ? f.querySelector('.cf-cost .cf-v').textContent : null,
  stats: Object.fromEntries([...f.querySelectorAll('.cf-stat')].map((s) => [s.dataset.stat, s.querySelector('.cf-v').textContent])),
  links: f.querySelector('.skf-links') ? f.querySelector('.skf-links').dataset.links : null,
  lit: [...f.querySelectorAll('.skf-link.on')].map((x) => x.textContent).join(''),
  matrix: [...f.querySelectorAll('.wf-matrix:not(.wf-sub) .wf-cell')].map((c) => [Number(c.dataset.up), Number(c.dataset.right), c.dataset.mark]),
  sub: [...f.querySelectorAll('.wf-matrix.wf-sub .wf-cell')].map((c) => [Number(c.dataset.up), Number(c.dataset.right), c.dataset.mark]),
}))"""


def matrix_cells(text: str) -> set[tuple[int, int, str]]:
    """The marked cells of a matrix as the card data writes it: (up, right, mark) from the card's @."""
    rows = [r.split() for r in text.strip().splitlines() if r.strip()]
    at = next((i, j) for i, r in enumerate(rows) for j, c in enumerate(r) if c == "@")
    return {(at[0] - i, j - at[1], c) for i, r in enumerate(rows) for j, c in enumerate(r) if c != "."}


def expected_stats(game: str, c: Any) -> tuple[str | None, dict[str, str]]:
    """(cost, {stat: value}) as the face must print them, from the card object itself."""
    if game == "sarasvati":
        st = {"atk": str(c.atk), "def": str(c.def_)} if c.type in ("character", "equipment") else {}
        return str(c.cost), st
    if game == "suikoden":
        if c.type == "character":
            return None, {"atk": str(c.atk), "mil": str(c.mil), "con": str(c.con)}
        if c.type == "facility":
            return None, {"build": str(c.build), "block": str(c.block)}
        key = "duel_stat" if c.clear == "duel" else "value"
        return None, {key: str(c.value) if key == "value" else "", "vp": f"{c.vp[0]}/{c.vp[1]}"}
    if game == "maken":
        if c.kind != "attack":
            return None, {} if c.draw_limit is None else {"draw_limit": str(c.draw_limit)}
        reach = f"{c.reach_front}/{c.reach_back}" if c.split_reach else str(c.reach_front)
        return None, {"speed": str(c.speed), "reach": reach, "attack": str(c.attack), "guard": str(c.guard)}
    return None, {}


def check_faces(page: Page, game: str, lang: str) -> list[dict[str, Any]]:
    g = fudaba.load_game(game)
    faces = page.evaluate(FACES_JS)
    assert [f for f in faces if f["where"] == "hand"], "no card of the hand is drawn as a card"
    for f in faces:
        c = g.cards[f["id"]]
        assert f["name"] == c.name, f
        en = getattr(c, "name_en", "") or ""
        assert f["en"] == (en if lang == "en" and en and en != c.name else None), f
        cost, stats = expected_stats(game, c)
        assert f["cost"] == cost, f
        if game == "suikoden" and "duel_stat" in stats:
            assert set(f["stats"]) == set(stats) and f["stats"]["vp"] == stats["vp"], f
        else:
            assert f["stats"] == stats, f
        if game == "suikoden" and c.type == "character":
            assert f["links"] == c.links and f["lit"] == "".join(sorted(c.links)), f
        if game == "walpurgis":
            facts = g.card_facts(f["id"])
            shown = {(u, r, m) for u, r, m in f["matrix"] if m}
            assert shown == matrix_cells(str(facts["matrix"])), f
            assert len(f["matrix"]) == 25
            sub = {(u, r, m) for u, r, m in f["sub"] if m}
            assert sub == (matrix_cells(str(facts["sub_matrix"])) if facts["sub_matrix"] else set()), f
    return list(faces)


def check_board_matrices(page: Page) -> None:
    """A face-up formation on the field shows its card's matrix, cell by cell."""
    g = fudaba.load_game("walpurgis")
    shown = page.evaluate("""() => [...document.querySelectorAll('.wp-card[data-card]')].filter((c) => c.querySelector('.wf-tiny'))
      .map((c) => [c.dataset.card, [...c.querySelectorAll('.wf-tiny .wf-cell')].map((x) => [Number(x.dataset.up), Number(x.dataset.right), x.dataset.mark])])""")
    for cid, cells in shown:
        assert {(u, r, m) for u, r, m in cells if m} == matrix_cells(str(g.card_facts(cid)["matrix"])), cid


def check_backs(page: Page, game: str) -> None:
    """Every back on the page, and every face-down card of the opponent, shows no id and no name."""
    g = fudaba.load_game(game)
    names = {c.name for c in g.cards.values()} | {getattr(c, "name_en", "") for c in g.cards.values()} - {""}
    backs = page.evaluate("""() => [...document.querySelectorAll('.card-back, .mk-back, .wp-card.theirs.bullet,'
      + ' .wp-card.theirs.active, .wp-card.theirs.dormant')].map((b) => ({
        text: b.textContent,
        card: b.dataset.card || (b.querySelector('[data-card]') || {dataset: {}}).dataset.card
          || (b.closest('.sv-book') || {dataset: {}}).dataset.card || null,
        html: b.outerHTML }))""")
    ids = set(g.cards)
    for b in backs:
        assert b["card"] is None, b
        assert not any(i in b["html"] for i in ids), b
        assert not any(n and n in b["text"] for n in names), b
    # the opponent's hand: as many backs as it holds cards
    n = page.evaluate("() => document.querySelectorAll('.opp-zone .hand-backs .card-back').length")
    count = page.locator(".opp-zone .count-badge .count-n").first.inner_text()
    assert n == min(int(count), 40)


def prefer(verb: str, rng: random.Random) -> Any:
    """Take an action starting with ``verb`` when there is one (cards go to the table), else any."""
    other = any_policy(rng)

    def choose(acts: list[dict[str, Any]]) -> dict[str, Any]:
        first = [a for a in acts if a["text"].startswith(verb)]
        return rng.choice(first) if first else other(acts)

    return choose


# how each game's test play puts cards on the table, and where its table draws them as faces
POLICY = {"sarasvati": sarasvati_policy, "walpurgis": walpurgis_policy,
          "maken": lambda rng: prefer("bet", rng), "suikoden": any_policy}
TABLE_FACES = {"sarasvati": ".sv-slot .card-face", "maken": ".mk-unit .card-face", "walpurgis": ".wp-card .wf-tiny"}


def play_some(page: Page, frames: Frames, game: str, n: int) -> None:
    choose = POLICY[game](random.Random(3))
    for _ in range(n):
        if not wait_ready(page):
            break
        play_decision(page, frames, choose)
    wait_ready(page)


def fold(page: Page) -> None:
    """A narrow window keeps the decision panel over the board: fold it for the screenshot."""
    toggle = page.locator(".fold-toggle")
    if toggle.is_visible() and toggle.get_attribute("aria-expanded") == "true":
        toggle.click()


def inside_faces(page: Page) -> None:
    """Nothing drawn on a face spills over its frame (names wrap, values fit)."""
    spill = page.evaluate("""() => [...document.querySelectorAll('.card-face')].flatMap((f) => {
      const box = f.getBoundingClientRect();
      return [...f.querySelectorAll('*')].filter((e) => e.getClientRects().length).filter((e) => {
        const r = e.getBoundingClientRect();
        return r.right > box.right + 0.5 || r.left < box.left - 0.5 || r.bottom > box.bottom + 0.5;
      }).map((e) => `${f.dataset.card} ${e.tagName}.${e.getAttribute('class') || ''}`);
    })""")
    assert spill == [], spill


def fits(page: Page) -> None:
    """In a 400 px window nothing is wider than the window: the faces, the table, the page."""
    settle(page)
    widest = page.evaluate("() => Math.max(...[...document.querySelectorAll('.card-face')].map((f) => f.getBoundingClientRect().right))")
    assert widest <= 400
    wide = page.evaluate("""() => [...document.querySelectorAll('body *')].filter((e) => e.getBoundingClientRect().right > 400.5)
      .map((e) => e.tagName + '.' + e.className)""")
    assert wide == [], wide
    assert page.evaluate("() => document.documentElement.scrollWidth") == 400
    inside_faces(page)


def settle(page: Page) -> None:
    page.evaluate("() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))")


@pytest.mark.parametrize("game", GAMES)
def test_issue22_cards_drawn_as_cards(page: Page, server: Server, artifacts: Path, game: str) -> None:
    frames = Frames(page)
    res = post(server.url, "/api/rooms", {"game": game, "opponent": "random", "seat": 0, "seed": 7})
    page.goto(server.url + res["url"])
    wait_table(page)
    play_some(page, frames, game, 14)
    faces = check_faces(page, game, "en")
    print(game, "faces:", len(faces), "on the table:", sum(f["where"] == "table" for f in faces))
    if game in TABLE_FACES:
        assert page.locator(f".game-table {TABLE_FACES[game]}").count() > 0, "no card on the table drawn as a card"
    if game == "walpurgis":
        check_board_matrices(page)
    check_backs(page, game)
    inside_faces(page)
    no_images = page.evaluate("() => [...document.querySelectorAll('img')].map((i) => i.src)")
    assert no_images == []
    settle(page)
    page.screenshot(path=str(artifacts / f"faces-{game}-en-1280.png"), full_page=True)
    page.set_viewport_size({"width": 400, "height": 860})
    fold(page)
    settle(page)
    page.screenshot(path=str(artifacts / f"faces-{game}-en-400.png"), full_page=True)
    fits(page)
    page.locator(".lang-switch").click()
    page.wait_for_function("() => document.documentElement.lang === 'ja'")
    wait_ready(page)
    check_faces(page, game, "ja")
    fits(page)
    fold(page)
    settle(page)
    page.screenshot(path=str(artifacts / f"faces-{game}-ja-400.png"), full_page=True)
    page.set_viewport_size({"width": 1280, "height": 900})
    settle(page)
    page.screenshot(path=str(artifacts / f"faces-{game}-ja-1280.png"), full_page=True)
