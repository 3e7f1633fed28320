"""§5.3 the chain (rulebook 8.3–8.4): bullet placement (steps 1 and 3), B effects (step 2),
interception (step 4), destroy processing (step 7) and the end of a chain, where §6 a full board
ends the game (specs/walpurgis.md §5.3, §6; the check itself is ``common.board_full_check``).
Step 6, bullet processing, is ``bullets.py``; the ordered effects of steps 5 and 9 and the A
effects of step 8 are ``resolution.py``. Decisions: where bullets go (``BULLETS``), an
interception (``INTERCEPT``, private).
"""

from __future__ import annotations

from typing import Any, NamedTuple

from ....core.actions import Action
from ....core.errors import Refusal
from ..actions import ACTIVATE, DONE, PASS, A, place_actions
from ..cards import SQ, SQ_INDEX, WCard, card_name
from ..state import ACTIVATING, ACTIVE, BULLET, BULLET_UP, NOSQ, UP, WORDS, WalpurgisState
from .common import (
    activate,
    board_full_check,
    distinct,
    field_masks,
    hand_square_ok,
    met_squares,
    ok_mask,
    squares_of,
)
from .kind import WalpurgisKind, raw_prompt, refuse, square_refusal
from .refusals import PlacingKind, no_overlap
from .resolution import push_effects
from .turn import end_duds


class BulletCtx(NamedTuple):
    """Bullets being placed: the chain link (``state.chain`` index), which matrix (0: the 速射 sub
    matrix, step 1; 1: the main matrix, step 3) and the bullet squares still empty."""

    link: int
    matrix: int
    remaining: tuple[int, ...]


class LinkCtx(NamedTuple):
    """The chain link (``state.chain`` index) a decision answers."""

    link: int


def last_activation(log: list[dict[str, Any]] | None) -> dict[str, Any] | None:
    """The last ``activate`` event of a log view (the card whose bullets or interception is asked)."""
    events: list[dict[str, Any]] = log or []
    found = [ev for ev in events if ev.get("kind") == "activate"]
    return found[-1] if found else None


def bullet_placement(st: WalpurgisState, ctx: Any) -> None:
    """§5.3 step 1 (速射, sub matrix) and step 3 (main matrix): face-down bullets from the deck top
    on any subset of the bullet squares, one at a time, ``done`` to stop."""
    idx, kind = ctx
    p, s, cid = st.chain[idx][:3]
    c = st.cards[cid]
    ask_bullets(st, idx, kind, (c.sub_bullet if kind == 0 else c.bullet)[p][s])


def ask_bullets(st: WalpurgisState, idx: int, kind: int, remaining: tuple[int, ...]) -> None:
    p = st.chain[idx][0]
    if not remaining or not st.deck[p]:
        return
    st.ask(BULLETS, p, BulletCtx(idx, kind, remaining))


class Bullets(WalpurgisKind):
    """§5.3 steps 1 and 3: the next bullet square to fill from the deck top (``bullet SQ``), or
    ``done``."""

    name = "bullet"
    Ctx = BulletCtx
    verbs = ("bullet", "done")
    title = ("placing bullets", "弾幕の配置")

    def options(self, st: WalpurgisState, player: int, ctx: BulletCtx) -> list[Action]:
        return [*(A("bullet", SQ[q]) for q in ctx.remaining), DONE]

    def prompt(self, st: WalpurgisState, player: int, ctx: BulletCtx) -> str:
        return "rapid-fire bullets" if ctx.matrix == 0 else "bullets"

    def why(self, st: WalpurgisState, player: int, ctx: BulletCtx, a: Action) -> Refusal | None:
        if a.verb != "bullet":
            return None
        sqn = a.args[0].lower() if a.args else ""
        return square_refusal(a.verb, a.args) or refuse(
            "it is not one of this card's bullet squares left to fill (§5.3 steps 1 and 3)",
            f"{sqn}は、このカードの弾幕対象マスのうち、まだ弾幕を配置していないマスではありません (§5.3 steps 1 and 3)")

    def ask_text(self, game: Any, view: dict[str, Any], lang: str, log: list[dict[str, Any]] | None) -> str | None:
        raw = raw_prompt(view)
        act = last_activation(log)
        if act is None:
            return raw
        card, sq = card_name(game.cards, act.get("card"), lang), act.get("place", act.get("square", "?"))
        ja = lang == "ja"
        if raw.startswith("rapid"):
            text = (f"{sq}の{card} (速射): サブマトリクスの弾幕対象マスに裏向きの弾幕を置き、終わったら done (§5.3 ステップ1)"
                    if ja else f"{card} on {sq} (速射): place face-down bullets on its sub-matrix bullet squares, "
                    "then done (§5.3 step 1)")
        else:
            text = (f"{sq}の{card}: 弾幕対象マスに裏向きの弾幕を1つずつ置き、終わったら done (§5.3 ステップ3)" if ja else
                    f"{card} on {sq}: place face-down bullets on its bullet squares one at a time, then done "
                    "(§5.3 step 3)")
        k = game.cards.find(str(act.get("card") or ""))
        if k is not None and k.face_up_bullets:  # 陰陽宝玉: its bullets are placed face up (§7)
            text = text.replace("裏向きの弾幕", "表向きの弾幕").replace("face-down bullets", "face-up bullets")
        return text

    def answer(self, st: WalpurgisState, a: Action, ctx: BulletCtx) -> None:
        if a is DONE:
            return
        idx = ctx.link
        q = SQ_INDEX[a.args[0]]
        rec = st.chain[idx]
        p = rec[0]
        cid = st.deck[p].pop(0)
        up = st.cards[rec[2]].face_up_bullets
        st.board[q] = (*st.board[q], (p, cid, BULLET_UP if up else BULLET, 0))
        if up:
            st.emit("bullet", player=p, place=SQ[q], face="up", card=cid)
        else:
            st.emit("bullet", player=p, place=SQ[q], face="down")
        st.chain[idx] = (p, rec[1], rec[2], rec[3] | (1 << q), rec[4])
        ask_bullets(st, idx, ctx.matrix, tuple(x for x in ctx.remaining if x != q))


BULLETS = Bullets()


def b_effects(st: WalpurgisState, ctx: Any) -> None:
    """§5.3 step 2 (8.3.2): the card's B effects."""
    p, s, cid = st.chain[ctx[0]][:3]
    push_effects(st, p, s, cid, "B")


_TOUCH: dict[tuple[WCard, int], tuple[int, ...]] = {}


def touching(c: WCard, p: int) -> tuple[int, ...]:
    """``touching(c, p)[t]``: the squares from which ``c``'s footprint (condition, bullet and
    destroy squares, ``WCard.foot``) covers square ``t``, for seat ``p`` (computed once per card)."""
    key = (c, p)
    got = _TOUCH.get(key)
    if got is None:
        if len(_TOUCH) >= 4096:  # cards of many positions loaded with their own cards
            _TOUCH.clear()
        foot = c.foot[p]
        got = _TOUCH[key] = tuple(sum(1 << s for s in range(25) if foot[s] >> t & 1) for t in range(25))
    return got


def interception_options(st: WalpurgisState, q: int, target: int) -> list[Action]:
    """§5.3 step 4 (8.4): activations of ``q`` meeting the condition whose condition, bullet or
    destroy squares overlap ``target`` (the previous activation's C/X squares and bullets)."""
    cards = st.cards
    fm, anyf, icon_m, nforms, act = field_masks(st, q)
    opts: list[Action] = []
    hit = squares_of(target)
    for cid in distinct(st.hand[q]):
        c = cards[cid]
        if nforms < c.min_others:
            continue
        touch = touching(c, q)
        near = 0  # the squares from which the card's footprint overlaps the target
        for t in hit:
            near |= touch[t]
        if not near:
            continue
        up = place_actions(cid)[1]
        for s in squares_of(met_squares(c, q, ok_mask(c, anyf, icon_m)) & near):
            if not fm >> s & 1 or hand_square_ok(st, c, q, s):
                opts.append(up[s])
    for s, acid in act:
        c = cards[acid]
        m = c.cmask[q][s]
        if c.foot[q][s] & target and m >= 0 and not m & ~ok_mask(c, anyf, icon_m) and (
            nforms - 1 >= c.min_others
        ):
            opts.append(ACTIVATE[s])
    return opts


def interception_check(st: WalpurgisState, ctx: Any) -> None:
    """§5.3 step 4: the other player may intercept; when nobody does, steps 5–9 follow."""
    idx = ctx[0]
    rec = st.chain[idx]
    q = 1 - rec[0]
    if st.v1 and st.cards[rec[2]].is_normal:
        # §8 v1.01: 「「通常弾」の配置に対戦プレイヤーは迎撃出来ません」 — a 通常弾 placed or
        # activated face up is never intercepted, on any turn (public: nothing to hide)
        push_resolution(st)
        return
    # private, and asked even when only ``pass`` is left (the engine answers it, logged for ``q``
    # only, then "does not intercept" for everyone as for a declined interception): neither the
    # log nor the decision's public form tells the opponent whether an interception was possible
    # (§1 hidden information)
    st.ask(INTERCEPT, q, LinkCtx(idx))


class Intercept(PlacingKind):
    """§5.3 step 4 (8.4): the other seat's interception — a card of its hand placed face up and
    activated, or an active formation activated, whose squares meet the activation it answers —
    or ``pass``. Private: nobody else learns whether an interception was possible (§1)."""

    name = "intercept"
    private = True
    Ctx = LinkCtx
    verbs = ("activate", "pass", "place")
    title = ("an interception", "迎撃の確認")
    short_prompt = "intercept?"

    def options(self, st: WalpurgisState, player: int, ctx: LinkCtx) -> list[Action]:
        return [*interception_options(st, player, st.chain[ctx.link][3]), PASS]

    def place_rule(self, st: WalpurgisState, c: WCard, p: int, s: int, face: str) -> Refusal | None:
        if face != "up":
            return refuse("an interception places a card face up, as an activation (§5.3 step 4)",
                          "迎撃では手札のカードを表向きに配置して発動させます。裏向きには配置できません (§5.3 step 4)")
        return None

    def place_last(self, c: WCard, sqn: str) -> Refusal:
        return no_overlap(c.name, sqn)

    def activate_last(self, c: WCard, sqn: str) -> Refusal:
        return no_overlap(c.name, sqn)

    def ask_text(self, game: Any, view: dict[str, Any], lang: str, log: list[dict[str, Any]] | None) -> str | None:
        act = last_activation(log)
        if act is None:
            return raw_prompt(view)
        who, sq = act.get("player", "?"), act.get("place", act.get("square", "?"))
        card = card_name(game.cards, act.get("card"), lang)
        if lang == "ja":
            return f"P{who}が{sq}の{card}を発動: 手札か活動状態の陣で迎撃するか、pass (§5.3 ステップ4)"
        return (f"P{who} activated {card} on {sq}: intercept with a card from your hand or an active formation, "
                "or pass (§5.3 step 4)")

    def answer(self, st: WalpurgisState, a: Action, ctx: LinkCtx) -> None:
        q = 1 - st.chain[ctx.link][0]
        if a is PASS:
            st.emit("pass", player=q)
            push_resolution(st)
        elif a.verb == "activate":
            activate(st, q, SQ_INDEX[a.args[0]], None)
        else:
            activate(st, q, SQ_INDEX[a.args[1]], a.args[0])


INTERCEPT = Intercept()


def push_resolution(st: WalpurgisState) -> None:
    """§5.3 steps 5–9."""
    tp = st.active
    st.push("chain_end")
    st.push("ordered_effects", ("chain_end", tp, ()))
    st.push("a_effects", (tp, (), 1))
    st.push("destroy_processing")
    st.push("bullet_processing", (0,))
    st.push("ordered_effects", ("D", tp, ()))


# ---------------------------------------------------------------------- step 7: destroy processing
def destroy_processing(st: WalpurgisState, ctx: Any) -> None:
    """§5.3 step 7 (8.3.7): every activating formation still on the field (v2.01; v1.01: every
    activation of this chain, squares fixed when it activated) hits the opponent's formations on
    its destroy squares, all at once. Against バニシングエブリシング's "returns to hand", the turn
    player's card wins. A player under ``protect`` ("until end of turn, not destroyed") loses
    nothing here."""
    cards = st.cards
    sources: list[tuple[int, WCard, tuple[int, ...]]] = []
    seen: set[tuple[int, int]] = set()
    if st.v1:
        for o, s, cid, _m, fixed in st.chain:
            sources.append((o, cards[cid], fixed))
            seen.add((s, o))
    for s, sq in enumerate(st.board):
        for fc in sq:
            if fc[2] == ACTIVATING and not fc[3] & NOSQ and (s, fc[0]) not in seen:
                c = cards[fc[1]]
                sources.append((fc[0], c, c.destroy[fc[0]][s]))
    if not sources:
        return
    hits: dict[tuple[int, int], list[tuple[int, bool]]] = {}
    board = st.board
    safe = {p for p, op in st.lasting if op == "protect"}
    for o, c, squares in sources:
        for q in squares:
            for fc in board[q]:
                if fc[2] >= ACTIVE and (fc[0] != o or c.destroy_own) and fc[0] not in safe:
                    hits.setdefault((q, fc[0]), []).append((o, c.bounce))
    if not hits:
        return
    tp = st.active
    for q, owner in sorted(hits):
        srcs = hits[(q, owner)]
        if any(b and o == tp for o, b in srcs):
            bounce = True
        elif any(not b for _o, b in srcs):
            bounce = False
        else:
            bounce = True
        sq = board[q]
        for k, fc in enumerate(sq):
            if fc[0] == owner and fc[2] >= ACTIVE:
                board[q] = sq[:k] + sq[k + 1 :]
                if bounce:
                    st.hand[owner].append(fc[1])
                    if fc[2] >= UP:
                        st.emit("bounce", player=owner, place=SQ[q], card=fc[1])
                    else:  # a face-down formation goes to a hand unseen: only its owner learns it (§1)
                        st.emit("bounce", secret={"card": fc[1]}, seen_by=(owner,), player=owner, place=SQ[q],
                                state=WORDS[fc[2]])
                else:
                    st.discard[owner].append(fc[1])
                    st.emit("destroy", player=owner, place=SQ[q], card=fc[1])
                break


def chain_end(st: WalpurgisState, ctx: Any) -> None:
    """§5.3 step 9 ends the chain; v1.01 clears duds here (no end phase, §8); §6 a full board ends
    the game (both variants judge it here; v1.01 also right after a placement from hand, §8)."""
    if st.v1:
        end_duds(st, None)
    st.chain.clear()
    st.emit("chain_end")
    board_full_check(st)


KINDS = (BULLETS, INTERCEPT)
