"""Japanese refusals (``IllegalAction.text("ja")``): every English refusal has a Japanese twin.

The Japanese uses the rulebook's vocabulary (臨戦状態, 無防備状態, 壁役, ボルテージ, …) and keeps the
English one's § references, places and ids. A fuzz walks random games and tries a broad set of
illegal actions (every verb × hand cards × places, plus mutations of the legal actions).
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

import pytest
from sv_util import seat
from typer.testing import CliRunner

import fudaba
from fudaba.cli import app
from fudaba.core import Rng
from fudaba.core.actions import Action
from fudaba.core.errors import IllegalAction

VERBS = ("charge", "pass", "summon", "evolve", "use", "equip", "reequip", "move", "attack", "target", "keep",
         "end", "concede")
PHASE_VERBS = {"charge": ["charge", "pass"], "imagine": ["summon", "evolve", "use", "equip", "reequip"],
               "move": ["move"], "battle": ["attack"], "target": ["target"], "keep": ["keep"]}
PLACES = ("F1", "F2", "F5", "B1", "B2", "B3", "K1", "xF1", "xF2", "xF3", "xB1", "xB2", "xB4", "xK1", "xK2", "xK3",
          "xK9", "F9", "Q1")
SECTION = re.compile(r"§\d+(?:\.\d+)?")
KANA = re.compile(r"[\u3040-\u30ff]")
#: what may stay in ASCII in a Japanese refusal: ids, places (and ranges), the parameter name, Q&A
NOTATION = re.compile(r"[A-Z]+-[A-Z0-9]+|\bx?[FBK]\d+(?:\.\.(?:[FBK]\d+)?)?|charges_per_turn|Q&A")
WORD = re.compile(r"[A-Za-z]{2,}")
#: card names (some hold ASCII: EMPパルス), longest first
NAMES = sorted({c.name for c in fudaba.load_game("sarasvati").cards.values()}, key=len, reverse=True)


def check_ja(a: Action, e: IllegalAction) -> tuple[str, str]:
    """The Japanese refusal of ``a``: Japanese prose, the English one's § references, no English words
    but notation (verbs, ids, places) and what the player typed. Returns (English, Japanese) bodies."""
    prefix = f"{a.text}: "
    en, ja = e.text("en"), e.text("ja")
    assert en == str(e)
    assert en.startswith(prefix) and ja.startswith(prefix), (en, ja)
    en, ja = en[len(prefix):], ja[len(prefix):]
    assert ja != en and KANA.search(ja), (en, ja)
    assert SECTION.findall(ja) == SECTION.findall(en), (en, ja)
    rest = ja
    for name in NAMES:
        rest = rest.replace(name, " ")
    rest = NOTATION.sub(" ", rest)
    for t in a.args:  # the player's own tokens are echoed as typed
        rest = rest.replace(t, " ")
    words = set(WORD.findall(rest)) - set(VERBS) - {a.verb, "ID"}  # カードID
    assert not words, (words, en, ja)
    return en, ja


def refused(st: Any, a: Action | str) -> IllegalAction:
    h = st.hash()
    with pytest.raises(IllegalAction) as e:
        st.apply(a)
    assert st.hash() == h
    return e.value


def _template(en: str) -> str:
    return re.sub(r"[A-Z]+-\w+|x?[A-Z]\d+|-?\d+|'\w+'", "#", en)


# ------------------------------------------------------------------------------------------------ fuzz
def _junk(st: Any, rng: Rng) -> Action:
    """A (usually) illegal action for the pending decision."""
    d = st.decision
    p = d.player
    cards = [*sorted(set(st.hand[p])), "SV-ZZ", st.deck[p][-1] if st.deck[p] else "SV-A01", "T-BK"]
    r = rng.randbelow(10)
    if r < 4:  # a legal action with one argument changed
        base = rng.choice(d.options)
        args = list(base.args)
        if args:
            args[rng.randbelow(len(args))] = rng.choice(cards + list(PLACES))
        return Action.of(base.verb, *args)
    v = rng.choice(PHASE_VERBS[d.kind]) if r < 8 else rng.choice([*VERBS[:-1], "dance"])
    args = []
    for j in range(rng.choice([0, 1, 2, 2, 2, 3])):
        card_first = j == 0 and v in ("charge", "summon", "evolve", "use", "equip", "keep") and rng.randbelow(4)
        args.append(rng.choice(cards) if card_first else rng.choice(PLACES))
    return Action.of(v, *args)


@pytest.mark.parametrize("params", [{}, {"summoning_sickness": False}, {"front_slots": 2, "back_slots": 1}])
def test_every_refusal_in_random_games_has_a_japanese_twin(params: dict[str, Any]) -> None:
    game = fudaba.load_game("sarasvati", **params)
    seen: Counter[str] = Counter()
    for seed in range(3):
        st = game.new_game(seed=seed)
        rng = Rng(100 + seed)
        while not st.over:
            d = st.decision
            legal = set(d.options)
            kind = game.KIND_BY_HANDLER[d.handler]
            for a in d.options:  # issue 19: the kind's one check accepts every option it lists
                assert kind.check(st, d.player, d.ctx, a) is None, a
            for _ in range(30):
                a = _junk(st, rng)
                if a not in legal:
                    en, _ = check_ja(a, refused(st, a))
                    seen[_template(en)] += 1
            st.apply(rng.choice(st.legal_actions()))
        with pytest.raises(IllegalAction):
            st.apply("end")
    hit = " | ".join(seen)
    for phrase in ("belongs to the", "is not in your hand", "untapped voltage", "is occupied", "defenceless",
                   "summoning sickness" if params.get("summoning_sickness", True) else "is your own place",
                   "壁役", "not a legal target", "unknown action", "write it as", "is not one of your battle-zone"):
        assert phrase in hit, phrase
    assert len(seen) >= 40


# ------------------------------------------------------------------------- rarer refusals, by position
def _rare_cases(make: Any) -> list[tuple[Any, str, str]]:
    """(state, action, a fragment of the English reason) for refusals random play seldom reaches."""
    two_bases = seat(hand=["SV-B24", "SV-A01"], volt=5, slots={"F1": "SV-B03", "F2": "SV-B21", "F3": "SV-A02"})
    equipped = seat(hand=["SV-A01"], volt=3, slots={"F1": {"card": "SV-A02", "equip": "SV-A10"},
                                                     "F2": {"card": "SV-A04", "equip": "SV-A16"}, "F3": "SV-A01"})
    poor = make(equipped)
    poor.tapped[0] = 3  # the only reattachable costs 1: no position makes it unaffordable in the imagine phase
    keep = seat(hand=["SV-B24", "SV-A01"], volt=5,
                slots={"F1": {"card": "SV-B03", "equip": "SV-R3"}, "F2": {"card": "SV-B21", "equip": "SV-A10"}})
    st_keep = make(keep)
    st_keep.apply("evolve SV-B24 F2 F1")
    weak = seat(slots={"F1": {"card": "SV-A01", "mods": [{"atk": -1000, "until": "permanent"}]}, "F2": "SV-A02"})
    books = seat(books=["T-BK", {"card": "T-BK", "destroyed": True}, "T-BK"])
    book_in_hand = make(seat(hand=["SV-A01"], volt=3))
    book_in_hand.hand[0].append("T-BK")  # no position puts a book in hand: the reason exists all the same
    no_charges = make(seat(hand=["SV-A01", "SV-A02"]), phase="charge")
    no_charges.charges_left = 0
    moved = seat(slots={"F1": {"card": "SV-A02", "moved": True}, "F2": "SV-A02"})
    return [
        (make(two_bases), "evolve SV-B24 F1", "is put on 2 characters"),
        (make(two_bases), "evolve SV-B24 F1 F3", "but F3 holds SV-A02"),
        (make(two_bases), "evolve SV-B24 F1 F1", "named twice"),
        (make(two_bases), "evolve SV-A01 F1", "not an evolution card"),
        (make(two_bases), "evolve", "write it as 'evolve CARD-ID PLACE'"),
        (make(two_bases), "evolve SV-A01", "not an evolution card"),
        (make(equipped), "reequip F1 F2", "is not reattachable"),
        (make(equipped), "reequip F2 F2", "different character"),
        (make(equipped), "reequip F3 F1", "has no equipment"),
        (make(equipped), "reequip F2 F1", "not a legal re-attachment now"),
        (poor, "reequip F2 F1", "costs 1 but you have 0 untapped voltage"),
        (book_in_hand, "summon T-BK F1", "forbidden book; books are never played"),
        (make(seat(hand=["SV-A09", "SV-A01"], volt=3)), "use SV-A09", "none qualifies"),
        (make(seat(hand=["SV-A09", "SV-A01"], volt=3)), "summon SV-A01 F1", "not a legal imagine action now"),
        (make(seat(hand=["SV-A01"], volt=3)), "end now", "not a legal action now"),
        (make(seat(hand=["SV-A01"], volt=3)), "keep SV-A01", "'keep' answers the choice"),
        (make(seat(hand=["SV-A01"], volt=3)), "pass", "it is the imagine decision (§5.4); 'pass'"),
        (make(seat(hand=["SV-A01"], volt=3)), "end SV-A01", "not a legal action now"),
        (make(moved, phase="move"), "move F1 B1", "already moved this turn"),
        (make(moved, phase="move"), "move F2 B1", "not a legal move now"),
        (make(seat(slots={"F1": "SV-A02", "B1": "SV-A02"}), phase="move"), "move F1 B1", "B1 is occupied"),
        (make(weak, phase="battle"), "attack F1 xF1", "has atk -500 < 0"),
        (make(seat(slots={"F1": "SV-A02"}), books, phase="battle"), "attack F1 xK2", "already destroyed"),
        (make(seat(slots={"F1": "SV-A02"}), books, phase="battle"), "attack F1 xK7", "no forbidden book xK7"),
        (make(seat(slots={"F1": "SV-A02"}), books, phase="battle"), "attack F1 xZ1", "xZ1 is not a place"),
        (make(seat(slots={"F1": "SV-A02"}), books, phase="battle"), "attack F1 xK1", "not a legal attack now"),
        (no_charges, "charge SV-A01", "you may charge only 1 card(s) per turn"),
        (no_charges, "charge", "write it as 'charge CARD-ID'"),
        (no_charges, "charge SV-ZZ", "unknown card 'SV-ZZ'"),
        (st_keep, "keep SV-A02", "is not one of the equipment the evolution inherits"),
        (st_keep, "keep", "write it as 'keep CARD-ID'"),
        (st_keep, "end", "waiting for the equipment to keep"),
        (st_keep, "summon SV-A01 F3", "waiting for the equipment to keep"),
    ]


def fallback(st: Any, a: Action) -> IllegalAction:
    """The refusal of ``a``, one of the pending decision's options, by its kind: the check's, in a
    state no position reaches (changed after the decision was asked); else — the check accepts every
    option (issue 19) — the kind's own fall-back reason ("not a legal … now")."""
    d = st.decision
    kind = st.game.KIND_BY_HANDLER[d.handler]
    why = kind.check(st, d.player, d.ctx, a) or kind.why(st, d.player, d.ctx, a, d.options)
    return IllegalAction(f"{a.text}: {why.en}", translations={"ja": f"{a.text}: {why.text('ja')}"})


def test_rarer_refusals_have_japanese_twins(make: Any) -> None:
    for st, text, fragment in _rare_cases(make):
        a = Action.of(*text.split())
        e = fallback(st, a) if a in st.decision.options else refused(st, a)
        en, _ = check_ja(a, e)
        assert fragment in en, (text, en)


def test_no_pending_decision_and_fallbacks_are_translated(make: Any) -> None:
    st = make(seat(hand=["SV-A01"], volt=3))
    st.concede(0)
    assert st.decision is None
    e = st.refusal(Action.of("end"))
    assert e.text("ja") == "end: ゲームは選択を待っていません"  # the core's words (issue 19: no explain of its own)
    st2 = make(seat(hand=["SV-A01"]), phase="charge")
    assert fallback(st2, Action.of("pass")).text("ja") == "pass: 今は行えない行動です (§5.3)"
    assert fallback(st2, Action.of("charge", "SV-A01")).text("ja") == "charge SV-A01: 今はそのチャージはできません (§5.3)"


# ------------------------------------------------------------------------- exact messages (the common ones)
def test_ja_wall_rule(make: Any) -> None:
    p1 = seat(slots={"F1": "SV-A02", "F2": {"card": "SV-A04", "ready": False}, "B1": "SV-A01"})
    st = make(seat(slots={"B1": "SV-A04"}), p1, phase="battle")
    e = refused(st, "attack B1 xK1")
    assert str(e) == "attack B1 xK1: the enemy front row has a ready character (壁役, §6)"
    assert e.text("ja") == ("attack B1 xK1: 相手の前列に臨戦状態のキャラクターがいるため、"
                            "相手の前列しか攻撃できません (壁役, §6)")
    assert refused(st, "attack B1 xB1").text("ja").startswith("attack B1 xB1: 相手の前列に臨戦状態")


def test_ja_not_enough_voltage(make: Any) -> None:
    st = make(seat(hand=["SV-A08", "SV-A01"], volt=5, tapped=2))
    e = refused(st, "summon SV-A08 F1")
    assert str(e) == "summon SV-A08 F1: costs 6 but you have 3 untapped voltage (§5.4)"
    assert e.text("ja") == "summon SV-A08 F1: コストは6ですが、縦向き(未使用)のボルテージは3枚しかありません (§5.4)"


def test_ja_summoning_sickness(make: Any) -> None:
    st = make(seat(slots={"F1": {"card": "SV-A04", "new": True}, "F2": "SV-A02"}), phase="battle")
    e = refused(st, "attack F1 xK1")
    assert e.text("ja") == ("attack F1 xK1: F1 のキャラクターはこのターンに召喚されたばかりなので攻撃できません "
                            "(召喚酔い, §5, §6)")


def test_ja_wrong_phase_and_card_names(make: Any) -> None:
    st = make(seat(hand=["SV-A02", "SV-R2", "SV-A11"], volt=5, slots={"F1": "SV-A01"}))
    e = refused(st, "charge SV-A02")
    assert str(e) == ("charge SV-A02: it is the imagine decision (§5.4); 'charge' belongs to the charge phase "
                      "(§5.3)")
    assert e.text("ja") == "charge SV-A02: 今はイマジンフェイズです (§5.4)。charge はチャージフェイズの行動です (§5.3)"
    assert refused(st, "summon SV-R2 F2").text("ja") == (
        "summon SV-R2 F2: SV-R2「何が知性だ!」はサポートカードで、キャラクターカードではありません。"
        "use で使用してください (§2, §5.4)")
    assert refused(st, "evolve SV-A11 F1").text("ja") == (
        "evolve SV-A11 F1: SV-A11「覚醒の竜騎士」の進化元は竜騎士ですが、F1 にいるのは"
        "SV-A01「見習い剣士」です (進化, §2)")
    assert refused(st, "summon 路地裏の拳闘士 F1").text("ja") == (
        "summon SV-A02 F1: F1 にはすでにキャラクターがいます。空いている枠に召喚してください (§2, §5.4)")


def test_ja_defenceless_cannot_move(make: Any) -> None:
    st = make(seat(slots={"F1": "SV-A02", "B1": {"card": "SV-A04", "ready": False}}), phase="move")
    assert refused(st, "move B1 F2").text("ja") == (
        "move B1 F2: B1 のキャラクターは無防備状態です。移動できるのは臨戦状態のキャラクターだけです (§5.5)")


# ------------------------------------------------------------------------------------------------- CLI
def test_cli_play_prints_the_japanese_refusal() -> None:
    r = CliRunner().invoke(app, ["play", "sarasvati", "--lang", "ja", "--seed", "1", "--first", "0"],
                           input="summon SV-B09 F1\nconcede\n")
    assert r.exit_code == 0, r.output
    out = " ".join(r.output.split())  # the console wraps long lines
    assert ("summon SV-B09 F1: 今はチャージフェイズです (§5.3)。summon はイマジンフェイズの行動です (§5.4)"
            in out), r.output
    assert "belongs to" not in out
