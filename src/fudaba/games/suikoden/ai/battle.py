"""The Suikoden greedy agent's choices inside a mission (§7): the deploy/pass step of a race or a
troops mission, rune targets, counters, casualties, garrison and duels — a mixin of
:class:`~fudaba.games.suikoden.ai.greedy.SuikodenGreedy`, reading the view through ``read._Ctx``."""

from __future__ import annotations

from itertools import combinations
from typing import Any

from ....core.actions import Action, Decision
from ..effects import values_of
from ..state import Dep
from .read import STAT, W, _Ctx, _opt


class BattleChoices:
    """The choices of a mission in progress (the agent's ``act`` dispatches to them)."""

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
            _, mv = cx.place(mp)
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
        _, trig = d.ctx  # CounterCtx: the seat that may counter, the character just deployed
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
        _, _, theirs, picked = d.ctx  # CasualtyCtx: the seat, its total, the other's (to lose), the picks so far
        need = int(theirs)
        sel = [str(x) for x in picked]
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
