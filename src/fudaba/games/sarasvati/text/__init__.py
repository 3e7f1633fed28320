"""Sarasvati's text for people, in ``ja`` and ``en`` (plain text, no Rich): log lines (``describe``),
the table (``render``), ``info`` (``inspect``), what an effect's target asks (``prompt``; the other
decisions say it themselves), the options' glosses (``option_gloss``), card text and facts, results.

Everything here reads event views and state views only (never the state), so it works for every
seat with hidden information already removed.
"""

from .log import describe
from .prompts import option_gloss, prompt
from .table import inspect, render
from .words import card_facts, card_text, effect_text, result_text

__all__ = ["card_facts", "card_text", "describe", "effect_text", "inspect", "option_gloss", "prompt", "render",
           "result_text"]
