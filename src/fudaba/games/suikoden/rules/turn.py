"""§5 the turn: the main phase — exactly one of discard, a new mission, continue a mission, or pass —
[decisions], then replenish [decision] and the turn shift (``turn_limit``)."""

from __future__ import annotations

from typing import Any, NamedTuple

from ....core.actions import Action
from ....core.errors import Refusal
from ..state import Mission, SuikodenState, slot_name
from .battle import start_battle, step_actions
from .common import (
    NOT_NOW,
    PASS,
    A,
    SuikodenKind,
    discard_from_hand,
    discard_options,
    distinct,
    draw,
    in_play_refusal,
    mission_place,
    parse_mission,
    supports_in_hand,
)

_r = Refusal


def turn(st: SuikodenState, ctx: Any) -> None:
    """§5: the main phase, replenish, the turn shift."""
    st.phase = "main"
    st.emit("turn", player=st.active, turn=st.turn)
    st.push_seq("main", "replenish", "end_turn")


# ------------------------------------------------------------------ §5 the main phase
def main(st: SuikodenState, ctx: Any) -> None:
    st.phase = "main"
    st.ask(MAIN, st.active)


class Main(SuikodenKind):
    """§5 main phase: discard cards, play a mission or facility (optionally with a support, §8.1), or
    continue an unresolved mission where a first step other than pass is possible; pass only when
    none of those is."""

    name = "main"
    private = True
    title = ("main phase", "メインフェイズ")
    short_prompt = "main phase: discard, play a mission, continue one, or pass"
    VERBS = ("discard", "play", "continue", "pass")
    TAKES = ("the main phase: discard, play, continue or pass (§5)", "メインフェイズ: discard / play / continue / pass (§5)")

    def options(self, st: SuikodenState, player: int, ctx: Any) -> list[Action]:
        C = st.C
        hand = distinct(st.hand[player])
        opts = [A("discard", c) for c in hand]
        if any(m is None for m in st.missions[player]):
            sups = supports_in_hand(st, player, hand)
            for cid in hand:
                c = C[cid]
                if c.type == "mission" or c.type == "facility":
                    opts.append(A("play", cid))
                    if c.clear != "duel":
                        opts += [A("play", cid, s) for s in sups]
        for o in (player, 1 - player):
            for k, m in enumerate(st.missions[o]):
                if m is not None and C[m.card].clear != "duel" and continuable(st, o, k, m, player):
                    opts.append(A("continue", mission_place(o, k, player)))
        if not opts:
            opts.append(PASS)
        return opts

    def why(self, st: SuikodenState, player: int, ctx: Any, a: Action) -> Refusal:
        if a.verb == "play":
            return why_play(st, player, a.args)
        if a.verb == "continue":
            return why_continue(st, player, a.args)
        if a.verb == "pass":
            return _r("pass is only for a main phase with nothing else to do: discard, play or continue (§5)",
                      "メインフェイズのパスは他に何もできないときだけです。discard / play / continue (§5)")
        return NOT_NOW

    def answer(self, st: SuikodenState, a: Action, ctx: Any) -> None:
        p = st.active
        v = a.verb
        if v == "discard":  # 破棄: 1 or more, one pick at a time
            discard_from_hand(st, p, a.args[0], "main")
            st.push("more_discard")
        elif v == "play":
            new_mission(st, p, a.args[0], a.args[1] if len(a.args) > 1 else "")
        elif v == "continue":
            ok = parse_mission(st, p, a.args[0])
            assert ok is not None
            start_battle(st, ok[0], ok[1], "continue", p)
        else:
            st.emit("main_pass", player=p)

    def ask_text(self, game: Any, view: dict[str, Any], lang: str, log: list[dict[str, Any]] | None) -> str | None:
        from ..text import prompts

        return prompts.ask_main(lang)


MAIN = Main()


def continuable(st: SuikodenState, o: int, k: int, m: Mission, p: int) -> bool:
    """§5 continue mission: ``p`` acts first and may not pass on that step, so it needs a deploy,
    a redeploy or a rune there."""
    return step_actions(st, o, k, m, p, False, first_only=True)[0] is not PASS


def new_mission(st: SuikodenState, p: int, cid: str, sup: str) -> None:
    """§5 new mission: the lowest free slot, optionally with a support (§8.1); its battle follows,
    the opponent acting first (a duel resolves at once, §7.6)."""
    k = st.missions[p].index(None)
    st.hand[p].remove(cid)
    if sup:
        st.hand[p].remove(sup)
    st.missions[p][k] = Mission(cid, sup)
    st.emit("play", player=p, card=cid, place=slot_name(k), owner=p, support=sup or None)
    kind = "duel" if st.C[cid].clear == "duel" else "new"
    start_battle(st, p, k, kind, 1 - p)


def why_play(st: SuikodenState, p: int, args: tuple[str, ...]) -> Refusal:
    """§5 new mission, §8.1 its support: not a mission or facility, no free slot, the support."""
    C = st.C
    if not args:
        return _r("play needs a mission or facility in your hand: play CARD [SUPPORT] (§5)",
                  "play には手札のミッションか施設が必要です (§5)")
    c = C[args[0]]
    if c.type not in ("mission", "facility"):
        return _r(f"{c.name} is a character: only a mission or facility starts a new mission (§5)",
                  f"{c.name} はキャラクターです。新規ミッションにできるのはミッションか施設だけです (§5)")
    if all(m is not None for m in st.missions[p]):
        return _r(f"your {st.K} mission slots are full (mission_slots, §5)",
                  f"ミッション置き場 {st.K} か所がすべて埋まっています (§5)")
    if len(args) > 1:
        return why_support(st, p, args[0], args[1])
    return _r("not a legal action now (§5)", "今は行えない行動です (§5)")


def why_support(st: SuikodenState, p: int, cid: str, s: str) -> Refusal:
    """§8.1: the support of a new mission is another card of the hand with サポート, on a mission
    that is no duel, whose name may enter play (§6.2)."""
    C = st.C
    if s not in C or s not in st.hand[p]:
        return _r(f"{s} is not in your hand (§8.1)", f"{s} は手札にありません (§8.1)")
    sc = C[s]
    if C[cid].clear == "duel":
        return _r("a duel mission takes no support (§8.1)", "一騎打ちのミッションにはサポートを出せません (§8.1)")
    if "support" not in sc.keywords:
        return _r(f"{sc.name} has no サポート keyword (§8.1)", f"{sc.name} はサポートの特性を持っていません (§8.1)")
    if s == cid or st.hand[p].count(s) < 1:
        return _r("the support is another card of your hand (§8.1)", "サポートは手札の別のカードです (§8.1)")
    return in_play_refusal(st, sc) or _r("not a legal action now (§5)", "今は行えない行動です (§5)")


def why_continue(st: SuikodenState, p: int, args: tuple[str, ...]) -> Refusal:
    """§5 continue mission: an unresolved card, no duel (§7.6), a first step other than pass."""
    ok = parse_mission(st, p, args[0]) if args else None
    if ok is None:
        return _r("continue names an unresolved mission or facility: M1, xM1… (§5)",
                  "continue には未解決のミッションか施設を指定します: M1, xM1… (§5)")
    o, k = ok
    c = st.C[st.mission(o, k).card]
    if c.clear == "duel":
        return _r("a duel resolves at once and is never left unresolved (§7.6)", "一騎打ちは即座に解決されます (§7.6)")
    return _r(f"you have no deploy, redeploy or rune on {mission_place(o, k, p)}: the first step of a continued "
              f"mission may not be a pass (§5, §7.1)",
              f"{mission_place(o, k, p)} で派遣・再配置・紋章のどれもできません。継続ミッションの最初のステップは"
              f"パスできません (§5, §7.1)")


def more_discard(st: SuikodenState, ctx: Any) -> None:
    """§5 破棄: one card or more, asked one at a time after the first."""
    p = st.active
    if st.hand[p]:
        st.ask(DISCARD, p)


class Discard(SuikodenKind):
    """§5: after a main-phase discard, another card of the hand, or ``done``."""

    name = "discard"
    handler = "more_discard"
    private = True
    title = ("more discards", "追加の破棄")
    short_prompt = "discard more, or done"
    VERBS = ("discard", "done")
    TAKES = ("further discards: 'discard CARD' or 'done' (§5)", "追加の破棄: 「discard カード」か「done」 (§5)")

    def options(self, st: SuikodenState, player: int, ctx: Any) -> list[Action]:
        return discard_options(st, player, True)

    def why(self, st: SuikodenState, player: int, ctx: Any, a: Action) -> Refusal:
        return _r("not now (§5)", "今はできません (§5)") if a.verb == "done" else NOT_NOW

    def answer(self, st: SuikodenState, a: Action, ctx: Any) -> None:
        if a.verb == "discard":
            discard_from_hand(st, st.active, a.args[0], "main")
            st.push("more_discard")

    def ask_text(self, game: Any, view: dict[str, Any], lang: str, log: list[dict[str, Any]] | None) -> str | None:
        from ..text import prompts

        return prompts.ask_discard(lang)


DISCARD = Discard()


# ------------------------------------------------------------------ §5 replenish, turn shift
def replenish(st: SuikodenState, ctx: Any) -> None:
    """§5 replenish / §9: both shortfalls are checked first (both short: a draw game)."""
    st.phase = "replenish"
    short = [p for p in (0, 1) if st.hand_limit(p) - len(st.hand[p]) > len(st.deck[p])]
    if len(short) == 2:
        st.end_game(None, "deck out (both)")
        return
    if short:
        st.end_game(1 - short[0], "deck out")
        return
    tp = st.active
    st.push("refill", (1 - tp,))
    st.push("refill", (tp,))


class RefillCtx(NamedTuple):
    """The seat that replenishes."""

    seat: int


def refill(st: SuikodenState, ctx: Any) -> None:
    """§5: draw up to the hand limit, or discard down to it one card at a time."""
    (p,) = ctx
    st.phase = "replenish"
    n = st.hand_limit(p) - len(st.hand[p])
    if n > 0:
        draw(st, p, n)
    elif n < 0:
        st.ask(REPLENISH, p, RefillCtx(p))


class Replenish(SuikodenKind):
    """§5 replenish: a hand above its limit discards down to it, one card at a time."""

    name = "replenish"
    handler = "refill"
    private = True
    Ctx = RefillCtx
    title = ("replenish discard", "補充フェイズの破棄")
    VERBS = ("discard",)
    TAKES = ("replenish: discard down to the hand limit, 'discard CARD' (§5)",
             "補充フェイズ: 手札上限まで「discard カード」 (§5)")

    def options(self, st: SuikodenState, player: int, ctx: Any) -> list[Action]:
        return discard_options(st, player, False)

    def prompt(self, st: SuikodenState, player: int, ctx: Any) -> str:
        return f"replenish: discard down to {st.hand_limit(player)}"

    def answer(self, st: SuikodenState, a: Action, ctx: RefillCtx) -> None:
        discard_from_hand(st, ctx.seat, a.args[0], "replenish")
        st.push("refill", (ctx.seat,))

    def ask_text(self, game: Any, view: dict[str, Any], lang: str, log: list[dict[str, Any]] | None) -> str | None:
        from ..text import prompts

        return prompts.ask_replenish(view, lang)


REPLENISH = Replenish()


def end_turn(st: SuikodenState, ctx: Any) -> None:
    """§5 turn shift; ``turn_limit`` ends the game as a draw [decision]."""
    lim = int(st.game.params["turn_limit"])
    if lim and st.turn >= lim:
        st.end_game(None, "turn limit")
        return
    st.turn += 1
    st.active = 1 - st.active
    st.push("turn")


STEPS = {"turn": turn, "main": main, "more_discard": more_discard, "replenish": replenish, "refill": refill,
         "end_turn": end_turn}
KINDS = (MAIN, DISCARD, REPLENISH)
