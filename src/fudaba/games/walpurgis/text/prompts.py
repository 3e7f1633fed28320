"""What a Walpurgis decision asks, for people (``prompt``): the decision kinds of the ``rules``
package say it (``ask_text``, written beside each rule); and the card an option names by its square
(``option_gloss``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .words import _name

if TYPE_CHECKING:
    from ..game import WalpurgisGame


def prompt(game: WalpurgisGame, view: dict[str, Any], lang: str = "en",
           log: list[dict[str, Any]] | None = None) -> str:
    """What the pending decision of ``view`` asks, in words: its decision kind says it
    (``ask_text`` of the ``rules`` package's kinds; ``log``, the viewer's log view, names the card
    being activated or intercepted); the engine's short prompt for a kind that has no words."""
    d = view.get("decision")
    if not isinstance(d, dict):
        return ""
    kind = game.KIND_BY_NAME.get(str(d.get("kind", "")))
    said = kind.ask_text(game, view, lang, log) if kind is not None else None
    return said or str(d.get("prompt") or d.get("kind", ""))


def option_gloss(game: WalpurgisGame, view: dict[str, Any], action: str, lang: str = "en") -> str:
    """The card an action names by its square (``activate 2b``, ``upright 2d``, ``target 3c``), for
    the numbered options of the CLI: the chooser's own card there whose face they see."""
    parts = action.split()
    if len(parts) != 2 or parts[0] not in ("activate", "resolve", "upright", "sustain", "target"):
        return ""
    seat = view.get("seat")
    cards = ((view.get("table") or {}).get("board") or {}).get(parts[1]) or []
    seen = [d for d in cards if "card" in d and d.get("state") not in ("bullet", "bullet_up")]
    mine = [d for d in seen if d.get("owner") == seat] or seen
    return _name(game, mine[-1]["card"], lang) if mine else ""

