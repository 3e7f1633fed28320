"""The game-agnostic state machine (ARCHITECTURE §3.1, §4).

A :class:`State` runs a game's rules as an explicit stack of small resumable steps. A frame is a
``(step_name, ctx)`` pair of plain data (``ctx`` is JSON-able and treated as immutable: a step that
needs to change it pushes a new frame). When the rules need a choice they call :meth:`State.ask`,
which parks a :class:`Decision` naming the *answer handler* that resumes with the chosen action.

A game subclasses :class:`State`, adds its own ``__slots__`` fields and provides:

* ``STEPS``: ``{name: fn(state, ctx)}`` and ``ANSWERS``: ``{name: fn(state, action, ctx)}`` — set by
  the game's :class:`~fudaba.core.game.Game` class (``Game.STATE``, ``Game.STEPS``, ``Game.ANSWERS``),
  which also gives the rules' hooks ``position()``, ``explain(action)`` and ``decision_options(d)``
  call (``Game.position_of``, ``Game.explain``, ``Game.decision_options``);
* ``_copy_into(new)``, ``_dump()`` and ``_load(data)`` for the game-specific fields;
* ``view(player)`` and ``all_cards()`` (every card id the state holds, for conservation checks);
* for hidden information (:meth:`State.resample`, :meth:`State.infoset`): ``deal_unseen(player, rng,
  belief)``, which puts the cards a seat cannot see back in their places in an order that depends
  only on what that seat knows, and ``decision_options(decision)``, which computes a decision's
  options again after that.

No generator, closure or thread holds progress, so :meth:`clone`, :meth:`to_json` and replays work
at every decision, mid-chain included.
"""

from __future__ import annotations

import hashlib
import itertools
import json
import unicodedata
from abc import ABCMeta, abstractmethod
from collections.abc import Callable, Iterable, Mapping
from numbers import Integral
from typing import TYPE_CHECKING, Any, ClassVar

from .actions import Action, Decision
from .documents import ENGINE_VERSION, MAX_ACTION_CHARS
from .errors import FudabaError, IllegalAction
from .events import Event
from .fields import CompiledFields, Field, compile_fields, fields_of
from .infoset import InfoSet
from .kinds import DecisionKind
from .rng import Rng

if TYPE_CHECKING:
    from .game import Game
    from .record import Record

Step = Callable[[Any, Any], None]
Answer = Callable[[Any, Action, Any], None]
#: a sealed pick: (seat, decision kind, handler, ctx, the action's notation) — see :meth:`State.unseal`
Sealed = tuple[int, str, str, Any, str]


#: a turn that has not ended after this many rules steps without a decision is an engine bug (a
#: stretch of turns without a decision is not: see :class:`_IdleWatch`)
MAX_STEPS_PER_APPLY = 1_000_000
#: after this many rules steps inside one apply() without a decision, ``run()`` watches the turns
#: go by for a position that comes back (:class:`_IdleWatch`); ordinary play never gets here
IDLE_WATCH_STEPS = 20_000


class _IdleWatch:
    """Turns that pass with nobody deciding anything (every decision had one option and the engine
    answered it): an ``apply()`` that runs them must neither stop with an error nor play a million
    of them one by one (issue 18: a Walpurgis v1.01 game with ``turn_limit`` 10⁶ and nothing left to
    do). ``run()`` hands every rules step over to this watch once ``IDLE_WATCH_STEPS`` have run
    without a decision. It keeps a digest of the state — everything but the turn number and the log
    — at each new turn. When a digest comes back ``period`` turns later, no player has been asked
    anything in between and the rules are deterministic, so the game repeats those ``period`` turns
    unchanged for ever: :meth:`State.skip_idle_turns` jumps the turn number ahead by a multiple of
    the period (the same state a full play-out would reach, the turn limit included). A single turn
    running more than ``MAX_STEPS_PER_APPLY`` steps is an engine bug (``RuntimeError``)."""

    __slots__ = ("seen", "steps", "turn")

    def __init__(self, st: State) -> None:
        self.turn = st.turn
        self.steps = 0
        self.seen: dict[str, int] = {}

    def step(self, st: State) -> None:
        if st.turn == self.turn:
            self.steps += 1
            if self.steps > MAX_STEPS_PER_APPLY:
                raise RuntimeError("engine bug: too many rules steps without a decision")
            return
        self.turn = st.turn
        self.steps = 0
        key = st._digest(with_turn=False)
        before = self.seen.get(key)
        if before is None:
            self.seen[key] = st.turn
            return
        self.seen.clear()
        st.skip_idle_turns(st.turn - before)
        self.turn = st.turn

#: a refusal repeats at most this many characters of the refused action, and is at most MAX_REFUSAL long
REFUSAL_ECHO = 80
MAX_REFUSAL = 2000


class StateMeta(ABCMeta):
    """Makes a state class from its declared fields (:mod:`fudaba.core.fields`): each ``name: type =
    seat_cards()`` line of the class body becomes a slot, and the class gets the copy, JSON and
    start functions compiled from every field (its bases' first) — unless it writes its own."""

    def __new__(mcls, name: str, bases: tuple[type, ...], ns: dict[str, Any], **kw: Any) -> StateMeta:
        fields = fields_of(name, bases, ns)
        own = {"_copy_into", "_dump", "init_fields"} & set(ns)
        cls = super().__new__(mcls, name, bases, ns, **kw)
        if fields:
            compiled = compile_fields(fields)
            cls.FIELDS = tuple(fields)  # type: ignore[attr-defined]
            cls._FIELDS = compiled  # type: ignore[attr-defined]
            for attr, fn in (("_copy_into", compiled.copy), ("_dump", compiled.dump), ("init_fields", compiled.init)):
                if attr not in own:
                    setattr(cls, attr, fn)
        return cls


class State(metaclass=StateMeta):
    """Base class of every game's state. See the module docstring for the protocol."""

    __slots__ = (
        "_seen",
        "decision",
        "game",
        "history",
        "log",
        "origin",
        "over",
        "result",
        "rng",
        "sealed",
        "search",
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
        #: search mode (``clone(search=True)``): the same game, but no event is built, no log or
        #: history is kept, and nothing is copied for them on clone (see :meth:`clone`)
        self.search = False
        #: sealed picks not yet revealed (:meth:`unseal`), in the order they were made
        self.sealed: tuple[Sealed, ...] = ()

    # ------------------------------------------------------------------ the step machine
    def push(self, step: str, ctx: Any = None) -> None:
        """Schedule ``step``; the last pushed runs first."""
        self.stack.append((step, ctx))

    def push_seq(self, *steps: str) -> None:
        """Schedule steps to run in the order given."""
        for s in reversed(steps):
            self.stack.append((s, None))

    def ask(self, kind: DecisionKind, player: int, ctx: Any = None, options: list[Action] | None = None) -> None:
        """Stop at a decision of ``kind`` (a :class:`~fudaba.core.kinds.DecisionKind` of the game's
        ``KINDS``): ``player`` chooses one of its options, and ``kind.answer`` resumes with the choice.
        ``options``: the kind's options when the rules have just computed them (they must be
        ``kind.options(self, player, ctx)``). A sealed kind's answer is a sealed pick: the core keeps
        it and no answer runs; :meth:`unseal` reveals every pick at once."""
        opts = kind.options(self, player, ctx) if options is None else options
        if not opts:
            raise RuntimeError(f"engine bug: decision {kind.name!r} with no legal action")
        self.decision = Decision(
            player, kind.name, (kind.short_prompt or kind.name) if kind._prompt_fixed else kind.prompt(self, player, ctx),
            opts, kind.handler, ctx, kind.private if kind._private_fixed else kind.is_private(self, player, ctx),
            None if kind._no_seal else kind.sealed_data(self, player, ctx))

    def emit(
        self, kind: str, secret: dict[str, Any] | None = None, seen_by: tuple[int, ...] = (), **data: Any
    ) -> None:
        """Log an event. ``secret`` is seen only by the seats in ``seen_by``. A search state logs nothing."""
        if not self.search:
            self.log.append(Event(kind, data, secret, seen_by))

    def run(self, limit: int = 0) -> int:
        """Run rules steps until a decision is pending or the game is over; returns the number of
        steps run. ``limit``: a caller's budget of steps (RuntimeError past it); without one, a long
        stretch without a decision is watched by :class:`_IdleWatch`."""
        steps = self.STEPS
        stack = self.stack
        n = 0
        idle: _IdleWatch | None = None
        watch_at = min(limit, IDLE_WATCH_STEPS) if limit else IDLE_WATCH_STEPS
        while not self.over:
            d = self.decision
            if d is not None:
                if self.AUTO_SINGLE and len(d.options) == 1:
                    self.decision = None
                    a = d.options[0]
                    if not self.search:  # a search state logs nothing
                        self.log.append(self._auto_event(d, a))
                    if d.sealed is None:
                        self.ANSWERS[d.handler](self, a, d.ctx)
                    else:
                        self._seal(d, a)
                    continue
                return n
            if not stack:
                raise RuntimeError("engine bug: the rules stack ran empty with no decision pending")
            name, ctx = stack.pop()
            steps[name](self, ctx)
            n += 1
            if n > watch_at:
                if limit and n > limit:  # a caller's budget (the state-document probe)
                    raise RuntimeError("engine bug: too many rules steps without a decision")
                if n > IDLE_WATCH_STEPS:  # a long stretch without a decision: see _IdleWatch
                    if idle is None:
                        idle = _IdleWatch(self)
                    idle.step(self)
        return n

    def skip_idle_turns(self, period: int) -> None:
        """The game has come back to the same state ``period`` turns later with nobody deciding
        anything (:class:`_IdleWatch`): it would repeat those turns until its turn limit. Jump the turn
        number ahead by as many whole periods as stay within the parameter ``turn_limit`` (no game
        ends before that turn), logged as a ``turns_skipped`` event; the rules then play the last
        turns and end the game as the limit says. Without a turn limit (0 or none) such a game
        would never end: it ends now as a draw, ``"no progress"``. A game whose rules read the turn
        number otherwise overrides this."""
        limit = self.game.params.get("turn_limit")
        if isinstance(limit, int) and not isinstance(limit, bool) and limit > 0:
            m = (limit - self.turn) // period
            if m > 0:
                self.emit("turns_skipped", first=self.turn, last=self.turn + m * period - 1, period=period)
                self.turn += m * period
            return
        self.emit("turns_skipped", first=self.turn, last=None, period=period)
        self.end_game(None, "no progress")

    @staticmethod
    def _auto_event(d: Decision, a: Action) -> Event:
        """The log entry of a one-option decision the engine answered itself (ARCHITECTURE §3.2)."""
        if d.private:  # only the decider learns that (and how) the engine answered
            return Event("auto", {"player": d.player, "decision": d.kind}, {"action": a.text}, (d.player,), hidden=True)
        return Event("auto", {"player": d.player, "decision": d.kind, "action": a.text})

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
        if len(text) > MAX_ACTION_CHARS:  # refused before anything is built from it
            n = len(text)
            raise IllegalAction(f"{_cut(text.strip())}: {n:,} characters is no action (notation is at most "
                                f"{MAX_ACTION_CHARS:,} characters)", action=_cut(text.strip()),
                                translations={"ja": f"{_cut(text.strip())}: {n:,}文字の入力は行動ではありません "
                                                    f"(記法は{MAX_ACTION_CHARS:,}文字まで)"})
        tokens = text.split()
        if not tokens:
            raise IllegalAction("empty action: type one of the legal actions (or its number in the CLI)",
                                translations={"ja": "空の入力です: 合法手のどれか (CLIではその番号) を入力してください"})
        tokens[0] = unicodedata.normalize("NFKC", tokens[0]).lower()  # ｐａｓｓ typed with an IME
        if tokens[0] == "concede":  # never listed, never interned
            return Action("concede", tuple(tokens[1:2]))
        kind = self.game.KIND_BY_HANDLER.get(d.handler)
        if kind is not None:  # the game's own shorthand for this decision (``bid 7``)
            got = kind.read(self, d.player, d.ctx, tokens)
            if got is not None and got in d.options:
                return d.options[d.options.index(got)]
        words = tokens
        tokens = [tokens[0], *(self.game.resolve_token(t) for t in tokens[1:])]
        key = " ".join(tokens).lower()
        for a in d.options:
            if a.text.lower() == key:
                return a
        if len(words) >= 2:
            # card names of several words (``charge Giant King``), or a displayed option pasted whole
            # with its gloss (``place W-MR-01 1a up Normal Shot (Marisa)``, ``done 手札をそのまま残す``)
            found, named = self._parse_words(words)
            if len(found) == 1:
                return found[0]
            if len(found) > 1:
                alts = " / ".join(a.text for a in found[:6])
                shown = _cut(text.strip())
                raise IllegalAction(f"{shown}: ambiguous, it reads as {alts}: type one of them",
                                    translations={"ja": f"{shown}: 曖昧です ({alts} のどれとも読めます): どれか1つを入力してください"})
            if named is not None:
                tokens = named
        raise self.refusal(Action.known(*tokens))  # explained, not interned: it is no option

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
        view: dict[str, Any] | None = None
        for k in range(len(words) - 1, 0, -1):
            rest = " ".join(words[k:]).casefold()
            for reading in self._readings(words[1:k]):
                a = legal.get(" ".join([verb, *reading]).lower())
                if a is None or a.text in found:
                    continue
                if view is None:
                    view = self.view(d.player)
                if any(" ".join(self.game.option_gloss(a, view, lang).split()).casefold() == rest
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
            if len(a.text) > MAX_ACTION_CHARS:
                raise IllegalAction(f"{_cut(a.text)}: {len(a.text):,} characters is no action (notation is at most "
                                    f"{MAX_ACTION_CHARS:,} characters)", action=_cut(a.text))
        else:
            raise IllegalAction(f"{action!r:.60}: an action is an Action or its notation text (e.g. 'pass')")
        if a.verb == "concede":
            seat = d.player
            if a.args:
                if a.args[0] not in ("0", "1") or len(a.args) > 1:
                    shown = _cut(" ".join(a.args))
                    raise IllegalAction(f"concede {shown}: the seat must be 0 or 1",
                                        translations={"ja": f"concede {shown}: 席は0か1です"})
                seat = int(a.args[0])
            mark = len(self.log)
            self.concede(seat)
            return self.log[mark:]
        for o in d.options:  # options are interned: an identity scan finds them fastest
            if o is a:
                break
        else:
            try:  # the handler gets the decision's own option: rules compare options by identity
                a = d.options[d.options.index(a)]
            except ValueError:
                raise self.refusal(a) from None
        mark = len(self.log)
        if not self.search:
            self.history.append(a.text)
        self.decision = None
        if d.sealed is None:
            self.ANSWERS[d.handler](self, a, d.ctx)
        else:
            self._seal(d, a)
        self.run()
        return self.log[mark:]

    #: languages other than English that ``explain_in`` can give refusals in
    REFUSAL_LANGS: ClassVar[tuple[str, ...]] = ()

    def refusal(self, a: Action) -> IllegalAction:
        """The IllegalAction for ``a``: its rule in English, and in every language the game has (the
        action shortened to :data:`REFUSAL_ECHO` characters where the message repeats it)."""
        shown = _cut(a.text)
        tr = {lang: _cut(f"{shown}: {self.explain_in(a, lang)}", MAX_REFUSAL) for lang in self.REFUSAL_LANGS}
        return IllegalAction(_cut(f"{shown}: {self.explain(a)}", MAX_REFUSAL), action=shown, translations=tr)

    def explain_in(self, action: Action, lang: str) -> str:
        """``explain`` in another language (``REFUSAL_LANGS``; the game's hook is ``Game.explain``)."""
        return self.game.explain(self, action, lang)

    def concede(self, seat: int) -> None:
        """``seat`` concedes and loses at once (allowed at any time)."""
        if self.over:
            raise IllegalAction(f"the game is over ({self.result})", translations={"ja": f"ゲームは終了しています ({self.result})"})
        if isinstance(seat, bool) or not isinstance(seat, Integral) or seat not in (0, 1):  # True is no seat
            shown = _cut(repr(seat))
            raise IllegalAction(f"concede {shown}: the seat must be 0 or 1", translations={"ja": f"concede {shown}: 席は0か1です"})
        seat = int(seat)  # "concede True" would not replay
        if not self.search:
            self.history.append(f"concede {seat}")
        self.emit("concede", player=seat)
        self.end_game(1 - seat, f"player {seat} conceded")

    def log_view(self, player: int | None, since: int = 0) -> list[dict[str, Any]]:
        """The events ``player`` may see (None: a spectator), redacted for it, from ``since`` on.

        ``since`` is a cursor into *this seat's own* log view: the number of its events the caller
        already has. ``log_view(p, since=n)`` is ``log_view(p)[n:]``, and ``n + len(result)`` is the
        next cursor. Events hidden from the seat are not counted, so the cursor stays valid however
        many of them are logged, and it tells the seat nothing about them (a global event index
        would count them). Raises FudabaError for a negative or non-integer cursor."""
        self.check_seat(player, spectator=True)
        self._check_not_search("a log view")
        if not isinstance(since, Integral) or isinstance(since, bool) or since < 0:
            raise FudabaError(f"log_view since={since!r:.20}: the cursor is the number of events of this seat's "
                              "log view already read (an int ≥ 0)")
        if not since:
            return [e.view(player) for e in self.log if e.visible_to(player)]
        out = []
        n = 0
        for e in self.log:
            if e.visible_to(player):
                if n >= since:
                    out.append(e.view(player))
                n += 1
        return out

    def _check_not_search(self, what: str) -> None:
        """FudabaError when this is a search state (it keeps no log or history)."""
        if self.search:
            raise FudabaError(f"{what} is not available: this is a search state (clone(search=True)), which keeps "
                              "no log and no history; use a normal state")

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
    def clone(self, search: bool | None = None) -> State:
        """An independent copy. ``search=True`` gives a *search state*: it plays exactly the same game
        (the same hash after the same actions) but builds no events and keeps no log or history, so
        neither costs anything to play or to clone; ``record()`` and ``log_view()`` on it raise
        FudabaError. A clone of a search state is a search state (``search=False`` raises: its log
        is gone)."""
        if search is None:
            search = self.search
        elif self.search and not search:
            raise FudabaError("a search state keeps no log or history: it cannot be cloned into a normal "
                              "state; clone the normal state it came from")
        new = self.__class__.__new__(self.__class__)
        new.game = self.game
        r = Rng.__new__(Rng)
        r.state = self.rng.state
        new.rng = r
        new.stack = self.stack.copy()
        new.decision = self.decision  # decisions are never mutated once made
        if search:
            new.search = True
            new.log = []
            new.history = []
        else:
            new.search = False
            new.log = self.log.copy()
            new.history = self.history.copy()
        new.origin = self.origin
        new.over = self.over
        new.winner = self.winner
        new.result = self.result
        new.turn = self.turn
        new.sealed = self.sealed  # a tuple of tuples: shared
        self._copy_into(new)
        return new

    def _common(self) -> dict[str, Any]:
        c = {
            "rng": self.rng.state,
            "stack": [[n, c] for n, c in self.stack],
            "decision": None if self.decision is None else self.decision.to_dict(),
            "over": self.over,
            "winner": self.winner,
            "result": self.result,
            "turn": self.turn,
        }
        if self.sealed:  # only then: the hashes of states without sealed picks stay as they were
            c["sealed"] = [list(x) for x in self.sealed]
        return c

    def to_json(self) -> str:
        """The whole state as JSON (``game.state_from_json`` reads it back)."""
        doc: dict[str, Any] = {
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
        if self.search:  # read back as a search state: its empty log is not the game's log
            doc["search"] = True
        if self.game.extra_cards:  # cards added to the game's pool (Game.with_cards)
            doc["cards"] = self.game.extra_cards
        return json.dumps(doc, ensure_ascii=False, separators=(",", ":"))

    @classmethod
    def from_json_doc(cls, game: Game, doc: dict[str, Any]) -> State:
        """The state of a ``fudaba-state`` document, checked as strictly as a position
        (:func:`~fudaba.core.state_docs.load_state`); PositionError names the key."""
        from .state_docs import load_state

        return load_state(cls, game, doc)

    def check_ctx(self, name: str, ctx: Any) -> str:
        """Game hook for state documents: why ``ctx`` cannot be the context of the step or answer
        handler ``name`` ("" when it can). The core has checked it is small plain data."""
        return ""

    def hash(self) -> str:
        """A digest of everything that decides the future (not the log): equal states, equal hash."""
        return self._digest()

    def _digest(self, with_turn: bool = True) -> str:
        common = self._common()
        if not with_turn:
            del common["turn"]
        body = json.dumps([common, self._dump()], ensure_ascii=False, separators=(",", ":"))
        return hashlib.blake2b(body.encode(), digest_size=16).hexdigest()

    def record(self, step_hashes: bool = False) -> Record:
        """The replayable record of this game so far (ARCHITECTURE §4)."""
        from .record import Record

        self._check_not_search("a record")
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

    def adopt_position_cards(self) -> None:
        """For ``_load``: a state read back from JSON whose origin is a position with inline
        ``[[cards]]`` plays in the game with those cards added (``Game.with_cards``)."""
        pos = self.origin.get("position") if isinstance(self.origin, dict) else None
        if isinstance(pos, dict) and pos.get("cards") and not self.game.extra_cards:
            self.game = self.game.with_cards(list(pos["cards"]), "position [[cards]]")

    # ------------------------------------------------------------------ game hooks
    #: the declared fields (:mod:`fudaba.core.fields`) and what was compiled from them
    FIELDS: ClassVar[tuple[Field, ...]] = ()
    _FIELDS: ClassVar[CompiledFields | None] = None

    def _copy_into(self, new: Any) -> None:
        """Copy the game's fields into ``new`` (compiled from ``FIELDS``, or the game's own)."""
        raise TypeError(f"{type(self).__name__} declares no fields and writes no _copy_into")

    def _dump(self) -> dict[str, Any]:
        """The game's fields as JSON-able data, in declared order (compiled from ``FIELDS``)."""
        raise TypeError(f"{type(self).__name__} declares no fields and writes no _dump")

    def _load(self, data: dict[str, Any]) -> None:
        """Set the game's fields from a state document's ``state`` table, every value checked
        (PositionError naming the key); a game with more to check or derive extends it."""
        if self._FIELDS is None:
            raise TypeError(f"{type(self).__name__} declares no fields and writes no _load")
        self._FIELDS.load(self, data, self.game.cards)

    def init_fields(self) -> None:
        """Every field at its starting value (compiled from ``FIELDS``)."""

    @abstractmethod
    def view(self, player: int | None) -> dict[str, Any]:
        """Game hook."""

    def position(self) -> dict[str, Any]:
        """The position document of this state (``Game.position_of``, the game's hook)."""
        return self.game.position_of(self)

    @abstractmethod
    def deal_unseen(self, player: int, rng: Rng | None, belief: list[str] | None) -> None:
        """Game hook of :meth:`resample` and :meth:`infoset`, called on a copy of the state: put every
        card ``player`` cannot see back in the places it cannot see, dealt from a canonical order
        (:func:`canonical`: sorted ids, then shuffled by ``rng``), so that the result depends only on
        what the seat knows. ``rng`` None: no shuffle (the canonical copy an InfoSet keeps). ``belief``:
        the other seat's unseen cards as the caller believes them (sorted ids), instead of its true
        ones; a game checks their number (:func:`check_belief`). Keep true what the rules guarantee
        (a card that must be there) when ``rng`` is given."""

    def decision_options(self, d: Decision) -> list[Action]:
        """Game hook of :meth:`resample`: the options of ``d`` — a decision of another seat, or the
        decision a sealed pick answered — computed in this state by the functions the rules use
        (after :meth:`deal_unseen` they may name other cards). The default keeps ``d.options``:
        right only for a game whose options never depend on a hidden card (the game's hook is
        ``Game.decision_options``)."""
        return self.game.decision_options(self, d)

    # ------------------------------------------------------------------ sealed picks (ARCHITECTURE §4)
    def _seal(self, d: Decision, a: Action) -> None:
        """Keep ``a``, the answer to the sealed decision ``d``, away from the rules until :meth:`unseal`;
        log that the seat has picked (what it picked, only for that seat)."""
        self.sealed = (*self.sealed, (d.player, d.kind, d.handler, d.ctx, a.text))
        self.emit("pick", {"action": a.text}, (d.player,), player=d.player, decision=d.kind, **(d.sealed or {}))

    def unseal(self, kind: str, show: Callable[[int, Action], Any] | None = None, **data: Any) -> dict[int, Action]:
        """Reveal every sealed pick at once: one public event ``kind`` with ``data`` and ``picks``
        (``{"seat": show(seat, action)}``, by default the notation; a game shows a face-down card by
        what every seat may see of it). Returns ``{seat: action}`` in the order picked; no pick stays
        sealed."""
        picks = {p: Action.parse(t) for p, _k, _h, _c, t in self.sealed}
        self.sealed = ()
        self.emit(kind, **data, picks={str(p): a.text if show is None else show(p, a) for p, a in picks.items()})
        return picks

    def add_sealed(self, kind: DecisionKind, player: int, ctx: Any, action: Action | str) -> None:
        """A sealed pick already made, for a position that starts between a pick and its reveal (no
        event is logged: a position has no past)."""
        text = action.text if isinstance(action, Action) else str(action)
        self.sealed = (*self.sealed, (player, kind.name, kind.handler, ctx, text))

    def picked(self) -> list[int]:
        """The seats whose sealed pick waits to be revealed (all that a view may show of them)."""
        return [x[0] for x in self.sealed]

    # ------------------------------------------------------------------ hidden information (ARCHITECTURE §4)
    def seat_log(self, seat: int) -> list[Event]:
        """The log as ``seat`` saw it, as events: those hidden from it left out, the others' secrets
        removed (its own kept). Kept up to date incrementally; do not modify the list."""
        log = self.log
        cache: tuple[list[Event], list[int], list[list[Event]]] | None = getattr(self, "_seen", None)
        if cache is None or cache[0] is not log:
            cache = (log, [0, 0], [[], []])
            self._seen = cache
        counts, outs = cache[1], cache[2]
        n = counts[seat]
        if n != len(log):
            if n > len(log):  # the log was shortened in place: start again
                n, outs[seat] = 0, []
            out = outs[seat]
            for i in range(n, len(log)):
                e = log[i]
                if seat in e.seen_by:
                    out.append(e)
                elif not e.hidden:
                    out.append(Event(e.kind, e.data) if e.secret else e)
            counts[seat] = len(log)
        return outs[seat]

    def _seat_copy(self, player: int) -> State:
        """A copy holding only what ``player`` knows of the past: its log view (as events), no
        history, no origin, a blank RNG and the other seats' sealed picks blanked. The hidden cards
        are still the true ones: :meth:`deal_unseen` comes next."""
        log = [] if self.search else self.seat_log(player).copy()
        new = self.clone(search=True)  # copies no log or history
        new.search = self.search
        new.log = log
        if not self.search:  # the copy's log is the seat's log view already
            counts = [0, 0]
            outs: list[list[Event]] = [[], []]
            counts[player] = len(log)
            outs[player] = log.copy()
            new._seen = (log, counts, outs)
        new.history = []
        new.origin = {}
        new.rng = Rng(0)
        if self.sealed:
            new.sealed = tuple(x if x[0] == player else (x[0], x[1], x[2], x[3], "") for x in self.sealed)
        return new

    def resample(self, player: int, rng: Rng, belief: Iterable[str] | Mapping[str, int] | None = None) -> State:
        """A state consistent with everything ``player`` knows, its hidden cards dealt at random: for
        search (ARCHITECTURE §4). A function of that seat's information alone — its view and its log
        view — and of ``rng``: never of the true hidden cards, the true RNG, log or history. So two
        states that give the seat the same view and log view give, with the same ``rng``, the same
        sample (same ``hash()`` and ``to_json()``).

        1. a copy keeps the seat's log view (others' secrets removed), no history and no origin;
        2. the game deals the cards the seat cannot see from a canonical order (``deal_unseen``);
           the other seat's cards are its unseen cards — its deck list is assumed known, as at an
           open-decklist tournament — or ``belief``, the ids (a list, or a mapping id -> copies)
           the caller believes they are;
        3. the internal RNG is drawn fresh from ``rng``;
        4. the other seats' sealed picks are drawn again among their legal options, uniformly;
        5. a pending decision of another seat gets its options computed again (``decision_options``),
           so every option of the sample is legal in it.
        """
        self.check_seat(player)
        if not isinstance(rng, Rng):
            raise FudabaError(f"resample: rng must be a fudaba Rng, not {type(rng).__name__}")
        cards = None if belief is None else self._belief(belief)
        new = self._seat_copy(player)
        new.deal_unseen(player, rng, cards)
        new.rng = Rng(rng.next64())
        if new.sealed:
            redrawn = []
            for x in new.sealed:
                if x[0] != player:
                    opts = new.decision_options(Decision(x[0], x[1], "", [], x[2], x[3], True))
                    if not opts:
                        raise RuntimeError(f"engine bug: decision_options gives no option for the sealed {x[1]!r}")
                    x = (x[0], x[1], x[2], x[3], opts[rng.randbelow(len(opts))].text)
                redrawn.append(x)
            new.sealed = tuple(redrawn)
        d = new.decision
        if d is not None and d.player != player:
            opts = new.decision_options(d)
            if not opts:
                raise RuntimeError(f"engine bug: decision_options gives no option for {d.kind!r}")
            new.decision = d.with_options(opts)
        return new

    def _belief(self, belief: Iterable[str] | Mapping[str, int]) -> list[str]:
        """``belief`` as sorted card ids; FudabaError for an id the game does not know, a count that is
        no whole number ≥ 0, or more cards than the game holds (checked before any list is built)."""
        most = len(self.all_cards())
        if isinstance(belief, Mapping):
            total = 0
            for cid, n in belief.items():
                if isinstance(n, bool) or not isinstance(n, Integral) or n < 0:
                    raise FudabaError(f"resample belief: the copies of {str(cid)[:40]!r} must be a whole number ≥ 0, "
                                      f"got {str(n)[:20]}")
                total += int(n)
                if total > most:
                    raise FudabaError(f"resample belief: more cards than the {most} this game holds")
            ids = [cid for cid, n in belief.items() for _ in range(int(n))]
        elif isinstance(belief, str) or not isinstance(belief, Iterable):
            raise FudabaError("resample belief: a list of card ids (or a mapping id -> copies), not "
                              f"{type(belief).__name__}")
        else:
            ids = list(itertools.islice(belief, most + 1))
            if len(ids) > most:
                raise FudabaError(f"resample belief: more cards than the {most} this game holds")
        for cid in ids:
            if not isinstance(cid, str) or cid not in self.game.cards:
                raise FudabaError(f"resample belief: {cid!r:.40} is not a card id of {self.game.name}")
        return sorted(ids)

    def infoset(self, player: int, decision_only: bool = False) -> InfoSet:
        """What ``player`` knows now, for an agent (ARCHITECTURE §4): its view (built when first
        read), the pending decision as that seat may see it, and ``sample(rng)``. The InfoSet holds a
        copy of this state in which every card the seat cannot see is dealt in canonical order and
        the others' sealed picks are blanked — nothing an agent can follow leads to the true state,
        and ``sample(rng)`` equals ``resample(player, rng)`` (docs/agents.md). ``decision_only``:
        the decision alone, with no copy (for agents that read nothing else)."""
        self.check_seat(player)
        if decision_only:
            return InfoSet(player, None, self.decision)
        base = self._seat_copy(player)
        base.deal_unseen(player, None, None)
        d = base.decision
        if d is not None and d.player != player:  # its options may name the other seat's true cards
            base.decision = d.with_options(base.decision_options(d))
        return InfoSet(player, base)

    def explain(self, action: Action) -> str:
        """Why ``action`` is not legal now, naming the rule (spec section; the game's hook is
        ``Game.explain``)."""
        return self.game.explain(self, action)

    def all_cards(self) -> list[str]:
        """Every card id the state holds (for conservation checks): the cards of every zone field."""
        if self._FIELDS is None:
            raise TypeError(f"{type(self).__name__} declares no fields and writes no all_cards")
        return self._FIELDS.zones(self)


def canonical(ids: Iterable[str], rng: Rng | None) -> list[str]:
    """``ids`` sorted, then shuffled by ``rng`` (None: not shuffled) — how ``deal_unseen`` starts, so
    that a deal depends on which cards are unseen, never on where they truly are."""
    out = sorted(ids)
    if rng is not None:
        rng.shuffle(out)
    return out


def check_belief(belief: list[str], n: int, whose: str) -> list[str]:
    """``belief`` when it has the ``n`` cards of ``whose`` unseen places, else FudabaError."""
    if len(belief) != n:
        raise FudabaError(f"resample belief: {whose} has {n} unseen card(s) there, the belief lists {len(belief)}")
    return belief


def _cut(text: str, n: int = 0) -> str:
    """``text`` shortened to ``n`` characters (default :data:`REFUSAL_ECHO`) for a message, marked with …."""
    n = n or REFUSAL_ECHO
    return text if len(text) <= n else text[: n - 1] + "…"
