"""Walpurgis game state (spec §1): zones, field cards and the hooks the core needs.

The field is a flat list of 25 squares (index ``(row - 1) * 5 + column``, see ``cards.py``); each
square is a tuple of field cards, bottom first. A field card is the tuple
``(owner, card_id, state, flags)`` with ``state`` one of the six ints below and ``flags`` bit 0 set
for a formation that became activating without an activation check (it has no squares, §5.3
step 7). Tuples are immutable, so a clone copies 25 pointers.

The rules themselves (steps and answer handlers) live in ``rules.py``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from ...core.errors import PositionError
from ...core.rng import Rng
from ...core.state import State
from .cards import SQ, WCard

if TYPE_CHECKING:
    from ...core.actions import Action

BULLET, BULLET_UP, ACTIVE, DORMANT, UP, ACTIVATING = range(6)
WORDS = ("bullet", "bullet_up", "active", "dormant", "up", "activating")
WORD_INDEX = {w: i for i, w in enumerate(WORDS)}
JA_WORDS = ("裏向きの弾幕", "表向きの弾幕", "活動状態の陣", "休眠状態の陣", "表向きの陣", "発動中の陣")
NOSQ = 1

FieldCard = tuple[int, str, int, int]
#: a chain record: (owner, square, card id, interception mask, v1.01 fixed destroy squares)
ChainRec = tuple[int, int, str, int, tuple[int, ...]]


def _need_normal(ids: list[str], group: list[int], cards: dict[str, WCard], rng: Rng) -> None:
    """Make sure one of the positions ``group`` of ``ids`` holds a 通常弾, swapping one in from
    the other positions (the real state satisfies this, so such a card exists)."""
    if not group or any(cards[ids[k]].is_normal for k in group):
        return
    inside = set(group)
    donors = [k for k, cid in enumerate(ids) if k not in inside and cards[cid].is_normal]
    if not donors:
        return
    a = group[rng.randbelow(len(group))]
    b = donors[rng.randbelow(len(donors))]
    ids[a], ids[b] = ids[b], ids[a]


def visible_to(fc: FieldCard, viewer: int | None) -> bool:
    """May ``viewer`` see this field card's face? (§1 table)"""
    st = fc[2]
    return st in (UP, ACTIVATING, BULLET_UP) or (st == ACTIVE and viewer == fc[0])


class WState(State):
    __slots__ = (
        "activated", "active", "aside", "board", "cards", "chain", "decks", "discards", "extra", "first", "hands",
        "lasting", "phase", "piles", "placed", "score", "v1",
    )

    board: list[tuple[FieldCard, ...]]
    hands: list[list[str]]
    decks: list[list[str]]
    discards: list[list[str]]
    piles: list[list[str]]
    #: cards set aside: the 通常弾 of setup ①, and cards set beside the field by ``set_beside``
    #: (§4 end ④); face down, seen by their owner only
    aside: list[list[str]]
    #: "until end of turn" effects under way: (player, op), ended at §4 end ④
    lasting: list[tuple[int, str]]
    active: int
    first: int
    phase: str
    placed: bool
    activated: bool
    chain: list[ChainRec]
    cards: dict[str, WCard]
    extra: list[dict[str, Any]]
    score: dict[str, Any] | None
    v1: bool

    def init_fields(self) -> None:
        self.board = [() for _ in range(25)]
        self.hands = [[], []]
        self.decks = [[], []]
        self.discards = [[], []]
        self.piles = [[], []]
        self.aside = [[], []]
        self.lasting = []
        self.active = 0
        self.first = 0
        self.phase = "setup"
        self.placed = False
        self.activated = False
        self.chain = []
        self.cards = dict(self.game.cards.items())
        self.extra = []
        self.score = None
        self.v1 = self.game.variant == "v1.01"

    # ------------------------------------------------------------------ core hooks
    def _copy_into(self, new: Any) -> None:
        new.board = self.board[:]
        new.hands = [self.hands[0][:], self.hands[1][:]]
        new.decks = [self.decks[0][:], self.decks[1][:]]
        new.discards = [self.discards[0][:], self.discards[1][:]]
        new.piles = [self.piles[0][:], self.piles[1][:]]
        new.aside = [self.aside[0][:], self.aside[1][:]]
        new.lasting = self.lasting[:]
        new.active = self.active
        new.first = self.first
        new.phase = self.phase
        new.placed = self.placed
        new.activated = self.activated
        new.chain = self.chain[:]
        new.cards = self.cards
        new.extra = self.extra
        new.score = self.score
        new.v1 = self.v1

    def _dump(self) -> dict[str, Any]:
        return {
            "board": [[list(fc) for fc in sq] for sq in self.board],
            "hands": self.hands,
            "decks": self.decks,
            "discards": self.discards,
            "piles": self.piles,
            "aside": self.aside,
            "lasting": [list(x) for x in self.lasting],
            "active": self.active,
            "first": self.first,
            "phase": self.phase,
            "placed": self.placed,
            "activated": self.activated,
            "chain": [[o, s, c, m, list(f)] for o, s, c, m, f in self.chain],
            "extra": self.extra,
            "score": self.score,
        }

    def _load(self, data: dict[str, Any]) -> None:
        from .game import game_with_extra

        self.extra = list(data.get("extra") or [])
        if self.extra:
            self.game = game_with_extra(self.game, self.extra)
        self.cards = dict(self.game.cards.items())
        self.v1 = self.game.variant == "v1.01"
        self.board = [tuple((int(o), str(c), int(s), int(f)) for o, c, s, f in sq) for sq in data["board"]]
        if len(self.board) != 25:
            raise PositionError("state JSON: the board must have 25 squares")
        self.hands = [list(x) for x in data["hands"]]
        self.decks = [list(x) for x in data["decks"]]
        self.discards = [list(x) for x in data["discards"]]
        self.piles = [list(x) for x in data["piles"]]
        self.aside = [list(x) for x in data["aside"]]
        self.lasting = [(int(p), str(op)) for p, op in data.get("lasting", [])]
        self.active = int(data["active"])
        self.first = int(data["first"])
        self.phase = str(data["phase"])
        self.placed = bool(data["placed"])
        self.activated = bool(data["activated"])
        self.chain = [(int(o), int(s), str(c), int(m), tuple(f)) for o, s, c, m, f in data["chain"]]
        self.score = data.get("score")

    def end_game(self, winner: int | None, reason: str) -> None:
        """As the core's, plus the final score in the game_over event (formations, face up, deck)."""
        if self.over:
            return
        self.score = self.compute_score()
        self.phase = "over"
        self.over = True
        self.winner = winner
        self.result = reason
        self.decision = None
        self.stack.clear()
        self.emit("game_over", winner=winner, result=reason, score=self.score)

    def compute_score(self) -> dict[str, Any]:
        forms = [0, 0]
        up = [0, 0]
        for sq in self.board:
            for o, _c, s, _f in sq:
                if s >= ACTIVE:
                    forms[o] += 1
                    if s >= UP:
                        up[o] += 1
        return {"formations": forms, "face_up": up, "deck": [len(self.decks[0]), len(self.decks[1])]}

    # ------------------------------------------------------------------ views
    def view(self, player: int | None) -> dict[str, Any]:
        self.check_seat(player, spectator=True)
        board: dict[str, list[dict[str, Any]]] = {}
        for i, sq in enumerate(self.board):
            out = []
            for fc in sq:
                d: dict[str, Any] = {"owner": fc[0], "state": WORDS[fc[2]]}
                if visible_to(fc, player):
                    d["card"] = fc[1]
                out.append(d)
            board[SQ[i]] = out
        v: dict[str, Any] = {
            "game": "walpurgis",
            "variant": self.game.variant,
            "seat": player,
            "turn": self.turn,
            "phase": self.phase,
            "active": self.active,
            "first": self.first,
            "placed": self.placed,
            "activated": self.activated,
            "board": board,
            "hand": list(self.hands[player]) if player is not None else None,
            "aside": list(self.aside[player]) if player is not None else None,
            "aside_counts": [len(self.aside[0]), len(self.aside[1])],
            "until_end_of_turn": [{"player": p, "op": op} for p, op in self.lasting],
            "hand_counts": [len(self.hands[0]), len(self.hands[1])],
            "deck_counts": [len(self.decks[0]), len(self.decks[1])],
            "bullet_pile_counts": [len(self.piles[0]), len(self.piles[1])],
            "discards": [list(self.discards[0]), list(self.discards[1])],
            "chain": [self._chain_view(o, s, c, player) for o, s, c, _m, _f in self.chain],
            "over": self.over,
            "winner": self.winner,
            "result": self.result,
            "score": self.score,
        }
        dec = self.decision
        if dec is None:
            v["decision"] = None
        else:
            dv = dec.public()
            if player == dec.player:
                dv["options"] = [a.text for a in dec.options]
            v["decision"] = dv
        return v

    def _chain_view(self, owner: int, sq: int, cid: str, player: int | None) -> dict[str, Any]:
        """A chain entry names its card only while that card is still seen on its square (a card
        turned face down during bullet processing is hidden again, §1)."""
        d: dict[str, Any] = {"player": owner, "square": SQ[sq]}
        if any(fc[0] == owner and fc[1] == cid and visible_to(fc, player) for fc in self.board[sq]):
            d["card"] = cid
        return d

    def all_cards(self) -> list[str]:
        out: list[str] = []
        for sq in self.board:
            out.extend(fc[1] for fc in sq)
        for zone in (self.hands, self.decks, self.discards, self.piles, self.aside):
            out.extend(zone[0])
            out.extend(zone[1])
        return out

    def resample(self, player: int, rng: Rng) -> State:
        """A clone consistent with ``player``'s view, for search (ARCHITECTURE §4).

        Per owner, every card ``player`` cannot see (the other seat's hand and set-aside cards,
        both decks and bullet piles, face-down bullets, dormant formations and the other seat's
        active formations) is shuffled among those same places, with what the rules guarantee kept
        true: a card set aside at setup ① is a 通常弾, and a seat that still has to make its first
        placement of a 通常弾 (the initial placement, or v1.01's first main phase) holds one.
        Then the pending decision is made consistent with the new cards: a decision of the other
        seat gets its options recomputed from the rules (they may name cards of its hand or its
        active formations), and when ``player`` is the second to pick in two-player bullet
        processing, the first pick (hidden from it) is drawn anew among the first picker's cards."""
        self.check_seat(player)
        new = self.clone()
        assert isinstance(new, WState)
        cards = self.cards
        for owner in (0, 1):
            mine = owner == player
            slots: list[tuple[str, int, int]] = []  # (zone, square, position)
            ids: list[str] = []
            zones = [("deck", self.decks[owner]), ("pile", self.piles[owner])]
            if not mine:
                zones += [("hand", self.hands[owner]), ("aside", self.aside[owner])]
            for name, zone in zones:
                for i, cid in enumerate(zone):
                    slots.append((name, 0, i))
                    ids.append(cid)
            for s, sq in enumerate(self.board):
                for j, fc in enumerate(sq):
                    if fc[0] == owner and not visible_to(fc, player):
                        slots.append(("board", s, j))
                        ids.append(fc[1])
            rng.shuffle(ids)
            if not mine:
                if self.phase == "setup":
                    for k, sl in enumerate(slots):
                        if sl[0] == "aside":
                            _need_normal(ids, [k], cards, rng)
                if self.must_place_normal(owner):
                    _need_normal(ids, [k for k, sl in enumerate(slots) if sl[0] == "hand"], cards, rng)
            for (name, s, i), cid in zip(slots, ids, strict=True):
                if name == "board":
                    cells = list(new.board[s])
                    o, _c, stt, fl = cells[i]
                    cells[i] = (o, cid, stt, fl)
                    new.board[s] = tuple(cells)
                else:
                    {"deck": new.decks, "pile": new.piles, "hand": new.hands, "aside": new.aside}[name][owner][i] = cid
        d = self.decision
        if d is not None:
            from .rules import recompute_decision

            new.decision = recompute_decision(new, d, player, rng)
        return new

    def must_place_normal(self, p: int) -> bool:
        """Must ``p`` still place a 通常弾 from hand as its first placement (§3 (6), §8 v1.01)?"""
        if self.phase == "initial":
            d = self.decision
            # the first player places first; the second player's placement comes after it
            return d is not None and d.kind == "initial" and (d.player == p or p != self.first)
        if self.v1 and self.phase in ("prepare", "main") and not self.chain:
            return self.turn == 1 or (self.turn == 2 and p == self.active and not self.placed)
        return False

    def position(self) -> dict[str, Any]:
        from .position import state_position

        return state_position(self)

    def explain(self, action: Action) -> str:
        from .rules import explain

        return explain(self, action)

    #: refusals are also written in Japanese (rules.py writes each one in both languages)
    REFUSAL_LANGS: ClassVar[tuple[str, ...]] = ("ja",)

    def explain_in(self, action: Action, lang: str) -> str:
        """``explain`` in ``lang`` ("ja": the rulebooks' words, same squares, ids and references)."""
        from .rules import explain

        return explain(self, action, lang)
