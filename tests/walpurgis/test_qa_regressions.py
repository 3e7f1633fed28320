"""Regressions found by QA: hidden information, card interactions, positions, parameters, notation."""

from __future__ import annotations

import pytest

import fudaba
from fudaba import FudabaError, PositionError
from fudaba.core import Rng

from .helpers import cell, game, play, pos, texts

ANCHOR = {"4e": [(0, "W-RM-02", "up")], "5e": [(0, "W-RM-01", "active")]}
# seat 0 keeps an activation available (2d over its face-up 1d), so its main phase stays open
KEEP_MAIN = {"1d": [(0, "W-RR-01", "up")], "2d": [(0, "W-RR-01", "active")]}


# ---------------------------------------------------------------- §1 visibility
def test_1_bounced_face_down_formation_is_named_to_its_owner_only() -> None:
    # バニシングエブリシング (seat 0, 2c) returns seat 1's active (3b) and dormant (3d) formations to
    # hand: the hand is private, so the opponent must not learn what they were
    board = {"1c": [(0, "W-PC-01", "up")], "3b": [(1, "W-RR-02", "active")], "3d": [(1, "W-RR-05", "dormant")],
             "4c": [(1, "W-RR-01", "up")]}
    st = pos(board, hands=(["W-PC-06"], []))
    st.apply("place W-PC-06 2c up")
    bounces = [e for e in st.log if e.kind == "bounce"]
    assert [e.data["place"] for e in bounces] == ["3b", "3d"]
    assert sorted(st.hand[1]) == ["W-RR-01", "W-RR-02", "W-RR-05"]  # seat 1 also drew its W-RR-01
    for e in bounces:
        assert "card" not in e.view(0) and "card" not in e.view(None)
        assert e.view(1)["card"] in ("W-RR-02", "W-RR-05")
        assert "W-RR-0" not in str(st.log_view(0)[st.log.index(e)])
        line = st.game.describe(e.view(0), "ja")
        assert "裏向きの陣" in line and "W-RR" not in line
        assert "face-down formation" in st.game.describe(e.view(0), "en")


def test_1_bounced_face_up_formation_is_public() -> None:
    board = {"1c": [(0, "W-PC-01", "up")], "3b": [(1, "W-RR-02", "up")], "4c": [(1, "W-RR-01", "up")]}
    st = pos(board, hands=(["W-PC-06"], []))
    st.apply("place W-PC-06 2c up")
    (e,) = [e for e in st.log if e.kind == "bounce"]
    assert e.view(0)["card"] == "W-RR-02"


@pytest.mark.parametrize("bad", [2, -1, "0", True, 1.0])
def test_1_view_and_resample_refuse_a_seat_that_is_not_0_or_1(bad: object) -> None:
    st = pos({"3c": [(0, "W-RM-01", "up")]}, hands=(["W-RM-02"], ["W-RR-02"]))
    with pytest.raises(FudabaError, match="the seats are 0 and 1"):
        st.view(bad)  # type: ignore[arg-type]
    with pytest.raises(FudabaError, match="the seats are 0 and 1"):
        st.resample(bad, Rng(1))  # type: ignore[arg-type]
    assert all("hand" not in pl for pl in st.view(None)["players"]) and st.view(1)["players"][1]["hand"] == ["W-RR-02"]


# ---------------------------------------------------------------- §7 does not turn face down
def test_7_turn_down_does_not_target_a_card_that_does_not_turn_face_down() -> None:
    # レッドマジック D: turn one opposing activating formation face down; 紅色の幻想郷 (4a) "does not
    # turn face down", so only 不夜城レッド (4e) is a target (the one option is applied by itself)
    board = {"1b": [(0, "W-RR-01", "up")], "4a": [(1, "W-RR-05", "activating")], "4e": [(1, "W-RR-02", "activating")],
             **KEEP_MAIN}
    st = pos(board, hands=(["W-RR-07", "W-RR-08"], []))
    play(st, "place W-RR-07 2c up", "done")
    assert not [e for e in st.log if e.kind == "turn_down" and e.data["place"] == "4a"]
    assert cell(st, "4e") == [(1, "W-RR-02", "dormant")]
    assert cell(st, "4a") == [(1, "W-RR-05", "up")]  # it stayed activating and turned upright at step 8


def test_7_turn_down_with_only_a_card_that_does_not_turn_face_down_has_no_target() -> None:
    board = {"1b": [(0, "W-RR-01", "up")], "4a": [(1, "W-RR-05", "activating")], **KEEP_MAIN}
    st = pos(board, hands=(["W-RR-07", "W-RR-08"], []))
    play(st, "place W-RR-07 2c up", "done")
    assert not [e for e in st.log if e.kind == "turn_down"]
    assert cell(st, "4a") == [(1, "W-RR-05", "up")]


# ---------------------------------------------------------------- §8 / params: hand limit
def test_8_hand_limit_given_for_v101_is_applied() -> None:
    hand = ["W-RM-01", "W-RM-02", "W-RM-03", "W-RM-05", "W-RM-06", "W-RM-07", "W-RM-08"]
    st = pos({}, hands=(hand, ["W-RR-01"]), variant="v1.01", params={"hand_limit": 6})
    st.apply("end")  # draws 2: 9 cards
    assert st.decision is not None and st.decision.kind == "discard" and len(st.hand[0]) == 9
    for _ in range(3):
        st.apply(st.legal_actions()[0])
    assert len(st.hand[0]) == 6 and st.active == 1


# ---------------------------------------------------------------- §9 notation
def test_9_a_card_on_a_square_may_be_named_by_its_card_name() -> None:
    board = {"4c": [(0, "W-RM-02", "active"), (0, "W-RM-07", "bullet")], "2c": [(0, "W-RM-02", "up")], **ANCHOR}
    st = pos(board, hands=(["W-RM-03"], []), decks=(["W-RM-08"] * 4, ["W-RR-01"]))
    play(st, "place W-RM-03 3c up", "bullet 4c", "done")
    assert "keep 4c active:W-RM-02" in texts(st)
    st.apply("KEEP 4C Active:夢想封印")  # tolerant: case, and the card's name for its id
    assert cell(st, "4c") == [(0, "W-RM-02", "active")]


def test_9_a_card_name_that_is_no_label_is_still_refused_with_the_rule() -> None:
    board = {"4c": [(0, "W-RM-02", "active"), (0, "W-RM-07", "bullet")], "2c": [(0, "W-RM-02", "up")], **ANCHOR}
    st = pos(board, hands=(["W-RM-03"], []), decks=(["W-RM-08"] * 4, ["W-RR-01"]))
    play(st, "place W-RM-03 3c up", "bullet 4c", "done")
    with pytest.raises(fudaba.IllegalAction, match=r"§5\.3 step 6"):
        st.apply("keep 4c up:夢想封印")


def test_9_bullet_prompt_of_a_face_up_bullet_card_says_face_up() -> None:
    st = pos({"2c": [(0, "W-RM-02", "up")], **ANCHOR}, hands=(["W-RM-03"], []))
    st.apply("place W-RM-03 3c up")  # 陰陽宝玉: its bullets are placed face up
    g = st.game
    ja = g.prompt(st.view(0), "ja", st.log_view(0))
    en = g.prompt(st.view(0), "en", st.log_view(0))
    assert "表向きの弾幕" in ja and "裏向き" not in ja
    assert "face-up bullets" in en and "face-down" not in en


# ---------------------------------------------------------------- §2 card data
def test_2_card_id_with_a_space_or_colon_is_refused(tmp_path: object) -> None:
    from pathlib import Path

    assert isinstance(tmp_path, Path)
    for bad in ("W X-1", "W:X-1"):
        f = tmp_path / "c.toml"
        f.write_text(f'[[card]]\nid = "{bad}"\nname = "x"\nmatrix = "@"\n', encoding="utf-8")
        with pytest.raises(fudaba.CardDataError, match=r"field 'id'.*one word"):
            game().check_card_file(f)


# ---------------------------------------------------------------- §10 positions
def _doc(**kw: object) -> dict[str, object]:
    doc: dict[str, object] = {
        "game": "walpurgis", "turn": 5, "active": 0, "first": 0, "phase": "main", "seed": 1,
        "seat": [{"hand": ["W-RM-01"], "deck": ["W-RM-01"] * 5}, {"deck": ["W-RR-01"] * 5}],
    }
    doc.update(kw)
    return doc


@pytest.mark.parametrize("key", ["placed", "activated"])
def test_10_prepare_position_refuses_limits_already_used(key: str) -> None:
    # the main-phase limits start afresh each turn: a prepare-phase position with placed = true
    # used to run a main phase with no placement left (only 'end', applied by itself)
    with pytest.raises(PositionError, match=f"key '{key}'"):
        game().load_position(_doc(phase="prepare", **{key: True}))
    board = {"1c": [{"owner": 0, "card": "W-RM-01", "state": "up"}],
             "2c": [{"owner": 0, "card": "W-RM-01", "state": "active"}]}
    st = game().load_position(_doc(phase="main", board=board, **{key: True}))  # in the main phase: a fact
    assert st.decision is not None and st.decision.kind == "main" and getattr(st, key) is True


def test_10_prepare_position_refuses_bullets_on_the_field() -> None:
    board = {"3c": [{"owner": 0, "card": "W-RM-01", "state": "bullet"}]}
    with pytest.raises(PositionError, match=r"key 'board\.3c'.*bullet"):
        game().load_position(_doc(phase="prepare", board=board))
    st = game().load_position(_doc(phase="main", board=board))  # a dud during the main phase
    assert cell(st, "3c") == [(0, "W-RM-01", "bullet")]


def test_10_position_refuses_one_square_given_twice() -> None:
    board = {"3c": [{"owner": 0, "card": "W-RM-01", "state": "up"}],
             "3C": [{"owner": 1, "card": "W-RR-01", "state": "up"}]}
    with pytest.raises(PositionError, match=r"key 'board\.3C'.*already given"):
        game().load_position(_doc(board=board))


def test_10_position_round_trip_at_a_prepare_decision_still_works() -> None:
    board = {"3c": [(0, "W-RM-01", "dormant")], "2c": [(0, "W-RM-02", "dormant")]}
    st = pos(board, phase="prepare")
    assert st.decision is not None and st.decision.kind == "wake"
    back = game().load_position(st.position())
    assert back.hash() == st.hash()


def test_1_bullet_processing_picks_name_face_down_cards_by_state_only() -> None:
    # seat 1's own active formation on 4c is picked in a two-player round: the public "hits" event
    # says 'active', never its id (only its owner may see it, §1)
    board = {"4c": [(0, "W-RM-07", "bullet"), (1, "W-RR-02", "active")], "2c": [(0, "W-RM-02", "up")],
             "4e": [(0, "W-RM-02", "up")], "5e": [(0, "W-RM-01", "active")]}
    st = pos(board, hands=(["W-RM-01"], []), decks=(["W-RM-08"] * 4, ["W-RR-01"]))
    play(st, "place W-RM-01 3c up", "done")
    while st.decision is not None and st.decision.kind == "hit":
        st.apply(st.legal_actions()[0])
    hits = [e for e in st.log if e.kind == "hits"]
    assert hits and hits[0].data["picks"] == {"0": "bullet", "1": "active"}
    for viewer in (0, 1, None):
        assert "W-RR-02" not in str(hits[0].view(viewer))
