"""§5.3 step 6 bullet processing (rulebook 8.3.6): every square holding two or more cards — the
one-player keep (one card stays), the two-player rounds (sealed hit picks revealed together) and the
v1.01 pairs (specs/walpurgis.md §5.3 step 6, §8). Decisions: the card a seat keeps (``KEEP``,
private), the card a seat picks in a two-player round (``HIT``, a sealed pick).
"""

from __future__ import annotations

from typing import Any, NamedTuple

from ....core.actions import Action
from ....core.errors import Refusal
from ..actions import A, label
from ..cards import SQ, SQ_INDEX
from ..state import (
    ACTIVE,
    BULLET,
    BULLET_UP,
    DORMANT,
    UP,
    WORDS,
    FieldCard,
    WalpurgisState,
)
from .common import distinct, leave, to_discard
from .kind import WalpurgisKind, raw_prompt, refuse


class SquareCtx(NamedTuple):
    """The square whose cards are processed."""

    square: int


class HitCtx(NamedTuple):
    """A two-player round: the square and the seat picking."""

    square: int
    seat: int


# ---------------------------------------------------------------------- step 6: bullet processing
def bullet_processing(st: WalpurgisState, ctx: Any) -> None:
    """§5.3 step 6 (8.3.6): every square holding two or more cards, in square order 1a…5e (the
    squares are independent, so this is the same as all at once)."""
    start = ctx[0]
    board = st.board
    for s in range(start, 25):
        sq = board[s]
        if len(sq) >= 2:
            st.push("bullet_processing", (s + 1,))
            o = sq[0][0]
            if any(fc[0] != o for fc in sq):
                st.push("two_player_round", (s,))
            else:
                st.push("one_player_keep", (s,))
            return


def own_labels(sq: tuple[FieldCard, ...], p: int) -> list[str]:
    return distinct([label(fc, p) for fc in sq if fc[0] == p])


def find_card(sq: tuple[FieldCard, ...], p: int, lab: str) -> int:
    """Index of ``p``'s topmost card in ``sq`` matching notation ``lab``."""
    for i in range(len(sq) - 1, -1, -1):
        fc = sq[i]
        if fc[0] == p and label(fc, p) == lab:
            return i
    raise RuntimeError(f"engine bug: no card {lab!r} of player {p}")


def survivor(fc: FieldCard) -> FieldCard:
    """The one-player rule's kept card: a formation stays, ``bullet`` -> dormant, ``bullet_up`` -> up."""
    if fc[2] == BULLET:
        return (fc[0], fc[1], DORMANT, 0)
    if fc[2] == BULLET_UP:
        return (fc[0], fc[1], UP, 0)
    return fc


def one_player_keep(st: WalpurgisState, ctx: Any) -> None:
    """§5.3 step 6, one player's cards only (8.3.6.1): that player keeps one card."""
    s = ctx[0]
    sq = st.board[s]
    if not sq:
        return
    o = sq[0][0]
    if any(fc[0] != o for fc in sq):
        return  # both players' formations stay (two cards that do not turn face down)
    if len(sq) == 1:
        keep_card(st, s, 0)
        return
    st.ask(KEEP, o, SquareCtx(s))


def processing_refusal(v: str, a: Action, rule: str) -> Refusal:
    """``keep``/``hit SQUARE CARD`` refused (§5.3 step 6, rulebook ``rule``)."""
    args = a.args
    if len(args) != 2 or args[0].lower() not in SQ_INDEX:
        return refuse(f"write '{v} SQUARE CARD' e.g. '{v} 3c bullet' (§9)",
                      f"「{v} マス カード」の形で指定してください(例:「{v} 3c bullet」) (§9)")
    what = "残すカード" if v == "keep" else "処理するカード"
    return refuse(f"{args[0]} holds no card of yours written '{args[1]}' to {v} (§5.3 step 6, {rule})",
                  f"{args[0]}に「{args[1]}」にあたる自分のカードがないため、弾幕処理で{what}に選べません "
                  f"(§5.3 step 6, {rule})")


def processed_square(view: dict[str, Any]) -> str:
    """The square named by the prompt of a bullet-processing decision (``bullet processing 3c: …``)."""
    raw = raw_prompt(view)
    return raw.split(":")[0].split()[-1] if "processing" in raw else "?"


class Keep(WalpurgisKind):
    """§5.3 step 6, one player's cards only (8.3.6.1): the card that stays (``keep SQ LABEL``).
    Private: it names the seat's face-down cards."""

    name = "keep"
    private = True
    Ctx = SquareCtx
    verbs = ("keep",)
    title = ("the card kept in bullet processing", "弾幕処理で残すカード")

    def options(self, st: WalpurgisState, player: int, ctx: SquareCtx) -> list[Action]:
        s = ctx.square
        return [A("keep", SQ[s], lab) for lab in own_labels(st.board[s], player)]

    def prompt(self, st: WalpurgisState, player: int, ctx: SquareCtx) -> str:
        return f"bullet processing {SQ[ctx.square]}: keep one card"

    def why(self, st: WalpurgisState, player: int, ctx: SquareCtx, a: Action) -> Refusal | None:
        return processing_refusal("keep", a, "8.3.6.1")

    def ask_text(self, game: Any, view: dict[str, Any], lang: str, log: list[dict[str, Any]] | None) -> str | None:
        sq = processed_square(view)
        if lang == "ja":
            return f"{sq}の弾幕処理 (§5.3 ステップ6): そこに残す自分のカードを1枚選んでください (他は取り除かれます)"
        return f"Bullet processing on {sq} (§5.3 step 6): keep one of your cards there; the others leave"

    def answer(self, st: WalpurgisState, a: Action, ctx: SquareCtx) -> None:
        s = ctx.square
        sq = st.board[s]
        keep_card(st, s, find_card(sq, sq[0][0], a.args[1]))


KEEP = Keep()


def keep_card(st: WalpurgisState, s: int, i: int) -> None:
    """The one-player rule: card ``i`` stays; the others leave — v2.01: formations to the discard
    pile, bullets to the bullet pile; v1.01 (§8): all to the discard pile (「1枚のみ残し、それ以外の
    カードは捨て札置き場に置きます」)."""
    sq = st.board[s]
    kept = survivor(sq[i])
    for j, fc in enumerate(sq):
        if j != i:
            if st.v1:
                to_discard(st, fc)
                st.emit("discard", player=fc[0], place=SQ[s], card=fc[1], reason="bullet processing")
            else:
                leave(st, fc, s, "bullet processing")
    st.board[s] = (kept,)
    if kept[2] == DORMANT:
        st.emit("keep", player=kept[0], place=SQ[s], state=WORDS[kept[2]])
    elif kept[2] == ACTIVE:
        st.emit("keep", secret={"card": kept[1]}, seen_by=(kept[0],), player=kept[0], place=SQ[s],
                state=WORDS[kept[2]])
    else:
        st.emit("keep", player=kept[0], place=SQ[s], state=WORDS[kept[2]], card=kept[1])


def two_player_round(st: WalpurgisState, ctx: Any) -> None:
    """§5.3 step 6, both players' cards (8.3.6.2): each player picks one own card, at the same
    time — sealed picks (core): asked turn player first, each hidden from the other player until
    both are given, then revealed together."""
    s = ctx[0]
    p = st.active
    st.push("hits", (s,))
    st.push("hit_pick", (s, 1 - p))
    st.push("hit_pick", (s, p))


def hit_pick(st: WalpurgisState, ctx: Any) -> None:
    s, q = ctx
    st.ask(HIT, q, HitCtx(s, q))


def hit_options(st: WalpurgisState, s: int, q: int) -> list[Action]:
    return [A("hit", SQ[s], lab) for lab in own_labels(st.board[s], q)]


class Hit(WalpurgisKind):
    """§5.3 step 6, both players' cards (8.3.6.2): each seat picks one of its cards there at the
    same time — a sealed pick (``hit SQ LABEL``), revealed with the other's by ``hits``."""

    name = "hit"
    sealed = True
    private = True
    Ctx = HitCtx
    verbs = ("hit",)
    title = ("bullet processing", "弾幕処理")

    def options(self, st: WalpurgisState, player: int, ctx: HitCtx) -> list[Action]:
        return hit_options(st, ctx.square, player)

    def prompt(self, st: WalpurgisState, player: int, ctx: HitCtx) -> str:
        return f"bullet processing {SQ[ctx.square]}: pick a card of yours"

    def sealed_data(self, st: WalpurgisState, player: int, ctx: HitCtx) -> dict[str, Any]:
        return {"place": SQ[ctx.square]}

    def why(self, st: WalpurgisState, player: int, ctx: HitCtx, a: Action) -> Refusal | None:
        return processing_refusal("hit", a, "8.3.6.2")

    def ask_text(self, game: Any, view: dict[str, Any], lang: str, log: list[dict[str, Any]] | None) -> str | None:
        sq = processed_square(view)
        if lang == "ja":
            return f"{sq}の弾幕処理 (§5.3 ステップ6): そこにある自分のカードを1枚選んでください (相手も秘密に選びます)"
        return f"Bullet processing on {sq} (§5.3 step 6): pick one of your cards there (the opponent picks too, in secret)"

    def answer(self, st: WalpurgisState, action: Action, ctx: HitCtx) -> None:
        raise RuntimeError("engine bug: a hit is a sealed pick, revealed by the hits step (§5.3 step 6), never answered")


HIT = Hit()


def hits(st: WalpurgisState, ctx: Any) -> None:
    """§5.3 step 6 (8.3.6.2): both picks revealed in one public event (a face-down card by its state
    only, §1); each picked card is hit (v2.01: it degrades; v1.01 §8: the pair rule)."""
    s = ctx[0]
    sq = st.board[s]
    picks = st.unseal("hits", lambda q, a: label(sq[find_card(sq, q, a.args[1])], None), place=SQ[s])
    p = st.active
    i = find_card(sq, p, picks[p].args[1])
    j = find_card(sq, 1 - p, picks[1 - p].args[1])
    new: dict[int, FieldCard | None] = {}
    if st.v1:
        new = v1_pair(st, sq[i], sq[j], i, j)
    else:
        new[i] = degrade(st, sq[i])
        new[j] = degrade(st, sq[j])
    changed = any(new[k] != sq[k] for k in new)
    out: list[FieldCard] = []
    for k, fc in enumerate(sq):
        if k in new:
            n = new[k]
            if n is None:
                leave(st, fc, s, "bullet processing")
            else:
                if n != fc:
                    st.emit("turn_down", player=n[0], place=SQ[s], card=n[1], state=WORDS[n[2]])
                out.append(n)
        else:
            out.append(fc)
    st.board[s] = tuple(out)
    owners = {fc[0] for fc in out}
    if len(owners) == 2 and changed:
        st.push("two_player_round", (s,))
    else:
        st.push("one_player_keep", (s,))


def degrade(st: WalpurgisState, fc: FieldCard) -> FieldCard | None:
    """v2.01 (8.3.6.2): up/activating -> dormant (unless it does not turn face down), bullet_up ->
    bullet, a face-down formation or bullet leaves (None)."""
    o, cid, stt, _f = fc
    if stt >= UP:
        if st.cards[cid].no_face_down:
            return fc
        return (o, cid, DORMANT, 0)
    if stt == BULLET_UP:
        return (o, cid, BULLET, 0)
    return None


def face_down(st: WalpurgisState, fc: FieldCard) -> FieldCard:
    o, cid, stt, _f = fc
    if stt >= UP and not st.cards[cid].no_face_down:
        return (o, cid, DORMANT, 0)
    if stt == BULLET_UP:
        return (o, cid, BULLET, 0)
    return fc


def is_up(fc: FieldCard) -> bool:
    return fc[2] >= UP or fc[2] == BULLET_UP


def v1_pair(st: WalpurgisState, a: FieldCard, b: FieldCard, i: int, j: int) -> dict[int, FieldCard | None]:
    """§8 v1.01 pair: face up vs face up -> both turn face down first; face down vs face down ->
    both leave; face up vs face down -> the face-down one leaves, the face-up one turns face down."""
    if is_up(a) and is_up(b):
        a, b = face_down(st, a), face_down(st, b)
    ua, ub = is_up(a), is_up(b)
    if not ua and not ub:
        return {i: None, j: None}
    if ua and ub:
        return {i: a, j: b}
    if ua:
        return {i: face_down(st, a), j: None}
    return {i: None, j: face_down(st, b)}


KINDS = (KEEP, HIT)
