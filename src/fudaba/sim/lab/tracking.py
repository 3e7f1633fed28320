"""What became of every card of a deck in one game, read from the game's full log.

Each game's lab module (``games/<g>/lab.py``, reached as ``descriptor(name).capability("lab")``)
turns its log into moves ``(verb, seat, card)``: ``turn`` (a turn of ``seat`` begins), ``draw``,
``return`` (a card put back before the first turn: a mulligan), ``reset`` (the whole hand put back)
and ``play``. From them, per seat and card of its deck:

``[copies, opening, turn_drawn, turn_played, plays]``

* ``copies``: in the deck (every section: Sarasvati's books, Suikoden's mastermind, …);
* ``opening``: copies in the hand when the first turn begins (after mulligans);
* ``turn_drawn``: the seat's own turn (1 = its first) in which a copy was first drawn after the
  opening hand (0: before its first turn; -1: never);
* ``turn_played``: the seat's own turn in which a copy was first played (0: before its first turn,
  e.g. Walpurgis's initial placement; -1: never);
* ``plays``: how many times a copy was played.

>>> from fudaba.core.decks import Deck
>>> facts = facts_of([("draw", 0, "x"), ("turn", 0, ""), ("turn", 1, ""), ("turn", 0, ""), ("draw", 0, "y"),
...                   ("play", 0, "y")], [Deck(("x", "y", "y")), Deck(("z",))])
>>> facts[0]["x"], facts[0]["y"], facts[1]["z"]
([1, 1, -1, -1, 0], [2, 0, 2, 2, 1], [1, 0, -1, -1, 0])
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any

from ...core.decks import Deck
from ...core.registry import descriptor

#: the positions in a card's facts
COPIES, OPENING, TURN_DRAWN, TURN_PLAYED, PLAYS = range(5)
NEVER = -1


def lab_module(game_name: str) -> Any:
    """The game's lab capability (FudabaError-free: None when the game has none)."""
    return descriptor(game_name).capability("lab")


def deck_cards(deck: Deck) -> Counter[str]:
    """Every card of a deck, all its sections included, with its copies."""
    c = Counter(deck.main)
    for ids in deck.sections.values():
        c.update(ids)
    return c


def facts_of(moves: Iterable[tuple[str, int, str]], decks: Sequence[Deck]) -> list[dict[str, list[int]]]:
    """Per seat, card id -> ``[copies, opening, turn_drawn, turn_played, plays]`` (module docstring)."""
    out: list[dict[str, list[int]]] = []
    for d in decks:
        out.append({c: [n, 0, NEVER, NEVER, 0] for c, n in sorted(deck_cards(d).items())})
    opening: list[Counter[str]] = [Counter(), Counter()]
    own = [0, 0]
    started = False
    for verb, seat, card in moves:
        if verb == "turn":
            if not started:
                started = True
                for s in (0, 1):
                    for c, n in opening[s].items():
                        if c in out[s] and n > 0:
                            out[s][c][OPENING] = n
            own[seat] += 1
            continue
        f = out[seat].get(card)
        if verb == "reset":
            if not started:
                opening[seat].clear()
        elif f is None:
            continue
        elif verb == "draw":
            if not started:
                opening[seat][card] += 1
            elif f[TURN_DRAWN] == NEVER:
                f[TURN_DRAWN] = own[seat]
        elif verb == "return":
            if not started:
                opening[seat][card] -= 1
        elif verb == "play":
            if f[TURN_PLAYED] == NEVER:
                f[TURN_PLAYED] = own[seat]
            f[PLAYS] += 1
    return out


def track(game: Any, log: Sequence[Any], seat_decks: Sequence[Deck]) -> list[dict[str, list[int]]]:
    """The facts of a finished game (its full log) for the decks of seats 0 and 1 (``[]`` when the
    game has no lab module)."""
    lab = lab_module(game.name)
    if lab is None:
        return []
    return facts_of(lab.moves(log), seat_decks)
