"""§1 hidden information for search: ``resample(player, rng)`` gives a state consistent with the
player's view *and* with the rules — the pending decision included (ARCHITECTURE §4)."""

from __future__ import annotations

from collections import Counter

import pytest

from fudaba.core import Rng
from fudaba.games.walpurgis.state import WalpurgisState

from .helpers import game, play, pos, texts

ANCHOR = {"4e": [(0, "W-RM-02", "up")], "5e": [(0, "W-RM-01", "active")]}


def _all_options_apply(r: WalpurgisState) -> None:
    for a in r.legal_actions():
        c = r.clone()
        c.apply(a)  # raises if an option names a card that is not there


def _hit_case() -> WalpurgisState:
    # seat 0 bullets 4c, where seat 1 has an active formation (hidden from seat 0) and a bullet
    board = {"4c": [(1, "W-RR-02", "active"), (1, "W-RR-03", "bullet")], "2c": [(0, "W-RM-02", "up")],
             "1a": [(0, "W-RM-05", "active")], **ANCHOR}
    st = pos(board, hands=(["W-RM-01"], ["W-RR-04", "W-RR-05", "W-RR-06"]),
             decks=(["W-RM-08"] * 4, ["W-RR-01"] * 6))
    play(st, "place W-RM-01 3c up", "bullet 4c")
    return st


def test_1_resample_recomputes_the_other_seats_pending_decision() -> None:
    st = _hit_case()
    assert st.decision.player == 1 and texts(st) == ["hit 4c active:W-RR-02", "hit 4c bullet"]
    moved = 0
    for i in range(40):
        r = st.resample(0, Rng(i))
        assert r.view(0) == st.view(0) and Counter(r.all_cards()) == Counter(st.all_cards())
        hidden = next(c for o, c, s, _f in r.board[17] if s == 2)
        assert [a.text for a in r.legal_actions()] == [f"hit 4c active:{hidden}", "hit 4c bullet"]
        moved += hidden != "W-RR-02"
        _all_options_apply(r)
    assert moved  # the active formation was resampled, and the options follow it


def test_1_resample_redraws_the_sealed_first_pick_for_the_second_picker() -> None:
    # seat 0 (turn player) picks its active formation on 4c first — a sealed pick (issue 7 §4): the
    # core keeps it, not the rules' context; seat 1's sample draws it again among seat 0's options
    board = {"4c": [(0, "W-RM-07", "active"), (0, "W-RM-08", "bullet"), (1, "W-RR-02", "up"), (1, "W-RR-03", "bullet")],
             "2c": [(0, "W-RM-02", "up")], **ANCHOR}
    st = pos(board, hands=(["W-RM-01"], []), decks=(["W-RM-03"] * 4, ["W-RR-01"] * 4))
    play(st, "place W-RM-01 3c up", "done", "hit 4c active:W-RM-07")
    d = st.decision
    assert d.player == 1 and d.handler == "hit" and d.sealed == {"place": "4c"} and d.ctx == (17, 1)
    assert st.sealed == ((0, "hit", "hit", (17, 0), "hit 4c active:W-RM-07"),) and st.picked() == [0]
    firsts = set()
    for i in range(40):
        r = st.resample(1, Rng(i))
        assert r.view(1) == st.view(1)
        assert r.decision.options == st.decision.options  # seat 1's own options do not change
        (p, kind, handler, ctx, first), = r.sealed
        assert (p, kind, handler, ctx) == (0, "hit", "hit", (17, 0))
        firsts.add(first.split()[-1].split(":")[0])
        assert first in ("hit 4c bullet", *(f"hit 4c active:{c}" for o, c, s, _f in r.board[17] if o == 0 and s == 2))
        _all_options_apply(r)
    assert firsts == {"active", "bullet"}


def test_1_resample_keeps_a_normal_shot_where_the_rules_guarantee_one() -> None:
    g = game(first=0)
    st = g.new_game(seed=5)
    assert st.decision.kind == "mulligan"
    for i in range(30):  # setup ①: the card set aside is a 通常弾
        r = st.resample(1, Rng(i))
        assert g.cards[r.aside[0][0]].is_normal
    play(st, "done", "done", "place W-MR-01 3c up")
    assert st.decision.kind == "initial" and st.decision.player == 1
    for i in range(30):  # seat 1 still has to place its 通常弾: its hand holds one
        r = st.resample(0, Rng(i))
        assert any(g.cards[c].is_normal for c in r.hand[1])
        assert r.legal_actions() and all(a.args[0] in r.hand[1] for a in r.legal_actions())
        _all_options_apply(r)


def test_1_resample_other_seats_main_and_interception_options_name_its_new_hand() -> None:
    board = {"1c": [(0, "W-RM-02", "up")], "5a": [(1, "W-RM-02", "up")], "5c": [(1, "W-RM-02", "up")], **ANCHOR}
    st = pos(board, hands=(["W-RM-01"], ["W-RM-01", "W-RR-07"]),
             decks=(["W-RM-03"] * 4, ["W-RR-01", "W-RM-05", "W-RR-02", "W-RM-06"]))
    play(st, "place W-RM-01 2c up", "bullet 3c")
    assert st.decision.kind == "intercept" and st.decision.player == 1
    for i in range(30):
        r = st.resample(0, Rng(i))
        for a in r.legal_actions():
            assert a.verb == "pass" or a.args[0] in r.hand[1]
        _all_options_apply(r)


@pytest.mark.parametrize("variant", ["v2.01", "v1.01"])
def test_1_resample_in_random_play_every_option_of_the_sample_applies(variant: str) -> None:
    g = game(variant)
    for i in range(8):
        st = g.new_game(seed=100 + i)
        rng = Rng(300 + i)
        while not st.over:
            for seat in (0, 1):
                r = st.resample(seat, rng)
                assert r.view(seat) == st.view(seat)
                _all_options_apply(r)
            st.apply(rng.choice(st.legal_actions()))
