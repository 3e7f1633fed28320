"""The Suikoden game state (spec §1 zones) — small lists, tuples and ints, copied by hand.

Per seat ``p`` (lists of length 2, indexed by seat):

* ``hand[p]``; ``deck[p]`` (**top at the end**; positions list top first); ``discard[p]``;
* ``mm[p]`` — the mastermind's id or ""; ``vp[p]``, ``built[p]``;
* ``missions[p]`` — ``mission_slots`` entries (M1…), each a :class:`Mission` or None;
* ``resolved[p]`` — the resolved area R1… in clearing order: ``(card, garrison, owner)`` tuples
  (garrison "" once a betrayal discarded it);
* ``returned[p]`` — the cards of a mulligan in progress (§4.4), secret until shuffled in.

A deployed character is a tuple ``(card, mods, rune_used)``; a modifier ``(atk, mil, con, until,
by)`` with ``until`` ``"battle"`` (until the end of the battle) or ``"deployed"`` (while deployed)
and ``by`` the card that made it. Characters are referred to by card id: names are unique in play
(§6.2), so an id names one character on the table.

The battle under way (§7) is ``bseat``/``bslot`` (its mission, -1 when none), ``bkind`` (``new``,
``continue``, ``duel``), ``bactor``, ``bsteps`` (steps taken) and ``bpasses`` (passes in a row).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...core.documents import Fields
from ...core.rng import Rng
from ...core.state import State, canonical, check_belief
from ...core.views import envelope, player_view

if TYPE_CHECKING:
    from .cards import Card

Mod = tuple[int, int, int, str, str]
Dep = tuple[str, tuple[Mod, ...], bool]
Resolved = tuple[str, str, int]
KIND_OF_CLEAR = {"atk": "attack", "mil": "troops", "duel": "duel"}


class Mission:
    """An unresolved mission or facility in a slot: its card, the owner's support ("" none) and the
    deployed columns by seat."""

    __slots__ = ("card", "cols", "support")

    def __init__(self, card: str, support: str = "", cols: list[list[Dep]] | None = None) -> None:
        self.card = card
        self.support = support
        self.cols = cols if cols is not None else [[], []]

    def copy(self) -> Mission:
        m = Mission.__new__(Mission)
        m.card = self.card
        m.support = self.support
        c = self.cols
        m.cols = [c[0].copy(), c[1].copy()]
        return m

    def dump(self) -> list[Any]:
        return [self.card, self.support, [[[d[0], [list(x) for x in d[1]], d[2]] for d in col] for col in self.cols]]

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Mission) and self.dump() == other.dump()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"Mission({self.dump()!r})"


#: the largest count (victory points, steps, a stat modifier) a state document may give
MAX_COUNT = 10**9


def _mission(f: Fields, x: Any, key: str, C: dict[str, Card]) -> Mission:
    """An unresolved card of a state document: ``[card, support, [[deployed…], [deployed…]]]``."""
    card, sup, cols = f.array(x, key, 3)
    return Mission(f.card(card, key + "[0]", C, ("mission", "facility")),
                   sup if sup == "" else f.card(sup, key + "[1]", C, ("character",)),
                   [[_dep(f, e, f"{key}[2][{q}][{i}]", C) for i, e in enumerate(f.array(col, f"{key}[2][{q}]"))]
                    for q, col in enumerate(f.array(cols, key + "[2]", 2))])


def _dep(f: Fields, x: Any, key: str, C: dict[str, Card]) -> Dep:
    """A deployed character of a state document: ``[card, [[atk, mil, con, until, by]…], rune_used]``."""
    card, mods, used = f.array(x, key, 3)
    ms = []
    for i, m in enumerate(f.array(mods, key + "[1]")):
        mk = f"{key}[1][{i}]"
        a, b, c, until, by = f.array(m, mk, 5)
        ms.append((f.whole(a, mk + "[0]", -MAX_COUNT, MAX_COUNT), f.whole(b, mk + "[1]", -MAX_COUNT, MAX_COUNT),
                   f.whole(c, mk + "[2]", -MAX_COUNT, MAX_COUNT), f.text(until, mk + "[3]", ("battle", "deployed")),
                   f.text(by, mk + "[4]", max_len=60)))
    return (f.card(card, key + "[0]", C, ("character",)), tuple(ms), f.flag(used, key + "[2]"))


def _resolved(f: Fields, x: Any, key: str, C: dict[str, Card]) -> Resolved:
    """A card of a resolved area in a state document: ``[card, garrison, owner]``."""
    card, gar, owner = f.array(x, key, 3)
    return (f.card(card, key + "[0]", C, ("mission", "facility")),
            gar if gar == "" else f.card(gar, key + "[1]", C, ("character",)), f.seat(owner, key + "[2]"))


def slot_name(k: int) -> str:
    return f"M{k + 1}"


def rel_slot(o: int, k: int, viewer: int | None) -> str:
    """The place of seat ``o``'s slot ``k`` as ``viewer`` names it (``M1`` own, ``xM1`` the opponent's;
    a spectator names seat 1's with the ``x``)."""
    own = o == viewer if viewer is not None else o == 0
    return f"M{k + 1}" if own else f"xM{k + 1}"


class SuikodenState(State):
    __slots__ = (
        "C",
        "K",
        "active",
        "bactor",
        "bkind",
        "bpasses",
        "bseat",
        "bslot",
        "bsteps",
        "built",
        "deck",
        "discard",
        "first",
        "hand",
        "missions",
        "mm",
        "phase",
        "resolved",
        "returned",
        "vp",
    )

    C: dict[str, Card]
    K: int
    active: int
    first: int
    phase: str
    hand: list[list[str]]
    deck: list[list[str]]
    discard: list[list[str]]
    returned: list[list[str]]
    mm: list[str]
    vp: list[int]
    built: list[int]
    missions: list[list[Mission | None]]
    resolved: list[list[Resolved]]
    bseat: int
    bslot: int
    bkind: str
    bactor: int
    bsteps: int
    bpasses: int

    def init_zones(self, cards: dict[str, Card]) -> None:
        """Empty zones sized by the game's parameters."""
        self.C = cards
        self.K = k = int(self.game.params["mission_slots"])
        self.active = 0
        self.first = 0
        self.phase = "setup"
        self.hand = [[], []]
        self.deck = [[], []]
        self.discard = [[], []]
        self.returned = [[], []]
        self.mm = ["", ""]
        self.vp = [0, 0]
        self.built = [0, 0]
        self.missions = [[None] * k, [None] * k]
        self.resolved = [[], []]
        self.no_battle()

    def no_battle(self) -> None:
        self.bseat = -1
        self.bslot = -1
        self.bkind = ""
        self.bactor = 0
        self.bsteps = 0
        self.bpasses = 0

    # ------------------------------------------------------------------ copies and documents
    def _copy_into(self, new: Any) -> None:
        new.C = self.C
        new.K = self.K
        new.active = self.active
        new.first = self.first
        new.phase = self.phase
        h, d, x, r, ms, rs = self.hand, self.deck, self.discard, self.returned, self.missions, self.resolved
        new.hand = [h[0].copy(), h[1].copy()]
        new.deck = [d[0].copy(), d[1].copy()]
        new.discard = [x[0].copy(), x[1].copy()]
        new.returned = [r[0].copy(), r[1].copy()]
        new.mm = self.mm.copy()
        new.vp = self.vp.copy()
        new.built = self.built.copy()
        new.missions = [[None if m is None else m.copy() for m in ms[0]], [None if m is None else m.copy() for m in ms[1]]]
        new.resolved = [rs[0].copy(), rs[1].copy()]
        new.bseat = self.bseat
        new.bslot = self.bslot
        new.bkind = self.bkind
        new.bactor = self.bactor
        new.bsteps = self.bsteps
        new.bpasses = self.bpasses

    def _dump(self) -> dict[str, Any]:
        return {
            "active": self.active,
            "first": self.first,
            "phase": self.phase,
            "hand": self.hand,
            "deck": self.deck,
            "discard": self.discard,
            "returned": self.returned,
            "mm": self.mm,
            "vp": self.vp,
            "built": self.built,
            "missions": [[None if m is None else m.dump() for m in s] for s in self.missions],
            "resolved": [[list(r) for r in s] for s in self.resolved],
            "battle": [self.bseat, self.bslot, self.bkind, self.bactor, self.bsteps, self.bpasses],
        }

    #: the phase words and keys of a state document
    PHASES = frozenset({"setup", "mulligan", "main", "battle", "replenish"})
    STATE_KEYS = ("active", "first", "phase", "hand", "deck", "discard", "returned", "mm", "vp", "built", "missions",
                  "resolved", "battle")

    def _load(self, d: dict[str, Any]) -> None:
        """The ``state`` part of a state document, every key checked (PositionError names it)."""
        f = Fields("state")
        f.table(d, "state", self.STATE_KEYS)
        self.adopt_position_cards()
        g: Any = self.game  # a SuikodenGame: its id → card table
        C = g.cdb
        self.init_zones(C)
        self.active = f.seat(d["active"], "state.active")
        self.first = f.seat(d["first"], "state.first")
        self.phase = f.text(d["phase"], "state.phase", self.PHASES)
        for key in ("hand", "deck", "discard", "returned"):
            setattr(self, key, [f.cards(x, f"state.{key}[{p}]", C) for p, x in enumerate(f.per_seat(d[key], "state." + key))])
        self.mm = [x if x == "" else f.card(x, f"state.mm[{p}]", C, ("character",))
                   for p, x in enumerate(f.per_seat(d["mm"], "state.mm"))]
        self.vp = [f.whole(x, f"state.vp[{p}]", 0, MAX_COUNT) for p, x in enumerate(f.per_seat(d["vp"], "state.vp"))]
        self.built = [f.whole(x, f"state.built[{p}]", 0, MAX_COUNT)
                      for p, x in enumerate(f.per_seat(d["built"], "state.built"))]
        goal = int(g.params["vp_to_win"])
        if not self.over and max(self.vp) >= goal:  # §9: the game ends at once
            raise f.fail("state.vp", f"= {self.vp}: a seat holds vp_to_win = {goal} or more while the game goes on")
        self.missions = [[None if m is None else _mission(f, m, f"state.missions[{p}][{k}]", C)
                          for k, m in enumerate(f.array(s, f"state.missions[{p}]", self.K))]
                         for p, s in enumerate(f.per_seat(d["missions"], "state.missions"))]
        self.resolved = [[_resolved(f, r, f"state.resolved[{p}][{i}]", C) for i, r in enumerate(f.array(s, f"state.resolved[{p}]"))]
                         for p, s in enumerate(f.per_seat(d["resolved"], "state.resolved"))]
        b = f.array(d["battle"], "state.battle", 6)
        self.bseat = f.whole(b[0], "state.battle[0]", -1, 1)
        self.bslot = f.whole(b[1], "state.battle[1]", -1, self.K - 1)
        self.bkind = f.text(b[2], "state.battle[2]", ("", "new", "continue", "duel"))
        self.bactor = f.seat(b[3], "state.battle[3]")
        self.bsteps = f.whole(b[4], "state.battle[4]", 0, MAX_COUNT)
        self.bpasses = f.whole(b[5], "state.battle[5]", 0, MAX_COUNT)
        if (self.bseat < 0) != (self.bslot < 0) or (self.bseat >= 0 and self.missions[self.bseat][self.bslot] is None):
            raise f.fail("state.battle", "names no unresolved card: [seat, slot] are both -1 (no battle) or a "
                         "mission in play")

    # ------------------------------------------------------------------ helpers
    def mission(self, o: int, k: int) -> Mission:
        m = self.missions[o][k]
        assert m is not None
        return m

    def battle_mission(self) -> Mission:
        return self.mission(self.bseat, self.bslot)

    def find_dep(self, cid: str) -> tuple[int, int, int, int] | None:
        """(mission owner, slot, column seat, index) of the deployed character ``cid``."""
        for o in (0, 1):
            for k, m in enumerate(self.missions[o]):
                if m is None:
                    continue
                for q in (0, 1):
                    for i, dep in enumerate(m.cols[q]):
                        if dep[0] == cid:
                            return o, k, q, i
        return None

    def hand_limit(self, p: int) -> int:
        """§5 replenish: the base limit with the ``hand_limit`` effects in play (§10)."""
        from .effects import hand_limit

        return hand_limit(self, p)

    # ------------------------------------------------------------------ game hooks
    def view(self, player: int | None) -> dict[str, Any]:
        """The envelope of ``core/views.py`` with the table of ``/docs/suikoden.md`` (*View*)."""
        from .effects import global_sources, hand_limit, mission_values

        self.check_seat(player, spectator=True)
        C = self.C
        glob = global_sources(self)
        players = []
        sides: list[dict[str, Any]] = []
        for p in (0, 1):
            ms = []
            for k, m in enumerate(self.missions[p]):
                if m is None:
                    continue
                c = C[m.card]
                vals, tots, links = mission_values(self, p, k, glob)
                ms.append({
                    "slot": slot_name(k),
                    "card": m.card,
                    "kind": "facility" if c.type == "facility" else KIND_OF_CLEAR[c.clear],
                    "value": c.build if c.type == "facility" else c.value,
                    "block": c.block if c.type == "facility" else None,
                    "duel_stat": c.duel_stat,
                    "vp": list(c.vp) if c.type == "mission" else None,
                    "support": m.support or None,
                    "columns": [[{"card": dep[0], "atk": v[0], "mil": v[1], "con": v[2], "links": C[dep[0]].links,
                                  "mods": [list(x) for x in dep[1]], "rune_used": dep[2]}
                                 for dep, v in zip(m.cols[q], vals[q], strict=True)] for q in (0, 1)],
                    "links": links,
                    "totals": [{"atk": t[0], "mil": t[1], "con": t[2]} for t in tots],
                })
            side = {
                "mastermind": self.mm[p],
                "vp": self.vp[p],
                "built": self.built[p],
                "hand_limit": hand_limit(self, p, glob),
                "returned": len(self.returned[p]),
                "missions": ms,
                "resolved": [{"place": f"R{i + 1}", "card": r[0], "garrison": r[1], "owner": r[2]}
                             for i, r in enumerate(self.resolved[p])],
            }
            if player == p and self.returned[p]:
                side["returned_cards"] = list(self.returned[p])
            sides.append(side)
            players.append(player_view(self.hand[p], player == p, len(self.deck[p]), self.discard[p]))
        battle = None
        if self.bseat >= 0:
            battle = {"seat": self.bseat, "slot": slot_name(self.bslot), "kind": self.bkind, "actor": self.bactor,
                      "steps": self.bsteps, "last_pass": self.bpasses > 0}
            d = self.decision
            if d is not None and d.kind == "casualties":  # §7.3: the picks so far are public
                battle["casualties"] = {"player": d.ctx[0], "cards": list(d.ctx[3])}
            if self.bkind == "duel" and player in (0, 1):
                battle["duel_values"] = self._duel_values(player)
        P = self.game.params
        table = {"first": self.first, "vp_to_win": int(P["vp_to_win"]), "mission_slots": self.K, "battle": battle,
                 "players": sides}
        return envelope(self, player, phase=self.phase, active=self.active, players=players, table=table)

    def _duel_values(self, p: int) -> list[int | None]:
        """§7.6 3, for a duel under way: what each card of ``p``'s hand would be compared by, in hand
        order (its stat with the modifiers, ``effects.duel_values``; None for a card that is not a
        character) — ``p``'s own cards and public modifiers only, so ``p``'s view may show it."""
        from .effects import duel_values

        C = self.C
        card = self.mission(self.bseat, self.bslot).card
        got: dict[str, int | None] = {}
        for cid in self.hand[p]:
            if cid not in got:
                c = C[cid]
                picks = ["", ""]
                picks[p] = cid
                ok = c.type == "character" and c.cls != "mastermind"
                got[cid] = duel_values(self, self.bseat, card, picks)[p] if ok else None
        return [got[cid] for cid in self.hand[p]]

    def deal_unseen(self, player: int, rng: Rng | None, belief: list[str] | None) -> None:
        """The core's ``resample`` hook (§1): ``player`` cannot see the opponent's hand, its mulligan
        returns, or either deck's order. The opponent's hand, returns and deck are dealt together from
        one canonical pool; its own deck likewise (its own returns it knows)."""
        o = 1 - player
        hand, ret, deck = self.hand[o], self.returned[o], self.deck[o]
        pool = hand + ret + deck
        if belief is not None:
            pool = check_belief(belief, len(pool), f"seat {o}'s hand, mulligan returns and deck")
        pool = canonical(pool, rng)
        n, r = len(hand), len(ret)
        self.hand[o] = pool[:n]
        self.returned[o] = pool[n:n + r]
        self.deck[o] = pool[n + r:]
        self.deck[player] = canonical(self.deck[player], rng)

    #: refusals are also given in Japanese
    REFUSAL_LANGS = ("ja",)

    def all_cards(self) -> list[str]:
        out: list[str] = []
        for p in (0, 1):
            out += self.hand[p]
            out += self.deck[p]
            out += self.discard[p]
            out += self.returned[p]
            if self.mm[p]:
                out.append(self.mm[p])
            for m in self.missions[p]:
                if m is not None:
                    out.append(m.card)
                    if m.support:
                        out.append(m.support)
                    for col in m.cols:
                        out += [d[0] for d in col]
            for r in self.resolved[p]:
                out.append(r[0])
                if r[1]:
                    out.append(r[1])
        return out
