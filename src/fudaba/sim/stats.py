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


Z95 = 1.959963984540054


def newcombe_diff(k1: float, n1: float, k2: float, n2: float) -> tuple[float, float]:
    """95% interval of the difference of two independent proportions ``k1/n1 - k2/n2``: Newcombe's
    hybrid score interval (1998, method 10), from the two Wilson intervals.

    >>> lo, hi = newcombe_diff(56, 70, 48, 80)
    >>> round(lo, 4), round(hi, 4)
    (0.0524, 0.3339)
    """
    if not n1 or not n2:
        return (-1.0, 1.0)
    p1, p2 = k1 / n1, k2 / n2
    l1, u1 = wilson(k1, n1)
    l2, u2 = wilson(k2, n2)
    d = p1 - p2
    return (d - math.sqrt((p1 - l1) ** 2 + (u2 - p2) ** 2), d + math.sqrt((u1 - p1) ** 2 + (p2 - l2) ** 2))


def newcombe_paired(a: float, b: float, c: float, d: float) -> tuple[float, float]:
    """95% interval of the difference ``(b - c) / n`` of two paired proportions (McNemar's table:
    ``a`` both, ``b`` the first only, ``c`` the second only, ``d`` neither): Newcombe's hybrid score
    interval (1998, method 10: the two Wilson intervals combined through the correlation ``phi``,
    whose numerator ``ad - bc`` is lowered by ``n/2`` when positive, so that pairs that all agree do
    not give an interval of no width). Cells may be fractional (a draw counts half).

    >>> [round(x, 3) for x in newcombe_paired(12, 9, 2, 21)]   # a difference of 7/44 = 0.159
    [0.011, 0.295]
    >>> lo, hi = newcombe_paired(30, 0, 0, 30)                 # 60 pairs that agree: 0, and not exactly
    >>> lo < 0 < hi
    True
    >>> newcombe_paired(0, 0, 0, 0)
    (-1.0, 1.0)
    """
    n = a + b + c + d
    if n <= 0:
        return (-1.0, 1.0)
    p1, p2 = (a + b) / n, (a + c) / n
    l1, u1 = wilson(a + b, n)
    l2, u2 = wilson(a + c, n)
    den = (a + b) * (c + d) * (a + c) * (b + d)
    num = a * d - b * c
    num = max(num - n / 2, 0.0) if num > 0 else num  # Newcombe's correction: no overconfident zero width
    phi = num / math.sqrt(den) if den > 0 else 0.0
    theta = (b - c) / n
    dl = math.sqrt(max(0.0, (p1 - l1) ** 2 - 2 * phi * (p1 - l1) * (u2 - p2) + (u2 - p2) ** 2))
    du = math.sqrt(max(0.0, (u1 - p1) ** 2 - 2 * phi * (u1 - p1) * (p2 - l2) + (p2 - l2) ** 2))
    return (max(-1.0, theta - dl), min(1.0, theta + du))


def mean_ci(values: list[float]) -> tuple[float, float, float]:
    """The mean of ``values`` and its 95% normal interval (``mean ± 1.96 s/√n``; n < 2: the mean
    alone, an interval of no width cannot be claimed so it is ``(nan, nan)``)."""
    n = len(values)
    if n == 0:
        return (math.nan, math.nan, math.nan)
    m = statistics.fmean(values)
    if n < 2:
        return (m, math.nan, math.nan)
    half = Z95 * statistics.stdev(values) / math.sqrt(n)
    return (m, m - half, m + half)
