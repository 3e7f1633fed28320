"""The Walpurgis :class:`~fudaba.core.game.Game` (spec §3, §8): variants, parameters, decks.

The game is assembled here: the state class (``state.py``), the rules' steps and decision kinds
(each with its options, refusals and answer: the ``rules`` package), positions (``position.py``)
and the text module (``text/``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from ...core.cards import CardPool, Where
from ...core.decks import Deck
from ...core.files import read_text
from ...core.game import Game
from ...core.state import State
from .cards import WCard, base_pool, build_card
from .position import load_position, state_position
from .rules import KINDS, STEPS
from .state import WalpurgisState

DECK_DIR = Path(__file__).parent / "decks"


class WalpurgisGame(Game):
    NAME = "walpurgis"
    STATE = WalpurgisState
    STEPS = STEPS
    KINDS = KINDS
    TEXT_MODULE = "fudaba.games.walpurgis.text"
    CARD_ID_PREFIX = "W-"
    INFO_PLACES = "3c, 5a, discard, xdiscard"
    TITLE = '戦略的弾幕配置TCG "Walpurgis"'
    VARIANTS = ("v2.01", "v1.01")
    PARAMS = {
        "first": "random",  # who goes first: random (seeded) or seat 0/1
        "deck_max": 60,  # §3 (1.2); 0 = no limit (v1.01)
        "max_copies": 4,  # per exact name
        "starting_hand": 6,  # after setup, the 通常弾 included (§3 ⑥)
        "hand_limit": 6,  # §4 end ③; 0 = none (v1.01)
        "turn_limit": 200,  # §6: the game is a draw after this many turns
        "ban_centre": False,  # §3 tournament rule: no 3c for the first initial placement
    }
    PARAM_CHOICES = {"first": ("random", 0, 1)}
    PARAM_MIN = {"starting_hand": 1, "turn_limit": 1}
    #: the largest value of each whole-number parameter (docs/walpurgis.md, "Parameters")
    PARAM_MAX = {"deck_max": 200, "max_copies": 60, "starting_hand": 20, "hand_limit": 20, "turn_limit": 1000}
    PARAM_HELP = {  # `fudaba games walpurgis` prints them
        "first": ("who goes first: random (drawn with the game's seed), or seat 0 or 1 (§3 ③)",
                  "先攻: random (シードで抽選)、0 か 1 (§3 ③)"),
        "deck_max": ("most cards a deck may hold (§3, 1.2; 0 = no limit, the v1.01 rule)",
                     "デッキの上限枚数 (§3, 1.2。0 = 上限なし、v1.01 のルール)"),
        "max_copies": ("copies of one exact card name a deck may hold (§3, 1.2; v1.01: 通常弾 unlimited)",
                       "同名カードの上限枚数 (§3, 1.2。v1.01 では通常弾は無制限)"),
        "starting_hand": ("cards in hand after setup, the set-aside 通常弾 included (§3 ⑥)",
                          "セットアップ後の手札の枚数 (取り分けた通常弾を含む、§3 ⑥)"),
        "hand_limit": ("hand size a player discards down to at the end of their turn (§4 end ③; 0 = none, "
                       "the v1.01 rule)", "エンドフェイズに手札をこの枚数まで捨てる (§4 エンド ③。0 = なし、v1.01 のルール)"),
        "turn_limit": ("the game is a draw after this many turns (§6)", "このターン数を過ぎると引き分け (§6)"),
        "ban_centre": ("tournament rule: the first player's initial placement may not use the centre square 3c "
                       "(§3)", "大会ルール: 先攻の最初の配置で中央のマス 3c を使えない (§3)"),
    }

    def variant_defaults(self, variant: str) -> dict[str, Any]:
        d = dict(self.PARAMS)
        if variant == "v1.01":
            d["deck_max"] = 0
            d["hand_limit"] = 0
        return d

    def load_cards(self) -> CardPool[WCard]:
        return base_pool()

    def resolve_token(self, token: str) -> str:
        """As the core's, and a card on a square may be named by its card name as well as its id:
        ``keep 3c bullet_up:通常弾(霊夢)`` is ``keep 3c bullet_up:W-RM-01`` (§9, ARCHITECTURE §5)."""
        word, colon, rest = token.partition(":")
        if colon and rest:
            c = self.cards.find(super().resolve_token(rest))
            if c is not None:
                return f"{word}:{c.id}"
        return super().resolve_token(token)

    def card_builder(self) -> Callable[[dict[str, Any], Where], Any]:
        return build_card

    def starter_decks(self) -> dict[str, Deck]:
        out: dict[str, Deck] = {}
        for p in sorted(DECK_DIR.glob("*.txt")):
            d = self.parse_deck(read_text(p), str(p))
            out[p.stem] = Deck(d.main, d.sections, p.stem, d.lines)
        return out

    def deck_problems(self, deck: Deck) -> list[str]:
        problems: list[str] = []
        mx = int(self.params["deck_max"])
        if mx and len(deck.main) > mx:
            problems.append(f"the deck has {len(deck.main)} cards; at most {mx} are allowed (§3, 1.2)")
        by_name: Counter[str] = Counter()
        for cid in deck.main:
            c = self.cards.find(cid)
            if c is None:
                problems.append(f"unknown card {cid!r}")
                continue
            by_name[c.name] += 1
        cap = int(self.params["max_copies"])
        for name, n in by_name.items():
            if n > cap and not (self.variant == "v1.01" and name.startswith("通常弾")):
                problems.append(f"{n} copies of {name}; at most {cap} per name (§3, 1.2)")
        if not any(self.cards[c].is_normal for c in deck.main if c in self.cards):
            problems.append("the deck needs at least one 通常弾 to set aside at setup (§3)")
        return problems

    def new_game(self, decks: Sequence[Deck | str] | None = None, seed: int = 0) -> WalpurgisState:
        decks, seed = self.game_decks(decks), self.game_seed(seed)
        st = WalpurgisState(self, seed)
        st.init_fields()
        for p in (0, 1):
            st.deck[p] = [self.cards[c].id for c in decks[p].main]
        st.extra = [dict(r) for r in self.extra_cards]  # cards added with with_cards: positions carry them
        st.origin = {"decks": [d.to_dict() for d in decks], "seed": seed}
        st.push("setup")
        st.run()
        return st

    def load_position(self, data: Mapping[str, Any] | str | Path) -> WalpurgisState:
        return load_position(self, data)

    # ------------------------------------------------------------------ the rules' hooks on a state
    def position_of(self, st: State) -> dict[str, Any]:
        assert isinstance(st, WalpurgisState)
        return state_position(st)
