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
        """The interned action ``verb args...`` (same object for equal notation)."""
        key = (verb, *args)
        a = cls._interned.get(key)
        if a is None:
            if len(cls._interned) > 200_000:  # bound the cache for very long processes
                cls.trim()
            a = cls._interned[key] = cls(verb, tuple(args))
        return a

    @classmethod
    def trim(cls) -> None:
        """Empty the intern cache but for the verb-only actions (``pass``, ``done``…): rules compare
        those by identity with their module constants, which must stay the objects ``of`` returns.
        An action with arguments built after a trim is a new object, equal by notation."""
        cls._interned = {k: v for k, v in cls._interned.items() if len(k) == 1}

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
