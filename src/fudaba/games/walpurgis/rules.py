"""Walpurgis rules as resumable steps, mirroring the spec (specs/walpurgis.md §3–§8).

Every step is ``fn(state, ctx)`` registered in :data:`STEPS`; every answer handler is
``fn(state, action, ctx)`` in :data:`ANSWERS`. Contexts are tuples of ints and strings. Section
comments name the spec clause (and the rulebook's own number in parentheses).
"""

from __future__ import annotations

import re
from itertools import compress
from typing import Any

from ...core.actions import Action, Decision
from .actions import DONE, END, KIND_VERBS, PASS, PLACE_ACTIONS, A, label, place_actions
from .cards import SQ, SQ_INDEX, WCard
from .state import (
    ACTIVATING,
    ACTIVE,
    BULLET,
    BULLET_UP,
    DORMANT,
    JA_WORDS,
    NOSQ,
    UP,
    WORDS,
    FieldCard,
    WState,
)

Step = Any


# ====================================================================== small helpers
#: the square numbers 0..24 (``compress(SQUARES, board)``: the squares holding cards, in order)
SQUARES = range(25)


def distinct(ids: list[str]) -> list[str]:
    """Card ids in first-seen order, each once (duplicate copies give one action, ARCHITECTURE §5)."""
    return list(dict.fromkeys(ids))


def has_formation(sq: tuple[FieldCard, ...]) -> bool:
    return any(fc[2] >= ACTIVE for fc in sq)


def formation_of(sq: tuple[FieldCard, ...], p: int) -> FieldCard | None:
    for fc in sq:
        if fc[0] == p and fc[2] >= ACTIVE:
            return fc
    return None


def set_formation(st: WState, s: int, p: int, state: int, flags: int = 0) -> FieldCard:
    """Change the state of ``p``'s formation on square ``s``; returns the old field card."""
    sq = st.board[s]
    for i, fc in enumerate(sq):
        if fc[0] == p and fc[2] >= ACTIVE:
            st.board[s] = (*sq[:i], (p, fc[1], state, flags), *sq[i + 1:])
            return fc
    raise RuntimeError(f"engine bug: no formation of player {p} on {SQ[s]}")


def draw(st: WState, p: int, n: int) -> int:
    """Draw up to ``n`` cards (an empty deck just stops); returns how many were drawn."""
    deck = st.decks[p]
    got = deck[:n]
    if not got:
        return 0
    del deck[: len(got)]
    st.hands[p].extend(got)
    st.emit("draw", secret={"cards": got}, seen_by=(p,), player=p, count=len(got))
    return len(got)


def to_pile(st: WState, fc: FieldCard) -> None:
    """A bullet leaves the field face down to the top of its owner's bullet pile."""
    st.piles[fc[0]].insert(0, fc[1])


def to_discard(st: WState, fc: FieldCard) -> None:
    st.discards[fc[0]].append(fc[1])


def leave(st: WState, fc: FieldCard, s: int, why: str) -> None:
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


def own_formation_count(st: WState, p: int, exclude: int | None) -> int:
    """Formations of ``p`` on the field, not counting ``p``'s card on square ``exclude``."""
    n = 0
    for sq in st.board:
        for fc in sq:
            if fc[0] == p and fc[2] >= ACTIVE:
                n += 1
    return n - 1 if exclude is not None else n


# ====================================================================== §5.1 condition, §5.2 check
def condition_met(st: WState, c: WCard, p: int, s: int) -> bool:
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


def activation_ok(st: WState, c: WCard, p: int, s: int, on_field: bool) -> bool:
    """§5.2 (8.2): the condition plus the conditions of the sub-effect text."""
    if not condition_met(st, c, p, s):
        return False
    return not (c.min_others and own_formation_count(st, p, s if on_field else None) < c.min_others)


def hand_square_ok(st: WState, c: WCard, p: int, s: int) -> bool:
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


# ====================================================================== §3 setup
def setup(st: WState, ctx: Any) -> None:
    """§3 (5): each player sets a 通常弾 aside, then deal, mulligan, add it back."""
    st.push("setup_deal")
    st.push("setup_set", (1,))
    st.push("setup_set", (0,))


def setup_set(st: WState, ctx: Any) -> None:
    """§3 ①: take one 通常弾 out of the deck (a choice when there are several kinds)."""
    p = ctx[0]
    opts = setup_options(st, p)
    if opts:
        st.ask(p, "setup", opts, "set", (p,), "set a 通常弾 aside", private=True)


def setup_options(st: WState, p: int) -> list[Action]:
    return [A("set", cid) for cid in distinct(st.decks[p]) if st.cards[cid].is_normal]


def ans_set(st: WState, a: Action, ctx: Any) -> None:
    p = ctx[0]
    cid = a.args[0]
    st.decks[p].remove(cid)
    st.aside[p].append(cid)
    st.emit("set_aside", secret={"card": cid}, seen_by=(p,), player=p)


def setup_deal(st: WState, ctx: Any) -> None:
    """§3 ②–④: shuffle, decide the first player, draw 5."""
    for p in (0, 1):
        st.rng.shuffle(st.decks[p])
    first = st.game.params["first"]
    st.first = st.active = st.rng.randbelow(2) if first == "random" else int(first)
    st.emit("first_player", player=st.first)
    n = max(0, int(st.game.params["starting_hand"]) - 1)
    for p in (st.first, 1 - st.first):
        draw(st, p, n)
    st.push("setup_add")
    st.push("mulligan", (1 - st.first, 0))
    st.push("mulligan", (st.first, 0))


def mulligan(st: WState, ctx: Any) -> None:
    """§3 ⑤: once, put any number of the drawn cards on the deck bottom (one at a time), then
    draw as many."""
    p, k = ctx
    st.ask(p, "mulligan", mulligan_options(st, p), "mulligan", (p, k), "mulligan: put cards on the deck bottom",
           private=True)


def mulligan_options(st: WState, p: int) -> list[Action]:
    return [*(A("bottom", cid) for cid in distinct(st.hands[p])), DONE]


def ans_mulligan(st: WState, a: Action, ctx: Any) -> None:
    p, k = ctx
    if a is DONE:
        st.emit("mulligan", player=p, count=k)
        draw(st, p, k)
        return
    cid = a.args[0]
    st.hands[p].remove(cid)
    st.decks[p].append(cid)
    st.emit("bottom", secret={"card": cid}, seen_by=(p,), player=p)
    st.push("mulligan", (p, k + 1))


def setup_add(st: WState, ctx: Any) -> None:
    """§3 ⑥: the set-aside 通常弾 joins the hand; then the initial placement (v2.01)."""
    for p in (0, 1):
        st.hands[p].extend(st.aside[p])
        st.aside[p].clear()
    if st.v1:
        # §8: v1.01 has no initial placement (the first main phases replace it)
        st.push("turn_start")
    else:
        st.phase = "initial"
        st.push("turn_start")
        st.push("initial_placement", (1 - st.first,))
        st.push("initial_placement", (st.first,))


def initial_placement(st: WState, ctx: Any) -> None:
    """§3 (6): the first player places a 通常弾 face up anywhere (not 3c with ``ban_centre``);
    the second player draws 1 and places one on any empty square. No conditions, no chain."""
    p = ctx[0]
    if p != st.first:
        draw(st, p, 1)
    opts = initial_options(st, p)
    if not opts:
        st.end_game(1 - p, "no 通常弾 to place")  # §6 (2.2.1)
        return
    st.ask(p, "initial", opts, "initial", (p,), "initial placement: a 通常弾 face up")


def initial_options(st: WState, p: int) -> list[Action]:
    opts: list[Action] = []
    ban = p == st.first and st.game.params["ban_centre"]
    for cid in distinct(st.hands[p]):
        if st.cards[cid].is_normal:
            for s in range(25):
                if st.board[s] or (ban and s == 12):
                    continue
                opts.append(A("place", cid, SQ[s], "up"))
    return opts


def ans_initial(st: WState, a: Action, ctx: Any) -> None:
    p = ctx[0]
    cid, sqn, _ = a.args
    s = SQ_INDEX[sqn]
    st.hands[p].remove(cid)
    st.board[s] = (*st.board[s], (p, cid, UP, 0))
    st.emit("place", player=p, place=sqn, face="up", card=cid, initial=True)


# ====================================================================== §4 turn
def turn_start(st: WState, ctx: Any) -> None:
    """§4: a new turn; §6 ``turn_limit`` ends the game as a draw."""
    if st.turn > st.game.params["turn_limit"]:
        st.end_game(None, "turn limit")
        return
    st.phase = "prepare"
    st.placed = st.activated = False
    st.emit("turn", turn=st.turn, player=st.active)
    st.push("main_start")
    st.push("prepare_draw")
    st.push("prepare_recover")
    st.push("prepare_wake")


def prepare_wake(st: WState, ctx: Any) -> None:
    """§4 prepare ① (7.1.1): choose one of your dormant formations and make it active.
    v1.01 (開始フェイズ 1): 「活動状態にすることが出来ます」 — optional, so `pass` is offered too
    (docs/walpurgis.md decision 25)."""
    p = st.active
    board = st.board
    opts = [A("wake", SQ[s]) for s in compress(SQUARES, board) for fc in board[s] if fc[0] == p and fc[2] == DORMANT]
    if opts:
        if st.v1:
            opts.append(A("pass"))
        st.ask(p, "wake", opts, "wake", None, "prepare: wake a dormant formation")


def ans_wake(st: WState, a: Action, ctx: Any) -> None:
    p = st.active if ctx is None else ctx[0]
    if a.verb == "pass":  # v1.01 only: the dormant formations stay dormant
        st.emit("wake_pass", player=p)
        return
    s = SQ_INDEX[a.args[0]]
    fc = set_formation(st, s, p, ACTIVE)
    st.emit("wake", secret={"card": fc[1]}, seen_by=(p,), player=p, place=SQ[s])


def prepare_recover(st: WState, ctx: Any) -> None:
    """§4 prepare ② (7.1.2): the top card of the bullet pile goes to the deck bottom."""
    p = st.active
    if st.piles[p]:
        st.decks[p].append(st.piles[p].pop(0))
        st.emit("recover", player=p, count=1)


def prepare_draw(st: WState, ctx: Any) -> None:
    """§4 prepare ③ (7.1.3): draw 1; an empty deck loses (§6). v1.01 (§8): no draw on turn 1, and
    no deck-out loss — an empty deck draws nothing."""
    p = st.active
    if st.v1 and st.turn == 1:
        return
    if st.v1:
        draw(st, p, 1)
        return
    if not st.decks[p]:
        st.end_game(1 - p, "deck out")
        return
    draw(st, p, 1)


def main_start(st: WState, ctx: Any) -> None:
    st.phase = "main"
    st.push("main")


def v1_first_main(st: WState) -> bool:
    """§8 v1.01: each player's first main phase (turns 1 and 2)."""
    return st.v1 and st.turn <= 2


def field_masks(st: WState, p: int) -> tuple[int, int, dict[str, int], int, int]:
    """Bit masks for fast condition checks (§5.1): squares holding any formation, squares with a
    formation of ``p`` that has every icon (face down or サポート), ``p``'s face-up formations per
    icon, the number of ``p``'s formations, and the squares of ``p``'s active formations."""
    fm = 0
    anyf = 0
    icon_m: dict[str, int] = {}
    n = 0
    act = 0
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
                            act |= bit
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


def main_options(st: WState) -> list[Action]:
    """§4 main (7.2): one placement, one activation, or ``end``."""
    p = st.active
    board = st.board
    cards = st.cards
    opts: list[Action] = []
    if v1_first_main(st):
        # §8 v1.01: only a 通常弾 face up, conditions waived
        free = [s for s in SQUARES if not has_formation(board[s])]
        for cid in distinct(st.hands[p]):
            if cards[cid].is_normal:
                up = place_actions(cid)[1]
                opts += [up[s] for s in free]
        return opts
    if st.placed and st.activated:
        return [END]  # one placement and one activation per main phase (7.2): nothing else is left
    fm, anyf, icon_m, nforms, act = field_masks(st, p)
    if not st.placed:
        empty = ~fm & ALL_SQUARES  # face down: any square without a formation
        downs = selector(empty)
        evens = spread(empty)
        # the hottest loop of a Walpurgis game: place_actions, ok_mask and met_squares inlined
        for cid in distinct(st.hands[p]):
            c = cards[cid]
            down, _up, both = PLACE_ACTIONS.get(cid) or place_actions(cid)
            ups = 0  # face up: the condition is met (§5.1), on an empty square or (§7) onto the opponent's
            if nforms >= c.min_others:
                ok = anyf
                for ic in c.icons:
                    ok |= icon_m.get(ic, 0)
                met, shifts = _SHIFTS.get((c, p)) or cond_shifts(c, p)
                for d in shifts:
                    met &= ok >> d if d >= 0 else ok << -d
                ups = met & ~fm
                if c.on_opponent:
                    for s in squares_of(met & fm):
                        if hand_square_ok(st, c, p, s):
                            ups |= 1 << s
            # square by square: ``place CID SQ down``, then ``place CID SQ up``
            opts += compress(both, selector(evens | spread(ups) << 1)) if ups else compress(down, downs)
    if not st.activated:
        for s in squares_of(act):
            for fc in board[s]:
                if fc[0] == p and fc[2] == ACTIVE:
                    c = cards[fc[1]]
                    m = c.cmask[p][s]
                    if m >= 0 and nforms - 1 >= c.min_others and not m & ~ok_mask(c, anyf, icon_m):
                        opts.append(A("activate", SQ[s]))
    opts.append(END)
    return opts


def main(st: WState, ctx: Any) -> None:
    p = st.active
    opts = main_options(st)
    if not opts:
        st.end_game(1 - p, "no 通常弾 to place")  # §6 (2.2.1), v1.01 first main phase
        return
    st.ask(p, "main", opts, "main", None, "main phase")


def ans_main(st: WState, a: Action, ctx: Any) -> None:
    p = st.active
    verb = a.verb
    if verb == "end":
        st.emit("end_main", player=p)
        st.push("main_end")
        return
    if verb == "activate":
        st.activated = True
        st.push("main")
        activate(st, p, SQ_INDEX[a.args[0]], None)
        return
    cid, sqn, face = a.args
    s = SQ_INDEX[sqn]
    st.placed = True
    if v1_first_main(st):
        # §8 v1.01: face up, no bullets, no interception; the main phase ends
        st.hands[p].remove(cid)
        st.board[s] = (*st.board[s], (p, cid, UP, 0))
        st.emit("place", player=p, place=sqn, face="up", card=cid)
        st.push("main_end")
        return
    st.push("main")
    if face == "down":
        # §4 placement (7.2.1): face down, no condition, no chain — and so no §6 (2.1) full-board
        # check: a board this fills is judged when the next chain ends
        st.hands[p].remove(cid)
        st.board[s] = (*st.board[s], (p, cid, ACTIVE, 0))
        st.emit("place", secret={"card": cid}, seen_by=(p,), player=p, place=sqn, face="down")
    else:
        activate(st, p, s, cid)


def main_end(st: WState, ctx: Any) -> None:
    """§4 (7.2.3): neither placed nor activated -> draw 2 (an empty deck does not lose)."""
    if not st.placed and not st.activated:
        draw(st, st.active, 2)
    st.phase = "end"
    push_end_phase(st)


def push_end_phase(st: WState) -> None:
    """§4 end (7.3) ①–④ (v1.01 keeps ② for 持続 formations and ④, decision 9 of docs)."""
    st.push("end_turn")
    st.push("end_cleanup")
    st.push("ordered_effects", ("turn_end", st.active, ()))
    st.push("end_hand_limit")
    st.push("a_effects", (st.active, (), 0))
    st.push("end_duds")


def end_duds(st: WState, ctx: Any) -> None:
    """§4 end ① (7.3.1): every bullet still on the field goes to its owner's bullet pile."""
    board = st.board
    for s in list(compress(SQUARES, board)):
        sq = board[s]
        for fc in sq:
            if fc[2] < ACTIVE:
                break
        else:
            continue  # no bullet here
        keep = []
        for fc in sq:
            if fc[2] < ACTIVE:
                leave(st, fc, s, "dud")
            else:
                keep.append(fc)
        board[s] = tuple(keep)


def end_hand_limit(st: WState, ctx: Any) -> None:
    """§4 end ③ (7.3.3): 7 or more cards -> discard down to 6 (own choice). The parameter
    ``hand_limit`` decides (v1.01 has none: its default is 0; a value given for v1.01 is applied)."""
    limit = st.game.params["hand_limit"]
    p = st.active
    if limit <= 0 or len(st.hands[p]) <= limit:
        return
    st.ask(p, "discard", discard_options(st, p), "discard", None, f"discard down to {limit}")


def discard_options(st: WState, p: int) -> list[Action]:
    return [A("discard", cid) for cid in distinct(st.hands[p])]


def ans_discard(st: WState, a: Action, ctx: Any) -> None:
    p = st.active
    cid = a.args[0]
    st.hands[p].remove(cid)
    st.discards[p].append(cid)
    st.emit("discard", player=p, card=cid, reason="hand limit")
    st.push("end_hand_limit")


def end_cleanup(st: WState, ctx: Any) -> None:
    """§4 end ④ (7.3.4), after the "at end of turn" effects (``turn_end``, run by
    ``ordered_effects`` just before): "until end of turn" effects end, then the cards set beside
    the field go to their owners' discard piles (turn player first)."""
    if st.lasting:
        for p, op in st.lasting:
            st.emit("lasting_end", player=p, op=op)
        st.lasting.clear()
    tp = st.active
    for p in (tp, 1 - tp):
        if st.aside[p]:
            for cid in st.aside[p]:
                st.discards[p].append(cid)
                st.emit("discard", player=p, card=cid, reason="set beside the field")
            st.aside[p].clear()


def end_turn(st: WState, ctx: Any) -> None:
    """§4 end: the turn is over; the next player's turn starts."""
    st.emit("end_turn", player=st.active)
    st.turn += 1
    st.active = 1 - st.active
    st.push("turn_start")


# ====================================================================== §5.2 activation, §5.3 chain
def activate(st: WState, p: int, s: int, cid: str | None) -> None:
    """§5.2 (8.2) passed: the card becomes activating and its chain link starts (steps 1–4).
    ``cid`` given: from hand; None: ``p``'s active formation on ``s`` turns face up."""
    from_hand = cid is not None
    if cid is not None:
        st.hands[p].remove(cid)
        st.board[s] = (*st.board[s], (p, cid, ACTIVATING, 0))
    else:
        cid = set_formation(st, s, p, ACTIVATING)[1]
    c = st.cards[cid]
    st.emit(
        "activate", player=p, place=SQ[s], card=cid, source="hand" if from_hand else "field",
        interception=bool(st.chain),
    )
    idx = len(st.chain)
    st.chain.append((p, s, cid, c.tmask[p][s], c.destroy[p][s] if st.v1 else ()))
    st.push("interception_check", (idx,))
    st.push("bullet_placement", (idx, 1))
    st.push("b_effects", (idx,))
    if c.rapid:
        st.push("bullet_placement", (idx, 0))


def bullet_placement(st: WState, ctx: Any) -> None:
    """§5.3 step 1 (速射, sub matrix) and step 3 (main matrix): face-down bullets from the deck top
    on any subset of the bullet squares, one at a time, ``done`` to stop."""
    idx, kind = ctx
    p, s, cid = st.chain[idx][:3]
    c = st.cards[cid]
    ask_bullets(st, idx, kind, (c.sub_bullet if kind == 0 else c.bullet)[p][s])


def ask_bullets(st: WState, idx: int, kind: int, remaining: tuple[int, ...]) -> None:
    p = st.chain[idx][0]
    if not remaining or not st.decks[p]:
        return
    opts = [A("bullet", SQ[q]) for q in remaining]
    opts.append(DONE)
    st.ask(p, "bullet", opts, "bullet", (idx, kind, remaining), "rapid-fire bullets" if kind == 0 else "bullets")


def ans_bullet(st: WState, a: Action, ctx: Any) -> None:
    idx, kind, remaining = ctx
    if a is DONE:
        return
    q = SQ_INDEX[a.args[0]]
    rec = st.chain[idx]
    p = rec[0]
    cid = st.decks[p].pop(0)
    up = st.cards[rec[2]].face_up_bullets
    st.board[q] = (*st.board[q], (p, cid, BULLET_UP if up else BULLET, 0))
    if up:
        st.emit("bullet", player=p, place=SQ[q], face="up", card=cid)
    else:
        st.emit("bullet", player=p, place=SQ[q], face="down")
    st.chain[idx] = (p, rec[1], rec[2], rec[3] | (1 << q), rec[4])
    ask_bullets(st, idx, kind, tuple(x for x in remaining if x != q))


def b_effects(st: WState, ctx: Any) -> None:
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


def interception_options(st: WState, q: int, target: int) -> list[Action]:
    """§5.3 step 4 (8.4): activations of ``q`` meeting the condition whose condition, bullet or
    destroy squares overlap ``target`` (the previous activation's C/X squares and bullets)."""
    board = st.board
    cards = st.cards
    fm, anyf, icon_m, nforms, act = field_masks(st, q)
    opts: list[Action] = []
    hit = squares_of(target)
    for cid in distinct(st.hands[q]):
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
    for s in squares_of(act):
        for fc in board[s]:
            if fc[0] == q and fc[2] == ACTIVE:
                c = cards[fc[1]]
                m = c.cmask[q][s]
                if c.foot[q][s] & target and m >= 0 and not m & ~ok_mask(c, anyf, icon_m) and (
                    nforms - 1 >= c.min_others
                ):
                    opts.append(A("activate", SQ[s]))
    return opts


def interception_check(st: WState, ctx: Any) -> None:
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


def ans_intercept(st: WState, a: Action, ctx: Any) -> None:
    q = 1 - st.chain[ctx[0]][0]
    if a is PASS:
        st.emit("pass", player=q)
        push_resolution(st)
    elif a.verb == "activate":
        activate(st, q, SQ_INDEX[a.args[0]], None)
    else:
        activate(st, q, SQ_INDEX[a.args[1]], a.args[0])


def push_resolution(st: WState) -> None:
    """§5.3 steps 5–9."""
    tp = st.active
    st.push("chain_end")
    st.push("ordered_effects", ("chain_end", tp, ()))
    st.push("a_effects", (tp, (), 1))
    st.push("destroy_processing")
    st.push("bullet_processing", (0,))
    st.push("ordered_effects", ("D", tp, ()))


# ---------------------------------------------------------------------- steps 5 and 9: ordered effects
def ordered_candidates(st: WState, timing: str, done: tuple[int, ...]) -> tuple[list[int], list[int]]:
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


def ordered_effects(st: WState, ctx: Any) -> None:
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


def ans_resolve(st: WState, a: Action, ctx: Any) -> None:
    timing, p, done = ctx
    s = SQ_INDEX[a.args[0]]
    fc = formation_of(st.board[s], p)
    assert fc is not None
    st.emit("resolve", player=p, place=SQ[s], card=fc[1], timing=timing)
    st.push("ordered_effects", (timing, 1 - p, (*done, s * 2 + p)))
    push_effects(st, p, s, fc[1], timing)


def push_effects(st: WState, p: int, s: int, cid: str, timing: str) -> None:
    effs = st.cards[cid].timed[timing]
    for k in range(len(effs) - 1, -1, -1):
        st.push("effect", (p, s, cid, timing, k))


def effect(st: WState, ctx: Any) -> None:
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
                st.decks[p].append(st.piles[p].pop(0))
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


def beside_options(st: WState, p: int) -> list[Action]:
    """``set_beside``: any card of ``p``'s hand (``target W-RM-07``)."""
    return [A("target", cid) for cid in distinct(st.hands[p])]


def ans_target(st: WState, a: Action, ctx: Any) -> None:
    _p, op, owner = ctx
    if op == "set_beside":
        cid = a.args[0]
        st.hands[owner].remove(cid)
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


# ---------------------------------------------------------------------- step 6: bullet processing
def bullet_processing(st: WState, ctx: Any) -> None:
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


def one_player_keep(st: WState, ctx: Any) -> None:
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
    opts = [A("keep", SQ[s], lab) for lab in own_labels(sq, o)]
    st.ask(o, "keep", opts, "keep", (s,), f"bullet processing {SQ[s]}: keep one card", private=True)


def ans_keep(st: WState, a: Action, ctx: Any) -> None:
    s = ctx[0]
    sq = st.board[s]
    keep_card(st, s, find_card(sq, sq[0][0], a.args[1]))


def keep_card(st: WState, s: int, i: int) -> None:
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


def two_player_round(st: WState, ctx: Any) -> None:
    """§5.3 step 6, both players' cards (8.3.6.2): each player picks one own card, at the same
    time — sealed picks (core): asked turn player first, each hidden from the other player until
    both are given, then revealed together."""
    s = ctx[0]
    p = st.active
    st.push("hits", (s,))
    st.push("hit_pick", (s, 1 - p))
    st.push("hit_pick", (s, p))


def hit_pick(st: WState, ctx: Any) -> None:
    s, q = ctx
    st.ask(q, "hit", hit_options(st, s, q), "hit", (s, q), f"bullet processing {SQ[s]}: pick a card of yours",
           sealed={"place": SQ[s]})


def hit_options(st: WState, s: int, q: int) -> list[Action]:
    return [A("hit", SQ[s], lab) for lab in own_labels(st.board[s], q)]


def hits(st: WState, ctx: Any) -> None:
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


def degrade(st: WState, fc: FieldCard) -> FieldCard | None:
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


def face_down(st: WState, fc: FieldCard) -> FieldCard:
    o, cid, stt, _f = fc
    if stt >= UP and not st.cards[cid].no_face_down:
        return (o, cid, DORMANT, 0)
    if stt == BULLET_UP:
        return (o, cid, BULLET, 0)
    return fc


def is_up(fc: FieldCard) -> bool:
    return fc[2] >= UP or fc[2] == BULLET_UP


def v1_pair(st: WState, a: FieldCard, b: FieldCard, i: int, j: int) -> dict[int, FieldCard | None]:
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


# ---------------------------------------------------------------------- step 7: destroy processing
def destroy_processing(st: WState, ctx: Any) -> None:
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
                    st.hands[owner].append(fc[1])
                    if fc[2] >= UP:
                        st.emit("bounce", player=owner, place=SQ[q], card=fc[1])
                    else:  # a face-down formation goes to a hand unseen: only its owner learns it (§1)
                        st.emit("bounce", secret={"card": fc[1]}, seen_by=(owner,), player=owner, place=SQ[q],
                                state=WORDS[fc[2]])
                else:
                    st.discards[owner].append(fc[1])
                    st.emit("destroy", player=owner, place=SQ[q], card=fc[1])
                break


# ---------------------------------------------------------------------- step 8 and end ②: A effects
def a_skippable(st: WState, allow: int) -> bool:
    """May the owner turn a formation upright without applying its A effect? Only in the v2.01 end
    phase ② (7.3.2 「A効果を適用することができます」). The chain's step 8 (8.3.8 「A:以下の効果を
    適用します」) applies it, and so does v1.01 (no end phase, §8: 「アンタップする時に、Aに書いてある
    効果を解決します」)."""
    return not allow and not st.v1


def a_options(st: WState, p: int, sus: tuple[int, ...], allow: int) -> list[Action]:
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


def any_activating(st: WState) -> bool:
    """Is there an activating formation on the field?"""
    for sq in compress(st.board, st.board):
        for fc in sq:
            if fc[2] == ACTIVATING:
                return True
    return False


def a_effects(st: WState, ctx: Any) -> None:
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


def ans_upright(st: WState, a: Action, ctx: Any) -> None:
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


def chain_end(st: WState, ctx: Any) -> None:
    """§5.3 step 9 ends the chain; v1.01 clears duds here (no end phase, §8); §6 board full."""
    if st.v1:
        end_duds(st, None)
    st.chain.clear()
    st.emit("chain_end")
    board_full_check(st)


# ====================================================================== §6 end of the game
def board_full_check(st: WState) -> bool:
    """§6 (2.1 「連鎖が終了した時点で」): when a chain ends and every square holds a formation, the
    game ends. v2.01: more formations, then more face-up formations, then more cards in deck;
    v1.01: formations only; else a draw. Called at chain end only (§5.3 step 9)."""
    for sq in st.board:
        if not has_formation(sq):
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


# ====================================================================== resample support
def decision_options(st: WState, d: Decision) -> list[Action]:
    """The options of decision ``d`` computed again in ``st`` by the functions the rules use: the
    core's ``resample`` hook, after the cards its seat cannot see were dealt again. A decision may
    name cards of a hand or of face-down formations (and a sealed ``hit`` pick is drawn again among
    these options)."""
    q = d.player
    h = d.handler
    ctx = d.ctx
    if h == "set":
        return setup_options(st, q)
    if h == "mulligan":
        return mulligan_options(st, q)
    if h == "initial":
        return initial_options(st, q)
    if h == "main":
        return main_options(st)
    if h == "intercept":
        return [*interception_options(st, q, st.chain[ctx[0]][3]), PASS]
    if h == "keep":
        return [A("keep", SQ[ctx[0]], lab) for lab in own_labels(st.board[ctx[0]], q)]
    if h == "hit":
        return hit_options(st, ctx[0], q)
    if h == "discard":
        return discard_options(st, q)
    if h == "target" and ctx[1] == "set_beside":
        return beside_options(st, q)
    return list(d.options)  # options that name squares only (bullet, wake, resolve, upright, target a square)


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
Msg = tuple[str, str]


def _r(en: str, ja: str) -> Msg:
    return en, ja


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


def explain(st: WState, a: Action, lang: str = "en") -> str:
    """Why ``a`` is not legal now, naming the rule: our spec's section and the rulebook's number
    (``lang`` "ja": in Japanese, with the same references)."""
    msg = _explain(st, a)[1 if lang == "ja" else 0]
    for pat, rep in _RULEBOOK:
        msg = pat.sub(rep, msg)
    return msg


def _explain(st: WState, a: Action) -> Msg:
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
        return _r(f"{args[0]} is not a card in your hand to set beside the field (§4 end ④, §7 set_beside)",
                  f"{args[0]}は手札のカードではないため、場の脇に置けません (§4 end ④, §7 set_beside)")
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


def explain_upright(st: WState, a: Action, ctx: Any) -> Msg:
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


def _cond_failure(st: WState, c: WCard, p: int, s: int, on_field: bool) -> Msg | None:
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


def explain_place(st: WState, a: Action, kind: str, p: int) -> Msg:
    args = a.args
    if len(args) != 3 or args[1].lower() not in SQ_INDEX or args[2] not in ("up", "down"):
        return _r("write 'place CARD SQUARE up|down', e.g. 'place W-RM-03 2d up' (§9)",
                  "「place カード マス up|down」の形で指定してください(例:「place W-RM-03 2d up」) (§9)")
    cid, sqn, face = args[0], args[1].lower(), args[2]
    c = st.cards.get(cid)
    if c is None:
        return _r(f"unknown card {cid!r}", f"{cid!r}というカードはありません")
    if cid not in st.hands[p]:
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


def explain_activate(st: WState, a: Action, kind: str, p: int) -> Msg:
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


STEPS: dict[str, Any] = {
    "setup": setup,
    "setup_set": setup_set,
    "setup_deal": setup_deal,
    "mulligan": mulligan,
    "setup_add": setup_add,
    "initial_placement": initial_placement,
    "turn_start": turn_start,
    "prepare_wake": prepare_wake,
    "prepare_recover": prepare_recover,
    "prepare_draw": prepare_draw,
    "main_start": main_start,
    "main": main,
    "main_end": main_end,
    "end_duds": end_duds,
    "end_hand_limit": end_hand_limit,
    "end_cleanup": end_cleanup,
    "end_turn": end_turn,
    "bullet_placement": bullet_placement,
    "b_effects": b_effects,
    "interception_check": interception_check,
    "ordered_effects": ordered_effects,
    "effect": effect,
    "bullet_processing": bullet_processing,
    "one_player_keep": one_player_keep,
    "two_player_round": two_player_round,
    "hit_pick": hit_pick,
    "hits": hits,
    "destroy_processing": destroy_processing,
    "a_effects": a_effects,
    "chain_end": chain_end,
}

ANSWERS: dict[str, Any] = {
    "set": ans_set,
    "mulligan": ans_mulligan,
    "initial": ans_initial,
    "wake": ans_wake,
    "main": ans_main,
    "discard": ans_discard,
    "bullet": ans_bullet,
    "intercept": ans_intercept,
    "resolve": ans_resolve,
    "target": ans_target,
    "keep": ans_keep,
    "upright": ans_upright,
}

WState.STEPS = STEPS
WState.ANSWERS = ANSWERS
