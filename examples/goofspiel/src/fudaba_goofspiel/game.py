"""The Goofspiel :class:`~fudaba.core.game.Game`: parameters, cards and decks, assembled with the
state (``state.py``), the rules and their one decision kind (``rules.py``), positions
(``position.py``) and the text (``text.py``)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from fudaba.core.cards import CardPool, Where
from fudaba.core.decks import Deck
from fudaba.core.errors import DeckError
from fudaba.core.game import Game
from fudaba.core.state import State

from .cards import BID_SUITS, POOL, GCard, build_card, suit_cards
from .position import load_position, state_position
from .rules import KINDS, STEPS
from .state import GoofspielState


class GoofspielGame(Game):
    NAME = "goofspiel"
    TITLE = "Goofspiel"
    STATE = GoofspielState
    STEPS = STEPS
    KINDS = KINDS
    TEXT_MODULE = "fudaba_goofspiel.text"
    CARD_ID_PREFIX = "GOF-"
    INFO_PLACES = "hand, xhand, played, xplayed, won, xwon, pot, lost"
    PARAMS = {"cards": 13, "ties": "discard"}
    PARAM_CHOICES = {"ties": ("discard", "carry")}
    PARAM_MIN = {"cards": 1}
    PARAM_MAX = {"cards": 13}
    PARAM_HELP = {
        "cards": ("the ranks in play, ace to this one: each hand and the prizes hold this many cards, and the game "
                  "lasts as many rounds (§1, §4)",
                  "使うランク (Aからこの数まで): 各自の手札と賞品の枚数で、ラウンド数でもある (§1, §4)"),
        "ties": ("equal bids: discard — the prize is won by no one; carry — it stays up and goes to the winner of "
                 "the next round, with that round's prize (§3.3)",
                 "同じ値の入札: discard = 賞品は誰のものにもならない、carry = 賞品は残り、次のラウンドの勝者が"
                 "そのラウンドの賞品と一緒に取る (§3.3)"),
    }

    def load_cards(self) -> CardPool[GCard]:
        return POOL

    def card_builder(self) -> Callable[[dict[str, Any], Where], Any]:
        return build_card

    def starter_decks(self) -> dict[str, Deck]:
        """§2 one deck per seat: a suit from the ace up to rank ``cards``."""
        n = int(self.params["cards"])
        return {s: Deck(tuple(c.id for c in suit_cards(s, n)), name=s) for s in BID_SUITS}

    def deck_problems(self, deck: Deck) -> list[str]:
        """§1, §2: a deck is one bidding suit (hearts or spades), each rank from the ace to ``cards``
        exactly once."""
        n = int(self.params["cards"])
        cards = [self.cdb.get(cid) for cid in deck.main]
        problems = [f"{deck.at(cid)}unknown card {cid!r}" for cid, c in zip(deck.main, cards, strict=True) if c is None]
        known = [c for c in cards if c is not None]
        suits = sorted({c.suit for c in known})
        if len(suits) != 1 or suits[0] not in BID_SUITS:
            problems.append(f"a deck is one suit, hearts or spades; this one has {', '.join(suits) or 'no card'} (§2)")
        for c in known:
            if c.value > n:
                problems.append(f"{deck.at(c.id)}{c.id} ({c.name_en}) is past rank {n} (cards = {n}, §1)")
        for cid, k in Counter(c.id for c in known).items():
            if k > 1:
                problems.append(f"{deck.at(cid)}{k} copies of {cid}; a suit has each rank once (§1)")
        if len(set(deck.main)) != n or len(deck.main) != n:
            problems.append(f"a deck has the {n} ranks ace to {n} (cards = {n}), once each; this one has {len(deck.main)} cards (§1)")
        return problems

    def new_game(self, decks: Sequence[Deck | str] | None = None, seed: int = 0) -> GoofspielState:
        """§2: each seat takes its deck as its hand; the prizes (diamonds) are shuffled in ``setup``."""
        two, seed = self.game_decks(decks), self.game_seed(seed)
        if {self.cdb[c].suit for c in two[0].main} == {self.cdb[c].suit for c in two[1].main}:
            raise DeckError(["the two seats bid with different suits: one hearts, one spades (§2)"], "new_game")
        st = GoofspielState(self, seed)
        st.init_fields()
        st.hand = [sorted(d.main, key=st.value) for d in two]
        st.prizes = [c.id for c in suit_cards("diamonds", int(self.params["cards"]))]
        st.origin = {"decks": [d.to_dict() for d in two], "seed": seed}
        st.push("setup")
        st.run()
        return st

    def load_position(self, data: Mapping[str, Any] | str | Path) -> GoofspielState:
        return load_position(self, data)

    def position_of(self, st: State) -> dict[str, Any]:
        assert isinstance(st, GoofspielState)
        return state_position(st)
