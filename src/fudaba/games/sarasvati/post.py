"""Sarasvati by post (issue 22 item 3; docs/post.md): how a seat's hidden cards are set up.

A seat's hidden cards are its deck (``D``, shuffled), its hand (``H``, the first ``starting_hand``
cards dealt) and its forbidden books (``K``, face down in the order the deck list gives them). A
placeholder is a support of cost 0 (``H``, ``D``) or a book (``K``) without effects: a support of cost
0 can always be used, so the copy that holds placeholders never finds a decision of the opponent's
forced that their real cards leave open.
"""

from __future__ import annotations

from typing import Any

from ...core.decks import Deck
from ...core.game import Game
from ...core.post import PostRules
from .game import deck_books


def zones(game: Game, deck: Deck) -> dict[str, list[str]]:
    return {"D": list(deck.main), "K": list(deck_books(deck))}


def deal(game: Game, z: dict[str, list[str]]) -> dict[str, list[str]]:
    n = int(game.params["starting_hand"])
    return {"H": z["D"][:n], "D": z["D"][n:], "K": list(z["K"])}


def position(game: Game, seats: list[dict[str, list[str]]], first: int) -> dict[str, Any]:
    """The start of turn 1 (§4): the first player's charge phase (it draws nothing on turn 1)."""
    return {
        "game": "sarasvati", "variant": game.variant, "turn": 1, "active": first, "first": first,
        "phase": "charge", "seed": 0, "params": dict(game.params),
        "seat": [{"hand": z["H"], "deck": z["D"], "grave": [], "voltage": [], "books": [{"card": c} for c in z["K"]],
                  "slots": {}} for z in seats],
    }


def blank(game: Game, letter: str, card_id: str) -> dict[str, Any]:
    if letter == "K":
        return {"id": card_id, "name": "伏せられた禁書", "name_en": "face-down book", "type": "book", "cost": 0,
                "attribute": "SF"}
    return {"id": card_id, "name": "見えないカード", "name_en": "unseen card", "type": "support", "cost": 0,
            "attribute": "SF"}


POST = PostRules(zones, deal, position, blank)

__all__ = ["POST", "blank", "deal", "position", "zones"]
