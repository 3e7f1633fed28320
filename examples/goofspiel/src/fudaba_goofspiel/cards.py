"""Goofspiel's cards (rules §1): three suits, ace (1) to king (13), read from ``cards/goofspiel.toml``.

Hearts and spades are the two bidding hands, diamonds the prizes. A card's ``value`` is its rank:
what a bid is worth, and the points a prize scores.

>>> c = POOL["GOF-D12"]
>>> c.name, c.name_en, c.short_name, c.value, c.suit in PRIZE_SUIT
('ダイヤのQ', 'Queen of Diamonds', '♦Q', 12, True)
>>> [x.id for x in suit_cards("spades", 3)], rank_card("spades", "q"), rank_card("hearts", "Ａ")
(['GOF-S01', 'GOF-S02', 'GOF-S03'], 'GOF-S12', 'GOF-H01')
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from fudaba.core.cards import CardPool, Where, check_fields, load_card_file, req

CARD_FILE = Path(__file__).parent / "cards" / "goofspiel.toml"

#: the suits (the players' and the prizes'), and how they are written
BID_SUITS = ("hearts", "spades")
PRIZE_SUIT = ("diamonds",)
SUITS = (*BID_SUITS, *PRIZE_SUIT)
SYMBOL = {"hearts": "♥", "spades": "♠", "diamonds": "♦"}
SUIT_NAME = {"en": {"hearts": "Hearts", "spades": "Spades", "diamonds": "Diamonds"},
             "ja": {"hearts": "ハート", "spades": "スペード", "diamonds": "ダイヤ"}}
#: ranks typed as words (``bid q``, ``bid king``), besides their numbers
RANK_WORDS = {"a": 1, "ace": 1, "j": 11, "jack": 11, "q": 12, "queen": 12, "k": 13, "king": 13}


@dataclass(frozen=True)
class GCard:
    id: str
    name: str
    name_en: str
    short_name: str
    suit: str
    value: int


FIELDS = ("id", "name", "name_en", "short_name", "suit", "value")


def build_card(raw: dict[str, Any], where: Where) -> GCard:
    """One ``[[card]]`` table, checked (CardDataError names the file, line, card and field)."""
    check_fields(raw, FIELDS, where)
    suit = req(raw, "suit", str, where)
    if suit not in SUITS:
        raise where.err("suit", f"{suit!r} is not one of {list(SUITS)}")
    value = req(raw, "value", int, where)
    if not 1 <= value <= 13:
        raise where.err("value", f"{value} is not a rank from 1 (ace) to 13 (king)")
    return GCard(req(raw, "id", str, where), req(raw, "name", str, where), req(raw, "name_en", str, where),
                 req(raw, "short_name", str, where), suit, value)


POOL: CardPool[GCard] = CardPool(load_card_file(CARD_FILE, build_card))


def suit_cards(suit: str, n: int, pool: CardPool[GCard] = POOL) -> list[GCard]:
    """The cards of ``suit`` from the ace up to rank ``n``, in rank order."""
    return sorted((c for c in pool.values() if c.suit == suit and c.value <= n), key=lambda c: c.value)


def rank_word(value: int) -> str:
    """A rank as the cards print it: ``A``, ``2``…``10``, ``J``, ``Q``, ``K``."""
    return {1: "A", 11: "J", 12: "Q", 13: "K"}.get(value, str(value))


def rank_of(word: str) -> int | None:
    """A rank typed by a person (``7``, ``Q``, ``queen``, full-width ``７``), or None."""
    w = unicodedata.normalize("NFKC", word).strip().lower()
    if w.isdigit():
        return int(w) if 1 <= int(w) <= 13 else None
    return RANK_WORDS.get(w)


def rank_card(suit: str, word: str, pool: CardPool[GCard] = POOL) -> str | None:
    """The id of the card of ``suit`` whose rank ``word`` names, or None."""
    r = rank_of(word)
    return next((c.id for c in pool.values() if c.suit == suit and c.value == r), None)
