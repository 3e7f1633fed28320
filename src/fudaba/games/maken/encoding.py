"""Project Maken for research environments (issue 21): a fixed action codec and observation tensors.

The codec lists every action the notation of §11 can write for the card pool and the parameters:
``keep``, ``mulligan``, ``draw N`` (N up to the highest draw limit a parameter, a character or an
effect can give), ``set ID``, ``bet ID``, the double and triple attacks ``bet ID x2 OPT`` and
``bet ID x3 OPT OPT`` (enumerated: one index per card and options, the options those of
``double_options`` in the order speed, reach, attack, guard; only while ``double_attack`` /
``triple_attack`` allow them), ``skip``, ``guard stand|crouch|air``, ``call``, ``maintain [stand|crouch]``,
``gc``, ``drop``, ``cover ID``, ``pass`` and ``end``.

>>> import fudaba
>>> enc = encoding(fudaba.load_game("maken"))
>>> enc.codec.index("bet MK-A03 x3 attack guard") > 0, "bet MK-A03 x3 guard attack" in enc.codec
(True, False)
"""

from __future__ import annotations

from array import array
from collections.abc import Mapping, Sequence
from itertools import combinations
from typing import Any

from ...core.encoding import ActionCodec, Encoding, common_layout, fill_common, hand, onehot, seat_order, seen_cards
from ...core.game import Game

PHASES = ("mulligan", "draw", "before_attack", "attack", "after_attack", "over")
KINDS = ("mulligan", "draw", "before_attack", "action", "cover", "bonus", "after_attack")
DOUBLE_ORDER = ("speed", "reach", "attack", "guard")
POSTURES = ("stand", "crouch", "air")
SITUATIONS = ("even", "forcing", "guarding")
JUDGES = ("clean_hit", "gb", "gc")


def most_draws(game: Game) -> int:
    """The highest ``draw N`` the rules can offer: the parameters, a character's own draw limit, or a
    static ``draw_limit`` effect (§5 step 2)."""
    p = game.params
    best = max(int(p["draw_limit"]), int(p["first_turn_draw"]))
    for c in game.cards.values():
        best = max(best, int(getattr(c, "draw_limit", None) or 0))
        for e in getattr(c, "effects", ()) or ():
            if getattr(e, "action", "") == "draw_limit":
                best = max(best, int(getattr(e, "n", 0) or 0))
    return best


def actions(game: Game) -> list[str]:
    """Every action of §11 for this configuration, in the codec's order."""
    p = game.params
    cards = sorted(game.cards)
    opts = [o for o in DOUBLE_ORDER if o in (p["double_options"] or {})]
    out = ["keep", "mulligan", "skip", "end", "call", "gc", "drop", "maintain", "pass"]
    out += [f"guard {t}" for t in POSTURES] + [f"maintain {t}" for t in POSTURES[:2]]
    out += [f"draw {n}" for n in range(1, most_draws(game) + 1)]
    for c in cards:
        out += [f"set {c}", f"cover {c}", f"bet {c}"]
        if p["double_attack"]:
            out += [f"bet {c} x2 {o}" for o in opts]
        if p["triple_attack"]:
            out += [f"bet {c} x3 {a} {b}" for a, b in combinations(opts, 2)]
    return out


class MakenEncoding(Encoding):
    LEAVES_OUT = ("the opponent's hand and face-down guard cards (but one a GC opened), what LP, stamina, gauge "
                  "and damage cards are (counts only, for both seats: nobody looks), the prompt")

    def __init__(self, game: Game) -> None:
        super().__init__(game, ActionCodec(actions(game)))
        n = len(self.cards)
        p = game.params
        self.gauge_max = max(1, int(p["gauge_max"]))
        self.down = max(1, int(p["down_damage"]))
        lay = self.layout
        self.common = common_layout(self, PHASES, KINDS)
        self.hand = lay.add("me.hand", n, "my hand: copies of each card id (the pool in sorted id order)")
        self.table = lay.add("table", 5, "after the first bet; a judge on: clean hit, guard break, guard cancel "
                             "(one-hot); 1 if the judge is mine")
        self.side: list[dict[str, int]] = []
        for who in ("me", "opp"):
            self.side.append({
                "counts": lay.add(f"{who}.counts", 10, "hand / 10, deck / 40, LP / 5, stamina / 40, gauge / "
                                  "gauge_max, dust / 40, damage / down_damage, draw limit / 6, mulligan used, "
                                  "supports / 6"),
                "discard": lay.add(f"{who}.discard", n, "discard pile: copies of each card id"),
                "char": lay.add(f"{who}.character", n, "the character card, one-hot"),
                "supports": lay.add(f"{who}.supports", n, "supports set: copies of each card id"),
                "state": lay.add(f"{who}.state", 6, "dust top posture one-hot (stand, crouch, air); situation "
                                 "one-hot (even, forcing, guarding)"),
                "field": lay.add(f"{who}.field", n + 4, "the bets on the field: copies of each card id; the "
                                 "options of double and triple attacks (speed, reach, attack, guard) / 3"),
                "top": lay.add(f"{who}.top", 12, "the top bet: present, speed / 10, reach front / 10, reach back / "
                               "10, attack / 10, guard / 10, posture one-hot, unguardable postures"),
                "guard": lay.add(f"{who}.guard", 5 + n, "the guard: space one-hot (stand, crouch, air), cards / 5, "
                                 "opened by a GC; the guard cards I see (copies)")})
        self.seen = self.memory.add("seen", 2 * n, "memory: how often each card id was named in my log view for "
                                    "me, then for the opponent")

    def fill(self, out: array[float], view: Mapping[str, Any]) -> None:
        table = view.get("table") or {}
        fill_common(out, self.common, view, table.get("first"), PHASES, KINDS)
        me, opp = seat_order(view)
        players = view.get("players") or [{}, {}]
        sides = table.get("players") or [{}, {}]
        self.add_cards(out, self.hand, hand(players[me]))
        out[self.table] = 1.0 if table.get("after_fb") else 0.0
        judge = table.get("judge")
        if judge:
            onehot(out, self.table + 1, JUDGES, judge.get("kind"))
            out[self.table + 4] = 1.0 if judge.get("player") == me else 0.0
        for s, p in zip(self.side, (me, opp), strict=True):
            self._side(out, s, players[p], sides[p])

    def _side(self, out: array[float], s: dict[str, int], pl: Mapping[str, Any], side: Mapping[str, Any]) -> None:
        n = len(self.cards)
        c = s["counts"]
        vals = (pl.get("hand_count", 0) / 10.0, pl.get("deck_count", 0) / 40.0, (side.get("lp_count") or 0) / 5.0,
                (side.get("stamina_count") or 0) / 40.0, (side.get("gauge_count") or 0) / self.gauge_max,
                (side.get("dust_count") or 0) / 40.0, (side.get("damage_count") or 0) / self.down,
                (side.get("draw_limit") or 0) / 6.0, 1.0 if side.get("mulligan_used") else 0.0,
                len(side.get("supports") or ()) / 6.0)
        for j, v in enumerate(vals):
            out[c + j] = v
        self.add_cards(out, s["discard"], pl.get("discard") or ())
        self.add_card(out, s["char"], side.get("character"))
        self.add_cards(out, s["supports"], side.get("supports") or ())
        onehot(out, s["state"], POSTURES, side.get("dust_top_posture"))
        onehot(out, s["state"] + 3, SITUATIONS, side.get("situation"))
        for bet in side.get("field") or ():
            for _ in range(int(bet.get("n") or 1)):
                self.add_cards(out, s["field"], (bet.get("card"),))
            for o in bet.get("opts") or ():
                if o in DOUBLE_ORDER:
                    out[s["field"] + n + DOUBLE_ORDER.index(o)] += 1.0 / 3.0
        top = side.get("top")
        if top:
            t = s["top"]
            out[t] = 1.0
            for j, key in enumerate(("speed", "reach_front", "reach_back", "attack", "guard")):
                out[t + 1 + j] = (top.get(key) or 0) / 10.0
            onehot(out, t + 6, POSTURES, top.get("posture"))
            for u in top.get("unguardable") or ():
                onehot(out, t + 9, POSTURES, u)
        g = side.get("guard") or {}
        onehot(out, s["guard"], POSTURES, g.get("space"))
        out[s["guard"] + 3] = (g.get("count") or 0) / 5.0
        out[s["guard"] + 4] = 1.0 if g.get("open") else 0.0
        self.add_cards(out, s["guard"] + 5, g.get("cards") or ())

    def remember(self, out: array[float], base: int, view: Mapping[str, Any],
                 log: Sequence[Mapping[str, Any]]) -> None:
        seen_cards(self, out, base + self.seen, view, log)


def encoding(game: Game) -> MakenEncoding:
    """The encoding of this game configuration (variant, parameters, card pool)."""
    return MakenEncoding(game)
