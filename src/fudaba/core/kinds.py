"""Decision kinds (ARCHITECTURE §3.2): one object owns everything about one kind of choice.

A game writes each kind of decision its rules ask — a mulligan, a main-phase move, an interception,
a sealed bet — as one :class:`DecisionKind` subclass, and lists the instances in ``Game.KINDS``. The
object owns:

* whether the choice is ``private`` or a ``sealed`` pick (and the public data of its pick event);
* its context as a named type (``Ctx``, a ``NamedTuple``: ``ctx.seat``, not ``ctx[0]``);
* its ``options`` — the one function that lists them, called by the rules when they ask
  (``st.ask(MULLIGAN, seat, ctx)``) and by the core when a sample must rebuild them
  (:meth:`~fudaba.core.state.State.resample`, :meth:`~fudaba.core.state.State.infoset`), so the two
  can never differ;
* its one legality ``check``: None for a legal action, else the :class:`~fudaba.core.errors.Refusal`
  that names the rule — the property tests check every option passes it, and a refused action's
  message is that refusal;
* its ``answer`` (the rules step that resumes with the chosen action);
* its words: ``title`` (what the decision is, in English and Japanese), the engine's short
  ``prompt``, and for people ``ask_text`` (the question, from the view) and ``gloss`` (one option
  in words). Words are plain strings written beside the rule; no text module is imported.

A kind's ``name`` is the decision's ``kind`` and ``handler`` the answer's name in saved states (the
name by default): both are in every state document and hash, so they never change.

>>> from fudaba.core.actions import Action
>>> class Coin(DecisionKind):
...     name = "coin"
...     title = ("heads or tails", "表か裏か")
...     def options(self, st, player, ctx):
...         return [Action.of("heads"), Action.of("tails")]
...     def answer(self, st, action, ctx):
...         pass
>>> COIN = Coin()
>>> [str(a) for a in COIN.options(None, 0, ())], COIN.handler, COIN.check(None, 0, (), Action.of("edge")).text("en")
(['heads', 'tails'], 'coin', 'this decision (heads or tails) takes heads, tails')
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any, ClassVar

from .actions import Action
from .errors import PositionError, Refusal


class DecisionKind(ABC):
    """One kind of decision. Subclass it, set the class attributes and write :meth:`options` and
    :meth:`answer` (and :meth:`check` for refusals that name their rule); see the module docstring."""

    #: the decision's ``kind`` word (in views, events and saved states)
    name: ClassVar[str] = ""
    #: the answer's name in saved states (default: ``name``)
    handler: ClassVar[str] = ""
    #: the answer names something only the decider sees (a face-down card, a secret bet), or the
    #: options depend on such cards: other seats see only that the seat is deciding (core.md)
    private: ClassVar[bool] = False
    #: the answer is a sealed pick, revealed with the others by ``State.unseal`` (core.md)
    sealed: ClassVar[bool] = False
    #: the context's type: a ``NamedTuple`` (documents store it as a list; :meth:`ctx` reads it back)
    Ctx: ClassVar[type] = tuple
    #: what the decision is, in words: (English, Japanese)
    title: ClassVar[tuple[str, str]] = ("", "")
    #: the engine's short prompt (English; part of saved states, so fixed once a game is released)
    short_prompt: ClassVar[str] = ""

    #: what ``State.ask`` may read without a call (set per class: the hot path of every decision)
    _prompt_fixed: ClassVar[bool] = True
    _private_fixed: ClassVar[bool] = True
    _no_seal: ClassVar[bool] = True

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if cls.name and not cls.__dict__.get("handler"):
            cls.handler = cls.name
        base = DecisionKind
        cls._prompt_fixed = cls.prompt is base.prompt
        cls._private_fixed = cls.is_private is base.is_private
        cls._no_seal = cls.sealed_data is base.sealed_data and not cls.sealed

    # ------------------------------------------------------------------ the rules
    @abstractmethod
    def options(self, st: Any, player: int, ctx: Any) -> list[Action]:
        """Every legal action of this decision for ``player`` in ``st`` (never empty when asked)."""

    def answer(self, st: Any, action: Action, ctx: Any) -> None:
        """The rules step that resumes with the chosen ``action`` (one of :meth:`options`). A sealed
        kind has none: its picks wait in the state until a rules step calls ``State.unseal``."""
        raise RuntimeError(f"engine bug: decision kind {self.name!r} has no answer"
                           + (" (a sealed pick is revealed by State.unseal)" if self.sealed else ""))

    def read(self, st: Any, player: int, ctx: Any, words: list[str]) -> Action | None:
        """A game's own shorthand for this decision's options, tried before the notation is matched
        (``bid 7`` for the bid of rank 7 in the bidder's suit): the option ``words`` mean, or None."""
        return None

    def check(self, st: Any, player: int, ctx: Any, action: Action) -> Refusal | None:
        """None when ``action`` is legal now, else the refusal naming the rule. The default: legal
        exactly when it is one of :meth:`options`, refused with the verbs this decision takes; a
        kind overrides it to name the rule an action breaks (calling ``super().check`` last)."""
        opts = self.options(st, player, ctx)
        if action in opts:
            return None
        verbs = ", ".join(dict.fromkeys(a.verb for a in opts))
        en, ja = self.title
        return Refusal(f"this decision ({en or self.name}) takes {verbs}",
                       f"この場面({ja or en or self.name})で使えるのは {verbs} です")

    def prompt(self, st: Any, player: int, ctx: Any) -> str:
        """The engine's short prompt of this decision (``Decision.prompt``)."""
        return self.short_prompt or self.name

    def sealed_data(self, st: Any, player: int, ctx: Any) -> dict[str, Any] | None:
        """For a sealed kind: the public data of the ``pick`` event (e.g. the square); else None."""
        return {} if self.sealed else None

    def is_private(self, st: Any, player: int, ctx: Any) -> bool:
        """Whether this decision is private (:attr:`private`; a kind whose privacy depends on its
        context says so here — a Walpurgis effect's target is private when it is a card of the hand)."""
        return self.private

    def ctx(self, raw: Any) -> Any:
        """A context read back from a document (lists made tuples) as this kind's ``Ctx``; one of
        another shape is a PositionError naming the key (a tampered document fails here, never later)."""
        fields = getattr(self.Ctx, "_fields", None)
        if fields is None:
            return raw
        if type(raw) is not tuple or len(raw) != len(fields):
            raise PositionError(f"state: key 'common.decision.ctx' = {raw!r:.40} is not the context of the "
                                f"{self.name} decision ({', '.join(fields)})")
        return self.Ctx(*raw)

    # ------------------------------------------------------------------ words for people
    def ask_text(self, game: Any, view: dict[str, Any], lang: str, log: list[dict[str, Any]] | None) -> str | None:
        """What the decision asks, for the seat deciding (None: the game's text module says it)."""
        return None

    def gloss(self, game: Any, action: Action, view: dict[str, Any], lang: str) -> str | None:
        """One option in words (None: the game's text module glosses it)."""
        return None

    def words(self, lang: str) -> str:
        """The decision's title in ``lang`` ("ja" or English)."""
        en, ja = self.title
        return (ja or en or self.name) if lang == "ja" else (en or self.name)

    def __repr__(self) -> str:
        return f"<decision kind {self.name}>"


def kinds_table(kinds: tuple[DecisionKind, ...]) -> dict[str, DecisionKind]:
    """``{handler: kind}``, refusing two kinds with one handler (a game's ``KINDS``)."""
    out: dict[str, DecisionKind] = {}
    for k in kinds:
        if not isinstance(k, DecisionKind):
            raise TypeError(f"KINDS holds {k!r}, not a DecisionKind instance")
        if not k.name:
            raise TypeError(f"{type(k).__name__}: a decision kind needs a name")
        if k.handler in out:
            raise TypeError(f"two decision kinds answer as {k.handler!r}: {out[k.handler]!r} and {k!r}")
        out[k.handler] = k
    return out


__all__ = ["DecisionKind", "kinds_table"]
