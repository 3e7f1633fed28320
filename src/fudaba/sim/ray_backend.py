"""Play batches of games on Ray (``--backend ray``): one Ray task per chunk of games.

A task runs the same function as a worker process of the process backend
(``runner._play_chunk``: load the game once, play the chunk's games, send back each record as JSON
text), so the same seeds give byte-identical records on either backend. ``address`` joins a running
Ray cluster (``ray start --head`` on one machine, ``ray start --address=HEAD:6379`` on the others);
without it a local Ray is started with ``workers`` CPUs and stopped at the end.

Ray is an optional extra (``pip install 'fudaba[ray]'``); it is imported only here.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import Any

from ..core.errors import FudabaError


def ray_module() -> Any:
    """The ``ray`` package, or a FudabaError saying how to install it."""
    try:
        import ray
    except ImportError:
        raise FudabaError("--backend ray needs Ray: pip install 'fudaba[ray]'") from None
    return ray


def ray_chunks(play_chunk: Callable[..., list[Any]], tasks: Sequence[Any], workers: int,
               address: str | None = None) -> Iterator[tuple[int, list[Any]]]:
    """``(batch, play_chunk(config, indices))`` of every task ``(batch, config, indices)`` as the tasks end."""
    ray = ray_module()
    started = False
    if not ray.is_initialized():
        opts: dict[str, Any] = {"include_dashboard": False, "log_to_driver": False, "configure_logging": False}
        if address:
            opts["address"] = address
        else:
            opts["num_cpus"] = max(1, workers)
        try:
            ray.init(**opts)
        except (ConnectionError, RuntimeError, ValueError) as e:
            raise FudabaError(f"cannot start or reach Ray{f' at {address}' if address else ''}: {e}") from None
        started = True
    try:
        remote = ray.remote(num_cpus=1, max_retries=0)(play_chunk)
        pending = {remote.remote(cfg, list(indices)): b for b, cfg, indices in tasks}
        while pending:
            ready, _ = ray.wait(list(pending), num_returns=1)
            for ref in ready:
                b = pending.pop(ref)
                try:
                    results = ray.get(ref)
                except ray.exceptions.RayTaskError as e:
                    cause = e.as_instanceof_cause()
                    if isinstance(cause, FudabaError):
                        raise FudabaError(str(cause).splitlines()[-1]) from None
                    raise
                yield b, results
    finally:
        if started:
            ray.shutdown()
