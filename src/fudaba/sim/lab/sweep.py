"""Rule sweeps: the study's matchups played again for each value of a rule parameter, on the same
deals, and a sensitivity table — which parameter moves balance most per step of its range.

Per value: each deck's win rate, the first player's win rate, draws and the mean length, each with
its 95% interval. Balance is read two ways: the **first-player edge** ``|first-player rate − 50%|``
and the **deck spread** (the best deck's win rate − the worst's; 0 with one deck). A parameter's
sensitivity is how much each moves per step between neighbouring swept values (the largest move
and the mean move, in percentage points), and the mean length's move in turns. The first player's win rate between neighbouring values is
also compared game by game (the same deals): its change per step has a paired 95% interval
(Newcombe), and the largest such step is named.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import pairwise
from typing import Any

from ..stats import newcombe_paired
from .metrics import decks_table, lengths_table, seats_table
from .study import Study, score


def parse_sweep(text: str) -> tuple[str, list[str]]:
    """``KEY=V1,V2,...`` -> (key, values); ValueError says what to write."""
    if "=" not in text:
        raise ValueError(f"--sweep {text!r}: write KEY=V1,V2,..., e.g. --sweep starting_hand=5,6,7")
    key, vals = text.split("=", 1)
    values = [v.strip() for v in vals.split(",") if v.strip()]
    if not key.strip() or len(values) < 2:
        raise ValueError(f"--sweep {text!r}: give a parameter and at least two values, e.g. starting_hand=5,6,7")
    return key.strip(), values


def first_step(before: Sequence[dict[str, Any]], after: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """The change of the first player's win rate from one swept value to the next, on the same deals
    (game ``i`` of both lists is the same deal): paired, with Newcombe's interval."""
    a = b = c = d = 0.0
    for r1, r2 in zip(before, after, strict=True):
        s1 = score(r1, r1["first"]) if isinstance(r1["first"], int) else 0.5
        s2 = score(r2, r2["first"]) if isinstance(r2["first"], int) else 0.5
        a, b, c, d = a + s1 * s2, b + (1 - s1) * s2, c + s1 * (1 - s2), d + (1 - s1) * (1 - s2)
    n = len(before)
    lo, hi = newcombe_paired(a, b, c, d)
    return {"delta": (b - c) / n if n else None, "ci95": [lo, hi] if n else None, "n": n}


def run_sweep(study: Study, agent: str, key: str, values: Sequence[str]) -> list[dict[str, Any]]:
    """Each value's balance numbers under ``agent`` (module docstring); from the second value on,
    ``first_step``: the paired change of the first player's win rate from the value before."""
    out: list[dict[str, Any]] = []
    prev: list[dict[str, Any]] = []
    for v in values:
        batches = study.baseline(agent, part="sweep", params={key: v})
        rows = study.run(batches, f"sweep {key}={v}")
        step = first_step(prev, rows) if prev else None
        prev = rows
        seats = seats_table(rows)
        decks = decks_table(rows, list(study.decks))
        rates = [d["rate"] for d in decks]
        length = lengths_table(rows)
        out.append({"agent": agent, "param": key, "value": v, "games": len(rows), "decks": decks,
                    "first_player": seats["first_player"], "draws": seats["draws"],
                    "turn_limit": seats["turn_limit"],
                    "length": {"mean": length.get("mean"), "ci95": length.get("ci95"), "n": length["n"]},
                    "spread": (max(rates) - min(rates)) if len(rates) > 1 else 0.0, "first_step": step})
    return out


def sensitivity(points: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """How one parameter's sweep moves balance per step (module docstring)."""
    def moves(vals: list[float]) -> list[float]:
        return [abs(b - a) for a, b in pairwise(vals)]

    edge = [abs((p["first_player"]["rate"] or 0.5) - 0.5) for p in points]
    spread = [p["spread"] for p in points]
    length = [p["length"]["mean"] or 0.0 for p in points]
    out: dict[str, Any] = {"agent": points[0]["agent"], "param": points[0]["param"],
                           "values": [p["value"] for p in points], "steps": len(points) - 1}
    for name, vals in (("first_edge", edge), ("deck_spread", spread), ("length", length)):
        m = moves(vals)
        out[name] = {"max_per_step": max(m) if m else 0.0, "mean_per_step": sum(m) / len(m) if m else 0.0,
                     "range": [min(vals), max(vals)]}
    out["balance_per_step"] = max(out["first_edge"]["max_per_step"], out["deck_spread"]["max_per_step"])
    steps = [(p["value"], p["first_step"]) for p in points if p.get("first_step")]
    if steps:
        to, big = max(steps, key=lambda x: abs(x[1]["delta"] or 0.0))
        out["largest_first_step"] = {"to": to, **big}
    return out
