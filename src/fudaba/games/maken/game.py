"""The Project Maken :class:`~fudaba.core.game.Game` (spec §3, §9, §10): parameters, cards, decks.

The game is assembled here: the state class (``state.py``), the rules' steps and decision kinds
(the ``rules`` package), positions (``position.py``) and the text module (``text/``).
"""

from __future__ import annotations

import dataclasses
import json
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from ...core.actions import number
from ...core.cards import CardPool, Where
from ...core.decks import Deck, parse_deck_text
from ...core.documents import read_json
from ...core.errors import DeckError, ParameterError, PositionError, UnknownGame
from ...core.files import read_text
from ...core.game import Game
from ...core.state import State
from .cards import MCard, base_pool, build_card
from .position import load_position, state_position
from .rules import KINDS, STEPS
from .state import DEFAULT_DOUBLE, DOUBLE_ORDER, MakenState

DECK_DIR = Path(__file__).parent / "decks"


class MakenGame(Game):
    NAME = "maken"
    TITLE = "プロジェクト魔剣"
    STATE = MakenState
    STEPS = STEPS
    KINDS = KINDS
    TEXT_MODULE = "fudaba.games.maken.text"
    CARD_ID_PREFIX = "MK-"
    INFO_PLACES = "field, xfield, guard, xguard, dust, xdust, supports, xsupports"
    PARAMS = {
        "first": "random",
        "deck_size": 40,
        "max_copies": 4,
        "lp": 3,
        "starting_hand": 5,
        "mulligan": True,
        "draw_limit": 3,
        "first_turn_draw": 2,
        "gauge_max": 10,
        "down_damage": 10,
        "support_limit": 6,
        "defenceless": "empty_hand",
        "fb_gauge": True,
        "attack_optional": False,
        "gc_gauge_gain": False,
        "double_attack": True,
        "triple_attack": True,
        "double_options": DEFAULT_DOUBLE,
        "multi_counts": "each",
        "bonus_in_gb": "one",
        "turn_limit": 200,
    }
    PARAM_CHOICES = {"first": ("random", 0, 1), "defenceless": ("empty_hand", "never"),
                     "multi_counts": ("each", "one"), "bonus_in_gb": ("one", "full")}
    PARAM_MIN = {"deck_size": 20, "max_copies": 1, "lp": 1, "starting_hand": 1, "draw_limit": 1, "first_turn_draw": 1,
                 "gauge_max": 1, "down_damage": 1, "support_limit": 0, "turn_limit": 1}
    #: the largest value of each bounded parameter (§9)
    PARAM_MAX = {"deck_size": 60, "max_copies": 40, "lp": 5, "starting_hand": 10, "draw_limit": 6,
                 "first_turn_draw": 6, "gauge_max": 40, "down_damage": 40, "support_limit": 40, "turn_limit": 1000}
    PARAM_HELP = {
        "first": ("who is the first turn player: random (drawn with the game's seed), or seat 0 or 1 (§4)",
                  "先攻: random (シードで抽選)、0 か 1 (§4)"),
        "deck_size": ("cards in a deck besides the character (§3; new_game without decks always accepts the "
                      "starter decks)", "キャラカード以外のデッキ枚数 (§3。デッキ指定なしの new_game は常にスターターデッキを使う)"),
        "max_copies": ("copies of one card a deck may hold (§3)", "同じカードの上限枚数 (§3)"),
        "lp": ("LP cards dealt at setup; a down on the last one loses (§4, §7)",
               "LP札の枚数。最後の1枚でダウンすると敗北 (§4, §7)"),
        "starting_hand": ("cards drawn at setup (§4)", "初期手札の枚数 (§4)"),
        "mulligan": ("each player may mulligan once (§4 ⑤)", "各プレイヤー1回マリガンできる (§4 ⑤)"),
        "draw_limit": ("most cards the TP may draw (§5 step 2)", "ドロー上限 (§5 step 2)"),
        "first_turn_draw": ("most cards the first TP draws on the first turn (§5 step 2)",
                            "先攻の最初のターンのドロー上限 (§5 step 2)"),
        "gauge_max": ("most gauge cards (注1, 注19)", "ゲージ札の上限 (注1, 注19)"),
        "down_damage": ("damage cards that make a down (注18)", "ダウンになるダメージ札の枚数 (注18)"),
        "support_limit": ("most supports set at once; 0 = no limit, the rule before Ver1.3 (§5)",
                          "セットできる補助カードの上限。0 = 無制限 (Ver1.3以前) (§5)"),
        "defenceless": ("who is defenceless (無防備): empty_hand — a player with no card in hand; never (§6.1)",
                        "無防備の定義: empty_hand = 手札0枚、never = なし (§6.1)"),
        "fb_gauge": ("the first bet pays gauge cost and gets gauge gain (§6.1)", "FBでもゲージ消費・増加を行う (§6.1)"),
        "attack_optional": ("the TP may skip the attack phase even with a legal first bet (§5)",
                            "FBできる時もアタックを省略できる (§5)"),
        "gc_gauge_gain": ("a GC also gets its card's gauge gain (§6.2.4)", "GCでもゲージ増加を行う (§6.2.4)"),
        "double_attack": ("two identical cards may be bet at once (§6.6)", "ダブルアタックあり (§6.6)"),
        "triple_attack": ("three identical cards may be bet at once (§6.6)", "トリプルアタックあり (§6.6)"),
        "double_options": ("the options of a double attack: speed, reach, attack, guard with a value to add, or "
                           "\"xN\" to multiply (§6.6); JSON or speed=2,attack=x2",
                           "ダブルアタックの選択肢: speed, reach, attack, guard と加算値、または倍率 \"xN\" (§6.6)"),
        "multi_counts": ("in sums and the GB count, a double attack counts each card (each) or once (one) (§6.6)",
                         "合計とGB補正でダブルアタックを1枚ずつ数える (each) か1回 (one) か (§6.6)"),
        "bonus_in_gb": ("a bonus card in a GB counts 1 (one) or its attack (full) (§6.3)",
                        "GBでのボーナスベットのカードは1 (one) か攻撃値 (full) (§6.3)"),
        "turn_limit": ("the game is a draw after this many turns (§7)", "このターン数を過ぎると引き分け (§7)"),
    }

    def __init__(self, variant: str | None = None, **params: Any) -> None:
        super().__init__(variant, **params)
        if self.params["triple_attack"] and len(self.params["double_options"]) < 2:
            raise ParameterError("maken: parameter double_options: a triple attack picks two different options, so at "
                              "least 2 are needed while triple_attack is true (§6.6)")

    @classmethod
    def check_param(cls, key: str, value: Any) -> Any:
        """As the core's (bounds of §9), with the table ``double_options``."""
        if key == "double_options":
            return _double_options(value)
        return super().check_param(key, value)

    def load_cards(self) -> CardPool[MCard]:
        return base_pool()

    def card_builder(self) -> Callable[[dict[str, Any], Where], Any]:
        return build_card

    def starter_decks(self) -> dict[str, Deck]:
        """The decks of §10.3 (read without the construction rules: ``new_game`` without decks always
        accepts them, whatever ``deck_size`` or ``max_copies`` say, §9)."""
        out: dict[str, Deck] = {}
        for p in sorted(DECK_DIR.glob("*.txt")):
            d, problems = parse_deck_text(read_text(p), self.cards)
            if problems:
                raise DeckError(problems, str(p))
            out[p.stem] = dataclasses.replace(d, name=p.stem)
        return out

    def deck_problems(self, deck: Deck) -> list[str]:
        """§3: one character (one line, N = 1) plus exactly ``deck_size`` cards, at most ``max_copies``
        per id, each of the character's series or ``common``."""
        problems: list[str] = []
        chars: list[MCard] = []
        rest: list[MCard] = []
        for cid in deck.main:
            c = self.cards.find(cid)
            if c is None:
                problems.append(f"unknown card {cid!r}")
            elif c.kind == "character":
                chars.append(c)
            else:
                rest.append(c)
        if len(chars) != 1:
            problems.append(f"a deck has exactly one character card (one line, count 1); this one has {len(chars)} "
                            "(§3)")
        size = int(self.params["deck_size"])
        if len(rest) != size:
            problems.append(f"the deck has {len(rest)} cards besides the character; exactly {size} are needed (§3)")
        cap = int(self.params["max_copies"])
        lines: dict[str, int] = getattr(deck, "lines", {}) or {}  # where a deck list named each card

        def at(cid: str) -> str:
            return f"line {lines[cid]}: " if cid in lines else ""

        for cid, n in Counter(c.id for c in rest).items():
            if n > cap:
                problems.append(f"{at(cid)}{n} copies of {self.cards[cid].name} ({cid}); at most {cap} per card (§3)")
        if len(chars) == 1:
            series = chars[0].series
            bad = sorted({c.id for c in rest if c.series not in (series, "common")}, key=lambda c: lines.get(c, 0))
            for cid in bad:
                problems.append(f"{at(cid)}{self.cards[cid].name} ({cid}) is of series {self.cards[cid].series}, not "
                                f"the character's series {series} or common (§3)")
        return problems

    def new_game(self, decks: Sequence[Deck | str] | None = None, seed: int = 0) -> MakenState:
        decks, seed = self.game_decks(decks), self.game_seed(seed)
        st = MakenState(self, seed)
        st.init_fields()
        for p in (0, 1):
            ids = [self.cards[c].id for c in decks[p].main]
            ch = next(c for c in ids if self.cards[c].kind == "character")
            st.char[p] = ch
            st.deck[p] = [c for c in ids if c != ch]
        st.extra = [dict(r) for r in self.extra_cards]  # cards added with with_cards: positions carry them
        st.origin = {"decks": [d.to_dict() for d in decks], "seed": seed}
        st.push("setup")
        st.run()
        return st

    def load_position(self, data: Mapping[str, Any] | str | Path) -> MakenState:
        return load_position(self, data)

    def position_game(self, doc: Mapping[str, Any]) -> MakenGame:
        """As the core's; a combination of parameters this game refuses (``double_options`` with fewer
        than two options while ``triple_attack``) is a PositionError naming the key ``params``."""
        try:
            return super().position_game(doc)
        except ParameterError as e:
            raise PositionError(f"position: key 'params': {e}") from None

    # ------------------------------------------------------------------ the rules' hooks on a state
    def position_of(self, st: State) -> dict[str, Any]:
        assert isinstance(st, MakenState)
        return state_position(st)


def _double_options(value: Any) -> dict[str, Any]:
    """``double_options`` (§6.6, §9): a non-empty table of speed/reach/attack/guard, each an integer
    to add (0–10) or ``"xN"`` to multiply (N 1–10); a JSON text or ``speed=2,attack=x2`` is read too.
    Returned in the order speed, reach, attack, guard."""
    if isinstance(value, str):
        text = value.strip()
        try:
            value = read_json(text, "maken: parameter double_options", UnknownGame) if text.startswith("{") else dict(
                (k.strip(), _num(v.strip())) for k, _, v in (x.partition("=") for x in text.split(",") if x.strip()))
        except (ValueError, json.JSONDecodeError):
            raise ParameterError(f"maken: parameter double_options={value[:40]!r}: write a table such as "
                              "{\"speed\": 2, \"attack\": \"x2\"} or speed=2,attack=x2") from None
    if not isinstance(value, Mapping) or not value:
        raise ParameterError(f"maken: parameter double_options={str(value)[:40]!r}: a non-empty table of options (§6.6)")
    out: dict[str, Any] = {}
    for k in value:
        if k not in DOUBLE_ORDER:
            raise ParameterError(f"maken: parameter double_options: {k!r} is not one of {list(DOUBLE_ORDER)}")
    for k in DOUBLE_ORDER:
        if k not in value:
            continue
        v = value[k]
        times = number(v[1:], 2) if isinstance(v, str) and v[:1] == "x" else None
        if (times is not None and 1 <= times <= 10) or (isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= 10):
            out[k] = v
        else:
            raise ParameterError(f"maken: parameter double_options.{k}={str(v)[:20]!r}: an integer 0–10 to add, or \"xN\" "
                              "(N 1–10) to multiply")
    return out


def _num(v: str) -> Any:
    n = number(v.removeprefix("-"))
    return v if n is None else (-n if v.startswith("-") else n)
