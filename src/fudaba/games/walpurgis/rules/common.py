"""What the steps of every part of the Walpurgis rules share (specs/walpurgis.md §1, §5.1, §5.2, §6).

Small helpers on the field and the zones (draw, a card leaving the field), §5.1 the activation
condition (rulebook 8.1), §5.2 the activation check and the activation itself (8.2), the bit
masks of the squares that make the §5.1 checks fast (the main phase and interception use them),
and §6 a full board ends the game (judged at chain end; v1.01 also after a placement from hand, §8).
"""

from __future__ import annotations

from itertools import compress

from ..cards import SQ, WCard
from ..state import (
    ACTIVATING,
    ACTIVE,
    BULLET_UP,
    DORMANT,
    UP,
    FieldCard,
    WalpurgisState,
)

# ====================================================================== small helpers
#: the square numbers 0..24 (``compress(SQUARES, board)``: the squares holding cards, in order)
SQUARES = range(25)


def distinct(ids: list[str]) -> list[str]:
    """Card ids in first-seen order, each once (duplicate copies give one action, ARCHITECTURE §5)."""
    return list(dict.fromkeys(ids))


def v1_first_main(st: WalpurgisState) -> bool:
    """§8 v1.01: each player's first main phase (turns 1 and 2)."""
    return st.v1 and st.turn <= 2


def has_formation(sq: tuple[FieldCard, ...]) -> bool:
    return any(fc[2] >= ACTIVE for fc in sq)


def formation_of(sq: tuple[FieldCard, ...], p: int) -> FieldCard | None:
    for fc in sq:
        if fc[0] == p and fc[2] >= ACTIVE:
            return fc
    return None


def set_formation(st: WalpurgisState, s: int, p: int, state: int, flags: int = 0) -> FieldCard:
    """Change the state of ``p``'s formation on square ``s``; returns the old field card."""
    sq = st.board[s]
    for i, fc in enumerate(sq):
        if fc[0] == p and fc[2] >= ACTIVE:
            st.board[s] = (*sq[:i], (p, fc[1], state, flags), *sq[i + 1:])
            return fc
    raise RuntimeError(f"engine bug: no formation of player {p} on {SQ[s]}")


def draw(st: WalpurgisState, p: int, n: int) -> int:
    """Draw up to ``n`` cards (an empty deck just stops); returns how many were drawn."""
    deck = st.deck[p]
    got = deck[:n]
    if not got:
        return 0
    del deck[: len(got)]
    st.hand[p].extend(got)
    st.emit("draw", secret={"cards": got}, seen_by=(p,), player=p, count=len(got))
    return len(got)


def to_pile(st: WalpurgisState, fc: FieldCard) -> None:
    """A bullet leaves the field face down to the top of its owner's bullet pile."""
    st.piles[fc[0]].insert(0, fc[1])


def to_discard(st: WalpurgisState, fc: FieldCard) -> None:
    st.discard[fc[0]].append(fc[1])


def leave(st: WalpurgisState, fc: FieldCard, s: int, why: str) -> None:
    """A card leaves square ``s``: a formation to the discard pile, a bullet to the bullet pile."""
    if fc[2] >= ACTIVE:
        to_discard(st, fc)
        st.emit("discard", player=fc[0], place=SQ[s], card=fc[1], reason=why)
    else:
        to_pile(st, fc)
        if fc[2] == BULLET_UP:
            st.emit("to_bullet_pile", player=fc[0], place=SQ[s], card=fc[1], reason=why)
        else:
            st.emit("to_bullet_pile", player=fc[0], place=SQ[s], reason=why)


def own_formation_count(st: WalpurgisState, p: int, exclude: int | None) -> int:
    """Formations of ``p`` on the field, not counting ``p``'s card on square ``exclude``."""
    n = 0
    for sq in st.board:
        for fc in sq:
            if fc[0] == p and fc[2] >= ACTIVE:
                n += 1
    return n - 1 if exclude is not None else n


# ====================================================================== §5.1 condition, §5.2 check
def condition_met(st: WalpurgisState, c: WCard, p: int, s: int) -> bool:
    """§5.1 (8.1): every condition square holds a formation of ``p`` with one of ``c``'s icons
    (face-down formations and サポート formations have every icon)."""
    cs = c.cond[p][s]
    if cs is None:
        return False
    board = st.board
    icons = c.icons
    cards = st.cards
    for q in cs:
        for fc in board[q]:
            if fc[0] == p:
                stt = fc[2]
                if stt in (ACTIVE, DORMANT):
                    break
                if stt >= UP:
                    k = cards[fc[1]]
                    if k.support or not icons.isdisjoint(k.icons):
                        break
        else:
            return False
    return True


def activation_ok(st: WalpurgisState, c: WCard, p: int, s: int, on_field: bool) -> bool:
    """§5.2 (8.2): the condition plus the conditions of the sub-effect text."""
    if not condition_met(st, c, p, s):
        return False
    return not (c.min_others and own_formation_count(st, p, s if on_field else None) < c.min_others)


def hand_square_ok(st: WalpurgisState, c: WCard, p: int, s: int) -> bool:
    """May ``c`` go from hand face up onto ``s`` as far as the square is concerned (§1, §7)?"""
    sq = st.board[s]
    if not has_formation(sq):
        return True
    if not c.on_opponent:
        return False
    # ミアズマスウィープ: onto an opponent's face-up formation (and none of yours)
    opp = False
    for fc in sq:
        if fc[2] >= ACTIVE:
            if fc[0] == p:
                return False
            if fc[2] >= UP:
                opp = True
    return opp



def field_masks(st: WalpurgisState, p: int) -> tuple[int, int, dict[str, int], int, list[tuple[int, str]]]:
    """Bit masks for fast condition checks (§5.1): squares holding any formation, squares with a
    formation of ``p`` that has every icon (face down or サポート), ``p``'s face-up formations per
    icon, the number of ``p``'s formations, and ``p``'s active formations as (square, card id), in
    square order."""
    fm = 0
    anyf = 0
    icon_m: dict[str, int] = {}
    n = 0
    act: list[tuple[int, str]] = []
    cards = st.cards
    board = st.board
    for s in compress(SQUARES, board):  # the squares holding cards
        for o, cid, stt, _f in board[s]:
            if stt >= ACTIVE:
                bit = 1 << s
                fm |= bit
                if o == p:
                    n += 1
                    if stt <= DORMANT:
                        anyf |= bit
                        if stt == ACTIVE:
                            act.append((s, cid))
                    else:
                        k = cards[cid]
                        if k.support:
                            anyf |= bit
                        else:
                            for ic in k.icons:
                                icon_m[ic] = icon_m.get(ic, 0) | bit
    return fm, anyf, icon_m, n, act


#: every square of the field, as a bit mask
ALL_SQUARES = (1 << 25) - 1


def ok_mask(c: WCard, anyf: int, icon_m: dict[str, int]) -> int:
    ok = anyf
    for ic in c.icons:
        ok |= icon_m.get(ic, 0)
    return ok


_SHIFTS: dict[tuple[WCard, int], tuple[int, tuple[int, ...]]] = {}


def cond_shifts(c: WCard, p: int) -> tuple[int, tuple[int, ...]]:
    """``c``'s condition squares for seat ``p`` as shifts: (the squares on which every condition
    square lies on the field, the square-number offset of each condition square). From square ``s``
    a condition square is ``s + offset`` whenever it is on the field (computed once per card)."""
    key = (c, p)
    got = _SHIFTS.get(key)
    if got is None:
        if len(_SHIFTS) >= 4096:  # cards of many positions loaded with their own cards
            _SHIFTS.clear()
        sign = 1 if p == 0 else -1  # seat 1 sees the matrix turned 180° (cards.py)
        valid = 0
        for s, m in enumerate(c.cmask[p]):
            if m >= 0:
                valid |= 1 << s
        got = _SHIFTS[key] = (valid, tuple(sign * (up * 5 + right) for up, right in c.main.cond))
    return got


def met_squares(c: WCard, p: int, ok: int) -> int:
    """The squares on which ``c``'s condition (§5.1) is met for ``p`` when ``ok`` holds the squares
    that satisfy a condition square: all its condition squares are on the field and in ``ok``."""
    out, shifts = cond_shifts(c, p)
    for d in shifts:
        out &= ok >> d if d >= 0 else ok << -d
    return out


_BITS = bytes.maketrans(b"01", b"\x00\x01")


def selector(mask: int) -> bytes:
    """``mask`` as one byte per bit, lowest first (``compress(items, selector(mask))``: the items
    whose bit is set, in order, at C speed)."""
    return format(mask, "b")[::-1].encode().translate(_BITS)


def squares_of(mask: int) -> tuple[int, ...]:
    """The squares of a bit mask, in square order."""
    return tuple(compress(SQUARES, selector(mask)))


#: ``_SPREAD[v]``: the 10 bits of ``v`` moved to the even bits 0, 2, …, 18
_SPREAD = tuple(sum((v >> i & 1) << 2 * i for i in range(10)) for v in range(1024))


def spread(mask: int) -> int:
    """A square mask with bit ``s`` moved to bit ``2s`` (to interleave two masks square by square)."""
    return _SPREAD[mask & 1023] | _SPREAD[mask >> 10 & 1023] << 20 | _SPREAD[mask >> 20 & 1023] << 40


#: ``both_selector`` by ``ups << 25 | downs`` (read directly on the hot path of ``main_options``)
BOTH_SELECTORS: dict[int, bytes] = {}


def both_selector(downs: int, ups: int) -> bytes:
    """The selector of ``place_actions(cid)[2]`` (``down`` and ``up`` interleaved square by square)
    that keeps face down on the squares of ``downs`` and face up on those of ``ups`` (cached)."""
    key = ups << 25 | downs
    got = BOTH_SELECTORS.get(key)
    if got is None:
        if len(BOTH_SELECTORS) >= 65536:
            BOTH_SELECTORS.clear()
        got = BOTH_SELECTORS[key] = selector(spread(downs) | spread(ups) << 1)
    return got



# ====================================================================== §5.2 activation, §5.3 chain
def activate(st: WalpurgisState, p: int, s: int, cid: str | None) -> None:
    """§5.2 (8.2) passed: the card becomes activating and its chain link starts (steps 1–4).
    ``cid`` given: from hand; None: ``p``'s active formation on ``s`` turns face up."""
    from_hand = cid is not None
    if cid is not None:
        st.hand[p].remove(cid)
        st.board[s] = (*st.board[s], (p, cid, ACTIVATING, 0))
    else:
        cid = set_formation(st, s, p, ACTIVATING)[1]
    c = st.cards[cid]
    st.emit(
        "activate", player=p, place=SQ[s], card=cid, source="hand" if from_hand else "field",
        interception=bool(st.chain),
    )
    if from_hand and placed_full(st):  # §8 v1.01: the game ends before this card's chain starts
        return
    idx = len(st.chain)
    st.chain.append((p, s, cid, c.tmask[p][s], c.destroy[p][s] if st.v1 else ()))
    st.push("interception_check", (idx,))
    st.push("bullet_placement", (idx, 1))
    st.push("b_effects", (idx,))
    if c.rapid:
        st.push("bullet_placement", (idx, 0))


# ====================================================================== §6 end of the game
def board_full(st: WalpurgisState) -> bool:
    """Does every square hold a formation? (Bullets do not count: a bullet is not a formation.)"""
    return all(has_formation(sq) for sq in st.board)


def board_full_check(st: WalpurgisState) -> bool:
    """§6 (2.1 「連鎖が終了した時点で」): when a chain ends and every square holds a formation, the
    game ends. v2.01: more formations, then more face-up formations, then more cards in deck;
    v1.01: formations only; else a draw. Called at chain end (§5.3 step 9) in both variants, and in
    v1.01 right after a placement from hand too (:func:`placed_full`)."""
    if not board_full(st):
        return False
    sc = st.compute_score()
    keys = ("formations",) if st.v1 else ("formations", "face_up", "deck")
    winner: int | None = None
    for k in keys:
        a, b = sc[k]
        if a != b:
            winner = 0 if a > b else 1
            break
    st.end_game(winner, "board full")
    return True


def placed_full(st: WalpurgisState) -> bool:
    """§8 v1.01 (「25マスの全てにカードが置かれた時にゲームは終了します」): the moment every square
    holds a formation the game ends — checked right after a placement from hand, face down or face
    up (a face-up one, an interception included, before its chain starts: no bullets, effects or
    interception follow). v2.01 waits for the chain's end (2.1): False, nothing happens."""
    return st.v1 and board_full_check(st)
