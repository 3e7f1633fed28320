"""Helpers for the Maken tests: build positions tersely (spec §12) and drive decisions."""

from __future__ import annotations

from typing import Any

from fudaba.games.maken.game import MakenGame as GAME
from fudaba.games.maken.state import MakenState

GRAY, AI = "MK-C1", "MK-C2"
#: stamina / LP filler per character: supports, which no rule of an attack phase touches
FILL = {GRAY: "MK-G06", AI: "MK-A08"}


def game(**params: Any) -> Any:
    return GAME(**params)


def seat(char: str, hand: list[str] | None = None, stamina: list[str] | None = None, lp: list[str] | None = None,
         gauge: list[str] | None = None, dust: list[str] | None = None, damage: list[str] | None = None,
         supports: list[str] | None = None, field: list[Any] | None = None, guard: dict[str, Any] | None = None,
         mulligan_used: bool = False) -> dict[str, Any]:
    """One [[seat]] table; ``field`` entries are card ids or unit tables."""
    return {
        "character": char,
        "mulligan_used": mulligan_used,
        "lp": lp if lp is not None else [FILL[char]] * 3,
        "stamina": stamina if stamina is not None else [FILL[char]] * 20,
        "hand": hand or [],
        "gauge": gauge or [],
        "dust": dust or [],
        "damage": damage or [],
        "supports": supports or [],
        "field": [{"card": u} if isinstance(u, str) else u for u in (field or [])],
        "guard": guard or {},
    }


def doc(s0: dict[str, Any], s1: dict[str, Any], phase: str = "before_attack", active: int = 0, turn: int = 5,
        first: int = 0, params: dict[str, Any] | None = None, attack: dict[str, Any] | None = None,
        to_act: int | None = None, seed: int = 1, cards: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    d: dict[str, Any] = {"game": "maken", "turn": turn, "active": active, "first": first, "phase": phase,
                         "seed": seed, "seat": [s0, s1]}
    if params:
        d["params"] = params
    if attack is not None:
        d["attack"] = attack
    if to_act is not None:
        d["to_act"] = to_act
    if cards:
        d["cards"] = cards
    return d


def pos(s0: dict[str, Any], s1: dict[str, Any], phase: str = "before_attack", active: int = 0, turn: int = 5,
        first: int = 0, params: dict[str, Any] | None = None, attack: dict[str, Any] | None = None,
        to_act: int | None = None, seed: int = 1, cards: list[dict[str, Any]] | None = None) -> MakenState:
    st = game().load_position(doc(s0, s1, phase, active, turn, first, params, attack, to_act, seed, cards))
    assert isinstance(st, MakenState)
    return st


def attack_pos(s0: dict[str, Any], s1: dict[str, Any], active: int, to_act: int, state: tuple[str, str] = ("even", "even"),
               after_fb: bool = False, params: dict[str, Any] | None = None,
               cards: list[dict[str, Any]] | None = None) -> MakenState:
    """A position in the attack phase, ``to_act`` to act."""
    return pos(s0, s1, "attack", active, params=params, attack={"state": list(state), "after_fb": after_fb},
               to_act=to_act, cards=cards)


def attack_card(cid: str, **fields: Any) -> dict[str, Any]:
    """An inline test card (a position's [[cards]], §12): a plain stand attack card unless told."""
    raw: dict[str, Any] = {"id": cid, "name": f"試験{cid}", "name_en": f"Test {cid}", "kind": "attack", "series": "B",
                           "speed": 3, "reach": 2, "attack": 2, "guard": 1, "posture": "stand"}
    raw.update(fields)
    return raw


def texts(st: MakenState) -> list[str]:
    return [a.text for a in st.legal_actions()]


def play(st: MakenState, *actions: str) -> MakenState:
    for a in actions:
        st.apply(a)
    return st


def kinds(st: MakenState, since: int = 0) -> list[str]:
    return [e.kind for e in st.log[since:]]


def events(st: MakenState, kind: str) -> list[dict[str, Any]]:
    return [{**e.data, **(e.secret or {})} for e in st.log if e.kind == kind]


def units(st: MakenState, p: int) -> list[str]:
    return [u[0] for u in st.field[p]]
