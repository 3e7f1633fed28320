"""The phases of a balance-lab study, in order: the baseline games, the metrics, the causal runs,
the band and its outliers, the suggestions and the rule sweeps; the result is ``summary.json``'s
content (a plain dict, the same for the same command: no times in it).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from .causal import ablation, band, candidates, measure, outlier
from .metrics import card_metrics, decks_table, lengths_table, matchups_table, reasons_table, seats_table
from .study import Batch, Study
from .suggest import suggest_card, suggest_pair
from .sweep import run_sweep, sensitivity
from .tracking import lab_module


@dataclass
class Plan:
    """What to study beyond the baseline: ``causal`` ("all", a number N of the most-played cards per
    deck, or 0), the target ``band`` (None: from the data), ``suggest``, ``sweeps`` (key, values)."""

    causal: str | int = "all"
    band: tuple[float, float] | None = None
    suggest: bool = True
    sweeps: list[tuple[str, list[str]]] = field(default_factory=list)


def chosen(study: Study, deck: str, metrics: dict[tuple[str, str], dict[str, Any]], causal: str | int) -> tuple[list[str], dict[str, str]]:
    """The cards of ``deck`` to measure, and the ones that cannot be, with why."""
    ok, skipped = candidates(study, deck)
    if causal == "all":
        return ok, skipped
    n = int(causal)
    ranked = sorted(ok, key=lambda c: (-metrics.get((deck, c), {}).get("plays", 0), c))
    return ranked[:n], skipped


def causal_phase(study: Study, agent: str, metrics: dict[tuple[str, str], dict[str, Any]],
                 plan: Plan) -> tuple[dict[tuple[str, str], dict[str, Any]], dict[str, dict[str, str]], dict[tuple[str, str], Any]]:
    """Every chosen card of every deck measured against its filler (one pool for all of them)."""
    if plan.causal in (0, "0"):
        return {}, {}, {}
    todo: dict[tuple[str, str], list[tuple[Batch, Batch, int]]] = {}
    skipped: dict[str, dict[str, str]] = {}
    for deck in study.decks:
        cards, skipped[deck] = chosen(study, deck, metrics, plan.causal)
        for card in cards:
            todo[(deck, card)] = ablation(study, agent, deck, card)
    study.run([t for pairs in todo.values() for _, t, _ in pairs], f"causal ({agent})")
    return {k: measure(study, pairs) for k, pairs in todo.items()}, skipped, todo


def analyse(study: Study, plan: Plan) -> dict[str, Any]:
    """Run every phase for every agent; the summary (see docs/designers.md for its keys)."""
    keys = list(study.decks)
    out: dict[str, Any] = {"agents": {}, "decks": [], "matchups": [], "cards": [], "suggestions": [],
                           "pair_suggestions": [], "sweeps": [], "sensitivity": []}
    for key, values in plan.sweeps:  # every deck legal under every swept value, before any game is played
        for v in values:
            study.check(study.baseline(study.agents[0], part="sweep", params={key: v}))
    for n, agent in enumerate(study.agents):
        rows = study.run(study.baseline(agent), f"baseline ({agent})")
        metrics = card_metrics(rows)
        causal, skipped, pairs = causal_phase(study, agent, metrics, plan)
        bounds = band([c["delta"] for c in causal.values() if c["delta"] is not None], plan.band)
        cards = card_rows(study, agent, metrics, causal, bounds)
        out["agents"][agent] = {"games": len(rows), "seats": seats_table(rows), "lengths": lengths_table(rows),
                                "reasons": reasons_table(rows), "band": list(bounds),
                                "skipped": {d: s for d, s in skipped.items() if s},
                                "never_played": [{k: c[k] for k in ("deck", "card", "name", "name_en", "games")}
                                                 for c in cards if c["games"] and not c["played_n"]
                                                 and not c.get("in_play_from_start")],
                                "stalled": stalled(rows)}
        out["decks"] += [{"agent": agent, "name": d["deck"], "win_rate": d["rate"], **d} for d in decks_table(rows, keys)]
        matchups = [{"agent": agent, "win_rate": m["rate"], **m} for m in matchups_table(rows, keys)]
        out["matchups"] += matchups
        out["cards"] += cards
        if plan.suggest and n == 0:
            out["suggestions"] += [s for c in cards if c["outlier"]
                                   if (s := suggest_card(study, agent, c["deck"], c["card"], causal[(c["deck"], c["card"])],
                                                         bounds, pairs[(c["deck"], c["card"])])) is not None]
            pair = worst_pair(matchups)
            if pair is not None:
                by_value = sorted((c for c in cards if c["causal_delta"] is not None),
                                  key=lambda c: (-c["causal_delta"], c["card"]))
                ranked = {d: [c["card"] for c in by_value if c["deck"] == d] for d in keys}  # most valuable first
                got = suggest_pair(study, agent, pair, ranked)
                if got is not None:
                    out["pair_suggestions"].append(got)
        for key, values in plan.sweeps:
            points = run_sweep(study, agent, key, values)
            out["sweeps"] += points
            out["sensitivity"].append(sensitivity(points))
    out["never_played_by_any_agent"] = never_by_all(out["cards"], study.agents)
    out["cards"].sort(key=lambda c: (c["causal_delta"] is None, -(c["causal_delta"] or 0.0), c["agent"], c["deck"], c["card"]))
    out["sensitivity"].sort(key=lambda s: -s["balance_per_step"])
    return out


def card_rows(study: Study, agent: str, metrics: dict[tuple[str, str], dict[str, Any]],
              causal: dict[tuple[str, str], dict[str, Any]], bounds: tuple[float, float]) -> list[dict[str, Any]]:
    """One flat object per (deck, card): names, causal value, outlier flag, the 17lands metrics."""
    g = study.game
    lab = lab_module(g.name)
    out = []
    for (deck, card), m in sorted(metrics.items()):
        if deck not in study.decks or card not in g.cards:
            continue
        c = g.cards[card]
        cv = causal.get((deck, card))
        row: dict[str, Any] = {"agent": agent, "deck": deck, "card": card, "name": c.name,
                               "name_en": getattr(c, "name_en", ""), "copies": m["copies"], "games": m["games"],
                               "causal_delta": cv["delta"] if cv else None, "causal_ci95": cv["ci95"] if cv else None,
                               "causal_n": cv["n"] if cv else 0, "causal_differ": cv["differ"] if cv else 0,
                               "outlier": bool(cv and outlier(cv["ci95"], bounds))}
        for k in ("gp", "oh", "gd", "gih", "gns", "played", "play_rate"):
            row[f"{k}_wr" if k != "play_rate" else k] = m[k]["rate"]
            row[f"{k}_ci95"] = m[k]["ci95"]
            row[f"{k}_n"] = m[k]["n"]
        row["iwd"], row["iwd_ci95"] = m["iwd"]["value"], m["iwd"]["ci95"]
        row["turn_played"], row["turn_played_ci95"] = m["turn_played"]["mean"], m["turn_played"]["ci95"]
        row["plays"] = m["plays"]
        if lab is not None and lab.in_play_from_start(g, card):
            row["in_play_from_start"] = True  # never drawn nor played: its metrics say nothing
        ref = lab.reference(g, card) if lab is not None else None
        if ref is not None:
            row["reference"] = ref
        out.append(row)
    return out


def worst_pair(matchups: Sequence[dict[str, Any]]) -> dict[str, Any] | None:
    """The matchup of two different decks furthest from 50% whose interval excludes 50%."""
    far = [m for m in matchups if m["deck"] != m["opponent"] and m["ci95"] and (m["ci95"][0] > 0.5 or m["ci95"][1] < 0.5)
           and m["rate"] > 0.5]
    return max(far, key=lambda m: (m["rate"], m["deck"]), default=None)


def stalled(rows: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """The games stopped by the turn limit (the AI stalled): seed, decks by seat, turns."""
    from .metrics import TURN_LIMIT

    return [{"seed": r["seed"], "decks": r["decks"], "turns": r["turns"], "index": r["index"]}
            for r in rows if r["reason"] == TURN_LIMIT]


def never_by_all(cards: Sequence[dict[str, Any]], agents: Sequence[str]) -> list[dict[str, Any]]:
    """The (deck, card)s that no agent played in any of its games."""
    played = {(c["deck"], c["card"]) for c in cards if c["played_n"] or c.get("in_play_from_start")}
    seen: dict[tuple[str, str], dict[str, Any]] = {}
    for c in cards:
        key = (c["deck"], c["card"])
        if key not in played and c["games"]:
            seen.setdefault(key, {k: c[k] for k in ("deck", "card", "name", "name_en")})
    return [seen[k] for k in sorted(seen)] if len(agents) > 1 else []
