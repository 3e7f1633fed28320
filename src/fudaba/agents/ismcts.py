"""Information Set Monte Carlo Tree Search: single-observer ISMCTS (Cowling, Powley & Whitehouse,
"Information Set Monte Carlo Tree Search", IEEE TCIAIG 4(2), 2012; docs/agents.md, *Search: ISMCTS*).

One tree is grown for one decision. Every iteration

1. **determinizes**: ``infoset.sample(rng)`` deals the cards the seat cannot see at random (and
   redraws the other seat's sealed picks), played as a search state (``clone(search=True)``: no
   events, no log);
2. **selects** down the tree: at each node the children whose action is legal in this
   determinization have their *availability* counted, and the one with the highest UCB1 value
   ``mean + c * sqrt(ln(availability) / visits)`` is played (Cowling et al. §IV-D: availability, not
   the parent's visits, because a child is not selectable in every determinization);
3. **expands** one child: the first node met with a legal action that has no child yet gets one, for
   one such action drawn at random, and the iteration leaves the tree with it;
4. **rolls out** with the ``random`` or ``greedy`` policy to the end of the game (or ``depth``
   decisions, then the game's heuristic evaluation is scored — its descriptor's ``evaluate``; a draw
   for a game without one), ``dets`` times averaged (the extra ones in fresh
   determinizations of the leaf for the searching seat);
5. **backpropagates** win 1, draw 0.5, loss 0, each node taking the result of the seat that decides
   there.

**Whose decisions the tree holds.** Both seats' (single observer: the tree is the searching seat's
idea of the game, the other seat's moves included). A node is keyed by ``(seat, kind, what that
seat saw of the search's moves)``: its own moves in full; of the other seat's moves, a private
decision (a sealed pick, a face-down card) as ``?`` and a public one with its card ids replaced by
``?`` (``summon ? F1``, ``place ? 2b down``). So

* the other seat's node after the searching seat's sealed pick does not know that pick — it cannot
  answer a simultaneous choice it did not see (the weakness of plain SO-ISMCTS, whose opponent nodes
  follow every move of the searcher);
* the determinizations disagree about which cards the other seat holds; keying by the shape of its
  move lets the searching seat's later nodes share their statistics across them instead of splitting
  them per card;
* the other seat's nodes hold no hidden card either — they are keyed by the public history of the
  search and its own moves — and its children are its concrete actions, with availability counting
  the determinizations in which it held the card.

Children are stored by action text. The answer is the root child visited most (ties: the better
mean, then the order of the options).

With ``prior`` above 0 the tree policy is PUCT with the game's greedy agent as the prior instead of
UCB1 (:func:`visit_prior`): the search follows the heuristic until its statistics disagree, which
is what small budgets need in games of 60–180 decisions.

The agent reads only ``infoset.seat``, ``.decision``, ``.game`` and ``.sample(rng)``; everything it
plays is a sample, so two true states that give the seat the same information give the same search
(tests/agents/test_ismcts_games.py). Greedy rollouts ask the game's greedy agent about the *sample*
through ``InfoSet(seat, sample)`` (no copy: the sample holds nothing the searching seat may not
imagine).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from typing import Any, ClassVar

from ..core.actions import Action, Decision
from ..core.errors import UnknownGame
from ..core.game import Game
from ..core.infoset import InfoSet
from ..core.rng import Rng
from ..core.state import State
from .base import Agent
from .games import evaluation, greedy_agent

#: the label of another seat's private move in a node key
HIDDEN = "?"
#: a rollout longer than this many decisions is scored a draw (an engine safety net)
MAX_ROLLOUT = 20_000
#: the rollout policies
ROLLOUTS = ("random", "greedy")
#: iterations per decision when no budget is given; with only a time budget, no iteration limit
DEFAULT_ITERS = 200
UNLIMITED = 1 << 62

Key = tuple[int, str, tuple[str, ...]]
Result = tuple[float, float]


class Edge:
    """A child of a node: one action and its statistics."""

    __slots__ = ("action", "avail", "reward", "visits")

    def __init__(self, action: Action) -> None:
        self.action = action
        #: iterations that played this action from its node
        self.visits = 0
        #: the sum of their results, for the seat that decides at the node
        self.reward = 0.0
        #: iterations that met the node with this action legal (Cowling et al.: availability)
        self.avail = 0

    def mean(self) -> float:
        return self.reward / self.visits if self.visits else 0.0

    def __repr__(self) -> str:
        return f"Edge({self.action.text!r}, visits={self.visits}, reward={self.reward:g}, avail={self.avail})"


class Node:
    """A decision of ``seat`` as that seat sees the search's history; children by action text."""

    __slots__ = ("children", "hint", "seat", "visits")

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.children: dict[str, Edge] = {}
        self.visits = 0
        #: with a prior (``prior`` > 0): the greedy policy's choice in the determinization that first
        #: reached the node
        self.hint: str | None = None

    def __repr__(self) -> str:
        return f"Node(seat={self.seat}, visits={self.visits}, children={len(self.children)})"


class Tree:
    """The nodes of one search, by key (``seat``, decision kind, the seat's labels of the moves)."""

    __slots__ = ("nodes", "root")

    def __init__(self, root: Key) -> None:
        self.root = root
        self.nodes: dict[Key, Node] = {}

    def edges(self) -> int:
        return sum(len(n.children) for n in self.nodes.values())


def ucb(edge: Edge, c: float) -> float:
    """UCB1 with availability: ``mean + c * sqrt(ln(availability) / visits)``."""
    return edge.reward / edge.visits + c * math.sqrt(math.log(edge.avail) / edge.visits)


def select(node: Node, legal: list[Action], c: float) -> Edge:
    """The child of ``node`` with the highest UCB among the ``legal`` actions (all expanded; the
    first in ``legal`` order on a tie)."""
    ch = node.children
    best: Edge | None = None
    best_v = -math.inf
    for a in legal:
        e = ch[a.text]
        v = ucb(e, c)
        if v > best_v:
            best, best_v = e, v
    assert best is not None
    return best


def visit(node: Node, legal: list[Action], c: float, rng: Rng) -> tuple[Edge, bool]:
    """One step of the tree policy at ``node`` in a determinization where ``legal`` are the options:
    count the availability of every child legal here; then expand one untried legal action (drawn by
    ``rng``) or, when every legal action has a child, select by UCB. Returns the edge and whether it
    is new."""
    ch = node.children
    untried: list[Action] = []
    for a in legal:
        e = ch.get(a.text)
        if e is None:
            untried.append(a)
        else:
            e.avail += 1
    if untried:
        a = untried[rng.randbelow(len(untried))]
        e = ch[a.text] = Edge(a)
        e.avail = 1
        return e, True
    return select(node, legal, c), False


def visit_prior(node: Node, legal: list[Action], c: float, prior: float) -> tuple[Edge, bool]:
    """The tree policy with a prior (``prior`` > 0): PUCT, ``mean + c * P * sqrt(N + 1) / (1 + visits)``
    over the ``legal`` actions, ``P`` = ``prior`` for the node's hint (the greedy policy's choice)
    and the rest shared evenly by the others, ``N`` the node's visits; an action without a child
    counts as the node's mean so far (first-play urgency), and is expanded when it scores best —
    so the search follows the heuristic until the statistics say otherwise, instead of trying
    every action of every node once first. Availability is counted as in :func:`visit`."""
    ch = node.children
    hint = node.hint
    m = len(legal)
    if hint is None or all(a.text != hint for a in legal) or m == 1:
        p_hint = p_rest = 1.0 / m
    else:
        p_hint, p_rest = prior, (1.0 - prior) / (m - 1)
    tot_r = tot_n = 0.0
    for x in ch.values():
        tot_r += x.reward
        tot_n += x.visits
    fpu = tot_r / tot_n if tot_n else 0.5
    explore = c * math.sqrt(node.visits + 1)
    best: Action | None = None
    best_v = -math.inf
    for a in legal:
        y = ch.get(a.text)
        if y is None or not y.visits:
            q, n = fpu, 0
        else:
            q, n = y.reward / y.visits, y.visits
        if y is not None:
            y.avail += 1
        v = q + explore * (p_hint if a.text == hint else p_rest) / (1 + n)
        if v > best_v:
            best, best_v = a, v
    assert best is not None
    e = ch.get(best.text)
    if e is None:
        e = ch[best.text] = Edge(best)
        e.avail = 1
        return e, True
    return e, False


def forced(node: Node, legal: list[Action], a: Action) -> tuple[Edge, bool]:
    """The tree step of a paired iteration at the root: the action ``a`` is given; availability is
    counted as in :func:`visit`. The iteration goes on below a child it has seen before."""
    ch = node.children
    for x in legal:
        y = ch.get(x.text)
        if y is not None:
            y.avail += 1
    e = ch.get(a.text)
    if e is None:
        e = ch[a.text] = Edge(a)
        e.avail = 1
        return e, True
    return e, False


def backpropagate(path: list[tuple[Node, Edge]], result: Result) -> None:
    """Add one visit and ``result[seat]`` to every node and edge of ``path``, ``seat`` being the seat
    that decides at the node."""
    for node, edge in path:
        node.visits += 1
        edge.visits += 1
        edge.reward += result[node.seat]


def outcome(st: State) -> Result:
    """Win 1, draw 0.5, loss 0 per seat (a game not over: a draw)."""
    w = st.winner if st.over else None
    if w is None:
        return (0.5, 0.5)
    return (1.0, 0.0) if w == 0 else (0.0, 1.0)


class ISMCTSAgent(Agent):
    """Single-observer ISMCTS (see the module docstring). Options:

    * ``iters``: iterations per decision; ``seconds``: a time budget per decision (None: none) — the
      search stops at whichever ends first (a time budget is not reproducible). Without ``iters``:
      200, or no limit when ``seconds`` is given;
    * ``c``: the exploration constant of UCB1 (0.7);
    * ``rollout``: ``random`` or ``greedy`` (the game's greedy agent plays both seats);
    * ``dets``: rollouts per iteration, averaged (1): the iteration's determinization and
      ``dets - 1`` fresh determinizations of the leaf for the searching seat;
    * ``depth``: stop a rollout after this many decisions and score the game's evaluation
      (its descriptor's ``evaluate``, :mod:`fudaba.agents.games`; a draw for a game without one) (0: play to the end);
    * ``prior``: 0 (the default) is the paper's UCB1; above 0, the tree policy is PUCT with the
      game's greedy agent as the prior, its choice weighing ``prior`` (:func:`visit_prior`).
    """

    name = "ismcts"
    #: option -> its type, for :func:`fudaba.agents.make_agent`'s ``ismcts:key=value`` specs
    OPTIONS: ClassVar[dict[str, type]] = {
        "iters": int, "seconds": float, "c": float, "rollout": str, "dets": int, "depth": int, "prior": float,
        "paired": int,
    }

    def __init__(self, iters: int | None = None, seconds: float | None = None, c: float = 0.7, rollout: str = "random",
                 dets: int = 1, depth: int = 0, prior: float = 0.0, paired: int = 0) -> None:
        super().__init__()
        if iters is None:
            iters = DEFAULT_ITERS if seconds is None else UNLIMITED
        if isinstance(iters, bool) or not isinstance(iters, int) or iters < 1:
            raise UnknownGame(f"ismcts option iters={iters!r}: a whole number of iterations, at least 1")
        if seconds is not None and (isinstance(seconds, bool) or not isinstance(seconds, (int, float))
                                    or not seconds > 0 or math.isinf(seconds)):
            raise UnknownGame(f"ismcts option seconds={seconds!r}: a time per decision above 0")
        if isinstance(c, bool) or not isinstance(c, (int, float)) or not c >= 0 or math.isinf(c):
            raise UnknownGame(f"ismcts option c={c!r}: an exploration constant, 0 or more")
        if rollout not in ROLLOUTS:
            raise UnknownGame(f"ismcts option rollout={rollout!r}: one of {', '.join(ROLLOUTS)}")
        if isinstance(dets, bool) or not isinstance(dets, int) or dets < 1:
            raise UnknownGame(f"ismcts option dets={dets!r}: determinizations per iteration, at least 1")
        if isinstance(depth, bool) or not isinstance(depth, int) or depth < 0:
            raise UnknownGame(f"ismcts option depth={depth!r}: decisions per rollout, 0 (to the end) or more")
        if isinstance(prior, bool) or not isinstance(prior, (int, float)) or not 0 <= prior < 1:
            raise UnknownGame(f"ismcts option prior={prior!r}: the weight of the greedy choice, from 0 up to 1 (not 1)")
        if isinstance(paired, bool) or paired not in (0, 1):
            raise UnknownGame(f"ismcts option paired={paired!r}: 1 (compare the root's actions in the same "
                              "determinizations) or 0")
        self.paired = paired
        self.iters = iters
        self.seconds = None if seconds is None else float(seconds)
        self.c = float(c)
        self.rollout_policy = rollout
        self.dets = dets
        self.depth = depth
        self.prior = float(prior)
        #: the greedy agents of the rollouts, per seat (built for the game on first use)
        self._greedy: tuple[str, list[Agent]] | None = None
        #: the evaluation of a cut-off rollout, per game (``depth``; built on first use)
        self._eval: tuple[str, Callable[[Any], float] | None] | None = None
        #: the labels the other seat sees of an action, by its text (card ids as ``?``)
        self._labels: dict[str, str] = {}
        #: what the last search did: ``iterations``, ``seconds``, ``nodes``, ``root`` (action ->
        #: (visits, mean)) — for benchmarks and progress displays
        self.stats: dict[str, Any] = {}
        #: called with (iterations done, iteration budget or 0 for a time budget only) every 16
        #: iterations (a progress display)
        self.progress: Callable[[int, int], None] | None = None

    def reset(self, game: Game, seat: int, seed: int) -> None:
        super().reset(game, seat, seed)
        self._greedy = None
        self._eval = None
        self._labels = {}

    def spec(self) -> str:
        """This agent as a ``make_agent`` spec."""
        opts = [] if self.iters == UNLIMITED else [f"iters={self.iters}"]
        opts += [f"c={self.c:g}", f"rollout={self.rollout_policy}", f"dets={self.dets}"]
        if self.depth:
            opts.append(f"depth={self.depth}")
        if self.prior:
            opts.append(f"prior={self.prior:g}")
        if self.paired:
            opts.append("paired=1")
        if self.seconds is not None:
            opts.append(f"seconds={self.seconds:g}")
        return "ismcts:" + ",".join(opts)

    def __repr__(self) -> str:
        return f"ISMCTSAgent({self.spec()!r})"

    # ------------------------------------------------------------------ the search
    def act(self, infoset: InfoSet) -> Action:
        d = infoset.decision
        assert d is not None and d.options, "an agent acts on its own pending decision"
        if len(d.options) == 1:
            self.stats = {"iterations": 0, "seconds": 0.0, "nodes": 0, "root": {}}
            return d.options[0]
        tree = self.search(infoset)
        return self.best(tree, d.options)

    def search(self, infoset: InfoSet) -> Tree:
        """Grow the tree of ``infoset``'s decision within the budget; returns it."""
        d = infoset.decision
        assert d is not None and d.player == infoset.seat, "an agent searches its own pending decision"
        seat = infoset.seat
        tree = Tree((seat, d.kind, ()))
        if self.rollout_policy == "greedy" or self.prior:
            self._reseed_greedy(infoset.game)
        if self.depth and (self._eval is None or self._eval[0] != infoset.game.name):
            self._eval = (infoset.game.name, evaluation(infoset.game.name))
        start = time.perf_counter()
        deadline = None if self.seconds is None else start + self.seconds
        n = 0
        while n < self.iters:
            world = infoset.sample(self.rng).clone(search=True)
            if self.paired:
                self.iterate_paired(tree, world, seat, d.options)
            else:
                self.iterate(tree, world, seat)
            n += 1
            if deadline is not None and time.perf_counter() >= deadline:
                break
            if self.progress is not None and n % 16 == 0:
                self.progress(n, 0 if self.iters == UNLIMITED else self.iters)
        root = tree.nodes[tree.root]
        self.stats = {
            "iterations": n,
            "seconds": time.perf_counter() - start,
            "nodes": len(tree.nodes),
            "root": {t: (e.visits, e.mean()) for t, e in root.children.items()},
        }
        return tree

    @staticmethod
    def best(tree: Tree, options: list[Action]) -> Action:
        """The root child visited most (ties: the better mean, then the greedy policy's choice when
        there is a prior, then the order of ``options``)."""
        root = tree.nodes[tree.root]
        ch = root.children
        best = options[0]
        key: tuple[int, float, bool] = (-1, -math.inf, False)
        for a in options:
            e = ch.get(a.text)
            k = (-1, -math.inf, False) if e is None else (e.visits, e.mean(), a.text == root.hint)
            if k > key:
                best, key = a, k
        return best

    def iterate_paired(self, tree: Tree, world: State, seat: int, options: list[Action]) -> None:
        """``paired=1``: one iteration per root action, all in copies of the same determinization
        ``world`` and with the same random numbers below the root (common random numbers), so that
        the root's actions are compared on equal deals and the noise of the deal cancels out of
        their differences."""
        seed = self.rng.next64()
        keep = self.rng
        try:
            for a in options:
                self.rng = Rng(seed)
                if self._greedy is not None:
                    for i, ag in enumerate(self._greedy[1]):
                        ag.rng = Rng(seed ^ (i + 1))
                self.iterate(tree, world.clone(search=True), seat, a)
        finally:
            self.rng = keep

    def iterate(self, tree: Tree, world: State, seat: int, first: Action | None = None) -> None:
        """One iteration on the determinization ``world`` (a search state, played in place):
        select and expand (``first``: the root's action, given), roll out, backpropagate."""
        path: list[tuple[Node, Edge]] = []
        seen: list[tuple[str, ...]] = [(), ()]
        c, rng, prior = self.c, self.rng, self.prior
        while not world.over:
            d = world.decision
            assert d is not None
            p = d.player
            key = (p, d.kind, seen[p])
            node = tree.nodes.get(key)
            if node is None:
                node = tree.nodes[key] = Node(p)
                if prior:
                    assert self._greedy is not None
                    node.hint = self._greedy[1][p].act(InfoSet(p, world)).text
            if first is not None:
                edge, new = forced(node, d.options, first)
                first = None
            elif prior:
                edge, new = visit_prior(node, d.options, c, prior)
            else:
                edge, new = visit(node, d.options, c, rng)
            path.append((node, edge))
            a = edge.action
            seen[p] = (*seen[p], a.text)
            seen[1 - p] = (*seen[1 - p], self.label(world.game, d, a))
            world.apply(a)
            if new:
                break
        backpropagate(path, self.evaluate(world, seat))

    def label(self, game: Game, d: Decision, a: Action) -> str:
        """What the other seat sees of ``a``, the answer to ``d``, in a node key: ``?`` for a private
        decision, else the action with its card ids as ``?``."""
        if d.private:
            return HIDDEN
        t = self._labels.get(a.text)
        if t is None:
            cards = game.cards
            t = self._labels[a.text] = " ".join([a.verb, *(HIDDEN if x in cards else x for x in a.args)])
        return t

    def evaluate(self, leaf: State, seat: int) -> Result:
        """The result of ``leaf`` (a determinization after the tree's moves): ``dets`` rollouts
        averaged, the first in ``leaf`` itself, the others in fresh determinizations of it for
        ``seat``."""
        if leaf.over:
            return outcome(leaf)
        if self.dets == 1:
            return self.rollout(leaf)
        worlds = [leaf.resample(seat, self.rng) for _ in range(self.dets - 1)]
        r0, r1 = self.rollout(leaf)
        for w in worlds:
            x, y = self.rollout(w)
            r0 += x
            r1 += y
        return (r0 / self.dets, r1 / self.dets)

    def rollout(self, st: State) -> Result:
        """Play ``st`` on with the rollout policy (in place) and score it."""
        limit = self.depth or MAX_ROLLOUT
        n = 0
        if self.rollout_policy == "random":
            rng = self.rng
            while not st.over and n < limit:
                opts = st.decision.options  # type: ignore[union-attr]
                st.apply(opts[rng.randbelow(len(opts))])
                n += 1
        else:
            assert self._greedy is not None
            agents = self._greedy[1]
            while not st.over and n < limit:
                p = st.decision.player  # type: ignore[union-attr]
                st.apply(agents[p].act(InfoSet(p, st)))
                n += 1
        if not st.over and self._eval is not None and self._eval[1] is not None:
            v = self._eval[1](st)  # cut off after ``depth`` decisions: the game's evaluation
            return (v, 1.0 - v)
        return outcome(st)

    def _reseed_greedy(self, game: Game) -> None:
        """The greedy agents of the rollouts for ``game``, their RNGs drawn from this agent's."""
        if self._greedy is None or self._greedy[0] != game.name:
            agents = [greedy_agent(game.name), greedy_agent(game.name)]
            for s, ag in enumerate(agents):
                ag.reset(game, s, 0)
            self._greedy = (game.name, agents)
        for ag in self._greedy[1]:
            ag.rng = Rng(self.rng.next64())
