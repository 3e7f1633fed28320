"""What every request passes before the routes (docs/server.md, *Security notes*): an ASGI middleware
that

* sends the security headers with every HTTP answer (CSP with ``frame-ancestors 'none'``,
  ``X-Content-Type-Options``, ``X-Frame-Options``, ``Referrer-Policy``);
* refuses a request from another site: a websocket or a POST whose ``Origin`` is not the server's
  own (its ``Host``) nor one of the configured origins (``fudaba serve --origin``) — 403, or the
  websocket handshake refused; a client that sends no ``Origin`` (not a browser) is let through;
* takes a body only as JSON (``Content-Type: application/json``; 415 otherwise), so that a
  cross-site form or ``text/plain`` POST cannot reach a route;
* counts the API requests and websocket connections of each client address
  (``requests_per_minute``): 429 with ``Retry-After``, or a websocket closed with 1013 (try again
  later).
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Awaitable, Callable, Iterable, MutableMapping
from typing import Any
from urllib.parse import parse_qs, urlsplit

from .errors import BadRequest, lang_of
from .limits import Limits, RateLimiter, client_key, retry_after

Scope = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[MutableMapping[str, Any]]]
Send = Callable[[MutableMapping[str, Any]], Awaitable[None]]

#: what a Host header may hold to be written into the CSP (anything else: 'self' alone)
_HOST = re.compile(r"[A-Za-z0-9.\-]+(:[0-9]{1,5})?|\[[0-9A-Fa-f:.]+\](:[0-9]{1,5})?")


def security_headers(host: str) -> list[tuple[bytes, bytes]]:
    """The headers every HTTP answer carries. The websocket is allowed to the page's own host."""
    ws = f" ws://{host} wss://{host}" if _HOST.fullmatch(host) else ""
    csp = ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
           f"connect-src 'self'{ws}; font-src 'self'; object-src 'none'; base-uri 'none'; "
           "form-action 'self'; frame-ancestors 'none'")
    return [(b"content-security-policy", csp.encode()), (b"x-content-type-options", b"nosniff"),
            (b"x-frame-options", b"DENY"), (b"referrer-policy", b"no-referrer"),
            (b"cross-origin-opener-policy", b"same-origin")]


def origin_allowed(origin: str | None, host: str, allowed: frozenset[str]) -> bool:
    """Whether a request with this ``Origin`` header may act: none (not a browser), the server's
    own host, or one of ``allowed`` (full origins, ``scheme://host[:port]``, lower case)."""
    if origin is None:
        return True
    o = origin.strip().lower().rstrip("/")
    if o in allowed:
        return True
    try:
        parts = urlsplit(o)
    except ValueError:
        return False
    return parts.scheme in ("http", "https") and bool(parts.netloc) and parts.netloc == host.strip().lower()


class Guard:
    """The middleware (see the module docstring); ``clock`` for the rate limiter (tests)."""

    def __init__(self, app: Any, limits: Limits, origins: Iterable[str] = (),
                 clock: Callable[[], float] = time.time) -> None:
        self.app = app
        self.allowed = frozenset(o.strip().lower().rstrip("/") for o in origins if o.strip())
        self.requests = RateLimiter(limits.requests_per_minute, 60.0, clock)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        kind = scope["type"]
        if kind not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope.get("headers", [])}
        refusal = self.check(scope, headers)
        if kind == "websocket":
            if refusal is not None:
                await self.refuse_websocket(receive, send, refusal)
                return
            await self.app(scope, receive, send)
            return
        extra = security_headers(headers.get("host", ""))

        async def send_with_headers(message: MutableMapping[str, Any]) -> None:
            if message["type"] == "http.response.start":
                have = {k.lower() for k, _ in message.get("headers", [])}
                message = {**message, "headers": [*message.get("headers", []),
                                                  *((k, v) for k, v in extra if k not in have)]}
            await send(message)

        if refusal is not None:
            query = parse_qs(scope.get("query_string", b"").decode("latin-1"))
            lang = lang_of(headers, (query.get("lang") or [None])[0])
            await refusal.response(lang)(scope, receive, send_with_headers)
            return
        await self.app(scope, receive, send_with_headers)

    def check(self, scope: Scope, headers: dict[str, str]) -> BadRequest | None:
        """The refusal of this request, or None: another site's origin, a body that is not JSON,
        or one request too many from its address."""
        path = str(scope.get("path", ""))
        ws = scope["type"] == "websocket"
        method = str(scope.get("method", "GET"))
        if (ws or method not in ("GET", "HEAD", "OPTIONS")) and not origin_allowed(
                headers.get("origin"), headers.get("host", ""), self.allowed):
            return BadRequest.of("origin", 403, origin=headers.get("origin", "")[:100])
        if not ws and method in ("POST", "PUT", "PATCH"):
            ctype = headers.get("content-type", "").split(";")[0].strip().lower()
            if ctype != "application/json":
                return BadRequest.of("content_type", 415)
        if ws or path.startswith("/api/"):
            wait = self.requests.hit(client_key(scope))
            if wait:
                return BadRequest.of("requests_rate", 429, headers={"Retry-After": retry_after(wait)},
                                     limit=self.requests.limit, wait=retry_after(wait))
        return None

    @staticmethod
    async def refuse_websocket(receive: Receive, send: Send, refusal: BadRequest) -> None:
        """Refuse the handshake: a foreign origin is denied (403 on the handshake); one connection
        too many is accepted and closed at once with 1013 (try again later) and the reason."""
        message = await receive()
        if message["type"] != "websocket.connect":
            return
        reason = refusal.error.encode()[:120].decode(errors="ignore")
        if refusal.status == 403:
            await send({"type": "websocket.close", "code": 4403, "reason": reason})
            return
        await send({"type": "websocket.accept"})
        await send({"type": "websocket.send", "text": json.dumps({"type": "error", "reason": refusal.error},
                                                                 ensure_ascii=False)})
        await send({"type": "websocket.close", "code": 1013, "reason": reason})


__all__ = ["Guard", "origin_allowed", "security_headers"]
