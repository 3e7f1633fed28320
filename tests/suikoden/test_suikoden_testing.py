"""Suikoden's property-test hooks (``games/suikoden/testing.py``, named by the descriptor), checked on
states the rules make: what a seat may see (§1), a twin that gives the seat the same view, and the
twins of public casualty picks (§7.3, issue 18), which every seat tells apart."""

from __future__ import annotations

import random
from collections import Counter

import fudaba
from fudaba.core.registry import descriptor
from fudaba.games.suikoden import testing

from .test_suikoden_casualty_picks import _picking


def test_the_descriptor_names_the_hooks() -> None:
    assert descriptor("suikoden").capability("testing") is testing
    assert len(testing.places) == 26 and {"M1", "xM2.x2", "xR1", "discard"} <= set(testing.places)


def test_1_visible_is_the_own_hand_and_returns_and_every_public_card() -> None:
    st = fudaba.load_game("suikoden").new_game(seed=4)  # the mulligan: hands only, nothing on the table
    d = st.decision
    assert d.kind == "mulligan"
    me = d.player
    assert testing.visible(st, me) == Counter(st.hand[me]) + Counter(st.mm)
    assert testing.visible(st, None) == Counter(st.mm)
    st.apply(f"return {st.hand[me][0]}")
    assert testing.visible(st, me) == Counter(st.hand[me]) + Counter(st.returned[me]) + Counter(st.mm)
    assert testing.visible(st, 1 - me) == Counter(st.hand[1 - me]) + Counter(st.mm)


def test_1_a_twin_gives_the_seat_the_same_view_and_hides_the_cards_elsewhere() -> None:
    st = fudaba.load_game("suikoden").new_game(seed=9)
    for _ in range(25):
        st.apply(st.legal_actions()[0])
    seat = st.decision.player
    rnd = random.Random(1)
    twins = [testing.twin(st, seat, rnd) for _ in range(5)]
    assert all(t.view(seat) == st.view(seat) for t in twins)
    assert any(t.hand[1 - seat] != st.hand[1 - seat] or t.deck[seat] != st.deck[seat] for t in twins)
    assert all(sorted(t.all_cards()) == sorted(st.all_cards()) for t in twins)


def test_7_3_pick_twins_change_the_last_public_pick_and_every_view() -> None:
    st = _picking()
    st.apply("lose xM2.1")  # フリック (1,500); ツァイ, ナナミ or ジョウイ could be picked instead
    twins = testing.pick_twins(st, 1)
    assert [t.decision.ctx.picked for t in twins] == [("GS-A04", "GS-A08"), ("GS-A04", "GS-A05"), ("GS-A04", "GS-A07")]
    for t in twins:
        assert t.view(1) != st.view(1) and t.view(None) != st.view(None)
        assert t.decision.options == t.game.KIND_BY_HANDLER["casualties"].options(t, 0, t.decision.ctx)
    assert testing.pick_twins(fudaba.load_game("suikoden").new_game(seed=1), 0) == []
