"""What one client may do, and what the server holds (docs/server.md, *Limits*): every limit of
``fudaba serve`` with its default, the per-client rate limiter, and the client's address key.

A client is keyed by its address as the connection gives it (``scope["client"]``): behind a
reverse proxy, ``fudaba serve --trust-proxy IP`` lets uvicorn take the address from the proxy's
``X-Forwarded-For`` instead (off by default: a direct client could write any address there). An
IPv6 client is keyed by its /64 network (one host is given a whole /64).
"""

from __future__ import annotations

import ipaddress
import math
import time
from collections import deque
from collections.abc import Callable, Mapping
from dataclasses import dataclass, fields
from typing import Any


@dataclass(frozen=True)
class Limits:
    """Every limit of the server; 0 turns a count or rate limit off (``fudaba serve`` options of
    the same name, with ``-`` for ``_``)."""

    #: new rooms one client address may create in a minute (then 429 with Retry-After)
    rooms_per_minute: int = 30
    #: open rooms (games not over) one client address may hold (then 429)
    rooms_per_client: int = 100
    #: open rooms the server holds in all (then 429)
    max_rooms: int = 1000
    #: HTTP API requests and websocket connections one client address may make in a minute
    requests_per_minute: int = 600
    #: a room none of whose seats has ever joined is removed after this many days
    unjoined_days: float = 1.0
    #: a game nobody moved in (and nobody is connected to) is removed after this many days
    idle_days: float = 7.0
    #: seconds between two sweeps for abandoned rooms (there is one at start too)
    expiry_interval: float = 600.0
    #: threads the AI thinks in (one per core is plenty: the engine is pure Python)
    ai_workers: int = 2
    #: the longest one AI move may search (seconds; the level's own budget when smaller)
    ai_seconds: float = 2.0
    #: AI moves of one client address thinking at once (the other workers stay for other clients)
    ai_per_client: int = 1
    #: a client with more rooms than this waiting for the AI at once: the moves of its rooms beyond
    #: them search with the budget of ``ai_busy_level`` at most
    ai_busy_rooms: int = 3
    #: the level whose budget caps a busy client's extra rooms (``normal``: 0.5 s)
    ai_busy_level: str = "normal"
    #: finished games kept in memory for replays and "my rooms" (least recently used first out)
    replay_cache: int = 32
    #: seconds a request's head (and then its body) may take to arrive whole; then 408 and closed
    header_timeout: float = 10.0
    #: seconds an idle keep-alive HTTP connection stays open (uvicorn's ``timeout_keep_alive``)
    idle_timeout: float = 5.0
    #: the largest request head (request line and headers) in bytes; then 431 and closed
    max_head: int = 16 * 1024
    #: open connections (HTTP and websocket) in all (uvicorn's ``limit_concurrency``: then 503)
    max_connections: int = 1000
    #: open connections from one client address; more are closed at once
    connections_per_client: int = 64

    def __post_init__(self) -> None:
        for f in fields(self):
            v = getattr(self, f.name)
            if isinstance(v, bool) or (isinstance(v, (int, float)) and not (math.isfinite(v) and v >= 0)):
                raise ValueError(f"{f.name.replace('_', '-')} must be a number, 0 or more (got {v!r})")
        for name in ("ai_workers", "ai_per_client", "header_timeout", "idle_timeout", "max_head", "ai_seconds"):
            if not getattr(self, name) > 0:
                raise ValueError(f"{name.replace('_', '-')} must be above 0")
        if self.ai_busy_level not in ("easy", "normal", "hard"):
            raise ValueError("ai-busy-level must be easy, normal or hard")

    @classmethod
    def from_options(cls, options: Mapping[str, Any]) -> Limits:
        """Limits from ``{field: value}`` (None: the default), as ``fudaba serve`` passes them."""
        names = {f.name for f in fields(cls)}
        unknown = set(options) - names
        if unknown:
            raise ValueError(f"unknown limit(s): {', '.join(sorted(unknown))}")
        return cls(**{k: v for k, v in options.items() if v is not None})


def client_key(scope: Mapping[str, Any]) -> str:
    """The client address a request counts against: the ASGI ``client`` host, an IPv6 one as its
    /64 network; "" when the server cannot tell (a Unix socket)."""
    client = scope.get("client")
    host = str(client[0]) if client else ""
    try:
        ip = ipaddress.ip_address(host)
    except ValueError:
        return host
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.IPv6Network((ip, 64), strict=False))
    return host


class RateLimiter:
    """At most ``limit`` events per ``window`` seconds per key (a sliding window). ``hit`` counts
    one event and returns 0, or, refused, the seconds until the next one would be accepted (the
    refused event is not counted). ``limit`` 0: no limit. Keys with no recent event are forgotten."""

    def __init__(self, limit: int, window: float = 60.0, clock: Callable[[], float] = time.monotonic) -> None:
        self.limit = limit
        self.window = window
        self.clock = clock
        self.events: dict[str, deque[float]] = {}
        self._sweep_at = 0.0

    def hit(self, key: str, cost: int = 1) -> float:
        """Count ``cost`` events of ``key`` now; refused (0 not returned), nothing is counted."""
        wait = self.wait(key, cost)
        if not wait and self.limit > 0:
            self.events[key].extend([self.clock()] * cost)
        return wait

    def wait(self, key: str, cost: int = 1) -> float:
        """The seconds until ``cost`` more events of ``key`` would be accepted (0: now); counts nothing."""
        if self.limit <= 0:
            return 0.0
        now = self.clock()
        self._sweep(now)
        q = self.events.setdefault(key, deque())
        while q and now - q[0] >= self.window:
            q.popleft()
        if len(q) + cost <= self.limit:
            return 0.0
        if cost > self.limit:  # more than the whole window holds
            return self.window
        return max(0.001, self.window - (now - q[len(q) + cost - self.limit - 1]))

    def _sweep(self, now: float) -> None:
        """Forget the keys whose every event is older than the window (once a window)."""
        if now < self._sweep_at:
            return
        self._sweep_at = now + self.window
        for key in [k for k, q in self.events.items() if not q or now - q[-1] >= self.window]:
            del self.events[key]


def retry_after(seconds: float) -> str:
    """A ``Retry-After`` header value: whole seconds, rounded up, at least 1."""
    return str(max(1, math.ceil(seconds)))


__all__ = ["Limits", "RateLimiter", "client_key", "retry_after"]
