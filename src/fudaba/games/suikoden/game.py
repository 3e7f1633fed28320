"""The Suikoden :class:`~fudaba.core.game.Game`: parameters (spec §11), cards, decks (§3), new games.

The game is assembled here: the state class (``state.py``), the rules' steps and decision kinds
(``rules/``: each kind owns its options, refusals, answer and words), positions (``position.py``)
and the text module (``text/``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from ...core.cards import CardPool
from ...core.decks import Deck
from ...core.game import Game
from ...core.state import State
from .cards import Card, load_file, load_pool_cards
from .position import dump_position, load_position
from .rules import KINDS, STEPS
from .state import SuikodenState

DECK_DIR = Path(__file__).parent / "decks"
_POOL: list[Card] | None = None


def _pool() -> list[Card]:
    global _POOL
    if _POOL is None:
        _POOL = load_pool_cards()
    return _POOL


def deck_mastermind(deck: Deck) -> str:
    """The deck's mastermind: its ``# 総大将`` section (spec §3), or ""."""
    ms = deck.sections.get("mastermind", ())
    return ms[0] if ms else ""


class SuikodenGame(Game):
    NAME = "suikoden"
    STATE = SuikodenState
    STEPS = STEPS
    KINDS = KINDS
    TEXT_MODULE = "fudaba.games.suikoden.text"
    CARD_ID_PREFIX = "GS-"
    INFO_PLACES = "M1, xM1, M1.2, xM1.x1, R1, xR1, discard, xdiscard"
    TITLE = "幻想水滸伝カードストーリーズ"
    PARAMS = {
        "deck_size": 50,
        "max_copies": 4,
        "starting_hand": 6,
        "hand_limit": 6,
        "mulligan_max": 3,
        "mission_slots": 2,
        "vp_to_win": 5,
        "facilities_per_vp": 2,
        "first": "random",
        "garrison_unique": True,
        "troops_exact": True,
        "redeploy_needs_link": True,
        "duel_clash": "discard_both",
        "turn_limit": 200,
    }
    PARAM_CHOICES = {"first": ("random", 0, 1), "duel_clash": ("discard_both", "placer_keeps")}
    PARAM_MAX = {"deck_size": 100, "max_copies": 50, "starting_hand": 10, "hand_limit": 10, "mulligan_max": 6,
                 "mission_slots": 4, "vp_to_win": 20, "facilities_per_vp": 5, "turn_limit": 1000}
    PARAM_MIN = {"deck_size": 10, "max_copies": 0, "starting_hand": 1, "hand_limit": 1, "mulligan_max": 0,
                 "mission_slots": 1, "vp_to_win": 1, "facilities_per_vp": 0, "turn_limit": 0}
    PARAM_HELP = {  # spec §11; `fudaba games suikoden` prints them
        "deck_size": ("exact number of cards in a deck, the mastermind not counted (§3)",
                      "デッキの枚数 (ちょうど。総大将は含まない、§3)"),
        "max_copies": ("copies of one name a deck may hold; a pair counts one copy of each name; 0 = unlimited (§3)",
                       "同名カードの上限枚数。ペアは片側の名前ごとに1枚分。0 = 無制限 (§3)"),
        "starting_hand": ("cards each player draws at setup (§4)", "開始時の手札枚数 (§4)"),
        "hand_limit": ("the hand size replenish brings each hand to (§5)", "補充フェイズで揃える手札上限 (§5)"),
        "mulligan_max": ("cards a player may return in the mulligan; 0 = no mulligan (§4)",
                         "マリガンで戻せる枚数。0 = マリガンなし (§4)"),
        "mission_slots": ("unresolved missions and facilities a player may have (§5)",
                          "自分の場に置ける未解決のミッション・施設の数 (§5)"),
        "vp_to_win": ("victory points that win at once (§9)", "勝利に必要なVP (§9)"),
        "facilities_per_vp": ("facilities built per 1 VP; 0 = facilities give no VP (§7.5)",
                              "施設をいくつ建設するごとに1VPか。0 = VPなし (§7.5)"),
        "first": ("who goes first: random (drawn with the game's seed), or seat 0 or 1 (§4)",
                  "先攻: random (シードで抽選)、0 か 1 (§4)"),
        "garrison_unique": ("garrisons count for uniqueness (§6.2)", "駐留キャラクターもユニーク制限に含める (§6.2)"),
        "troops_exact": ("troops casualties must add up exactly when some set does; false: any minimal set (§7.3)",
                         "兵力戦の損害はちょうどにできるならちょうど。false: 最小の組なら何でも (§7.3)"),
        "redeploy_needs_link": ("a redeployed support obeys the link rule (§8.1)",
                                "サポートの派遣しなおしにもリンクが必要 (§8.1)"),
        "duel_clash": ("same-named duel cards: discard_both, or placer_keeps (§7.6)",
                       "一騎打ちで同名カード: discard_both (両方破棄) か placer_keeps (配置側が残る) (§7.6)"),
        "turn_limit": ("the game is a draw at the end of this turn (§5; 0 = no limit)",
                       "このターンの終わりで引き分け (§5。0 = 上限なし)"),
    }
    DECK_SECTIONS = {"総大将": "mastermind", "mastermind": "mastermind"}

    cdb: dict[str, Card]

    # ------------------------------------------------------------------ cards and decks
    def load_cards(self) -> CardPool[Any]:
        return CardPool(_pool())

    def card_builder(self) -> Any:
        from .cards import build_card

        return build_card

    def check_card_file(self, path: str | Path) -> list[Card]:
        return load_file(path)

    def starter_decks(self) -> dict[str, Deck]:
        return {p.stem: self.load_deck(p) for p in sorted(DECK_DIR.glob("*.txt"))}

    def deck_problems(self, deck: Deck) -> list[str]:
        """Every problem of the deck under §3 and the parameters, all at once."""
        P = self.params
        C = self.cdb
        probs: list[str] = []
        main = [c for c in deck.main if c in C]
        for c in deck.main:
            if c not in C:
                probs.append(f"{deck.at(c)}unknown card {c!r} in the deck")
        if len(deck.main) != P["deck_size"]:
            probs.append(f"the deck has {len(deck.main)} cards; it must have exactly {P['deck_size']} (deck_size, §3)")
        for c in sorted(set(main)):
            if C[c].cls == "mastermind":
                probs.append(f"{deck.at(c)}{c} {C[c].name} is a mastermind (総大将): put it in the '# 総大将' section, "
                             f"not the deck (§3)")
        cap = int(P["max_copies"])
        if cap:
            names: Counter[str] = Counter()
            for c in main:
                for n in C[c].names:
                    names[n] += 1
            first = {n: c for c in reversed(main) for n in C[c].names}
            for n, k in names.items():
                if k > cap:
                    probs.append(f"{deck.at(first[n])}{n}: {k} copies (max {cap}) (max_copies, §3; a pair counts one copy of each name)")
        mms = deck.sections.get("mastermind", ())
        if len(mms) > 1:
            probs.append(f"{len(mms)} masterminds in the '# 総大将' section; at most 1 (§3)")
        for mm in mms[:1]:
            if mm not in C:
                probs.append(f"unknown mastermind {mm!r}")
                continue
            m = C[mm]
            if m.cls != "mastermind":
                probs.append(f"{mm} {m.name} is not a mastermind (総大将); the '# 総大将' section takes one (§3)")
                continue
            for c in sorted(set(main), key=main.index):
                card = C[c]
                if card.type == "character" and set(card.names) & set(m.names):
                    probs.append(f"{deck.at(c)}{c} {card.name}: shares a name with the mastermind {m.name} (§3)")
                elif card.camp and not set(card.camp) & set(m.camp):
                    probs.append(f"{deck.at(c)}{c} {card.name}: camp {'/'.join(card.camp)} is not the mastermind {m.name}'s "
                                 f"({'/'.join(m.camp)}) (§3)")
        return probs

    # ------------------------------------------------------------------ states
    def new_game(self, decks: Sequence[Deck | str] | None = None, seed: int = 0) -> State:
        decks, seed = self.game_decks(decks), self.game_seed(seed)
        st = SuikodenState(self, seed)
        st.init_fields()
        for p in (0, 1):
            st.deck[p] = list(reversed(decks[p].main))
            st.mm[p] = deck_mastermind(decks[p])
        st.origin = {"decks": [d.to_dict() for d in decks], "seed": seed}
        st.push("setup")
        st.run()
        return st

    def load_position(self, data: Mapping[str, Any] | str | Path) -> State:
        return load_position(self, data)

    # ------------------------------------------------------------------ the rules' hooks on a state
    def position_of(self, st: State) -> dict[str, Any]:
        assert isinstance(st, SuikodenState)
        return dump_position(st)
