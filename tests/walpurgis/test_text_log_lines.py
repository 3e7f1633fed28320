"""Walpurgis log lines and prompts read naturally (CLI user testing)."""

from __future__ import annotations

import fudaba
from fudaba.games.walpurgis.text import describe, prompt


def test_bullet_to_pile_and_mulligan_lines_read_naturally() -> None:
    g = fudaba.load_game("walpurgis")
    assert describe(g, {"kind": "to_bullet_pile", "player": 0, "square": "5c"}, "en") == \
        "P0's bullet on 5c goes to the bullet pile"
    assert describe(g, {"kind": "mulligan", "player": 1, "count": 0}, "en") == "P1 keeps the hand (no mulligan)"
    # an automatic answer followed by its own event is not logged twice; a hidden one says nothing
    assert describe(g, {"kind": "auto", "player": 0, "decision": "upright", "action": "upright 4d"}, "en") == ""
    assert describe(g, {"kind": "auto", "player": 1, "decision": "setup"}, "en") == ""
    assert describe(g, {"kind": "game_over", "winner": None, "result": "board full"}, "ja").startswith(
        "ゲーム終了 (場がすべて陣で埋まった)")


def test_main_phase_prompt_is_localised() -> None:
    g = fudaba.load_game("walpurgis")
    st = g.new_game(seed=2)
    while st.decision is not None and st.decision.kind != "main":
        st.apply(st.legal_actions()[0])
    p = st.current_player
    assert p is not None
    assert prompt(g, st.view(p), "ja", st.log_view(p)).startswith("通常フェイズ (§4)")
    assert prompt(g, st.view(p), "en", st.log_view(p)).startswith("Main phase (§4)")


def test_6_game_over_line_gives_the_score_per_seat_in_both_languages() -> None:
    import fudaba

    g = fudaba.load_game("walpurgis")
    ev = {"kind": "game_over", "winner": 1, "result": "board full",
          "score": {"formations": [11, 14], "face_up": [5, 6], "deck": [10, 21]}}
    assert g.describe(ev, "en") == (
        "game over (board full): P1 wins — P0 vs P1: formations 11–14, face up 5–6, deck 10–21")
    assert g.describe(ev, "ja") == (
        "ゲーム終了 (場がすべて陣で埋まった): P1の勝ち — P0対P1: 陣 11–14, 表向きの陣 5–6, 山札 10–21")


def test_1_info_lists_the_public_discard_piles() -> None:
    import fudaba

    g = fudaba.load_game("walpurgis")
    view = {"seat": 0, "discards": [["W-RM-01"], []]}
    assert g.inspect(view, "discard", "en") == "P0's discard pile (1 cards)\n  W-RM-01 Normal Shot (Reimu)"
    assert g.inspect(view, "xdiscard", "ja") == "P1の捨て札 (0枚)"
