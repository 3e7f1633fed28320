"""§5.3 the chain (rulebook 8.3–8.4): bullet placement (steps 1 and 3), B effects (step 2),
interception (step 4), ordered D and chain-end effects (steps 5 and 9), destroy processing (step 7),
A effects (step 8 and end phase ②), the end of a chain, where §6 a full board ends the game
(specs/walpurgis.md §5.3, §6; the check itself is ``common.board_full_check``). Step 6, bullet
processing, is ``bullets.py``. Decisions: where bullets go (``BULLETS``), an interception
(``INTERCEPT``, private), which card resolves next (``RESOLVE``), the target of an effect
(``TARGET``), a formation to turn upright (``UPRIGHT``).
"""

from __future__ import annotations

from itertools import compress
from typing import Any, NamedTuple

from ....core.actions import Action, Decision
from ....core.errors import Refusal
from ..actions import ACTIVATE, DONE, PASS, A, place_actions
from ..cards import SQ, SQ_INDEX, WCard, card_name
from ..effects import HAND_TARGETED, TIMING_WORDS
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
from .kind import WalpurgisKind, raw_prompt, refuse, square_refusal
from .refusals import PlacingKind, no_overlap
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

    def ask_for(self, st: WalpurgisState, card: WCard, ctx: TargetCtx, options: list[Action]) -> None:
        """Ask ``ctx.seat`` for the target of ``card``'s effect. The prompt names the card, which the
        context does not hold (states saved with the context as it is must replay), and a target
        from the hand is private: so the decision is made again with that prompt and privacy."""
        st.ask(self, ctx.seat, ctx, options)
        d = st.decision
        assert d is not None
        beside = ctx.op in HAND_TARGETED
        prompt = f"{card.name}: " + ("set a card beside the field" if beside else "choose a target")
        st.decision = Decision(d.player, d.kind, prompt, d.options, d.handler, d.ctx, beside, d.sealed)

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


def chain_end(st: WalpurgisState, ctx: Any) -> None:
    """§5.3 step 9 ends the chain; v1.01 clears duds here (no end phase, §8); §6 a full board ends
    the game (both variants judge it here; v1.01 also right after a placement from hand, §8)."""
    if st.v1:
        end_duds(st, None)
    st.chain.clear()
    st.emit("chain_end")
    board_full_check(st)


KINDS = (BULLETS, INTERCEPT, RESOLVE, TARGET, UPRIGHT)
