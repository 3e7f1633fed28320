import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent / "core"))

from fudaba.core import registry

registry._GAMES.setdefault("toy", "toygame")
