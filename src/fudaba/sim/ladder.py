"""A ladder: a round robin of agents, rated by Bradley–Terry maximum likelihood on the Elo scale.

**The games.** Every pair of agents plays ``games`` games (an even number): the deals seeded
``seed … seed + games/2 - 1`` twice, the second time with the two agents swapped — seats and decks
change hands, so each agent of the pair plays every deal from both sides (agent A of a batch sits
in seat ``i % 2`` and plays starter deck 1, sim/runner.py). Every agent plays both seats and both
decks equally often. All pairs play the same deals.

**The ratings.** The Bradley–Terry model gives agent *i* a strength ``π_i = exp(θ_i)`` and
``P(i beats j) = π_i / (π_i + π_j)``. A draw counts as half a win for each side. ``θ`` is the
maximum of the likelihood, found by the MM algorithm (Zermelo 1929; Hunter 2004):

    π_i ← W_i / Σ_j n_ij / (π_i + π_j)

(``W_i``: the points of *i*, ``n_ij``: the games of *i* and *j*), repeated until no ``θ_i`` moves by
more than 1e-13. Ratings are on the Elo scale, **anchored at a mean of 1500**:
``R_i = 1500 + (400 / ln 10) · (θ_i − mean θ)``; a difference of 400 points means 10 : 1 odds.

The likelihood has no maximum when some group of agents scored nothing against the rest (a 40–0
pair in a ladder of two): its ratings would be infinite. So every pair gets ``prior`` virtual drawn
games (default 1: half a point each) added to its real games — a weak prior that keeps every rating
finite and shrinks a 4–0 to 4.5–0.5, and is next to nothing beside 40 real games. With
``prior=0`` the plain maximum-likelihood estimate is computed, and refused with a message naming the
agents when it is infinite.

**The intervals** come from the observed Fisher information of the same likelihood (virtual games
included): the Laplacian ``L`` with ``L_ij = -w_ij``, ``L_ii = Σ_j w_ij``, ``w_ij = n_ij p_ij p_ji``,
``p_ij = π_i / (π_i + π_j)``. The covariance of ``θ`` under the anchor (mean θ = 0) is its
pseudo-inverse ``L⁺ = (L + J/k)⁻¹ − J/k`` (``J``: all ones, ``k`` agents), and the 95% interval is
``R_i ± 1.96 · (400 / ln 10) · sqrt(L⁺_ii)``. For two agents of whom the first scored ``s`` of ``n``
(``p = s/n``) this is ``±1.96 · (400 / ln 10) / (2 · sqrt(n p (1 − p)))``; the interval of the
difference ``R_1 − R_2`` is twice as wide, the usual interval of the logit of ``p``.

>>> theta = bradley_terry([[0, 3], [1, 0]], [[0, 4], [4, 0]])
>>> round(elo(theta)[0] - elo(theta)[1], 1)     # 3 of 4: odds 3 : 1 = 400·log10(3) points
190.8
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..core.record import Record
from .gamelog import GamesLog, digest
from .runner import SimConfig, Timing, run_batches

#: the Elo scale: rating points per unit of natural-log strength
ELO = 400 / math.log(10)
#: the mean rating of a ladder
ANCHOR = 1500.0
#: two-sided 95% normal quantile
Z95 = 1.959963984540054
#: virtual drawn games added to every pair by default (see the module docstring)
PRIOR = 1.0

Matrix = list[list[float]]


# ------------------------------------------------------------------------------ Bradley–Terry


def _check_finite(score: Sequence[Sequence[float]], names: Sequence[str]) -> None:
    """Raise ValueError when the maximum-likelihood ratings are infinite: when the graph "i scored
    against j" is not strongly connected (Ford 1957), some group scored nothing against the rest."""
    k = len(score)

    def reach(edge: Callable[[int, int], bool]) -> set[int]:
        seen, todo = {0}, [0]
        while todo:
            i = todo.pop()
            for j in range(k):
                if j not in seen and edge(i, j):
                    seen.add(j)
                    todo.append(j)
        return seen

    for group in (reach(lambda i, j: score[i][j] > 0), reach(lambda i, j: score[j][i] > 0)):
        if len(group) < k:
            # ``group`` scored nothing against the others (first pass) or the others nothing against it
            low = group if score_between(score, group, set(range(k)) - group) == 0 else set(range(k)) - group
            high = set(range(k)) - low
            raise ValueError(
                "the maximum-likelihood ratings are infinite: "
                + ", ".join(names[i] for i in sorted(low)) + " scored nothing against "
                + ", ".join(names[i] for i in sorted(high))
                + " (use a prior of virtual draws, e.g. prior=1, or play more games)")


def score_between(score: Sequence[Sequence[float]], a: set[int], b: set[int]) -> float:
    """The points the agents of ``a`` took from the agents of ``b``."""
    return sum(score[i][j] for i in a for j in b)


def bradley_terry(score: Sequence[Sequence[float]], games: Sequence[Sequence[float]], prior: float = 0.0,
                  names: Sequence[str] | None = None, tol: float = 1e-13,
                  max_iter: int = 1_000_000) -> list[float]:
    """Maximum-likelihood log-strengths ``θ`` (mean 0) of the Bradley–Terry model.

    ``score[i][j]``: the points of ``i`` against ``j`` (a win 1, a draw 1/2); ``games[i][j]``: the
    games they played (``score[i][j] + score[j][i]``); ``prior``: virtual drawn games added to every
    pair. Raises ValueError on inconsistent tables and, with no prior, on infinite ratings."""
    k = len(score)
    names = list(names) if names is not None else [str(i) for i in range(k)]
    if k < 2 or len(games) != k or any(len(r) != k for r in (*score, *games)):
        raise ValueError("bradley_terry: need square tables of at least two agents")
    if prior < 0:
        raise ValueError(f"bradley_terry: prior must be >= 0, got {prior}")
    for i in range(k):
        for j in range(k):
            if score[i][j] < 0 or abs(score[i][j] + score[j][i] - games[i][j]) > 1e-9 or games[i][j] != games[j][i]:
                raise ValueError(f"bradley_terry: {names[i]} vs {names[j]}: the points "
                                 f"({score[i][j]}, {score[j][i]}) do not add up to the {games[i][j]} games")
    s = [[score[i][j] + (prior / 2 if i != j else 0.0) for j in range(k)] for i in range(k)]
    n = [[games[i][j] + (prior if i != j else 0.0) for j in range(k)] for i in range(k)]
    if prior == 0:
        _check_finite(s, names)
    w = [sum(row) for row in s]
    pi = [1.0] * k
    theta = [0.0] * k
    for _ in range(max_iter):
        new = [w[i] / sum(n[i][j] / (pi[i] + pi[j]) for j in range(k) if j != i and n[i][j]) for i in range(k)]
        logs = [math.log(x) for x in new]
        mean = sum(logs) / k
        logs = [x - mean for x in logs]
        moved = max(abs(a - b) for a, b in zip(logs, theta, strict=True))
        theta = logs
        pi = [math.exp(x) for x in theta]
        if moved < tol:
            return theta
    raise ValueError(f"bradley_terry: no convergence in {max_iter} iterations")


def covariance(theta: Sequence[float], games: Sequence[Sequence[float]], prior: float = 0.0) -> Matrix:
    """The covariance of ``θ`` (anchored at mean 0) from the observed Fisher information: the
    pseudo-inverse of the information Laplacian (see the module docstring)."""
    k = len(theta)
    lap = [[0.0] * k for _ in range(k)]
    for i in range(k):
        for j in range(k):
            if i != j:
                p = 1 / (1 + math.exp(theta[j] - theta[i]))
                wij = (games[i][j] + prior) * p * (1 - p)
                lap[i][j] = -wij
                lap[i][i] += wij
    inv = _inverse([[lap[i][j] + 1 / k for j in range(k)] for i in range(k)])
    return [[inv[i][j] - 1 / k for j in range(k)] for i in range(k)]


def _inverse(a: Matrix) -> Matrix:
    """Gauss–Jordan inverse with partial pivoting (small matrices: one row per agent)."""
    k = len(a)
    m = [list(row) + [1.0 if i == j else 0.0 for j in range(k)] for i, row in enumerate(a)]
    for c in range(k):
        piv = max(range(c, k), key=lambda r: abs(m[r][c]))
        if abs(m[piv][c]) < 1e-300:
            raise ValueError("the information matrix is singular: some agents never played the others")
        m[c], m[piv] = m[piv], m[c]
        f = m[c][c]
        m[c] = [x / f for x in m[c]]
        for r in range(k):
            if r != c and m[r][c]:
                g = m[r][c]
                m[r] = [x - g * y for x, y in zip(m[r], m[c], strict=True)]
    return [row[k:] for row in m]


def elo(theta: Sequence[float]) -> list[float]:
    """Log-strengths on the Elo scale, anchored at a mean of 1500."""
    mean = sum(theta) / len(theta)
    return [ANCHOR + ELO * (t - mean) for t in theta]


# ------------------------------------------------------------------------------ the ladder


@dataclass(frozen=True)
class Rating:
    agent: str
    rating: float
    se: float  # standard error of the rating (Elo points)
    games: int
    points: float  # wins + draws / 2, real games only
    decisions: int
    seconds: float  # inside act, summed over all its games

    @property
    def interval(self) -> tuple[float, float]:
        """The 95% interval of the rating."""
        return (self.rating - Z95 * self.se, self.rating + Z95 * self.se)

    @property
    def score_rate(self) -> float:
        return self.points / self.games if self.games else 0.0

    @property
    def seconds_per_decision(self) -> float:
        return self.seconds / self.decisions if self.decisions else 0.0


@dataclass
class Ladder:
    """The results of a round robin: per pair of agents, wins and draws; per agent, its time."""

    agents: list[str]
    wins: list[list[int]] = field(default_factory=list)  # wins[i][j]: games i won against j
    draws: list[list[int]] = field(default_factory=list)  # symmetric
    seconds: list[float] = field(default_factory=list)
    decisions: list[int] = field(default_factory=list)

    def __post_init__(self) -> None:
        k = len(self.agents)
        self.wins = self.wins or [[0] * k for _ in range(k)]
        self.draws = self.draws or [[0] * k for _ in range(k)]
        self.seconds = self.seconds or [0.0] * k
        self.decisions = self.decisions or [0] * k

    def add(self, a: int, b: int, rec: Record, timing: Timing) -> None:
        """One game of agent ``a`` (agent A of its batch) against agent ``b``."""
        a_seat = int(rec.meta.get("agent_a_seat", 0))
        self.add_outcome(a, b, None if rec.winner is None else rec.winner == a_seat, timing)

    def add_outcome(self, a: int, b: int, a_won: bool | None, timing: Timing) -> None:
        """One game of agent ``a`` against agent ``b``: ``a_won`` True, False, or None for a draw."""
        if a_won is None:
            self.draws[a][b] += 1
            self.draws[b][a] += 1
        elif a_won:
            self.wins[a][b] += 1
        else:
            self.wins[b][a] += 1
        for who, sec, dec in zip((a, b), timing.seconds, timing.decisions, strict=True):
            self.seconds[who] += sec
            self.decisions[who] += dec

    def games(self, i: int, j: int) -> int:
        return self.wins[i][j] + self.wins[j][i] + self.draws[i][j] if i != j else 0

    def score(self, i: int, j: int) -> float:
        """The points of ``i`` against ``j``: wins, and half of the draws."""
        return self.wins[i][j] + self.draws[i][j] / 2 if i != j else 0.0

    def ratings(self, prior: float = PRIOR) -> list[Rating]:
        """The agents rated, best first (ties: in the order given)."""
        k = len(self.agents)
        score = [[self.score(i, j) for j in range(k)] for i in range(k)]
        games = [[float(self.games(i, j)) for j in range(k)] for i in range(k)]
        theta = bradley_terry(score, games, prior, self.agents)
        cov = covariance(theta, games, prior)
        out = [Rating(self.agents[i], r, ELO * math.sqrt(max(0.0, cov[i][i])), int(sum(games[i])),
                      sum(score[i]), self.decisions[i], self.seconds[i])
               for i, r in enumerate(elo(theta))]
        order = sorted(range(k), key=lambda i: (-out[i].rating, i))
        return [out[i] for i in order]

    def to_dict(self, prior: float = PRIOR, config: dict[str, Any] | None = None) -> dict[str, Any]:
        """What ``ladder.json`` holds: the configuration, the ratings (best first) with their 95%
        intervals, the head-to-head matrix and each agent's mean time per decision."""
        k = len(self.agents)
        ratings = self.ratings(prior)
        return {
            "config": {**(config or {}), "agents": list(self.agents), "prior_draws_per_pair": prior},
            "method": (f"Bradley-Terry maximum likelihood (MM algorithm), draws as half a win each, {prior:g} "
                       f"virtual drawn game(s) per pair; Elo scale (400 points = 10:1 odds) anchored at mean "
                       f"{ANCHOR:g}; 95% intervals from the observed Fisher information (rating +- {Z95:.2f} se)"),
            "ratings": [{"rank": n + 1, "agent": r.agent, "rating": r.rating, "ci95": list(r.interval),
                         "se": r.se, "games": r.games, "points": r.points, "score": r.score_rate,
                         "decisions": r.decisions, "seconds_per_decision": r.seconds_per_decision}
                        for n, r in enumerate(ratings)],
            "matrix": {
                "agents": list(self.agents),
                "note": "score[i][j]: the share of points agent i took from agent j (null on the diagonal)",
                "score": [[self.score(i, j) / self.games(i, j) if self.games(i, j) else None for j in range(k)]
                          for i in range(k)],
                "wins": self.wins,
                "draws": self.draws,
                "games": [[self.games(i, j) for j in range(k)] for i in range(k)],
            },
            "time_per_decision": {r.agent: r.seconds_per_decision for r in ratings},
        }


def pairings(agents: Sequence[str], games: int, base: SimConfig) -> list[tuple[int, int, SimConfig, int]]:
    """The batches of a round robin: ``(agent A, agent B, config, games)``, two per pair (the same
    deals, the agents swapped)."""
    if games < 2 or games % 2:
        raise ValueError(f"a ladder plays an even number of games per pair (each deal from both sides), got {games}")
    if len(agents) < 2 or len(set(agents)) != len(agents):
        raise ValueError("a ladder needs at least two different agents")
    out = []
    for i in range(len(agents)):
        for j in range(i + 1, len(agents)):
            for a, b in ((i, j), (j, i)):
                cfg = SimConfig(base.game, (agents[a], agents[b]), base.variant, dict(base.params), base.seed,
                                base.decks, list(base.cards))
                out.append((a, b, cfg, games // 2))
    return out


def run_ladder(agents: Sequence[str], games: int, base: SimConfig, workers: int = 1,
               progress: Callable[[int], None] | None = None, log: str | Path | None = None,
               backend: str = "process", address: str | None = None) -> Ladder:
    """Play the round robin of ``agents`` (agent specs, as ``make_agent`` takes them): ``games``
    games per pair in the game, variant, parameters and seed of ``base``, on ``workers`` processes.

    ``log``: a JSON-lines file; each game's outcome is appended to it as the game ends, and the
    games already there (same game, variant, parameters, decks, cards, seed and agents) are not
    played again — a long round
    robin stopped halfway runs on later to the same result (sim/gamelog.py). ``backend`` and
    ``address``: where the games are played (``run_batches``)."""
    batches = pairings(agents, games, base)
    ladder = Ladder(list(agents))
    if log is None:
        for b, rec, timing in run_batches([(cfg, n) for _, _, cfg, n in batches], workers, progress,
                                          backend=backend, address=address):
            ladder.add(batches[b][0], batches[b][1], rec, timing)
        return ladder
    # the rule parameters, decks and added cards, as a digest (a line stays short)
    key = {"game": base.game, "variant": base.variant, "seed": base.seed,
           "config": digest(base.params, base.decks, base.cards)}
    games_log = GamesLog(log, key)
    batch_of = {(agents[a], agents[b]): n for n, (a, b, _, _) in enumerate(batches)}
    done: dict[tuple[int, int], dict[str, Any]] = {}
    for g in games_log.entries():
        n = batch_of.get((g["a"], g["b"]))
        if n is not None and g["index"] < batches[n][3]:
            done[(n, g["index"])] = g
    todo = [(cfg, [i for i in range(n) if (b, i) not in done]) for b, (_, _, cfg, n) in enumerate(batches)]
    if done and progress:
        progress(len(done))  # the games the log already holds count as played
    with games_log.appending() as write:
        for b, rec, timing in run_batches(todo, workers, progress, chunk=1, backend=backend, address=address):
            a_seat = int(rec.meta["agent_a_seat"])
            g = {"a": agents[batches[b][0]], "b": agents[batches[b][1]], "index": rec.meta["index"],
                 "a_won": None if rec.winner is None else rec.winner == a_seat,
                 "seconds": list(timing.seconds), "decisions": list(timing.decisions)}
            write(g)
            done[(b, g["index"])] = g
    for (b, _), g in done.items():
        ladder.add_outcome(batches[b][0], batches[b][1], g["a_won"],
                           Timing(tuple(g["seconds"]), tuple(g["decisions"])))
    return ladder
