"""Agents: bots that play from an information set, never the state (ARCHITECTURE §2, §4).

``make_agent(spec, game_name)`` builds one from a spec (docs/agents.md, *Agent specs*):
``random``, ``greedy``, a level (``easy``, ``normal``, ``hard``), ``ismcts:iters=400,c=0.7,…``
or ``package.module:ClassName`` (a user's :class:`Agent` subclass). A game's greedy heuristic and
evaluation live in its package, named by its descriptor (``fudaba.agents.games`` finds them); the
search is ``fudaba.agents.ismcts``. ``agent.act(state.infoset(seat))``
asks one for its action (docs/agents.md).
"""

from __future__ import annotations

import importlib
from typing import Any

from ..core.errors import UnknownGame
from .base import Agent, RandomAgent, agent_seed
from .games import greedy_agent, level_options
from .ismcts import ISMCTSAgent

#: the named strengths: level -> the ISMCTS spec shared by every game, and the iterations per
#: decision of a game that sets none (:data:`DEFAULT_ITERS`). A game's descriptor sets its own
#: options per level (``levels = {"normal": "c=0.5,depth=20,iters=40"}``): its iterations, so that
#: ``normal`` answers in about 0.5 s and ``hard`` in about 2 s, and options its search needs;
#: ``seconds`` caps a slow decision (docs/agents.md, *Levels*)
LEVELS: dict[str, str] = {
    "easy": "ismcts:rollout=random",
    "normal": "ismcts:rollout=greedy,prior=0.5,c=1,seconds=0.5",
    "hard": "ismcts:rollout=greedy,prior=0.5,c=1,seconds=2",
}
DEFAULT_ITERS: dict[str, int] = {"easy": 30, "normal": 50, "hard": 200}

#: the agent names a front end offers (besides ``ismcts:key=value,…`` and ``package.module:Class``)
AGENTS = ("random", "greedy", *LEVELS, "ismcts")


def level_spec(level: str, game: str | None = None) -> str:
    """The ISMCTS spec of ``level`` for the game named ``game``: the shared options of
    :data:`LEVELS`, those the game's descriptor sets for the level replacing them in place or added
    after them, and ``iters`` last (:data:`DEFAULT_ITERS` for a game that sets none). E.g. ``normal``
    with ``levels["normal"] = "iters=120"``: ``ismcts:rollout=greedy,prior=0.5,c=1,seconds=0.5,iters=120``;
    with ``"c=0.5,depth=20,iters=40"``: ``…,c=0.5,seconds=0.5,depth=20,iters=40``."""
    head, _, shared = LEVELS[level].partition(":")
    opts = dict(o.split("=", 1) for o in shared.split(","))
    own = level_options(game, level)
    iters = own.pop("iters", str(DEFAULT_ITERS[level]))
    opts.update(own)
    opts["iters"] = iters
    return head + ":" + ",".join(f"{k}={v}" for k, v in opts.items())


def make_agent(spec: str, game: str | None = None, **options: Any) -> Agent:
    """The agent ``spec`` names, for the game named ``game`` (needed by ``greedy`` only).

    ``spec``: ``random`` | ``greedy`` | ``easy`` | ``normal`` | ``hard`` | ``ismcts`` |
    ``ismcts:key=value,…`` (keys: :attr:`ISMCTSAgent.OPTIONS`) | ``package.module:ClassName``.
    ``options`` are keyword arguments of the agent's constructor (``make_agent("ismcts", iters=100)``;
    for a level or an ``ismcts:`` spec they override the spec's). Raises :class:`UnknownGame` naming
    what is wrong: an unknown agent or option, a bad value, a class that cannot be imported or is
    not an :class:`Agent`."""
    if not isinstance(spec, str):
        raise UnknownGame(f"an agent spec is text (e.g. 'greedy' or 'ismcts:iters=400'), not {type(spec).__name__}")
    text = spec.strip()
    level = text.lower() if text.lower() in LEVELS else None
    if level is not None:
        text = level_spec(level, game)
    head, sep, rest = text.partition(":")
    kind = head.strip().lower()
    if kind == "ismcts":
        opts = parse_options(rest, spec) if sep else {}
        for key in options:
            if key not in ISMCTSAgent.OPTIONS:
                raise UnknownGame(f"agent {spec!r}: unknown ismcts option {key!r}; options: "
                                  f"{', '.join(ISMCTSAgent.OPTIONS)}")
        opts.update(options)
        try:
            search = ISMCTSAgent(**opts)
        except UnknownGame as e:  # a bad value, named by its key
            raise UnknownGame(f"agent {spec!r}: {e}") from None
        if level is not None:
            search.name = level
        return search
    if sep:
        return load_agent(head.strip(), rest.strip(), spec, options)
    if options:
        raise UnknownGame(f"agent {spec!r} takes no options (got {', '.join(options)})")
    if kind == "random":
        return RandomAgent()
    if kind == "greedy":
        return greedy_agent(game)
    raise UnknownGame(f"unknown agent {spec!r}; agents: {', '.join(AGENTS)}, ismcts:key=value,… "
                      "or package.module:ClassName")


def parse_options(text: str, spec: str) -> dict[str, Any]:
    """``iters=400,c=0.7,rollout=greedy`` as ISMCTS options (``seconds=none``: no time budget)."""
    out: dict[str, Any] = {}
    for item in text.split(","):
        if not item.strip():
            continue
        key, eq, value = (x.strip() for x in item.partition("="))
        key = key.lower()
        kind = ISMCTSAgent.OPTIONS.get(key)
        if kind is None:
            raise UnknownGame(f"agent {spec!r}: unknown ismcts option {key!r}; options: "
                              f"{', '.join(ISMCTSAgent.OPTIONS)}")
        if not eq or not value:
            raise UnknownGame(f"agent {spec!r}: option {key!r} needs a value ({key}=…)")
        if key in out:
            raise UnknownGame(f"agent {spec!r}: option {key!r} given twice")
        if key == "seconds" and value.lower() == "none":
            out[key] = None
            continue
        try:
            out[key] = kind(value.lower()) if kind is str else kind(value)
        except ValueError:
            raise UnknownGame(f"agent {spec!r}: option {key}={value!r} is not {'a whole number' if kind is int else 'a number'}") from None
    return out


def load_agent(module: str, name: str, spec: str, options: dict[str, Any]) -> Agent:
    """A user's agent: ``name``, an :class:`Agent` subclass in ``module``, built with ``options``."""
    if not module or not name:
        raise UnknownGame(f"agent {spec!r}: write a user's agent as package.module:ClassName")
    try:
        mod = importlib.import_module(module)
    except ImportError as e:
        raise UnknownGame(f"agent {spec!r}: cannot import module {module!r} ({e})") from None
    cls = getattr(mod, name, None)
    if cls is None:
        raise UnknownGame(f"agent {spec!r}: module {module!r} has no {name!r}")
    if not (isinstance(cls, type) and issubclass(cls, Agent)):
        raise UnknownGame(f"agent {spec!r}: {module}.{name} is not a subclass of fudaba.agents.Agent")
    try:
        agent: Agent = cls(**options)
    except TypeError as e:
        raise UnknownGame(f"agent {spec!r}: {module}.{name}() cannot be built: {e}") from None
    return agent


__all__ = ["AGENTS", "DEFAULT_ITERS", "LEVELS", "Agent", "ISMCTSAgent", "RandomAgent", "agent_seed", "greedy_agent", "level_spec", "make_agent"]
