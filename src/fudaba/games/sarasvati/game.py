"""The Sarasvati :class:`~fudaba.core.game.Game`: parameters (spec §9), cards, decks (§3), new games.

The game is assembled here: the state class (``state.py``), the rules' steps and decision kinds
(``rules/``), positions (``position.py``) and the text module (``text/``).
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
from .state import SarasvatiState

DECK_DIR = Path(__file__).parent / "decks"
_POOL: list[Card] | None = None


def _pool() -> list[Card]:
    global _POOL
    if _POOL is None:
        _POOL = load_pool_cards()
    return _POOL


def deck_books(deck: Deck) -> tuple[str, ...]:
    """A deck's forbidden books: its ``books`` section (the ``# 禁書`` lines of a deck list, §3)."""
    return deck.sections.get("books", ())


class SarasvatiGame(Game):
    NAME = "sarasvati"
    STATE = SarasvatiState
    STEPS = STEPS
    KINDS = KINDS
    TEXT_MODULE = "fudaba.games.sarasvati.text"
    CARD_ID_PREFIX = "SV-"
    INFO_PLACES = "F1, B2, K1, xF1, xK2, grave, xgrave, voltage, xvoltage"
    TITLE = "サラスヴァティTCG(仮)"
    PARAMS = {
        "starting_hand": 5,
        "front_slots": 5,
        "back_slots": 5,
        "deck_size": 40,
        "max_copies": 4,
        "books": 3,
        "book_cost_cap": 13,
        "book_hits": 2,
        "first": "random",
        "first_player_draws": False,
        "charges_per_turn": 1,
        "ties_destroy": True,
        "counterattack": True,
        "move_taps": True,
        "summoning_sickness": True,
        "turn_limit": 100,
    }
    PARAM_CHOICES = {"first": ("random", 0, 1)}
    PARAM_MIN = {"front_slots": 1, "deck_size": 1, "max_copies": 1, "books": 1, "book_hits": 1}
    #: the largest value of each whole-number parameter (docs/sarasvati.md, "Parameters")
    PARAM_MAX = {"starting_hand": 20, "front_slots": 10, "back_slots": 10, "deck_size": 100, "max_copies": 40,
                 "books": 10, "book_cost_cap": 100, "book_hits": 10, "charges_per_turn": 10, "turn_limit": 1000}
    PARAM_HELP = {  # spec §9; `fudaba games sarasvati` prints them
        "starting_hand": ("cards each player draws at setup (§4; the designers ask whether 6–7 is better)",
                          "開始時に引く手札の枚数 (§4。6〜7枚が良いかは検討中)"),
        "front_slots": ("slots of the front row (§1)", "前列のスロット数 (§1)"),
        "back_slots": ("slots of the back row (§1; 0 = no back row)", "後列のスロット数 (§1。0 = 後列なし)"),
        "deck_size": ("exact number of cards in a deck, books not counted (§3)",
                      "デッキの枚数 (ちょうど。禁書は含まない、§3)"),
        "max_copies": ("copies of one card name a deck may hold (§3)", "同名カードの上限枚数 (§3)"),
        "books": ("forbidden books each player sets (§3, §4)", "各プレイヤーの禁書の数 (§3, §4)"),
        "book_cost_cap": ("highest total cost of a player's forbidden books (§3)",
                          "禁書のコスト合計の上限 (§3)"),
        "book_hits": ("attacks that destroy a forbidden book: the first opens it, this many destroy it "
                      "(1: the first destroys it unopened) (§6)",
                      "禁書が破壊されるまでの攻撃回数: 1回目でオープン、この回数で破壊 (1: 最初の攻撃で開かずに破壊) (§6)"),
        "first": ("who goes first: random (drawn with the game's seed), or seat 0 or 1 (§4)",
                  "先攻: random (シードで抽選)、0 か 1 (§4)"),
        "first_player_draws": ("the first player also draws on their first turn (§5.2)",
                               "先攻プレイヤーも最初のターンにドローする (§5.2)"),
        "charges_per_turn": ("cards a player may charge into voltage per turn (§5.3; 0 skips the phase)",
                             "1ターンにチャージできる枚数 (§5.3。0 = チャージフェイズなし)"),
        "ties_destroy": ("atk equal to def destroys (true: atk ≥ def; false: atk > def) (§6)",
                         "攻撃力と防御力が同じなら破壊する (true: 攻撃力≥防御力、false: 攻撃力>防御力) (§6)"),
        "counterattack": ("a ready defender strikes back at the attacker (§6)",
                          "臨戦状態の防御側が反撃する (§6)"),
        "move_taps": ("moving to the other row makes the character defenceless (§5.5)",
                      "列を移動したキャラクターは無防備状態になる (§5.5)"),
        "summoning_sickness": ("a character cannot attack on the turn it is summoned (§5; evolutions can)",
                               "召喚したターンには攻撃できない (§5。進化は攻撃できる)"),
        "turn_limit": ("the game is a draw at the end of this turn (§7; 0 = no limit)",
                       "このターンの終わりで引き分け (§7。0 = 上限なし)"),
    }
    DECK_SECTIONS = {"禁書": "books", "books": "books", "forbidden books": "books"}

    cdb: dict[str, Card]
    extra_cards: list[dict[str, Any]]
    # ------------------------------------------------------------------ cards and decks
    def load_cards(self) -> CardPool[Any]:
        return CardPool(_pool())

    def card_builder(self) -> Any:
        from .cards import build_card

        return build_card

    def check_card_file(self, path: str | Path) -> list[Card]:
        """Validate one card TOML file (CardDataError names file, line, card and field)."""
        return load_file(path)

    def import_cards(self, text: str, source: str = "post", id_prefix: str = "SV-U") -> str:
        """Cards posted in the designers' カード晒しテンプレ → card TOML text (spec §2)."""
        from .importer import import_post

        return import_post(text, source=source, id_prefix=id_prefix)

    def starter_decks(self) -> dict[str, Deck]:
        out: dict[str, Deck] = {}
        for p in sorted(DECK_DIR.glob("*.txt")):
            out[p.stem] = self.load_deck(p)
        return out

    def deck_problems(self, deck: Deck) -> list[str]:
        """Every problem of the deck under §3 and the parameters, all at once."""
        P = self.params
        C = self.cdb
        probs: list[str] = []
        main = [c for c in deck.main if c in C]
        books = [c for c in deck_books(deck) if c in C]
        for c in deck.main:
            if c not in C:
                probs.append(f"unknown card {c!r} in the deck")
        for c in deck_books(deck):
            if c not in C:
                probs.append(f"unknown card {c!r} among the forbidden books")
        if len(deck.main) != P["deck_size"]:
            probs.append(f"the deck has {len(deck.main)} cards; it must have exactly {P['deck_size']} "
                         f"(deck_size, §3)")
        names = Counter(C[c].name for c in main)
        for name, n in names.items():
            if n > P["max_copies"]:
                ids = sorted({c for c in main if C[c].name == name})
                probs.append(f"{n} copies of {name} ({', '.join(ids)}); at most {P['max_copies']} of a name "
                             f"(max_copies, §3)")
        for c in sorted(set(main)):
            if C[c].type == "book":
                probs.append(f"{c} {C[c].name} is a forbidden book: list it in the '# 禁書' section, not the deck (§3)")
        for c in sorted(set(books)):
            if C[c].type != "book":
                probs.append(f"{c} {C[c].name} is a {C[c].type}, not a forbidden book; it cannot be in the "
                             f"'# 禁書' section (§3)")
        if len(deck_books(deck)) != P["books"]:
            probs.append(f"{len(deck_books(deck))} forbidden books; exactly {P['books']} are needed (books, §3)")
        total = sum(C[c].cost for c in books if C[c].type == "book")
        if total > P["book_cost_cap"]:
            probs.append(f"the forbidden books cost {total} in total; at most {P['book_cost_cap']} "
                         f"(book_cost_cap, §3)")
        return probs

    # ------------------------------------------------------------------ states
    def new_game(self, decks: Sequence[Deck | str] | None = None, seed: int = 0) -> State:
        decks, seed = self.game_decks(decks), self.game_seed(seed)
        st = SarasvatiState(self, seed)
        st.init_fields()
        for p in (0, 1):
            st.deck[p] = list(reversed(decks[p].main))
            st.books[p] = list(deck_books(decks[p]))  # §4.1 face down, in the order listed
            st.hits[p] = [0] * len(st.books[p])
        st.origin = {"decks": [d.to_dict() for d in decks], "seed": seed}
        st.push("setup")
        st.run()
        return st

    def load_position(self, data: Mapping[str, Any] | str | Path) -> State:
        return load_position(self, data)

    # ------------------------------------------------------------------ positions
    def position_of(self, st: State) -> dict[str, Any]:
        assert isinstance(st, SarasvatiState)
        return dump_position(st)

