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

from collections.abc import Callable
from typing import Any

from ....core.actions import Action, Decision
from ....core.agent import Agent
from ....core.infoset import InfoSet
from ..rules import CASUALTIES, COST, COUNTER, DISCARD, DUEL, GARRISON, MAIN, MULLIGAN, REPLENISH, STEP, TARGET
from ..state import Dep
from .battle import BattleChoices
from .evaluation import PROSPECT_W, evaluate, mission_prospects
from .read import W, _Ctx, _opt

__all__ = ["PROSPECT_W", "SuikodenGreedy", "evaluate", "mission_prospects"]


class SuikodenGreedy(BattleChoices, Agent):
    name = "greedy"

    def act(self, infoset: InfoSet) -> Action:
        decision = infoset.decision
        assert decision is not None
        opts = decision.options
        if len(opts) == 1:
            return opts[0]
        choose = _CHOOSE.get(decision.kind)
        choice = choose(self, _Ctx(infoset, decision.player), decision) if choose is not None else None
        return choice if choice is not None else self.rng.choice(opts)

    # ------------------------------------------------------------------ helpers
    @staticmethod
    def _least_useful(cx: _Ctx, opts: list[Action]) -> Action:
        """``discard ID`` of the least useful card (replenish, rune cost, main discard)."""
        cands = [a for a in opts if a.verb == "discard"]
        return min(cands, key=lambda a: (cx.use(a.args[0]), a.args[0])) if cands else opts[-1]

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
        o, mv = cx.place(place)
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


Choice = Callable[[SuikodenGreedy, _Ctx, Decision], Action | None]
#: what the agent weighs at each decision, by its kind (None: a random option)
_CHOOSE: dict[str, Choice] = {
    MULLIGAN.name: lambda a, cx, d: a._mulligan(cx, d.options),
    MAIN.name: lambda a, cx, d: a._main(cx, d.options),
    DISCARD.name: lambda a, cx, d: a._more_discard(cx, d.options),
    COST.name: lambda a, cx, d: a._least_useful(cx, d.options),
    REPLENISH.name: lambda a, cx, d: a._least_useful(cx, d.options),
    STEP.name: lambda a, cx, d: a._step(cx, d.options),
    TARGET.name: lambda a, cx, d: a._target(cx, d.options),
    COUNTER.name: lambda a, cx, d: a._counter(cx, d),
    CASUALTIES.name: lambda a, cx, d: a._casualties(cx, d),
    GARRISON.name: lambda a, cx, d: a._garrison(cx, d.options),
    DUEL.name: lambda a, cx, d: a._duel(cx, d.options),
}
