"""§5.1 condition (8.1), the seven cases of the 8.2 figure, §5.2 activation check, §2 geometry."""

from __future__ import annotations

import pytest

from fudaba import IllegalAction

from .helpers import pos, texts

RR = "W-RR-01"  # 通常弾(レミリア): condition square one below, bullets diagonally ahead


def test_5_1_figure_case1_adjacent_own_face_up_same_icon() -> None:
    st = pos({"2c": [(0, "W-RR-02", "up")]}, hands=([RR], []))
    assert f"place {RR} 3c up" in texts(st)


@pytest.mark.parametrize("state", ["active", "dormant"])
def test_5_1_figure_case2_own_face_down_upright_or_sideways(state: str) -> None:
    st = pos({"2c": [(0, "W-PC-02", state)]}, hands=([RR], []))
    assert f"place {RR} 3c up" in texts(st)


def test_5_1_figure_case3_square_with_formation_cannot_be_placed_on() -> None:
    st = pos({"2c": [(0, "W-RR-02", "up")], "3c": [(1, "W-RM-01", "up")]}, hands=([RR], []))
    assert f"place {RR} 3c up" not in texts(st)
    with pytest.raises(IllegalAction, match=r"3c already holds a formation.*\(§1, 7.2.1\)"):
        st.apply(f"place {RR} 3c up")


def test_5_1_figure_case3_the_card_itself_active_may_activate_but_not_dormant() -> None:
    st = pos({"2c": [(0, "W-RR-02", "up")], "3c": [(0, RR, "active")]}, hands=([RR], []))
    assert "activate 3c" in texts(st)
    st = pos({"2c": [(0, "W-RR-02", "up")], "3c": [(0, RR, "dormant")]}, hands=([RR], []))
    assert "activate 3c" not in texts(st)
    with pytest.raises(IllegalAction, match=r"dormant formation cannot activate"):
        st.apply("activate 3c")


def test_5_1_figure_case4_bullet_does_not_meet_the_condition() -> None:
    st = pos({"2c": [(0, "W-RR-02", "bullet")]}, hands=([RR], []))
    assert f"place {RR} 3c up" not in texts(st)
    assert f"place {RR} 3c down" in texts(st)
    with pytest.raises(IllegalAction, match=r"condition square 2c holds no formation of yours with icon レミリア \(§5.1; rulebook 8.1\)"):
        st.apply(f"place {RR} 3c up")


def test_5_1_figure_case5_opponent_formation_does_not_meet_the_condition() -> None:
    st = pos({"2c": [(1, "W-RR-02", "up")]}, hands=([RR], []))
    assert f"place {RR} 3c up" not in texts(st)


def test_5_1_figure_case6_own_face_up_formation_with_another_icon() -> None:
    st = pos({"2c": [(0, "W-RM-01", "up")]}, hands=([RR], []))
    assert f"place {RR} 3c up" not in texts(st)


def test_5_1_figure_case7_square_with_bullets_of_either_player_may_be_placed_on() -> None:
    st = pos({"2c": [(0, "W-RR-02", "up")], "3c": [(0, "W-RM-01", "bullet"), (1, "W-RR-03", "bullet")]},
             hands=([RR], []))
    assert f"place {RR} 3c up" in texts(st)
    assert f"place {RR} 3c down" in texts(st)


def test_5_1_support_formation_has_every_icon() -> None:
    st = pos({"2c": [(0, "W-PC-04", "up")]}, hands=([RR], []))  # 賢者の石 (サポート)
    assert f"place {RR} 3c up" in texts(st)


def test_2_condition_square_off_the_field_cannot_be_met() -> None:
    st = pos({}, hands=([RR], []))
    assert f"place {RR} 1c up" not in texts(st)
    with pytest.raises(IllegalAction, match=r"falls off the field"):
        st.apply(f"place {RR} 1c up")


def test_2_matrix_rotated_180_degrees_for_seat_1() -> None:
    # seat 1's condition square is one row *up* (towards seat 0 is down for it)
    st = pos({"4c": [(1, "W-RR-02", "up")]}, hands=([], [RR]), active=1)
    assert f"place {RR} 3c up" in texts(st)
    st = pos({"2c": [(1, "W-RR-02", "up")]}, hands=([], [RR]), active=1)
    assert f"place {RR} 3c up" not in texts(st)


def test_9_refusal_names_the_rule_and_section() -> None:
    st = pos({}, hands=(["W-RM-03"], []))
    h = st.hash()
    with pytest.raises(IllegalAction) as e:
        st.apply("place W-RM-03 2d up")
    assert str(e.value) == "place W-RM-03 2d up: condition square 1d holds no formation of yours with icon 霊夢 (§5.1; rulebook 8.1)"
    assert st.hash() == h


def test_5_2_sub_effect_condition_夢想転生_from_hand_needs_7_other_formations() -> None:
    six = {sq: [(0, "W-RM-01", "active")] for sq in ("1a", "1b", "1c", "1d", "1e", "2a")}
    st = pos(six, hands=(["W-RM-04"], []))
    assert "place W-RM-04 3c up" not in texts(st)
    with pytest.raises(IllegalAction, match=r"needs 7 formations of yours besides itself; you have 6 \(§5.2, §7\)"):
        st.apply("place W-RM-04 3c up")
    seven = {**six, "2b": [(0, "W-RM-01", "active")]}
    st = pos(seven, hands=(["W-RM-04"], []))
    assert "place W-RM-04 3c up" in texts(st)


def test_5_2_activation_check_offers_only_passing_activations() -> None:
    # 八方鬼縛陣 needs two condition squares; one missing -> no activation offered
    st = pos({"1b": [(0, "W-RM-01", "up")], "2c": [(0, "W-RM-08", "active")]}, hands=([RR], []))
    assert "activate 2c" not in texts(st)
    st = pos({"1b": [(0, "W-RM-01", "up")], "1d": [(0, "W-RM-02", "dormant")], "2c": [(0, "W-RM-08", "active")]},
             hands=([RR], []))
    assert "activate 2c" in texts(st)


def test_7_ミアズマスウィープ_may_be_placed_on_an_opponent_face_up_formation() -> None:
    board = {"2c": [(0, "W-MR-01", "up")], "3c": [(1, "W-RR-01", "up")], "3d": [(1, "W-RR-01", "active")]}
    st = pos(board, hands=(["W-MR-03", "W-MR-01"], []))
    t = texts(st)
    assert "place W-MR-03 3c up" in t  # onto the face-up formation
    assert "place W-MR-03 3c down" not in t
    assert "place W-MR-01 3c up" not in t  # other cards cannot
    board["2d"] = [(0, "W-MR-01", "up")]
    st = pos(board, hands=(["W-MR-03"], []))
    assert "place W-MR-03 3d up" not in texts(st)  # not onto a face-down one
