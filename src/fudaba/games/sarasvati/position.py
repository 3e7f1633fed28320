"""Positions (spec §12): dump a state at a phase-level decision, load one back.

``load_position(state.position())`` gives an equal state (same ``hash()``). Unknown keys and
impossible positions raise :class:`~fudaba.core.errors.PositionError` naming the key.
Beyond §12 (all optional): ``charges_left``; per slot ``moved`` and ``mods``
(``[{atk, def, until, by}]``); per book ``hits``; per seat ``cost_mods`` (``[{amount, until, by}]``).

Destroyed books (§6: they go to the graveyard, their K place stays empty): ``{card = ID, destroyed = true}``
(the §12 example) puts the book into the graveyard after the cards listed in ``grave``;
``{destroyed = true}`` without a card is an empty K place whose book is listed in ``grave`` — the form
``position()`` writes, so that the graveyard's order round-trips. Each forbidden book in ``grave`` needs
one such card-less place.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from ...core.errors import PositionError
from ...core.positions import array, card_ref, check_keys, flag, read_document, table, turn_header, whole
from .cards import DUR_CODE, DUR_NAME
from .effects import parse_rel
from .rules import REMAINING
from .state import SarasvatiState, Unit, place

TOP_KEYS = frozenset({"game", "variant", "turn", "active", "first", "phase", "seed", "params", "seat", "cards",
                      "charges_left"})
SEAT_KEYS = frozenset({"hand", "deck", "grave", "voltage", "books", "slots", "cost_mods"})
SLOT_KEYS = frozenset({"card", "ready", "new", "equip", "under", "moved", "mods"})
BOOK_KEYS = frozenset({"card", "open", "destroyed", "hits"})
MOD_KEYS = frozenset({"atk", "def", "until", "by"})
CMOD_KEYS = frozenset({"amount", "until", "by"})


def dump_position(st: SarasvatiState) -> dict[str, Any]:
    """The position of ``st``, at a phase-level decision (§12)."""
    d = st.decision
    if st.over:
        raise PositionError(f"position: the game is over ({st.result}); positions describe games in progress")
    if d is None or d.kind not in REMAINING:
        kind = d.kind if d is not None else "none"
        raise PositionError(f"position: only at a phase-level decision (charge, imagine, move, battle); "
                            f"the pending decision is {kind!r} (in the middle of an effect)")
    doc: dict[str, Any] = {
        "game": "sarasvati",
        "turn": st.turn,
        "active": st.active,
        "first": st.first,
        "phase": d.kind,
        "seed": st.rng.state,
        "charges_left": st.charges_left,
        "params": dict(st.game.params),
        "seat": [_seat_doc(st, p) for p in (0, 1)],
    }
    extra = getattr(st.game, "extra_cards", [])
    if extra:
        doc["cards"] = [dict(c) for c in extra]
    return doc


def _seat_doc(st: SarasvatiState, p: int) -> dict[str, Any]:
    """One ``[[seat]]``: hand, deck (top first), graveyard, voltage, books, slots, cost modifiers."""
    volt = [{"card": c, "tapped": True} if k < st.tapped[p] else {"card": c} for k, c in enumerate(st.volt[p])]
    books: list[dict[str, Any]] = []
    for k, b in enumerate(st.books[p]):
        h = st.hits[p][k]
        if b is None:  # §6 destroyed: the book is listed in 'grave' (in its order there)
            books.append({"destroyed": True})
            continue
        e: dict[str, Any] = {"card": b, "open": h > 0}
        if h > 1:
            e["hits"] = h
        books.append(e)
    seat: dict[str, Any] = {
        "hand": list(st.hand[p]),
        "deck": list(reversed(st.deck[p])),
        "grave": list(st.discard[p]),
        "voltage": volt,
        "books": books,
        "slots": {place(i, st.nf): _unit_doc(u) for i, u in enumerate(st.slots[p]) if u is not None},
    }
    if st.costmods[p]:
        seat["cost_mods"] = [{"amount": m[0], "until": DUR_NAME[m[1]], "by": m[2]} for m in st.costmods[p]]
    return seat


def _unit_doc(u: Unit) -> dict[str, Any]:
    s: dict[str, Any] = {"card": u.card, "ready": u.ready, "new": u.new}
    if u.equip is not None:
        s["equip"] = u.equip
    if u.under:
        s["under"] = list(u.under)
    if u.moved:
        s["moved"] = True
    if u.mods:
        s["mods"] = [{"atk": m[0], "def": m[1], "until": DUR_NAME[m[2]], "by": m[3]} for m in u.mods]
    return s


# ---------------------------------------------------------------------------------------- reading
ZONE_TYPES = ("character", "support", "equipment")


def load_position(game: Any, data: Mapping[str, Any] | str | Path) -> SarasvatiState:
    """The state of a position document (§12), checked key by key (PositionError names the key)."""
    doc = read_document(data)
    check_keys(doc, TOP_KEYS, "position")
    if doc.get("game", "sarasvati") != "sarasvati":
        raise PositionError(f"position: key 'game' is {doc.get('game')!r}, not 'sarasvati'")
    g: Any = game.position_game(doc)
    params = g.params
    st = SarasvatiState(g, 0)
    st.init_fields()
    st.rng.state, st.turn, st.active, st.first = turn_header(doc, int(params["turn_limit"]))
    phase = doc.get("phase", "imagine")
    if not isinstance(phase, str) or phase not in REMAINING:
        raise PositionError(f"position: key 'phase' must be one of {', '.join(REMAINING)}, got {phase!r}")
    st.phase = phase
    st.charges_left = whole(doc.get("charges_left", params["charges_per_turn"] if phase == "charge" else 0),
                           "charges_left", 0)
    seats = array(doc.get("seat"), "seat")
    if len(seats) != 2:
        raise PositionError(f"position: key 'seat' must list two seats ([[seat]] twice), got {len(seats)}")
    for p, seat_raw in enumerate(seats):
        seat = table(seat_raw, f"seat[{p}]")
        check_keys(seat, SEAT_KEYS, f"position: seat[{p}]")
        _read_seat(st, p, seat, f"seat[{p}]")
    if st.tapped[st.active] > len(st.volt[st.active]):
        raise PositionError("position: key 'voltage': more tapped cards than voltage")
    st.renumber()
    st.origin = {"position": doc}
    st.push_seq(*REMAINING[phase])
    st.push(phase)
    st.run()
    return st


def _card(st: SarasvatiState, given: Any, key: str, types: tuple[str, ...] | None = None) -> str:
    return card_ref(st.game, given, key, types)


def _cards(st: SarasvatiState, seat: Mapping[str, Any], key: str, sk: str, types: tuple[str, ...] | None) -> list[str]:
    """The card ids of the list ``seat[key]`` (absent: none)."""
    return [_card(st, c, f"{sk}.{key}[{k}]", types) for k, c in enumerate(array(seat.get(key, []), f"{sk}.{key}"))]


def _read_seat(st: SarasvatiState, p: int, seat: Mapping[str, Any], sk: str) -> None:
    """One ``[[seat]]`` into seat ``p`` of ``st``."""
    st.hand[p] = _cards(st, seat, "hand", sk, ZONE_TYPES)
    st.deck[p] = list(reversed(_cards(st, seat, "deck", sk, ZONE_TYPES)))
    st.discard[p] = _cards(st, seat, "grave", sk, None)
    grave_books = [k for k, c in enumerate(st.discard[p]) if st.C[c].type == "book"]
    _read_voltage(st, p, seat, sk)
    empty = _read_books(st, p, seat, sk)
    _check_grave_books(st, p, sk, grave_books, empty)
    _read_slots(st, p, table(seat.get("slots", {}), sk + ".slots"), sk)
    for k, m in enumerate(array(seat.get("cost_mods", []), sk + ".cost_mods")):
        mk = f"{sk}.cost_mods[{k}]"
        mt = table(m, mk)
        check_keys(mt, CMOD_KEYS, f"position: {mk}")
        until = mt.get("until", "until_end_of_turn")
        if not isinstance(until, str) or until not in ("until_end_of_turn", "until_your_next_turn", "permanent"):
            raise PositionError(f"position: key '{mk}.until': until_end_of_turn, until_your_next_turn or "
                                f"permanent, got {until!r}")
        st.costmods[p].append((whole(mt.get("amount", 0), mk + ".amount"), DUR_CODE[until],
                               whole(mt.get("by", p), mk + ".by", 0, 1)))


def _read_voltage(st: SarasvatiState, p: int, seat: Mapping[str, Any], sk: str) -> None:
    """Voltage: card ids (untapped) or ``{card, tapped}``; the tapped ones come first in the state."""
    tapped: list[str] = []
    untapped: list[str] = []
    for k, v in enumerate(array(seat.get("voltage", []), sk + ".voltage")):
        key = f"{sk}.voltage[{k}]"
        if isinstance(v, str):
            untapped.append(_card(st, v, key, ZONE_TYPES))
            continue
        vt = table(v, key)
        check_keys(vt, {"card", "tapped"}, f"position: {key}")
        cid = _card(st, vt.get("card"), key + ".card", ZONE_TYPES)
        (tapped if flag(vt.get("tapped", False), key + ".tapped") else untapped).append(cid)
    st.volt[p] = tapped + untapped
    st.tapped[p] = len(tapped)


def _read_books(st: SarasvatiState, p: int, seat: Mapping[str, Any], sk: str) -> list[int]:
    """The forbidden books by K place (§1, §6); returns the places given as ``{destroyed = true}``
    without a card (their books are listed in ``grave``)."""
    books_raw = array(seat.get("books", []), sk + ".books")
    if not books_raw:
        raise PositionError(f"position: key '{sk}.books': a player needs at least one forbidden book")
    bh = st.bh
    empty: list[int] = []
    for k, b in enumerate(books_raw):
        key = f"{sk}.books[{k}]"
        bt = table({"card": b} if isinstance(b, str) else b, key)
        check_keys(bt, BOOK_KEYS, f"position: {key}")
        h = 0
        if flag(bt.get("open", False), key + ".open"):
            if bh == 1:
                raise PositionError(f"position: key '{key}.open': with book_hits = 1 a book is never open")
            h = 1
        if "hits" in bt:
            h = whole(bt["hits"], key + ".hits", 0, bh)
        if flag(bt.get("destroyed", False), key + ".destroyed"):
            h = bh
        st.hits[p].append(h)
        if "card" not in bt:
            if h < bh:
                raise PositionError(f"position: key '{key}.card' is missing (only a destroyed book's place, "
                                    f"{{destroyed = true}}, is empty)")
            st.books[p].append(None)  # §6: its book is one of the forbidden books listed in 'grave'
            empty.append(k)
            continue
        cid = _card(st, bt.get("card"), key + ".card", ("book",))
        if h >= bh:  # §6: a destroyed book goes to the graveyard; its K place stays empty
            st.books[p].append(None)
            st.discard[p].append(cid)
        else:
            st.books[p].append(cid)
    return empty


def _check_grave_books(st: SarasvatiState, p: int, sk: str, grave_books: list[int], empty: list[int]) -> None:
    """§6: each forbidden book listed in ``grave`` has its card-less destroyed K place, and back."""
    if len(grave_books) > len(empty):
        k = grave_books[len(empty)]
        c = st.discard[p][k]
        raise PositionError(f"position: key '{sk}.grave[{k}]': {c} {st.C[c].name} is a forbidden book; a book "
                            f"reaches the graveyard only when destroyed (§6): give its K place in 'books' "
                            f"as {{destroyed = true}}, or drop it from 'grave' and give "
                            f"{{card = \"{c}\", destroyed = true}}")
    if len(empty) > len(grave_books):
        raise PositionError(f"position: key '{sk}.books[{empty[len(grave_books)]}]': a destroyed book's place "
                            f"without a card needs its book in '{sk}.grave' (§6); or give "
                            f"{{card = ID, destroyed = true}}")
    if not st.books_left(p):
        raise PositionError(f"position: key '{sk}.books': every book is destroyed — the game would be over")


def _read_slots(st: SarasvatiState, p: int, slots_raw: Mapping[str, Any], sk: str) -> None:
    """The battle zone: ``{F1 = {card, ready, new, equip, under, moved, mods}, …}`` (§1, §12)."""
    n = len(st.slots[p])
    taken: dict[int, str] = {}
    for name, s_raw in slots_raw.items():
        key = f"{sk}.slots.{name}"
        w = parse_rel(p, name, st.nf, n) if isinstance(name, str) else None
        if w is None or name[:1] in "xX":
            raise PositionError(f"position: key {key!r}: no such place (F1..F{st.nf}, B1..B{n - st.nf})")
        if w[1] in taken:  # e.g. both "F1" and "f1": one slot holds one character (§1)
            raise PositionError(f"position: key {key!r}: the place {place(w[1], st.nf)} is already given "
                                f"as {taken[w[1]]!r}; a slot holds one character")
        taken[w[1]] = name
        s = table(s_raw, key)
        check_keys(s, SLOT_KEYS, f"position: {key}")
        st.slots[p][w[1]] = _read_unit(st, p, s, key)


def _read_unit(st: SarasvatiState, p: int, s: Mapping[str, Any], key: str) -> Unit:
    """One character in a slot, its stack, equipment and timed modifiers (uids are given later)."""
    cid = _card(st, s.get("card"), key + ".card", ("character",))
    under = tuple(_card(st, c, f"{key}.under[{k}]", ("character",))
                  for k, c in enumerate(array(s.get("under", []), key + ".under")))
    if under and not st.C[cid].evolves_from:
        raise PositionError(f"position: key '{key}.under': {cid} is not an evolution, nothing lies under it")
    eq = s.get("equip")
    equip = None if eq is None else _card(st, eq, key + ".equip", ("equipment",))
    mods = []
    for k, m in enumerate(array(s.get("mods", []), key + ".mods")):
        mk = f"{key}.mods[{k}]"
        mt = table(m, mk)
        check_keys(mt, MOD_KEYS, f"position: {mk}")
        until = mt.get("until", "until_end_of_turn")
        if not isinstance(until, str) or until not in DUR_CODE:
            raise PositionError(f"position: key '{mk}.until': one of {', '.join(DUR_CODE)}, got {until!r}")
        mods.append((whole(mt.get("atk", 0), mk + ".atk"), whole(mt.get("def", 0), mk + ".def"),
                     DUR_CODE[until], whole(mt.get("by", p), mk + ".by", 0, 1)))
    new = flag(s.get("new", False), key + ".new")
    if new and p != st.active:  # §5: only the active player summons; 'new' ends with their turn
        raise PositionError(f"position: key '{key}.new': only the active player's characters (seat "
                            f"{st.active}) can have been summoned this turn")
    return Unit(0, cid, under, equip, flag(s.get("ready", True), key + ".ready"), new,
                flag(s.get("moved", False), key + ".moved"), tuple(mods))
