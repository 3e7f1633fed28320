"""§5.3 the chain (rulebook 8.3–8.4): bullet placement (steps 1 and 3), B effects (step 2),
interception (step 4), ordered D and chain-end effects (steps 5 and 9), destroy processing (step 7),
A effects (step 8 and end phase ②), the end of a chain, where §6 a full board ends the game
(specs/walpurgis.md §5.3, §6; the check itself is ``common.board_full_check``). Step 6, bullet processing, is ``bullets.py``.
"""

from __future__ import annotations

from itertools import compress
from typing import Any

from ....core.actions import Action
from ..actions import ACTIVATE, DONE, PASS, A, place_actions
from ..cards import SQ, SQ_INDEX, WCard
from ..state import (
    ACTIVATING,
    ACTIVE,
    BULLET,
    BULLET_UP,
    DORMANT,
    NOSQ,
    UP,
    WORDS,
    WalpurgisState,
)
from .common import (
    SQUARES,
    activate,
    board_full_check,
    distinct,
    draw,
    field_masks,
    formation_of,
    hand_square_ok,
    met_squares,
    ok_mask,
    set_formation,
    squares_of,
)
from .turn import end_duds


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
    opts = [A("bullet", SQ[q]) for q in remaining]
    opts.append(DONE)
    st.ask(p, "bullet", opts, "bullet", (idx, kind, remaining), "rapid-fire bullets" if kind == 0 else "bullets")


def ans_bullet(st: WalpurgisState, a: Action, ctx: Any) -> None:
    idx, kind, remaining = ctx
    if a is DONE:
        return
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
    ask_bullets(st, idx, kind, tuple(x for x in remaining if x != q))


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
    opts = interception_options(st, q, rec[3])
    opts.append(PASS)
    # private, and asked even when only ``pass`` is left (the engine answers it, logged for ``q``
    # only, then "does not intercept" for everyone as for a declined interception): neither the
    # log nor the decision's public form tells the opponent whether an interception was possible
    # (§1 hidden information)
    st.ask(q, "intercept", opts, "intercept", (idx,), "intercept?", private=True)


def ans_intercept(st: WalpurgisState, a: Action, ctx: Any) -> None:
    q = 1 - st.chain[ctx[0]][0]
    if a is PASS:
        st.emit("pass", player=q)
        push_resolution(st)
    elif a.verb == "activate":
        activate(st, q, SQ_INDEX[a.args[0]], None)
    else:
        activate(st, q, SQ_INDEX[a.args[1]], a.args[0])


def push_resolution(st: WalpurgisState) -> None:
    """§5.3 steps 5–9."""
    tp = st.active
    st.push("chain_end")
    st.push("ordered_effects", ("chain_end", tp, ()))
    st.push("a_effects", (tp, (), 1))
    st.push("destroy_processing")
    st.push("bullet_processing", (0,))
    st.push("ordered_effects", ("D", tp, ()))


# ---------------------------------------------------------------------- steps 5 and 9: ordered effects
def ordered_candidates(st: WalpurgisState, timing: str, done: tuple[int, ...]) -> tuple[list[int], list[int]]:
    """The squares of each seat's cards whose ``timing`` effects are still to resolve (one scan)."""
    out: tuple[list[int], list[int]] = ([], [])
    cards = st.cards
    board = st.board
    if timing == "D":
        for s in compress(SQUARES, board):
            for fc in board[s]:
                if fc[2] == ACTIVATING and cards[fc[1]].timed["D"] and s * 2 + fc[0] not in done:
                    out[fc[0]].append(s)
    elif timing == "turn_end":
        for s in compress(SQUARES, board):
            for fc in board[s]:
                if fc[2] >= UP and cards[fc[1]].timed["turn_end"] and s * 2 + fc[0] not in done:
                    out[fc[0]].append(s)
    else:
        for o, s, cid, _m, _f in st.chain:
            if s * 2 + o in done or s in out[o]:
                continue
            f = formation_of(board[s], o)
            if f is not None and f[1] == cid and f[2] >= UP and cards[cid].timed["chain_end"]:
                out[o].append(s)
    return out


def ordered_effects(st: WalpurgisState, ctx: Any) -> None:
    """§5.3 step 5 (8.3.5) D effects of every activating formation, step 9 (8.3.9) chain-end
    effects of the cards that activated in this chain, and §4 end ④ (7.3.4) "at end of turn"
    effects of every face-up formation: turn player first, then alternately, one card at a time,
    each player choosing the order of their own (``resolve 2d``)."""
    timing, p, done = ctx
    both = ordered_candidates(st, timing, done)
    cands = both[p]
    if not cands:
        p = 1 - p
        cands = both[p]
        if not cands:
            return
    opts = [A("resolve", SQ[s]) for s in cands]
    st.ask(p, "resolve", opts, "resolve", (timing, p, done), f"{timing} effects: choose the next card")


def ans_resolve(st: WalpurgisState, a: Action, ctx: Any) -> None:
    timing, p, done = ctx
    s = SQ_INDEX[a.args[0]]
    fc = formation_of(st.board[s], p)
    assert fc is not None
    st.emit("resolve", player=p, place=SQ[s], card=fc[1], timing=timing)
    st.push("ordered_effects", (timing, 1 - p, (*done, s * 2 + p)))
    push_effects(st, p, s, fc[1], timing)


def push_effects(st: WalpurgisState, p: int, s: int, cid: str, timing: str) -> None:
    effs = st.cards[cid].timed[timing]
    for k in range(len(effs) - 1, -1, -1):
        st.push("effect", (p, s, cid, timing, k))


def effect(st: WalpurgisState, ctx: Any) -> None:
    """One effect of the vocabulary (§7, effects.py)."""
    p, _s, cid, timing, k = ctx
    e = st.cards[cid].timed[timing][k]
    op = e.op
    if op == "draw":
        draw(st, p, e.n)
    elif op == "recover":
        n = 0
        for _ in range(e.n):
            if st.piles[p]:
                st.deck[p].append(st.piles[p].pop(0))
                n += 1
        st.emit("recover", player=p, count=n)
    elif op == "protect":
        st.lasting.append((p, op))
        st.emit("lasting", player=p, op=op, card=cid)
    elif op == "set_beside":
        opts = beside_options(st, p)
        if opts:
            st.ask(p, "target", opts, "target", (p, op, p), f"{st.cards[cid].name}: set a card beside the field",
                   private=True)
    else:
        if op == "wake":
            owner, want = p, (DORMANT,)
        elif op == "turn_down":
            owner, want = (1 - p if e.who == "opponent" else p), (ACTIVATING,)
        else:  # flip_activating
            owner, want = p, (ACTIVE,)
        cards = st.cards
        opts = [
            A("target", SQ[q]) for q, sq in enumerate(st.board) for fc in sq
            if fc[0] == owner and fc[2] in want and not (op == "turn_down" and cards[fc[1]].no_face_down)
        ]  # a card that "does not turn face down" is no target for turning face down (docs decision 21)
        if opts:
            st.ask(p, "target", opts, "target", (p, op, owner), f"{st.cards[cid].name}: choose a target")


def beside_options(st: WalpurgisState, p: int) -> list[Action]:
    """``set_beside``: any card of ``p``'s hand (``target W-RM-07``)."""
    return [A("target", cid) for cid in distinct(st.hand[p])]


def ans_target(st: WalpurgisState, a: Action, ctx: Any) -> None:
    _p, op, owner = ctx
    if op == "set_beside":
        cid = a.args[0]
        st.hand[owner].remove(cid)
        st.aside[owner].append(cid)
        st.emit("set_beside", secret={"card": cid}, seen_by=(owner,), player=owner)
        return
    q = SQ_INDEX[a.args[0]]
    if op == "wake":
        fc = set_formation(st, q, owner, ACTIVE)
        st.emit("wake", secret={"card": fc[1]}, seen_by=(owner,), player=owner, place=SQ[q])
    elif op == "turn_down":
        fc = set_formation(st, q, owner, DORMANT)
        st.emit("turn_down", player=owner, place=SQ[q], card=fc[1])
    else:
        fc = set_formation(st, q, owner, ACTIVATING, NOSQ)
        st.emit("flip_activating", player=owner, place=SQ[q], card=fc[1])




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


# ---------------------------------------------------------------------- step 8 and end ②: A effects
def a_skippable(st: WalpurgisState, allow: int) -> bool:
    """May the owner turn a formation upright without applying its A effect? Only in the v2.01 end
    phase ② (7.3.2 「A効果を適用することができます」). The chain's step 8 (8.3.8 「A:以下の効果を
    適用します」) applies it, and so does v1.01 (no end phase, §8: 「アンタップする時に、Aに書いてある
    効果を解決します」)."""
    return not allow and not st.v1


def a_options(st: WalpurgisState, p: int, sus: tuple[int, ...], allow: int) -> list[Action]:
    """``upright SQ`` for each activating formation of ``p`` still to turn; in the chain also
    ``sustain SQ`` for a 持続 one; in the v2.01 end phase also ``upright SQ skip`` for one that has an
    A effect (a card without one has nothing to skip)."""
    opts: list[Action] = []
    cards = st.cards
    skip = a_skippable(st, allow)
    for s, sq in enumerate(st.board):
        for fc in sq:
            if fc[0] == p and fc[2] == ACTIVATING and s * 2 + p not in sus:
                opts.append(A("upright", SQ[s]))
                if skip and cards[fc[1]].timed["A"]:
                    opts.append(A("upright", SQ[s], "skip"))
                if allow and cards[fc[1]].persist:
                    opts.append(A("sustain", SQ[s]))
    return opts


def any_activating(st: WalpurgisState) -> bool:
    """Is there an activating formation on the field?"""
    for sq in compress(st.board, st.board):
        for fc in sq:
            if fc[2] == ACTIVATING:
                return True
    return False


def a_effects(st: WalpurgisState, ctx: Any) -> None:
    """§5.3 step 8 (8.3.8) and end ② (7.3.2): turn player first, then alternately, each player
    turns one activating formation upright — one decision per formation, naming which one. In the
    chain its A effect is applied and a 持続 card may ``sustain`` (stay activating); in the v2.01
    end phase the owner may apply the A effect (``upright 3c``) or not (``upright 3c skip``)."""
    p, sus, allow = ctx
    if not sus and not any_activating(st):
        return
    opts = a_options(st, p, sus, allow)
    if not opts:
        p = 1 - p
        opts = a_options(st, p, sus, allow)
        if not opts:
            return
    prompt = ("end phase: turn an activating formation upright (skip: without its A effect)"
              if a_skippable(st, allow) else "turn an activating formation upright")
    st.ask(p, "upright", opts, "upright", (p, sus, allow), prompt)


def ans_upright(st: WalpurgisState, a: Action, ctx: Any) -> None:
    p, sus, allow = ctx
    s = SQ_INDEX[a.args[0]]
    if a.verb == "sustain":
        fc = formation_of(st.board[s], p)
        assert fc is not None
        st.emit("sustain", player=p, place=SQ[s], card=fc[1])
        st.push("a_effects", (1 - p, (*sus, s * 2 + p), allow))
        return
    fc = set_formation(st, s, p, UP)
    st.push("a_effects", (1 - p, sus, allow))
    if a.args[1:] == ("skip",):  # §4 end ② (7.3.2): upright, its A effect not applied
        st.emit("upright", player=p, place=SQ[s], card=fc[1], skip=True)
        return
    st.emit("upright", player=p, place=SQ[s], card=fc[1])
    push_effects(st, p, s, fc[1], "A")


def chain_end(st: WalpurgisState, ctx: Any) -> None:
    """§5.3 step 9 ends the chain; v1.01 clears duds here (no end phase, §8); §6 a full board ends
    the game (both variants judge it here; v1.01 also right after a placement from hand, §8)."""
    if st.v1:
        end_duds(st, None)
    st.chain.clear()
    st.emit("chain_end")
    board_full_check(st)
