"""Issue 10, the search on every game: it never peeks (two true states that give the seat the same
view and log view get the same search and the same action) and, seeded, it beats random play."""

from __future__ import annotations

import random
import re
import sys
from pathlib import Path
from typing import Any

import pytest

import fudaba
from fudaba.agents import AGENTS, LEVELS, RandomAgent, level_spec, make_agent
from fudaba.agents.ismcts import ISMCTSAgent
from fudaba.core import Rng
from fudaba.core.errors import UnknownGame
from fudaba.core.registry import descriptor
from fudaba.games.walpurgis.ai import WalpurgisGreedy
from fudaba.sim import SimConfig, run_batch

from ..property_hooks import TWIN

CASES = [("maken", None), ("sarasvati", None), ("suikoden", None), ("walpurgis", "v2.01"), ("walpurgis", "v1.01")]
IDS = ["maken", "sarasvati", "suikoden", "walpurgis-v2.01", "walpurgis-v1.01"]


def positions(name: str, variant: str | None, per_kind: int = 1, seeds: int = 6) -> list[Any]:
    """Decisions of random games with more than one option, the first ``per_kind`` of each decision
    kind (private or not), and every one taken while the other seat's sealed pick waits."""
    g = fudaba.load_game(name, variant)
    seen: dict[tuple[str, bool], int] = {}
    out: list[Any] = []
    for seed in range(seeds):
        st: Any = g.new_game(seed=seed)
        rng = Rng(seed)
        while not st.over:
            d = st.decision
            if len(d.options) > 1:
                k = (d.kind, d.private)
                waiting = any(x[0] != d.player for x in st.sealed)
                if waiting or seen.get(k, 0) < per_kind:
                    seen[k] = seen.get(k, 0) + 1
                    out.append(st.clone())
            st.apply(rng.choice(d.options))
    return out


#: the search's modes: UCB1 with random rollouts, PUCT with the greedy prior, UCB1 with greedy rollouts
MODES: list[dict[str, Any]] = [{}, {"prior": 0.5, "c": 1.0}, {"rollout": "greedy"}]


def search(st: Any, seat: int, seed: int, iters: int = 12, **options: Any) -> tuple[str, dict[str, Any]]:
    """The search's action and root statistics at ``st`` for ``seat`` (``options``: ISMCTSAgent's)."""
    agent = ISMCTSAgent(iters=iters, **options)
    agent.reset(st.game, seat, seed)
    a = agent.act(st.infoset(seat))
    return a.text, agent.stats["root"]


class Peek:
    """A search that cheats: its 'determinizations' are the true state (for the control test)."""

    def __init__(self, st: Any, seat: int) -> None:
        self.st, self.seat, self.decision, self.game = st, seat, st.infoset(seat).decision, st.game

    def sample(self, rng: Rng) -> Any:
        rng.next64()
        return self.st.clone()


# ------------------------------------------------------------------ no peeking
@pytest.mark.parametrize(("name", "variant"), CASES, ids=IDS)
def test_no_peeking_twins_with_the_same_view_get_the_same_search(name: str, variant: str | None) -> None:
    rnd = random.Random(10)
    kinds = set()
    for i, st in enumerate(positions(name, variant)):
        seat = st.decision.player
        twin = TWIN[name](st, seat, rnd)  # the other seat's cards, deck orders, RNG, secrets elsewhere
        assert twin.hash() != st.hash()
        assert twin.view(seat) == st.view(seat) and twin.log_view(seat) == st.log_view(seat)
        mode = MODES[i % 3]
        assert search(st, seat, i, **mode) == search(twin, seat, i, **mode), (st.decision, mode)
        kinds.add(st.decision.kind)
    assert len(kinds) >= 5


@pytest.mark.parametrize(("name", "variant"), CASES, ids=IDS)
def test_no_peeking_check_catches_a_search_that_plays_the_true_state(name: str, variant: str | None) -> None:
    # the control of the test above: the same positions and twins, searched on the true state,
    # give other root statistics — the twins differ where a peeking search would look
    rnd = random.Random(10)
    differ = 0
    for i, st in enumerate(positions(name, variant)):
        seat = st.decision.player
        twin = TWIN[name](st, seat, rnd)
        if twin.sealed != st.sealed:  # a twin's sealed picks are placeholders: not playable as truth
            continue
        got = []
        for s in (st, twin):
            agent = ISMCTSAgent(iters=12)
            agent.reset(s.game, seat, i)
            agent.search(Peek(s, seat))  # type: ignore[arg-type]
            got.append(agent.stats["root"])
        differ += got[0] != got[1]
    assert differ >= 2


def test_no_peeking_while_the_other_seats_sealed_pick_waits() -> None:
    # Suikoden's duel: the second picker's search redraws the first pick in every determinization
    found = [st for st in positions("suikoden", None, seeds=10) if any(x[0] != st.decision.player for x in st.sealed)]
    assert found
    rnd = random.Random(3)
    for i, st in enumerate(found):
        seat = st.decision.player
        assert st.decision.kind == "duel"
        twin = TWIN["suikoden"](st, seat, rnd)
        assert twin.sealed != st.sealed  # another pick waits in the twin
        for mode in MODES:
            assert search(st, seat, i, 20, **mode) == search(twin, seat, i, 20, **mode)


# ------------------------------------------------------------------ every decision kind
#: the decision kinds (with more than one option) two seeded games of search against search meet
KINDS = {
    "maken": {"mulligan", "draw", "before_attack", "action", "after_attack", "cover", "bonus"},
    "sarasvati": {"charge", "imagine", "move", "battle", "target"},
    "suikoden": {"mulligan", "main", "discard", "step", "duel", "counter", "garrison", "cost"},
    "walpurgis-v2.01": {"mulligan", "initial", "main", "discard", "bullet", "intercept", "keep", "target", "upright"},
    "walpurgis-v1.01": {"mulligan", "main", "bullet", "intercept", "keep", "target", "resolve", "upright", "wake"},
}


@pytest.mark.parametrize(("name", "variant"), CASES, ids=IDS)
def test_the_search_answers_every_decision_kind_to_the_end_of_the_game(name: str, variant: str | None) -> None:
    # UCB1 against PUCT, tiny budgets: chains, interceptions, bets, guards and sealed picks (the
    # Suikoden duel) are all answered with one of their options, and the games end
    g = fudaba.load_game(name, variant)
    kinds: set[str] = set()
    sealed: set[str] = set()
    for seed in range(2):
        st: Any = g.new_game(seed=seed)
        agents = [ISMCTSAgent(iters=3), ISMCTSAgent(iters=3, prior=0.5, c=1.0)]
        for s, a in enumerate(agents):
            a.reset(g, s, seed)
        while not st.over:
            d = st.decision
            if len(d.options) > 1:
                kinds.add(d.kind)
                if d.sealed is not None:
                    sealed.add(d.kind)
            st.apply(agents[d.player].act(st.infoset(d.player)))
        assert st.over and st.result
    assert kinds == KINDS[IDS[CASES.index((name, variant))]]
    assert sealed == ({"duel"} if name == "suikoden" else set())


# ------------------------------------------------------------------ search beats random
#: small budgets (the whole file runs in about a minute on 2 cores); PUCT with the greedy prior on
#: every game, and the paper's UCB1 where 10 iterations of random rollouts are enough (Walpurgis)
REGRESSION = [("maken", "ismcts:iters=10,prior=0.5,c=1"), ("sarasvati", "ismcts:iters=10,prior=0.5,c=1"),
              ("suikoden", "ismcts:iters=10,prior=0.5,c=1"), ("walpurgis", "ismcts:iters=10,prior=0.5,c=1"),
              ("walpurgis", "ismcts:iters=10")]


@pytest.mark.parametrize(("name", "spec"), REGRESSION, ids=[f"{n}-{s[7:]}" for n, s in REGRESSION])
def test_seeded_search_beats_random(name: str, spec: str) -> None:
    cfg = SimConfig(game=name, agents=(spec, "random"), seed=1000)
    wins = sum(rec.winner == rec.meta["agent_a_seat"] for rec in run_batch(cfg, 10))
    assert wins >= 7, wins


# ------------------------------------------------------------------ make_agent
def test_make_agent_builds_the_search_from_a_spec_and_keyword_options() -> None:
    a = make_agent("ismcts:iters=400,c=0.5,rollout=greedy,dets=2,seconds=1.5,depth=30,prior=0.25", "sarasvati")
    assert isinstance(a, ISMCTSAgent)
    assert (a.iters, a.c, a.rollout_policy, a.dets, a.seconds, a.depth, a.prior) == (400, 0.5, "greedy", 2, 1.5, 30, 0.25)
    b = make_agent("ismcts", iters=7, c=1.0)
    assert isinstance(b, ISMCTSAgent) and (b.iters, b.c, b.rollout_policy, b.seconds) == (7, 1.0, "random", None)
    c = make_agent(" ISMCTS : Iters = 9 , seconds=none ")
    assert isinstance(c, ISMCTSAgent) and (c.iters, c.seconds) == (9, None)
    assert isinstance(make_agent("greedy", "walpurgis"), WalpurgisGreedy)
    assert isinstance(make_agent("random"), RandomAgent)


def test_make_agent_levels_are_searches_with_the_budget_of_the_game() -> None:
    assert AGENTS == ("random", "greedy", "easy", "normal", "hard", "ismcts") and list(LEVELS) == ["easy", "normal", "hard"]
    n = make_agent("normal", "maken")
    assert isinstance(n, ISMCTSAgent) and n.name == "normal"
    assert (n.iters, n.rollout_policy, n.prior, n.seconds) == (40, "greedy", 0.5, 0.5)
    h = make_agent("Hard", "sarasvati", seconds=5)
    assert isinstance(h, ISMCTSAgent) and (h.iters, h.seconds) == (480, 5.0)
    assert level_spec("easy", "nosuchgame") == "ismcts:rollout=random,iters=30"
    # every game sets the iterations of its normal and hard levels (its descriptor's ``levels``)
    for game in fudaba.games():
        if game != "toy":  # the engine's test game (tests/conftest.py) sets none
            assert all("iters" in descriptor(game).levels.get(lvl, "")
                       for lvl in ("normal", "hard")), game


@pytest.mark.parametrize(("spec", "options", "message"), [
    ("ismcts:iter=5", {}, "unknown ismcts option 'iter'; options: iters, seconds, c, rollout, dets, depth, prior"),
    ("ismcts", {"bogus": 1}, "unknown ismcts option 'bogus'"),
    ("ismcts:iters=x", {}, "option iters='x' is not a whole number"),
    ("ismcts:c=much", {}, "option c='much' is not a number"),
    ("ismcts:iters=0", {}, "ismcts option iters=0: a whole number of iterations, at least 1"),
    ("ismcts:c=-1", {}, "ismcts option c=-1.0: an exploration constant, 0 or more"),
    ("ismcts:rollout=smart", {}, "ismcts option rollout='smart': one of random, greedy"),
    ("ismcts:prior=1", {}, "ismcts option prior=1.0: the weight of the greedy choice"),
    ("ismcts:iters", {}, "option 'iters' needs a value"),
    ("ismcts:iters=3,iters=4", {}, "option 'iters' given twice"),
    ("greedy", {"iters": 3}, "agent 'greedy' takes no options"),
    ("cleverest", {}, "unknown agent 'cleverest'; agents: random, greedy, easy, normal, hard, ismcts"),
    ("no_such_pkg.bots:Bot", {}, "cannot import module 'no_such_pkg.bots'"),
    ("fudaba.agents:NoSuchBot", {}, "module 'fudaba.agents' has no 'NoSuchBot'"),
    ("fudaba.core:State", {}, "fudaba.core.State is not a subclass of fudaba.agents.Agent"),
    ("fudaba.agents:RandomAgent", {"level": 3}, r"fudaba.agents.RandomAgent\(\) cannot be built"),
    (":Bot", {}, "write a user's agent as package.module:ClassName"),
])
def test_make_agent_refuses_a_bad_spec_naming_what_is_wrong(spec: str, options: dict[str, Any], message: str) -> None:
    with pytest.raises(UnknownGame, match=re.escape(message) if "\\" not in message else message):
        make_agent(spec, "walpurgis", **options)


def test_the_worked_custom_agent_of_the_docs_loads_by_its_spec_and_plays(tmp_path: Path,
                                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    doc = (Path(__file__).parents[2] / "docs" / "agents.md").read_text(encoding="utf-8")
    code = re.search(r"```python\n# mypkg/bots.py\n(.*?)```", doc, re.S)
    assert code is not None
    (tmp_path / "mypkg").mkdir()
    (tmp_path / "mypkg" / "__init__.py").write_text("")
    (tmp_path / "mypkg" / "bots.py").write_text(code.group(1))
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delitem(sys.modules, "mypkg", raising=False)
    bot = make_agent("mypkg.bots:FlatMonteCarlo", "walpurgis", rollouts=2)
    assert type(bot).__name__ == "FlatMonteCarlo" and bot.rollouts == 2  # type: ignore[attr-defined]
    cfg = SimConfig(game="maken", agents=("mypkg.bots:FlatMonteCarlo", "random"), seed=5)
    (rec,) = run_batch(cfg, 1)  # the batch runner seats it by its spec
    assert rec.over and rec.meta["agents"][rec.meta["agent_a_seat"]] == "mypkg.bots:FlatMonteCarlo"
    assert rec.winner == rec.meta["agent_a_seat"]
