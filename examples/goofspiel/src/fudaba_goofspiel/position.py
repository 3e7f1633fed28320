"""Goofspiel positions (README.md, *Positions*): a TOML or JSON document of every pile, read back
into a state at the same decision (``load_position(state.position())`` has the state's ``hash()``).

A position is written between rounds or during the bids of a round: ``pot`` empty — the next round
starts by turning up the top prize; ``pot`` not empty — its last card was turned up this round and
the seats bid (a seat's ``bid``: its sealed bid, not yet revealed). ``turn`` follows from the rounds
played and may be left out.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from fudaba.core.actions import Action
from fudaba.core.errors import PositionError
from fudaba.core.game import Game
from fudaba.core.positions import array, card_ref, check_keys, plain, read_document, table, whole

from .cards import BID_SUITS
from .rules import BID, BidCtx
from .state import GoofspielState

KEYS = {"game", "variant", "params", "seed", "turn", "prizes", "pot", "lost", "seat"}
SEAT_KEYS = {"hand", "played", "won", "bid"}


def state_position(st: GoofspielState) -> dict[str, Any]:
    """The position document of ``st`` (its RNG state as ``seed``; sealed bids as ``bid``)."""
    seats: list[dict[str, Any]] = [
        {"hand": list(st.hand[p]), "played": list(st.played[p]), "won": list(st.won[p])} for p in (0, 1)]
    for p, _kind, _handler, _ctx, text in st.sealed:
        seats[p]["bid"] = Action.parse(text).args[0]
    return {"game": st.game.name, "params": dict(st.game.params), "seed": st.rng.state, "turn": st.turn,
            "prizes": list(st.prizes), "pot": list(st.pot), "lost": list(st.lost), "seat": seats}


class _Reader:
    """Reads the card lists of one document, each card checked once (key, suit, rank, no copy)."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.n = int(game.params["cards"])
        self.where: dict[str, str] = {}

    def cards(self, v: Any, key: str, suits: tuple[str, ...]) -> list[str]:
        out = []
        for i, x in enumerate(array(v, key, "a list of card ids or names")):
            at = f"{key}[{i}]"
            cid = card_ref(self.game, x, at)
            c = self.game.cdb[cid]
            if c.suit not in suits:
                raise PositionError(f"position: key {at!r}: {cid} is a card of {c.suit}; this pile holds {' or '.join(suits)}")
            if c.value > self.n:
                raise PositionError(f"position: key {at!r}: {cid} is rank {c.value}, past cards = {self.n}")
            if cid in self.where:
                raise PositionError(f"position: key {at!r}: {cid} is also at {self.where[cid]!r}: every card is in one place")
            self.where[cid] = at
            out.append(cid)
        return out

    def seat(self, raw: Any, p: int) -> dict[str, Any]:
        key = f"seat[{p}]"
        s = table(raw, key)
        check_keys(s, SEAT_KEYS, f"position: {key}")
        hand = self.cards(s.get("hand", []), f"{key}.hand", BID_SUITS)
        played = self.cards(s.get("played", []), f"{key}.played", BID_SUITS)
        suits = {self.game.cdb[c].suit for c in hand + played}
        if len(suits) != 1 or len(hand) + len(played) != self.n:
            raise PositionError(f"position: keys {key}.hand/played: a seat holds one suit, ace to rank {self.n}, "
                                f"each card in its hand or played (got {len(hand) + len(played)} cards of {sorted(suits)})")
        bid = s.get("bid")
        if bid is not None:
            bid = card_ref(self.game, bid, f"{key}.bid")
            if bid not in hand:
                raise PositionError(f"position: key '{key}.bid': {bid} is not in that seat's hand")
        won = self.cards(s.get("won", []), f"{key}.won", ("diamonds",))
        return {"hand": hand, "played": played, "won": won, "bid": bid, "suit": suits.pop()}


def load_position(game: Game, data: Mapping[str, Any] | str | Path) -> GoofspielState:
    """A state from a position document (PositionError naming the key)."""
    doc = read_document(data)
    check_keys(doc, KEYS, "position")
    if doc.get("game", "goofspiel") != "goofspiel":
        raise PositionError(f"position: key 'game': {doc['game']!r} is not goofspiel")
    g = game.position_game(doc)
    r = _Reader(g)
    raw = array(doc.get("seat"), "seat", "two [[seat]] tables")
    if len(raw) != 2:
        raise PositionError(f"position: key 'seat': two [[seat]] tables, got {len(raw)}")
    seats = [r.seat(raw[p], p) for p in (0, 1)]
    if seats[0]["suit"] == seats[1]["suit"]:
        raise PositionError("position: key 'seat': the two seats hold different suits (§2)")
    prizes = r.cards(doc.get("prizes", []), "prizes", ("diamonds",))
    pot = r.cards(doc.get("pot", []), "pot", ("diamonds",))
    lost = r.cards(doc.get("lost", []), "lost", ("diamonds",))
    if len(prizes) + len(pot) + len(lost) + sum(len(s["won"]) for s in seats) != r.n:
        raise PositionError(f"position: keys prizes/pot/lost/seat.won: the {r.n} prizes, each in one of them")
    turn = _turn(doc, seats, len(prizes) + (1 if pot else 0))
    if any(s["bid"] for s in seats) and not pot:
        raise PositionError("position: key 'seat.bid': a bid waits only while a prize is up (pot)")
    st = GoofspielState(g, 0)
    st.init_fields()
    st.rng.state = whole(doc.get("seed", 0), "seed", 0) & ((1 << 64) - 1)
    st.turn = turn
    st.hand, st.played, st.won = ([s[k] for s in seats] for k in ("hand", "played", "won"))
    st.prizes, st.pot, st.lost = prizes, pot, lost
    st.origin = {"position": plain(doc)}
    _resume(st, [s["bid"] for s in seats])
    return st


def _turn(doc: Mapping[str, Any], seats: list[dict[str, Any]], left: int) -> int:
    """The round being played: one more than the rounds played (the last one once none is left)."""
    done = len(seats[0]["played"])
    if len(seats[1]["played"]) != done or any(len(s["hand"]) != left for s in seats):
        raise PositionError(f"position: keys seat.hand/played: both seats have bid in the same rounds and hold "
                            f"one card per round left ({left}: the prizes deck and the prize up)")
    turn = done + 1 if left else max(done, 1)
    if "turn" in doc and whole(doc["turn"], "turn", 1) != turn:
        raise PositionError(f"position: key 'turn' = {doc['turn']}: after {done} rounds played it is {turn}")
    return turn


def _resume(st: GoofspielState, bids: list[str | None]) -> None:
    """Go on from the position: the round's bids still to make and its reveal, or the next round."""
    if st.pot:
        st.push("reveal")
        for p in (1, 0):
            if bids[p] is None:
                st.push("bid", p)
        ctx = BidCtx(st.pot[-1])
        st.sealed = tuple((p, BID.name, BID.handler, ctx, f"bid {b}") for p, b in enumerate(bids) if b is not None)
    else:
        st.push("round")
    st.run()
