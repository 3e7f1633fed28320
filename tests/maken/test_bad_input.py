"""ARCHITECTURE §4 "No other exception escapes", for Maken: hypothesis mutates valid positions (§12),
card tables (§2), deck lists (§3) and notation (§11); every outcome is success or the documented
FudabaError subclass — never a KeyError, TypeError, …"""

from __future__ import annotations

import contextlib
import json
import tomllib
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fudaba.core import Rng
from fudaba.core.cards import build_cards
from fudaba.core.errors import CardDataError, DeckError, IllegalAction, PositionError
from fudaba.games.maken.cards import CARD_DIR
from fudaba.games.maken.game import MakenGame as GAME

from ..doc_mutation import mutate as _mutate
from ..doc_mutation import paths as _paths

junk = st.one_of(
    st.none(), st.booleans(), st.integers(-5, 99), st.text(max_size=6), st.lists(st.integers(0, 3), max_size=3),
    st.lists(st.text(max_size=3), max_size=2),
    st.dictionaries(st.text(max_size=4), st.integers(0, 3), max_size=2),
)


def _positions() -> list[dict[str, Any]]:
    g = GAME()
    out = []
    for seed in range(6):
        s = g.new_game(seed=seed)
        rng = Rng(seed)
        for _ in range(200):
            if s.is_over:
                break
            s.apply(rng.choice(s.legal_actions()))
            with contextlib.suppress(PositionError):
                out.append(s.position())
    return out[::7]


POSITIONS = _positions()
RAWS = [r for p in sorted(CARD_DIR.glob("*.toml")) for r in tomllib.loads(p.read_text(encoding="utf-8"))["card"]]


def test_12_fuzz_has_positions_of_every_phase() -> None:
    assert {d["phase"] for d in POSITIONS} == {"mulligan", "draw", "before_attack", "attack", "after_attack"}


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_12_broken_positions_raise_position_error(data: st.DataObject) -> None:
    doc = data.draw(st.sampled_from(POSITIONS))
    path = data.draw(st.sampled_from(_paths(doc)))
    bad = _mutate(doc, path, data.draw(junk), data.draw(st.booleans()))
    try:
        s = GAME().load_position(bad)
    except PositionError:
        return
    json.dumps(s.view(0))  # a mutation that still loads gives a working state
    s.legal_actions()
    s.to_json()
    if not s.over:
        s.clone().apply(s.legal_actions()[0])


@settings(max_examples=300, deadline=None)
@given(data=st.data())
def test_2_broken_card_tables_raise_card_data_error(data: st.DataObject) -> None:
    raw = data.draw(st.sampled_from(RAWS))
    path = data.draw(st.sampled_from(_paths(raw)))
    bad = _mutate(raw, path, data.draw(junk), data.draw(st.booleans()))
    with contextlib.suppress(CardDataError):
        build_cards([bad], GAME().card_builder(), "fuzz.toml")


@settings(max_examples=150, deadline=None)
@given(text=st.text(alphabet=st.sampled_from(list("0123456789 x#\nMK-ABCEG雪嶺衝グレイ")), max_size=80))
def test_3_deck_text_garbage_raises_deck_error(text: str) -> None:
    try:
        GAME().parse_deck(text)
    except DeckError as e:
        assert e.problems


@pytest.mark.parametrize("seed", [0, 1])
@settings(max_examples=100, deadline=None)
@given(text=st.text(max_size=30))
def test_11_notation_garbage_raises_illegal_action(seed: int, text: str) -> None:
    s = GAME().new_game(seed=seed)
    rng = Rng(seed)
    for _ in range(30):
        s.apply(rng.choice(s.legal_actions()))
    for t in (text, f"bet {text}", f"bet MK-G01 {text}", f"maintain {text}", f"cover {text}", f"draw {text}"):
        c = s.clone()
        h = c.hash()
        try:
            c.apply(t)  # text that happens to be legal is played
        except IllegalAction:
            assert c.hash() == h  # refused: the state is unchanged


# ---------------------------------------------------------------------------------- state documents
def _attack_doc(**params: Any) -> tuple[Any, dict[str, Any]]:
    """A state in the attack phase (Gray's double-attack unit on the field, a judge under way is not
    needed) and its state document."""
    from .helpers import GRAY, attack_pos, seat

    st = attack_pos(seat(GRAY, field=[{"card": "MK-G01", "n": 2, "opts": ["speed"]}], hand=["MK-G06"]),
                    seat("MK-C2", hand=["MK-A02", "MK-A05"]), 0, 1, params=params)
    return st.game, json.loads(st.to_json())


def _set(path: tuple[Any, ...], v: Any) -> Any:
    def change(d: dict[str, Any]) -> None:
        for k in path[:-1]:
            d = d[k]
        d[path[-1]] = v
    return change


@pytest.mark.parametrize(("change", "message"), [
    (_set(("state", "hand", 0, 0), "斬り払い"), "state: key 'state.hand[0][0]': '斬り払い' is not a card of this game"),
    (_set(("state", "field", 0, 0, 1), 4), "state: key 'state.field[0][0][1]': 4 is out of range 1..3"),
    (_set(("state", "field", 0, 0, 2, 0), "spin"),
     "state: key 'state.field[0][0][2][0]': 'spin' is not one of ['attack', 'guard', 'reach', 'speed']"),
    (_set(("state", "field", 0, 0), ["MK-G01", 1, []]), "state: key 'state.field[0][0]': expected 4 entries, got 3"),
    (_set(("state", "judge"), ["knockout", 0]),
     "state: key 'state.judge[0]': 'knockout' is not one of ['clean_hit', 'gb', 'gc', 'guard_holds', 'trade']"),
    (_set(("state", "gspace", 1), "sideways"), "state: key 'state.gspace[1]': 'sideways' is not one of"),
    (_set(("state", "sit"), ["even"]), "state: key 'state.sit': expected 2 entries, got 1"),
    (_set(("state", "bogus"), 1), "state: key 'state' has an unknown key 'bogus'"),
    (_set(("state", "phase"), "lunch"), "state: key 'state.phase': 'lunch' is not one of"),
])
def test_1_a_tampered_state_document_names_the_key(change: Any, message: str) -> None:
    game, doc = _attack_doc()
    change(doc)
    with pytest.raises(PositionError) as e:
        game.state_from_json(json.dumps(doc))
    assert str(e.value).startswith(message)


def test_6_6_a_unit_option_the_games_double_options_lack_is_refused_naming_the_key() -> None:
    game, doc = _attack_doc(double_options={"speed": 2, "reach": 1})
    assert doc["state"]["field"][0][0] == ["MK-G01", 2, ["speed"], [0, 0, 0, 0]]
    doc["state"]["field"][0][0][2] = ["guard"]
    with pytest.raises(PositionError) as e:
        game.state_from_json(json.dumps(doc))
    assert str(e.value) == "state: key 'state.field[0][0][2][0]': 'guard' is not one of ['speed', 'reach'] (double_options)"


@pytest.mark.parametrize("ctx", [[1, 0], [], [2], [True], ["1"], 1, None])
def test_6_2_a_tampered_decision_context_is_refused_naming_the_key(ctx: Any) -> None:
    game, doc = _attack_doc()
    assert doc["common"]["decision"]["kind"] == "action" and doc["common"]["decision"]["ctx"] == [1]
    doc["common"]["decision"]["ctx"] = ctx
    with pytest.raises(PositionError) as e:
        game.state_from_json(json.dumps(doc))
    assert str(e.value).startswith("state: key 'common.decision.ctx' = ")
    assert str(e.value).endswith("is not the context of the action decision (seat)")
