"""Fixed encodings for research environments (issue 21): what a game's ``encoding`` capability builds on.

A game that offers research environments names a module in its descriptor's ``extras``
(``extras={"encoding": "fudaba.games.<g>.encoding"}``); that module exports ``encoding(game)``, which
returns an :class:`Encoding` for one game configuration (variant, parameters, card pool):

* ``codec`` — an :class:`ActionCodec`: every action the rules can produce in that configuration, in a
  fixed order, so that an action has one index and an index one action (``index``/``action``), and the
  legal actions of a decision give a mask (``mask``);
* ``observation(view)`` — a fixed-length ``array('f')`` (float32) of what the view shows, laid out as
  ``layout`` says (each segment's name, offset, size and meaning), and ``observation_string(view)``;
* ``information_state(view, log)`` — the observation followed by what the seat remembers of its own
  past (``info_layout``), and ``information_state_string(view, log)``.

Everything is computed from ``state.view(seat)`` and ``state.log_view(seat)`` (an :class:`InfoSet`'s
``view`` and ``log``) — never from the true state — so two states the seat cannot tell apart give the
same tensors, bit for bit. Standard library only: numpy lives in ``fudaba.rl``.

>>> c = ActionCodec(["pass", "play A", "play B"])
>>> c.size, c.index("play B"), c.action(1), list(c.mask(["pass", "play B"]))
(3, 2, 'play A', [1, 0, 1])
>>> lay = Layout()
>>> lay.add("hand", 4, "cards in hand"), lay.add("turn", 1, "turn / 100"), lay.size
(0, 4, 5)
"""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from array import array
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

from .errors import FudabaError

if TYPE_CHECKING:
    from .game import Game


class ActionCodec:
    """Every action of a game configuration in a fixed order: action text ↔ index, and legal masks.

    ``actions``: the notation of each action (``str(action)``), each once."""

    __slots__ = ("_index", "actions", "size")

    def __init__(self, actions: Iterable[str]) -> None:
        self.actions: tuple[str, ...] = tuple(actions)
        self._index: dict[str, int] = {a: i for i, a in enumerate(self.actions)}
        if len(self._index) != len(self.actions):
            dup = sorted({a for a in self.actions if self.actions.count(a) > 1})
            raise ValueError(f"action codec: actions listed twice: {dup[:5]}")
        self.size = len(self.actions)

    def index(self, action: object) -> int:
        """The index of an action (an ``Action`` or its notation); FudabaError when the codec has none."""
        text = action if isinstance(action, str) else str(action)
        i = self._index.get(text)
        if i is None:
            raise FudabaError(f"{text[:80]!r}: not an action of this game's codec ({self.size} actions)")
        return i

    def action(self, index: int) -> str:
        """The notation of the action with that index (FudabaError outside 0 … size − 1)."""
        if not isinstance(index, int) or isinstance(index, bool) or not 0 <= index < self.size:
            raise FudabaError(f"action index {index!r:.40}: expected a whole number from 0 to {self.size - 1}")
        return self.actions[index]

    def indices(self, options: Iterable[object]) -> list[int]:
        """The indices of ``options`` (the legal actions, or their notation), in their order."""
        return [self.index(a) for a in options]

    def mask(self, options: Iterable[object]) -> bytearray:
        """``size`` bytes, 1 at the index of each of ``options``, 0 elsewhere."""
        m = bytearray(self.size)
        for i in self.indices(options):
            m[i] = 1
        return m

    def __contains__(self, action: object) -> bool:
        return (action if isinstance(action, str) else str(action)) in self._index

    def __len__(self) -> int:
        return self.size


class Segment(NamedTuple):
    """One named slice of a tensor: ``tensor[offset:offset + size]``."""

    name: str
    offset: int
    size: int
    doc: str


class Layout:
    """The layout of a flat tensor, built once per configuration: named segments, in order."""

    __slots__ = ("segments", "size")

    def __init__(self) -> None:
        self.segments: list[Segment] = []
        self.size = 0

    def add(self, name: str, size: int, doc: str) -> int:
        """A segment of ``size`` floats after the others; returns its offset."""
        off = self.size
        self.segments.append(Segment(name, off, size, doc))
        self.size += size
        return off

    def segment(self, name: str) -> Segment:
        for s in self.segments:
            if s.name == name:
                return s
        raise KeyError(name)

    def table(self) -> list[dict[str, Any]]:
        """The layout as data: one dict per segment (name, offset, size, doc)."""
        return [s._asdict() for s in self.segments]


def zeros(n: int) -> array[float]:
    """A float32 array of ``n`` zeros."""
    return array("f", bytes(4 * n))


def canonical(obj: object) -> str:
    """Compact JSON with sorted keys: the same data always gives the same string."""
    return json.dumps(obj, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def seat_order(view: Mapping[str, Any]) -> tuple[int, int]:
    """(me, opponent): the seat the view is for first; a spectator's view is read from seat 0."""
    me = view["seat"]
    return (0, 1) if me != 1 else (1, 0)


class Encoding(ABC):
    """The encoding of one game configuration. A game subclasses it and fills in ``codec``,
    ``layout`` and :meth:`fill` (and, for a memory of its own past, ``memory`` and :meth:`remember`).

    ``cards``: the card ids of the pool in a fixed order (``card_index[id]`` is the position)."""

    #: what the observation leaves out, in words (docs/research.md collects these)
    LEAVES_OUT = ""

    def __init__(self, game: Game, codec: ActionCodec) -> None:
        self.game = game
        self.codec = codec
        self.cards: tuple[str, ...] = tuple(sorted(game.cards))
        self.card_index: dict[str, int] = {c: i for i, c in enumerate(self.cards)}
        self.layout = Layout()
        self.memory = Layout()

    # ------------------------------------------------------------------ sizes
    @property
    def observation_size(self) -> int:
        return self.layout.size

    @property
    def information_state_size(self) -> int:
        return self.layout.size + self.memory.size

    def markdown(self) -> str:
        """The layouts as Markdown tables (docs/research.md prints them for the default configurations)."""
        rows = [f"action codec: {self.codec.size} actions; observation: {self.observation_size} floats; "
                f"information state: {self.information_state_size} floats", "",
                "| segment | offset | size | what |", "|---|---|---|---|"]
        for seg in self.layout.segments:
            rows.append(f"| `{seg.name}` | {seg.offset} | {seg.size} | {seg.doc} |")
        for seg in self.memory.segments:
            rows.append(f"| `{seg.name}` | {self.layout.size + seg.offset} | {seg.size} | {seg.doc} |")
        return "\n".join(rows)

    # ------------------------------------------------------------------ what a seat sees
    def observation(self, view: Mapping[str, Any]) -> array[float]:
        """The observation tensor of a view (``state.view(seat)``): float32, ``observation_size`` long."""
        out = zeros(self.layout.size)
        self.fill(out, view)
        return out

    def observation_string(self, view: Mapping[str, Any]) -> str:
        """The observation as text: the view itself, canonical JSON (the prompt left out: it is words)."""
        return canonical(_without_prompt(view))

    def information_state(self, view: Mapping[str, Any], log: Sequence[Mapping[str, Any]]) -> array[float]:
        """The observation followed by the seat's memory of its past, read from its log view
        (``state.log_view(seat)``): ``information_state_size`` floats."""
        out = zeros(self.layout.size + self.memory.size)
        self.fill(out, view)
        self.remember(out, self.layout.size, view, log)
        return out

    def information_state_string(self, view: Mapping[str, Any], log: Sequence[Mapping[str, Any]]) -> str:
        """Everything the seat knows, as text: its view and its whole log view (perfect recall)."""
        return canonical({"view": _without_prompt(view), "log": list(log)})

    # ------------------------------------------------------------------ legal actions
    def legal_indices(self, view: Mapping[str, Any]) -> list[int]:
        """The indices of the actions the view's seat may take now ([] when another seat decides)."""
        d = view["decision"]
        if not d or d["player"] != view["seat"] or "options" not in d:
            return []
        index = self.codec._index
        try:
            return [index[a] for a in d["options"]]
        except KeyError:
            return self.codec.indices(d["options"])  # names the action the codec lacks

    def legal_mask(self, view: Mapping[str, Any]) -> bytearray:
        """``codec.size`` bytes: 1 where the view's seat may take that action now."""
        m = bytearray(self.codec.size)
        for i in self.legal_indices(view):
            m[i] = 1
        return m

    # ------------------------------------------------------------------ for the game to write
    @abstractmethod
    def fill(self, out: array[float], view: Mapping[str, Any]) -> None:
        """Write the observation of ``view`` into ``out`` (zeros, ``layout.size`` long)."""

    def remember(self, out: array[float], base: int, view: Mapping[str, Any],
                 log: Sequence[Mapping[str, Any]]) -> None:
        """Write the memory segments (``memory``, from offset ``base``) read from the log view."""
        return  # a game whose layout has no memory segments writes none

    # ------------------------------------------------------------------ helpers for fill
    def add_cards(self, out: array[float], off: int, ids: Iterable[object]) -> None:
        """Count each card id of ``ids`` at ``off + its index`` (None and unknown ids are skipped)."""
        get = self.card_index.get
        for c in ids:
            i = get(c)  # type: ignore[call-overload]
            if i is not None:
                out[off + i] += 1.0

    def add_card(self, out: array[float], off: int, cid: object) -> None:
        i = self.card_index.get(cid) if isinstance(cid, str) else None
        if i is not None:
            out[off + i] = 1.0


def hand(player: Mapping[str, Any]) -> Sequence[str]:
    """The cards of ``view["players"][p]["hand"]`` ([] where the hand is hidden: the key is absent;
    read as a plain dict, so a deprecated alias is never consulted)."""
    h = player["hand"] if "hand" in player else None  # noqa: SIM401 (a View's get() would read an alias)
    return h if isinstance(h, list) else []


def onehot(out: array[float], off: int, choices: Sequence[object], value: object) -> None:
    """1 at ``off + choices.index(value)`` (nothing when ``value`` is not among them)."""
    if value in choices:
        out[off + choices.index(value)] = 1.0


def seen_cards(enc: Encoding, out: array[float], off: int, view: Mapping[str, Any],
               log: Sequence[Mapping[str, Any]]) -> None:
    """Count each card id an event of the log view names (``card``, ``cards`` and the like), under the
    seat the event is about: mine at ``off``, the opponent's at ``off + len(cards)``."""
    me, _ = seat_order(view)
    n = len(enc.cards)
    idx = enc.card_index
    for e in log:
        who = e.get("player")
        base = off if who == me else off + n
        for v in e.values():
            if isinstance(v, str):
                i = idx.get(v)
                if i is not None:
                    out[base + i] += 1.0
            elif isinstance(v, list):
                for x in v:
                    i = idx.get(x) if isinstance(x, str) else None
                    if i is not None:
                        out[base + i] += 1.0



def _without_prompt(view: Mapping[str, Any]) -> dict[str, Any]:
    d = dict(view)
    dec = d.get("decision")
    if isinstance(dec, dict) and "prompt" in dec:
        d["decision"] = {k: v for k, v in dec.items() if k != "prompt"}
    return d


def common_layout(enc: Encoding, phases: Sequence[str], kinds: Sequence[str]) -> tuple[int, int, int]:
    """The segments every game's observation starts with; returns the offsets (header, phase, kind)."""
    lay = enc.layout
    h = lay.add("header", 6, "1 if I am the turn player; 1 if I decide now; 1 if the opponent decides now; "
                "1 if I went first; the turn number / 100; 1 if the game is over")
    p = lay.add("phase", len(phases) + 1, f"the phase, one-hot: {', '.join(phases)}, other")
    k = lay.add("decision", len(kinds) + 1, "the kind of my pending decision, one-hot: "
                f"{', '.join(kinds)}, other (all 0 when I do not decide)")
    return h, p, k


def fill_common(out: array[float], offs: tuple[int, int, int], view: Mapping[str, Any], first: object,
                phases: Sequence[str], kinds: Sequence[str]) -> None:
    """The header, phase and decision segments of :func:`common_layout`."""
    h, p, k = offs
    me, _ = seat_order(view)
    d = view["decision"] or {}
    out[h] = 1.0 if view["active"] == me else 0.0
    mine = d.get("player") == me and view["seat"] == me
    out[h + 1] = 1.0 if mine else 0.0
    out[h + 2] = 1.0 if d and d.get("player") == 1 - me else 0.0
    out[h + 3] = 1.0 if first == me else 0.0
    out[h + 4] = float(view["turn"] or 0) / 100.0
    out[h + 5] = 1.0 if view["over"] else 0.0
    ph = view["phase"]
    out[p + (phases.index(ph) if ph in phases else len(phases))] = 1.0
    if mine:
        kd = d.get("kind")
        out[k + (kinds.index(kd) if kd in kinds else len(kinds))] = 1.0


__all__ = [
    "ActionCodec",
    "Encoding",
    "Layout",
    "Segment",
    "canonical",
    "common_layout",
    "fill_common",
    "hand",
    "onehot",
    "seat_order",
    "seen_cards",
    "zeros",
]
