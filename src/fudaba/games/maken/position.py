"""Project Maken positions (spec §12): load a position document, and write one from a state.

Piles are written top first; attack fields and guard stacks bottom first (bet order). A position
exists at every decision of §11 except in the middle of a judge (bonus bets) or of a cover;
``load_position(state.position())`` gives a state with the same ``hash()`` — ``state_position``
checks this and refuses positions it cannot express. Two optional keys extend §12 for the
stalemate of §7 (docs/maken.md): ``idle_turns`` (turns in a row that ended without an attack phase)
and, in phase ``after_attack``, ``attacked = false`` (this turn had none).
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from ...core.errors import PositionError
from ...core.game import Game
from ...core.positions import array, check_keys, flag, plain, read_document, table, whole
from .state import DOUBLE_ORDER, SITUATIONS, SPACES, ZERO, MakenState, Unit

TOP_KEYS = frozenset({"game", "variant", "params", "turn", "active", "first", "phase", "to_act", "seed", "attack",
                      "seat", "cards", "idle_turns", "attacked"})
SEAT_KEYS = frozenset({"character", "mulligan_used", "lp", "stamina", "hand", "gauge", "dust", "damage", "supports",
                       "field", "guard"})
PILES = ("lp", "stamina", "hand", "gauge", "dust", "damage", "supports")
#: the state's zone of each pile of a position
ZONE = {"lp": "lp", "stamina": "deck", "hand": "hand", "gauge": "gauge", "dust": "discard", "damage": "damage",
        "supports": "supports"}
UNIT_KEYS = frozenset({"card", "n", "opts", "mods"})
GUARD_KEYS = frozenset({"space", "cards", "open"})
ATTACK_KEYS = frozenset({"state", "after_fb"})
PHASES = ("mulligan", "draw", "before_attack", "attack", "after_attack")
#: the decisions a position is taken at (not mid-judge, not mid-cover)
POSITION_KINDS = frozenset({"mulligan", "draw", "before_attack", "action", "after_attack"})


def load_position(game: Game, data: Mapping[str, Any] | str | Path) -> MakenState:
    """The state of a §12 position document: the game and turn (:func:`_top`), each seat's zones
    (:func:`_seat`), the attack phase (:func:`_attack`), then the rules run to the decision the
    phase asks (:func:`_resume`). PositionError names the key."""
    doc = read_document(data)
    check_keys(doc, TOP_KEYS, "position")
    if doc.get("game", "maken") != "maken":
        raise PositionError(f"position: key 'game': this is maken, not {doc.get('game')!r}")
    st, phase = _top(game.position_game(doc), doc)
    seats = doc.get("seat")
    if not isinstance(seats, list) or len(seats) != 2:
        raise PositionError("position: key 'seat': expected exactly two [[seat]] tables (seat 0, then seat 1)")
    for p, seat in enumerate(seats):
        _seat(st, p, seat)
    to_act = doc.get("to_act")
    if phase == "attack":
        _attack(st, doc, to_act)
    else:
        if "attack" in doc:
            raise PositionError("position: key 'attack': only in phase attack")
        for p in (0, 1):
            if st.field[p] or st.gspace[p]:
                raise PositionError(f"position: key 'seat[{p}].{'field' if st.field[p] else 'guard'}': attack fields "
                                    "and guard spaces are empty outside the attack phase (§6.5)")
    st.origin = {"position": plain(doc)}
    _resume(st, phase, to_act)
    st.run()
    return st


def _top(g: Game, doc: Mapping[str, Any]) -> tuple[MakenState, str]:
    """A new state of the game ``g`` with the position's seed, turn, seats to play and idle turns
    (§7), and its phase."""
    params = g.params
    st = MakenState(g, whole(doc.get("seed", 0), "seed", 0))
    st.init_fields()
    st.extra = [dict(r) for r in g.extra_cards]
    st.turn = whole(doc.get("turn", 1), "turn", 1)
    if st.turn > int(params["turn_limit"]):
        raise PositionError(f"position: key 'turn' = {st.turn} is past turn_limit = {params['turn_limit']}: the game "
                            f"would be over, a draw (§7)")
    st.active = whole(doc.get("active", 0), "active", 0, 1)
    st.first = whole(doc.get("first", 0), "first", 0, 1)
    phase = doc.get("phase", "before_attack")
    if phase not in PHASES:
        raise PositionError(f"position: key 'phase': {phase!r} is not one of {list(PHASES)}")
    st.idle = whole(doc.get("idle_turns", 0), "idle_turns", 0)
    if "attacked" in doc and phase != "after_attack":
        raise PositionError("position: key 'attacked': only in phase after_attack (whether this turn had an attack "
                            "phase, §7)")
    st.attacked = flag(doc.get("attacked", True), "attacked") if phase == "after_attack" else phase == "attack"
    return st, str(phase)


def _seat(st: MakenState, p: int, seat: Any) -> None:
    """One ``[[seat]]`` table: the character, the piles (:func:`_pile`), the field, the guard
    (:func:`_guard`), and the limits a seat in the game keeps (注1, 注18, §5, §7)."""
    where = f"seat[{p}]"
    if not isinstance(seat, Mapping):
        raise PositionError(f"position: key '{where}' must be a table")
    check_keys(seat, SEAT_KEYS, f"position: {where}")
    ch = seat.get("character")
    c = st.game.cards.find(ch) if isinstance(ch, str) else None
    if c is None or c.kind != "character":
        raise PositionError(f"position: key '{where}.character': {ch!r} is not a character card")
    st.char[p] = c.id
    st.mull[p] = flag(seat.get("mulligan_used", False), f"{where}.mulligan_used")
    for key in PILES:
        getattr(st, ZONE[key])[p].extend(_pile(st, seat.get(key, []), f"{where}.{key}", key == "supports"))
    for i, t in enumerate(array(seat.get("field", []), f"{where}.field", "a list of {card, n?, opts?, mods?}")):
        st.field[p].append(_unit(st, t, f"{where}.field[{i}]"))
    _guard(st, p, table(seat.get("guard", {}), f"{where}.guard"), f"{where}.guard")
    params = st.game.params
    if len(st.damage[p]) >= int(params["down_damage"]):
        raise PositionError(f"position: key '{where}.damage': {len(st.damage[p])} damage cards is a down already "
                            f"(down_damage {params['down_damage']}, 注18)")
    if len(st.gauge[p]) > int(params["gauge_max"]):
        raise PositionError(f"position: key '{where}.gauge': more than gauge_max {params['gauge_max']} cards (注1)")
    lim = int(params["support_limit"])
    if lim and len(st.supports[p]) > lim:
        raise PositionError(f"position: key '{where}.supports': more than support_limit {lim} supports")
    if not st.lp[p]:
        raise PositionError(f"position: key '{where}.lp': a player in the game holds at least one LP card (§7)")


def _pile(st: MakenState, raw: Any, where: str, supports: bool) -> list[str]:
    """A pile's card ids (ids or names of the deck's cards; only supports among the supports)."""
    out = []
    for i, cid in enumerate(array(raw, where, "a list of card ids")):
        k = st.game.cards.find(cid) if isinstance(cid, str) else None
        if k is None:
            raise PositionError(f"position: key '{where}[{i}]': unknown card {cid!r}")
        if k.kind == "character":
            raise PositionError(f"position: key '{where}[{i}]': {k.id} is a character card, which is outside the deck "
                                "(key 'character')")
        if supports and k.kind != "support":
            raise PositionError(f"position: key '{where}[{i}]': {k.id} is not a support card")
        out.append(k.id)
    return out


def _guard(st: MakenState, p: int, gd: Mapping[str, Any], where: str) -> None:
    """A seat's ``guard`` table: its space and face-down cards, bottom first (never GC-opened: §12)."""
    check_keys(gd, GUARD_KEYS, f"position: {where}")
    if not gd:
        return
    space = gd.get("space")
    if space not in SPACES:
        raise PositionError(f"position: key '{where}.space': {space!r} is not one of {list(SPACES)}")
    st.gspace[p] = str(space)
    for i, cid in enumerate(array(gd.get("cards", []), f"{where}.cards", "a list of card ids")):
        k = st.game.cards.find(cid) if isinstance(cid, str) else None
        if k is None or k.kind == "character":
            raise PositionError(f"position: key '{where}.cards[{i}]': {cid!r} is not a card of the deck")
        st.gcards[p].append(k.id)
    if flag(gd.get("open", False), f"{where}.open"):
        raise PositionError(f"position: key '{where}.open': a GC-opened card exists only during the judge, where "
                            "positions are not taken (§12)")


def _resume(st: MakenState, phase: str, to_act: Any) -> None:
    """The frames that run to the decision of ``phase`` (the attack phase's are pushed by
    :func:`_attack`)."""
    if phase == "mulligan":
        if not st.game.params["mulligan"]:
            raise PositionError("position: key 'phase': there is no mulligan in this game (mulligan = false)")
        q = st.first if to_act is None else whole(to_act, "to_act", 0, 1)
        st.push("turn_start")
        if q == st.first:
            st.push("mulligan", (1 - q,))
        st.push("mulligan", (q,))
    elif to_act is not None and phase != "attack":
        raise PositionError("position: key 'to_act': only in phases mulligan and attack (otherwise the TP acts)")
    elif phase == "draw":
        st.phase = "draw"
        st.push_seq("draw_phase", "before_attack")
    elif phase in ("before_attack", "after_attack"):
        st.push(phase)


def _unit(st: MakenState, t: Any, where: str) -> Unit:
    """One bet of an attack field: ``{card, n?, opts?, mods?}`` (§12)."""
    if not isinstance(t, Mapping):
        raise PositionError(f"position: key '{where}' must be a table {{card, n?, opts?, mods?}}")
    check_keys(t, UNIT_KEYS, f"position: {where}")
    c = st.game.cards.find(t["card"]) if isinstance(t.get("card"), str) else None
    if c is None or not c.is_attack:
        raise PositionError(f"position: key '{where}.card': {t.get('card')!r} is not an attack card")
    n = whole(t.get("n", 1), f"{where}.n", 1, 3)
    opts = tuple(array(t.get("opts", []), f"{where}.opts", "a list of options"))
    if len(opts) != n - 1 or any(not isinstance(o, str) or o not in st.dopt for o in opts) or len(set(opts)) != len(
            opts):
        raise PositionError(f"position: key '{where}.opts': a unit of {n} card(s) carries {n - 1} different "
                            f"option(s) of {list(st.dopt)} (§6.6)")
    opts = tuple(sorted(opts, key=DOUBLE_ORDER.index))
    mods = [0, 0, 0, 0]
    for k, v in table(t.get("mods", {}), f"{where}.mods").items():
        if k not in DOUBLE_ORDER:
            raise PositionError(f"position: key '{where}.mods.{k}': not one of {list(DOUBLE_ORDER)}")
        if not isinstance(v, int) or isinstance(v, bool):
            raise PositionError(f"position: key '{where}.mods.{k}' must be a whole number, got {v!r}")
        mods[DOUBLE_ORDER.index(k)] = v
    m = (mods[0], mods[1], mods[2], mods[3])
    return (c.id, n, opts, ZERO if m == ZERO else m)


def _attack(st: MakenState, doc: Mapping[str, Any], to_act: Any) -> None:
    """The ``[attack]`` table and its consistency (§1 situations, §6.1, §6.2)."""
    at = table(doc.get("attack", {}), "attack")
    check_keys(at, ATTACK_KEYS, "position: attack")
    sit = array(at.get("state", ["even", "even"]), "attack.state", "two situations")
    if len(sit) != 2 or any(s not in SITUATIONS for s in sit):
        raise PositionError(f"position: key 'attack.state': two of {list(SITUATIONS)}, got {sit!r}")
    if sorted(sit) not in (["even", "even"], ["forcing", "guarding"]):
        raise PositionError(f"position: key 'attack.state': both even, or one forcing and one guarding — not {sit!r}")
    after_fb = flag(at.get("after_fb", False), "attack.after_fb")
    tp = st.active
    q = whole(to_act, "to_act", 0, 1) if to_act is not None else 1 - tp
    for p in (0, 1):
        if sit[p] == "guarding" and not st.gspace[p]:
            raise PositionError(f"position: key 'seat[{p}].guard': a guarding player has a guard space (§6.2.2)")
        if sit[p] != "guarding" and st.gspace[p]:
            raise PositionError(f"position: key 'seat[{p}].guard': only a guarding player has guard cards")
        if sit[p] == "guarding" and st.field[p]:
            raise PositionError(f"position: key 'seat[{p}].field': a guarding player's field went to the dust (§6.2.2)")
        if sit[p] == "forcing" and not st.field[p]:
            raise PositionError(f"position: key 'seat[{p}].field': the player forcing a guard has a top card")
    if not st.field[tp] and sit[tp] != "guarding":
        raise PositionError(f"position: key 'seat[{tp}].field': the TP made the first bet (§6.1)")
    if after_fb and (sit != ["even", "even"] or q == tp or st.field[1 - tp]):
        raise PositionError("position: key 'attack.after_fb': right after the first bet both are even, the "
                            "non-TP acts and its field is empty (§6.1)")
    st.sit = [str(sit[0]), str(sit[1])]
    st.after_fb = after_fb
    st.push("action", (q,))


def state_position(st: MakenState) -> dict[str, Any]:
    """The §12 document of ``st``; PositionError when ``st`` is not at a position-level decision."""
    if st.over:
        raise PositionError("position(): the game is over")
    d = st.decision
    if d is None or d.kind not in POSITION_KINDS:
        kind = d.kind if d is not None else "none"
        raise PositionError(f"position(): not at a position-level decision ({kind}); positions are taken at the "
                            "mulligan, draw, before-attack, action and after-attack decisions — not in the middle of "
                            "a judge or of a cover (§12)")
    doc: dict[str, Any] = {
        "game": "maken",
        "variant": st.game.variant,
        "params": dict(st.game.params),
        "turn": st.turn,
        "active": st.active,
        "first": st.first,
        "phase": st.phase,
    }
    if st.phase in ("mulligan", "attack"):
        doc["to_act"] = d.player
    doc["seed"] = st.rng.state
    if st.phase == "attack":
        doc["attack"] = {"state": list(st.sit), "after_fb": st.after_fb}
    seats = []
    for p in (0, 1):
        s: dict[str, Any] = {"character": st.char[p], "mulligan_used": st.mull[p]}
        for key in PILES:
            s[key] = list(getattr(st, ZONE[key])[p])
        s["field"] = [_unit_doc(u) for u in st.field[p]]
        s["guard"] = ({"space": st.gspace[p], "cards": list(st.gcards[p]), "open": st.gopen[p]}
                      if st.gspace[p] else {})
        seats.append(s)
    doc["seat"] = seats
    if st.idle:
        doc["idle_turns"] = st.idle
    if st.phase == "after_attack" and not st.attacked:
        doc["attacked"] = False
    if st.extra:
        doc["cards"] = [dict(r) for r in st.extra]
    back = load_position(st.game, doc)
    if back.hash() != st.hash():
        raise PositionError(f"position(): the state at this decision ({d.kind}) cannot be expressed by a position "
                            "(§12)")
    return doc


def _unit_doc(u: Unit) -> dict[str, Any]:
    d: dict[str, Any] = {"card": u[0]}
    if u[1] > 1:
        d["n"] = u[1]
        d["opts"] = list(u[2])
    if u[3] != ZERO:
        d["mods"] = {k: v for k, v in zip(DOUBLE_ORDER, u[3], strict=True) if v}
    return d
