"""Actions and decisions (ARCHITECTURE §3.2, §5).

An :class:`Action` is an immutable, hashable answer to a :class:`Decision`; ``str(action)`` is its
canonical notation, e.g. ``summon SV-A02 F1`` or ``place W-RM-03 2d up``.

>>> a = Action.of("summon", "SV-A02", "F1")
>>> str(a)
'summon SV-A02 F1'
>>> a is Action.of("summon", "SV-A02", "F1")   # interned: cheap to build in legal_actions()
True
>>> Action.parse("  Summon   SV-A02 F1 ") == a
False
>>> Action.parse("summon SV-A02 F1") == a
True
"""

from __future__ import annotations

from typing import Any


class Action:
    """A move in a game's notation: a lowercase verb and its arguments."""

    __slots__ = ("args", "text", "verb")
    _interned: dict[tuple[str, ...], Action] = {}
    #: actions :meth:`const` made: the module constants rules compare by identity (kept by :meth:`trim`)
    _pinned: dict[tuple[str, ...], Action] = {}
    #: what the cache holds, estimated in bytes (:data:`ENTRY_BYTES` per entry and its notation)
    _bytes = 0
    #: the bound of the intern cache, in entries and in estimated bytes: past either, it is trimmed
    MAX_ENTRIES = 100_000
    MAX_BYTES = 16 * 1024 * 1024
    ENTRY_BYTES = 200

    verb: str
    args: tuple[str, ...]
    text: str

    def __init__(self, verb: str, args: tuple[str, ...] = ()) -> None:
        object.__setattr__(self, "verb", verb)
        object.__setattr__(self, "args", tuple(args))
        object.__setattr__(self, "text", " ".join((verb, *args)))

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("Action is immutable")

    @classmethod
    def of(cls, verb: str, *args: str) -> Action:
        """The interned action ``verb args...`` (same object for equal notation). Rules build their
        options with it; text a person typed is matched against the options first (``State.parse``)
        and never interned unless it is one of them."""
        key = (verb, *args)
        a = cls._interned.get(key)
        if a is None:
            a = cls(verb, tuple(args))
            size = cls.ENTRY_BYTES + len(a.text)
            if len(cls._interned) >= cls.MAX_ENTRIES or cls._bytes + size > cls.MAX_BYTES:
                cls.trim()  # bound the cache for very long processes
            cls._interned[key] = a
            cls._bytes += size
        return a

    @classmethod
    def const(cls, verb: str, *args: str) -> Action:
        """:meth:`of`, kept by every :meth:`trim`: for the module constants (``PASS = Action.const("pass")``)
        that rules compare options with by identity (``a is PASS``)."""
        a = cls.of(verb, *args)
        cls._pinned[(verb, *args)] = a
        return a

    @classmethod
    def known(cls, verb: str, *args: str) -> Action:
        """The interned action ``verb args...`` when the cache holds it, else a new action that is not
        interned: how a refused text becomes an action for its explanation without being kept."""
        a = cls._interned.get((verb, *args))
        return a if a is not None else cls(verb, tuple(args))

    @classmethod
    def trim(cls) -> None:
        """Empty the intern cache but for the constants (:meth:`const`: ``pass``, ``done``…): rules
        compare those by identity, so they must stay the objects ``of`` returns. Any other action
        built after a trim is a new object, equal by notation."""
        cls._interned = dict(cls._pinned)
        cls._bytes = sum(cls.ENTRY_BYTES + len(a.text) for a in cls._pinned.values())

    @classmethod
    def parse(cls, text: str) -> Action:
        """Split notation text into an action (no legality check, no normalisation of case)."""
        parts = text.split()
        if not parts:
            return cls.of("")
        return cls.of(parts[0], *parts[1:])

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Action({self.text!r})"

    def __eq__(self, other: object) -> bool:
        return self is other or (isinstance(other, Action) and self.text == other.text)

    def __hash__(self) -> int:
        return hash(self.text)

    def __reduce__(self) -> tuple[Any, ...]:
        return (Action.of, (self.verb, *self.args))


def number(text: str, max_digits: int = 9) -> int | None:
    """The whole number written in ``text`` with ASCII digits ``0``–``9`` only (at most ``max_digits``),
    else None. Notation and positions read numbers with this, never with ``str.isdigit`` and ``int``:
    ``isdigit`` accepts digits ``int`` refuses (``²``, ``፩``) and ``int`` reads other scripts' digits.

    >>> number("12"), number("M2"), number("²"), number("፩"), number("١"), number(""), number("1" * 10)
    (12, None, None, None, None, None, None)
    """
    if not 0 < len(text) <= max_digits or not text.isascii() or not text.isdigit():
        return None
    return int(text)


#: what every seat but the decider sees of a private decision's kind and prompt (issue 7 §4)
PRIVATE_KIND = "deciding"


class Decision:
    """A pending choice: ``player`` must answer with one of ``options``.

    ``kind`` names the decision (``charge``, ``imagine``, ``bullet``, …); ``prompt`` is a short text;
    ``handler`` and ``ctx`` say which rules step resumes with the answer (plain, JSON-able data).
    ``private``: the answer names something only the decider may see (a simultaneous secret
    choice, a face-down card), or the options depend on cards only the decider may see (a hand),
    so that a decision with one legal action would reveal them. When the engine answers such a
    one-option decision by itself, only the decider's log shows it (the other seat's log views
    leave the event out); and its public form (:meth:`public`) shows only that the seat is
    deciding, not what kind of decision it is.
    ``sealed``: the answer is a *sealed pick* (a simultaneous secret choice, ARCHITECTURE §4): the
    core keeps it, unseen by the rules, until ``State.unseal`` reveals every pick at once. The
    value is the public data of the ``pick`` event that says the seat has picked (e.g. the square);
    None for an ordinary decision. A sealed decision is always private.
    """

    __slots__ = ("ctx", "handler", "kind", "options", "player", "private", "prompt", "sealed")

    def __init__(
        self,
        player: int,
        kind: str,
        prompt: str,
        options: list[Action],
        handler: str,
        ctx: Any = None,
        private: bool = False,
        sealed: dict[str, Any] | None = None,
    ) -> None:
        self.player = player
        self.private = private or sealed is not None
        self.kind = kind
        self.prompt = prompt
        self.options = options
        self.handler = handler
        self.ctx = ctx
        self.sealed = sealed

    def __repr__(self) -> str:
        return f"Decision(player={self.player}, kind={self.kind!r}, options={len(self.options)})"

    def to_dict(self) -> dict[str, Any]:
        d = {
            "player": self.player,
            "kind": self.kind,
            "prompt": self.prompt,
            "options": [a.text for a in self.options],
            "handler": self.handler,
            "ctx": self.ctx,
            "private": self.private,
        }
        if self.sealed is not None:  # only then: the hashes of states without sealed picks stay as they were
            d["sealed"] = self.sealed
        return d

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Decision:
        sealed = d.get("sealed")
        return cls(
            d["player"], d["kind"], d["prompt"], [Action.parse(t) for t in d["options"]], d["handler"], d["ctx"],
            bool(d.get("private", False)), dict(sealed) if isinstance(sealed, dict) else None,
        )

    def with_options(self, options: list[Action]) -> Decision:
        """The same decision with other options (decisions are never mutated once made)."""
        return Decision(self.player, self.kind, self.prompt, options, self.handler, self.ctx, self.private,
                        self.sealed)

    def public(self) -> dict[str, Any]:
        """What every seat may know of this decision: who decides and, unless it is private, what
        kind of decision it is. A private decision shows only that the seat is deciding
        (``kind`` and ``prompt`` are :data:`PRIVATE_KIND`): Walpurgis's interception would tell the
        opponent that an interception is possible, Sarasvati's imagine phase what the hand allows."""
        if self.private:
            return {"player": self.player, "kind": PRIVATE_KIND, "prompt": PRIVATE_KIND}
        return {"player": self.player, "kind": self.kind, "prompt": self.prompt}
