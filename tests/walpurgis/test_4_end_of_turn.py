"""§4 end (7.3): ① duds, ④ "at end of turn" effects, "until end of turn" effects, cards set beside
the field — with the sample cards サテライトヒマワリ (turn_end), レイジィトリリトン (protect) and
ナロースパーク (set_beside)."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from fudaba import IllegalAction, PositionError

from .helpers import cell, game, kinds, play, pos, texts

ANCHOR = {"4e": [(0, "W-RM-02", "up")], "5e": [(0, "W-RM-01", "active")]}


def test_4_end_1_bullets_left_on_the_field_go_to_their_owners_bullet_piles() -> None:
    board = {"3a": [(0, "W-RM-07", "bullet")], "3b": [(1, "W-RR-03", "bullet_up")], "2c": [(0, "W-RM-02", "up")]}
    st = pos(board, phase="end", piles=(["W-RM-08"], []))
    assert cell(st, "3a") == [] and cell(st, "3b") == []
    assert st.piles[0] == ["W-RM-07", "W-RM-08"]  # to the top of each owner's bullet pile
    assert st.piles[1] == [] and st.deck[1][-1] == "W-RR-03"  # seat 1's pile top: prepare ② of turn 6
    assert cell(st, "2c") == [(0, "W-RM-02", "up")]
    assert st.active == 1


# ---------------------------------------------------------------- ④ "at end of turn" effects
def test_4_end_4_at_end_of_turn_effects_happen_turn_player_first_then_alternately() -> None:
    # サテライトヒマワリ (end of turn: recover 1), face up for both players, two of seat 0's
    board = {"1a": [(0, "W-PC-09", "up")], "1b": [(0, "W-PC-09", "up")], "5c": [(1, "W-PC-09", "up")],
             "1c": [(0, "W-PC-09", "active")], "5d": [(1, "W-PC-09", "dormant")]}  # face down: no effects
    st = pos(board, hands=(["W-RM-07"], []), piles=(["W-PC-01", "W-PC-02", "W-PC-03"], ["W-RR-05", "W-RR-06"]),
             decks=(["W-RM-01"] * 4, ["W-RR-01"] * 4))
    st.apply("place W-RM-07 3e down")
    # seat 0 orders its own cards: first 1a or 1b
    assert st.decision.kind == "resolve" and st.decision.player == 0 and texts(st) == ["resolve 1a", "resolve 1b"]
    st.apply("resolve 1b")
    # then seat 1's (forced), then seat 0's other one (forced)
    res = [(e.data["player"], e.data["place"], e.data["timing"]) for e in st.log if e.kind == "resolve"]
    assert res == [(0, "1b", "turn_end"), (1, "5c", "turn_end"), (0, "1a", "turn_end")]
    assert st.deck[0][-2:] == ["W-PC-01", "W-PC-02"] and st.piles[0] == ["W-PC-03"]
    assert st.piles[1] == []  # seat 1 recovered 1 at the end of turn 5, 1 in its own prepare ②
    assert st.deck[1][-2:] == ["W-RR-05", "W-RR-06"]
    assert st.active == 1 and st.turn == 6


def test_4_end_4_at_end_of_turn_effects_come_after_the_hand_limit() -> None:
    hand = ["W-RM-01", "W-RM-02", "W-RM-03", "W-RM-05", "W-RM-06", "W-RM-07"]
    st = pos({"1a": [(0, "W-PC-09", "up")]}, hands=(hand, []), piles=(["W-PC-01"], []))
    st.apply("end")  # nothing done: draw 2 -> 8 cards
    assert st.decision.kind == "discard"
    play(st, "discard W-RM-01", "discard W-RM-02")
    ev = kinds(st)
    assert ev.index("discard") < ev.index("resolve") < ev.index("recover") < ev.index("end_turn")


# ---------------------------------------------------------------- ④ "until end of turn" effects end
def _trilithon(card: str) -> object:
    # seat 0 activates ``card`` on 2c (condition 1b 1d) and puts a bullet on 3c: レイジィトリリトン
    # (B: until end of turn, your formations are not destroyed) or, as the control, エメラルドメガリス
    # (same squares, no protection); seat 1 intercepts with 不夜城レッド on 4c, whose destroy
    # squares (3b 3c 3d 4b 4d) hold seat 0's 3b and 4b
    board = {"1b": [(0, "W-PC-01", "up")], "1d": [(0, "W-PC-01", "up")], "3b": [(0, "W-PC-02", "up")],
             "4b": [(0, "W-PC-03", "active")], "5c": [(1, "W-RR-01", "up")], **ANCHOR}
    st = pos(board, hands=([card], ["W-RR-02"]))
    play(st, f"place {card} 2c up", "bullet 3c")
    if st.decision.kind == "bullet":
        st.apply("done")  # エメラルドメガリス's second bullet square 4c stays empty
    assert "place W-RR-02 4c up" in texts(st)
    st.apply("place W-RR-02 4c up")
    assert texts(st) == ["activate 4b", "pass"]  # サイレントセレナ's condition 3b is a destroy square
    st.apply("pass")
    return st


def test_4_end_4_until_end_of_turn_effect_protects_then_ends() -> None:
    st = _trilithon("W-PC-10")
    # destroy processing: seat 0 lost nothing
    assert cell(st, "3b") == [(0, "W-PC-02", "up")] and cell(st, "4b") == [(0, "W-PC-03", "active")]
    assert st.discard[0] == [] and st.lasting == [(0, "protect")]
    assert st.view(1)["table"]["until_end_of_turn"] == [{"player": 0, "op": "protect"}]
    st.apply("end")
    assert st.lasting == [] and st.active == 1
    ev = kinds(st)
    assert ev.index("lasting_end") < ev.index("end_turn")


def test_4_end_4_control_without_the_protection_the_same_destroy_hits() -> None:
    st = _trilithon("W-PC-05")
    assert cell(st, "3b") == [] and cell(st, "4b") == [] and st.discard[0] == ["W-PC-02", "W-PC-03"]
    assert st.lasting == []


def test_4_end_4_protection_does_not_outlast_the_turn() -> None:
    st = _trilithon("W-PC-10")
    st.apply("end")
    assert st.lasting == [] and st.turn == 6 and st.active == 1
    assert "until_end_of_turn" not in st.position()


# ---------------------------------------------------------------- ④ cards set beside the field
def _narrow_spark() -> object:
    # ナロースパーク on 2c: B: set a card of your hand beside the field, then draw 2
    board = {"1c": [(0, "W-MR-01", "up")], **ANCHOR}
    st = pos(board, hands=(["W-MR-09", "W-MR-05", "W-MR-07"], []),
             decks=(["W-MR-02", "W-MR-03", "W-MR-04", "W-MR-06"], ["W-RR-01"] * 4))
    st.apply("place W-MR-09 2c up")
    return st


def test_4_end_4_cards_set_beside_the_field_go_to_the_discard_pile() -> None:
    st = _narrow_spark()
    cards0 = Counter(st.all_cards())
    assert st.decision.kind == "target" and texts(st) == ["target W-MR-05", "target W-MR-07"]
    with pytest.raises(IllegalAction, match=r"W-MR-02 is not a card in your hand to set beside the field"):
        st.apply("target W-MR-02")
    st.apply("target W-MR-07")
    assert st.aside[0] == ["W-MR-07"] and st.hand[0] == ["W-MR-05", "W-MR-02", "W-MR-03"]
    play(st, "done")  # no bullets
    assert st.decision.kind == "main" and Counter(st.all_cards()) == cards0
    # face down beside the field: its owner sees it, the opponent only counts it
    v0, v1 = st.view(0), st.view(1)
    assert v0["table"]["players"][0]["aside"] == ["W-MR-07"] and "aside" not in v1["table"]["players"][0]
    assert [s["aside_count"] for s in v1["table"]["players"]] == [1, 0] and "W-MR-07" not in json.dumps(v1)
    ev = next(e for e in st.log if e.kind == "set_beside")
    assert ev.view(0)["card"] == "W-MR-07" and "card" not in ev.view(1)
    st.apply("end")
    assert st.aside == [[], []] and st.discard[0] == ["W-MR-07"]
    assert Counter(st.all_cards()) == cards0
    d = next(e for e in st.log if e.kind == "discard")
    assert d.data == {"player": 0, "card": "W-MR-07", "reason": "set beside the field"}


def test_4_end_4_order_lasting_effects_end_then_cards_beside_the_field_leave() -> None:
    st = _narrow_spark()
    play(st, "target W-MR-07", "done")
    st.lasting.append((0, "protect"))
    st.apply("end")
    ev = kinds(st)
    i = ev.index("end_main")
    assert ev.index("lasting_end", i) < ev.index("discard", i) < ev.index("end_turn", i)


def test_4_end_4_set_beside_with_an_empty_hand_does_nothing() -> None:
    board = {"1c": [(0, "W-MR-01", "up")], **ANCHOR}
    st = pos(board, hands=(["W-MR-09"], []))
    st.apply("place W-MR-09 2c up")
    assert st.decision.kind == "bullet" and st.aside == [[], []] and len(st.hand[0]) == 2


def test_8_v1_01_end_of_turn_step_4_still_happens() -> None:
    st = pos({"1a": [(0, "W-PC-09", "up")]}, hands=(["W-RM-07"], []), piles=(["W-PC-01"], []), variant="v1.01")
    st.apply("end")
    assert st.deck[0][-1] == "W-PC-01" and st.active == 1


# ---------------------------------------------------------------- positions and card data
def test_10_position_round_trip_with_cards_beside_the_field_and_until_end_of_turn_effects() -> None:
    st = _narrow_spark()
    play(st, "target W-MR-07", "done")
    st.lasting.append((0, "protect"))
    doc = st.position()
    assert doc["seat"][0]["aside"] == ["W-MR-07"] and doc["until_end_of_turn"] == [{"player": 0, "op": "protect"}]
    back = game().load_position(doc)
    assert back.hash() == st.hash()


@pytest.mark.parametrize(
    ("patch", "key"),
    [
        ({"until_end_of_turn": [{"player": 0, "op": "fly"}]}, "until_end_of_turn[0].op"),
        ({"until_end_of_turn": [{"player": 3, "op": "protect"}]}, "until_end_of_turn[0].player"),
        ({"phase": "prepare", "until_end_of_turn": [{"player": 0, "op": "protect"}]}, "'until_end_of_turn'"),
        ({"phase": "prepare", "seat": [{"aside": ["W-RM-01"], "deck": ["W-RM-01"]}, {}]}, "aside"),
    ],
)
def test_10_position_errors_for_the_end_of_turn_keys(patch: dict[str, object], key: str) -> None:
    doc: dict[str, object] = {"game": "walpurgis", "seat": [{"deck": ["W-RM-01"]}, {"deck": ["W-RR-01"]}]}
    doc.update(patch)
    with pytest.raises(PositionError) as e:
        game().load_position(doc)
    assert key in str(e.value)


@pytest.mark.parametrize(
    ("effect", "msg"),
    [
        ('{ timing = "turn_end", op = "flip_activating" }', "needs timing"),
        ('{ timing = "turn_end", op = "protect" }', "needs timing"),
        ('{ timing = "static", op = "set_beside" }', "needs timing"),
    ],
)
def test_2_effect_vocabulary_timings_are_checked(effect: str, msg: str) -> None:
    from fudaba import CardDataError

    raw = [{"id": "X-1", "name": "試験", "icons": ["霊夢"], "matrix": "B\n@\nC", "effects": []}]
    import tomllib

    raw[0]["effects"] = [tomllib.loads(f"e = {effect}")["e"]]
    with pytest.raises(PositionError, match=msg) as e:
        pos({}, cards=raw)
    assert isinstance(e.value.__cause__, CardDataError) or "effects[0]" in str(e.value)


def test_2_sample_pool_uses_the_end_of_turn_vocabulary() -> None:
    g = game()
    ops = {(e.timing, e.op): c.name for c in g.cards.values() for e in c.effects}
    assert ops[("turn_end", "recover")] == "サテライトヒマワリ"
    assert ops[("B", "protect")] == "レイジィトリリトン"
    assert ops[("B", "set_beside")] == "ナロースパーク"
    decks = g.starter_decks()
    assert "W-MR-09" in decks["marisa"].main and {"W-PC-09", "W-PC-10"} <= set(decks["patchouli"].main)
