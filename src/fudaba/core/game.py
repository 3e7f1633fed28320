"""The :class:`Game` object: one game, one variant, one set of parameters (ARCHITECTURE §4).

A game package subclasses :class:`Game` and sets ``NAME``, ``VARIANTS``, ``PARAMS`` (defaults, which
also fix each parameter's type) and ``PARAM_CHOICES`` (allowed values of enumerated parameters).

The subclass is also where the game is assembled, in one place (``docs/adding-a-game.md``): ``STATE``
(its :class:`State` subclass), ``STEPS`` and ``ANSWERS`` (the rules' tables, which the class hands to
``STATE`` when it is defined), and the rules' hooks the core calls on a state: :meth:`decision_options`,
:meth:`explain` and :meth:`position_of`. So a game's state module never imports its rules: the rules
import the state.
"""

from __future__ import annotations

import importlib
import json
import math
import os
import re
import sys
import unicodedata
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar, NamedTuple, Self

from .actions import Action, Decision
from .cards import CardPool, LoadedCard, Where, build_cards, card_file_problems, card_files, load_card_file
from .decks import Deck
from .documents import Fields, check_engine, check_tree, read_json
from .errors import CardDataError, DeckError, FudabaError, ParameterError, PositionError, UnknownGame
from .files import read_text
from .kinds import DecisionKind, kinds_table

if TYPE_CHECKING:
    from .descriptor import GameDescriptor
from .positions import check_keys, read_document, table
from .starters import FILE as STARTERS_FILE
from .starters import StarterDeck, find_starter, player_starters, starter_info
from .state import Answer, State, Step

#: the upper bound of a whole-number parameter a game gives no ``PARAM_MAX`` for (the games of this
#: package give one for each; ``tests`` check it)
PARAM_MAX_DEFAULT = 10_000


class Game(ABC):
    NAME: ClassVar[str] = ""
    TITLE: ClassVar[str] = ""
    VARIANTS: ClassVar[tuple[str, ...]] = ("default",)
    PARAMS: ClassVar[dict[str, Any]] = {}
    PARAM_CHOICES: ClassVar[dict[str, tuple[Any, ...]]] = {}
    #: parameters whose value must be at least this (ints)
    PARAM_MIN: ClassVar[dict[str, int]] = {}
    #: the largest value of each whole-number parameter (every one has a bound: a game that leaves one
    #: out gets PARAM_MAX_DEFAULT); the core refuses a larger value before anything runs
    PARAM_MAX: ClassVar[dict[str, int]] = {}
    #: what each parameter does, (English, Japanese): ``fudaba games GAME`` prints it
    PARAM_HELP: ClassVar[dict[str, tuple[str, str]]] = {}
    #: the game's State subclass (None: the game overrides :meth:`state_class`)
    STATE: ClassVar[type[State] | None] = None
    #: the rules: ``{name: fn(state, ctx)}`` and ``{handler: fn(state, action, ctx)}`` (ARCHITECTURE §3.1)
    STEPS: ClassVar[Mapping[str, Step]] = {}
    ANSWERS: ClassVar[Mapping[str, Answer]] = {}
    #: the decision kinds the rules ask (:mod:`fudaba.core.kinds`), and the same by handler
    KINDS: ClassVar[tuple[DecisionKind, ...]] = ()
    KIND_BY_HANDLER: ClassVar[dict[str, DecisionKind]] = {}
    KIND_BY_NAME: ClassVar[dict[str, DecisionKind]] = {}

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """Assemble the game: its state class runs its rules' ``STEPS`` and its kinds' answers."""
        super().__init_subclass__(**kwargs)
        cls.KIND_BY_HANDLER = kinds_table(tuple(cls.KINDS))
        cls.KIND_BY_NAME = {}
        for k in cls.KINDS:  # two kinds of one name (two handlers) share their words: the first's
            cls.KIND_BY_NAME.setdefault(k.name, k)
        st = cls.__dict__.get("STATE")
        if st is not None:
            st.STEPS = dict(cls.STEPS)
            st.ANSWERS = {**cls.ANSWERS, **{h: k.answer for h, k in cls.KIND_BY_HANDLER.items()}}

    def __init__(self, variant: str | None = None, **params: Any) -> None:
        variant = variant or self.VARIANTS[0]
        if variant not in self.VARIANTS:
            raise UnknownGame(f"{self.NAME}: unknown variant {str(variant)[:40]!r}; variants: {', '.join(self.VARIANTS)}")
        self.name = self.NAME
        self.variant = variant
        self.params: dict[str, Any] = self.variant_defaults(variant)
        for k, v in params.items():
            self.params[k] = self.check_param(k, v)
        #: card tables added to the game's own pool (``with_cards``), as given; records carry them
        self.extra_cards: list[dict[str, Any]] = []
        self.cards: CardPool[Any] = self.load_cards()
        #: id -> card, a plain dict for the rules' hot paths (kept in step with ``cards``)
        self.cdb: dict[str, Any] = {cid: self.cards[cid] for cid in self.cards}

    # ------------------------------------------------------------------ parameters
    def variant_defaults(self, variant: str) -> dict[str, Any]:
        """Parameter defaults for a variant (games with variants override)."""
        return dict(self.PARAMS)

    @classmethod
    def check_param(cls, key: str, value: Any) -> Any:
        """Validate (and coerce from text) one parameter value; raises :class:`ParameterError` naming
        the parameter and what it allows (for a whole number, its range ``PARAM_MIN``–``PARAM_MAX``)."""
        if not isinstance(key, str) or key not in cls.PARAMS:
            raise ParameterError(
                f"{cls.NAME}: unknown parameter {_shown(key)}; parameters: {', '.join(sorted(cls.PARAMS))}"
            )
        default = cls.PARAMS[key]
        choices = cls.PARAM_CHOICES.get(key)
        if choices is not None:
            for c in choices:
                if (value == c and type(value) is type(c)) or (isinstance(value, str) and value.lower() == str(c).lower()):
                    return c
            raise ParameterError(f"{cls.NAME}: parameter {key}={_shown(value)}: allowed values are {list(choices)}")
        if isinstance(default, bool):
            if isinstance(value, bool):
                return value
            if isinstance(value, str) and value.lower() in ("true", "yes", "1", "on"):
                return True
            if isinstance(value, str) and value.lower() in ("false", "no", "0", "off"):
                return False
            raise ParameterError(f"{cls.NAME}: parameter {key}={_shown(value)}: expected true or false")
        if isinstance(default, int):
            lo, hi = cls.param_range(key)
            iv = _whole(value)
            if iv is not None and lo <= iv <= hi:
                return iv
            what = ("expected a whole number" if iv is None else
                    f"must be at least {lo}" if iv < lo else f"must be at most {hi}")
            shown = _shown(value) if iv is None else str(iv)  # --param starting_hand=99: 99, not '99'
            raise ParameterError(f"{cls.NAME}: parameter {key}={shown}: {what} (from {lo} to {hi})")
        return value

    @classmethod
    def param_range(cls, key: str) -> tuple[int, int]:
        """The smallest and largest value of the whole-number parameter ``key`` (``PARAM_MIN``, 0
        unless given, and ``PARAM_MAX``, which every game gives for each of them; a game that leaves
        one out gets :data:`PARAM_MAX_DEFAULT`, so that no value is without a bound)."""
        return cls.PARAM_MIN.get(key, 0), cls.PARAM_MAX.get(key, PARAM_MAX_DEFAULT)

    def describe_params(self, lang: str = "en") -> list[ParamInfo]:
        """Every parameter with its value in this game, the variant's default, the allowed values
        and what it does (``PARAM_HELP``; ``lang`` "ja" for Japanese)."""
        defaults = self.variant_defaults(self.variant)
        ja = lang == "ja"
        out = []
        for key in self.PARAMS:
            default = self.PARAMS[key]
            choices = self.PARAM_CHOICES.get(key)
            if choices is not None:
                allowed = ", ".join(_param_text(c) for c in choices)
            elif isinstance(default, bool):
                allowed = "true, false"
            elif isinstance(default, int):
                lo, hi = self.param_range(key)
                allowed = f"整数 {lo}〜{hi}" if ja else f"a whole number {lo}–{hi}"
            else:
                allowed = "テキスト" if ja else "text"
            en, jp = self.PARAM_HELP.get(key, ("", ""))
            out.append(ParamInfo(key, _param_text(self.params[key]), _param_text(defaults[key]), allowed,
                                 (jp or en) if ja else (en or jp)))
        return out

    # ------------------------------------------------------------------ cards and decks
    @abstractmethod
    def load_cards(self) -> CardPool[Any]:
        """The game's card pool."""

    @abstractmethod
    def starter_decks(self) -> dict[str, Deck]:
        """Built-in decks by name; every one legal."""

    # ------------------------------------------------------------------ the starter decks for people
    def starters_path(self) -> Path:
        """The game's ``decks/starters.toml``: its starter decks' titles, descriptions and measured
        balance (``core/starters.py``), next to the package that defines the game class."""
        mod = sys.modules[type(self).__module__]
        return Path(str(mod.__file__)).parent / "decks" / STARTERS_FILE

    def starter_deck_info(self) -> list[StarterDeck]:
        """Every starter deck (sorted by name) with its title and one-line description in Japanese
        and English and the measured games it played in this variant (``Balance``: the same agent
        on both sides, deck against deck)."""
        try:
            names = list(self.cached_starter_decks())
        except DeckError:  # deck rules changed by parameters: the decks are still the files there
            names = [p.stem for p in self.starters_path().parent.glob("*.txt")]
        return starter_info(self.starters_path(), names, self.variant)

    def player_starters(self) -> tuple[str, str]:
        """The starter decks of a new player and of the opponent when neither is chosen: the default
        pair, the player holding the one that won more of their measured games."""
        return player_starters(self.starter_deck_info())

    def starter_deck(self, name: str) -> Deck:
        """The starter deck ``name`` names (its name or its title, in either language); DeckError
        lists the starter decks when none does."""
        info = self.starter_deck_info()
        found = find_starter(info, name) if isinstance(name, str) else None
        if found is None:
            names = ", ".join(f"{d.name} ({d.title('en')})" if d.title("en") else d.name for d in info)
            raise DeckError([f"no starter deck {name!r:.60}; starter decks: {names}"], "starter decks")
        return self.cached_starter_decks()[found]

    def check_deck(self, deck: Deck | str) -> list[str]:
        """Every problem of the deck under this game's rules; [] when legal.

        ``deck`` is a :class:`Deck` or deck-list text (whose unknown lines are problems too)."""
        from .decks import parse_deck_text

        if isinstance(deck, str):
            deck, problems = parse_deck_text(deck, self.cards, self.DECK_SECTIONS)
            return problems + self.deck_problems(deck)
        if not isinstance(deck, Deck):
            return [f"not a deck: expected a Deck or deck-list text, got {type(deck).__name__}"]
        return self.deck_problems(deck)

    @abstractmethod
    def deck_problems(self, deck: Deck) -> list[str]:
        """Game hook: every breach of the game's deck construction rules by ``deck``."""

    def cached_starter_decks(self) -> dict[str, Deck]:
        """``starter_decks()``, read and parsed once per game class, variant, parameters and added
        cards (``with_cards`` games never share a plain game's cache). Each call gets its own copies."""
        key = self.cache_key()
        got = _STARTERS.get(key)
        if got is None:
            got = self.starter_decks()
            if len(_STARTERS) >= _CACHE_MAX:
                _STARTERS.clear()
            _STARTERS[key] = got
        return {k: Deck(d.main, dict(d.sections), d.name, d.lines) for k, d in got.items()}

    def cache_key(self) -> tuple[Any, ...]:
        """What decides this game's cards and deck rules: the class, the variant, the parameters and
        the added cards (caches of parsed decks are keyed by it)."""
        extra = json.dumps(self.extra_cards, sort_keys=True, ensure_ascii=False) if self.extra_cards else ""
        params = tuple(sorted((k, repr(v)) for k, v in self.params.items()))
        return type(self), self.variant, params, extra

    def deck_problems_cached(self, deck: Deck) -> list[str]:
        """``deck_problems(deck)``, remembered per deck content and :meth:`cache_key` (a new game
        checks the same decks again and again in a simulation)."""
        try:
            key = (self.cache_key(), tuple(deck.main), tuple(sorted((k, tuple(v)) for k, v in deck.sections.items())))
            got = _PROBLEMS.get(key)
        except TypeError:  # something in the deck is not a card id: no caching
            return self.deck_problems(deck)
        if got is None:
            got = tuple(self.deck_problems(deck))
            if len(_PROBLEMS) >= _CACHE_MAX:
                _PROBLEMS.clear()
            _PROBLEMS[key] = got
        return list(got)

    def game_decks(self, decks: Sequence[Deck | str] | None) -> list[Deck]:
        """The two checked decks of a new game: None gives the first two starter decks (by name),
        text is parsed; raises DeckError naming the seat and every problem."""
        if decks is None:
            starters = self.cached_starter_decks()
            return [starters[k] for k in sorted(starters)[:2]]
        if isinstance(decks, (str, Deck)) or not isinstance(decks, Sequence):
            raise DeckError(["decks: give a list of two decks (Deck objects or deck-list text)"], "new_game")
        if len(decks) != 2:
            raise DeckError([f"a game needs two decks, got {len(decks)}"], "new_game")
        out: list[Deck] = []
        for k, d in enumerate(decks):
            src = f"deck of seat {k}"
            if isinstance(d, str):
                d = self.parse_deck(d, src)
            elif not isinstance(d, Deck):
                raise DeckError([f"expected a Deck or deck-list text, got {type(d).__name__}"], src)
            problems = self.deck_problems_cached(d)
            if problems:
                raise DeckError(problems, src + (f" ({d.name})" if d.name else ""))
            out.append(d)
        return out

    @staticmethod
    def game_seed(seed: object) -> int:
        """``seed`` checked to be a whole number (FudabaError otherwise)."""
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise FudabaError(f"new_game: seed must be a whole number, got {seed!r:.40}")
        return seed

    DECK_SECTIONS: ClassVar[dict[str, str]] = {}
    #: examples of the places and piles ``info`` reads, for help texts (``3c, discard, xdiscard``)
    INFO_PLACES: ClassVar[str] = ""
    #: how this game's card ids begin (``SV-``, ``W-``): tells which game a card file is for
    CARD_ID_PREFIX: ClassVar[str] = ""

    def parse_deck(self, text: str, source: str = "deck") -> Deck:
        """Parse a deck list; raises DeckError listing every problem (unknown lines and rule breaches)."""
        from .decks import parse_deck_text

        if not isinstance(text, str):
            raise DeckError([f"a deck list is text, one card per line; got {type(text).__name__}"], source)
        deck, problems = parse_deck_text(text, self.cards, self.DECK_SECTIONS)
        problems += self.deck_problems(deck)
        if problems:
            raise DeckError(problems, source)
        return deck

    def load_deck(self, path: str | Path) -> Deck:
        if not isinstance(path, (str, os.PathLike)):
            raise DeckError([f"load_deck takes the path of a deck-list file, not {type(path).__name__}"], "deck")
        p = Path(path)
        text = read_text(p, lambda m: DeckError([m.removeprefix(f"{p}: ")], str(p)))
        d = self.parse_deck(text, str(p))
        if not d.name:
            d = Deck(d.main, d.sections, p.stem, d.lines)
        return d

    def card_builder(self) -> Callable[[dict[str, Any], Where], Any]:
        """The function that validates one raw ``[[card]]`` table (games override)."""
        raise CardDataError(f"{self.name}: this game has no card schema to check against")

    def check_card_file(self, path: str | Path) -> list[Any]:
        """Validate a card TOML file; returns its cards or raises CardDataError (file, line, card, field)."""
        return load_card_file(path, self.card_builder())

    def import_cards(self, text: str, source: str = "post", id_prefix: str = "") -> str:
        """Card TOML from cards written in the designers' own format (games that have one override)."""
        raise FudabaError(f"{self.name}: there is no post format to import cards from")

    # ------------------------------------------------------------------ extra card definitions
    def with_cards(self, raws: Sequence[Any], source: str = "cards") -> Self:
        """This game (same variant and parameters) with the card tables ``raws`` added to its pool.

        The tables are validated by the game's card builder (CardDataError naming ``source``, the
        card and the field). A card whose id the pool already has is refused, naming both cards,
        unless it is the same definition (a file given twice, a record's own cards given again):
        that one is skipped. The added tables are kept in ``extra_cards``, so the new game's records,
        positions and state documents carry them and replay without the file."""
        if isinstance(raws, (str, bytes, Mapping)) or not isinstance(raws, Sequence):
            raise CardDataError(f"{source}: card definitions must be a list of card tables ([[card]])")
        tables = list(raws)
        built = build_cards(tables, self.card_builder(), source)
        add: list[Any] = []
        add_raws: list[dict[str, Any]] = []
        for raw, card in zip(tables, built, strict=True):
            old = self.cards.by_id(card.id)
            if old is not None:
                if self._same_card(old, card, raw):
                    continue
                raise CardDataError(f"{source}: card {card.id!r} ({card.name}): the id is already used by "
                                    f"{old.name} among the {self.name} cards; give the new card another id")
            add.append(card)
            add_raws.append(dict(raw))
        if not add:
            return self
        g = type(self)(self.variant, **self.params)
        g.cards = self.cards.extended(add)
        g.cdb = {cid: g.cards[cid] for cid in g.cards}
        g.extra_cards = [*self.extra_cards, *add_raws]
        return g

    def card_file_problems(self, paths: Sequence[str | Path]) -> tuple[list[LoadedCard[Any]], list[str]]:
        """The cards of card TOML files and folders (``--cards``) and every problem in them — not only
        the first: each broken card with its file, line and field, and each id that another card
        already uses with a different definition (one of this game's or of an earlier file).

        Every valid card is returned, also one equal to a card the game has or to an earlier file's
        (``with_cards`` skips those)."""
        files, problems = card_files(paths)
        build = self.card_builder()
        taken: dict[str, LoadedCard[Any]] = {}
        out: list[LoadedCard[Any]] = []
        for f in files:
            found, probs = card_file_problems(f, build)
            problems += probs
            for lc in found:
                cid = lc.card.id
                at = f"{lc.file}:{lc.line}" if lc.line else lc.file
                old = self.cards.by_id(cid)
                prev = taken.get(cid)
                if old is not None and not self._same_card(old, lc.card, lc.raw):
                    problems.append(f"{at}: card {cid!r}: the id is already used by {old.name} among the "
                                    f"{self.name} cards; give the new card another id")
                    continue
                if prev is not None and not (prev.card == lc.card or prev.raw == lc.raw):
                    problems.append(f"{at}: card {cid!r}: the id is already used by {prev.card.name} "
                                    f"({prev.file}:{prev.line}); give one of them another id")
                    continue
                taken.setdefault(cid, lc)
                out.append(lc)
        return out, problems

    def _same_card(self, old: Any, new: Any, raw: dict[str, Any]) -> bool:
        """Whether ``new`` (read from ``raw``) is the same definition as the pool's card ``old``."""
        if old == new:
            return True
        for r in self.extra_cards:
            if r.get("id") == new.id:
                return r == raw
        old_raw = getattr(old, "raw", None)  # games whose cards keep their table (Walpurgis)
        return isinstance(old_raw, dict) and old_raw == raw

    def with_card_files(self, paths: Sequence[str | Path]) -> Self:
        """This game with the cards of TOML files or folders added (``--cards``); CardDataError lists
        every problem of every file (file, line, card, field)."""
        found, problems = self.card_file_problems(paths)
        if problems:
            lines = "\n".join(f"  - {p}" for p in problems)
            raise CardDataError(f"{len(problems)} problem(s) in the card files:\n{lines}")
        first = {lc.card.id: lc for lc in reversed(found)}  # a card given in two files: once
        kept = [lc for lc in found if first[lc.card.id] is lc]
        return self.with_cards([lc.raw for lc in kept], ", ".join(dict.fromkeys(lc.file for lc in kept)))

    # ------------------------------------------------------------------ states
    @abstractmethod
    def new_game(self, decks: Sequence[Deck | str] | None = None, seed: int = 0) -> State:
        """A new game at its first decision."""

    @abstractmethod
    def load_position(self, data: Mapping[str, Any] | str | Path) -> State:
        """A state from a position document (dict, TOML/JSON text or a path)."""

    def state_class(self) -> type[State]:
        """The game's State subclass (``STATE``)."""
        if self.STATE is None:
            raise TypeError(f"{type(self).__name__}: a game class sets STATE (its State subclass) or overrides state_class()")
        return self.STATE

    # ------------------------------------------------------------------ the rules' hooks on a state
    def decision_options(self, st: State, d: Decision) -> list[Action]:
        """``st.decision_options(d)``: the options of ``d`` computed again in ``st`` by its kind
        (:meth:`State.resample`); a decision of no kind keeps its options."""
        k = self.KIND_BY_HANDLER.get(d.handler)
        return list(d.options) if k is None else k.options(st, d.player, d.ctx)

    def explain(self, st: State, action: Action, lang: str = "en") -> str:
        """``st.explain(action)`` (``lang`` "en") and ``st.explain_in(action, lang)``: why ``action`` is
        not legal in ``st``, naming the rule — the pending decision's kind's own check."""
        d = st.decision
        if d is None:
            return "ゲームは選択を待っていません" if lang == "ja" else "no decision is pending"
        k = self.KIND_BY_HANDLER.get(d.handler)
        r = None if k is None else k.check(st, d.player, d.ctx, action)
        if r is not None:
            return r.text(lang)
        return (f"この場面({d.kind})の合法手ではありません" if lang == "ja"
                else f"not a legal action of the current decision ({d.kind})")

    def kind_ctx(self, handler: str, raw: Any) -> Any:
        """A decision context read back from a document, as its kind's named type."""
        k = self.KIND_BY_HANDLER.get(handler)
        return raw if k is None else k.ctx(raw)

    def position_of(self, st: State) -> dict[str, Any]:
        """``st.position()``: the position document of ``st`` (games with positions override)."""
        raise PositionError(f"{self.name}: this game has no positions")

    def position_game(self, doc: Mapping[str, Any]) -> Self:
        """The game a position document ``doc`` is played in: this one, or the same game with the
        document's ``variant`` and ``params`` (merged over this game's when the variant is the same),
        and with its inline ``[[cards]]`` added (:meth:`with_cards`; this game's own added cards stay).
        PositionError names the key."""
        variant = doc.get("variant", self.variant)
        if variant not in self.VARIANTS:
            raise PositionError(f"position: key 'variant': {variant!r} is not one of {list(self.VARIANTS)}")
        merged = dict(self.params) if variant == self.variant else self.variant_defaults(variant)
        for k, v in table(doc.get("params", {}), "params").items():
            try:
                merged[k] = self.check_param(k, v)
            except UnknownGame as e:
                raise PositionError(f"position: key 'params.{k}': {e}") from None
        g = self
        if variant != self.variant or merged != self.params:
            g = type(self)(variant, **merged)
            if self.extra_cards:
                g = g.with_cards(self.extra_cards, "cards")
        extra = doc.get("cards", [])
        if not isinstance(extra, list):
            raise PositionError("position: key 'cards' must be an array of card tables ([[cards]])")
        if extra:
            try:
                g = g.with_cards(extra, "position [[cards]]")
            except CardDataError as e:
                raise PositionError(f"position: key 'cards': {e}") from None
        return g

    def state_from_json(self, text: str) -> State:
        """The state of a ``fudaba-state`` document (``State.to_json``), read within the limits of
        :mod:`~fudaba.core.documents` and checked as strictly as a position; PositionError names the key."""
        doc = read_json(text, "state JSON", walk=False)  # every part is checked below, the depth too
        if not isinstance(doc, dict) or doc.get("format") != "fudaba-state":
            raise PositionError("not a fudaba state document (key 'format' must be 'fudaba-state')")
        for key in ("params", "cards"):  # the parts read by other checkers
            check_tree(doc.get(key), f"state JSON: key {key!r}")
        Fields("state").table(doc, "(top)", ("format", "game", "variant", "params", "common", "state"),
                              ("engine", "log", "history", "origin", "search", "cards"))
        if doc.get("game") != self.name:
            raise PositionError(f"key 'game': this state is for {str(doc.get('game'))[:40]!r}, not {self.name!r}")
        check_engine(doc.get("engine", ""), "state JSON")
        g = self
        if doc.get("variant") != self.variant or doc.get("params") != self.params:
            from .registry import load_game

            params = doc.get("params", {})
            if not isinstance(params, dict):
                raise PositionError(f"key 'params' must be a table of parameters, got {str(params)[:40]}")
            try:
                g = load_game(self.name, doc.get("variant"), **params)
            except FudabaError as e:
                raise PositionError(f"key 'variant'/'params': {e}") from None
        extra = doc.get("cards")
        if extra and extra != g.extra_cards:  # the game's own extra cards (with_cards)
            try:
                g = g.with_cards(extra, "state 'cards'")
            except CardDataError as e:
                raise PositionError(f"key 'cards': {e}") from None
        return g.state_class().from_json_doc(g, doc)

    # ------------------------------------------------------------------ text for people (plain, no Rich)
    def resolve_token(self, token: str) -> str:
        """Notation helper: a card name typed by a player becomes its id; other tokens stay.

        Full-width text typed with a Japanese IME (``Ｆ１``, ``３ｃ``, ``何が知性だ！``) is read as its
        half-width form (NFKC) when the token as typed is no card."""
        c = self.cards.find(token)
        if c is None:
            n = unicodedata.normalize("NFKC", token)
            if n != token:
                token, c = n, self.cards.find(n)
        return c.id if c is not None and not _looks_like_place(token) else token

    #: the core's own text (the words of its events, an option's gloss): loaded by this path when
    #: words are asked for, like a game's text module — the engine never imports text (docs/core.md)
    CORE_TEXT: ClassVar[str] = "fudaba.core.text"

    #: module with ``describe(game, event, lang)``, ``render(game, view, lang)``,
    #: ``card_text(game, card_id, lang)`` and ``inspect(game, view, token, lang)`` (plain text, no Rich);
    #: by default the descriptor's ``text``
    TEXT_MODULE: ClassVar[str] = ""

    @classmethod
    def descriptor(cls) -> GameDescriptor | None:
        """The game's descriptor (None for a game class no registry knows)."""
        from .registry import descriptors

        return descriptors().get(cls.NAME)

    @classmethod
    def title(cls, lang: str = "en") -> str:
        """The game's title in ``lang`` (its descriptor's; ``TITLE`` for a game without one)."""
        d = cls.descriptor()
        return d.title_in(lang) if d is not None else cls.TITLE

    def text_module(self) -> str:
        """The game's text module (``TEXT_MODULE``, else the descriptor's ``text``; "" for none)."""
        if self.TEXT_MODULE:
            return self.TEXT_MODULE
        d = self.descriptor()
        return d.text if d is not None else ""

    def _text(self, name: str) -> Callable[..., Any] | None:
        mod = self.text_module()
        if not mod:
            return None
        fn: Callable[..., Any] | None = getattr(importlib.import_module(mod), name, None)
        return fn

    def _core_text(self, name: str) -> Callable[..., Any]:
        fn: Callable[..., Any] = getattr(importlib.import_module(self.CORE_TEXT), name)
        return fn

    def pending_kind(self, view: Mapping[str, Any]) -> DecisionKind | None:
        """The kind of the decision ``view`` shows its seat (None: not the seat's own, or no kind)."""
        d = view.get("decision") if isinstance(view, Mapping) else None
        if not isinstance(d, Mapping) or "options" not in d:
            return None
        return self.KIND_BY_NAME.get(str(d.get("kind")))

    def kind_gloss(self, action: Action, view: Mapping[str, Any], lang: str = "en") -> str | None:
        """An option of the seat's pending decision in words, from its kind (None: the kind has none)."""
        k = self.pending_kind(view)
        return None if k is None else k.gloss(self, action, dict(view), lang)

    def option_gloss(self, action: Action, view: dict[str, Any] | None = None, lang: str = "en") -> str:
        """An option in words, as a menu shows it after its notation ("" for nothing to say): its
        kind's gloss, else the names of the cards it names and, with the chooser's ``view``, what the
        text module says of it (``fudaba.core.text.option_gloss``). ``state.apply`` accepts an option
        typed with this gloss after it."""
        return str(self._core_text("option_gloss")(self, action, lang, view))

    def describe(self, event: dict[str, Any], lang: str = "en") -> str:
        """One readable log line for an event view (the core's own events, ``turns_skipped``, in
        every game). An event the game's text cannot read (a log edited in a state document, a dict
        of the caller's) gets the plain form ``kind: key=value`` (issue 18 §5), cut to 500 characters."""
        if not isinstance(event, Mapping):
            raise FudabaError(f"describe: an event is a table (dict), not {type(event).__name__}")
        if event.get("kind") == "turns_skipped":
            return str(self._core_text("turns_skipped_text")(event, lang))
        fn = self._text("describe")
        if fn is not None:
            try:
                return str(fn(self, event, lang))
            except (KeyError, IndexError, TypeError, ValueError, AttributeError, ZeroDivisionError):
                pass  # not an event these rules logged: the plain form below
        line = f"{event.get('kind')}: " + ", ".join(f"{k}={v}" for k, v in event.items() if k != "kind")
        return line if len(line) <= 500 else line[:499] + "…"

    def render(self, view: dict[str, Any], lang: str = "en") -> str:
        """The table as plain text, from a view."""
        fn = self._text("render")
        if fn is not None:
            return str(fn(self, view, lang))
        return json.dumps(view, ensure_ascii=False, indent=1)

    def card_text(self, card_id: str, lang: str = "en") -> str:
        """A card's full text (plain)."""
        fn = self._text("card_text")
        if fn is not None:
            return str(fn(self, card_id, lang))
        c = self.cards.find(card_id)
        return repr(c) if c is not None else f"unknown card {card_id!r}"

    def card_source(self, card_id: str, lang: str = "en") -> str:
        """Where a card's data comes from (the text module's ``card_source(game, card_id, lang)``:
        e.g. the values the engine invented), for designers and ``info X --source``; never part of
        :meth:`card_text`, which is the card as players read it. "" when there is nothing to say."""
        fn = self._text("card_source")
        return str(fn(self, card_id, lang)) if fn is not None else ""

    def card_facts(self, card_id: str) -> dict[str, Any]:
        """A card's printed facts as JSON-able data, for a page that draws the card rather than reads
        its text (the text module's ``card_facts(game, card_id)``: its type, printed stats,
        Walpurgis' matrices). {} when the game gives none or there is no such card."""
        fn = self._text("card_facts")
        if fn is None:
            return {}
        return dict(fn(self, card_id))

    def prompt(self, view: dict[str, Any], lang: str = "en", log: list[dict[str, Any]] | None = None) -> str | None:
        """What the pending decision in ``view`` asks, in words and in ``lang`` (None: use the
        engine's short ``decision.prompt``). ``log`` is the viewer's log view, for context. The pending
        decision's kind says it (``DecisionKind.ask_text``), else the text module's ``prompt``."""
        k = self.pending_kind(view)
        if k is not None:
            own = k.ask_text(self, view, lang, log)
            if own:
                return own
        fn = self._text("prompt")
        if fn is None:
            return None
        out = fn(self, view, lang, log)
        return str(out) if out else None

    def result_text(self, result: str, lang: str = "en") -> str:
        """A result reason (``state.result``) for people, in ``lang``."""
        fn = self._text("result_text")
        if fn is not None:
            return str(fn(result, lang))
        if lang == "ja" and result.startswith("player ") and result.endswith(" conceded"):
            return f"P{result.split()[1]}の投了"
        return result

    def rules_text(self, section: str | None = None, lang: str = "en", width: int = 60,
                   commands: bool = True) -> str | None:
        """The game's rules summary shipped in the package (``games/<name>/rules.toml``): the
        list of sections when ``section`` is None, else that section's text (by the spec's number,
        ``5.3`` or ``§5.3 step 4``, or the rulebook's, ``rulebook 8.1``; ``8.1`` too when the spec has
        no such section), laid out ``width`` display columns wide. None when there is no such section.
        ``commands`` False: worded for a page (no "type ``rules 5.3``" sentences)."""
        from .rules_summary import rules_text

        return rules_text(self, section, lang, width, commands)

    def inspect(self, view: dict[str, Any], token: str, lang: str = "en") -> str | None:
        """Text for ``info TOKEN`` in the CLI: a card id/name, or a place the viewer can see
        (games resolve places such as ``3c`` or ``xF2``). None when unknown/hidden."""
        fn = self._text("inspect")
        if fn is not None:
            out = fn(self, view, token, lang)
            return None if out is None else str(out)
        c = self.cards.find(token)
        return None if c is None else self.card_text(c.id, lang)

    def __repr__(self) -> str:
        return f"<Game {self.name} {self.variant} {self.params}>"


#: parsed starter decks and deck verdicts by ``Game.cache_key()`` (bounded: cleared when full)
_STARTERS: dict[tuple[Any, ...], dict[str, Deck]] = {}
_PROBLEMS: dict[tuple[Any, ...], tuple[str, ...]] = {}
_CACHE_MAX = 512


class ParamInfo(NamedTuple):
    """One parameter of a game, for people (``Game.describe_params``)."""

    name: str
    value: str
    default: str
    allowed: str
    help: str


def _whole(value: Any) -> int | None:
    """``value`` as a whole number (an int, an integral finite float, or text of digits), or None."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, float):
        return int(value) if math.isfinite(value) and value.is_integer() else None
    if isinstance(value, str):
        s = value.strip()
        body = s[1:] if s[:1] in "+-" else s
        if 0 < len(body) <= 18 and body.isascii() and body.isdigit():
            return int(s)
    return None


def _shown(value: Any) -> str:
    """``value`` as a refusal shows it: its repr, cut to 40 characters."""
    r = repr(value)
    return r if len(r) <= 40 else r[:39] + "…"


def _param_text(v: Any) -> str:
    """A parameter value as it is typed (``true``, ``random``, ``5``)."""
    return ("true" if v else "false") if isinstance(v, bool) else str(v)


_PLACE = re.compile(r"^x?[a-z]?\d{1,2}[a-z]?$", re.IGNORECASE)


def _looks_like_place(token: str) -> bool:
    """Places such as ``F1``, ``xK2`` or ``3c`` are never card names."""
    return _PLACE.match(token) is not None


__all__ = ["Game", "ParamInfo", "check_keys", "read_document"]
