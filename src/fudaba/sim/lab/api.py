"""The balance lab from Python (notebooks): run a study, get its tables as data frames.

>>> from fudaba.sim.lab.api import run_lab                                   # doctest: +SKIP
>>> lab = run_lab("sarasvati", agents=["greedy"], games=40, seed=1)         # doctest: +SKIP
>>> lab.cards().sort_values("causal_delta", ascending=False).head()         # doctest: +SKIP

``run_lab`` takes a game name or a :class:`~fudaba.core.game.Game` (e.g. ``game.with_card_files``),
deck specs as ``fudaba lab --decks`` does (``starter``, ``starter:NAME``, deck files) or
:class:`~fudaba.sim.lab.study.LabDeck` objects. ``LabResult.summary`` is ``summary.json``'s content;
``games()``, ``cards()``, ``card_metrics()``, ``decks()``, ``matchups()``, ``suggestions()`` and
``sweeps()`` are pandas data frames of the same tables (``pip install 'fudaba[lab]'``).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from ...core.game import Game
from ...core.registry import load_game
from .data import CARD_TYPES, GAME_TYPES, card_rows, game_rows, table
from .runs import Plan, analyse
from .study import LabDeck, Progress, Study, resolve_decks


class LabResult:
    """A finished study: its games (``study.rows``) and its summary."""

    def __init__(self, study: Study, summary: dict[str, Any]) -> None:
        self.study = study
        self.summary = summary

    def rows(self) -> list[dict[str, Any]]:
        """Every game's row, in a fixed order (part, batch, index)."""
        return [self.study.rows[k] for k in sorted(self.study.rows)]

    @staticmethod
    def _frame(records: list[dict[str, Any]], types: dict[str, str] | None = None) -> Any:
        if types is not None:
            return table(records, types).to_pandas()
        import pandas as pd

        return pd.DataFrame.from_records(records)

    def games(self) -> Any:
        """``games.parquet`` as a data frame."""
        g = self.study.game
        return self._frame(game_rows(self.rows(), g.name, g.variant), GAME_TYPES)

    def cards(self) -> Any:
        """``cards.parquet`` as a data frame (a row per card of each deck in each game)."""
        return self._frame(card_rows(self.rows()), CARD_TYPES)

    def card_metrics(self) -> Any:
        """One row per (agent, deck, card): causal value, outlier flag and the 17lands metrics."""
        return self._frame(self.summary["cards"])

    def decks(self) -> Any:
        return self._frame(self.summary["decks"])

    def matchups(self) -> Any:
        return self._frame(self.summary["matchups"])

    def suggestions(self) -> Any:
        return self._frame(self.summary["suggestions"])

    def sweeps(self) -> Any:
        return self._frame(self.summary["sweeps"])


def run_lab(game: str | Game, decks: Sequence[str | LabDeck] = ("starter",), agents: Sequence[str] = ("greedy",),
            games: int = 100, seed: int = 0, variant: str | None = None, params: dict[str, Any] | None = None,
            workers: int = 1, backend: str = "process", address: str | None = None,
            games_log: str | Path | None = None, plan: Plan | None = None,
            progress: Progress | None = None) -> LabResult:
    """Run a study (study.py) and every phase of ``plan`` (runs.py)."""
    g = load_game(game, variant, **(params or {})) if isinstance(game, str) else game
    lab_decks = resolve_decks(g, list(decks))
    study = Study(g, lab_decks, list(agents), games, seed, workers, backend, address, games_log, progress)
    summary = {"config": config(study, plan or Plan()), **analyse(study, plan or Plan())}
    return LabResult(study, summary)


def config(study: Study, plan: Plan) -> dict[str, Any]:
    """``summary.json``'s ``config``: what the study was (enough to run it again)."""
    g = study.game
    return {"game": g.name, "variant": g.variant, "params": dict(g.params),
            "decks": [{"key": d.key, "name": d.label, "cards": d.deck.to_dict()} for d in study.decks.values()],
            "agents": list(study.agents), "games": study.games, "games_note": "games per matchup and agent",
            "seed": study.seed, "added_cards": [c.get("id") for c in g.extra_cards],
            "causal": plan.causal, "band": list(plan.band) if plan.band else None, "suggest": plan.suggest,
            "sweeps": [{"param": k, "values": v} for k, v in plan.sweeps],
            "fresh_seed_offset": 1_000_000}
