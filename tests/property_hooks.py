"""Per-game knowledge for the property tests: which card ids a seat may see (with multiplicity).

``VISIBLE[game](state, seat)`` returns a Counter of the ids ``seat`` may see in the current state
(``seat`` None: a spectator). Games without an entry are checked by resampling only.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

VISIBLE: dict[str, Callable[[Any, int | None], Counter[str]]] = {}
