"""Walpurgis game state (spec §1): zones, field cards and the hooks the core needs.

The field is a flat list of 25 squares (index ``(row - 1) * 5 + column``, see ``cards.py``); each
square is a tuple of field cards, bottom first. A field card is the tuple
``(owner, card_id, state, flags)`` with ``state`` one of the six ints below and ``flags`` bit 0 set
for a formation that became activating without an activation check (it has no squares, §5.3
step 7). Tuples are immutable, so a clone copies 25 pointers.

The rules themselves (steps and answer handlers) live in the ``rules`` package, which uses this
module (never the reverse); ``game.py`` assembles the two.
"""

from __future__ import annotations

from typing import Any, ClassVar

from ...core.documents import Fields, check_tree
from ...core.errors import CardDataError
from ...core.rng import Rng
from ...core.state import State, canonical, check_belief
from ...core.views import OldKeys, View, envelope, player_view
from .cards import SQ, WCard
from .effects import LASTING

BULLET, BULLET_UP, ACTIVE, DORMANT, UP, ACTIVATING = range(6)
WORDS = ("bullet", "bullet_up", "active", "dormant", "up", "activating")
WORD_INDEX = {w: i for i, w in enumerate(WORDS)}
JA_WORDS = ("裏向きの弾幕", "表向きの弾幕", "活動状態の陣", "休眠状態の陣", "表向きの陣", "発動中の陣")
NOSQ = 1

FieldCard = tuple[int, str, int, int]
#: a chain record: (owner, square, card id, interception mask, v1.01 fixed destroy squares)
ChainRec = tuple[int, int, str, int, tuple[int, ...]]


def _field_card(f: Fields, x: Any, key: str, C: dict[str, WCard]) -> FieldCard:
    """A field card of a state document: ``[owner, card, state, flags]``."""
    o, cid, st, fl = f.array(x, key, 4)
    return (f.seat(o, key + "[0]"), f.card(cid, key + "[1]", C), f.whole(st, key + "[2]", BULLET, ACTIVATING),
            f.whole(fl, key + "[3]", 0, NOSQ))


def _chain_rec(f: Fields, x: Any, key: str, C: dict[str, WCard]) -> ChainRec:
    """A chain record of a state document: ``[owner, square, card, interception mask, fixed squares]``."""
    o, s, cid, m, fixed = f.array(x, key, 5)
    return (f.seat(o, key + "[0]"), f.whole(s, key + "[1]", 0, 24), f.card(cid, key + "[2]", C),
            f.whole(m, key + "[3]", 0, (1 << 30) - 1),
            tuple(f.whole(q, f"{key}[4][{i}]", 0, 24) for i, q in enumerate(f.array(fixed, key + "[4]", max_len=25))))


def _lasting(f: Fields, x: Any, key: str) -> tuple[int, str]:
    """An "until end of turn" effect of a state document: ``[player, op]``."""
    p, op = f.array(x, key, 2)
    return f.seat(p, key + "[0]"), f.text(op, key + "[1]", LASTING)


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


# the keys of the views before the envelope (issue 7), kept for one version: docs/core.md "Views"
_PER_SEAT = {"hand_counts": ("players", "hand_count"), "deck_counts": ("players", "deck_count"),
             "discards": ("players", "discard"), "aside_counts": ("table", "aside_count"),
             "bullet_pile_counts": ("table", "bullet_pile_count")}


def _old_view_key(v: View, _ctx: Any, key: str) -> Any:
    seat = v["seat"]
    if key == "hand":
        return None if seat is None else v["players"][seat]["hand"]
    if key == "aside":
        return None if seat is None else v["table"]["players"][seat]["aside"]
    if key in _PER_SEAT:
        where, k = _PER_SEAT[key]
        return [x[k] for x in (v["players"] if where == "players" else v["table"]["players"])]
    return v["table"][key]


def _old_chain_key(v: View, _ctx: Any, key: str) -> Any:
    return v["place"]


OLD_VIEW = OldKeys(_old_view_key, {
    **{k: f'table["{k}"]' for k in ("first", "placed", "activated", "board", "chain", "until_end_of_turn", "score")},
    "hand": 'players[seat]["hand"]', "aside": 'table["players"][seat]["aside"]',
    **{old: (f'players[p]["{k}"]' if where == "players" else f'table["players"][p]["{k}"]')
       for old, (where, k) in _PER_SEAT.items()},
})
OLD_CHAIN = OldKeys(_old_chain_key, {"square": 'table["chain"][i]["place"]'})


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

    #: the phase words and keys of a state document
    PHASES = frozenset({"setup", "initial", "prepare", "main", "end", "over"})
    STATE_KEYS = ("board", "hands", "decks", "discards", "piles", "aside", "active", "first", "phase", "placed",
                  "activated", "chain")

    def _load(self, data: dict[str, Any]) -> None:
        """The ``state`` part of a state document, every key checked (PositionError names it)."""
        f = Fields("state")
        f.table(data, "state", self.STATE_KEYS, ("lasting", "extra", "score"))
        self.extra = f.array(data.get("extra") or [], "state.extra")
        check_tree(self.extra, "state: key 'state.extra'")
        if self.extra:  # the state's inline cards (a position's [[cards]]): Game.with_cards keeps them
            try:
                self.game = self.game.with_cards(self.extra, "position [[cards]]")
            except CardDataError as e:
                raise f.fail("state.extra", str(e)) from None
        self.cards = C = dict(self.game.cards.items())
        self.v1 = self.game.variant == "v1.01"
        self.board = [tuple(_field_card(f, fc, f"state.board[{k}][{i}]", C) for i, fc in enumerate(f.array(sq, f"state.board[{k}]", max_len=100)))
                      for k, sq in enumerate(f.array(data["board"], "state.board", 25))]
        for key in ("hands", "decks", "discards", "piles", "aside"):
            setattr(self, key, [f.cards(x, f"state.{key}[{p}]", C) for p, x in enumerate(f.per_seat(data[key], "state." + key))])
        self.lasting = [_lasting(f, x, f"state.lasting[{i}]")
                        for i, x in enumerate(f.array(data.get("lasting", []), "state.lasting", max_len=1000))]
        self.active = f.seat(data["active"], "state.active")
        self.first = f.seat(data["first"], "state.first")
        self.phase = f.text(data["phase"], "state.phase", self.PHASES)
        self.placed = f.flag(data["placed"], "state.placed")
        self.activated = f.flag(data["activated"], "state.activated")
        self.chain = [_chain_rec(f, x, f"state.chain[{i}]", C) for i, x in enumerate(f.array(data["chain"], "state.chain", max_len=1000))]
        score = data.get("score")
        if score is not None:
            sc = f.table(score, "state.score", ("formations", "face_up", "deck"))
            for k in ("formations", "face_up", "deck"):
                f.items(sc[k], f"state.score.{k}", int, 2)
        self.score = score

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
        """The envelope of ``core/views.py``; the table holds ``first``, ``placed``, ``activated``,
        ``board`` (square → its cards bottom first), ``chain``, ``until_end_of_turn``, ``score`` and
        per seat (``table["players"][p]``) ``bullet_pile_count``, ``aside_count`` and, for the
        viewer's own seat only, ``aside``."""
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
        players = [player_view(self.hands[p], player == p, len(self.decks[p]), self.discards[p]) for p in (0, 1)]
        sides: list[dict[str, Any]] = []
        for p in (0, 1):
            side: dict[str, Any] = {"bullet_pile_count": len(self.piles[p]), "aside_count": len(self.aside[p])}
            if player == p:
                side["aside"] = list(self.aside[p])
            sides.append(side)
        table: dict[str, Any] = {
            "first": self.first,
            "placed": self.placed,
            "activated": self.activated,
            "board": board,
            "chain": [self._chain_view(o, s, c, player) for o, s, c, _m, _f in self.chain],
            "until_end_of_turn": [{"player": p, "op": op} for p, op in self.lasting],
            "score": self.score,
            "players": sides,
        }
        return envelope(self, player, phase=self.phase, active=self.active, players=players, table=table,
                        old=OLD_VIEW)

    def _chain_view(self, owner: int, sq: int, cid: str, player: int | None) -> dict[str, Any]:
        """A chain entry names its card only while that card is still seen on its square (a card
        turned face down during bullet processing is hidden again, §1)."""
        d = View({"player": owner, "place": SQ[sq]}, OLD_CHAIN)
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

    def deal_unseen(self, player: int, rng: Rng | None, belief: list[str] | None) -> None:
        """The core's ``resample`` hook (§1 hidden information). Per owner, every card ``player``
        cannot see — the other seat's hand and set-aside cards, both decks and bullet piles,
        face-down bullets, dormant formations and the other seat's active formations — is dealt
        from one canonical (sorted) pool into those same places (``belief``: the other seat's pool as
        the caller believes it). With ``rng``, what the rules guarantee is kept true: a card set
        aside at setup ① is a 通常弾, and a seat that still has to make its first placement of a
        通常弾 (the initial placement, or v1.01's first main phase) holds one."""
        zones = {"deck": self.decks, "pile": self.piles, "hand": self.hands, "aside": self.aside}
        board = self.board
        cells: tuple[list[tuple[int, int]], list[tuple[int, int]]] = ([], [])  # per owner: (square, index)
        for s, sq in enumerate(board):
            for j, fc in enumerate(sq):
                if fc[2] == BULLET or fc[2] == DORMANT or (fc[2] == ACTIVE and fc[0] != player):
                    cells[fc[0]].append((s, j))
        for owner in (0, 1):
            mine = owner == player
            ids: list[str] = []
            spans: dict[str, tuple[int, int]] = {}  # zone -> its slice of ``ids``
            for name in ("deck", "pile") if mine else ("deck", "pile", "hand", "aside"):
                z = zones[name][owner]
                spans[name] = (len(ids), len(ids) + len(z))
                ids += z
            hidden = cells[owner]
            ids += [board[s][j][1] for s, j in hidden]
            if belief is not None and not mine:
                ids = check_belief(belief, len(ids), f"seat {owner}")
            ids = canonical(ids, rng)
            if rng is not None and not mine:
                if self.phase == "setup":
                    a, b = spans["aside"]
                    for k in range(a, b):
                        _need_normal(ids, [k], self.cards, rng)
                if self.must_place_normal(owner):
                    _need_normal(ids, list(range(*spans["hand"])), self.cards, rng)
            for name, (a, b) in spans.items():
                zones[name][owner][:] = ids[a:b]
            k = len(ids) - len(hidden)
            for s, j in hidden:
                sq = board[s]
                o, _c, stt, fl = sq[j]
                board[s] = (*sq[:j], (o, ids[k], stt, fl), *sq[j + 1:])
                k += 1

    def must_place_normal(self, p: int) -> bool:
        """Must ``p`` still place a 通常弾 from hand as its first placement (§3 (6), §8 v1.01)?"""
        if self.phase == "initial":
            d = self.decision
            # the first player places first; the second player's placement comes after it
            return d is not None and d.kind == "initial" and (d.player == p or p != self.first)
        if self.v1 and self.phase in ("prepare", "main") and not self.chain:
            return self.turn == 1 or (self.turn == 2 and p == self.active and not self.placed)
        return False

    #: refusals are also written in Japanese (``rules/refusals.py`` writes each one in both languages)
    REFUSAL_LANGS: ClassVar[tuple[str, ...]] = ("ja",)
