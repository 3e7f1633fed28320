"""Suikoden state documents (``state.to_json`` / ``game.state_from_json``): the fields declared once
in ``SuikodenState`` are read back with every value checked, and a tampered document is a
PositionError naming its key (issue 19 §3; spec §1 zones, §5 slots, §7 the battle, §9 VP)."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

from fudaba import PositionError

from .conftest import game, mission, pos, seat


def _battle_state() -> Any:
    """Seat 1 to step in a battle on seat 0's M1 (トトの焼き討ち), with characters on both sides."""
    return pos(seat(hand=["GS-A11"], missions=[mission("GS-R01", mine=["GS-A01"], theirs=["GS-B01"])]),
               seat(hand=["GS-B05"]),
               battle={"seat": 0, "slot": "M1", "kind": "continue", "steps": 1})


def _doc(st: Any) -> dict[str, Any]:
    d: dict[str, Any] = json.loads(st.to_json())
    return d


def test_1_a_state_document_reads_back_to_the_same_state_and_dump() -> None:
    st = _battle_state()
    back = st.game.state_from_json(st.to_json())
    assert back.hash() == st.hash() and back._dump() == st._dump()
    assert list(_doc(st)["state"]) == ["active", "first", "phase", "hand", "deck", "discard", "returned", "mm", "vp",
                                       "built", "missions", "resolved", "battle"]
    assert _doc(st)["state"]["battle"] == [0, 0, "continue", 1, 1, 0]
    assert _doc(st)["state"]["missions"][0][0] == ["GS-R01", "", [[["GS-A01", [], False]], [["GS-B01", [], False]]]]


@pytest.mark.parametrize(("change", "message"), [
    # a card's name is no card id (the hand holds ids, spec §13)
    (lambda s: s["hand"][0].__setitem__(0, "ミナ"), "key 'hand[0][0]': is no card id of this game: 'ミナ'"),
    (lambda s: s["mm"].__setitem__(1, "GS-R01"), "key 'mm[1]': = GS-R01 is not a character card (it is mission)"),
    (lambda s: s["missions"][0][0].__setitem__(0, "GS-A11"),
     "key 'missions[0][0][0]': = GS-A11 is not a mission or facility card (it is character)"),
    (lambda s: s["missions"][0][0][2][1][0].__setitem__(2, 1), "key 'missions[0][0][2][1][0][2]': expected true or false"),
    (lambda s: s["missions"][0][0][2][0][0][1].append([1, 0, 0, "forever", "GS-A11"]),
     "key 'missions[0][0][2][0][0][1][0][3]'"),
    (lambda s: s["battle"].__setitem__(2, "siege"), "key 'battle[2]': 'siege' is not one of"),
    (lambda s: s["battle"].pop(), "key 'battle': expected an array of 6 entries"),
    (lambda s: s["vp"].__setitem__(1, -1), "key 'vp[1]': -1 is out of range"),
])
def test_1_a_tampered_field_is_refused_naming_its_key(change: Callable[[dict[str, Any]], Any], message: str) -> None:
    st = _battle_state()
    d = _doc(st)
    change(d["state"])
    with pytest.raises(PositionError) as e:
        st.game.state_from_json(json.dumps(d))
    assert message in str(e.value)


def test_5_a_seat_has_exactly_mission_slots_slots() -> None:
    st = _battle_state()
    d = _doc(st)
    d["state"]["missions"][1].append(None)
    with pytest.raises(PositionError) as e:
        st.game.state_from_json(json.dumps(d))
    assert str(e.value) == "state: key 'state.missions[1]' must have 2 items (mission_slots), got 3"


def test_7_the_battle_names_a_slot_of_this_game_with_a_mission_in_it() -> None:
    st = _battle_state()
    d = _doc(st)
    d["state"]["battle"][1] = 2  # mission_slots = 2: M1, M2
    with pytest.raises(PositionError) as e:
        st.game.state_from_json(json.dumps(d))
    assert str(e.value) == "state: key 'state.battle[1]' = 2 is out of range (-1..1)"
    d["state"]["battle"][1] = 1  # M2 of seat 0 is empty
    with pytest.raises(PositionError) as e:
        st.game.state_from_json(json.dumps(d))
    assert str(e.value).startswith("state: key 'state.battle' names no unresolved card")


def test_1_unknown_and_missing_keys_of_the_state_table_are_refused() -> None:
    st = _battle_state()
    d = _doc(st)
    d["state"]["extra"] = 1
    with pytest.raises(PositionError) as e:
        st.game.state_from_json(json.dumps(d))
    assert "extra" in str(e.value)
    d = _doc(st)
    del d["state"]["resolved"]
    with pytest.raises(PositionError) as e:
        st.game.state_from_json(json.dumps(d))
    assert "resolved" in str(e.value)


def test_1_all_cards_counts_every_zone_once() -> None:
    st = game().new_game(seed=3)
    cards = sorted(st.all_cards())
    decks = st.origin["decks"]
    assert cards == sorted(c for d in decks for c in [*d["main"], *d.get("mastermind", [])])
    assert sorted(_battle_state().all_cards()).count("GS-R01") == 1
