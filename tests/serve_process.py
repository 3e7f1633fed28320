"""``fudaba serve`` in a subprocess, for the tests that need a real server process: the browser
tests (tests/e2e) and the ``kill -9`` test (tests/server/test_server_kill.py)."""

from __future__ import annotations

import signal
import socket
import sqlite3
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from typing import Any

RELAXED = ["--rooms-per-minute", "0", "--requests-per-minute", "0"]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Server:
    """``fudaba serve`` in a subprocess on 127.0.0.1:``port`` with the database ``db``."""

    def __init__(self, db: Path, port: int | None = None, cards: list[Path] | None = None,
                 ai_delay: float = 0.0, args: list[str] | None = None) -> None:
        self.db = db
        self.port = port or free_port()
        self.cards = cards or []
        self.ai_delay = ai_delay
        #: more ``fudaba serve`` options; by default the per-address rate limits are lifted: every
        #: test's browser is the same address (127.0.0.1), and the limits have tests of their own
        self.args = RELAXED if args is None else args
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
        cmd += self.args
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
