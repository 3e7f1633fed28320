"""The Suikoden greedy agent's reading of its information set: a small table of the cards and
values built from the *view* (masterminds, resolved areas, the missions' columns), never from the
state, computed as the rules compute them (``games/suikoden/effects.py``), and **plans**: the fewest
hand characters that can be deployed in a linked order (§6.1: a leader opens an empty column, then
shared letters) to add a needed amount of one stat. The choices are in ``greedy.py`` (main phase,
mulligan, discards) and ``battle.py`` (a mission's steps, counters, casualties, garrison, duels)."""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING, Any

from ....core.actions import Action
from ....core.infoset import InfoSet
from ..effects import (
    LETTERS,
    Source,
    barred,
    global_sources,
    local_sources,
    values_of,
)
from ..state import Dep, Mission

if TYPE_CHECKING:
    from ..cards import Card


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
        self.C: dict[str, Card] = g.cdb
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

    def place(self, place: str) -> tuple[int, dict[str, Any]]:
        """``M1`` / ``xM2`` (relative to us) → (owner, mission view)."""
        o = 1 - self.me if place.startswith("x") else self.me
        return o, self.missions[(o, place.lstrip("x"))]

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
