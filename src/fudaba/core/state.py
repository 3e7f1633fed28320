"""The game-agnostic state machine (ARCHITECTURE §3.1, §4).

A :class:`State` runs a game's rules as an explicit stack of small resumable steps. A frame is a
``(step_name, ctx)`` pair of plain data (``ctx`` is JSON-able and treated as immutable: a step that
needs to change it pushes a new frame). When the rules need a choice they call :meth:`State.ask`,
which parks a :class:`Decision` naming the *answer handler* that resumes with the chosen action.

A game subclasses :class:`State`, adds its own ``__slots__`` fields and provides:

* ``STEPS``: ``{name: fn(state, ctx)}`` and ``ANSWERS``: ``{name: fn(state, action, ctx)}``;
* ``_copy_into(new)``, ``_dump()`` and ``_load(data)`` for the game-specific fields;
* ``view(player)``, ``position()``, ``resample(player, rng)``, ``explain(action)`` and
  ``all_cards()`` (every card id the state holds, for conservation checks).

No generator, closure or thread holds progress, so :meth:`clone`, :meth:`to_json` and replays work
at every decision, mid-chain included.
"""

from __future__ import annotations

import hashlib
import json
import unicodedata
from abc import ABC, abstractmethod
from collections.abc import Callable
from numbers import Integral
from typing import TYPE_CHECKING, Any, ClassVar

from .actions import Action, Decision
from .errors import FudabaError, IllegalAction, PositionError
from .events import Event
from .rng import Rng

if TYPE_CHECKING:
    from .game import Game
    from .record import Record

Step = Callable[[Any, Any], None]
Answer = Callable[[Any, Action, Any], None]

ENGINE_VERSION = "0.1.0"

#: a game that has not ended after this many rules steps inside one apply() is an engine bug
MAX_STEPS_PER_APPLY = 1_000_000


class State(ABC):
    """Base class of every game's state. See the module docstring for the protocol."""

    __slots__ = (
        "decision",
        "game",
        "history",
        "log",
        "origin",
        "over",
        "result",
        "rng",
        "stack",
        "turn",
        "winner",
    )

    STEPS: ClassVar[dict[str, Step]] = {}
    ANSWERS: ClassVar[dict[str, Answer]] = {}
    #: answer a decision that has exactly one legal action without asking (ARCHITECTURE §3.2)
    AUTO_SINGLE: ClassVar[bool] = True

    def __init__(self, game: Game, seed: int = 0) -> None:
        self.game = game
        self.rng = Rng(seed)
        self.stack: list[tuple[str, Any]] = []
        self.decision: Decision | None = None
        self.log: list[Event] = []
        self.history: list[str] = []
        self.origin: dict[str, Any] = {}
        self.over = False
        self.winner: int | None = None
        self.result = ""
        self.turn = 1

    # ------------------------------------------------------------------ the step machine
    def push(self, step: str, ctx: Any = None) -> None:
        """Schedule ``step``; the last pushed runs first."""
        self.stack.append((step, ctx))

    def push_seq(self, *steps: str) -> None:
        """Schedule steps to run in the order given."""
        for s in reversed(steps):
            self.stack.append((s, None))

    def ask(
        self,
        player: int,
        kind: str,
        options: list[Action],
        handler: str,
        ctx: Any = None,
        prompt: str = "",
        private: bool = False,
    ) -> None:
        """Stop at a decision: ``player`` chooses one of ``options``; ``ANSWERS[handler]`` resumes.

        ``private``: the choice is secret (see :class:`Decision`)."""
        if not options:
            raise RuntimeError(f"engine bug: decision {kind!r} with no legal action")
        self.decision = Decision(player, kind, prompt or kind, options, handler, ctx, private)

    def emit(
        self, kind: str, secret: dict[str, Any] | None = None, seen_by: tuple[int, ...] = (), **data: Any
    ) -> None:
        """Log an event. ``secret`` is seen only by the seats in ``seen_by``."""
        self.log.append(Event(kind, data, secret, seen_by))

    def run(self) -> None:
        """Run rules steps until a decision is pending or the game is over."""
        steps = self.STEPS
        stack = self.stack
        n = 0
        while not self.over:
            d = self.decision
            if d is not None:
                if self.AUTO_SINGLE and len(d.options) == 1:
                    self.decision = None
                    a = d.options[0]
                    if d.private:  # only the decider learns that (and how) the engine answered
                        ev = Event("auto", {"player": d.player, "decision": d.kind}, {"action": a.text}, (d.player,),
                                   hidden=True)
                    else:
                        ev = Event("auto", {"player": d.player, "decision": d.kind, "action": a.text})
                    self.log.append(ev)
                    self.ANSWERS[d.handler](self, a, d.ctx)
                    continue
                return
            if not stack:
                raise RuntimeError("engine bug: the rules stack ran empty with no decision pending")
            name, ctx = stack.pop()
            steps[name](self, ctx)
            n += 1
            if n > MAX_STEPS_PER_APPLY:
                raise RuntimeError("engine bug: too many rules steps without a decision")

    def end_game(self, winner: int | None, reason: str) -> None:
        """End the game now. ``winner`` None is a draw."""
        if self.over:
            return
        self.over = True
        self.winner = winner
        self.result = reason
        self.decision = None
        self.stack.clear()
        self.emit("game_over", winner=winner, result=reason)

    # ------------------------------------------------------------------ public API
    @property
    def is_over(self) -> bool:
        return self.over

    @property
    def current_player(self) -> int | None:
        d = self.decision
        return None if d is None else d.player

    def legal_actions(self) -> list[Action]:
        d = self.decision
        return [] if d is None else list(d.options)

    def parse(self, text: str) -> Action:
        """Turn notation text into one of the current legal actions (tolerant: case, spaces, card
        names for ids); raises :class:`IllegalAction` explaining the rule when it is not legal."""
        if self.over:
            raise IllegalAction(f"the game is over ({self.result})", translations={"ja": f"ゲームは終了しています ({self.result})"})
        d = self.decision
        assert d is not None
        tokens = text.split()
        if not tokens:
            raise IllegalAction("empty action: type one of the legal actions (or its number in the CLI)",
                                translations={"ja": "空の入力です: 合法手のどれか (CLIではその番号) を入力してください"})
        tokens[0] = unicodedata.normalize("NFKC", tokens[0]).lower()  # ｐａｓｓ typed with an IME
        if tokens[0] == "concede":
            return Action.of("concede", *tokens[1:2])
        words = tokens
        tokens = [tokens[0], *(self.game.resolve_token(t) for t in tokens[1:])]
        key = " ".join(tokens).lower()
        for a in d.options:
            if a.text.lower() == key:
                return a
        if len(words) > 2:
            # card names of several words (``charge Giant King``), or a displayed option pasted whole
            # with its gloss (``place W-MR-01 1a up Normal Shot (Marisa)``)
            found, named = self._parse_words(words)
            if len(found) == 1:
                return found[0]
            if len(found) > 1:
                alts = " / ".join(a.text for a in found)
                raise IllegalAction(f"{text.strip()}: ambiguous, it reads as {alts}: type one of them",
                                    translations={"ja": f"{text.strip()}: 曖昧です ({alts} のどれとも読めます): どれか1つを入力してください"})
            if named is not None:
                tokens = named
        raise self.refusal(Action.of(*tokens))

    #: a typed action longer than this many words is not searched for multi-word names or glosses
    MAX_PARSE_WORDS: ClassVar[int] = 24

    def _readings(self, words: list[str]) -> list[list[str]]:
        """Every way to read ``words`` (the arguments of an action) as tokens, a run of several words
        being read as one card id when it is a card's name (``Giant King`` -> ``SV-A08``)."""
        cards = self.game.cards
        out: list[list[str]] = []

        def rec(i: int, acc: list[str]) -> None:
            if i == len(words):
                out.append(acc)
                return
            for j in range(len(words), i + 1, -1):  # several words that name one card
                c = cards.find(self.game.resolve_token(" ".join(words[i:j])))
                if c is not None:
                    rec(j, [*acc, c.id])
            rec(i + 1, [*acc, self.game.resolve_token(words[i])])

        rec(0, [])
        return out

    def _parse_words(self, words: list[str]) -> tuple[list[Action], list[str] | None]:
        """The legal actions ``words`` (verb first) may mean, read with multi-word card names or as a
        displayed option followed by its gloss; and the first reading that used a multi-word name."""
        d = self.decision
        assert d is not None
        if len(words) > self.MAX_PARSE_WORDS:
            return [], None
        legal = {a.text.lower(): a for a in d.options}
        verb = words[0]
        found: dict[str, Action] = {}
        named: list[str] | None = None
        for reading in self._readings(words[1:]):
            a = legal.get(" ".join([verb, *reading]).lower())
            if a is not None:
                found[a.text] = a
            elif named is None and len(reading) < len(words) - 1:
                named = [verb, *reading]
        if found:
            return list(found.values()), named
        # a displayed option copied whole: a legal action, then exactly the words of its gloss
        from .session import option_gloss

        view: dict[str, Any] | None = None
        for k in range(len(words) - 1, 0, -1):
            rest = " ".join(words[k:]).casefold()
            for reading in self._readings(words[1:k]):
                a = legal.get(" ".join([verb, *reading]).lower())
                if a is None or a.text in found:
                    continue
                if view is None:
                    view = self.view(d.player)
                if any(" ".join(option_gloss(self.game, a, lang, view).split()).casefold() == rest
                       for lang in ("en", "ja")):
                    found[a.text] = a
        return list(found.values()), named

    def apply(self, action: Action | str) -> list[Event]:
        """Answer the pending decision; returns the events this caused.

        Raises :class:`IllegalAction` (state unchanged) when the action is not legal now.
        """
        if self.over:
            raise IllegalAction(f"the game is over ({self.result}); no action is legal",
                                translations={"ja": f"ゲームは終了しています ({self.result}): できる行動はありません"})
        d = self.decision
        if d is None:
            raise IllegalAction("no decision is pending")
        if isinstance(action, str):
            a = self.parse(action)
        elif isinstance(action, Action):
            a = action
        else:
            raise IllegalAction(f"{action!r:.60}: an action is an Action or its notation text (e.g. 'pass')")
        if a.verb == "concede":
            seat = d.player
            if a.args:
                try:
                    seat = int(a.args[0])
                except ValueError:
                    raise IllegalAction(f"concede {a.args[0]}: the seat must be 0 or 1",
                                        translations={"ja": f"concede {a.args[0]}: 席は0か1です"}) from None
                if seat not in (0, 1):
                    raise IllegalAction(f"concede {seat}: the seat must be 0 or 1", translations={"ja": f"concede {seat}: 席は0か1です"})
            mark = len(self.log)
            self.concede(seat)
            return self.log[mark:]
        try:  # the handler gets the decision's own option: rules compare options by identity
            a = d.options[d.options.index(a)]
        except ValueError:
            raise self.refusal(a) from None
        mark = len(self.log)
        self.history.append(a.text)
        self.decision = None
        self.ANSWERS[d.handler](self, a, d.ctx)
        self.run()
        return self.log[mark:]

    #: languages other than English that ``explain_in`` can give refusals in
    REFUSAL_LANGS: ClassVar[tuple[str, ...]] = ()

    def refusal(self, a: Action) -> IllegalAction:
        """The IllegalAction for ``a``: its rule in English, and in every language the game has."""
        tr = {lang: f"{a.text}: {self.explain_in(a, lang)}" for lang in self.REFUSAL_LANGS}
        return IllegalAction(f"{a.text}: {self.explain(a)}", action=a.text, translations=tr)

    def explain_in(self, action: Action, lang: str) -> str:
        """``explain`` in another language (games that translate their refusals override)."""
        return self.explain(action)

    def concede(self, seat: int) -> None:
        """``seat`` concedes and loses at once (allowed at any time)."""
        if self.over:
            raise IllegalAction(f"the game is over ({self.result})", translations={"ja": f"ゲームは終了しています ({self.result})"})
        if seat not in (0, 1):
            raise IllegalAction(f"concede {seat}: the seat must be 0 or 1", translations={"ja": f"concede {seat}: 席は0か1です"})
        self.history.append(f"concede {seat}")
        self.emit("concede", player=seat)
        self.end_game(1 - seat, f"player {seat} conceded")

    def log_view(self, player: int | None) -> list[dict[str, Any]]:
        self.check_seat(player, spectator=True)
        return [e.view(player) for e in self.log if e.visible_to(player)]

    @staticmethod
    def check_seat(player: object, spectator: bool = False) -> None:
        """FudabaError unless ``player`` is seat 0 or 1 (or None for a spectator when allowed)."""
        if type(player) is int and 0 <= player <= 1:  # the common case, cheap (views are asked per action)
            return
        if (isinstance(player, Integral) and not isinstance(player, bool) and player in (0, 1)) or (
                spectator and player is None):
            return
        raise FudabaError(f"seat {player!r:.20}: the seats are 0 and 1" + (" (None: a spectator)" if spectator else ""))

    # ------------------------------------------------------------------ copies and documents
    def clone(self) -> State:
        new = self.__class__.__new__(self.__class__)
        new.game = self.game
        new.rng = self.rng.clone()
        new.stack = self.stack.copy()
        new.decision = self.decision  # decisions are never mutated once made
        new.log = self.log.copy()
        new.history = self.history.copy()
        new.origin = self.origin
        new.over = self.over
        new.winner = self.winner
        new.result = self.result
        new.turn = self.turn
        self._copy_into(new)
        return new

    def _common(self) -> dict[str, Any]:
        return {
            "rng": self.rng.state,
            "stack": [[n, c] for n, c in self.stack],
            "decision": None if self.decision is None else self.decision.to_dict(),
            "over": self.over,
            "winner": self.winner,
            "result": self.result,
            "turn": self.turn,
        }

    def to_json(self) -> str:
        """The whole state as JSON (``game.state_from_json`` reads it back)."""
        doc = {
            "format": "fudaba-state",
            "engine": ENGINE_VERSION,
            "game": self.game.name,
            "variant": self.game.variant,
            "params": self.game.params,
            "common": self._common(),
            "log": [e.to_dict() for e in self.log],
            "history": self.history,
            "origin": self.origin,
            "state": self._dump(),
        }
        if self.game.extra_cards:  # cards added to the game's pool (Game.with_cards)
            doc["cards"] = self.game.extra_cards
        return json.dumps(doc, ensure_ascii=False, separators=(",", ":"))

    @classmethod
    def from_json_doc(cls, game: Game, doc: dict[str, Any]) -> State:
        try:
            c = doc["common"]
            st = cls.__new__(cls)
            st.game = game
            st.rng = Rng(0)
            st.rng.state = int(c["rng"])
            st.stack = [(n, _tuplify(ctx)) for n, ctx in c["stack"]]
            st.decision = None if c["decision"] is None else Decision.from_dict(c["decision"])
            if st.decision is not None:
                st.decision.ctx = _tuplify(st.decision.ctx)
            st.over = bool(c["over"])
            st.winner = c["winner"]
            st.result = c["result"]
            st.turn = int(c["turn"])
            st.log = [Event.from_dict(e) for e in doc.get("log", [])]
            st.history = list(doc.get("history", []))
            st.origin = doc.get("origin", {})
            st._load(doc["state"])
        except (KeyError, TypeError, ValueError, IndexError, AttributeError) as e:
            raise PositionError(f"state JSON is malformed: {type(e).__name__}: {e}") from None
        return st

    def hash(self) -> str:
        """A digest of everything that decides the future (not the log): equal states, equal hash."""
        body = json.dumps([self._common(), self._dump()], ensure_ascii=False, separators=(",", ":"))
        return hashlib.blake2b(body.encode(), digest_size=16).hexdigest()

    def record(self, step_hashes: bool = False) -> Record:
        """The replayable record of this game so far (ARCHITECTURE §4)."""
        from .record import Record

        rec = Record(
            game=self.game.name,
            variant=self.game.variant,
            params=dict(self.game.params),
            decks=self.origin.get("decks"),
            seed=self.origin.get("seed"),
            position=self.origin.get("position"),
            actions=list(self.history),
            result=self.result,
            winner=self.winner,
            over=self.over,
            turns=self.turn,
            final_hash=self.hash(),
            engine=ENGINE_VERSION,
            cards=[dict(c) for c in self.game.extra_cards] or None,
        )
        if step_hashes:
            from .record import step_hashes as compute

            rec.hashes = compute(rec)
        return rec

    # ------------------------------------------------------------------ game hooks
    @abstractmethod
    def _copy_into(self, new: Any) -> None:
        """Game hook."""

    @abstractmethod
    def _dump(self) -> dict[str, Any]:
        """Game hook."""

    @abstractmethod
    def _load(self, data: dict[str, Any]) -> None:
        """Game hook."""

    @abstractmethod
    def view(self, player: int | None) -> dict[str, Any]:
        """Game hook."""

    @abstractmethod
    def position(self) -> dict[str, Any]:
        """Game hook."""

    @abstractmethod
    def resample(self, player: int, rng: Rng) -> State:
        """Game hook."""

    def explain(self, action: Action) -> str:
        """Why ``action`` is not legal now, naming the rule (spec section)."""
        d = self.decision
        kind = d.kind if d else "none"
        return f"not a legal action of the current decision ({kind})"

    @abstractmethod
    def all_cards(self) -> list[str]:
        """Game hook."""


def _tuplify(x: Any) -> Any:
    """JSON lists back to the tuples rules code uses for frame contexts."""
    if isinstance(x, list):
        return tuple(_tuplify(v) for v in x)
    if isinstance(x, dict):
        return {k: _tuplify(v) for k, v in x.items()}
    return x
