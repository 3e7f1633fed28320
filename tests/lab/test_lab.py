"""Issue 20: the balance lab — metrics by hand, causal values, outliers and suggestions, the report
folder for every game, reproducibility, the resumable log, Parquet/DuckDB, the Ray backend."""

from __future__ import annotations

import ast
import json
from pathlib import Path
from typing import Any

import pytest

from fudaba.core.decks import Deck
from fudaba.core.registry import descriptor, games, load_game
from fudaba.sim.lab.api import run_lab
from fudaba.sim.lab.causal import measure, swapped_batches
from fudaba.sim.lab.metrics import card_metrics, matchups_table
from fudaba.sim.lab.runs import Plan
from fudaba.sim.lab.study import LabDeck, Study
from fudaba.sim.stats import newcombe_diff, wilson

pytest.importorskip("pyarrow")
pytest.importorskip("matplotlib")

SRC = Path(__file__).resolve().parents[2] / "src" / "fudaba"
LAB_GAMES = [g for g in games() if descriptor(g).capability("lab") is not None]

STRONG = {"id": "SV-X99", "name": "強すぎる騎士", "name_en": "Overpowered Knight", "type": "character", "cost": 1,
          "atk": 10000, "def": 10000, "attribute": "アクション"}


def test_20_every_built_in_game_offers_the_lab_through_its_descriptor() -> None:
    assert {"maken", "sarasvati", "suikoden", "walpurgis"} <= set(LAB_GAMES)
    for g in LAB_GAMES:
        lab = descriptor(g).capability("lab")
        assert all(callable(getattr(lab, f)) for f in ("moves", "filler", "fields", "value", "adjust", "reference",
                                                         "in_play_from_start"))


def row(winner: int | None, x0: list[int], first: int = 0) -> dict[str, Any]:
    """A game of deck "d" (seat 0) against deck "e" (seat 1); card X's facts in seat 0."""
    return {"part": "baseline", "agent": "greedy", "batch": "b", "index": 0, "seed": 0, "a_seat": 0,
            "decks": ["d", "e"], "change": "", "side": -1, "params": {}, "winner": winner, "reason": "r",
            "turns": 10, "first": first, "decisions": 1, "cards": [{"X": x0}, {"Y": [1, 0, -1, -1, 0]}]}


def test_20_5_card_metrics_match_a_hand_computed_example() -> None:
    # facts: [copies, opening, turn_drawn, turn_played, plays]
    rows = [row(0, [2, 1, -1, -1, 0]),   # in the opening hand, never played: a win
            row(1, [2, 0, 3, 3, 1]),     # drawn on turn 3 and played then: a loss
            row(0, [2, 0, -1, -1, 0]),   # never seen: a win
            row(None, [2, 2, 4, 1, 2])]  # in the opening hand, played on turn 1 twice: a draw
    m = card_metrics(rows)[("d", "X")]
    assert (m["copies"], m["games"], m["plays"]) == (2, 4, 3)
    assert m["gp"]["rate"] == 2.5 / 4 and m["gp"]["ci95"] == list(wilson(2.5, 4))
    assert (m["oh"]["rate"], m["oh"]["n"]) == (0.75, 2)
    assert (m["gd"]["rate"], m["gd"]["n"]) == (0.0, 1)
    assert (m["gih"]["rate"], m["gih"]["n"]) == (0.5, 3)
    assert (m["gns"]["rate"], m["gns"]["n"]) == (1.0, 1)
    assert (m["played"]["rate"], m["played"]["n"]) == (0.25, 2)
    assert (m["play_rate"]["rate"], m["play_rate"]["n"]) == (0.5, 4)
    assert m["iwd"]["value"] == -0.5 and m["iwd"]["ci95"] == list(newcombe_diff(1.5, 3, 1, 1))
    assert m["turn_played"]["mean"] == 2.0 and m["turn_played"]["n"] == 2
    y = card_metrics(rows)[("e", "Y")]  # seat 1's card: 1.5 of 4 (the draw is half)
    assert y["gp"]["rate"] == 1.5 / 4 and y["gns"]["n"] == 4
    mu = {(x["deck"], x["opponent"]): x for x in matchups_table(rows, ["d", "e"])}
    assert mu["d", "e"]["rate"] == 2.5 / 4 and mu["e", "d"]["rate"] == 1.5 / 4
    assert mu["d", "e"]["going_first"]["n"] == 4 and mu["d", "e"]["going_second"]["n"] == 0


def _mirror(game: Any, key: str, games: int) -> Study:
    d = game.cached_starter_decks()[key]
    return Study(game, [LabDeck(key, d, d.name)], ["greedy"], games, seed=5)


def test_20_5_a_card_swapped_for_itself_has_causal_value_zero_within_its_interval() -> None:
    g = load_game("sarasvati")
    study = _mirror(g, "a_vanguard", 16)
    study.run(study.baseline("greedy"))
    same = {**g.cards["SV-R1"].to_dict(), "id": "SV-R1-SELF"}  # the same card under another id
    pairs = swapped_batches(study, "greedy", "a_vanguard", "causal", "SV-R1>SV-R1-SELF", {"SV-R1": "SV-R1-SELF"},
                            [same])
    assert len(pairs) == 2  # a mirror: the card is swapped on either side in turn
    study.run([t for _, t, _ in pairs])
    m = measure(study, pairs)
    assert m["n"] == 32
    assert m["ci95"][0] <= 0 <= m["ci95"][1]
    assert m["delta"] == 0.0 and m["differ"] == 0  # the very same games: the pairing is exact


def test_20_5_an_overpowered_card_is_the_top_outlier_and_its_suggestion_weakens_it() -> None:
    g = load_game("sarasvati").with_cards([STRONG])
    base = g.cached_starter_decks()["a_vanguard"]
    main = list(base.main)
    main[main.index("SV-A01")] = "SV-X99"
    main[main.index("SV-A01")] = "SV-X99"
    deck = Deck(tuple(main), dict(base.sections), "with X99")
    assert g.check_deck(deck) == []
    lab = run_lab(g, [LabDeck("x99", deck, "with X99")], ["greedy"], games=20, seed=3, plan=Plan(causal="all"))
    cards = lab.summary["cards"]
    assert cards[0]["card"] == "SV-X99" and cards[0]["outlier"] is True
    assert cards[0]["causal_delta"] == max(c["causal_delta"] for c in cards if c["causal_delta"] is not None)
    sug = [s for s in lab.summary["suggestions"] if s["card"] == "SV-X99"]
    assert sug, "no suggestion for the outlier"
    change = sug[0]["change"]
    assert change and all((f == "cost" and b > a) or (f in ("atk", "def") and b < a) for f, (a, b) in change.items())
    assert sug[0]["after"]["n"] > 0 and "SV-X99" in sug[0]["patch"]
    assert all(f"{f} = {a} → {b}" in sug[0]["patch"] for f, (a, b) in change.items())


@pytest.mark.parametrize("game", LAB_GAMES)
def test_20_5_a_small_study_of_every_game_writes_the_report_folder(game: str, tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from fudaba.cli import app

    out = tmp_path / "lab"
    res = CliRunner().invoke(app, ["lab", game, "--games", "4", "--seed", "2", "--causal", "1", "--no-suggest",
                                   "--sweep", "first=0,1", "--csv", "--out", str(out)])
    assert res.exit_code == 0, res.output
    for f in ("report.html", "report.md", "summary.json", "games.parquet", "cards.parquet", "games.csv", "cards.csv"):
        assert (out / f).is_file(), f
    s = json.loads((out / "summary.json").read_text(encoding="utf-8"))
    assert {"game", "variant", "params", "decks", "agents", "games", "seed"} <= set(s["config"])
    assert s["config"]["game"] == game and s["config"]["agents"] == ["greedy"]
    assert all({"name", "win_rate", "ci95"} <= set(d) for d in s["decks"]) and s["matchups"]
    measured = [c for c in s["cards"] if c["causal_delta"] is not None]
    assert measured and all({"deck", "card", "name", "causal_delta", "causal_ci95", "outlier", "gih_wr", "oh_wr",
                             "gd_wr", "gns_wr", "iwd", "play_rate", "turn_played"} <= set(c) for c in s["cards"])
    deltas = [c["causal_delta"] for c in measured]
    assert deltas == sorted(deltas, reverse=True)
    assert [p["value"] for p in s["sweeps"]] == ["0", "1"] and s["sensitivity"][0]["param"] == "first"
    from_start = {c["card"] for c in s["cards"] if c.get("in_play_from_start")}  # a mastermind, a character
    assert bool(from_start) == (game in ("maken", "suikoden"))
    assert not from_start & {c["card"] for c in s["agents"]["greedy"]["never_played"]}
    page = (out / "report.html").read_text(encoding="utf-8")
    assert "greedy-policy result" in page and "data:image/png;base64," in page
    assert "http://" not in page and "https://" not in page  # nothing fetched: it opens offline


def test_20_2_the_same_command_gives_the_same_summary(tmp_path: Path) -> None:
    a = run_lab("maken", agents=["greedy"], games=6, seed=9, plan=Plan(causal=2, suggest=False)).summary
    b = run_lab("maken", agents=["greedy"], games=6, seed=9, plan=Plan(causal=2, suggest=False)).summary
    assert json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True)


def test_20_1_a_stopped_study_runs_on_from_its_games_log(tmp_path: Path) -> None:
    log = tmp_path / "games.jsonl"
    plan = Plan(causal=1, suggest=False)
    whole = run_lab("maken", games=6, seed=4, plan=plan, games_log=log).summary
    lines = log.read_text(encoding="utf-8").splitlines()
    log.write_text("\n".join(lines[: len(lines) // 2]) + "\n" + lines[len(lines) // 2][:20], encoding="utf-8")
    played: list[int] = []

    def progress(label: str, total: int) -> Any:
        return played.append

    again = run_lab("maken", games=6, seed=4, plan=plan, games_log=log, progress=progress)
    assert json.dumps(again.summary, sort_keys=True) == json.dumps(whole, sort_keys=True)
    assert sum(played) == len(lines)  # the logged games counted once, the rest played
    assert again.study.played == len(lines) - len(lines) // 2  # only the games missing from the log
    third = run_lab("maken", games=6, seed=4, plan=plan, games_log=log)
    assert third.study.played == 0 and json.dumps(third.summary, sort_keys=True) == json.dumps(whole, sort_keys=True)


def test_20_3_the_tables_answer_duckdb_queries(tmp_path: Path) -> None:
    duckdb = pytest.importorskip("duckdb")
    from fudaba.sim.lab import data

    lab = run_lab("maken", games=4, seed=1, plan=Plan(causal=0, suggest=False))
    data.write(lab.rows(), "maken", lab.study.game.variant, tmp_path)
    con = duckdb.connect()
    n, = con.execute(f"select count(*) from '{tmp_path / 'games.parquet'}'").fetchone()
    assert n == 4
    wins = con.execute(f"select deck, sum(score) from '{tmp_path / 'cards.parquet'}' group by deck, index, seat "
                       "order by 1").fetchall()
    assert len(wins) == 8  # one deck per seat and game
    assert len(lab.games()) == 4 and set(lab.cards()["deck"]) == {"ai", "gray"}


def test_20_4_the_ray_backend_gives_byte_identical_records() -> None:
    pytest.importorskip("ray", reason="the Ray backend is tested where ray is installed (pip install 'fudaba[ray]')")
    from fudaba.sim.runner import SimConfig, run_batches

    cfg = SimConfig("maken", ("greedy", "greedy"), seed=3, track=True)
    proc = sorted((r.to_json() for _, r, _ in run_batches([(cfg, 4)], 2, chunk=2)), key=len)
    ray = sorted((r.to_json() for _, r, _ in run_batches([(cfg, 4)], 2, chunk=2, backend="ray")), key=len)
    assert proc == ray


def test_20_design_heavy_libraries_only_in_the_lab_modules() -> None:
    """core and games: standard library only; pyarrow, matplotlib, pandas and ray only in the lab's data,
    report and API modules and the Ray backend; numpy only in the research environments (fudaba.rl)."""
    allowed = {"sim/lab/data.py": {"pyarrow"}, "sim/lab/report_html.py": {"matplotlib"},
               "sim/lab/api.py": {"pandas"}, "sim/ray_backend.py": {"ray"}}
    heavy = {"pyarrow", "matplotlib", "pandas", "ray", "duckdb", "numpy"}
    found = {}
    for p in sorted(SRC.rglob("*.py")):
        rel = p.relative_to(SRC).as_posix()
        names = set()
        for node in ast.walk(ast.parse(p.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                names |= {a.name.split(".")[0] for a in node.names}
            elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                names.add(node.module.split(".")[0])
        bad = (names & heavy) - allowed.get(rel, {"numpy"} if rel.startswith("rl/") else set())
        if bad:
            found[rel] = sorted(bad)
    assert found == {}


@pytest.mark.parametrize("game", LAB_GAMES)
def test_20_2_each_games_log_reading_agrees_with_its_rules(game: str) -> None:
    """The game's lab module reads its log right: the opening hand holds the starting hand (one more
    for a seat that draws before the first turn), a card played was in hand first (main deck), and
    the turns it names are turns the seat had."""
    from fudaba.sim.runner import SimConfig, play_game

    g = load_game(game)
    hand = int(g.params["starting_hand"])
    for i in range(6):
        rec = play_game(g, SimConfig(game, ("greedy", "greedy"), seed=40, track=True), i)
        facts = rec.meta["cards"]
        assert len(facts) == 2
        for seat in (0, 1):
            deck = rec.decks[seat]
            opening = sum(f[1] for f in facts[seat].values())
            assert hand <= opening <= hand + 1, (seat, opening)
            assert all(f[0] == deck["main"].count(c) + sum(v.count(c) for k, v in deck.items()
                                                           if k not in ("name", "main")) for c, f in facts[seat].items())
            for card, (_, op, drawn, played, plays) in facts[seat].items():
                assert (plays > 0) == (played >= 0)
                if plays and card in deck["main"]:
                    assert op > 0 or 0 <= drawn <= played, (card, op, drawn, played)
                assert max(drawn, played) <= rec.turns


@pytest.mark.parametrize(("args", "message"), [
    (["--decks", "nowhere.txt"], "nowhere.txt: 1 problem(s): - cannot read: No such file or directory"),
    (["--decks", "starter:nope"], "no starter deck 'nope'; starter decks: a_vanguard, b_keepers, c_workshop"),
    (["--band", "5,1"], "--band '5,1': the low end must be below the high end"),
    (["--band", "x"], "--band 'x': write LOW,HIGH in percentage points"),
    (["--causal", "some"], "--causal 'some': write all, or N"),
    (["--sweep", "starting_hand=5"], "give a parameter and at least two values"),
    (["--sweep", "starting_hand=5,banana"], "starting_hand"),
    (["--agents", "nobody"], "--agents 'nobody'"),
    (["--sweep", "deck_size=30,40"], "the deck has 40 cards; it must have exactly 30"),  # before any game
    (["--backend", "cloud"], "--backend 'cloud'"),
    (["--games", "0"], "--games and --workers must be at least 1"),
])
def test_20_1_bad_options_stop_with_one_clear_line(args: list[str], message: str, tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from fudaba.cli import app

    res = CliRunner().invoke(app, ["lab", "sarasvati", "--out", str(tmp_path / "o"), *args])
    assert res.exit_code == 2
    assert message in " ".join(res.output.split()), res.output
    assert "Traceback" not in res.output and not (tmp_path / "o").exists()


def test_20_3_the_three_duckdb_queries_of_the_designers_guide_run(tmp_path: Path) -> None:
    """docs/designers.md's queries, as written (the folder ``lab/`` made the test's), answer, and the
    first agrees with summary.json's deck win rates."""
    import re

    duckdb = pytest.importorskip("duckdb")
    from fudaba.sim.lab import data

    doc = (Path(__file__).resolve().parents[2] / "docs" / "designers.md").read_text(encoding="utf-8")
    block = re.search(r"```sql\n(.*?)```", doc, re.S)
    assert block is not None
    queries = [q.strip() for q in block.group(1).split(";") if q.strip()]
    assert len(queries) == 3
    lab = run_lab("sarasvati", decks=["starter:a_vanguard", "starter:b_keepers"], games=8, seed=2,
                  plan=Plan(causal=0, suggest=False))
    data.write(lab.rows(), "sarasvati", "default", tmp_path)
    con = duckdb.connect()
    got = [con.execute(q.replace("'lab/", f"'{tmp_path}/")).fetchall() for q in queries]
    assert all(got), got
    rates = {d["name"]: d["win_rate"] for d in lab.summary["decks"]}
    assert {deck: pytest.approx(rate) for deck, rate, _ in got[0]} == rates
    assert sum(n for _, n, _ in got[1]) == 8


@pytest.mark.parametrize("game", LAB_GAMES)
def test_20_2_every_tunable_field_moves_one_step_and_stays_a_valid_card(game: str) -> None:
    """Each game's lab module: a field a suggestion may change moves by one step each way within its
    range, reads back as the new value, and the changed card is a valid card of the game; every
    filler is a valid card too."""
    from fudaba.sim.lab.suggest import raw_table
    from fudaba.sim.lab.tracking import deck_cards

    g = load_game(game)
    lab = descriptor(game).capability("lab")
    cards = sorted({c for d in g.cached_starter_decks().values() for c in deck_cards(d)})
    moved = 0
    for card in cards:
        raw = raw_table(g, card)
        filler = lab.filler(g, card)
        if filler is not None:
            g.with_cards([filler], "filler")
        for field, (step, lo, hi, _) in lab.fields(g, card).items():
            cur = lab.value(raw, field)
            for v in (cur - step, cur + step):
                if not lo <= v <= hi:
                    continue
                t = {**lab.adjust(raw, field, v), "id": f"{card}-T"}
                g.with_cards([t], "variant")
                assert lab.value(t, field) == v, (card, field, v)
                moved += 1
    assert moved > len(cards) // 2


def test_20_2_a_sweep_step_of_the_first_players_rate_is_paired_game_by_game() -> None:
    from fudaba.sim.lab.sweep import first_step, sensitivity
    from fudaba.sim.stats import newcombe_paired

    before = [row(0, [1, 0, -1, -1, 0], first=0), row(0, [1, 0, -1, -1, 0], first=1), row(1, [1, 0, -1, -1, 0], first=1)]
    after = [row(0, [1, 0, -1, -1, 0], first=0), row(1, [1, 0, -1, -1, 0], first=1), row(1, [1, 0, -1, -1, 0], first=1)]
    step = first_step(before, after)  # the first player won 2 of 3, then 3 of 3: the second deal changed
    assert step["delta"] == pytest.approx(1 / 3) and step["n"] == 3
    assert step["ci95"] == list(newcombe_paired(2, 1, 0, 0))
    pts = [{"agent": "greedy", "param": "p", "value": v, "first_player": {"rate": r}, "spread": 0.0,
            "length": {"mean": 10.0}, "first_step": st} for v, r, st in (("1", 2 / 3, None), ("2", 1.0, step))]
    sens = sensitivity(pts)
    assert sens["first_edge"]["max_per_step"] == pytest.approx(1 / 3) and sens["largest_first_step"]["to"] == "2"
