"""Spec §14: positions round-trip (equal hash) and every PositionError names its key."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

from fudaba import PositionError

from .conftest import (
    MM_NANAMI,
    battle,
    doc,
    game,
    mission,
    mview,
    opts,
    play,
    pos,
    seat,
    totals,
    tp,
)
from .test_suikoden_examples import SPEC_14


def same(st: Any) -> None:
    """``load_position(st.position())`` is the same state (JSON text too)."""
    p = st.position()
    g = game()
    assert g.load_position(p).hash() == st.hash()
    assert g.load_position(json.dumps(p, ensure_ascii=False)).hash() == st.hash()


# ------------------------------------------------------------------------------------ round trips
def test_14_spec_example_loads_and_round_trips() -> None:
    st = game().load_position(SPEC_14)
    assert st.turn == 8 and st.decision.player == 1 and st.decision.kind == "step"
    assert tp(st, 0)["vp"] == 1 and tp(st, 0)["resolved"][0]["garrison"] == "GS-A02"
    m = mview(st, 1)
    assert m is not None and m["card"] == "GS-B17" and m["support"] == "GS-B04"
    same(st)


def test_14_round_trip_main_with_everything_on_the_table() -> None:
    st = pos(seat(mastermind="GS-M01", vp=2, built=1, hand=["GS-A05", "GS-R01"], discard=["GS-A11"],
                  resolved=[{"card": "GS-R02", "garrison": "GS-A13"}, {"card": "GS-B18", "garrison": "GS-A10", "owner": 1}],
                  missions=[mission("GS-A16", mine=["GS-A04", {"card": "GS-A07", "mods": [
                      {"atk": -2, "mil": 0, "con": 0, "until": "while_deployed", "by": 1}], "rune_used": False}],
                      theirs=["GS-B01"], support="GS-A06")]),
             seat(mastermind="GS-M02", hand=["GS-B05"], missions=[mission("GS-B20", slot="M2", mine=["GS-B14"])]))
    assert tp(st, 0)["resolved"][1]["owner"] == 1
    assert totals(st, 0)[0]["atk"] == 2 + 1  # シュウ 1 + 1 (主人公: leaders) + ジョウイ 3 − 2
    same(st)


def test_14_round_trip_battle_after_a_rune() -> None:
    st = pos(seat(hand=["GS-A05", "GS-A15", "GS-A10"],
                  missions=[mission("GS-R01", mine=["GS-A01"], theirs=["GS-B01", "GS-B11"])]),
             battle=battle(0, kind="new", steps=3))
    same(st)
    play(st, "rune M1.1", "discard GS-A15", "target M1.x1")
    assert st.decision.kind == "step"
    p = st.position()
    assert p["phase"] == "battle" and p["battle"]["actor"] == 0
    same(st)


def test_14_deployed_entry_with_mods_and_rune_used() -> None:
    theirs = [{"card": "GS-B01", "mods": [{"atk": -2, "mil": 0, "con": 0, "until": "while_deployed", "by": 0}],
               "rune_used": False}]
    st = pos(seat(hand=["GS-A05", "GS-A10"], missions=[mission("GS-R01", mine=[{"card": "GS-A01", "rune_used": True}],
                                                               theirs=theirs)]),
             battle=battle(0, kind="new", steps=3))
    assert totals(st, 0)[1]["atk"] == 2
    assert opts(st) == ["deploy GS-A05", "pass"]  # the rune is spent for this battle
    same(st)


def test_14_round_trip_replenish() -> None:
    h0 = ["GS-A01", "GS-A02", "GS-A04", "GS-A05", "GS-A07", "GS-A10", "GS-A13"]
    h1 = ["GS-B01", "GS-B02", "GS-B05", "GS-B06", "GS-B11", "GS-B12", "GS-B13"]
    st = pos(seat(hand=h0), seat(hand=h1), phase="replenish")
    assert st.decision.kind == "replenish" and st.decision.player == 0
    same(st)
    st.apply("discard GS-A10")
    assert st.decision.kind == "replenish" and st.decision.player == 1
    same(st)


def test_14_round_trip_mulligan() -> None:
    st = game(first=0).new_game(seed=9)
    same(st)
    st.apply(next(o for o in opts(st) if o.startswith("return ")))
    same(st)
    st.apply("done")
    assert st.decision.player == 1 and st.decision.kind == "mulligan"
    same(st)


def test_14_mulligan_in_progress() -> None:
    st = pos(seat(hand=["GS-A01", "GS-A02", "GS-A04", "GS-A05", "GS-A07", "GS-A10"]),
             seat(hand=["GS-B01", "GS-B02", "GS-B05", "GS-B06", "GS-B11"]), phase="mulligan", turn=1,
             mulligan={"seat": 1, "returned": ["GS-B18"]})
    assert st.decision.player == 1 and st.decision.kind == "mulligan"
    assert tp(st, 1)["returned"] == 1
    same(st)
    st.apply("done")  # the returned card is shuffled back, seat 1 draws back to 6
    v = st.view(1)["players"][1]
    assert (v["hand_count"], v["deck_count"]) == (6, 10)
    assert st.turn == 1 and st.decision.player == 0 and st.decision.kind == "main"


def test_14_position_only_at_phase_level_decisions() -> None:
    # a garrison step (spec §15.4)
    st = pos(seat(), seat(hand=["GS-B07", "GS-B12"], missions=[mission("GS-B18", mine=["GS-B01", "GS-B11"])]),
             turn=4, active=1, battle=battle(1))
    st.apply("deploy GS-B07")
    assert st.decision.kind == "garrison"
    with pytest.raises(PositionError):
        st.position()
    # a duel pick
    st = pos(seat(hand=["GS-A17", "GS-A05", "GS-A10"]), seat(hand=["GS-B11", "GS-B12"]))
    st.apply("play GS-A17")
    assert st.decision.kind == "duel"
    with pytest.raises(PositionError):
        st.position()
    # a rune's cost
    st = pos(seat(hand=["GS-A05", "GS-A15"], missions=[mission("GS-R01", mine=["GS-A01"], theirs=["GS-B01"])]),
             battle=battle(0, kind="new", steps=3))
    st.apply("rune M1.1")
    assert st.decision.kind == "cost"
    with pytest.raises(PositionError):
        st.position()


# ------------------------------------------------------------------------------------ errors
def _d(**kw: Any) -> dict[str, Any]:
    return doc(seat(hand=["GS-A05"]), seat(), **kw)


def _seat0(**kw: Any) -> Callable[[], dict[str, Any]]:
    return lambda: doc(seat(**kw), seat())


def _both(s0: dict[str, Any], s1: dict[str, Any], **kw: Any) -> Callable[[], dict[str, Any]]:
    return lambda: doc(s0, s1, **kw)


ERRORS: list[tuple[str, Callable[[], dict[str, Any]], tuple[str, ...]]] = [
    ("unknown key", lambda: {**_d(), "colour": 1}, ("'colour'",)),
    ("phase", lambda: _d(phase="draw"), ("'phase'",)),
    ("missions beyond mission_slots",
     _seat0(missions=[mission("GS-R01"), mission("GS-A15", slot="M2"), mission("GS-A16", slot="M3")]),
     ("'seat[0].missions'",)),
    ("missions beyond a smaller mission_slots",
     lambda: {**doc(seat(missions=[mission("GS-R01"), mission("GS-A15", slot="M2")]), seat()),
              "params": {"mission_slots": 1}}, ("'seat[0].missions'",)),
    ("a duel mission in a slot", _seat0(missions=[mission("GS-A17")]), ("'seat[0].missions[0].card'",)),
    ("a character in a slot", _seat0(missions=[mission("GS-A01")]), ("'seat[0].missions[0].card'",)),
    ("a support on a non-support card", _seat0(missions=[mission("GS-R01", support="GS-A05")]),
     ("'seat[0].missions[0].support'",)),
    ("a support on a duel", _seat0(missions=[mission("GS-A17", support="GS-A06")]), ("'seat[0].missions[0].",)),
    # §6.2 breaches name the key 'seat' and, in words, both places
    ("same name deployed on both sides",
     _both(seat(missions=[mission("GS-R01", mine=["GS-A07"])]), seat(missions=[mission("GS-B18", mine=["GS-B03"])])),
     ("'seat", "ジョウイ", "GS-A07", "GS-B03", "§6.2")),
    ("same name deployed and support",
     _seat0(missions=[mission("GS-R01", support="GS-A06"), mission("GS-A16", mine=["GS-A04", "GS-A06"], slot="M2")]),
     ("'seat", "アップル", "support", "§6.2")),
    ("a pair and one of its names",
     _seat0(missions=[mission("GS-R01", mine=["GS-A03"]), mission("GS-A16", mine=["GS-A01"], slot="M2")]),
     ("'seat", "フリック", "GS-A03", "GS-A01", "§6.2")),
    ("a deployed character named like a mastermind",
     lambda: doc(seat(missions=[mission("GS-R01", mine=["GS-A05"])]), seat(mastermind="GS-X01"), cards=[MM_NANAMI]),
     ("'seat", "ナナミ", "mastermind", "§6.2")),
    ("a garrison named like a deployed character",
     _both(seat(missions=[mission("GS-R01", mine=["GS-A07"])]),
           seat(resolved=[{"card": "GS-B18", "garrison": "GS-B03"}])), ("'seat", "ジョウイ", "garrison", "§6.2")),
    ("a mastermind in a deck", _seat0(deck=["GS-M01", "GS-A15"]), ("'seat[0].deck[0]'",)),
    ("a mastermind in a hand", _seat0(hand=["GS-M01"]), ("'seat[0].hand[0]'",)),
    ("a mastermind that is no mastermind", _seat0(mastermind="GS-A01"), ("'seat[0].mastermind'",)),
    ("an unknown card", _seat0(hand=["GS-ZZ9"]), ("'seat[0].hand[0]'",)),
    ("phase battle without [battle]", lambda: _d(phase="battle"), ("'battle'",)),
    ("a battle on an empty slot", lambda: _d(battle=battle(0)), ("'battle.slot'",)),
]


@pytest.mark.parametrize(("what", "make", "parts"), ERRORS, ids=[e[0] for e in ERRORS])
def test_14_position_errors_name_the_key(what: str, make: Callable[[], dict[str, Any]], parts: tuple[str, ...]) -> None:
    with pytest.raises(PositionError) as ei:
        game().load_position(make())
    msg = str(ei.value)
    assert "key " in msg, f"{what}: {msg}"
    assert all(k in msg for k in parts), f"{what}: {msg}"


def test_14_garrisons_do_not_count_when_garrison_unique_is_false() -> None:
    d = doc(seat(missions=[mission("GS-R01", mine=["GS-A07"])]), seat(resolved=[{"card": "GS-B18", "garrison": "GS-B03"}]))
    st = game(garrison_unique=False).load_position(d)
    assert tp(st, 1)["resolved"][0]["garrison"] == "GS-B03"
    d["params"] = {"garrison_unique": False}
    st = game().load_position(d)
    same(st)


def test_14_same_named_masterminds_are_allowed() -> None:
    st = game().load_position(doc(seat(mastermind="GS-X01", hand=["GS-A10"]), seat(mastermind="GS-X01"),
                                  cards=[MM_NANAMI]))
    assert tp(st, 0)["mastermind"] == tp(st, 1)["mastermind"] == "GS-X01"
    same(st)
