"""The play table's database: one SQLite file holding rooms, seat tokens (hashed) and every game as
its record — game, variant, parameters, decks, added cards, seed, actions and the agents' specs
(docs/server.md, *Storage*).

Opened in WAL mode with ``synchronous=FULL``: a commit is on disk when it returns, so a ``kill -9``
loses nothing that was acknowledged. Writes from the event loop go through one writer thread
(:class:`Writer`), which commits the actions queued at that moment in one transaction (group
commit) and then resolves each caller's future.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import hmac
import json
import queue
import sqlite3
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

SCHEMA = """
CREATE TABLE IF NOT EXISTS rooms (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  created REAL NOT NULL,
  updated REAL NOT NULL,
  game TEXT NOT NULL,
  variant TEXT NOT NULL,
  params TEXT NOT NULL,
  decks TEXT NOT NULL,
  deck_texts TEXT NOT NULL,
  cards TEXT,
  seed INTEGER NOT NULL,
  agents TEXT NOT NULL,
  over INTEGER NOT NULL DEFAULT 0,
  winner INTEGER,
  result TEXT NOT NULL DEFAULT '',
  client TEXT NOT NULL DEFAULT '',
  joined REAL
);
CREATE TABLE IF NOT EXISTS seats (
  room TEXT NOT NULL REFERENCES rooms(id),
  seat INTEGER NOT NULL,
  token_hash TEXT,
  PRIMARY KEY (room, seat)
);
CREATE TABLE IF NOT EXISTS actions (
  room TEXT NOT NULL REFERENCES rooms(id),
  n INTEGER NOT NULL,
  action TEXT NOT NULL,
  at REAL NOT NULL,
  PRIMARY KEY (room, n)
);
"""

#: columns added since the first schema: a file written before them gets them on opening
#: (``client``: the address that created the room; ``joined``: when a seat first joined, NULL never)
ADDED_COLUMNS = {"client": "TEXT NOT NULL DEFAULT ''", "joined": "REAL"}
INDEXES = "CREATE INDEX IF NOT EXISTS rooms_open ON rooms (over, client);"


def token_hash(token: str) -> str:
    """What the database keeps of a seat's token (tokens are 128 random bits: no salt is needed)."""
    return hashlib.sha256(token.encode()).hexdigest()


def same_token(token: str, stored: str | None) -> bool:
    """Whether ``token`` is the one whose hash is ``stored`` (constant time)."""
    return stored is not None and hmac.compare_digest(token_hash(token), stored)


@dataclass
class RoomRow:
    """One room as stored: what rebuilds its game (with :attr:`actions`) and who sits where."""

    id: str
    name: str
    created: float
    updated: float
    game: str
    variant: str
    params: dict[str, Any]
    decks: list[dict[str, Any]]
    deck_texts: list[dict[str, Any]]
    cards: list[dict[str, Any]] | None
    seed: int
    agents: list[str | None]
    over: bool = False
    winner: int | None = None
    result: str = ""
    token_hashes: list[str | None] = field(default_factory=lambda: [None, None])
    actions: list[str] = field(default_factory=list)
    client: str = ""
    joined: float | None = None


def connect(path: str | Path) -> sqlite3.Connection:
    con = sqlite3.connect(str(path), check_same_thread=False, isolation_level=None)
    con.execute("PRAGMA journal_mode=WAL")
    con.execute("PRAGMA synchronous=FULL")
    con.execute("PRAGMA foreign_keys=ON")
    con.execute("PRAGMA busy_timeout=5000")
    return con


class Storage:
    """The database file. Synchronous methods for startup and HTTP handlers that create rooms;
    :meth:`append_action` (async) for moves, through the writer thread."""

    def __init__(self, path: str | Path, clock: Callable[[], float] = time.time) -> None:
        self.path = Path(path)
        self.clock = clock
        self.con = connect(self.path)
        self.con.executescript(SCHEMA)
        have = {r[1] for r in self.con.execute("PRAGMA table_info(rooms)")}
        for name, decl in ADDED_COLUMNS.items():
            if name not in have:
                self.con.execute(f"ALTER TABLE rooms ADD COLUMN {name} {decl}")
        self.con.executescript(INDEXES)
        self.lock = threading.Lock()  # one connection, used by the writer thread and the loop's thread
        self.writer = Writer(self)

    def close(self) -> None:
        self.writer.stop()
        with self.lock:
            self.con.close()

    # ------------------------------------------------------------------ rooms
    def create_room(self, row: RoomRow) -> None:
        """Insert a room and its seats in one transaction."""
        with self.lock:
            cur = self.con.cursor()
            cur.execute("BEGIN IMMEDIATE")
            try:
                cur.execute(
                    "INSERT INTO rooms (id, name, created, updated, game, variant, params, decks, deck_texts, "
                    "cards, seed, agents, client, joined) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
                    (row.id, row.name, row.created, row.updated, row.game, row.variant, _dump(row.params),
                     _dump(row.decks), _dump(row.deck_texts), None if row.cards is None else _dump(row.cards),
                     row.seed, _dump(row.agents), row.client, row.joined))
                for seat, h in enumerate(row.token_hashes):
                    cur.execute("INSERT INTO seats (room, seat, token_hash) VALUES (?,?,?)", (row.id, seat, h))
                cur.execute("COMMIT")
            except BaseException:
                cur.execute("ROLLBACK")
                raise

    def load_rooms(self, unfinished: bool = False, room: str | None = None) -> list[RoomRow]:
        """Every room with its seats and actions, oldest first; ``unfinished``: only the games not over;
        ``room``: only the room with this id (none or one)."""
        where, args = [], []
        if unfinished:
            where.append("over = 0")
        if room is not None:
            where.append("id = ?")
            args.append(room)
        cond = (" WHERE " + " AND ".join(where)) if where else ""
        # seats and actions of the rooms read (a subquery with the same condition)
        sub = f"room IN (SELECT id FROM rooms{cond})"
        with self.lock:
            rooms = self.con.execute(
                "SELECT id, name, created, updated, game, variant, params, decks, deck_texts, cards, seed, agents, "
                f"over, winner, result, client, joined FROM rooms{cond} ORDER BY created", args).fetchall()
            seats = self.con.execute(f"SELECT room, seat, token_hash FROM seats WHERE {sub}", args).fetchall()
            acts = self.con.execute(f"SELECT room, action FROM actions WHERE {sub} ORDER BY room, n", args).fetchall()
        out: dict[str, RoomRow] = {}
        for r in rooms:
            out[r[0]] = RoomRow(id=r[0], name=r[1], created=r[2], updated=r[3], game=r[4], variant=r[5],
                                params=json.loads(r[6]), decks=json.loads(r[7]), deck_texts=json.loads(r[8]),
                                cards=None if r[9] is None else json.loads(r[9]), seed=r[10],
                                agents=json.loads(r[11]), over=bool(r[12]), winner=r[13], result=r[14],
                                client=r[15], joined=r[16])
        for room_id, seat, h in seats:
            if room_id in out and seat in (0, 1):
                out[room_id].token_hashes[seat] = h
        for room_id, action in acts:
            if room_id in out:
                out[room_id].actions.append(action)
        return list(out.values())

    def load_room(self, room: str) -> RoomRow | None:
        """One room with its seats and actions (None: no such room)."""
        rows = self.load_rooms(room=room)
        return rows[0] if rows else None

    def has_room(self, room: str) -> bool:
        with self.lock:
            return self.con.execute("SELECT 1 FROM rooms WHERE id = ?", (room,)).fetchone() is not None

    def seat_hashes(self, room: str) -> list[str | None] | None:
        """The token hashes of a room's seats, read without its game (None: no such room)."""
        with self.lock:
            rows = self.con.execute("SELECT seat, token_hash FROM seats WHERE room = ?", (room,)).fetchall()
            if not rows and not self.con.execute("SELECT 1 FROM rooms WHERE id = ?", (room,)).fetchone():
                return None
        out: list[str | None] = [None, None]
        for seat, h in rows:
            if seat in (0, 1):
                out[seat] = h
        return out

    def open_rooms(self, client: str | None = None) -> int:
        """How many games are not over (of ``client``'s rooms; None: of all)."""
        with self.lock:
            if client is None:
                (n,) = self.con.execute("SELECT count(*) FROM rooms WHERE over = 0").fetchone()
            else:
                (n,) = self.con.execute("SELECT count(*) FROM rooms WHERE over = 0 AND client = ?",
                                        (client,)).fetchone()
        return int(n)

    def mark_joined(self, room: str, at: float) -> None:
        """A seat of ``room`` joined for the first time (the room is no longer unjoined)."""
        with self.lock:
            self.con.execute("UPDATE rooms SET joined = ? WHERE id = ? AND joined IS NULL", (at, room))

    def abandoned(self, now: float, unjoined: float, idle: float) -> list[str]:
        """The games not over that nobody joined for ``unjoined`` seconds since they were made, or
        nobody moved in for ``idle`` seconds (a limit of 0: never), oldest first."""
        cond, args = [], []
        if unjoined > 0:
            cond.append("(joined IS NULL AND created < ?)")
            args.append(now - unjoined)
        if idle > 0:
            cond.append("updated < ?")
            args.append(now - idle)
        if not cond:
            return []
        with self.lock:
            return [r for (r,) in self.con.execute(
                f"SELECT id FROM rooms WHERE over = 0 AND ({' OR '.join(cond)}) ORDER BY created", args)]

    def delete_rooms(self, rooms: list[str]) -> None:
        """Remove rooms with their seats and actions, in one transaction."""
        with self.lock:
            cur = self.con.cursor()
            cur.execute("BEGIN IMMEDIATE")
            try:
                for table, col in (("actions", "room"), ("seats", "room"), ("rooms", "id")):
                    cur.executemany(f"DELETE FROM {table} WHERE {col} = ?", [(r,) for r in rooms])
                cur.execute("COMMIT")
            except BaseException:
                cur.execute("ROLLBACK")
                raise

    def actions(self, room: str) -> list[str]:
        with self.lock:
            return [a for (a,) in self.con.execute("SELECT action FROM actions WHERE room=? ORDER BY n", (room,))]

    # ------------------------------------------------------------------ moves
    def write_actions(self, room: str, start: int, actions: list[str], over: bool, winner: int | None,
                      result: str) -> None:
        """Insert ``actions`` as numbers ``start``, ``start + 1``, … and the room's outcome, committed
        (synchronous: the writer thread and tests call it)."""
        self._write_batch([(room, start, actions, over, winner, result)])

    def _write_batch(self, items: list[tuple[str, int, list[str], bool, int | None, str]]) -> None:
        now = self.clock()
        with self.lock:
            cur = self.con.cursor()
            cur.execute("BEGIN IMMEDIATE")
            try:
                for room, start, actions, over, winner, result in items:
                    cur.executemany("INSERT INTO actions (room, n, action, at) VALUES (?,?,?,?)",
                                    [(room, start + i, a, now) for i, a in enumerate(actions)])
                    cur.execute("UPDATE rooms SET updated=?, over=?, winner=?, result=? WHERE id=?",
                                (now, int(over), winner, result, room))
                cur.execute("COMMIT")
            except BaseException:
                cur.execute("ROLLBACK")
                raise

    async def append_actions(self, room: str, start: int, actions: list[str], over: bool, winner: int | None,
                             result: str) -> None:
        """Commit the actions through the writer thread; returns when they are on disk."""
        await self.writer.submit((room, start, actions, over, winner, result))


Item = tuple[str, int, list[str], bool, "int | None", str]


class Writer:
    """One thread that commits queued writes, all those waiting in one transaction (group commit),
    and then wakes each caller on its own event loop."""

    def __init__(self, storage: Storage) -> None:
        self.storage = storage
        self.q: queue.Queue[tuple[Item, asyncio.AbstractEventLoop, asyncio.Future[None]] | None] = queue.Queue()
        self.thread: threading.Thread | None = None
        self.start_lock = threading.Lock()

    def _ensure(self) -> None:
        with self.start_lock:
            if self.thread is None or not self.thread.is_alive():
                self.thread = threading.Thread(target=self._run, name="fudaba-db-writer", daemon=True)
                self.thread.start()

    async def submit(self, item: Item) -> None:
        self._ensure()
        loop = asyncio.get_running_loop()
        fut: asyncio.Future[None] = loop.create_future()
        self.q.put((item, loop, fut))
        await fut

    def stop(self) -> None:
        if self.thread is not None and self.thread.is_alive():
            self.q.put(None)
            self.thread.join(timeout=10)

    def _run(self) -> None:
        while True:
            first = self.q.get()
            if first is None:
                return
            batch = [first]
            stop = False
            while True:
                try:
                    nxt = self.q.get_nowait()
                except queue.Empty:
                    break
                if nxt is None:
                    stop = True
                    break
                batch.append(nxt)
            try:
                self.storage._write_batch([it for it, _, _ in batch])
                err: BaseException | None = None
            except BaseException as e:  # each caller hears of it
                err = e
            for _, loop, fut in batch:
                _resolve(loop, fut, err)
            if stop:
                return


def _resolve(loop: asyncio.AbstractEventLoop, fut: asyncio.Future[None], err: BaseException | None) -> None:
    def done() -> None:
        if fut.done():
            return
        if err is None:
            fut.set_result(None)
        else:
            fut.set_exception(err)

    with contextlib.suppress(RuntimeError):  # the loop is closed: nobody waits any more
        loop.call_soon_threadsafe(done)


def _dump(obj: Any) -> str:
    return json.dumps(obj, ensure_ascii=False, separators=(",", ":"))


__all__: list[str] = ["RoomRow", "Storage", "connect", "same_token", "token_hash"]
