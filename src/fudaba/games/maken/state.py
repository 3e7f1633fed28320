"""Project Maken game state (spec §1): zones, effective values, the view and the resample hook.

Piles are lists **top first**, as the spec's positions write them (§12): LP 札, stamina, gauge, dust
(ダスト), damage. As in every game, the pile a seat draws from is its ``deck`` (here the stamina,
スタミナ札) and the pile its spent cards go to its ``discard`` (here the dust, ダスト): the state
documents and positions keep the rulebook's words ``stamina`` and ``dust``. Attack fields and guard stacks are **bottom first** (bet order). A bet on the
attack field is a *unit* ``(card id, copies, double-attack options, on_bet modifiers)``: one card, or
the two or three identical cards of a double or triple attack (§6.6), with ``mods`` the
``(speed, reach, attack, guard)`` added by its own ``on_bet`` effects (§8). Units are tuples, so a
clone copies pointers.

The rules (``rules/``) use this module, never the reverse; ``game.py`` assembles the two. The
effective values of a card (§2: printed + double-attack option + ``modify`` effects) are computed
here because both the rules and the view need them.
"""

from __future__ import annotations

from typing import Any, ClassVar

from ...core.documents import Fields, check_tree
from ...core.errors import CardDataError, PositionError
from ...core.fields import (
    Where,
    check_bool,
    check_card,
    check_int,
    check_json,
    check_list,
    check_str,
    data,
    seat,
    seat_cards,
    seat_items,
    seat_values,
    shared,
    value,
)
from ...core.rng import Rng
from ...core.state import State, canonical, check_belief
from ...core.views import envelope, player_view
from .cards import MCard

#: a bet on the attack field: (card id, copies, double-attack options, on_bet (speed, reach, attack, guard))
Unit = tuple[str, int, tuple[str, ...], tuple[int, int, int, int]]
Mods = tuple[int, int, int, int]
#: effective values: (speed, front reach, back reach, attack, guard)
Stats = tuple[int, int, int, int, int]
ZERO: Mods = (0, 0, 0, 0)
STAT_INDEX = {"speed": 0, "reach": 1, "attack": 2, "guard": 3}
#: guard spaces (§6.2.2) and the situations of an attack phase (§1)
SPACES = ("stand", "crouch", "air")
SITUATIONS = ("even", "forcing", "guarding")
#: the default option table of a double attack (§6.6, ``double_options``)
DEFAULT_DOUBLE: dict[str, Any] = {"speed": 2, "reach": 1, "attack": "x2", "guard": 1}
DOUBLE_ORDER = ("speed", "reach", "attack", "guard")


def double_table(spec: Any) -> tuple[tuple[str, bool, int], ...]:
    """``double_options`` as ``(option, multiplies, value)`` in notation order (speed, reach, attack,
    guard): ``"x2"`` multiplies, an integer adds. The parameter is checked by the Game."""
    out = []
    for k in DOUBLE_ORDER:
        if k in spec:
            v = spec[k]
            if isinstance(v, str):
                out.append((k, True, int(v[1:])))
            else:
                out.append((k, False, int(v)))
    return tuple(out)


#: the phase words of a state, the keys of its document and the judges (§6.3)
PHASES = ("setup", "mulligan", "draw", "before_attack", "attack", "after_attack", "over")
STATE_KEYS = ("char", "lp", "stamina", "hand", "gauge", "dust", "damage", "supports", "field", "gspace", "gcards",
              "gopen", "sit", "after_fb", "phase", "active", "first", "mull", "attacked", "idle")
JUDGES = ("clean_hit", "gb", "gc", "guard_holds", "trade")


# ---------------------------------------------------------------------- checks of a state document's values
def check_characters(v: Any, w: Where) -> list[str]:
    """``char``: one character card id per seat."""
    ids: list[str] = check_list(check_card, size=2)(v, w)
    for p, cid in enumerate(ids):
        kind = w.cards[cid].kind if w.cards is not None else "character"
        if kind != "character":
            raise PositionError(f"{w.doc}: key '{w.at(p).path}' = {cid} is not a character card (it is {kind})")
    return ids


_UNIT = check_list(check_json, size=4)
_COPIES = check_int(1, 3)
_OPTIONS = check_list(check_str(DOUBLE_ORDER), max_size=4)
_MODS = check_list(check_int(-10**9, 10**9), size=4)


def check_unit(v: Any, w: Where) -> Unit:
    """A bet of a state document: ``[card, copies, double-attack options, on_bet modifiers]`` (the
    options are checked against the game's ``double_options`` by :func:`check_unit_options`)."""
    c, n, opts, mods = _UNIT(v, w)
    return (check_card(c, w.at(0)), _COPIES(n, w.at(1)), tuple(_OPTIONS(opts, w.at(2))), _mods(_MODS(mods, w.at(3))))


def check_unit_options(field: list[list[Unit]], dopt: dict[str, Any], w: Where) -> None:
    """Every option a unit carries is one of the game's double-attack options (§6.6)."""
    for p, units in enumerate(field):
        for i, u in enumerate(units):
            for k, o in enumerate(u[2]):
                if o not in dopt:
                    raise w.at(p).at(i).at(2).at(k).fail(f"{o!r} is not one of {list(dopt)} (double_options)")


def check_judge(v: Any, w: Where) -> tuple[Any, ...]:
    """The judge under way: ``[]`` or ``[kind, player]`` (§6.3)."""
    if v == []:
        return ()
    kind, p = check_list(check_json, size=2)(v, w)
    return (check_str(JUDGES)(kind, w.at(0)), check_int(0, 1)(p, w.at(1)))


def load_extra(st: State, v: Any) -> list[dict[str, Any]]:
    """``extra``, the state's inline cards (a position's [[cards]]): read first and added to the
    game's pool (``Game.with_cards`` keeps them), so that the other keys may name them."""
    f = Fields("state")
    extra: list[dict[str, Any]] = f.array(v or [], "state.extra")
    check_tree(extra, "state: key 'state.extra'")
    if extra:
        try:
            st.game = st.game.with_cards(extra, "position [[cards]]")
        except CardDataError as e:
            raise f.fail("state.extra", str(e)) from None
    return extra


def _dump_field(field: list[list[Unit]]) -> list[Any]:
    return [[[c, n, list(o), list(m)] for c, n, o, m in units] for units in field]


def _unit_cards(field: list[list[Unit]]) -> list[str]:
    return [u[0] for units in field for u in units for _ in range(u[1])]


class MakenState(State):
    """The state of a game of Project Maken: its fields, declared once (``core/fields.py``) in the
    order of its state documents, and what the rules and the view read from them."""

    #: the card table by id (the game's, with a position's inline cards): shared by every copy
    cards: dict[str, MCard] = shared(lambda st: dict(st.game.cards.items()))
    #: :meth:`static_mods` remembered by what they depend on (character, supports, gauge size,
    #: posture): shared by the clones of one game, whose cards never change
    smods: dict[tuple[Any, ...], Mods] = shared(lambda st: {})
    #: the option table of double attacks: option -> (multiplies, value)
    dopt: dict[str, tuple[bool, int]] = shared(lambda st: {k: (m, v) for k, m, v in
                                                          double_table(st.game.params["double_options"])})
    #: §1 each seat's character card (public; it never changes during a game, so copies share it)
    char: list[str] = data(check_characters, default=lambda st: ["", ""], zone=lambda ch: [c for c in ch if c])
    #: §1 the piles, top first: the LP 札 (life cards), the deck — the stamina (スタミナ札), drawn
    #: from —, the hand, the gauge, the discard pile — the dust (ダスト) —, the damage; the supports set
    lp: list[list[str]] = seat_cards()
    deck: list[list[str]] = seat_cards(key="stamina")
    hand: list[list[str]] = seat_cards()
    gauge: list[list[str]] = seat_cards()
    discard: list[list[str]] = seat_cards(key="dust")
    damage: list[list[str]] = seat_cards()
    supports: list[list[str]] = seat_cards()
    #: §1 each seat's attack field, bottom first (bet order): units (see the module docstring)
    field: list[list[Unit]] = seat_items(check_unit, dump=_dump_field, zone=_unit_cards)
    #: the guard space in use ("" none, stand, crouch, air), its cards bottom first, and whether its
    #: top card was opened by a GC (§6.2.4)
    gspace: list[str] = seat_values(check_str(("", *SPACES)), "")
    gcards: list[list[str]] = seat_cards()
    gopen: list[bool] = seat_values(check_bool, False)
    #: situations during an attack phase ("" outside one): even, forcing, guarding (§1)
    sit: list[str] = seat_values(check_str(("", *SITUATIONS)), "")
    #: the non-TP's next action is the first after the FB ("right after FB", §6.2)
    after_fb: bool = value(bool)
    #: setup, mulligan, draw, before_attack, attack, after_attack, over
    phase: str = value(str, choices=PHASES, default="setup")
    #: the turn player (TP) and the first TP of the game
    active: int = seat()
    first: int = seat()
    #: whether each seat has used its mulligan (§4 ⑤)
    mull: list[bool] = seat_values(check_bool, False)
    #: §7 stalemate: this turn has had an attack phase; turns in a row that ended without one
    attacked: bool = value(bool)
    idle: int = value(int, lo=0, hi=10**9)
    #: the judge under way (§6.3): (kind, player) — clean_hit, trade, guard_holds, gb, gc — or ()
    judge: tuple[Any, ...] = data(check_judge, default=lambda st: (), dump=list, optional=True)
    #: the cards added to the game's pool (a position's inline ``[[cards]]``): positions carry them
    extra: list[dict[str, Any]] = data(check_json, default=lambda st: [], optional=True)

    #: refusals are also written in Japanese (each decision kind's ``check`` writes both languages)
    REFUSAL_LANGS: ClassVar[tuple[str, ...]] = ("ja",)

    # ------------------------------------------------------------------ state documents
    def _load(self, data: dict[str, Any]) -> None:
        """The ``state`` part of a state document, every key checked (PositionError names it): the
        inline cards first (the other keys may name them), then every declared field."""
        Fields("state").table(data, "state", STATE_KEYS, ("judge", "extra"))
        self.extra = load_extra(self, data.get("extra"))
        ids = dict(self.game.cards.items())
        where = Where("state", ids, "state")
        for f in self.FIELDS:
            if f.shape == "shared" or f.name == "extra":
                continue
            v = data.get(f.json_key)
            if f.optional and v is None:
                setattr(self, f.name, f.default(self))
            elif f.load is not None:
                setattr(self, f.name, f.load(v, where.at(f.json_key)))
        for f in self.FIELDS:
            if f.shape == "shared":
                setattr(self, f.name, f.default(self))
        check_unit_options(self.field, self.dopt, where.at("field"))

    def end_game(self, winner: int | None, reason: str) -> None:
        """As the core's; the phase word becomes ``over``."""
        if self.over:
            return
        self.phase = "over"
        super().end_game(winner, reason)

    # ------------------------------------------------------------------ effective values (§2, §6.6, §8)
    def static_mods(self, p: int, c: MCard) -> Mods:
        """What the ``static`` ``modify`` effects of ``p``'s character and set supports add to ``p``'s
        attack card ``c`` (§8: copies add up; a ``posture`` filter, a ``gauge_ge`` condition)."""
        srcs = self.supports[p]
        ch = self.cards.get(self.char[p])
        if not srcs and (ch is None or not ch.effects):
            return ZERO
        key = (self.char[p], c.posture, len(self.gauge[p]), *srcs)
        got = self.smods.get(key)
        if got is None:
            got = self.smods[key] = self._static_mods(p, c)
        return got

    def _static_mods(self, p: int, c: MCard) -> Mods:
        srcs = self.supports[p]
        out = [0, 0, 0, 0]
        hit = False
        g = len(self.gauge[p])
        for sid in (self.char[p], *srcs):
            s = self.cards.get(sid)
            if s is None:
                continue
            for e in s.effects:
                if e.trigger == "static" and e.action == "modify" and (not e.posture or e.posture == c.posture) and (
                        e.gauge_ge is None or g >= e.gauge_ge):
                    out[STAT_INDEX[e.stat]] += e.n
                    hit = True
        return (out[0], out[1], out[2], out[3]) if hit else ZERO

    def stats(self, p: int, c: MCard, opts: tuple[str, ...] = (), mods: Mods = ZERO) -> Stats:
        """The effective (speed, front reach, back reach, attack, guard) of ``p``'s card ``c`` carrying
        the double-attack options ``opts`` and the unit modifiers ``mods``: printed, then the option
        (an ``xN`` multiplies the printed value), then every ``modify``; never below 0, guard never
        below 1 (§2)."""
        sp, rf, rb, at, gd = c.speed, c.reach_front, c.reach_back, c.attack, c.guard
        for o in opts:
            mul, v = self.dopt[o]
            if o == "speed":
                sp = sp * v if mul else sp + v
            elif o == "reach":
                rf, rb = (rf * v, rb * v) if mul else (rf + v, rb + v)
            elif o == "attack":
                at = at * v if mul else at + v
            else:
                gd = gd * v if mul else gd + v
        s = self.static_mods(p, c)
        if s is not ZERO:
            sp, rf, rb, at, gd = sp + s[0], rf + s[1], rb + s[1], at + s[2], gd + s[3]
        if mods is not ZERO:
            sp, rf, rb, at, gd = sp + mods[0], rf + mods[1], rb + mods[1], at + mods[2], gd + mods[3]
        return (sp if sp > 0 else 0, rf if rf > 0 else 0, rb if rb > 0 else 0, at if at > 0 else 0,
                gd if gd > 1 else 1)

    def unit_stats(self, p: int, u: Unit) -> Stats:
        """The effective values of a unit on ``p``'s field: its top copy's (§6.6)."""
        return self.stats(p, self.cards[u[0]], u[2], u[3])

    def top(self, p: int) -> Unit | None:
        """``p``'s top card (the unit last bet), or None with an empty field."""
        f = self.field[p]
        return f[-1] if f else None

    def draw_limit(self, p: int) -> int:
        """§5 step 2: the character's draw limit (or the parameter), raised by a static ``draw_limit``
        effect (the highest applies)."""
        ch = self.cards.get(self.char[p])
        base = ch.draw_limit if ch is not None and ch.draw_limit is not None else int(self.game.params["draw_limit"])
        g = len(self.gauge[p])
        for sid in (self.char[p], *self.supports[p]):
            s = self.cards.get(sid)
            if s is None:
                continue
            for e in s.effects:
                if e.trigger == "static" and e.action == "draw_limit" and (e.gauge_ge is None or g >= e.gauge_ge):
                    base = max(base, e.n)
        return base

    def dust_posture(self, p: int) -> str:
        """The posture of ``p``'s dust top ("" when empty or not an attack card) (注7)."""
        d = self.discard[p]
        return self.cards[d[0]].posture if d else ""

    # ------------------------------------------------------------------ views
    def _unit_view(self, p: int, u: Unit) -> dict[str, Any]:
        d: dict[str, Any] = {"card": u[0], "n": u[1], "opts": list(u[2])}
        if u[3] != ZERO:
            d["mods"] = {k: v for k, v in zip(DOUBLE_ORDER, u[3], strict=True) if v}
        return d

    def _top_view(self, p: int) -> dict[str, Any] | None:
        u = self.top(p)
        if u is None:
            return None
        c = self.cards[u[0]]
        sp, rf, rb, at, gd = self.unit_stats(p, u)
        return {"speed": sp, "reach_front": rf, "reach_back": rb, "attack": at, "guard": gd,
                "posture": c.posture, "unguardable": list(c.unguardable)}

    def view(self, player: int | None) -> dict[str, Any]:
        """The envelope of ``core/views.py``. ``players[p]``: hand (own only), counts, ``discard`` = the
        dust in the order it arrived (top last). ``table``: ``first``, ``after_fb``, ``judge`` and per
        seat (``table["players"][p]``) the character, counts of LP, stamina, gauge, dust and damage,
        the dust top's posture, supports, situation, the attack field (bottom first) and its top card's
        effective values (the top card is the field's last), and the guard space: its count, whether
        its top card was opened by a GC, and its cards bottom first — None where the viewer may not
        see the face (another's face-down card, §1)."""
        self.check_seat(player, spectator=True)
        players = [player_view(self.hand[p], player == p, len(self.deck[p]), self.discard[p][::-1]) for p in (0, 1)]
        sides: list[dict[str, Any]] = []
        for p in (0, 1):
            gc = self.gcards[p]
            opened = bool(gc) and self.gopen[p]
            top = len(gc) - 1
            guard: dict[str, Any] = {
                "space": self.gspace[p] or None, "count": len(gc), "open": opened,
                "cards": [c if player == p or (opened and i == top) else None for i, c in enumerate(gc)]}
            sides.append({
                "character": self.char[p],
                "lp_count": len(self.lp[p]),
                "stamina_count": len(self.deck[p]),
                "gauge_count": len(self.gauge[p]),
                "dust_count": len(self.discard[p]),
                "dust_top_posture": self.dust_posture(p) or None,
                "damage_count": len(self.damage[p]),
                "draw_limit": self.draw_limit(p),
                "mulligan_used": self.mull[p],
                "supports": list(self.supports[p]),
                "situation": self.sit[p] or None,
                "field": [self._unit_view(p, u) for u in self.field[p]],
                "top": self._top_view(p),
                "guard": guard,
            })
        table: dict[str, Any] = {
            "first": self.first,
            "after_fb": self.after_fb,
            "judge": {"kind": self.judge[0], "player": self.judge[1]} if self.judge else None,
            "gauge_max": int(self.game.params["gauge_max"]),
            "down_damage": int(self.game.params["down_damage"]),
            "players": sides,
        }
        return envelope(self, player, phase=self.phase, active=self.active, players=players, table=table)

    def unseen_zones(self, owner: int, seat: int) -> list[list[str]]:
        """The places of ``owner``'s cards that ``seat`` cannot see (§1): LP, stamina, gauge and damage
        (nobody looks), and for the other seat also the hand and the face-down guard cards (a card
        opened by a GC is public)."""
        zones = [self.lp[owner], self.deck[owner], self.gauge[owner], self.damage[owner]]
        if owner != seat:
            zones.append(self.hand[owner])
            zones.append(self.gcards[owner])
        return zones

    def deal_unseen(self, player: int, rng: Rng | None, belief: list[str] | None) -> None:
        """The core's ``resample`` hook (§1 hidden information): per owner, every card ``player``
        cannot see is dealt from one canonical (sorted) pool back into those places, sizes kept; a
        GC-opened guard card stays where it is (it is public)."""
        for owner in (0, 1):
            zones = self.unseen_zones(owner, player)
            keep_top = owner != player and self.gopen[owner] and bool(self.gcards[owner])
            ids: list[str] = []
            for z in zones:
                ids += z
            if keep_top:
                ids.pop()  # the opened card, last of the guard stack (the last zone)
            if belief is not None and owner != player:
                ids = check_belief(belief, len(ids), f"seat {owner}")
            ids = canonical(ids, rng)
            k = 0
            for z in zones:
                n = len(z) - (1 if keep_top and z is zones[-1] else 0)
                z[:n] = ids[k:k + n]
                k += n


def _mods(m: Any) -> Mods:
    a, b, c, d = (int(x) for x in m)
    return ZERO if (a, b, c, d) == ZERO else (a, b, c, d)
