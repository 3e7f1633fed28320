"""Genso Suikoden Card Stories for research environments (issue 21): a fixed action codec and tensors.

The codec lists every action the notation of §13 can write for the card pool and ``mission_slots``:
``return ID``, ``done``, ``discard ID``, ``play ID`` and ``play ID SUPPORT`` (a mission or facility
with a support character: the combined action is enumerated, one index per pair), ``continue M1`` /
``continue xM1``, ``pass``, ``deploy ID``, ``redeploy``, ``rune DEP``, ``counter ID``, ``target DEP``,
``garrison DEP``, ``lose DEP`` and ``duel ID``. A deployed character DEP is ``M1.2`` / ``xM1.x1``: a
column holds characters of different names only (§6), so its length is at most the number of
character cards that are no mastermind, and so is the codec's.

>>> import fudaba
>>> enc = encoding(fudaba.load_game("suikoden"))
>>> enc.codec.index("play GS-R01 GS-A06") > 0, "lose xM2.x28" in enc.codec
(True, True)
"""

from __future__ import annotations

from array import array
from collections.abc import Mapping, Sequence
from typing import Any

from ...core.encoding import ActionCodec, Encoding, common_layout, fill_common, hand, onehot, seat_order, seen_cards
from ...core.game import Game

PHASES = ("mulligan", "main", "battle", "replenish", "over")
KINDS = ("mulligan", "main", "discard", "step", "cost", "counter", "target", "garrison", "casualties", "duel",
         "replenish")
MISSION_KINDS = ("attack", "troops", "duel", "facility")
STATS = ("atk", "mil", "con")
BATTLE_KINDS = ("new", "continue", "duel")
LETTERS = "ABCDEFGHI"


def _is(card: Any, what: str) -> bool:
    return what in (getattr(card, "keywords", ()) or ())


def column_bound(game: Game) -> int:
    """The most characters one column can hold: the character cards that are no mastermind."""
    return sum(1 for c in game.cards.values() if getattr(c, "type", "") == "character"
               and getattr(c, "cls", "") != "mastermind")


def actions(game: Game) -> list[str]:
    """Every action of §13 for this configuration, in the codec's order."""
    C = game.cards
    cards = sorted(C)
    k = int(game.params["mission_slots"])
    chars = [c for c in cards if getattr(C[c], "type", "") == "character" and getattr(C[c], "cls", "") != "mastermind"]
    sups = [c for c in chars if _is(C[c], "support")]
    missions = [c for c in cards if getattr(C[c], "type", "") in ("mission", "facility")]
    slots = [f"{x}M{i + 1}" for x in ("", "x") for i in range(k)]
    deps = [f"{m}.{x}{i + 1}" for m in slots for x in ("", "x") for i in range(column_bound(game))]
    out = ["pass", "done", "redeploy"]
    for verb in ("return", "discard", "duel"):
        out += [f"{verb} {c}" for c in cards]
    for m in missions:
        out.append(f"play {m}")
        if getattr(C[m], "clear", "") != "duel":
            out += [f"play {m} {s}" for s in sups]
    out += [f"continue {m}" for m in slots]
    out += [f"deploy {c}" for c in chars]
    out += [f"counter {c}" for c in cards if _is(C[c], "counter")]
    for verb in ("rune", "target", "garrison", "lose"):
        out += [f"{verb} {d}" for d in deps]
    return out


class SuikodenEncoding(Encoding):
    LEAVES_OUT = ("the opponent's hand, mulligan returns and deck (counts only), the order of both decks, the "
                  "opponent's duel pick before the reveal, the prompt")

    def __init__(self, game: Game) -> None:
        super().__init__(game, ActionCodec(actions(game)))
        n = len(self.cards)
        self.k = int(game.params["mission_slots"])
        self.vp_to_win = max(1, int(game.params["vp_to_win"]))
        lay = self.layout
        self.common = common_layout(self, PHASES, KINDS)
        self.hand = lay.add("me.hand", n, "my hand: copies of each card id (the pool in sorted id order)")
        self.returned = lay.add("me.returned", n, "the cards I returned at my mulligan (copies)")
        self.side: list[dict[str, int]] = []
        self.mission_size = 4 * n + 39
        for who in ("me", "opp"):
            self.side.append({
                "counts": lay.add(f"{who}.counts", 6, "hand / 10, deck / 50, returned / 6, victory points / "
                                  "vp_to_win, facilities built / 5, hand limit / 10"),
                "discard": lay.add(f"{who}.discard", n, "discard pile: copies of each card id"),
                "mm": lay.add(f"{who}.mastermind", n, "the mastermind, one-hot"),
                "resolved": lay.add(f"{who}.resolved", 2 * n, "resolved missions: their cards (copies), their "
                                    "garrisons (copies)"),
                "missions": lay.add(f"{who}.missions", self.k * self.mission_size,
                                    f"per mission slot M1…M{self.k}: present; the card one-hot; its kind one-hot "
                                    "(attack, troops, duel, facility); value (/1000 for troops, else /10), block / "
                                    "10, duel stat one-hot (atk, mil, con), victory points / 3 (two); the support "
                                    "one-hot; per column (mine, the opponent's): its cards (copies), its length / "
                                    "10, its link letters A–I, its totals atk / 20, mil / 10000, con / 10")})
        self.battle = lay.add("battle", 9 + self.k + n, "the battle: on, I act, on my mission, its slot one-hot, its "
                              "kind one-hot (new, continue, duel), the last step passed, steps / 10, casualties "
                              "being picked: 1 by me, −1 by the opponent; the casualties picked so far (copies)")
        self.seen = self.memory.add("seen", 2 * n, "memory: how often each card id was named in my log view for "
                                    "me, then for the opponent")

    def fill(self, out: array[float], view: Mapping[str, Any]) -> None:
        table = view.get("table") or {}
        fill_common(out, self.common, view, table.get("first"), PHASES, KINDS)
        me, opp = seat_order(view)
        players = view.get("players") or [{}, {}]
        sides = table.get("players") or [{}, {}]
        self.add_cards(out, self.hand, hand(players[me]))
        self.add_cards(out, self.returned, sides[me].get("returned_cards") or ())
        for s, p in zip(self.side, (me, opp), strict=True):
            side = sides[p]
            c = s["counts"]
            out[c] = players[p].get("hand_count", 0) / 10.0
            out[c + 1] = players[p].get("deck_count", 0) / 50.0
            out[c + 2] = (side.get("returned") or 0) / 6.0
            out[c + 3] = (side.get("vp") or 0) / self.vp_to_win
            out[c + 4] = (side.get("built") or 0) / 5.0
            out[c + 5] = (side.get("hand_limit") or 0) / 10.0
            self.add_cards(out, s["discard"], players[p].get("discard") or ())
            self.add_card(out, s["mm"], side.get("mastermind"))
            for r in side.get("resolved") or ():
                self.add_cards(out, s["resolved"], (r.get("card"),))
                self.add_cards(out, s["resolved"] + len(self.cards), (r.get("garrison"),))
            for m in side.get("missions") or ():
                self._mission(out, s["missions"], m, me)
        self._battle(out, table.get("battle"), me)

    def _mission(self, out: array[float], base: int, m: Mapping[str, Any], me: int) -> None:
        n = len(self.cards)
        slot = m.get("slot") or ""
        k = int(slot[1:]) - 1 if slot[1:].isdigit() else -1
        if not 0 <= k < self.k:
            return
        off = base + k * self.mission_size
        out[off] = 1.0
        self.add_card(out, off + 1, m.get("card"))
        o = off + 1 + n
        kind = m.get("kind")
        onehot(out, o, MISSION_KINDS, kind)
        out[o + 4] = (m.get("value") or 0) / (1000.0 if kind == "troops" else 10.0)
        out[o + 5] = (m.get("block") or 0) / 10.0
        onehot(out, o + 6, STATS, m.get("duel_stat"))
        for j, v in enumerate((m.get("vp") or ())[:2]):
            out[o + 9 + j] = (v or 0) / 3.0
        self.add_card(out, o + 11, m.get("support"))
        o += 11 + n
        cols = m.get("columns") or ((), ())
        links = m.get("links") or ("", "")
        totals: Sequence[Mapping[str, Any]] = m.get("totals") or ({}, {})
        for q in (me, 1 - me):  # the view's columns are by seat: mine first
            col = cols[q] if q < len(cols) else ()
            self.add_cards(out, o, (d.get("card") for d in col))
            out[o + n] = len(col) / 10.0
            for ch in links[q] if q < len(links) else "":
                if ch in LETTERS:
                    out[o + n + 1 + LETTERS.index(ch)] = 1.0
            t = totals[q] if q < len(totals) else {}
            out[o + n + 10] = (t.get("atk") or 0) / 20.0
            out[o + n + 11] = (t.get("mil") or 0) / 10000.0
            out[o + n + 12] = (t.get("con") or 0) / 10.0
            o += n + 13

    def _battle(self, out: array[float], b: Mapping[str, Any] | None, me: int) -> None:
        if not b:
            return
        o = self.battle
        out[o] = 1.0
        out[o + 1] = 1.0 if b.get("actor") == me else 0.0
        out[o + 2] = 1.0 if b.get("seat") == me else 0.0
        slot = b.get("slot") or ""
        if slot[1:].isdigit() and 0 < int(slot[1:]) <= self.k:
            out[o + 2 + int(slot[1:])] = 1.0
        onehot(out, o + 3 + self.k, BATTLE_KINDS, b.get("kind"))
        out[o + 6 + self.k] = 1.0 if b.get("last_pass") else 0.0
        out[o + 7 + self.k] = (b.get("steps") or 0) / 10.0
        cas = b.get("casualties")
        if cas:
            out[o + 8 + self.k] = 1.0 if cas.get("player") == me else -1.0
            self.add_cards(out, o + 9 + self.k, cas.get("cards") or ())

    def remember(self, out: array[float], base: int, view: Mapping[str, Any],
                 log: Sequence[Mapping[str, Any]]) -> None:
        seen_cards(self, out, base + self.seen, view, log)


def encoding(game: Game) -> SuikodenEncoding:
    """The encoding of this game configuration (variant, parameters, card pool)."""
    return SuikodenEncoding(game)
