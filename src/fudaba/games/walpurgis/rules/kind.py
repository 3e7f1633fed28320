"""What every Walpurgis decision kind shares (``core/kinds.py``): the §9 refusal of an action that
is not an option — the verbs the decision takes, then the kind's own reason — written in English and
Japanese side by side, with the rulebook's numbers next to our spec's sections.

Each kind lives with the rules section that asks it: ``setup.py`` (setup, mulligan, initial),
``turn.py`` (wake, main, discard), ``chain.py`` (bullet, intercept, resolve, target, upright) and
``bullets.py`` (keep, hit).
"""

from __future__ import annotations

import re
from typing import Any, ClassVar

from ....core.actions import Action
from ....core.errors import Refusal
from ....core.kinds import DecisionKind
from ..cards import SQ_INDEX

#: our spec's sections -> the rulebook's own numbering (players hold the rulebook, §-headings of the spec)
RULEBOOK = (
    (re.compile(r"\(§5\.1\)"), "(§5.1; rulebook 8.1)"),
    (re.compile(r"\(§5\.2\)"), "(§5.2; rulebook 8.2)"),
    (re.compile(r"\(§5\.3 step 4\)"), "(§5.3 step 4; rulebook 8.4)"),
    (re.compile(r"\(§5\.3 step ([1-35-9])\)"), r"(§5.3 step \1; rulebook 8.3.\1)"),
    (re.compile(r"\(§6\)"), "(§6; rulebook 2)"),
)


def with_rulebook(text: str) -> str:
    """``text`` with the rulebook's number after each spec section it names."""
    for pat, rep in RULEBOOK:
        text = pat.sub(rep, text)
    return text


def refuse(en: str, ja: str) -> Refusal:
    """A refusal in both languages (the section references "(§…)" are the same text in both: they
    name the spec and the rulebook, not prose), with the rulebook's numbers."""
    return Refusal(with_rulebook(en), with_rulebook(ja))


class WalpurgisKind(DecisionKind):
    """A Walpurgis decision kind: its ``verbs`` (§9) and its refusals. ``check`` refuses an action
    that is not an option: a verb this decision does not take by naming the ones it does, else the
    kind's own reason (:meth:`why`), else the verbs again."""

    #: the verbs this decision takes (§9), for "this decision takes …"
    verbs: ClassVar[tuple[str, ...]] = ()
    #: what the decision asks, for people: (English, Japanese) — kinds whose question depends on the
    #: table override :meth:`ask_text`
    asks: ClassVar[tuple[str, str]] = ("", "")

    def check(self, st: Any, player: int, ctx: Any, action: Action) -> Refusal | None:
        if action in self.options(st, player, ctx):
            return None
        return self.refusal(st, player, ctx, action)

    def refusal(self, st: Any, player: int, ctx: Any, a: Action) -> Refusal:
        """Why ``a``, which is not an option, is refused (§9)."""
        v = a.verb
        if v not in self.verbs:
            return refuse(f"'{v}' is not an answer here: {self.takes('en')}", f"ここでは「{v}」は使えません。{self.takes('ja')}")
        return self.why(st, player, ctx, a) or refuse(f"not legal now: {self.takes('en')}",
                                                      f"今は「{v}」はできません。{self.takes('ja')}")

    def why(self, st: Any, player: int, ctx: Any, a: Action) -> Refusal | None:
        """The rule an action of one of this decision's verbs breaks (None: the verbs are named)."""
        return None

    def takes(self, lang: str) -> str:
        """"this decision (main) takes activate, end, place (§9)", in ``lang``."""
        vs = ", ".join(sorted(self.verbs))
        if lang == "ja":
            return f"この場面({self.title[1]})で使えるのは {vs} です (§9)"
        return f"this decision ({self.name}) takes {vs} (§9)"

    def ask_text(self, game: Any, view: dict[str, Any], lang: str, log: list[dict[str, Any]] | None) -> str | None:
        en, ja = self.asks
        return (ja if lang == "ja" else en) or None


def raw_prompt(view: dict[str, Any]) -> str:
    """The engine's short prompt of the decision in ``view`` (its kind when it has none)."""
    d = view.get("decision") or {}
    return str(d.get("prompt") or d.get("kind", ""))


def square_refusal(v: str, args: tuple[str, ...]) -> Refusal | None:
    """The refusal of ``v SQUARE`` written with no square or something else (None: it names one)."""
    if len(args) != 1 or args[0].lower() not in SQ_INDEX:
        return refuse(f"write '{v} SQUARE' with a square 1a…5e (§9)",
                      f"「{v} マス」の形で、マスを1a〜5eで指定してください (§9)")
    return None


def card_refusal(v: str, args: tuple[str, ...]) -> Refusal | None:
    """The refusal of ``v CARD-ID`` written with no card or more than one (None: it names one)."""
    if len(args) != 1:
        return refuse(f"write '{v} CARD-ID' (§9)", f"「{v} カードID」の形で指定してください (§9)")
    return None


__all__ = ["RULEBOOK", "WalpurgisKind", "card_refusal", "raw_prompt", "refuse", "square_refusal", "with_rulebook"]
