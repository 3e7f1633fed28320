"""§1 zones and hidden information, §4 setup and mulligan, §5 the turn."""

from __future__ import annotations

import json

import pytest

from fudaba import IllegalAction
from fudaba.core import Rng

from .helpers import AI, GRAY, attack_pos, events, game, pos, seat, texts


# ====================================================================== §1 zones and what each seat sees
def test_1_hand_lp_stamina_gauge_damage_are_counts_for_the_other_seat() -> None:
    st = attack_pos(seat(GRAY, field=["MK-G01"], hand=["MK-G02", "MK-G06"], gauge=["MK-G03", "MK-G04"],
                         damage=["MK-G05"], lp=["MK-B01", "MK-B02", "MK-B06"], stamina=["MK-G07"]),
                    seat(AI, hand=["MK-A01", "MK-A08"]), 0, 1, after_fb=True)
    v = st.view(1)
    text = json.dumps(v, ensure_ascii=False)
    for hidden in ("MK-G02", "MK-G03", "MK-G04", "MK-G05", "MK-B01", "MK-G07"):
        assert hidden not in text
    side = v["table"]["players"][0]
    assert "hand" not in v["players"][0] and v["players"][0]["hand_count"] == 2
    assert (side["gauge_count"], side["damage_count"], side["lp_count"], side["stamina_count"]) == (2, 1, 3, 1)
    assert v["players"][1]["hand"] == ["MK-A01", "MK-A08"]
    # the owner does not see its own gauge, LP, stamina or damage either (count only, face down)
    own = json.dumps(st.view(0), ensure_ascii=False)
    assert "MK-G03" not in own and "MK-B01" not in own and "MK-G02" in own


def test_1_face_down_guard_cards_only_their_owner_sees_an_opened_one_everybody() -> None:
    st = attack_pos(seat(GRAY, field=["MK-G01"], hand=["MK-G06"]),
                    seat(AI, hand=["MK-A08"], gauge=["MK-A09"], guard={"space": "stand", "cards": ["MK-A01", "MK-A05"]}),
                    0, 1, ("forcing", "guarding"))
    assert st.view(1)["table"]["players"][1]["guard"] == {"space": "stand", "count": 2, "open": False,
                                                         "cards": ["MK-A01", "MK-A05"]}
    for viewer in (0, None):
        assert st.view(viewer)["table"]["players"][1]["guard"] == {"space": "stand", "count": 2, "open": False,
                                                                  "cards": [None, None]}
    st.apply("gc")
    gc = next(e for e in st.log if e.kind == "gc")
    assert gc.data["card"] == "MK-A05" and gc.secret is None  # opened: public


def test_1_the_cover_and_the_lp_card_drawn_at_a_down_are_seen_by_their_owner_only() -> None:
    st = attack_pos(seat(GRAY, field=["MK-G02"], hand=["MK-G01"]),
                    seat(AI, field=["MK-A06"], hand=["MK-A05", "MK-A01"], lp=["MK-A02", "MK-A03"]), 1, 1)
    st.apply("guard stand")
    st.apply("cover MK-A01")  # the second cover has one option: applied
    cover = [ev for ev in st.log_view(0) if ev["kind"] == "cover"]
    assert len(cover) == 2 and all("card" not in ev for ev in cover)
    assert [ev["card"] for ev in st.log_view(1) if ev["kind"] == "cover"] == ["MK-A01", "MK-A05"]


def test_1_the_view_shows_the_top_card_values_reach_guard_unguardable_and_the_situation() -> None:
    st = attack_pos(seat(GRAY, field=["MK-B02", "MK-B06"], hand=["MK-G06"]), seat(AI, hand=["MK-A08", "MK-A09"],
                                                                                  dust=["MK-A03"]), 0, 1)
    side = st.view(None)["table"]["players"][0]
    assert side["top"] == {"speed": 3, "reach_front": 2, "reach_back": 2, "attack": 1, "guard": 1, "posture": "crouch",
                           "unguardable": ["stand"]}
    assert side["field"] == [{"card": "MK-B02", "n": 1, "opts": []}, {"card": "MK-B06", "n": 1, "opts": []}]
    assert side["situation"] == "even" and side["character"] == GRAY
    assert st.view(None)["table"]["players"][1]["dust_top_posture"] == "air"


def test_1_discard_in_the_view_is_the_dust_in_arrival_order() -> None:
    st = pos(seat(GRAY, hand=["MK-G06", "MK-G07"], dust=["MK-B01", "MK-B02"]), seat(AI, hand=["MK-A08"]))
    assert st.view(1)["players"][0]["discard"] == ["MK-B02", "MK-B01"]  # the top (B01) last


def test_1_resample_keeps_the_view_and_deals_hidden_cards_elsewhere() -> None:
    st = attack_pos(seat(GRAY, field=["MK-G01"], hand=["MK-G02", "MK-G06"], gauge=["MK-G03"], stamina=["MK-G04"] * 5),
                    seat(AI, hand=["MK-A01", "MK-A08"], guard={}), 0, 1, after_fb=True)
    for seed in range(5):
        r = st.resample(1, Rng(seed))
        assert r.view(1) == st.view(1)
        assert sorted(r.hand[0] + r.gauge[0] + r.deck[0] + r.lp[0]) == sorted(
            st.hand[0] + st.gauge[0] + st.deck[0] + st.lp[0])


# ====================================================================== §4 setup
def test_4_setup_lp_stamina_and_starting_hands() -> None:
    st = game().new_game(seed=3)
    for p in (0, 1):
        assert len(st.lp[p]) == 3 and len(st.hand[p]) == 5 and len(st.deck[p]) == 32
        assert st.gauge[p] == [] and st.discard[p] == []
    assert st.char == ["MK-C2", "MK-C1"]  # the starter decks by name: ai, gray
    assert st.decision is not None and st.decision.kind == "mulligan" and st.decision.player == st.first
    assert events(st, "setup")[0]["characters"] == ["MK-C2", "MK-C1"]


def test_4_mulligan_first_tp_first_then_the_other_once_each() -> None:
    st = game(first=1).new_game(seed=5)
    assert st.decision is not None and st.decision.player == 1 and texts(st) == ["keep", "mulligan"]
    lp = [list(st.lp[0]), list(st.lp[1])]
    st.apply("mulligan")
    assert st.mull == [False, True] and len(st.hand[1]) == 5 and st.lp == lp
    assert st.decision is not None and st.decision.player == 0
    st.apply("keep")
    assert st.decision is not None and st.decision.kind == "draw" and st.active == 1 and st.turn == 1


def test_4_mulligan_puts_the_hand_into_the_stamina_and_shuffles() -> None:
    st = game(first=0).new_game(seed=9)
    before = sorted(st.hand[0] + st.deck[0])
    st.apply("mulligan")
    assert sorted(st.hand[0] + st.deck[0]) == before and len(st.hand[0]) == 5
    assert events(st, "mulligan")[0] == {"player": 0, "choice": "mulligan", "count": 5}


# ====================================================================== §5 the turn
def test_5_2_draw_declares_n_up_to_the_limit_and_the_stamina() -> None:
    st = pos(seat(GRAY, hand=["MK-G06"]), seat(AI, hand=["MK-A08"]), phase="draw")
    assert texts(st) == ["draw 1", "draw 2", "draw 3"]
    st.apply("draw 2")
    assert len(st.hand[0]) == 3 and st.decision is not None and st.decision.kind == "before_attack"
    st = pos(seat(GRAY, hand=["MK-G06"], stamina=["MK-G01", "MK-G02"]), seat(AI, hand=["MK-A08"]), phase="draw")
    assert texts(st) == ["draw 1", "draw 2"]
    with pytest.raises(IllegalAction, match=r"declare a number from 1 to 2 \(your draw limit, your stamina, §5 step 2\)"):
        st.apply("draw 3")


def test_5_2_the_first_turn_draws_at_most_two() -> None:
    st = pos(seat(GRAY, hand=["MK-G06"]), seat(AI, hand=["MK-A08"]), phase="draw", turn=1)
    assert texts(st) == ["draw 1", "draw 2"]
    st = pos(seat(GRAY, hand=["MK-G06"]), seat(AI, hand=["MK-A08"]), phase="draw", turn=2, active=0)
    assert texts(st) == ["draw 1", "draw 2", "draw 3"]


def test_5_3_supports_are_set_then_the_first_bet_is_made() -> None:
    st = pos(seat(GRAY, hand=["MK-G06", "MK-G07", "MK-G01"]), seat(AI, hand=["MK-A01"]))
    assert texts(st) == ["set MK-G06", "set MK-G07", "bet MK-G01"]
    st.apply("set MK-G07")
    assert st.supports[0] == ["MK-G07"] and texts(st) == ["set MK-G06", "bet MK-G01"]


def test_5_3_the_support_limit_of_six() -> None:
    st = pos(seat(GRAY, hand=["MK-G06", "MK-G01", "MK-G02"], supports=["MK-G07"] * 6), seat(AI, hand=["MK-A01"]))
    assert texts(st) == ["bet MK-G01", "bet MK-G02"]
    with pytest.raises(IllegalAction, match=r"you have 6 supports set, the limit is 6; set supports stay \(§5\)"):
        st.apply("set MK-G06")


def test_5_3_the_attack_is_mandatory_with_a_legal_first_bet() -> None:
    st = pos(seat(GRAY, hand=["MK-G06", "MK-G01"]), seat(AI, hand=["MK-A01"]))
    assert "skip" not in texts(st)
    h = st.hash()
    with pytest.raises(IllegalAction) as e:
        st.apply("skip")
    assert "the attack is not optional (attack_optional = false) (§5 step 3)" in str(e.value)
    assert e.value.text("ja") == "skip: FBできるカードがあります: アタックは省略できません (ルールのパラメータ attack_optional が false、§5 ステップ3)"
    assert st.hash() == h


def test_5_3_without_a_legal_first_bet_skip_goes_to_after_attack() -> None:
    st = pos(seat(GRAY, hand=["MK-G06", "MK-B01"]), seat(AI, hand=["MK-A01"]))
    assert texts(st) == ["set MK-G06", "skip"]
    st.apply("skip")
    assert st.phase == "after_attack" and texts(st) == ["set MK-G06", "end"] and not st.attacked


def test_5_5_after_attack_supports_then_end_the_other_player_is_tp() -> None:
    st = pos(seat(GRAY, hand=["MK-G06", "MK-G07"]), seat(AI, hand=["MK-A08"]), phase="after_attack", turn=6)
    st.apply("set MK-G06")
    assert st.supports[0] == ["MK-G06"] and texts(st) == ["set MK-G07", "end"]
    st.apply("end")
    assert st.active == 1 and st.turn == 7 and st.decision is not None and st.decision.kind == "draw"
    assert st.decision.player == 1


def test_5_only_the_tp_draws() -> None:
    st = pos(seat(GRAY, hand=["MK-G06"]), seat(AI, hand=["MK-A08"]), phase="after_attack", turn=6)
    hand1 = list(st.hand[1])
    st.apply("end")
    st.apply("draw 3")
    assert len(st.hand[1]) == len(hand1) + 3 and st.hand[0] == ["MK-G06"]
