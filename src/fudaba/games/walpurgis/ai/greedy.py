"""The greedy Walpurgis agent (``GameDescriptor.agent``): board control from its information set's
view and decision.

It scores every legal action with a one-ply heuristic and plays the best (ties broken by its
seeded RNG):

* a placement is worth a formation (face up a little more), an activation is worth what its
  bullet and destroy squares hit: a destroy square on an opposing formation, a bullet on an
  opposing face-down formation (it leaves in bullet processing) or face-up one (it turns face
  down); hitting your own formations counts against it;
* it intercepts whenever a card from hand or an active formation can (a free formation, and
  the same hits);
* bullets go only onto squares holding an opposing formation, and never when the deck runs low;
* in bullet processing it keeps its best card (face up > active > face down) and degrades its
  cheapest one first (a card that does not turn face down costs nothing);
* a card to give up from hand (hand limit, set beside the field) is its most duplicated one.
"""

from __future__ import annotations

from typing import Any

from ....core.actions import Action
from ....core.agent import Agent
from ....core.game import Game
from ....core.infoset import InfoSet
from ..cards import SQ_INDEX, base_pool

_FORM = ("active", "dormant", "up", "activating")
_KEEP = {"up": 5.0, "activating": 5.0, "bullet_up": 4.5, "active": 3.0, "dormant": 2.0, "bullet": 2.0}
_HIT = {"bullet": 0.0, "dormant": 1.0, "active": 2.0, "bullet_up": 2.5, "up": 3.0, "activating": 3.0}


class WalpurgisGreedy(Agent):
    name = "greedy"

    #: the cards looked up so far, by id (one game's cards: emptied by ``reset``)
    _seen: dict[str, Any] | None = None

    def reset(self, game: Game, seat: int, seed: int) -> None:
        super().reset(game, seat, seed)
        self._seen = None

    def _cards(self) -> Any:
        if self.game is not None:
            return self.game.cards
        return base_pool()

    def _card(self, cid: str) -> Any:
        """The card ``cid`` (None: unknown), remembered: a rollout asks for the same few cards
        thousands of times."""
        seen = self._seen
        if seen is None:
            seen = self._seen = {}
        if cid in seen:
            return seen[cid]
        c = seen[cid] = self._cards().get(cid)
        return c

    def act(self, infoset: InfoSet) -> Action:
        decision = infoset.decision
        assert decision is not None
        opts = decision.options
        if len(opts) == 1:
            return opts[0]
        view = infoset.view
        me = decision.player
        board = [view["table"]["board"][f"{r}{c}"] for r in range(1, 6) for c in "abcde"]
        deck = view["players"][me]["deck_count"]
        kind = decision.kind
        best: list[Action] = []
        best_v = -1e9
        for a in opts:
            v = self._score(a, kind, me, board, deck, view)
            if v > best_v + 1e-9:
                best, best_v = [a], v
            elif abs(v - best_v) <= 1e-9:
                best.append(a)
        return best[self.rng.randbelow(len(best))]

    # ------------------------------------------------------------------ scoring
    @staticmethod
    def _judged_win(view: dict[str, Any], me: int, board: list[list[dict[str, Any]]], fill: int | None,
                    up: int) -> float:
        """What filling the board is worth (``fill``: a square this action fills, ``up``: face-up
        formations it adds). v2.01 (§6, 2.1) judges the board when a chain ends, never after a
        face-down placement: a bonus for starting such a chain while ``me`` leads — formations, then
        face up, then deck; the chain itself may still change the board. v1.01 (§8) ends the game
        the moment the last square gets a formation, face up or face down, on formations alone: a
        sure win is worth the most, a sure loss is avoided."""
        forms, ups = [0, 0], [0, 0]
        for s, sq in enumerate(board):
            owners = [d for d in sq if d["state"] in _FORM]
            if not owners and s != fill:
                return 0.0
            for d in owners:
                forms[d["owner"]] += 1
                ups[d["owner"]] += d["state"] in ("up", "activating")
        if fill is not None:
            forms[me] += 1
        if view.get("variant") == "v1.01":
            if fill is None:
                return 0.0
            return 10.0 if forms[me] > forms[1 - me] else -10.0 if forms[me] < forms[1 - me] else 0.0
        ups[me] += up
        decks = [pl["deck_count"] for pl in view["players"]]
        for a, b in ((forms[me], forms[1 - me]), (ups[me], ups[1 - me]), (decks[me], decks[1 - me])):
            if a != b:
                return 3.0 if a > b else 0.0
        return 0.0

    def _hits(self, cid: str, me: int, s: int, board: list[list[dict[str, Any]]], deck: int) -> float:
        c = self._card(cid)
        if c is None:
            return 0.0
        v = 0.0
        for q in c.destroy[me][s]:
            for d in board[q]:
                if d["state"] in _FORM:
                    if d["owner"] != me:
                        v += 1.5
                    elif c.destroy_own:
                        v -= 1.2
        budget = max(0, deck - 4)
        for q in (*c.sub_bullet[me][s], *c.bullet[me][s]):
            if budget <= 0:
                break
            gain = 0.0
            for d in board[q]:
                if d["owner"] != me and d["state"] in ("active", "dormant"):
                    gain = max(gain, 1.2)
                elif d["owner"] != me and d["state"] in ("up", "activating"):
                    gain = max(gain, 0.2)
            if gain:
                v += gain
                budget -= 1
        return v

    def _score(
        self, a: Action, kind: str, me: int, board: list[list[dict[str, Any]]], deck: int, view: dict[str, Any]
    ) -> float:
        verb = a.verb
        args = a.args
        if verb == "place":
            cid, sqn, face = args
            s = SQ_INDEX[sqn]
            if kind == "initial":
                r = s // 5
                home = 1 if me == 0 else 3
                return -abs(r - home) - abs(s % 5 - 2) * 0.5
            # small preference for squares near the middle rows/columns
            centre = -0.02 * (abs(s % 5 - 2) + abs(s // 5 - 2))
            # an opposing bullet left on the square degrades what lands there at the next processing
            if any(d["owner"] != me and d["state"] in ("bullet", "bullet_up") for d in board[s]):
                centre -= 0.8 if face == "down" else 0.2
            if kind == "intercept":  # v1.01: one placed on the last empty square ends the game (§8)
                judged = self._judged_win(view, me, board, s, 1) if view.get("variant") == "v1.01" else 0.0
                return 1.2 + self._hits(cid, me, s, board, deck) + centre + judged
            if face == "down":  # v1.01: the last square filled ends the game (§8)
                return 1.0 + centre + self._judged_win(view, me, board, s, 0)
            hits = self._hits(cid, me, s, board, deck)
            # an activation gives the opponent a chance to intercept (a free formation for them)
            return 0.6 + hits + centre + self._judged_win(view, me, board, s, 1)
        if verb == "activate":
            s = SQ_INDEX[args[0]]
            mine = next((d.get("card") for d in board[s] if d["owner"] == me and d["state"] == "active"), None)
            if not isinstance(mine, str):
                return 0.2
            hits = self._hits(mine, me, s, board, deck)
            return (0.3 + hits) if kind == "intercept" else (hits - 0.4 + self._judged_win(view, me, board, None, 1))
        if verb in ("end", "pass"):
            return 0.0 if kind != "main" else (0.35 if not view["table"]["placed"] and not view["table"]["activated"] else 0.0)
        if verb == "done":
            return 0.0
        if verb == "bullet":
            if deck <= 4:
                return -1.0
            s = SQ_INDEX[args[0]]
            v = -0.1
            for d in board[s]:
                if d["owner"] != me and d["state"] in ("active", "dormant"):
                    v = 1.0
                elif d["owner"] != me and d["state"] in ("up", "activating"):
                    v = max(v, 0.3)
            return v
        if verb == "keep":
            return _KEEP.get(args[1].split(":")[0], 0.0)
        if verb == "hit":
            word, _, cid = args[1].partition(":")
            c = self._card(cid) if cid else None
            if c is not None and c.no_face_down and word in ("up", "activating"):
                return 10.0
            return -_HIT.get(word, 0.0)
        if verb == "upright":  # the sample pool's A effects help their owner: apply rather than skip
            return 0.9 if args[1:] == ("skip",) else 1.0
        if verb == "sustain":
            return 0.5
        if verb == "mulligan" or verb == "bottom":
            return -1.0
        if verb == "discard" or (verb == "target" and args[0] not in SQ_INDEX):
            # a card to lose from hand (hand limit, or set beside the field): the most duplicated
            cid = args[0]
            hand = view["players"][me].get("hand") or []
            c = self._card(cid)
            return hand.count(cid) * 0.5 - (0.5 if c is not None and c.is_normal else 0.0)
        if verb == "target":
            s = SQ_INDEX[args[0]]
            return float(sum(1 for d in board[s] if d["owner"] != me))
        if verb == "wake":  # an active formation can be turned up later; waking is optional in v1.01 only
            return 1.0
        return 0.0
