"""Spec §9: every parameter really changes the rules."""

from __future__ import annotations

from typing import Any

import pytest
from sv_util import opts, seat, slot

import fudaba
from fudaba.core.decks import Deck
from fudaba.core.errors import PositionError, UnknownGame


def test_9_param_defaults_and_bad_values() -> None:
    g = fudaba.load_game("sarasvati")
    assert g.params["starting_hand"] == 5 and g.params["first"] == "random" and g.params["book_hits"] == 2
    with pytest.raises(UnknownGame, match="allowed values are"):
        fudaba.load_game("sarasvati", first=2)
    with pytest.raises(UnknownGame, match="must be at least 1"):
        fudaba.load_game("sarasvati", book_hits=0)


def test_9_param_starting_hand() -> None:
    st = fudaba.load_game("sarasvati", starting_hand=7).new_game(seed=1)
    assert [len(h) for h in st.hand] == [7, 7]


def test_9_param_front_and_back_slots(make: Any) -> None:
    st = make(seat(hand=["SV-A01"], volt=1), params={"front_slots": 2, "back_slots": 1})
    assert opts(st) == ["summon SV-A01 F1", "summon SV-A01 F2", "summon SV-A01 B1", "end"]
    with pytest.raises(PositionError, match=r"seat\[0\].slots.F3"):
        make(seat(slots={"F3": "SV-A01"}), params={"front_slots": 2})


def test_9_param_deck_size_max_copies_books_book_cost_cap() -> None:
    deck = Deck(("SV-A02",) * 6, {"books": ("SV-R4", "SV-BF1")})
    g = fudaba.load_game("sarasvati", deck_size=6, max_copies=6, books=2, book_cost_cap=11)
    assert g.check_deck(deck) == []
    strict = fudaba.load_game("sarasvati", deck_size=6, max_copies=4, books=2, book_cost_cap=10)
    assert strict.check_deck(deck) == [
        "6 copies of 路地裏の拳闘士 (SV-A02); at most 4 of a name (max_copies, §3)",
        "the forbidden books cost 11 in total; at most 10 (book_cost_cap, §3)",
    ]
    st = g.new_game([deck, deck], seed=0)
    assert len(st.books[0]) == 2 and len(st.deck[0]) + len(st.hand[0]) == 6


def test_9_param_book_hits(make: Any) -> None:
    one = make(seat(slots={"F1": "SV-A02", "F2": "SV-A02"}), params={"book_hits": 1}, phase="battle")
    one.apply("attack F1 xK1")
    assert one.hits[1][0] == 1 and one.book_state(1, 0) == "destroyed"
    three = make(seat(slots={"F1": "SV-A02", "F2": "SV-A02", "F3": "SV-A02"}), params={"book_hits": 3},
                 phase="battle")
    three.apply("attack F1 xK1")
    three.apply("attack F2 xK1")
    assert three.book_state(1, 0) == "open" and three.hits[1][0] == 2
    three.apply("attack F3 xK1")
    assert three.book_state(1, 0) == "destroyed"


def test_9_param_first_player_draws() -> None:
    g = fudaba.load_game("sarasvati", first_player_draws=True, first=0)
    assert [len(h) for h in g.new_game(seed=1).hand] == [6, 5]


def test_9_param_charges_per_turn(make: Any) -> None:
    st = make(seat(hand=["SV-A01", "SV-A02", "SV-A01"]), phase="charge", params={"charges_per_turn": 2})
    st.apply("charge SV-A01")
    assert st.decision.kind == "charge"
    st.apply("charge SV-A02")
    assert st.volt[0] == ["SV-A01", "SV-A02"] and st.decision.kind == "imagine"
    none = fudaba.load_game("sarasvati", charges_per_turn=0, first=0).new_game(seed=1)
    # nobody can ever charge, pay or attack: every decision is forced until a deck runs out
    assert none.over and none.result == "deck out" and none.volt == [[], []] and none.history == []


def test_9_param_ties_destroy_false_equal_values_survive(make: Any) -> None:
    p0 = seat(slots={"F1": "SV-A04", "F2": "SV-A01"})
    p1 = seat(slots={"F1": "SV-B04"})
    st = make(p0, p1, phase="battle", params={"ties_destroy": False})
    st.apply("attack F1 xF1")  # 3000 vs 2000 destroys; counter 3000 vs 2000 destroys
    assert st.slots[0][0] is None and st.slots[1][0] is None
    st2 = make(seat(slots={"F1": "SV-A02", "F2": "SV-A01"}), seat(slots={"F1": "SV-B03"}), phase="battle",
               params={"ties_destroy": False})
    st2.apply("attack F1 xF1")  # 2000 vs 2000: survives (atk > def needed)
    assert st2.slots[1][0] is not None and slot(st2, 1, "F1")["ready"] is False


def test_9_param_counterattack_false(make: Any) -> None:
    st = make(seat(slots={"F1": "SV-A04", "F2": "SV-A01"}), seat(slots={"F1": "SV-A04"}), phase="battle",
              params={"counterattack": False})
    st.apply("attack F1 xF1")
    assert st.slots[1][0] is None and st.slots[0][0] is not None


def test_9_param_move_taps_false(make: Any) -> None:
    st = make(seat(slots={"F1": "SV-A02"}), phase="move", params={"move_taps": False})
    st.apply("move F1 B1")
    assert slot(st, 0, "B1")["ready"] is True and slot(st, 0, "B1")["moved"] is True
    assert st.decision.kind == "battle" and "attack B1 xK1" in opts(st)  # moved once: the move phase ended


def test_9_param_summoning_sickness_false(make: Any) -> None:
    st = make(seat(slots={"F1": {"card": "SV-A02", "new": True}}), phase="battle",
              params={"summoning_sickness": False})
    assert "attack F1 xK1" in opts(st)


def test_9_param_turn_limit() -> None:
    g = fudaba.load_game("sarasvati", turn_limit=1, first=0)
    st = g.new_game(seed=3)
    while not st.over:
        st.apply("pass" if "pass" in [a.text for a in st.legal_actions()] else "end")
    assert st.turn == 1 and st.result == "turn limit" and st.winner is None
