"""One package per game (``fudaba.games.<name>``).

This package is also callable, so that ``fudaba.games()`` lists the playable games (ARCHITECTURE
§4) even though ``fudaba.games`` is this package once a game has been imported.

>>> import fudaba
>>> fudaba.games() == sorted(fudaba.games())
True
"""

from __future__ import annotations

import sys
import types


class _CallablePackage(types.ModuleType):
    def __call__(self) -> list[str]:
        from ..core.registry import games

        return games()


sys.modules[__name__].__class__ = _CallablePackage
