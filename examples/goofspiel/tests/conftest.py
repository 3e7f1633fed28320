"""The game is found as an installed plugin (``pip install -e examples/goofspiel``); run from a
checkout where it is not installed, it is registered for this process instead. When the package
cannot be imported at all (fudaba's own test run, which collects these tests too, without the
plugin installed), every test module here is reported skipped, with the command that installs it."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from typing import Any

import pytest
from fudaba.core import registry

NOT_INSTALLED = "the Goofspiel plugin is not installed: pip install -e ./examples/goofspiel"
INSTALLED = importlib.util.find_spec("fudaba_goofspiel") is not None

if INSTALLED:
    import fudaba_goofspiel

    if "goofspiel" not in registry.descriptors():
        registry.register(fudaba_goofspiel.DESCRIPTOR)


class _NotInstalled(pytest.Module):
    def collect(self) -> Any:
        pytest.skip(NOT_INSTALLED, allow_module_level=True)


@pytest.hookimpl(wrapper=True)
def pytest_collect_file(file_path: Path, parent: Any) -> Any:
    """Without the plugin: each test module one skip, and nothing here imported (doctests neither)."""
    found = yield
    if INSTALLED or file_path.suffix != ".py":
        return found
    return [_NotInstalled.from_parent(parent, path=file_path)] if file_path.name.startswith("test_") else []
