"""The Sarasvati game state (spec §1 zones) — small lists and ints, copied by hand.

Zones per seat ``p`` (lists of length 2, indexed by seat):

* ``hand[p]`` — card ids; ``deck[p]`` — card ids, **top at the end** (positions list top first);
* ``grave[p]``; ``volt[p]`` — voltage card ids, the first ``tapped[p]`` of them are tapped;
* ``slots[p]`` — ``front_slots + back_slots`` entries (front first), each a :class:`Unit` or None;
* ``books[p]`` — the forbidden books K1..; ``hits[p][k]`` — attacks it took (0 closed, ≥ 1 open,
  ``book_hits`` destroyed). A destroyed book goes to its owner's graveyard (§6) and leaves its K place
  empty (``None``): the other books keep their K numbers, and the books left are the non-empty places;
* ``costmods[p]`` — timed cost modifiers ``(delta, duration code, owner)`` on the costs ``p`` pays.

A unit's ``mods`` are timed stat modifiers ``(atk, def, duration code, owner)``; duration codes are
``cards.DUR_CODE``. ``uid`` identifies a unit while effects are pending; uids are renumbered in
place order at every phase-level decision so that positions round-trip exactly.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...core.documents import Fields
from ...core.rng import Rng
from ...core.state import State, canonical, check_belief
from ...core.views import OldKeys, View, envelope, player_view
from .cards import DUR_NAME

if TYPE_CHECKING:
    from .cards import Card

#: the largest modifier a state document may give a stat or a cost
MAX_STAT = 10**9


#: the most units (and uids, charges…) a state document may give
MAX_UIDS = 100_000


def _mod(f: Fields, m: Any, key: str, n: int) -> tuple[int, ...]:
    """A timed modifier of a state document: ``n - 2`` amounts, a duration code and the seat that made it."""
    m = f.array(m, key, n)
    amounts = tuple(f.whole(x, f"{key}[{i}]", -MAX_STAT, MAX_STAT) for i, x in enumerate(m[:n - 2]))
    return (*amounts, f.whole(m[n - 2], f"{key}[{n - 2}]", 0, max(DUR_NAME)), f.seat(m[n - 1], f"{key}[{n - 1}]"))


def _costmod(f: Fields, m: Any, key: str) -> tuple[int, int, int]:
    a, b, c = _mod(f, m, key, 3)
    return a, b, c


def _unit(f: Fields, u: Any, key: str, C: dict[str, Card]) -> Unit:
    """A unit of a state document: ``[uid, card, under, equip, ready, new, moved, mods]``."""
    uid, card, under, equip, ready, new, moved, mods = f.array(u, key, 8)
    ms = []
    for i, m in enumerate(f.array(mods, key + "[7]")):
        a, b, c, d = _mod(f, m, f"{key}[7][{i}]", 4)
        ms.append((a, b, c, d))
    return Unit(f.whole(uid, key + "[0]", 1, MAX_UIDS), f.card(card, key + "[1]", C, ("character",)),
                tuple(f.cards(under, key + "[2]", C, ("character",))),
                None if equip is None else f.card(equip, key + "[3]", C, ("equipment",)),
                f.flag(ready, key + "[4]"), f.flag(new, key + "[5]"), f.flag(moved, key + "[6]"), tuple(ms))


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

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Unit) and self.dump() == other.dump()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"Unit({self.dump()!r})"


class SarasvatiState(State):
    __slots__ = (
        "C",
        "active",
        "bh",
        "books",
        "charges_left",
        "costmods",
        "deck",
        "first",
        "grave",
        "hand",
        "hits",
        "nf",
        "nuid",
        "phase",
        "slots",
        "tapped",
        "volt",
    )

    C: dict[str, Card]
    active: int
    first: int
    phase: str
    nuid: int
    charges_left: int
    nf: int
    bh: int
    hand: list[list[str]]
    deck: list[list[str]]
    grave: list[list[str]]
    volt: list[list[str]]
    tapped: list[int]
    slots: list[list[Unit | None]]
    books: list[list[str | None]]
    hits: list[list[int]]
    costmods: list[list[tuple[int, int, int]]]

    def init_zones(self, cards: dict[str, Card]) -> None:
        """Empty zones sized by the game's parameters."""
        p = self.game.params
        self.C = cards
        self.nf = int(p["front_slots"])
        self.bh = int(p["book_hits"])
        n = self.nf + int(p["back_slots"])
        self.active = 0
        self.first = 0
        self.phase = "set"
        self.nuid = 0
        self.charges_left = 0
        self.hand = [[], []]
        self.deck = [[], []]
        self.grave = [[], []]
        self.volt = [[], []]
        self.tapped = [0, 0]
        self.slots = [[None] * n, [None] * n]
        self.books = [[], []]
        self.hits = [[], []]
        self.costmods = [[], []]

    # ------------------------------------------------------------------ copies and documents
    def _copy_into(self, new: Any) -> None:
        new.C = self.C
        new.active = self.active
        new.first = self.first
        new.phase = self.phase
        new.nuid = self.nuid
        new.charges_left = self.charges_left
        new.nf = self.nf
        new.bh = self.bh
        h, d, g, v, s, b, k, c = self.hand, self.deck, self.grave, self.volt, self.slots, self.books, self.hits, \
            self.costmods
        new.hand = [h[0].copy(), h[1].copy()]
        new.deck = [d[0].copy(), d[1].copy()]
        new.grave = [g[0].copy(), g[1].copy()]
        new.volt = [v[0].copy(), v[1].copy()]
        new.tapped = self.tapped.copy()
        new.slots = [[None if u is None else u.copy() for u in s[0]], [None if u is None else u.copy() for u in s[1]]]
        new.books = [b[0].copy(), b[1].copy()]
        new.hits = [k[0].copy(), k[1].copy()]
        new.costmods = [c[0].copy(), c[1].copy()]

    def _dump(self) -> dict[str, Any]:
        return {
            "active": self.active,
            "first": self.first,
            "phase": self.phase,
            "nuid": self.nuid,
            "charges_left": self.charges_left,
            "hand": self.hand,
            "deck": self.deck,
            "grave": self.grave,
            "volt": self.volt,
            "tapped": self.tapped,
            "slots": [[None if u is None else u.dump() for u in s] for s in self.slots],
            "books": self.books,
            "hits": self.hits,
            "costmods": [[list(m) for m in c] for c in self.costmods],
        }

    #: the phase words of a state document
    PHASES = frozenset({"set", "draw", "charge", "imagine", "move", "battle", "end"})
    STATE_KEYS = ("active", "first", "phase", "nuid", "charges_left", "hand", "deck", "grave", "volt", "tapped",
                  "slots", "books", "hits", "costmods")

    def _load(self, d: dict[str, Any]) -> None:
        """The ``state`` part of a state document, every key checked (PositionError names it)."""
        f = Fields("state")
        f.table(d, "state", self.STATE_KEYS)
        self.adopt_position_cards()
        g: Any = self.game  # a SarasvatiGame: its id → card table
        C = g.cdb
        self.init_zones(C)
        zone = ("character", "support", "equipment")
        self.active = f.seat(d["active"], "state.active")
        self.first = f.seat(d["first"], "state.first")
        self.phase = f.text(d["phase"], "state.phase", self.PHASES)
        self.nuid = f.whole(d["nuid"], "state.nuid", 0, MAX_UIDS)
        self.charges_left = f.whole(d["charges_left"], "state.charges_left", 0, MAX_UIDS)
        for key, types in (("hand", zone), ("deck", zone), ("grave", None), ("volt", zone)):
            setattr(self, key, [f.cards(x, f"state.{key}[{p}]", C, types)
                                for p, x in enumerate(f.per_seat(d[key], "state." + key))])
        self.tapped = [f.whole(x, f"state.tapped[{p}]", 0, len(self.volt[p]))
                       for p, x in enumerate(f.per_seat(d["tapped"], "state.tapped"))]
        n = len(self.slots[0])
        self.slots = [[None if u is None else _unit(f, u, f"state.slots[{p}][{i}]", C)
                       for i, u in enumerate(f.array(s, f"state.slots[{p}]", n))]
                      for p, s in enumerate(f.per_seat(d["slots"], "state.slots"))]
        uids = [u.uid for s in self.slots for u in s if u is not None]
        if len(set(uids)) != len(uids) or any(x > self.nuid for x in uids):
            raise f.fail("state.slots", "gives two units one uid, or a uid above state.nuid")
        self.books = [[None if b is None else f.card(b, f"state.books[{p}][{k}]", C, ("book",))
                       for k, b in enumerate(f.array(x, f"state.books[{p}]", max_len=MAX_UIDS))]
                      for p, x in enumerate(f.per_seat(d["books"], "state.books"))]
        self.hits = [[f.whole(h, f"state.hits[{p}][{k}]", 0, self.bh)
                      for k, h in enumerate(f.array(x, f"state.hits[{p}]", len(self.books[p])))]
                     for p, x in enumerate(f.per_seat(d["hits"], "state.hits"))]
        self.costmods = [[_costmod(f, m, f"state.costmods[{p}][{k}]") for k, m in enumerate(f.array(x, f"state.costmods[{p}]"))]
                         for p, x in enumerate(f.per_seat(d["costmods"], "state.costmods"))]

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

    # ------------------------------------------------------------------ game hooks
    def view(self, player: int | None) -> dict[str, Any]:
        """The envelope of ``core/views.py``; the table holds ``first``, ``front_slots``, ``back_slots``,
        ``book_hits`` and per seat (``table["players"][p]``) ``voltage``, ``books``, ``slots`` and
        ``cost_mods``."""
        from .effects import stats

        self.check_seat(player, spectator=True)
        st = stats(self)
        bh = self.bh
        nf = self.nf
        players = []
        sides = []
        for p in (0, 1):
            slots: dict[str, Any] = {}
            for i, u in enumerate(self.slots[p]):
                if u is None:
                    continue
                v = st[p][i]
                assert v is not None
                a, df = v
                slots[place(i, nf)] = {
                    "card": u.card,
                    "ready": u.ready,
                    "new": u.new,
                    "moved": u.moved,
                    "equip": u.equip,
                    "under": list(u.under),
                    "atk": a,
                    "def": df,
                    "mods": [list(m) for m in u.mods],
                }
            books = []
            for k, b in enumerate(self.books[p]):
                h = self.hits[p][k]
                state = "closed" if h == 0 else ("destroyed" if h >= bh else "open")
                books.append({  # a destroyed book's place is empty: the card is in the graveyard (§6)
                    "place": f"K{k + 1}",
                    "card": b if (b is not None and (h > 0 or player == p)) else None,
                    "state": state,
                    "hits": h,
                })
            side = {
                "voltage": {"cards": list(self.volt[p]), "tapped": self.tapped[p],
                            "untapped": len(self.volt[p]) - self.tapped[p]},
                "books": books,
                "slots": slots,
                "cost_mods": [list(m) for m in self.costmods[p]],
            }
            sides.append(side)
            players.append(player_view(self.hand[p], player == p, len(self.deck[p]), self.grave[p], OLD_PLAYER, side))
        table = {"first": self.first, "front_slots": nf, "back_slots": len(self.slots[0]) - nf, "book_hits": bh,
                 "players": sides}
        return envelope(self, player, phase=self.phase, active=self.active, players=players, table=table,
                        old=OLD_VIEW)

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
        held: list[str] = []
        d = self.decision
        if d is not None and d.player == o and d.handler == "keep" and d.ctx and d.ctx[0] in hand:
            held = [d.ctx[0]]
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

    #: refusals are also given in Japanese (``actions.reason`` writes each in both languages)
    REFUSAL_LANGS = ("ja",)

    def all_cards(self) -> list[str]:
        out: list[str] = []
        for p in (0, 1):
            out += self.hand[p]
            out += self.deck[p]
            out += self.grave[p]
            out += self.volt[p]
            out += [b for b in self.books[p] if b is not None]
            for u in self.slots[p]:
                if u is not None:
                    out.append(u.card)
                    out += u.under
                    if u.equip is not None:
                        out.append(u.equip)
        return out


# the keys of the views before the envelope (issue 7), kept for one version: docs/core.md "Views"
def _old_view_key(v: View, _ctx: Any, key: str) -> Any:
    return v["seat"] if key == "you" else v["table"][key]


def _old_player_key(v: View, side: dict[str, Any], key: str) -> Any:
    if key == "grave":
        return v["discard"]
    if key == "hand":  # asked only when the key is absent: a hand the viewer may not see
        return None
    return side[key]


OLD_VIEW = OldKeys(_old_view_key, {"you": "seat", **{k: f'table["{k}"]' for k in (
    "first", "front_slots", "back_slots", "book_hits")}})
OLD_PLAYER = OldKeys(_old_player_key, {"grave": 'players[p]["discard"]',
                                       "hand": 'players[p].get("hand") (absent when hidden)',
                                       **{k: f'table["players"][p]["{k}"]' for k in (
                                           "voltage", "books", "slots", "cost_mods")}})


def place(i: int, nf: int) -> str:
    """Own place name of slot index ``i`` (``F1``.. front, ``B1``.. back)."""
    return f"F{i + 1}" if i < nf else f"B{i - nf + 1}"
