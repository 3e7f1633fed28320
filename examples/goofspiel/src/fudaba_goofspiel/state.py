"""Goofspiel's state (rules §1, §5): its fields, declared once; its view; what a seat cannot see.

Every pile is a list of card ids: the hands and the prizes deck in rank order and top first, the
others in the order the cards arrived. A bid waiting to be revealed is a sealed pick the core keeps
(``State.sealed``): its card stays in the hand until the reveal, so nothing in the state's fields
tells it.
"""

from __future__ import annotations

import unicodedata
from typing import ClassVar

from fudaba.core.actions import Action
from fudaba.core.fields import check_card, items, seat_cards
from fudaba.core.rng import Rng
from fudaba.core.state import State, canonical, check_belief
from fudaba.core.views import View, envelope, player_view

from .cards import rank_card


class GoofspielState(State):
    #: refusals come in Japanese too (``IllegalAction.text("ja")``)
    REFUSAL_LANGS: ClassVar[tuple[str, ...]] = ("ja",)

    #: §1 each player's bidding cards still in hand (open: every card bid is revealed, §5)
    hand: list[list[str]] = seat_cards()
    #: §3.4 the cards each player has bid, face up, in round order (its discard pile)
    played: list[list[str]] = seat_cards()
    #: §3.3 the prizes each player has won
    won: list[list[str]] = seat_cards()
    #: §2 the prizes deck, face down, top first (nobody sees its order)
    prizes: list[str] = items(check_card, zone="cards")
    #: §3.1 the prizes face up, bid for in this round (this round's is the last; more under ``ties=carry``)
    pot: list[str] = items(check_card, zone="cards")
    #: §3.3, §4 the prizes nobody won (tied rounds; a pot left over at the end)
    lost: list[str] = items(check_card, zone="cards")

    def value(self, cid: str) -> int:
        v: int = self.game.cdb[cid].value
        return v

    def points(self, seat: int) -> int:
        """§4 the points a seat has scored: the values of the prizes it won."""
        return sum(self.value(c) for c in self.won[seat])

    def suit(self, seat: int) -> str:
        """The suit ``seat`` bids with (§2)."""
        cards = self.hand[seat] or self.played[seat]
        return str(self.game.cdb[cards[0]].suit) if cards else ""

    def parse(self, text: str) -> Action:
        """As the core's, and a bid may name its card by its rank alone (``bid 7``, ``bid q``,
        ``bid king``): the card of that rank of the deciding seat's suit (§6)."""
        d = self.decision
        words = text.split()
        if d is not None and not self.over and len(words) == 2 and unicodedata.normalize("NFKC", words[0]).lower() == "bid":
            cid = rank_card(self.suit(d.player), words[1], self.game.cards)
            if cid is not None:
                text = f"bid {cid}"
        return super().parse(text)

    def view(self, player: int | None) -> View:
        """§5: everything but the order of the prizes deck and a bid not yet revealed."""
        self.check_seat(player, spectator=True)
        d = self.decision
        return envelope(
            self, player, phase="over" if self.over else "bid", active=0 if d is None else d.player,
            players=[player_view(self.hand[p], True, 0, self.played[p]) for p in (0, 1)],
            table={
                "rounds": int(self.game.params["cards"]),
                "ties": self.game.params["ties"],
                "pot": list(self.pot),
                "pot_value": sum(self.value(c) for c in self.pot),
                "prizes_left": len(self.prizes),
                "lost": list(self.lost),
                "players": [{"won": list(self.won[p]), "points": self.points(p)} for p in (0, 1)],
            },
        )

    def deal_unseen(self, player: int, rng: Rng | None, belief: list[str] | None) -> None:
        """§5: the one thing no seat sees is the order of the prizes deck (the hands are open: the
        other seat holds exactly the cards of its suit it has not bid, so a belief lists none)."""
        if belief is not None:
            check_belief(belief, 0, f"P{1 - player} (whose hand is open)")
        self.prizes = canonical(self.prizes, rng)
