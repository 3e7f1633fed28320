"""ARCHITECTURE §4, used exactly as written there, on every game."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import fudaba
from fudaba.agents import make_agent
from fudaba.core import Rng
from fudaba.games.sarasvati.game import deck_books


def test_4_games_and_load_game_with_params() -> None:
    names = fudaba.games()  # (the tests also register a fixture game, "toy")
    assert {"maken", "sarasvati", "suikoden", "walpurgis"} <= set(names) and names == sorted(names)
    game = fudaba.load_game("walpurgis", variant="v1.01")
    assert (game.name, game.variant) == ("walpurgis", "v1.01")
    assert game.params["turn_limit"] == 200
    assert game.cards["W-RM-01"].name == "通常弾(霊夢)"
    assert game.cards.find("通常弾(霊夢)").id == "W-RM-01"
    sv = fudaba.load_game("sarasvati", starting_hand=6)
    assert sv.params["starting_hand"] == 6 and sv.params["deck_size"] == 40
    with pytest.raises(fudaba.FudabaError, match="unknown parameter"):
        fudaba.load_game("sarasvati", starting_hands=6)


@pytest.mark.parametrize("name", ["maken", "sarasvati", "suikoden", "walpurgis"])
def test_4_decks(name: str) -> None:
    game = fudaba.load_game(name)
    decks = game.starter_decks()
    assert len(decks) >= 2 and all(game.check_deck(d) == [] for d in decks.values())
    first = next(iter(decks.values()))
    deck = game.parse_deck(first.to_text(game.cards))
    assert deck.main == first.main and deck_books(deck) == deck_books(first)
    with pytest.raises(fudaba.DeckError) as ei:
        game.parse_deck("1 no-such-card\n")
    assert "line 1: unknown card 'no-such-card'" in ei.value.problems


@pytest.mark.parametrize("name", ["maken", "sarasvati", "suikoden", "walpurgis"])
def test_4_state_api_end_to_end(name: str, tmp_path: Path) -> None:
    game = fudaba.load_game(name)
    deck0, deck1 = list(game.starter_decks().values())[:2]
    state = game.new_game(decks=[deck0, deck1], seed=7)
    assert state.hash() == game.new_game(seed=7).hash()  # decks=None -> first two starter decks
    agents = [make_agent("greedy", name), make_agent("random", name)]
    for seat, ag in enumerate(agents):
        ag.reset(game, seat, 7)
    saw_position = False
    while not state.is_over:
        d = state.decision
        assert d is not None and state.current_player == d.player
        assert d.options == state.legal_actions() and d.kind and isinstance(d.prompt, str)
        view = state.view(d.player)
        json.dumps(view)  # JSON-able
        json.dumps(state.view(None))
        action = agents[d.player].act(state.infoset(d.player))
        assert action in state.legal_actions()
        if not saw_position:
            try:
                pos = state.position()
            except fudaba.PositionError:
                pass
            else:
                saw_position = True
                assert game.load_position(pos).hash() == state.hash()
                assert game.load_position(json.dumps(pos)).hash() == state.hash()
                p = tmp_path / "pos.json"
                p.write_text(json.dumps(pos), encoding="utf-8")
                assert game.load_position(p).hash() == state.hash()
        events = state.apply(str(action) if state.turn % 2 else action)
        assert all(isinstance(e, fudaba.Event) for e in events)
        assert state.turn >= 1
    assert saw_position
    assert state.current_player is None and state.decision is None and state.legal_actions() == []
    assert state.winner in (0, 1, None) and state.result
    # log views are redacted: secret parts removed, and a seat's view leaves out the events that are
    # only for the other seat (an automatic answer to a decision that depends on its hidden cards)
    assert state.log and len(state.log_view(0)) == sum(e.visible_to(0) for e in state.log)
    assert len(state.log_view(None)) == sum(not e.hidden for e in state.log)
    back = game.state_from_json(state.to_json())
    assert back.hash() == state.hash() and state.clone().hash() == state.hash()
    rec = state.record()
    assert (rec.game, rec.variant, rec.seed) == (name, game.variant, 7) and rec.actions
    assert rec.engine == fudaba.__version__
    again = fudaba.replay(rec)
    assert again.hash() == state.hash() and again.winner == state.winner


@pytest.mark.parametrize("name", ["maken", "sarasvati", "suikoden", "walpurgis"])
def test_4_concede_and_illegal_actions(name: str) -> None:
    game = fudaba.load_game(name)
    state = game.new_game(seed=3)
    before = state.hash()
    with pytest.raises(fudaba.IllegalAction):
        state.apply({"sarasvati": "attack F9 xK9", "walpurgis": "place W-XX-99 9z up", "suikoden": "deploy GS-X99",
                     "maken": "bet MK-X99"}[name])
    assert state.hash() == before
    assert "concede" not in [str(a) for a in state.legal_actions()]
    mover = state.current_player
    state.apply("concede")
    assert state.is_over and state.winner == 1 - mover


@pytest.mark.parametrize("name", ["maken", "sarasvati", "suikoden", "walpurgis"])
def test_4_resample_is_consistent_with_the_view(name: str) -> None:
    game = fudaba.load_game(name)
    state = game.new_game(seed=5)
    rng = Rng(1)
    for _ in range(30):
        if state.is_over:
            break
        state.apply(rng.choice(state.legal_actions()))
    p = state.current_player if state.current_player is not None else 0
    r = state.resample(p, Rng(9))
    assert r.view(p) == state.view(p)
    assert sorted(r.all_cards()) == sorted(state.all_cards())
