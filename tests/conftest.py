import os
import sys
from pathlib import Path

# Rich sizes its consoles from COLUMNS when fudaba.cli is imported; fix it so CLI tests read the
# same tables whatever terminal (or none) CI runs in.
os.environ["COLUMNS"] = "100"

sys.path.insert(0, str(Path(__file__).parent / "core"))

import toygame

from fudaba.core import registry

registry.register(toygame.DESCRIPTOR)
