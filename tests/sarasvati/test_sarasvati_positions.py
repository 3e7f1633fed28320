"""Spec §12 positions: round trips and errors naming the key."""

from __future__ import annotations

import json
from typing import Any

import pytest
from sv_util import BLANK_BOOK, seat

from fudaba.core.errors import PositionError


def _doc(**kw: Any) -> dict[str, Any]:
    d: dict[str, Any] = {"game": "sarasvati", "turn": 3, "active": 0, "phase": "imagine", "seed": 4,
                         "seat": [seat(hand=["SV-A02"], volt=2), seat()], "cards": [BLANK_BOOK]}
    d.update(kw)
    return d


def test_12_spec_example_loads(game: Any) -> None:
    text = """
game = "sarasvati"
turn = 3
active = 0
first = 0
phase = "imagine"
seed = 11
[[seat]]
hand = ["SV-R1", "SV-A02"]
deck = ["SV-A04", "SV-A02"]
grave = []
voltage = [{card = "SV-A02", tapped = true}, {card = "SV-A04"}, {card = "SV-A04"}]
books = [{card = "SV-R4", open = false}, {card = "SV-AF1", open = true}, {card = "SV-AF2", destroyed = true}]
slots = {F1 = {card = "SV-R1", ready = true, new = false, equip = "SV-R3"}, B2 = {card = "SV-A11", under = ["SV-A07"]}}
[[seat]]
hand = []
deck = ["SV-B01"]
books = ["SV-BF1", "SV-BF2", "SV-BF3"]
"""
    st = game.load_position(text)
    assert st.decision.kind == "imagine" and st.tapped[0] == 1 and st.hits[0] == [0, 1, 2]
    assert st.books[0] == ["SV-R4", "SV-AF1", None] and st.discard[0] == ["SV-AF2"]  # §6 destroyed → graveyard
    assert st.slots[0][0].equip == "SV-R3" and st.slots[0][6].under == ("SV-A07",)
    assert st.deck[0] == ["SV-A02", "SV-A04"]  # top first in positions, top last inside
    again = game.load_position(st.position())
    assert again.hash() == st.hash()


def test_12_round_trip_through_json_and_toml_text(game: Any) -> None:
    st = game.load_position(_doc())
    pos = st.position()
    assert game.load_position(json.dumps(pos, ensure_ascii=False)).hash() == st.hash()
    assert pos["cards"] == [BLANK_BOOK]  # inline cards travel with the position
    assert game.state_from_json(st.to_json()).hash() == st.hash()


def test_12_position_only_at_phase_level_decisions(make: Any) -> None:
    st = make(seat(hand=["SV-A05", "SV-A01"], volt=4), seat(slots={"F1": "SV-A02", "F2": "SV-A02"}))
    st.apply("summon SV-A05 F1")
    assert st.decision.kind == "target"
    with pytest.raises(PositionError, match="only at a phase-level decision"):
        st.position()


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"colour": 1}, "position: unknown key 'colour'"),
        ({"phase": "draw"}, "key 'phase' must be one of charge, imagine, move, battle"),
        ({"turn": 0}, "key 'turn' = 0 is out of range"),
        ({"active": 1, "first": 0}, "keys 'turn'/'active'/'first'"),
        ({"params": {"front_slots": "x"}}, "key 'params.front_slots'"),
        ({"params": {"nope": 1}}, "key 'params.nope'"),
        ({"seat": [seat()]}, "key 'seat' must list two seats"),
        ({"seat": [seat(hand=["SV-ZZ"]), seat()]}, "key 'seat[0].hand[0]': unknown card 'SV-ZZ'"),
        ({"seat": [seat(hand=["SV-R4"]), seat()]}, "key 'seat[0].hand[0]': SV-R4 厨二妄想サラスヴァティ is a book"),
        ({"seat": [seat(slots={"F1": "SV-R2"}), seat()]}, "key 'seat[0].slots.F1.card'"),
        ({"seat": [seat(slots={"Q7": "SV-A01"}), seat()]}, "key 'seat[0].slots.Q7': no such place"),
        ({"seat": [seat(slots={"F1": {"card": "SV-A01", "hp": 3}}), seat()]},
         "seat[0].slots.F1: unknown key 'hp'"),
        ({"seat": [seat(), seat(books=["SV-A01"])]}, "key 'seat[1].books[0].card'"),
        ({"seat": [seat(), seat(books=[{"card": "T-BK", "destroyed": True}])]}, "every book is destroyed"),
        ({"seat": [seat(slots={"F1": {"card": "SV-A02", "under": ["SV-A01"]}}), seat()]},
         "SV-A02 is not an evolution"),
        ({"seat": [seat(slots={"F1": {"card": "SV-A02", "mods": [{"atk": 1, "until": "forever"}]}}), seat()]},
         "seat[0].slots.F1.mods[0].until"),
        ({"cards": [{"id": "T-X", "name": "X", "type": "spell", "cost": 1, "attribute": "SF"}]},
         "key 'cards': position [[cards]]"),
        ({"game": "walpurgis"}, "key 'game'"),
    ],
)
def test_12_position_errors_name_the_key(game: Any, change: dict[str, Any], message: str) -> None:
    with pytest.raises(PositionError) as e:
        game.load_position(_doc(**change))
    assert message in str(e.value)


def test_12_not_a_document(game: Any) -> None:
    with pytest.raises(PositionError, match="not valid TOML"):
        game.load_position("turn = = 3\nactive = 0")
