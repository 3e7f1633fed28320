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
name (``TWIN[name]`` the whole twin).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterator, Mapping
from typing import Any, NamedTuple

from fudaba.core.events import Event
from fudaba.core.registry import descriptors, games

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


# ---------------------------------------------------------------------------------------- the hooks of a game
class Hooks(NamedTuple):
    """A game's property-test hooks (None / [] where it has none)."""

    visible: Callable[[Any, int | None], Counter[str]] | None
    places: list[str]
    twin: Callable[[Any, int, random.Random], Any] | None
    pick_twins: Callable[[Any, int], list[Any]] | None
    #: where they come from: the descriptor's ``testing`` module
    source: str


def _whole(game_twin: Callable[[Any, int, random.Random], Any]) -> Callable[[Any, int, random.Random], Any]:
    def twin(st: Any, seat: int, rnd: random.Random) -> Any:
        t = game_twin(st, seat, rnd)
        twin_common(st, t, seat, rnd)
        return t
    return twin


def hooks(name: str) -> Hooks:
    """The hooks of the game named ``name``: its descriptor's ``testing`` module; a game without one
    has none (the property test then
    checks what needs no hook: legality, cards, copies, documents, replays, decision kinds)."""
    d = descriptors().get(name)
    mod = d.capability("testing") if d is not None else None
    if mod is not None:
        game_twin = getattr(mod, "twin", None)
        return Hooks(getattr(mod, "visible", None), list(getattr(mod, "places", [])),
                     _whole(game_twin) if game_twin is not None else None, getattr(mod, "pick_twins", None),
                     d.testing if d is not None else "")
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
