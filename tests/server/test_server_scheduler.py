"""The AI's work shared fairly (issue 18, item 6; docs/server.md, *The AI's share*): the scheduler's
order — round robin by client, then by room — the per-client cap on moves thinking at once, and the
budget of a move. No timing: each job waits for the test to let it finish, and the order in which
jobs start is what is checked."""

from __future__ import annotations

import asyncio
import threading
from pathlib import Path
from typing import Any

import pytest

from fudaba.agents import make_agent
from fudaba.core.registry import load_game
from fudaba.server.scheduler import Budget, Scheduler, level_budget, think

from .helpers import create, join, make_client, room_of, until_state


class Gate:
    """Jobs that each block until released, recording which started."""

    def __init__(self) -> None:
        self.started: list[str] = []
        self.events: dict[str, threading.Event] = {}
        self.lock = threading.Lock()

    def job(self, name: str) -> Any:
        ev = self.events.setdefault(name, threading.Event())

        def fn(budget: Budget) -> str:
            with self.lock:
                self.started.append(name)
            assert ev.wait(30), f"{name} was never released"
            return name

        return fn

    def release(self, name: str) -> None:
        self.events.setdefault(name, threading.Event()).set()


async def _until(pred: Any) -> None:
    for _ in range(3000):
        if pred():
            return
        await asyncio.sleep(0.01)
    raise AssertionError("the scheduler did not get there")


def test_issue18_scheduler_serves_another_clients_move_next_not_after_the_queued_ones() -> None:
    """Client A has ten rooms waiting for the AI; client B's room asks after all of them and is
    served next, before A's second move."""

    async def main() -> list[str]:
        s = Scheduler(workers=1, per_client=1, keep_order=100)
        g = Gate()
        tasks = [asyncio.create_task(s.run("A", f"a{i}", g.job(f"a{i}"))) for i in range(10)]
        await _until(lambda: g.started == ["a0"])
        tasks.append(asyncio.create_task(s.run("B", "b0", g.job("b0"))))
        await asyncio.sleep(0)
        for name in ["a0", "b0", *[f"a{i}" for i in range(1, 10)]]:
            g.release(name)
        assert await asyncio.gather(*tasks) == [*[f"a{i}" for i in range(10)], "b0"]
        assert [(c, r) for c, r, _ in s.order] == [("A", "a0"), ("B", "b0"), *[("A", f"a{i}") for i in range(1, 10)]]
        s.close()
        return g.started

    assert asyncio.run(main())[:3] == ["a0", "b0", "a1"]


def test_issue18_scheduler_one_client_thinks_on_one_worker_the_other_stays_free() -> None:
    """With two workers and one move per client at once, a client with many rooms occupies one
    worker: another client's move starts while A's first move still thinks."""

    async def main() -> None:
        s = Scheduler(workers=2, per_client=1, keep_order=100)
        g = Gate()
        tasks = [asyncio.create_task(s.run("A", f"a{i}", g.job(f"a{i}"))) for i in range(5)]
        await _until(lambda: g.started == ["a0"])
        await asyncio.sleep(0.05)
        assert g.started == ["a0"] and s.running == 1 and s.waiting() == 4
        tasks.append(asyncio.create_task(s.run("B", "b0", g.job("b0"))))
        await _until(lambda: g.started == ["a0", "b0"])  # a0 is still thinking
        for i in range(5):
            g.release(f"a{i}")
        g.release("b0")
        await asyncio.gather(*tasks)
        assert s.running == 0 and s.waiting() == 0 and not s.clients
        s.close()

    asyncio.run(main())


def test_issue18_scheduler_rooms_of_one_client_take_turns() -> None:
    async def main() -> list[tuple[str, str]]:
        s = Scheduler(workers=1, per_client=1, keep_order=100)
        g = Gate()
        first = asyncio.create_task(s.run("A", "x", g.job("x0")))
        await _until(lambda: g.started == ["x0"])
        tasks = [asyncio.create_task(s.run("A", "x", g.job(f"x{i}"))) for i in (1, 2, 3)]
        tasks.append(asyncio.create_task(s.run("A", "y", g.job("y0"))))
        await asyncio.sleep(0)
        for name in ["x0", "x1", "x2", "x3", "y0"]:
            g.release(name)
        await asyncio.gather(first, *tasks)
        s.close()
        return [(r, n) for (_, r, _), n in zip(s.order, g.started, strict=True)]

    assert asyncio.run(main()) == [("x", "x0"), ("x", "x1"), ("y", "y0"), ("x", "x2"), ("x", "x3")]


def test_issue18_scheduler_a_cancelled_move_leaves_the_queue() -> None:
    async def main() -> None:
        s = Scheduler(workers=1, per_client=1, keep_order=100)
        g = Gate()
        busy = asyncio.create_task(s.run("A", "a0", g.job("a0")))
        await _until(lambda: g.started == ["a0"])
        gone = asyncio.create_task(s.run("A", "a1", g.job("a1")))
        other = asyncio.create_task(s.run("B", "b0", g.job("b0")))
        await asyncio.sleep(0)
        assert s.waiting() == 2
        gone.cancel()
        with pytest.raises(asyncio.CancelledError):
            await gone
        assert s.waiting() == 1
        g.release("a0")
        g.release("b0")
        await asyncio.gather(busy, other)
        assert [r for _, r, _ in s.order] == ["a0", "b0"]
        s.close()

    asyncio.run(main())


def test_issue18_a_busy_clients_moves_search_with_the_capped_levels_budget() -> None:
    """More than ``busy_rooms`` rooms of a client waiting: its moves get the budget of
    ``busy_level``; once it has no more than that, its rooms' own levels again."""

    async def main() -> list[Budget]:
        s = Scheduler(workers=1, per_client=1, seconds=1.5, busy_rooms=2, busy_level="normal", keep_order=100)
        g = Gate()
        first = asyncio.create_task(s.run("A", "z", g.job("z")))
        await _until(lambda: g.started == ["z"])
        tasks = [asyncio.create_task(s.run("A", f"a{i}", g.job(f"a{i}"))) for i in range(4)]
        await asyncio.sleep(0)
        for name in ["z", "a0", "a1", "a2", "a3"]:
            g.release(name)
        await asyncio.gather(first, *tasks)
        s.close()
        return [b for _, _, b in s.order]

    # rooms waiting when each starts: z 1; a0 4 (busy), a1 3 (busy), a2 2, a3 1
    assert asyncio.run(main()) == [Budget(1.5), Budget(1.5, "normal"), Budget(1.5, "normal"), Budget(1.5),
                                   Budget(1.5)]


def test_issue18_think_caps_a_search_for_one_move_and_puts_it_back() -> None:
    game = load_game("sarasvati")
    st = game.new_game(decks=[game.cached_starter_decks()[k] for k in sorted(game.cached_starter_decks())[:2]],
                       seed=3)
    seat = st.decision.player
    hard = make_agent("hard", "sarasvati")
    hard.reset(game, seat, 1)
    seen: list[tuple[int, float | None]] = []
    real = type(hard).search

    def search(self: Any, infoset: Any) -> Any:
        seen.append((self.iters, self.seconds))
        return real(self, infoset)

    type(hard).search = search  # type: ignore[method-assign]
    try:
        normal_iters, normal_seconds = level_budget("normal", "sarasvati")
        think(hard, st.infoset(seat), "sarasvati", Budget(1.0, "normal"))
        think(hard, st.infoset(seat), "sarasvati", Budget(0.25))
    finally:
        type(hard).search = real  # type: ignore[method-assign]
    assert seen == [(normal_iters, normal_seconds), (480, 0.25)]
    assert (hard.iters, hard.seconds) == (480, 2.0)  # its own budget again
    assert (normal_iters, normal_seconds) == (120, 0.5)


def test_issue18_rooms_think_through_the_scheduler_keyed_by_the_creators_address(tmp_path: Path) -> None:
    db = tmp_path / "rooms.sqlite3"
    with make_client(db) as client:
        hub = client.app.state.rooms  # type: ignore[attr-defined]
        made = create(client, opponent="random", seat=1, params={"first": "0"})
        with client.websocket_connect(f"/ws/{made['room']}") as ws:
            _, msg = join(ws, made["token"])
            if msg["seq"] == 0:
                until_state(ws, lambda m: m["seq"] > 0)  # the AI's first move
        assert room_of(client, made["room"]).row.client == "testclient"
        assert hub.scheduler.order and {(c, r) for c, r, _ in hub.scheduler.order} == {("testclient", made["room"])}
