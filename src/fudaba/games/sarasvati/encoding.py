"""Sarasvati for research environments (issue 21): a fixed action codec and observation tensors.

The codec lists every action the rules of §11 can write for the game's card pool, rows and books
(``front_slots``, ``back_slots``, ``books``): ``charge ID``, ``pass``, ``summon ID P``,
``evolve ID P [P…]`` (one place per base the card evolves from, the first naming where the stack
goes, the others in slot order), ``equip ID P``, ``use ID``, ``reequip P P``, ``move P P`` (across
the rows), ``attack P xT`` (an enemy slot or book), ``target P`` / ``target xP``, ``keep ID`` and
``end``. The observation and memory are read from the view and log view only (docs/research.md,
*Sarasvati*).

>>> import fudaba
>>> enc = encoding(fudaba.load_game("sarasvati"))
>>> enc.codec.size, enc.codec.action(0), enc.codec.index("attack F1 xK1") > 0
(811, 'pass', True)
"""

from __future__ import annotations

from array import array
from collections.abc import Mapping, Sequence
from itertools import combinations
from typing import Any

from ...core.encoding import ActionCodec, Encoding, common_layout, fill_common, hand, onehot, seat_order, seen_cards
from ...core.game import Game

PHASES = ("charge", "imagine", "move", "battle", "over")
KINDS = ("charge", "imagine", "move", "battle", "target", "keep")
BOOK_STATES = ("closed", "open", "destroyed")
SLOT_FLAGS = 7  # occupied, ready, new, moved, atk, def, modifiers


def places(nf: int, nb: int) -> list[str]:
    return [f"F{i + 1}" for i in range(nf)] + [f"B{i + 1}" for i in range(nb)]


def actions(game: Game) -> list[str]:
    """Every action of §11 for this configuration, in the codec's order."""
    nf, nb = int(game.params["front_slots"]), int(game.params["back_slots"])
    books = int(game.params["books"])
    own = places(nf, nb)
    enemy = ["x" + p for p in own] + [f"xK{k + 1}" for k in range(books)]
    cards = sorted(game.cards)
    C = game.cards
    kind = {c: getattr(C[c], "type", "") for c in cards}
    out = ["pass", "end"]
    out += [f"charge {c}" for c in cards]
    for c in cards:
        card = C[c]
        if kind[c] == "character" and getattr(card, "evolves_from", None):
            out += _evolutions(c, int(getattr(card, "evolve_bases", 1) or 1), own)
        elif kind[c] == "character":
            out += [f"summon {c} {p}" for p in own]
        elif kind[c] == "equipment":
            out += [f"equip {c} {p}" for p in own]
            out.append(f"keep {c}")
        elif kind[c] == "support":
            out.append(f"use {c}")
    out += [f"reequip {a} {b}" for a in own for b in own if a != b]
    out += [f"move {a} {b}" for a in own for b in own if (a[0] == "F") != (b[0] == "F")]
    out += [f"attack {a} {t}" for a in own for t in enemy]
    out += [f"target {p}" for p in own] + [f"target x{p}" for p in own]
    return out


def _evolutions(cid: str, k: int, own: list[str]) -> list[str]:
    out = []
    for i, first in enumerate(own):
        rest = [p for j, p in enumerate(own) if j != i]
        for others in combinations(rest, k - 1):
            out.append(" ".join(("evolve", cid, first, *others)))
    return out


class SarasvatiEncoding(Encoding):
    LEAVES_OUT = ("the opponent's hand and deck (counts only), the order of both decks, the opponent's "
                  "closed books, the prompt's words and the log (the memory adds the cards each side was "
                  "seen to use)")

    def __init__(self, game: Game) -> None:
        super().__init__(game, ActionCodec(actions(game)))
        p = game.params
        self.places = places(int(p["front_slots"]), int(p["back_slots"]))
        self.books = int(p["books"])
        self.book_hits = max(1, int(p["book_hits"]))
        n = len(self.cards)
        lay = self.layout
        self.common = common_layout(self, PHASES, KINDS)
        self.hand = lay.add("me.hand", n, "my hand: copies of each card id (the pool in sorted id order)")
        self.counts = lay.add("counts", 4, "my hand count / 10, my deck count / 40, the opponent's hand "
                              "count / 10, its deck count / 40")
        self.side: list[dict[str, int]] = []
        for who in ("me", "opp"):
            s = {"grave": lay.add(f"{who}.grave", n, "graveyard: copies of each card id"),
                 "volt": lay.add(f"{who}.voltage", n, "voltage: copies of each card id"),
                 "vnum": lay.add(f"{who}.voltage_counts", 3, "tapped / 10, untapped / 10, cost modifiers / 5"),
                 "books": lay.add(f"{who}.books", self.books * (4 + n),
                                  f"per book K1…K{self.books}: state one-hot (closed, open, destroyed), hits / "
                                  "book_hits, the card one-hot where I see it"),
                 "slots": lay.add(f"{who}.slots", len(self.places) * (SLOT_FLAGS + 3 * n),
                                  f"per slot {', '.join(self.places)}: occupied, ready, new, moved, atk / 10000, "
                                  "def / 10000, timed modifiers / 5; the card one-hot; its equipment one-hot; "
                                  "the cards under it (copies)")}
            self.side.append(s)
        self.seen = self.memory.add("seen", 2 * n, "memory: how often each card id was named in my log view "
                                    "for me, then for the opponent (what each side was seen to draw, play, charge)")

    def fill(self, out: array[float], view: Mapping[str, Any]) -> None:
        table = view["table"]
        fill_common(out, self.common, view, table.get("first"), PHASES, KINDS)
        me, opp = seat_order(view)
        players = view["players"]
        self.add_cards(out, self.hand, hand(players[me]))
        c = self.counts
        pm, po = players[me], players[opp]
        out[c] = pm["hand_count"] / 10.0
        out[c + 1] = pm["deck_count"] / 40.0
        out[c + 2] = po["hand_count"] / 10.0
        out[c + 3] = po["deck_count"] / 40.0
        sides = table["players"]
        for s, p in zip(self.side, (me, opp), strict=True):
            self.add_cards(out, s["grave"], players[p]["discard"])
            self._side(out, s, sides[p])

    def _side(self, out: array[float], s: dict[str, int], side: Mapping[str, Any]) -> None:
        n = len(self.cards)
        idx = self.card_index
        volt = side["voltage"]
        self.add_cards(out, s["volt"], volt["cards"])
        v = s["vnum"]
        out[v] = volt["tapped"] / 10.0
        out[v + 1] = volt["untapped"] / 10.0
        out[v + 2] = len(side["cost_mods"]) / 5.0
        for k, b in enumerate(side["books"][: self.books]):
            off = s["books"] + k * (4 + n)
            onehot(out, off, BOOK_STATES, b["state"])
            out[off + 3] = b["hits"] / self.book_hits
            cid = b["card"]
            if cid is not None:
                out[off + 4 + idx[cid]] = 1.0
        slots = side["slots"]
        step = SLOT_FLAGS + 3 * n
        for j, pl in enumerate(self.places):
            u = slots.get(pl)
            if u is None:
                continue
            off = s["slots"] + j * step
            out[off] = 1.0
            if u["ready"]:
                out[off + 1] = 1.0
            if u["new"]:
                out[off + 2] = 1.0
            if u["moved"]:
                out[off + 3] = 1.0
            out[off + 4] = u["atk"] / 10000.0
            out[off + 5] = u["def"] / 10000.0
            out[off + 6] = len(u["mods"]) / 5.0
            off += SLOT_FLAGS
            out[off + idx[u["card"]]] = 1.0
            eq = u["equip"]
            if eq is not None:
                out[off + n + idx[eq]] = 1.0
            for c in u["under"]:
                out[off + 2 * n + idx[c]] += 1.0

    def remember(self, out: array[float], base: int, view: Mapping[str, Any],
                 log: Sequence[Mapping[str, Any]]) -> None:
        seen_cards(self, out, base + self.seen, view, log)


def encoding(game: Game) -> SarasvatiEncoding:
    """The encoding of this game configuration (variant, parameters, card pool)."""
    return SarasvatiEncoding(game)
