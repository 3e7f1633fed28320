"""Issue 18 §2, records and the terminal, as a player meets them: Ctrl-C keeps the game played so far,
type-ahead never answers another decision, starter decks by name with their measured balance, the
AI seeded from the game's seed, one error line for an unknown opponent, and ``--help`` naming every
game. (Japanese texts without developer notation: test_issue18_texts.py; the Walpurgis board at
80×24: tests/walpurgis/test_issue6_board_text.py and test_issue18_screen.py.)"""

from __future__ import annotations

import json
import os
import pty
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

import fudaba
from fudaba.agents import make_agent
from fudaba.cli import app
from fudaba.cli import play as cli_play
from fudaba.core.session import Session
from fudaba.sim import wilson

runner = CliRunner()
SRC = str(Path(fudaba.__file__).resolve().parents[1])
#: the games fudaba ships (a test may register a toy game of its own)
REAL_GAMES = ("maken", "sarasvati", "suikoden", "walpurgis")
CHOOSE = "Number or notation (help"  # the English input prompt (cli/common.py T["en"]["choose"])


class Fudaba:
    """``fudaba ARGS`` in a process of its own (stdout read by a thread, so the test can wait for
    what it prints), for what CliRunner cannot do: signals and a terminal's type-ahead."""

    def __init__(self, args: list[str], stdin: Any = subprocess.PIPE, pythonpath: str = "") -> None:
        env = {**os.environ, "PYTHONPATH": os.pathsep.join(p for p in (SRC, pythonpath) if p), "COLUMNS": "100"}
        self.proc = subprocess.Popen([sys.executable, "-c", "from fudaba.cli import main; main()", *args],
                                     stdin=stdin, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
        self.out = b""
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    def _read(self) -> None:
        assert self.proc.stdout is not None
        while chunk := self.proc.stdout.read1(4096):
            self.out += chunk

    @property
    def text(self) -> str:
        return self.out.decode("utf-8", "replace")

    def wait_for(self, ready: Callable[[], bool], what: str, timeout: float = 60) -> None:
        end = time.monotonic() + timeout
        while not ready():
            if self.proc.poll() is not None or time.monotonic() > end:
                self.proc.kill()
                raise AssertionError(f"{what}: not seen (exit {self.proc.returncode}); output:\n{self.text[-3000:]}")
            time.sleep(0.05)

    def send(self, line: str) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write((line + "\n").encode())
        self.proc.stdin.flush()

    def interrupt(self) -> tuple[int, str, str]:
        """Ctrl-C (SIGINT); the exit code, stdout and stderr."""
        self.proc.send_signal(signal.SIGINT)
        try:
            code = self.proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            raise
        self.reader.join(timeout=10)
        assert self.proc.stderr is not None
        return code, self.text, self.proc.stderr.read().decode("utf-8", "replace")


def expected_history(game: fudaba.Game, seed: int, agent: Any, inputs: list[str]) -> list[str]:
    """The actions the terminal plays for ``inputs`` (typed at seat 0's decisions, as ``play`` reads
    them: the menu shown, then the line handled), the agent at seat 1 seeded like ``play`` seeds it."""
    decks = [game.starter_deck(n) for n in game.player_starters()]
    st = game.new_game(decks=decks, seed=seed)
    agent.reset(game, 1, seed)
    sess = Session(game, st, [None, agent], "en")
    for line in inputs:
        sess.play_agents()
        sess.menu(0)
        sess.handle(0, line)
    sess.play_agents()
    return list(st.history)


# ---------------------------------------------------------------------------------------------- Ctrl-C
def test_issue18_2_ctrl_c_while_the_player_types_saves_every_action_played_and_says_where(tmp_path: Path) -> None:
    rec = tmp_path / "game.json"
    p = Fudaba(["play", "maken", "--lang", "en", "--opponent", "random", "--seed", "4", "--first", "0",
                "--record", str(rec)])
    answers = ["1", "1", "1", "1"]
    for k, line in enumerate(answers, 1):
        p.wait_for(lambda k=k: p.text.count(CHOOSE) >= k, f"decision {k}")  # type: ignore[misc]
        p.send(line)
    p.wait_for(lambda: p.text.count(CHOOSE) > len(answers), "the decision after the last answer")
    code, out, err = p.interrupt()
    assert code == 130, (out[-2000:], err)
    assert "Traceback" not in err and "KeyboardInterrupt" not in err + out
    assert out.rstrip().splitlines()[-1] == (f"Interrupted (Ctrl-C): the game so far is saved in {rec} (replay it: "
                                             f"fudaba replay {rec})")
    doc = json.loads(rec.read_text(encoding="utf-8"))
    want = expected_history(fudaba.load_game("maken", first="0"), 4, make_agent("random", "maken"), answers)
    assert len(want) > len(answers) and doc["actions"] == want
    assert fudaba.replay(rec.read_text(encoding="utf-8")).hash() == doc["final_hash"]  # a whole, valid record


SLOW_AGENT = '''
import pathlib, time
from fudaba.agents import Agent

class Slow(Agent):
    """Thinks for a minute (long enough to be interrupted), saying so in a file first."""
    name = "slow"

    def act(self, infoset):
        pathlib.Path({mark!r}).write_text("thinking")
        time.sleep(60)
        return infoset.decision.options[0]
'''


class _Stop(Exception):
    pass


class _Stopper:
    """The slow agent's place in the expected game: the game stops where it starts to think."""

    name = "slow"

    def reset(self, game: Any, seat: int, seed: int) -> None:
        pass

    def act(self, infoset: Any) -> Any:
        raise _Stop


def test_issue18_2_ctrl_c_while_the_ai_thinks_saves_the_game_and_exits_130(tmp_path: Path) -> None:
    mark = tmp_path / "thinking"
    (tmp_path / "slowagent.py").write_text(SLOW_AGENT.format(mark=str(mark)), encoding="utf-8")
    rec = tmp_path / "game.json"
    p = Fudaba(["play", "sarasvati", "--lang", "ja", "--opponent", "slowagent:Slow", "--seed", "2", "--first", "0",
                "--record", str(rec)], pythonpath=str(tmp_path))
    p.wait_for(lambda: "番号か記法で入力" in p.text, "the first decision")
    p.send("pass")  # the charge phase: the AI's turn comes later in this turn or the next
    p.send("end")
    p.send("end")
    p.send("end")
    p.wait_for(mark.exists, "the AI thinking")
    code, out, err = p.interrupt()
    assert code == 130 and "Traceback" not in err, err
    assert out.rstrip().splitlines()[-1] == (f"中断しました (Ctrl-C)。ここまでの対戦を {rec} に保存しました "
                                             f"(再生: fudaba replay {rec})")
    doc = json.loads(rec.read_text(encoding="utf-8"))
    g = fudaba.load_game("sarasvati", first="0")
    decks = [g.starter_deck(n) for n in g.player_starters()]
    st = g.new_game(decks=decks, seed=2)
    sess = Session(g, st, [None, _Stopper()], "ja")
    with pytest.raises(_Stop):
        for line in ("pass", "end", "end", "end"):
            sess.play_agents()
            sess.menu(0)
            sess.handle(0, line)
        sess.play_agents()
    assert doc["actions"] == st.history and doc["actions"][:1] == ["pass"]
    assert doc["over"] is False


def test_issue18_2_ctrl_c_without_a_record_leaves_one_short_line() -> None:
    p = Fudaba(["play", "walpurgis", "--lang", "en", "--seed", "1"])
    p.wait_for(lambda: CHOOSE in p.text, "the first decision")
    code, out, err = p.interrupt()
    assert code == 130 and err == ""
    assert out.rstrip().splitlines()[-1] == "Interrupted (Ctrl-C): the game is left unfinished."


def test_issue18_2_ctrl_c_while_an_action_is_applied_waits_for_the_action_to_finish() -> None:
    # a signal in the middle of apply would leave a half-played action in the state and its record:
    # play holds Ctrl-C back while the session applies one, and raises it right after
    ctrl_c = cli_play.CtrlC()
    done: list[str] = []
    with ctrl_c.installed(), pytest.raises(KeyboardInterrupt), ctrl_c.shield():
        signal.raise_signal(signal.SIGINT)
        done.append("the rest of the action")
    assert done == ["the rest of the action"]
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler  # put back after the game
    # and a session applies every action inside its shield
    g = fudaba.load_game("maken")
    sess = Session(g, g.new_game(seed=1), [None, None], "en")
    entered: list[int] = []

    class Shield:
        def __enter__(self) -> None:
            entered.append(len(sess.state.history))

        def __exit__(self, *exc: object) -> None:
            return None

    sess.shield = Shield
    d = sess.state.decision
    assert d is not None
    assert sess.handle(d.player, d.options[0].text).kind == "moved" and entered == [0]


# ------------------------------------------------------------------------------------------ type-ahead
def test_issue18_2_a_line_typed_ahead_never_answers_the_next_decision(tmp_path: Path) -> None:
    # "1" and "concede" typed at once at the first decision: "1" answers it; "concede" was typed for
    # that decision too, and must not be applied to the next one (which it would be, word for word)
    master, slave = pty.openpty()
    rec = tmp_path / "game.json"
    try:
        p = Fudaba(["play", "maken", "--lang", "en", "--opponent", "random", "--seed", "4", "--first", "0",
                    "--record", str(rec)], stdin=slave)
        p.wait_for(lambda: p.text.count(CHOOSE) >= 1, "the first decision")
        time.sleep(0.3)  # the process is waiting in input()
        os.write(master, b"1\nconcede\n")
        p.wait_for(lambda: p.text.count(CHOOSE) >= 2, "the next decision")
        time.sleep(0.5)  # a carried-over line would be read now
        assert "Result" not in p.text
        code, out, err = p.interrupt()
    finally:
        os.close(master)
        os.close(slave)
    assert code == 130, (out[-1500:], err)
    doc = json.loads(rec.read_text(encoding="utf-8"))
    want = expected_history(fudaba.load_game("maken", first="0"), 4, make_agent("random", "maken"), ["1"])
    assert doc["actions"] == want and "concede 0" not in doc["actions"] and doc["over"] is False


def test_issue18_2_piped_input_is_read_as_it_is() -> None:
    # a script's lines are all for the game: nothing is dropped when stdin is no terminal
    r = runner.invoke(app, ["play", "maken", "--lang", "en", "--seed", "4", "--first", "0", "--opponent", "random"],
                      input="1\nconcede\n")
    assert r.exit_code == 0 and "player 0 conceded" in r.output


# ------------------------------------------------------------------------------------- starter decks
def test_issue18_2_every_starter_deck_has_a_title_and_a_line_in_both_languages_and_every_pair_is_measured() -> None:
    for name in REAL_GAMES:
        for variant in fudaba.load_game(name).VARIANTS:
            g = fudaba.load_game(name, variant)
            info = g.starter_deck_info()
            assert [d.name for d in info] == sorted(g.starter_decks())
            for d in info:
                assert d.title_ja and d.title_en and d.text_ja and d.text_en, (name, d.name)
                assert "\n" not in d.text_ja + d.text_en
            pairs = {frozenset(b.decks) for d in info for b in d.balance}
            names = [d.name for d in info]
            assert pairs == {frozenset((a, b)) for i, a in enumerate(names) for b in names[i + 1:]}, (name, variant)
            for d in info:
                for b in d.balance:
                    assert sum(b.wins) + b.draws == b.games >= 400 and b.agents == "greedy,greedy"


def test_issue18_2_a_new_player_gets_the_stronger_deck_of_the_default_pair() -> None:
    # suikoden's first starter deck won 111 of 400 greedy mirror games: the player takes the other
    g = fudaba.load_game("suikoden")
    assert g.player_starters() == ("b_highland", "a_alliance")
    high = next(d for d in g.starter_deck_info() if d.name == "b_highland")
    (b,) = high.balance
    assert (b.decks, b.wins, b.games) == (("a_alliance", "b_highland"), (111, 289), 400)
    assert fudaba.load_game("sarasvati").player_starters() == ("b_keepers", "a_vanguard")
    assert fudaba.load_game("walpurgis").player_starters() == ("marisa", "patchouli")
    assert fudaba.load_game("maken").player_starters() == ("ai", "gray")
    # new_game without decks keeps dealing the first two by name (the API's contract)
    assert g.new_game(seed=1).origin["decks"][0]["main"] == list(g.starter_deck("a_alliance").main)


def test_issue18_2_play_names_both_decks_and_the_measured_balance(tmp_path: Path) -> None:
    lo, hi = wilson(289, 400)
    rec = tmp_path / "g.json"
    r = runner.invoke(app, ["play", "suikoden", "--lang", "en", "--record", str(rec)], input="quit\n")
    assert r.exit_code == 0, r.output
    assert r.output.splitlines()[1] == (
        "Your deck: Highland Army (b_highland); the opponent's: New Alliance Army (a_alliance). Measured: yours won "
        f"72.2% of 400 games between these two decks, greedy against greedy (95% interval {100 * lo:.0f}–"
        f"{100 * hi:.0f}%). Another deck: --deck NAME (fudaba games suikoden lists them).")
    g = fudaba.load_game("suikoden")
    decks = json.loads(rec.read_text(encoding="utf-8"))["decks"]
    assert [d["main"] for d in decks] == [list(g.starter_deck(n).main) for n in ("b_highland", "a_alliance")]
    # the weaker deck, chosen by name: said, not silent; the opponent gets the other deck of the pair
    r = runner.invoke(app, ["play", "suikoden", "--lang", "ja", "--deck", "a_alliance", "--record", str(rec)],
                      input="quit\n")
    assert r.output.splitlines()[1].startswith("あなたのデッキ: 新同盟軍 (a_alliance)、相手: 王国軍 (b_highland)。測定: "
                                               "この2つのデッキの400戦 (greedy同士) で、あなたのデッキの勝率は27.8%")
    decks = json.loads(rec.read_text(encoding="utf-8"))["decks"]
    assert [d["main"] for d in decks] == [list(g.starter_deck(n).main) for n in ("a_alliance", "b_highland")]


@pytest.mark.parametrize(("args", "seats"), [
    (["--deck", "reimu", "--opponent-deck", "REMILIA"], ("reimu", "remilia")),  # names, any case
    (["--deck", "霊夢"], ("reimu", "patchouli")),  # a title; outside the default pair: the default opponent
    (["--deck", "patchouli"], ("patchouli", "marisa")),  # the opponent's default deck: the other one
    (["--opponent-deck", "reimu"], ("marisa", "reimu")),
])
def test_issue18_2_either_seat_takes_any_starter_deck_by_name(tmp_path: Path, args: list[str],
                                                               seats: tuple[str, str]) -> None:
    rec = tmp_path / "g.json"
    r = runner.invoke(app, ["play", "walpurgis", "--lang", "en", "--record", str(rec), *args], input="quit\n")
    assert r.exit_code == 0, r.output
    g = fudaba.load_game("walpurgis")
    decks = json.loads(rec.read_text(encoding="utf-8"))["decks"]
    assert [d["main"] for d in decks] == [list(g.starter_deck(n).main) for n in seats]


def test_issue18_2_an_unknown_deck_name_is_one_line_listing_the_starter_decks() -> None:
    for cmd in (["play", "suikoden", "--deck", "highland"], ["simulate", "suikoden", "--deck-b", "highland"]):
        r = runner.invoke(app, cmd, input="quit\n")
        option = cmd[2]
        assert r.exit_code == 2 and r.output == (
            f"error: {option} highland: no such file, and no starter deck of that name; the starter decks of "
            "suikoden: a_alliance, b_highland (fudaba games suikoden)\n")


def test_issue18_2_simulate_takes_starter_decks_by_name_like_their_files(tmp_path: Path) -> None:
    deck_dir = Path(fudaba.__file__).parent / "games" / "sarasvati" / "decks"
    out_names, out_files = tmp_path / "n.jsonl", tmp_path / "f.jsonl"
    base = ["simulate", "sarasvati", "--games", "4", "--agents", "greedy,random", "--seed", "3"]
    r = runner.invoke(app, [*base, "--deck-a", "c_workshop", "--deck-b", "a_vanguard", "--out", str(out_names)])
    assert r.exit_code == 0, r.output
    r = runner.invoke(app, [*base, "--deck-a", str(deck_dir / "c_workshop.txt"), "--deck-b",
                            str(deck_dir / "a_vanguard.txt"), "--out", str(out_files)])
    assert r.exit_code == 0, r.output
    strip = [{k: v for k, v in json.loads(x).items() if k != "decks"} for x in out_names.read_text().splitlines()]
    again = [{k: v for k, v in json.loads(x).items() if k != "decks"} for x in out_files.read_text().splitlines()]
    assert strip == again and strip[0]["actions"]
    first = json.loads(out_names.read_text().splitlines()[0])
    a_seat = first["meta"]["agent_a_seat"]
    assert first["decks"][a_seat]["main"] == list(fudaba.load_game("sarasvati").starter_deck("c_workshop").main)


def test_issue18_2_games_lists_the_starter_decks_their_lines_and_measured_balance() -> None:
    r = runner.invoke(app, ["games", "suikoden"], env={"COLUMNS": "160"})
    assert r.exit_code == 0, r.output
    out = " ".join(r.output.split())
    assert "suikoden: starter decks (--deck NAME)" in out
    assert "│ a_alliance │ New Alliance Army │ Flik, Viktor and Shu's alliance" in out
    assert "│ b_highland │ Highland Army │ Highland's leaders Solon Jhee" in out
    lo, hi = wilson(111, 400)
    assert "suikoden: starter decks measured (the same AI on both sides, seats alternating)" in out
    assert (f"│ a_alliance │ 27.8% ({100 * lo:.0f}–{100 * hi:.0f}%) │ b_highland │ 72.2% ({100 * (1 - hi):.0f}–"
            f"{100 * (1 - lo):.0f}%) │ 0 │ 400 │ greedy,greedy │") in out
    assert ("again: fudaba simulate suikoden --agents greedy,greedy --deck-a a_alliance --deck-b b_highland --games "
            "400 --seed 0 --workers 1") in out
    assert "fudaba play suikoden without --deck gives you b_highland and the AI a_alliance" in out
    ja = " ".join(runner.invoke(app, ["games", "walpurgis", "--lang", "ja"], env={"COLUMNS": "160"}).output.split())
    assert "│ reimu │ 霊夢 │ 博麗霊夢" in ja and "walpurgis v1.01: スターターデッキの相性" in ja


def test_issue18_2_the_games_catalogue_carries_the_starter_decks() -> None:
    pytest.importorskip("starlette")
    import tempfile

    from tests.server.helpers import make_client

    with tempfile.TemporaryDirectory() as d, make_client(Path(d) / "db.sqlite3") as client:
        got = {x["name"]: x for x in client.get("/api/games").json()}
    s = got["suikoden"]["starters"]["default"]
    assert [x["name"] for x in s] == ["a_alliance", "b_highland"]
    assert s[1]["title_ja"] == "王国軍" and s[1]["en"].startswith("Highland's leaders")
    assert s[1]["balance"][0]["wins"] == [111, 289] and s[1]["balance"][0]["games"] == 400
    assert [x["name"] for x in got["walpurgis"]["starters"]["v1.01"]] == ["marisa", "patchouli", "reimu", "remilia"]


# ------------------------------------------------------------------------------ the AI, help, errors
def test_issue18_2_the_same_seed_against_a_search_level_gives_the_same_game_on_any_machine(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # the level's time cap would cut a search short on a slow (here: a very slow) clock: play searches
    # the level's iterations alone, seeded from --seed
    from fudaba.agents import ismcts

    def game_with(clock: Callable[[], float] | None) -> list[str]:
        if clock is not None:
            monkeypatch.setattr(ismcts.time, "perf_counter", clock)
        rec = tmp_path / "g.json"
        r = runner.invoke(app, ["play", "maken", "--opponent", "normal", "--seed", "6", "--first", "1", "--lang", "en",
                                "--record", str(rec)], input="1\n" * 6 + "concede\n")
        assert r.exit_code == 0, r.output
        monkeypatch.undo()
        return list(json.loads(rec.read_text(encoding="utf-8"))["actions"])

    ticks = iter(range(10**9))
    normal = game_with(None)
    slow = game_with(lambda: float(next(ticks)))  # a second passes at every look at the clock
    assert normal == slow and len(normal) > 10
    assert normal == game_with(None)


def test_issue18_2_help_names_the_time_cap_of_an_ismcts_spec_and_the_seeded_levels() -> None:
    r = runner.invoke(app, ["play", "--help"], env={"COLUMNS": "200"})
    text = " ".join(r.output.replace("│", " ").split())
    assert "the same --seed gives the same game" in text
    assert "seconds=S stops at S seconds too, and then the game depends on the machine's speed" in text


def test_issue18_2_help_names_all_four_games() -> None:
    r = runner.invoke(app, ["--help"], env={"COLUMNS": "200"})
    assert r.exit_code == 0
    text = " ".join(r.output.replace("│", " ").split())
    titles = {"sarasvati": "Sarasvati TCG", "walpurgis": "Walpurgis", "suikoden": "Genso Suikoden Card Stories",
              "maken": "Project Maken"}
    assert set(titles) <= set(fudaba.games())
    for name, title in titles.items():
        assert f"{title} ({name})" in text


@pytest.mark.parametrize("cmd", [["play", "walpurgis", "--opponent", "godlike"],
                                 ["simulate", "walpurgis", "--agents", "greedy,godlike"],
                                 ["ladder", "walpurgis", "--agents", "greedy,godlike"]])
def test_issue18_2_an_unknown_opponent_is_one_error_line(cmd: list[str]) -> None:
    r = runner.invoke(app, cmd)
    assert r.exit_code == 2
    assert r.output.count("\n") == 1 and r.output.count("godlike") == 1 and r.output.count("random, greedy") == 1
    assert r.output.startswith(f"error: {cmd[2]} 'godlike': unknown agent; ")
