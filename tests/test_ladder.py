"""Issue 10 §2–§3: agent specs on the command line, the ladder (a round robin rated by Bradley–Terry
maximum likelihood on the Elo scale, 95% intervals, head-to-head matrix, time per decision)."""

from __future__ import annotations

import json
import math
import time
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

import fudaba
from fudaba.agents import Agent, RandomAgent, make_agent
from fudaba.cli import app
from fudaba.cli import play as cli_play
from fudaba.cli.simulate import split_agent_specs
from fudaba.core.actions import Action
from fudaba.core.infoset import InfoSet
from fudaba.core.record import Record
from fudaba.sim import SimConfig, play_game
from fudaba.sim import runner as sim_runner
from fudaba.sim.ladder import Ladder, bradley_terry, covariance, elo, pairings, run_ladder
from fudaba.sim.runner import Timing, play_game_timed, run_batches

runner = CliRunner()


class FirstOption(Agent):
    """A researcher's own agent, loaded by ``tests.test_ladder:FirstOption``: always the first option."""

    name = "first-option"
    reads_decision_only = True

    def act(self, infoset: InfoSet) -> Action:
        d = infoset.decision
        assert d is not None
        return d.options[0]


FIRST_OPTION = f"{__name__}:FirstOption"


def _make_agent_loads_classes() -> bool:
    try:
        return isinstance(make_agent(FIRST_OPTION, "sarasvati"), FirstOption)
    except Exception:
        return False


# ---------------------------------------------------------------------------------------- agent specs


@pytest.mark.parametrize(("text", "specs"), [
    ("greedy,random", ["greedy", "random"]),
    ("ismcts:iters=400,c=0.7,rollout=greedy,greedy", ["ismcts:iters=400,c=0.7,rollout=greedy", "greedy"]),
    ("random, ismcts:iters=400, c=0.7", ["random", "ismcts:iters=400,c=0.7"]),
    ("ismcts:iters=10,hard,mypkg.my_mod:MyAgent,ismcts:rollout=mypkg:Policy,seconds=0.5",
     ["ismcts:iters=10", "hard", "mypkg.my_mod:MyAgent", "ismcts:rollout=mypkg:Policy,seconds=0.5"]),
    ("Pkg.Mod:MyAgent,normal", ["Pkg.Mod:MyAgent", "normal"]),  # passed through untouched (case too)
])
def test_2_agent_specs_keep_their_key_value_options(text: str, specs: list[str]) -> None:
    assert split_agent_specs(text) == specs


@pytest.mark.parametrize(("text", "message"), [
    ("iters=400,greedy", "no agent comes before it"),
    ("greedy,,random", "an empty agent between commas"),
    ("greedy,", "an empty agent between commas"),
])
def test_2_agent_specs_refuse_stray_options_and_empty_agents(text: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        split_agent_specs(text)


def test_2_simulate_and_play_refuse_a_bad_agent_spec_with_exit_2() -> None:
    r = runner.invoke(app, ["simulate", "sarasvati", "--games", "2", "--agents", "greedy,no_such_pkg_x:Agent"])
    assert r.exit_code == 2 and "--agents 'no_such_pkg_x:Agent':" in r.output and "simulating" not in r.output
    r = runner.invoke(app, ["simulate", "sarasvati", "--games", "2", "--agents", "c=0.7,greedy"])
    assert r.exit_code == 2 and "no agent comes before it" in r.output
    r = runner.invoke(app, ["simulate", "sarasvati", "--games", "2", "--agents", "greedy,random,random"])
    assert r.exit_code == 2 and "--agents takes two of the agents" in r.output and "got 3" in r.output
    r = runner.invoke(app, ["play", "sarasvati", "--opponent", "genius"])
    # issue 18: one line, the agents listed once
    assert r.exit_code == 2 and r.output.startswith("error: --opponent 'genius': unknown agent; --opponent must be "
                                                    "one of random, greedy, easy, normal, hard, ismcts:")
    assert r.output.count("random, greedy") == 1 and r.output.count("\n") == 1
    assert "Traceback" not in r.output


def test_2_play_shows_a_status_while_the_ai_thinks(monkeypatch: pytest.MonkeyPatch) -> None:
    # the AI's act runs inside console.status (a spinner in a terminal, nothing in a pipe); the
    # scripted game is the same as without it
    texts: list[str] = []
    real = cli_play.console.status

    def status(text: str, **kw: Any) -> Any:
        texts.append(text)
        return real(text, **kw)

    monkeypatch.setattr(cli_play.console, "status", status)
    args = ["play", "sarasvati", "--opponent", "random", "--seed", "1", "--first", "1"]
    r = runner.invoke(app, [*args, "--lang", "en"], input="concede\n")
    assert r.exit_code == 0, r.output
    assert texts and set(texts) == {"AI is thinking…"}
    assert "AI is thinking" not in r.output  # not a terminal: the status prints nothing
    assert r.output.rstrip().endswith("Result: You lost. (player 0 conceded, turn 2)")
    texts.clear()
    r = runner.invoke(app, [*args, "--lang", "ja"], input="concede\n")
    assert r.exit_code == 0 and texts and set(texts) == {"AIが考えています…"}


def test_1_play_against_normal_counts_the_searchs_iterations_in_the_status(monkeypatch: pytest.MonkeyPatch) -> None:
    # `--opponent normal` is the search; the status line counts its iterations (agent.progress)
    shown: list[str] = []

    class Status:
        def __init__(self, text: str) -> None:
            shown.append(text)

        def __enter__(self) -> Status:
            return self

        def __exit__(self, *exc: object) -> None:
            return None

        def update(self, text: str) -> None:
            shown.append(text)

    monkeypatch.setattr(cli_play.console, "status", lambda text, **kw: Status(text))
    r = runner.invoke(app, ["play", "maken", "--opponent", "normal", "--seed", "3", "--first", "1", "--lang", "en"],
                      input="concede\n")
    assert r.exit_code == 0, r.output
    assert "AI is thinking…" in shown
    assert "AI is thinking… 16/40" in shown  # maken's normal: 40 iterations (or 0.5 s), counted every 16
    assert all(t == "AI is thinking…" or (t.startswith("AI is thinking… ") and t.endswith("/40")) for t in shown)
    assert "Result: You lost. (player 0 conceded" in r.output


@pytest.mark.xfail(not _make_agent_loads_classes(), strict=False,
                   reason="make_agent(spec, game) does not load 'pkg.module:Class' specs yet (the extended "
                          "make_agent of issue 10 §2 is being written alongside)")
def test_2_simulate_runs_a_users_agent_class(tmp_path: Path) -> None:
    out = tmp_path / "runs.jsonl"
    r = runner.invoke(app, ["simulate", "sarasvati", "--games", "4", "--agents", f"{FIRST_OPTION},random",
                            "--seed", "2", "--workers", "2", "--out", str(out)])
    assert r.exit_code == 0, r.output
    assert f"time per decision: A ({FIRST_OPTION})" in r.output
    recs = [Record.from_json(x) for x in out.read_text(encoding="utf-8").splitlines()]
    assert len(recs) == 4
    for rec in recs:
        a = rec.meta["agent_a_seat"]
        assert rec.meta["agents"][a] == FIRST_OPTION and rec.meta["agents"][1 - a] == "random"
        assert fudaba.replay(rec).hash() == rec.final_hash


# ---------------------------------------------------------------------------------------- Bradley–Terry

#: 400 · log10(2): the Elo distance of strengths 2 : 1
LOG2_ELO = 120.41199826559247


def test_3_bradley_terry_three_agents_match_the_closed_form() -> None:
    # 0 beat 1 3–0; 0 against 2: 2 wins, 2 draws, 1 loss (3 of 5 points); 1 beat 2 3–0.
    # The likelihood equations W_i = Σ_j n_ij π_i / (π_i + π_j) hold for π = (4, 2, 1):
    #   W_0 = 3·4/6 + 5·4/5 = 6 = 3 + 3,  W_1 = 3·2/6 + 3·2/3 = 3 = 0 + 3,  W_2 = 5·1/5 + 3·1/3 = 2 = 2 + 0,
    # so the ratings are 1500 + 400·log10(2) · (1, 0, -1) (mean 1500).
    lad = Ladder(["a", "b", "c"])
    lad.wins = [[0, 3, 2], [0, 0, 3], [1, 0, 0]]
    lad.draws = [[0, 0, 2], [0, 0, 0], [2, 0, 0]]
    ratings = {r.agent: r for r in lad.ratings(prior=0)}
    assert ratings["a"].rating == pytest.approx(1500 + LOG2_ELO, abs=1e-6)
    assert ratings["b"].rating == pytest.approx(1500, abs=1e-6)
    assert ratings["c"].rating == pytest.approx(1500 - LOG2_ELO, abs=1e-6)
    assert [r.agent for r in lad.ratings(prior=0)] == ["a", "b", "c"]
    assert (ratings["a"].points, ratings["a"].games, ratings["c"].points) == (6.0, 8, 2.0)
    theta = bradley_terry([[0, 3, 3], [0, 0, 3], [2, 0, 0]], [[0, 3, 5], [3, 0, 3], [5, 3, 0]])
    assert theta == pytest.approx([math.log(2), 0.0, -math.log(2)], abs=1e-9)


def test_3_ladder_interval_of_two_agents_computed_by_hand() -> None:
    # a scored 7 of 10 against b (6 wins, 2 draws, 2 losses): p = 0.7, odds 7 : 3,
    # R_a - R_b = 400·log10(7/3) = 147.19071411783779, so R_a = 1500 + 73.595...;
    # information w = n p (1 - p) = 2.1, var(θ_a) = 1 / (4w): se = (400 / ln 10) / (2·sqrt(2.1)) = 59.93833291477308
    lad = Ladder(["a", "b"])
    lad.wins = [[0, 6], [2, 0]]
    lad.draws = [[0, 2], [2, 0]]
    a, b = lad.ratings(prior=0)
    assert (a.agent, b.agent) == ("a", "b")
    assert a.rating == pytest.approx(1500 + 147.19071411783779 / 2, abs=1e-6)
    assert b.rating == pytest.approx(1500 - 147.19071411783779 / 2, abs=1e-6)
    assert a.se == pytest.approx(59.93833291477308, abs=1e-6) and b.se == pytest.approx(a.se, abs=1e-9)
    assert a.interval == pytest.approx((a.rating - 117.47697380632691, a.rating + 117.47697380632691), abs=1e-6)
    # the difference's variance is 1/w: the usual variance of the logit of p
    cov = covariance([math.log(7 / 3) / 2, -math.log(7 / 3) / 2], [[0, 10], [10, 0]])
    assert cov[0][0] + cov[1][1] - 2 * cov[0][1] == pytest.approx(1 / 2.1, abs=1e-12)


def test_3_ladder_prior_is_one_virtual_draw_per_pair_and_keeps_a_perfect_score_finite() -> None:
    lad = Ladder(["greedy", "random"])
    lad.wins = [[0, 4], [0, 0]]
    with pytest.raises(ValueError, match="infinite: random scored nothing against greedy"):
        lad.ratings(prior=0)
    top, bottom = lad.ratings()  # default prior: one virtual draw, 4.5 of 5 points: odds 9 : 1
    assert top.rating - bottom.rating == pytest.approx(400 * math.log10(9), abs=1e-6)
    assert (top.points, top.games) == (4.0, 4)  # scores and games count the real games only
    same = Ladder(["greedy", "random"])
    same.wins = [[0, 4], [0, 0]]
    same.draws = [[0, 1], [1, 0]]
    assert [r.rating for r in same.ratings(prior=0)] == pytest.approx([top.rating, bottom.rating], abs=1e-9)
    assert [r.se for r in same.ratings(prior=0)] == pytest.approx([top.se, bottom.se], abs=1e-9)


def test_3_bradley_terry_refuses_tables_that_do_not_add_up() -> None:
    with pytest.raises(ValueError, match="do not add up"):
        bradley_terry([[0, 3], [2, 0]], [[0, 4], [4, 0]])
    assert elo([0.0, math.log(10)]) == pytest.approx([1300.0, 1700.0])


# ---------------------------------------------------------------------------------------- the games


def test_3_ladder_every_pair_plays_each_deal_from_both_sides() -> None:
    base = SimConfig("sarasvati", seed=7)
    batches = pairings(["random", "greedy", "x"], 6, base)
    assert [(a, b, n) for a, b, _, n in batches] == [(0, 1, 3), (1, 0, 3), (0, 2, 3), (2, 0, 3), (1, 2, 3), (2, 1, 3)]
    seats: dict[tuple[str, int], int] = {}  # (agent, seat) -> games
    decks: dict[tuple[str, str], int] = {}  # (agent, deck) -> games
    deals: dict[int, list[tuple[str, str]]] = {}  # seed -> (agent, deck) of seat 0 in each game
    for _batch, rec, _timing in run_batches([(cfg, n) for _, _, cfg, n in batches[:2]]):
        assert rec.decks is not None
        for seat in (0, 1):
            agent, deck = rec.meta["agents"][seat], str(rec.decks[seat].get("name"))
            seats[(agent, seat)] = seats.get((agent, seat), 0) + 1
            decks[(agent, deck)] = decks.get((agent, deck), 0) + 1
        deals.setdefault(rec.seed or 0, []).append((rec.meta["agents"][0], str(rec.decks[0].get("name"))))
    # both seats and both decks equally: 3 of the 6 games each
    assert seats == {("random", 0): 3, ("random", 1): 3, ("greedy", 0): 3, ("greedy", 1): 3}
    assert len(decks) == 4 and set(decks.values()) == {3}
    # the same deal twice: seat 0 keeps its deck, the agents change places
    assert sorted(deals) == [7, 8, 9]
    for pair in deals.values():
        assert len(pair) == 2 and pair[0][1] == pair[1][1] and {pair[0][0], pair[1][0]} == {"random", "greedy"}
    with pytest.raises(ValueError, match="even number"):
        pairings(["random", "greedy"], 5, base)
    with pytest.raises(ValueError, match="two different agents"):
        pairings(["random", "random"], 4, base)


def test_3_ladder_times_each_agent_not_each_seat(monkeypatch: pytest.MonkeyPatch) -> None:
    class Slow(RandomAgent):
        def act(self, infoset: InfoSet) -> Action:
            time.sleep(0.002)
            return super().act(infoset)

    monkeypatch.setattr(sim_runner, "make_agent", lambda spec, game: Slow() if spec == "slow" else RandomAgent())
    cfg = SimConfig("sarasvati", ("random", "slow"), seed=3)
    game = cfg.load()
    for i in (0, 1):  # agent A in seat 0, then in seat 1
        rec, timing = play_game_timed(game, cfg, i)
        assert rec.to_json() == play_game(game, cfg, i).to_json()  # timing stays out of the record
        assert sum(timing.decisions) == rec.meta["decisions"]
        assert timing.seconds[1] >= 0.002 * timing.decisions[1] > 0
        assert timing.seconds[0] < 0.001 * timing.decisions[0]
    lad = run_ladder(["random", "slow"], 2, SimConfig("sarasvati", seed=3))
    by = {r.agent: r for r in lad.ratings()}
    assert by["slow"].seconds_per_decision >= 0.002 > by["random"].seconds_per_decision
    assert by["slow"].games == by["random"].games == 2


def test_3_ladder_add_counts_the_winner_by_agent() -> None:
    lad = Ladder(["p", "q"])
    rec = Record("sarasvati", "default", {}, [], seed=0, winner=1, meta={"agent_a_seat": 1})
    lad.add(1, 0, rec, Timing((1.0, 2.0), (10, 20)))  # agent A (q) sat in seat 1 and won
    rec2 = Record("sarasvati", "default", {}, [], seed=1, winner=None, meta={"agent_a_seat": 0})
    lad.add(0, 1, rec2, Timing((0.5, 0.5), (5, 5)))
    assert lad.wins == [[0, 0], [1, 0]] and lad.draws == [[0, 1], [1, 0]]
    assert lad.score(1, 0) == 1.5 and lad.games(0, 1) == 2
    assert lad.seconds == [2.5, 1.5] and lad.decisions == [25, 15]


def test_3_run_batches_plays_the_given_indices_as_the_whole_batch_would() -> None:
    """A stopped match runs on (benchmarks/strength.py --games-log): the games of a batch named by
    index are the very games the whole batch plays, in one process or two."""
    cfg = SimConfig("sarasvati", ("greedy", "random"), seed=11)
    whole = {rec.meta["index"]: rec.to_json() for _, rec, _ in run_batches([(cfg, 6)])}
    for workers in (1, 2):
        part = {(b, rec.meta["index"]): rec.to_json()
                for b, rec, _ in run_batches([(cfg, [5, 2]), (cfg, [])], workers, chunk=1)}
        assert part == {(0, 5): whole[5], (0, 2): whole[2]}


def test_3_ladder_log_resumes_a_stopped_round_robin_to_the_same_result(tmp_path: Path) -> None:
    base = SimConfig("sarasvati", seed=5)
    agents = ["greedy", "random", "tests.test_ladder:FirstOption"]
    whole = run_ladder(agents, 4, base)
    log = tmp_path / "games.jsonl"
    first = run_ladder(agents, 4, base, log=log)
    lines = log.read_text(encoding="utf-8").splitlines()
    assert len(lines) == 12 and (first.wins, first.draws) == (whole.wins, whole.draws)
    log.write_text("\n".join(lines[:5]) + "\n", encoding="utf-8")  # stopped after five games
    played: list[int] = []
    again = run_ladder(agents, 4, base, progress=played.append, log=log)
    assert played == [5] + [1] * 7  # the logged games at once, then only the games the log lacks
    assert (again.wins, again.draws) == (whole.wins, whole.draws)
    def games(text: list[str]) -> list[tuple[Any, ...]]:  # the games, without their (varying) seconds
        return sorted((g["a"], g["b"], g["index"], g["a_won"], tuple(g["decisions"])) for g in map(json.loads, text))

    assert games(log.read_text(encoding="utf-8").splitlines()) == games(lines)
    other = run_ladder(agents, 4, SimConfig("sarasvati", seed=6), progress=played.append, log=log)
    assert len(played) == 8 + 12 and other.games(0, 1) == 4  # another seed: none of them reused


# ---------------------------------------------------------------------------------------- the command


def test_3_ladder_command_prints_the_table_and_writes_ladder_json(tmp_path: Path) -> None:
    out = tmp_path / "ladder.json"
    r = runner.invoke(app, ["ladder", "sarasvati", "--agents", "random,greedy", "--games", "4", "--out", str(out)])
    assert r.exit_code == 0, r.output
    for text in ("ratings (4 games", "rank", "rating", "95% interval", "score", "time per decision", "head to head"):
        assert text in r.output
    data = json.loads(out.read_text(encoding="utf-8"))
    assert set(data) == {"config", "method", "ratings", "matrix", "time_per_decision"}
    assert [x["agent"] for x in data["ratings"]] == ["greedy", "random"]
    top, bottom = data["ratings"]
    assert top["rating"] > bottom["rating"] and top["rank"] == 1
    assert top["ci95"][0] < top["rating"] < top["ci95"][1]
    assert top["rating"] + bottom["rating"] == pytest.approx(3000)  # anchored at a mean of 1500
    assert {"se", "games", "score", "decisions", "seconds_per_decision"} <= set(top)
    assert top["games"] == bottom["games"] == 4
    assert data["matrix"]["agents"] == ["random", "greedy"] and data["matrix"]["games"] == [[0, 4], [4, 0]]
    assert data["matrix"]["score"][0][0] is None
    assert data["matrix"]["score"][0][1] + data["matrix"]["score"][1][0] == pytest.approx(1)
    assert set(data["time_per_decision"]) == {"random", "greedy"}
    assert all(v > 0 for v in data["time_per_decision"].values())
    assert data["config"]["games_per_pair"] == 4 and data["config"]["agents"] == ["random", "greedy"]
    assert data["config"]["prior_draws_per_pair"] == 1.0
    # a line of the table: rank 1 is greedy, with rating ± half-interval
    line = next(ln for ln in r.output.splitlines() if "│    1 │ greedy" in ln)
    assert f"{top['rating']:.0f} ± {top['rating'] - top['ci95'][0]:.0f}" in line


def test_3_ladder_command_games_log_runs_on_from_where_it_stopped(tmp_path: Path) -> None:
    out, log = tmp_path / "ladder.json", tmp_path / "games.jsonl"
    args = ["ladder", "sarasvati", "--agents", "random,greedy", "--games", "4", "--out", str(out), "--games-log", str(log)]
    r = runner.invoke(app, args)
    assert r.exit_code == 0, r.output
    whole = json.loads(out.read_text(encoding="utf-8"))["matrix"]
    lines = log.read_text(encoding="utf-8").splitlines()
    assert len(lines) == 4
    log.write_text(lines[0] + "\n", encoding="utf-8")  # stopped after one game
    r = runner.invoke(app, args)
    assert r.exit_code == 0, r.output
    assert json.loads(out.read_text(encoding="utf-8"))["matrix"] == whole
    assert len(log.read_text(encoding="utf-8").splitlines()) == 4  # three games played, not four


def test_3_ladder_command_refuses_bad_options_before_running(tmp_path: Path) -> None:
    out = str(tmp_path / "l.json")
    r = runner.invoke(app, ["ladder", "sarasvati", "--agents", "random,greedy", "--games", "3", "--out", out])
    assert r.exit_code == 2 and "even number" in r.output
    r = runner.invoke(app, ["ladder", "sarasvati", "--agents", "random,genius", "--games", "2", "--out", out])
    assert r.exit_code == 2 and "--agents 'genius':" in r.output and "ladder ━" not in r.output
    r = runner.invoke(app, ["ladder", "sarasvati", "--agents", "random,random", "--games", "2", "--out", out])
    assert r.exit_code == 2 and "two different agents" in r.output
    r = runner.invoke(app, ["ladder", "sarasvati", "--agents", "random,greedy", "--games", "2", "--out", out,
                            "--prior", "0"])
    assert r.exit_code == 2 and "infinite" in r.output and "random scored nothing against greedy" in r.output
