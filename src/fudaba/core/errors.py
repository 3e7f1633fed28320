"""Error types of fudaba (ARCHITECTURE §4).

Every error raised for bad input is a :class:`FudabaError` with a message a person can act on.

>>> issubclass(IllegalAction, FudabaError) and issubclass(DeckError, FudabaError)
True
"""

from __future__ import annotations

from typing import NamedTuple


class FudabaError(Exception):
    """Base class of every error fudaba raises for bad input."""


class IllegalAction(FudabaError):
    """An action that is not legal now; the message names the rule (with its spec section).

    The state is unchanged when this is raised. ``action`` is the refused notation (when there was
    one) and ``text(lang)`` the message in another language where the game provides it.

    >>> e = IllegalAction("end: not now (§5)", action="end", translations={"ja": "end: 今はできません (§5)"})
    >>> e.text("ja"), e.text("en"), e.text("fr")
    ('end: 今はできません (§5)', 'end: not now (§5)', 'end: not now (§5)')
    """

    def __init__(self, message: str, action: str | None = None, translations: dict[str, str] | None = None) -> None:
        super().__init__(message)
        self.action = action
        self.translations = dict(translations or {})

    def text(self, lang: str = "en") -> str:
        return self.translations.get(lang, str(self))


class Refusal(NamedTuple):
    """Why an action is refused, in English and Japanese, written side by side by the rules that
    refuse it (the games' ``explain`` hooks). The section references "(§…)" are the same text in
    both. It is a tuple ``(en, ja)``; :meth:`text` picks one language (English for any other).

    >>> r = Refusal("not now (§5)", "今はできません (§5)")
    >>> r.text("ja"), r.text("en"), r.text("fr"), r[0] == r.en
    ('今はできません (§5)', 'not now (§5)', 'not now (§5)', True)
    """

    en: str
    ja: str

    def text(self, lang: str = "en") -> str:
        return self.ja if lang == "ja" else self.en


class DeckError(FudabaError):
    """A deck list that cannot be used; ``problems`` lists every problem found (with line numbers)."""

    def __init__(self, problems: list[str], source: str = "deck") -> None:
        self.problems = list(problems)
        self.source = source
        lines = "\n".join(f"  - {p}" for p in self.problems)
        super().__init__(f"{source}: {len(self.problems)} problem(s):\n{lines}")


class CardDataError(FudabaError):
    """Malformed card data; the message names the file, the card and the field (and line when known).

    ``problems`` lists every problem found (one per line of the message; a card checked with
    :meth:`Where.part <fudaba.core.cards.Where.part>` reports each of its broken fields).

    >>> e = CardDataError("a.toml:3: card 'X': field 'cost': missing")
    >>> e.problems
    ["a.toml:3: card 'X': field 'cost': missing"]
    >>> CardDataError.of(["one", "two"]).problems, str(CardDataError.of(["one", "two"])).splitlines()
    (['one', 'two'], ['one', 'two'])
    """

    def __init__(self, message: str, problems: list[str] | None = None) -> None:
        super().__init__(message)
        self.problems: list[str] = list(problems) if problems else [message]

    @classmethod
    def of(cls, problems: list[str]) -> CardDataError:
        """One error for several problems (its message: one problem per line)."""
        return cls("\n".join(problems), problems)


class UnknownCard(CardDataError, KeyError):
    """``game.cards[key]`` with a key that is no card id or name of the pool (still a ``KeyError``)."""

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else ""


class PositionError(FudabaError):
    """A position document that cannot be loaded; the message names the offending key."""


class UnknownGame(FudabaError):
    """``load_game`` with a name that is not a registered game, or a variant the game does not have."""


class ParameterError(UnknownGame):
    """A game parameter that the game does not have, or a value outside what it allows (the message
    names the parameter and its allowed values or range). It is also an :class:`UnknownGame`, which
    was raised for bad parameters before it existed, so code catching that keeps working.

    >>> issubclass(ParameterError, UnknownGame) and issubclass(ParameterError, FudabaError)
    True
    """
