"""Per-card causal values: the same deals played again with a card's copies replaced.

For a card of a deck, every baseline batch in which the deck plays is played again with that side's
copies of the card replaced by the game's neutral filler of the same cost (``lab.filler``: for
Sarasvati the seed's vanilla curve). Each game is compared with its twin — the same seed, seats,
opponent and agent — so luck of the deal cancels (common random numbers). The **causal value** is
the change in the deck's win rate when the card is kept, against the filler:

    delta = mean over paired games of (score with the card − score with the filler)

(a draw scores 1/2). Its 95% interval is Newcombe's hybrid score interval for paired proportions
(stats.newcombe_paired) on the McNemar table of the pairs; a draw enters the table as half a win.

**Outliers.** The target band is the interquartile fence of every causal value of the study for
the agent (``[Q1 − 1.5 IQR, Q3 + 1.5 IQR]``, at least ±``MIN_HALF`` around the median) unless the
designer gives one. A card is an outlier when its whole interval lies outside the band.
"""

from __future__ import annotations

import statistics
from collections.abc import Sequence
from typing import Any

from ...core.errors import CardDataError
from ..stats import newcombe_paired
from .study import Batch, Study, replaced, score, side_seat
from .tracking import deck_cards, lab_module

#: the band is at least this wide on each side of the median causal value
MIN_HALF = 0.02


def paired(base: Sequence[dict[str, Any]], changed: Sequence[dict[str, Any]], side: int,
           changed_side: int | None = None) -> dict[str, Any]:
    """The paired difference of side ``side``'s score between twin games (``base[i]`` and
    ``changed[i]`` are the same deal): ``delta`` (base − changed), ``ci95``, ``n`` and ``differ``
    (pairs whose score differs)."""
    cs = side if changed_side is None else changed_side
    a = b = c = d = 0.0
    total = 0.0
    differ = 0
    for r1, r2 in zip(base, changed, strict=True):
        s1 = score(r1, side_seat(r1, side))
        s2 = score(r2, side_seat(r2, cs))
        total += s1 - s2
        differ += s1 != s2
        a += s1 * s2
        b += s1 * (1 - s2)
        c += (1 - s1) * s2
        d += (1 - s1) * (1 - s2)
    n = len(base)
    if not n:
        return {"delta": None, "ci95": None, "n": 0, "differ": 0}
    lo, hi = newcombe_paired(a, b, c, d)
    return {"delta": total / n, "ci95": [lo, hi], "n": n, "differ": differ,
            "with": (a + b) / n, "without": (a + c) / n}


def candidates(study: Study, deck: str) -> tuple[list[str], dict[str, str]]:
    """The cards of ``deck`` that can be replaced by a filler, and why each other one cannot."""
    g = study.game
    lab = lab_module(g.name)
    ok, skipped = [], {}
    for card in sorted(deck_cards(study.decks[deck].deck)):
        table = lab.filler(g, card) if lab is not None else None
        if table is None:
            skipped[card] = "the game has no filler for it"
            continue
        try:
            g2 = g.with_cards([table], "filler")
        except CardDataError as e:
            skipped[card] = f"its filler is not a valid card: {e}"
            continue
        problems = g2.check_deck(replaced(study.decks[deck].deck, {card: table["id"]}))
        if problems:
            skipped[card] = "without it the deck is illegal: " + "; ".join(problems)
            continue
        ok.append(card)
    return ok, skipped


def swapped_batches(study: Study, agent: str, deck: str, part: str, change: str, swap: dict[str, str],
                    tables: list[dict[str, Any]], base: Sequence[Batch] | None = None) -> list[tuple[Batch, Batch, int]]:
    """``(baseline batch, changed twin, side)`` for every side on which ``deck`` plays under
    ``agent`` (both sides of a mirror)."""
    out = []
    for b in base if base is not None else study.baseline(agent):
        for side, key in ((0, b.a), (1, b.b)):
            if key == deck:
                out.append((b, b.twin(part=part, change=change, side=side, swap=dict(swap), tables=list(tables)), side))
    return out


def ablation(study: Study, agent: str, deck: str, card: str) -> list[tuple[Batch, Batch, int]]:
    """The batches that measure ``card`` of ``deck`` against its filler."""
    table = lab_module(study.game.name).filler(study.game, card)
    return swapped_batches(study, agent, deck, "causal", f"{card}>{table['id']}", {card: table["id"]}, [table])


def measure(study: Study, pairs: Sequence[tuple[Batch, Batch, int]]) -> dict[str, Any]:
    """The paired difference, for the side given with each pair of batches (played already), of the
    score in the first batch's games minus the score in its twin's: for ``ablation`` pairs, the deck
    with the card against the deck with its filler."""
    first: list[dict[str, Any]] = []
    second: list[dict[str, Any]] = []
    sides: list[int] = []
    for b1, b2, side in pairs:
        for i in b1.indices:
            first.append(study.rows[(b1.key, i)])
            second.append(study.rows[(b2.key, i)])
            sides.append(side)
    return _paired_sides(first, second, sides)


def _paired_sides(first: Sequence[dict[str, Any]], second: Sequence[dict[str, Any]], sides: Sequence[int]) -> dict[str, Any]:
    flipped_first = [_as_side0(r, s) for r, s in zip(first, sides, strict=True)]
    flipped_second = [_as_side0(r, s) for r, s in zip(second, sides, strict=True)]
    return paired(flipped_first, flipped_second, 0)


def _as_side0(row: dict[str, Any], side: int) -> dict[str, Any]:
    """A row seen from ``side`` as if it were side A (for pooling games of both sides)."""
    if side == 0:
        return row
    return {**row, "a_seat": 1 - int(row["a_seat"])}


def band(values: Sequence[float], given: tuple[float, float] | None = None) -> tuple[float, float]:
    """The target band of causal values (module docstring)."""
    if given is not None:
        return given
    v = sorted(values)
    if not v:
        return (-MIN_HALF, MIN_HALF)
    med = statistics.median(v)
    if len(v) < 4:
        return (med - MIN_HALF, med + MIN_HALF)
    q1, _, q3 = statistics.quantiles(v, n=4)
    iqr = q3 - q1
    return (min(q1 - 1.5 * iqr, med - MIN_HALF), max(q3 + 1.5 * iqr, med + MIN_HALF))


def outlier(ci: Sequence[float] | None, bounds: tuple[float, float]) -> bool:
    """The whole interval outside the band."""
    return ci is not None and (ci[0] > bounds[1] or ci[1] < bounds[0])
