"""End-to-end browser tests of the play table (issue 11): a real ``fudaba serve`` in a subprocess,
driven by Playwright (pytest-playwright) with the Debian ``/usr/bin/chromium`` (no browser
downloads: ``executable_path``). Every test here is skipped when that browser is missing.

Parallel-safe under pytest-xdist: each worker starts its own server (free port, own temp
database); tests that kill or reconfigure a server start their own.
"""

from __future__ import annotations

import os
import signal
import socket
import sqlite3
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

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
def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Server:
    """``fudaba serve`` in a subprocess on 127.0.0.1:``port`` with the database ``db``."""

    def __init__(self, db: Path, port: int | None = None, cards: list[Path] | None = None,
                 ai_delay: float = 0.0) -> None:
        self.db = db
        self.port = port or free_port()
        self.cards = cards or []
        self.ai_delay = ai_delay
        self.proc: subprocess.Popen[bytes] | None = None
        self.log = db.with_suffix(".log")

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> Server:
        cmd = [sys.executable, "-c", "import sys; from fudaba.cli import main; sys.argv[0] = 'fudaba'; main()",
               "serve", "--port", str(self.port), "--db", str(self.db), "--ai-delay", str(self.ai_delay),
               "--log-level", "warning"]
        for c in self.cards:
            cmd += ["--cards", str(c)]
        with open(self.log, "ab") as out:
            self.proc = subprocess.Popen(cmd, stdout=out, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"fudaba serve exited with {self.proc.returncode}:\n{self.log.read_text()}")
            try:
                with urllib.request.urlopen(self.url + "/api/games", timeout=2) as r:
                    if r.status == 200:
                        return self
            except OSError:
                time.sleep(0.1)
        self.stop()
        raise RuntimeError(f"fudaba serve did not answer on {self.url}:\n{self.log.read_text()}")

    def kill(self) -> None:
        """SIGKILL: no shutdown handler runs (the database must hold every acknowledged action)."""
        assert self.proc is not None
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(10)
        self.proc = None

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(10)
        self.proc = None

    # what the server stored (read-only)
    def room_row(self, room: str) -> dict[str, Any]:
        con = sqlite3.connect(f"file:{self.db}?mode=ro", uri=True)
        con.row_factory = sqlite3.Row
        try:
            row = con.execute("SELECT * FROM rooms WHERE id=?", (room,)).fetchone()
            assert row is not None, f"room {room} is not in {self.db}"
            return dict(row)
        finally:
            con.close()

    def actions(self, room: str) -> list[str]:
        con = sqlite3.connect(f"file:{self.db}?mode=ro", uri=True)
        try:
            return [a for (a,) in con.execute("SELECT action FROM actions WHERE room=? ORDER BY n", (room,))]
        finally:
            con.close()


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
