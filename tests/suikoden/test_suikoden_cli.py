"""`fudaba` commands on Suikoden as a user runs them (issue 8 §1–§2)."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from fudaba.cli import app

runner = CliRunner()
DECKS = Path(__file__).resolve().parents[2] / "src" / "fudaba" / "games" / "suikoden" / "decks"


def test_play_a_whole_game_from_scripted_notation_with_a_refusal(tmp_path: Path) -> None:
    # a scripted human who types notation: an illegal deploy first (refused with its rule), then
    # always option 1 of the numbered list until the game ends; the record replays
    rec = tmp_path / "g.json"
    r = runner.invoke(app, ["play", "suikoden", "--opponent", "greedy", "--seed", "3", "--lang", "en",
                            "--first", "0", "--record", str(rec)],
                      input="deploy GS-A03\n" + "list\n1\n" * 3000)
    assert r.exit_code == 0, r.output[-2000:]
    assert "Refused: deploy GS-A03:" in r.output
    assert "Result:" in r.output
    assert rec.exists()
    r2 = runner.invoke(app, ["replay", str(rec), "--seat", "0", "--lang", "en"])
    assert r2.exit_code == 0, r2.output[-2000:]


def test_play_refusal_names_the_rule_then_concede() -> None:
    # seat 0 goes first; its opening hand never lets it deploy onto nothing: 'continue' with no mission
    r = runner.invoke(app, ["play", "suikoden", "--seed", "1", "--lang", "en", "--first", "0"],
                      input="done\ncontinue xM1\nconcede\n")
    assert r.exit_code == 0, r.output
    assert "Refused: continue xM1:" in r.output and "§5" in r.output
    assert "P0 conceded" in r.output and "You lost." in r.output


def test_deck_check_starters_and_a_bad_deck(tmp_path: Path) -> None:
    r = runner.invoke(app, ["deck", "check", str(DECKS / "a_alliance.txt"), str(DECKS / "b_highland.txt")])
    assert r.exit_code == 0, r.output
    text = (DECKS / "b_highland.txt").read_text(encoding="utf-8")
    bad = tmp_path / "bad.txt"
    # §15 example 10: one GS-B08 replaced by a fourth GS-B05 (plus the pair: 5 シード)
    lines = text.splitlines()
    out = []
    for ln in lines:
        if ln.startswith("4 GS-B08"):
            out += ["3 GS-B08", "1 GS-B05"]
        else:
            out.append(ln)
    bad.write_text("\n".join(out) + "\n", encoding="utf-8")
    r = runner.invoke(app, ["deck", "check", str(bad), "--game", "suikoden"])
    assert r.exit_code == 1
    assert "シード: 5 copies (max 4)" in r.output


def test_simulate_with_a_sweep_and_rules_and_games(tmp_path: Path) -> None:
    out = tmp_path / "s.jsonl"
    r = runner.invoke(app, ["simulate", "suikoden", "--games", "6", "--seed", "2", "--sweep", "vp_to_win=3,7",
                            "--out", str(out)])
    assert r.exit_code == 0, r.output[-2000:]
    rows = [json.loads(x) for x in out.read_text(encoding="utf-8").splitlines() if x.strip()]
    assert len(rows) == 12
    assert {json.dumps(row.get("params", {}).get("vp_to_win")) for row in rows} == {"3", "7"}
    r = runner.invoke(app, ["rules", "suikoden", "7.3"])
    assert r.exit_code == 0 and "7.3" in r.output
    r = runner.invoke(app, ["games", "suikoden"])
    assert r.exit_code == 0 and "troops_exact" in r.output and "vp_to_win" in r.output
