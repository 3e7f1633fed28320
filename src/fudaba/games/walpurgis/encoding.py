"""Walpurgis for research environments (issue 21): a fixed action codec and observation tensors.

The codec lists every action the notation of §9 can write for the card pool and the 5×5 board (both
variants): ``set ID`` (a 通常弾), ``bottom ID``, ``done``, ``place ID SQ up|down``, ``wake SQ``,
``pass``, ``activate SQ``, ``end``, ``bullet SQ``, ``resolve SQ``, ``upright SQ [skip]``,
``sustain SQ``, ``keep SQ LABEL``, ``hit SQ LABEL``, ``discard ID``, ``target SQ`` and ``target ID``.
A LABEL names one of the chooser's own cards on the square by its state, with ``:ID`` where its owner
sees the face (``bullet``, ``dormant``; ``bullet_up:ID``, ``active:ID``, ``up:ID``, ``activating:ID``).

>>> import fudaba
>>> enc = encoding(fudaba.load_game("walpurgis"))
>>> enc.codec.size, enc.codec.index("keep 3c bullet") > 0
(9162, True)
"""

from __future__ import annotations

from array import array
from collections.abc import Mapping, Sequence
from typing import Any

from ...core.encoding import ActionCodec, Encoding, common_layout, fill_common, hand, seat_order, seen_cards
from ...core.game import Game

SQUARES = tuple(f"{r}{c}" for r in "12345" for c in "abcde")
WORDS = ("bullet", "bullet_up", "active", "dormant", "up", "activating")
#: the states whose face the owner sees (a label with ``:ID``); the others are written bare
FACE_SEEN = ("bullet_up", "active", "up", "activating")
PHASES = ("setup", "initial", "prepare", "main", "end", "over")
KINDS = ("setup", "mulligan", "initial", "wake", "main", "bullet", "intercept", "resolve", "upright", "keep", "hit",
         "discard", "target")
_WORD = {w: i for i, w in enumerate(WORDS)}
_SQUARE = {s: i for i, s in enumerate(SQUARES)}
SQ_FLAGS = 20  # per owner (me, opponent) the cards in each state; the top card's owner and state


def actions(game: Game) -> list[str]:
    """Every action of §9 for this card pool, in the codec's order."""
    cards = sorted(game.cards)
    normal = [c for c in cards if getattr(game.cards[c], "is_normal", False)]
    labels = ["bullet", "dormant", *(f"{w}:{c}" for w in FACE_SEEN for c in cards)]
    out = ["pass", "done", "end"]
    out += [f"set {c}" for c in normal]
    out += [f"bottom {c}" for c in cards]
    out += [f"discard {c}" for c in cards]
    out += [f"target {c}" for c in cards]
    out += [f"place {c} {s} {f}" for c in cards for s in SQUARES for f in ("up", "down")]
    for verb in ("wake", "activate", "bullet", "resolve", "upright", "sustain", "target"):
        out += [f"{verb} {s}" for s in SQUARES]
    out += [f"upright {s} skip" for s in SQUARES]
    out += [f"{verb} {s} {lab}" for verb in ("keep", "hit") for s in SQUARES for lab in labels]
    return out


class WalpurgisEncoding(Encoding):
    LEAVES_OUT = ("the opponent's hand and set-aside cards, both decks and bullet piles (counts only), the faces "
                  "of face-down bullets and dormant formations (also the seat's own: the memory keeps what it "
                  "placed face down), the opponent's active formations, the score before the end, the prompt")

    def __init__(self, game: Game) -> None:
        super().__init__(game, ActionCodec(actions(game)))
        n = len(self.cards)
        lay = self.layout
        self.common = common_layout(self, PHASES, KINDS)
        self.hand = lay.add("me.hand", n, "my hand: copies of each card id (the pool in sorted id order)")
        self.aside = lay.add("me.aside", n, "my cards set aside (通常弾): copies of each card id")
        self.counts = lay.add("counts", 10, "per seat (me, then the opponent): hand / 10, deck / 30, bullet pile / "
                              "10, set aside / 5; then 1 if a card was placed this turn, 1 if one was activated")
        self.discard = [lay.add(f"{w}.discard", n, "discard pile: copies of each card id") for w in ("me", "opp")]
        self.board = lay.add("board", len(SQUARES) * (SQ_FLAGS + 2 * n),
                             "per square 1a…5e: the count of my cards in each state (bullet, bullet_up, active, "
                             "dormant, up, activating), the same for the opponent's, the top card mine, the "
                             "opponent's, its state one-hot; then the faces I see of my cards there, of the "
                             "opponent's (copies of each id)")
        self.chain = lay.add("chain", 2 * len(SQUARES) + n + 3,
                             "the activation chain: per square, my link there, the opponent's; copies of each "
                             "card in the chain; its length / 5; effects until the end of turn, mine / 3 and "
                             "the opponent's / 3")
        self.seen = self.memory.add("seen", 2 * n, "memory: how often each card id was named in my log view for "
                                    "me, then for the opponent")
        self.down = self.memory.add("placed_down", len(SQUARES) * n,
                                    "memory: per square, the cards I placed face down there (copies of each id)")

    def fill(self, out: array[float], view: Mapping[str, Any]) -> None:
        table = view["table"]
        fill_common(out, self.common, view, table["first"], PHASES, KINDS)
        me, opp = seat_order(view)
        players = view["players"]
        sides = table["players"]
        self.add_cards(out, self.hand, hand(players[me]))
        self.add_cards(out, self.aside, sides[me].get("aside") or ())
        for k, p in enumerate((me, opp)):
            c = self.counts + 4 * k
            pl, side = players[p], sides[p]
            out[c] = pl["hand_count"] / 10.0
            out[c + 1] = pl["deck_count"] / 30.0
            out[c + 2] = side["bullet_pile_count"] / 10.0
            out[c + 3] = side["aside_count"] / 5.0
            self.add_cards(out, self.discard[k], pl["discard"])
        if table["placed"]:
            out[self.counts + 8] = 1.0
        if table["activated"]:
            out[self.counts + 9] = 1.0
        self._board(out, table["board"], me)
        self._chain(out, table, me)

    def _board(self, out: array[float], board: Mapping[str, Any], me: int) -> None:
        n = len(self.cards)
        idx = self.card_index
        word = _WORD
        step = SQ_FLAGS + 2 * n
        off = self.board
        for sq in SQUARES:
            cells = board[sq]
            if cells:
                for fc in cells:
                    mine = fc["owner"] == me
                    out[off + (0 if mine else 6) + word[fc["state"]]] += 1.0
                    cid = fc.get("card")
                    if cid is not None:
                        out[off + SQ_FLAGS + (0 if mine else n) + idx[cid]] += 1.0
                top = cells[-1]
                out[off + (12 if top["owner"] == me else 13)] = 1.0
                out[off + 14 + word[top["state"]]] = 1.0
            off += step

    def _chain(self, out: array[float], table: Mapping[str, Any], me: int) -> None:
        chain = table["chain"]
        n = len(self.cards)
        for link in chain:
            pl = link.get("place")
            if pl in _SQUARE:
                out[self.chain + 2 * _SQUARE[pl] + (0 if link.get("player") == me else 1)] += 1.0
            self.add_cards(out, self.chain + 2 * len(SQUARES), (link.get("card"),))
        tail = self.chain + 2 * len(SQUARES) + n
        out[tail] = len(chain) / 5.0
        for eff in table.get("until_end_of_turn") or ():
            out[tail + (1 if eff.get("player") == me else 2)] += 1.0 / 3.0

    def remember(self, out: array[float], base: int, view: Mapping[str, Any],
                 log: Sequence[Mapping[str, Any]]) -> None:
        seen_cards(self, out, base + self.seen, view, log)
        me, _ = seat_order(view)
        n = len(self.cards)
        idx = self.card_index
        for e in log:
            if e.get("kind") == "place" and e.get("player") == me and e.get("face") == "down":
                pl, cid = e.get("place"), e.get("card")
                if pl in _SQUARE and cid in idx:
                    out[base + self.down + _SQUARE[pl] * n + idx[cid]] += 1.0


def encoding(game: Game) -> WalpurgisEncoding:
    """The encoding of this game configuration (variant, parameters, card pool)."""
    return WalpurgisEncoding(game)
