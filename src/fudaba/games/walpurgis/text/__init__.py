"""Walpurgis text for people (plain text, no Rich), in ``ja`` and ``en``: log lines (``log.py``:
``describe``), the table and ``info`` (``table.py``: ``render``, ``legend``, ``inspect``), what a
decision asks and what an option names (``prompts.py``: ``prompt``, ``option_gloss``) and the words
of cards, states and results (``words.py``: ``card_text``, ``card_facts``, ``result_text``).

Everything here reads event views and state views only (never the state), so it works for every
seat with hidden information already removed.
"""

from .log import describe
from .prompts import option_gloss, prompt
from .table import _SHORT, BOARD_WIDTH, GRID, inspect, legend, matrix_on_board, render
from .words import _name, card_facts, card_text, result_text

__all__ = ["BOARD_WIDTH", "GRID", "_SHORT", "_name", "card_facts", "card_text", "describe", "inspect", "legend",
           "matrix_on_board", "option_gloss", "prompt", "render", "result_text"]
