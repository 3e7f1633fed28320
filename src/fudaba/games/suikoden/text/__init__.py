"""Suikoden text for people, in ``en`` and ``ja`` (plain text, no Rich): log lines (``describe``), the
table (``render``), ``info`` (``inspect``), the options' glosses (``option_gloss``), card text
(``card_text``) and results (``result_text``); what each decision asks and what ``pass``/``done``
mean in it (``prompts.ask_*``, ``prompts.gloss_*``), for the decision kinds' ``ask_text``/``gloss``.

Everything here reads event views and state views only (never the state), so it works for every seat
with the hidden information already removed. Events name a mission absolutely (``place`` "M1" and
``owner`` seat: "P1's M1"); the table and ``info`` name places relative to the viewer as the notation
does (spec §13: own ``M1``, the opponent's ``xM1``; a spectator reads them as seat 0). Card names are
Japanese, with the English name beside them in ``en``.
"""

from .log import describe
from .prompts import option_gloss
from .table import inspect, render
from .words import card_facts, card_source, card_text, effect_text, result_text

#: this module glosses the card ids of an option itself (``core/session.py`` then adds no names of its own)
GLOSS_CARDS = True

__all__ = ["GLOSS_CARDS", "card_facts", "card_source", "card_text", "describe", "effect_text", "inspect", "option_gloss", "render",
           "result_text"]
