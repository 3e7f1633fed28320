"""What a study's games say, with 95% intervals and sample sizes: seats, decks, matchups, lengths,
how games ended, and the per-card metrics of 17lands (win rate when in the opening hand, drawn, in
hand, never seen, played; play rate; mean turn played; improvement when drawn).

A rate counts a draw as half a win; its interval is Wilson's. The per-card metrics of a deck are read
from every game the deck played (in a mirror, from both seats). For a card of a deck, a game is:

* **OH** (opening hand): a copy was in the hand when the first turn began;
* **GD** (game drawn): none was, and a copy was drawn later;
* **GIH** (game in hand): OH or GD; **GNS** (game not seen): neither;
* **played**: a copy was played (the game's lab module says what playing is);
* **IWD** (improvement when drawn): GIH win rate − GNS win rate, with Newcombe's interval for the
  difference of two proportions;
* **play rate**: the share of the deck's games in which a copy was played; **mean turn played**:
  the player's own turn (1 = its first) of the first play, with a normal 95% interval.
"""

from __future__ import annotations

import math
import statistics
from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence
from typing import Any

from ..stats import mean_ci, newcombe_diff, wilson
from .study import score
from .tracking import COPIES, NEVER, OPENING, PLAYS, TURN_DRAWN, TURN_PLAYED

#: the result reason of a game stopped by its turn limit (every game uses these words)
TURN_LIMIT = "turn limit"


def rate(k: float, n: int) -> dict[str, Any]:
    """``{"rate", "ci95", "n"}`` of ``k`` wins (draws half) in ``n`` games (rate None when n = 0)."""
    if not n:
        return {"rate": None, "ci95": None, "n": 0}
    lo, hi = wilson(k, n)
    return {"rate": k / n, "ci95": [lo, hi], "n": n}


def decks_table(rows: Sequence[dict[str, Any]], keys: Sequence[str]) -> list[dict[str, Any]]:
    """Each deck's win rate over all its games (a mirror game counts from both seats)."""
    wins: Counter[str] = Counter()
    games: Counter[str] = Counter()
    for r in rows:
        for seat in (0, 1):
            d = r["decks"][seat]
            wins[d] += score(r, seat)
            games[d] += 1
    return [{"deck": k, **rate(wins[k], games[k])} for k in keys if games[k]]


def matchups_table(rows: Sequence[dict[str, Any]], keys: Sequence[str]) -> list[dict[str, Any]]:
    """Every ordered pair of decks that met: the row deck's win rate against the column deck, overall
    and by who went first."""
    by: dict[tuple[str, str], list[float]] = defaultdict(list)
    first: dict[tuple[str, str], list[float]] = defaultdict(list)
    second: dict[tuple[str, str], list[float]] = defaultdict(list)
    for r in rows:
        for seat in (0, 1):
            pair = (r["decks"][seat], r["decks"][1 - seat])
            s = score(r, seat)
            by[pair].append(s)
            if r["first"] == seat:
                first[pair].append(s)
            elif r["first"] == 1 - seat:
                second[pair].append(s)
    out = []
    for a in keys:
        for b in keys:
            if (a, b) in by:
                out.append({"deck": a, "opponent": b, **rate(sum(by[a, b]), len(by[a, b])),
                            "going_first": rate(sum(first[a, b]), len(first[a, b])),
                            "going_second": rate(sum(second[a, b]), len(second[a, b]))})
    return out


def seats_table(rows: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """The first player's and seat 0's win rates, draws and games stopped by the turn limit."""
    firsts = [score(r, r["first"]) for r in rows if isinstance(r["first"], int)]
    return {"first_player": rate(sum(firsts), len(firsts)),
            "seat0": rate(sum(score(r, 0) for r in rows), len(rows)),
            "draws": rate(sum(1 for r in rows if r["winner"] is None), len(rows)),
            "turn_limit": rate(sum(1 for r in rows if r["reason"] == TURN_LIMIT), len(rows))}


def lengths_table(rows: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """The game lengths in turns: mean (95% interval), quartiles and the histogram."""
    t = sorted(int(r["turns"]) for r in rows)
    if not t:
        return {"n": 0}
    m, lo, hi = mean_ci([float(x) for x in t])
    q = statistics.quantiles(t, n=4) if len(t) > 1 else [t[0]] * 3
    return {"n": len(t), "mean": m, "ci95": [lo, hi], "min": t[0], "q1": q[0], "median": q[1], "q3": q[2],
            "max": t[-1], "histogram": sorted(Counter(t).items())}


def reasons_table(rows: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """How games ended: each result reason with its share (Wilson interval)."""
    c = Counter(("conceded" if r["reason"].endswith("conceded") else r["reason"]) or "(none)" for r in rows)
    return [{"reason": k, "games": n, **rate(n, len(rows))} for k, n in c.most_common()]


class _Acc:
    """Wins and games of one (deck, card) in each of the metric's groups."""

    __slots__ = ("copies", "k", "n", "plays", "turns")

    def __init__(self) -> None:
        self.k: Counter[str] = Counter()
        self.n: Counter[str] = Counter()
        self.turns: list[float] = []
        self.plays = 0
        self.copies = 0

    def add(self, f: Sequence[int], s: float) -> None:
        self.copies = f[COPIES]
        groups = ["gp"]
        oh = f[OPENING] > 0
        gd = not oh and f[TURN_DRAWN] != NEVER
        groups.append("oh" if oh else "gd" if gd else "gns")
        if oh or gd:
            groups.append("gih")
        if f[TURN_PLAYED] != NEVER:
            groups.append("played")
            self.turns.append(float(f[TURN_PLAYED]))
        self.plays += f[PLAYS]
        for g in groups:
            self.k[g] += s
            self.n[g] += 1


def card_metrics(rows: Iterable[dict[str, Any]]) -> dict[tuple[str, str], dict[str, Any]]:
    """(deck, card) -> its metrics (module docstring), from the rows' per-card facts."""
    acc: dict[tuple[str, str], _Acc] = defaultdict(_Acc)
    for r in rows:
        for seat, facts in enumerate(r["cards"]):
            s = score(r, seat)
            deck = r["decks"][seat]
            for card, f in facts.items():
                acc[deck, card].add(f, s)
    out = {}
    for key, a in acc.items():
        m: dict[str, Any] = {"copies": a.copies, "games": a.n["gp"], "plays": a.plays}
        for g in ("gp", "oh", "gd", "gih", "gns", "played"):
            m[g] = rate(a.k[g], a.n[g])
        m["play_rate"] = rate(a.n["played"], a.n["gp"])
        if a.n["gih"] and a.n["gns"]:
            lo, hi = newcombe_diff(a.k["gih"], a.n["gih"], a.k["gns"], a.n["gns"])
            m["iwd"] = {"value": a.k["gih"] / a.n["gih"] - a.k["gns"] / a.n["gns"], "ci95": [lo, hi],
                        "n": [a.n["gih"], a.n["gns"]]}
        else:
            m["iwd"] = {"value": None, "ci95": None, "n": [a.n["gih"], a.n["gns"]]}
        mean, lo, hi = mean_ci(a.turns)
        m["turn_played"] = {"mean": None if math.isnan(mean) else mean,
                            "ci95": None if math.isnan(lo) else [lo, hi], "n": len(a.turns)}
        out[key] = m
    return out
