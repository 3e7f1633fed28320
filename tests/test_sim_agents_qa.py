"""QA of the designers' tools (fudaba.sim) and the agents: statistics, determinism, records,
views-only agents, legal actions in rare decisions and parameter settings."""

from __future__ import annotations

import json
import statistics
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

import fudaba
from fudaba.agents import Agent, RandomAgent, agent_seed, make_agent
from fudaba.cli import app
from fudaba.core.actions import Action, Decision
from fudaba.core.infoset import InfoSet
from fudaba.core.record import Record
from fudaba.core.rng import Rng
from fudaba.games.sarasvati.ai import SarasvatiGreedy
from fudaba.sim import SimConfig, play_game, run_batch, summarize, wilson
from fudaba.sim import runner as sim_runner

# ---------------------------------------------------------------------------------------- Wilson


@pytest.mark.parametrize(
    ("k", "n", "lo", "hi"),
    [  # reference values: scipy.stats.binomtest(k, n).proportion_ci(method="wilson")
        (50, 100, 0.4038315303659956, 0.5961684696340044),
        (81, 263, 0.2552885198782742, 0.36620957698280004),
        (1, 10, 0.017876213095072896, 0.4041500267952385),
        (0, 10, 0.0, 0.27753279986288926),
        (10, 10, 0.7224672001371109, 1.0),
    ],
)
def test_wilson_matches_reference_values(k: int, n: int, lo: float, hi: float) -> None:
    got = wilson(k, n)
    assert got == pytest.approx((lo, hi), abs=1e-12)


@pytest.mark.parametrize("n", [1, 2, 3, 7, 10, 49, 100, 263, 1000, 4001])
def test_wilson_bounds_are_exactly_0_and_1_at_the_edges(n: int) -> None:
    # 10/10 used to give an upper bound of 0.9999999999999999
    assert wilson(0, n)[0] == 0.0
    assert wilson(n, n)[1] == 1.0
    lo, hi = wilson(0, n)
    lo2, hi2 = wilson(n, n)
    assert lo2 == pytest.approx(1 - hi) and hi2 == pytest.approx(1 - lo)


def test_wilson_no_games_and_impossible_counts() -> None:
    assert wilson(0, 0) == (0.0, 1.0)
    for k, n in [(5, 3), (-1, 10), (0, -1)]:
        with pytest.raises(ValueError):
            wilson(k, n)


# ---------------------------------------------------------------------------------------- summarize


def _rec(index: int, winner: int | None, first: int, result: str, turns: int,
         agents: tuple[str, str] = ("greedy", "random")) -> Record:
    a_seat = index % 2
    names = [agents[1], agents[1]]
    names[a_seat] = agents[0]
    return Record(game="toy", variant="", params={}, actions=[], seed=index, result=result, winner=winner,
                  over=True, turns=turns, meta={"index": index, "agents": names, "agent_a_seat": a_seat,
                                                "first": first, "decisions": 0})


def test_summarize_counts_agents_seats_first_player_draws_reasons_and_lengths() -> None:
    # game i: agent A in seat i % 2. A wins games 0, 1, 2 (seats 0, 1, 0); B wins game 3 (seat 0);
    # game 4 is a draw; game 5: B (seat 0) concedes, so A (seat 1) wins.
    recs = [
        _rec(0, 0, 0, "all books destroyed", 10),
        _rec(1, 1, 0, "all books destroyed", 12),
        _rec(2, 0, 1, "deck out", 9),
        _rec(3, 0, 0, "all books destroyed", 20),
        _rec(4, None, 1, "turn limit", 100),
        _rec(5, 1, 1, "player 0 conceded", 3),
    ]
    s = summarize(recs)
    assert s.games == 6 and s.draws == 1
    assert s.agent_games == {"A:greedy": 6, "B:random": 6}
    assert s.agent_wins == {"A:greedy": 4, "B:random": 1}
    assert s.seat_wins == {0: 3, 1: 2}
    # first player won games 0, 3 (seat 0 first) and 5 (seat 1 first); not 1, 2; game 4 drawn
    assert (s.first_wins, s.first_games) == (3, 6)
    assert s.reasons == {"all books destroyed": 3, "deck out": 1, "turn limit": 1, "conceded": 1}
    assert s.mean_turns == pytest.approx(statistics.fmean([10, 12, 9, 20, 100, 3]))
    assert s.median_turns == 11.0
    rows = {r[0]: r[1:] for r in s.rows()}
    assert rows["agent A:greedy"][:2] == (4, 6) and rows["agent B:random"][:2] == (1, 6)
    assert rows["seat 0"][:2] == (3, 6) and rows["seat 1"][:2] == (2, 6)
    assert rows["first player"][:2] == (3, 6)
    assert rows["agent A:greedy"][3:] == wilson(4, 6)


def test_summarize_same_agent_on_both_sides_is_still_two_agents() -> None:
    recs = [_rec(i, i % 2, 0, "board full", 30, ("greedy", "greedy")) for i in range(4)]  # A always wins
    s = summarize(recs)
    assert s.agent_wins == {"A:greedy": 4}
    assert s.agent_games == {"A:greedy": 4, "B:greedy": 4}


# ---------------------------------------------------------------------------------------- batches

CONFIGS = [
    ("sarasvati", None, ("greedy", "random")),
    ("walpurgis", None, ("greedy", "greedy")),
    ("walpurgis", "v1.01", ("random", "greedy")),
]


@pytest.mark.parametrize(("game", "variant", "agents"), CONFIGS)
def test_batches_are_deterministic_across_workers_and_replay(game: str, variant: str | None,
                                                             agents: tuple[str, str]) -> None:
    cfg = SimConfig(game, agents, variant, {}, seed=21)
    one = sorted(run_batch(cfg, 10, workers=1), key=lambda r: r.meta["index"])
    two = sorted(run_batch(cfg, 10, workers=2), key=lambda r: r.meta["index"])
    again = [play_game(cfg.load(), cfg, i) for i in range(10)]
    texts = [r.to_json() for r in one]
    assert texts == [r.to_json() for r in two] == [r.to_json() for r in again]
    for i, r in enumerate(one):
        assert r.meta["index"] == i and r.seed == 21 + i and r.meta["agent_a_seat"] == i % 2
        assert r.meta["agents"][i % 2] == agents[0] and r.meta["agents"][1 - i % 2] == agents[1]
        assert r.over
        st = fudaba.replay(Record.from_json(texts[i]))
        assert st.hash() == r.final_hash and st.winner == r.winner and st.result == r.result


def _agent_deck_names(rec: Record) -> list[str | None]:
    a = rec.meta["agent_a_seat"]
    decks = rec.decks or [{}, {}]
    return [decks[a].get("name"), decks[1 - a].get("name")]


def test_decks_follow_the_agents_not_the_seats() -> None:
    cfg = SimConfig("walpurgis", ("greedy", "random"), None, {}, seed=3)
    game = cfg.load()
    names = sorted(game.starter_decks())
    for i in range(4):
        assert _agent_deck_names(play_game(game, cfg, i)) == names[:2]


# ---------------------------------------------------------------------------------------- agents get information sets


class _Spy(Agent):
    """Records what it is given and plays randomly."""

    seen: list[Any] = []

    def act(self, infoset: InfoSet) -> Action:
        _Spy.seen.append(infoset)
        d = infoset.decision
        assert d is not None
        return self.rng.choice(d.options)


def test_agents_get_an_infoset_whose_decision_runs_no_rules(monkeypatch: pytest.MonkeyPatch) -> None:
    # the runner hands agents ``state.infoset(seat)`` (issue 7 §2): the decision is the seat's own,
    # with its options, and names no answer handler; private decisions (secret picks) reach them too
    _Spy.seen = []
    monkeypatch.setattr(sim_runner, "make_agent", lambda name, game: _Spy())
    cfg = SimConfig("walpurgis", ("random", "random"), None, {}, seed=0)
    game = cfg.load()
    for i in range(12):
        play_game(game, cfg, i)
    assert _Spy.seen and all(type(i) is InfoSet for i in _Spy.seen)
    decisions = [i.decision for i in _Spy.seen]
    assert all(d is not None and d.player == i.seat and d.handler == "" and d.options
               for i, d in zip(_Spy.seen, decisions, strict=True))
    assert any(d.private for d in decisions), "no private decision reached an agent"
    assert any(d.sealed is not None for d in decisions), "no sealed pick reached an agent"


# ---------------------------------------------------------------------------------------- agent seeds


def test_agent_streams_are_not_the_streams_of_game_states() -> None:
    # a state's RNG is Rng(seed); agents used Rng(seed * 2 + seat + 1): with seed 0, game 1's seat-0
    # agent drew exactly the numbers that dealt game 3, and with seed -1 seat 0 shared its own game's
    state_firsts = {Rng(s).next64() for s in range(-10, 400)}
    for seed in range(-5, 150):
        for seat in (0, 1):
            a = RandomAgent()
            a.reset(fudaba.load_game("walpurgis"), seat, seed)
            assert a.rng.next64() not in state_firsts, (seed, seat)


def test_agent_seeds_are_deterministic_and_distinct() -> None:
    seeds = {agent_seed(s, seat) for s in range(-50, 500) for seat in (0, 1)}
    assert len(seeds) == 1100
    assert agent_seed(7, 1) == agent_seed(7, 1)
    game = fudaba.load_game("sarasvati")
    a, b = make_agent("greedy", "sarasvati"), make_agent("greedy", "sarasvati")
    a.reset(game, 0, 9)
    b.reset(game, 0, 9)
    assert [a.rng.randbelow(1000) for _ in range(20)] == [b.rng.randbelow(1000) for _ in range(20)]


# ---------------------------------------------------------------------------------------- legal actions


@pytest.mark.parametrize(
    ("game", "variant", "params", "reasons"),
    [
        ("sarasvati", None, {"starting_hand": 0}, {"all books destroyed", "deck out"}),
        ("sarasvati", None, {"turn_limit": 1}, {"turn limit"}),
        ("sarasvati", None, {"front_slots": 1, "back_slots": 1, "counterattack": False}, None),
        ("walpurgis", None, {"turn_limit": 1}, {"turn limit"}),
        ("walpurgis", "v1.01", {"turn_limit": 2}, {"turn limit"}),
        ("walpurgis", None, {"hand_limit": 1, "starting_hand": 1}, None),
        ("walpurgis", "v1.01", {"ban_centre": True}, None),
    ],
)
def test_agents_play_legal_actions_under_unusual_parameters(game: str, variant: str | None,
                                                            params: dict[str, Any],
                                                            reasons: set[str] | None) -> None:
    for agents in (("greedy", "random"), ("greedy", "greedy")):
        cfg = SimConfig(game, agents, variant, params, seed=100)
        recs = list(run_batch(cfg, 6))  # play_game applies every action: an illegal one raises
        assert all(r.over for r in recs)
        if reasons is not None:
            assert {r.result for r in recs} <= reasons
        if params.get("turn_limit"):
            assert all(r.winner is None for r in recs)
            assert summarize(recs).draws == 6


def test_sarasvati_greedy_keeps_one_equipment_when_an_evolution_inherits_several() -> None:
    game = fudaba.load_game("sarasvati")
    equips = [cid for cid in game.cards if game.cards[cid].type == "equipment"][:3]
    assert len(equips) >= 2
    d = Decision(0, "keep", "keep which equipment (evolution, Q&A)",
                 [Action.of("keep", e) for e in equips], "keep", ("SV-X", "F1", "F2"))
    ag = SarasvatiGreedy()
    ag.reset(game, 0, 1)
    st = game.new_game(seed=1)
    st.decision = d
    assert ag.act(st.infoset(0)) in d.options


# ---------------------------------------------------------------------------------------- CLI sweep + replay

cli = CliRunner()


def test_sweep_plays_the_same_seeds_for_every_value_and_every_record_replays(tmp_path: Path) -> None:
    out = tmp_path / "runs.jsonl"
    r = cli.invoke(app, ["simulate", "walpurgis", "--games", "6", "--agents", "greedy,random", "--seed", "40",
                         "--sweep", "hand_limit=4,6", "--workers", "2", "--out", str(out)])
    assert r.exit_code == 0, r.output
    recs = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert len(recs) == 12
    by_value: dict[int, list[tuple[int, int]]] = {}
    for d in recs:
        by_value.setdefault(d["params"]["hand_limit"], []).append((d["seed"], d["meta"]["agent_a_seat"]))
    assert by_value == {4: [(40 + i, i % 2) for i in range(6)], 6: [(40 + i, i % 2) for i in range(6)]}
    for line in out.read_text(encoding="utf-8").splitlines():
        rec = Record.from_json(line)
        assert fudaba.replay(rec).hash() == rec.final_hash
    r = cli.invoke(app, ["replay", str(out), "--game-index", "7", "--lang", "en"])
    assert r.exit_code == 0, r.output
    assert "hashes verified" in r.output
