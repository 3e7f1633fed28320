"""A greedy heuristic for Suikoden Card Stories (plays from its information set: the view and the decision).

Values on a mission are computed exactly as the rules compute them (``games/suikoden/effects.py``), from
a small table built from the *view* (masterminds, resolved areas, the mission's columns): never from the
state. On top of that, a **plan** is the fewest hand characters that can be deployed in a linked order
(§6.1: a leader opens an empty column, then shared letters) to add a needed amount of one stat.

* main (every turn costs a card: pass is legal only when nothing else is): a new mission its hand can
  clear with a short plan (a support attached when it shortens the plan, or hinders the opponent), a
  mission to continue where it is close to clearing (its own, or the opponent's for the right-hand
  VP), a likely duel; otherwise the least useful card is discarded — further discards only for dead
  cards, and only while its deck outlasts the opponent's (§9 deck out);
* deploy/pass step: the cheapest action that clears (or builds, or blocks a facility worth blocking);
  else, when the opponent is about to clear, a rune on their strongest character or a deployment that
  makes both fail; else the first card of the shortest plan (the card that reaches the value, else the
  strongest linked one); pass when no short plan exists. Troops: deploy towards opponent + value, or
  to deny the opponent's clear, and pass when the resolution favours it;
* counters only when they stop a clear / build / block or remove a big character;
* duels by the mission's stat (the highest non-pair character that may enter); a hopeless duel
  throws the least useful card;
* casualties: the legal set that keeps the most mil (a survivor able to clear); garrison the
  character whose name blocks its own hand least; mulligan and discards drop dead cards first and
  keep leaders (link openers).
"""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING, Any

from ..core.actions import Action, Decision
from ..core.infoset import InfoSet
from ..games.suikoden.effects import (
    LETTERS,
    Source,
    barred,
    global_sources,
    local_sources,
    values_of,
)
from ..games.suikoden.state import Dep, Mission
from .base import Agent
from .suikoden_eval import PROSPECT_W, evaluate, mission_prospects

if TYPE_CHECKING:
    from ..games.suikoden.cards import Card

#: score of one victory point against the other terms (cards, small bonuses)
W = 3.0
#: plans longer than this are wasteful
MAX_PLAN = 3
STAT = {"atk": 0, "mil": 1, "con": 2}


def _mask(links: str) -> int:
    m = 0
    for ch in links:
        m |= 1 << LETTERS.index(ch)
    return m


def _opt(opts: list[Action], verb: str, *args: str) -> Action | None:
    for a in opts:
        if a.verb == verb and (not args or a.args == args):
            return a
    return None


class _Table:
    """What the effect functions read (``C``, ``mm``, ``resolved``, ``game``), from a view."""

    __slots__ = ("C", "game", "mm", "resolved")

    def __init__(self, C: dict[str, Card], game: Any, view: dict[str, Any]) -> None:
        self.C = C
        self.game = game
        ps = view["table"]["players"]
        self.mm = [ps[0]["mastermind"], ps[1]["mastermind"]]
        self.resolved = [[(r["card"], r["garrison"], r["owner"]) for r in ps[p]["resolved"]] for p in (0, 1)]


class _Ctx:
    """One decision's reading of the view."""

    def __init__(self, infoset: InfoSet, me: int) -> None:
        self.me = me
        self.view = v = infoset.view
        self.game = g = infoset.game
        self.C: dict[str, Card] = g.cdb  # type: ignore[attr-defined]
        self.params = g.params
        self.tab = _Table(self.C, g, v)
        self.glob: list[Source] = global_sources(self.tab)  # type: ignore[arg-type]
        t = v["table"]
        self.players = t["players"]
        self.hand: list[str] = list(v["players"][me].get("hand") or [])
        self.deck = int(v["players"][me]["deck_count"])
        self.opp_deck = int(v["players"][1 - me]["deck_count"])
        self.battle = t["battle"]
        self.missions: dict[tuple[int, str], dict[str, Any]] = {
            (p, m["slot"]): m for p in (0, 1) for m in self.players[p]["missions"]}
        self.inplay: dict[str, list[tuple[int, str]]] = {}
        C = self.C
        for p in (0, 1):
            side = self.players[p]
            if side["mastermind"]:
                self._add(p, "mastermind", side["mastermind"])
            for m in side["missions"]:
                if m["support"]:
                    self._add(p, "support", m["support"])
                for q in (0, 1):
                    for d in m["columns"][q]:
                        self._add(q, "deployed", d["card"])
            if self.params.get("garrison_unique", True):
                for r in side["resolved"]:
                    if r["garrison"]:
                        self._add(p, "garrison", r["garrison"])
        self.leaders = [c for c in self.hand if C[c].type == "character" and C[c].cls == "leader"]
        self._use: dict[tuple[str, bool], float] = {}
        self.my_links = 0
        for m in self.missions.values():
            self.my_links |= _mask(m["links"][me])

    def _add(self, p: int, kind: str, cid: str) -> None:
        for n in self.C[cid].names:
            self.inplay.setdefault(n, []).append((p, kind))

    def may_enter(self, cid: str, deploying: bool = True) -> bool:
        """§6.2 uniqueness, §6.3 betrayal over the opponent's cards."""
        c = self.C[cid]
        cs = [x for n in c.names for x in self.inplay.get(n, ())]
        if not cs:
            return True
        if not deploying or "betrayal" not in c.keywords:
            return False
        return all(s != self.me and kind != "mastermind" for s, kind in cs)

    # ------------------------------------------------------------------ values on a mission
    def cols(self, mv: dict[str, Any]) -> list[list[Dep]]:
        return [[(d["card"], tuple((int(x[0]), int(x[1]), int(x[2]), str(x[3]), str(x[4])) for x in d["mods"]),
                  bool(d["rune_used"])) for d in mv["columns"][q]] for q in (0, 1)]

    def values(self, o: int, card: str, support: str, cols: list[list[Dep]]
               ) -> tuple[list[list[tuple[int, int, int]]], list[tuple[int, int, int]]]:
        m = Mission(card, support, cols)
        vals, tots, _ = values_of(self.tab, o, cols, self.glob + local_sources(self.tab, o, m))  # type: ignore[arg-type]
        return vals, tots

    def barred(self, o: int, card: str, support: str, cols: list[list[Dep]], cid: str) -> bool:
        return bool(barred(self.tab, o, Mission(card, support, cols), self.me, self.C[cid], self.glob))  # type: ignore[arg-type]

    def can_garrison(self, col: list[Dep]) -> bool:
        return any(not self.C[d[0]].pair for d in col)

    # ------------------------------------------------------------------ usefulness of a card in hand
    def use(self, cid: str, deployed: bool = False) -> float:
        """How much a card in hand is worth keeping (low: discard it first); ``deployed``: a card of
        ours on the table (its own name in play does not make it dead). Remembered for the decision
        (the hand and the table do not change while it is read)."""
        key = (cid, deployed)
        v = self._use.get(key)
        if v is None:
            v = self._use[key] = self._use_of(cid, deployed)
        return v

    def _use_of(self, cid: str, deployed: bool) -> float:
        C = self.C
        c = C[cid]
        hand = self.hand
        if c.type != "character":
            n_m = sum(1 for x in hand if C[x].type != "character")
            if c.type == "facility":
                v = 3.0
            elif c.clear == "duel":
                v = 2.5 + 0.3 * c.vp[0]
            else:
                v = 3.0 + 0.5 * c.vp[0]
            return v - (1.5 if n_m > 2 else 0.0)
        if c.cls == "mastermind" or not (deployed or self.may_enter(cid)):
            return 0.5
        stats = 0.5 * c.atk + 0.5 * c.mil / 1000 + 0.4 * c.con
        if c.cls == "leader":
            v = 4.0 + stats
            if sum(1 for x in self.leaders if x != cid) == 0:
                v += 4.0  # the only link opener
        else:
            v = 1.5 + stats
            lead = 0
            for x in self.leaders:
                lead |= C[x].lmask
            if c.lmask & (lead | self.my_links):
                v += 1.5
        if c.pair:
            v -= 0.5
        if "counter" in c.keywords or "support" in c.keywords:
            v += 0.5
        if hand.count(cid) > 1:
            v -= 1.0  # a second copy cannot be in play at the same time
        return v

    # ------------------------------------------------------------------ plans (§6.1 links)
    def plan(self, o: int, mv: dict[str, Any], stat: int, need: int, *, hand: list[str] | None = None,
             support: str | None = None, cols: list[list[Dep]] | None = None, max_k: int = MAX_PLAN
             ) -> tuple[int, list[str], int] | None:
        """The fewest hand characters (then the least overshoot, then the least useful ones) that can
        be deployed onto ``mv`` in a linked order and add at least ``need`` to our total of ``stat``,
        leaving a character able to garrison: (count, the cards in a legal order, their sum)."""
        me = self.me
        C = self.C
        hand = self.hand if hand is None else hand
        sup = (mv["support"] or "") if support is None else support
        cols = self.cols(mv) if cols is None else cols
        card = mv["card"]
        have_g = self.can_garrison(cols[me])
        if need <= 0 and have_g:
            return (0, [], 0)
        _, tots = self.values(o, card, sup, cols)
        base = tots[me][stat]
        mask = 0
        for d in cols[me]:
            mask |= C[d[0]].lmask
        cands: list[tuple[str, int, float]] = []
        for cid in dict.fromkeys(hand):
            c = C[cid]
            if c.type != "character" or c.cls == "mastermind" or not self.may_enter(cid):
                continue
            if self.barred(o, card, sup, cols, cid):
                continue
            trial = [cols[0], cols[1]]
            trial[me] = [*cols[me], (cid, (), False)]
            _, t2 = self.values(o, card, sup, trial)
            cands.append((cid, t2[me][stat] - base, self.use(cid)))
        best: tuple[float, float, list[str], int] | None = None
        for k in range(1, min(max_k, len(cands)) + 1):
            for combo in combinations(cands, k):
                total = sum(x[1] for x in combo)
                if total < need:
                    continue
                names = [n for x in combo for n in C[x[0]].names]
                if len(set(names)) != len(names):
                    continue
                if not have_g and all(C[x[0]].pair for x in combo):
                    continue
                order = self._order(mask, [x[0] for x in combo])
                if order is None:
                    continue
                # keep the useful cards (leaders) over a tight fit
                key = (sum(x[2] for x in combo) + 0.15 * (total - need) / (1000 if stat == 1 else 1), 0.0)
                if best is None or key < (best[0], best[1]):
                    best = (key[0], key[1], order, total)
            if best is not None:
                return (k, best[2], best[3])
        return None

    def _order(self, mask: int, cards: list[str]) -> list[str] | None:
        """A linked deployment order of ``cards`` from link letters ``mask`` (None if none exists)."""
        C = self.C
        left = list(cards)
        out: list[str] = []
        while left:
            for cid in left:
                c = C[cid]
                if (c.lmask & mask) if mask else c.cls == "leader":
                    mask |= c.lmask
                    out.append(cid)
                    left.remove(cid)
                    break
            else:
                return None
        return out

    def gain(self, o: int, mv: dict[str, Any]) -> float:
        """VP-worth of clearing ``mv`` for us (facilities: towards ``facilities_per_vp``, and their effect)."""
        C = self.C
        c = C[mv["card"]]
        if c.type == "facility":
            fpv = int(self.params.get("facilities_per_vp", 2))
            built = int(self.players[self.me]["built"])
            v = 1.0 if fpv and (built + 1) % fpv == 0 else (0.5 if fpv else 0.0)
            return v + 0.3 * len(c.effects)
        return float(c.vp[0] if o == self.me else c.vp[1])

    def opp_gain(self, o: int, mv: dict[str, Any]) -> float:
        c = self.C[mv["card"]]
        if c.type == "facility":
            return 0.8
        return float(c.vp[0] if o != self.me else c.vp[1])


class SuikodenGreedy(Agent):
    name = "greedy"

    def act(self, infoset: InfoSet) -> Action:
        decision = infoset.decision
        assert decision is not None
        opts = decision.options
        if len(opts) == 1:
            return opts[0]
        cx = _Ctx(infoset, decision.player)
        kind = decision.kind
        choice: Action | None = None
        if kind == "mulligan":
            choice = self._mulligan(cx, opts)
        elif kind == "main":
            choice = self._main(cx, opts)
        elif kind == "discard":
            choice = self._more_discard(cx, opts)
        elif kind in ("cost", "replenish"):
            choice = self._least_useful(cx, opts)
        elif kind == "step":
            choice = self._step(cx, opts)
        elif kind == "target":
            choice = self._target(cx, opts)
        elif kind == "counter":
            choice = self._counter(cx, decision)
        elif kind == "casualties":
            choice = self._casualties(cx, decision)
        elif kind == "garrison":
            choice = self._garrison(cx, opts)
        elif kind == "duel":
            choice = self._duel(cx, opts)
        return choice if choice is not None else self.rng.choice(opts)

    # ------------------------------------------------------------------ helpers
    @staticmethod
    def _least_useful(cx: _Ctx, opts: list[Action]) -> Action:
        """``discard ID`` of the least useful card (replenish, rune cost, main discard)."""
        cands = [a for a in opts if a.verb == "discard"]
        return min(cands, key=lambda a: (cx.use(a.args[0]), a.args[0])) if cands else opts[-1]

    @staticmethod
    def _place(cx: _Ctx, place: str) -> tuple[int, dict[str, Any]]:
        """``M1`` / ``xM2`` (relative to us) → (owner, mission view)."""
        o = 1 - cx.me if place.startswith("x") else cx.me
        return o, cx.missions[(o, place.lstrip("x"))]

    # ------------------------------------------------------------------ §4.4 mulligan
    def _mulligan(self, cx: _Ctx, opts: list[Action]) -> Action:
        done = _opt(opts, "done")
        rets = [a for a in opts if a.verb == "return"]
        if not rets:
            return done or opts[-1]
        C = cx.C
        if not cx.leaders:
            # no link opener: nothing can deploy; send back the characters, then surplus missions
            chars = [a for a in rets if C[a.args[0]].type == "character"]
            if chars:
                return min(chars, key=lambda a: (cx.use(a.args[0]), a.args[0]))
            n_m = sum(1 for x in cx.hand if C[x].type != "character")
            if n_m > 2:
                return min(rets, key=lambda a: (cx.use(a.args[0]), a.args[0]))
            return done or opts[-1]
        worst = min(rets, key=lambda a: (cx.use(a.args[0]), a.args[0]))
        if cx.use(worst.args[0]) < 2.5:
            return worst
        return done or opts[-1]

    # ------------------------------------------------------------------ §5 main phase
    def _main(self, cx: _Ctx, opts: list[Action]) -> Action:
        """Exactly one of discard / new mission / continue (§5; ``pass`` only when none is legal): every
        turn costs a card, so the baseline is discarding the least useful one."""
        best: Action | None = None
        best_v = -1e9
        for a in opts:
            if a.verb == "play":
                v = self._score_play(cx, a.args[0], a.args[1] if len(a.args) > 1 else "")
            elif a.verb == "continue":
                v = self._score_continue(cx, a.args[0])
            elif a.verb == "discard":
                v = self._score_discard(cx, a.args[0])
            else:
                v = -5.0
            if v > best_v + 1e-9:
                best, best_v = a, v
        return best or opts[-1]

    @staticmethod
    def _score_discard(cx: _Ctx, cid: str) -> float:
        """The least useful card: a dead one (its name in play, a surplus mission) scores above 0."""
        u = cx.use(cid)
        return 0.4 - 0.05 * u if u < 2.0 else -0.5 - 0.1 * u

    def _more_discard(self, cx: _Ctx, opts: list[Action]) -> Action:
        """Each further discard costs a card of the deck (the player who runs out first loses, §9):
        only dead cards, or non-leaders while no link opener is in hand, and only with deck to spare."""
        spare = cx.deck - cx.opp_deck
        best = None
        best_v = 0.0
        for a in opts:
            if a.verb != "discard":
                continue
            cid = a.args[0]
            u = cx.use(cid)
            v = 0.0
            if u < 2.0 and spare > 1:
                v = 0.4 - 0.05 * u
            elif not cx.leaders and cx.C[cid].type == "character" and len(cx.hand) >= 5 and spare > 2:
                v = 0.2 - 0.02 * u
            if v > best_v:
                best, best_v = a, v
        return best or _opt(opts, "done") or opts[-1]

    def _score_play(self, cx: _Ctx, cid: str, sup: str) -> float:
        C = cx.C
        me = cx.me
        c = C[cid]
        hand = list(cx.hand)
        hand.remove(cid)
        if sup:
            hand.remove(sup)
        if c.type == "mission" and c.clear == "duel":
            return self._score_duel_mission(cx, cid, hand)
        mv: dict[str, Any] = {"card": cid, "support": sup or None, "columns": [[], []]}
        cols: list[list[Dep]] = [[], []]
        _, tots = cx.values(me, cid, sup, cols)
        if c.type == "facility":
            stat, need = 2, c.build - tots[me][2]
            gain = cx.gain(me, mv)
            risk = 0.2
        elif c.clear == "mil":
            stat, need = 1, c.value - tots[me][1] + 500  # a margin over an opponent's small deployment
            gain = float(c.vp[0])
            risk = 0.3 * c.vp[1]
        else:
            stat, need = 0, c.value - tots[me][0]
            gain = float(c.vp[0])
            risk = 0.3 * c.vp[1]
        pl = cx.plan(me, mv, stat, need, hand=hand, support=sup, cols=cols, max_k=4)
        if pl is None:
            # every turn costs a card anyway: a mission to continue later beats a discard, unless
            # nothing in hand could ever open it
            opener = any(C[x].type == "character" and C[x].cls == "leader" and cx.may_enter(x) for x in hand)
            return (0.25 * W * gain - risk - (0.4 if sup else 0.0)) if opener else -2.0
        v = W * gain - 0.6 * pl[0] - 0.05 * (pl[2] - need) / (1000 if stat == 1 else 1) - risk
        if sup:
            v -= 0.4  # a card spent (it can join the column later)
            sc = C[sup]
            if any(e.target == "opponent" and e.action == "modify_total" for e in sc.effects) and stat != 1:
                v += 0.5  # hinders the opponent's atk on this mission
        return v

    def _score_duel_mission(self, cx: _Ctx, cid: str, hand: list[str]) -> float:
        c = cx.C[cid]
        best = self._duel_best(cx, cid, cx.me, hand)
        if best is None:
            return -2.0
        p = self._duel_odds(c.duel_stat, best[1])
        return W * (p * c.vp[0] - (1 - p) * 0.5 * c.vp[1]) - 0.5

    @staticmethod
    def _duel_odds(stat: str, v: int) -> float:
        """A rough chance that a duel value wins against an unknown card."""
        if stat == "mil":
            p = (v - 1000) / 2000
        elif stat == "con":
            p = (v - 1) / 3
        else:
            p = (v - 2) / 4
        return max(0.0, min(1.0, p))

    def _score_continue(self, cx: _Ctx, place: str) -> float:
        o, mv = self._place(cx, place)
        me = cx.me
        C = cx.C
        c = C[mv["card"]]
        cols = cx.cols(mv)
        tots = mv["totals"]
        if c.type == "facility":
            if o == me:
                pl = cx.plan(o, mv, 2, c.build - tots[me]["con"], cols=cols)
                val = W * cx.gain(o, mv)
            else:
                owner_need = c.build - tots[o]["con"]
                pl = cx.plan(o, mv, 0, c.block - tots[me]["atk"], cols=cols, max_k=2)
                val = 2.0 if owner_need <= 3 else 0.6
        elif c.clear == "mil":
            pl = cx.plan(o, mv, 1, tots[1 - me]["mil"] + c.value - tots[me]["mil"], cols=cols)
            val = W * cx.gain(o, mv) * 0.8
        else:
            pl = cx.plan(o, mv, 0, c.value - tots[me]["atk"], cols=cols)
            val = W * cx.gain(o, mv)
        if pl is None or pl[0] == 0:
            return -3.0
        return val - 0.6 * pl[0] + 0.3

    # ------------------------------------------------------------------ §7.1 deploy/pass step
    def _step(self, cx: _Ctx, opts: list[Action]) -> Action:
        b = cx.battle
        o = int(b["seat"])
        mv = cx.missions[(o, b["slot"])]
        c = cx.C[mv["card"]]
        if c.type == "mission" and c.clear == "mil":
            return self._step_troops(cx, o, mv, opts)
        return self._step_race(cx, o, mv, opts)

    def _after(self, cx: _Ctx, o: int, mv: dict[str, Any], a: Action
               ) -> tuple[list[list[Dep]], list[tuple[int, int, int]]]:
        """Columns and totals after a deploy / redeploy (the support leaves its place)."""
        me = cx.me
        cols = cx.cols(mv)
        sup = mv["support"] or ""
        if a.verb == "deploy":
            cols[me] = [*cols[me], (a.args[0], (), False)]
        elif a.verb == "redeploy":
            cols[me] = [*cols[me], (sup, (), False)]
            sup = ""
        _, tots = cx.values(o, mv["card"], sup, cols)
        return cols, tots

    def _outcome(self, cx: _Ctx, o: int, mv: dict[str, Any], cols: list[list[Dep]],
                 tots: list[tuple[int, int, int]]) -> str:
        """The clear check (§7.2, §7.4) from our side: ``win`` (we clear / build / block), ``lose``
        (the opponent does), ``fail`` (both meet), ``go`` (the battle goes on)."""
        me = cx.me
        c = cx.C[mv["card"]]
        if c.type == "facility":
            if tots[o][2] >= c.build and cx.can_garrison(cols[o]):
                return "win" if o == me else "lose"
            if tots[1 - o][0] >= c.block:
                return "lose" if o == me else "win"
            return "go"
        meets = [tots[p][0] >= c.value and cx.can_garrison(cols[p]) for p in (0, 1)]
        if meets[0] and meets[1]:
            return "fail"
        if meets[me]:
            return "win"
        if meets[1 - me]:
            return "lose"
        return "go"

    def _step_race(self, cx: _Ctx, o: int, mv: dict[str, Any], opts: list[Action]) -> Action:
        """Attack (§7.2) and facility (§7.4) battles: the first to reach the value clears."""
        me = cx.me
        C = cx.C
        c = C[mv["card"]]
        tots = mv["totals"]
        pas = _opt(opts, "pass")
        if c.type == "facility":
            if o == me:
                stat, need = 2, c.build - tots[me]["con"]
                threat = c.block - tots[1 - me]["atk"]  # the blocker's atk still missing
            else:
                stat, need = 0, c.block - tots[me]["atk"]
                threat = c.build - tots[o]["con"]
        else:
            stat, need = 0, c.value - tots[me]["atk"]
            threat = c.value - tots[1 - me]["atk"]
        win_v = W * cx.gain(o, mv) if not (c.type == "facility" and o != me) else (2.0 if threat <= 3 else 0.7)
        lose_v = W * cx.opp_gain(o, mv) if not (c.type == "facility" and o == me) else 1.5
        # 1. what clears at once, cheapest first
        outcomes: dict[Action, str] = {}
        for a in opts:
            if a.verb in ("deploy", "redeploy"):
                cols, t2 = self._after(cx, o, mv, a)
                outcomes[a] = self._outcome(cx, o, mv, cols, t2)
        wins = [a for a, r in outcomes.items() if r == "win"]
        if wins and win_v > 0.5:
            return min(wins, key=lambda a: (self._cost(cx, a), a.text))
        # 2. the opponent meets the value already (a modifier ran out since the battle that left the
        #    mission unresolved): they clear after this step whatever else we do, unless a rune takes
        #    them under it, or we meet too and both fail (§7.2) — better than their clear when it scores
        cols0 = cx.cols(mv)
        _, t0 = cx.values(o, mv["card"], mv["support"] or "", cols0)
        runes = [a for a in opts if a.verb == "rune"]
        fails = sorted((a for a, r in outcomes.items() if r == "fail"), key=lambda a: (self._cost(cx, a), a.text))
        if self._outcome(cx, o, mv, cols0, t0) == "lose":
            for a in runes:
                if self._rune_outcome(cx, o, mv, a) != "lose":
                    return a
            if fails and lose_v > 1.0:
                return fails[0]
            # nothing stops them: spend as little as possible (a rune would not change the outcome)
            rest = [a for a in opts if a.verb != "rune"] or opts
            return pas or min(rest, key=lambda a: (self._cost(cx, a), a.text))
        # 3. the opponent is about to clear (a few points short, with its next step): a rune that
        #    takes atk away, or a deployment that makes both fail
        imminent = threat <= 3 and bool(mv["columns"][1 - me])
        mine_pl = cx.plan(o, mv, stat, need)
        if imminent and lose_v >= 1.5:
            if c.type == "mission" or o == me:
                for a in runes:
                    if self._rune_outcome(cx, o, mv, a, gap=True) == "less":
                        return a
            if fails and (mine_pl is None or mine_pl[0] >= 2):
                return fails[0]
        # 3. the shortest plan
        if mine_pl is not None and mine_pl[0] > 0:
            worth = win_v - 0.6 * mine_pl[0]
            if worth > 0 or pas is None:
                first = self._first_of_plan(cx, o, mv, opts, mine_pl[1], outcomes)
                if first is not None:
                    return first
        if pas is not None:
            return pas
        return self._strongest(cx, o, mv, opts, stat, outcomes)

    @staticmethod
    def _cost(cx: _Ctx, a: Action) -> float:
        """What a step action spends from hand: a deployed card's usefulness (a redeploy, a pass: 0)."""
        return cx.use(a.args[0]) if a.verb == "deploy" else (0.5 if a.verb == "rune" else 0.0)

    def _rune_outcome(self, cx: _Ctx, o: int, mv: dict[str, Any], a: Action, gap: bool = False) -> str:
        """The clear check after ``rune M1.2`` (§8.3) on the enemy character with the most atk (as
        :meth:`_target` picks); with ``gap``: ``less`` when it lowers the opponent's atk total."""
        me = cx.me
        C = cx.C
        cols = cx.cols(mv)
        sup = mv["support"] or ""
        _, t0 = cx.values(o, mv["card"], sup, cols)
        user = cols[me][int(a.args[0].partition(".")[2]) - 1][0]
        enemy = list(cols[1 - me])
        if enemy:
            vals, _ = cx.values(o, mv["card"], sup, cols)
            i = max(range(len(enemy)), key=lambda j: vals[1 - me][j][0])
            for e in C[user].effects:
                if e.trigger != "rune" or e.target != "choose_enemy_character":
                    continue
                if e.action == "discard":
                    del enemy[i]
                    break
                if e.action == "modify":
                    d = enemy[i]
                    enemy[i] = (d[0], (*d[1], (e.atk, e.mil, e.con, "deployed", user)), d[2])
        cols2 = [cols[0], cols[1]]
        cols2[1 - me] = enemy
        _, t2 = cx.values(o, mv["card"], sup, cols2)
        if gap:
            return "less" if t2[1 - me][0] < t0[1 - me][0] else "same"
        return self._outcome(cx, o, mv, cols2, t2)

    def _first_of_plan(self, cx: _Ctx, o: int, mv: dict[str, Any], opts: list[Action], plan: list[str],
                       outcomes: dict[Action, str]) -> Action | None:
        """The strongest card of the plan that may be deployed now (never one that lets the opponent
        clear, e.g. by taking away a support that held them back)."""
        legal = [a for a in opts if a.verb == "deploy" and a.args[0] in plan and outcomes.get(a) != "lose"]
        if not legal:
            return None
        return max(legal, key=lambda a: (self._delta(cx, o, mv, a), -cx.use(a.args[0]), a.text))

    def _delta(self, cx: _Ctx, o: int, mv: dict[str, Any], a: Action) -> int:
        c = cx.C[mv["card"]]
        stat = 1 if c.clear == "mil" else (2 if c.type == "facility" and o == cx.me else 0)
        _, t2 = self._after(cx, o, mv, a)
        return t2[cx.me][stat] - int(mv["totals"][cx.me][("atk", "mil", "con")[stat]])

    def _strongest(self, cx: _Ctx, o: int, mv: dict[str, Any], opts: list[Action], stat: int,
                   outcomes: dict[Action, str]) -> Action:
        """A forced step (the first of a continue battle) with no plan: the strongest linked card."""
        deps = [a for a in opts if a.verb in ("deploy", "redeploy") and outcomes.get(a) != "lose"]
        if deps:
            return max(deps, key=lambda a: (self._delta(cx, o, mv, a),
                                            -(0.0 if a.verb == "redeploy" else cx.use(a.args[0])), a.text))
        return opts[0]

    # ------------------------------------------------------------------ §7.3 troops
    def _step_troops(self, cx: _Ctx, o: int, mv: dict[str, Any], opts: list[Action]) -> Action:
        me = cx.me
        c = cx.C[mv["card"]]
        V = c.value
        tots = mv["totals"]
        s_me, s_op = int(tots[me]["mil"]), int(tots[1 - me]["mil"])
        cols = cx.cols(mv)
        pas = _opt(opts, "pass")
        g_me = cx.can_garrison(cols[me])
        i_clear = s_me > s_op and s_me - s_op >= V and g_me
        op_clear = s_op > s_me and s_op - s_me >= V and cx.can_garrison(cols[1 - me])
        if i_clear and pas is not None:
            return pas
        clear_pl = cx.plan(o, mv, 1, s_op + V - s_me)
        if clear_pl is not None and clear_pl[0] > 0 and W * cx.gain(o, mv) * 0.8 - 0.6 * clear_pl[0] > 0:
            a = self._first_of_plan(cx, o, mv, opts, clear_pl[1], {})
            if a is not None:
                return a
        if op_clear:
            # deny: bring the opponent's survivors under the value (a tie wipes both)
            deny = cx.plan(o, mv, 1, s_op - V - s_me + 100, max_k=2 if cx.opp_gain(o, mv) < 2 else 3)
            if deny is not None and deny[0] > 0:
                a = self._first_of_plan(cx, o, mv, opts, deny[1], {})
                if a is not None:
                    return a
        if pas is not None:
            return pas
        return self._strongest(cx, o, mv, opts, 1, {})

    # ------------------------------------------------------------------ §8.3 rune target, §8.4 counter
    def _target(self, cx: _Ctx, opts: list[Action]) -> Action:
        """A −atk rune: the enemy character with the most atk (the most it can take away)."""
        def score(a: Action) -> tuple[int, int, str]:
            mp, _, col = a.args[0].partition(".")
            _, mv = self._place(cx, mp)
            q = 1 - cx.me if col.startswith("x") else cx.me
            d = mv["columns"][q][int(col.lstrip("x")) - 1]
            return (int(d["atk"]) if q != cx.me else -99, int(d["mil"]), a.text)
        return max(opts, key=score)

    def _counter(self, cx: _Ctx, d: Decision) -> Action:
        """Counter only when it stops the opponent's clear (build, block) or removes a big character."""
        opts = d.options
        pas = _opt(opts, "pass")
        b = cx.battle
        if b is None or pas is None:
            return pas or opts[-1]
        me = cx.me
        C = cx.C
        o = int(b["seat"])
        mv = cx.missions[(o, b["slot"])]
        trig = str(d.ctx[1]) if isinstance(d.ctx, (tuple, list)) and len(d.ctx) > 1 else ""
        cols = cx.cols(mv)
        sup = mv["support"] or ""
        _, tots = cx.values(o, mv["card"], sup, cols)
        now = self._outcome(cx, o, mv, cols, tots)
        mc = C[mv["card"]]
        for a in opts:
            if a.verb != "counter":
                continue
            cc = C[a.args[0]]
            cols2 = [list(cols[0]), list(cols[1])]
            for e in cc.effects:
                if e.trigger != "counter":
                    continue
                q = 1 - me
                for i, dep in enumerate(cols2[q]):
                    if dep[0] != trig:
                        continue
                    if e.action == "discard":
                        del cols2[q][i]
                    elif e.action == "modify":
                        cols2[q][i] = (dep[0], (*dep[1], (e.atk, e.mil, e.con, "battle", a.args[0])), dep[2])
                    break
            _, t2 = cx.values(o, mv["card"], sup, cols2)
            if mc.type == "mission" and mc.clear == "mil":
                big = C[trig].mil >= 2500 or C[trig].pair
                if t2[1 - me][1] < tots[1 - me][1] and big:
                    return a
                continue
            after = self._outcome(cx, o, mv, cols2, t2)
            if now == "lose" and after != "lose":
                return a
            if C[trig].pair and len(cols2[1 - me]) < len(cols[1 - me]):
                return a  # a pair removed is a big swing
        return pas

    # ------------------------------------------------------------------ §7.3 casualties
    def _casualties(self, cx: _Ctx, d: Decision) -> Action:
        """The legal casualty set that keeps the most mil (a survivor able to clear, then fewer losses)."""
        opts = d.options
        done = _opt(opts, "done")
        loses = [a for a in opts if a.verb == "lose"]
        if not loses:
            return done or opts[-1]
        C = cx.C
        me = cx.me
        b = cx.battle
        o = int(b["seat"])
        mv = cx.missions[(o, b["slot"])]
        col = [x["card"] for x in mv["columns"][me]]
        ctx = d.ctx
        need = int(ctx[2])
        sel = [str(x) for x in ctx[3]]
        cands = [x for x in col if C[x].mil > 0]
        total = sum(C[x].mil for x in cands)
        exact = bool(cx.params.get("troops_exact", True))
        rest = [x for x in cands if x not in sel]
        sets = [e for k in range(len(rest) + 1) for e in combinations(rest, k)]
        has_exact = exact and any(sum(C[x].mil for x in (*sel, *e)) == need for e in sets)

        def valid(e: tuple[str, ...]) -> bool:
            full = [*sel, *e]
            s = sum(C[x].mil for x in full)
            if total < need:
                return len(full) == len(cands)
            if has_exact:
                return s == need
            return s >= need and s - min((C[x].mil for x in full), default=0) < need

        value = {x["card"]: int(x["mil"]) for x in mv["columns"][me]}
        V = C[mv["card"]].value

        def keep_key(e: tuple[str, ...]) -> tuple[int, int, int]:
            surv = [x for x in col if x not in sel and x not in e]
            m = sum(value[x] for x in surv)
            ok = m >= V and any(not C[x].pair for x in surv)
            return (int(ok), m, -len(e))

        good = [e for e in sets if valid(e)]
        if not good:
            return loses[0]
        best = max(good, key=keep_key)
        if not best:
            return done or loses[0]
        for a in loses:
            ix = a.args[0].partition(".")[2]
            if col[int(ix) - 1] in best:
                return a
        return loses[0]

    # ------------------------------------------------------------------ §7.5 garrison
    def _garrison(self, cx: _Ctx, opts: list[Action]) -> Action:
        """Every other card here is discarded: garrison the one whose name blocks our hand least."""
        b = cx.battle
        o = int(b["seat"])
        mv = cx.missions[(o, b["slot"])]
        col = [x["card"] for x in mv["columns"][cx.me]]
        C = cx.C

        def cost(a: Action) -> tuple[int, float, str]:
            cid = col[int(a.args[0].partition(".")[2]) - 1]
            names = set(C[cid].names)
            blocks = sum(1 for h in cx.hand if C[h].type == "character" and names & set(C[h].names))
            # a garrison keeps its name in play (§6.2): our other copies of a scarce leader would be dead
            return (blocks + (2 if C[cid].cls == "leader" else 0), cx.use(cid, deployed=True), a.text)
        return min(opts, key=cost)

    # ------------------------------------------------------------------ §7.6 duel
    def _duel_best(self, cx: _Ctx, mission: str, o: int, hand: list[str]) -> tuple[str, int] | None:
        """The hand's best duel card by the mission's stat (non-pair characters that may enter), with
        its value under the modifiers (masterminds, built facilities, the mission)."""
        C = cx.C
        mc = C[mission]
        stat = STAT.get(mc.duel_stat or "atk", 0)
        me = cx.me
        srcs = cx.glob + [(o, e, "") for e in mc.effects if e.trigger == "static"]
        best: tuple[str, int] | None = None
        best_key: tuple[int, float] | None = None
        for cid in dict.fromkeys(hand):
            c = C[cid]
            if c.type != "character" or c.cls == "mastermind" or c.pair or not cx.may_enter(cid, False):
                continue
            cols: list[list[Dep]] = [[], []]
            cols[me] = [(cid, (), False)]
            vals, _, _ = values_of(cx.tab, o, cols, srcs)  # type: ignore[arg-type]
            v = vals[me][0][stat]
            key = (v, -cx.use(cid))
            if best_key is None or key > best_key:
                best, best_key = (cid, v), key
        return best

    def _duel(self, cx: _Ctx, opts: list[Action]) -> Action:
        b = cx.battle
        o = int(b["seat"])
        mv = cx.missions[(o, b["slot"])]
        best = self._duel_best(cx, mv["card"], o, cx.hand)
        # a value of 0 can only tie (the placer's side wins a tie, §7.6 4)
        if best is not None and (best[1] > 0 or o == cx.me):
            a = _opt(opts, "duel", best[0])
            if a is not None:
                return a
        # losing anyway: throw the least useful card
        return min(opts, key=lambda a: (cx.use(a.args[0]), a.text))


__all__ = ["PROSPECT_W", "SuikodenGreedy", "evaluate", "mission_prospects"]
