"""Moved to ``rules/`` (issue 19); kept for ``tests/property_hooks.py`` and ``tests/core/test_action_cache.py`` until they read the game's ``testing`` module."""

from .rules.common import PASS
from .rules.troops import candidates as casualty_candidates
from .rules.troops import casualty_mode, casualty_options, extendable

__all__ = ["PASS", "casualty_candidates", "casualty_mode", "casualty_options", "extendable"]
