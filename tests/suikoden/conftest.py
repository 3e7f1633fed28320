"""Helpers for the Suikoden rules tests (black box: the public contract only).

Positions (spec §14) set up the rules situations; outcomes are read from ``state.view(seat)`` (the
view table of the design note: ``table["players"][p]["missions"|"resolved"|"vp"|...]``,
``players[p]["discard"]``), ``state.legal_actions()`` and ``state.is_over/winner/result``.

The engine answers a decision with a single legal action by itself (ARCHITECTURE §3.2): a seat with
an empty hand passes its deploy/pass steps on its own, so most positions give the other seat an
empty hand unless its choices matter.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

import fudaba
from fudaba import IllegalAction

#: deck fillers (top first): missions, which never change a deploy/pass step's options
FILL = (["GS-A15"] * 10, ["GS-B18"] * 10)

#: inline card definitions (§14 ``[[cards]]``, §2 schema) for situations the sample pool cannot make
MM_NANAMI = {"id": "GS-X01", "name": "ナナミ", "name_en": "Nanami (mastermind)", "type": "character",
             "class": "mastermind", "camp": ["新同盟軍"], "invented": True}
MM_JOWY = {"id": "GS-X02", "name": "ジョウイ", "name_en": "Jowy (mastermind)", "type": "character",
           "class": "mastermind", "camp": ["王国軍"], "invented": True}
TROOPS_4500 = {"id": "GS-X03", "name": "試験の兵力戦", "name_en": "Test Troops", "type": "mission", "clear": "mil",
               "value": 4500, "vp": [1, 1], "invented": True}
COOP_CULGAN = {"id": "GS-X04", "name": "ハイランド兵", "name_en": "Highland Soldier", "type": "character",
               "class": "commoner", "camp": ["王国軍"], "links": "CG", "atk": 1, "mil": 500, "con": 0,
               "effects": [{"trigger": "static", "target": "self", "action": "modify", "atk": 3,
                            "condition": {"cooperation": "クルガン"}}],
               "invented": True}


def game(**params: Any) -> Any:
    return fudaba.load_game("suikoden", **params)


@pytest.fixture(scope="module")
def g() -> Any:
    return game()


def seat(hand: Any = (), deck: Any = None, discard: Any = (), missions: Any = (), resolved: Any = (),
         vp: int = 0, built: int = 0, mastermind: str = "") -> dict[str, Any]:
    """One ``[[seat]]`` of a position; ``deck`` None: the seat's filler deck."""
    s: dict[str, Any] = {"mastermind": mastermind, "vp": vp, "built": built, "hand": list(hand),
                         "discard": list(discard), "missions": list(missions), "resolved": list(resolved)}
    if deck is not None:
        s["deck"] = list(deck)
    return s


def mission(card: str, mine: Any = (), theirs: Any = (), support: str | None = None, slot: str = "M1") -> dict[str, Any]:
    """One ``[[seat.missions]]`` table: ``mine`` deployed by the mission's owner, ``theirs`` by the other seat."""
    m: dict[str, Any] = {"slot": slot, "card": card, "mine": list(mine), "theirs": list(theirs)}
    if support:
        m["support"] = support
    return m


def battle(owner: int, slot: str = "M1", kind: str = "continue", actor: int | None = None, steps: int = 0,
           last_pass: bool = False) -> dict[str, Any]:
    """The ``[battle]`` table; ``actor`` None: filled in by :func:`doc` from ``steps`` (the first actor —
    continue: the turn player, new: the placer's opponent — on even steps)."""
    b: dict[str, Any] = {"seat": owner, "slot": slot, "kind": kind, "steps": steps, "last_pass": last_pass}
    if actor is not None:
        b["actor"] = actor
    return b


def doc(s0: dict[str, Any] | None = None, s1: dict[str, Any] | None = None, *, phase: str | None = None,
        turn: int = 3, active: int = 0, battle: dict[str, Any] | None = None, seed: int = 1,
        cards: Any = (), **top: Any) -> dict[str, Any]:
    """A §14 position document with defaults: filler decks, turn 3, seat 0 to play, phase main (battle
    when a ``battle`` table is given)."""
    seats = [dict(s0 or seat()), dict(s1 or seat())]
    for p in (0, 1):
        seats[p].setdefault("deck", list(FILL[p]))
    d: dict[str, Any] = {"game": "suikoden", "turn": turn, "active": active,
                         "first": active if turn % 2 == 1 else 1 - active,
                         "phase": phase or ("battle" if battle is not None else "main"), "seed": seed, "seat": seats}
    if battle is not None:
        b = dict(battle)
        if "actor" not in b:  # §7.1: the first actor on even steps, the other seat on odd ones
            first_actor = active if b["kind"] == "continue" else 1 - b["seat"]
            b["actor"] = first_actor if b["steps"] % 2 == 0 else 1 - first_actor
        d["battle"] = b
    if cards:
        d["cards"] = list(cards)
    d.update(top)
    return d


def pos(s0: dict[str, Any] | None = None, s1: dict[str, Any] | None = None, *, params: dict[str, Any] | None = None,
        **kw: Any) -> Any:
    """The state of :func:`doc`'s position, in a game loaded with ``params`` (§11)."""
    return game(**(params or {})).load_position(doc(s0, s1, **kw))


# ------------------------------------------------------------------------------------ reading outcomes
def opts(st: Any) -> list[str]:
    return sorted(str(a) for a in st.legal_actions())


def illegal(st: Any, action: str, *sections: str) -> IllegalAction:
    """``action`` raises IllegalAction naming a rule (one of ``sections`` when given), state unchanged."""
    before = st.hash()
    with pytest.raises(IllegalAction) as ei:
        st.apply(action)
    msg = str(ei.value)
    assert "§" in msg, msg
    if sections:
        assert any(f"§{s}" in msg for s in sections), msg
    assert st.hash() == before
    return ei.value


def play(st: Any, *actions: str) -> Any:
    for a in actions:
        st.apply(a)
    return st


def table(st: Any, viewer: int | None = 0) -> dict[str, Any]:
    t: dict[str, Any] = st.view(viewer)["table"]
    return t


def tp(st: Any, p: int, viewer: int | None = 0) -> dict[str, Any]:
    """``table["players"][p]``."""
    t: dict[str, Any] = table(st, viewer)["players"][p]
    return t


def mview(st: Any, owner: int, slot: str = "M1") -> dict[str, Any] | None:
    """The view of ``owner``'s unresolved card in ``slot`` (None when the slot is empty)."""
    for m in tp(st, owner)["missions"]:
        if m["slot"] == slot:
            return dict(m)
    return None


def support(st: Any, owner: int, slot: str = "M1") -> str | None:
    """The support on ``owner``'s ``slot`` (None when there is none)."""
    m = mview(st, owner, slot)
    assert m is not None, f"no mission in seat {owner}'s {slot}"
    return m["support"] or None


def slots(st: Any, owner: int) -> dict[str, str]:
    """``{slot: card}`` of ``owner``'s unresolved cards."""
    return {m["slot"]: m["card"] for m in tp(st, owner)["missions"]}


def col(st: Any, owner: int, slot: str, p: int) -> list[str]:
    """The cards seat ``p`` has deployed on ``owner``'s ``slot``, in deployment order."""
    m = mview(st, owner, slot)
    assert m is not None, f"no mission in seat {owner}'s {slot}"
    return [d["card"] for d in m["columns"][p]]


def totals(st: Any, owner: int, slot: str = "M1") -> list[dict[str, int]]:
    m = mview(st, owner, slot)
    assert m is not None
    return [dict(t) for t in m["totals"]]


def discard(st: Any, p: int) -> list[str]:
    return list(st.view(p)["players"][p]["discard"])


def hand(st: Any, p: int) -> list[str]:
    return list(st.view(p)["players"][p]["hand"])


def counts(st: Any, p: int) -> tuple[int, int]:
    """(hand_count, deck_count) of seat ``p``."""
    v = st.view(p)["players"][p]
    return v["hand_count"], v["deck_count"]


def vps(st: Any) -> list[int]:
    return [tp(st, p)["vp"] for p in (0, 1)]


def resolved(st: Any, p: int) -> list[tuple[str, str, int]]:
    """Seat ``p``'s resolved area as ``(card, garrison, owner)``."""
    return [(r["card"], r["garrison"] or "", r["owner"]) for r in tp(st, p)["resolved"]]


def offer(st: Any, p: int, kind: str, action: str) -> None:
    """Apply ``action`` if seat ``p`` is asked ``kind`` and it is offered (the engine answers a
    decision with one option by itself, so a forced pick may already have been taken)."""
    d = st.decision
    if d is not None and d.player == p and d.kind == kind and action in opts(st):
        st.apply(action)


def finish(st: Any, p: int, kind: str) -> None:
    """Answer ``done`` while seat ``p`` is still asked ``kind`` and ``done`` is offered."""
    d = st.decision
    if d is not None and d.player == p and d.kind == kind and "done" in opts(st):
        st.apply("done")


def seen(st: Any, viewer: int, card: str) -> bool:
    """Whether ``card`` appears anywhere in ``viewer``'s view or log view."""
    blob = json.dumps(st.view(viewer), ensure_ascii=False) + json.dumps(st.log_view(viewer), ensure_ascii=False)
    return card in blob
