"""Notation of spec §11: the legal actions of each phase-level decision, and refusal explanations.

Places are relative to the acting player: own ``F1..``, ``B1..``, ``K1..``; the opponent's carry an
``x`` prefix. Cards in hand are named by id (names are resolved by the core parser).
"""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING

from ...core.actions import Action
from .effects import apply_cost, candidates, cost_delta, parse_rel, stats

if TYPE_CHECKING:
    from .cards import Card
    from .state import SarasvatiState, Unit

END = Action.of("end")
PASS = Action.of("pass")

_PLACES: dict[tuple[int, int], tuple[list[str], list[str]]] = {}


def places(nf: int, n: int) -> tuple[list[str], list[str]]:
    """(own place names, enemy place names) by slot index."""
    key = (nf, n)
    r = _PLACES.get(key)
    if r is None:
        own = [f"F{i + 1}" if i < nf else f"B{i - nf + 1}" for i in range(n)]
        r = _PLACES[key] = (own, ["x" + s for s in own])
    return r


def can_evolve(C: dict[str, Card], evo: Card, u: Unit | None) -> bool:
    """An evolution goes onto a character named by ``evolves_from`` (id, name or sub-attribute) (§2)."""
    if u is None:
        return False
    base = C[u.card]
    f = evo.evolves_from
    return f == base.name or f == base.id or f in base.sub_attributes


def support_usable(st: SarasvatiState, p: int, card: Card) -> bool:
    """A support whose effect chooses a character needs at least one to choose ([decision], §8)."""
    return all(not e.chooses or candidates(st, p, e) for e in card.effects)


def charge_options(st: SarasvatiState) -> list[Action]:
    opts = []
    seen: set[str] = set()
    for c in st.hand[st.active]:
        if c not in seen:
            seen.add(c)
            opts.append(Action.of("charge", c))
    opts.append(PASS)
    return opts


def imagine_options(st: SarasvatiState) -> list[Action]:
    p = st.active
    C = st.C
    slots = st.slots[p]
    own_pl = places(st.nf, len(slots))[0]
    untapped = len(st.volt[p]) - st.tapped[p]
    opts: list[Action] = []
    if untapped > 0:
        delta = cost_delta(st, p)
        empty = [i for i, u in enumerate(slots) if u is None]
        units = [i for i, u in enumerate(slots) if u is not None]
        seen: set[str] = set()
        of = Action.of
        for cid in st.hand[p]:
            if cid in seen:
                continue
            seen.add(cid)
            c = C[cid]
            cost = c.cost if not delta else apply_cost(c.cost, delta)
            if cost > untapped:
                continue
            t = c.type
            if t == "character":
                if c.evolves_from:
                    bases = [i for i in units if can_evolve(C, c, slots[i])]
                    k = c.evolve_bases
                    if k == 1:
                        for i in bases:
                            opts.append(of("evolve", cid, own_pl[i]))
                    elif len(bases) >= k:  # several bases: the stack goes to the first place named
                        for i in bases:
                            rest = [j for j in bases if j != i]
                            for others in combinations(rest, k - 1):
                                opts.append(of("evolve", cid, own_pl[i], *(own_pl[j] for j in others)))
                else:
                    for i in empty:
                        opts.append(of("summon", cid, own_pl[i]))
            elif t == "equipment":
                for i in units:
                    opts.append(of("equip", cid, own_pl[i]))
            elif t == "support" and support_usable(st, p, c):
                opts.append(of("use", cid))
        if len(units) > 1:
            for i in units:
                u = slots[i]
                assert u is not None
                if u.equip is not None:
                    e = C[u.equip]
                    if e.reattachable and apply_cost(e.cost, delta) <= untapped:
                        for j in units:
                            if j != i:
                                opts.append(of("reequip", own_pl[i], own_pl[j]))
    opts.append(END)
    return opts


def move_options(st: SarasvatiState) -> list[Action]:
    p = st.active
    slots = st.slots[p]
    nf = st.nf
    own_pl = places(nf, len(slots))[0]
    opts: list[Action] = []
    empty_front = [j for j in range(nf) if slots[j] is None]
    empty_back = [j for j in range(nf, len(slots)) if slots[j] is None]
    for i, u in enumerate(slots):
        if u is None or not u.ready or u.moved:
            continue
        for j in empty_back if i < nf else empty_front:
            opts.append(Action.of("move", own_pl[i], own_pl[j]))
    opts.append(END)
    return opts


def wall_up(st: SarasvatiState, side: int) -> bool:
    """Wall rule (壁役, §6): a ready character in ``side``'s front row."""
    for j in range(st.nf):
        u = st.slots[side][j]
        if u is not None and u.ready:
            return True
    return False


def can_attack(st: SarasvatiState, u: Unit, atk: int) -> bool:
    return u.ready and atk >= 0 and not (u.new and st.game.params["summoning_sickness"])


def battle_options(st: SarasvatiState) -> list[Action]:
    p = st.active
    o = 1 - p
    slots = st.slots[p]
    s = None
    attackers = []
    sick = st.game.params["summoning_sickness"]
    for i, u in enumerate(slots):
        if u is None or not u.ready or (u.new and sick):
            continue
        if s is None:
            s = stats(st)
        v = s[p][i]
        assert v is not None
        if v[0] >= 0:
            attackers.append(i)
    if not attackers:
        return [END]
    own_pl, en_pl = places(st.nf, len(slots))
    eslots = st.slots[o]
    if wall_up(st, o):
        targets = [en_pl[j] for j in range(st.nf) if eslots[j] is not None]
    else:
        targets = [en_pl[j] for j, u in enumerate(eslots) if u is not None]
        hits = st.hits[o]
        targets += [f"xK{k + 1}" for k in range(len(st.books[o])) if hits[k] < st.bh]
    of = Action.of
    opts = [of("attack", own_pl[i], t) for i in attackers for t in targets]
    opts.append(END)
    return opts


# ---------------------------------------------------------------------------------------- refusals
def explain(st: SarasvatiState, a: Action) -> str:
    """Why ``a`` is not legal now, naming the rule and its spec section."""
    d = st.decision
    if d is None:
        return "no decision is pending"
    kind = d.kind
    verb = a.verb
    phase_of = {"charge": "charge", "pass": "charge", "summon": "imagine", "evolve": "imagine", "use": "imagine",
                "equip": "imagine", "reequip": "imagine", "move": "move", "attack": "battle", "target": "target",
                "keep": "keep"}
    sec = {"charge": "§5.3", "imagine": "§5.4", "move": "§5.5", "battle": "§6", "target": "§8", "keep": "§2"}
    want = phase_of.get(verb)
    if verb == "end" and kind in ("imagine", "move", "battle"):
        return "not a legal action now"
    if want is None and verb != "end":
        return (f"unknown action {verb!r}; actions are charge, pass, summon, evolve, use, equip, reequip, move, "
                f"attack, target, keep, end, concede (§11)")
    if want != kind:
        if kind == "target":
            return "an effect is waiting for its target: answer with 'target PLACE' (§8)"
        if kind == "keep":
            return "an evolution is waiting for the equipment to keep: answer with 'keep CARD-ID' (§2, Q&A)"
        if want == "keep":
            return "'keep' answers the choice of equipment to keep when an evolution inherits several (§2, Q&A)"
        return (f"it is the {kind} decision ({sec.get(kind, '§5')}); {verb!r} belongs to the "
                f"{want or 'imagine, move or battle'} phase ({sec.get(want or '', '§5')})")
    p = d.player
    try:
        if kind == "charge":
            return _explain_charge(st, p, a)
        if kind == "imagine":
            return _explain_imagine(st, p, a)
        if kind == "move":
            return _explain_move(st, p, a)
        if kind == "battle":
            return _explain_attack(st, p, a)
        if kind == "keep":
            return _explain_keep(st, a)
        return _explain_target(st, p, a)
    except _Refusal as r:
        return str(r)


class _Refusal(Exception):
    pass


def _nargs(a: Action, n: int, form: str) -> None:
    if len(a.args) != n:
        raise _Refusal(f"write it as '{form}' (§11)")


def _in_hand(st: SarasvatiState, p: int, cid: str) -> Card:
    c = st.C.get(cid)
    if c is None:
        raise _Refusal(f"unknown card {cid!r} (§2)")
    if cid not in st.hand[p]:
        raise _Refusal(f"{cid} is not in your hand (§1)")
    return c


def _own_place(st: SarasvatiState, p: int, tok: str) -> int:
    n = len(st.slots[p])
    w = parse_rel(p, tok, st.nf, n)
    if w is None or tok[:1] in ("x", "X"):
        raise _Refusal(f"{tok} is not one of your battle-zone places (F1..F{st.nf}, B1..B{n - st.nf}; §1, §11)")
    return w[1]


def _unit(st: SarasvatiState, p: int, tok: str) -> tuple[int, Unit]:
    i = _own_place(st, p, tok)
    u = st.slots[p][i]
    if u is None:
        raise _Refusal(f"there is no character of yours at {tok} (§1)")
    return i, u


def _explain_charge(st: SarasvatiState, p: int, a: Action) -> str:
    if a.verb == "pass":
        return "not a legal action now (§5.3)"
    _nargs(a, 1, "charge CARD-ID")
    _in_hand(st, p, a.args[0])
    if st.charges_left <= 0:
        return f"you may charge only {st.game.params['charges_per_turn']} card(s) per turn (charges_per_turn, §5.3)"
    return "not a legal charge now (§5.3)"


def _pay(st: SarasvatiState, p: int, c: Card) -> None:
    cost = apply_cost(c.cost, cost_delta(st, p))
    untapped = len(st.volt[p]) - st.tapped[p]
    if cost > untapped:
        raise _Refusal(f"costs {cost} but you have {untapped} untapped voltage (§5.4)")


def _explain_imagine(st: SarasvatiState, p: int, a: Action) -> str:
    v = a.verb
    if v == "reequip":
        _nargs(a, 2, "reequip FROM TO")
        i, u = _unit(st, p, a.args[0])
        j, _ = _unit(st, p, a.args[1])
        if u.equip is None:
            return f"the character at {a.args[0]} has no equipment (§2)"
        e = st.C[u.equip]
        if not e.reattachable:
            return f"{e.id} {e.name} is not reattachable (付け替え可能, §2, §5.4)"
        if i == j:
            return "re-attach to a different character of yours (§5.4)"
        _pay(st, p, e)
        return "not a legal re-attachment now (§5.4)"
    if v == "use":
        _nargs(a, 1, "use CARD-ID")
    elif v != "evolve":
        _nargs(a, 2, f"{v} CARD-ID PLACE")
    elif not a.args:
        raise _Refusal("write it as 'evolve CARD-ID PLACE' (§11)")
    c = _in_hand(st, p, a.args[0])
    kinds = {"summon": "character", "evolve": "character", "use": "support", "equip": "equipment"}
    if c.type != kinds[v]:
        how = {"character": "summon (or evolve)", "support": "use", "equipment": "equip", "book": "—"}[c.type]
        if c.type == "book":
            return f"{c.id} is a forbidden book; books are never played from hand (§2)"
        return f"{c.id} is a {c.type}, not a {kinds[v]}: {how} it (§2, §5.4)"
    if v == "summon" and c.evolves_from:
        return f"{c.id} is an evolution: evolve it onto {c.evolves_from} with 'evolve {c.id} PLACE' (§2)"
    if v == "evolve" and not c.evolves_from:
        return f"{c.id} is not an evolution card; summon it (§2)"
    if v == "summon":
        i = _own_place(st, p, a.args[1])
        if st.slots[p][i] is not None:
            return f"{a.args[1]} is occupied; summon into an empty slot (§2, §5.4)"
    elif v == "evolve":
        k = c.evolve_bases
        if len(a.args) != 1 + k:
            if k == 1:
                raise _Refusal(f"write it as 'evolve {c.id} PLACE' (§11)")
            return (f"{c.id} is put on {k} characters ({c.evolves_from}): write 'evolve {c.id} "
                    f"{' '.join(['PLACE'] * k)}', the stack goes to the first place (evolution, §2)")
        seen: set[int] = set()
        for t in a.args[1:]:
            i, u = _unit(st, p, t)
            if not can_evolve(st.C, c, u):
                b = st.C[u.card]
                return f"{c.id} evolves from {c.evolves_from}, but {t} holds {b.id} {b.name} (evolution, §2)"
            if i in seen:
                return f"{t} is named twice; each base is a different character (evolution, §2)"
            seen.add(i)
    elif v == "equip":
        _unit(st, p, a.args[1])
    elif v == "use" and not support_usable(st, p, c):
        return f"{c.id} chooses a character but none qualifies ([decision] §8)"
    _pay(st, p, c)
    return "not a legal imagine action now (§5.4)"


def _explain_move(st: SarasvatiState, p: int, a: Action) -> str:
    _nargs(a, 2, "move FROM TO")
    i, u = _unit(st, p, a.args[0])
    j = _own_place(st, p, a.args[1])
    if not u.ready:
        return f"the character at {a.args[0]} is defenceless; only ready characters move (§5.5)"
    if u.moved:
        return f"the character at {a.args[0]} already moved this turn ([decision] §5.5)"
    if (i < st.nf) == (j < st.nf):
        return "a move goes to the other row (§5.5)"
    if st.slots[p][j] is not None:
        return f"{a.args[1]} is occupied; move to an empty slot (§5.5)"
    return "not a legal move now (§5.5)"


def _explain_attack(st: SarasvatiState, p: int, a: Action) -> str:
    _nargs(a, 2, "attack FROM TARGET")
    i, u = _unit(st, p, a.args[0])
    if not u.ready:
        return f"the character at {a.args[0]} is defenceless; only ready characters attack (§6)"
    if u.new and st.game.params["summoning_sickness"]:
        return f"the character at {a.args[0]} was summoned this turn (summoning sickness, §5, §6)"
    s = stats(st)
    v = s[p][i]
    assert v is not None
    if v[0] < 0:
        return f"the character at {a.args[0]} has atk {v[0]} < 0 and cannot attack (§6, Q&A)"
    tok = a.args[1]
    o = 1 - p
    if tok[:1] not in ("x", "X"):
        return f"{tok} is your own place; attack an enemy place such as xF1 or xK1 (§6, §11)"
    if tok[1:2].upper() == "K":
        k = int(tok[2:]) - 1 if tok[2:].isdigit() else -1
        if not 0 <= k < len(st.books[o]):
            return f"the opponent has no forbidden book {tok} (§1)"
        if st.hits[o][k] >= st.bh:
            return f"the forbidden book {tok} is already destroyed (§6)"
        if wall_up(st, o):
            return "the enemy front row has a ready character (壁役, §6)"
        return "not a legal attack now (§6)"
    w = parse_rel(p, tok, st.nf, len(st.slots[p]))
    if w is None:
        return f"{tok} is not a place (xF1.., xB1.., xK1..; §11)"
    if st.slots[o][w[1]] is None:
        return f"there is no enemy character at {tok} (§6)"
    if w[1] >= st.nf and wall_up(st, o):
        return "the enemy front row has a ready character (壁役, §6)"
    return "not a legal attack now (§6)"


def _explain_target(st: SarasvatiState, p: int, a: Action) -> str:
    _nargs(a, 1, "target PLACE")
    d = st.decision
    assert d is not None
    opts = ", ".join(x.args[0] for x in d.options)
    return f"{a.args[0]} is not a legal target of this effect; choose one of {opts} (§8)"


def _explain_keep(st: SarasvatiState, a: Action) -> str:
    _nargs(a, 1, "keep CARD-ID")
    d = st.decision
    assert d is not None
    opts = ", ".join(x.args[0] for x in d.options)
    return (f"{a.args[0]} is not one of the equipment the evolution inherits; keep one of {opts} "
            f"(one equipment per character, §2, Q&A)")
