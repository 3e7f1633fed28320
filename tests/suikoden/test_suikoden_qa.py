"""QA pass over Suikoden (issue 8): spec clauses the engine does not yet follow, each pinned by the
exact outcome the spec asks for. Black box, like the other Suikoden tests: positions (§14) set the
scene, views and the CLI tell the outcome."""

from __future__ import annotations

from typing import Any

import pytest
from typer.testing import CliRunner

import fudaba
from fudaba import UnknownGame
from fudaba.cli import app

from .conftest import battle, col, counts, game, mission, mview, pos, resolved, seat, slots, totals, tp, vps

#: §10 conditions and targets on an ``on_clear`` effect (inline cards, §14 ``[[cards]]``)
ON_CLEAR_IF_OWN = {"id": "GS-X20", "name": "試験の凱旋", "name_en": "Test Triumph", "type": "mission", "clear": "atk",
                   "value": 3, "vp": [1, 1], "invented": True,
                   "effects": [{"trigger": "on_clear", "target": "self_player", "action": "draw", "amount": 1,
                                "condition": {"own_mission": True}}]}
ON_CLEAR_GROUP = {"id": "GS-X21", "name": "試験の祝宴", "name_en": "Test Feast", "type": "mission", "clear": "atk",
                  "value": 3, "vp": [1, 1], "invented": True,
                  "effects": [{"trigger": "on_clear", "target": "all_characters", "action": "modify", "atk": 1,
                               "duration": "while_deployed"}]}
#: §10 a static ``hand_limit`` on a deployed character (static sources: "deployed character, ...")
SCRIBE = {"id": "GS-X22", "name": "試験の書記", "name_en": "Test Scribe", "type": "character", "class": "leader",
          "camp": ["新同盟軍"], "links": "A", "atk": 1, "mil": 0, "con": 0, "invented": True,
          "effects": [{"trigger": "static", "target": "self_player", "action": "hand_limit", "amount": 1}]}


# ============================================================== §7.5 / §10: facilities act once built
def test_7_5_an_unresolved_facility_has_no_effects_until_built() -> None:
    # 鍛冶屋 Forge (build 4): "own craftsmen con +1" — an effect of a *built* facility (§2 "effects once
    # built", §7.5 "a built facility acts from then on", §10 static sources: "built facility").
    # Unresolved, it must not help its own construction: ソロン (con 0) + ハンス (con 3) = 3 < 4.
    st = pos(seat(hand=["GS-B14"], missions=[mission("GS-B21", mine=["GS-B01"])]), seat(hand=[]))
    st.apply("continue M1")  # the only first step, deploy GS-B14, is taken by the engine
    assert col(st, 0, "M1", 0) == ["GS-B01", "GS-B14"]
    assert totals(st, 0)[0]["con"] == 3
    assert slots(st, 0) == {"M1": "GS-B21"}  # both passed: unresolved, not built
    assert tp(st, 0)["built"] == 0 and resolved(st, 0) == []
    # 兵舎 Barracks (own characters mil +500) shows no bonus while unresolved either
    st = pos(seat(hand=["GS-A05"], missions=[mission("GS-B20", mine=["GS-B01"])]), seat(hand=[]))
    m = mview(st, 0)
    assert m is not None and m["columns"][0][0]["mil"] == 2500 and m["totals"][0]["mil"] == 2500


# ============================================================== §7.5 (5) on_clear with §10 conditions/targets
def test_7_5_5_on_clear_with_a_condition_resolves_after_the_clear() -> None:
    # the placer clears its own mission: own_mission holds, the clearer draws 1 (then replenishes)
    s0 = seat(hand=["GS-A05"], deck=["GS-A10"] + ["GS-A15"] * 9, missions=[mission("GS-X20", mine=["GS-A01"])])
    st = pos(s0, seat(hand=[]), cards=[ON_CLEAR_IF_OWN])
    st.apply("continue M1")  # deploy GS-A05 (the only first step): 7 ≥ 3
    st.apply("garrison M1.1")
    assert vps(st) == [1, 0]
    assert resolved(st, 0) == [("GS-X20", "GS-A01", 0)]
    draws = [e for e in st.log_view(0) if e["kind"] == "draw" and e["player"] == 0]
    assert draws[0]["cards"] == ["GS-A10"] and draws[0]["count"] == 1  # on_clear, before replenish
    assert counts(st, 0) == (6, 4)
    assert st.turn == 4 and st.decision.player == 1 and st.decision.kind == "main"


def test_7_5_5_on_clear_with_a_group_target_does_not_stop_the_game() -> None:
    # an on_clear modify on all_characters: the mission has left its slot; the game goes on
    st = pos(seat(hand=["GS-A05"], missions=[mission("GS-X21", mine=["GS-A01"])]), seat(hand=[]), cards=[ON_CLEAR_GROUP])
    st.apply("continue M1")
    st.apply("garrison M1.1")
    assert vps(st) == [1, 0]
    assert resolved(st, 0) == [("GS-X21", "GS-A01", 0)]
    assert st.turn == 4 and st.decision.player == 1 and st.decision.kind == "main"


# ============================================================== §11 parameter ranges
RANGES = {"deck_size": (10, 100), "max_copies": (0, 50), "starting_hand": (1, 10), "hand_limit": (1, 10),
          "mulligan_max": (0, 6), "mission_slots": (1, 4), "vp_to_win": (1, 20), "facilities_per_vp": (0, 5),
          "turn_limit": (0, 1000)}


@pytest.mark.parametrize("key", sorted(RANGES))
def test_11_parameter_ranges_are_enforced(key: str) -> None:
    lo, hi = RANGES[key]
    assert fudaba.load_game("suikoden", **{key: lo}).params[key] == lo
    assert fudaba.load_game("suikoden", **{key: hi}).params[key] == hi
    for bad in (lo - 1, hi + 1):
        with pytest.raises(UnknownGame, match=key):
            fudaba.load_game("suikoden", **{key: bad})


# ============================================================== §4.1 `first` through `fudaba play --param`
def test_4_1_play_honours_param_first() -> None:
    # seed 3 draws P1 as first player; --param first=0 must make it P0 (no --first given)
    runner = CliRunner()
    r = runner.invoke(app, ["play", "suikoden", "--seed", "3", "--lang", "en"], input="quit\n")
    assert "Setup: P1 goes first" in r.output
    r = runner.invoke(app, ["play", "suikoden", "--seed", "3", "--lang", "en", "--param", "first=0"], input="quit\n")
    assert "Setup: P0 goes first" in r.output, r.output[:400]


# ============================================================== §9 the table after a VP win at a clear
def test_9_game_over_at_a_clear_leaves_no_battle_on_the_emptied_slot() -> None:
    # §15 example 7: seat 1 clears seat 0's Time Slip and wins; the slot is empty, the battle is over
    st = pos(seat(hand=["GS-A08"], missions=[mission("GS-R01", mine=["GS-A01"], theirs=["GS-B01"])]),
             seat(hand=["GS-B05", "GS-B12"], vp=3), active=1, battle=battle(0, kind="continue", actor=1))
    st.apply("deploy GS-B05")
    st.apply("pass")  # seat 0 keeps its counter
    st.apply("garrison xM1.2")
    assert st.is_over and st.winner == 1 and slots(st, 0) == {}
    g: Any = game()
    text = g.render(st.view(0), "en")
    assert "Battle:" not in text, text


# ============================================================== §10 hand_limit from every static source
def test_10_static_hand_limit_of_a_deployed_character_counts() -> None:
    # §10: static effects come from a deployed character, an unresolved mission, a mastermind or a built
    # facility, and hold while the source is active; hand_limit "changes the player's hand limit".
    # The scribe is deployed on seat 0's Time Slip: replenish brings seat 0 to 6 + 1 = 7.
    st = pos(seat(hand=["GS-A05", "GS-A10", "GS-A11"], missions=[mission("GS-R01", mine=["GS-X22"])]),
             seat(hand=[]), phase="replenish", cards=[SCRIBE])
    assert tp(st, 0)["hand_limit"] == 7
    assert counts(st, 0) == (7, 6)
