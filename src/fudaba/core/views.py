"""The view envelope: one shape for every game's ``view(seat)`` (ARCHITECTURE §4; issue 7 §5).

A view is a JSON-able dict of what one seat may see (``seat=None``: a spectator). Every game builds
it here, so a front end reads the same keys whatever the game:

* ``game``, ``variant`` (str), ``seat`` (int, None for a spectator), ``turn`` (int, from 1),
  ``phase`` (str, the game's own phase words), ``active`` (int, the turn player);
* ``decision`` — None when nothing is pending (the game is over); else its public form
  (``Decision.public()``), and for the seat that decides also ``kind``, ``prompt`` and ``options``
  (the notation of each legal action);
* ``players`` — a list indexed by seat of the per-seat keys every game has: ``hand`` (list of card
  ids, only when the viewer may see that hand: absent otherwise), ``hand_count`` (int),
  ``deck_count`` (int) and ``discard`` (the public discard pile: Walpurgis's 捨て札, Sarasvati's
  墓地; card ids in the order they arrived, the last one on top);
* ``over`` (bool), ``winner`` (int, None for a draw or a game not over), ``result`` (str, "" until over);
* ``table`` — the game's own data, whatever it is (a grid, rows of slots, a chain…); what a game has
  per seat is in ``table["players"][p]``.

The views' old keys of 0.1 (``view["you"]``, ``view["players"][p]["grave"]``…), kept for one
version as deprecated aliases, are gone in 0.2 (CHANGELOG.md): a missing key is a plain KeyError.

>>> v = View({"seat": 0})
>>> v["seat"], v.get("you"), list(v)
(0, None, ['seat'])
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .actions import Decision
    from .state import State

#: the keys of every view, in every game
ENVELOPE_KEYS = ("game", "variant", "seat", "turn", "phase", "active", "decision", "players", "over", "winner",
                 "result", "table")
#: the keys of ``view["players"][p]`` in every game (``hand`` only where the viewer sees that hand)
PLAYER_KEYS = ("hand", "hand_count", "deck_count", "discard")


class View(dict[str, Any]):
    """A view (or a part of one): a plain dict of JSON data (the type games' ``view`` returns)."""

    __slots__ = ()


def decision_view(d: Decision | None, seat: int | None, picked: Sequence[int] = ()) -> dict[str, Any] | None:
    """The pending decision as ``seat`` may see it: its public form, and for the seat that decides
    also its kind, prompt and options. ``picked``: the seats whose sealed picks wait to be revealed
    (``State.picked()``), shown as ``picked`` — all a view tells of them (issue 7 §4)."""
    if d is None:
        return None
    dv = d.public()
    if seat is not None and seat == d.player:
        dv.update(kind=d.kind, prompt=d.prompt, options=[a.text for a in d.options])
    if picked:
        dv["picked"] = list(picked)
    return dv


def player_view(hand: Sequence[str], visible: bool, deck_count: int, discard: Sequence[str]) -> View:
    """``view["players"][p]``; ``visible``: the viewer may see this hand (else only its count)."""
    d: dict[str, Any] = {"hand": list(hand)} if visible else {}
    d["hand_count"] = len(hand)
    d["deck_count"] = deck_count
    d["discard"] = list(discard)
    return View(d)


def envelope(st: State, seat: int | None, *, phase: str, active: int, players: list[View],
             table: dict[str, Any]) -> View:
    """The view of ``st`` for ``seat``: the common keys, ``players`` (see :func:`player_view`) and the
    game's ``table``."""
    return View({
        "game": st.game.name,
        "variant": st.game.variant,
        "seat": seat,
        "turn": st.turn,
        "phase": phase,
        "active": active,
        "decision": decision_view(st.decision, seat, st.picked()),
        "players": players,
        "over": st.over,
        "winner": st.winner,
        "result": st.result,
        "table": table,
    })
