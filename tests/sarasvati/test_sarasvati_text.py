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
