"""Records and replay (ARCHITECTURE §4).

A :class:`Record` holds what is needed to play a game again: game, variant, parameters, decks (or
a starting position), seed and the actions in notation, and the card tables the game added to its
pool (``Game.with_cards``, e.g. ``--cards``), so that it replays without the card file.
``replay`` checks every action is legal in turn and that the hashes match.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .decks import Deck
from .documents import EngineVersionWarning, check_engine, check_tree, read_json
from .errors import CardDataError, FudabaError, PositionError
from .files import read_text, strip_bom

if TYPE_CHECKING:  # records are data: they name the game; replay loads it through the registry
    from .game import Game
    from .state import State

_REQUIRED = ("game", "variant", "params", "actions")
__all__ = ["EngineVersionWarning", "Record", "check_engine", "replay"]


@dataclass
class Record:
    game: str
    variant: str
    params: dict[str, Any]
    actions: list[str]
    decks: list[dict[str, Any]] | None = None  # None: started from `position`
    seed: int | None = None
    result: str = ""
    winner: int | None = None
    over: bool = False
    turns: int = 0
    final_hash: str = ""
    engine: str = ""
    position: dict[str, Any] | None = None
    hashes: list[str] | None = None
    meta: dict[str, Any] = field(default_factory=dict)
    #: card tables added to the game's pool (``Game.with_cards``); None: the game's own cards only
    cards: list[dict[str, Any]] | None = None

    def to_dict(self) -> dict[str, Any]:
        # shallow on purpose (dataclasses.asdict deep-copies every list): the values are plain data
        d = {f: getattr(self, f) for f in self.__dataclass_fields__}
        return {k: v for k, v in d.items() if v is not None}

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), ensure_ascii=False, separators=(",", ":"))

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Record:
        if not isinstance(d, dict):
            raise PositionError(f"a record is a table (dict), not {type(d).__name__}")
        check_tree(d, "record")
        known = set(cls.__dataclass_fields__)
        unknown = set(d) - known
        if unknown:
            raise PositionError(f"record: unknown key(s) {sorted(unknown)}")
        missing = [k for k in _REQUIRED if k not in d]
        if missing:
            raise PositionError(f"record: missing key(s) {missing}; a record needs {list(_REQUIRED)}")
        try:
            rec = cls(**d)
        except TypeError as e:
            raise PositionError(f"record: {e}") from None
        rec.validate()
        return rec

    def validate(self) -> None:
        """Raise PositionError naming the first key of the wrong shape."""

        def bad(key: str, want: str) -> PositionError:
            return PositionError(f"record: key {key!r} must be {want}, got {getattr(self, key)!r:.60}")

        if not isinstance(self.game, str):
            raise bad("game", "a game name")
        if not isinstance(self.variant, str):
            raise bad("variant", "a variant name")
        if not isinstance(self.params, dict):
            raise bad("params", "a table of parameters")
        if self.seed is not None and (not isinstance(self.seed, int) or isinstance(self.seed, bool)):
            raise bad("seed", "a whole number")
        if not isinstance(self.actions, list) or not all(isinstance(a, str) for a in self.actions):
            raise bad("actions", "a list of actions in notation")
        if self.position is not None and not isinstance(self.position, dict):
            raise bad("position", "a position table")
        if self.decks is not None and not (
            isinstance(self.decks, list)
            and all(isinstance(d, dict) and isinstance(d.get("main"), list) for d in self.decks)
        ):
            raise bad("decks", "a list of decks, each with a 'main' list of card ids")
        if self.cards is not None and not (
            isinstance(self.cards, list) and all(isinstance(c, dict) for c in self.cards)
        ):
            raise bad("cards", "a list of card tables")
        if self.hashes is not None and not isinstance(self.hashes, list):
            raise bad("hashes", "a list of state hashes")
        if not isinstance(self.final_hash, str):
            raise bad("final_hash", "a hash string")
        check_engine(self.engine, "record", warn=False)
        if self.position is None and self.seed is None:
            raise PositionError("record: a record needs either 'seed' (with optional 'decks') or 'position'")

    @classmethod
    def from_json(cls, text: str) -> Record:
        if isinstance(text, str):
            text = strip_bom(text)
        d = read_json(text, "record")
        if not isinstance(d, dict):
            raise PositionError("a record must be a JSON object")
        return cls.from_dict(d)

    @classmethod
    def read(cls, path: str | os.PathLike[str]) -> Record:
        """The record in the file ``path`` (a ``.json`` file, or a ``.jsonl`` runs file holding one
        game), read in any encoding :func:`~fudaba.core.files.read_text` reads. PositionError names
        the file and what is wrong with it."""
        p = Path(path)
        text = read_text(p, lambda m: PositionError(f"record file {m}"))
        lines = [ln for ln in text.splitlines() if ln.strip()]
        if len(lines) > 1 and all(ln.lstrip().startswith("{") for ln in lines):
            raise PositionError(f"record file {p}: holds {len(lines)} records (JSON lines); give one of them, e.g. "
                                f"Record.from_json(line) (fudaba replay {p} --game-index N)")
        try:
            return cls.from_json(text)
        except PositionError as e:
            raise PositionError(f"record file {p}: {e}") from None


def record_game(rec: Record) -> Game:
    """The game a record was played in: its variant and parameters, with the record's own cards."""
    from .registry import load_game

    rec.validate()
    check_engine(rec.engine, "record")
    game = load_game(rec.game, rec.variant, **rec.params)
    if rec.cards:
        try:
            game = game.with_cards(rec.cards, "record 'cards'")
        except CardDataError as e:
            raise PositionError(f"record: key 'cards': {e}") from None
    return game


def start_state(rec: Record) -> State:
    game = record_game(rec)
    if rec.position is not None:
        return game.load_position(rec.position)
    try:
        decks = [Deck.from_dict(d) for d in rec.decks] if rec.decks else None
    except (KeyError, TypeError, ValueError, AttributeError) as e:
        raise PositionError(f"record: key 'decks' is malformed: {e}") from None
    if decks is not None:
        problems = [p for d in decks for p in game.check_deck(d)]
        if problems:
            raise PositionError("record: key 'decks': " + "; ".join(problems))
    return game.new_game(decks=decks, seed=rec.seed or 0)


def iter_replay(rec: Record) -> Any:
    """Yield ``(index, action_text, state_after)``; index -1 is the start state. Checks hashes."""
    st = start_state(rec)
    yield -1, "", st
    for i, a in enumerate(rec.actions):
        try:
            st.apply(a)
        except FudabaError as e:
            raise FudabaError(f"replay: action #{i + 1} {a!r} is not legal there: {e}") from None
        if rec.hashes is not None and i < len(rec.hashes) and st.hash() != rec.hashes[i]:
            raise FudabaError(f"replay: state hash differs after action #{i + 1} {a!r}")
        yield i, a, st
    if rec.final_hash and st.hash() != rec.final_hash:
        raise FudabaError("replay: the final state hash differs from the record's")


def replay(rec: Record | dict[str, Any] | str | os.PathLike[str]) -> State:
    """Play a record again from the start; returns the final state (hashes checked).

    ``rec`` is a :class:`Record`, its dict, its JSON text, or the path of a record file (a
    :class:`~pathlib.Path`, or text that is no JSON object: ``replay("game.json")``)."""
    if isinstance(rec, os.PathLike) or (isinstance(rec, str) and not _json_text(rec)):
        rec = Record.read(rec)
    if isinstance(rec, str):
        rec = Record.from_json(rec)
    elif isinstance(rec, dict):
        rec = Record.from_dict(rec)
    elif not isinstance(rec, Record):
        raise FudabaError(f"replay takes a Record, its dict, its JSON text or a record file's path, not "
                          f"{type(rec).__name__}")
    st: State | None = None
    for _, _, s in iter_replay(rec):
        st = s
    assert st is not None
    return st


def _json_text(s: str) -> bool:
    """Whether ``s`` is meant as JSON text rather than a file's path (a JSON object starts with '{';
    a path is one short line)."""
    t = strip_bom(s).lstrip()
    return t.startswith(("{", "[")) or "\n" in s or len(s) > 4096 or not t


def step_hashes(rec: Record) -> list[str]:
    out: list[str] = []
    st = start_state(rec)
    for a in rec.actions:
        st.apply(a)
        out.append(st.hash())
    return out
