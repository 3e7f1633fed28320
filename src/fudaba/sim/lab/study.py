"""A balance-lab study: its decks, its batches of seeded games, and running them (resumably).

**The games.** Every pair of decks (one deck alone: its mirror) plays ``games`` games per agent: the
deals seeded ``seed … seed + games/2 - 1`` twice, the second time with the decks swapped (the first
deck is agent A of the first batch, who sits in seat ``i % 2``: sim/runner.py), so each deck plays
every deal from both seats. Both seats play the same agent (a policy: ``greedy``, ``normal``, …).

A *change* (a card replaced by its filler, a card with another cost, a rule parameter) is studied on
**the same deals**: the batches of the baseline are played again with one side's deck (or the rules)
changed, and each game is compared with its twin (common random numbers: causal.py).

Every game becomes a *row* (a plain dict, one line of the games log and of ``games.parquet``):
``part`` (baseline, causal, suggest, confirm, sweep, pair), ``agent``, ``batch`` (its key),
``index``, ``seed``, ``a_seat``, ``decks`` (the deck keys by seat), ``change``, ``side`` (the side
carrying it: 0 = A, 1 = B, -1 = none), ``params`` (rule parameters changed), ``winner``,
``reason``, ``turns``, ``first``, ``decisions`` and ``cards`` (per seat, tracking.py).
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ...core.decks import Deck
from ...core.errors import DeckError, FudabaError
from ...core.game import Game
from ...core.record import Record
from ..gamelog import GamesLog, digest
from ..runner import SimConfig, run_batches

#: progress of a phase: ``factory(label, total)`` gives the function told of each game played
Progress = Callable[[str, int], Callable[[int], None]]

#: seeds of the confirmation games start this far after the study's own
FRESH = 1_000_000


@dataclass(frozen=True)
class LabDeck:
    """A deck of the study: ``key`` (unique, short), the deck, its display name."""

    key: str
    deck: Deck
    label: str


def resolve_decks(game: Game, specs: Sequence[str | LabDeck], load: Callable[[str], Deck] | None = None) -> list[LabDeck]:
    """The decks named by ``--decks``, in order: ``starter`` (every starter deck), ``starter:NAME``, a
    deck file (``load`` reads it; default ``game.load_deck``) or a :class:`LabDeck`. A deck named twice
    is studied once; two decks of one key get a suffix. DeckError names a bad one."""
    starters = game.cached_starter_decks()
    out: list[LabDeck] = []
    for spec in specs or ["starter"]:
        if isinstance(spec, LabDeck):
            out.append(spec)
            continue
        spec = spec.strip()
        if spec == "starter":
            out += [LabDeck(k, d, d.name or k) for k, d in sorted(starters.items())]
        elif spec.startswith("starter:"):
            name = spec.split(":", 1)[1].strip()
            hit = [k for k, d in starters.items() if name in (k, d.name)]
            if not hit:
                raise DeckError([f"no starter deck {name!r}; starter decks: {', '.join(sorted(starters))}"], spec)
            out.append(LabDeck(hit[0], starters[hit[0]], starters[hit[0]].name or hit[0]))
        else:
            d = (load or game.load_deck)(spec)
            out.append(LabDeck(Path(spec).stem, d, d.name or Path(spec).stem))
    seen: set[str] = set()
    unique = []
    for d in out:  # the same deck named twice is studied once; two files of one name get a suffix
        if any(d.deck == u.deck for u in unique):
            continue
        key = d.key
        k = 2
        while key in seen:
            key, k = f"{d.key}-{k}", k + 1
        seen.add(key)
        unique.append(LabDeck(key, d.deck, d.label))
    return unique


@dataclass
class Batch:
    """Games of one matchup under one agent, maybe with a change on one side (or to the rules)."""

    part: str
    agent: str
    a: str  # deck key of side A
    b: str  # deck key of side B
    indices: list[int]
    change: str = ""  # "" (none), "SV-A08>SV-LAB-A08" (a card replaced), "SV-A08:cost=7" (a card changed)
    side: int = -1  # the side whose deck carries the change (0: A, 1: B)
    params: dict[str, Any] = field(default_factory=dict)  # rule parameters changed from the study's
    seed_offset: int = 0  # confirmation games are dealt from fresh seeds
    tables: list[dict[str, Any]] = field(default_factory=list)  # card tables the change adds
    swap: dict[str, str] = field(default_factory=dict)  # card id -> its replacement, on ``side``

    @property
    def key(self) -> str:
        p = ",".join(f"{k}={v}" for k, v in sorted(self.params.items()))
        return f"{self.part}|{self.agent}|{self.a}|{self.b}|{self.change}|{self.side}|{p}|{self.seed_offset}"

    def twin(self, **kw: Any) -> Batch:
        """The same games with something else (``part``, ``change``, ``side``, ``params``, …)."""
        d = {f: getattr(self, f) for f in self.__dataclass_fields__}
        d["indices"] = list(self.indices)
        d.update(kw)
        return Batch(**d)


def replaced(deck: Deck, swap: dict[str, str]) -> Deck:
    """``deck`` with every copy of each card of ``swap`` replaced (all sections)."""
    def rep(ids: Sequence[str]) -> tuple[str, ...]:
        return tuple(swap.get(c, c) for c in ids)

    return Deck(rep(deck.main), {k: rep(v) for k, v in deck.sections.items()}, deck.name)


class Study:
    """The decks, agents and rules of a study and every game it has played (see the module)."""

    def __init__(self, game: Game, decks: Sequence[LabDeck], agents: Sequence[str], games: int = 100, seed: int = 0,
                 workers: int = 1, backend: str = "process", address: str | None = None,
                 log: str | Path | None = None, progress: Progress | None = None) -> None:
        if games < 1:
            raise FudabaError("a study needs at least 1 game per matchup")
        if not decks or not agents:
            raise FudabaError("a study needs at least one deck and one agent")
        self.game, self.decks, self.agents = game, {d.key: d for d in decks}, list(agents)
        self.games, self.seed, self.workers = games, seed, workers
        self.backend, self.address, self.progress = backend, address, progress
        self.rows: dict[tuple[str, int], dict[str, Any]] = {}
        #: games played by this process (the others came from the games log)
        self.played = 0
        key = {"lab": 1, "game": game.name, "variant": game.variant, "study_seed": seed,
               "config": digest(game.params, [(d.key, d.deck.to_dict()) for d in decks], game.extra_cards)}
        self.log = GamesLog(log, key) if log is not None else None
        if self.log is not None:
            for g in self.log.entries():
                self.rows[(g["batch"], g["index"])] = compact(g)

    # ------------------------------------------------------------------ the batches
    def matchups(self) -> list[tuple[str, str]]:
        """Every pair of decks (one deck: its mirror), in the order given."""
        keys = list(self.decks)
        if len(keys) == 1:
            return [(keys[0], keys[0])]
        return [(keys[i], keys[j]) for i in range(len(keys)) for j in range(i + 1, len(keys))]

    def baseline(self, agent: str, part: str = "baseline", params: dict[str, Any] | None = None,
                 games: int | None = None, seed_offset: int = 0) -> list[Batch]:
        """The batches of every matchup under ``agent``: each deal from both sides (see the module)."""
        n = games or self.games
        out = []
        for a, b in self.matchups():
            if a == b:
                out.append(Batch(part, agent, a, b, list(range(n)), params=dict(params or {}), seed_offset=seed_offset))
                continue
            half = list(range((n + 1) // 2))
            out.append(Batch(part, agent, a, b, half, params=dict(params or {}), seed_offset=seed_offset))
            out.append(Batch(part, agent, b, a, half, params=dict(params or {}), seed_offset=seed_offset))
        return out

    def config(self, batch: Batch) -> SimConfig:
        """The simulation config of a batch (decks of sides A and B, the change applied)."""
        decks = [self.decks[batch.a].deck, self.decks[batch.b].deck]
        if batch.swap and batch.side in (0, 1):
            decks[batch.side] = replaced(decks[batch.side], batch.swap)
        g = self.game
        params = {**g.params, **batch.params}
        return SimConfig(g.name, (batch.agent, batch.agent), g.variant, params, self.seed + batch.seed_offset,
                         (decks[0].to_dict(), decks[1].to_dict()), [*g.extra_cards, *batch.tables], track=True)

    def check(self, batches: Sequence[Batch]) -> None:
        """Every deck of every batch legal under its rules (DeckError naming the batch), before playing."""
        seen: set[str] = set()
        for b in batches:
            cfg = self.config(b)
            sig = digest(cfg.params, cfg.decks, b.tables)
            if sig in seen:
                continue
            seen.add(sig)
            g = cfg.load()
            for side, d in zip("AB", cfg.decks, strict=True):
                problems = g.check_deck(Deck.from_dict(d or {}))
                if problems:
                    where = "".join(f" under {k}={v}" for k, v in sorted(b.params.items()))
                    raise DeckError(problems, f"{b.a if side == 'A' else b.b}{f' ({b.change})' if b.change else ''}"
                                              + where)

    # ------------------------------------------------------------------ playing
    def run(self, batches: Sequence[Batch], label: str = "games") -> list[dict[str, Any]]:
        """Play the games of ``batches`` not played yet (nor in the log); their rows, batch by batch."""
        todo = [(b, [i for i in b.indices if (b.key, i) not in self.rows]) for b in batches]
        total = sum(len(b.indices) for b in batches)
        left = sum(len(ix) for _, ix in todo)
        advance = self.progress(label, total) if self.progress else None
        if advance and total > left:
            advance(total - left)
        if left:
            self.check([b for b, ix in todo if ix])
            work = [(b, ix) for b, ix in todo if ix]
            chunk = None  # about six tasks per worker; a stop loses at most the games of the tasks in play
            cfgs = [(self.config(b), ix) for b, ix in work]
            if self.log is not None:
                with self.log.appending() as write:
                    self._play(work, cfgs, advance, chunk, write)
            else:
                self._play(work, cfgs, advance, chunk, None)
        return [self.rows[(b.key, i)] for b in batches for i in b.indices]

    def _play(self, work: list[tuple[Batch, list[int]]], cfgs: list[tuple[SimConfig, list[int]]],
              advance: Callable[[int], None] | None, chunk: int | None,
              write: Callable[[dict[str, Any]], None] | None) -> None:
        for n, rec, _ in run_batches(cfgs, self.workers, advance, chunk, self.backend, self.address):
            row = row_of(work[n][0], rec)
            self.rows[(row["batch"], row["index"])] = row
            self.played += 1
            if write is not None:
                write(row)


def row_of(batch: Batch, rec: Record) -> dict[str, Any]:
    """A game's row (see the module docstring)."""
    meta = rec.meta
    a_seat = int(meta["agent_a_seat"])
    decks = [batch.b, batch.b]
    decks[a_seat] = batch.a
    return compact({"part": batch.part, "agent": batch.agent, "batch": batch.key, "index": int(meta["index"]),
                    "seed": rec.seed, "a_seat": a_seat, "decks": decks, "change": batch.change, "side": batch.side,
                    "params": dict(batch.params), "winner": rec.winner, "reason": rec.result, "turns": rec.turns,
                    "first": meta.get("first"), "decisions": meta.get("decisions"), "cards": meta.get("cards") or []})


def compact(row: dict[str, Any]) -> dict[str, Any]:
    """A row as it is kept in memory: its words interned (a batch's rows share them) and each card's
    facts a tuple — about a third less memory than the row read from JSON (a study keeps every game)."""
    for k in ("part", "agent", "batch", "change", "reason"):
        row[k] = sys.intern(row[k])
    row["decks"] = [sys.intern(d) for d in row["decks"]]
    row["cards"] = [{sys.intern(c): tuple(f) for c, f in seat.items()} for seat in row["cards"]]
    return row


def score(row: dict[str, Any], seat: int) -> float:
    """What the game gave ``seat``: 1 a win, 1/2 a draw, 0 a loss."""
    w = row["winner"]
    return 0.5 if w is None else 1.0 if w == seat else 0.0


def side_seat(row: dict[str, Any], side: int) -> int:
    """The seat of side A (0) or B (1) in this game."""
    return int(row["a_seat"]) if side == 0 else 1 - int(row["a_seat"])
