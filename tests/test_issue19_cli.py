"""Issue 19 §1: the command line reads the games from their descriptors — the help names every game
installed (the engine's test game ``toy`` is registered in-process by tests/conftest.py, as a plugin
would be installed), ``fudaba games`` shows each descriptor's title and summary in both languages, and
no command falls back on a game named in its code."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

import fudaba
from fudaba.cli import app
from fudaba.core.registry import descriptor

runner = CliRunner()


def _flat(text: str) -> str:
    return " ".join(text.replace("│", " ").split())


def test_19_1_help_names_every_game_installed_by_its_descriptors_title() -> None:
    text = _flat(runner.invoke(app, ["--help"], env={"COLUMNS": "400"}).output)
    assert "Toy (toy)" in text  # a game no line of the CLI names
    for name in fudaba.games():
        assert f"{descriptor(name).title[0]} ({name})" in text


@pytest.mark.parametrize("cmd", ["play", "rules", "simulate", "ladder"])
def test_19_1_a_commands_game_argument_lists_the_games_installed(cmd: str) -> None:
    text = _flat(runner.invoke(app, [cmd, "--help"], env={"COLUMNS": "400"}).output)
    assert f"the game: {', '.join(fudaba.games())} (fudaba games lists them)" in text
    assert "rules variant (default: the game's first; fudaba games GAME lists them)" in text


def test_19_1_games_shows_the_descriptors_title_and_summary_in_both_languages() -> None:
    r = runner.invoke(app, ["games", "toy"], env={"COLUMNS": "200"})
    assert r.exit_code == 0, r.output
    assert r.output.splitlines()[1:4] == ["toy — Toy (おもちゃ)", "A tiny game for the engine's tests.",
                                          "エンジンのテスト用の小さなゲーム。"]
    ja = runner.invoke(app, ["games", "maken", "--lang", "ja"], env={"COLUMNS": "200"})
    assert ja.output.splitlines()[1:4] == [
        "maken — プロジェクト魔剣 (Project Maken)",
        "格闘ゲームのカード対戦: 速度と間合いで比べるベット、ガード、ガードブレイクとガードキャンセル、LP札。",
        "A fighting-game card duel: bets compared by speed and reach, guards, guard breaks and cancels, life cards."]


def test_19_1_cards_import_asks_for_the_game_when_several_import_posts(monkeypatch: pytest.MonkeyPatch) -> None:
    import toygame

    monkeypatch.setattr(toygame.ToyGame, "import_cards", lambda self, text, source="post", id_prefix="T-U": "")
    importing = sorted(n for n in fudaba.games() if n == "toy" or type(fudaba.load_game(n)).import_cards
                       is not fudaba.Game.import_cards)
    r = runner.invoke(app, ["cards", "import", "post.txt"])
    assert r.exit_code == 2
    assert _flat(r.output) == f"error: give --game: the games that import posts: {', '.join(importing)}"
