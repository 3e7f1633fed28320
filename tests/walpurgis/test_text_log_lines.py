"""Walpurgis log lines and prompts read naturally (CLI user testing)."""

from __future__ import annotations

import fudaba
from fudaba.games.walpurgis.text import describe, prompt


def test_bullet_to_pile_and_mulligan_lines_read_naturally() -> None:
    g = fudaba.load_game("walpurgis")
    assert describe(g, {"kind": "to_bullet_pile", "player": 0, "place": "5c"}, "en") == \
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
        "ゲーム終了 (場がすべて陣で埋まった): P1の勝ち — P0対P1: 陣 11–14、表向きの陣 5–6、山札 10–21")


def test_1_info_lists_the_public_discard_piles() -> None:
    import fudaba

    g = fudaba.load_game("walpurgis")
    view = {"seat": 0, "players": [{"discard": ["W-RM-01"]}, {"discard": []}]}
    assert g.inspect(view, "discard", "en") == "P0's discard pile (1 cards)\n  W-RM-01 Normal Shot (Reimu)"
    assert g.inspect(view, "xdiscard", "ja") == "P1の捨て札 (0枚)"


# ---------------------------------------------------------------------------------------------- QA pass
def _g():  # type: ignore[no-untyped-def]
    import fudaba

    return fudaba.load_game("walpurgis")


def test_5_3_6_bullet_processing_lines_use_words_and_never_name_a_face_down_card() -> None:
    g = _g()
    up = {"kind": "hits", "place": "4c", "picks": {"1": "up:W-PC-01", "0": "bullet"}}
    assert describe(g, up, "en") == ("bullet processing on 4c: P1 picks its face-up formation Normal Shot "
                                     "(Patchouli), P0 its face-down bullet")
    assert describe(g, up, "ja") == "4cの弾幕処理: P1は表向きの陣の通常弾(パチュリー)、P0は裏向きの弾幕を選択"
    # the event is public: an active (face-down) formation is shown by its state only (§1)
    down = {"kind": "hits", "place": "5c", "picks": {"0": "bullet", "1": "active:W-PC-07"}}
    assert describe(g, down, "en") == "bullet processing on 5c: P0 picks its face-down bullet, P1 its active formation"
    assert describe(g, down, "ja") == "5cの弾幕処理: P0は裏向きの弾幕、P1は活動状態の陣を選択"
    mine = {"kind": "pick", "player": 0, "place": "4c", "action": "hit 4c bullet"}
    assert describe(g, mine, "en") == "P0 picks its face-down bullet on 4c (hidden until both have picked)"
    assert describe(g, mine, "ja") == "P0: 4cで裏向きの弾幕を選択 (両者が選ぶまで非公開)"
    theirs = {"kind": "pick", "player": 1, "place": "4c"}
    assert describe(g, theirs, "en") == "P1 has picked a card on 4c (hidden until both have picked)"
    assert describe(g, theirs, "ja") == "P1: 4cで1枚を選択済み (両者が選ぶまで非公開)"


def test_5_3_6_keep_and_turn_down_lines_read_as_words() -> None:
    g = _g()
    kept = {"kind": "keep", "player": 1, "place": "4c", "state": "dormant"}
    assert describe(g, kept, "en") == "P1 keeps one card on 4c: dormant formation"
    assert describe(g, kept, "ja") == "P1: 4cに1枚を残す (休眠状態の陣)"
    shown = {"kind": "keep", "player": 0, "place": "3c", "state": "up", "card": "W-RM-01"}
    assert describe(g, shown, "en") == "P0 keeps one card on 3c: face-up formation Normal Shot (Reimu)"
    down = {"kind": "turn_down", "player": 1, "place": "4c", "card": "W-PC-01", "state": "dormant"}
    assert describe(g, down, "en") == "P1's Normal Shot (Patchouli) on 4c becomes a dormant formation"
    assert describe(g, down, "ja") == "P1: 4cの通常弾(パチュリー)が休眠状態の陣になる"


def test_4_activation_from_hand_says_the_card_was_placed() -> None:
    g = _g()
    ev = {"kind": "activate", "player": 1, "place": "2b", "card": "W-PC-01", "source": "hand", "interception": False}
    assert describe(g, ev, "en") == "P1 places Normal Shot (Patchouli) on 2b face up and activates it"
    assert describe(g, ev, "ja") == "P1: 2bに通常弾(パチュリー)を表向きに配置して発動"
    ev = {"kind": "activate", "player": 0, "place": "3d", "card": "W-MR-07", "source": "field", "interception": True}
    assert describe(g, ev, "en") == "P0 activates Milky Way on 3d (interception)"
    assert describe(g, ev, "ja") == "P0: 3dのミルキーウェイを発動(迎撃)"


def test_english_lines_have_no_japanese_game_words_and_japanese_lists_use_the_japanese_comma() -> None:
    g = _g()
    assert describe(g, {"kind": "set_aside", "player": 0, "card": "W-RM-01"}, "en") == \
        "P0 sets a Normal Shot aside (Normal Shot (Reimu))"
    ev = {"kind": "draw", "player": 0, "count": 2, "cards": ["W-RM-01", "W-MR-07"]}
    assert describe(g, ev, "ja") == "P0: 2枚ドロウ (通常弾(霊夢)、ミルキーウェイ)"
    assert describe(g, {"kind": "sustain", "player": 0, "place": "2d", "card": "W-MR-07"}, "en") == \
        "P0 keeps Milky Way on 2d activating (持続, sustain)"
    assert "keywords: 速射 (rapid fire)" in g.card_text("W-MR-04", "en")
    assert "キーワード: 速射\n" in g.card_text("W-MR-04", "ja")


def test_info_square_names_states_in_words() -> None:
    g = _g()
    view = {"seat": 0, "table": {"board": {"3c": [{"owner": 0, "state": "bullet_up", "card": "W-RM-01"},
                                                  {"owner": 1, "state": "bullet"}]}}}
    text = g.inspect(view, "3c", "en")
    assert text.splitlines()[:3] == ["3c:", "  P0 face-up bullet — W-RM-01 Normal Shot (Reimu)", "  P1 face-down bullet"]
    assert g.inspect(view, "3c", "ja").splitlines()[2] == "  P1 裏向きの弾幕"


def test_board_fits_60_columns_and_the_hand_wraps_under_itself() -> None:
    from fudaba.core.text import display_width as _width

    g = _g()
    st = g.new_game(seed=3)
    view = st.view(0)
    view["players"][0]["hand"] = ["W-MR-05"] * 6
    for lang in ("en", "ja"):
        lines = g.render(view, lang).splitlines()
        assert max(_width(ln) for ln in lines) <= 56, lang  # a 60-column terminal, minus the panel's frame
    en = g.render(view, "en").splitlines()
    # issue 18: copies of a card are counted, not repeated (a shorter table at 80×24)
    assert en[-1] == "hand: W-MR-05 Non-Directional Laser ×6"
    view["players"][0]["hand"] = ["W-MR-05", "W-MR-01", "W-MR-05", "W-MR-07"]
    ja = g.render(view, "ja").splitlines()
    assert ja[-2:] == ["手札: W-MR-05 ノンディレクショナルレーザー ×2、", "  W-MR-01 通常弾(魔理沙)、W-MR-07 ミルキーウェイ"]
    view["table"]["score"] = {"formations": [12, 13], "face_up": [2, 2], "deck": [16, 20]}
    assert "得点 (P0–P1): 陣 12–13、表向きの陣 2–2、山札 16–20" in g.render(view, "ja").splitlines()


def test_prompts_for_a_target_and_the_v1_first_main_phase() -> None:
    g = _g()
    view = {"decision": {"kind": "target", "player": 0, "prompt": "ナロースパーク: set a card beside the field"}}
    assert prompt(g, view, "en") == ("Narrow Spark: B: set a card of your hand face down beside the field "
                                     "(discarded at end of turn) — choose a card of your hand")
    assert prompt(g, view, "ja") == ("ナロースパーク: B: 自分の手札1枚を裏向きで場の脇に置く(ターン終了時に捨て札置き場へ) "
                                     "— 手札のカードを選んでください")
    g1 = fudaba_v1()
    st = g1.new_game(seed=7)
    while st.decision is not None and st.decision.kind != "main":
        st.apply(st.legal_actions()[0])
    p = st.current_player
    assert p is not None
    assert prompt(g1, st.view(p), "en") == (
        "Your first main phase (§8, v1.01): place a Normal Shot (通常弾) from your hand face up on any square "
        "(no condition, no bullets, no interception)")
    assert prompt(g1, st.view(p), "ja").startswith("最初の通常フェイズ (§8, v1.01): 手札の通常弾を1枚")
    main = {"variant": "v2.01", "turn": 3, "decision": {"kind": "main", "player": 0, "prompt": "main"}}
    assert prompt(g, main, "ja").endswith("(どちらもしなければ2枚ドロウ)")


def fudaba_v1():  # type: ignore[no-untyped-def]
    import fudaba

    return fudaba.load_game("walpurgis", "v1.01")


def test_options_name_the_own_card_on_their_square_only_when_its_face_is_seen() -> None:
    from fudaba.games.walpurgis.text import option_gloss

    g = _g()
    view = {"seat": 0, "table": {"board": {"2b": [{"owner": 0, "state": "active", "card": "W-MR-07"}],
                                           "3c": [{"owner": 1, "state": "active"}]}}}
    assert option_gloss(g, view, "activate 2b", "en") == "Milky Way"
    assert option_gloss(g, view, "activate 2b", "ja") == "ミルキーウェイ"
    assert option_gloss(g, view, "target 3c", "en") == ""  # a face-down card of the opponent
    assert option_gloss(g, view, "bullet 2b", "en") == ""
