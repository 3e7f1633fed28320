"""The fudaba command on the fixture game: simulate, replay, deck check, cards check, play."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from fudaba.cli import app

runner = CliRunner()


def test_simulate_writes_replayable_records_and_prints_statistics(tmp_path: Path) -> None:
    out = tmp_path / "runs.jsonl"
    r = runner.invoke(app, ["simulate", "toy", "--games", "30", "--agents", "random,random", "--seed", "1",
                            "--param", "target=8", "--out", str(out)])
    assert r.exit_code == 0, r.output
    assert "target=8 *" in r.output  # the effective configuration is echoed first
    assert r.output.index("configuration") < r.output.index("results of 30 games")
    assert "95% CI" in r.output and "result reasons" in r.output
    lines = out.read_text().splitlines()
    assert len(lines) == 30
    recs = [json.loads(ln) for ln in lines]
    assert [r_["meta"]["index"] for r_ in recs] == list(range(30))
    assert all(r_["params"]["target"] == 8 for r_ in recs)
    r2 = runner.invoke(app, ["replay", str(out), "--game-index", "3", "--lang", "en"])  # a record without meta.lang: ja
    assert r2.exit_code == 0, r2.output
    assert "hashes verified" in r2.output
    w = recs[3].get("winner")
    assert ("draw" if w is None else f"P{w} wins") in r2.output
    assert "1." in r2.output


def test_simulate_two_workers_gives_the_same_games(tmp_path: Path) -> None:
    outs = []
    for w in ("1", "2"):
        out = tmp_path / f"w{w}.jsonl"
        r = runner.invoke(app, ["simulate", "toy", "--games", "12", "--agents", "random,random",
                                "--workers", w, "--out", str(out)])
        assert r.exit_code == 0, r.output
        outs.append([json.loads(x)["final_hash"] for x in out.read_text().splitlines()])
    assert outs[0] == outs[1]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--param", "bogus=1"], "unknown parameter 'bogus'"),
        (["--param", "target=many"], "expected a whole number"),
        (["--param", "target"], "write KEY=VALUE"),
        (["--agents", "random"], "--agents takes two of"),
        (["--agents", "random,genius"], "--agents takes two of"),
        (["--games", "0"], "--games must be at least 1"),
    ],
)
def test_simulate_rejects_bad_configuration_before_running(args: list[str], message: str) -> None:
    r = runner.invoke(app, ["simulate", "toy", "--agents", "random,random", *args])
    assert r.exit_code == 2
    assert message in r.output
    assert "simulating" not in r.output


def test_replay_bad_index_and_bad_file(tmp_path: Path) -> None:
    p = tmp_path / "r.jsonl"
    p.write_text('{"game": "toy"}\n{"game": "toy"}\n')
    r = runner.invoke(app, ["replay", str(p), "--game-index", "5"])
    assert r.exit_code == 2 and "holds games 0–1" in r.output
    r = runner.invoke(app, ["replay", str(tmp_path / "none.jsonl")])
    assert r.exit_code == 2 and "No such file" in r.output


def test_deck_check_lists_every_problem(tmp_path: Path) -> None:
    p = tmp_path / "d.txt"
    p.write_text("1 T-1\n2 ナゾ\n")
    r = runner.invoke(app, ["deck", "check", str(p), "--game", "toy"])
    assert r.exit_code == 1
    assert "line 2: unknown card 'ナゾ'" in r.output and "at least 4 cards" in r.output
    p.write_text("4 T-1\n")
    r = runner.invoke(app, ["deck", "check", str(p), "--game", "toy"])
    assert r.exit_code == 0 and "legal" in r.output


def test_cards_check_names_file_line_card_field(tmp_path: Path) -> None:
    p = tmp_path / "c.toml"
    p.write_text('[[card]]\nid = "T-7"\nname = "x"\nvalue = "seven"\n')
    r = runner.invoke(app, ["cards", "check", str(p), "--game", "toy"])
    assert r.exit_code == 1
    assert "c.toml:4: card 'T-7': field 'value'" in r.output.replace("\n", "")


def test_play_scripted_full_game_with_refusal_and_numbers() -> None:
    # seat 0 is the human; type an illegal action first, then always answer "1"
    script = "play T-99\ninfo T-3\n?\n" + "1\n" * 200
    r = runner.invoke(app, ["play", "toy", "--opponent", "random", "--seed", "2", "--lang", "en", "--first", "0"],
                      input=script)
    assert r.exit_code == 0, r.output
    assert "Refused: play T-99: T-99 is not in your hand (toy §1)" in r.output
    assert "Result:" in r.output
