"""Golden records (``benchmarks/golden_records.py``): seeded games of every game and variant, played
before a refactoring, replay action by action to the same state hash after it (issues 19 and 23:
one package per game and the speed work change no rule)."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

import fudaba
from fudaba.core.errors import FudabaError

ROOT = Path(__file__).resolve().parents[1]
GOLDEN = ROOT / "tests" / "data" / "golden_records.jsonl"
LINES = GOLDEN.read_text(encoding="utf-8").splitlines() if GOLDEN.is_file() else []


def test_19_golden_records_cover_every_game_and_variant() -> None:
    spec = importlib.util.spec_from_file_location("golden", ROOT / "benchmarks" / "golden_records.py")
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    have = {(d["game"], d["variant"]) for d in map(json.loads, LINES)}
    assert have == set(mod.variants())
    assert all(d["hashes"] and len(d["hashes"]) == len(d["actions"]) for d in map(json.loads, LINES))


@pytest.mark.parametrize("line", range(len(LINES)))
def test_19_a_golden_record_replays_to_the_same_hash_at_every_step(line: int) -> None:
    rec = json.loads(LINES[line])
    st = fudaba.replay(rec)  # raises at the first action whose hash differs
    assert st.hash() == rec["final_hash"]
    assert (st.winner, st.result) == (rec.get("winner"), rec["result"])


def test_19_a_changed_step_hash_is_caught() -> None:
    rec = json.loads(LINES[0])
    rec["hashes"][len(rec["hashes"]) // 2] = "0" * 32
    with pytest.raises(FudabaError, match="state hash differs after action"):
        fudaba.replay(rec)
