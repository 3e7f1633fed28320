"""§9 the refusals that several decision kinds share (rulebook numbers in parentheses): a card placed
from hand (the initial placement, the main phase, an interception) and a formation activated (the
main phase, an interception) — what the square and the activation condition (§5.1, §5.2) allow.

A kind that places or activates is a :class:`PlacingKind`: the steps of a refused placement or
activation are the same for all, and the kind adds its own rule (``place_rule``, ``activate_rule``)
and its last word (``place_last``, ``activate_last``).
"""

from __future__ import annotations

from typing import Any

from ....core.actions import Action
from ....core.errors import Refusal
from ..cards import SQ, SQ_INDEX, WCard
from ..state import ACTIVE, DORMANT, JA_WORDS, WORDS, WalpurgisState
from .common import formation_of, hand_square_ok, has_formation, own_formation_count
from .kind import WalpurgisKind, refuse

#: v1.01's first main phase (§8)
V1_FIRST_MAIN = refuse("v1.01: your first main phase may only place a 通常弾 face up (§8)",
                       "v1.01: 最初の通常フェイズでは、通常弾を表向きで配置することしかできません (§8)")


class PlacingKind(WalpurgisKind):
    """A decision whose answers place a card from hand (``place CARD SQUARE up|down``) or activate a
    formation (``activate SQUARE``): their refusals (:func:`refuse_place`, :func:`refuse_activate`)."""

    def why(self, st: WalpurgisState, player: int, ctx: Any, a: Action) -> Refusal | None:
        if a.verb == "place":
            return refuse_place(self, st, a, player)
        if a.verb == "activate":
            return refuse_activate(self, st, a, player)
        return None

    def place_rule(self, st: WalpurgisState, c: WCard, p: int, s: int, face: str) -> Refusal | None:
        """This decision's own rule for placing ``c`` on square ``s`` (None: the square and the
        condition decide)."""
        return None

    def place_last(self, c: WCard, sqn: str) -> Refusal:
        """The refusal of a placement the square and the condition allow."""
        return refuse(f"not legal now: {self.takes('en')}", f"今は「place」はできません。{self.takes('ja')}")

    def activate_rule(self, st: WalpurgisState, p: int) -> Refusal | None:
        """This decision's own rule for activating a formation (None: the formation decides)."""
        return None

    def activate_last(self, c: WCard, sqn: str) -> Refusal:
        """The refusal of an activation the formation and its condition allow."""
        return refuse(f"not legal now: {self.takes('en')}", f"今は「activate」はできません。{self.takes('ja')}")


def refuse_place(kind: PlacingKind, st: WalpurgisState, a: Action, p: int) -> Refusal:
    """``place CARD SQUARE up|down`` refused: the notation, the card in hand (§4 main 7.2.1), the
    decision's own rule, the square (§1, 7.2.1, §7), the condition (§5.1, §5.2)."""
    args = a.args
    if len(args) != 3 or args[1].lower() not in SQ_INDEX or args[2] not in ("up", "down"):
        return refuse("write 'place CARD SQUARE up|down', e.g. 'place W-RM-03 2d up' (§9)",
                      "「place カード マス up|down」の形で指定してください(例:「place W-RM-03 2d up」) (§9)")
    cid, sqn, face = args[0], args[1].lower(), args[2]
    c = st.cards.get(cid)
    if c is None:
        return refuse(f"unknown card {cid!r}", f"{cid!r}というカードはありません")
    if cid not in st.hand[p]:
        return refuse(f"{cid} ({c.name}) is not in your hand (§4 main 7.2.1)",
                      f"{cid}({c.name})は手札にありません (§4 main 7.2.1)")
    s = SQ_INDEX[sqn]
    own = kind.place_rule(st, c, p, s, face)
    if own is not None:
        return own
    if has_formation(st.board[s]) and not (face == "up" and hand_square_ok(st, c, p, s)):
        if c.on_opponent:
            return refuse(f"{sqn} holds a formation that is not an opponent's face-up one (§1, §7 ミアズマスウィープ)",
                          f"{sqn}には、対戦相手の表向きの陣ではない陣が置かれています (§1, §7 ミアズマスウィープ)")
        return refuse(f"{sqn} already holds a formation: a card from hand goes on a square without one (§1, 7.2.1)",
                      f"{sqn}には既に陣が置かれています。手札からは陣の置かれていないマスにしか配置できません (§1, 7.2.1)")
    if face == "up":
        why = cond_failure(st, c, p, s, False)
        if why:
            return why
    return kind.place_last(c, sqn)


def refuse_activate(kind: PlacingKind, st: WalpurgisState, a: Action, p: int) -> Refusal:
    """``activate SQUARE`` refused: the notation, the decision's own rule, an active formation of
    yours there (§4 7.2.2, §5.1), its condition (§5.1, §5.2)."""
    if len(a.args) != 1 or a.args[0].lower() not in SQ_INDEX:
        return refuse("write 'activate SQUARE', e.g. 'activate 2b' (§9)",
                      "「activate マス」の形で指定してください(例:「activate 2b」) (§9)")
    sqn = a.args[0].lower()
    s = SQ_INDEX[sqn]
    own = kind.activate_rule(st, p)
    if own is not None:
        return own
    fc = formation_of(st.board[s], p)
    if fc is None or fc[2] != ACTIVE:
        state = "no formation of yours" if fc is None else f"your {WORDS[fc[2]]} formation"
        extra = " (a dormant formation cannot activate)" if fc is not None and fc[2] == DORMANT else ""
        state_ja = f"{sqn}に自分の陣がありません" if fc is None else f"{sqn}の自分の陣は{JA_WORDS[fc[2]]}です"
        extra_ja = "(休眠状態の陣は発動できません)" if fc is not None and fc[2] == DORMANT else ""
        return refuse(f"{sqn} holds {state}: only an active (face-down upright) formation activates{extra} "
                      "(§4 7.2.2, §5.1)",
                      f"{state_ja}。発動できるのは活動状態(裏向き、縦向き)の陣だけです{extra_ja} (§4 7.2.2, §5.1)")
    c = st.cards[fc[1]]
    why = cond_failure(st, c, p, s, True)
    if why:
        return why
    return kind.activate_last(c, sqn)


def cond_failure(st: WalpurgisState, c: WCard, p: int, s: int, on_field: bool) -> Refusal | None:
    """Why ``c`` on square ``s`` does not meet its activation condition for ``p`` (§5.1) or the
    conditions of its text (§5.2, §7); None when it does."""
    cs = c.cond[p][s]
    if cs is None:
        return refuse(f"a condition square of {c.name} from {SQ[s]} falls off the field and cannot be met (§2, §5.1)",
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
            return refuse(f"condition square {SQ[q]} holds no formation of yours with icon {icons or '(none)'} (§5.1)",
                          f"発動条件マス{SQ[q]}に、キャラクターアイコン「{icons or 'なし'}」を持つ自分の陣"
                          "(または裏向きの陣)がありません (§5.1)")
    if c.min_others:
        n = own_formation_count(st, p, s if on_field else None)
        if n < c.min_others:
            return refuse(f"{c.name} needs {c.min_others} formations of yours besides itself; you have {n} (§5.2, §7)",
                          f"{c.name}の発動には、このカード以外に自分の陣が{c.min_others}枚必要です(現在{n}枚) "
                          "(§5.2, §7)")
    return None


def no_overlap(name: str, sqn: str) -> Refusal:
    """An interception whose card's squares do not meet the activation it answers (§5.3 step 4)."""
    return refuse(
        f"none of {name}'s condition, bullet or destroy squares from {sqn} meets the previous "
        "activation's condition or destroy squares or a square where it placed bullets (§5.3 step 4, 8.4)",
        f"迎撃条件を満たしていません: {sqn}の{name}の発動条件マス・弾幕対象マス・破壊対象マスのどれも、"
        "対戦相手が直前に発動させたカードの発動条件マス・破壊対象マス・弾幕が配置されたマスと重なっていません "
        "(§5.3 step 4, 8.4)",
    )


__all__ = ["V1_FIRST_MAIN", "PlacingKind", "cond_failure", "no_overlap", "refuse_activate", "refuse_place"]
