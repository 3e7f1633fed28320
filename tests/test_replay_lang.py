"""``fudaba replay`` of a record played in Japanese is Japanese throughout (issue 18): the header,
the log, the board, the result and its reason, and its own refusals; ``--lang`` overrides the
record's language. Notation (the numbered actions, the option lists) is the same in both languages."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

import fudaba
from fudaba.cli import app
from fudaba.core import Rng

runner = CliRunner()
_JA = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")
_NOTATION = re.compile(r"^\s*(\d+\. |│\s+\[\d+\] )")  # a numbered action, a row of a board's option list


def _record(tmp_path: Path, game: str, variant: str | None, seed: int) -> Path:
    """A finished random game, saved as `fudaba play --lang ja --record` saves one."""
    g = fudaba.load_game(game, variant)
    st = g.new_game(seed=seed)
    rng = Rng(seed + 7)
    while not st.over:
        d = st.decision
        st.apply(d.options[rng.randbelow(len(d.options))])
    rec = st.record()
    rec.meta = {"lang": "ja", "agents": ["human", "normal"]}
    out = tmp_path / f"{game}.json"
    out.write_text(rec.to_json(), encoding="utf-8")
    return out


@pytest.mark.parametrize(("game", "variant"), [("walpurgis", None), ("walpurgis", "v1.01"), ("sarasvati", None),
                                               ("suikoden", None), ("maken", None)])
@pytest.mark.parametrize("view", [[], ["--seat", "1"], ["--reveal"]], ids=["spectator", "seat1", "reveal"])
def test_replay_of_a_japanese_record_is_japanese_throughout(tmp_path: Path, game: str, variant: str | None,
                                                             view: list[str]) -> None:
    path = _record(tmp_path, game, variant, 2)
    r = runner.invoke(app, ["replay", str(path), "--board", *view])
    assert r.exit_code == 0, r.output
    lines = [ln for ln in r.output.splitlines() if re.search(r"[A-Za-z]{3,}", ln) and not _NOTATION.match(ln)]
    english = [ln for ln in lines if not _JA.search(ln)]
    assert english == []
    first, last = r.output.splitlines()[0], r.output.splitlines()[-1]
    g = fudaba.load_game(game, variant)
    watcher = {"[]": "観戦者の視点", "['--seat', '1']": "P1の視点", "['--reveal']": "すべてのカードを公開"}[str(view)]
    shown = "既定" if g.variant == "default" else g.variant
    assert first == f"{g.title('ja')} ({game} {shown}) シード2、P0 human 対 P1 normal — {watcher}"
    assert re.fullmatch(r"結果: (P[01]の勝ち|引き分け) \(.+\)、ターン\d+ — ハッシュ検証済み", last), last
    assert "wins" not in last and "conceded" not in r.output


def test_replay_lang_overrides_the_records_language(tmp_path: Path) -> None:
    out = tmp_path / "w.json"
    r = runner.invoke(app, ["play", "walpurgis", "--seed", "2", "--lang", "ja", "--opponent", "greedy",
                            "--record", str(out)], input="1\nconcede\n")
    assert r.exit_code == 0, r.output
    r = runner.invoke(app, ["replay", str(out)])
    lines = r.output.splitlines()
    assert lines[0] == '戦略的弾幕配置TCG "Walpurgis" (walpurgis v2.01) シード2、P0 human 対 P1 greedy — 観戦者の視点'
    assert lines[-1] == "結果: P1の勝ち (P0の投了)、ターン1 — ハッシュ検証済み"
    r = runner.invoke(app, ["replay", str(out), "--lang", "en"])
    lines = r.output.splitlines()
    assert lines[0] == "walpurgis v2.01 seed 2, P0 human vs P1 greedy — as a spectator"
    assert lines[-1] == "result: P1 wins (player 0 conceded), turn 1 — hashes verified"
    assert not any(_JA.search(ln) for ln in lines if not _NOTATION.match(ln) and "│" not in ln)


def test_replay_refuses_reveal_of_an_unfinished_game_in_the_records_language(tmp_path: Path) -> None:
    unfinished = tmp_path / "u.json"
    r = runner.invoke(app, ["play", "walpurgis", "--seed", "2", "--lang", "ja", "--record", str(unfinished)],
                      input="1\nquit\n")
    assert r.exit_code == 0, r.output
    r = runner.invoke(app, ["replay", str(unfinished), "--reveal"])
    assert r.exit_code == 2
    assert ("--reveal は伏せられたカードを見せるので、終わった対戦だけに使えます。この対戦は終わっていません "
            "(記録された行動 2件)") in " ".join(r.output.split())
    r = runner.invoke(app, ["replay", str(unfinished), "--seat", "0"])
    assert r.exit_code == 0 and r.output.splitlines()[-1] == "結果: 未終了 (記録された行動 2件)、ターン1 — ハッシュ検証済み"
