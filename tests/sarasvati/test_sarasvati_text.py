"""Text for people: log lines, table, card text (ja/en)."""

from __future__ import annotations

from typing import Any

from sv_util import seat

import fudaba
from fudaba.core.rng import Rng


def test_describe_every_event_of_a_game_in_both_languages() -> None:
    game = fudaba.load_game("sarasvati")
    st = game.new_game(seed=12)
    rng = Rng(1)
    while not st.over:
        st.apply(rng.choice(st.legal_actions()))
    for viewer in (0, 1, None):
        for e in st.log_view(viewer):
            for lang in ("en", "ja"):
                line = game.describe(e, lang)
                assert line and "{" not in line and not line.startswith(e["kind"] + ":")


def test_describe_draw_hides_cards_from_opponent(make: Any, game: Any) -> None:
    st = game.new_game(seed=3)
    ev = next(e for e in st.log if e.kind == "draw")
    p = ev.data["player"]
    first = game.cards[ev.secret["cards"][0]]
    assert first.name in game.describe(ev.view(p), "ja") and first.name not in game.describe(ev.view(1 - p), "ja")
    assert game.describe(ev.view(1 - p), "en") == f"P{p} draws 5."


def test_render_and_card_text(game: Any) -> None:
    st = game.new_game(seed=3)
    p = st.decision.player
    board = game.render(st.view(p), "en")
    assert "Turn 1" in board and "[1] charge" in board
    assert "ターン 1" in game.render(st.view(None), "ja")
    assert game.card_text("SV-R1", "ja").splitlines()[:3] == [
        "◇第零の司書・サラ  [SV-R1]",
        "コスト4:3000/3000(キャラクター/アクション、マスコット)",
        "自分の手札が3枚以上の時、このカードの攻撃力を+2000する。",
    ]
    assert "▸[your hand ≥ 3] this character: atk +2000." in game.card_text("SV-R1", "en")
    assert game.inspect(st.view(p), "SV-R4", "en").startswith("◇厨二妄想サラスヴァティ")
    # a face-down enemy book: said to be face down, its identity never shown
    assert game.inspect(st.view(p), "xK1", "en") == "xK1: a face-down forbidden book (you cannot see which)"
    assert game.inspect(st.view(p), "K1", "en") is not None


def test_describe_an_evolution_on_two_bases_and_its_card_text(make: Any, game: Any) -> None:
    from sv_util import seat

    st = make(seat(hand=["SV-B24", "SV-A01"], volt=5,
                   slots={"F1": {"card": "SV-B03", "equip": "SV-R3"}, "F2": {"card": "SV-B21", "equip": "SV-A10"}}))
    st.apply("evolve SV-B24 F1 F2")
    ev = st.apply("keep SV-R3")
    lines = [game.describe(e.view(1), "ja") for e in ev]
    assert "P0のF2の装備鋼の大剣が破壊された。" in lines
    assert "P0がF1の警備ロボ + 発電所ロボを合体要塞ロボに進化(コスト4)。" in lines
    assert "進化 ← 機械 ×2" in game.card_text("SV-B24", "ja")


def test_effect_filters_read_as_words_not_field_names() -> None:
    import fudaba
    from fudaba.games.sarasvati.text import card_text

    g = fudaba.load_game("sarasvati")
    assert "def ≤ 3000" in card_text(g, "SV-A09", "en") and "def_le" not in card_text(g, "SV-A09", "en")


def test_game_over_result_is_japanese_in_ja() -> None:
    import fudaba
    from fudaba.games.sarasvati.text import describe, result_text

    g = fudaba.load_game("sarasvati")
    assert result_text("all books destroyed", "ja") == "禁書をすべて破壊"
    line = describe(g, {"kind": "game_over", "winner": 1, "result": "deck out"}, "ja")
    assert line == "ゲーム終了: 山札切れ — P1の勝ち"


def test_target_prompt_names_the_card_and_its_effect() -> None:
    import fudaba
    from fudaba.games.sarasvati.text import prompt

    g = fudaba.load_game("sarasvati")
    view = {"decision": {"player": 0, "kind": "target", "prompt": "target"}}
    log = [{"kind": "effect", "player": 0, "card": "SV-A09", "index": 0}]
    assert prompt(g, view, "en", log) == "Choose the target of Fireball: destroy one enemy character (def ≤ 3000)."
    assert prompt(g, view, "ja", log).startswith("火球の効果の対象を選んでください: ")


def test_1_info_lists_the_public_zones_graveyard_and_voltage(make: Any) -> None:
    st = make(seat(grave=["SV-A02", "SV-R2"], volt=2, tapped=1), seat(grave=["SV-B01"]))
    g = st.game
    v = st.view(0)
    assert g.inspect(v, "grave", "en") == (
        "P0's graveyard (2 cards)\n  SV-A02 Back-alley Boxer\n  SV-R2 Who Needs Brains!")
    assert g.inspect(v, "xgrave", "ja") == "P1の墓地 (1枚)\n  SV-B01 整備ドローン"
    assert g.inspect(v, "voltage", "en").startswith("P0's voltage (2 cards), 1 tapped")


# ---------------------------------------------------------------------------------------------- QA pass
def test_5_1_set_phase_line_leaves_out_what_did_not_happen(game: Any) -> None:
    ev = {"kind": "set_phase", "player": 1, "readied": 0, "untapped": 3}
    assert game.describe(ev, "en") == "P1's set phase: 3 voltage untapped."
    assert game.describe(ev, "ja") == "P1のセットフェイズ: ボルテージ3枚を縦向きに戻す。"
    ev = {"kind": "set_phase", "player": 0, "readied": 2, "untapped": 0}
    assert game.describe(ev, "en") == "P0's set phase: 2 character(s) ready again."
    assert game.describe(ev, "ja") == "P0のセットフェイズ: キャラクター2体が臨戦状態に戻る。"
    ev = {"kind": "set_phase", "player": 0, "readied": 1, "untapped": 4}
    assert game.describe(ev, "ja") == "P0のセットフェイズ: キャラクター1体が臨戦状態に戻る、ボルテージ4枚を縦向きに戻す。"


def test_japanese_lines_use_japanese_punctuation(game: Any) -> None:
    ev = {"kind": "attack", "player": 1, "card": "SV-B01", "attacker": "F1", "target": "B1",
          "target_card": "SV-A05"}
    assert game.describe(ev, "ja") == "P1のF1の整備ドローンがP0のB1(影渡りの忍)を攻撃。"
    assert game.describe(ev, "en") == "P1's Maintenance Drone at F1 attacks P0's B1 (Shadow-walking Ninja)."
    ev = {"kind": "draw", "player": 0, "count": 2, "cards": ["SV-R2", "SV-A05"]}
    assert game.describe(ev, "ja") == "P0がカードを2枚ドロー: 何が知性だ!、影渡りの忍。"
    assert game.describe(ev, "en") == "P0 draws 2: Who Needs Brains!, Shadow-walking Ninja."
    ev = {"kind": "modify", "player": 0, "card": "SV-A02", "place": "F1", "atk": 5000, "dfn": -2000,
          "until": "until_end_of_turn"}
    assert game.describe(ev, "ja") == "P0のF1の路地裏の拳闘士: 攻+5000、防-2000(このターンの終わりまで)。"


def test_english_card_text_reads_as_english(game: Any) -> None:
    assert game.card_text("SV-R1", "en").splitlines()[1] == "cost 4, atk/def 3000/3000 (character; Action, マスコット)"
    assert game.card_text("SV-R4", "en").splitlines()[1] == "cost 6 (forbidden book; Action)"


def test_table_fits_80_columns_and_wraps_under_its_label(make: Any, game: Any) -> None:
    from fudaba.core.text import display_width as _width

    slots = {f"F{i}": "SV-B08" for i in range(1, 6)} | {f"B{i}": "SV-B08" for i in range(1, 6)}
    st = make(seat(hand=[], slots=slots), seat(hand=["SV-A11", "SV-R3", "SV-R1", "SV-R1", "SV-A07"]))
    for seat_ in (0, 1):
        for lang in ("en", "ja"):
            lines = game.render(st.view(seat_), lang).splitlines()
            assert max(_width(ln) for ln in lines) <= 76, (seat_, lang)
    ja = game.render(st.view(0), "ja").splitlines()
    assert "  手札: なし" in ja
    front = [ln for ln in ja if ln.startswith("  前列: F1:")][-1]  # the viewer's side, at the bottom
    following = ja[ja.index(front) + 1]
    assert following.startswith("        F") and "|" in front  # continued under the first slot
    en = game.render(st.view(1), "en").splitlines()
    assert "  hand: SV-A11 Awakened Dragon Knight, SV-R3 Open Umbrella," in en
    assert "        SV-R1 Sara, the Zeroth Librarian, SV-R1 Sara, the Zeroth Librarian," in en
    assert "        SV-A07 Dragon Knight" in en
    assert "  hand: (none)" in game.render(st.view(0), "en").splitlines()


def test_options_name_the_cards_on_their_places_as_the_chooser_sees_them(make: Any, game: Any) -> None:
    from fudaba.games.sarasvati.text import option_gloss

    st = make(seat(slots={"F2": "SV-A07"}), seat(slots={"F1": "SV-B07"}, books=["SV-R4", "T-BK", "T-BK"]),
              phase="battle")
    v = st.view(0)
    assert option_gloss(game, v, "attack F2 xF1", "ja") == "竜騎士 → 名探偵"
    assert option_gloss(game, v, "attack F2 xK1", "en") == "Dragon Knight → face-down book"  # never its name
    assert option_gloss(game, v, "attack F2 xK1", "ja") == "竜騎士 → 裏向きの禁書"
    assert option_gloss(game, v, "move F2 B3", "en") == "Dragon Knight"
    assert option_gloss(game, v, "end", "en") == ""


def test_private_decision_is_shown_to_the_other_seat_only_as_deciding_in_words() -> None:
    """Issue 7 §4: the opponent's imagine decision (private) reads 'is deciding' in the table, in
    both languages, never its kind nor the raw public marker."""
    import fudaba

    g = fudaba.load_game("sarasvati")
    st = g.new_game(seed=0)
    while not (st.decision.kind == "imagine" and len(st.decision.options) > 1):
        st.apply(st.legal_actions()[0])
    p = st.decision.player
    en = g.render(st.view(1 - p), "en").splitlines()
    ja = g.render(st.view(1 - p), "ja").splitlines()
    assert f"decision: P{p} is deciding" in en
    assert f"選択: P{p} が選択中" in ja
    assert not any("imagine" in line for line in en if line.startswith("decision"))  # the phase is public
