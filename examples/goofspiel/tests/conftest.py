"""The game is found as an installed plugin (``pip install -e examples/goofspiel``); run from a
checkout where it is not installed, it is registered for this process instead."""

from fudaba.core import registry

import fudaba_goofspiel

if "goofspiel" not in registry.descriptors():
    registry.register(fudaba_goofspiel.DESCRIPTOR)
