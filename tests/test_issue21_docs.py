"""Issue 21 §5: docs/research.md — its first examples run as written, and its layout tables are the
encodings' own (a change of an encoding that forgets the document fails here)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import fudaba
from fudaba.core.registry import descriptor

DOC = Path(__file__).resolve().parents[1] / "docs" / "research.md"
BLOCKS = re.findall(r"```python\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)


def test_21_5_layout_tables_are_the_encodings() -> None:
    text = DOC.read_text(encoding="utf-8")
    for name in ("sarasvati", "walpurgis", "suikoden", "maken"):
        enc = descriptor(name).capability("encoding").encoding(fudaba.load_game(name))
        assert enc.markdown() in text, f"docs/research.md: the layout of {name} is not the encoding's"
        assert enc.LEAVES_OUT in text


@pytest.mark.parametrize("i", range(len(BLOCKS)))
def test_21_5_first_examples_run(i: int) -> None:
    code = BLOCKS[i]
    if "pyspiel" in code or "fudaba.rl" in code:
        pytest.importorskip("pyspiel")
        pytest.importorskip("pettingzoo")
    exec(compile(code, f"docs/research.md block {i + 1}", "exec"), {"__name__": "docs_example"})
