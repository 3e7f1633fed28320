"""§6.3 D. judge (clean hit, trade, guard holds, GB, GC; bonus bets), §6.4 E. damage and the down,
§6.5 F. the end of the attack phase, §7 the last life card (specs/maken.md §6.3–§7)."""

from __future__ import annotations

from typing import Any

from ....core.actions import Action
from ....core.errors import Refusal
from ..actions import PASS
from ..effects import run_trigger
from ..state import MakenState, Unit
from .attack import do_bet
from .common import bet_options
from .decision import SEATS, MakenKind, Seat, bet_refusal


# ====================================================================== §6.3 the judge
def judge(st: MakenState, ctx: Any) -> None:
    """§6.3: set up the judge of ``kind`` for ``player`` (the hitter, the caller of a trade, the
    guarding player whose guard holds, the breaker, the GC player)."""
    kind, p = ctx
    st.judge = (kind, p)
    st.emit("judge", outcome=kind, player=p)
    st.push("end_of_attack")
    if kind == "guard_holds":  # D3: no totals, no damage
        return
    if kind == "trade":  # D2: nothing hits
        st.push("damage", ("trade", p, 0))
    elif kind == "clean_hit":  # D1: an empty field gives a bonus bet first; every card hits
        st.push("damage", ("clean_hit", p, 0))
        st.push("hits", (p, 0))
        if not st.field[1 - p]:
            st.push("bonus", (p,))
    elif kind == "gb":  # D4: every card of the breaker's field hits
        st.push("damage", ("gb", p, len(st.field[p]) - 1))
        st.push("hits", (p, 0))
    else:  # D5: the opened card hits (then any bonus cards)
        start = len(st.field[p])
        st.push("damage", ("gc", p, start))
        st.push("hits", (p, start))
        st.push("gc_hit", (p,))


def hits(st: MakenState, ctx: Any) -> None:
    """The cards of ``p``'s field from index ``i`` hit, bottom to top, each applying its ``on_hit``
    effects; a granted bonus bet is asked at once, and the card bet hits in its turn (§6.3)."""
    p, i = ctx
    f = st.field[p]
    if i >= len(f):
        return
    cid = f[i][0]
    st.emit("hit", player=p, card=cid)
    st.push("hits", (p, i + 1))
    c = st.cards[cid]
    if c.effects:
        for _ in range(run_trigger(st, p, c, "on_hit")):
            st.push("bonus", (p,))


def gc_hit(st: MakenState, ctx: Any) -> None:
    """D5: the GC card hits, applying its ``on_hit`` effects."""
    p = ctx[0]
    c = st.cards[st.gcards[p][-1]]
    st.emit("hit", player=p, card=c.id)
    for _ in range(run_trigger(st, p, c, "on_hit")):
        st.push("bonus", (p,))


def bonus_options(st: MakenState, p: int) -> list[Action]:
    """§6.3 bonus bet: any attack card regardless of speed and reach (cost paid, GC-only excluded,
    double/triple allowed), or ``pass``."""
    return [*bet_options(st, p, "bonus"), PASS]


class Bonus(MakenKind):
    """§6.3 bonus bet: the hitter may bet any attack card regardless of speed and reach (cost paid,
    GC-only excluded, double/triple allowed), or ``pass``. The options come from the hand: private."""

    name = "bonus"
    Ctx = Seat
    private = True
    verbs = ("bet", "pass")
    title = ("bonus bet", "ボーナスベット")
    label = ("bonus bet", "ボーナスベット")
    short_prompt = "judge: you may make a bonus bet"
    ask = ("Judge (§6.3): you may make a bonus bet — any attack card, speed and reach ignored — or pass",
           "ジャッジ (§6.3): ボーナスベットできます — 速度・間合に関係なく攻撃カードを1枚 — または pass")
    no_bonus = ("no bonus bet", "ボーナスベットしない")

    def options(self, st: MakenState, player: int, ctx: Any) -> list[Action]:
        return bonus_options(st, player)

    def refuse(self, st: MakenState, player: int, ctx: Any, action: Action) -> Refusal | None:
        return bet_refusal(st, player, action, "bonus") if action.verb == "bet" else None

    def answer(self, st: MakenState, a: Action, ctx: Seat) -> None:
        p = ctx.seat
        if a is PASS:
            st.emit("bonus_pass", player=p)
            return
        do_bet(st, p, a, "bonus")

    def ask_text(self, game: Any, view: dict[str, Any], lang: str, log: list[dict[str, Any]] | None) -> str:
        return self.say(lang)

    def gloss(self, game: Any, action: Action, view: dict[str, Any], lang: str) -> str:
        from ..text.prompts import bet_gloss  # words are loaded when asked for (issue 19 §4)
        if action.verb == "bet":
            return bet_gloss(game, view, action.args, "bonus", lang)
        return self.say(lang, self.no_bonus)


BONUS = Bonus()


def bonus(st: MakenState, ctx: Any) -> None:
    """§6.3: the seat of the frame is asked for a bonus bet."""
    (p,) = ctx
    st.ask(BONUS, p, SEATS[p])


# ====================================================================== totals
def unit_attack(st: MakenState, p: int, u: Unit) -> int:
    """A unit's part of a sum (D1, D2): its top copy's effective attack, plus each other copy's own
    attack (``multi_counts = "each"``; ``"one"``: the unit once) (§6.6)."""
    at = st.unit_stats(p, u)[3]
    if u[1] > 1 and st.game.params["multi_counts"] == "each":
        c = st.cards[u[0]]
        other = c.attack + st.static_mods(p, c)[2]
        at += (u[1] - 1) * (other if other > 0 else 0)
    return at


def field_sum(st: MakenState, p: int, start: int = 0) -> int:
    return sum(unit_attack(st, p, u) for u in st.field[p][start:])


def gb_total(st: MakenState, b: int, bi: int) -> int:
    """D4 (注16): the breaking card's attack + 1 per other card of the field (copies count with
    ``multi_counts = "each"``); a bonus card counts 1 (``bonus_in_gb = "one"``) or its attack
    (``"full"``)."""
    f = st.field[b]
    each = st.game.params["multi_counts"] == "each"
    full = st.game.params["bonus_in_gb"] == "full"
    total = st.unit_stats(b, f[bi])[3] if 0 <= bi < len(f) else 0
    for j, u in enumerate(f):
        cards = u[1] if each else 1
        if j == bi:
            total += cards - 1
        elif j > bi and full:
            total += unit_attack(st, b, u)
        else:
            total += cards
    return total


# ====================================================================== §6.4 E. damage
def damage(st: MakenState, ctx: Any) -> None:
    """§6.3 totals (never below 0, 注14) and §6.4 damage: in a trade the called player first (注17)."""
    kind, p, x = ctx
    o = 1 - p
    if kind == "trade":
        t = st.top(o)
        rb = st.unit_stats(o, t)[2] if t is not None else 0
        caller = max(0, field_sum(st, p) - rb)  # 間合補正 (注15)
        called = field_sum(st, o)
        st.emit("totals", outcome=kind, totals={str(p): caller, str(o): called}, reach=rb)
        deal(st, o, caller)
        if not st.over:
            deal(st, p, called)
        return
    if kind == "clean_hit":
        total = field_sum(st, p)
    elif kind == "gb":
        total = gb_total(st, p, x)
    else:  # gc: the opened card, then the bonus cards (the ruling of 2009-04-28)
        c = st.cards[st.gcards[p][-1]]
        total = st.stats(p, c)[3] + field_sum(st, p, x)
    st.emit("totals", outcome=kind, totals={str(p): total})
    deal(st, o, total)


def deal(st: MakenState, p: int, n: int) -> None:
    """§6.4: ``p`` moves ``n`` cards one at a time from the stamina top to the damage pile (face
    down); with the stamina empty, from the dust top, turned face down. A down (注18) cancels the
    rest of the damage."""
    if n <= 0:
        return
    dmg = st.damage[p]
    s = st.deck[p]
    d = st.discard[p]
    limit = int(st.game.params["down_damage"])
    from_stamina = 0
    from_dust: list[str] = []
    for _ in range(n):
        if s:
            dmg.insert(0, s.pop(0))
            from_stamina += 1
        elif d:
            c = d.pop(0)
            dmg.insert(0, c)
            from_dust.append(c)
        else:
            st.emit("damage", player=p, count=from_stamina + len(from_dust), stamina=from_stamina, dust=from_dust,
                    total=len(dmg), exhausted=True)
            down(st, p)
            return
        if len(dmg) >= limit:
            break
    st.emit("damage", player=p, count=from_stamina + len(from_dust), stamina=from_stamina, dust=from_dust,
            total=len(dmg), exhausted=False)
    if len(dmg) >= limit:
        down(st, p)


def down(st: MakenState, p: int) -> None:
    """§6.4 ダウン: on the last LP card (or none) ``p`` loses at once (§7); otherwise the top LP card
    into hand, the damage pile (order kept) under the stamina, then ``on_down`` effects."""
    lp = st.lp[p]
    if len(lp) <= 1:
        st.emit("down", player=p, lp=0, last=True)
        st.end_game(1 - p, "down on the last life card")
        return
    c = lp.pop(0)
    st.hand[p].append(c)
    n = len(st.damage[p])
    st.deck[p].extend(st.damage[p])
    st.damage[p] = []
    st.emit("down", secret={"card": c}, seen_by=(p,), player=p, lp=len(lp), last=False, returned=n)
    for sid in (st.char[p], *st.supports[p]):
        src = st.cards.get(sid)
        if src is not None and src.effects:
            run_trigger(st, p, src, "on_down")


# ====================================================================== §6.5 F. end of the attack phase
def end_of_attack(st: MakenState, ctx: Any) -> None:
    """§6.5: the TP's field first, then the other's, each bottom to top (the guard stack, then the
    face-up bets): face-up cards go where ``dest`` says — a full gauge sends them to the dust (注19)
    —, face-down cards to the dust. Then turn step 5."""
    gmax = int(st.game.params["gauge_max"])
    moves: list[list[Any]] = []
    for p in (st.active, 1 - st.active):
        gc = st.gcards[p]
        top = len(gc) - 1
        cards: list[tuple[str, bool]] = [(c, st.gopen[p] and i == top) for i, c in enumerate(gc)]
        cards += [(u[0], True) for u in st.field[p] for _ in range(u[1])]
        for cid, up in cards:
            where = st.cards[cid].dest if up else "dust"
            if where == "gauge" and len(st.gauge[p]) >= gmax:
                where = "dust"
            if where == "gauge":
                st.gauge[p].insert(0, cid)
            elif where == "hand":
                st.hand[p].append(cid)
            else:
                st.discard[p].insert(0, cid)
            moves.append([p, cid, where])
        st.gcards[p] = []
        st.field[p] = []
    st.gspace = ["", ""]
    st.gopen = [False, False]
    st.sit = ["", ""]
    st.after_fb = False
    st.judge = ()
    st.emit("end_attack", moves=moves)
    st.push("after_attack")
