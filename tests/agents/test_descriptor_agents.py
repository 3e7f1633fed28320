"""Issue 19 §1: the agents read each game's descriptor — its greedy agent (``agent``), its evaluation
(``evaluate``) and its levels' options (``levels``) — so that a game plugged in from outside gets
``greedy``, the levels and cut-off rollouts with no line of ``fudaba.agents`` changed."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from typing import Any

import pytest

from fudaba.agents import DEFAULT_ITERS, LEVELS, greedy_agent, level_spec, make_agent
from fudaba.agents.eval import evaluation
from fudaba.agents.ismcts import ISMCTSAgent
from fudaba.core import registry
from fudaba.core.agent import Agent
from fudaba.core.descriptor import GameDescriptor
from fudaba.core.errors import UnknownGame
from fudaba.core.infoset import InfoSet
from fudaba.sim import SimConfig, run_batch

#: the specs of the levels of the four built-in games before issue 19 (``LEVEL_ITERS`` and
#: ``LEVEL_GAME_OPTIONS``), key order included: read from the descriptors now, they must not change
BUILT_IN_LEVELS = {
    ("maken", "easy"): "ismcts:rollout=random,iters=30",
    ("maken", "normal"): "ismcts:rollout=greedy,prior=0.5,c=0.5,seconds=0.5,depth=20,iters=40",
    ("maken", "hard"): "ismcts:rollout=greedy,prior=0.5,c=0.5,seconds=2,depth=20,iters=160",
    ("sarasvati", "easy"): "ismcts:rollout=random,iters=30",
    ("sarasvati", "normal"): "ismcts:rollout=greedy,prior=0.5,c=1,seconds=0.5,iters=120",
    ("sarasvati", "hard"): "ismcts:rollout=greedy,prior=0.5,c=1,seconds=2,iters=480",
    ("suikoden", "easy"): "ismcts:rollout=random,iters=30",
    ("suikoden", "normal"): "ismcts:rollout=greedy,prior=0.5,c=0.5,seconds=0.5,depth=20,iters=200",
    ("suikoden", "hard"): "ismcts:rollout=greedy,prior=0.5,c=0.5,seconds=2,depth=20,iters=800",
    ("walpurgis", "easy"): "ismcts:rollout=random,iters=30",
    ("walpurgis", "normal"): "ismcts:rollout=greedy,prior=0.5,c=0.5,seconds=0.5,depth=20,iters=160",
    ("walpurgis", "hard"): "ismcts:rollout=greedy,prior=0.5,c=0.5,seconds=2,depth=20,iters=640",
}


@pytest.mark.parametrize(("game", "level"), list(BUILT_IN_LEVELS), ids=[f"{g}-{lv}" for g, lv in BUILT_IN_LEVELS])
def test_19_1_the_levels_of_the_built_in_games_are_unchanged(game: str, level: str) -> None:
    assert level_spec(level, game) == BUILT_IN_LEVELS[game, level]


class ToyGreedy(Agent):
    """The toy game's greedy agent: the highest card it holds, else pass."""

    name = "toy-greedy"

    def act(self, infoset: InfoSet) -> Any:
        d = infoset.decision
        assert d is not None
        plays = [a for a in d.options if a.verb == "play"]
        return max(plays, key=lambda a: int(a.args[0].split("-")[1])) if plays else d.options[-1]


def toy_eval(st: Any) -> float:
    return 0.25


class NotAnAgent:
    pass


@pytest.fixture
def plugged(monkeypatch: pytest.MonkeyPatch) -> Iterator[GameDescriptor]:
    """The toy game as a plugin that ships a greedy agent, an evaluation and its own levels."""
    base = registry.descriptor("toy")
    desc = dataclasses.replace(base, agent=f"{__name__}:ToyGreedy", evaluate=f"{__name__}:toy_eval",
                               levels={"easy": "iters=7", "normal": "depth=5,c=2,iters=11"})
    monkeypatch.setitem(registry._REGISTERED, "toy", desc)
    yield desc


def test_19_1_a_plugged_in_game_gets_its_greedy_agent_levels_and_evaluation(plugged: GameDescriptor) -> None:
    assert isinstance(make_agent("greedy", "toy"), ToyGreedy) and isinstance(greedy_agent("toy"), ToyGreedy)
    assert evaluation("toy") is toy_eval
    # its options replace the shared ones in place, new ones follow, iters last; a level it leaves
    # out gets the shared spec and the default iterations
    assert level_spec("easy", "toy") == "ismcts:rollout=random,iters=7"
    assert level_spec("normal", "toy") == "ismcts:rollout=greedy,prior=0.5,c=2,seconds=0.5,depth=5,iters=11"
    assert level_spec("hard", "toy") == f"{LEVELS['hard']},iters={DEFAULT_ITERS['hard']}"
    n = make_agent("normal", "toy")
    assert isinstance(n, ISMCTSAgent) and (n.iters, n.c, n.depth, n.name) == (11, 2.0, 5, "normal")


def test_19_1_a_plugged_in_games_greedy_and_normal_play_whole_games(plugged: GameDescriptor) -> None:
    recs = list(run_batch(SimConfig(game="toy", agents=("greedy", "normal"), seed=5), 2))
    assert len(recs) == 2 and all(r.result and sorted(r.meta["agents"]) == ["greedy", "normal"] for r in recs)


def test_19_1_a_game_without_a_greedy_agent_is_named(monkeypatch: pytest.MonkeyPatch) -> None:
    with pytest.raises(UnknownGame, match=r"^no greedy agent for game 'toy'$"):
        make_agent("greedy", "toy")
    with pytest.raises(UnknownGame, match=r"^no greedy agent for game 'chess'$"):
        make_agent("greedy", "chess")
    assert evaluation("toy") is None and evaluation("chess") is None
    assert level_spec("normal", "chess") == f"{LEVELS['normal']},iters={DEFAULT_ITERS['normal']}"
    bad = dataclasses.replace(registry.descriptor("toy"), agent=f"{__name__}:NotAnAgent", levels={"hard": "iters"})
    monkeypatch.setitem(registry._REGISTERED, "toy", bad)
    with pytest.raises(UnknownGame, match=r"^game 'toy': its descriptor's agent '.*:NotAnAgent' is not an Agent subclass$"):
        make_agent("greedy", "toy")
    with pytest.raises(UnknownGame, match=r"^game 'toy': level 'hard': 'iters' is not key=value$"):
        make_agent("hard", "toy")
