"""A greedy heuristic for Project Maken (plays from its information set: the view and the decision).

The rules' own functions do the arithmetic and the legality: effective values
(``MakenState.stats``/``unit_stats``), sums and GB totals (``judge.field_sum``/``unit_attack``/
``gb_total``), and whether a bet, a guard, a maintain or a GC is legal (``common.bet_problem``,
``guard_options``, ``maintain_options``, ``gc_problem``) — run on a :class:`_Board`, a stand-in for
the state rebuilt from the *view*, where the cards the seat cannot see are placeholders. The
opponent's hidden cards are estimated from the pool of their character's series, less the copies in
sight (dust, field, supports, an opened guard card).

Everything is scored in points of damage dealt (``W_CARD`` per card spent, more as the stamina runs
low):

* damage taken before the last LP card is cheap (``TAKEN``): a down hands the damage pile back as
  stamina and an LP card to the hand (§6.4), while cards spent on covers go to the dust for good —
  the game is lost mostly by running out of cards (the §7 stalemate), not by a first or second down;
  a down of the opponent is worth more than its damage (``W_DOWN``), the last one wins;
* first bet and even attacks: bet what the opponent is unlikely to answer — the chance that a card
  of theirs passes ``bet_problem`` over it (speed, reach, gauge), given their hand count — so that
  they must guard (cards lost) or call (a clean hit, with a bonus bet right after the FB, D1);
  doubles and triples are scored the same way (§6.6); a defenceless opponent takes the biggest hit;
* even, behind on speed: guard rather than eat the opponent's clean hit when the hit costs more
  than the covers (the last LP card, a big field, a GC card to answer with); call a trade that
  favours it (注15);
* forcing: press a guard break — a bet the guard cannot be maintained against (``maintain_options``
  empty: unguardable both ways, or more guard difficulty than the hand holds, 注9) scores its GB
  total (注16), a flush or a costlier cover scores the cards it burns, less the chance of a GC its
  back reach allows (§6.2.4); otherwise call (the guard holds, nothing is spent);
* guarding: GC when it can; maintain (after a flush in the type the opponent's cards threaten
  least) unless the GB costs less than the covers; covers put the least useful cards down and a GC
  card it can pay for, whose reach answers the top card, last (on top, 注10);
* gauge: a bet that leaves less gauge than a GC card in hand costs is marked down; gauge gain is
  worth a little up to ``GAUGE_NEED`` and costs a little beyond (it takes stamina cards, 注1);
* bonus bets: only the damage the down still needs (a down cancels the rest, §6.4); draws: the most.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, cast

from ....core.actions import Action
from ....core.agent import Agent
from ....core.infoset import InfoSet
from ..actions import read_bet
from ..cards import MCard
from ..rules.common import bet_problem, gc_problem, guard_options, maintain_options
from ..rules.judge import field_sum, gb_total, unit_attack
from ..state import ZERO, MakenState, Unit, double_table

#: a card spent, in points of damage dealt; worth up to 1 + ``LATE`` times more as the seat's stamina
#: (its draws to come) falls below ``LATE_AT`` (§7: the game stalls when both run dry)
W_CARD = 2.0
LATE = 2.0
LATE_AT = 12
#: a point of damage taken while more than one LP card is left (a down gives cards back, §6.4)
TAKEN = 0.3
#: a down of the opponent besides its damage; the last one wins the game
W_DOWN = 4.0
W_WIN = 1000.0
#: a bet the opponent answers: the exchange goes on with the opponent on top
ANSWERED = -1.5
#: a bet that leaves less gauge than a GC card in hand costs
W_GC_GAUGE = 1.5
#: gauge worth gaining (the costs of the sample pool: B01 2, E18 3, a GC 1); a gain beyond it only
#: takes stamina cards
GAUGE_NEED = 3
GAIN_GOOD = 0.25
GAIN_BAD = 0.5
#: the bonus bet a clean hit on an empty field gives (D1), when its card is unknown
BONUS_GUESS = 3
#: a hidden card: counted, never named
HIDDEN = "?"


class _Board:
    """A stand-in for the state, rebuilt from one seat's view: the fields the rules' value and
    legality functions read. The opponent's hand and face-down guard cards are placeholders; the
    gauge is a count of placeholders."""

    __slots__ = ("active", "after_fb", "cards", "char", "discard", "dopt", "field", "game", "gauge", "gcards",
                 "gspace", "hand", "sit", "smods", "supports")

    static_mods = MakenState.static_mods
    _static_mods = MakenState._static_mods
    stats = MakenState.stats
    unit_stats = MakenState.unit_stats
    top = MakenState.top
    dust_posture = MakenState.dust_posture

    def __init__(self, game: Any, view: dict[str, Any], me: int) -> None:
        self.game = game
        self.cards: dict[str, MCard] = game.cdb
        self.smods: dict[tuple[Any, ...], Any] = {}
        self.dopt = {k: (m, v) for k, m, v in double_table(game.params["double_options"])}
        sides = view["table"]["players"]
        self.active = int(view["active"])
        self.after_fb = bool(view["table"]["after_fb"])
        self.char = [s["character"] for s in sides]
        self.supports = [list(s["supports"]) for s in sides]
        self.gauge = [[HIDDEN] * int(s["gauge_count"]) for s in sides]
        self.field: list[list[Unit]] = [[_unit(u) for u in s["field"]] for s in sides]
        self.discard = [list(reversed(view["players"][p]["discard"])) for p in (0, 1)]  # top first
        self.hand = [list(view["players"][p].get("hand") or []) if p == me
                     else [HIDDEN] * int(view["players"][p]["hand_count"]) for p in (0, 1)]
        self.gspace = [s["guard"]["space"] or "" for s in sides]
        self.gcards = [[c if c is not None else HIDDEN for c in s["guard"]["cards"]] for s in sides]
        self.sit = [s["situation"] or "" for s in sides]


def _unit(u: dict[str, Any]) -> Unit:
    m = u.get("mods") or {}
    mods = (int(m.get("speed", 0)), int(m.get("reach", 0)), int(m.get("attack", 0)), int(m.get("guard", 0)))
    return (str(u["card"]), int(u["n"]), tuple(u["opts"]), ZERO if mods == ZERO else mods)


def _unit_of(a: Action) -> Unit:
    got = read_bet(a)
    assert got is not None, a
    cid, n, opts = got
    return (cid, n, opts, ZERO)


class MakenGreedy(Agent):
    name = "greedy"

    def act(self, infoset: InfoSet) -> Action:
        d = infoset.decision
        assert d is not None and d.options, "an agent acts on its own pending decision"
        opts = d.options
        if len(opts) == 1:
            return opts[0]
        kind = d.kind
        if kind == "draw":  # §5 step 2: the most — cards are what runs out (§7)
            return max(opts, key=lambda a: int(a.args[0]))
        c = _Ctx(infoset, d.player)
        if kind == "mulligan":
            return c.mulligan(opts)
        if kind == "before_attack":
            return c.before(opts)
        if kind == "after_attack":
            return c.after(opts)
        if kind == "action":
            sit = c.b.sit[c.me]
            if sit == "guarding":
                return c.guarding(opts)
            if sit == "forcing":
                return c.forcing(opts)
            return c.even(opts)
        if kind == "cover":
            return c.cover(opts, int(d.ctx.left))
        if kind == "bonus":
            return c.bonus(opts)
        return self.rng.choice(opts)


class _Ctx:
    """One decision's reading of the view."""

    def __init__(self, infoset: InfoSet, me: int) -> None:
        self.me = me
        self.opp = 1 - me
        self.view = v = infoset.view
        g = infoset.game
        self.params = g.params
        self.C: dict[str, MCard] = g.cdb
        self.b = _Board(g, v, me)
        #: the board as the rules' functions take it
        self.st = cast(MakenState, self.b)
        self.sides: list[dict[str, Any]] = v["table"]["players"]
        self.hand: list[str] = self.b.hand[me]
        self.opp_hand = len(self.b.hand[self.opp])
        self.gauge = len(self.b.gauge[me])
        self._pool: tuple[list[tuple[MCard, float]], float] | None = None
        stamina = int(self.sides[me]["stamina_count"])
        #: what a card spent costs now
        self.wc = W_CARD * (1.0 + LATE * max(0.0, (LATE_AT - stamina) / LATE_AT))

    # ------------------------------------------------------------------ values
    def to_down(self, p: int) -> int:
        """The damage that downs ``p``: the rest of ``down_damage``, or more than the stamina and the
        dust hold (§6.4)."""
        s = self.sides[p]
        return min(int(self.params["down_damage"]) - int(s["damage_count"]),
                   int(s["stamina_count"]) + int(s["dust_count"]) + 1)

    def dmg(self, x: int, p: int) -> float:
        """What ``x`` damage dealt to ``p`` is worth to the one dealing it; damage past a down is lost
        (§6.4). Damage to this seat weighs ``TAKEN`` until its last LP card."""
        if x <= 0:
            return 0.0
        last = int(self.sides[p]["lp_count"]) <= 1
        mine = p == self.me
        w = TAKEN if mine and not last else 1.0
        td = self.to_down(p)
        if x < td:
            return w * x
        return w * td + (W_WIN if last else 0.0 if mine else W_DOWN)

    def worth(self, cid: str) -> float:
        """What a card in hand is worth keeping (covers are the cheapest)."""
        c = self.C[cid]
        if c.kind == "support":
            lim = int(self.params["support_limit"])
            return self.wc * (0.8 if not lim or len(self.b.supports[self.me]) < lim else 0.25)
        if not c.is_attack:
            return 0.25 * self.wc
        if c.gc == "only":
            return 0.75 * self.wc
        v = 0.4 + 0.12 * c.speed + 0.08 * min(c.reach_front, 4) + 0.1 * c.attack + (0.3 if c.gc == "possible" else 0.0)
        return self.wc * min(v, 2.0)

    def is_gc(self, cid: str) -> bool:
        c = self.C[cid]
        return c.is_attack and c.gc != "none"

    def gc_reserve(self, hand: list[str]) -> int:
        """The gauge the GC cards in ``hand`` need (keep gauge for a GC, §6.2.4)."""
        return max((self.C[c].gauge_cost for c in hand if self.is_gc(c)), default=0)

    def bet_cost(self, a: Action, fb: bool = False) -> tuple[float, list[str]]:
        """What a bet spends — its cards (a double or triple draws n − 1 back, §6.6), gauge a GC needs,
        stamina to a full gauge (§6.2.1 ②, ⑤) — and the hand it leaves."""
        cid, n, _o, _m = _unit_of(a)
        c = self.C[cid]
        left = list(self.hand)
        for _ in range(n):
            left.remove(cid)
        cost = n * self.worth(cid) - 0.4 * self.wc * (n - 1)
        if fb and not self.params["fb_gauge"]:
            return cost, left
        g = self.gauge - c.gauge_cost
        if c.gauge_cost and g < self.gc_reserve(left):
            cost += W_GC_GAUGE
        if c.gauge_gain:
            got = max(0, min(c.gauge_gain, int(self.params["gauge_max"]) - g))
            useful = max(0, min(got, GAUGE_NEED - g))
            cost += GAIN_BAD * (got - useful) - GAIN_GOOD * useful
        return cost, left

    # ------------------------------------------------------------------ the opponent's hidden cards
    def pool(self) -> tuple[list[tuple[MCard, float]], float]:
        """The opponent's attack cards that may be hidden, with weights (copies not in sight, out of
        ``max_copies``), and the weight of every card of theirs that may be hidden."""
        if self._pool is None:
            opp = self.opp
            side = self.sides[opp]
            series = self.C[side["character"]].series
            shown = [*self.b.discard[opp], *side["supports"], *(x for x in self.b.gcards[opp] if x != HIDDEN)]
            for cid, n, _o, _m in self.b.field[opp]:
                shown += [cid] * n
            seen: dict[str, int] = {}
            for cid in shown:
                seen[cid] = seen.get(cid, 0) + 1
            cap = int(self.params["max_copies"])
            cards: list[tuple[MCard, float]] = []
            total = 0.0
            for c in self.C.values():
                if c.kind == "character" or c.series not in (series, "common"):
                    continue
                w = float(max(cap - seen.get(c.id, 0), 0))
                total += w
                if w and c.is_attack:
                    cards.append((c, w))
            self._pool = (cards, max(total, 1.0))
        return self._pool

    def chance(self, ok: Callable[[MCard], bool], n: int) -> float:
        """The chance that ``n`` hidden cards of the opponent hold one with ``ok(card)``."""
        cards, total = self.pool()
        f = min(sum(w for c, w in cards if ok(c)) / total, 1.0)
        return 1.0 - (1.0 - f) ** n

    def with_top(self, u: Unit) -> Callable[[], Unit]:
        """Put ``u`` on this seat's field for a look ahead; returns the undo."""
        f = self.b.field[self.me]
        f.append(u)
        return f.pop

    def p_answer(self) -> float:
        """The chance that the opponent can attack over this seat's top card (``bet_problem``: speed,
        reach, gauge, never GC-only, §6.2.1)."""
        b, o, st = self.b, self.opp, self.st
        hand = b.hand[o]
        sit = b.sit[o]
        b.sit[o] = "even"

        def ok(c: MCard) -> bool:
            b.hand[o] = [c.id]
            return bet_problem(st, o, c.id, 1, (), "even", False) is None
        try:
            return self.chance(ok, len(hand))
        finally:
            b.hand[o] = hand
            b.sit[o] = sit

    def p_gc(self) -> float:
        """The chance that the guarding opponent's top guard card, one hidden card, opens for a GC
        over this seat's top card (``gc_problem``: GC-capable, gauge, reach, §6.2.4)."""
        b, o, st = self.b, self.opp, self.st
        gc = b.gcards[o]
        if not gc or gc[-1] != HIDDEN:
            return 0.0 if not gc else float(gc_problem(st, o, False) is None)

        def ok(c: MCard) -> bool:
            b.gcards[o] = [*gc[:-1], c.id]
            return gc_problem(st, o, False) is None
        try:
            return self.chance(ok, 1)
        finally:
            b.gcards[o] = gc

    def threat(self, t: str) -> float:
        """The share of the opponent's hidden cards unguardable for guard type ``t`` (a flush, 注8)."""
        cards, total = self.pool()
        return sum(w for c, w in cards if t in c.unguardable) / total

    # ------------------------------------------------------------------ §4, §5: mulligan, supports
    def mulligan(self, opts: list[Action]) -> Action:
        """§4 ⑤: keep a hand with two cards that can open an attack (front reach > 0, not GC-only)."""
        C = self.C
        openers = sum(1 for c in self.hand if C[c].is_attack and C[c].gc != "only" and C[c].reach_front > 0)
        want = "keep" if openers >= 2 else "mulligan"
        return next((a for a in opts if a.verb == want), opts[0])

    def before(self, opts: list[Action]) -> Action:
        """§5 step 3: set every support (free and permanent), then the first bet (§6.1)."""
        for a in opts:
            if a.verb == "set":
                return a
        bets = [a for a in opts if a.verb == "bet"]
        if not bets:
            return opts[-1]
        self.b.after_fb = True  # the opponent answers right after the FB (§6.2.2)
        return max(bets, key=lambda a: self.score_bet(a, fb=True))

    def after(self, opts: list[Action]) -> Action:
        """§5 step 5: set every support, then end."""
        return next((a for a in opts if a.verb == "set"), opts[-1])

    # ------------------------------------------------------------------ §6.2 even: attack, guard, call
    def score_bet(self, a: Action, fb: bool = False) -> float:
        """The FB or an attack while even: how likely the opponent cannot answer it, and what they
        lose then — the covers of a guard, or a clean hit (with a bonus bet after the FB, D1)."""
        me, opp, st = self.me, self.opp, self.st
        u = _unit_of(a)
        cost, left = self.bet_cost(a, fb)
        total = field_sum(st, me) + unit_attack(st, me, u)
        bonus = self.best_bonus(left) if fb else 0
        if fb and self.opp_hand == 0:  # defenceless: the opponent can only call (注11)
            return self.dmg(total + bonus, opp) - cost
        undo = self.with_top(u)
        try:
            pa = self.p_answer()
            guardable = bool(guard_options(st, opp))
            gd = st.unit_stats(me, u)[4]
        finally:
            undo()
        hit = self.dmg(total + bonus, opp)
        unanswered = 0.5 * hit + 0.5 * min(gd * self.wc, hit + 1.0) if guardable else hit
        return (1.0 - pa) * unanswered + pa * ANSWERED - cost

    def best_bonus(self, hand: list[str]) -> int:
        """The attack of the strongest bonus bet ``hand`` could make (gauge aside)."""
        C = self.C
        return max((C[c].attack for c in hand if C[c].is_attack and C[c].gc != "only"), default=0)

    def call_value(self) -> float:
        """§6.2.5 while even: the faster top card's clean hit (an empty field is speed 0, 注12, and
        gives the hitter a bonus bet, D1); equal speeds a trade, the caller's total less the called
        top card's back reach (注15)."""
        me, opp, st = self.me, self.opp, self.st
        mine, theirs = st.top(me), st.top(opp)
        ms = st.unit_stats(me, mine)[0] if mine is not None else 0
        ts = st.unit_stats(opp, theirs)[0] if theirs is not None else 0
        sm, so = field_sum(st, me), field_sum(st, opp)
        if ms > ts:
            return self.dmg(sm + (BONUS_GUESS if theirs is None else 0), opp)
        if ts > ms:
            return -self.dmg(so + (BONUS_GUESS if mine is None else 0), me)
        rb = st.unit_stats(opp, theirs)[2] if theirs is not None else 0
        return self.dmg(max(0, sm - rb), opp) - self.dmg(so, me)

    def guard_value(self, a: Action) -> float:
        """§6.2.2: the covers a guard costs (the cheapest cards), the risk of a flush in that type, and
        the GC a GC card in hand could answer with (§6.2.4)."""
        opp, st = self.opp, self.st
        t = st.top(opp)
        assert t is not None
        need = st.unit_stats(opp, t)[4]
        covers = sorted(self.hand, key=self.worth)[:need]
        v = -sum(self.worth(c) for c in covers) - 0.3 * self.threat(a.args[0]) * self.wc * need
        gcs = [self.C[c].attack for c in self.hand if self.is_gc(c) and self.C[c].gauge_cost <= self.gauge]
        if gcs:
            v += 0.4 * self.dmg(max(gcs), opp)
        return v

    def even(self, opts: list[Action]) -> Action:
        best, best_v = opts[-1], -1e9
        for a in opts:
            if a.verb == "bet":
                v = self.score_bet(a)
            elif a.verb == "guard":
                v = self.guard_value(a)
            else:
                v = self.call_value()
            if v > best_v:
                best, best_v = a, v
        return best

    # ------------------------------------------------------------------ §6.2 forcing: press the guard
    def score_press(self, a: Action) -> float:
        """A bet while forcing (speed and reach ignored, B-1 ◎): a guard that cannot be maintained
        against it breaks (GB, 注16) unless the opponent GCs; a flush (注8) or a higher guard
        difficulty burns their cards; a long back reach keeps a GC out (§6.2.4)."""
        me, opp, b, st = self.me, self.opp, self.b, self.st
        u = _unit_of(a)
        c = self.C[u[0]]
        cost, _left = self.bet_cost(a)
        undo = self.with_top(u)
        try:
            at, gd = st.unit_stats(me, u)[3:]
            broken = not maintain_options(st, opp)
            pgc = self.p_gc()
            total = gb_total(st, me, len(b.field[me]) - 1)
        finally:
            undo()
        gc_hit = self.dmg(BONUS_GUESS, me)
        if broken:
            return (1.0 - pgc) * self.dmg(total, opp) - pgc * gc_hit - cost + 0.1 * at
        have = len(b.gcards[opp])
        burn = gd if b.gspace[opp] in c.unguardable else max(0, gd - have)
        return 0.8 * burn * self.wc - pgc * gc_hit - cost + 0.05 * at

    def forcing(self, opts: list[Action]) -> Action:
        best, best_v = next((a for a in opts if a.verb == "call"), opts[-1]), 0.0  # the guard holds (D3)
        for a in opts:
            if a.verb == "bet":
                v = self.score_press(a)
                if v > best_v:
                    best, best_v = a, v
        return best

    # ------------------------------------------------------------------ §6.2 guarding: maintain, GC, drop
    def guarding(self, opts: list[Action]) -> Action:
        """GC whenever it may (§6.2.4); else the cheaper of maintaining (its covers; after a flush the
        type the opponent's cards threaten least, 注9) and dropping (the opponent's GB, 注16)."""
        me, opp, b, st = self.me, self.opp, self.b, self.st
        for a in opts:
            if a.verb == "gc":
                return a
        t = st.top(opp)
        need = st.unit_stats(opp, t)[4] if t is not None else 0
        have = len(b.gcards[me])
        spare = sorted(self.hand, key=self.worth)
        best: Action | None = None
        best_v = -1e9
        for a in opts:
            if a.verb != "maintain":
                continue
            add = need if a.args else max(0, need - have)
            v = -sum(self.worth(x) for x in spare[:add])
            if a.args:
                v -= self.threat(a.args[0])
            if v > best_v:
                best, best_v = a, v
        drop = next((a for a in opts if a.verb == "drop"), None)
        if drop is not None and t is not None:
            v = -self.dmg(gb_total(st, opp, len(b.field[opp]) - 1), me)
            if best is None or v > best_v:
                best = drop
        return best or opts[-1]

    def cover(self, opts: list[Action], k: int) -> Action:
        """Face-down guard cards: the least useful first; the last one (the top, 注10) a GC card that
        ``gc_problem`` would let open against the opponent's top card, the strongest."""
        me, b, st = self.me, self.b, self.st
        C = self.C
        gcs = [a for a in opts if self.is_gc(a.args[0])]
        if k <= 1 and gcs:
            gc, sit = b.gcards[me], b.sit[me]
            b.sit[me] = "guarding"
            ok = []
            try:
                for a in gcs:
                    b.gcards[me] = [*gc, a.args[0]]
                    if gc_problem(st, me, False) is None:
                        ok.append(a)
            finally:
                b.gcards[me], b.sit[me] = gc, sit
            if ok:
                return max(ok, key=lambda a: (C[a.args[0]].attack, -self.worth(a.args[0]), a.args[0]))
            payable = [a for a in gcs if C[a.args[0]].gauge_cost <= self.gauge]
            if payable:  # the opponent's next top card may be shorter (§6.2.4)
                return max(payable, key=lambda a: (C[a.args[0]].attack, -self.worth(a.args[0]), a.args[0]))
        elif k > 1:  # keep the GC cards for the top
            plain = [a for a in opts if not self.is_gc(a.args[0])]
            if plain:
                opts = plain
        return min(opts, key=lambda a: (self.worth(a.args[0]), a.args[0]))

    # ------------------------------------------------------------------ §6.3 bonus bets
    def bonus(self, opts: list[Action]) -> Action:
        """§6.3: a bonus bet adds its attack (in a GB 1 per card, ``bonus_in_gb = "one"``) to the
        total; only the damage the down still needs is worth its cards."""
        me, opp, b, st = self.me, self.opp, self.b, self.st
        j = self.view["table"]["judge"] or {}
        kind = j.get("kind", "clean_hit")
        if kind == "gb":
            now = gb_total(st, me, len(b.field[me]) - 1)
        elif kind == "gc" and b.gcards[me]:
            now = st.stats(me, self.C[b.gcards[me][-1]])[3] + field_sum(st, me)
        else:
            now = field_sum(st, me)
        base = self.dmg(now, opp)
        best = next(a for a in opts if a.verb == "pass")
        best_v = 0.0
        one = kind == "gb" and self.params["bonus_in_gb"] == "one"
        for a in opts:
            if a.verb != "bet":
                continue
            u = _unit_of(a)
            add = u[1] if one else unit_attack(st, me, u)
            v = self.dmg(now + add, opp) - base - self.bet_cost(a)[0]
            if v > best_v:
                best, best_v = a, v
        return best
