"""Slow and greedy clients at the connection level (docs/server.md, *Limits*): what uvicorn does not
do by itself, as a thin wrapper around its HTTP protocol class (whichever it picks: httptools or
h11), and :func:`run`, which starts uvicorn with every limit.

uvicorn closes an idle keep-alive connection (``timeout_keep_alive``) but starts that timer only
after a response: a connection that sends nothing, or half a request head, stays open for ever.
:func:`guarded` adds to the protocol

* a **head timeout**: the request head must arrive whole within ``header_timeout`` seconds of the
  connection (or of the first byte of the next request on a kept-alive one), else ``408`` and the
  connection is closed;
* a **head size** limit: ``max_head`` bytes (``431``), for both parsers (h11 has its own
  ``h11_max_incomplete_event_size``; httptools none);
* a cap on the **connections of one client address** (``connections_per_client``; ``429``), so that
  one host cannot hold the server's whole connection budget (``max_connections``, uvicorn's
  ``limit_concurrency``). A trusted proxy's address is exempt (it carries everyone).

These replies are written on the socket directly (there is no request to answer through the app):
JSON ``{error, error_en, error_ja}`` like every other refusal.
"""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import json
from collections.abc import Iterable
from typing import Any

from .errors import BadRequest
from .limits import Limits, client_key

STATUS = {408: "Request Timeout", 429: "Too Many Requests", 431: "Request Header Fields Too Large"}


def raw_reply(status: int, err: BadRequest, retry: int | None = None) -> bytes:
    """A whole HTTP/1.1 response that closes the connection, with the refusal's JSON body."""
    body = json.dumps(err.body("en"), ensure_ascii=False).encode()
    head = [f"HTTP/1.1 {status} {STATUS[status]}", "content-type: application/json",
            f"content-length: {len(body)}", "connection: close"]
    if retry is not None:
        head.append(f"retry-after: {retry}")
    return ("\r\n".join(head) + "\r\n\r\n").encode() + body


def trusts(proxies: Iterable[str]) -> Any:
    """A test ``host -> bool`` for the trusted proxies (addresses, networks, or ``*``: any)."""
    nets = []
    for p in proxies:
        if p.strip() == "*":
            return lambda host: True
        with contextlib.suppress(ValueError):
            nets.append(ipaddress.ip_network(p.strip(), strict=False))

    def test(host: str) -> bool:
        try:
            ip = ipaddress.ip_address(host)
        except ValueError:
            return False
        return any(ip in n for n in nets)

    return test


class Peers:
    """The open transports of each client address (closed ones are dropped when counted)."""

    def __init__(self, limit: int, trusted: Iterable[str] = ()) -> None:
        self.limit = limit
        self.trusted = trusts(trusted)
        self.open: dict[str, set[Any]] = {}
        self._made = 0

    def admit(self, host: str, transport: Any) -> bool:
        """Count a new connection from ``host``; False when its address has too many open."""
        self._made += 1
        if self._made % 1024 == 0:  # forget the addresses with nothing open
            for k in [k for k, ts in self.open.items() if all(t.is_closing() for t in ts)]:
                del self.open[k]
        if self.limit <= 0 or self.trusted(host):
            return True
        key = client_key({"client": (host, 0)})
        live = {t for t in self.open.get(key, ()) if not t.is_closing()}
        if len(live) >= self.limit:
            self.open[key] = live
            return False
        live.add(transport)
        self.open[key] = live
        return True


def guarded(base: type[asyncio.Protocol], limits: Limits, trusted: Iterable[str] = ()) -> type[asyncio.Protocol]:
    """``base`` (a uvicorn HTTP protocol class) with the head timeout, the head size limit and the
    per-address connection cap."""
    peers = Peers(limits.connections_per_client, trusted)

    class Guarded(base):  # type: ignore[valid-type, misc]
        _head_timer: asyncio.TimerHandle | None = None
        _head_bytes = 0
        _armed_for: Any = None

        def connection_made(self, transport: Any) -> None:
            super().connection_made(transport)
            peer = transport.get_extra_info("peername")
            host = str(peer[0]) if isinstance(peer, tuple) and peer else ""
            if not peers.admit(host, transport):
                self._refuse(429, BadRequest.of("connections", 429, limit=peers.limit), retry=10)
                return
            self._arm()

        def data_received(self, data: bytes) -> None:
            before = self.cycle
            waiting = before is None or before.response_complete
            super().data_received(data)
            if self.transport.is_closing() or self.transport.get_protocol() is not self:
                self._disarm()
                return
            if self.cycle is not before:  # a request head arrived whole
                self._head_bytes = 0
                self._disarm()
                return
            if waiting:
                self._head_bytes += len(data)
                if self._head_bytes > limits.max_head:
                    self._refuse(431, BadRequest.of("head_large", 431, max=limits.max_head))
                elif self._head_timer is None:
                    self._arm()

        def connection_lost(self, exc: Exception | None) -> None:
            self._disarm()
            super().connection_lost(exc)

        # ------------------------------------------------------------------
        def _arm(self) -> None:
            self._disarm()
            self._armed_for = self.cycle
            self._head_timer = asyncio.get_running_loop().call_later(limits.header_timeout, self._head_timeout)

        def _disarm(self) -> None:
            if self._head_timer is not None:
                self._head_timer.cancel()
                self._head_timer = None

        def _head_timeout(self) -> None:
            self._head_timer = None
            t = self.transport
            if t.is_closing() or t.get_protocol() is not self or self.cycle is not self._armed_for:
                return
            if self.cycle is not None and not self.cycle.response_complete:
                return  # a request is being answered: the app's own timeouts apply
            self._refuse(408, BadRequest.of("head_timeout", 408, seconds=limits.header_timeout))

        def _refuse(self, status: int, err: BadRequest, retry: int | None = None) -> None:
            self._disarm()
            t = self.transport
            if not t.is_closing():
                t.write(raw_reply(status, err, retry))
                t.close()

    Guarded.__name__ = Guarded.__qualname__ = f"Guarded{base.__name__}"
    return Guarded


def run(app: Any, host: str, port: int, limits: Limits, log_level: str = "info",
        trust_proxy: Iterable[str] = ()) -> None:
    """Serve ``app`` with uvicorn and every limit (blocks until the server stops)."""
    import uvicorn
    from uvicorn.protocols.http.auto import AutoHTTPProtocol

    proxies = [p for p in trust_proxy if p]
    config = uvicorn.Config(
        app, host=host, port=port, log_level=log_level, ws_max_size=64 * 1024,
        http=guarded(AutoHTTPProtocol, limits, proxies),
        timeout_keep_alive=limits.idle_timeout,  # type: ignore[arg-type]  # a float works (call_later)
        limit_concurrency=limits.max_connections or None,
        h11_max_incomplete_event_size=limits.max_head,
        proxy_headers=bool(proxies), forwarded_allow_ips=proxies or None,
        server_header=False,
    )
    uvicorn.Server(config).run()


__all__ = ["Peers", "guarded", "raw_reply", "run"]
