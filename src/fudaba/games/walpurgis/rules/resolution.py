"""§5.3 the chain's resolution (rulebook 8.3): the ordered D effects (step 5) and chain-end effects
(step 9) — and the "at end of turn" effects of §4 end ④ —, one effect of the vocabulary (§7) with
its target, and the A effects (step 8, and end phase ② of §4). Decisions: which card resolves next
(``RESOLVE``), the target of an effect (``TARGET``), a formation to turn upright (``UPRIGHT``).
"""

from __future__ import annotations

from itertools import compress
from typing import Any, NamedTuple

from ....core.actions import Action, Decision
from ....core.errors import Refusal
from ..actions import A
from ..cards import SQ, SQ_INDEX, WCard, card_name
from ..effects import HAND_TARGETED, TIMING_WORDS
from ..state import ACTIVATING, ACTIVE, DORMANT, NOSQ, UP, WalpurgisState
from .common import SQUARES, distinct, draw, formation_of, set_formation
from .kind import WalpurgisKind, raw_prompt, refuse, square_refusal


class ResolveCtx(NamedTuple):
    """Ordered effects (§5.3 steps 5 and 9, §4 end ④): their timing, the seat choosing, and the
    cards resolved so far (``square * 2 + owner``)."""

    timing: str
    seat: int
    done: tuple[int, ...]


class TargetCtx(NamedTuple):
    """An effect's target: the seat whose effect it is, the effect's ``op`` and the owner of the
    cards it may target."""

    seat: int
    op: str
    owner: int


class UprightCtx(NamedTuple):
    """A-effect time (§5.3 step 8, §4 end ②): the seat choosing, the 持続 formations kept
    activating (``square * 2 + owner``) and 1 in a chain (0: the end phase)."""

    seat: int
    sustained: tuple[int, ...]
    in_chain: int


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
    st.ask(RESOLVE, p, ResolveCtx(timing, p, done), [A("resolve", SQ[s]) for s in cands])


class Resolve(WalpurgisKind):
    """§5.3 steps 5 and 9, §4 end ④: which of the seat's cards resolves its effects next."""

    name = "resolve"
    Ctx = ResolveCtx
    verbs = ("resolve",)
    title = ("the order of effects", "効果を解決する順番")

    def options(self, st: WalpurgisState, player: int, ctx: ResolveCtx) -> list[Action]:
        return [A("resolve", SQ[s]) for s in ordered_candidates(st, ctx.timing, ctx.done)[ctx.seat]]

    def prompt(self, st: WalpurgisState, player: int, ctx: ResolveCtx) -> str:
        return f"{ctx.timing} effects: choose the next card"

    def why(self, st: WalpurgisState, player: int, ctx: ResolveCtx, a: Action) -> Refusal | None:
        sqn = a.args[0].lower() if a.args else ""
        return square_refusal(a.verb, a.args) or refuse(
            f"{sqn} holds no card of yours whose effect is waiting (§5.3 steps 5 and 9, §4 end ④)",
            f"{sqn}に、効果の解決を待っている自分のカードがありません (§5.3 steps 5 and 9, §4 end ④)")

    def ask_text(self, game: Any, view: dict[str, Any], lang: str, log: list[dict[str, Any]] | None) -> str | None:
        timing = raw_prompt(view).split(" ")[0]  # the timing as the card data names it (``turn_end``)
        timing = TIMING_WORDS[lang == "ja"].get(timing, timing)
        if lang == "ja":
            return f"{timing}の効果 (§5.3): 次に解決する自分のカードを選んでください"
        return f"{timing} effects (§5.3): choose which of your cards resolves next"

    def answer(self, st: WalpurgisState, a: Action, ctx: ResolveCtx) -> None:
        timing, p, done = ctx
        s = SQ_INDEX[a.args[0]]
        fc = formation_of(st.board[s], p)
        assert fc is not None
        st.emit("resolve", player=p, place=SQ[s], card=fc[1], timing=timing)
        st.push("ordered_effects", (timing, 1 - p, (*done, s * 2 + p)))
        push_effects(st, p, s, fc[1], timing)


RESOLVE = Resolve()


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
    else:  # an effect with a target: a card of the hand (set_beside) or a formation on the field
        owner = 1 - p if op == "turn_down" and e.who == "opponent" else p
        ctx2 = TargetCtx(p, op, owner)
        opts = TARGET.options(st, p, ctx2)
        if opts:
            TARGET.ask_for(st, st.cards[cid], ctx2, opts)


def beside_options(st: WalpurgisState, p: int) -> list[Action]:
    """``set_beside``: any card of ``p``'s hand (``target W-RM-07``)."""
    return [A("target", cid) for cid in distinct(st.hand[p])]


#: the states of the formations each targeted op may target (§7)
_TARGET_STATES = {"wake": (DORMANT,), "turn_down": (ACTIVATING,), "flip_activating": (ACTIVE,)}


def target_squares(st: WalpurgisState, op: str, owner: int) -> list[Action]:
    """``target SQ`` for each formation of ``owner`` the effect ``op`` may target (§7): a card that
    "does not turn face down" is no target for turning face down (docs decision 21)."""
    want = _TARGET_STATES[op]
    cards = st.cards
    return [A("target", SQ[q]) for q, sq in enumerate(st.board) for fc in sq
            if fc[0] == owner and fc[2] in want and not (op == "turn_down" and cards[fc[1]].no_face_down)]


class Target(WalpurgisKind):
    """§7: the target of an effect — a formation on the field (``target SQ``: wake, turn_down,
    flip_activating) or a card of the hand (``target CARD``: set_beside, asked privately)."""

    name = "target"
    Ctx = TargetCtx
    verbs = ("target",)
    title = ("the target of an effect", "効果の対象")

    def options(self, st: WalpurgisState, player: int, ctx: TargetCtx) -> list[Action]:
        if ctx.op in HAND_TARGETED:
            return beside_options(st, player)
        return target_squares(st, ctx.op, ctx.owner)

    def is_private(self, st: WalpurgisState, player: int, ctx: TargetCtx) -> bool:
        return ctx.op in HAND_TARGETED  # a card of the hand: only its owner sees the options

    def ask_for(self, st: WalpurgisState, card: WCard, ctx: TargetCtx, options: list[Action]) -> None:
        """Ask ``ctx.seat`` for the target of ``card``'s effect. The prompt names the card, which the
        context does not hold (states saved with the context as it is must replay): so the decision
        is made again with that prompt."""
        st.ask(self, ctx.seat, ctx, options)
        d = st.decision
        assert d is not None
        beside = ctx.op in HAND_TARGETED
        prompt = f"{card.name}: " + ("set a card beside the field" if beside else "choose a target")
        st.decision = Decision(d.player, d.kind, prompt, d.options, d.handler, d.ctx, d.private, d.sealed)

    def why(self, st: WalpurgisState, player: int, ctx: TargetCtx, a: Action) -> Refusal | None:
        args = a.args
        if ctx.op in HAND_TARGETED:
            if len(args) != 1:
                return refuse("write 'target CARD-ID', a card of your hand (§9)",
                              "「target カードID」の形で手札のカードを1枚指定してください (§9)")
            return refuse(f"{args[0]} is not a card in your hand to set beside the field (§4 end ④, §7)",
                          f"{args[0]}は手札のカードではないため、場の脇に置けません (§4 end ④, §7)")
        sqn = args[0].lower() if args else ""
        return square_refusal(a.verb, args) or refuse(f"{sqn} is not a legal target of this effect (§7)",
                                                      f"{sqn}はこの効果の対象にできません (§7)")

    def ask_text(self, game: Any, view: dict[str, Any], lang: str, log: list[dict[str, Any]] | None) -> str | None:
        raw = raw_prompt(view)  # "<card name>: set a card beside the field" / "...: choose a target"
        c = game.cards.find(raw.partition(": ")[0])
        beside = raw.endswith("set a card beside the field")
        ops = HAND_TARGETED if beside else tuple(_TARGET_STATES)
        eff = next((e for e in (c.effects if c is not None else ()) if e.op in ops), None)
        if c is None or eff is None:
            return raw
        name = card_name(game.cards, c.id, lang)
        if lang == "ja":
            return f"{name}: {eff.describe(lang)} — {'手札のカード' if beside else '対象のマス'}を選んでください"
        return f"{name}: {eff.describe(lang)} — choose {'a card of your hand' if beside else 'the square'}"

    def answer(self, st: WalpurgisState, a: Action, ctx: TargetCtx) -> None:
        op, owner = ctx.op, ctx.owner
        if op in HAND_TARGETED:  # set_beside
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


TARGET = Target()


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
    st.ask(UPRIGHT, p, UprightCtx(p, sus, allow), opts)


class Upright(WalpurgisKind):
    """§5.3 step 8 (8.3.8), §4 end ② (7.3.2): one of the seat's activating formations turned upright
    (``upright SQ``; in the chain a 持続 one may ``sustain SQ``; in the v2.01 end phase
    ``upright SQ skip`` leaves its A effect unapplied)."""

    name = "upright"
    Ctx = UprightCtx
    verbs = ("sustain", "upright")
    title = ("A effects", "A効果の解決")

    def options(self, st: WalpurgisState, player: int, ctx: UprightCtx) -> list[Action]:
        return a_options(st, ctx.seat, ctx.sustained, ctx.in_chain)

    def prompt(self, st: WalpurgisState, player: int, ctx: UprightCtx) -> str:
        if a_skippable(st, ctx.in_chain):
            return "end phase: turn an activating formation upright (skip: without its A effect)"
        return "turn an activating formation upright"

    def why(self, st: WalpurgisState, player: int, ctx: UprightCtx, a: Action) -> Refusal | None:
        if a.verb == "upright":
            return upright_refusal(st, a, ctx)
        sqn = a.args[0].lower() if a.args else ""
        return square_refusal(a.verb, a.args) or refuse(
            f"{sqn} holds no activating 持続 formation of yours that may stay activating (§5.3 step 8, §7)",
            f"{sqn}に、縦向きにせず発動中のままにできる『持続』の自分の陣がありません (§5.3 step 8, §7)")

    def ask_text(self, game: Any, view: dict[str, Any], lang: str, log: list[dict[str, Any]] | None) -> str | None:
        ja = lang == "ja"
        if raw_prompt(view).startswith("end phase"):  # v2.01 end ②: the A effect is optional
            return ("終了フェイズ② (§4): 発動中の自分の陣を1つ縦向きに。A効果を適用する (upright マス) か、"
                    "しない (upright マス skip) かを選べます" if ja else
                    "End phase ② (§4): turn one of your activating formations upright; apply its A effect "
                    "(upright SQ) or not (upright SQ skip)")
        return ("A効果 (§5.3 ステップ8): 発動中の自分の陣を1つ縦向きに (sustain: 持続の陣は発動中のまま)" if ja else
                "A effects (§5.3 step 8): turn one of your activating formations upright (sustain: a 持続 "
                "one stays activating)")

    def answer(self, st: WalpurgisState, a: Action, ctx: UprightCtx) -> None:
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


UPRIGHT = Upright()


def upright_refusal(st: WalpurgisState, a: Action, ctx: UprightCtx) -> Refusal:
    """``upright SQ`` / ``upright SQ skip`` refused: §5.3 step 8 in the chain, §4 end ② after it."""
    p, sus, allow = ctx
    args = a.args
    skip = len(args) == 2 and args[1].lower() == "skip"
    if not (len(args) == 1 or skip) or args[0].lower() not in SQ_INDEX:
        return refuse("write 'upright SQUARE' or, in the end phase, 'upright SQUARE skip' (§9)",
                      "「upright マス」、終了フェイズでは「upright マス skip」の形で指定してください (§9)")
    sqn = args[0].lower()
    s = SQ_INDEX[sqn]
    where = "§5.3 step 8" if allow else "§4 end ②, 7.3.2"
    fc = formation_of(st.board[s], p)
    if fc is None or fc[2] != ACTIVATING or s * 2 + p in sus or not skip:
        return refuse(f"{sqn} holds no activating formation of yours still to turn upright ({where})",
                      f"{sqn}に、まだ縦向きにしていない自分の発動中の陣がありません ({where})")
    if allow:
        return refuse("in the chain a formation turning upright applies its A effect: only the end phase lets you "
                      "skip it (§5.3 step 8, 8.3.8; §4 end ②, 7.3.2)",
                      "連鎖中に縦向きにする陣はA効果を必ず適用します。適用しないことを選べるのは終了フェイズだけです "
                      "(§5.3 step 8, 8.3.8; §4 end ②, 7.3.2)")
    if st.v1:
        return refuse("v1.01 has no end phase ②: a formation turning upright applies its A effect (§8)",
                      "v1.01には終了フェイズ②がありません: 縦向きにする陣はA効果を必ず適用します (§8)")
    name = st.cards[fc[1]].name
    return refuse(f"{name} on {sqn} has no A effect to skip: write 'upright {sqn}' (§4 end ②, 7.3.2)",
                  f"{sqn}の{name}にはA効果がないため、skipは選べません。「upright {sqn}」としてください (§4 end ②, 7.3.2)")


KINDS = (RESOLVE, TARGET, UPRIGHT)
