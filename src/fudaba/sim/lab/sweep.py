"""Rule sweeps: the study's matchups played again for each value of a rule parameter, on the same
deals, and a sensitivity table — which parameter moves balance most per step of its range.

Per value: each deck's win rate, the first player's win rate, draws and the mean length, each with
its 95% interval. Balance is read two ways: the **first-player edge** ``|first-player rate − 50%|``
and the **deck spread** (the best deck's win rate − the worst's; 0 with one deck). A parameter's
sensitivity is how much each moves per step between neighbouring swept values (the largest move
and the mean move, in percentage points), and the mean length's move in turns.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import pairwise
from typing import Any

from .metrics import decks_table, lengths_table, seats_table
from .study import Study


def parse_sweep(text: str) -> tuple[str, list[str]]:
    """``KEY=V1,V2,...`` -> (key, values); ValueError says what to write."""
    if "=" not in text:
        raise ValueError(f"--sweep {text!r}: write KEY=V1,V2,..., e.g. --sweep starting_hand=5,6,7")
    key, vals = text.split("=", 1)
    values = [v.strip() for v in vals.split(",") if v.strip()]
    if not key.strip() or len(values) < 2:
        raise ValueError(f"--sweep {text!r}: give a parameter and at least two values, e.g. starting_hand=5,6,7")
    return key.strip(), values


def run_sweep(study: Study, agent: str, key: str, values: Sequence[str]) -> list[dict[str, Any]]:
    """Each value's balance numbers under ``agent`` (module docstring)."""
    out = []
    for v in values:
        batches = study.baseline(agent, part="sweep", params={key: v})
        rows = study.run(batches, f"sweep {key}={v}")
        seats = seats_table(rows)
        decks = decks_table(rows, list(study.decks))
        rates = [d["rate"] for d in decks]
        length = lengths_table(rows)
        out.append({"agent": agent, "param": key, "value": v, "games": len(rows), "decks": decks,
                    "first_player": seats["first_player"], "draws": seats["draws"],
                    "turn_limit": seats["turn_limit"],
                    "length": {"mean": length.get("mean"), "ci95": length.get("ci95"), "n": length["n"]},
                    "spread": (max(rates) - min(rates)) if len(rates) > 1 else 0.0})
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
    return out
