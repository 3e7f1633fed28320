"""§9 explanations (rulebook numbers in parentheses): why an action is not legal now, naming the
rule, written in English and Japanese side by side (:class:`~fudaba.core.errors.Refusal`).
"""

from __future__ import annotations

import re
from typing import Any

from ....core.actions import Action
from ....core.errors import Refusal
from ..actions import KIND_VERBS
from ..cards import SQ, SQ_INDEX, WCard
from ..state import (
    ACTIVATING,
    ACTIVE,
    DORMANT,
    JA_WORDS,
    WORDS,
    WalpurgisState,
)
from .common import formation_of, hand_square_ok, has_formation, own_formation_count
from .turn import v1_first_main

# ====================================================================== explanations (§9)
#: our spec's sections -> the rulebook's own numbering (players hold the rulebook, §-headings of the spec)
_RULEBOOK = (
    (re.compile(r"\(§5\.1\)"), "(§5.1; rulebook 8.1)"),
    (re.compile(r"\(§5\.2\)"), "(§5.2; rulebook 8.2)"),
    (re.compile(r"\(§5\.3 step 4\)"), "(§5.3 step 4; rulebook 8.4)"),
    (re.compile(r"\(§5\.3 step ([1-35-9])\)"), r"(§5.3 step \1; rulebook 8.3.\1)"),
    (re.compile(r"\(§6\)"), "(§6; rulebook 2)"),
)

#: a refusal in both languages, written side by side: (English, Japanese). The section references
#: "(§…)" are the same text in both (they name the spec and the rulebook, not prose).
Msg = Refusal
_r = Refusal


#: decision kinds in the rulebooks' words (for "this decision takes …")
_KIND_JA = {
    "setup": "通常弾の取り出し",
    "mulligan": "マリガン",
    "initial": "初期配置",
    "wake": "陣の活性化",
    "main": "通常フェイズ",
    "bullet": "弾幕の配置",
    "intercept": "迎撃の確認",
    "resolve": "効果を解決する順番",
    "upright": "A効果の解決",
    "keep": "弾幕処理で残すカード",
    "hit": "弾幕処理",
    "discard": "手札枚数の調整",
    "target": "効果の対象",
}


def explain(st: WalpurgisState, a: Action, lang: str = "en") -> str:
    """Why ``a`` is not legal now, naming the rule: our spec's section and the rulebook's number
    (``lang`` "ja": in Japanese, with the same references)."""
    msg = _explain(st, a).text(lang)
    for pat, rep in _RULEBOOK:
        msg = pat.sub(rep, msg)
    return msg


def _explain(st: WalpurgisState, a: Action) -> Msg:
    d = st.decision
    if d is None:
        return _r("no decision is pending", "選択を待っている場面ではありません")
    kind = d.kind
    verbs = sorted(KIND_VERBS.get(kind, ()) or {o.verb for o in d.options})
    vs = ", ".join(verbs)
    allowed = f"this decision ({kind}) takes {vs} (§9)"
    allowed_ja = f"この場面({_KIND_JA.get(kind, kind)})で使えるのは {vs} です (§9)"
    v = a.verb
    if kind == "wake" and v == "pass" and not st.v1:
        return _r("waking a dormant formation is not optional in v2.01: choose one (§4 prepare ①)",
                  "v2.01では休眠状態の陣を活動状態にするのは必須です: 1つ選んでください (§4 prepare ①)")
    if v not in verbs:
        return _r(f"'{v}' is not an answer here: {allowed}", f"ここでは「{v}」は使えません。{allowed_ja}")
    p = d.player
    args = a.args
    if v in ("place",):
        return explain_place(st, a, kind, p)
    if v == "activate":
        return explain_activate(st, a, kind, p)
    if v == "target" and d.ctx is not None and d.ctx[1] in ("set_beside",):
        if len(args) != 1:
            return _r("write 'target CARD-ID', a card of your hand (§9)",
                      "「target カードID」の形で手札のカードを1枚指定してください (§9)")
        return _r(f"{args[0]} is not a card in your hand to set beside the field (§4 end ④, §7)",
                  f"{args[0]}は手札のカードではないため、場の脇に置けません (§4 end ④, §7)")
    if v == "upright" and kind == "upright":
        return explain_upright(st, a, d.ctx)
    if v in ("bullet", "wake", "resolve", "upright", "sustain", "target"):
        if len(args) != 1 or args[0].lower() not in SQ_INDEX:
            return _r(f"write '{v} SQUARE' with a square 1a…5e (§9)",
                      f"「{v} マス」の形で、マスを1a〜5eで指定してください (§9)")
        sqn = args[0].lower()
        rule = {
            "bullet": _r("it is not one of this card's bullet squares left to fill (§5.3 steps 1 and 3)",
                         f"{sqn}は、このカードの弾幕対象マスのうち、まだ弾幕を配置していないマスではありません "
                         "(§5.3 steps 1 and 3)"),
            "wake": _r(f"{sqn} holds no dormant formation of yours (§4 prepare ①)",
                       f"{sqn}に休眠状態の自分の陣がありません (§4 prepare ①)"),
            "resolve": _r(f"{sqn} holds no card of yours whose effect is waiting (§5.3 steps 5 and 9, §4 end ④)",
                          f"{sqn}に、効果の解決を待っている自分のカードがありません (§5.3 steps 5 and 9, §4 end ④)"),
            "upright": _r(f"{sqn} holds no activating formation of yours still to turn upright (§5.3 step 8)",
                          f"{sqn}に、まだ縦向きにしていない自分の発動中の陣がありません (§5.3 step 8)"),
            "sustain": _r(f"{sqn} holds no activating 持続 formation of yours that may stay activating "
                          "(§5.3 step 8, §7)",
                          f"{sqn}に、縦向きにせず発動中のままにできる『持続』の自分の陣がありません (§5.3 step 8, §7)"),
            "target": _r(f"{sqn} is not a legal target of this effect (§7)",
                         f"{sqn}はこの効果の対象にできません (§7)"),
        }[v]
        return rule
    if v in ("keep", "hit"):
        if len(args) != 2 or args[0].lower() not in SQ_INDEX:
            return _r(f"write '{v} SQUARE CARD' e.g. '{v} 3c bullet' (§9)",
                      f"「{v} マス カード」の形で指定してください(例:「{v} 3c bullet」) (§9)")
        sec = "8.3.6.1" if v == "keep" else "8.3.6.2"
        what = "残すカード" if v == "keep" else "処理するカード"
        return _r(f"{args[0]} holds no card of yours written '{args[1]}' to {v} (§5.3 step 6, {sec})",
                  f"{args[0]}に「{args[1]}」にあたる自分のカードがないため、弾幕処理で{what}に選べません "
                  f"(§5.3 step 6, {sec})")
    if v in ("set", "bottom", "discard"):
        if len(args) != 1:
            return _r(f"write '{v} CARD-ID' (§9)", f"「{v} カードID」の形で指定してください (§9)")
        if v == "set":
            return _r(f"{args[0]} is not a 通常弾 in your deck (§3 ①)",
                      f"{args[0]}はデッキにある通常弾ではありません (§3 ①)")
        if v == "bottom":
            return _r(f"{args[0]} is not one of the cards you drew (§3 ⑤)",
                      f"{args[0]}はドロウしたカード(手札)の中にありません (§3 ⑤)")
        return _r(f"{args[0]} is not in your hand (§4 end ③)", f"{args[0]}は手札にありません (§4 end ③)")
    return _r(f"not legal now: {allowed}", f"今は「{v}」はできません。{allowed_ja}")


def explain_upright(st: WalpurgisState, a: Action, ctx: Any) -> Msg:
    """``upright SQ`` / ``upright SQ skip`` refused: §5.3 step 8 in the chain, §4 end ② after it."""
    p, sus, allow = ctx
    args = a.args
    skip = len(args) == 2 and args[1].lower() == "skip"
    if not (len(args) == 1 or skip) or args[0].lower() not in SQ_INDEX:
        return _r("write 'upright SQUARE' or, in the end phase, 'upright SQUARE skip' (§9)",
                  "「upright マス」、終了フェイズでは「upright マス skip」の形で指定してください (§9)")
    sqn = args[0].lower()
    s = SQ_INDEX[sqn]
    where = "§5.3 step 8" if allow else "§4 end ②, 7.3.2"
    fc = formation_of(st.board[s], p)
    if fc is None or fc[2] != ACTIVATING or s * 2 + p in sus or not skip:
        return _r(f"{sqn} holds no activating formation of yours still to turn upright ({where})",
                  f"{sqn}に、まだ縦向きにしていない自分の発動中の陣がありません ({where})")
    if allow:
        return _r("in the chain a formation turning upright applies its A effect: only the end phase lets you "
                  "skip it (§5.3 step 8, 8.3.8; §4 end ②, 7.3.2)",
                  "連鎖中に縦向きにする陣はA効果を必ず適用します。適用しないことを選べるのは終了フェイズだけです "
                  "(§5.3 step 8, 8.3.8; §4 end ②, 7.3.2)")
    if st.v1:
        return _r("v1.01 has no end phase ②: a formation turning upright applies its A effect (§8)",
                  "v1.01には終了フェイズ②がありません: 縦向きにする陣はA効果を必ず適用します (§8)")
    name = st.cards[fc[1]].name
    return _r(f"{name} on {sqn} has no A effect to skip: write 'upright {sqn}' (§4 end ②, 7.3.2)",
              f"{sqn}の{name}にはA効果がないため、skipは選べません。「upright {sqn}」としてください (§4 end ②, 7.3.2)")


def _cond_failure(st: WalpurgisState, c: WCard, p: int, s: int, on_field: bool) -> Msg | None:
    cs = c.cond[p][s]
    if cs is None:
        return _r(f"a condition square of {c.name} from {SQ[s]} falls off the field and cannot be met (§2, §5.1)",
                  f"{SQ[s]}では{c.name}の発動条件マスが場の外に出るため、発動条件を満たせません (§2, §5.1)")
    icons = "/".join(sorted(c.icons))
    for q in cs:
        ok = False
        for fc in st.board[q]:
            if fc[0] == p and fc[2] >= ACTIVE:
                if fc[2] <= DORMANT:
                    ok = True
                else:
                    k = st.cards[fc[1]]
                    ok = k.support or not c.icons.isdisjoint(k.icons)
                if ok:
                    break
        if not ok:
            return _r(f"condition square {SQ[q]} holds no formation of yours with icon {icons or '(none)'} (§5.1)",
                      f"発動条件マス{SQ[q]}に、キャラクターアイコン「{icons or 'なし'}」を持つ自分の陣"
                      "(または裏向きの陣)がありません (§5.1)")
    if c.min_others:
        n = own_formation_count(st, p, s if on_field else None)
        if n < c.min_others:
            return _r(f"{c.name} needs {c.min_others} formations of yours besides itself; you have {n} (§5.2, §7)",
                      f"{c.name}の発動には、このカード以外に自分の陣が{c.min_others}枚必要です(現在{n}枚) "
                      "(§5.2, §7)")
    return None


def explain_place(st: WalpurgisState, a: Action, kind: str, p: int) -> Msg:
    args = a.args
    if len(args) != 3 or args[1].lower() not in SQ_INDEX or args[2] not in ("up", "down"):
        return _r("write 'place CARD SQUARE up|down', e.g. 'place W-RM-03 2d up' (§9)",
                  "「place カード マス up|down」の形で指定してください(例:「place W-RM-03 2d up」) (§9)")
    cid, sqn, face = args[0], args[1].lower(), args[2]
    c = st.cards.get(cid)
    if c is None:
        return _r(f"unknown card {cid!r}", f"{cid!r}というカードはありません")
    if cid not in st.hand[p]:
        return _r(f"{cid} ({c.name}) is not in your hand (§4 main 7.2.1)",
                  f"{cid}({c.name})は手札にありません (§4 main 7.2.1)")
    s = SQ_INDEX[sqn]
    sq = st.board[s]
    if kind == "initial":
        if not c.is_normal:
            return _r(f"the initial placement places a 通常弾, and {c.name} is not one (§3 (6))",
                      f"初期配置で配置できるのは通常弾だけです。{c.name}は通常弾ではありません (§3 (6))")
        if face != "up":
            return _r("the initial placement is face up (§3 (6))", "初期配置は表向きで行います (§3 (6))")
        if s == 12 and st.game.params["ban_centre"] and p == st.first:
            return _r("the tournament rule ban_centre forbids 3c for the first player's initial placement (§3)",
                      "大会ルール(ban_centre)により、先攻プレイヤーの初期配置では3c(中央)に配置できません (§3)")
        return _r(f"the second player's initial placement needs an empty square and {sqn} is not (§3 (6))",
                  f"後攻プレイヤーの初期配置は空白のマスに行います。{sqn}は空白のマスではありません (§3 (6))")
    if kind == "main" and st.placed:
        return _r("you have already placed a card this turn: one placement per main phase (§4 main 7.2)",
                  "このターンは既に陣の配置を行いました。陣の配置は通常フェイズに1回だけです (§4 main 7.2)")
    if kind == "main" and v1_first_main(st):
        if not c.is_normal or face != "up":
            return _V1_FIRST_MAIN
        return _r(f"{sqn} already holds a formation (§1)", f"{sqn}には既に陣が置かれています (§1)")
    if kind == "intercept" and face != "up":
        return _r("an interception places a card face up, as an activation (§5.3 step 4)",
                  "迎撃では手札のカードを表向きに配置して発動させます。裏向きには配置できません (§5.3 step 4)")
    if has_formation(sq) and not (face == "up" and hand_square_ok(st, c, p, s)):
        if c.on_opponent:
            return _r(f"{sqn} holds a formation that is not an opponent's face-up one (§1, §7 ミアズマスウィープ)",
                      f"{sqn}には、対戦相手の表向きの陣ではない陣が置かれています (§1, §7 ミアズマスウィープ)")
        return _r(f"{sqn} already holds a formation: a card from hand goes on a square without one (§1, 7.2.1)",
                  f"{sqn}には既に陣が置かれています。手札からは陣の置かれていないマスにしか配置できません (§1, 7.2.1)")
    if face == "up":
        why = _cond_failure(st, c, p, s, False)
        if why:
            return why
    if kind == "intercept":
        return _no_overlap(c.name, sqn)
    return _r(f"not legal now (§4 main 7.2.1): {kind}", f"今は配置できません (§4 main 7.2.1): {_KIND_JA.get(kind, kind)}")


_V1_FIRST_MAIN = _r("v1.01: your first main phase may only place a 通常弾 face up (§8)",
                    "v1.01: 最初の通常フェイズでは、通常弾を表向きで配置することしかできません (§8)")


def _no_overlap(name: str, sqn: str) -> Msg:
    return _r(
        f"none of {name}'s condition, bullet or destroy squares from {sqn} meets the previous "
        "activation's condition or destroy squares or a square where it placed bullets (§5.3 step 4, 8.4)",
        f"迎撃条件を満たしていません: {sqn}の{name}の発動条件マス・弾幕対象マス・破壊対象マスのどれも、"
        "対戦相手が直前に発動させたカードの発動条件マス・破壊対象マス・弾幕が配置されたマスと重なっていません "
        "(§5.3 step 4, 8.4)",
    )


def explain_activate(st: WalpurgisState, a: Action, kind: str, p: int) -> Msg:
    if len(a.args) != 1 or a.args[0].lower() not in SQ_INDEX:
        return _r("write 'activate SQUARE', e.g. 'activate 2b' (§9)",
                  "「activate マス」の形で指定してください(例:「activate 2b」) (§9)")
    sqn = a.args[0].lower()
    s = SQ_INDEX[sqn]
    if kind == "main" and v1_first_main(st):
        return _V1_FIRST_MAIN
    if kind == "main" and st.activated:
        return _r("you have already activated a formation this turn: one activation per main phase (§4 main 7.2)",
                  "このターンは既に陣の発動を行いました。陣の発動は通常フェイズに1回だけです (§4 main 7.2)")
    fc = formation_of(st.board[s], p)
    if fc is None or fc[2] != ACTIVE:
        state = "no formation of yours" if fc is None else f"your {WORDS[fc[2]]} formation"
        extra = " (a dormant formation cannot activate)" if fc is not None and fc[2] == DORMANT else ""
        state_ja = f"{sqn}に自分の陣がありません" if fc is None else f"{sqn}の自分の陣は{JA_WORDS[fc[2]]}です"
        extra_ja = "(休眠状態の陣は発動できません)" if fc is not None and fc[2] == DORMANT else ""
        return _r(f"{sqn} holds {state}: only an active (face-down upright) formation activates{extra} "
                  "(§4 7.2.2, §5.1)",
                  f"{state_ja}。発動できるのは活動状態(裏向き、縦向き)の陣だけです{extra_ja} (§4 7.2.2, §5.1)")
    c = st.cards[fc[1]]
    why = _cond_failure(st, c, p, s, True)
    if why:
        return why
    if kind == "intercept":
        return _no_overlap(c.name, sqn)
    return _r(f"not legal now: {kind} (§4)", f"今は発動できません: {_KIND_JA.get(kind, kind)} (§4)")
