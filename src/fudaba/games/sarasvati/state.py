"""The Sarasvati game state (spec §1 zones): its fields, declared once; its view; what a seat cannot see.

Zones per seat ``p`` (lists of length 2, indexed by seat):

* ``hand[p]`` — card ids; ``deck[p]`` — card ids, **top at the end** (positions list top first);
* ``discard[p]`` — the graveyard (墓地, JSON key ``grave``); ``volt[p]`` — voltage card ids, the
  first ``tapped[p]`` of them are tapped;
* ``slots[p]`` — ``front_slots + back_slots`` entries (front first), each a :class:`Unit` or None;
* ``books[p]`` — the forbidden books K1..; ``hits[p][k]`` — attacks it took (0 closed, ≥ 1 open,
  ``book_hits`` destroyed). A destroyed book goes to its owner's graveyard (§6) and leaves its K place
  empty (``None``): the other books keep their K numbers, and the books left are the non-empty places;
* ``costmods[p]`` — timed cost modifiers ``(delta, duration code, owner)`` on the costs ``p`` pays.

A unit's ``mods`` are timed stat modifiers ``(atk, def, duration code, owner)``; duration codes are
``cards.DUR_CODE``. ``uid`` identifies a unit while effects are pending; uids are renumbered in
place order at every phase-level decision so that positions round-trip exactly.

The fields are declared in the order the state document writes them (its hash reads that order);
copying, the JSON and the starting values are compiled from the declaration (``core/fields.py``),
and ``checks.py`` checks every value of a state document.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, ClassVar

from ...core.fields import Field, Load, seat, seat_cards, shared, value
from ...core.rng import Rng
from ...core.state import State, canonical, check_belief
from ...core.views import View, envelope, player_view
from .checks import (
    MAX_UIDS,
    ZONE_TYPES,
    F,
    modifier,
    per_seat,
    seat_books,
    seat_cards_of,
    seat_costmods,
    seat_hits,
    seat_slots,
    text,
    whole,
)
from .effects import stats

if TYPE_CHECKING:
    from .cards import Card

#: the phase words of a state document
PHASES = ("set", "draw", "charge", "imagine", "move", "battle", "end")


class Unit:
    """A character (or evolution stack) in a battle-zone slot."""

    __slots__ = ("card", "equip", "mods", "moved", "new", "ready", "uid", "under")

    def __init__(
        self,
        uid: int,
        card: str,
        under: tuple[str, ...] = (),
        equip: str | None = None,
        ready: bool = True,
        new: bool = False,
        moved: bool = False,
        mods: tuple[tuple[int, int, int, int], ...] = (),
    ) -> None:
        self.uid = uid
        self.card = card
        self.under = under
        self.equip = equip
        self.ready = ready
        self.new = new
        self.moved = moved
        self.mods = mods

    def copy(self) -> Unit:
        u = Unit.__new__(Unit)
        u.uid = self.uid
        u.card = self.card
        u.under = self.under
        u.equip = self.equip
        u.ready = self.ready
        u.new = self.new
        u.moved = self.moved
        u.mods = self.mods
        return u

    def dump(self) -> list[Any]:
        return [self.uid, self.card, list(self.under), self.equip, self.ready, self.new, self.moved,
                [list(m) for m in self.mods]]

    @staticmethod
    def load(u: Any, key: str, cards: dict[str, Card]) -> Unit:
        """A unit of a state document: ``[uid, card, under, equip, ready, new, moved, mods]``."""
        uid, card, under, equip, ready, new, moved, mods = F.array(u, key, 8)
        ms = []
        for i, m in enumerate(F.array(mods, key + "[7]")):
            a, b, c, d = modifier(m, f"{key}[7][{i}]", 4)
            ms.append((a, b, c, d))
        return Unit(F.whole(uid, key + "[0]", 1, MAX_UIDS), F.card(card, key + "[1]", cards, ("character",)),
                    tuple(F.cards(under, key + "[2]", cards, ("character",))),
                    None if equip is None else F.card(equip, key + "[3]", cards, ("equipment",)),
                    F.flag(ready, key + "[4]"), F.flag(new, key + "[5]"), F.flag(moved, key + "[6]"), tuple(ms))

    def cards(self) -> list[str]:
        """The cards of the unit: the stack's top, the cards under it, its equipment."""
        return [self.card, *self.under, *([] if self.equip is None else [self.equip])]

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Unit) and self.dump() == other.dump()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"Unit({self.dump()!r})"


def _empty_slots(st: SarasvatiState) -> list[list[Unit | None]]:
    p = st.game.params
    n = int(p["front_slots"]) + int(p["back_slots"])
    return [[None] * n, [None] * n]


def _dump_slots(slots: list[list[Unit | None]]) -> list[list[Any]]:
    return [[None if u is None else u.dump() for u in s] for s in slots]


def _unit_cards(slots: list[list[Unit | None]]) -> Iterable[str]:
    return [c for s in slots for u in s if u is not None for c in u.cards()]


def _seat_lists(load: Load, **kw: Any) -> Any:
    """Two lists (one per seat) checked by ``load``: of immutable items (``shape="seat_units"``: of
    units, each copied)."""
    kw.setdefault("shape", "seat_items")
    kw.setdefault("default", lambda st: [[], []])
    return Field(load=load, **kw)


def _seat_counts(load: Load) -> Any:
    """One whole number per seat, in a list of two."""
    return Field(shape="items", default=lambda st: [0, 0], load=load)


def _book_cards(books: list[list[str | None]]) -> Iterable[str]:
    return [b for s in books for b in s if b is not None]


class SarasvatiState(State):
    #: refusals are also given in Japanese (each kind's ``check`` writes them in both languages)
    REFUSAL_LANGS: ClassVar[tuple[str, ...]] = ("ja",)

    #: the seat whose turn it is (§5)
    active: int = seat(load=whole(0, 1))
    #: the seat that went first (§4.3)
    first: int = seat(load=whole(0, 1))
    #: the phase of the turn (§5)
    phase: str = value(str, default="set", load=text(frozenset(PHASES)))
    #: the last uid given to a unit
    nuid: int = value(int, load=whole(0, MAX_UIDS))
    #: the cards the active seat may still charge this turn (§5.3)
    charges_left: int = value(int, load=whole(0, MAX_UIDS))
    #: §1 hands (owner only) and decks (count only; top at the end)
    hand: list[list[str]] = seat_cards(load=seat_cards_of(ZONE_TYPES))
    deck: list[list[str]] = seat_cards(load=seat_cards_of(ZONE_TYPES))
    #: §1 the graveyard (墓地): destroyed characters and equipment, used supports, destroyed books
    discard: list[list[str]] = seat_cards(key="grave", load=seat_cards_of(None))
    #: §1 voltage: the first ``tapped[p]`` cards are tapped
    volt: list[list[str]] = seat_cards(load=seat_cards_of(ZONE_TYPES))
    tapped: list[int] = _seat_counts(per_seat(lambda x, k: F.whole(x, k, 0, MAX_UIDS)))
    #: §1 the battle zone, front row first
    slots: list[list[Unit | None]] = _seat_lists(seat_slots(Unit.load), shape="seat_units", default=_empty_slots,
                                                 dump=_dump_slots, zone=_unit_cards)
    #: §1 the forbidden books K1.. (None: a destroyed book's place) and the attacks each took
    books: list[list[str | None]] = _seat_lists(seat_books, zone=_book_cards)
    hits: list[list[int]] = _seat_lists(seat_hits)
    #: the timed cost modifiers on what each seat pays
    costmods: list[list[tuple[int, int, int]]] = _seat_lists(seat_costmods,
                                                             dump=lambda v: [[list(m) for m in c] for c in v])
    #: the game's id → card table, and the board's sizes (from the parameters)
    C: dict[str, Card] = shared(lambda st: st.game.cdb)
    nf: int = shared(lambda st: int(st.game.params["front_slots"]))
    bh: int = shared(lambda st: int(st.game.params["book_hits"]))

    # ------------------------------------------------------------------ state documents
    def _load(self, d: dict[str, Any]) -> None:
        """The ``state`` part of a state document, every key checked (PositionError names it)."""
        F.table(d, "state", tuple(f.json_key for f in self.FIELDS if f.shape != "shared"))
        self.adopt_position_cards()
        assert self._FIELDS is not None
        self._FIELDS.load(self, d, self.game.cdb)
        self._check_fields()

    def _check_fields(self) -> None:
        """What ties the fields together: the slots the parameters give, the tapped voltage, the
        uids, the hits of each book."""
        n = len(_empty_slots(self)[0])
        for p in (0, 1):
            F.array(self.slots[p], f"state.slots[{p}]", n)
            F.whole(self.tapped[p], f"state.tapped[{p}]", 0, len(self.volt[p]))
            hits = F.array(self.hits[p], f"state.hits[{p}]", len(self.books[p]))
            for k, h in enumerate(hits):
                F.whole(h, f"state.hits[{p}][{k}]", 0, self.bh)
        uids = [u.uid for s in self.slots for u in s if u is not None]
        if len(set(uids)) != len(uids) or any(x > self.nuid for x in uids):
            raise F.fail("state.slots", "gives two units one uid, or a uid above state.nuid")

    # ------------------------------------------------------------------ helpers
    def find(self, uid: int) -> tuple[int, int] | None:
        """(seat, slot index) of the unit with this uid, or None when it left the battle zone."""
        for p in (0, 1):
            for i, u in enumerate(self.slots[p]):
                if u is not None and u.uid == uid:
                    return p, i
        return None

    def new_uid(self) -> int:
        self.nuid += 1
        return self.nuid

    def renumber(self) -> None:
        """Canonical uids (place order) — done at phase-level decisions, when no effect is pending."""
        n = 0
        for s in self.slots:
            for u in s:
                if u is not None:
                    n += 1
                    u.uid = n
        self.nuid = n

    def book_state(self, p: int, k: int) -> str:
        h = self.hits[p][k]
        return "closed" if h == 0 else ("destroyed" if h >= self.bh else "open")

    def books_left(self, p: int) -> int:
        """Books still in ``p``'s book zone (§7: none left loses; destroyed ones are in the graveyard)."""
        return sum(1 for b in self.books[p] if b is not None)

    # ------------------------------------------------------------------ views
    def view(self, player: int | None) -> View:
        """The envelope of ``core/views.py``; the table holds ``first``, ``front_slots``, ``back_slots``,
        ``book_hits`` and per seat (``table["players"][p]``) ``voltage``, ``books``, ``slots`` and
        ``cost_mods``."""
        self.check_seat(player, spectator=True)
        values = stats(self)
        sides = [self._side_view(p, player, values[p]) for p in (0, 1)]
        players = [player_view(self.hand[p], player == p, len(self.deck[p]), self.discard[p]) for p in (0, 1)]
        table = {"first": self.first, "front_slots": self.nf, "back_slots": len(self.slots[0]) - self.nf,
                 "book_hits": self.bh, "players": sides}
        return envelope(self, player, phase=self.phase, active=self.active, players=players, table=table)

    def _side_view(self, p: int, viewer: int | None, values: list[list[int] | None]) -> dict[str, Any]:
        """``table["players"][p]``: voltage, books, the occupied slots and the cost modifiers."""
        slots: dict[str, Any] = {}
        for i, u in enumerate(self.slots[p]):
            v = values[i]
            if u is not None and v is not None:
                slots[place(i, self.nf)] = {"card": u.card, "ready": u.ready, "new": u.new, "moved": u.moved,
                                            "equip": u.equip, "under": list(u.under), "atk": v[0], "def": v[1],
                                            "mods": [list(m) for m in u.mods]}
        books = []
        for k, b in enumerate(self.books[p]):
            h = self.hits[p][k]
            books.append({  # a destroyed book's place is empty: the card is in the graveyard (§6)
                "place": f"K{k + 1}",
                "card": b if (b is not None and (h > 0 or viewer == p)) else None,
                "state": self.book_state(p, k),
                "hits": h,
            })
        return {
            "voltage": {"cards": list(self.volt[p]), "tapped": self.tapped[p],
                        "untapped": len(self.volt[p]) - self.tapped[p]},
            "books": books,
            "slots": slots,
            "cost_mods": [list(m) for m in self.costmods[p]],
        }

    # ------------------------------------------------------------------ hidden information
    def deal_unseen(self, player: int, rng: Rng | None, belief: list[str] | None) -> None:
        """The core's ``resample`` hook (§1 hidden information): ``player`` cannot see the opponent's
        hand and deck, the order of its own deck, or the opponent's face-down books. The opponent's
        hand and deck are dealt together from one canonical (sorted) pool, its own deck likewise, and
        the opponent's face-down books among their K places. ``belief``: the opponent's unseen cards
        as the caller believes them — its forbidden books (type ``book``) for the face-down books,
        the others for its hand and deck. The card an opponent's pending ``keep`` decision evolves
        (its evolution is on the table at that point, Q&A) stays in its hand."""
        o = 1 - player
        hand, deck = self.hand[o], self.deck[o]
        held = self.evolving(o)
        pool = hand + deck
        for c in held:
            pool.remove(c)
        closed = [k for k, h in enumerate(self.hits[o]) if h == 0 and self.books[o][k] is not None]
        books = [b for b in (self.books[o][k] for k in closed) if b is not None]
        if belief is not None:
            C = self.C
            pool = check_belief([c for c in belief if C[c].type != "book"], len(pool), f"seat {o}'s hand and deck")
            books = check_belief([c for c in belief if C[c].type == "book"], len(closed),
                                 f"seat {o}'s face-down books")
        pool = canonical(pool, rng)
        n = len(hand) - len(held)
        self.hand[o] = held + pool[:n]
        self.deck[o] = pool[n:]
        for k, c in zip(closed, canonical(books, rng), strict=True):
            self.books[o][k] = c
        self.deck[player] = canonical(self.deck[player], rng)

    def evolving(self, p: int) -> list[str]:
        """The evolution card ``p`` is playing when its pending decision is which equipment the
        evolution keeps (``keep``, §2 Q&A): announced, still in its hand. [] otherwise."""
        d = self.decision
        if d is not None and d.player == p and d.handler == "keep" and d.ctx and d.ctx[0] in self.hand[p]:
            return [d.ctx[0]]
        return []


def place(i: int, nf: int) -> str:
    """Own place name of slot index ``i`` (``F1``.. front, ``B1``.. back)."""
    return f"F{i + 1}" if i < nf else f"B{i - nf + 1}"
