"""The web play table's Starlette app (docs/server.md): the lobby's HTTP API, the websocket of each
room, the replay of finished games and the vendored client under ``/static``.

``create_app(db_path)`` builds it; ``fudaba serve`` runs it with uvicorn; tests drive it with
Starlette's ``TestClient``.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import json
import logging
import re
import secrets
import time
from bisect import bisect_right
from collections.abc import AsyncIterator, Awaitable, Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

import anyio
from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, PlainTextResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect

import fudaba.server.protocol as P  # the module itself: the package (__init__) imports app, never the reverse

from ..core.decks import Deck
from ..core.errors import FudabaError
from ..core.game import Game
from ..core.record import start_state
from ..core.redact import Before, action_line
from ..core.registry import descriptor, game_class, games, load_game
from .errors import BadRequest, engine_error, lang_of
from .limits import Limits, RateLimiter, client_key, retry_after
from .middleware import Guard
from .rooms import AI_LEVELS, MAX_CONNECTIONS, Conn, Room, Rooms
from .storage import Storage
from .tables import ShellFiles, game_web

log = logging.getLogger("fudaba.server")

STATIC = Path(__file__).parent / "static"
#: the largest HTTP body accepted (a deck list or a card file is far smaller)
MAX_BODY = 256 * 1024
#: seconds a websocket may take to send its join
JOIN_TIMEOUT = 30.0
MAX_NAME = 80
MAX_SEED = 2**63 - 1
#: display columns of a rules text sent to the page (the browser wraps the paragraphs itself)
RULES_WIDTH = 1000
#: rooms one "my rooms" request may ask about (more are left out)
MAX_TOKENS = 500
#: the longest ``section`` of a rules request, and the most digits of a replay's ``step``
MAX_SECTION = 32
MAX_STEP_DIGITS = 7
#: seconds a client waits before asking again when it holds too many open rooms
FULL_RETRY = 60.0
#: the clock of the websocket message rate (a module attribute: tests replace it)
message_clock = time.monotonic


def create_app(db_path: str | Path = "fudaba.sqlite3", *, ai_delay: float = 0.6,
               card_files: Mapping[str, Sequence[str | Path]] | None = None, static_dir: str | Path | None = None,
               rate: int | None = None, limits: Limits | None = None, origins: Sequence[str] = (),
               clock: Callable[[], float] = time.time) -> Starlette:
    """The app, with every room of ``db_path`` rebuilt. ``card_files``: game name -> user card TOML
    files or folders (``--cards``; CardDataError lists every problem). ``ai_delay``: seconds between
    two moves of an AI (0 in tests). ``rate``: messages a second per connection (default
    ``protocol.RATE``). ``limits``: what a client may do and what the server holds (docs/server.md,
    *Limits*); ``origins``: the origins allowed besides the server's own host (``--origin``);
    ``clock``: the time (``time.time``; tests move it)."""
    limits = limits or Limits()
    storage = Storage(db_path, clock=clock)
    hub = Rooms(storage, ai_delay=ai_delay, extra_cards=user_cards(card_files), limits=limits, clock=clock)
    hub.load()
    hub.web = game_web()
    site = Site(hub, limits, Path(static_dir) if static_dir is not None else STATIC, rate, clock)
    hub.admit = lambda client: room_limits(hub, site.new_rooms, client)  # a rematch is a new room too
    hub.admitted = site.new_rooms.hit

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        hub.resume()
        sweep = (asyncio.get_running_loop().create_task(hub.expire_every(limits.expiry_interval))
                 if limits.expiry_interval > 0 else None)
        try:
            yield
        finally:
            if sweep is not None:
                sweep.cancel()
            await hub.close()
            storage.close()

    app = Starlette(routes=site.routes(), lifespan=lifespan,
                    middleware=[Middleware(Guard, limits=limits, origins=origins, clock=clock)],
                    exception_handlers={HTTPException: http_refusal})
    app.state.rooms = hub
    app.state.storage = storage
    return app


def user_cards(card_files: Mapping[str, Sequence[str | Path]] | None) -> dict[str, list[dict[str, Any]]]:
    """The user's cards (``--cards``) by game name, checked once at start."""
    extra: dict[str, list[dict[str, Any]]] = {}
    for name, paths in (card_files or {}).items():
        g = load_game(name).with_card_files(list(paths))
        if g.extra_cards:
            extra[g.name] = list(g.extra_cards)
    return extra


class Site:
    """The routes of one app: the pages, the lobby's API and the rooms' websocket, over one
    :class:`~.rooms.Rooms`."""

    def __init__(self, hub: Rooms, limits: Limits, static: Path, rate: int | None,
                 clock: Callable[[], float]) -> None:
        self.hub, self.limits, self.static, self.rate = hub, limits, static, rate
        self.catalogue = games_catalogue(hub)
        self.new_rooms = RateLimiter(limits.rooms_per_minute, 60.0, clock)

    def routes(self) -> list[Route | WebSocketRoute | Mount]:
        return [
            Route("/", self.index),
            Route("/r/{room}", self.index),
            Route("/api/games", self.api_games),
            Route("/api/decks/check", refusals(self.api_check), methods=["POST"]),
            Route("/api/rooms", refusals(self.api_create), methods=["POST"]),
            Route("/api/my-rooms", refusals(self.api_my_rooms), methods=["POST"]),
            Route("/api/rules/{game}", refusals(self.api_rules)),
            Route("/api/rooms/{room}/replay", refusals(self.api_replay)),
            Route("/api/rooms/{room}/record", refusals(self.api_record)),
            Route("/api/rooms/{room}/notation", refusals(self.api_notation)),
            WebSocketRoute("/ws/{room}", self.ws_room),
            Mount("/static", ShellFiles(directory=self.static, games=self.hub.web), name="static"),
        ]

    # ------------------------------------------------------------------ pages
    async def index(self, request: Request) -> Response:
        page = self.static / "index.html"
        if not page.is_file():
            return PlainTextResponse("the client is not installed (static/index.html is missing)", 503)
        return FileResponse(page, media_type="text/html; charset=utf-8")

    # ------------------------------------------------------------------ API
    async def api_games(self, request: Request) -> Response:
        return JSONResponse(self.catalogue)

    async def api_check(self, request: Request) -> Response:
        body = await json_body(request, self.limits.header_timeout)
        game = body_game(self.hub, body)
        text = body.get("text")
        if not isinstance(text, str):
            raise BadRequest.of("text")
        return JSONResponse({"ok": not (problems := game.check_deck(text)), "problems": problems})

    async def api_create(self, request: Request) -> Response:
        hub, client = self.hub, client_key(request.scope)
        room_limits(hub, self.new_rooms, client)
        body = await json_body(request, self.limits.header_timeout)
        room_limits(hub, self.new_rooms, client)  # again: the body took time
        room, tokens, seat = create_room(hub, body, client)
        self.new_rooms.hit(client)
        room.ensure_ai()
        out = {"room": room.id, "seat": seat, "token": tokens[seat], "url": f"/r/{room.id}#t={tokens[seat]}",
               "spectate": f"/r/{room.id}"}
        if 1 - seat in tokens:
            out["invite"] = f"/r/{room.id}#t={tokens[1 - seat]}"
        return JSONResponse(out)

    async def api_my_rooms(self, request: Request) -> Response:
        body = await json_body(request, self.limits.header_timeout)
        tokens = body.get("tokens", {})
        lang = body.get("lang", "ja")
        if not isinstance(tokens, dict) or not all(isinstance(k, str) and isinstance(v, str)
                                                   for k, v in tokens.items()):
            raise BadRequest.of("tokens", max=MAX_TOKENS)
        if lang not in P.LANGS:
            raise BadRequest.of("lang")
        return JSONResponse(my_rooms(self.hub, tokens, lang))

    async def api_rules(self, request: Request) -> Response:
        name = request.path_params["game"]
        lang = request.query_params.get("lang", "ja")
        section = request.query_params.get("section") or None
        variant = request.query_params.get("variant") or None
        if name not in games():
            raise BadRequest.of("no_game", 404, name=name[:40], games=", ".join(games()))
        if lang not in P.LANGS:
            raise BadRequest.of("lang")
        if section is not None and (len(section) > MAX_SECTION or not section.isprintable()):
            raise BadRequest.of("section")
        if variant is not None and variant not in game_class(name).VARIANTS:
            raise BadRequest.of("no_variant", 404, variant=variant[:40], variants=", ".join(game_class(name).VARIANTS))
        # for the page: no "type rules 5.3" sentences, and paragraphs left for the browser to wrap
        text = load_game(name, variant).rules_text(section, lang, width=RULES_WIDTH, commands=False)
        if text is None:
            raise (BadRequest.of("no_section", 404, section=section) if section
                   else BadRequest.of("no_rules", 404))
        return JSONResponse({"text": text})

    async def api_replay(self, request: Request) -> Response:
        q = request.query_params
        room_id = request.path_params["room"]
        token = q.get("token") or request.headers.get("x-fudaba-token") or None
        lang = q.get("lang", "ja")
        if lang not in P.LANGS:
            raise BadRequest.of("lang")
        exists, seat = self.hub.token_seat(room_id, token)  # the token first: a wrong one rebuilds nothing
        if not exists:
            raise BadRequest.of("no_room", 404)
        if token is not None and seat is None:
            raise BadRequest.of("bad_token", 403)
        room = self.hub.peek(room_id)
        if room is None:
            raise BadRequest.of("no_room", 404)
        return JSONResponse(replay_step(room, seat, q.get("step"), lang))

    async def api_record(self, request: Request) -> Response:
        room, _seat, lang = finished_game(self.hub, request)
        rec = room_record(room, lang)
        return Response(rec.to_json() + "\n", media_type="application/json",
                        headers=attachment(f"fudaba-{room.game.name}-{room.id}.json"))

    async def api_notation(self, request: Request) -> Response:
        room, seat, lang = finished_game(self.hub, request)
        return PlainTextResponse(notation_text(room, seat, lang),
                                 headers=attachment(f"fudaba-{room.game.name}-{room.id}.txt"))

    # ------------------------------------------------------------------ websocket
    async def ws_room(self, ws: WebSocket) -> None:
        await ws.accept()
        joined = await self.join(ws)
        if joined is None:
            return
        room, conn = joined
        await room.attach(conn)
        try:
            await serve_conn(room, conn, self.rate)
        except WebSocketDisconnect:
            pass
        finally:
            # also when the handler is cancelled (a server shutting down, a test client leaving):
            # the connection must leave the room and the other seat hear that it is gone
            with anyio.CancelScope(shield=True):
                await room.detach(conn)

    async def join(self, ws: WebSocket) -> tuple[Room, Conn] | None:
        """The room and the connection a websocket's join asks for; None when it was closed with
        the reason (no join in time, a malformed one, no such room, a bad token, a full room)."""
        try:
            text = await asyncio.wait_for(receive_text(ws), JOIN_TIMEOUT)
            token, lang = P.parse_join(text)
        except WebSocketDisconnect:
            return None
        except (TimeoutError, P.Malformed) as e:
            why = str(e) if isinstance(e, P.Malformed) else f"no join within {JOIN_TIMEOUT:.0f} s"
            await close_with(ws, why, 4400)
            return None
        room_id = ws.path_params["room"]
        exists, seat = self.hub.token_seat(room_id, token)  # the token first: a wrong one rebuilds nothing
        if exists and token is not None and seat is None:
            await close_with(ws, "bad token: this token holds no seat of this room", 4401)
            return None
        room = self.hub.get(room_id) if exists else None
        if room is None:
            await close_with(ws, "no such room", 4404)
        elif len(room.conns) >= MAX_CONNECTIONS:
            await close_with(ws, f"this room has {MAX_CONNECTIONS} connections already", 4429)
        else:
            return room, Conn(ws, seat, lang)
        return None


# ---------------------------------------------------------------------- websocket helpers
async def receive_text(ws: WebSocket) -> str:
    """The next message's text (P.Malformed for a binary one; WebSocketDisconnect when it closes)."""
    msg = await ws.receive()
    if msg["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(msg.get("code", 1000))
    text = msg.get("text")
    if text is None:
        raise P.Malformed("malformed message: messages are JSON text, not binary")
    return str(text)


async def close_with(ws: WebSocket, reason: str, code: int) -> None:
    with contextlib.suppress(Exception):
        await ws.send_text(P.dumps({"type": "error", "reason": reason}))
        await ws.close(code)


async def serve_conn(room: Room, conn: Conn, rate: int | None) -> None:
    """Read one connection's messages until it closes: limits first (size, rate), then the message."""
    ws = conn.ws
    limit = rate if rate is not None else P.RATE
    while True:
        try:
            text = await receive_text(ws)
        except P.Malformed as e:
            text = None
            bad = str(e)
        now = message_clock()
        if conn.too_frequent(now, limit):
            await conn.send(P.dumps({"type": "refused", "reason": P.reason("too_frequent", conn.lang), "action": ""}))
            continue
        if text is None:
            await conn.send(P.dumps({"type": "error", "reason": bad}))
            continue
        if len(text) > P.MAX_MESSAGE or len(text.encode()) > P.MAX_MESSAGE:
            await conn.send(P.dumps({"type": "refused", "reason": P.reason("too_large", conn.lang), "action": ""}))
            continue
        try:
            msg = P.parse_message(text)
        except P.Malformed as e:
            await conn.send(P.dumps({"type": "error", "reason": str(e)}))
            continue
        kind = msg["type"]
        if kind == "ping":
            await conn.send('{"type":"pong"}')
        elif kind == "lang":
            await change_lang(room, conn, msg["lang"], now, limit)
        elif kind == "act":
            await room.act(conn, msg["action"], msg["seq"])
        elif kind == "concede":
            await room.act(conn, "concede", None)
        elif kind == "rematch":
            await room.ask_rematch(conn)
        elif kind == "join":
            await conn.send(P.dumps({"type": "error", "reason": "malformed message: already joined"}))


async def change_lang(room: Room, conn: Conn, lang: str, now: float, limit: int) -> None:
    """A ``lang`` message: nothing when the language is the connection's already; else a complete
    state in the new language, which counts as ``P.LANG_COST`` messages of the rate limit."""
    if lang == conn.lang:
        return
    if conn.too_frequent(now, limit, P.LANG_COST - 1):
        await conn.send(P.dumps({"type": "refused", "reason": P.reason("too_frequent", conn.lang), "action": ""}))
        return
    async with room.lock:
        conn.lang = lang
        conn.fresh()  # the whole log and every card, in the new language
        await conn.send(room.message_for(conn))


# ---------------------------------------------------------------------- HTTP helpers
def refusals(handler: Callable[[Request], Awaitable[Response]]) -> Callable[[Request], Awaitable[Response]]:
    """A route whose refusals (BadRequest, an engine's FudabaError) become 4xx answers in the
    request's language."""

    @functools.wraps(handler)
    async def route(request: Request) -> Response:
        try:
            return await handler(request)
        except BadRequest as e:
            return e.response(request_lang(request))
        except FudabaError as e:
            return engine_error(e).response(request_lang(request))

    return route


def request_lang(request: Request) -> str:
    """The language of a request's refusal: its ``lang`` (query, or the JSON body's), else its
    ``Accept-Language``, else English."""
    given = request.query_params.get("lang") or getattr(request.state, "lang", None)
    return lang_of(request.headers, given)


async def http_refusal(request: Request, exc: Exception) -> Response:
    """Starlette's own 4xx (no such route, a method the route does not take) as JSON refusals."""
    status = getattr(exc, "status_code", 404)
    if status == 405:
        err = BadRequest.of("method", 405, method=request.method)
    else:
        err = BadRequest.of("not_found", status, path=request.url.path[:100])
    return err.response(request_lang(request))


async def json_body(request: Request, timeout: float) -> dict[str, Any]:
    """The request's body as a JSON object (BadRequest: too large, too slow, not JSON, not an object)."""
    size = request.headers.get("content-length", "")
    if size.isascii() and size.isdigit() and (len(size) > 12 or int(size) > MAX_BODY):
        raise BadRequest.of("too_large", 413, max=MAX_BODY)
    raw = b""
    try:
        async with asyncio.timeout(timeout):
            async for chunk in request.stream():
                raw += chunk
                if len(raw) > MAX_BODY:
                    raise BadRequest.of("too_large", 413, max=MAX_BODY)
    except TimeoutError:
        raise BadRequest.of("body_timeout", 408, seconds=timeout) from None
    try:
        body = json.loads(raw, parse_constant=_no_constant)
    except RecursionError:
        raise BadRequest.of("too_deep") from None
    except ValueError:  # not JSON, not UTF-8, a number of more digits than int() reads
        raise BadRequest.of("not_json") from None
    if not isinstance(body, dict):
        raise BadRequest.of("not_object")
    if body.get("lang") in P.LANGS:
        request.state.lang = body["lang"]
    return body


def _no_constant(name: str) -> Any:
    """``NaN``, ``Infinity``: not JSON (Python's reader takes them unless told)."""
    raise ValueError(f"{name} is not JSON")


def room_limits(hub: Rooms, new_rooms: RateLimiter, client: str) -> None:
    """429 with Retry-After when ``client`` may not make a room now: too many new rooms this
    minute, too many open games of its own, or the server full."""
    lim = hub.limits
    wait = new_rooms.wait(client)
    if wait:
        raise BadRequest.of("rooms_rate", 429, headers={"Retry-After": retry_after(wait)},
                            limit=lim.rooms_per_minute, wait=retry_after(wait))
    full = {"Retry-After": retry_after(FULL_RETRY)}
    if lim.rooms_per_client and hub.open_rooms(client) >= lim.rooms_per_client:
        raise BadRequest.of("rooms_client", 429, headers=full, limit=lim.rooms_per_client)
    if lim.max_rooms and hub.open_rooms() >= lim.max_rooms:
        raise BadRequest.of("rooms_total", 429, headers=full, limit=lim.max_rooms)


def body_game(hub: Rooms, body: Mapping[str, Any], params: Mapping[str, Any] | None = None) -> Game:
    name, variant = body.get("game"), body.get("variant")
    if not isinstance(name, str) or name not in games():
        raise BadRequest.of("game", games=", ".join(games()))
    if variant is not None and not isinstance(variant, str):
        raise BadRequest.of("variant")
    try:
        return hub.game(name, variant or None, params or {})
    except FudabaError as e:
        raise engine_error(e) from None


def json_params(hub: Rooms, body: Mapping[str, Any], params: dict[str, Any]) -> dict[str, Any]:
    """Parameters whose value is a table (Maken's ``double_options``) may come as JSON text."""
    name = body.get("game")
    if not isinstance(name, str) or name not in games():
        return params
    defaults = game_class(name).PARAMS
    out = dict(params)
    for k, v in params.items():
        if isinstance(defaults.get(k), (dict, list)) and isinstance(v, str):
            try:
                out[k] = json.loads(v)
            except (ValueError, RecursionError):
                raise BadRequest.of("param_json", key=k, example=json.dumps(defaults[k])) from None
    return out


def create_room(hub: Rooms, body: Mapping[str, Any], client: str = "") -> tuple[Room, dict[int, str], int]:
    params = body.get("params", {})
    if params is None:
        params = {}
    if not isinstance(params, dict):
        raise BadRequest.of("params")
    game = body_game(hub, body, json_params(hub, body, params))
    opponent = body.get("opponent", "friend")
    if not isinstance(opponent, str) or opponent not in ("friend", *AI_LEVELS):
        raise BadRequest.of("opponent", levels=", ".join(AI_LEVELS))
    seat = body.get("seat", 0)
    if seat not in (0, 1) or isinstance(seat, bool):
        raise BadRequest.of("seat")
    seed = body.get("seed")
    if seed is None:
        seed = secrets.randbelow(2**31)
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed <= MAX_SEED:
        raise BadRequest.of("seed", max=MAX_SEED)
    name = body.get("name", "")
    if not isinstance(name, str) or len(name) > MAX_NAME:
        raise BadRequest.of("name", max=MAX_NAME)
    decks, texts = room_decks(game, body.get("decks"))
    room, tokens = hub.create(game, decks, texts, seed, seat, opponent, name, client)
    return room, tokens, seat


def room_decks(game: Game, given: Any) -> tuple[list[Deck], list[dict[str, Any]]]:
    """The two seats' decks of a new room (``decks`` of the request; None: the first two starter
    decks), each checked under the room's rules."""
    try:
        starters: dict[str, Deck] | None = game.cached_starter_decks()
        unmet = ""
    except FudabaError as e:  # a rule the starter decks do not meet (a deck size, copies, …)
        starters, unmet = None, first_problems(e)
    if given is None:
        if starters is None:
            raise BadRequest.of("starter_rules", why=unmet)
        given = [{"starter": k} for k in sorted(starters)[:2]]
    if not isinstance(given, list) or len(given) != 2:
        raise BadRequest.of("decks")
    decks: list[Deck] = []
    texts: list[dict[str, Any]] = []
    for k, d in enumerate(given):
        where = f"deck of seat {k}"
        if isinstance(d, dict) and set(d) == {"starter"} and isinstance(d["starter"], str):
            if starters is None:
                raise BadRequest.of("starter_rules", extra={"seat": k}, why=unmet)
            deck = starters.get(d["starter"])
            if deck is None:
                raise BadRequest.of("no_starter", extra={"seat": k}, seat=k, name=d["starter"][:40],
                                    names=", ".join(sorted(starters)))
            problems = game.check_deck(deck)
        elif isinstance(d, dict) and set(d) == {"text"} and isinstance(d["text"], str):
            problems = game.check_deck(d["text"])
            deck = game.parse_deck(d["text"], where) if not problems else Deck(())
        else:
            raise BadRequest.of("deck_form", extra={"seat": k}, seat=k)
        if problems:
            raise BadRequest.of("deck_problems", extra={"problems": problems, "seat": k}, seat=k, n=len(problems))
        decks.append(deck)
        texts.append(dict(d))
    return decks, texts


def first_problems(e: Exception, n: int = 3) -> str:
    """The first problems an engine's deck refusal lists (its ``- …`` lines), without file paths."""
    lines = [ln.strip()[2:] for ln in str(e).splitlines() if ln.strip().startswith("- ")]
    text = "; ".join(dict.fromkeys(lines[:n])) if lines else re.sub(r"[^\s:]*[/\\]", "", str(e))
    return text[:300]


def my_rooms(hub: Rooms, tokens: Mapping[str, str], lang: str) -> list[dict[str, Any]]:
    """``/api/my-rooms``: the rooms (of the first ``MAX_TOKENS``) whose seat the token holds, games
    in play first, the latest first. Each token is checked before its game is read."""
    out = []
    for room_id, token in list(tokens.items())[:MAX_TOKENS]:
        _, seat = hub.token_seat(room_id, token)
        room = hub.peek(room_id) if seat is not None else None
        if room is None or seat is None:
            continue
        st = room.state
        out.append({"room": room.id, "name": room.row.name, "game": room.game.name, "variant": room.game.variant,
                    "seat": seat, "opponent": room.row.agents[1 - seat] or "friend", "turn": st.turn,
                    "over": st.over, "result_text": P.result_text(room.game, st, seat, lang),
                    "created": room.row.created, "updated": room.row.updated})
    out.sort(key=lambda r: (bool(r["over"]), -float(r["updated"])))  # type: ignore[arg-type]
    return out


def finished_game(hub: Rooms, request: Request) -> tuple[Room, int, str]:
    """The finished game a player asks for (its record, its notation): (room, the token's seat,
    lang). A seat's token is required (the record holds both decks and the seed), checked before
    the game is read: 403 without one or with a wrong one, 404 no room, 409 a game not over."""
    q = request.query_params
    room_id = request.path_params["room"]
    token = q.get("token") or request.headers.get("x-fudaba-token") or None
    lang = q.get("lang", "ja")
    if lang not in P.LANGS:
        raise BadRequest.of("lang")
    exists, seat = hub.token_seat(room_id, token)
    if not exists:
        raise BadRequest.of("no_room", 404)
    if token is None:
        raise BadRequest.of("record_token", 403)
    if seat is None:
        raise BadRequest.of("bad_token", 403)
    room = hub.peek(room_id)
    if room is None:
        raise BadRequest.of("no_room", 404)
    if not room.state.over:
        raise BadRequest.of("record_not_over", 409)
    return room, seat, lang


def attachment(filename: str) -> dict[str, str]:
    return {"Content-Disposition": f'attachment; filename="{filename}"'}


def room_record(room: Room, lang: str) -> Any:
    """The game's record, as ``fudaba replay`` reads it (one line of JSON), with the room in ``meta``."""
    rec = room.state.record()
    rec.meta = {"lang": lang, "room": room.id, "name": room.row.name, "players": room.row.agents}
    return rec


def notation_text(room: Room, seat: int, lang: str) -> str:
    """The game in notation: a header of ``#`` lines (the game, its settings, the seats, the result),
    then every action of the history, one a line, as the engine wrote it."""
    st = room.state
    row = room.row
    title = descriptor(room.game.name).title_in(lang)
    when = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime(row.created))
    seats = ", ".join(f"P{s}: {P.player_name(row.agents[s], s, lang)}" + (" *" if s == seat else "")
                      for s in (0, 1))
    head = [
        f"# fudaba {title} ({room.game.name}), variant {room.game.variant}",
        f"# room {room.id}{' ' + repr(row.name) if row.name else ''}, {when}",
        f"# params {json.dumps(dict(room.game.params), ensure_ascii=False, sort_keys=True)}",
        f"# seed {row.seed}",
        f"# decks {json.dumps(row.deck_texts, ensure_ascii=False)}",
        f"# seats {seats}",
        f"# result {P.result_text(room.game, st, seat, lang)}",
        f"# actions {len(st.history)}",
    ]
    return "\n".join(head + list(st.history)) + "\n"


def replay_step(room: Room, seat: int | None, raw: str | None, lang: str) -> dict[str, Any]:
    """``{step, steps, action, view, log, cards, over, result}``: a finished game after ``step``
    actions (``raw``: the query's text; None: the end) as ``seat`` (None: a spectator) saw it."""
    st = room.state
    if not st.over:
        raise BadRequest.of("not_finished", 409)
    actions = list(st.history)
    steps = len(actions)
    if raw is None:
        step = steps
    elif raw.isascii() and raw.isdigit() and len(raw) <= MAX_STEP_DIGITS and int(raw) <= steps:
        step = int(raw)
    else:
        raise BadRequest.of("step", steps=steps)
    rec = st.record()
    cur = start_state(rec)
    line = ""
    seen = 0  # the seat's log events before the step's action
    by: int | None = None
    for i, a in enumerate(actions[:step]):
        if i == step - 1:
            before = Before(cur)
            mark = len(cur.log)
            seen = len(cur.log_view(seat))
            by = P.mover(a, cur.decision.player if cur.decision is not None else None)
            cur.apply(a)
            line = action_line(before, a, cur.log[mark:], cur, seat, lang)
        else:
            cur.apply(a)
    view = cur.view(seat)
    events = cur.log_view(seat)
    game = cur.game
    if not step:
        seen = len(events)
    acts = [bisect_right(room.starts, i) - 1 for i, e in enumerate(cur.log) if e.visible_to(seat)]
    earlier = P.line_entries(game, events[:seen], acts[:seen], seat, lang)
    now = P.line_entries(game, events[seen:], acts[seen:], seat, lang)
    return {"step": step, "steps": steps, "action": line, "view": view,
            "log": earlier + now, "step_from": len(earlier), "last_by": by,
            "cards": P.cards_table(game, P.card_ids(view, game.cdb), lang),
            "over": cur.over, "result": P.result_text(game, cur, seat, lang)}


# ---------------------------------------------------------------------- the games' catalogue
def games_catalogue(hub: Rooms) -> list[dict[str, Any]]:
    """``/api/games``: every game's titles and summary (its descriptor's), variants, starter decks,
    parameters, AI levels and browser table (``table``: its module's URL, None for the generic
    table; ``style``: its stylesheet's, or None)."""
    out = []
    for name in games():
        cls = game_class(name)
        desc = descriptor(name)
        variants = list(cls.VARIANTS)
        decks = {}
        defaults: dict[str, dict[str, Any]] = {}
        for v in variants:
            g = hub.game(name, v, {})
            decks[v] = sorted(g.cached_starter_decks())
            defaults[v] = dict(g.params)
        first = load_game(name, variants[0])
        params = []
        for key, default in first.params.items():
            choices = cls.PARAM_CHOICES.get(key)
            if choices is not None:
                kind = "choice"
            elif isinstance(default, bool):
                kind = "bool"
            elif isinstance(default, int):
                kind = "int"
            elif isinstance(default, (dict, list)):
                kind = "json"
            else:
                kind = "text"
            en, ja = cls.PARAM_HELP.get(key, ("", ""))
            params.append({
                "key": key, "default": default,
                "kind": kind,
                "min": cls.PARAM_MIN.get(key, 0) if kind == "int" else None,
                "max": cls.PARAM_MAX.get(key) if kind == "int" else None,
                "choices": list(choices) if choices is not None else None,
                "help_en": en, "help_ja": ja,
                "variant_defaults": {v: defaults[v][key] for v in variants},
            })
        web = hub.web_of(name)
        out.append({"name": name, "title": desc.title_in("ja"), "title_en": desc.title_in("en"),
                    "title_ja": desc.title_in("ja"), "summary_en": desc.summary_in("en"),
                    "summary_ja": desc.summary_in("ja"), "table": web["table"], "style": web["style"],
                    "variants": variants, "decks": decks, "params": params,
                    "agents": list(AI_LEVELS),
                    "starters": {v: [d.to_dict() for d in hub.game(name, v, {}).starter_deck_info()] for v in variants}})
    return out
