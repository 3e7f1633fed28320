"""Engine core (ARCHITECTURE §3, §4) tested on a tiny fixture game."""

from __future__ import annotations

import json
import pickle
import re

import pytest

import fudaba
from fudaba.core import Action, Record, Rng, replay
from fudaba.core.errors import FudabaError, IllegalAction, PositionError, UnknownGame


def new(seed: int = 3, **params: object) -> fudaba.State:
    return fudaba.load_game("toy", **params).new_game(seed=seed)


def play_out(st: fudaba.State, seed: int = 1) -> None:
    rng = Rng(seed)
    while not st.is_over:
        st.apply(rng.choice(st.legal_actions()))


# ---------------------------------------------------------------- §3.3 randomness lives in the state
def test_3_3_rng_is_deterministic_and_shuffle_is_a_permutation() -> None:
    a, b = Rng(42), Rng(42)
    assert [a.randbelow(97) for _ in range(50)] == [b.randbelow(97) for _ in range(50)]
    xs = list(range(30))
    Rng(5).shuffle(xs)
    assert sorted(xs) == list(range(30)) and xs != list(range(30))


def test_3_3_same_seed_and_actions_give_same_states() -> None:
    s1, s2 = new(9), new(9)
    assert s1.hash() == s2.hash()
    play_out(s1, 4)
    play_out(s2, 4)
    assert s1.history == s2.history and s1.hash() == s2.hash()


def test_3_3_different_seeds_shuffle_differently() -> None:
    hashes = {new(s).hash() for s in range(10)}
    assert len(hashes) > 5


# ---------------------------------------------------------------- §5 notation
def test_5_actions_are_interned_hashable_and_picklable() -> None:
    a = Action.of("play", "T-3")
    assert a is Action.of("play", "T-3") and str(a) == "play T-3"
    assert {a: 1}[Action.parse("play T-3")] == 1
    assert pickle.loads(pickle.dumps(a)) is a
    with pytest.raises(AttributeError):
        a.verb = "x"  # type: ignore[misc]


def test_5_apply_accepts_notation_tolerantly_case_spaces_and_card_names() -> None:
    st = new(3)
    p = st.current_player
    hand = st.view(p)["hand"]
    card = hand[0]
    name = st.game.cards[card].name
    h = st.clone()
    h.apply(f"  PLAY   {card.lower()} ")
    st.apply(f"play {name}")
    assert h.hash() == st.hash()
    assert st.history[-1] == f"play {card}"


# ---------------------------------------------------------------- §3.7 every rejection explains itself
def test_3_7_illegal_action_is_refused_with_reason_and_state_unchanged() -> None:
    st = new(3)
    before = st.hash()
    log_len = len(st.log)
    missing = next(c for c in ("T-1", "T-2", "T-3", "T-4", "T-5") if c not in st.view(st.current_player)["hand"])
    with pytest.raises(IllegalAction, match=rf"play {missing}: {missing} is not in your hand \(toy §1\)"):
        st.apply(f"play {missing}")
    with pytest.raises(IllegalAction, match="empty action"):
        st.apply("   ")
    assert st.hash() == before and len(st.log) == log_len and st.history == []


def test_3_7_no_action_after_game_over() -> None:
    st = new(3)
    st.concede(1)
    with pytest.raises(IllegalAction, match="game is over"):
        st.apply("pass")


# ---------------------------------------------------------------- §4 concede
def test_4_concede_by_apply_is_the_deciding_player_and_not_listed() -> None:
    st = new(3)
    p = st.current_player
    assert all(a.verb != "concede" for a in st.legal_actions())
    st.apply("concede")
    assert st.is_over and st.winner == 1 - p and st.result == f"player {p} conceded"
    assert st.current_player is None and st.legal_actions() == []


def test_4_state_concede_any_seat_any_time_and_replays() -> None:
    st = new(3)
    other = 1 - st.current_player
    st.concede(other)
    assert st.winner == 1 - other
    again = replay(st.record())
    assert again.winner == st.winner and again.hash() == st.hash()


# ---------------------------------------------------------------- §3.2 single legal action applied automatically
def test_3_2_deck_out_when_drawing_ends_the_game() -> None:
    g = fudaba.load_game("toy")
    st = g.load_position({"game": "toy", "active": 0, "seed": 1, "seat": [
        {"hand": [], "deck": ["T-1"], "score": []},
        {"hand": [], "deck": ["T-2", "T-3"], "score": []}]})
    # seat 0 draws T-1 and may play it or pass: two options, so it is asked
    assert st.current_player == 0 and [a.text for a in st.legal_actions()] == ["play T-1", "pass"]
    st.apply("pass")
    # seat 1: T-2 drawn -> asked
    st.apply("pass")
    # seat 0's deck is empty: deck-out loss when drawing
    assert st.is_over and st.winner == 1 and st.result == "deck out"


# ---------------------------------------------------------------- §3.6 cheap structural clone, JSON, hash
def test_3_6_clone_is_independent() -> None:
    st = new(5)
    c = st.clone()
    play_out(c, 2)
    assert not st.is_over and c.is_over
    assert st.hash() != c.hash()
    st2 = new(5)
    assert st.hash() == st2.hash()


def test_3_6_json_round_trip_keeps_hash_and_play_continues_identically() -> None:
    g = fudaba.load_game("toy")
    st = g.new_game(seed=8)
    st.apply(st.legal_actions()[0])
    back = g.state_from_json(st.to_json())
    assert back.hash() == st.hash()
    assert [e.to_dict() for e in back.log] == [e.to_dict() for e in st.log]
    play_out(st, 3)
    play_out(back, 3)
    assert back.hash() == st.hash() and back.winner == st.winner


def test_3_6_state_from_json_errors_are_position_errors() -> None:
    g = fudaba.load_game("toy")
    with pytest.raises(PositionError, match="not valid JSON"):
        g.state_from_json("{nope")
    with pytest.raises(PositionError, match="format"):
        g.state_from_json(json.dumps({"a": 1}))
    doc = json.loads(g.new_game().to_json())
    doc["game"] = "sarasvati"
    with pytest.raises(PositionError, match="key 'game'"):
        g.state_from_json(json.dumps(doc))


# ---------------------------------------------------------------- §3.4 hidden information
def test_3_4_draw_events_are_redacted_for_the_opponent_and_spectators() -> None:
    st = new(3)
    draws = [e for e in st.log if e.kind == "draw"]
    e = draws[0]
    owner = e.data["player"]
    assert "card" in e.view(owner)
    assert "card" not in e.view(1 - owner) and "card" not in e.view(None)
    assert all("card" not in ev for ev in st.log_view(1 - owner) if ev["kind"] == "draw" and ev["player"] == owner)


def test_3_4_resample_keeps_the_players_view() -> None:
    st = new(3)
    p = st.current_player
    for s in range(5):
        r = st.resample(p, Rng(s))
        assert r.view(p) == st.view(p)
        assert sorted(r.all_cards()) == sorted(st.all_cards())


# ---------------------------------------------------------------- §4 records and replay
def test_4_record_replays_to_the_same_hash_step_by_step() -> None:
    st = new(11)
    play_out(st, 6)
    rec = st.record(step_hashes=True)
    assert rec.hashes is not None and len(rec.hashes) == len(rec.actions)
    text = rec.to_json()
    back = replay(Record.from_json(text))
    assert back.hash() == st.hash() and back.winner == st.winner and back.result == st.result
    assert replay(text).hash() == st.hash()


def test_4_replay_rejects_a_tampered_record() -> None:
    st = new(11)
    play_out(st, 6)
    rec = st.record()
    rec.final_hash = "0" * 32
    with pytest.raises(FudabaError, match="final state hash differs"):
        replay(rec)
    rec2 = st.record()
    rec2.actions = ["play T-9", *rec2.actions]
    with pytest.raises(FudabaError, match="action #1 'play T-9' is not legal"):
        replay(rec2)
    with pytest.raises(PositionError, match="unknown key"):
        Record.from_dict({**rec.to_dict(), "bogus": 1})


def test_4_record_from_a_position_replays() -> None:
    g = fudaba.load_game("toy")
    st = g.load_position({"game": "toy", "seed": 4, "seat": [
        {"hand": ["T-5"], "deck": ["T-5", "T-5"], "score": []},
        {"hand": [], "deck": ["T-1", "T-1", "T-2"], "score": []}]})
    play_out(st, 1)
    assert replay(st.record()).hash() == st.hash()
    # through JSON too: a record of a position game has no decks or seed, only the position
    text = st.record().to_json()
    assert "decks" not in json.loads(text) and "seed" not in json.loads(text)
    assert replay(text).hash() == st.hash()


@pytest.mark.parametrize("game", ["sarasvati", "walpurgis"])
def test_4_record_from_a_position_round_trips_through_json(game: str) -> None:
    g = fudaba.load_game(game)
    start, rng = g.new_game(seed=3), Rng(3)
    while True:  # Walpurgis positions start after setup, at a phase-level decision
        try:
            st = g.load_position(start.position())
            break
        except PositionError:
            start.apply(rng.choice(start.legal_actions()))
    play_out(st, 5)
    assert replay(st.record().to_json()).hash() == st.hash()


def test_4_record_missing_keys_are_named() -> None:
    with pytest.raises(PositionError, match=r"missing key\(s\) \['variant', 'params', 'actions'\]"):
        Record.from_dict({"game": "toy"})
    with pytest.raises(PositionError, match=r"either 'seed'.*or 'position'"):
        Record.from_dict({"game": "toy", "variant": "default", "params": {}, "actions": []})


# ---------------------------------------------------------------- §4 games and parameters
def test_4_games_lists_the_playable_games() -> None:
    names = fudaba.games()
    assert "sarasvati" in names and names == sorted(names)


def test_4_params_defaults_filled_and_validated() -> None:
    g = fudaba.load_game("toy", target=12)
    assert g.params == {"target": 12, "turn_limit": 40, "first": "random"}
    assert fudaba.load_game("toy", target="7", first="1").params["first"] == 1
    with pytest.raises(UnknownGame, match=r"unknown parameter .bogus.*parameters: first, target, turn_limit"):
        fudaba.load_game("toy", bogus=1)
    with pytest.raises(UnknownGame, match="expected a whole number"):
        fudaba.load_game("toy", target="many")
    with pytest.raises(UnknownGame, match="must be at least 1"):
        fudaba.load_game("toy", target=0)
    with pytest.raises(UnknownGame, match=r"allowed values are \['random', 0, 1\]"):
        fudaba.load_game("toy", first=2)
    with pytest.raises(UnknownGame, match="unknown variant"):
        fudaba.load_game("toy", variant="v9")


def test_4_unknown_game_names_the_games_there_are() -> None:
    installed = ", ".join(fudaba.games())  # the four built-in games, toy, and plugins installed (goofspiel)
    assert {"maken", "sarasvati", "suikoden", "toy", "walpurgis"} <= set(fudaba.games())
    with pytest.raises(UnknownGame, match=re.escape(f"unknown game 'chess'; games: {installed}")):
        fudaba.load_game("chess")
    with pytest.raises(UnknownGame, match="a game is named by text, not NoneType"):
        fudaba.load_game(None)  # type: ignore[arg-type]
    assert fudaba.load_game("maken").name == "maken"
    assert issubclass(UnknownGame, FudabaError)


def test_3_2_private_single_option_auto_answer_is_hidden_from_the_other_seat() -> None:
    from fudaba.core.actions import Decision

    st = new(3)
    d = st.decision
    assert d is not None
    p = d.player
    mine = next(a for a in d.options if a.verb == "play")
    # re-ask the same decision as a private one with a single option: the engine answers it itself
    st.decision = Decision(p, "play", "secret", [mine], "play", None, private=True)
    st.run()
    assert st.view(p)["scores"][p][-1] == mine.args[0]  # the only option was applied
    auto = next(e for e in reversed(st.log) if e.kind == "auto")
    assert auto.view(p)["action"] == mine.text
    assert "action" not in auto.view(1 - p) and "action" not in auto.view(None)
    back = st.game.state_from_json(st.to_json())
    assert back.hash() == st.hash()


def test_3_7_refusal_carries_the_action_and_translations() -> None:
    from toygame import ToyState

    class JaToy(ToyState):
        __slots__ = ()
        REFUSAL_LANGS = ("ja",)

        def explain_in(self, action: Action, lang: str) -> str:
            return "手札にありません (toy §1)"

    st = new(3)
    st.__class__ = JaToy
    with pytest.raises(IllegalAction) as ei:
        st.apply("play T-99")
    assert ei.value.action == "play T-99"
    assert ei.value.text("ja") == "play T-99: 手札にありません (toy §1)"
    assert ei.value.text("en") == str(ei.value) == "play T-99: T-99 is not in your hand (toy §1)"
