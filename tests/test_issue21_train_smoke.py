"""Issue 21 §3: the training example runs (a smoke run of a few hundred steps; the real run is in
docs/research.md). Needs torch and sb3-contrib (CI installs them: .ci/run)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("torch")
pytest.importorskip("sb3_contrib")

EXAMPLE = Path(__file__).resolve().parents[1] / "examples" / "train_sarasvati.py"


def test_21_3_training_example_smoke_run(tmp_path: Path) -> None:
    out = subprocess.run([sys.executable, str(EXAMPLE), "--smoke", "--threads", "1", "--out", str(tmp_path)],
                         capture_output=True, text=True, timeout=900)
    assert out.returncode == 0, out.stderr[-2000:]
    result = json.loads((tmp_path / "train_sarasvati.json").read_text())
    assert result["steps"] >= 256 and len(result["curve"]) == 2
    assert [f["opponent"] for f in result["final"]] == ["random", "greedy"]
    assert all(f["games"] == 2 and 0 <= f["wins"] <= 2 for f in result["final"])
    assert "final: " in out.stdout and "against greedy" in out.stdout
