"""The Suikoden game state (spec §1 zones): its fields, declared once; its view; what a seat cannot see.

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
``continue``, ``duel``), ``bactor``, ``bsteps`` (steps taken) and ``bpasses`` (passes in a row),
written in a state document as one array under the key ``battle``.

The fields are declared once, in the order of the state document (the hash reads that order): the
core derives the copy, the JSON, the start values and the checks of a document read back
(:mod:`fudaba.core.fields`); ``_load`` adds what a declaration cannot say (the document's keys, the
slots' count, the battle's mission, §9's victory points).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from ...core.documents import Fields
from ...core.fields import (
    Load,
    Where,
    check_int,
    check_str,
    seat,
    seat_items,
    seat_units,
    seat_values,
    shared,
    value,
)
from ...core.rng import Rng
from ...core.state import State, canonical, check_belief
from ...core.views import View, envelope, player_view
from .effects import duel_values, global_sources, hand_limit, mission_values

if TYPE_CHECKING:
    from .cards import Card

Mod = tuple[int, int, int, str, str]
Dep = tuple[str, tuple[Mod, ...], bool]
Resolved = tuple[str, str, int]
KIND_OF_CLEAR = {"atk": "attack", "mil": "troops", "duel": "duel"}
#: the phase words of a state document
PHASES = ("setup", "mulligan", "main", "battle", "replenish")
#: the largest count (victory points, steps, a stat modifier) a state document may give
MAX_COUNT = 10**9


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


# ---------------------------------------------------------------------- checks of a state document
def card_id(*types: str, empty: bool = False) -> Load:
    """A card id of the game (exactly an id: a card's name is no id), of one of ``types`` when given
    (a character's class ``mastermind`` only where ``types`` says so); "" too when ``empty``."""
    def load(v: Any, w: Where) -> str:
        if empty and v == "":
            return ""
        c = w.cards.by_id(v) if isinstance(v, str) and w.cards is not None else None
        if c is None:
            raise w.fail(f"is no card id of this game: {v!r:.40}")
        if types and c.type not in types:
            raise w.fail(f"= {v} is not a {' or '.join(types)} card (it is {c.type})")
        return str(c.id)
    return load


def check_dep(v: Any, w: Where) -> Dep:
    """A deployed character: ``[card, [[atk, mil, con, until, by]…], rune_used]``."""
    card, mods, used = _array(v, w, 3)
    stat = check_int(-MAX_COUNT, MAX_COUNT)
    ms = []
    for i, m in enumerate(_array(mods, w.at(1))):
        mw = w.at(1).at(i)
        a, b, c, until, by = _array(m, mw, 5)
        ms.append((stat(a, mw.at(0)), stat(b, mw.at(1)), stat(c, mw.at(2)),
                   check_str(("battle", "deployed"))(until, mw.at(3)), _text(by, mw.at(4), 60)))
    if type(used) is not bool:
        raise w.at(2).fail(f"expected true or false, got {used!r:.40}")
    return (card_id("character")(card, w.at(0)), tuple(ms), used)


def check_mission(v: Any, w: Where) -> Mission:
    """An unresolved card in a slot: ``[card, support, [[deployed…], [deployed…]]]``."""
    card, sup, cols = _array(v, w, 3)
    return Mission(card_id("mission", "facility")(card, w.at(0)), card_id("character", empty=True)(sup, w.at(1)),
                   [[check_dep(d, w.at(2).at(q).at(i)) for i, d in enumerate(_array(col, w.at(2).at(q)))]
                    for q, col in enumerate(_array(cols, w.at(2), 2))])


def check_resolved(v: Any, w: Where) -> Resolved:
    """A card of a resolved area: ``[card, garrison, owner]``."""
    card, gar, owner = _array(v, w, 3)
    return (card_id("mission", "facility")(card, w.at(0)), card_id("character", empty=True)(gar, w.at(1)),
            check_int(0, 1)(owner, w.at(2)))


def _array(v: Any, w: Where, n: int | None = None) -> list[Any]:
    if type(v) is not list or (n is not None and len(v) != n):
        raise w.fail(f"expected an array{f' of {n} entries' if n is not None else ''}, got {v!r:.40}")
    return v


def _text(v: Any, w: Where, most: int) -> str:
    if type(v) is not str or len(v) > most:
        raise w.fail(f"expected text of at most {most} characters, got {v!r:.40}")
    return v


def _dump_missions(ms: list[list[Mission | None]]) -> list[list[Any]]:
    return [[None if m is None else m.dump() for m in s] for s in ms]


def _dump_resolved(rs: list[list[Resolved]]) -> list[list[list[Any]]]:
    return [[list(r) for r in s] for s in rs]


def _mission_cards(ms: list[list[Mission | None]]) -> list[str]:
    """Every card of the unresolved slots: the mission, its support, its deployed characters."""
    out: list[str] = []
    for s in ms:
        for m in s:
            if m is not None:
                out.append(m.card)
                if m.support:
                    out.append(m.support)
                for col in m.cols:
                    out += [d[0] for d in col]
    return out


def _resolved_cards(rs: list[list[Resolved]]) -> list[str]:
    return [c for s in rs for r in s for c in (r[0], r[1]) if c]


def slot_name(k: int) -> str:
    return f"M{k + 1}"


def rel_slot(o: int, k: int, viewer: int | None) -> str:
    """The place of seat ``o``'s slot ``k`` as ``viewer`` names it (``M1`` own, ``xM1`` the opponent's;
    a spectator names seat 1's with the ``x``)."""
    own = o == viewer if viewer is not None else o == 0
    return f"M{k + 1}" if own else f"xM{k + 1}"


class SuikodenState(State):
    #: refusals are also given in Japanese
    REFUSAL_LANGS: ClassVar[tuple[str, ...]] = ("ja",)

    #: the seat whose turn it is (§5), and the first player (§4)
    active: int = seat()
    first: int = seat()
    #: the phase, for views and positions
    phase: str = value(str, choices=PHASES, default="setup")
    #: §1 hands (owner only), decks (top at the end; count only), discard piles (public)
    hand: list[list[str]] = seat_items(card_id(), zone="seat_cards")
    deck: list[list[str]] = seat_items(card_id(), zone="seat_cards")
    discard: list[list[str]] = seat_items(card_id(), zone="seat_cards")
    #: §4.4 the cards of a mulligan in progress (owner only)
    returned: list[list[str]] = seat_items(card_id(), zone="seat_cards")
    #: §3 each seat's mastermind (総大将), "" for none
    mm: list[str] = seat_values(card_id("character", empty=True), "", zone=lambda v: [c for c in v if c])
    #: §9 victory points; §7.5 facilities built
    vp: list[int] = seat_values(check_int(0, MAX_COUNT), 0)
    built: list[int] = seat_values(check_int(0, MAX_COUNT), 0)
    #: §5 the unresolved missions and facilities, ``mission_slots`` slots per seat
    missions: list[list[Mission | None]] = seat_units(
        check_mission, default=lambda st: [[None] * st.game.params["mission_slots"] for _ in (0, 1)],
        dump=_dump_missions, zone=_mission_cards)
    #: §7.5 the resolved areas
    resolved: list[list[Resolved]] = seat_items(check_resolved, dump=_dump_resolved, zone=_resolved_cards)
    #: §7 the battle under way (state documents: the array ``battle``)
    bseat: int = value(int, lo=-1, hi=1, pack="battle")
    bslot: int = value(int, lo=-1, hi=MAX_COUNT, pack="battle")
    bkind: str = value(str, choices=("", "new", "continue", "duel"), pack="battle")
    bactor: int = seat(pack="battle")
    bsteps: int = value(int, lo=0, hi=MAX_COUNT, pack="battle")
    bpasses: int = value(int, lo=0, hi=MAX_COUNT, pack="battle")
    #: the game's id → card table, and ``mission_slots`` (derived from the game)
    C: dict[str, Card] = shared(lambda st: st.game.cdb)
    K: int = shared(lambda st: int(st.game.params["mission_slots"]))

    def no_battle(self) -> None:
        self.bseat = -1
        self.bslot = -1
        self.bkind = ""
        self.bactor = 0
        self.bsteps = 0
        self.bpasses = 0

    # ------------------------------------------------------------------ state documents
    #: the keys of a state document's ``state`` table
    STATE_KEYS = ("active", "first", "phase", "hand", "deck", "discard", "returned", "mm", "vp", "built", "missions",
                  "resolved", "battle")

    def _load(self, d: dict[str, Any]) -> None:
        """The ``state`` part of a state document: its keys, every field checked as declared, and what
        the fields say together (PositionError names the key)."""
        f = Fields("state")
        f.table(d, "state", self.STATE_KEYS)
        self.adopt_position_cards()
        super()._load(d)
        goal = int(self.game.params["vp_to_win"])
        if not self.over and max(self.vp) >= goal:  # §9: the game ends at once
            raise f.fail("state.vp", f"= {self.vp}: a seat holds vp_to_win = {goal} or more while the game goes on")
        for p, s in enumerate(self.missions):
            if len(s) != self.K:
                raise f.fail(f"state.missions[{p}]", f"must have {self.K} items (mission_slots), got {len(s)}")
        if self.bslot >= self.K:
            raise f.fail("state.battle[1]", f"= {self.bslot} is out of range (-1..{self.K - 1})")
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
        return hand_limit(self, p)

    # ------------------------------------------------------------------ game hooks
    def view(self, player: int | None) -> View:
        """The envelope of ``core/views.py`` with the table of ``/docs/suikoden.md`` (*View*)."""
        self.check_seat(player, spectator=True)
        glob = global_sources(self)
        players = []
        sides: list[dict[str, Any]] = []
        for p in (0, 1):
            side = {
                "mastermind": self.mm[p],
                "vp": self.vp[p],
                "built": self.built[p],
                "hand_limit": hand_limit(self, p, glob),
                "returned": len(self.returned[p]),
                "missions": [self._mission_view(p, k, m, glob) for k, m in enumerate(self.missions[p]) if m is not None],
                "resolved": [{"place": f"R{i + 1}", "card": r[0], "garrison": r[1], "owner": r[2]}
                             for i, r in enumerate(self.resolved[p])],
            }
            if player == p and self.returned[p]:
                side["returned_cards"] = list(self.returned[p])
            sides.append(side)
            players.append(player_view(self.hand[p], player == p, len(self.deck[p]), self.discard[p]))
        P = self.game.params
        table = {"first": self.first, "vp_to_win": int(P["vp_to_win"]), "mission_slots": self.K,
                 "battle": self._battle_view(player), "players": sides}
        return envelope(self, player, phase=self.phase, active=self.active, players=players, table=table)

    def _mission_view(self, p: int, k: int, m: Mission, glob: Any) -> dict[str, Any]:
        """One unresolved card of ``p``'s slot ``k``: its values, columns, links and totals (§7.1)."""
        C = self.C
        c = C[m.card]
        vals, tots, links = mission_values(self, p, k, glob)
        return {
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
        }

    def _battle_view(self, player: int | None) -> dict[str, Any] | None:
        """The battle under way (§7): its mission, kind, actor and steps; the casualties picked so far
        (§7.3: public picks, issue 18) and, in a duel, the viewer's own duel values (§7.6)."""
        if self.bseat < 0:
            return None
        battle: dict[str, Any] = {"seat": self.bseat, "slot": slot_name(self.bslot), "kind": self.bkind,
                                  "actor": self.bactor, "steps": self.bsteps, "last_pass": self.bpasses > 0}
        d = self.decision
        if d is not None and d.kind == "casualties":  # §7.3: the picks so far are public
            battle["casualties"] = {"player": d.ctx[0], "cards": list(d.ctx[3])}
        if self.bkind == "duel" and player in (0, 1):
            battle["duel_values"] = self._duel_values(player)
        return battle

    def _duel_values(self, p: int) -> list[int | None]:
        """§7.6 3, for a duel under way: what each card of ``p``'s hand would be compared by, in hand
        order (its stat with the modifiers, ``effects.duel_values``; None for a card that is not a
        character) — ``p``'s own cards and public modifiers only, so ``p``'s view may show it."""
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
