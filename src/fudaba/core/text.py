"""The text layer of the core (stdlib only, no Rich): plain-text helpers shared by the games' text
modules, the words of the core's own events, and an option's gloss. The engine never imports it: a
:class:`~fudaba.core.game.Game` loads it by its module path when words are asked for, as it loads a
game's text module (docs/core.md, *Layers*).

>>> display_width("P0 手札")
7
>>> wrap_items("hand: ", ["SV-A01 Knight", "SV-A02 Boxer", "SV-A03 Spirit"], ", ", width=30)
['hand: SV-A01 Knight,', '      SV-A02 Boxer,', '      SV-A03 Spirit']
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from .columns import display_width as display_width  # re-exported: the games' text modules use it

if TYPE_CHECKING:
    from .actions import Action
    from .game import Game

#: display columns of a line of a table (an 80-column terminal, minus a panel's frame)
WIDTH = 76


def wrap_items(head: str, items: list[str], sep: str = ", ", indent: int | None = None, width: int = WIDTH) -> list[str]:
    """``head`` + ``items`` joined by ``sep``, broken between items into lines of at most ``width``
    display columns; continuation lines are indented by ``indent`` spaces (None: under the first item)."""
    pad = " " * (display_width(head) if indent is None else indent)
    tail = sep[len(sep.rstrip()):]  # the spaces after a separator
    lines: list[str] = []
    cur, fresh = head, True  # fresh: nothing on the current line yet
    for i, it in enumerate(items):
        piece = it + (sep.rstrip() if i < len(items) - 1 else "")
        if not fresh and display_width(cur + tail + piece) > width:
            lines.append(cur)
            cur, fresh = pad, True
        cur += ("" if fresh else tail) + piece
        fresh = False
    lines.append(cur)
    return lines


def turns_skipped_text(ev: dict[str, Any], lang: str = "en") -> str:
    """The log line of the core's ``turns_skipped`` event (``State.skip_idle_turns``): turns in which
    nobody had anything to decide and the same position came back every ``period`` turns."""
    first, last, period = ev.get("first"), ev.get("last"), ev.get("period")
    if lang == "ja":
        if last is None:
            return (f"ターン{first}以降: 誰にも選ぶことがなく、{period}ターンごとに同じ局面が繰り返される"
                    "(ターン上限なし): 引き分け (進展なし)")
        return f"ターン{first}〜{last}: 誰にも選ぶことがなく、{period}ターンごとに同じ局面が繰り返されるため省略"
    if last is None:
        return (f"from turn {first} nobody has anything to decide and the same position comes back every "
                f"{period} turns (no turn limit): a draw (no progress)")
    return (f"turns {first}–{last}: nobody has anything to decide and the same position comes back every "
            f"{period} turns: skipped")


#: the word before a card's cost in a gloss
COST = {"en": "cost", "ja": "コスト"}


def card_name(game: Game, card_id: str, lang: str) -> str:
    """A card's name in ``lang`` (its Japanese name when it has no English one); the id itself when
    no card has it."""
    c = game.cards.find(card_id)
    if c is None:
        return card_id
    return str(c.name if lang == "ja" or not getattr(c, "name_en", "") else c.name_en)


def option_gloss(game: Game, action: Action, lang: str, view: dict[str, Any] | None = None) -> str:
    """An option in words, as a menu shows it after its notation (``Game.option_gloss``).

    With the chooser's ``view``, the pending decision's kind may word the option whole
    (``DecisionKind.gloss``). Else: the card names (and costs) its arguments refer to by id —
    ``Flame Sprite (cost 2)`` — and, with the ``view``, the game text module's ``option_gloss``
    (what the places it names hold: ``attack F2 xF1`` → ``Dragon Knight → Great Detective``). A text
    module that sets ``GLOSS_CARDS = True`` names the cards itself (Suikoden): its gloss is then the
    whole gloss."""
    if view is not None:
        own = game.kind_gloss(action, view, lang)
        if own is not None:
            return own
    out = []
    name = game.text_module() if view is not None else ""
    mod = importlib.import_module(name) if name else None
    for arg in action.args if not getattr(mod, "GLOSS_CARDS", False) else ():  # the game names them itself
        cid = arg.rsplit(":", 1)[-1]
        card = game.cards.get(cid) if "-" in cid else None
        if card is None:
            continue
        cost = getattr(card, "cost", None)
        out.append(card_name(game, card.id, lang)
                   + (f" ({COST.get(lang, COST['en'])}{cost})" if isinstance(cost, int) and action.verb != "charge" else ""))
    if mod is not None:
        fn = getattr(mod, "option_gloss", None)
        placed = fn(game, view, action.text, lang) if fn is not None else ""
        if placed:
            out.append(str(placed))
    return ("、" if lang == "ja" else ", ").join(out)
