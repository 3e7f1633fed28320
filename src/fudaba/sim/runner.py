"""Play seeded AI-vs-AI games, in this process or in worker processes.

Game ``i`` of a batch uses seed ``seed + i``; agent A sits in seat ``i % 2`` so both agents play
both seats equally. Every game yields a :class:`fudaba.core.record.Record` (replayable).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
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


def play_game(game: Game, cfg: SimConfig, index: int, decks: list[Deck] | None = None) -> Record:
    """Play game ``index`` of the batch described by ``cfg``; returns its record.

    ``decks``: the two decks of agents A and B (computed from ``cfg`` when not given)."""
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
        ag.reset(game, s, seed)
    st = game.new_game(decks=seat_decks, seed=seed)
    n = 0
    while not st.over:
        d = st.decision
        assert d is not None
        ag = agents[d.player]  # what the seat knows, never the state
        st.apply(ag.act(st.infoset(d.player, ag.reads_decision_only)))
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
    return rec


def _first_player(st: Any) -> int | None:
    f = getattr(st, "first", None)
    return f if isinstance(f, int) else None


def _play_chunk(cfg: SimConfig, indices: list[int]) -> list[str]:
    game = cfg.load()
    decks = agent_decks(game, cfg)
    # records travel back as JSON text: cheaper to pickle than nested dicts
    return [play_game(game, cfg, i, decks).to_json() for i in indices]


def run_batch(
    cfg: SimConfig,
    games: int,
    workers: int = 1,
    progress: Callable[[int], None] | None = None,
) -> Iterator[Record]:
    """Yield the records of ``games`` games (in completion order; ``meta.index`` gives the order)."""
    if workers <= 1:
        game = cfg.load()
        decks = agent_decks(game, cfg)
        for i in range(games):
            rec = play_game(game, cfg, i, decks)
            if progress:
                progress(1)
            yield rec
        return
    chunk = max(1, min(100, games // (workers * 6) or 1))
    batches = [list(range(s, min(games, s + chunk))) for s in range(0, games, chunk)]
    with ProcessPoolExecutor(max_workers=workers) as ex:
        futs = [ex.submit(_play_chunk, cfg, b) for b in batches]
        for f in as_completed(futs):
            for text in f.result():
                if progress:
                    progress(1)
                yield Record.from_json(text)
