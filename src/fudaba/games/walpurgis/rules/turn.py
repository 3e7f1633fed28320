"""§4 the turn (rulebook 7): the prepare phase (wake ①, recover ②, draw ③), the main phase (one
placement, one activation or end; v1.01's first main phase, §8) and the end phase (duds ①, the A
effects ② — in ``chain.py`` —, the hand limit ③, clean-up ④) (specs/walpurgis.md §4, §8).
Decisions: a dormant formation to wake (``WAKE``), the main phase's move (``MAIN``), a card to
discard down to the hand limit (``DISCARD``).
"""

from __future__ import annotations

from itertools import compress
from typing import Any

from ....core.actions import Action
from ....core.errors import Refusal
from ..actions import ACTIVATE, END, A, place_actions
from ..cards import SQ, SQ_INDEX, WCard
from ..state import (
    ACTIVE,
    DORMANT,
    UP,
    WalpurgisState,
)
from .common import (
    ALL_SQUARES,
    BOTH_SELECTORS,
    SQUARES,
    activate,
    both_selector,
    cond_shifts,
    distinct,
    draw,
    field_masks,
    hand_square_ok,
    has_formation,
    leave,
    ok_mask,
    placed_full,
    selector,
    set_formation,
    squares_of,
    v1_first_main,
)
from .kind import WalpurgisKind, card_refusal, refuse, square_refusal
from .refusals import V1_FIRST_MAIN, PlacingKind

#: see ``_MAIN``
MainInfo = tuple[int, tuple[str, ...], int, tuple[int, ...], bool, tuple[Action, ...], tuple[Action, ...]]


# ====================================================================== §4 turn
def turn_start(st: WalpurgisState, ctx: Any) -> None:
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


def prepare_wake(st: WalpurgisState, ctx: Any) -> None:
    """§4 prepare ① (7.1.1): choose one of your dormant formations and make it active.
    v1.01 (開始フェイズ 1): 「活動状態にすることが出来ます」 — optional, so `pass` is offered too
    (docs/walpurgis.md decision 25)."""
    p = st.active
    opts = wake_options(st, p)
    if opts:
        st.ask(WAKE, p, None, opts)


def wake_options(st: WalpurgisState, p: int) -> list[Action]:
    """``wake SQ`` for each dormant formation of ``p``; v1.01 adds ``pass`` (none means no decision)."""
    board = st.board
    opts = [A("wake", SQ[s]) for s in compress(SQUARES, board) for fc in board[s] if fc[0] == p and fc[2] == DORMANT]
    if opts and st.v1:
        opts.append(A("pass"))
    return opts


class Wake(WalpurgisKind):
    """§4 prepare ① (7.1.1): the turn player's dormant formation to make active (v1.01: or ``pass``)."""

    name = "wake"
    verbs = ("wake",)
    title = ("waking a dormant formation", "陣の活性化")
    short_prompt = "prepare: wake a dormant formation"
    asks = ("Prepare ① (§4): choose one of your dormant formations to make active",
            "準備フェイズ① (§4): 休眠状態の自分の陣を1つ選び、活動状態にします")

    def options(self, st: WalpurgisState, player: int, ctx: Any) -> list[Action]:
        return wake_options(st, player)

    def refusal(self, st: WalpurgisState, player: int, ctx: Any, a: Action) -> Refusal:
        if a.verb == "pass" and not st.v1:
            return refuse("waking a dormant formation is not optional in v2.01: choose one (§4 prepare ①)",
                          "v2.01では休眠状態の陣を活動状態にするのは必須です: 1つ選んでください (§4 prepare ①)")
        return super().refusal(st, player, ctx, a)

    def why(self, st: WalpurgisState, player: int, ctx: Any, a: Action) -> Refusal | None:
        sqn = a.args[0].lower() if a.args else ""
        return square_refusal(a.verb, a.args) or refuse(f"{sqn} holds no dormant formation of yours (§4 prepare ①)",
                                                        f"{sqn}に休眠状態の自分の陣がありません (§4 prepare ①)")

    def ask_text(self, game: Any, view: dict[str, Any], lang: str, log: list[dict[str, Any]] | None) -> str | None:
        text = super().ask_text(game, view, lang, log)
        if view.get("variant") == "v1.01":
            return f"{text}" + ("。pass で何もしないこともできます (v1.01では任意)" if lang == "ja"
                                else ", or pass (v1.01: waking is optional)")
        return text

    def answer(self, st: WalpurgisState, a: Action, ctx: Any) -> None:
        p = st.active if ctx is None else ctx[0]
        if a.verb == "pass":  # v1.01 only: the dormant formations stay dormant
            st.emit("wake_pass", player=p)
            return
        s = SQ_INDEX[a.args[0]]
        fc = set_formation(st, s, p, ACTIVE)
        st.emit("wake", secret={"card": fc[1]}, seen_by=(p,), player=p, place=SQ[s])


WAKE = Wake()


def prepare_recover(st: WalpurgisState, ctx: Any) -> None:
    """§4 prepare ② (7.1.2): the top card of the bullet pile goes to the deck bottom."""
    p = st.active
    if st.piles[p]:
        st.deck[p].append(st.piles[p].pop(0))
        st.emit("recover", player=p, count=1)


def prepare_draw(st: WalpurgisState, ctx: Any) -> None:
    """§4 prepare ③ (7.1.3): draw 1; an empty deck loses (§6). v1.01 (§8): no draw on turn 1, and
    no deck-out loss — an empty deck draws nothing."""
    p = st.active
    if st.v1 and st.turn == 1:
        return
    if st.v1:
        draw(st, p, 1)
        return
    if not st.deck[p]:
        st.end_game(1 - p, "deck out")
        return
    draw(st, p, 1)


def main_start(st: WalpurgisState, ctx: Any) -> None:
    st.phase = "main"
    st.push("main")


#: per seat, what ``main_options`` reads of a card: (min. other formations, icons, the squares
#: on which its condition squares are on the field, their offsets, 「対戦相手の表向き陣形の上に」,
#: ``place CID SQ down`` by square, both placements in menu order)
_MAIN: tuple[dict[WCard, MainInfo], dict[WCard, MainInfo]] = ({}, {})


def main_info(c: WCard, p: int) -> MainInfo:
    """``c`` as ``main_options`` reads it for seat ``p`` (computed once per card)."""
    got = _MAIN[p].get(c)
    if got is None:
        if len(_MAIN[p]) >= 4096:  # cards of many positions loaded with their own cards
            _MAIN[p].clear()
        valid, shifts = cond_shifts(c, p)
        down, _up, both = place_actions(c.id)
        got = _MAIN[p][c] = (c.min_others, tuple(c.icons), valid, shifts, c.on_opponent, down, both)
    return got


def main_options(st: WalpurgisState) -> list[Action]:
    """§4 main (7.2): one placement, one activation, or ``end``."""
    p = st.active
    board = st.board
    cards = st.cards
    opts: list[Action] = []
    if v1_first_main(st):
        # §8 v1.01: only a 通常弾 face up, conditions waived
        free = [s for s in SQUARES if not has_formation(board[s])]
        for cid in distinct(st.hand[p]):
            if cards[cid].is_normal:
                up = place_actions(cid)[1]
                opts += [up[s] for s in free]
        return opts
    if st.placed and st.activated:
        return [END]  # one placement and one activation per main phase (7.2): nothing else is left
    fm, anyf, icon_m, nforms, act = field_masks(st, p)
    oks: dict[tuple[str, ...], int] = {}  # the squares meeting a condition square, by icons
    if not st.placed:
        empty = ~fm & ALL_SQUARES  # face down: any square without a formation
        downs = selector(empty)
        infos = _MAIN[p]
        # the hottest loop of a Walpurgis game: place_actions, ok_mask, met_squares and
        # both_selector inlined
        for cid in distinct(st.hand[p]):
            c = cards[cid]
            mino, icons, met, shifts, on_opponent, down, both = infos.get(c) or main_info(c, p)
            if nforms >= mino:  # face up: the condition is met (§5.1), on an empty square or (§7) onto the opponent's
                ok = oks.get(icons)
                if ok is None:
                    ok = anyf
                    for ic in icons:
                        ok |= icon_m.get(ic, 0)
                    oks[icons] = ok
                for d in shifts:
                    met &= ok >> d if d >= 0 else ok << -d
                ups = met & ~fm
                if on_opponent:
                    for s in squares_of(met & fm):
                        if hand_square_ok(st, c, p, s):
                            ups |= 1 << s
                if ups:  # square by square: ``place CID SQ down``, then ``place CID SQ up``
                    opts += compress(both, BOTH_SELECTORS.get(ups << 25 | empty) or both_selector(empty, ups))
                    continue
            opts += compress(down, downs)
    if not st.activated:
        for s, cid in act:
            c = cards[cid]
            m = c.cmask[p][s]
            if m >= 0 and nforms - 1 >= c.min_others and not m & ~ok_mask(c, anyf, icon_m):
                opts.append(ACTIVATE[s])
    opts.append(END)
    return opts


def main(st: WalpurgisState, ctx: Any) -> None:
    p = st.active
    opts = main_options(st)
    if not opts:
        st.end_game(1 - p, "no 通常弾 to place")  # §6 (2.2.1), v1.01 first main phase
        return
    st.ask(MAIN, p, None, opts)


class Main(PlacingKind):
    """§4 main (7.2): one placement from hand, one activation of an active formation, or ``end``
    (§8 v1.01's first main phase: a 通常弾 face up)."""

    name = "main"
    verbs = ("activate", "end", "place")
    title = ("the main phase", "通常フェイズ")
    short_prompt = "main phase"

    def options(self, st: WalpurgisState, player: int, ctx: Any) -> list[Action]:
        return main_options(st)

    def place_rule(self, st: WalpurgisState, c: WCard, p: int, s: int, face: str) -> Refusal | None:
        if st.placed:
            return refuse("you have already placed a card this turn: one placement per main phase (§4 main 7.2)",
                          "このターンは既に陣の配置を行いました。陣の配置は通常フェイズに1回だけです (§4 main 7.2)")
        if v1_first_main(st):
            if not c.is_normal or face != "up":
                return V1_FIRST_MAIN
            return refuse(f"{SQ[s]} already holds a formation (§1)", f"{SQ[s]}には既に陣が置かれています (§1)")
        return None

    def place_last(self, c: WCard, sqn: str) -> Refusal:
        return refuse("not legal now (§4 main 7.2.1): main", "今は配置できません (§4 main 7.2.1): 通常フェイズ")

    def activate_rule(self, st: WalpurgisState, p: int) -> Refusal | None:
        if v1_first_main(st):
            return V1_FIRST_MAIN
        if st.activated:
            return refuse("you have already activated a formation this turn: one activation per main phase (§4 main 7.2)",
                          "このターンは既に陣の発動を行いました。陣の発動は通常フェイズに1回だけです (§4 main 7.2)")
        return None

    def activate_last(self, c: WCard, sqn: str) -> Refusal:
        return refuse("not legal now: main (§4)", "今は発動できません: 通常フェイズ (§4)")

    def ask_text(self, game: Any, view: dict[str, Any], lang: str, log: list[dict[str, Any]] | None) -> str | None:
        ja = lang == "ja"
        if view.get("variant") == "v1.01" and int(view.get("turn") or 0) <= 2:
            return ("最初の通常フェイズ (§8, v1.01): 手札の通常弾を1枚、好きなマスに表向きで配置してください "
                    "(発動条件・弾幕・迎撃なし)" if ja else
                    "Your first main phase (§8, v1.01): place a Normal Shot (通常弾) from your hand face up "
                    "on any square (no condition, no bullets, no interception)")
        text = ("通常フェイズ (§4): 配置1回と発動1回まで (順番自由)。終わったら end (どちらもしなければ2枚ドロウ)" if ja else
                "Main phase (§4): at most one placement and one activation, in any order; end when finished "
                "(doing neither draws 2)")
        table = view.get("table") or {}
        used = [w for k, w in (("placed", ("placement used", "配置済")), ("activated", ("activation used", "発動済")))
                if table.get(k)]
        return text + (f" — {('、' if ja else ', ').join(w[ja] for w in used)}" if used else "")

    def answer(self, st: WalpurgisState, a: Action, ctx: Any) -> None:
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
            st.hand[p].remove(cid)
            st.board[s] = (*st.board[s], (p, cid, UP, 0))
            st.emit("place", player=p, place=sqn, face="up", card=cid)
            st.push("main_end")
            placed_full(st)  # §8 v1.01: a full board ends the game at once
            return
        st.push("main")
        if face == "down":
            # §4 placement (7.2.1): face down, no condition, no chain. v2.01 judges a board this fills
            # when the next chain ends (§6, 2.1); v1.01 ends the game at once (§8)
            st.hand[p].remove(cid)
            st.board[s] = (*st.board[s], (p, cid, ACTIVE, 0))
            st.emit("place", secret={"card": cid}, seen_by=(p,), player=p, place=sqn, face="down")
            placed_full(st)
        else:
            activate(st, p, s, cid)


MAIN = Main()


def main_end(st: WalpurgisState, ctx: Any) -> None:
    """§4 (7.2.3): neither placed nor activated -> draw 2 (an empty deck does not lose)."""
    if not st.placed and not st.activated:
        draw(st, st.active, 2)
    st.phase = "end"
    push_end_phase(st)


def push_end_phase(st: WalpurgisState) -> None:
    """§4 end (7.3) ①–④ (v1.01 keeps ② for 持続 formations and ④, decision 9 of docs)."""
    st.push("end_turn")
    st.push("end_cleanup")
    st.push("ordered_effects", ("turn_end", st.active, ()))
    st.push("end_hand_limit")
    st.push("a_effects", (st.active, (), 0))
    st.push("end_duds")


def end_duds(st: WalpurgisState, ctx: Any) -> None:
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


def end_hand_limit(st: WalpurgisState, ctx: Any) -> None:
    """§4 end ③ (7.3.3): 7 or more cards -> discard down to 6 (own choice). The parameter
    ``hand_limit`` decides (v1.01 has none: its default is 0; a value given for v1.01 is applied)."""
    limit = st.game.params["hand_limit"]
    p = st.active
    if limit <= 0 or len(st.hand[p]) <= limit:
        return
    st.ask(DISCARD, p, None)


def discard_options(st: WalpurgisState, p: int) -> list[Action]:
    return [A("discard", cid) for cid in distinct(st.hand[p])]


class Discard(WalpurgisKind):
    """§4 end ③ (7.3.3): one card of the hand to the discard pile, until the hand is down to the limit."""

    name = "discard"
    verbs = ("discard",)
    title = ("discarding down to the hand limit", "手札枚数の調整")

    def options(self, st: WalpurgisState, player: int, ctx: Any) -> list[Action]:
        return discard_options(st, player)

    def prompt(self, st: WalpurgisState, player: int, ctx: Any) -> str:
        return f"discard down to {st.game.params['hand_limit']}"

    def why(self, st: WalpurgisState, player: int, ctx: Any, a: Action) -> Refusal | None:
        return card_refusal(a.verb, a.args) or refuse(f"{a.args[0]} is not in your hand (§4 end ③)",
                                                      f"{a.args[0]}は手札にありません (§4 end ③)")

    def ask_text(self, game: Any, view: dict[str, Any], lang: str, log: list[dict[str, Any]] | None) -> str | None:
        n = game.params["hand_limit"]
        return f"ターン終了 (§4): 手札を{n}枚まで捨ててください" if lang == "ja" else f"End of turn (§4): discard down to {n} cards"

    def answer(self, st: WalpurgisState, a: Action, ctx: Any) -> None:
        p = st.active
        cid = a.args[0]
        st.hand[p].remove(cid)
        st.discard[p].append(cid)
        st.emit("discard", player=p, card=cid, reason="hand limit")
        st.push("end_hand_limit")


DISCARD = Discard()

KINDS = (WAKE, MAIN, DISCARD)


def end_cleanup(st: WalpurgisState, ctx: Any) -> None:
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
                st.discard[p].append(cid)
                st.emit("discard", player=p, card=cid, reason="set beside the field")
            st.aside[p].clear()


def end_turn(st: WalpurgisState, ctx: Any) -> None:
    """§4 end: the turn is over; the next player's turn starts."""
    st.emit("end_turn", player=st.active)
    st.turn += 1
    st.active = 1 - st.active
    st.push("turn_start")
