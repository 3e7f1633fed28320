"""The web play table's Starlette app (docs/server.md): the lobby's HTTP API, the websocket of each
room, the replay of finished games and the vendored client under ``/static``.

``create_app(db_path)`` builds it; ``fudaba serve`` runs it with uvicorn; tests drive it with
Starlette's ``TestClient``.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
import time
from collections.abc import AsyncIterator, Mapping, Sequence
from pathlib import Path
from typing import Any

import anyio
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, PlainTextResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from ..core.decks import Deck
from ..core.errors import FudabaError
from ..core.game import Game
from ..core.record import start_state
from ..core.redact import Before, action_line
from ..core.registry import game_class, games, load_game
from . import protocol as P
from .rooms import AI_LEVELS, MAX_CONNECTIONS, Conn, Room, Rooms
from .storage import Storage

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


class BadRequest(Exception):
    def __init__(self, error: str, status: int = 400, **extra: Any) -> None:
        super().__init__(error)
        self.error = error
        self.status = status
        self.extra = extra

    def response(self) -> JSONResponse:
        return JSONResponse({"error": self.error, **self.extra}, status_code=self.status)


def create_app(db_path: str | Path = "fudaba.sqlite3", *, ai_delay: float = 0.6,
               card_files: Mapping[str, Sequence[str | Path]] | None = None, static_dir: str | Path | None = None,
               rate: int | None = None) -> Starlette:
    """The app, with every room of ``db_path`` rebuilt. ``card_files``: game name -> user card TOML
    files or folders (``--cards``; CardDataError lists every problem). ``ai_delay``: seconds between
    two moves of an AI (0 in tests). ``rate``: messages a second per connection (default
    ``protocol.RATE``)."""
    extra: dict[str, list[dict[str, Any]]] = {}
    for name, paths in (card_files or {}).items():
        g = load_game(name).with_card_files(list(paths))
        if g.extra_cards:
            extra[g.name] = list(g.extra_cards)
    storage = Storage(db_path)
    hub = Rooms(storage, ai_delay=ai_delay, extra_cards=extra)
    hub.load()
    static = Path(static_dir) if static_dir is not None else STATIC
    catalogue = games_catalogue(hub)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        hub.resume()
        try:
            yield
        finally:
            await hub.close()
            storage.close()

    # ------------------------------------------------------------------ pages
    async def index(request: Request) -> Response:
        page = static / "index.html"
        if not page.is_file():
            return PlainTextResponse("the client is not installed (static/index.html is missing)", 503)
        return FileResponse(page, media_type="text/html; charset=utf-8")

    # ------------------------------------------------------------------ API
    async def api_games(request: Request) -> Response:
        return JSONResponse(catalogue)

    async def api_check(request: Request) -> Response:
        try:
            body = await json_body(request)
            game = body_game(hub, body)
            text = body.get("text")
            if not isinstance(text, str):
                raise BadRequest("'text' must be the deck list (text)")
            problems = game.check_deck(text)
        except BadRequest as e:
            return e.response()
        return JSONResponse({"ok": not problems, "problems": problems})

    async def api_create(request: Request) -> Response:
        try:
            body = await json_body(request)
            room, tokens, seat = create_room(hub, body)
        except BadRequest as e:
            return e.response()
        room.ensure_ai()
        out = {"room": room.id, "seat": seat, "token": tokens[seat], "url": f"/r/{room.id}#t={tokens[seat]}",
               "spectate": f"/r/{room.id}"}
        if 1 - seat in tokens:
            out["invite"] = f"/r/{room.id}#t={tokens[1 - seat]}"
        return JSONResponse(out)

    async def api_my_rooms(request: Request) -> Response:
        try:
            body = await json_body(request)
            tokens = body.get("tokens", {})
            lang = body.get("lang", "ja")
            if not isinstance(tokens, dict) or not all(isinstance(k, str) and isinstance(v, str)
                                                       for k, v in tokens.items()):
                raise BadRequest("'tokens' must map room ids to seat tokens")
            if lang not in P.LANGS:
                raise BadRequest("'lang' must be 'ja' or 'en'")
        except BadRequest as e:
            return e.response()
        out = []
        for room_id, token in list(tokens.items())[:500]:
            room = hub.get(room_id)
            if room is None:
                continue
            seat = room.seat_of(token)
            if seat is None:
                continue
            st = room.state
            out.append({"room": room.id, "name": room.row.name, "game": room.game.name, "variant": room.game.variant,
                        "seat": seat, "opponent": room.row.agents[1 - seat] or "friend", "turn": st.turn,
                        "over": st.over, "result_text": P.result_text(room.game, st, seat, lang),
                        "created": room.row.created, "updated": room.row.updated})
        out.sort(key=lambda r: (bool(r["over"]), -float(r["updated"])))  # type: ignore[arg-type]
        return JSONResponse(out)

    async def api_rules(request: Request) -> Response:
        name = request.path_params["game"]
        lang = request.query_params.get("lang", "ja")
        section = request.query_params.get("section") or None
        variant = request.query_params.get("variant") or None
        if name not in games():
            return BadRequest(f"no game {name!r}; games: {', '.join(games())}", 404).response()
        if lang not in P.LANGS:
            return BadRequest("'lang' must be 'ja' or 'en'").response()
        if variant is not None and variant not in game_class(name).VARIANTS:
            return BadRequest(f"no variant {variant!r:.40}; variants: {', '.join(game_class(name).VARIANTS)}",
                              404).response()
        # for the page: no "type rules 5.3" sentences, and paragraphs left for the browser to wrap
        text = load_game(name, variant).rules_text(section, lang, width=RULES_WIDTH, commands=False)
        if text is None:
            why = (f"rules {section}: no such section" if section else "this game has no rules summary")
            return BadRequest(why, 404).response()
        return JSONResponse({"text": text})

    async def api_replay(request: Request) -> Response:
        room = hub.get(request.path_params["room"])
        if room is None:
            return BadRequest("no such room", 404).response()
        try:
            return JSONResponse(replay_step(room, request))
        except BadRequest as e:
            return e.response()

    # ------------------------------------------------------------------ websocket
    async def ws_room(ws: WebSocket) -> None:
        await ws.accept()
        room = hub.get(ws.path_params["room"])
        try:
            text = await asyncio.wait_for(receive_text(ws), JOIN_TIMEOUT)
        except (TimeoutError, WebSocketDisconnect, P.Malformed) as e:
            if isinstance(e, WebSocketDisconnect):
                return
            why = str(e) if isinstance(e, P.Malformed) else f"no join within {JOIN_TIMEOUT:.0f} s"
            await close_with(ws, why, 4400)
            return
        try:
            token, lang = P.parse_join(text)
        except P.Malformed as e:
            await close_with(ws, str(e), 4400)
            return
        if room is None:
            await close_with(ws, "no such room", 4404)
            return
        seat = None
        if token is not None:
            seat = room.seat_of(token)
            if seat is None:
                await close_with(ws, "bad token: this token holds no seat of this room", 4401)
                return
        if len(room.conns) >= MAX_CONNECTIONS:
            await close_with(ws, f"this room has {MAX_CONNECTIONS} connections already", 4429)
            return
        conn = Conn(ws, seat, lang)
        await room.attach(conn)
        try:
            await serve_conn(room, conn, rate)
        except WebSocketDisconnect:
            pass
        finally:
            # also when the handler is cancelled (a server shutting down, a test client leaving):
            # the connection must leave the room and the other seat hear that it is gone
            with anyio.CancelScope(shield=True):
                await room.detach(conn)

    routes = [
        Route("/", index),
        Route("/r/{room}", index),
        Route("/api/games", api_games),
        Route("/api/decks/check", api_check, methods=["POST"]),
        Route("/api/rooms", api_create, methods=["POST"]),
        Route("/api/my-rooms", api_my_rooms, methods=["POST"]),
        Route("/api/rules/{game}", api_rules),
        Route("/api/rooms/{room}/replay", api_replay),
        WebSocketRoute("/ws/{room}", ws_room),
        Mount("/static", StaticFiles(directory=static, check_dir=False), name="static"),
    ]
    app = Starlette(routes=routes, lifespan=lifespan)
    app.state.rooms = hub
    app.state.storage = storage
    return app


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
        now = time.monotonic()
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
            async with room.lock:
                conn.lang = msg["lang"]
                conn.fresh()  # the whole log and every card, in the new language
                await conn.send(room.message_for(conn))
        elif kind == "act":
            await room.act(conn, msg["action"], msg["seq"])
        elif kind == "concede":
            await room.act(conn, "concede", None)
        elif kind == "join":
            await conn.send(P.dumps({"type": "error", "reason": "malformed message: already joined"}))


# ---------------------------------------------------------------------- HTTP helpers
async def json_body(request: Request) -> dict[str, Any]:
    size = request.headers.get("content-length")
    if size is not None and size.isdigit() and int(size) > MAX_BODY:
        raise BadRequest(f"request too large: at most {MAX_BODY} bytes", 413)
    raw = b""
    async for chunk in request.stream():
        raw += chunk
        if len(raw) > MAX_BODY:
            raise BadRequest(f"request too large: at most {MAX_BODY} bytes", 413)
    try:
        body = json.loads(raw)
    except (json.JSONDecodeError, UnicodeDecodeError, RecursionError):
        raise BadRequest("the body must be JSON") from None
    if not isinstance(body, dict):
        raise BadRequest("the body must be a JSON object")
    return body


def body_game(hub: Rooms, body: Mapping[str, Any], params: Mapping[str, Any] | None = None) -> Game:
    name, variant = body.get("game"), body.get("variant")
    if not isinstance(name, str) or name not in games():
        raise BadRequest(f"'game' must be one of {', '.join(games())}")
    if variant is not None and not isinstance(variant, str):
        raise BadRequest("'variant' must be a variant name")
    try:
        return hub.game(name, variant or None, params or {})
    except FudabaError as e:
        raise BadRequest(str(e)) from None


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
            except json.JSONDecodeError:
                raise BadRequest(f"parameter {k}: expected JSON, e.g. {json.dumps(defaults[k])}") from None
    return out


def create_room(hub: Rooms, body: Mapping[str, Any]) -> tuple[Room, dict[int, str], int]:
    params = body.get("params", {})
    if params is None:
        params = {}
    if not isinstance(params, dict):
        raise BadRequest("'params' must be a table of parameters")
    game = body_game(hub, body, json_params(hub, body, params))
    opponent = body.get("opponent", "friend")
    if opponent not in ("friend", *AI_LEVELS):
        raise BadRequest(f"'opponent' must be friend or an AI level: {', '.join(AI_LEVELS)}")
    seat = body.get("seat", 0)
    if seat not in (0, 1) or isinstance(seat, bool):
        raise BadRequest("'seat' must be 0 or 1")
    seed = body.get("seed")
    if seed is None:
        seed = secrets.randbelow(2**31)
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed <= MAX_SEED:
        raise BadRequest(f"'seed' must be a whole number from 0 to {MAX_SEED}")
    name = body.get("name", "")
    if not isinstance(name, str) or len(name) > MAX_NAME:
        raise BadRequest(f"'name' must be text of at most {MAX_NAME} characters")
    given = body.get("decks")
    starters = game.cached_starter_decks()
    if given is None:
        given = [{"starter": k} for k in sorted(starters)[:2]]
    if not isinstance(given, list) or len(given) != 2:
        raise BadRequest("'decks' must be a list of two decks ({\"starter\": name} or {\"text\": deck list})")
    decks: list[Deck] = []
    texts: list[dict[str, Any]] = []
    for k, d in enumerate(given):
        where = f"deck of seat {k}"
        if isinstance(d, dict) and set(d) == {"starter"} and isinstance(d["starter"], str):
            deck = starters.get(d["starter"])
            if deck is None:
                raise BadRequest(f"{where}: no starter deck {d['starter']!r}; starter decks: "
                                 f"{', '.join(sorted(starters))}", seat=k)
            problems = game.check_deck(deck)
        elif isinstance(d, dict) and set(d) == {"text"} and isinstance(d["text"], str):
            problems = game.check_deck(d["text"])
            deck = game.parse_deck(d["text"], where) if not problems else Deck(())
        else:
            raise BadRequest(f"{where}: give {{\"starter\": name}} or {{\"text\": deck list}}", seat=k)
        if problems:
            raise BadRequest(f"{where}: {len(problems)} problem(s)", problems=problems, seat=k)
        decks.append(deck)
        texts.append(dict(d))
    try:
        room, tokens = hub.create(game, decks, texts, seed, seat, opponent, name)
    except FudabaError as e:
        raise BadRequest(str(e)) from None
    return room, tokens, seat


def replay_step(room: Room, request: Request) -> dict[str, Any]:
    """``{step, steps, action, view, log, cards, over, result}``: a finished game after ``step``
    actions as the token's seat (or a spectator) saw it."""
    st = room.state
    if not st.over:
        raise BadRequest("the game is not finished: a replay is for finished games", 409)
    q = request.query_params
    token = q.get("token") or request.headers.get("x-fudaba-token")
    lang = q.get("lang", "ja")
    if lang not in P.LANGS:
        raise BadRequest("'lang' must be 'ja' or 'en'")
    seat = None
    if token:
        seat = room.seat_of(token)
        if seat is None:
            raise BadRequest("bad token: this token holds no seat of this room", 403)
    actions = list(st.history)
    steps = len(actions)
    raw = q.get("step")
    if raw is None:
        step = steps
    elif raw.isdigit() and int(raw) <= steps:
        step = int(raw)
    else:
        raise BadRequest(f"'step' must be a whole number from 0 to {steps}")
    rec = st.record()
    cur = start_state(rec)
    line = ""
    seen = 0  # the seat's log events before the step's action
    for i, a in enumerate(actions[:step]):
        if i == step - 1:
            before = Before(cur)
            mark = len(cur.log)
            seen = len(cur.log_view(seat))
            cur.apply(a)
            line = action_line(before, a, cur.log[mark:], cur, seat, lang)
        else:
            cur.apply(a)
    view = cur.view(seat)
    events = cur.log_view(seat)
    game = cur.game
    if not step:
        seen = len(events)
    earlier = P.log_lines(game, events[:seen], seat, lang)
    lines = earlier + P.log_lines(game, events[seen:], seat, lang)
    return {"step": step, "steps": steps, "action": line, "view": view,
            "log": [{"text": ln.text, "mine": ln.mine} for ln in lines], "step_from": len(earlier),
            "cards": P.cards_table(game, P.card_ids(view, game.cdb), lang),
            "over": cur.over, "result": P.result_text(game, cur, seat, lang)}


# ---------------------------------------------------------------------- the games' catalogue
def games_catalogue(hub: Rooms) -> list[dict[str, Any]]:
    """``/api/games``: every game's variants, starter decks, parameters and AI levels."""
    out = []
    for name in games():
        cls = game_class(name)
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
        out.append({"name": name, "title": cls.TITLE, "variants": variants, "decks": decks, "params": params,
                    "agents": list(AI_LEVELS)})
    return out
