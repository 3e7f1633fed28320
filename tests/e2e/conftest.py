"""End-to-end browser tests of the play table (issue 11): a real ``fudaba serve`` in a subprocess,
driven by Playwright (pytest-playwright) with the Debian ``/usr/bin/chromium`` (no browser
downloads: ``executable_path``). Every test here is skipped when that browser is missing.

Parallel-safe under pytest-xdist: each worker starts its own server (free port, own temp
database); tests that kill or reconfigure a server start their own.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.serve_process import Server

CHROMIUM = "/usr/bin/chromium"
HERE = Path(__file__).parent
ARTIFACTS = Path(os.environ.get("FUDABA_E2E_ARTIFACTS", HERE / "artifacts"))


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if os.path.exists(CHROMIUM):
        return
    skip = pytest.mark.skip(reason=f"browser tests need Debian's chromium at {CHROMIUM} (apt-get install chromium)")
    for item in items:
        if HERE in Path(str(item.fspath)).parents:
            item.add_marker(skip)


# ---------------------------------------------------------------------- the browser (pytest-playwright)
@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    return {**browser_type_launch_args, "executable_path": CHROMIUM,
            "args": ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                     "--disable-component-update", "--disable-sync", "--no-first-run"]}


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args: dict[str, Any]) -> dict[str, Any]:
    return {**browser_context_args, "viewport": {"width": 1280, "height": 900}, "locale": "en-US"}


# ---------------------------------------------------------------------- the server
@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """One server per xdist worker (own port, own database)."""
    srv = Server(tmp_path_factory.mktemp("e2e-db") / "rooms.sqlite3").start()
    yield srv
    srv.stop()


@pytest.fixture
def make_server(tmp_path: Path) -> Iterator[Any]:
    """Start a server of this test's own (e.g. to kill it, or with --cards)."""
    started: list[Server] = []

    def make(**kw: Any) -> Server:
        srv = Server(kw.pop("db", tmp_path / "rooms.sqlite3"), **kw).start()
        started.append(srv)
        return srv

    yield make
    for s in started:
        s.stop()


@pytest.fixture(scope="session")
def artifacts() -> Path:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    return ARTIFACTS
