"""Text for people, in ``ja`` and ``en``: log lines (``describe``), the table (``render``), ``info``
lookups, option glosses (the words of each decision kind's ``gloss``), card text and results. What a
decision asks is its kind's own ``ask_text`` (``rules/``).

Everything here reads event views and state views only (never the state), so it works for every
seat with hidden information already removed: a face-down guard card is named only where the view
names it (its owner's view).
"""

from .log import describe
from .prompts import GLOSS_CARDS, option_gloss
from .screen import render
from .table import inspect
from .words import card_facts, card_source, card_text, result_text

__all__ = ["GLOSS_CARDS", "card_facts", "card_source", "card_text", "describe", "inspect", "option_gloss", "render", "result_text"]
