"""Issue 20: the balance lab's report.html as its reader sees it — opened from disk in Chromium,
every section shown with its figures drawn, nothing asked of the network; a screenshot of each
section is kept in the artifacts folder."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("pyarrow")
pytest.importorskip("matplotlib")

SECTIONS = ("study", "seats", "cards", "causal", "curve", "sweep", "suggestions", "unused")


@pytest.fixture(scope="module")
def report(tmp_path_factory: pytest.TempPathFactory) -> Path:
    from typer.testing import CliRunner

    from fudaba.cli import app

    out = tmp_path_factory.mktemp("lab")
    res = CliRunner().invoke(app, ["lab", "sarasvati", "--decks", "starter:a_vanguard,starter:b_keepers",
                                   "--games", "6", "--seed", "3", "--causal", "3", "--no-suggest",
                                   "--sweep", "starting_hand=5,6", "--out", str(out)])
    assert res.exit_code == 0, res.output
    return out / "report.html"


def test_20_2_the_report_opens_offline_with_every_section_and_figure(page: Any, report: Path, artifacts: Path) -> None:
    asked: list[str] = []
    page.on("request", lambda r: asked.append(r.url))
    page.goto(report.as_uri())
    assert page.title() == "fudaba lab: sarasvati"
    for sid in SECTIONS:
        sec = page.locator(f"section#{sid}")
        assert sec.count() == 1, sid
        assert sec.locator("h2").inner_text().strip()
        sec.screenshot(path=str(artifacts / f"lab-{sid}.png"))
    widths = page.eval_on_selector_all("img", "imgs => imgs.map(i => i.naturalWidth)")
    assert len(widths) >= 5 and all(w > 100 for w in widths)  # every figure decoded and drawn
    assert "名探偵 (Great Detective)" in page.locator("section#cards").inner_text()  # Japanese, English beside
    assert "greedy-policy result" in page.locator("section#seats").inner_text()
    assert [u for u in asked if not u.startswith(("file:", "data:"))] == []
