"""Suggestions: the smallest change of a card's cost or stats that brings it back into balance.

**A flagged card.** Its causal value lies outside the target band (causal.py). For each field the
game's lab module lets a suggestion change (``lab.fields``: step, range, and whether more is
stronger), the value is moved one step at a time towards "weaker" (a card above the band) or
"stronger" (below it): 1, 2, 4, 8, … steps until the card's value against its filler — measured on
the study's own deals, paired with the filler's games already played — is inside the band or goes
past it, then bisected down to the fewest steps that land inside. The change with the fewest steps
wins (ties: the value nearest the band's middle). It is then **confirmed on fresh deals** (seeds
from ``seed + 1,000,000``): the changed card and the filler played again, paired, and reported as
``after`` beside the study's ``before``.

**A deck pair.** For the matchup furthest from 50% (its interval excluding 50%), each field of the
two most valuable cards of the stronger deck (made weaker) and of the weaker deck (made stronger) is
moved 1, 2 and 4 steps (until the matchup crosses 50%) on that matchup's games; the one change that
brings the matchup nearest to 50% is kept and confirmed on fresh deals.

A change is written as a TOML patch: the card's ``[[card]]`` table with the changed fields
(``cost = 1 → 4``), and in ``summary.json`` as ``{"card", "change": {"cost": [1, 4]}, "before",
"after"}``.
"""

from __future__ import annotations

import importlib
import tomllib
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from ...core.errors import CardDataError, DeckError
from ...core.registry import descriptor
from ..gamelog import digest
from .causal import measure, swapped_batches
from .study import FRESH, Batch, Study
from .tracking import lab_module

#: at most this many evaluations (one batch set each) per field of a card searched
MAX_EVALS = 10


def raw_table(game: Any, card: str) -> dict[str, Any]:
    """The ``[[card]]`` table of ``card`` as written: an added card's (``--cards``), else the one in
    the game's ``cards/*.toml``."""
    for r in game.extra_cards:
        if r.get("id") == card:
            return dict(r)
    pkg = importlib.import_module(descriptor(game.name).package)
    for p in sorted((Path(pkg.__file__ or "").parent / "cards").glob("*.toml")):
        for t in tomllib.loads(p.read_text(encoding="utf-8")).get("card", []):
            if t.get("id") == card:
                return dict(t)
    raise CardDataError(f"card {card!r}: no card table found")


Change = dict[str, int]  # field -> its new value


class Search:
    """The evaluations of one card's variants against its filler, on the given batches."""

    def __init__(self, study: Study, card: str, filler_pairs: Sequence[tuple[Batch, Batch, int]],
                 goal: Callable[[dict[str, Any]], float]) -> None:
        self.study, self.card, self.filler_pairs, self.goal = study, card, filler_pairs, goal
        self.lab = lab_module(study.game.name)
        self.raw = raw_table(study.game, card)
        self.evals = 0

    def variant(self, change: Change) -> dict[str, Any]:
        t = dict(self.raw)
        for f, v in sorted(change.items()):
            t = self.lab.adjust(t, f, v)
        return {**t, "id": f"{self.card}-V{digest(sorted(change.items()))[:6]}"}

    def pairs(self, table: dict[str, Any], fillers: Sequence[tuple[Batch, Batch, int]], part: str,
              change: str) -> list[tuple[Batch, Batch, int]]:
        """(variant batch, filler batch, side) on the filler batches' deals."""
        out = []
        for _, fb, side in fillers:
            vb = fb.twin(part=part, change=change, swap={self.card: table["id"]}, tables=[table])
            out.append((vb, fb, side))
        return out

    def value(self, change: Change) -> dict[str, Any] | None:
        """The variant measured against the filler on the search deals (None: the changed card is
        not a valid card, or its deck is illegal — e.g. Sarasvati's books over their cost cap)."""
        self.evals += 1
        t = self.variant(change)
        label = f"{self.card}:" + ",".join(f"{f}={v}" for f, v in sorted(change.items()))
        pairs = self.pairs(t, self.filler_pairs, "suggest", label)
        try:
            self.study.run([p[0] for p in pairs], f"suggest {label}")
        except (CardDataError, DeckError):
            return None
        return measure(self.study, pairs)

    def moves(self, specs: dict[str, tuple[int, int, int, int]], weaker: bool) -> tuple[Callable[[int], Change], int]:
        """The change of ``k`` steps of every field of ``specs`` towards weaker (or stronger), each
        kept in its range, and the most steps that still change something."""
        cur = {f: self.lab.value(self.raw, f) for f in specs}

        def signs(f: str) -> int:
            return -specs[f][3] if weaker else specs[f][3]

        def at(k: int) -> Change:
            return {f: min(hi, max(lo, cur[f] + signs(f) * k * step)) for f, (step, lo, hi, _) in specs.items()}

        limit = max(((cur[f] - lo) // step if signs(f) < 0 else (hi - cur[f]) // step)
                    for f, (step, lo, hi, _) in specs.items())
        return at, limit

    def fewest(self, at: Callable[[int], Change], limit: int) -> tuple[int, Change, dict[str, Any]] | None:
        """(steps, change, measure) of the fewest steps ``k`` whose change reaches the goal: 1, 2, 4, …
        steps until it is reached or passed, then bisected (None: never inside)."""
        self.evals = 0
        best: tuple[int, Change, dict[str, Any]] | None = None
        below, k = 0, 1  # ``below``: the most steps known not to reach the band
        while True:
            if k > limit or self.evals >= MAX_EVALS:
                return None
            m = self.value(at(k))
            if m is None:  # this far the card is no longer legal: no change of this kind
                return None
            g = self.goal(m)
            if g >= 0:  # inside (0) or past the band
                if g == 0:
                    best = (k, at(k), m)
                break
            if k == limit:
                return None
            below, k = k, min(2 * k, limit)
        top = k
        while top - below > 1 and self.evals < MAX_EVALS:  # the fewest steps still inside
            mid = (below + top) // 2
            got = self.value(at(mid))
            if got is None:
                break
            m = got
            g = self.goal(m)
            if g < 0:
                below = mid
            else:
                top = mid
                if g == 0:
                    best = (mid, at(mid), m)
        return best


def suggest_card(study: Study, agent: str, deck: str, card: str, before: dict[str, Any],
                 bounds: tuple[float, float], filler_pairs: Sequence[tuple[Batch, Batch, int]]) -> dict[str, Any] | None:
    """The smallest change bringing ``card``'s causal value into ``bounds`` (module docstring): one
    field at a time first; when no single field can, every field together, a step each per round."""
    lo, hi = bounds
    weaker = before["delta"] > hi
    mid = (lo + hi) / 2

    def goal(m: dict[str, Any]) -> float:
        d = m["delta"]
        if lo <= d <= hi:
            return 0.0
        return -1.0 if (d > hi) == weaker else 1.0  # not yet / past the band

    s = Search(study, card, filler_pairs, goal)
    specs = s.lab.fields(study.game, card)
    found = []
    for name, spec in specs.items():
        got = s.fewest(*s.moves({name: spec}, weaker))
        if got is not None:
            found.append((got[0], abs(got[2]["delta"] - mid), got[1], got[2]))
    if not found and len(specs) > 1:
        got = s.fewest(*s.moves(specs, weaker))
        if got is not None:
            found.append((got[0] * len(specs), abs(got[2]["delta"] - mid), got[1], got[2]))
    if not found:
        return None
    steps, _, change, m = min(found, key=lambda x: (x[0], x[1]))
    change = {f: v for f, v in change.items() if v != s.lab.value(s.raw, f)}
    t = s.variant(change)
    label = f"{card}:" + ",".join(f"{f}={v}" for f, v in sorted(change.items()))
    fresh = _fresh(study, agent, deck, card, filler_pairs)
    pairs = s.pairs(t, fresh, "confirm", label)
    study.run([p[0] for p in pairs], f"confirm {label}")
    after = measure(study, pairs)
    return {"agent": agent, "deck": deck, "card": card,
            "change": {f: [s.lab.value(s.raw, f), v] for f, v in change.items()},
            "steps": steps, "before": before, "search": m, "after": after, "band": list(bounds),
            "confirmed": lo <= after["delta"] <= hi, "patch": patch(s.raw, t)}


def _fresh(study: Study, agent: str, deck: str, card: str,
           filler_pairs: Sequence[tuple[Batch, Batch, int]]) -> list[tuple[Batch, Batch, int]]:
    """The filler's batches again on fresh deals, played."""
    out = []
    for b, fb, side in filler_pairs:
        fresh_b = b.twin(part="confirm", seed_offset=FRESH)
        fresh_f = fb.twin(part="confirm", seed_offset=FRESH)
        out.append((fresh_b, fresh_f, side))
    study.run([f for _, f, _ in out], f"confirm {card} (filler)")
    return out


def patch(raw: dict[str, Any], new: dict[str, Any]) -> str:
    """The change as a TOML patch of the card's table: ``cost = 1 → 4``."""
    def val(x: Any) -> str:
        if isinstance(x, str):
            return '"""\n' + x + '"""' if "\n" in x else f'"{x}"'
        return str(x).lower() if isinstance(x, bool) else str(x)

    keys = [k for k in new if k != "id" and new.get(k) != raw.get(k)]
    lines = ["[[card]]", f'id = "{raw["id"]}"  # {raw.get("name", "")}' + (f' ({raw["name_en"]})' if raw.get("name_en") else "")]
    lines += [f"{k} = {val(raw.get(k))} → {val(new[k])}" for k in keys]
    return "\n".join(lines)


def suggest_pair(study: Study, agent: str, matchup: dict[str, Any], ranked: dict[str, list[str]],
                 top: int = 2) -> dict[str, Any] | None:
    """The one card change (of the stronger deck's or the weaker deck's ``top`` most valuable cards)
    that brings the matchup nearest to 50% (module docstring)."""
    strong, weak = (matchup["deck"], matchup["opponent"])
    if matchup["rate"] < 0.5:
        strong, weak = weak, strong
    base = [b for b in study.baseline(agent) if {b.a, b.b} == {strong, weak}]
    tried: list[tuple[float, dict[str, Any]]] = []
    for deck, weaker in ((strong, True), (weak, False)):
        for card in ranked.get(deck, [])[:top]:
            got = _pair_card(study, agent, base, strong, deck, card, weaker)
            if got is not None:
                tried.append((abs(got["search"]["rate"] - 0.5), got))
    if not tried:
        return None
    best = min(tried, key=lambda x: x[0])[1]
    fresh = [b.twin(part="confirm", seed_offset=FRESH) for b in base]
    swap = best["table"]
    pairs = swapped_batches(study, agent, best["deck"], "confirm", best["label"], {best["card"]: swap["id"]}, [swap], fresh)
    study.run([p[1] for p in pairs], f"confirm {best['card']}")
    best["after"] = _rate_of(study, [p[1] for p in pairs], strong)
    best["before"] = _rate_of(study, base, strong)
    best.pop("table")
    return best


def _pair_card(study: Study, agent: str, base: list[Batch], strong: str, deck: str, card: str,
               weaker: bool) -> dict[str, Any] | None:
    """The change of ``card`` (one field, 1, 2 or 4 steps) bringing the matchup nearest to 50%."""
    lab = lab_module(study.game.name)
    raw = raw_table(study.game, card)
    best = None
    for name, (step, lo, hi, stronger) in lab.fields(study.game, card).items():
        cur = lab.value(raw, name)
        sign = -stronger if weaker else stronger
        for k in (1, 2, 4):
            v = cur + sign * k * step
            if not lo <= v <= hi:
                break
            t = {**lab.adjust(raw, name, v), "id": f"{card}-V{digest(name, v)[:6]}"}
            label = f"{card}:{name}={v}"
            pairs = swapped_batches(study, agent, deck, "pair", label, {card: t["id"]}, [t], base)
            try:
                study.run([p[1] for p in pairs], f"pair {label}")
            except (CardDataError, DeckError):
                break
            r = _rate_of(study, [p[1] for p in pairs], strong)
            if best is None or abs(r["rate"] - 0.5) < abs(best["search"]["rate"] - 0.5):
                best = {"agent": agent, "deck": deck, "card": card, "change": {name: [cur, v]}, "label": label,
                        "strong": strong, "search": r, "table": t, "patch": patch(raw, t)}
            if r["rate"] <= 0.5:  # the matchup has crossed 50%: more steps only go further
                break
    return best


def _rate_of(study: Study, batches: Sequence[Batch], deck: str) -> dict[str, Any]:
    from .metrics import rate
    from .study import score

    k = 0.0
    n = 0
    for b in batches:
        for i in b.indices:
            r = study.rows[(b.key, i)]
            for seat in (0, 1):
                if r["decks"][seat] == deck:
                    k += score(r, seat)
                    n += 1
    return rate(k, n)
