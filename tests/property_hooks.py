"""Per-game knowledge for the property tests, read from each game's descriptor (issue 19 §1).

A game ships its hooks in the module its descriptor names as ``testing`` (``games/<name>/testing.py``,
or a plugin's own, e.g. ``fudaba_goofspiel.testing``), written from its spec's visibility tables,
independently of its ``view()``, so that a view showing more than this is caught:

* ``visible(state, seat) -> Counter`` — the card ids ``seat`` may see in the current state, with
  multiplicity (``seat`` None: a spectator);
* ``places: list[str]`` — the places and piles ``info`` reads (own, and the opponent's with ``x``),
  so that every text printed for a viewer can be checked;
* ``twin(state, seat, rnd) -> State`` — another true state that gives ``seat`` the same view and log
  view: the game's part only (its hidden cards elsewhere). What every twin also differs in — the
  internal RNG, the others' secrets in the log, history, origin, the others' sealed picks — is
  applied here after the game's hook (:func:`twin_common`), the same for every game;
* ``pick_twins(state, seat) -> list[State]`` (optional) — the pending decision with other picks so
  far (issue 18: Suikoden's casualties).

:func:`hooks` reads them; ``VISIBLE``, ``PLACES``, ``TWIN`` and ``PICK_TWINS`` are the same by game
name (``TWIN[name]`` the whole twin). Until a built-in game ships its ``testing`` module, its hooks
below (``_LEGACY``) stand in for it.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterator, Mapping
from typing import Any, NamedTuple

from fudaba.core.events import Event
from fudaba.core.registry import descriptors, games


def sarasvati_visible(st: Any, seat: int | None) -> Counter[str]:
    """Sarasvati spec §1: hand owner-only; graveyard, battle zone, voltage public; face-down books
    owner-only (they chose them), open or destroyed books public; deck: count only."""
    c: Counter[str] = Counter()
    for p in (0, 1):
        if p == seat:
            c.update(st.hand[p])
        c.update(st.grave[p])
        c.update(st.volt[p])
        for u in st.slots[p]:
            if u is not None:
                c[u.card] += 1
                c.update(u.under)
                if u.equip:
                    c[u.equip] += 1
        for k, b in enumerate(st.books[p]):
            if b is not None and (p == seat or st.hits[p][k] > 0):  # None: destroyed, in the graveyard
                c[b] += 1
    return c


def walpurgis_visible(st: Any, seat: int | None) -> Counter[str]:
    """Walpurgis spec §1: hand owner-only; discard public; deck and bullet pile count only; on the
    field ``up``, ``activating`` and ``bullet_up`` are seen by everyone, ``active`` by its owner
    only, ``bullet`` and ``dormant`` by nobody (the owner included). The 通常弾 set aside in setup
    is known to its owner."""
    c: Counter[str] = Counter()
    for p in (0, 1):
        if p == seat:
            c.update(st.hands[p])
            c.update(st.aside[p])
        c.update(st.discards[p])
    for square in st.board:
        for owner, cid, state, _flags in square:
            if state in (4, 5, 1) or (state == 2 and owner == seat):  # up, activating, bullet_up; own active
                c[cid] += 1
    return c


def suikoden_visible(st: Any, seat: int | None) -> Counter[str]:
    """Suikoden spec §1: hand and mulligan returns owner-only; deck count only; masterminds, missions,
    deployed columns, supports, resolved areas and discards public. A duel pick stays in its owner's
    hand until the reveal."""
    c: Counter[str] = Counter()
    for p in (0, 1):
        if p == seat:
            c.update(st.hand[p])
            c.update(st.returned[p])
        c.update(st.discard[p])
        if st.mm[p]:
            c[st.mm[p]] += 1
        for m in st.missions[p]:
            if m is not None:
                c[m.card] += 1
                if m.support:
                    c[m.support] += 1
                for col in m.cols:
                    c.update(d[0] for d in col)
        for r in st.resolved[p]:
            c[r[0]] += 1
            if r[1]:
                c[r[1]] += 1
    return c


def maken_visible(st: Any, seat: int | None) -> Counter[str]:
    """Maken spec §1: characters, dust, supports and face-up bets public; the hand and the face-down
    guard cards owner-only (a card opened by a GC public); LP, stamina, gauge and damage: counts only
    (nobody looks, the owner included)."""
    c: Counter[str] = Counter()
    for p in (0, 1):
        c[st.char[p]] += 1
        c.update(st.discard[p])
        c.update(st.supports[p])
        for cid, n, _opts, _mods in st.field[p]:
            c[cid] += n
        g = st.gcards[p]
        if p == seat:
            c.update(st.hand[p])
            c.update(g)
        elif g and st.gopen[p]:
            c[g[-1]] += 1
    return c



_VISIBLE: dict[str, Callable[[Any, int | None], Counter[str]]] = {
    "maken": maken_visible,
    "sarasvati": sarasvati_visible,
    "suikoden": suikoden_visible,
    "walpurgis": walpurgis_visible,
}

_SV_PLACES = [f"{r}{i}" for r in "FB" for i in range(1, 6)] + [f"K{i}" for i in range(1, 4)]

#: every place and public pile ``info`` reads, per game (own, and the opponent's with ``x``)
_PLACES: dict[str, list[str]] = {
    "sarasvati": [*_SV_PLACES, *("x" + t for t in _SV_PLACES), "grave", "xgrave", "voltage", "xvoltage"],
    "walpurgis": [f"{r}{c}" for r in "12345" for c in "abcde"] + ["discard", "xdiscard"],
    "maken": ["field", "xfield", "guard", "xguard", "dust", "xdust", "supports", "xsupports", "character",
              "xcharacter", "hand", "xhand"],
    "suikoden": [f"{x}M{k}{d}" for x in ("", "x") for k in (1, 2) for d in ("", ".1", ".2", ".x1", ".x2")]
    + ["R1", "R2", "xR1", "xR2", "discard", "xdiscard"],
}


# ---------------------------------------------------------------------------------------- issue 7: twins
# A *twin* of a state for a seat is another true state that gives that seat the same view and the
# same log view: the cards it cannot see lie elsewhere among the places it cannot see, the internal
# RNG, history and origin differ, the others' secrets in the log and their sealed picks differ, and
# the log holds events hidden from the seat that the state does not. ``resample`` must not tell them
# apart (issue 7 §1). Written from the specs' visibility tables, independently of the games' code.


def _scrambled_log(st: Any, seat: int, rnd: random.Random) -> list[Event]:
    out: list[Event] = []
    for e in st.log:
        if seat in e.seen_by or not (e.secret or e.hidden):
            out.append(e)
        else:  # another seat's secret: anything else
            out.append(Event(e.kind, e.data, {k: f"other-{rnd.randrange(10**6)}" for k in (e.secret or {"x": 0})},
                             e.seen_by, e.hidden))
        if rnd.random() < 0.05:  # an event the seat never sees (another seat's forced private decision)
            out.append(Event("auto", {"player": 1 - seat, "decision": "secret"}, {"action": "whatever"}, (1 - seat,),
                             hidden=True))
    return out


def twin_common(st: Any, t: Any, seat: int, rnd: random.Random) -> None:
    """What every twin differs in besides the game's hidden cards (applied after the game's hook)."""
    t.rng.state = rnd.getrandbits(64)
    t.log = _scrambled_log(st, seat, rnd)
    t.history = [f"other {rnd.randrange(10**6)}"]
    t.origin = {"seed": rnd.randrange(10**6)}
    t.sealed = tuple(x if x[0] == seat else (*x[:4], f"other {rnd.randrange(10**6)}") for x in st.sealed)


def sarasvati_twin(st: Any, seat: int, rnd: random.Random) -> Any:
    """Sarasvati §1: the opponent's hand and deck are one unseen pool (its hand order included), the
    seat's own deck order is unseen, the opponent's face-down books may be any of its books. The card
    an opponent's pending ``keep`` evolves is on the table (stays in its hand)."""
    t = st.clone()
    o = 1 - seat
    d = st.decision
    held = [d.ctx[0]] if d is not None and d.player == o and d.handler == "keep" else []
    pool = list(st.hand[o]) + list(st.deck[o])
    for c in held:
        pool.remove(c)
    rnd.shuffle(pool)
    n = len(st.hand[o]) - len(held)
    t.hand[o] = held + pool[:n]
    t.deck[o] = pool[n:]
    t.deck[seat] = rnd.sample(st.deck[seat], len(st.deck[seat]))
    closed = [k for k, h in enumerate(st.hits[o]) if h == 0 and st.books[o][k] is not None]
    books = [st.books[o][k] for k in closed]
    rnd.shuffle(books)
    for k, b in zip(closed, books, strict=True):
        t.books[o][k] = b
    return t


def walpurgis_twin(st: Any, seat: int, rnd: random.Random) -> Any:
    """Walpurgis §1: per owner, the cards the seat cannot see — both decks and bullet piles, the
    other seat's hand and set-aside cards, face-down bullets and dormant formations, the other seat's
    active formations — may lie anywhere among those places."""
    t = st.clone()
    for owner in (0, 1):
        places: list[tuple[str, int, int]] = []
        ids: list[str] = []
        zones = {"decks": t.decks, "piles": t.piles, "hands": t.hands, "aside": t.aside}
        for z in ("decks", "piles") if owner == seat else ("decks", "piles", "hands", "aside"):
            for i, c in enumerate(zones[z][owner]):
                places.append((z, 0, i))
                ids.append(c)
        for s, square in enumerate(st.board):
            for j, (o, c, state, _f) in enumerate(square):
                if o == owner and (state in (0, 3) or (state == 2 and owner != seat)):  # bullet, dormant; active
                    places.append(("board", s, j))
                    ids.append(c)
        rnd.shuffle(ids)
        for (z, s, i), c in zip(places, ids, strict=True):
            if z == "board":
                cells = list(t.board[s])
                o, _c, state, f = cells[i]
                cells[i] = (o, c, state, f)
                t.board[s] = tuple(cells)
            else:
                zones[z][owner][i] = c
    return t


def suikoden_twin(st: Any, seat: int, rnd: random.Random) -> Any:
    """Suikoden §1: the opponent's hand, mulligan returns and deck are one unseen pool; the seat's
    own deck order is unseen."""
    t = st.clone()
    o = 1 - seat
    pool = list(st.hand[o]) + list(st.returned[o]) + list(st.deck[o])
    rnd.shuffle(pool)
    n, r = len(st.hand[o]), len(st.returned[o])
    t.hand[o] = pool[:n]
    t.returned[o] = pool[n:n + r]
    t.deck[o] = pool[n + r:]
    t.deck[seat] = rnd.sample(st.deck[seat], len(st.deck[seat]))
    return t


def maken_twin(st: Any, seat: int, rnd: random.Random) -> Any:
    """Maken §1: per owner, the cards the seat cannot see — LP, stamina, gauge and damage of both, the
    other's hand and face-down guard cards (not a GC-opened one) — may lie anywhere among those places."""
    t = st.clone()
    for owner in (0, 1):
        zones = [t.lp[owner], t.deck[owner], t.gauge[owner], t.damage[owner]]
        if owner != seat:
            zones.append(t.hand[owner])
            zones.append(t.gcards[owner])
        keep = owner != seat and t.gopen[owner] and bool(t.gcards[owner])
        ids = [c for z in zones for c in z]
        if keep:
            ids.pop()
        rnd.shuffle(ids)
        k = 0
        for z in zones:
            n = len(z) - (1 if keep and z is zones[-1] else 0)
            z[:n] = ids[k:k + n]
            k += n
    return t


_TWIN: dict[str, Callable[[Any, int, random.Random], Any]] = {
    "maken": maken_twin,
    "sarasvati": sarasvati_twin,
    "suikoden": suikoden_twin,
    "walpurgis": walpurgis_twin,
}


# ---------------------------------------------------------------------------------------- issue 18: picks
# A decision a seat answers one pick at a time (Suikoden's troops casualties, §7.3) carries the picks
# so far in its context. Those picks are public actions: a state that holds other picks must give
# every seat another view or log view — else its information set (and its samples) would depend on
# something it cannot see.


def suikoden_pick_twins(st: Any, seat: int) -> list[Any]:
    """The pending casualties decision with another valid pick in place of the last one (§7.3)."""
    from fudaba.core.actions import Decision
    from fudaba.games.suikoden.actions import casualty_candidates, casualty_mode, casualty_options, extendable

    d = st.decision
    if d is None or d.kind != "casualties" or not d.ctx[3]:
        return []
    p, mine, theirs, sel = d.ctx
    cands = casualty_candidates(st, p)
    mode = casualty_mode(st, cands, theirs)
    out = []
    for c in cands:
        other = [*sel[:-1], c]
        if c in sel or not extendable(st, cands, theirs, mode, other):
            continue
        t = st.clone()
        ctx = (p, mine, theirs, tuple(other))
        t.decision = Decision(d.player, d.kind, d.prompt, casualty_options(t, p, theirs, other), d.handler, ctx,
                              d.private, d.sealed)
        out.append(t)
    return out


_PICK_TWINS: dict[str, Callable[[Any, int], list[Any]]] = {"suikoden": suikoden_pick_twins}


# ---------------------------------------------------------------------------------------- the hooks of a game
class Hooks(NamedTuple):
    """A game's property-test hooks (None / [] where it has none)."""

    visible: Callable[[Any, int | None], Counter[str]] | None
    places: list[str]
    twin: Callable[[Any, int, random.Random], Any] | None
    pick_twins: Callable[[Any, int], list[Any]] | None
    #: where they come from: the descriptor's ``testing`` module, or this file's stand-ins
    source: str


def _whole(game_twin: Callable[[Any, int, random.Random], Any]) -> Callable[[Any, int, random.Random], Any]:
    def twin(st: Any, seat: int, rnd: random.Random) -> Any:
        t = game_twin(st, seat, rnd)
        twin_common(st, t, seat, rnd)
        return t
    return twin


def hooks(name: str) -> Hooks:
    """The hooks of the game named ``name``: its descriptor's ``testing`` module, else (a built-in
    game not converted yet) this file's; a game with neither has none (the property test then
    checks what needs no hook: legality, cards, copies, documents, replays, decision kinds)."""
    d = descriptors().get(name)
    mod = d.capability("testing") if d is not None else None
    if mod is not None:
        game_twin = getattr(mod, "twin", None)
        return Hooks(getattr(mod, "visible", None), list(getattr(mod, "places", [])),
                     _whole(game_twin) if game_twin is not None else None, getattr(mod, "pick_twins", None),
                     d.testing if d is not None else "")
    if name in _VISIBLE:
        return Hooks(_VISIBLE[name], _PLACES[name], _whole(_TWIN[name]), _PICK_TWINS.get(name), __name__)
    return Hooks(None, [], None, None, "")


class _ByGame(Mapping[str, Any]):
    """One hook of every game that has it, by game name."""

    def __init__(self, field: str) -> None:
        self.field = field

    def __getitem__(self, name: str) -> Any:
        got = getattr(hooks(name), self.field)
        if not got:
            raise KeyError(name)
        return got

    def __iter__(self) -> Iterator[str]:
        return iter([g for g in games() if getattr(hooks(g), self.field)])

    def __len__(self) -> int:
        return len(list(iter(self)))


VISIBLE: Mapping[str, Callable[[Any, int | None], Counter[str]]] = _ByGame("visible")
PLACES: Mapping[str, list[str]] = _ByGame("places")
TWIN: Mapping[str, Callable[[Any, int, random.Random], Any]] = _ByGame("twin")
PICK_TWINS: Mapping[str, Callable[[Any, int], list[Any]]] = _ByGame("pick_twins")
