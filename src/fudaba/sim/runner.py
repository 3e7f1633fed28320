"""Play seeded AI-vs-AI games, in this process or in worker processes.

Game ``i`` of a batch uses seed ``seed + i``; agent A sits in seat ``i % 2`` so both agents play
both seats equally. Every game yields a :class:`fudaba.core.record.Record` (replayable) and a
:class:`Timing` (the seconds each agent spent in ``act``): the timing is kept out of the record, whose
text is the same game however fast the machine was.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from typing import Any

from ..agents import make_agent
from ..core.decks import Deck
from ..core.errors import FudabaError
from ..core.game import Game
from ..core.record import Record
from ..core.registry import load_game

#: a game that has not ended after this many decisions is stopped (engine safety net)
MAX_DECISIONS = 20_000


@dataclass
class SimConfig:
    game: str
    agents: tuple[str, str] = ("greedy", "random")
    variant: str | None = None
    params: dict[str, Any] = field(default_factory=dict)
    seed: int = 0
    decks: tuple[dict[str, Any] | None, dict[str, Any] | None] = (None, None)
    #: card tables added to the game's pool (``--cards``): every worker plays with them
    cards: list[dict[str, Any]] = field(default_factory=list)
    #: keep what became of every card of both decks in the record (``meta["cards"]``, the balance lab's
    #: per-card facts: sim/lab/tracking.py), read from the game's log as it ends
    track: bool = False

    def load(self) -> Game:
        game = load_game(self.game, self.variant, **self.params)
        return game.with_cards(self.cards, "simulation cards") if self.cards else game


def agent_decks(game: Game, cfg: SimConfig) -> list[Deck]:
    """Decks of agents A and B: the configured ones, else starter decks 1 and 2 (loaded only when
    needed: changed deck-building parameters can make the starter decks illegal)."""
    starters: list[Deck] = []
    out = []
    for i, d in enumerate(cfg.decks):
        if d is not None:
            out.append(Deck.from_dict(d))
            continue
        if not starters:
            starters = [v for _, v in sorted(game.starter_decks().items())]
        out.append(starters[i % len(starters)])
    return out


@dataclass(frozen=True)
class Timing:
    """What one game cost agents A and B: seconds spent inside their ``act`` calls and decisions
    answered (in agent order, A then B, whichever seat each sat in)."""

    seconds: tuple[float, float] = (0.0, 0.0)
    decisions: tuple[int, int] = (0, 0)


def play_game(game: Game, cfg: SimConfig, index: int, decks: list[Deck] | None = None) -> Record:
    """Play game ``index`` of the batch described by ``cfg``; returns its record.

    ``decks``: the two decks of agents A and B (computed from ``cfg`` when not given)."""
    return play_game_timed(game, cfg, index, decks)[0]


def play_game_timed(game: Game, cfg: SimConfig, index: int,
                    decks: list[Deck] | None = None) -> tuple[Record, Timing]:
    """:func:`play_game`, with the time each agent spent choosing (only the ``act`` calls are timed)."""
    seed = cfg.seed + index
    a_seat = index % 2
    names = [cfg.agents[1], cfg.agents[1]]
    names[a_seat] = cfg.agents[0]
    # decks follow the agents: agent A always plays deck 0
    if decks is None:
        decks = agent_decks(game, cfg)
    seat_decks = [decks[1], decks[1]]
    seat_decks[a_seat] = decks[0]
    agents = [make_agent(names[0], game.name), make_agent(names[1], game.name)]
    for s, ag in enumerate(agents):
        if hasattr(ag, "reset"):  # a user's class (``pkg.module:Class``) needs only ``act``
            ag.reset(game, s, seed)
    st = game.new_game(decks=seat_decks, seed=seed)
    n = 0
    seconds = [0.0, 0.0]  # by seat
    decisions = [0, 0]
    clock = time.perf_counter
    while not st.over:
        d = st.decision
        assert d is not None
        ag = agents[d.player]  # what the seat knows, never the state
        info = st.infoset(d.player, bool(getattr(ag, "reads_decision_only", False)))
        t0 = clock()
        action = ag.act(info)
        seconds[d.player] += clock() - t0
        decisions[d.player] += 1
        st.apply(action)
        n += 1
        if n > MAX_DECISIONS:
            raise FudabaError(f"game {index} (seed {seed}) did not end within {MAX_DECISIONS} decisions")
    rec = st.record()
    rec.meta = {
        "index": index,
        "agents": names,
        "agent_a_seat": a_seat,
        "first": _first_player(st),
        "decisions": n,
    }
    if cfg.track:
        from .lab.tracking import track

        rec.meta["cards"] = track(game, st.log, seat_decks)
    b_seat = 1 - a_seat
    return rec, Timing((seconds[a_seat], seconds[b_seat]), (decisions[a_seat], decisions[b_seat]))


def _first_player(st: Any) -> int | None:
    f = getattr(st, "first", None)
    return f if isinstance(f, int) else None


def _play_chunk(cfg: SimConfig, indices: list[int]) -> list[tuple[str, Timing]]:
    game = cfg.load()
    decks = agent_decks(game, cfg)
    out = []
    for i in indices:
        rec, timing = play_game_timed(game, cfg, i, decks)
        out.append((rec.to_json(), timing))  # records travel back as JSON text: cheaper to pickle than nested dicts
    return out


def run_batch(
    cfg: SimConfig,
    games: int,
    workers: int = 1,
    progress: Callable[[int], None] | None = None,
) -> Iterator[Record]:
    """Yield the records of ``games`` games (in completion order; ``meta.index`` gives the order)."""
    for _, rec, _ in run_batches([(cfg, games)], workers, progress):
        yield rec


def run_batches(
    batches: Sequence[tuple[SimConfig, int | Sequence[int]]],
    workers: int = 1,
    progress: Callable[[int], None] | None = None,
    chunk: int | None = None,
    backend: str = "process",
    address: str | None = None,
) -> Iterator[tuple[int, Record, Timing]]:
    """Play several batches (each a config and its number of games, or the indices of the games
    to play — the rest of an interrupted run) with one pool of workers.

    Yields ``(batch number, record, timing)`` in completion order (``meta.index`` gives a game's
    place in its batch); a batch's games are the games :func:`run_batch` would play for it.
    ``chunk``: games per task of a worker (default: about six tasks per worker; 1 sends each game
    back as soon as it ends, for long games whose results are saved as they come).

    ``backend``: ``"process"`` (this machine's processes; one worker plays in this process) or
    ``"ray"`` (tasks of ``chunk`` games on a Ray cluster: ``address`` of a running one, or a local Ray
    started with ``workers`` CPUs; sim/ray_backend.py). Both give the same records for the same seeds."""
    if backend not in BACKENDS:
        raise FudabaError(f"unknown backend {backend!r}; backends: {', '.join(BACKENDS)}")
    wanted = [(cfg, list(range(n)) if isinstance(n, int) else list(n)) for cfg, n in batches]
    if workers <= 1 and backend == "process":
        for b, (cfg, indices) in enumerate(wanted):
            if not indices:
                continue
            game = cfg.load()
            decks = agent_decks(game, cfg)
            for i in indices:
                rec, timing = play_game_timed(game, cfg, i, decks)
                if progress:
                    progress(1)
                yield b, rec, timing
        return
    # about six chunks per worker over all batches: small enough to balance, large enough that loading
    # the game once per chunk costs little
    if chunk is None:
        chunk = max(1, min(100, sum(len(ix) for _, ix in wanted) // (max(1, workers) * 6) or 1))
    # the batches' chunks taken in turn (the first of each batch, then the second, …): the games
    # of a pair's two batches — the same deals, the agents swapped — end at about the same pace
    order = sorted(((s // chunk, b) for b, (_, indices) in enumerate(wanted) for s in range(0, len(indices), chunk)))
    tasks = [(b, wanted[b][0], wanted[b][1][k * chunk:(k + 1) * chunk]) for k, b in order]
    if backend == "ray":
        from .ray_backend import ray_chunks

        done: Iterator[tuple[int, list[tuple[str, Timing]]]] = ray_chunks(_play_chunk, tasks, workers, address)
    else:
        done = _process_chunks(tasks, workers)
    for b, results in done:
        for text, timing in results:
            if progress:
                progress(1)
            yield b, Record.from_json(text), timing


#: where games can be played: this machine's processes, or a Ray cluster
BACKENDS = ("process", "ray")

#: a task: (batch number, its config, the indices of the games to play)
Task = tuple[int, SimConfig, list[int]]


def _process_chunks(tasks: Sequence[Task], workers: int) -> Iterator[tuple[int, list[tuple[str, Timing]]]]:
    """Each task played in a pool of ``workers`` processes; ``(batch, results)`` as tasks end."""
    with ProcessPoolExecutor(max_workers=workers) as ex:
        futs = {ex.submit(_play_chunk, cfg, indices): b for b, cfg, indices in tasks}
        for f in as_completed(futs):
            yield futs[f], f.result()
