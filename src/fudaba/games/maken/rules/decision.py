"""What every Maken decision kind shares (issue 19: decisions are typed objects, ``core/kinds.py``):
the verbs it takes (§11), its words, and the parts of its refusals common to several kinds — a verb
the decision does not take, a verb written with words after it, a malformed ``set`` or ``bet``.

Each kind is written beside the rules of its section: the mulligan in ``setup.py`` (§4); the draw,
before-attack and after-attack decisions in ``turn.py`` (§5); the action and the guard's cover cards
in ``attack.py`` (§6.2); the bonus bet in ``judge.py`` (§6.3). Its ``check`` is the one legality
check of its actions: None for an option, else the refusal naming the rule (the legality questions
themselves are in ``common.py``, which the options ask too).
"""

from __future__ import annotations

from typing import Any, ClassVar, NamedTuple

from ....core.actions import Action
from ....core.errors import PositionError, Refusal
from ....core.kinds import DecisionKind
from ..actions import read_bet
from ..state import MakenState
from .common import bet_problem, set_problem

_r = Refusal

#: verbs written alone (§11)
BARE = frozenset({"keep", "mulligan", "skip", "call", "gc", "drop", "pass", "end"})


class Seat(NamedTuple):
    """The context of a decision of one seat (the mulligan, the action, the bonus bet)."""

    seat: int


class CoverCtx(NamedTuple):
    """The context of a cover decision: the guarding seat and how many cards it still covers with."""

    seat: int
    left: int


#: the contexts of each seat, made once (a decision is asked many times a game)
SEATS = (Seat(0), Seat(1))


class MakenKind(DecisionKind):
    """A decision kind of Project Maken: the class attributes of ``DecisionKind`` and

    * ``verbs``: the verbs of its actions (§11), named in the refusal of any other verb;
    * ``title``: the decision in the refusals' words (``this decision (before the attack) takes …``),
      ``label``: in the table's words (``Decision: P0 (you) — before the attack``), (English, Japanese);
    * ``ask``: the question it asks, (English, Japanese) templates filled in by :meth:`ask_text`.

    Its :meth:`check` is None for an option; a verb it does not take is refused naming the verbs it
    does; else :meth:`refuse` names the rule the action breaks, and what it leaves unexplained is
    refused as no legal action of this decision (or a lone verb written with more words)."""

    verbs: ClassVar[tuple[str, ...]] = ()
    label: ClassVar[tuple[str, str]] = ("", "")
    ask: ClassVar[tuple[str, str]] = ("", "")

    def check(self, st: MakenState, player: int, ctx: Any, action: Action) -> Refusal | None:
        if action in self.options(st, player, ctx):
            return None
        if action.verb not in self.verbs:
            return self.wrong_verb(st, player)
        return self.refuse(st, player, ctx, action) or self.fallback(action)

    def refuse(self, st: MakenState, player: int, ctx: Any, action: Action) -> Refusal | None:
        """Why ``action``, one of this decision's verbs but not an option, is refused (None: no rule
        of this decision says more than :meth:`fallback`)."""
        return None

    def wrong_verb(self, st: MakenState, player: int) -> Refusal:
        vs = ", ".join(self.verbs)
        en, ja = self.title
        return _r(f"this decision ({en}) takes {vs} (§11)", f"この場面({ja})で使えるのは {vs} です (§11)")

    def fallback(self, action: Action) -> Refusal:
        """What is left: a verb written alone given more words, or an action no rule explains."""
        v = action.verb
        if v in BARE and action.args:
            return _r(f"{v} takes nothing after it: write {v} alone (§11)", f"{v} の後には何も書きません: {v} とだけ書いてください (§11)")
        en, ja = self.title
        return _r(f"not one of the legal actions of this decision ({en}) (§11)", f"この場面({ja})の合法手ではありません (§11)")

    def ctx(self, raw: Any) -> Any:
        """A context read back from a state document, as this kind's ``Ctx``: seats 0 or 1 and whole
        numbers, else PositionError (a tampered document names the key, never a TypeError later)."""
        if self.Ctx is tuple:
            return raw
        n = len(self.Ctx._fields)  # type: ignore[attr-defined]
        if type(raw) is not tuple or len(raw) != n or any(type(x) is not int for x in raw) or raw[0] not in (0, 1):
            raise PositionError(f"state: key 'common.decision.ctx' = {raw!r:.40} is not the context of the {self.name} "
                                f"decision ({', '.join(self.Ctx._fields)})")  # type: ignore[attr-defined]
        return self.Ctx(*raw)

    # ------------------------------------------------------------------ words
    def say(self, lang: str, pair: tuple[str, str] | None = None, **values: Any) -> str:
        """``pair`` (by default :attr:`ask`) in ``lang``, filled in with ``values``."""
        en, ja = pair or self.ask
        return (ja if _lang(lang) == "ja" else en).format(**values)

    def label_in(self, lang: str) -> str:
        en, ja = self.label
        return ja if _lang(lang) == "ja" else en


def _lang(lang: str) -> str:
    return "ja" if lang.lower().startswith("ja") else "en"


# ---------------------------------------------------------------------- refusals shared by kinds
def set_refusal(st: MakenState, p: int, a: Action) -> Refusal | None:
    """Why ``set …`` is refused (§5 step 3, step 5)."""
    if len(a.args) != 1:
        return _r("write set ID (§11)", "set ID と書いてください (§11)")
    return set_problem(st, p, a.args[0])


def bet_refusal(st: MakenState, p: int, a: Action, mode: str) -> Refusal | None:
    """Why ``bet …`` is refused in ``mode`` (``fb``, ``even``, ``forcing``, ``bonus``: see
    ``common.bet_problem``), its notation first (§11, §6.6)."""
    got = read_bet(a)
    if got is None:
        return _r("write bet ID, bet ID x2 OPTION or bet ID x3 OPTION OPTION (options in the order speed, reach, "
                  "attack, guard; two different ones for a triple) (§11, §6.6)",
                  "bet ID、bet ID x2 選択肢、bet ID x3 選択肢 選択肢 と書いてください (選択肢は speed, reach, attack, "
                  "guard の順、トリプルは異なる2つ) (§11, §6.6)")
    return bet_problem(st, p, *got, mode)


__all__ = ["BARE", "SEATS", "CoverCtx", "MakenKind", "Seat", "bet_refusal", "set_refusal"]
