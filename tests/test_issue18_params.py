"""Issue 18 item 4: every whole-number parameter of every game has a range (``PARAM_MIN``..``PARAM_MAX``);
a value outside it — ``starting_hand=99``, ``front_slots=1000000``, ``turn_limit=1e999``, ``inf``, ``nan`` —
is refused before anything runs, with the range, by a :class:`ParameterError` (named for parameters;
also an ``UnknownGame``, which bad parameters raised before)."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

import fudaba
from fudaba import ParameterError, PositionError, UnknownGame
from fudaba.cli import app
from fudaba.core.game import Game
from fudaba.core.registry import game_class

runner = CliRunner()


def whole_params(name: str) -> list[str]:
    cls = game_class(name)
    return [k for k, v in cls.PARAMS.items() if isinstance(v, int) and not isinstance(v, bool)
            and k not in cls.PARAM_CHOICES]


GAMES = ["maken", "sarasvati", "suikoden", "walpurgis"]
ALL = [(g, k) for g in GAMES for k in whole_params(g)]


@pytest.mark.parametrize("name", GAMES)
def test_every_whole_number_parameter_of_every_game_has_an_upper_bound(name: str) -> None:
    cls: type[Game] = game_class(name)
    assert sorted(cls.PARAM_MAX) == sorted(whole_params(name))
    for variant in cls.VARIANTS:
        defaults = fudaba.load_game(name, variant).params
        for k in whole_params(name):
            lo, hi = cls.param_range(k)
            assert lo <= defaults[k] <= hi, (name, variant, k)


@pytest.mark.parametrize(("name", "key"), ALL)
def test_each_bound_is_accepted_and_one_past_it_refused_with_the_range(name: str, key: str) -> None:
    lo, hi = game_class(name).param_range(key)
    assert fudaba.load_game(name, **{key: hi}).params[key] == hi
    assert fudaba.load_game(name, **{key: str(lo)}).params[key] == lo
    with pytest.raises(ParameterError) as e:
        fudaba.load_game(name, **{key: hi + 1})
    assert str(e.value) == f"{name}: parameter {key}={hi + 1}: must be at most {hi} (from {lo} to {hi})"
    with pytest.raises(ParameterError, match=rf"must be at least {lo} \(from {lo} to {hi}\)$"):
        fudaba.load_game(name, **{key: lo - 1})


@pytest.mark.parametrize(("name", "key", "value", "shown", "what"), [
    ("walpurgis", "starting_hand", 99, "99", "must be at most 20 (from 1 to 20)"),
    ("sarasvati", "front_slots", 1000000, "1000000", "must be at most 10 (from 1 to 10)"),
    ("walpurgis", "turn_limit", 1e999, "inf", "expected a whole number (from 1 to 1000)"),
    ("walpurgis", "turn_limit", "1e999", "'1e999'", "expected a whole number (from 1 to 1000)"),
    ("sarasvati", "turn_limit", "inf", "'inf'", "expected a whole number (from 0 to 1000)"),
    ("suikoden", "turn_limit", float("nan"), "nan", "expected a whole number (from 0 to 1000)"),
    ("maken", "turn_limit", "nan", "'nan'", "expected a whole number (from 1 to 1000)"),
    ("maken", "turn_limit", 10**6, "1000000", "must be at most 1000 (from 1 to 1000)"),
    ("walpurgis", "hand_limit", 2.5, "2.5", "expected a whole number (from 0 to 20)"),
    ("walpurgis", "hand_limit", "٣", "'٣'", "expected a whole number (from 0 to 20)"),
    ("sarasvati", "books", "9" * 5000, "'" + "9" * 38 + "…", "expected a whole number (from 1 to 10)"),
])
def test_issue_examples_are_refused_with_the_range(name: str, key: str, value: object, shown: str, what: str) -> None:
    with pytest.raises(ParameterError) as e:
        fudaba.load_game(name, **{key: value})
    assert str(e.value) == f"{name}: parameter {key}={shown}: {what}"
    assert isinstance(e.value, UnknownGame)  # code that caught UnknownGame for bad parameters still works


def test_a_game_that_gives_no_upper_bound_gets_the_cores() -> None:
    from fudaba.core.game import PARAM_MAX_DEFAULT
    from tests.core.toygame import ToyGame

    assert ToyGame.PARAM_MAX == {} and ToyGame.param_range("turn_limit") == (0, PARAM_MAX_DEFAULT) == (0, 10_000)
    with pytest.raises(ParameterError, match=r"^toy: parameter turn_limit=10001: must be at most 10000 "):
        ToyGame(turn_limit=10_001)


def test_a_whole_float_and_text_are_read_and_bad_keys_are_parameter_errors() -> None:
    assert fudaba.load_game("walpurgis", turn_limit=300.0, hand_limit=" 4 ").params["turn_limit"] == 300
    with pytest.raises(ParameterError, match=r"^walpurgis: unknown parameter 'turns'; parameters: ban_centre"):
        fudaba.load_game("walpurgis", turns=3)
    with pytest.raises(ParameterError, match=r"allowed values are \['random', 0, 1\]"):
        fudaba.load_game("walpurgis", first=True)
    with pytest.raises(ParameterError, match="at least 2 are needed while triple_attack is true"):
        fudaba.load_game("maken", double_options={"speed": 2})
    # an unknown game or variant is still an UnknownGame, not a parameter error
    for bad in (lambda: fudaba.load_game("chess"), lambda: fudaba.load_game("walpurgis", "v9")):
        with pytest.raises(UnknownGame) as e:
            bad()
        assert not isinstance(e.value, ParameterError)


def test_a_position_and_a_record_with_a_parameter_out_of_range_are_refused_naming_it() -> None:
    g = fudaba.load_game("sarasvati")
    doc = g.new_game(seed=1).position()
    doc["params"] = {**doc["params"], "front_slots": 1000000}
    with pytest.raises(PositionError, match=r"key 'params.front_slots': sarasvati: parameter front_slots=1000000: "
                                            r"must be at most 10 \(from 1 to 10\)"):
        g.load_position(doc)
    rec = g.new_game(seed=1).record().to_dict()
    rec["params"]["turn_limit"] = float("inf")  # not a JSON number: the document is refused, naming the key
    with pytest.raises(PositionError, match=r"record: key 'params.turn_limit': inf is not a finite number"):
        fudaba.replay(rec)
    rec["params"]["turn_limit"] = 10**6
    with pytest.raises(ParameterError, match=r"turn_limit=1000000: must be at most 1000 \(from 0 to 1000\)"):
        fudaba.replay(rec)


@pytest.mark.parametrize("command", [["play", "walpurgis"], ["simulate", "walpurgis", "--games", "1"]])
def test_the_command_refuses_a_parameter_out_of_range_before_anything_runs(command: list[str]) -> None:
    r = runner.invoke(app, [*command, "--param", "turn_limit=1e999"], input="concede\n")
    assert r.exit_code == 2
    assert r.output.splitlines() == ["error: walpurgis: parameter turn_limit='1e999': expected a whole number "
                                     "(from 1 to 1000)"]


def test_fudaba_games_shows_every_range() -> None:
    r = runner.invoke(app, ["games", "sarasvati"], env={"COLUMNS": "200"})
    assert r.exit_code == 0
    rows = {line.split("│")[1].strip(): line.split("│")[3].strip() for line in r.output.splitlines()
            if line.count("│") >= 4 and line.split("│")[1].strip()}
    assert rows["front_slots"] == "a whole number 1–10" and rows["turn_limit"] == "a whole number 0–1000"
    for name in GAMES:
        g = fudaba.load_game(name)
        for p in g.describe_params("ja"):
            if p.name in whole_params(name):
                lo, hi = g.param_range(p.name)
                assert p.allowed == f"整数 {lo}〜{hi}"


def test_a_number_typed_on_the_command_line_is_shown_as_a_number() -> None:
    r = runner.invoke(app, ["simulate", "sarasvati", "--param", "front_slots=1000000", "--games", "1"])
    assert r.exit_code == 2
    assert r.output.splitlines() == ["error: sarasvati: parameter front_slots=1000000: must be at most 10 (from 1 to 10)"]
