"""The AI's work, shared fairly between clients and rooms (docs/server.md, *The AI's share*).

Every AI move of every room is a job for a small pool of worker threads (``workers``; the engine
is pure Python, so more threads than cores buy nothing). Jobs wait in a queue per room; the rooms
of one client address are served round robin, and so are the client addresses: when a worker is
free it takes, of the clients with a job and fewer than ``per_client`` jobs running, the one served
least recently (a client that has just asked, first), and that client's next room in turn. So a
client with a hundred rooms waiting gets one move thought about, then another client's room is
served: its rooms cannot starve another client's.

Each move has a **budget**: it searches ``seconds`` at most (less when its level's own budget is
smaller). A client with more than ``busy_rooms`` rooms waiting for the AI at once is *busy*: while
it is, its moves are searched with the budget of ``busy_level`` at most (the level a client's many
rooms can use at once is capped; ``busy_rooms`` 0: never). Agents that do not search (random, greedy) answer
at once and are not capped.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import functools
from collections import OrderedDict, deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..agents import Agent, make_agent
from ..agents.ismcts import ISMCTSAgent


@dataclass(frozen=True)
class Budget:
    """What one AI move may spend: ``seconds`` of search at most, and, for a busy client's extra
    rooms, ``level``'s budget at most (None: the room's own level)."""

    seconds: float
    level: str | None = None


@dataclass(eq=False)
class Job:
    client: str
    room: str
    fn: Callable[[Budget], Any]
    future: asyncio.Future[Any]
    budget: Budget | None = None


@dataclass
class Client:
    """One client address's rooms with jobs waiting (in turn order) and its jobs running."""

    rooms: OrderedDict[str, deque[Job]] = field(default_factory=OrderedDict)
    running: int = 0
    #: when it was last served (the scheduler's count of jobs started; 0: never)
    last: int = 0

    def waiting(self) -> int:
        return sum(len(q) for q in self.rooms.values())


class Scheduler:
    """Worker threads fed round robin by client, then by room (see the module docstring). ``run``
    is called from the event loop; ``order`` holds (client, room, budget) of the last ``keep_order``
    jobs started, in order (for tests and a look at a running server)."""

    def __init__(self, workers: int = 2, per_client: int = 1, seconds: float = 2.0, busy_rooms: int = 3,
                 busy_level: str = "normal", keep_order: int = 256) -> None:
        self.workers = workers
        self.per_client = per_client
        self.seconds = seconds
        self.busy_rooms = busy_rooms
        self.busy_level = busy_level
        self.clients: OrderedDict[str, Client] = OrderedDict()
        self.running = 0
        self.served = 0
        self.order: deque[tuple[str, str, Budget]] = deque(maxlen=keep_order)
        self._pool: concurrent.futures.ThreadPoolExecutor | None = None

    @property
    def pool(self) -> concurrent.futures.ThreadPoolExecutor:
        if self._pool is None:
            self._pool = concurrent.futures.ThreadPoolExecutor(self.workers, thread_name_prefix="fudaba-ai")
        return self._pool

    async def run(self, client: str, room: str, fn: Callable[[Budget], Any]) -> Any:
        """Queue ``fn(budget)`` for ``room`` of ``client`` and return its result when a worker has
        run it. Cancelled while waiting, the job leaves the queue (running, its result is dropped)."""
        job = Job(client, room, fn, asyncio.get_running_loop().create_future())
        c = self.clients.setdefault(client, Client())
        c.rooms.setdefault(room, deque()).append(job)
        self._dispatch()
        try:
            return await job.future
        except asyncio.CancelledError:
            self._drop(job)
            raise

    def waiting(self) -> int:
        return sum(c.waiting() for c in self.clients.values())

    def close(self) -> None:
        for c in self.clients.values():
            for q in c.rooms.values():
                for job in q:
                    job.future.cancel()
        self.clients.clear()
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None

    # ------------------------------------------------------------------ the turn order
    def _next(self) -> Job | None:
        """The next job in turn: of the client served least recently (one never served, or back
        after a pause, first) that has a job and room to run one, its first room in turn; the room
        goes to the back of the client's turn order."""
        best: tuple[int, str, Client] | None = None
        for key, c in self.clients.items():
            if c.rooms and c.running < self.per_client and (best is None or c.last < best[0]):
                best = (c.last, key, c)
        if best is None:
            return None
        _, key, c = best
        room, q = next(iter(c.rooms.items()))
        job = q.popleft()
        busy = 0 < self.busy_rooms < len(c.rooms) + c.running
        del c.rooms[room]
        if q:
            c.rooms[room] = q  # the room's next job waits for its turn again
        self.served += 1
        c.last = self.served
        job.budget = Budget(self.seconds, self.busy_level if busy else None)
        return job

    def _dispatch(self) -> None:
        loop = asyncio.get_running_loop()
        while self.running < self.workers:
            job = self._next()
            if job is None:
                return
            c = self.clients[job.client]
            c.running += 1
            self.running += 1
            assert job.budget is not None
            self.order.append((job.client, job.room, job.budget))
            fut = loop.run_in_executor(self.pool, job.fn, job.budget)
            fut.add_done_callback(functools.partial(self._done, job))

    def _done(self, job: Job, fut: asyncio.Future[Any]) -> None:
        self.running -= 1
        c = self.clients.get(job.client)
        if c is not None:
            c.running -= 1
            if not c.rooms and c.running <= 0:
                del self.clients[job.client]
        if not job.future.done():
            if fut.cancelled():
                job.future.cancel()
            elif (e := fut.exception()) is not None:
                job.future.set_exception(e)
            else:
                job.future.set_result(fut.result())
        self._dispatch()

    def _drop(self, job: Job) -> None:
        c = self.clients.get(job.client)
        if c is None:
            return
        q = c.rooms.get(job.room)
        if q is not None and job in q:
            q.remove(job)
            if not q:
                del c.rooms[job.room]
        if not c.rooms and c.running <= 0:
            del self.clients[job.client]


# ---------------------------------------------------------------------- a move within its budget
@functools.lru_cache(maxsize=64)
def level_budget(level: str, game: str) -> tuple[int, float | None]:
    """(iterations, seconds) of a level's search for a game (``make_agent``'s spec)."""
    agent = make_agent(level, game)
    assert isinstance(agent, ISMCTSAgent)
    return agent.iters, agent.seconds


def think(agent: Agent, infoset: Any, game: str, budget: Budget) -> Any:
    """``agent.act(infoset)`` within ``budget`` (in a worker thread): a search agent's time, and
    for a busy client's extra room its iterations, capped for this move only."""
    if not isinstance(agent, ISMCTSAgent):
        return agent.act(infoset)
    saved = agent.iters, agent.seconds
    iters, seconds = agent.iters, budget.seconds
    if budget.level is not None:
        cap_iters, cap_seconds = level_budget(budget.level, game)
        iters = min(iters, cap_iters)
        if cap_seconds is not None:
            seconds = min(seconds, cap_seconds)
    agent.iters = iters
    agent.seconds = seconds if agent.seconds is None else min(agent.seconds, seconds)
    try:
        return agent.act(infoset)
    finally:
        agent.iters, agent.seconds = saved


__all__ = ["Budget", "Scheduler", "level_budget", "think"]
