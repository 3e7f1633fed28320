"""§11 notation and §12 positions: the spec's example, round trips at every kind of decision, inline
[[cards]], and PositionError naming the key."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from fudaba.core import Action, Rng
from fudaba.core.errors import PositionError
from fudaba.games.maken.position import POSITION_KINDS

from .helpers import AI, GRAY, attack_card, attack_pos, doc, game, pos, seat, texts

SPEC_EXAMPLE = '''
game = "maken"
turn = 4
active = 1
first = 0
phase = "attack"
to_act = 0
seed = 7
[params]
[attack]
state = ["guarding", "forcing"]
after_fb = false
[[seat]]
character = "MK-C2"
mulligan_used = true
lp = ["MK-A01", "MK-A04"]
stamina = ["MK-A02", "MK-A06"]
hand = ["MK-A05", "MK-A07"]
gauge = ["MK-A01"]
dust = ["MK-A03"]
damage = ["MK-A02"]
supports = ["MK-A09"]
field = []
guard = {space = "air", cards = ["MK-A06", "MK-E18"], open = false}
[[seat]]
character = "MK-C1"
mulligan_used = false
lp = ["MK-G03", "MK-G05", "MK-B01"]
stamina = ["MK-G01"]
hand = ["MK-B01"]
gauge = ["MK-G01", "MK-G05", "MK-G03", "MK-G04"]
dust = []
damage = []
supports = ["MK-G06"]
field = [{card = "MK-B02"}, {card = "MK-G02", mods = {attack = 2}}, {card = "MK-B06", n = 2, opts = ["speed"]}]
guard = {}
'''


def test_12_the_spec_example_loads() -> None:
    st = game().load_position(SPEC_EXAMPLE)
    assert st.turn == 4 and st.active == 1 and st.phase == "attack" and st.sit == ["guarding", "forcing"]
    assert st.gspace[0] == "air" and st.gcards[0] == ["MK-A06", "MK-E18"]
    assert st.field[1] == [("MK-B02", 1, (), (0, 0, 0, 0)), ("MK-G02", 1, (), (0, 0, 2, 0)),
                           ("MK-B06", 2, ("speed",), (0, 0, 0, 0))]
    assert st.mull == [True, False] and st.supports == [["MK-A09"], ["MK-G06"]]
    assert st.decision is not None and st.decision.player == 0 and texts(st) == ["maintain", "drop"]
    assert game().load_position(st.position()).hash() == st.hash()


def _round_trip(st: Any) -> None:
    d = st.position()
    back = st.game.load_position(d)
    assert back.hash() == st.hash()
    assert back.view(0) == st.view(0) and back.view(1) == st.view(1)


def test_12_round_trips_at_every_kind_of_decision_in_random_games() -> None:
    g = game()
    seen: set[str] = set()
    for seed in range(25):
        st = g.new_game(seed=seed)
        rng = Rng(seed)
        while not st.over:
            d = st.decision
            assert d is not None
            if d.kind in POSITION_KINDS:
                _round_trip(st)
                seen.add(d.kind)
            else:
                with pytest.raises(PositionError, match=r"not at a position-level decision \((cover|bonus)\)"):
                    st.position()
            st.apply(rng.choice(st.legal_actions()))
    assert seen == set(POSITION_KINDS)


def test_12_round_trip_keeps_inline_cards_idle_turns_and_attacked() -> None:
    t = attack_card("MK-T05", speed=9)
    st = pos(seat(GRAY, hand=["MK-T05", "MK-G06"], stamina=[]), seat(AI, hand=["MK-A08"], stamina=[]),
             cards=[t])
    assert "bet MK-T05" in texts(st)
    _round_trip(st)
    assert st.position()["cards"] == [t]
    st = pos(seat(GRAY, hand=["MK-G06"], stamina=[]), seat(AI, hand=["MK-A08"], stamina=[]))
    st.apply("skip")
    d = st.position()
    assert d["attacked"] is False and d["phase"] == "after_attack"
    st.apply("end")
    assert st.position()["idle_turns"] == 1
    _round_trip(st)


def test_12_positions_are_refused_mid_cover_and_mid_judge() -> None:
    st = attack_pos(seat(GRAY, field=["MK-G02"], hand=["MK-G01"]),
                    seat(AI, field=["MK-A06"], hand=["MK-A05", "MK-A01", "MK-A08"]), 1, 1)
    st.apply("guard stand")
    with pytest.raises(PositionError, match=r"\(cover\).*not in the middle of a judge or of a cover \(§12\)"):
        st.position()


def _bad(mutate: Any, key: str) -> None:
    d = doc(seat(GRAY, hand=["MK-G06", "MK-G01"], field=[]), seat(AI, hand=["MK-A08"]))
    d = copy.deepcopy(d)
    mutate(d)
    with pytest.raises(PositionError) as e:
        game().load_position(d)
    assert key in str(e.value), str(e.value)


@pytest.mark.parametrize(("mutate", "key"), [
    (lambda d: d.update(phase="main"), "key 'phase'"),
    (lambda d: d.update(colour="red"), "unknown key 'colour'"),
    (lambda d: d.update(seat=[d["seat"][0]]), "key 'seat'"),
    (lambda d: d["seat"][1]["hand"].append("MK-ZZ"), "key 'seat[1].hand[1]': unknown card 'MK-ZZ'"),
    (lambda d: d["seat"][0].update(character="MK-B01"), "key 'seat[0].character'"),
    (lambda d: d["seat"][0]["hand"].append("MK-C1"), "key 'seat[0].hand[2]': MK-C1 is a character card"),
    (lambda d: d["seat"][0].update(supports=["MK-B01"]), "key 'seat[0].supports[0]'"),
    (lambda d: d["seat"][0].update(damage=["MK-G06"] * 10), "key 'seat[0].damage'"),
    (lambda d: d["seat"][0].update(gauge=["MK-G06"] * 11), "key 'seat[0].gauge'"),
    (lambda d: d["seat"][0].update(lp=[]), "key 'seat[0].lp'"),
    (lambda d: d["seat"][0].update(field=[{"card": "MK-G01"}]), "key 'seat[0].field': attack fields and guard spaces "
                                                                "are empty outside the attack phase"),
    (lambda d: d["seat"][0].update(field=["MK-G01"]), "key 'seat[0].field[0]' must be a table"),
    (lambda d: d.update(to_act=1), "key 'to_act'"),
    (lambda d: d.update(attack={"state": ["even", "even"]}), "key 'attack'"),
    (lambda d: d.update(attacked=False), "key 'attacked'"),
    (lambda d: d.update(turn=0), "key 'turn'"),
    (lambda d: d.update(params={"lp": 9}), "key 'params.lp'"),
])
def test_12_position_errors_name_the_key(mutate: Any, key: str) -> None:
    _bad(mutate, key)


@pytest.mark.parametrize(("change", "key"), [
    ({"attack": {"state": ["even", "guarding"]}}, "key 'attack.state'"),
    ({"attack": {"state": ["even", "even"], "after_fb": True}, "to_act": 0}, "key 'attack.after_fb'"),
    ({"seat0field": [{"card": "MK-G06"}]}, "key 'seat[0].field[0].card'"),
    ({"seat0field": [{"card": "MK-G01", "n": 2}]}, "key 'seat[0].field[0].opts'"),
    ({"seat0field": [{"card": "MK-G01", "mods": {"luck": 1}}]}, "key 'seat[0].field[0].mods.luck'"),
    ({"seat1guard": {"space": "lying", "cards": []}}, "key 'seat[1].guard.space'"),
    ({"seat1guard": {"space": "stand", "cards": ["MK-A01"], "open": True}}, "key 'seat[1].guard.open'"),
    ({"state": ["forcing", "guarding"]}, "key 'seat[1].guard'"),
])
def test_12_attack_phase_position_errors_name_the_key(change: dict[str, Any], key: str) -> None:
    d = doc(seat(GRAY, hand=["MK-G06"], field=["MK-G01"]), seat(AI, hand=["MK-A08"]), phase="attack",
            attack={"state": ["even", "even"], "after_fb": False}, to_act=1)
    for k, v in change.items():
        if k == "seat0field":
            d["seat"][0]["field"] = v
        elif k == "seat1guard":
            d["seat"][1]["guard"] = v
            d["attack"] = {"state": ["forcing", "guarding"]}
        elif k == "state":
            d["attack"] = {"state": v}
        else:
            d[k] = v
    with pytest.raises(PositionError) as e:
        game().load_position(d)
    assert key in str(e.value), str(e.value)


# ====================================================================== §11 notation
def test_11_notation_is_parsed_tolerantly_card_names_case_spaces() -> None:
    st = pos(seat(GRAY, hand=["MK-G01", "MK-G01", "MK-G06"]), seat(AI, hand=["MK-A01", "MK-A08", "MK-A09"]))
    a = st.parse("BET  斬り払い  x2 speed")
    assert a.text == "bet MK-G01 x2 speed"
    assert st.parse("set Gathering Breath").text == "set MK-G06"
    st.apply("bet sweeping cut")
    assert st.field[0] == [("MK-G01", 1, (), (0, 0, 0, 0))]


def test_11_every_decision_uses_the_notation_of_the_spec() -> None:
    g = game()
    verbs: dict[str, set[str]] = {}
    for seed in range(40):
        st = g.new_game(seed=seed)
        rng = Rng(seed)
        while not st.over:
            d = st.decision
            assert d is not None
            for o in d.options:
                verbs.setdefault(d.kind, set()).add(o.verb if o.verb != "bet" or len(o.args) == 1 else f"bet {o.args[1]}")
            st.apply(rng.choice(st.legal_actions()))
    assert verbs["mulligan"] == {"keep", "mulligan"}
    assert verbs["draw"] == {"draw"}
    assert verbs["before_attack"] == {"set", "bet", "bet x2", "bet x3", "skip"}
    assert verbs["action"] == {"bet", "bet x2", "bet x3", "guard", "call", "maintain", "gc", "drop"}
    assert verbs["cover"] == {"cover"}
    assert {"bet", "bet x2", "pass"} <= verbs["bonus"] <= {"bet", "bet x2", "bet x3", "pass"}
    assert verbs["after_attack"] == {"set", "end"}


def test_12_a_refused_combination_of_params_is_a_position_error() -> None:
    d = doc(seat(GRAY, hand=["MK-G06", "MK-G01"]), seat(AI, hand=["MK-A08"]), params={"double_options": {"speed": 2}})
    with pytest.raises(PositionError, match=r"key 'params': .*at least 2 are needed while triple_attack is true"):
        game().load_position(d)


# ====================================================================== issue 19: decision kinds
#: actions of every verb, well and badly written, tried at every decision besides its options
_PROBES = ["keep", "keep now", "mulligan", "draw 1", "draw 9", "draw", "skip", "skip it", "end", "call", "call now", "gc",
           "drop", "pass", "maintain", "maintain stand", "maintain air", "maintain up", "guard stand", "guard air",
           "guard", "bet MK-G01", "bet MK-A02 x2 speed", "bet MK-A07 x2", "bet MK-B01 x3 speed attack", "bet", "set MK-G06",
           "set MK-G01", "set", "cover MK-G04", "cover", "cover MK-A01 MK-A02", "fly away"]


def test_11_every_kinds_check_accepts_its_options_and_names_the_rule_of_the_rest() -> None:
    """Each decision kind's one check agrees with its options (issue 19 §2): every option passes it;
    every other action is refused in English and Japanese, and that refusal is what the state says."""
    g = game()
    seen: set[str] = set()
    for seed in range(12):
        st = g.new_game(seed=seed)
        rng = Rng(seed)
        while not st.over:
            d = st.decision
            assert d is not None
            kind = g.KIND_BY_HANDLER[d.handler]
            seen.add(kind.name)
            assert all(kind.check(st, d.player, d.ctx, a) is None for a in d.options)
            assert kind.options(st, d.player, d.ctx) == d.options
            for text in [*_PROBES, *(f"{a.text} extra" for a in d.options[:3])]:
                a = Action.known(*text.split())
                if a in d.options:
                    continue
                r = kind.check(st, d.player, d.ctx, a)
                assert r is not None and r.en and r.ja, (d.kind, text)
                assert (st.explain(a), st.explain_in(a, "ja")) == (r.en, r.ja)
            st.apply(rng.choice(d.options))
    assert seen == {"mulligan", "draw", "before_attack", "action", "cover", "bonus", "after_attack"}
