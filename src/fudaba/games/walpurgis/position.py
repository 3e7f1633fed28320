"""Walpurgis positions (spec §10): load a position document, and write one from a state.

A position is taken at a phase-level decision (the start of the prepare, main or end phase, or a
decision of the main phase); ``load_position(state.position())`` gives a state with the same
``hash()`` — ``state_position`` checks this and refuses positions it cannot express.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from ...core.cards import CardPool
from ...core.errors import PositionError
from ...core.game import Game
from ...core.positions import check_keys, flag, plain, read_document, whole
from .cards import SQ, SQ_INDEX, WCard
from .effects import LASTING
from .rules import push_end_phase
from .rules.common import board_full
from .state import ACTIVATING, ACTIVE, NOSQ, WORD_INDEX, WORDS, FieldCard, WalpurgisState

TOP_KEYS = frozenset(
    {"game", "variant", "params", "turn", "active", "first", "phase", "placed", "activated", "seed", "seat",
     "board", "cards", "until_end_of_turn"}
)
SEAT_KEYS = frozenset({"hand", "deck", "discard", "bullet_pile", "aside"})
LASTING_KEYS = frozenset({"player", "op"})
CARD_KEYS = frozenset({"owner", "card", "state", "no_squares"})
PHASES = ("prepare", "main", "end")


def load_position(game: Game, data: Mapping[str, Any] | str | Path) -> WalpurgisState:
    """The state of a §10 position document (a table, TOML/JSON text or a path), at the start of its
    phase; PositionError names the key. Read zone by zone: the turn and its phase, the seats' piles,
    the "until end of turn" effects, the field; then what the phase allows of them."""
    doc = read_document(data)
    check_keys(doc, TOP_KEYS, "position")
    if doc.get("game", "walpurgis") != "walpurgis":
        raise PositionError(f"position: key 'game': this is walpurgis, not {doc.get('game')!r}")
    g = game.position_game(doc)
    st = WalpurgisState(g, whole(doc.get("seed", 0), "seed", 0))
    st.init_fields()
    st.extra = [dict(r) for r in g.extra_cards]
    phase = _read_turn(st, doc)
    _read_seats(st, doc.get("seat", [{}, {}]), g.cards)
    _read_lasting(st, doc.get("until_end_of_turn", []))
    _read_board(st, doc.get("board", {}), g.cards)
    _check_phase(st, doc, phase)
    st.origin = {"position": plain(doc)}
    st.phase = phase
    _resume(st, phase)
    return st


def _read_turn(st: WalpurgisState, doc: Mapping[str, Any]) -> str:
    """The turn, its players and its phase (§4, §6 ``turn_limit``); the phase is returned."""
    st.turn = whole(doc.get("turn", 1), "turn", 1)
    limit = int(st.game.params["turn_limit"])
    if st.turn > limit:
        raise PositionError(f"position: key 'turn' = {st.turn} is past turn_limit = {limit}: the game would be over, "
                            f"a draw (§6)")
    st.active = whole(doc.get("active", 0), "active", 0, 1)
    st.first = whole(doc.get("first", 0), "first", 0, 1)
    phase = doc.get("phase", "main")
    if phase not in PHASES:
        raise PositionError(f"position: key 'phase': {phase!r} is not one of {list(PHASES)}")
    st.placed = flag(doc.get("placed", False), "placed")
    st.activated = flag(doc.get("activated", False), "activated")
    return str(phase)


def _read_seats(st: WalpurgisState, seats: Any, pool: CardPool[WCard]) -> None:
    """``[[seat]]``: each seat's hand, deck, discard pile, bullet pile and cards set aside (ids or names)."""
    if not isinstance(seats, list) or len(seats) != 2:
        raise PositionError("position: key 'seat': expected exactly two [[seat]] tables (seat 0, then seat 1)")
    for p, seat in enumerate(seats):
        if not isinstance(seat, Mapping):
            raise PositionError(f"position: key 'seat[{p}]' must be a table")
        check_keys(seat, SEAT_KEYS, f"position: seat[{p}]")
        for key, zone in (("hand", st.hand), ("deck", st.deck), ("discard", st.discard),
                          ("bullet_pile", st.piles), ("aside", st.aside)):
            ids = seat.get(key, [])
            if not isinstance(ids, list):
                raise PositionError(f"position: key 'seat[{p}].{key}' must be a list of card ids")
            for i, cid in enumerate(ids):
                c = pool.find(cid) if isinstance(cid, str) else None
                if c is None:
                    raise PositionError(f"position: key 'seat[{p}].{key}[{i}]': unknown card {cid!r}")
                zone[p].append(c.id)


def _read_lasting(st: WalpurgisState, lasting: Any) -> None:
    """``until_end_of_turn``: the "until end of turn" effects under way (§7 ``protect``)."""
    if not isinstance(lasting, list):
        raise PositionError("position: key 'until_end_of_turn' must be an array of {player, op} tables")
    for i, t in enumerate(lasting):
        where = f"until_end_of_turn[{i}]"
        if not isinstance(t, Mapping):
            raise PositionError(f"position: key '{where}' must be a table {{player, op}}")
        check_keys(t, LASTING_KEYS, f"position: {where}")
        lp = t.get("player")
        if lp not in (0, 1) or isinstance(lp, bool):
            raise PositionError(f"position: key '{where}.player': expected 0 or 1, got {lp!r}")
        if t.get("op") not in LASTING:
            raise PositionError(f"position: key '{where}.op': {t.get('op')!r} is not one of {list(LASTING)}")
        st.lasting.append((int(lp), str(t["op"])))


def _read_board(st: WalpurgisState, board: Any, pool: CardPool[WCard]) -> None:
    """``board``: square -> its cards bottom first (at most one formation per seat on a square, §1)."""
    if not isinstance(board, Mapping):
        raise PositionError("position: key 'board' must be a table of squares")
    named: dict[int, str] = {}
    for name, cards in board.items():
        s = SQ_INDEX.get(str(name).lower())
        if s is None:
            raise PositionError(f"position: key 'board.{name}': not a square (1a…5e)")
        if s in named:
            raise PositionError(f"position: key 'board.{name}': square {SQ[s]} is already given as "
                                f"'board.{named[s]}' (one list of cards per square)")
        named[s] = str(name)
        if not isinstance(cards, list):
            raise PositionError(f"position: key 'board.{name}' must be a list of cards (bottom first)")
        out = [_field_card(t, f"board.{name}[{i}]", pool) for i, t in enumerate(cards)]
        for p in (0, 1):
            if sum(1 for fc in out if fc[0] == p and fc[2] >= ACTIVE) > 1:
                raise PositionError(f"position: key 'board.{name}': two formations of player {p} on one square")
        st.board[s] = tuple(out)


def _field_card(t: Any, where: str, pool: CardPool[WCard]) -> FieldCard:
    """One card of a square: ``{owner, card, state, no_squares}``."""
    if not isinstance(t, Mapping):
        raise PositionError(f"position: key '{where}' must be a table {{owner, card, state}}")
    check_keys(t, CARD_KEYS, f"position: {where}")
    o = t.get("owner")
    if o not in (0, 1) or isinstance(o, bool):
        raise PositionError(f"position: key '{where}.owner': expected 0 or 1, got {o!r}")
    c = pool.find(t["card"]) if isinstance(t.get("card"), str) else None
    if c is None:
        raise PositionError(f"position: key '{where}.card': unknown card {t.get('card')!r}")
    word = t.get("state")
    if not isinstance(word, str) or word not in WORD_INDEX:
        raise PositionError(f"position: key '{where}.state': {word!r} is not one of {list(WORDS)}")
    ns = t.get("no_squares", False)
    if not isinstance(ns, bool) or (ns and word != "activating"):
        raise PositionError(f"position: key '{where}.no_squares': true only for an activating formation")
    return (int(o), c.id, WORD_INDEX[word], NOSQ if ns else 0)


def _check_phase(st: WalpurgisState, doc: Mapping[str, Any], phase: str) -> None:
    """What the phase allows: at the start of a turn (``prepare``) nothing activates, no bullet is on
    the field, the main phase's limits are fresh, no "until end of turn" effect and no card set
    beside the field is left (§4); v1.01 ends the game the moment the board is full (§8)."""
    if phase == "prepare" and any(fc[2] == ACTIVATING for sq in st.board for fc in sq):
        raise PositionError("position: key 'board': no formation is activating at the start of a turn")
    if phase == "prepare":
        for s, sq in enumerate(st.board):
            if any(fc[2] < ACTIVE for fc in sq):
                raise PositionError(f"position: key 'board.{SQ[s]}': no bullet is on the field at the start of a "
                                    "turn (the end phase put every bullet in the bullet piles, §4 end ①)")
        for key in ("placed", "activated"):
            if doc.get(key):
                raise PositionError(f"position: key {key!r}: must be false at the start of a turn (phase prepare); "
                                    "the main phase limits start afresh each turn (§4)")
    if st.v1 and board_full(st):
        raise PositionError("position: key 'board': every square holds a formation — in v1.01 the game ended the "
                            "moment the board was full (§8), so no move is left to make")
    if phase == "prepare" and st.lasting:
        raise PositionError("position: key 'until_end_of_turn': such effects have ended at the start of a turn")
    if phase == "prepare" and any(st.aside):
        raise PositionError("position: key 'seat[].aside': cards set beside the field were discarded at the end "
                            "of the last turn")


def _resume(st: WalpurgisState, phase: str) -> None:
    """Go on from the start of ``phase``: the prepare phase's steps, the main phase's decision, or
    the end phase's steps (§4)."""
    if phase == "prepare":
        st.push("main_start")
        st.push("prepare_draw")
        st.push("prepare_recover")
        st.push("prepare_wake")
    elif phase == "main":
        st.push("main")
    else:
        push_end_phase(st)
    st.run()


def state_position(st: WalpurgisState) -> dict[str, Any]:
    """The §10 document of ``st``; PositionError when ``st`` is not at a phase-level decision."""
    if st.over:
        raise PositionError("position(): the game is over")
    if st.decision is None or st.phase not in PHASES or st.chain:
        raise PositionError(
            f"position(): not at a phase-level decision (phase {st.phase!r}); positions are taken in the "
            "prepare, main or end phase outside a chain"
        )
    board: dict[str, list[dict[str, Any]]] = {}
    for s, sq in enumerate(st.board):
        if sq:
            cards = []
            for o, cid, stt, fl in sq:
                d: dict[str, Any] = {"owner": o, "card": cid, "state": WORDS[stt]}
                if fl & NOSQ:
                    d["no_squares"] = True
                cards.append(d)
            board[SQ[s]] = cards
    doc: dict[str, Any] = {
        "game": "walpurgis",
        "variant": st.game.variant,
        "params": dict(st.game.params),
        "turn": st.turn,
        "active": st.active,
        "first": st.first,
        "phase": st.phase,
        "placed": st.placed,
        "activated": st.activated,
        "seed": st.rng.state,
        "seat": [
            {"hand": list(st.hand[p]), "deck": list(st.deck[p]), "discard": list(st.discard[p]),
             "bullet_pile": list(st.piles[p]), **({"aside": list(st.aside[p])} if st.aside[p] else {})}
            for p in (0, 1)
        ],
        "board": board,
    }
    if st.lasting:
        doc["until_end_of_turn"] = [{"player": p, "op": op} for p, op in st.lasting]
    if st.extra:
        doc["cards"] = [dict(r) for r in st.extra]
    back = load_position(st.game, doc)
    if back.hash() != st.hash():
        raise PositionError(
            f"position(): the {st.phase} phase is under way at a decision ({st.decision.kind}) that a position "
            "cannot express; take it at the start of a phase or at a main-phase decision"
        )
    return doc
