"""Positions (spec §14): dump a state at a phase-level decision, load one back.

``load_position(state.position())`` gives an equal state (same ``hash()``). Unknown keys and
impossible positions raise :class:`~fudaba.core.errors.PositionError` naming the key.
Beyond §14 (optional): ``[replenish] seat = N`` — the seat whose discard-down is pending (absent: the
replenish phase from its start).
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from ...core.actions import number
from ...core.errors import PositionError
from ...core.positions import array, card_ref, check_keys, flag, read_document, table, turn_header, whole
from .effects import names_in_play
from .rules import MAIN, MULLIGAN, REPLENISH, STEP
from .state import Dep, Mission, SuikodenState, slot_name

TOP_KEYS = frozenset({"game", "variant", "turn", "active", "first", "phase", "seed", "params", "seat", "cards",
                      "battle", "mulligan", "replenish"})
SEAT_KEYS = frozenset({"mastermind", "vp", "built", "hand", "deck", "discard", "missions", "resolved"})
MISSION_KEYS = frozenset({"slot", "card", "support", "mine", "theirs"})
DEP_KEYS = frozenset({"card", "mods", "rune_used"})
MOD_KEYS = frozenset({"atk", "mil", "con", "until", "by"})
BATTLE_KEYS = frozenset({"seat", "slot", "kind", "actor", "steps", "last_pass"})
PHASES = ("mulligan", "main", "battle", "replenish")
UNTIL = {"until_end_of_battle": "battle", "while_deployed": "deployed", "battle": "battle", "deployed": "deployed"}
UNTIL_NAME = {"battle": "until_end_of_battle", "deployed": "while_deployed"}
#: the decisions a position may stand at (§14), and the phase each is in
AT = {MULLIGAN.name: "mulligan", MAIN.name: "main", STEP.name: "battle", REPLENISH.name: "replenish"}


def dump_position(st: SuikodenState) -> dict[str, Any]:
    d = st.decision
    if st.over:
        raise PositionError(f"position: the game is over ({st.result}); positions describe games in progress")
    phase = AT.get(d.kind) if d is not None else None
    if d is None or phase is None:
        kind = d.kind if d is not None else "none"
        raise PositionError(f"position: only at a mulligan, main, deploy/pass or replenish decision (§14); the "
                            f"pending decision is {kind!r}")
    g: Any = st.game
    seats = []
    for p in (0, 1):
        ms = []
        for k, m in enumerate(st.missions[p]):
            if m is None:
                continue
            e: dict[str, Any] = {"slot": slot_name(k), "card": m.card}
            if m.support:
                e["support"] = m.support
            e["mine"] = [_dep(x) for x in m.cols[p]]
            e["theirs"] = [_dep(x) for x in m.cols[1 - p]]
            ms.append(e)
        res = []
        for r in st.resolved[p]:
            x: dict[str, Any] = {"card": r[0], "garrison": r[1]}
            if r[2] != p:
                x["owner"] = r[2]
            res.append(x)
        seats.append({
            "mastermind": st.mm[p],
            "vp": st.vp[p],
            "built": st.built[p],
            "hand": list(st.hand[p]),
            "deck": list(reversed(st.deck[p])),
            "discard": list(st.discard[p]),
            "missions": ms,
            "resolved": res,
        })
    doc: dict[str, Any] = {
        "game": "suikoden",
        "turn": st.turn,
        "active": st.active,
        "first": st.first,
        "phase": phase,
        "seed": st.rng.state,
        "params": dict(g.params),
        "seat": seats,
    }
    if phase == "battle":
        doc["battle"] = {"seat": st.bseat, "slot": slot_name(st.bslot), "kind": st.bkind, "actor": st.bactor,
                         "steps": st.bsteps, "last_pass": st.bpasses > 0}
    elif phase == "mulligan":
        doc["mulligan"] = {"seat": d.player, "returned": list(st.returned[d.player])}
    elif phase == "replenish":
        doc["replenish"] = {"seat": d.player}
    extra = getattr(g, "extra_cards", [])
    if extra:
        doc["cards"] = [dict(c) for c in extra]
    return doc


def _dep(x: Dep) -> Any:
    if not x[1] and not x[2]:
        return x[0]
    return {"card": x[0], "mods": [{"atk": m[0], "mil": m[1], "con": m[2], "until": UNTIL_NAME[m[3]], "by": m[4]}
                                   for m in x[1]], "rune_used": x[2]}


def load_position(game: Any, data: Mapping[str, Any] | str | Path) -> SuikodenState:
    """The state of a §14 position document: the header, both seats, then the phase it starts in
    (its rules frames); PositionError names the key of anything impossible."""
    doc = read_document(data)
    check_keys(doc, TOP_KEYS, "position")
    if doc.get("game", "suikoden") != "suikoden":
        raise PositionError(f"position: key 'game' is {doc.get('game')!r}, not 'suikoden'")
    g: Any = game.position_game(doc)
    st = SuikodenState(g, 0)
    st.init_fields()
    st.rng.state, st.turn, st.active, st.first = turn_header(doc, int(g.params["turn_limit"]))
    phase = doc.get("phase", "main")
    if not isinstance(phase, str) or phase not in PHASES:
        raise PositionError(f"position: key 'phase' must be one of {', '.join(PHASES)}, got {phase!r}")
    st.phase = phase
    for key in ("battle", "mulligan", "replenish"):
        if key in doc and phase != key:
            raise PositionError(f"position: key {key!r} belongs to phase = {key!r}, not {phase!r}")
    seats = array(doc.get("seat"), "seat")
    if len(seats) != 2:
        raise PositionError(f"position: key 'seat' must list two seats ([[seat]] twice), got {len(seats)}")
    card = _Cards(g)
    for p, raw in enumerate(seats):
        _load_seat(st, p, table(raw, f"seat[{p}]"), card)
    _check_unique(st)
    st.origin = {"position": doc}
    {"battle": _battle, "mulligan": _mulligan, "replenish": _replenish, "main": _main}[phase](st, doc, card)
    st.run()
    return st


class _Cards:
    """Reads a card of a position: an id or a name (``card_ref``) of one of the place's types; a
    mastermind (総大将) only as a seat's ``mastermind`` (§2, §3)."""

    def __init__(self, g: Any) -> None:
        self.g = g
        self.C = g.cdb

    def __call__(self, given: Any, key: str, types: tuple[str, ...] | None = None) -> str:
        cid = card_ref(self.g, given, key, types)
        c = self.C[cid]
        if c.cls == "mastermind" and key.split(".")[-1].split("[")[0] != "mastermind":
            raise PositionError(f"position: key {key!r}: {cid} {c.name} is a mastermind (総大将): it is only ever "
                                f"a seat's 'mastermind' (§2, §3)")
        return str(cid)

    def pile(self, seat: Mapping[str, Any], sk: str, key: str) -> list[str]:
        return [self(c, f"{sk}.{key}[{i}]") for i, c in enumerate(array(seat.get(key, []), f"{sk}.{key}"))]


def _load_seat(st: SuikodenState, p: int, seat: Mapping[str, Any], card: _Cards) -> None:
    """One ``[[seat]]``: its mastermind, VP (§9: fewer than ``vp_to_win``), facilities built, hand,
    deck (top first), discard pile, unresolved missions and resolved area."""
    sk = f"seat[{p}]"
    check_keys(seat, SEAT_KEYS, f"position: {sk}")
    C = card.C
    mm = seat.get("mastermind", "")
    if mm != "":
        mm = card(mm, sk + ".mastermind", ("character",))
        if C[mm].cls != "mastermind":
            raise PositionError(f"position: key '{sk}.mastermind': {mm} {C[mm].name} is a {C[mm].cls}, not a "
                                f"mastermind (総大将)")
    st.mm[p] = mm
    goal = int(st.game.params["vp_to_win"])
    st.vp[p] = whole(seat.get("vp", 0), sk + ".vp", 0)
    if st.vp[p] >= goal:
        raise PositionError(f"position: key '{sk}.vp' = {st.vp[p]}: seat {p} holds vp_to_win = {goal} victory "
                            f"points or more — the game would be over (§9); give fewer")
    st.built[p] = whole(seat.get("built", 0), sk + ".built", 0)
    st.hand[p] = card.pile(seat, sk, "hand")
    st.deck[p] = list(reversed(card.pile(seat, sk, "deck")))
    st.discard[p] = card.pile(seat, sk, "discard")
    ms = array(seat.get("missions", []), sk + ".missions")
    if len(ms) > st.K:
        raise PositionError(f"position: key '{sk}.missions': {len(ms)} unresolved cards, more than "
                            f"mission_slots = {st.K} (§5)")
    for i, mraw in enumerate(ms):
        _load_mission(st, p, f"{sk}.missions[{i}]", table(mraw, f"{sk}.missions[{i}]"), i, card)
    for i, rraw in enumerate(array(seat.get("resolved", []), sk + ".resolved")):
        st.resolved[p].append(_load_resolved(p, f"{sk}.resolved[{i}]", table(rraw, f"{sk}.resolved[{i}]"), card))


def _load_mission(st: SuikodenState, p: int, mk: str, mt: Mapping[str, Any], i: int, card: _Cards) -> None:
    """One ``[[seat.missions]]``: a slot, its mission or facility (never a duel, §7.6), its support
    (§8.1) and both columns (``mine`` the owner's, ``theirs`` the other seat's)."""
    C = card.C
    check_keys(mt, MISSION_KEYS, f"position: {mk}")
    k = _slot(mt.get("slot", slot_name(i)), mk + ".slot", st.K)
    if st.missions[p][k] is not None:
        raise PositionError(f"position: key '{mk}.slot': {slot_name(k)} is given twice")
    cid = card(mt.get("card"), mk + ".card", ("mission", "facility"))
    if C[cid].clear == "duel":
        raise PositionError(f"position: key '{mk}.card': {cid} {C[cid].name} is a duel mission; a duel "
                            f"resolves at once and never stays in a slot (§7.6)")
    sup = mt.get("support", "")
    if sup:
        sup = card(sup, mk + ".support", ("character",))
        if "support" not in C[sup].keywords:
            raise PositionError(f"position: key '{mk}.support': {sup} {C[sup].name} has no サポート keyword "
                                f"(§8.1)")
    cols: list[list[Dep]] = [[], []]
    for side, q in (("mine", p), ("theirs", 1 - p)):
        for j, e in enumerate(array(mt.get(side, []), f"{mk}.{side}")):
            cols[q].append(_load_dep(e, f"{mk}.{side}[{j}]", card))
    st.missions[p][k] = Mission(cid, sup, cols)


def _load_resolved(p: int, rk: str, rt: Mapping[str, Any], card: _Cards) -> tuple[str, str, int]:
    """One ``[[seat.resolved]]``: the card, its garrison (never a pair, §7.5) and its owner."""
    check_keys(rt, {"card", "garrison", "owner"}, f"position: {rk}")
    rc = card(rt.get("card"), rk + ".card", ("mission", "facility"))
    gar = rt.get("garrison", "")
    if gar:
        gar = card(gar, rk + ".garrison", ("character",))
        if card.C[gar].pair:
            raise PositionError(f"position: key '{rk}.garrison': a pair card cannot be a garrison (§7.5)")
    return (rc, gar, whole(rt.get("owner", p), rk + ".owner", 0, 1))


def _battle(st: SuikodenState, doc: Mapping[str, Any], card: _Cards) -> None:
    """``phase = "battle"``: the ``[battle]`` table — a new or continued mission, its actor, the steps
    taken and whether the last was a pass — at a deploy/pass step (§7.1)."""
    b = table(doc.get("battle"), "battle") if "battle" in doc else None
    if b is None:
        raise PositionError("position: key 'battle' is needed with phase = 'battle' (§14)")
    check_keys(b, BATTLE_KEYS, "position: battle")
    o = whole(b.get("seat", st.active), "battle.seat", 0, 1)
    slot = b.get("slot", "M1")
    k = _slot(slot, "battle.slot", st.K)
    if st.missions[o][k] is None:
        raise PositionError(f"position: key 'battle.slot': seat {o} has no unresolved card in {slot}")
    kind = b.get("kind", "continue")
    if kind not in ("new", "continue"):
        raise PositionError(f"position: key 'battle.kind': new or continue, got {kind!r}")
    st.bseat, st.bslot, st.bkind = o, k, str(kind)
    st.bactor = whole(b.get("actor", st.active), "battle.actor", 0, 1)
    st.bsteps = whole(b.get("steps", 0), "battle.steps", 0)
    st.bpasses = 1 if flag(b.get("last_pass", False), "battle.last_pass") else 0
    if st.bpasses and st.bsteps == 0:
        raise PositionError("position: key 'battle.last_pass': no step has been taken yet (steps = 0)")
    st.push_seq("battle_step", "replenish", "end_turn")


def _mulligan(st: SuikodenState, doc: Mapping[str, Any], card: _Cards) -> None:
    """``phase = "mulligan"``: before turn 1 (§4), the seat mulliganing and the cards it has returned."""
    params = st.game.params
    mu = table(doc.get("mulligan", {}), "mulligan")
    check_keys(mu, {"seat", "returned"}, "position: mulligan")
    if st.turn != 1 or st.active != st.first:
        raise PositionError("position: phase = 'mulligan' is before turn 1 of the first player (§4)")
    s = whole(mu.get("seat", st.first), "mulligan.seat", 0, 1)
    ret = card.pile(mu, "mulligan", "returned")
    if len(ret) > int(params["mulligan_max"]):
        raise PositionError(f"position: key 'mulligan.returned': {len(ret)} cards, more than mulligan_max = "
                            f"{params['mulligan_max']} (§4)")
    st.returned[s] = ret
    st.push("turn")
    if s == st.first:
        st.push("mulligan", (1 - s,))
    st.push("mulligan", (s,))


def _replenish(st: SuikodenState, doc: Mapping[str, Any], card: _Cards) -> None:
    """``phase = "replenish"``: from its start, or (``[replenish] seat``) at that seat's discard-down."""
    rp = table(doc.get("replenish", {}), "replenish")
    check_keys(rp, {"seat"}, "position: replenish")
    st.push("end_turn")
    if "seat" in rp:
        s = whole(rp["seat"], "replenish.seat", 0, 1)
        if s == st.active:
            st.push("refill", (1 - s,))
        st.push("refill", (s,))
    else:
        st.push("replenish")


def _main(st: SuikodenState, doc: Mapping[str, Any], card: _Cards) -> None:
    """``phase = "main"``: the turn player's main phase (§5)."""
    st.push_seq("main", "replenish", "end_turn")


def _slot(slot: Any, key: str, K: int) -> int:
    """The slot index of ``M1``..``M{K}`` (ASCII digits), else PositionError naming ``key``."""
    n = number(slot[1:], 4) if isinstance(slot, str) and slot[:1] in "Mm" else None
    if n is None or not 1 <= n <= K:
        raise PositionError(f"position: key {key!r}: one of M1..M{K}, got {str(slot)[:20]!r}")
    return n - 1


def _load_dep(e: Any, key: str, card: Any) -> Dep:
    if isinstance(e, str):
        return (card(e, key, ("character",)), (), False)
    t = table(e, key)
    check_keys(t, DEP_KEYS, f"position: {key}")
    cid = card(t.get("card"), key + ".card", ("character",))
    mods = []
    for i, m in enumerate(array(t.get("mods", []), key + ".mods")):
        mk = f"{key}.mods[{i}]"
        mt = table(m, mk)
        check_keys(mt, MOD_KEYS, f"position: {mk}")
        until = mt.get("until", "until_end_of_battle")
        if not isinstance(until, str) or until not in UNTIL:
            raise PositionError(f"position: key '{mk}.until': until_end_of_battle or while_deployed, got {until!r}")
        by = mt.get("by", "")
        mods.append((whole(mt.get("atk", 0), mk + ".atk"), whole(mt.get("mil", 0), mk + ".mil"),
                     whole(mt.get("con", 0), mk + ".con"), UNTIL[until], str(by)))
    return (cid, tuple(mods), flag(t.get("rune_used", False), key + ".rune_used"))


def _check_unique(st: SuikodenState) -> None:
    """§6.2: two characters in play sharing a name (same-named masterminds are allowed; garrisons
    count only when ``garrison_unique``)."""
    for name, where in names_in_play(st).items():
        others = [w for w in where if w[1] != "mastermind"]
        if len(others) >= 2 or (others and len(where) > len(others)):
            a, b = where[0], where[1]
            raise PositionError(f"position: key 'seat': {name} is in play twice ({a[2]} {a[1]} of seat {a[0]}, "
                                f"{b[2]} {b[1]} of seat {b[0]}); characters are unique across both sides (§6.2)")
