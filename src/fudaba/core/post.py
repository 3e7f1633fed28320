"""Play by post (issue 22 item 3): a game played by pasting blocks of plain text into a forum thread.

Each player keeps a private file; the thread holds only public text. How it works (docs/post.md):

* **Commit–reveal over the shuffle.** Each player draws a secret at random and posts a *commitment*
  ``H(secret, deck list, books)`` before anything is dealt. A player's deck order is
  ``shuffle(sorted deck, H(secret, nonce))`` where the nonce was posted by the *other* player after
  the commitment: nobody can choose their own order (the secret was fixed first), and the opponent
  cannot compute it (they never see the secret until the game is over). The first player is a bit of
  ``H(secret of seat 0, nonce of seat 1)``.
* **Each side plays on its own copy.** A player's state is the game's position with their own cards
  and, for the opponent's hidden cards, *placeholders* (``X-P1-H3``: seat 1's third card in hand at
  the start), never played by this side. The moves a block posts are replayed on the other copy.
  When a hidden card becomes public (played, charged, an opened book), the block *reveals* which
  placeholder it was (``P1.H3=SV-A02``), and both copies put the real card there and replay.
* **A move that needs the other side's secret** (attacking a face-down book) is posted as *pending*:
  the other side applies it with its real cards, and posts on.
* **Hashes.** Each block carries the hash of the public view after it (``state``), the hash of the
  block before it (``prev``) and its own hash over all of that (``hash``): a changed or missing
  block, or a move that does not give the posted position, is found at once.
* **At the end** each side posts its secret, deck and books; the other checks the commitment, deals
  both decks as they were dealt and replays the whole game with every card known: every posted
  ``state`` must come out again.

What is trusted: each player's own program (it knows its own deck order and could show it — a
physical deck's owner does not know it); cheating with it is found at the end, not prevented.

A game supports posting through its descriptor: ``capability("post")`` is a :class:`PostRules`.
"""

from __future__ import annotations

import hashlib
import json
import re
import secrets
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, NamedTuple

from .errors import FudabaError, IllegalAction
from .rng import Rng

if TYPE_CHECKING:
    from .decks import Deck
    from .game import Game
    from .state import State

VERSION = 1
BEGIN = "[fudaba post]"
END = "[/fudaba post]"
#: a placeholder card's id: seat, zone letter, index (1-based)
_PLACEHOLDER = re.compile(r"X-P([01])-([A-Z])(\d+)")


class PostError(FudabaError):
    """A block that cannot be read or does not follow, a file that cannot be used (the message says
    what and where)."""


def digest(*parts: str, n: int = 16) -> str:
    """A hex digest of ``parts`` (blake2b; ``n`` hex digits)."""
    h = hashlib.blake2b("\x1f".join(parts).encode("utf-8"), digest_size=32)
    return h.hexdigest()[:n]


def view_hash(st: State) -> str:
    """The hash of what everyone sees (``view(None)``): the ``state`` of a block."""
    return digest(json.dumps(st.view(None), sort_keys=True, ensure_ascii=False, default=str))


@dataclass(frozen=True)
class PostRules:
    """A game's play-by-post capability: how its hidden cards are set up in a position.

    ``zones(game, deck)``: a seat's hidden cards before the deal, by zone letter (``{"D": deck cards,
    "K": books}``; the ``D`` zone is the one shuffled). ``deal(game, zones)``: after the shuffle, the
    zones at the start (``{"H": hand, "D": the rest, "K": books}``). ``position(game, seats, first)``:
    the starting position with those zones (ids, real or placeholders). ``blank(game, letter, id)``:
    the card definition of a placeholder of that zone (one this side never plays)."""

    zones: Callable[[Game, Deck], dict[str, list[str]]]
    deal: Callable[[Game, dict[str, list[str]]], dict[str, list[str]]]
    position: Callable[[Game, list[dict[str, list[str]]], int], dict[str, Any]]
    blank: Callable[[Game, str, str], dict[str, Any]]


def rules_of(game: Game) -> PostRules:
    from .registry import descriptor

    rules = descriptor(game.name).capability("post")
    if not isinstance(rules, PostRules):
        raise PostError(f"{game.name}: this game cannot be played by post yet; games that can: "
                        f"{', '.join(postable()) or 'none'}")
    return rules


def postable() -> list[str]:
    """The games that can be played by post (their descriptor names a ``post`` capability)."""
    from .registry import descriptors

    return sorted(name for name, d in descriptors().items() if "post" in d.extras)


# ---------------------------------------------------------------------- moves and blocks
class Entry(NamedTuple):
    """One decision answered: the seat, the decision's kind and the action (notation)."""

    seat: int
    kind: str
    action: str

    def text(self) -> str:
        return f"P{self.seat} {self.kind} | {self.action}"

    @staticmethod
    def read(text: str) -> Entry:
        m = re.fullmatch(r"P([01]) (\S+) \| (.+)", text.strip())
        if m is None:
            raise PostError(f"move {text!r:.80}: not 'P0 kind | action'")
        return Entry(int(m.group(1)), m.group(2), " ".join(m.group(3).split()))


#: the order of a block's machine lines (those that are hashed)
FIELDS = ("game", "seq", "from", "name", "params", "commit", "cards", "first", "nonce", "move", "pending",
          "reveal", "secret", "deck", "state", "prev")


@dataclass
class Block:
    """One post: machine fields (hashed) and the human text above them (not hashed)."""

    fields: dict[str, list[str]] = field(default_factory=dict)
    board: str = ""
    hash: str = ""

    def one(self, key: str, default: str = "") -> str:
        v = self.fields.get(key)
        return v[0] if v else default

    @property
    def seq(self) -> int:
        return int(self.one("seq", "-1"))

    @property
    def seat(self) -> int:
        return int(self.one("from", "0"))

    @property
    def game_id(self) -> str:
        return self.one("game").split(" ")[0]

    def moves(self) -> list[Entry]:
        return [Entry.read(t) for t in self.fields.get("move", [])]

    def pending(self) -> Entry | None:
        p = self.one("pending")
        return Entry.read(p) if p else None

    def reveals(self) -> dict[str, str]:
        out: dict[str, str] = {}
        for line in self.fields.get("reveal", []):
            for item in line.split():
                slot, _, card = item.partition("=")
                if not re.fullmatch(r"P[01]\.[A-Z]\d+", slot) or not card:
                    raise PostError(f"block #{self.seq}: reveal {item!r}: not 'P1.H3=CARD'")
                out[slot] = card
        return out

    def machine(self) -> str:
        return "\n".join(f"{k}: {v}" for k in FIELDS for v in self.fields.get(k, []))

    def compute_hash(self) -> str:
        return digest(f"{BEGIN} v{VERSION}", self.machine())

    def text(self, title: str) -> str:
        """The block as posted: a title, the board, the machine lines, its hash."""
        body = "\n".join("  " + ln if ln else "" for ln in self.board.splitlines())
        return f"{BEGIN} {title}\n{body}\n--\n{self.machine()}\nhash: {self.hash}\n{END}"


def parse_thread(text: str) -> list[Block]:
    """Every block in ``text`` (a pasted post or a whole thread), in order; a block whose hash does
    not match its lines is refused (PostError naming it)."""
    if not isinstance(text, str):
        raise PostError("a thread is text")
    out: list[Block] = []
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    k = 0
    while k < len(lines):
        if lines[k].strip().startswith(BEGIN):
            k, b = _block(lines, k)
            out.append(b)
        else:
            k += 1
    return out


def _block(lines: list[str], k: int) -> tuple[int, Block]:
    b = Block()
    board: list[str] = []
    machine = False
    k += 1
    while k < len(lines):
        ln = lines[k].strip()
        k += 1
        if ln == END:
            break
        if ln == "--" and not machine:
            machine = True
            continue
        if not machine:
            board.append(lines[k - 1][2:] if lines[k - 1].startswith("  ") else lines[k - 1])
            continue
        key, sep, value = ln.partition(": ")
        if not sep and ln.endswith(":"):
            key, value = ln[:-1], ""
        if key == "hash":
            b.hash = value.strip()
        elif key in FIELDS:
            b.fields.setdefault(key, []).append(value.strip())
        elif ln:
            raise PostError(f"a block's line {ln!r:.80} is not one of its fields ({', '.join(FIELDS)})")
    else:
        raise PostError(f"a block is not closed by {END} (was the post cut?)")
    b.board = "\n".join(board).strip("\n")
    if b.hash != b.compute_hash():
        raise PostError(f"block #{b.one('seq', '?')}: its hash does not match its lines (was it changed?)")
    return k, b


# ---------------------------------------------------------------------- following moves
def follow(st: State, entries: Iterable[Entry], start: int = 0, cursor: int | None = None) -> int:
    """Apply ``entries`` to ``st``: an entry whose decision is pending is applied; one the engine has
    already answered by itself (its only option here) is found among the ``auto`` events after
    ``cursor`` (default: the log's end). PostError names the first entry that does not follow.
    Returns the cursor to go on from (for entries followed a few at a time)."""
    cursor = len(st.log) if cursor is None else cursor
    for n, e in enumerate(entries, start + 1):
        d = st.decision
        if d is not None and d.player == e.seat and d.kind == e.kind:
            cursor = len(st.log)
            try:
                st.apply(e.action)
            except IllegalAction as x:
                raise PostError(f"move {n} ({e.text()}) is refused: {x}") from None
            continue
        found = _auto(st, e, cursor)
        if found < 0:
            pend = f"P{d.player} {d.kind}" if d is not None else "the game is over"
            raise PostError(f"move {n} ({e.text()}) does not follow: the decision here is {pend}")
        cursor = found + 1
    return cursor


def _auto(st: State, e: Entry, cursor: int) -> int:
    for i in range(cursor, len(st.log)):
        ev = st.log[i]
        if ev.kind != "auto" or ev.data.get("player") != e.seat or ev.data.get("decision") != e.kind:
            continue
        action = ev.data.get("action") or (ev.secret or {}).get("action")
        if action == e.action:
            return i
    return -1


def decisions_of(st: State, seat: int, before: int, chosen: Entry | None) -> list[Entry]:
    """The decisions of ``seat`` answered since the log held ``before`` events: ``chosen`` and the
    ones the engine answered by itself (its ``auto`` events), in order."""
    out = [chosen] if chosen is not None else []
    for ev in st.log[before:]:
        if ev.kind == "auto" and ev.data.get("player") == seat:
            action = ev.data.get("action") or (ev.secret or {}).get("action")
            out.append(Entry(seat, str(ev.data.get("decision")), str(action)))
    return out


# ---------------------------------------------------------------------- placeholders
def placeholder(seat: int, letter: str, k: int) -> str:
    return f"X-P{seat}-{letter}{k + 1}"


def slot_of(card_id: str) -> str | None:
    m = _PLACEHOLDER.fullmatch(card_id)
    return f"P{m.group(1)}.{m.group(2)}{m.group(3)}" if m else None


def hidden(seat: int, counts: Mapping[str, int]) -> dict[str, list[str]]:
    """A seat's starting zones as placeholders (``counts``: cards per zone letter)."""
    return {z: [placeholder(seat, z, k) for k in range(n)] for z, n in counts.items()}


def substitute(zones: dict[str, list[str]], seat: int, reveals: Mapping[str, str]) -> dict[str, list[str]]:
    return {z: [reveals.get(f"P{seat}.{z}{k + 1}", c) for k, c in enumerate(cards)] for z, cards in zones.items()}


def placeholders_in(tree: Any, seat: int | None = None) -> set[str]:
    """The placeholder ids in a view (of ``seat``'s cards, or anyone's)."""
    found: set[str] = set()
    stack = [tree]
    while stack:
        x = stack.pop()
        if isinstance(x, str):
            m = _PLACEHOLDER.fullmatch(x)
            if m and (seat is None or int(m.group(1)) == seat):
                found.add(x)
        elif isinstance(x, Mapping):
            stack.extend(x.values())
        elif isinstance(x, (list, tuple)):
            stack.extend(x)
    return found


def align(shadow: Any, truth: Any, out: dict[str, str]) -> bool:
    """Walk two views side by side: where ``shadow`` holds a placeholder and ``truth`` a card id, note
    it in ``out``. True when they are equal but for those."""
    if isinstance(shadow, str) and _PLACEHOLDER.fullmatch(shadow) and isinstance(truth, str):
        if not _PLACEHOLDER.fullmatch(truth):
            out.setdefault(shadow, truth)
            return True
        return shadow == truth
    if isinstance(shadow, Mapping) and isinstance(truth, Mapping):
        ok = shadow.keys() == truth.keys()
        for k in shadow.keys() & truth.keys():
            ok = align(shadow[k], truth[k], out) and ok
        return ok
    if isinstance(shadow, list) and isinstance(truth, list):
        ok = len(shadow) == len(truth)
        for a, b in zip(shadow, truth, strict=False):
            ok = align(a, b, out) and ok
        return ok
    return bool(shadow == truth)


# ---------------------------------------------------------------------- the dealing
def new_secret() -> str:
    return secrets.token_hex(16)


def new_nonce() -> str:
    return secrets.token_hex(8)


def commitment(secret: str, zones: Mapping[str, Sequence[str]]) -> str:
    """What a seat posts before the deal: binds its secret, deck and books."""
    return digest("commit", secret, json.dumps({z: list(v) for z, v in sorted(zones.items())}), n=32)


def shuffled(cards: Sequence[str], secret: str, nonce: str) -> list[str]:
    """The deck order: the sorted cards shuffled by ``H(secret, nonce)``."""
    order = sorted(cards)
    Rng(int(digest("deck", secret, nonce), 16)).shuffle(order)
    return order


def first_player(secret0: str, nonce1: str) -> int:
    return int(digest("first", secret0, nonce1), 16) & 1


__all__ = ["BEGIN", "END", "Block", "Entry", "PostError", "PostRules", "align", "commitment", "decisions_of",
           "digest", "first_player", "follow", "hidden", "new_nonce", "new_secret", "parse_thread", "placeholder",
           "placeholders_in", "rules_of", "shuffled", "slot_of", "substitute", "view_hash"]
