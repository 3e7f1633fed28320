"""Issue 6 §3, Walpurgis text: the board in a 60-column terminal, cell codes that are no square names,
and ``info 3c`` drawing a card's matrix on the field for its owner (spec §1, §2)."""

from __future__ import annotations

import re
from collections import Counter

import pytest

import fudaba
from fudaba.agents import make_agent
from fudaba.core.text import display_width
from fudaba.games.walpurgis.text import _SHORT, BOARD_WIDTH, GRID, _name, legend

from .helpers import game, pos

SQUARE = re.compile(r"^[1-5][a-e]$", re.IGNORECASE)
CODE = re.compile(r"^[01]:[sSrzUF]$")
#: a line of the field (its first GRID columns): a row label or a stack's continuation, then codes and dots
FIELD_LINE = re.compile(r"^(?:[1-5] |  )(?:[01]:[sSrzUF] | ·  |    ){5}$")


def _field(text: str) -> list[str]:
    """The field's lines (its first GRID columns), under the column letters."""
    out = []
    for ln in text.splitlines()[1:]:
        part = ln[:GRID].ljust(GRID)
        if not FIELD_LINE.match(part):
            break
        out.append(part)
    return out


def _board_tokens(text: str) -> list[str]:
    """The words of the field (the codes and dots of every square), row labels left out."""
    out: list[str] = []
    for ln in _field(text):
        words = ln.split()
        out += words[1:] if ln[:1].isdigit() else words
    return out


def test_issue6_1_cell_codes_are_owner_colon_state_and_never_a_square_name() -> None:
    assert set(_SHORT.values()) == {"s", "S", "r", "z", "U", "F"}
    assert not set("".join(_SHORT.values())) & set("abcdeABCDECBX")  # no column letter, no matrix letter
    st = pos({"1a": [(0, "W-RM-01", "up")], "1b": [(1, "W-RR-01", "active")], "1c": [(0, "W-RM-02", "dormant")],
              "1d": [(1, "W-RR-02", "bullet")], "1e": [(0, "W-RM-03", "bullet_up")], "2a": [(1, "W-RR-03", "up")]},
             hands=(["W-RM-01"], []))  # P0 to play (with nothing in hand, its main phase would end by itself)
    g = game()
    text = g.render(st.view(0), "en")
    codes = [t for t in _board_tokens(text) if ":" in t]
    assert codes == ["1:U", "0:U", "1:r", "0:z", "1:s", "0:S"]  # row 2 first: 2a, then 1a…1e
    assert all(CODE.match(c) for c in codes) and not any(SQUARE.match(t) for t in _board_tokens(text))


def test_issue18_2_the_legend_is_apart_from_the_board_in_both_languages() -> None:
    # the legend explains the codes; the board no longer repeats it (fudaba play shows it once, and
    # on 'legend')
    st = pos({"1a": [(0, "W-RM-01", "up")]}, hands=(["W-RM-01"], []))
    g = game()
    assert legend(g, "en").splitlines() == [
        "legend: a square lists its cards bottom first as",
        "owner:state codes: s/S bullet face down/up, r active,",
        "z dormant, U face-up formation, F activating (lower",
        "case: face down). The names of the faces you see follow",
        "the board; info 3c: a square's cards and matrices.",
    ]
    assert legend(g, "ja").splitlines() == ["凡例: 各マスのカードを下から 所有者:状態 で表示",
                                            "s/S 裏/表の弾幕、r 活動、z 休眠、U 表向きの陣、",
                                            "F 発動中 (小文字は裏向き)。見えるカードの名前は盤の下。",
                                            "info 3c でそのマスのカードとマトリクス"]
    for lang in ("en", "ja"):
        assert max(display_width(ln) for ln in legend(g, lang).splitlines()) <= BOARD_WIDTH
        assert "legend" not in g.render(st.view(0), lang) and "凡例" not in g.render(st.view(0), lang)


def test_issue18_2_card_names_are_whole_beside_the_field_and_never_cut() -> None:
    st = pos({"1a": [(0, "W-RM-01", "up")], "1b": [(0, "W-MR-07", "up")], "1c": [(0, "W-MR-05", "up")],
              "2c": [(0, "W-MR-05", "up")]}, hands=(["W-RM-01"], []))
    en = game().render(st.view(0), "en").splitlines()
    # one name a card, with every square it is on, in the board's order (top row first)
    assert en[:7] == [
        "   a   b   c   d   e   faces:",
        "5  ·   ·   ·   ·   ·     Non-Directional Laser 2c 1c,",
        "4  ·   ·   ·   ·   ·     Normal Shot (Reimu) 1a,",
        "3  ·   ·   ·   ·   ·     Milky Way 1b",
        "2  ·   ·  0:U  ·   ·",
        "1 0:U 0:U 0:U  ·   ·",
        "turn 5, P0 to play, phase main",
    ]
    ja = game().render(st.view(0), "ja").splitlines()
    # a name too wide to stand beside the field follows under it, whole (not ノンディレク|ショナル…)
    assert ja[:7] == ["   a   b   c   d   e   カード: 通常弾(霊夢) 1a、",
                      "5  ·   ·   ·   ·   ·     ミルキーウェイ 1b、",
                      "4  ·   ·   ·   ·   ·",
                      "3  ·   ·   ·   ·   ·",
                      "2  ·   ·  0:U  ·   ·",
                      "1 0:U 0:U 0:U  ·   ·",
                      "  ノンディレクショナルレーザー 2c 1c"]


def test_issue18_2_a_square_with_several_cards_lists_each_code_and_names_which_is_which() -> None:
    st = pos({"1a": [(0, "W-RM-01", "up")],
              "2a": [(1, "W-RR-03", "up"), (0, "W-RM-03", "bullet_up"), (1, "W-RR-01", "bullet")]},
             hands=(["W-RM-01"], []))
    lines = game().render(st.view(0), "en").splitlines()
    assert [ln[:6].rstrip() for ln in lines[4:8]] == ["2 1:U", "  0:S", "  1:s", "1 0:U"]  # square a
    assert lines[:3] == ["   a   b   c   d   e   faces: Demon Lord Cradle 2a(1:U),",
                         "5  ·   ·   ·   ·   ·     Yin-Yang Orb 2a(0:S),",
                         "4  ·   ·   ·   ·   ·     Normal Shot (Reimu) 1a"]


def _views_of_real_games() -> list[tuple[str, dict[str, object]]]:
    """Views of greedy-vs-greedy games, every decision of their first 14 turns, from both seats and a
    spectator's side, v2.01 and v1.01, the four starter decks."""
    out: list[tuple[str, dict[str, object]]] = []
    for variant in ("v2.01", "v1.01"):
        g = fudaba.load_game("walpurgis", variant)
        names = sorted(g.starter_decks())
        for seed, (a, b) in enumerate([(names[0], names[1]), (names[2], names[3]), (names[3], names[0])]):
            decks = g.starter_decks()
            st = g.new_game(decks=[decks[a], decks[b]], seed=seed)
            bots = [make_agent("greedy", "walpurgis") for _ in (0, 1)]
            for i, bot in enumerate(bots):
                bot.reset(g, i, seed)
            while not st.over and st.turn <= 14:
                for seat in (0, 1, None):
                    out.append((variant, st.view(seat)))
                d = st.decision
                assert d is not None
                st.apply(bots[d.player].act(st.infoset(d.player)))
            out.append((variant, st.view(0)))
    return out


def test_issue6_1_boards_of_real_games_fit_a_60_column_terminal_in_both_languages() -> None:
    seen: Counter[str] = Counter()
    tallest = 0
    for variant, view in _views_of_real_games():
        g = fudaba.load_game("walpurgis", variant)
        board = view["table"]["board"]  # type: ignore[index]
        for lang in ("en", "ja"):
            text = g.render(view, lang)
            lines = text.splitlines()
            # the CLI draws the board in a panel (4 columns of frame): 56 + 4 = 60
            assert max(display_width(ln) for ln in lines) <= BOARD_WIDTH == 56, (lang, max(lines, key=display_width))
            tokens = _board_tokens(text)
            assert not any(SQUARE.match(t) for t in tokens)
            seen.update(t for t in tokens if CODE.match(t))
            # issue 18: every face the viewer sees is named whole, on one line, with its square
            for sq, cards in board.items():
                for d in cards:
                    if "card" in d:
                        name = _name(g, d["card"], lang)
                        assert any(name in ln and sq in ln.split(name, 1)[1] for ln in lines), (lang, sq, name)
            tallest = max(tallest, len(lines))
    # the games went through every state of both players
    assert {f"{o}:{c}" for o in "01" for c in "sSrzUF"} - {"0:S", "1:S"} <= set(seen), seen
    # issue 18: at 80×24 the table (in its panel), a two-line prompt and the input line fit: 19 + 2 + 2 + 1
    assert tallest <= 19


def test_issue6_1_info_draws_the_matrix_on_the_field_turned_for_its_owner() -> None:
    # 通常弾(レミリア): bullets up-left and up-right, condition below — for P1 "up" is towards row 1
    st = pos({"4c": [(1, "W-RR-01", "up")], "4b": [(1, "W-RR-02", "active")]})
    g = game()
    lines = (g.inspect(st.view(0), "4c", "en") or "").splitlines()
    at = lines.index("通常弾(レミリア) on the field, turned for P1:")
    assert lines[at + 1:at + 8] == [
        "  a     b     c     d     e",
        "5 ·     ·     C     ·     ·",
        "4 ·     ·     @     ·     ·",
        "3 ·     B     ·     B     ·",
        "2 ·     ·     ·     ·     ·",
        "1 ·     ·     ·     ·     ·",
        "C condition, B bullet target, X destroy target, @ the card",
    ]
    # P1 sees the field from its side: the same squares, row 1 on top and column e on the left
    ja = (g.inspect(st.view(1), "4c", "ja") or "").splitlines()
    at = ja.index("盤上の通常弾(レミリア)のマス (P1の向き):")
    assert ja[at + 1:at + 7] == [
        "  e     d     c     b     a",
        "1 ·     ·     ·     ·     ·",
        "2 ·     ·     ·     ·     ·",
        "3 ·     B     ·     B     ·",
        "4 ·     ·     @     ·     ·",
        "5 ·     ·     C     ·     ·",
    ]
    # P1's active formation: its owner sees it and its squares, P0 sees neither
    assert "不夜城レッド on the field, turned for P1:" in (g.inspect(st.view(1), "4b", "en") or "")
    assert "on the field" not in (g.inspect(st.view(0), "4b", "en") or "")


def test_issue6_1_info_marks_the_rapid_fire_sub_matrix_and_a_condition_off_the_field() -> None:
    # 封魔針 (速射): sub bullet two squares ahead; 1a's condition square (down-left) is off the field
    st = pos({"2c": [(0, "W-RM-05", "up")], "1a": [(0, "W-RM-05", "up")], "3c": [(0, "W-RM-01", "bullet_up")]})
    g = game()
    lines = (g.inspect(st.view(0), "2c", "en") or "").splitlines()
    at = lines.index("封魔針 on the field, turned for P0:")
    assert lines[at + 2:at + 9] == [
        "5 ·     ·     ·     ·     ·",
        "4 ·     ·     b     ·     ·",
        "3 ·     ·     B     ·     ·",
        "2 ·     ·     @     ·     ·",
        "1 ·     C     ·     ·     ·",
        "C condition, B bullet target, X destroy target, @ the card",
        "b x: bullet and destroy squares of the 速射 sub matrix",
    ]
    assert "off the field" not in "\n".join(lines)
    corner = (g.inspect(st.view(0), "1a", "en") or "").splitlines()
    assert corner[-1] == "condition off the field: it cannot activate on 1a (§5.1)"
    assert (g.inspect(st.view(0), "1a", "ja") or "").splitlines()[-1] == "発動条件マスが場の外: 1aでは発動できない (§2, §5.1)"
    # a face-up bullet is a card with no squares: its text, no matrix on the field
    assert "on the field" not in (g.inspect(st.view(0), "3c", "en") or "")


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_issue6_1_info_output_fits_60_columns(lang: str) -> None:
    st = pos({"3c": [(1, "W-RM-04", "up")], "2c": [(0, "W-PC-06", "up")], "1a": [(0, "W-MR-04", "up")]})
    for sq in ("3c", "2c", "1a"):
        text = game().inspect(st.view(0), sq, lang) or ""
        lines = text.splitlines()
        board = lines[next(i for i, ln in enumerate(lines) if "on the field" in ln or "盤上の" in ln):]
        assert len(board) >= 8 and max(display_width(ln) for ln in board) <= 60  # the matrix on the field
