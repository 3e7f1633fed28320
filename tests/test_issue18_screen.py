"""Issue 18 §2, Walpurgis at 80×24 (and every game): at a decision ``fudaba play`` prints the table,
what is asked and the options so that, with the input line, they fit the terminal — the table does
not scroll away. The legend is printed once (and on ``legend``), not with every table."""

from __future__ import annotations

import io

import pytest
from rich.console import Console
from typer.testing import CliRunner

import fudaba
from fudaba.cli import app
from fudaba.cli import play as cli_play
from fudaba.cli.common import T
from fudaba.core.rng import Rng
from fudaba.core.session import Session
from fudaba.core.text import display_width

runner = CliRunner()


def _terminal(monkeypatch: pytest.MonkeyPatch, width: int = 80, height: int = 24) -> io.StringIO:
    out = io.StringIO()
    con = Console(file=out, force_terminal=True, width=width, height=height, highlight=False, soft_wrap=True,
                  color_system=None)
    monkeypatch.setattr(cli_play, "console", con)
    return out


def _at(name: str, variant: str | None, seed: int, want: str, min_options: int = 0) -> Session:
    """A session at seat 0's first decision of kind ``want`` (with at least ``min_options``), random
    play before it."""
    g = fudaba.load_game(name, variant)
    st = g.new_game(seed=seed)
    rng = Rng(seed)
    while not st.over:
        d = st.decision
        assert d is not None
        if d.player == 0 and d.kind == want and len(d.options) >= min_options:
            return Session(g, st, [None, None], "ja")
        st.apply(d.options[rng.randbelow(len(d.options))])
    raise AssertionError(f"no {want} decision in seed {seed}")


@pytest.mark.parametrize("lang", ["ja", "en"])
@pytest.mark.parametrize(("variant", "kind", "seed", "least"), [
    ("v2.01", "initial", 3, 20),  # 24 squares for the first 通常弾: a numbered list of 24
    ("v2.01", "main", 5, 50),  # the main phase: hundreds of placements, grouped
    ("v1.01", "main", 8, 50),
])
def test_issue18_2_walpurgis_decision_fits_80x24_with_the_board_on_screen(
        monkeypatch: pytest.MonkeyPatch, lang: str, variant: str, kind: str, seed: int, least: int) -> None:
    out = _terminal(monkeypatch)
    sess = _at("walpurgis", variant, seed, kind, least)
    sess.lang = lang
    sess.new_lines(0)  # the log so far was printed before: this screen is the decision
    cli_play.show_decision(sess, 0, T[lang])
    lines = out.getvalue().splitlines()
    lines.append(T[lang]["choose"] + "> ")  # the input line follows
    rows = sum(max(1, -(-display_width(ln) // 80)) for ln in lines)  # a long line wraps on the terminal
    assert rows <= 24, "\n".join(lines)
    assert lines[0].startswith("╭") and "walpurgis" in lines[0]  # the panel, from its top
    assert any(ln.startswith("│    a   b   c   d   e") or ln.startswith("│    e   d   c   b   a") for ln in lines)
    d = sess.state.decision
    assert d is not None
    menu = [ln for ln in lines[lines.index(next(x for x in lines if x.startswith("╰"))) + 2:]]
    # what does not fit is grouped or cut, and says how to see it all
    if len(d.options) > 12:
        assert "list" in menu[-1], menu


def test_issue18_2_a_numbered_menu_that_fits_stays_numbered(monkeypatch: pytest.MonkeyPatch) -> None:
    out = _terminal(monkeypatch, height=60)
    sess = _at("walpurgis", "v2.01", 3, "initial", 20)
    sess.new_lines(0)
    cli_play.show_decision(sess, 0, T["en"])
    text = out.getvalue()
    assert " 1. place W-" in text and "24. place W-" in text  # a tall terminal: the whole numbered list
    assert sess.handle(0, "1").kind == "moved"


def test_issue18_2_the_menu_is_not_fitted_when_the_output_is_no_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    sess = _at("walpurgis", "v2.01", 3, "initial", 20)
    assert cli_play.fitted_menu(sess, 0, 40) == sess.menu(0)  # a pipe: every option, numbered


def test_issue18_2_the_legend_is_printed_once_and_on_legend() -> None:
    r = runner.invoke(app, ["play", "walpurgis", "--lang", "en", "--seed", "1", "--first", "0"],
                      input="1\nlegend\nconcede\n")
    assert r.exit_code == 0, r.output
    first = "legend: a square lists its cards bottom first as"
    assert r.output.count(first) == 2  # at the start, then on 'legend'
    assert r.output.index(first) < r.output.index("╭")  # before the first table
    r = runner.invoke(app, ["play", "walpurgis", "--lang", "ja", "--seed", "1"], input="?\nconcede\n")
    assert "'board' 盤面 ('legend' で記号の意味)" in r.output and r.output.count("凡例:") == 1
    # a game whose table has no symbols to explain says so
    r = runner.invoke(app, ["play", "sarasvati", "--lang", "en", "--seed", "1"], input="legend\nconcede\n")
    assert "this game's table has no symbols to explain" in r.output and "('legend'" not in r.output


def test_issue18_2_a_short_terminal_cuts_a_numbered_list_that_grouping_would_not_shorten(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # Sarasvati's charge phase: one option a card of the hand, nothing to group — the numbered list is
    # cut to the room left under the table, says how many more, and its numbers are accepted
    sess = _at("sarasvati", None, 2, "charge", 5)
    sess.lang = "en"
    sess.new_lines(0)
    probe = _terminal(monkeypatch, height=200)
    cli_play.show_decision(sess, 0, T["en"])
    full = probe.getvalue().splitlines()
    at = next(i for i, ln in enumerate(full) if ln.startswith("Your decision"))
    rows = sum(max(1, -(-display_width(ln) // 80)) for ln in [*full[:at + 1], T["en"]["choose"] + "> "])
    out = _terminal(monkeypatch, height=rows + 2)  # the table, the prompt, the input and two lines
    cli_play.show_decision(sess, 0, T["en"])
    lines = out.getvalue().splitlines()[at + 1:]
    d = sess.state.decision
    assert d is not None
    assert len(d.options) > 3  # in columns they would take more than the two lines left
    assert lines[0].startswith("   1. charge ")
    assert lines[1] == f"  … {len(d.options) - 1} more: 'list' numbers every option" and len(lines) == 2
    assert sess.handle(0, "1").kind == "moved"
