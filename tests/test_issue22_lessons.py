"""Issue 22 item 1: lessons. Every lesson of every game and variant loads, its goal is not met at
the start but is reachable, its scripted solution reaches it, and each of its "wrong" moves is legal
and misses the goal with the lesson's own explanation; the goal vocabulary, the refusals, hints,
the way back after a miss, progress, and ``fudaba learn``."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import fudaba
from fudaba.core.lessons import Judge, LessonError, lessons_for, parse_lessons
from fudaba.core.registry import descriptor
from fudaba.learn.progress import Progress, data_dir
from fudaba.learn.run import LessonRun, reachable, start_state

#: the search of the test may try this many moves (a lesson is small: it never needs as many)
BUDGET = 200_000


def games_with_lessons() -> list[tuple[str, str]]:
    out = []
    for name in fudaba.games():
        if descriptor(name).capability("lessons") is None:
            continue
        g = fudaba.load_game(name)
        out += [(name, v) for v in g.VARIANTS]
    return out


CASES = [(name, variant, les.id) for name, variant in games_with_lessons()
         for les in lessons_for(fudaba.load_game(name, variant))]


def lesson(name: str, variant: str, lid: str) -> tuple[Any, Any]:
    g = fudaba.load_game(name, variant)
    return g, next(les for les in lessons_for(g) if les.id == lid)


def test_every_game_has_lessons_8_to_15_per_variant() -> None:
    found = {name for name, _ in games_with_lessons()}
    assert found >= {"maken", "sarasvati", "suikoden", "walpurgis"}  # fudaba's own games
    for name, variant in games_with_lessons():
        n = len(lessons_for(fudaba.load_game(name, variant)))
        assert 8 <= n <= 15, (name, variant, n)


@pytest.mark.parametrize(("name", "variant", "lid"), CASES)
def test_lesson_position_loads_goal_reachable_and_solution_reaches_it(name: str, variant: str, lid: str) -> None:
    g, les = lesson(name, variant, lid)
    st = start_state(g, les)
    judge = Judge(les.goal, les.seat, len(st.log_view(les.seat)), descriptor(name).capability("lessons").goals)
    assert not judge.met(st), "the goal must not hold before the learner moves"
    assert st.current_player == les.seat
    assert reachable(st, judge, les, [], BUDGET) is True
    run = LessonRun(g, les, "en")
    for k, move in enumerate(les.solution):
        reply = run.submit(move)
        want = "done" if k == len(les.solution) - 1 else "moved"
        assert reply.kind == want, (move, reply)
    assert run.status == "done"


@pytest.mark.parametrize(("name", "variant", "lid"), [c for c in CASES if lesson(*c)[1].wrong])
def test_lesson_wrong_moves_are_legal_and_miss_with_their_own_explanation(name: str, variant: str, lid: str) -> None:
    g, les = lesson(name, variant, lid)
    for w in les.wrong:
        run = LessonRun(g, les, "ja")
        for move in w.after:  # the moves that lead to where it is played
            assert run.submit(move).kind == "moved", move
        for prefix in range(len(les.solution) + 1):  # else the first point of the solution where it is legal
            if any(a.text == w.action for a in run.state.legal_actions()):
                break
            assert prefix < len(les.solution), f"{w.action!r} is never legal on the solution's path"
            run.submit(les.solution[prefix])
        before = run.state.hash()
        reply = run.submit(w.action)
        assert reply.kind == "missed", (w.action, reply)
        assert reply.text.startswith(w.text["ja"])
        assert run.state.hash() == before  # taken back: the learner tries again from there
        assert run.status == "playing"


def test_lesson_texts_are_written_in_both_languages() -> None:
    for name, variant in games_with_lessons():
        for les in lessons_for(fudaba.load_game(name, variant)):
            for text in (les.title, les.text, les.goal_text, les.done, les.miss, *les.hints,
                         *(w.text for w in les.wrong)):
                assert text["en"] and text["ja"] and text["en"] != text["ja"]
                assert any(ord(ch) > 0x3000 for ch in text["ja"]), text["ja"]


def test_an_illegal_move_in_a_lesson_is_refused_with_the_rules_own_reason() -> None:
    g, les = lesson("walpurgis", "v2.01", "condition-squares")
    run = LessonRun(g, les, "en")
    reply = run.submit("place W-RR-01 3c up")
    assert reply.kind == "refused"
    assert reply.text == ("place W-RR-01 3c up: condition square 2c holds no formation of yours with icon レミリア "
                          "(§5.1; rulebook 8.1)")
    reply = LessonRun(g, les, "ja").submit("place W-RR-01 3a up")
    assert reply.kind == "refused" and "2a" in reply.text and "レミリア" in reply.text


def test_walpurgis_8_1_figure_lesson_refuses_bullet_opponent_and_other_icon_squares() -> None:
    g, les = lesson("walpurgis", "v2.01", "condition-squares")
    run = LessonRun(g, les, "en")
    for square in ("3a", "3b", "3c", "3e"):  # 2a other icon, 2b a bullet, 2c the opponent's, 2e empty
        assert run.submit(f"place W-RR-01 {square} up").kind == "refused"
    assert run.submit("place W-RR-01 3d up").kind == "done"  # 2d: a sideways face-down formation


def test_a_legal_move_that_cannot_reach_the_goal_shows_the_lessons_miss_text_and_is_taken_back() -> None:
    g, les = lesson("walpurgis", "v2.01", "destroy-squares")
    run = LessonRun(g, les, "en")
    start = run.state.hash()
    reply = run.submit("place W-RR-02 1a down")  # not listed as wrong: the search finds the goal out of reach
    assert reply.kind == "missed"
    assert reply.text.startswith(les.miss["en"])
    assert run.state.hash() == start and run.mine == []


def test_a_miss_at_the_end_of_the_moves_goes_back_to_a_position_the_goal_can_still_be_reached_from() -> None:
    g, les = lesson("walpurgis", "v2.01", "empty-bullet-squares")
    run = LessonRun(g, les, "en")
    run.submit("place W-RR-01 3c up")
    reply = run.submit("bullet 4b")  # the lesson's own "why"
    assert reply.kind == "missed" and "4b" in reply.text
    assert [a.text for a in run.state.legal_actions()] == ["bullet 4b", "bullet 4d", "done"]
    assert run.submit("bullet 4d").kind == "moved"
    assert run.submit("done").kind == "done"


def test_lesson_hints_come_one_after_another_and_restart_goes_back_to_the_position() -> None:
    g, les = lesson("walpurgis", "v2.01", "first-shot")
    run = LessonRun(g, les, "en")
    first, second, again = run.submit("hint"), run.submit("hint"), run.submit("hint")
    assert first.text == "Hint 1/2: " + les.hints[0]["en"]
    assert second.text == again.text == "Hint 2/2: " + les.hints[1]["en"]
    start = run.state.hash()
    run.submit("place W-RR-01 3c up")
    assert run.state.hash() != start
    assert run.submit("restart").kind == "text" and run.state.hash() == start


def test_lesson_commands_of_play_still_work() -> None:
    g, les = lesson("walpurgis", "v2.01", "first-shot")
    run = LessonRun(g, les, "ja")
    assert "通常弾(レミリア)" in run.submit("info W-RR-01").text
    assert run.submit("why end").kind == "text"
    assert run.submit("goal").text == "目標: " + les.goal_text["ja"]
    assert run.submit("quit").kind == "quit"


def test_goal_vocabulary_view_played_survive_and_combinations() -> None:
    g, les = lesson("walpurgis", "v2.01", "first-shot")
    st = start_state(g, les)
    j = Judge({"view": "players.0.hand", "len_ge": 1}, 0, 0)
    assert j.met(st)
    assert not Judge({"view": "players.0.hand", "has": "W-RR-05"}, 0, 0).met(st)
    assert Judge({"played": "end"}, 0, 0).met(st, ["END"])
    assert Judge({"survive": 5}, 0, 0).met(st) and not Judge({"survive": 6}, 0, 0).met(st)
    assert Judge({"none": [{"win": True}]}, 0, 0).met(st)
    assert Judge({"any": [{"win": True}, {"view": "turn", "eq": 5}]}, 0, 0).met(st)
    with pytest.raises(LessonError, match="no such check"):
        Judge({"check": "nothing"}, 0, 0).met(st)


def test_lesson_file_problems_name_the_lesson_and_the_key() -> None:
    good = '''
[[lesson]]
id = "a"
title = { en = "A", ja = "あ" }
text = { en = "T", ja = "て" }
goal = { win = true }
goal_text = { en = "G", ja = "じ" }
solution = ["end"]
hints = [{ en = "H", ja = "ひ" }]
done = { en = "D", ja = "ど" }
miss = { en = "M", ja = "み" }
position = { turn = 1 }
'''
    assert parse_lessons(good)[0].id == "a"
    with pytest.raises(LessonError, match=r"lesson 'a': title: a text in both languages"):
        parse_lessons(good.replace('title = { en = "A", ja = "あ" }', 'title = { en = "A" }'))
    with pytest.raises(LessonError, match=r"lesson 'a': goal: a goal has exactly one of"):
        parse_lessons(good.replace("goal = { win = true }", "goal = { won = true }"))
    with pytest.raises(LessonError, match=r"lesson\[0\]: key 'miss' is missing"):
        parse_lessons(good.replace('miss = { en = "M", ja = "み" }', ""))
    with pytest.raises(LessonError, match="used twice: a"):
        parse_lessons(good + good)


def test_progress_is_kept_in_xdg_data_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    if os.name != "nt":
        assert data_dir() == tmp_path / "fudaba"
    p = Progress()
    p.mark("walpurgis", "v1.01", "rapid-fire")
    assert json.loads((tmp_path / "fudaba" / "progress.json").read_text("utf-8")) == {
        "version": 1, "lessons": {"walpurgis/v1.01": ["rapid-fire"]}}
    assert Progress().is_done("walpurgis", "v1.01", "rapid-fire")
    assert not Progress().is_done("walpurgis", "v2.01", "rapid-fire")


def test_progress_file_on_windows_is_in_appdata_and_elsewhere_in_xdg_data_home() -> None:
    assert data_dir("nt", {"APPDATA": "C:/Users/a/AppData/Roaming"}) == Path("C:/Users/a/AppData/Roaming/fudaba")
    assert data_dir("posix", {"XDG_DATA_HOME": "/x/share"}) == Path("/x/share/fudaba")
    assert data_dir("posix", {}) == Path.home() / ".local" / "share" / "fudaba"


def test_a_progress_file_that_cannot_be_read_is_kept_aside(tmp_path: Path) -> None:
    f = tmp_path / "progress.json"
    f.write_text("{not json", encoding="utf-8")
    p = Progress(f)
    assert p.done("maken", "default") == []
    assert (tmp_path / "progress.json.bad").read_text("utf-8") == "{not json"
    p.mark("maken", "default", "x")
    assert Progress(f).done("maken", "default") == ["x"]


def fudaba_cli(args: list[str], stdin: str, home: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "XDG_DATA_HOME": str(home), "COLUMNS": "100", "PYTHONIOENCODING": "utf-8"}
    return subprocess.run([sys.executable, "-c", "from fudaba.cli import main; main()", *args], input=stdin,
                          capture_output=True,
                          text=True, env=env, timeout=120)


def test_cli_learn_list_shows_number_title_and_done(tmp_path: Path) -> None:
    Progress(tmp_path / "fudaba" / "progress.json").mark("walpurgis", "v2.01", "condition-squares")
    r = fudaba_cli(["learn", "walpurgis", "--list", "--lang", "en"], "", tmp_path)
    assert r.returncode == 0, r.stderr
    lines = r.stdout.splitlines()
    assert lines[0] == "walpurgis v2.01 — lessons (1/11 done)"
    assert lines[1] == "  1. [    ] Your first Normal Shot"
    assert lines[2] == "  2. [done] Which formations meet a condition (8.1)"
    r = fudaba_cli(["learn", "walpurgis", "--list", "--variant", "v1.01"], "", tmp_path)
    assert r.stdout.splitlines()[0] == "walpurgis v1.01 — レッスン (0/12 完了)"
    assert "  8. [    ] v1.01 の2人のカードがあるマスの弾幕処理" in r.stdout.splitlines()


def test_cli_learn_lesson_refuses_misses_completes_and_remembers(tmp_path: Path) -> None:
    moves = "place W-RR-01 3c up\ndone\nbullet 4d\nq\n"
    r = fudaba_cli(["learn", "walpurgis", "1", "--lang", "en"], moves, tmp_path)
    assert r.returncode == 0, r.stderr
    words = " ".join(r.stdout.split())  # the lesson's prose is wrapped at the terminal's width, between words
    assert "Not the goal: 'done' ends the bullets: 4d stays empty." in words
    assert "Lesson complete: Placing a card face up where its condition holds activates it" in words
    assert not any(len(ln) > 100 for ln in r.stdout.splitlines() if ln.startswith(("Not the goal", "Lesson complete")))  # COLUMNS=100
    assert "Next: lesson 2, Which formations meet a condition (8.1)" in r.stdout
    saved = json.loads((tmp_path / "fudaba" / "progress.json").read_text("utf-8"))
    assert saved["lessons"] == {"walpurgis/v2.01": ["first-shot"]}


def test_cli_learn_unknown_lesson_is_one_line_and_exit_2(tmp_path: Path) -> None:
    r = fudaba_cli(["learn", "walpurgis", "99"], "", tmp_path)
    assert r.returncode == 2
    assert "walpurgis v2.01: no lesson '99'; lessons 1–11 (fudaba learn walpurgis --list)" in r.stderr
    assert "Traceback" not in r.stderr


def test_every_lessons_file_is_package_data() -> None:
    """An installed fudaba (not only a source tree) carries each game's lessons file."""
    import fnmatch
    import tomllib

    root = Path(__file__).resolve().parents[1]
    globs = tomllib.loads((root / "pyproject.toml").read_text("utf-8"))["tool"]["setuptools"]["package-data"]
    for name, _ in games_with_lessons():
        book = descriptor(name).capability("lessons")
        if not book.package.startswith("fudaba.games."):
            continue
        rel = f"{book.package.removeprefix('fudaba.games.')}/{book.data}"
        assert any(fnmatch.fnmatch(rel, g) for g in globs["fudaba.games"]), rel
