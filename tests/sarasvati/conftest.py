"""Fixtures for the Sarasvati tests: positions (spec §12) set up rules situations."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from sv_util import BLANK_BOOK, seat

import fudaba
from fudaba.games.sarasvati.state import SarasvatiState


@pytest.fixture(scope="session")
def game() -> Any:
    return fudaba.load_game("sarasvati")


@pytest.fixture
def make(game: Any) -> Any:
    def _make(p0: dict[str, Any] | None = None, p1: dict[str, Any] | None = None, *, phase: str = "imagine",
              turn: int = 3, active: int = 0, params: dict[str, Any] | None = None, seed: int = 1,
              cards: tuple[dict[str, Any], ...] = (), **top: Any) -> SarasvatiState:
        doc: dict[str, Any] = {
            "game": "sarasvati",
            "turn": turn,
            "active": active,
            "first": active if turn % 2 == 1 else 1 - active,
            "phase": phase,
            "seed": seed,
            "seat": [p0 or seat(), p1 or seat()],
            "cards": [BLANK_BOOK, *cards],
        }
        if params:
            doc["params"] = params
        doc.update(top)
        st = game.load_position(doc)
        assert isinstance(st, SarasvatiState)
        return st

    return _make
