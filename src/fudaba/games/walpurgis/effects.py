"""Walpurgis effect vocabulary (spec §7).

A card's ``effects`` list holds tables ``{timing = ..., op = ..., n = ..., who = ...}``. ``timing``
says when the effect acts:

* ``condition`` — an extra activation condition checked at the activation check (§5.2);
* ``static`` — a property of the card (while it is on the field face up, or while it activates);
* ``B`` / ``D`` / ``A`` — chain steps 2, 5 and 8 (§5.3); ``chain_end`` — chain step 9;
* ``turn_end`` — "at end of turn" (§4 end ④, 7.3.4): at the end of every turn, each face-up
  formation on the field with such effects acts, turn player first, then alternately.

Operations (``op``):

========================== ============== =====================================================
op                         timings        meaning
========================== ============== =====================================================
``min_other_formations``   condition      you need at least ``n`` formations of yours on the
                                          field other than this card (夢想転生)
``bullets_face_up``        static         this card's bullets are placed face up (陰陽宝玉)
``place_on_opponent``      static         may be placed from hand face up on a square holding an
                                          opponent's face-up formation (ミアズマスウィープ)
``destroy_own``            static         its destroy squares hit your own formations too
``bounce``                 static         formations its destroy squares hit return to their
                                          owner's hand instead of the discard pile
                                          (バニシングエブリシング)
``no_face_down``           static         does not turn face down (bullet processing, turn_down)
``draw``                   B D A chain_end draw ``n`` cards (an empty deck just stops)
``recover``                B D A chain_end move the top ``n`` cards of your bullet pile to the
                                          bottom of your deck
``wake``                   B D A chain_end make one of your dormant formations active (target)
``turn_down``              B D A chain_end turn one activating formation face down: it becomes
                                          dormant; ``who`` = ``opponent`` (default) or ``own``
``flip_activating``        B D A chain_end turn one of your active formations face up and
                                          activating without an activation check: it has no
                                          squares (§5.3 step 7) but its D/A effects act
``protect``                B D A chain_end until end of turn, your formations are not destroyed
                                          (nor returned to hand) by destroy processing (§5.3
                                          step 7); it ends at §4 end ④
``set_beside``             B D A chain_end set one card of your hand (target) face down beside
                                          the field; it goes to your discard pile at §4 end ④
========================== ============== =====================================================

``draw``, ``recover`` and ``wake`` may also have the timing ``turn_end``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...core.cards import Where, whole

TIMINGS = ("condition", "static", "B", "D", "A", "chain_end", "turn_end")
#: the timings of ordered effects for people, (English, Japanese)
TIMING_WORDS = ({"B": "B", "D": "D", "A": "A", "chain_end": "Chain-end", "turn_end": "End-of-turn"},
                {"B": "B", "D": "D", "A": "A", "chain_end": "連鎖終了時", "turn_end": "ターン終了時"})

#: op -> timings it may have
OPS: dict[str, tuple[str, ...]] = {
    "min_other_formations": ("condition",),
    "bullets_face_up": ("static",),
    "place_on_opponent": ("static",),
    "destroy_own": ("static",),
    "bounce": ("static",),
    "no_face_down": ("static",),
    "draw": ("B", "D", "A", "chain_end", "turn_end"),
    "recover": ("B", "D", "A", "chain_end", "turn_end"),
    "wake": ("B", "D", "A", "chain_end", "turn_end"),
    "turn_down": ("B", "D", "A", "chain_end"),
    "flip_activating": ("B", "D", "A", "chain_end"),
    "protect": ("B", "D", "A", "chain_end"),
    "set_beside": ("B", "D", "A", "chain_end"),
}

#: ops whose effect lasts until the end of the turn (§4 end ④ ends them)
LASTING = ("protect",)

#: ops that take a count ``n``, with its range (checked when the cards load): at most the 24 other
#: squares of the field; at most a deck's 60 cards (§3, 1.2)
COUNTED = ("min_other_formations", "draw", "recover")
N_RANGE: dict[str, tuple[int, int]] = {"min_other_formations": (1, 24), "draw": (1, 60), "recover": (1, 60)}

#: ops that choose a target square
TARGETED = ("wake", "turn_down", "flip_activating")

#: ops that choose a card of your hand (``target W-RM-07``)
HAND_TARGETED = ("set_beside",)


@dataclass(frozen=True, slots=True)
class Effect:
    timing: str
    op: str
    n: int = 1
    who: str = "opponent"

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"timing": self.timing, "op": self.op}
        if self.op in COUNTED:
            d["n"] = self.n
        if self.op == "turn_down":
            d["who"] = self.who
        return d

    def describe(self, lang: str = "en") -> str:
        ja = lang == "ja"
        t = {"B": "B:", "D": "D:", "A": "A:", "chain_end": "連鎖終了時:" if ja else "chain end:",
             "turn_end": "ターン終了時:" if ja else "end of turn:"}.get(self.timing, "")
        if ja:
            body = {
                "min_other_formations": f"このカード以外の自分の陣が{self.n}枚以上なければ発動できない",
                "bullets_face_up": "弾幕を表向きで配置する",
                "place_on_opponent": "相手の表向きの陣があるマスにも手札から表向きに配置できる",
                "destroy_own": "自分の陣も破壊する",
                "bounce": "破壊対象マスの陣は破壊される代わりに所有者の手札に戻る",
                "no_face_down": "裏向きにならない",
                "draw": f"{self.n}枚ドロウする",
                "recover": f"弾幕置き場の上から{self.n}枚を山札の下に置く",
                "wake": "自分の休眠状態の陣を1枚活動状態にする",
                "turn_down": ("相手" if self.who == "opponent" else "自分") + "の発動中の陣1枚を裏向きにする",
                "flip_activating": "自分の活動状態の陣1枚を発動判定なしで発動中にする",
                "protect": "ターン終了時まで、自分の陣は破壊されない",
                "set_beside": "自分の手札1枚を裏向きで場の脇に置く(ターン終了時に捨て札置き場へ)",
            }[self.op]
        else:
            body = {
                "min_other_formations": f"needs {self.n} other formations of yours to activate",
                "bullets_face_up": "its bullets are placed face up",
                "place_on_opponent": "may be placed from hand face up on an opponent's face-up formation",
                "destroy_own": "its destroy squares hit your formations too",
                "bounce": "formations it hits return to their owner's hand instead of being destroyed",
                "no_face_down": "does not turn face down",
                "draw": f"draw {self.n}",
                "recover": f"move {self.n} card(s) from your bullet pile to the bottom of your deck",
                "wake": "make one of your dormant formations active",
                "turn_down": f"turn one {'opposing' if self.who == 'opponent' else 'own'} activating formation face down",
                "flip_activating": "one of your active formations becomes activating without a check",
                "protect": "until end of turn, your formations are not destroyed",
                "set_beside": "set a card of your hand face down beside the field (discarded at end of turn)",
            }[self.op]
        return f"{t} {body}".strip()


_FIELDS = {"timing", "op", "n", "who"}


def build_effect(raw: Any, i: int, where: Where) -> Effect:
    """One structured effect; errors name the card and ``effects[i]``."""
    f = f"effects[{i}]"
    if not isinstance(raw, dict):
        raise where.err(f, "an effect must be a table {timing = ..., op = ...}")
    extra = sorted(set(raw) - _FIELDS)
    if extra:
        raise where.err(f, f"unknown key {extra[0]!r}; allowed keys are {sorted(_FIELDS)}")
    op = raw.get("op")
    if not isinstance(op, str) or op not in OPS:
        raise where.err(f, f"unknown op {op!r}; ops are {sorted(OPS)}")
    timing = raw.get("timing")
    if timing not in OPS[op]:
        raise where.err(f, f"op {op!r} needs timing one of {list(OPS[op])}, got {timing!r}")
    n = raw.get("n", 1)
    if op in COUNTED:
        n = whole(n, *N_RANGE[op], where, f"{f}.n")
    elif "n" in raw:
        raise where.err(f, f"op {op!r} takes no 'n'")
    who = raw.get("who", "opponent")
    if who not in ("opponent", "own"):
        raise where.err(f, f"'who' must be 'opponent' or 'own', got {who!r}")
    if "who" in raw and op != "turn_down":
        raise where.err(f, f"op {op!r} takes no 'who'")
    return Effect(str(timing), str(op), int(n), str(who))
