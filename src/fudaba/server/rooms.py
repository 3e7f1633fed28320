"""Rooms: one game each — its state, its seats (a person with a token, or an AI), the connections
watching it, and the AI's turn (docs/server.md).

A room applies one move at a time (``Room.lock``): the move is checked by the engine, committed to
the database, and only then sent to every connection, each its own view. The AI chooses in a worker
thread from an information set (never the state, never on the event loop), and its moves are applied
one by one, ``ai_delay`` seconds apart, each sent as its own ``state``.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import re
import secrets
import time
from bisect import bisect_right
from collections import OrderedDict, deque
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from starlette.websockets import WebSocket, WebSocketState

import fudaba.server.protocol as P  # the module itself: the package (__init__) imports app, never the reverse

from ..agents import Agent, make_agent
from ..core.actions import Action
from ..core.decks import Deck
from ..core.errors import FudabaError, IllegalAction
from ..core.game import Game
from ..core.record import Record
from ..core.registry import descriptors, load_game
from ..core.state import State
from .errors import BadRequest
from .limits import Limits, client_key
from .scheduler import Scheduler, think
from .storage import RoomRow, Storage, same_token, token_hash
from .tables import GameWeb

log = logging.getLogger("fudaba.server")

#: the AI levels a room may seat (make_agent specs)
AI_LEVELS = ("random", "greedy", "easy", "normal", "hard")
#: connections one room accepts
MAX_CONNECTIONS = 32
#: the characters of a room id (``secrets.token_urlsafe``) and its longest accepted length
ROOM_ID = re.compile(r"[A-Za-z0-9_-]{1,64}")


@dataclass(eq=False)
class Conn:
    """One websocket of a room: its seat (None: a spectator), language, recent message times, and
    what it has been sent of its seat's log (lines, in its language) and of the cards' entries."""

    ws: WebSocket
    seat: int | None
    lang: str
    times: deque[float] = field(default_factory=deque)
    log_sent: int = 0
    cards_sent: set[str] = field(default_factory=set)

    def fresh(self) -> None:
        """The next ``state`` is complete (a join, a language change): the whole log, every card."""
        self.log_sent = 0
        self.cards_sent = set()

    def too_frequent(self, now: float, limit: int = P.RATE, cost: int = 1) -> bool:
        """Count a message as ``cost`` messages; True when that makes more than ``limit`` in the
        last second."""
        t = self.times
        while t and now - t[0] >= P.RATE_WINDOW:
            t.popleft()
        t.extend([now] * min(cost, limit + 1))
        return len(t) > limit

    async def send(self, text: str) -> None:
        if self.ws.application_state != WebSocketState.CONNECTED:
            return
        try:
            await self.ws.send_text(text)
        except Exception:  # a connection closing while we speak: its own loop notices
            log.debug("send failed", exc_info=True)


class Room:
    """One game in play."""

    def __init__(self, row: RoomRow, game: Game, state: State, hub: Rooms,
                 marks: tuple[list[int], list[int | None]] | None = None) -> None:
        self.row = row
        self.id = row.id
        self.game = game
        self.state = state
        self.hub = hub
        self.agents: list[Agent | None] = []
        for seat, spec in enumerate(row.agents):
            if spec is None:
                self.agents.append(None)
                continue
            agent = make_agent(spec, game.name)
            reset = getattr(agent, "reset", None)
            if reset is not None:
                reset(game, seat, row.seed + seat + len(state.history))
            self.agents.append(agent)
        self.conns: list[Conn] = []
        self._lock: asyncio.Lock | None = None
        self.ai_task: asyncio.Task[None] | None = None
        #: loop time of the last change: the AI's next move waits ``ai_delay`` after it
        self.last_change = _now()
        # caches valid for one version of the state, shared by every connection of a seat (and by
        # all spectators): views and their JSON text, state messages without and with their log
        self.version = 0
        self._views: dict[int | None, dict[str, Any]] = {}
        self._view_json: dict[int | None, str] = {}
        self._heads: dict[tuple[int | None, str], str] = {}
        self._msgs: dict[tuple[int | None, str, int, tuple[str, ...]], str] = {}
        self._ids: dict[int | None, set[str]] = {}
        self._read: set[int | None] = set()
        # caches that only grow: each seat's log view, its lines described and encoded once each
        # (per language: ``_described`` counts the events already described), the cards' entries
        self._events: dict[int | None, list[dict[str, Any]]] = {}
        self._described: dict[tuple[int | None, str], int] = {}
        self._encoded: dict[tuple[int | None, str], list[str]] = {}
        self._cards: dict[tuple[str, str], str] = {}
        self._card_of: dict[str, str | None] = {}
        # each action of the history: where its events begin in ``state.log`` and the seat that
        # chose it (``action_marks``); each seat's events tagged with the action that logged them
        self.starts, self.movers = marks if marks is not None else P.action_marks(state)
        self._acts: dict[int | None, list[int]] = {}
        self._scanned: dict[int | None, int] = {}
        #: the rematch (docs/server.md, *After the game*): the seats that asked, and once made, the
        #: new room's id and its people's tokens by their new seat
        self.rematch_asked: set[int] = set()
        self.rematch: tuple[str, dict[int, str]] | None = None

    @property
    def lock(self) -> asyncio.Lock:
        if self._lock is None:
            self._lock = asyncio.Lock()
        return self._lock

    @property
    def seq(self) -> int:
        return len(self.state.history)

    # ------------------------------------------------------------------ seats
    def seat_of(self, token: str) -> int | None:
        """The seat whose token this is, or None."""
        for seat, h in enumerate(self.row.token_hashes):
            if same_token(token, h):
                return seat
        return None

    def connected(self, seat: int) -> bool:
        return self.agents[seat] is not None or any(c.seat == seat for c in self.conns)

    def players(self) -> list[dict[str, Any]]:
        return [{"kind": "ai" if self.agents[s] is not None else "human",
                 "name": P.player_name(self.row.agents[s], s, "en"),
                 "connected": self.connected(s)} for s in (0, 1)]

    def joined(self, conn: Conn) -> dict[str, Any]:
        return {"type": "joined", "room": self.id, "seat": conn.seat, "game": self.game.name,
                "variant": self.game.variant, "name": self.row.name, "players": self.players(), "lang": conn.lang,
                **self.hub.web_of(self.game.name)}

    # ------------------------------------------------------------------ what a seat is shown
    def _touch(self) -> None:
        self.version += 1
        self._views.clear()
        self._view_json.clear()
        self._heads.clear()
        self._msgs.clear()
        self._ids.clear()
        self._read.clear()

    def view(self, seat: int | None) -> dict[str, Any]:
        v = self._views.get(seat)
        if v is None:
            v = self._views[seat] = self.state.view(seat)
        return v

    def view_json(self, seat: int | None) -> str:
        v = self._view_json.get(seat)
        if v is None:
            v = self._view_json[seat] = P.dumps(self.view(seat))
        return v

    def events(self, seat: int | None) -> list[dict[str, Any]]:
        """The seat's whole log view (``log_view(seat)``: the events it may see, redacted for it),
        extended incrementally once a version; :meth:`acts` tags each with its action."""
        evs = self._events.setdefault(seat, [])
        if seat not in self._read:
            acts = self._acts.setdefault(seat, [])
            log_ = self.state.log
            starts = self.starts
            for i in range(self._scanned.get(seat, 0), len(log_)):
                e = log_[i]
                if e.visible_to(seat):
                    evs.append(e.view(seat))
                    acts.append(bisect_right(starts, i) - 1)
            self._scanned[seat] = len(log_)
            self._read.add(seat)
        return evs

    def acts(self, seat: int | None) -> list[int]:
        """For each event of ``events(seat)``, the index in the history of the action that logged
        it (-1: the game's start, before any action)."""
        self.events(seat)
        return self._acts.setdefault(seat, [])

    def last_by(self) -> int | None:
        """The seat that chose the last action (None before any)."""
        return self.movers[-1] if self.movers else None

    def log_json(self, seat: int | None, lang: str) -> list[str]:
        """The seat's log lines in ``lang``, each as JSON text, described and encoded once each."""
        evs = self.events(seat)
        key = (seat, lang)
        enc = self._encoded.setdefault(key, [])
        start = self._described.get(key, 0)
        if start < len(evs):
            acts = self.acts(seat)
            enc.extend(map(P.dumps, P.line_entries(self.game, evs[start:], acts[start:], seat, lang)))
            self._described[key] = len(evs)
        return enc

    def card_ids(self, seat: int | None) -> set[str]:
        """The card ids that occur in the seat's view (``P.card_ids``, from its JSON text)."""
        ids = self._ids.get(seat)
        if ids is None:
            ids = self._ids[seat] = P.card_ids_json(self.view_json(seat), self.game.cdb, self._card_of)
        return ids

    def head(self, seat: int | None, lang: str) -> str:
        """The ``state`` message without its cards and log, built once per change, seat and language."""
        key = (seat, lang)
        h = self._heads.get(key)
        if h is None:
            h = self._heads[key] = P.state_head(self.game, self.state, seat, lang, self.view(seat),
                                                self.view_json(seat), self.events(seat), self.last_by())
        return h

    def message(self, seat: int | None, lang: str, log_from: int = 0, cards: set[str] | None = None) -> str:
        """The ``state`` message (JSON text) with the log lines from ``log_from`` on and the entries
        of ``cards`` (ids of this view; None: every card of the view, with ``log_from`` 0: the
        whole message). Built once per change and shared by the connections that need the same."""
        enc = self.log_json(seat, lang)
        ids = self.card_ids(seat)
        if not 0 < log_from <= len(enc) or cards is None:
            log_from, cards = 0, ids
        key = (seat, lang, log_from, tuple(sorted(cards)))
        m = self._msgs.get(key)
        if m is None:
            m = self._msgs[key] = P.finish(self.head(seat, lang), P.cards_json(self.game, key[3], lang, self._cards),
                                           log_from, enc[log_from:])
        return m

    def message_for(self, conn: Conn) -> str:
        """The ``state`` message for a connection: only the log lines and the cards' entries it has
        not been sent yet (``log_from`` = the lines it has; after ``conn.fresh()``, everything)."""
        ids = self.card_ids(conn.seat)
        if conn.log_sent > 0:
            m = self.message(conn.seat, conn.lang, conn.log_sent, ids - conn.cards_sent)
        else:
            m = self.message(conn.seat, conn.lang)
        conn.log_sent = len(self._encoded[(conn.seat, conn.lang)])
        conn.cards_sent |= ids
        return m

    async def broadcast_state(self) -> None:
        sends = [c.send(self.message_for(c)) for c in list(self.conns)]
        await asyncio.gather(*sends)

    async def broadcast(self, msg: dict[str, Any], but: Conn | None = None) -> None:
        text = P.dumps(msg)
        await asyncio.gather(*(c.send(text) for c in list(self.conns) if c is not but))

    # ------------------------------------------------------------------ connections
    async def attach(self, conn: Conn) -> None:
        """A connection joined: it gets ``joined`` and the state; the others hear that its seat is back."""
        async with self.lock:
            back = conn.seat is not None and not any(c.seat == conn.seat for c in self.conns)
            if conn.seat is not None and self.row.joined is None:  # the room is not unjoined any more
                self.row.joined = self.hub.clock()
                self.hub.storage.mark_joined(self.id, self.row.joined)
            self.conns.append(conn)
            self.hub.rooms.setdefault(self.id, self)  # released while this connection was joining
            self.hub.finished.pop(self.id, None)
            await conn.send(P.dumps(self.joined(conn)))
            conn.fresh()
            await conn.send(self.message_for(conn))
            if back:
                await self.broadcast({"type": "presence", "seat": conn.seat, "connected": True}, but=conn)
            if self.rematch_asked or self.rematch is not None:
                await conn.send(P.dumps(self.rematch_message(conn.seat)))
        self.ensure_ai()

    async def detach(self, conn: Conn) -> None:
        async with self.lock:
            if conn in self.conns:
                self.conns.remove(conn)
            if conn.seat is not None and not any(c.seat == conn.seat for c in self.conns):
                await self.broadcast({"type": "presence", "seat": conn.seat, "connected": False})
            self.hub.release(self)

    # ------------------------------------------------------------------ moves
    async def act(self, conn: Conn, text: str, seq: int | None) -> None:
        """A seat's move (``seq`` None: a concession, allowed at any time). Refused with a reason and
        the game unchanged, or applied, committed, and sent to everyone."""
        lang = conn.lang
        async with self.lock:
            seat = conn.seat
            if seat is None:
                await conn.send(P.dumps({"type": "refused", "reason": P.reason("spectator", lang), "action": text}))
                return
            st = self.state
            if seq is not None and seq != self.seq:
                await conn.send(P.dumps({"type": "refused", "action": text,
                                         "reason": P.reason("stale", lang, seq=self.seq, sent=seq)}))
                await conn.send(self.message_for(conn))
                return
            d = st.decision
            if seq is not None and d is not None and d.player != seat:
                await conn.send(P.dumps({"type": "refused", "reason": P.reason("not_yours", lang), "action": text}))
                return
            try:
                if seq is None:
                    await self._apply(lambda: st.concede(seat))
                else:
                    await self._apply(lambda: st.apply(text))
            except IllegalAction as e:
                await conn.send(P.dumps({"type": "refused", "reason": e.text(lang), "action": text}))
                return
            except FudabaError as e:
                await conn.send(P.dumps({"type": "refused", "reason": str(e), "action": text}))
                return
            except StorageFailed:
                await conn.send(P.dumps({"type": "refused", "reason": P.reason("saving", lang), "action": text}))
                return
        self.ensure_ai()

    async def _apply(self, move: Any) -> None:
        """Run ``move`` on the state (raises IllegalAction untouched), commit the actions it added to
        the history, then send the new state (held lock). A failed commit puts the state back."""
        st = self.state
        start = len(st.history)
        mark = len(st.log)
        mover = st.decision.player if st.decision is not None else None
        move()
        new = list(st.history[start:])
        for k, a in enumerate(new):
            self.starts.append(mark if k == 0 else len(st.log))
            self.movers.append(P.mover(a, mover))
        self._touch()
        try:
            await self.hub.storage.append_actions(self.id, start, new, st.over, st.winner, st.result)
        except Exception:
            log.exception("room %s: the actions %s could not be committed", self.id, new)
            self.state, (self.starts, self.movers) = replay_marked(self.row, self.hub.storage.actions(self.id))
            self._reset_caches()
            raise StorageFailed() from None
        self.row.over, self.row.winner, self.row.result = st.over, st.winner, st.result
        self.row.updated = self.hub.clock()
        self.last_change = _now()
        await self.broadcast_state()
        if st.over:
            self.hub.release(self)  # when nobody is connected any more

    def _reset_caches(self) -> None:
        self._touch()
        self._events.clear()
        self._acts.clear()
        self._scanned.clear()
        self._described.clear()
        self._encoded.clear()
        for c in self.conns:  # the log is rebuilt: everyone gets a whole state next
            c.fresh()

    # ------------------------------------------------------------------ the rematch
    def people(self) -> list[int]:
        """The seats a person holds (an AI seat has no token)."""
        return [s for s in (0, 1) if self.agents[s] is None]

    def rematch_message(self, seat: int | None) -> dict[str, Any]:
        """``{"type":"rematch","asked","room","url","seat"}`` for a connection of ``seat``: the seats
        that asked; once the new room is made, its id and the link for this seat (its new seat's
        token in the fragment; a spectator's link has none)."""
        msg: dict[str, Any] = {"type": "rematch", "asked": sorted(self.rematch_asked)}
        if self.rematch is not None:
            new_id, tokens = self.rematch
            msg["room"] = new_id
            if seat is not None and 1 - seat in tokens:
                msg["seat"] = 1 - seat
                msg["url"] = f"/r/{new_id}#t={tokens[1 - seat]}"
            else:
                msg["url"] = f"/r/{new_id}"
        return msg

    async def ask_rematch(self, conn: Conn) -> None:
        """A seat asks for a rematch (a finished game only; a spectator may not). When every person's
        seat has asked — at once against the AI — the new room is made: the same game, variant,
        parameters, decks with their players and AI, a new seed, the seats swapped; each connection
        is told its link."""
        lang = conn.lang
        async with self.lock:
            seat = conn.seat
            why = ("spectator" if seat is None else "rematch_not_over" if not self.state.over else None)
            if why is not None:
                await conn.send(P.dumps({"type": "refused", "reason": P.reason(why, lang), "action": "rematch"}))
                return
            assert seat is not None
            if self.rematch is None:
                self.rematch_asked.add(seat)
                if set(self.people()) <= self.rematch_asked:
                    try:
                        room = self._make_rematch(client_key(conn.ws.scope))
                    except (BadRequest, FudabaError) as e:  # a limit; a deck the game refuses now
                        self.rematch_asked.discard(seat)
                        text = (e.error_ja if lang == "ja" else e.error) if isinstance(e, BadRequest) else str(e)
                        await conn.send(P.dumps({"type": "refused", "reason": text, "action": "rematch"}))
                        return
                    room.ensure_ai()
            await asyncio.gather(*(c.send(P.dumps(self.rematch_message(c.seat))) for c in list(self.conns)))

    def _make_rematch(self, client: str) -> Room:
        row = self.row
        self.hub.admit(client)
        decks = [Deck.from_dict(d) for d in reversed(row.decks)]
        texts = [dict(t) for t in reversed(row.deck_texts)]
        people = self.people()
        if len(people) == 2:
            seat, opponent = 0, "friend"
        else:
            seat, opponent = 1 - people[0], str(row.agents[1 - people[0]])
        room, tokens = self.hub.create(self.game, decks, texts, secrets.randbelow(2**31), seat, opponent,
                                       row.name, client)
        self.hub.admitted(client)
        self.rematch = (room.id, tokens)
        return room

    # ------------------------------------------------------------------ the AI
    def ai_to_move(self) -> int | None:
        st = self.state
        d = st.decision
        if st.over or d is None or self.agents[d.player] is None:
            return None
        return d.player

    def ensure_ai(self) -> None:
        """Start the AI's turn when it is to move and not already thinking (needs a running loop)."""
        if self.ai_to_move() is None or (self.ai_task is not None and not self.ai_task.done()):
            return
        self.ai_task = asyncio.get_running_loop().create_task(self._ai_loop(), name=f"ai-{self.id}")
        self.hub.tasks.add(self.ai_task)
        self.ai_task.add_done_callback(self.hub.tasks.discard)

    async def _ai_loop(self) -> None:
        while True:
            seat = self.ai_to_move()
            if seat is None:
                return
            agent = self.agents[seat]
            assert agent is not None
            st = self.state
            seq = self.seq
            infoset = st.infoset(seat, bool(getattr(agent, "reads_decision_only", False)))
            try:
                action: Action | str = await self.hub.scheduler.run(
                    self.row.client, self.id, functools.partial(think, agent, infoset, self.game.name))
            except Exception:
                log.exception("room %s: the AI (%s) failed; it plays its first legal action", self.id,
                              self.row.agents[seat])
                action = st.legal_actions()[0]
            wait = self.hub.ai_delay - (_now() - self.last_change)
            if wait > 0:
                await asyncio.sleep(wait)
            async with self.lock:
                if self.state is not st or self.seq != seq or self.ai_to_move() != seat:
                    continue  # the game moved on while the AI thought (a concession): think again
                try:
                    await self._apply(functools.partial(st.apply, action))
                except (FudabaError, StorageFailed):
                    log.exception("room %s: the AI's action %s was not played", self.id, action)
                    return


class StorageFailed(Exception):
    """An accepted move could not be committed: it was undone."""


def _now() -> float:
    return time.monotonic()


def replay_marked(row: RoomRow, actions: list[str]) -> tuple[State, tuple[list[int], list[int | None]]]:
    """A stored game replayed (hashes checked; FudabaError when it does not replay), with its
    action marks (``protocol.action_marks``) taken on the way."""
    rec = Record(game=row.game, variant=row.variant, params=dict(row.params), actions=list(actions),
                 decks=row.decks, seed=row.seed, cards=row.cards)
    return P.marked_replay(rec)


class Rooms:
    """Every room of the server, the storage behind them and what rooms share: the AI's scheduler,
    the finished games kept for replays, the limits and the clock (``time.time``; tests give their
    own)."""

    def __init__(self, storage: Storage, ai_delay: float = 0.6,
                 extra_cards: Mapping[str, Sequence[dict[str, Any]]] | None = None, limits: Limits | None = None,
                 clock: Callable[[], float] = time.time) -> None:
        self.storage = storage
        self.ai_delay = ai_delay
        self.extra_cards = {k: list(v) for k, v in (extra_cards or {}).items()}
        self.limits = limits = limits or Limits()
        self.clock = clock
        #: the games in play, and the finished ones somebody is connected to
        self.rooms: dict[str, Room] = {}
        #: finished games read back for replays and "my rooms", least recently used first
        self.finished: OrderedDict[str, Room] = OrderedDict()
        self.tasks: set[asyncio.Task[None]] = set()
        self.scheduler = Scheduler(limits.ai_workers, limits.ai_per_client, limits.ai_seconds, limits.ai_busy_rooms,
                                   limits.ai_busy_level)
        self.skipped: dict[str, str] = {}
        #: each game's browser table files (``tables.game_web``; set by ``create_app``)
        self.web: dict[str, GameWeb] = {}
        #: may ``client`` make a room now (raises the refusal, a ``BadRequest``), and count one made:
        #: ``create_app`` sets both to the limits of ``POST /api/rooms`` (a rematch makes a room too)
        self.admit: Callable[[str], None] = lambda client: None
        self.admitted: Callable[[str], None] = lambda client: None

    def web_of(self, name: str) -> dict[str, Any]:
        """What a page is told of a game's table: ``title`` [en, ja], ``table`` and ``style`` URLs."""
        w = self.web.get(name)
        if w is None:
            d = descriptors().get(name)
            w = GameWeb(d.title if d is not None else (name, name))
        return w.urls(name)

    def game(self, name: str, variant: str | None, params: Mapping[str, Any]) -> Game:
        """The game (UnknownGame for a bad name, variant or parameter), with the server's added cards."""
        g = load_game(name, variant, **params)
        extra = self.extra_cards.get(g.name)
        return g.with_cards(extra, "--cards") if extra else g

    # ------------------------------------------------------------------ startup
    def load(self) -> None:
        """Remove the abandoned games (:meth:`expire`), then rebuild every stored game still in play
        by replaying its record; finished games stay on disk until someone asks for one (:meth:`get`)."""
        self.expire()
        for row in self.storage.load_rooms(unfinished=True):
            room = self._build(row)
            if room is not None:
                self.rooms[row.id] = room

    def _build(self, row: RoomRow) -> Room | None:
        try:
            st, marks = replay_marked(row, row.actions)
        except FudabaError as e:
            self.skipped[row.id] = str(e)
            log.warning("room %s does not replay and is skipped: %s", row.id, e)
            return None
        return Room(row, st.game, st, self, marks)

    @staticmethod
    def rebuild_state(row: RoomRow, actions: list[str]) -> State:
        return replay_marked(row, actions)[0]

    def resume(self) -> None:
        """Start the AI's turn in every room where it is to move (needs a running loop)."""
        for room in self.rooms.values():
            room.ensure_ai()

    async def close(self) -> None:
        for t in list(self.tasks):
            t.cancel()
        for t in list(self.tasks):
            with contextlib.suppress(BaseException):
                await t
        self.scheduler.close()

    # ------------------------------------------------------------------ creating a room
    def create(self, game: Game, decks: list[Deck], deck_texts: list[dict[str, Any]], seed: int, seat: int,
               opponent: str, name: str = "", client: str = "") -> tuple[Room, dict[int, str]]:
        """A new room of ``client`` (its address): the game started and stored. Returns the room and
        the people's tokens by seat."""
        state = game.new_game(decks=decks, seed=seed)
        tokens = {seat: secrets.token_urlsafe(16)}
        agents: list[str | None] = [None, None]
        if opponent == "friend":
            tokens[1 - seat] = secrets.token_urlsafe(16)
        else:
            agents[1 - seat] = opponent
        room_id = secrets.token_urlsafe(9)
        while room_id in self.rooms or self.storage.has_room(room_id):
            room_id = secrets.token_urlsafe(9)
        now = self.clock()
        row = RoomRow(id=room_id, name=name, created=now, updated=now, game=game.name, variant=game.variant,
                      params=dict(game.params), decks=[d.to_dict() for d in decks], deck_texts=deck_texts,
                      cards=[dict(c) for c in game.extra_cards] or None, seed=seed, agents=agents,
                      token_hashes=[token_hash(tokens[s]) if s in tokens else None for s in (0, 1)], client=client)
        # the engine may have answered forced decisions already: those are in the history, stored too
        room = Room(row, game, state, self)
        self.storage.create_room(row)
        if state.history:
            self.storage.write_actions(row.id, 0, list(state.history), state.over, state.winner, state.result)
        self.rooms[room_id] = room
        return room, tokens

    # ------------------------------------------------------------------ finding a room
    def token_seat(self, room_id: str, token: str | None) -> tuple[bool, int | None]:
        """(whether the room exists, the seat ``token`` holds in it or None), read without
        rebuilding its game: a wrong token costs a lookup, not a replay."""
        if not isinstance(room_id, str) or not ROOM_ID.fullmatch(room_id) or room_id in self.skipped:
            return False, None
        room = self.rooms.get(room_id) or self.finished.get(room_id)
        if room is not None:
            return True, (None if token is None else room.seat_of(token))
        hashes = self.storage.seat_hashes(room_id)
        if hashes is None:
            return False, None
        if token is None:
            return True, None
        return True, next((s for s, h in enumerate(hashes) if same_token(token, h)), None)

    def get(self, room_id: str) -> Room | None:
        """The room ``room_id`` for a connection: in memory, or a finished game read back from the
        storage, kept while someone is connected (None: no such room, or one whose record does
        not replay)."""
        room = self.rooms.get(room_id)
        if room is None:
            room = self.finished.pop(room_id, None) or self._load(room_id)
            if room is not None:
                self.rooms[room_id] = room
        return room

    def peek(self, room_id: str) -> Room | None:
        """The room ``room_id`` to read (a replay, "my rooms"): a finished game read back stays in a
        cache of ``limits.replay_cache`` games, least recently used out — never in memory for good."""
        room = self.rooms.get(room_id)
        if room is not None:
            return room
        room = self.finished.get(room_id)
        if room is not None:
            self.finished.move_to_end(room_id)
            return room
        room = self._load(room_id)
        if room is not None:
            if room.state.over:
                self._keep_finished(room)
            else:  # a game in play not in memory (rebuilt by another path): it joins the others
                self.rooms[room_id] = room
        return room

    def _load(self, room_id: str) -> Room | None:
        if not isinstance(room_id, str) or not ROOM_ID.fullmatch(room_id) or room_id in self.skipped:
            return None
        row = self.storage.load_room(room_id)
        return None if row is None else self._build(row)

    def _keep_finished(self, room: Room) -> None:
        self.finished[room.id] = room
        self.finished.move_to_end(room.id)
        while len(self.finished) > self.limits.replay_cache:
            self.finished.popitem(last=False)

    def release(self, room: Room) -> None:
        """Forget a finished game nobody is connected to: every action of it is on disk (each is
        committed before it is sent); it waits in the replay cache, and :meth:`get` reads it back
        when it is asked for again."""
        if room.state.over and not room.conns and self.rooms.get(room.id) is room:
            del self.rooms[room.id]
            self._keep_finished(room)

    # ------------------------------------------------------------------ limits
    def open_rooms(self, client: str | None = None) -> int:
        """Games not over, of ``client``'s rooms (None: of all)."""
        return self.storage.open_rooms(client)

    def expire(self) -> list[str]:
        """Remove the abandoned games (docs/server.md, *Limits*): not over, and either no seat ever
        joined within ``unjoined_days`` of its making, or nobody moved for ``idle_days``. A room
        somebody is connected to, or whose AI is thinking, is kept. Returns the ids removed."""
        lim = self.limits
        ids = self.storage.abandoned(self.clock(), lim.unjoined_days * 86400, lim.idle_days * 86400)
        gone = []
        for room_id in ids:
            room = self.rooms.get(room_id)
            if room is not None and (room.conns or (room.ai_task is not None and not room.ai_task.done())):
                continue
            self.rooms.pop(room_id, None)
            gone.append(room_id)
        if gone:
            self.storage.delete_rooms(gone)
            log.info("removed %d abandoned room(s)", len(gone))
        return gone

    async def expire_every(self, seconds: float) -> None:
        """:meth:`expire` every ``seconds`` (a task for the server's life)."""
        while True:
            await asyncio.sleep(seconds)
            try:
                self.expire()
            except Exception:
                log.exception("removing abandoned rooms failed")
