"""Research environments (issue 21): every game as a PettingZoo, Gymnasium and OpenSpiel environment.

``pip install 'fudaba[rl]'`` brings numpy, PettingZoo, Gymnasium and OpenSpiel; this package is the only
part of fudaba that imports them (each adapter when first used). The encodings — fixed action codecs,
observation and information-state tensors — are the games' own (``descriptor(name).capability("encoding")``,
standard library only); docs/research.md describes them.

* :func:`pettingzoo_env` — an AEC environment of both seats (``fudaba.rl.pettingzoo_env("sarasvati")``);
* :func:`gym_env` — one seat against a fixed opponent (``gym_env("maken", opponent="greedy", seat=0)``);
* :class:`VectorEnv` — n games stepped in one process, observations and masks batched in numpy;
* :func:`register_openspiel` — every game registered as an OpenSpiel Python game ``fudaba_<name>``.
"""

from __future__ import annotations

from typing import Any

from .common import encoding_of, load

__all__ = ["VectorEnv", "encoding_of", "gym_env", "load", "pettingzoo_env", "register_openspiel"]


def pettingzoo_env(game: Any, variant: str | None = None, **params: Any) -> Any:
    """A PettingZoo AEC environment of ``game`` (see :mod:`fudaba.rl.aec`)."""
    from .aec import FudabaAECEnv

    return FudabaAECEnv(game, variant, **params)


def gym_env(game: Any, opponent: Any = "greedy", seat: int = 0, variant: str | None = None, **params: Any) -> Any:
    """A Gymnasium environment: ``seat`` of ``game`` against ``opponent`` (see :mod:`fudaba.rl.single`)."""
    from .single import FudabaGymEnv

    return FudabaGymEnv(game, opponent=opponent, seat=seat, variant=variant, **params)


def register_openspiel() -> list[str]:
    """Register every game with OpenSpiel (``pyspiel.load_game("fudaba_sarasvati")``); returns the names."""
    from .openspiel import register

    return register()


def __getattr__(name: str) -> Any:
    if name == "VectorEnv":
        from .vector import VectorEnv

        return VectorEnv
    raise AttributeError(name)
