"""Issue 19 §1, §6 in the browser: the lobby lists every installed game by its descriptor's titles
(and shows its summary), the built-in games are drawn by their own table modules, and a game that
ships none — Goofspiel, the plugin under examples/goofspiel — is played to its end with the generic
table's buttons."""

from __future__ import annotations

import random

import pytest
from playwright.sync_api import Page

import fudaba
from fudaba.core.registry import descriptor

from .conftest import Server
from .helpers import DECIDE_TIMEOUT, Frames, current_actions, dataset, post, seq, wait_ready, wait_table

GOOFSPIEL = pytest.mark.skipif("goofspiel" not in fudaba.games(),
                               reason="the Goofspiel plugin is not installed (pip install -e ./examples/goofspiel)")


def test_issue19_the_lobby_names_the_games_by_their_descriptors(page: Page, server: Server) -> None:
    page.goto(server.url + "/")
    page.wait_for_selector("#game-select")
    options = page.eval_on_selector_all("#game-select option", "os => os.map((o) => [o.value, o.textContent])")
    installed = [g for g in fudaba.games() if g != "toy"]  # toy is registered in the test process only
    assert options == [[g, descriptor(g).title_in("en")] for g in installed]
    page.select_option("#game-select", "maken")
    assert page.inner_text(".game-summary") == descriptor("maken").summary_in("en")
    page.locator(".lang-switch").first.click()
    page.wait_for_function("() => document.documentElement.lang === 'ja'")
    options = page.eval_on_selector_all("#game-select option", "os => os.map((o) => o.textContent)")
    assert options == [descriptor(g).title_in("ja") for g in installed]
    assert page.inner_text(".game-summary") == descriptor("maken").summary_in("ja")


@pytest.mark.parametrize("game", ["maken", "sarasvati", "suikoden", "walpurgis"])
def test_issue19_a_built_in_game_is_drawn_by_its_own_table_module(page: Page, server: Server, game: str) -> None:
    res = post(server.url, "/api/rooms", {"game": game, "opponent": "random", "seat": 0, "seed": 3})
    page.goto(server.url + res["url"])
    wait_table(page)
    assert dataset(page)["table"] == "own"
    assert page.locator(".gen-table").count() == 0
    assert page.inner_text(".game-title").startswith(descriptor(game).title_in("en"))  # the descriptor's


@GOOFSPIEL
def test_issue19_goofspiel_is_played_to_its_end_with_the_generic_table(page: Page, server: Server) -> None:
    frames = Frames(page)
    res = post(server.url, "/api/rooms", {"game": "goofspiel", "opponent": "random", "seat": 0, "seed": 5,
                                          "params": {"cards": 4}})
    page.goto(server.url + res["url"])
    wait_table(page)
    assert dataset(page)["table"] == "generic"
    assert page.inner_text(".game-title") == "Goofspiel"
    rnd = random.Random(2)
    rounds = 0
    while wait_ready(page):
        before = seq(page)
        acts = current_actions(page, frames)
        assert acts and all(a["text"].startswith("bid ") for a in acts)
        a = rnd.choice(acts)
        # the generic table's own button for the option (ctx.choose), then the shell's confirmation
        page.locator(f'.gen-options button[data-action="{a["text"]}"]').click()
        page.locator(f'.decision-panel button[data-role="send"][data-action="{a["text"]}"]').click()
        page.wait_for_function(f"() => Number(document.querySelector('.table-page').dataset.seq) > {before}",
                               timeout=DECIDE_TIMEOUT)
        rounds += 1
    assert rounds == 3 and dataset(page)["over"] == "1"  # the last round bids the last cards by itself
    assert page.locator(".gen-table .gen-seat").count() == 2
    last = frames.last_state()
    assert last is not None and last["view"]["over"] and last["view"]["table"]["pot"] == []
    # in Japanese: the descriptor's title
    page.locator(".lang-switch").first.click()
    page.wait_for_function("() => document.documentElement.lang === 'ja'")
    assert page.inner_text(".game-title") == "ゴフシュピール"
