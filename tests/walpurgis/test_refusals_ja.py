"""§9 refusals in Japanese: every refusal ``explain`` gives has a Japanese version (``e.text("ja")``)
in the rulebooks' words, with the same squares, ids and section references as the English one."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from typer.testing import CliRunner

import fudaba
from fudaba import IllegalAction
from fudaba.cli import app
from fudaba.core import Rng
from fudaba.core.actions import Action
from fudaba.games.walpurgis.cards import SQ
from fudaba.games.walpurgis.game import WalpurgisGame
from fudaba.games.walpurgis.state import WalpurgisState

from .helpers import pos

A = Action.of
RR = "W-RR-01"  # 通常弾(レミリア): condition square one below


def _refusal(st: WalpurgisState, text: str) -> IllegalAction:
    h = st.hash()
    with pytest.raises(IllegalAction) as e:
        st.apply(text)
    assert st.hash() == h
    return e.value


# ---------------------------------------------------------------- the most common refusals, exactly
def test_condition_square_not_met_in_japanese() -> None:
    st = pos({}, hands=(["W-RM-03"], []))
    e = _refusal(st, "place W-RM-03 2d up")
    assert str(e) == e.text("en") == (
        "place W-RM-03 2d up: condition square 1d holds no formation of yours with icon 霊夢 (§5.1; rulebook 8.1)"
    )
    assert e.text("ja") == (
        "place W-RM-03 2d up: 発動条件マス1dに、キャラクターアイコン「霊夢」を持つ自分の陣(または裏向きの陣)が"
        "ありません (§5.1; rulebook 8.1)"
    )
    assert e.action == "place W-RM-03 2d up"


def test_square_already_holding_a_formation_in_japanese() -> None:
    st = pos({"2c": [(0, "W-RR-02", "up")], "3c": [(1, "W-RM-01", "up")]}, hands=([RR], []))
    e = _refusal(st, f"place {RR} 3c up")
    assert e.text("ja") == (
        f"place {RR} 3c up: 3cには既に陣が置かれています。手札からは陣の置かれていないマスにしか配置できません "
        "(§1, 7.2.1)"
    )
    e = _refusal(st, f"place {RR} 3c down")
    assert e.text("ja").startswith(f"place {RR} 3c down: 3cには既に陣が置かれています。")


def test_one_placement_and_one_activation_per_main_phase_in_japanese() -> None:
    board = {"1c": [(0, "W-RM-02", "up")], "1a": [(0, "W-RM-02", "up")], "2a": [(0, "W-RM-01", "active")],
             "4e": [(0, "W-RM-02", "up")], "5e": [(0, "W-RM-01", "active")]}
    st = pos(board, hands=(["W-RM-03", "W-RM-07"], []))
    st.apply("place W-RM-07 3e down")
    e = _refusal(st, "place W-RM-03 2c up")
    assert e.text("ja") == (
        "place W-RM-03 2c up: このターンは既に陣の配置を行いました。陣の配置は通常フェイズに1回だけです (§4 main 7.2)"
    )
    st = pos(board, hands=(["W-RM-03", "W-RM-07"], []), activated=True)
    e = _refusal(st, "activate 2a")
    assert e.text("ja") == (
        "activate 2a: このターンは既に陣の発動を行いました。陣の発動は通常フェイズに1回だけです (§4 main 7.2)"
    )


def test_interception_without_overlap_in_japanese() -> None:
    # the 8.4 figure: A (seat 0) activates 通常弾(霊夢) on 2c and places a bullet on 3c;
    # B's 通常弾(霊夢) on 4a meets its condition (5a) but none of its squares meets A's
    board = {"1c": [(0, "W-RM-02", "up")], "5a": [(1, "W-RM-02", "up")], "5c": [(1, "W-RM-02", "up")],
             "4e": [(0, "W-RM-02", "up")], "5e": [(0, "W-RM-01", "active")]}
    st = pos(board, hands=(["W-RM-01"], ["W-RM-01"]))
    st.apply("place W-RM-01 2c up")
    st.apply("bullet 3c")
    assert st.decision is not None and st.decision.kind == "intercept"
    e = _refusal(st, "place W-RM-01 4a up")
    assert e.text("ja") == (
        "place W-RM-01 4a up: 迎撃条件を満たしていません: 4aの通常弾(霊夢)の発動条件マス・弾幕対象マス・破壊対象マスの"
        "どれも、対戦相手が直前に発動させたカードの発動条件マス・破壊対象マス・弾幕が配置されたマスと重なっていません "
        "(§5.3 step 4, 8.4)"
    )
    e = _refusal(st, "place W-RM-01 4a down")
    assert e.text("ja") == (
        "place W-RM-01 4a down: 迎撃では手札のカードを表向きに配置して発動させます。裏向きには配置できません "
        "(§5.3 step 4; rulebook 8.4)"
    )


def test_other_refusals_in_japanese() -> None:
    st = pos({"3c": [(0, RR, "dormant")]}, hands=([RR], []))
    assert _refusal(st, "activate 3c").text("ja") == (
        "activate 3c: 3cの自分の陣は休眠状態の陣です。発動できるのは活動状態(裏向き、縦向き)の陣だけです"
        "(休眠状態の陣は発動できません) (§4 7.2.2, §5.1)"
    )
    assert _refusal(st, f"place {RR} 1c up").text("ja") == (
        f"place {RR} 1c up: 1cでは通常弾(レミリア)の発動条件マスが場の外に出るため、発動条件を満たせません (§2, §5.1)"
    )
    assert _refusal(st, "wake 3c").text("ja") == (
        "wake 3c: ここでは「wake」は使えません。この場面(通常フェイズ)で使えるのは activate, end, place です (§9)"
    )
    six = {sq: [(0, "W-RM-01", "active")] for sq in ("1a", "1b", "1c", "1d", "1e", "2a")}
    st = pos(six, hands=(["W-RM-04"], []))
    assert _refusal(st, "place W-RM-04 3c up").text("ja") == (
        "place W-RM-04 3c up: 夢想転生の発動には、このカード以外に自分の陣が7枚必要です(現在6枚) (§5.2, §7)"
    )


def test_v101_first_main_phase_in_japanese() -> None:
    st = fudaba.load_game("walpurgis", "v1.01").new_game(seed=3)
    while st.decision is not None and st.decision.kind != "main":
        st.apply(st.legal_actions()[0])
    d = st.decision
    assert d is not None
    cid = next(c for c in st.hand[d.player] if not st.cards[c].is_normal)
    assert _refusal(st, f"place {cid} 3c down").text("ja") == (
        f"place {cid} 3c down: v1.01: 最初の通常フェイズでは、通常弾を表向きで配置することしかできません (§8)"
    )


def test_play_shows_the_refusal_in_japanese() -> None:
    r = CliRunner().invoke(app, ["play", "walpurgis", "--lang", "ja", "--seed", "1", "--first", "0"],
                           input="done\nplace W-MR-03 3c up\nconcede\n")
    assert r.exit_code == 0, r.output
    flat = "".join(r.output.split())  # the console wraps long lines
    want = ("できません: place W-MR-03 3c up: 初期配置で配置できるのは通常弾だけです。"
            "ミアズマスウィープは通常弾ではありません (§3 (6))")
    assert "".join(want.split()) in flat, r.output
    assert "あなたの負けです" in r.output


# ---------------------------------------------------------------- every refusal of random games has Japanese
VERBS_SQUARE = ("wake", "activate", "bullet", "resolve", "upright", "sustain", "target")
VERBS_CARD = ("set", "bottom", "discard", "target")
VERBS_BARE = ("done", "end", "pass", "concede_not", "frobnicate")
LABELS = ("bullet", "bullet_up", "active", "dormant", "up", "activating", "up:W-RM-01", "bullet_up:W-RR-05")
MALFORMED = (
    "place", "place W-RM-01", "place W-RM-01 3c", "place W-RM-01 3c sideways", "place W-RM-01 9z up",
    "place W-XX-99 3c up", "activate", "activate 9z", "activate 3c 4c", "bullet", "bullet 9z", "wake x", "keep 3c",
    "keep 9z bullet", "hit", "hit 3c", "set", "set a b", "bottom", "discard", "target", "target 9z", "target a b",
    "resolve", "upright 3c 4c", "sustain", "done 3c", "end now", "pass 1a",
)
FULL_EVERY = 10  # every square at every 10th decision, a sample of squares at the others


def _candidates(st: WalpurgisState, rng: Rng, full: bool) -> list[Action]:
    """Illegal actions at the pending decision: every verb of §9 × hand cards (and two others) ×
    squares × up/down, the bullet-processing labels, and malformed ones."""
    d = st.decision
    assert d is not None
    pool = sorted(st.cards)
    hand = list(dict.fromkeys(st.hand[d.player]))
    others = [c for c in pool if c not in hand]
    cards = hand + [others[rng.randbelow(len(others))] for _ in range(2)]
    squares = list(SQ) if full else [SQ[rng.randbelow(25)] for _ in range(4)]
    out: list[Action] = []
    for cid in cards:
        for sq in squares:
            out += [A("place", cid, sq, "up"), A("place", cid, sq, "down")]
        out += [A(v, cid) for v in VERBS_CARD]
    for sq in squares:
        out += [A(v, sq) for v in VERBS_SQUARE]
        out += [A(v, sq, lab) for v in ("keep", "hit") for lab in LABELS]
    out += [A(v) for v in VERBS_BARE]
    out += [A(*m.split()) for m in MALFORMED]
    legal = set(d.options)
    return [a for a in out if a not in legal]


def _refusals(variant: str, games: int) -> Iterator[tuple[WalpurgisState, Action, IllegalAction]]:
    g = fudaba.load_game("walpurgis", variant)
    for seed in range(games):
        st = g.new_game(seed=seed)
        assert isinstance(st, WalpurgisState)
        rng = Rng(seed)
        k = 0
        while not st.over:
            d = st.decision
            assert d is not None
            for i, a in enumerate(_candidates(st, rng, k % FULL_EVERY == 0)):
                try:
                    st.apply(a.text if i % 97 == 0 else a)  # now and then through the text parser
                except IllegalAction as e:
                    yield st, a, e
                else:
                    raise AssertionError(f"{a.text} was accepted at {d.kind}")
            k += 1
            st.apply(d.options[rng.randbelow(len(d.options))])


_REF = re.compile(r"\((§[^()]*(?:\([^()]*\))?[^()]*)\)")
_HIRAGANA = re.compile(r"[ぁ-ゖ]")
_WORD = re.compile(r"[A-Za-z_]{3,}")
#: notation that stays as typed in a Japanese sentence: verbs, ``up|down``, a rule parameter, the refused input
_NOTATION = {v for k in WalpurgisGame.KINDS for v in k.verbs} | {"down", "ban_centre", "frobnicate", "concede_not", "now", "sideways"}


def _english_left(ja_reason: str) -> list[str]:
    """ASCII words of a Japanese reason outside references, quotes and notation."""
    body = _REF.sub("", ja_reason)
    body = re.sub(r"「[^」]*」|'[^']*'", "", body)
    return [w for w in _WORD.findall(body) if w not in _NOTATION and not re.fullmatch(r"[A-Z]{1,3}", w)]


def _check(st: WalpurgisState, a: Action, e: IllegalAction) -> str:
    """``e`` (the refusal of ``a``) has a Japanese text with the same references; its English reason."""
    en, ja = e.text("en"), e.text("ja")
    assert en == str(e) == f"{a.text}: {st.explain(a)}"
    assert ja == f"{a.text}: {st.explain_in(a, 'ja')}"
    en_reason, ja_reason = en[len(a.text) + 2:], ja[len(a.text) + 2:]
    assert ja.startswith(f"{a.text}: ") and ja_reason != en_reason, ja
    assert len(_HIRAGANA.findall(ja_reason)) > len(_HIRAGANA.findall(en_reason)), ja
    assert _REF.findall(ja_reason) == _REF.findall(en_reason), (en, ja)
    assert not _english_left(ja_reason), (ja, _english_left(ja_reason))
    return en_reason


@pytest.mark.parametrize("variant", ["v2.01", "v1.01"])
def test_every_refusal_of_random_games_has_japanese(variant: str) -> None:
    reasons: set[str] = set()
    n = 0
    for st, a, e in _refusals(variant, 6):
        n += 1
        reasons.add(re.sub(r"[0-9].*", "", _check(st, a, e))[:24])
    assert n > 10_000
    # the walk is broad: the common kinds of refusal all came up
    for want in ("'", "condition square ", "write '", "you have already place", "you have already activ",
                 "none of ", "a condition square of "):
        assert any(r.startswith(want) for r in reasons), (want, sorted(reasons))


def _rare_decisions() -> Iterator[WalpurgisState]:
    """Decisions random games seldom reach: a choice of 通常弾 at setup, ban_centre, two-player
    bullet processing, the 夢想転生 count, a dormant formation."""
    two_normals = fudaba.Deck(tuple(["W-RM-01"] * 2 + ["W-RM-02"] * 4 + ["W-RR-01"] * 2 + ["W-RM-07"] * 4))
    st = fudaba.load_game("walpurgis", first=0).new_game(decks=[two_normals, two_normals], seed=3)
    assert isinstance(st, WalpurgisState) and st.decision is not None and st.decision.kind == "setup"
    yield st
    st = fudaba.load_game("walpurgis", first=0, ban_centre=True).new_game(seed=5)
    assert isinstance(st, WalpurgisState)
    st.apply("done")
    st.apply("done")
    assert st.decision is not None and st.decision.kind == "initial"
    yield st
    board = {"4c": [(1, "W-RR-02", "active"), (1, "W-RR-03", "bullet")], "2c": [(0, "W-RM-02", "up")],
             "1a": [(0, "W-RM-05", "active")], "4e": [(0, "W-RM-02", "up")], "5e": [(0, "W-RM-01", "active")]}
    st = pos(board, hands=(["W-RM-01"], ["W-RR-04", "W-RR-05", "W-RR-06"]), decks=(["W-RM-08"] * 4, ["W-RR-01"] * 6))
    st.apply("place W-RM-01 3c up")
    st.apply("bullet 4c")
    assert st.decision is not None and st.decision.kind == "hit"
    yield st
    six = {sq: [(0, "W-RM-01", "active")] for sq in ("1a", "1b", "1c", "1d", "1e", "2a")}
    yield pos(six, hands=(["W-RM-04"], []))
    yield pos({"3c": [(0, RR, "dormant")]}, hands=([RR], []))


def test_refusals_at_rare_decisions_have_japanese() -> None:
    reasons: set[str] = set()
    for st in _rare_decisions():
        for a in _candidates(st, Rng(1), True):
            with pytest.raises(IllegalAction) as e:
                st.apply(a)
            reasons.add(_check(st, a, e.value))
    for want in ("is not a 通常弾 in your deck", "ban_centre", "to hit (§5.3 step 6, 8.3.6.2)",
                 "needs 7 formations", "a dormant formation cannot activate"):
        assert any(want in r for r in reasons), want
