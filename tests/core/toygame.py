"""A tiny card game used only to test the engine core in isolation.

Each player has a hidden hand and a deck of number cards. Turn: draw 1 (an empty deck loses), then
play a card from hand to the score pile or pass. First to ``target`` points wins.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from fudaba.core import Action, CardPool, Deck, Game, Rng, State, Where, check_keys, read_document
from fudaba.core.cards import check_fields, req
from fudaba.core.descriptor import GameDescriptor
from fudaba.core.errors import PositionError, Refusal
from fudaba.core.fields import seat, seat_cards
from fudaba.core.kinds import DecisionKind
from fudaba.core.state import canonical


@dataclass(frozen=True)
class ToyCard:
    id: str
    name: str
    name_en: str
    value: int


def build(raw: dict[str, Any], where: Where) -> ToyCard:
    check_fields(raw, ("id", "name", "name_en", "value"), where)
    v = req(raw, "value", int, where)
    if v < 1:
        raise where.err("value", "must be at least 1")
    return ToyCard(raw["id"], req(raw, "name", str, where), raw.get("name_en", ""), v)


CARDS = [ToyCard(f"T-{n}", f"札{n}", f"Card {n}", n) for n in range(1, 6)]


def step_setup(st: ToyState, ctx: Any) -> None:
    for p in (0, 1):
        st.rng.shuffle(st.decks[p])
        for _ in range(2):
            draw(st, p)
    st.push("turn")


def draw(st: ToyState, p: int) -> bool:
    if not st.decks[p]:
        st.end_game(1 - p, "deck out")
        return False
    c = st.decks[p].pop(0)
    st.hands[p].append(c)
    st.emit("draw", {"card": c}, (p,), player=p)
    return True


def step_turn(st: ToyState, ctx: Any) -> None:
    p = st.active
    if st.turn > st.game.params["turn_limit"]:
        st.end_game(None, "turn limit")
        return
    if not draw(st, p):
        return
    st.ask(PLAY, p)


class Play(DecisionKind):
    """Play a card from hand to the score pile, or pass (toy §1)."""

    name = "play"
    title = ("play a card or pass", "カードを出すかパス")
    short_prompt = "play a card or pass"

    def options(self, st: ToyState, player: int, ctx: Any) -> list[Action]:
        return [Action.of("play", c) for c in sorted(set(st.hands[player]))] + [Action.of("pass")]

    def check(self, st: ToyState, player: int, ctx: Any, action: Action) -> Refusal | None:
        if action.verb == "play" and action.args and action.args[0] not in st.hands[player]:
            return Refusal(f"{action.args[0]} is not in your hand (toy §1)", f"{action.args[0]} は手札にありません (toy §1)")
        if action in self.options(st, player, ctx):
            return None
        return Refusal("not a legal action (toy §1)", "合法手ではありません (toy §1)")

    def answer(self, st: ToyState, a: Action, ctx: Any) -> None:
        p = st.active
        if a.verb == "play":
            c = a.args[0]
            st.hands[p].remove(c)
            st.scores[p].append(c)
            st.emit("play", player=p, card=c)
            if sum(st.game.cards[x].value for x in st.scores[p]) >= st.game.params["target"]:
                st.end_game(p, "target reached")
                return
        else:
            st.emit("pass", player=p)
        st.active = 1 - p
        st.turn += 1
        st.push("turn")


PLAY = Play()


class ToyState(State):
    active: int = seat()
    decks: list[list[str]] = seat_cards()
    hands: list[list[str]] = seat_cards()
    scores: list[list[str]] = seat_cards()

    def view(self, player: int | None) -> dict[str, Any]:
        return {
            "turn": self.turn,
            "you": player,
            "hand": list(self.hands[player]) if player is not None else None,
            "hand_counts": [len(h) for h in self.hands],
            "deck_counts": [len(d) for d in self.decks],
            "scores": [list(s) for s in self.scores],
        }

    def position(self) -> dict[str, Any]:
        return {"game": "toy", "turn": self.turn, "active": self.active, "seed": self.rng.state,
                "seat": [{"hand": self.hands[p], "deck": self.decks[p], "score": self.scores[p]} for p in (0, 1)]}

    def deal_unseen(self, player: int, rng: Rng | None, belief: list[str] | None) -> None:
        o = 1 - player
        pool = canonical(belief if belief is not None else self.hands[o] + self.decks[o], rng)
        n = len(self.hands[o])
        self.hands[o], self.decks[o] = pool[:n], pool[n:]
        self.decks[player] = canonical(self.decks[player], rng)


class ToyGame(Game):
    NAME = "toy"
    PARAMS = {"target": 10, "turn_limit": 40, "first": "random"}
    PARAM_CHOICES = {"first": ("random", 0, 1)}
    PARAM_MIN = {"target": 1}
    STATE = ToyState
    STEPS = {"setup": step_setup, "turn": step_turn}
    KINDS = (PLAY,)

    def load_cards(self) -> CardPool[Any]:
        return CardPool(CARDS)

    def card_builder(self) -> Any:
        return build

    def starter_decks(self) -> dict[str, Deck]:
        ids = tuple(c.id for c in CARDS for _ in range(2))
        return {"a": Deck(ids, name="a"), "b": Deck(ids, name="b")}

    def deck_problems(self, deck: Deck) -> list[str]:
        return [] if len(deck.main) >= 4 else [f"a deck needs at least 4 cards, this one has {len(deck.main)}"]

    def new_game(self, decks: list[Deck] | None = None, seed: int = 0) -> State:
        decks = decks or list(self.starter_decks().values())
        st = ToyState(self, seed)
        st.init_fields()
        st.active = 0 if self.params["first"] == "random" else self.params["first"]
        st.decks = [list(d.main) for d in decks]
        st.origin = {"decks": [d.to_dict() for d in decks], "seed": seed}
        st.push("setup")
        st.run()
        return st

    def load_position(self, data: Mapping[str, Any] | str | Path) -> State:
        d = read_document(data)
        check_keys(d, {"game", "turn", "active", "seed", "seat"}, "position")
        st = ToyState(self, int(d.get("seed", 0)))
        st.turn = d.get("turn", 1)
        st.active = d.get("active", 0)
        seats = d.get("seat")
        if not isinstance(seats, list) or len(seats) != 2:
            raise PositionError("position: key 'seat' must list two seats")
        st.hands = [list(s["hand"]) for s in seats]
        st.decks = [list(s["deck"]) for s in seats]
        st.scores = [list(s["score"]) for s in seats]
        st.origin = {"position": d}
        st.push("turn")
        st.run()
        return st


DESCRIPTOR = GameDescriptor("toy", ("Toy", "おもちゃ"), ("A tiny game for the engine's tests.", "エンジンのテスト用の小さなゲーム。"),
                            game="toygame:ToyGame")
