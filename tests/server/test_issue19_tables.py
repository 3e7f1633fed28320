"""Issue 19 §1: the server reads the games from their descriptors — ``/api/games`` gives each game's
titles and summary and says which table module draws it; a game's table module and stylesheet are
served from its own package (``descriptor.web_table``/``web_style``) at the URLs of the shell's
files, the old ``static/js/games/<name>.js`` until a game has moved them; a game that ships none is
played with the generic table; the shell's own files are never replaced."""

from __future__ import annotations

import dataclasses
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from fudaba.core import registry
from fudaba.core.descriptor import GameDescriptor
from fudaba.server.app import STATIC
from fudaba.server.tables import SHELL, game_web

from .helpers import create, join, make_client

TABLE_JS = "// the web toy's table\nexport function renderTable(view, ctx) { return null; }\n"
TABLE_CSS = ".webtoy-table { color: #123456; }\n"


@pytest.fixture
def web_toy(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[GameDescriptor]:
    """The toy game as an installed package that ships a table module and a stylesheet."""
    pkg = tmp_path / "fudaba_webtoy"
    (pkg / "web").mkdir(parents=True)
    (pkg / "__init__.py").write_text("")
    (pkg / "game.py").write_text("from toygame import ToyGame as ToyGame\n")
    (pkg / "web" / "table.js").write_text(TABLE_JS)
    (pkg / "web" / "table.css").write_text(TABLE_CSS)
    monkeypatch.syspath_prepend(str(tmp_path))
    desc = dataclasses.replace(registry.descriptor("toy"), game="fudaba_webtoy.game:ToyGame",
                               web_table="web/table.js", web_style="web/table.css")
    monkeypatch.setitem(registry._REGISTERED, "toy", desc)
    yield desc
    sys.modules.pop("fudaba_webtoy.game", None)
    sys.modules.pop("fudaba_webtoy", None)


def test_19_1_api_games_gives_the_descriptors_titles_summary_and_table(tmp_path: Path) -> None:
    with make_client(tmp_path / "db.sqlite3") as client:
        got = {g["name"]: g for g in client.get("/api/games").json()}
        assert set(got) == set(registry.games())
        for name, g in got.items():
            d = registry.descriptor(name)
            assert (g["title"], g["title_en"], g["title_ja"]) == (d.title_in("ja"), d.title[0], d.title_in("ja"))
            assert (g["summary_en"], g["summary_ja"]) == (d.summary_in("en"), d.summary_in("ja"))
            # the module drawing it: its own (served from its package, or the shell's old file) or none
            assert g["table"] in (f"/static/js/games/{name}.js", None)
            if g["table"]:
                r = client.get(g["table"])
                assert r.status_code == 200 and "javascript" in r.headers["content-type"]
                assert "export function renderTable" in r.text
        assert got["toy"]["table"] is None and got["toy"]["style"] is None  # the generic table plays it
        assert got["maken"]["title_en"] == "Project Maken" and got["maken"]["title"] == "プロジェクト魔剣"
        # the lobby reads the titles from here: its English title map is gone
        assert "Project Maken" not in (STATIC / "js" / "lobby.js").read_text(encoding="utf-8")


def test_19_1_a_games_table_module_and_stylesheet_are_served_from_its_package(tmp_path: Path,
                                                                               web_toy: GameDescriptor) -> None:
    with make_client(tmp_path / "db.sqlite3") as client:
        toy = next(g for g in client.get("/api/games").json() if g["name"] == "toy")
        assert (toy["table"], toy["style"]) == ("/static/js/games/toy.js", "/static/css/toy.css")
        js = client.get("/static/js/games/toy.js")
        assert js.status_code == 200 and js.text == TABLE_JS and js.headers["content-type"].startswith("text/javascript")
        css = client.get("/static/css/toy.css")
        assert css.status_code == 200 and css.text == TABLE_CSS and css.headers["content-type"].startswith("text/css")
        # the shell's own files are still the shell's
        assert client.get("/static/js/games/generic.js").text == (STATIC / "js/games/generic.js").read_text(encoding="utf-8")
        assert client.get("/static/css/table.css").text == (STATIC / "css/table.css").read_text(encoding="utf-8")
        # the table page hears of it when it joins
        room = create(client, game="toy", opponent="random", seat=0)
        with client.websocket_connect(f"/ws/{room['room']}") as ws:
            joined, _ = join(ws, room["token"])
        assert (joined["title"], joined["table"], joined["style"]) == (
            ["Toy", "おもちゃ"], "/static/js/games/toy.js", "/static/css/toy.css")


def test_19_1_a_game_without_a_table_joins_with_the_generic_table(tmp_path: Path) -> None:
    with make_client(tmp_path / "db.sqlite3") as client:
        room = create(client, game="toy", opponent="random", seat=0)
        with client.websocket_connect(f"/ws/{room['room']}") as ws:
            joined, state = join(ws, room["token"])
        assert (joined["title"], joined["table"], joined["style"]) == (["Toy", "おもちゃ"], None, None)
        assert state["view"]["you"] == 0  # the toy's own view (it has no envelope)
        assert client.get("/static/js/games/toy.js").status_code == 404


def test_19_1_a_table_outside_its_package_or_named_like_a_shell_file_is_not_served(
        tmp_path: Path, web_toy: GameDescriptor, monkeypatch: pytest.MonkeyPatch) -> None:
    outside = dataclasses.replace(web_toy, web_table="../../../etc/passwd", web_style="web/none.css")
    monkeypatch.setitem(registry._REGISTERED, "toy", outside)
    shell = dataclasses.replace(web_toy, name="generic")
    monkeypatch.setitem(registry._REGISTERED, "generic", shell)
    web = game_web()
    assert (web["toy"].table, web["toy"].style) == (None, None)
    assert "generic" in SHELL["js/games"] and web["generic"].table is None
    assert web["generic"].style is not None  # "generic" is no stylesheet of the shell's
    with make_client(tmp_path / "db.sqlite3") as client:
        assert client.get("/static/js/games/toy.js").status_code == 404
        assert client.get("/static/js/games/generic.js").text == (STATIC / "js/games/generic.js").read_text(encoding="utf-8")
