"""What a decision asks (``prompt``) and what an option's places hold (``option_gloss``), from views.

Each decision kind says its own question (``ask_text``, beside its rule in ``rules/``); the one that
names more than the rule — an effect's target names the card and the effect in words (§8) — is
said here, from the log."""

from __future__ import annotations

from typing import Any

from ....core.actions import number
from .words import card_name, effect_text, lang_code

_TARGET = {
    "en": ("Choose the target of {card}: {effect}", "Choose the target of the effect"),
    "ja": ("{card}の効果の対象を選んでください: {effect}", "効果の対象を選んでください"),
}


def prompt(game: Any, view: dict[str, Any], lang: str = "en", log: list[dict[str, Any]] | None = None) -> str:
    """What the pending decision of ``view`` asks, in words: its kind's own question, else (an
    effect's target) the card whose effect chooses and the effect in words, from the last ``effect``
    event of ``log`` (the viewer's log view)."""
    lg = lang_code(lang)
    d = view.get("decision")
    if not isinstance(d, dict):
        return ""
    kind = game.KIND_BY_NAME.get(str(d.get("kind", "")))
    if kind is None:
        return str(d.get("prompt") or d.get("kind", ""))
    own = kind.ask_text(game, view, lang, log)
    if own:
        return str(own)
    named, plain = _TARGET[lg]
    for ev in reversed(log or []):
        if ev.get("kind") == "effect" and isinstance(ev.get("card"), str):
            c = game.cdb.get(ev["card"])
            idx = ev.get("index")
            if c is not None and isinstance(idx, int) and 0 <= idx < len(c.effects):
                return named.format(card=card_name(game, c.id, lg), effect=effect_text(c.effects[idx], lg))
            break
    return plain


def option_gloss(game: Any, view: dict[str, Any], action: str, lang: str = "en") -> str:
    """What the places of an action hold, for the numbered options of the CLI (from the chooser's
    view, so only what they see): ``attack F2 xK1`` → ``Dragon Knight → face-down book``."""
    lg = lang_code(lang)
    you = view.get("seat")
    if you not in (0, 1):
        return ""
    names = []
    for tok in action.split()[1:]:
        side = 1 - you if tok[:1] == "x" else you
        body = tok[1:] if tok[:1] == "x" else tok
        if body[:1] == "K" and number(body[1:], 4) is not None:
            books = view["table"]["players"][side]["books"]
            k = int(body[1:]) - 1
            if 0 <= k < len(books):
                b = books[k]
                shown = card_name(game, b["card"], lg) if b["card"] and b["state"] != "closed" else ""
                names.append(shown or ("裏向きの禁書" if lg == "ja" else "face-down book"))
            continue
        if body[:1] in ("F", "B") and number(body[1:], 4) is not None:
            u = view["table"]["players"][side]["slots"].get(body)
            if u is not None:
                names.append(card_name(game, u["card"], lg))
    return " → ".join(names)
