"""Goofspiel as a fudaba game: whole games, sealed bids kept secret, positions, decks, the
descriptor, the agent and the text."""

from __future__ import annotations

import json

import fudaba
import pytest
from fudaba.agents import make_agent
from fudaba.core import Rng, replay
from fudaba.core.errors import DeckError, PositionError
from fudaba.core.registry import descriptor
from fudaba.core.session import Session

from fudaba_goofspiel import testing
from fudaba_goofspiel.agent import GoofspielGreedy, choose, evaluate

from .helpers import ids, play, start


def whole_game(seed: int, agents: tuple[object, object], **params: object) -> fudaba.State:
    g = fudaba.load_game("goofspiel", **params)
    st = g.new_game(seed=seed)
    for s, a in enumerate(agents):
        a.reset(g, s, seed)  # type: ignore[attr-defined]
    while not st.over:
        d = st.decision
        assert d is not None
        st.apply(agents[d.player].act(st.infoset(d.player)))  # type: ignore[attr-defined]
    return st


def test_a_seeded_game_greedy_against_random_has_its_exact_winner() -> None:
    st = whole_game(1, (GoofspielGreedy(), make_agent("random")))
    assert (st.points(0), st.points(1), st.winner, st.result) == (68, 23, 0, "higher total")
    # the score is the sum of the prizes each won, as the log's rounds say
    won = [0, 0]
    for e in st.log_view(None):
        if e["kind"] == "round" and e["winner"] is not None:
            won[e["winner"]] += sum(int(c[-2:]) for c in e["prizes"])
    assert won == [68, 23]
    back = replay(st.record())
    assert back.hash() == st.hash() and back.winner == 0


def test_two_matching_players_tie_every_round_and_draw() -> None:
    for ties in ("discard", "carry"):
        st = whole_game(5, (GoofspielGreedy(), GoofspielGreedy()), ties=ties)
        assert st.winner is None and st.result == "equal totals" and st.won == [[], []]
        assert sorted(st.lost) == ids("D", range(1, 14)), "every prize is won by no one"


def test_3_2_a_sealed_bid_is_hidden_from_the_other_seat_until_the_reveal() -> None:
    """Whatever seat 0 bids, seat 1 and a spectator see the same view, log and text."""
    g = fudaba.load_game("goofspiel")
    seen: dict[str, object] = {}
    for bid in range(1, 14):
        st = g.new_game(seed=2)
        st.apply(f"bid {bid}")
        sess = Session(g, st, (None, None), "en")
        for lang in ("en", "ja"):
            sess.lang = lang
            for viewer in (1, None):
                shown = (st.view(viewer), st.log_view(viewer), sess.table(viewer),
                         [ln.text for ln in sess.log_lines(viewer)])
                assert seen.setdefault(f"{lang}{viewer}", shown) == shown, f"bid {bid} shows through to {viewer}"
            assert sess.prompt(1) == seen.setdefault(f"prompt{lang}", sess.prompt(1))
        sess.lang = "en"
        assert f"P0 bids {st.game.cdb[f'GOF-H{bid:02d}'].short_name} face down." in [ln.text for ln in sess.log_lines(0)]
    st = g.new_game(seed=2)
    st.apply("bid 7")
    st.apply("bid 9")
    assert {"kind": "reveal", "round": 1, "picks": {"0": "bid GOF-H07", "1": "bid GOF-S09"}} in st.log_view(None)
    assert [e["kind"] for e in st.log_view(1)][2:4] == ["pick", "pick"]
    assert "action" not in st.log_view(1)[2] and st.log_view(0)[2]["action"] == "bid GOF-H07"


def test_3_2_an_agent_bids_without_seeing_the_other_bid() -> None:
    st = fudaba.load_game("goofspiel").new_game(seed=2)
    st.apply("bid 13")
    info = st.infoset(1)
    assert info.view == st.view(1)
    samples = {info.sample(Rng(k)).sealed[0][4] for k in range(40)}
    assert len(samples) > 5, "seat 0's bid is drawn again in seat 1's samples"


def test_positions_round_trip_at_every_decision() -> None:
    for seed, params in ((0, {}), (1, {"ties": "carry"}), (2, {"cards": 4})):
        g = fudaba.load_game("goofspiel", **params)
        st, rng = g.new_game(seed=seed), Rng(seed)
        while True:
            doc = st.position()
            assert g.load_position(doc).hash() == st.hash()
            assert g.load_position(json.dumps(doc)).hash() == st.hash()
            assert g.state_from_json(st.to_json()).hash() == st.hash()
            if st.over:
                break
            st.apply(rng.choice(st.legal_actions()))


def test_a_hand_written_toml_position_plays_on() -> None:
    text = '''
game = "goofspiel"
params = { cards = 3, ties = "carry" }
prizes = ["GOF-D02"]
pot = ["GOF-D03", "ダイヤのA"]
[[seat]]
hand = ["GOF-H01", "GOF-H03"]
played = ["GOF-H02"]
bid = "GOF-H03"
[[seat]]
hand = ["♠1", "GOF-S02"]
played = ["GOF-S03"]
'''
    st = fudaba.load_game("goofspiel").load_position(text.replace("♠1", "スペードのA"))
    assert st.turn == 2 and st.game.params == {"cards": 3, "ties": "carry"}
    assert st.decision is not None and st.decision.player == 1 and st.picked() == [0]
    st.apply("bid 2")
    assert st.won[0] == ["GOF-D03", "GOF-D01"], "♥3 beats ♠2: P0 takes the carried pot"


@pytest.mark.parametrize(("change", "message"), [
    ({"colour": "red"}, "position: unknown key 'colour'"),
    ({"prizes": ["GOF-D02", "GOF-D02"]}, "key 'prizes[1]': GOF-D02 is also at 'prizes[0]'"),
    ({"prizes": ["GOF-H02"]}, "key 'prizes[0]': GOF-H02 is a card of hearts; this pile holds diamonds"),
    ({"prizes": ["GOF-D09"]}, "key 'prizes[0]': GOF-D09 is rank 9, past cards = 3"),
    ({"prizes": []}, "keys prizes/pot/lost/seat.won: the 3 prizes, each in one of them"),
    ({"turn": 1}, "key 'turn' = 1: after 1 rounds played it is 2"),
    ({"seat": [{"hand": ids("H", (1, 3)), "played": ["GOF-H02"]}, {"hand": ids("H", (1, 3))}]},
     "key 'seat[1].hand[0]': GOF-H01 is also at 'seat[0].hand[0]'"),
    ({"seat": [{"hand": ids("H", (1, 3)), "played": ["GOF-H02"], "bid": "GOF-H02"}, {"hand": ids("S", (1, 2)), "played": ["GOF-S03"]}]},
     "key 'seat[0].bid': GOF-H02 is not in that seat's hand"),
    ({"pot": [], "prizes": ["GOF-D02", "GOF-D03"], "seat": [{"hand": ids("H", (1, 3)), "played": ["GOF-H02"], "bid": "GOF-H01"},
                                                          {"hand": ids("S", (1, 2)), "played": ["GOF-S03"]}]},
     "key 'seat.bid': a bid waits only while a prize is up (pot)"),
])
def test_a_bad_position_is_refused_naming_the_key(change: dict[str, object], message: str) -> None:
    doc: dict[str, object] = {"params": {"cards": 3}, "prizes": ["GOF-D02"], "pot": ["GOF-D03"], "lost": ["GOF-D01"],
                              "seat": [{"hand": ids("H", (1, 3)), "played": ["GOF-H02"]},
                                       {"hand": ids("S", (1, 2)), "played": ["GOF-S03"]}]}
    fudaba.load_game("goofspiel").load_position(doc)  # the document itself is good
    with pytest.raises(PositionError) as e:
        fudaba.load_game("goofspiel").load_position({**doc, **change})
    assert message in str(e.value)


def test_decks_are_one_bidding_suit_each_rank_once() -> None:
    g = fudaba.load_game("goofspiel", cards=3)
    assert g.check_deck("1 GOF-H01\n1 GOF-H02\n1 GOF-H03\n") == []
    assert g.check_deck("1 GOF-D01\n1 GOF-D02\n1 GOF-D03\n") == [
        "a deck is one suit, hearts or spades; this one has diamonds (§2)"]
    assert g.check_deck("2 GOF-H01\n1 GOF-H02\n") == [
        "line 1: 2 copies of GOF-H01; a suit has each rank once (§1)",
        "a deck has the 3 ranks ace to 3 (cards = 3), once each; this one has 3 cards (§1)"]
    with pytest.raises(DeckError, match="the two seats bid with different suits"):
        g.new_game(decks=["1 GOF-H01\n1 GOF-H02\n1 GOF-H03\n"] * 2)


def test_the_starter_decks_are_named_in_words_in_both_languages() -> None:
    # what `fudaba games goofspiel`, `fudaba play` and the lobby show of them (decks/starters.toml)
    info = {d.name: d for d in fudaba.load_game("goofspiel").starter_deck_info()}
    assert [(n, d.title("en"), d.title("ja")) for n, d in info.items()] == [
        ("hearts", "Hearts", "ハート"), ("spades", "Spades", "スペード")]
    assert info["spades"].text("en") == "The spades from the ace up: seat 1's bids"
    assert info["hearts"].text("ja") == "ハートのAから順に: 席0の入札札"


def test_the_descriptor_names_every_part() -> None:
    d = descriptor("goofspiel")
    assert d.game_class.__name__ == "GoofspielGame" and d.title_in("ja") == "ゴフシュピール"
    assert d.capability("agent") is GoofspielGreedy and d.capability("evaluate") is evaluate
    assert d.capability("testing") is testing and d.capability("text").__name__ == "fudaba_goofspiel.text"
    assert d.resource("rules.toml") is not None and d.resource("cards/goofspiel.toml") is not None
    assert set(d.levels) == {"normal", "hard"}


def test_the_testing_hooks_see_what_the_rules_show() -> None:
    st = play(start([3, 1, 2]), [1], [3])
    assert sorted(testing.visible(st, 0)) == sorted([*st.hand[0], *st.hand[1], *st.played[0], *st.played[1],
                                                     "GOF-D03", "GOF-D01"])
    assert "GOF-D02" not in testing.visible(st, None), "the prizes deck is seen by nobody"
    import random
    big = fudaba.load_game("goofspiel").new_game(seed=4)
    t = testing.twin(big, 0, random.Random(1))
    assert t.prizes != big.prizes and t.view(0) == big.view(0)
    assert testing.places == ["hand", "xhand", "played", "xplayed", "won", "xwon", "pot", "lost"]


def test_the_greedy_agent_matches_the_prize_or_takes_a_cheap_sure_win() -> None:
    st = start([5, 1, 2, 3, 4])
    v = st.view(0)
    assert choose(st.game, v, st.legal_actions()).text == "bid GOF-H05", "matching: the prize's value"
    st = fudaba.load_game("goofspiel", cards=5).load_position({
        "params": {"cards": 5}, "prizes": ["GOF-D02"], "pot": ["GOF-D05"], "lost": [], "seat": [
            {"hand": ids("H", (3, 4)), "played": ids("H", (1, 2, 5)), "won": ["GOF-D01", "GOF-D03", "GOF-D04"]},
            {"hand": ids("S", (1, 2)), "played": ids("S", (3, 4, 5))}]})
    assert choose(st.game, st.view(0), st.legal_actions()).text == "bid GOF-H03", "♥3 beats all P1 holds"


def test_evaluate_favours_the_seat_ahead() -> None:
    ahead = play(start([5, 1, 2, 3, 4]), [5], [1])
    behind = play(start([5, 1, 2, 3, 4]), [1], [5])
    assert evaluate(ahead) > 0.5 > evaluate(behind)
    assert abs(evaluate(start([5, 1, 2, 3, 4])) - 0.5) < 1e-9


def test_log_lines_and_the_table_in_both_languages() -> None:
    st = play(start([3, 1, 2]), [1], [3])
    g = st.game
    lines = {lang: [g.describe(e, lang) for e in st.log_view(0)] for lang in ("en", "ja")}
    assert lines["en"] == [
        "Round 1: the prize ♦3 (3 points) is turned up.", "P0 bids ♥A face down.", "P1 has bid, face down.",
        "Bids revealed: P0 ♥A, P1 ♠3.", "P1 wins ♦3 (3 points). Score: P0 0, P1 3.",
        "Round 2: the prize ♦A (1 point) is turned up."]
    assert lines["ja"][3:5] == ["入札を公開: P0 ♥A、P1 ♠3。", "P1が♦3を獲得 (3点)。得点: P0 0、P1 3。"]
    assert g.render(st.view(0), "en").splitlines()[:3] == [
        "Goofspiel — round 2 of 3 (equal bids: the prize is discarded)", "Prize up: ♦A — 1 point",
        "Prizes face down: 1"]
    assert g.prompt(st.view(0), "ja") == "ラウンド2/3 — 賞品♦A (1点)。手札から1枚を伏せて入札: bid ランク (bid 7、bid q) か、一覧の番号。"
    assert (g.result_text("higher total", "ja"), g.result_text("equal totals", "en")) == ("得点差", "equal points")
    setup = fudaba.load_game("goofspiel", cards=5, ties="carry").new_game(seed=0).log_view(1)[0]
    assert g.describe(setup, "en") == ("The 5 prizes (♦A to ♦5) are shuffled face down. Equal bids: the prize carries "
                                       "over to the next round.")
    assert g.describe(setup, "ja") == "賞品5枚 (♦Aから♦5) を裏向きに切る。同じ値の入札: 賞品は次のラウンドに持ち越し。"
