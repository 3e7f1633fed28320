"""A greedy heuristic for Sarasvati TCG (plays from its information set: the view and the decision).

* charge: the least useful card (far above the curve, duplicates of what is already out), keeping
  the curve going while voltage is low;
* imagine: the best-valued play that fits (evolution > strong summons > equipment on the best
  attacker > removal/draw supports), front row for sturdy characters, back row for fragile ones;
* battle: walls first (kills that survive the counterattack, then wall-breaking attacks that open
  the way for other attackers), then forbidden books (destroying open ones first); losing
  attacks only when they open the way;
* targets: removal on the most valuable enemy, buffs on the best ready attacker that survives them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ....core.actions import Action, Decision
from ....core.agent import Agent
from ....core.infoset import InfoSet
from ..rules import BATTLE, CHARGE, IMAGINE, KEEP, MOVE, TARGET


def _card_value(c: Any) -> float:
    if c is None:
        return 0.0
    v = float(max(c.atk, 0) + max(c.def_, 0)) / 1000.0
    v += 1.2 * len(c.effects)
    return v


class SarasvatiGreedy(Agent):
    name = "greedy"

    def _cards(self) -> dict[str, Any]:
        if self.game is None:
            from ....core.registry import load_game
            from ..game import SarasvatiGame

            self.game = load_game(SarasvatiGame.NAME)
        cdb: dict[str, Any] = getattr(self.game, "cdb", {})
        return cdb

    def _chooser(self, kind: str) -> Callable[[dict[str, Any], int, Decision], Action] | None:
        """The method that chooses at a decision of ``kind`` (by the kinds' names, §5.3–§8)."""
        by_kind: dict[str, Callable[[dict[str, Any], int, Decision], Action]] = {
            CHARGE.name: lambda v, me, d: self._charge(v, me, d.options),
            IMAGINE.name: lambda v, me, d: self._imagine(v, me, d.options),
            BATTLE.name: lambda v, me, d: self._battle(v, me, d.options),
            TARGET.name: self._target,
            MOVE.name: lambda v, me, d: self._move(v, me, d.options),
            KEEP.name: lambda v, me, d: self._keep(d.options),
        }
        return by_kind.get(kind)

    def act(self, infoset: InfoSet) -> Action:
        decision = infoset.decision
        assert decision is not None
        opts = decision.options
        if len(opts) == 1:
            return opts[0]
        view = infoset.view
        choose = self._chooser(decision.kind)
        try:
            if choose is not None:
                return choose(view, decision.player, decision)
        except (KeyError, IndexError, ValueError):
            pass
        return self.rng.choice(opts)

    # ------------------------------------------------------------------ keep (§2 Q&A)
    def _keep(self, opts: list[Action]) -> Action:
        """An evolution inheriting several equipment keeps one: the strongest."""
        C = self._cards()
        return max(opts, key=lambda a: C[a.args[0]].atk + C[a.args[0]].def_ + 500 * len(C[a.args[0]].effects))

    # ------------------------------------------------------------------ charge (§5.3)
    def _charge(self, view: dict[str, Any], me: int, opts: list[Action]) -> Action:
        C = self._cards()
        volt = len(view["table"]["players"][me]["voltage"]["cards"])
        hand = view["players"][me].get("hand") or []
        if volt >= 9 and len(hand) <= 3:
            return next(a for a in opts if a.verb == "pass")
        best = None
        best_score = 1e9
        for a in opts:
            if a.verb != "charge":
                continue
            c = C[a.args[0]]
            score = _card_value(c)
            if c.cost > volt + 3:
                score -= 3.0 * (c.cost - volt - 3)  # far above the curve
            if c.cost <= 1 and volt >= 4:
                score -= 2.0  # small cards get worse as the game goes on
            if hand.count(a.args[0]) > 1:
                score -= 1.0
            if c.type == "equipment":
                score -= 0.5
            if score < best_score:
                best, best_score = a, score
        return best or opts[-1]

    # ------------------------------------------------------------------ imagine (§5.4)
    def _imagine(self, view: dict[str, Any], me: int, opts: list[Action]) -> Action:
        C = self._cards()
        slots = view["table"]["players"][me]["slots"]
        front_units = [s for k, s in slots.items() if k[0] == "F"]
        best = opts[-1]
        best_v = 0.0
        for a in opts:
            v = 0.0
            if a.verb == "summon":
                c = C[a.args[0]]
                v = 1.0 + _card_value(c) + 0.3 * c.cost
                place = a.args[1]
                sturdy = c.def_ >= 2000 or c.def_ >= c.atk
                if place[0] == "F":
                    v += 0.5 if (sturdy or not front_units) else -0.3
                else:
                    v += 0.4 if not sturdy and front_units else -0.4
                v -= 0.01 * int(place[1:])  # leftmost first, deterministic
            elif a.verb == "evolve":
                c = C[a.args[0]]
                v = 2.0 + _card_value(c) - 0.5 * sum(_card_value(C[slots[b]["card"]]) for b in a.args[1:])
            elif a.verb == "equip":
                e = C[a.args[0]]
                u = slots[a.args[1]]
                if u.get("equip"):
                    continue
                v = 0.6 + (e.atk + e.def_) / 1000.0 + u["atk"] / 4000.0
                if u["ready"] and not u["new"]:
                    v += 0.5
            elif a.verb == "reequip":
                continue
            elif a.verb == "use":
                v = self._support_value(view, me, C[a.args[0]])
            if v > best_v:
                best, best_v = a, v
        return best

    def _support_value(self, view: dict[str, Any], me: int, c: Any) -> float:
        pl = view["table"]["players"][me]
        en = view["table"]["players"][1 - me]
        v = 0.0
        for e in c.effects:
            act = e.action
            if act == "draw":
                v += 1.3 * e.amount if e.target != "both_players" else 0.4
            elif act == "destroy":
                if e.target == "all_characters":
                    mine = sum(1 for s in pl["slots"].values() if e.filter is None or e.filter.def_le is None
                               or s["def"] <= e.filter.def_le)
                    theirs = sum(1 for s in en["slots"].values() if e.filter is None or e.filter.def_le is None
                                 or s["def"] <= e.filter.def_le)
                    v += 2.5 * (theirs - mine)
                else:
                    v += 4.0
            elif act == "set_defenceless":
                walls = sum(1 for k, s in en["slots"].items() if k[0] == "F" and s["ready"])
                ready_att = sum(1 for s in pl["slots"].values() if s["ready"] and not s["new"])
                v += 1.5 * min(walls, 2) if ready_att else 0.0
            elif act == "modify":
                if e.target in ("choose_own_character", "all_own_characters"):
                    att = [s for s in pl["slots"].values() if s["ready"] and not s["new"]
                           and s["def"] + e.def_ >= 0]
                    v += (1.0 + e.atk / 2500.0) if att else -1.0
                    if e.duration == "permanent" and pl["slots"]:
                        v += 1.5
                else:
                    v += 0.8 * len(en["slots"]) if e.target == "all_enemy_characters" else 1.5
                    if not en["slots"]:
                        v = -1.0
            elif act == "cost_modifier":
                v += 0.8 if (e.amount < 0) == (e.target == "self_player") else -0.5
            elif act == "charge_from_deck":
                v += 1.0
            else:
                v += 0.5
        return v

    # ------------------------------------------------------------------ move (§5.5)
    def _move(self, view: dict[str, Any], me: int, opts: list[Action]) -> Action:
        C = self._cards()
        slots = view["table"]["players"][me]["slots"]
        for a in opts:
            if a.verb == "move":
                c = C[slots[a.args[0]]["card"]]
                # a back-row sniper belongs in the back row; nothing else is worth a tap
                if a.args[1][0] == "B" and any(e.condition is not None and e.condition.row == "back"
                                               for e in c.effects):
                    return a
        return opts[-1]

    # ------------------------------------------------------------------ battle (§6)
    def _battle(self, view: dict[str, Any], me: int, opts: list[Action]) -> Action:
        C = self._cards()
        game = self.game
        ties = bool(game.params.get("ties_destroy", True)) if game is not None else True
        counter_on = bool(game.params.get("counterattack", True)) if game is not None else True
        pl = view["table"]["players"][me]
        en = view["table"]["players"][1 - me]
        mine = pl["slots"]
        theirs = en["slots"]
        walls = [k for k, s in theirs.items() if k[0] == "F" and s["ready"]]
        attackers = {a.args[0] for a in opts if a.verb == "attack"}
        books_left = sum(1 for b in en["books"] if b["state"] != "destroyed")

        def beats(x: int, y: int) -> bool:
            return x >= y if ties else x > y

        best = opts[-1]
        best_v = 0.0
        for a in opts:
            if a.verb != "attack":
                continue
            src, tgt = a.args
            u = mine[src]
            uval = _card_value(C[u["card"]]) + 0.5
            v = 0.0
            if tgt[1] == "K":
                k = int(tgt[2:]) - 1
                b = en["books"][k]
                if b["state"] == "open" or view["table"]["book_hits"] - b["hits"] <= 1:
                    v = 6.0 + (100.0 if books_left == 1 else 0.0)
                else:
                    v = 4.0
                v -= u["atk"] / 20000.0  # use the weakest attacker on books
            else:
                t = theirs[tgt[1:]]
                tval = _card_value(C[t["card"]]) + 0.5
                kill = beats(u["atk"], t["def"])
                die = counter_on and t["ready"] and t["atk"] >= 0 and beats(t["atk"], u["def"])
                v = (tval + 1.0 if kill else 0.0) - (uval if die else 0.0)
                is_wall = tgt[1] == "F" and t["ready"]
                if is_wall:
                    others = len(attackers) - 1
                    if len(walls) == 1 and others > 0:
                        v += 3.0  # opens the back row and the books
                    elif not kill:
                        v += 0.3
                if not kill and not die and not is_wall:
                    v -= 0.5
                v -= u["atk"] / 50000.0
            if v > best_v:
                best, best_v = a, v
        return best

    # ------------------------------------------------------------------ effect targets (§8)
    def _target(self, view: dict[str, Any], me: int, decision: Decision) -> Action:
        C = self._cards()
        opts = decision.options
        ctx = decision.ctx
        eff = None
        if isinstance(ctx, (list, tuple)) and len(ctx) >= 3 and ctx[1] in C:
            effs = C[ctx[1]].effects
            if 0 <= int(ctx[2]) < len(effs):
                eff = effs[int(ctx[2])]
        pl = view["table"]["players"][me]
        en = view["table"]["players"][1 - me]

        def unit(tok: str) -> dict[str, Any]:
            s: dict[str, Any] = (en if tok[0] == "x" else pl)["slots"][tok.lstrip("x")]
            return s

        def score(a: Action) -> float:
            tok = a.args[0]
            u = unit(tok)
            val = float(_card_value(C[u["card"]]) + u["atk"] / 2000.0)
            if eff is None:
                return val
            if tok[0] == "x":  # hurting the enemy
                if eff.action == "set_defenceless":
                    return val + (5.0 if tok[1] == "F" and bool(u["ready"]) else 0.0)
                return val
            # helping own characters
            if eff.action == "modify":
                if u["def"] + eff.def_ < 0:
                    return -10.0
                return val + (3.0 if bool(u["ready"]) and not u["new"] else 0.0)
            return val

        return max(opts, key=score)
