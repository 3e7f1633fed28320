"""Statistics of a batch of games: win rates with 95% Wilson intervals, lengths, reasons.

>>> lo, hi = wilson(50, 100)
>>> round(lo, 3), round(hi, 3)
(0.404, 0.596)
"""

from __future__ import annotations

import math
import statistics
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field

from ..core.record import Record


def wilson(k: int, n: int, z: float = 1.959963984540054) -> tuple[float, float]:
    """95% Wilson score interval of a proportion k/n (``(0, 1)`` when n = 0).

    The bounds at 0/n and n/n are exactly 0 and 1 (the formula leaves rounding errors there)."""
    if n < 0 or not 0 <= k <= n:
        raise ValueError(f"wilson: need 0 <= k <= n, got k={k}, n={n}")
    if n == 0:
        return (0.0, 1.0)
    p = k / n
    den = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / den
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / den
    lo = 0.0 if k == 0 else max(0.0, centre - half)
    hi = 1.0 if k == n else min(1.0, centre + half)
    return (lo, hi)


@dataclass
class Summary:
    games: int = 0
    draws: int = 0
    agent_wins: Counter[str] = field(default_factory=Counter)  # by label "A:greedy"
    agent_games: Counter[str] = field(default_factory=Counter)
    seat_wins: Counter[int] = field(default_factory=Counter)
    first_games: int = 0
    first_wins: int = 0
    reasons: Counter[str] = field(default_factory=Counter)
    turns: list[int] = field(default_factory=list)

    def rows(self) -> list[tuple[str, int, int, float, float, float]]:
        """(label, wins, games, rate, lo, hi) for agents, seats and the first player."""
        out = []
        for label in sorted(self.agent_games):
            w, n = self.agent_wins[label], self.agent_games[label]
            lo, hi = wilson(w, n)
            out.append((f"agent {label}", w, n, w / n if n else 0.0, lo, hi))
        for seat in (0, 1):
            w, n = self.seat_wins[seat], self.games
            lo, hi = wilson(w, n)
            out.append((f"seat {seat}", w, n, w / n if n else 0.0, lo, hi))
        if self.first_games:
            w, n = self.first_wins, self.first_games
            lo, hi = wilson(w, n)
            out.append(("first player", w, n, w / n, lo, hi))
        return out

    @property
    def mean_turns(self) -> float:
        return statistics.fmean(self.turns) if self.turns else 0.0

    @property
    def median_turns(self) -> float:
        return float(statistics.median(self.turns)) if self.turns else 0.0


def summarize(records: Iterable[Record], agents: tuple[str, str] | None = None) -> Summary:
    s = Summary()
    for r in records:
        s.games += 1
        s.turns.append(r.turns)
        reason = r.result
        if reason.startswith("player ") and reason.endswith("conceded"):
            reason = "conceded"
        s.reasons[reason] += 1
        meta = r.meta or {}
        names = meta.get("agents") or ["?", "?"]
        a_seat = meta.get("agent_a_seat", 0)
        labels = ["", ""]
        labels[a_seat] = f"A:{names[a_seat]}"
        labels[1 - a_seat] = f"B:{names[1 - a_seat]}"
        for seat in (0, 1):
            s.agent_games[labels[seat]] += 1
        if r.winner is None:
            s.draws += 1
        else:
            s.seat_wins[r.winner] += 1
            s.agent_wins[labels[r.winner]] += 1
        first = meta.get("first")
        if isinstance(first, int):
            s.first_games += 1
            if r.winner == first:
                s.first_wins += 1
    return s
