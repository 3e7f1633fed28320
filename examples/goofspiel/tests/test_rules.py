"""Goofspiel's rules, one test per section of the rules summary (rules.toml)."""

from __future__ import annotations

import fudaba
import pytest
from fudaba.core.errors import IllegalAction, UnknownGame

from .helpers import ids, play, start


def refusal(st: fudaba.State, text: str) -> tuple[str, str]:
    with pytest.raises(IllegalAction) as e:
        st.apply(text)
    return str(e.value), e.value.text("ja")


def test_1_three_suits_ace_to_king_hearts_spades_bid_diamonds_score() -> None:
    g = fudaba.load_game("goofspiel")
    assert len(g.cards) == 39
    assert {g.cards[c].suit for c in g.cards} == {"hearts", "spades", "diamonds"}
    assert [g.cards[c].value for c in ids("D", (1, 11, 12, 13))] == [1, 11, 12, 13]
    assert g.cards["GOF-S13"].name == "スペードのK" and g.cards["GOF-S13"].name_en == "King of Spades"
    small = fudaba.load_game("goofspiel", cards=5)
    assert {k: d.main for k, d in small.starter_decks().items()} == {
        "hearts": tuple(ids("H", range(1, 6))), "spades": tuple(ids("S", range(1, 6)))}


def test_2_setup_each_seat_holds_its_suit_prizes_shuffled_face_down() -> None:
    g = fudaba.load_game("goofspiel", cards=5)
    st = g.new_game(seed=3)
    assert st.hand == [ids("H", range(1, 6)), ids("S", range(1, 6))]
    assert len(st.prizes) == 4 and len(st.pot) == 1
    assert sorted(st.prizes + st.pot) == ids("D", range(1, 6))
    orders = {tuple(g.new_game(seed=s).pot + g.new_game(seed=s).prizes) for s in range(20)}
    assert len(orders) > 10, "the seed shuffles the prizes"
    assert st.view(0)["table"]["prizes_left"] == 4 and "prizes" not in st.view(0)["table"]


def test_3_1_the_top_prize_is_turned_up_and_joins_the_pot() -> None:
    st = start([2, 3, 1])
    assert st.pot == ["GOF-D02"] and st.prizes == ids("D", (3, 1))
    assert st.log_view(1)[-1] == {"kind": "prize", "round": 1, "card": "GOF-D02", "pot": ["GOF-D02"]}
    play(st, [2], [1])
    assert st.pot == ["GOF-D03"] and st.turn == 2


def test_3_2_each_seat_bids_one_card_face_down_seat_0_then_seat_1() -> None:
    st = start([2, 3, 1])
    assert st.decision is not None and (st.decision.player, st.decision.kind) == (0, "bid")
    assert [a.text for a in st.legal_actions()] == ["bid GOF-H01", "bid GOF-H02", "bid GOF-H03"]
    st.apply("bid 3")
    assert st.decision is not None and st.decision.player == 1
    assert st.hand[0] == ids("H", (1, 2, 3)), "a sealed bid stays in the hand until the reveal"
    assert st.view(1)["decision"]["picked"] == [0]


def test_3_2_refusals_name_the_rule() -> None:
    st = start([2, 3, 1])
    play(st, [2], [1])
    assert refusal(st, "bid 2") == (
        "bid GOF-H02: ♥2 was bid in round 1: a card bid is out of the game (§3.4)",
        "bid GOF-H02: ♥2 はラウンド1で入札済みです: 入札したカードはゲームから除外されます (§3.4)")
    assert refusal(st, "bid GOF-S03") == (
        "bid GOF-S03: ♠3 is P1's card: you bid from your own hand (§3.2)",
        "bid GOF-S03: ♠3 はP1のカードです: 入札は自分の手札から行います (§3.2)")
    assert refusal(st, "bid GOF-D01") == (
        "bid GOF-D01: ♦A is a prize card: you bid with your own suit, ♥ (§3.2)",
        "bid GOF-D01: ♦A は賞品のカードです: 入札は自分のスート (♥) で行います (§3.2)")
    assert refusal(st, "bid 9")[0] == "bid GOF-H09: ♥9 is not in this game: it is played with the ace to rank 3 (cards = 3, §7)"
    assert refusal(st, "pass")[0] == "pass: each round you bid one card from your hand: bid CARD, e.g. bid 7 (§3.2)"
    assert refusal(st, "bid GOF-H01 GOF-H03")[0] == "bid GOF-H01 GOF-H03: a bid names exactly one card: bid CARD (§3.2)"
    assert refusal(st, "bid joker")[0] == "bid joker: joker is not a card of Goofspiel (§1)"
    assert st.hand == [ids("H", (1, 3)), ids("S", (2, 3))], "a refused bid changes nothing"


def test_3_2_the_last_card_is_bid_for_its_player_in_secret() -> None:
    st = play(start([2, 1]), [2], [1])
    assert st.over, "round 2: both have one card left, the engine bids them"
    autos = [e for e in st.log if e.kind == "auto"]
    assert [(e.data["player"], e.secret, e.seen_by, e.hidden) for e in autos] == [
        (0, {"action": "bid GOF-H01"}, (0,), True), (1, {"action": "bid GOF-S02"}, (1,), True)]
    assert st.won == [["GOF-D02"], ["GOF-D01"]]


def test_3_3_the_higher_bid_wins_the_pot_and_scores_its_value() -> None:
    st = play(start([3, 1, 2]), [1], [3])
    assert st.won == [[], ["GOF-D03"]] and st.points(1) == 3
    assert st.log_view(0)[-3:-1] == [
        {"kind": "reveal", "round": 1, "picks": {"0": "bid GOF-H01", "1": "bid GOF-S03"}},
        {"kind": "round", "round": 1, "winner": 1, "prizes": ["GOF-D03"], "worth": 3, "points": [0, 3]}]


def test_3_3_equal_bids_discard_the_prize_by_default() -> None:
    st = play(start([3, 1, 2]), [2], [2])
    assert st.lost == ["GOF-D03"] and st.won == [[], []] and st.pot == ["GOF-D01"]


def test_3_3_equal_bids_carry_the_pot_to_the_next_winner_with_ties_carry() -> None:
    st = play(start([3, 1, 2], ties="carry"), [2], [2])
    assert st.pot == ["GOF-D03", "GOF-D01"] and st.lost == []
    assert st.view(0)["table"]["pot_value"] == 4
    play(st, [1], [3])  # P1 takes the pot of 4; round 3 (♦2) is bid by the engine: ♥3 beats ♠1
    assert st.won == [["GOF-D02"], ["GOF-D03", "GOF-D01"]] and (st.points(0), st.points(1)) == (2, 4)


def test_3_4_bids_are_spent_face_up() -> None:
    st = play(start([3, 1, 2]), [1, 3], [3, 2])
    assert st.played == [ids("H", (1, 3, 2)), ids("S", (3, 2, 1))]
    assert st.view(None)["players"][0]["discard"] == ids("H", (1, 3, 2))


def test_4_the_higher_total_wins() -> None:
    # prizes 3, 1, 2: P0 wins 3 (3 > 2), P1 wins 1 (3 > 1), P0 wins 2 (2 > 1): 5 to 1
    st = play(start([3, 1, 2]), [3, 1], [2, 3])
    assert st.over and st.winner == 0 and st.result == "higher total"
    assert (st.points(0), st.points(1)) == (5, 1)
    assert st.log_view(1)[-2] == {"kind": "final", "points": [5, 1]}


def test_4_equal_totals_draw() -> None:
    # prizes 1, 2, 3: P0 takes 1 (2 > 1) and 2 (3 > 2), P1 takes 3 with its last card (3 > 1): 3 to 3
    st = play(start([1, 2, 3]), [2, 3], [1, 2])
    assert st.over and (st.points(0), st.points(1)) == (3, 3)
    assert st.winner is None and st.result == "equal totals"


def test_4_a_pot_carried_past_the_last_round_is_won_by_no_one() -> None:
    st = play(start([1, 2], ties="carry"), [1], [2])  # P1 takes 1; 2 v 1 on 2: P0 takes 2
    assert (st.points(0), st.points(1)) == (2, 1)
    st = play(start([1, 2], ties="carry"), [2], [2])  # tie on 1 (carried), 1 v 1 on 2: both unclaimed
    assert st.over and st.lost == ["GOF-D01", "GOF-D02"] and st.pot == []
    assert {"kind": "unclaimed", "prizes": ["GOF-D01", "GOF-D02"]} in st.log_view(0)
    assert st.winner is None and st.result == "equal totals"


def test_5_only_the_prizes_order_and_an_unrevealed_bid_are_hidden() -> None:
    g = fudaba.load_game("goofspiel")
    a = g.new_game(seed=1)
    b = a.clone()
    b.prizes = list(reversed(a.prizes))
    assert a.view(0) == b.view(0) and a.view(1) == b.view(1) and a.view(None) == b.view(None)
    v = a.view(1)
    assert v["players"][0]["hand"] == ids("H", range(1, 14)), "the hands are open (§5)"


def test_6_a_bid_names_its_card_by_id_name_short_form_or_rank() -> None:
    for text, card in [("bid GOF-H07", "GOF-H07"), ("bid 7", "GOF-H07"), ("bid q", "GOF-H12"), ("bid King", "GOF-H13"),
                       ("bid ace", "GOF-H01"), ("bid ♥7", "GOF-H07"), ("bid 7 of Hearts", "GOF-H07"),
                       ("bid ハートの7", "GOF-H07"), ("ＢＩＤ ７", "GOF-H07")]:
        st = fudaba.load_game("goofspiel").new_game(seed=1)
        assert st.parse(text).text == f"bid {card}", text
    st = fudaba.load_game("goofspiel").new_game(seed=1)
    st.apply("bid 3")
    assert st.parse("bid 3").text == "bid GOF-S03", "a rank names the card of the bidding seat's suit"


def test_7_parameters_are_checked() -> None:
    with pytest.raises(UnknownGame, match="parameter cards=14: must be at most 13"):
        fudaba.load_game("goofspiel", cards=14)
    with pytest.raises(UnknownGame, match="parameter cards=0: must be at least 1"):
        fudaba.load_game("goofspiel", cards=0)
    with pytest.raises(UnknownGame, match=r"parameter ties='split': allowed values are \['discard', 'carry'\]"):
        fudaba.load_game("goofspiel", ties="split")
    one = fudaba.load_game("goofspiel", cards=1).new_game(seed=0)
    assert one.over and one.winner is None and one.lost == ["GOF-D01"], "one round, ace against ace"
