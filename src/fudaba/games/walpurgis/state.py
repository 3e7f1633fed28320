"""Walpurgis game state (spec §1): zones, field cards and the hooks the core needs.

The field is a flat list of 25 squares (index ``(row - 1) * 5 + column``, see ``cards.py``); each
square is a tuple of field cards, bottom first. A field card is the tuple
``(owner, card_id, state, flags)`` with ``state`` one of the six ints below and ``flags`` bit 0 set
for a formation that became activating without an activation check (it has no squares, §5.3
step 7). Tuples are immutable, so a clone copies 25 pointers.

The state's fields are declared once in :class:`WalpurgisState` (``core/fields.py`` derives the
copy, the state document and ``all_cards`` from them). The rules themselves (steps and decision
kinds) live in the ``rules`` package, which uses this module (never the reverse); ``game.py``
assembles the two.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from ...core.documents import Fields, check_tree
from ...core.errors import CardDataError
from ...core.fields import Where, check_json, data, items, seat, seat_cards, shared, value
from ...core.rng import Rng
from ...core.state import State, canonical, check_belief
from ...core.views import envelope, player_view
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

#: the phase words of a state document, and the keys of its final score
PHASES = frozenset({"setup", "initial", "prepare", "main", "end", "over"})
SCORE_KEYS = ("formations", "face_up", "deck")


_F = Fields("state")


def _key(w: Where) -> str:
    """The document key of a field's value (``state.hand[1]``): refusals name it as before."""
    return f"state.{w.path}"


def _field_card(x: Any, key: str, C: Mapping[str, WCard]) -> FieldCard:
    """A field card of a state document: ``[owner, card, state, flags]``."""
    o, cid, st, fl = _F.array(x, key, 4)
    return (_F.seat(o, key + "[0]"), _F.card(cid, key + "[1]", C), _F.whole(st, key + "[2]", BULLET, ACTIVATING),
            _F.whole(fl, key + "[3]", 0, NOSQ))


def _load_board(v: Any, w: Where) -> list[tuple[FieldCard, ...]]:
    """The 25 squares, each a list of field cards bottom first."""
    key = _key(w)
    return [tuple(_field_card(fc, f"{key}[{k}][{i}]", w.cards) for i, fc in enumerate(_F.array(sq, f"{key}[{k}]", max_len=100)))
            for k, sq in enumerate(_F.array(v, key, 25))]


def _board_ids(board: list[tuple[FieldCard, ...]]) -> list[str]:
    return [fc[1] for sq in board for fc in sq]


def _load_cards(v: Any, w: Where) -> list[list[str]]:
    """A zone of each seat: two lists of card ids."""
    key = _key(w)
    return [_F.cards(x, f"{key}[{p}]", w.cards) for p, x in enumerate(_F.per_seat(v, key))]


def _load_lasting(v: Any, w: Where) -> list[tuple[int, str]]:
    """The "until end of turn" effects: ``[player, op]`` each."""
    key = _key(w)
    out = []
    for i, x in enumerate(_F.array(v, key, max_len=1000)):
        p, op = _F.array(x, f"{key}[{i}]", 2)
        out.append((_F.seat(p, f"{key}[{i}][0]"), _F.text(op, f"{key}[{i}][1]", LASTING)))
    return out


def _chain_rec(x: Any, key: str, C: Mapping[str, WCard]) -> ChainRec:
    """A chain record of a state document: ``[owner, square, card, interception mask, fixed squares]``."""
    o, s, cid, m, fixed = _F.array(x, key, 5)
    return (_F.seat(o, key + "[0]"), _F.whole(s, key + "[1]", 0, 24), _F.card(cid, key + "[2]", C),
            _F.whole(m, key + "[3]", 0, (1 << 30) - 1),
            tuple(_F.whole(q, f"{key}[4][{i}]", 0, 24) for i, q in enumerate(_F.array(fixed, key + "[4]", max_len=25))))


def _load_chain(v: Any, w: Where) -> list[ChainRec]:
    key = _key(w)
    return [_chain_rec(x, f"{key}[{i}]", w.cards) for i, x in enumerate(_F.array(v, key, max_len=1000))]


def _load_extra(v: Any, w: Where) -> list[dict[str, Any]]:
    """The state's inline cards (a position's ``[[cards]]``), kept as they were given."""
    out: list[dict[str, Any]] = _F.array(v or [], _key(w))
    check_tree(out, f"state: key {_key(w)!r}")
    return out


def _load_score(v: Any, w: Where) -> dict[str, Any] | None:
    """The final score (None while the game goes on): ``formations``, ``face_up`` and ``deck`` per seat."""
    if v is None:
        return None
    sc = _F.table(v, _key(w), SCORE_KEYS)
    for k in SCORE_KEYS:
        _F.items(sc[k], f"{_key(w)}.{k}", int, 2)
    return sc


def _dump_board(board: list[tuple[FieldCard, ...]]) -> list[list[list[Any]]]:
    return [[list(fc) for fc in sq] for sq in board]


def _dump_pairs(v: list[tuple[int, str]]) -> list[list[Any]]:
    return [list(x) for x in v]


def _dump_chain(chain: list[ChainRec]) -> list[list[Any]]:
    return [[o, s, c, m, list(f)] for o, s, c, m, f in chain]


def _a_seat(v: Any, w: Where) -> int:
    return _F.seat(v, _key(w))


def _a_flag(v: Any, w: Where) -> bool:
    return _F.flag(v, _key(w))


def _a_phase(v: Any, w: Where) -> str:
    return _F.text(v, _key(w), PHASES)


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


class WalpurgisState(State):
    """The state of a Walpurgis game: its fields, declared once (``core/fields.py``: copied, dumped
    and read back from that declaration, in this order — the order of the state document's keys)."""

    #: refusals are also written in Japanese (each decision kind's ``check`` writes both languages)
    REFUSAL_LANGS: ClassVar[tuple[str, ...]] = ("ja",)

    #: the field: 25 squares (``1a`` = 0 … ``5e`` = 24), each a tuple of field cards bottom first
    board: list[tuple[FieldCard, ...]] = items(check_json, default=lambda st: [() for _ in range(25)],
                                               load=_load_board, dump=_dump_board, zone=_board_ids)
    #: per seat: the hand, the deck (top first) and the discard pile (捨て札, public)
    hand: list[list[str]] = seat_cards(key="hands", load=_load_cards)
    deck: list[list[str]] = seat_cards(key="decks", load=_load_cards)
    discard: list[list[str]] = seat_cards(key="discards", load=_load_cards)
    #: per seat: the bullet pile (弾幕置き場, top first; face down, counted only)
    piles: list[list[str]] = seat_cards(load=_load_cards)
    #: cards set aside: the 通常弾 of setup ①, and cards set beside the field by ``set_beside``
    #: (§4 end ④); face down, seen by their owner only
    aside: list[list[str]] = seat_cards(load=_load_cards)
    #: "until end of turn" effects under way: (player, op), ended at §4 end ④
    lasting: list[tuple[int, str]] = items(check_json, load=_load_lasting, dump=_dump_pairs, optional=True)
    #: the turn player and the first player (§3 ③)
    active: int = seat(load=_a_seat)
    first: int = seat(load=_a_seat)
    phase: str = value(str, default="setup", load=_a_phase)
    #: the main phase's placement and activation are used (§4 main, 7.2)
    placed: bool = value(bool, load=_a_flag)
    activated: bool = value(bool, load=_a_flag)
    #: the activations of the chain under way (§5.3), first first
    chain: list[ChainRec] = items(check_json, load=_load_chain, dump=_dump_chain)
    #: the cards added to the game's pool (``with_cards``, a position's ``[[cards]]``): positions carry them
    extra: list[dict[str, Any]] = data(_load_extra, default=lambda st: [], optional=True)
    #: the final score once the game is over (``compute_score``), else None
    score: dict[str, Any] | None = data(_load_score, optional=True)
    #: the game's cards by id, and whether the rules are v1.01's (derived from the game)
    cards: dict[str, WCard] = shared(lambda st: dict(st.game.cards.items()))
    v1: bool = shared(lambda st: st.game.variant == "v1.01")

    #: the phase words and keys of a state document
    PHASES: ClassVar[frozenset[str]] = PHASES
    STATE_KEYS: ClassVar[tuple[str, ...]] = ("board", "hands", "decks", "discards", "piles", "aside", "active", "first",
                                             "phase", "placed", "activated", "chain")

    def _load(self, data: dict[str, Any]) -> None:
        """The ``state`` part of a state document, every key checked (PositionError names it); its
        inline cards (a position's ``[[cards]]``) are added to the game first (``Game.with_cards``)."""
        _F.table(data, "state", self.STATE_KEYS, ("lasting", "extra", "score"))
        extra = _load_extra(data.get("extra"), Where("extra"))
        if extra:
            try:
                self.game = self.game.with_cards(extra, "position [[cards]]")
            except CardDataError as e:
                raise _F.fail("state.extra", str(e)) from None
        assert self._FIELDS is not None
        self._FIELDS.load(self, data, dict(self.game.cards.items()))

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
        return {"formations": forms, "face_up": up, "deck": [len(self.deck[0]), len(self.deck[1])]}

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
        players = [player_view(self.hand[p], player == p, len(self.deck[p]), self.discard[p]) for p in (0, 1)]
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
        return envelope(self, player, phase=self.phase, active=self.active, players=players, table=table)

    def _chain_view(self, owner: int, sq: int, cid: str, player: int | None) -> dict[str, Any]:
        """A chain entry names its card only while that card is still seen on its square (a card
        turned face down during bullet processing is hidden again, §1)."""
        d: dict[str, Any] = {"player": owner, "place": SQ[sq]}
        if any(fc[0] == owner and fc[1] == cid and visible_to(fc, player) for fc in self.board[sq]):
            d["card"] = cid
        return d

    def deal_unseen(self, player: int, rng: Rng | None, belief: list[str] | None) -> None:
        """The core's ``resample`` hook (§1 hidden information). Per owner, every card ``player``
        cannot see — the other seat's hand and set-aside cards, both decks and bullet piles,
        face-down bullets, dormant formations and the other seat's active formations — is dealt
        from one canonical (sorted) pool into those same places (``belief``: the other seat's pool as
        the caller believes it). With ``rng``, what the rules guarantee is kept true: a card set
        aside at setup ① is a 通常弾, and a seat that still has to make its first placement of a
        通常弾 (the initial placement, or v1.01's first main phase) holds one."""
        zones = {"deck": self.deck, "pile": self.piles, "hand": self.hand, "aside": self.aside}
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
