"""Text for people (text.py, issue 9 §1): the table shows everything of §1 a seat may see, in English
and Japanese, within the terminal's width; card names are Japanese, with the English name beside them
in ``en``; each option's gloss says why it is legal (and a displayed option pasted whole still parses);
log lines, prompts, info, card text and results; every "(§n)" the game prints resolves in rules.toml;
refusals name the rule in both languages for every verb at every kind of decision, and leave the
state unchanged."""

from __future__ import annotations

import ast
import re
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from fudaba import IllegalAction
from fudaba.cli import app
from fudaba.core import Rng
from fudaba.core.session import Session
from fudaba.core.text import WIDTH, display_width
from fudaba.games.maken.text import option_gloss

from .helpers import AI, GRAY, attack_pos, game, play, pos, seat, texts

GAME_DIR = Path(__file__).resolve().parents[2] / "src" / "fudaba" / "games" / "maken"


def _attack_state() -> Any:
    return attack_pos(seat(GRAY, field=["MK-B02", {"card": "MK-B06", "n": 2, "opts": ["speed"]}], hand=["MK-G01"],
                           gauge=["MK-G03"] * 4, dust=["MK-G03"], damage=["MK-G06"] * 2, supports=["MK-G07"]),
                      seat(AI, hand=["MK-A01", "MK-A08"], guard={"space": "air", "cards": ["MK-A06", "MK-E18"]},
                           dust=["MK-A02"], lp=["MK-A08"] * 2),
                      0, 1, ("forcing", "guarding"))


def _lines(text: str) -> list[str]:
    return text.splitlines()


# ====================================================================== the table (issue 9 §1)
def test_text_render_shows_the_whole_table_in_english() -> None:
    st = _attack_state()
    text = st.game.render(st.view(1), "en")
    assert _lines(text) == [
        "Turn 5 · attack phase · TP P0",
        "situation: P0 forcing a guard, P1 guarding",
        "P0 グレイ Gray — LP 3 · stamina 20 · gauge 4/10 · damage 2/10 · hand 1",
        "  dust 1 (top: 跳び斬り Leaping Slash, air) · draw limit 4",
        "  supports 1/6: 見切り Foresight",
        "  field: 波動剣 Hado Sword → 紅葉狩 Maple Hunt ×2 [speed]",
        "    top: speed 5 · reach 2/2 · attack 1 · guard 1 · crouch ·",
        "         unguardable: stand",
        "P1 (you) アイ Ai — LP 2 · stamina 20 · gauge 0/10 · damage 0/10 · hand 2",
        "  dust 1 (top: 霞払い Mist Sweep, crouch) · draw limit 3",
        "  guard (air, 2 face down): 長柄突き Long Thrust →",
        "                            明日ありと思う心の仇桜 No Tomorrow",
        "  hand: MK-A01 花弾 Petal Shot, MK-A08 桜守 Blossom Keeper",
        "decision: P1 (you) — action",
        "  [1] maintain  air guard: your 2 face down already cover guard 1",
        "  [2] drop  give up the guard: the opponent's guard break (GB)",
    ]


def test_text_render_in_japanese_names_cards_in_japanese_only() -> None:
    st = _attack_state()
    text = st.game.render(st.view(1), "ja")
    assert _lines(text) == [
        "ターン5 · アタックフェイズ · TP P0",
        "状況: P0 ガードさせている、P1 ガードしている",
        "P0 グレイ — LP3 · スタミナ20 · ゲージ4/10 · ダメージ2/10 · 手札1",
        "  ダスト1 (一番上: 跳び斬り、空中) · ドロー上限4",
        "  補助1/6: 見切り",
        "  アタックフィールド: 波動剣 → 紅葉狩×2 [速度]",
        "    一番上: 速度5 · 間合2/2 · 攻撃値1 · ガード難易度1 · 屈み ·",
        "            ガード不可: 立ち",
        "P1 (あなた) アイ — LP2 · スタミナ20 · ゲージ0/10 · ダメージ0/10 · 手札2",
        "  ダスト1 (一番上: 霞払い、屈み) · ドロー上限3",
        "  ガード (空中、裏向き2枚): 長柄突き → 明日ありと思う心の仇桜",
        "  手札: MK-A01 花弾、MK-A08 桜守",
        "選択: P1 (あなた) — アクション",
        "  [1] maintain  空中ガード: 裏向き2枚でガード難易度1に足りる",
        "  [2] drop  ガード維持しない: 相手のGB成立",
    ]
    assert not re.search(r"[A-Za-z]{4,}", text.replace("maintain", "").replace("drop", ""))  # no English names


def test_text_render_the_guard_space_counts_only_face_down_cards_the_viewer_cannot_see() -> None:
    st = _attack_state()
    g = st.game
    for viewer in (0, None):
        for lang, line in (("en", "  guard (air): 2 face down"), ("ja", "  ガード (空中): 裏向き2枚")):
            text = g.render(st.view(viewer), lang)
            assert line in _lines(text)
            assert "長柄突き" not in text and "Long Thrust" not in text
    assert g.render(st.view(None), "en").splitlines()[0] == "Turn 5 · attack phase · TP P0 · (spectator)"
    # an empty space in use (mid-cover): no count, no dangling colon
    st = attack_pos(seat(GRAY, field=["MK-G01"], hand=["MK-G06"]), seat(AI, hand=["MK-A08", "MK-A01"]), 0, 1,
                    after_fb=True)
    st.apply("guard stand")
    assert st.decision is not None and st.decision.kind == "cover"
    assert "  guard (stand): no cards yet" in _lines(g.render(st.view(0), "en"))
    assert "  ガード (立ち): まだカードなし" in _lines(g.render(st.view(1), "ja"))
    # a card opened by a GC: named for everybody, the rest counted
    st = attack_pos(seat(GRAY, field=["MK-G01", "MK-B01"], hand=["MK-G02"], gauge=["MK-G06"] * 2),
                    seat(AI, hand=["MK-A02"], gauge=["MK-A08"] * 3, guard={"space": "stand",
                                                                          "cards": ["MK-A01", "MK-E18"]}),
                    0, 1, ("forcing", "guarding"))
    st.apply("gc")
    assert "  guard (stand): 1 face down → 明日ありと思う心の仇桜 No Tomorrow (opened)" in _lines(
        g.render(st.view(0), "en"))
    assert "  guard (stand, 1 face down): 花弾 Petal Shot →" in _lines(g.render(st.view(1), "en"))
    assert "judge: P1's guard cancel (GC)" in _lines(g.render(st.view(0), "en"))
    st = attack_pos(seat(GRAY, field=["MK-G01", "MK-B01"], hand=["MK-G02"], gauge=["MK-G06"] * 2),
                    seat(AI, hand=["MK-A02"], gauge=["MK-A08"] * 3, guard={"space": "crouch", "cards": ["MK-E18"]}),
                    0, 1, ("forcing", "guarding"))
    st.apply("gc")
    for viewer in (0, 1):
        assert "  guard (crouch): 明日ありと思う心の仇桜 No Tomorrow (opened)" in _lines(g.render(st.view(viewer), "en"))
    assert "  ガード (屈み): 明日ありと思う心の仇桜 (オープン)" in _lines(g.render(st.view(None), "ja"))


def test_text_render_situation_even_right_after_the_first_bet_and_the_judge() -> None:
    st = attack_pos(seat(GRAY, field=["MK-G01"], hand=["MK-B02", "MK-G06"]), seat(AI, hand=["MK-A08", "MK-A09"]), 0, 1,
                    after_fb=True)
    g = st.game
    en, ja = _lines(g.render(st.view(1), "en")), _lines(g.render(st.view(1), "ja"))
    assert "situation: even — right after P0's first bet" in en and "状況: 拮抗 (P0のFB直後)" in ja
    assert "  field: empty (speed 0, reach 0)" in en and "  アタックフィールド: なし (速度0・間合0)" in ja
    assert "  dust 0 · draw limit 3" in en  # an empty dust has no top
    st.apply("call")
    assert "judge: P0's clean hit" in _lines(g.render(st.view(None), "en"))
    assert "ジャッジ: P0の直撃" in _lines(g.render(st.view(None), "ja"))
    # a guard break (GB): the guarding player cannot maintain against a card unguardable both ways
    st = attack_pos(seat(GRAY, hand=["MK-G01", "MK-G03"], guard={"space": "stand", "cards": ["MK-G01"]}),
                    seat(AI, field=["MK-A01"], hand=["MK-E18", "MK-A02"], gauge=["MK-A08"] * 3),
                    1, 1, ("guarding", "forcing"))
    st.apply("bet MK-E18")  # drop is Gray's only action: Ai's GB, and E18's on_hit bonus bet
    assert "judge: P1's guard break (GB)" in _lines(g.render(st.view(1), "en"))
    assert "ジャッジ: P1のGB(ガードブレイク)成立" in _lines(g.render(st.view(0), "ja"))


def test_text_render_dust_top_of_a_support_and_unguardable_both_ways() -> None:
    st = attack_pos(seat(GRAY, hand=["MK-G01"], dust=["MK-G06", "MK-B01"]),
                    seat(AI, field=["MK-A04"], hand=["MK-A01"], gauge=["MK-A08"]), 1, 0)
    en = _lines(st.game.render(st.view(0), "en"))
    assert "  dust 2 (top: 集気 Gathering Breath, support) · draw limit 3" in en
    assert "    top: speed 2 · reach 0/0 · attack 2 · guard 1 · stand ·" in en
    assert "         unguardable: stand, crouch" in en


def test_text_render_lines_fit_the_terminal_in_both_languages_for_every_viewer() -> None:
    """12 random games: every line within WIDTH (an 80-column terminal minus the panel's frame)."""
    g = game()
    assert WIDTH <= 76
    widest = 0
    for seed in range(12):
        st = g.new_game(seed=seed)
        rng = Rng(seed)
        while not st.over:
            for viewer in (0, 1, None):
                for lang in ("en", "ja"):
                    out = g.render(st.view(viewer), lang)
                    w = max(display_width(ln) for ln in out.splitlines())
                    assert w <= WIDTH, out
                    assert "None" not in out and "{" not in out, out
                    widest = max(widest, w)
            st.apply(rng.choice(st.legal_actions()))
        assert g.render(st.view(0), "en").splitlines()[-1].startswith("Game over: ")
    assert widest > 70  # the check saw long lines


def test_text_cli_screen_in_both_languages() -> None:
    runner = CliRunner()
    for lang, want in (("en", ["P0 (you) アイ Ai — LP 3", "hand: MK-A01 花弾 Petal Shot"]),
                       ("ja", ["P0 (あなた) アイ — LP3", "手札: MK-A01 花弾"])):
        r = runner.invoke(app, ["play", "maken", "--lang", lang, "--opponent", "random", "--seed", "3"],
                          input="keep\n" + "1\n" * 12 + "quit\n")
        assert r.exit_code == 0, r.output
        for w in want:
            assert w in r.output
        panel = [ln for ln in r.output.splitlines() if ln.startswith("│")]
        assert panel and max(display_width(ln) for ln in panel) <= 80


# ====================================================================== option glosses: why each is legal
def _gloss(st: Any, seat_: int, action: str) -> tuple[str, str]:
    v = st.view(seat_)
    return option_gloss(st.game, v, action, "en"), option_gloss(st.game, v, action, "ja")


def test_text_gloss_of_an_attack_names_speed_and_reach_against_the_top_card() -> None:
    st = attack_pos(seat(GRAY, field=["MK-G01"], hand=["MK-G06"]),
                    seat(AI, hand=["MK-A07", "MK-A07", "MK-E18", "MK-A08"], gauge=["MK-A08"] * 3), 0, 1, after_fb=True)
    assert texts(st)[:3] == ["bet MK-A07", "bet MK-A07 x2 speed", "bet MK-A07 x2 reach"]
    assert _gloss(st, 1, "bet MK-A07") == ("天つ風 Heaven's Wind: speed 5 ≥ their 5; reach 2 covers distance 2",
                                           "天つ風: 速度5 ≥ 相手の5、間合2 ≥ 相手の後間合2")
    assert _gloss(st, 1, "bet MK-A07 x2 speed")[0] == ("天つ風 Heaven's Wind: speed 7 ≥ their 5; reach 2 covers "
                                                        "distance 2")
    # the gauge cost against the gauge (E18 is slower: not legal here, but its gloss reads the same way)
    st = attack_pos(seat(GRAY, field=["MK-B02"], hand=["MK-G06"]),
                    seat(AI, hand=["MK-E18", "MK-A08"], gauge=["MK-A08"] * 3), 0, 1, after_fb=True)
    assert "bet MK-E18" in texts(st)
    assert _gloss(st, 1, "bet MK-E18") == (
        "明日ありと思う心の仇桜 No Tomorrow: speed 2 ≥ their 2; reach 3 covers distance 1; cost 3 ≤ gauge 3",
        "明日ありと思う心の仇桜: 速度2 ≥ 相手の2、間合3 ≥ 相手の後間合1、ゲージ消費3 ≤ ゲージ3")


def test_text_gloss_of_a_first_bet_forcing_bet_and_bonus_bet() -> None:
    st = pos(seat(GRAY, hand=["MK-G03", "MK-B01", "MK-G06"], gauge=["MK-G06"] * 2), seat(AI, hand=["MK-A01"]))
    assert texts(st) == ["set MK-G06", "bet MK-G03"]
    assert _gloss(st, 0, "bet MK-G03") == ("跳び斬り Leaping Slash: speed 3, reach 2/2 (front > 0), guard 2",
                                           "跳び斬り: 速度3・間合2/2 (先間合 > 0)・ガード難易度2")
    # reach 0 against a defenceless opponent (§6.1 A)
    st = pos(seat(GRAY, hand=["MK-B01", "MK-G06"], gauge=["MK-G06"] * 2), seat(AI, hand=[]))
    assert texts(st) == ["set MK-G06", "bet MK-B01"]
    assert _gloss(st, 0, "bet MK-B01") == ("雪嶺衝 Setsurei Strike: reach 0: they are defenceless (no hand); attack 8; "
                                           "cost 2 ≤ gauge 2",
                                           "雪嶺衝: 間合0でも相手は無防備 (手札0枚)、攻撃値8、ゲージ消費2 ≤ ゲージ2")
    # forcing: speed and reach ignored (B-1 ◎); the guard difficulty and the unguardable postures matter
    st = attack_pos(seat(GRAY, hand=["MK-G01"], guard={"space": "stand", "cards": ["MK-G01"]}),
                    seat(AI, field=["MK-A01"], hand=["MK-A04", "MK-A08"]), 1, 1, ("guarding", "forcing"))
    assert _gloss(st, 1, "bet MK-A04") == ("掴み投げ Grab Throw: forcing: any speed and reach; guard 1, unguardable "
                                           "stand,crouch",
                                           "掴み投げ: ガードさせている (速度・間合は無関係)、ガード難易度1、ガード不可 立ち,屈み")
    st = attack_pos(seat(GRAY, field=["MK-G01"], hand=["MK-B02", "MK-G06"]), seat(AI, hand=["MK-A08", "MK-A09"]), 0, 1,
                    after_fb=True)
    st.apply("call")
    assert st.decision is not None and st.decision.kind == "bonus"
    assert _gloss(st, 0, "bet MK-B02") == ("波動剣 Hado Sword: bonus bet, any speed and reach; attack 2",
                                           "波動剣: ボーナスベット (速度・間合は無関係)、攻撃値2")
    assert _gloss(st, 0, "pass") == ("no bonus bet", "ボーナスベットしない")


def test_text_gloss_of_a_guard_says_why_this_type_and_what_it_stops() -> None:
    st = attack_pos(seat(GRAY, field=["MK-B06"], hand=["MK-G06"]), seat(AI, hand=["MK-A08", "MK-A01"]), 0, 1,
                    after_fb=True)
    assert texts(st) == ["guard crouch", "call"]
    assert _gloss(st, 1, "guard crouch") == (
        "chosen right after the first bet: cover 1 face down; stops all but crouch-unguardable cards",
        "FB直後は選べる: 裏向き1枚。屈みガード不可以外のカードを止める")
    # not right after the FB: the posture of your top card (注7)
    st = attack_pos(seat(GRAY, field=["MK-G02"], hand=["MK-G06", "MK-G01"]),
                    seat(AI, field=["MK-A03"], hand=["MK-A01", "MK-A06", "MK-A04", "MK-A08"]), 1, 1)
    assert "guard air" in texts(st)
    assert _gloss(st, 1, "guard air") == (
        "your top card is air: cover 2 face down; stops all but air-unguardable cards",
        "一番上のカードが空中: 裏向き2枚。空中ガード不可以外のカードを止める")


def test_text_gloss_of_maintain_flush_gc_drop_and_call() -> None:
    # §13 example 5: a flush, then crouch
    st = attack_pos(seat(GRAY, hand=["MK-G01", "MK-G03", "MK-B02"], guard={"space": "stand",
                                                                            "cards": ["MK-G06", "MK-G06"]}),
                    seat(AI, field=["MK-A06", "MK-A02"], hand=["MK-A01"]), 1, 0, ("guarding", "forcing"))
    assert texts(st) == ["maintain crouch", "drop"]
    assert _gloss(st, 0, "maintain crouch") == (
        "flush (霞払い Mist Sweep is stand-unguardable), then crouch guard: cover 2 face down",
        "霞払いは立ちガード不可: ガード流しの後、屈みガードで裏向き2枚")
    assert _gloss(st, 0, "drop") == ("give up the guard: the opponent's guard break (GB)", "ガード維持しない: 相手のGB成立")
    # §13 example 7: a GC with G04 on top
    st = attack_pos(seat(GRAY, hand=["MK-B02", "MK-G03"], gauge=["MK-G06"], guard={"space": "stand",
                                                                                    "cards": ["MK-G01", "MK-G04"]}),
                    seat(AI, field=["MK-A06", "MK-A07"], hand=["MK-A01"]), 1, 0, ("guarding", "forcing"))
    assert texts(st) == ["maintain", "gc", "drop"]
    assert _gloss(st, 0, "gc") == (
        "open 切り返し Riposte (GC-only): reach 2 covers distance 2; hits for 3; cost 1 ≤ gauge 1",
        "切り返しをオープン (GC専用): 間合2 ≥ 相手の後間合2、3ダメージ、ゲージ消費1 ≤ ゲージ1")
    assert _gloss(st, 0, "maintain") == ("stand guard: your 2 face down already cover guard 1",
                                         "立ちガード: 裏向き2枚でガード難易度1に足りる")
    # call: the speeds compared; an empty field gives the hitter a bonus bet (D1)
    st = attack_pos(seat(GRAY, field=["MK-G01"], hand=["MK-G06"]), seat(AI, hand=["MK-A08", "MK-A01"]), 0, 1,
                    after_fb=True)
    assert _gloss(st, 1, "call") == ("speed 0 vs 5: their clean hit, with a bonus bet",
                                     "速度0 対 5: 相手の直撃、ボーナスベットつき")
    st = attack_pos(seat(GRAY, field=["MK-G01"], hand=["MK-G06"]), seat(AI, field=["MK-A07"], hand=["MK-A08"]), 0, 0)
    assert _gloss(st, 0, "call") == ("speed 5 vs 5: a trade", "速度5 対 5: 相打")
    st = attack_pos(seat(GRAY, field=["MK-G01"], hand=["MK-B02"]), seat(AI, guard={"space": "stand", "cards": ["MK-A08"]},
                                                                       hand=["MK-A01"]), 0, 0, ("forcing", "guarding"))
    assert texts(st) == ["bet MK-B02", "call"]
    assert _gloss(st, 0, "call") == ("their guard holds: no damage", "相手のガード成立 (ダメージなし)")


def test_text_glosses_are_short_and_a_pasted_option_parses_to_itself() -> None:
    """Every option of 8 random games: its gloss in each language is at most 18 words (a pasted option
    stays within the parser's word limit), and "option gloss" typed whole is that option."""
    g = game()
    seen: set[str] = set()
    for seed in range(8):
        st = g.new_game(seed=seed)
        rng = Rng(seed)
        while not st.over:
            d = st.decision
            assert d is not None
            view = st.view(d.player)
            for a in d.options:
                for lang in ("en", "ja"):
                    gl = option_gloss(g, view, a.text, lang)
                    if not gl:
                        continue
                    seen.add(a.verb)
                    assert len(gl.split()) <= 18 and len(f"{a.text} {gl}".split()) <= st.MAX_PARSE_WORDS - 2, gl
                    if a.verb in ("bet", "gc", "guard", "maintain", "call"):
                        assert st.parse(f"{a.text} {gl}") is a, (a, gl)
            st.apply(rng.choice(d.options))
    assert {"bet", "guard", "maintain", "gc", "call", "drop", "cover", "set"} <= seen


def test_text_the_session_menu_shows_the_games_gloss_alone() -> None:
    st = attack_pos(seat(GRAY, field=["MK-G01"], hand=["MK-G06"]), seat(AI, hand=["MK-A07", "MK-A08"]), 0, 1,
                    after_fb=True)
    sess = Session(st.game, st, lang="en")
    assert [(it.text, it.gloss) for it in sess.menu(1).items] == [
        ("bet MK-A07", "天つ風 Heaven's Wind: speed 5 ≥ their 5; reach 2 covers distance 2"),
        ("guard stand", "chosen right after the first bet: cover 1 face down; stops all but stand-unguardable cards"),
        ("guard crouch", "chosen right after the first bet: cover 1 face down; stops all but crouch-unguardable cards"),
        ("call", "speed 0 vs 5: their clean hit, with a bonus bet")]
    sess.lang = "ja"
    assert next(it.gloss for it in sess.menu(1).items) == "天つ風: 速度5 ≥ 相手の5、間合2 ≥ 相手の後間合2"
    assert sess.handle(1, "guard crouch chosen right after the first bet: cover 1 face down; stops all but "
                          "crouch-unguardable cards").kind == "moved"
    assert st.history[-1] == "guard crouch"


# ====================================================================== log lines, prompts, info
def test_text_prompts_for_every_decision_kind() -> None:
    g = game()
    seen: dict[str, str] = {}
    for seed in range(30):
        st = g.new_game(seed=seed)
        rng = Rng(seed)
        while not st.over:
            d = st.decision
            assert d is not None
            for lang in ("en", "ja"):
                p = g.prompt(st.view(d.player), lang)
                assert p and "{" not in p
                seen[f"{d.kind}:{lang}"] = p
            st.apply(rng.choice(st.legal_actions()))
    assert {k.split(":")[0] for k in seen} == {"mulligan", "draw", "before_attack", "action", "cover", "bonus",
                                                "after_attack"}


def test_text_every_event_has_a_line_in_both_languages() -> None:
    g = game()
    kinds: set[str] = set()
    for seed in range(30):
        st = g.new_game(seed=seed)
        rng = Rng(seed)
        while not st.over:
            st.apply(rng.choice(st.legal_actions()))
        for viewer in (0, 1, None):
            for ev in st.log_view(viewer):
                for lang in ("en", "ja"):
                    line = g.describe(ev, lang)
                    assert not line.startswith(f"{ev['kind']}: "), line  # no fallback dump
                kinds.add(ev["kind"])
    assert {"setup", "draw", "mulligan", "turn", "bet", "guard", "cover", "maintain", "call", "judge", "hit", "totals",
            "damage", "down", "end_attack", "gauge_gain", "gauge_to_dust", "game_over"} <= kinds


def test_text_log_lines_name_cards_in_japanese_with_english_and_whose_clean_hit() -> None:
    st = attack_pos(seat(GRAY, field=["MK-G01"], hand=["MK-B02", "MK-G06"]), seat(AI, hand=["MK-A08", "MK-A09"]), 0, 1,
                    after_fb=True)
    n = len(st.log)
    play(st, "call", "bet MK-B02")
    g = st.game
    lines = {ln for ev in st.log_view(None)[n:] for ln in (g.describe(ev, "en"), g.describe(ev, "ja"))}
    assert "P1 calls (speed 0 vs 5): P0's clean hit" in lines
    assert "P1: コール (速度 0 対 5) → P0の直撃" in lines
    assert "P0 bets 波動剣 Hado Sword (bonus bet)" in lines and "P0: 波動剣をベット (ボーナスベット)" in lines


def test_text_info_places_and_card_text() -> None:
    st = _attack_state()
    g = st.game
    sess = Session(g, st)
    assert sess.info(1, "guard") == "P1 guard (air, 2 face down): 長柄突き Long Thrust → 明日ありと思う心の仇桜 No Tomorrow"
    assert sess.info(0, "xguard") == "P1 guard (air): 2 face down"
    assert sess.info(0, "guard") == "P0 guard: —"
    assert sess.info(0, "xdust") == "P1's dust (1, top first)\n  MK-A02 霞払い Mist Sweep"
    assert sess.info(1, "xsupports") == "P0's supports (1)\n  MK-G07 見切り Foresight"
    assert sess.info(1, "xfield") == ("P0 field: 波動剣 Hado Sword → 紅葉狩 Maple Hunt ×2 [speed]\n  top: 紅葉狩 Maple "
                                      "Hunt: speed 5 · reach 2/2 · attack 1 · guard 1 · crouch · unguardable: stand")
    assert sess.info(0, "xhand") == "xhand: " + sess.info(0, "nothing").split(": ", 1)[1]
    assert sess.info(1, "MK-B01").startswith("MK-B01 雪嶺衝 (Setsurei Strike) — attack card, series B")
    assert "speed 1 · reach 0 · attack 8 · guard 2 · stand" in g.card_text("MK-B01", "en")
    assert "速度1 間合0 攻撃値8 ガード難易度2 姿勢:立ち" in g.card_text("MK-B01", "ja")
    assert "on bet: if your gauge ≥ 3, this card's attack +2" in g.card_text("MK-G02", "en")
    assert "常時: あなたの空中姿勢の攻撃カードの速度+1" in g.card_text("MK-A09", "ja")


def test_text_result_text() -> None:
    g = game()
    assert g.result_text("down on the last life card", "ja") == "最後のLP札でダウン"
    assert g.result_text("player 1 conceded", "ja") == "P1の投了"
    assert g.result_text("stalemate", "en") == "stalemate"


# ====================================================================== every reference resolves
def _printed_strings() -> list[str]:
    out = []
    for path in sorted(GAME_DIR.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        skip = {id(n.value) for n in ast.walk(tree) if isinstance(n, ast.Expr) and isinstance(n.value, ast.Constant)}
        out += [n.value for n in ast.walk(tree)
                if isinstance(n, ast.Constant) and isinstance(n.value, str) and id(n) not in skip]
    return out


def test_text_every_section_reference_the_game_prints_resolves() -> None:
    g = game()
    refs = {m.group(1) for s in _printed_strings() for m in re.finditer(r"§(\d+(?:\.\d+)*)", s)}
    assert len(refs) >= 12
    for number in sorted(refs):
        text = g.rules_text(number, "en")
        assert text is not None and text.startswith(f"§{number} "), number
        assert g.rules_text(number, "ja") is not None


# ====================================================================== refusals: every verb, every decision
def _refused(st: Any, action: str, en: str, ja: str) -> None:
    h = st.hash()
    with pytest.raises(IllegalAction) as e:
        st.apply(action)
    assert str(e.value) == f"{action}: {en}"
    assert e.value.text("ja") == f"{action}: {ja}"
    assert st.hash() == h


def _even() -> Any:
    """Ai (P1) to act right after Gray's FB 斬り払い (speed 5, reach 2)."""
    return attack_pos(seat(GRAY, field=["MK-G01"], hand=["MK-G06"]),
                      seat(AI, hand=["MK-A02", "MK-A05", "MK-A08", "MK-A07"]), 0, 1, after_fb=True)


EVEN = [
    ("bet MK-A02", "its speed 4 is below the opponent's top card's 5 (§6.2.1, B-1)",
     "速度4が相手のアタックフィールドの一番上のカードの速度5より低いです (§6.2.1, B-1)"),
    ("bet MK-A05", "逆風 is GC-only (GC専用): it is never bet face up, only opened from a guard (§2, §6.2.4)",
     "逆風はGC専用です: 表向きにはベットできず、ガードからオープンするだけです (§2, §6.2.4)"),
    ("bet MK-A08", "桜守 is a support card: only attack cards are bet (§2; a support is set, §5)",
     "桜守は補助カードです: ベットできるのは攻撃カードだけです (§2。補助カードはセット、§5)"),
    ("bet MK-B01", "MK-B01 is not in your hand (§6.2.1, B-1)", "MK-B01 は手札にありません (§6.2.1, B-1)"),
    ("bet MK-A02 x2 speed", "a double attack needs 2 copies of 霞払い in hand; you hold 1 (§6.6)",
     "ダブルアタックには手札に霞払いが2枚必要です (手札に1枚) (§6.6)"),
    ("bet MK-A07 x2", "write bet ID, bet ID x2 OPTION or bet ID x3 OPTION OPTION (options in the order speed, reach, "
                      "attack, guard; two different ones for a triple) (§11, §6.6)",
     "bet ID、bet ID x2 選択肢、bet ID x3 選択肢 選択肢 と書いてください (選択肢は speed, reach, attack, guard の順、"
     "トリプルは異なる2つ) (§11, §6.6)"),
    ("guard air", "right after the first bet the guard is stand or crouch (§6.2.2, B-2)",
     "FB直後のガードは立ちガードか屈みガードです (§6.2.2, B-2)"),
    ("guard sideways", "write guard stand, guard crouch or guard air (§11)",
     "guard stand / guard crouch / guard air と書いてください (§11)"),
    ("call now", "call takes nothing after it: write call alone (§11)", "call の後には何も書きません: call とだけ書いてください (§11)"),
    ("maintain", "you maintain a guard only while guarding (§6.2.3)", "ガード維持はガードしている時だけです (§6.2.3)"),
    ("gc", "a GC is made only while guarding (§6.2.4)", "GCはガードしている時だけです (§6.2.4)"),
    ("drop", "you drop a guard only while guarding (§6.2.3)", "drop はガードしている時だけです (§6.2.3)"),
    ("end", "this decision (action, even) takes bet, guard, call (§6.2, §11)",
     "この場面(アクション、拮抗)で使えるのは bet, guard, call です (§6.2, §11)"),
    ("cover MK-A01", "this decision (action, even) takes bet, guard, call (§6.2, §11)",
     "この場面(アクション、拮抗)で使えるのは bet, guard, call です (§6.2, §11)"),
]


@pytest.mark.parametrize(("action", "en", "ja"), EVEN)
def test_refusals_of_an_even_action(action: str, en: str, ja: str) -> None:
    _refused(_even(), action, en, ja)


def test_refusals_of_a_guard_type_unguardable_and_a_hand_too_small() -> None:
    st = attack_pos(seat(GRAY, field=["MK-B06"], hand=["MK-G06"]), seat(AI, hand=["MK-A08", "MK-A01"]), 0, 1,
                    after_fb=True)
    _refused(st, "guard stand", "紅葉狩 cannot be guarded stand (unguardable: stand) (§6.2.2, B-2, 注6)",
             "紅葉狩は立ちガードできません (ガード不可) (§6.2.2, B-2, 注6)")
    st = attack_pos(seat(GRAY, field=["MK-G03"], hand=["MK-G06"]), seat(AI, hand=["MK-A07"]), 0, 1, after_fb=True)
    assert texts(st) == ["bet MK-A07", "call"]
    _refused(st, "guard stand", "your hand holds 1 cards, fewer than the guard difficulty 2 of the opponent's top card "
                                "(§6.2.2, B-2, 注5)",
             "手札1枚は相手の一番上のカードのガード難易度2に足りません (§6.2.2, B-2, 注5)")
    # not right after the FB: the type follows your top card (注7)
    st = attack_pos(seat(GRAY, field=["MK-G02"], hand=["MK-G06", "MK-G01"]),
                    seat(AI, field=["MK-A03"], hand=["MK-A01", "MK-A06", "MK-A04", "MK-A08"]), 1, 1)
    _refused(st, "guard stand", "your guard type is air, the posture of your top card (§6.2.2, B-2, 注7)",
             "ガード方法はあなたの一番上のカードの姿勢に対応した空中ガードです (§6.2.2, B-2, 注7)")


def test_refusals_of_a_guard_type_with_an_empty_field_follow_the_dust_top() -> None:
    """§6.2.2 [decision]: not right after the FB, an empty field takes the dust top's posture, and a
    dust top without one (a support) gives the choice of stand or crouch."""
    st = attack_pos(seat(GRAY, field=["MK-G01"], hand=["MK-G06"]), seat(AI, hand=["MK-A08", "MK-A01"], dust=["MK-A03"]),
                    0, 1)
    assert texts(st) == ["guard air", "call"]
    _refused(st, "guard stand", "your field is empty: your guard type is air, the posture of your dust top (§6.2.2, "
                                "B-2, 注7)",
             "アタックフィールドが空です: ガード方法はダストの一番上のカードの姿勢に対応した空中ガードです (§6.2.2, B-2, 注7)")
    st = attack_pos(seat(GRAY, field=["MK-G01"], hand=["MK-G06"]), seat(AI, hand=["MK-A08", "MK-A01"], dust=["MK-A08"]),
                    0, 1)
    assert texts(st) == ["guard stand", "guard crouch", "call"]
    _refused(st, "guard air", "your field is empty and your dust top has no posture: the guard is stand or crouch, "
                              "chosen (§6.2.2)",
             "アタックフィールドが空で、ダストの一番上に姿勢がありません: 立ちガードか屈みガードを選びます (§6.2.2)")


def _guarding(top: str, hand: list[str], guard: list[str], gauge: int = 0) -> Any:
    """Gray (P0) guarding stand against Ai's field ending in ``top``."""
    return attack_pos(seat(GRAY, hand=hand, gauge=["MK-G06"] * gauge, guard={"space": "stand", "cards": guard}),
                      seat(AI, field=["MK-A01", top], hand=["MK-A01"]), 1, 0, ("guarding", "forcing"))


def test_refusals_while_guarding() -> None:
    st = _guarding("MK-A06", ["MK-G01", "MK-G06"], ["MK-G06"])
    assert texts(st) == ["maintain", "drop"]
    _refused(st, "bet MK-G01", "while guarding you cannot attack: only a GC gets you out (§6.2, 注8)",
             "ガードしている間は攻撃できません: 抜け出せるのはGCだけです (§6.2, 注8)")
    _refused(st, "call", "you cannot call while guarding (§6.2.5, 注13)", "ガードしている時は自分からコールできません (§6.2.5, 注13)")
    _refused(st, "guard crouch", "you are guarding already: maintain, GC or drop (§6.2)",
             "既にガードしています: ガード維持・GC・drop のどれかです (§6.2)")
    _refused(st, "maintain crouch", "your stand guard is not flushed: write maintain without a type (§6.2.3, B-3)",
             "立ちガードはガード流しされていません: 種類を付けずに maintain と書きます (§6.2.3, B-3)")
    _refused(st, "gc", "your top guard card 集気 is neither GC-only nor GC-possible; only the top card may be opened "
                       "(§6.2.4, B-4, 注10)",
             "ガードスペースの一番上の集気はGC専用でもGC可能でもありません。オープンできるのは一番上のカードだけです "
             "(§6.2.4, B-4, 注10)")
    _refused(st, "drop it", "drop takes nothing after it: write drop alone (§11)",
             "drop の後には何も書きません: drop とだけ書いてください (§11)")
    _refused(st, "keep", "this decision (action, guarding) takes maintain, gc, drop (§6.2, §11)",
             "この場面(アクション、ガードしている)で使えるのは maintain, gc, drop です (§6.2, §11)")
    # the hand cannot cover (B-3)
    st = _guarding("MK-A02", ["MK-G01"], ["MK-G04"], gauge=1)
    assert texts(st) == ["gc", "drop"]
    _refused(st, "maintain", "霞払い is unguardable for your stand guard: it is flushed, choose stand or crouch anew "
                             "(maintain stand / maintain crouch) (§6.2.3, B-3, 注8)",
             "霞払いはあなたの立ちガードに対してガード不可です: ガード流しの後、立ちか屈みを選び直してください "
             "(maintain stand / maintain crouch) (§6.2.3, B-3, 注8)")
    _refused(st, "maintain crouch", "after the flush you need 2 cards and your hand holds 1 (§6.2.3, B-3)",
             "ガード流しの後は2枚必要ですが、手札は1枚です (§6.2.3, B-3)")
    _refused(st, "maintain stand", "霞払い cannot be guarded stand either (§6.2.3, B-3, 注9)",
             "霞払いは立ちガードもできません (§6.2.3, B-3, 注9)")
    # unguardable both ways: no type is left after the flush (注9)
    st = _guarding("MK-A04", ["MK-G01", "MK-G01"], ["MK-G04"], gauge=1)
    assert texts(st) == ["gc", "drop"]
    _refused(st, "maintain", "掴み投げ is unguardable standing and crouching: it flushes your stand guard and leaves "
                             "no guard to choose anew, so it cannot be maintained — GC or drop (§6.2.3, B-3, 注9)",
             "掴み投げは立ちガード不可かつ屈みガード不可です: ガード流しの後に選べるガードがないので維持できません。"
             "GCか drop です (§6.2.3, B-3, 注9)")
    _refused(st, "maintain crouch", "掴み投げ is unguardable standing and crouching: it flushes your stand guard and "
                                    "leaves no guard to choose anew, so it cannot be maintained — GC or drop (§6.2.3, "
                                    "B-3, 注9)",
             "掴み投げは立ちガード不可かつ屈みガード不可です: ガード流しの後に選べるガードがないので維持できません。"
             "GCか drop です (§6.2.3, B-3, 注9)")
    # a GC: the gauge, then the reach (B-4)
    st = _guarding("MK-A06", ["MK-G01"], ["MK-G06", "MK-G04"])
    _refused(st, "gc", "切り返し's gauge cost 1 is more than your 0 gauge cards (§6.2.4, B-4)",
             "切り返しのゲージ消費1に対してゲージ札が0枚しかありません (§6.2.4, B-4)")
    st = _guarding("MK-A03", ["MK-G01"], ["MK-G06", "MK-G04"], gauge=1)
    _refused(st, "gc", "切り返し's reach 2 is below the back reach 3 of the opponent's top card (§6.2.4, B-4)",
             "切り返しの間合2が相手の一番上のカードの後間合3未満です (§6.2.4, B-4)")


def test_refusals_while_forcing() -> None:
    st = attack_pos(seat(GRAY, hand=["MK-G01"], guard={"space": "stand", "cards": ["MK-G01"]}),
                    seat(AI, field=["MK-A01"], hand=["MK-A05", "MK-E18", "MK-A04"]), 1, 1, ("guarding", "forcing"))
    _refused(st, "guard stand", "while forcing a guard you attack or call (§6.2)", "ガードさせている間は攻撃かコールです (§6.2)")
    _refused(st, "bet MK-E18", "its gauge cost 3 is more than your 0 gauge cards (§6.2.1, B-1)",
             "ゲージ消費3に対してゲージ札が0枚しかありません (§6.2.1, B-1)")
    _refused(st, "bet MK-A05", "逆風 is GC-only (GC専用): it is never bet face up, only opened from a guard (§2, §6.2.4)",
             "逆風はGC専用です: 表向きにはベットできず、ガードからオープンするだけです (§2, §6.2.4)")
    _refused(st, "maintain", "you maintain a guard only while guarding (§6.2.3)", "ガード維持はガードしている時だけです (§6.2.3)")
    _refused(st, "set MK-A08", "this decision (action, forcing a guard) takes bet, call (§6.2, §11)",
             "この場面(アクション、ガードさせている)で使えるのは bet, call です (§6.2, §11)")


def test_refusals_before_the_attack_and_after() -> None:
    st = pos(seat(GRAY, hand=["MK-G06", "MK-B01", "MK-G01", "MK-G01"], supports=["MK-G07"] * 6),
             seat(AI, hand=["MK-A01"]))
    assert texts(st)[:2] == ["bet MK-G01", "bet MK-G01 x2 speed"]
    _refused(st, "bet MK-B01", "its gauge cost 2 is more than your 0 gauge cards (§6.2.1, B-1)",
             "ゲージ消費2に対してゲージ札が0枚しかありません (§6.2.1, B-1)")
    _refused(st, "set MK-G06", "you have 6 supports set, the limit is 6; set supports stay (§5)",
             "補助カードは既に6枚セットされています (上限6枚。セット済みのカードは残ります) (§5)")
    _refused(st, "set MK-G01", "斬り払い is not a support card: only supports are set (§5)",
             "斬り払いは補助カードではありません: セットできるのは補助カードだけです (§5)")
    _refused(st, "set", "write set ID (§11)", "set ID と書いてください (§11)")
    _refused(st, "skip", "you have a legal first bet: the attack is not optional (attack_optional = false) (§5 step 3)",
             "FBできるカードがあります: アタックは省略できません (ルールのパラメータ attack_optional が false、§5 ステップ3)")
    _refused(st, "call", "this decision (before the attack) takes bet, set, skip (§11)",
             "この場面(ターン中(アタック前))で使えるのは bet, set, skip です (§11)")
    st = pos(seat(GRAY, hand=["MK-G06", "MK-B01"], gauge=["MK-G06"] * 2), seat(AI, hand=["MK-A01"]))
    _refused(st, "bet MK-B01", "its front reach is 0: a first bet needs reach above 0 unless the opponent is "
                               "defenceless (§6.1, A)",
             "先間合が0です: 相手が無防備でない限り、間合0のカードはFBできません (§6.1, A)")
    assert texts(st) == ["set MK-G06", "skip"]
    _refused(st, "skip now", "skip takes nothing after it: write skip alone (§11)",
             "skip の後には何も書きません: skip とだけ書いてください (§11)")
    st = pos(seat(GRAY, hand=["MK-G06"]), seat(AI, hand=["MK-A01"]), phase="after_attack")
    _refused(st, "end turn", "end takes nothing after it: write end alone (§11)",
             "end の後には何も書きません: end とだけ書いてください (§11)")
    _refused(st, "bet MK-G06", "this decision (after the attack) takes end, set (§11)",
             "この場面(ターン中(アタック後))で使えるのは end, set です (§11)")


def test_refusals_at_mulligan_draw_cover_and_bonus() -> None:
    g = game(first=0)
    st = g.new_game(seed=1)
    assert st.decision is not None and st.decision.kind == "mulligan"
    _refused(st, "keep it", "keep takes nothing after it: write keep alone (§11)",
             "keep の後には何も書きません: keep とだけ書いてください (§11)")
    _refused(st, "draw 1", "this decision (mulligan) takes keep, mulligan (§11)",
             "この場面(マリガン)で使えるのは keep, mulligan です (§11)")
    st = pos(seat(GRAY, hand=["MK-G06"]), seat(AI, hand=["MK-A01"]), phase="draw")
    _refused(st, "draw 4", "declare a number from 1 to 3 (your draw limit, your stamina, §5 step 2)",
             "1から3までの枚数を宣言してください (ドロー上限とスタミナ札の枚数、§5 step 2)")
    _refused(st, "keep", "this decision (draw) takes draw (§11)", "この場面(ドロー)で使えるのは draw です (§11)")
    st = attack_pos(seat(GRAY, field=["MK-G01"], hand=["MK-G06"]), seat(AI, hand=["MK-A08", "MK-A01"]), 0, 1,
                    after_fb=True)
    st.apply("guard stand")
    _refused(st, "cover MK-B01", "MK-B01 is not in your hand: cover with a card from your hand, face down (§6.2.2, B-2)",
             "MK-B01 は手札にありません: 手札のカードを裏向きにベットしてください (§6.2.2, B-2)")
    _refused(st, "cover MK-A08 MK-A01", "write cover ID: one card from your hand at a time (§11, §6.2.2)",
             "cover ID と書いてください: 手札のカードを1枚ずつ (§11, §6.2.2)")
    _refused(st, "call", "this decision (a guard card) takes cover (§11)",
             "この場面(ガードに使うカード)で使えるのは cover です (§11)")
    st = attack_pos(seat(GRAY, field=["MK-G01"], hand=["MK-B02", "MK-G04", "MK-G06"]),
                    seat(AI, hand=["MK-A08", "MK-A09"]), 0, 1, after_fb=True)
    st.apply("call")
    assert st.decision is not None and st.decision.kind == "bonus"
    _refused(st, "bet MK-G04", "切り返し is GC-only (GC専用): it is never bet face up, only opened from a guard (§2, "
                               "§6.2.4)",
             "切り返しはGC専用です: 表向きにはベットできず、ガードからオープンするだけです (§2, §6.2.4)")
    _refused(st, "pass up", "pass takes nothing after it: write pass alone (§11)",
             "pass の後には何も書きません: pass とだけ書いてください (§11)")
    _refused(st, "guard stand", "this decision (bonus bet) takes bet, pass (§11)",
             "この場面(ボーナスベット)で使えるのは bet, pass です (§11)")


def test_refusals_why_in_the_session_gives_the_same_text() -> None:
    st = pos(seat(GRAY, hand=["MK-G06", "MK-G01"]), seat(AI, hand=["MK-A01"]))
    sess = Session(st.game, st, lang="ja")
    reply = sess.handle(0, "why skip")
    assert "アタックは省略できません (ルールのパラメータ attack_optional が false、§5 ステップ3)" in str(reply.text)
