"""The greedy Suikoden agent (issue 8): its choices on hand-made positions (spec §14), and that it
beats random play in at least 90% of 200 seeded games (seats and decks alternate)."""

from __future__ import annotations

from typing import Any

import pytest

import fudaba
from fudaba.agents import make_agent
from fudaba.games.suikoden.ai import SuikodenGreedy

from ..agent_matches import wins_against_random
from .conftest import battle, mission, pos, seat


def choose(st: Any) -> str:
    """The greedy agent's answer to the pending decision (it sees only the decider's information set)."""
    d = st.decision
    agent = SuikodenGreedy()
    agent.reset(st.game, d.player, 0)
    return str(agent.act(st.infoset(d.player)))


def run_agent(st: Any, p: int, kinds: tuple[str, ...]) -> list[str]:
    """Let the agent answer seat ``p``'s decisions of ``kinds`` while they come; its actions in order."""
    done = []
    while st.decision is not None and st.decision.player == p and st.decision.kind in kinds:
        a = choose(st)
        done.append(a)
        st.apply(a)
    return done


def view_mission(st: Any, owner: int, slot: str = "M1") -> dict[str, Any] | None:
    for m in st.view(0)["table"]["players"][owner]["missions"]:
        if m["slot"] == slot:
            return dict(m)
    return None


# ------------------------------------------------------------------ whole games
def test_greedy_beats_random_200_games() -> None:
    # draws count as non-wins
    assert wins_against_random("suikoden", SuikodenGreedy) >= 180


def test_greedy_registered_and_plays_itself_to_an_end() -> None:
    game = fudaba.load_game("suikoden")
    a, b = make_agent("greedy", "suikoden"), make_agent("greedy", "suikoden")
    assert isinstance(a, SuikodenGreedy)
    a.reset(game, 0, 1)
    b.reset(game, 1, 1)
    st = game.new_game(seed=1)
    while not st.over:
        d = st.decision
        st.apply((a, b)[d.player].act(st.infoset(d.player)))
    assert st.result in ("vp", "deck out", "deck out (both)", "turn limit")


# ------------------------------------------------------------------ §4.4 mulligan
def test_4_4_mulligan_without_a_leader_returns_non_leaders() -> None:
    # no link opener: nothing could deploy; the characters go back, the least useful first (§6.1)
    st = pos(seat(hand=["GS-A05", "GS-A10", "GS-A11", "GS-A13", "GS-R01", "GS-A15"], deck=["GS-A16"] * 10),
             seat(hand=["GS-B18"] * 6), turn=1, phase="mulligan", mulligan={"seat": 0, "returned": []})
    assert run_agent(st, 0, ("mulligan",)) == ["return GS-A11", "return GS-A13", "return GS-A10"]


def test_4_4_mulligan_keeps_a_playable_hand() -> None:
    st = pos(seat(hand=["GS-A01", "GS-A05", "GS-A07", "GS-A02", "GS-R01", "GS-A15"], deck=["GS-A16"] * 10),
             seat(hand=["GS-B18"] * 6), turn=1, phase="mulligan", mulligan={"seat": 0, "returned": []})
    assert choose(st) == "done"


# ------------------------------------------------------------------ §5 main phase
#: a leader weaker than every other card in the hand below (links A, B; 1/0/0)
CAPTAIN = {"id": "GS-X90", "name": "試験の隊長", "name_en": "Test Captain", "type": "character", "class": "leader",
           "camp": ["新同盟軍"], "links": "AB", "atk": 1, "mil": 0, "con": 0, "invented": True}


def test_5_discard_keeps_the_only_leader() -> None:
    # nothing to play: one discard is the cheapest main-phase action. The captain has the weakest
    # stats, but it is the only link opener (§6.1): ミリー (2/0/1) goes instead
    st = pos(seat(hand=["GS-X90", "GS-A05", "GS-A07", "GS-A08", "GS-A09"]), cards=[CAPTAIN])
    assert choose(st) == "discard GS-A09"


def test_5_discard_drops_an_unlinked_card_first() -> None:
    # ジョウイ (AG, 3/1000/0) shares no letter with the hand's leader シュウ (BDF); ヒルダ (DE, 0/0/3),
    # weaker on paper, links to it (D)
    st = pos(seat(hand=["GS-A04", "GS-A13", "GS-A07", "GS-A08", "GS-A06"]))
    assert choose(st) == "discard GS-A07"


def test_5_plays_the_mission_its_hand_can_clear() -> None:
    # 夜襲 (troops 2000): シュウ alone brings 3000; リューベ救出 (atk 10) is out of reach (シュウ 1 atk,
    # ナナミ/シロ cannot link to BDF)
    st = pos(seat(hand=["GS-A15", "GS-B16", "GS-A04", "GS-A13", "GS-A05", "GS-A10"]))
    assert choose(st) == "play GS-B16"


def test_5_8_1_attaches_a_support_that_shortens_the_plan() -> None:
    # タイムスリップ (atk 8): フリック 4 + ナナミ 3 falls short without a third card; with ミリー
    # (own characters +1 atk) the two reach 9
    st = pos(seat(hand=["GS-R01", "GS-A09", "GS-A01", "GS-A05", "GS-A13", "GS-A10"]))
    assert choose(st) == "play GS-R01 GS-A09"


def test_5_continues_a_mission_it_is_close_to_clearing() -> None:
    st = pos(seat(hand=["GS-A11", "GS-A13", "GS-A10"], missions=[mission("GS-R01", mine=["GS-A01", "GS-A05"])]))
    assert choose(st) == "continue M1"
    st.apply("continue M1")
    assert choose(st) == "deploy GS-A11"  # 4 + 3 + 2 = 9 ≥ 8
    st.apply("deploy GS-A11")
    # §7.5 every other card is discarded: the garrison is the least useful one, never the leader
    assert choose(st) == "garrison M1.3"
    st.apply("garrison M1.3")
    assert st.view(0)["table"]["players"][0]["resolved"][0]["garrison"] == "GS-A11"
    assert st.view(0)["table"]["players"][0]["vp"] == 1


# ------------------------------------------------------------------ §7.1 deploy/pass step
def test_7_2_deploys_the_card_that_exactly_reaches_the_value() -> None:
    # タイムスリップ (atk 8) with フリック (4): ザジ 4 reaches exactly; ビクトール (7 with フリック) and
    # ネクロード (6) would overshoot and are worth more kept; ナナミ (3) falls short
    st = pos(seat(hand=["GS-A02", "GS-B12", "GS-B10", "GS-A05"], missions=[mission("GS-R01", mine=["GS-A01"])]),
             battle=battle(0, kind="new", steps=1, last_pass=True))
    assert choose(st) == "deploy GS-B12"


def test_7_1_passes_when_its_hand_cannot_reach_the_value() -> None:
    # the opponent's new サウスウィンドウ制圧 (atk 9): フリック 4 + ヒルダ 0 is all that links; deploying
    # would only throw cards away
    st = pos(seat(hand=["GS-A01", "GS-A13", "GS-A10"]), seat(missions=[mission("GS-B18")]), active=1,
             battle=battle(1, kind="new", steps=0))
    assert st.decision.player == 0 and "deploy GS-A01" in [str(a) for a in st.legal_actions()]
    assert choose(st) == "pass"


def test_7_2_both_meet_rather_than_let_the_opponent_clear() -> None:
    # left unresolved, the opponent's ソロン + シード meet タイムスリップ's 8 again (a modifier ran out);
    # we must act first (continue, no pass): ミナ (5 + 2 = 7) lets them clear (+2 VP), ナナミ (5 + 3 = 8)
    # makes both meet: both fail
    st = pos(seat(hand=["GS-A11", "GS-A05"], missions=[mission("GS-R01", mine=["GS-A02"],
                                                                  theirs=["GS-B01", "GS-B05"])]),
             battle=battle(0, kind="continue", steps=0))
    assert [str(a) for a in st.legal_actions()] == ["deploy GS-A11", "deploy GS-A05"]
    assert choose(st) == "deploy GS-A05"
    st.apply("deploy GS-A05")
    assert view_mission(st, 0) is None
    assert [st.view(0)["table"]["players"][p]["vp"] for p in (0, 1)] == [0, 0]


def test_8_3_rune_takes_the_opponent_under_the_value() -> None:
    # as above, but フリック's rune (cost: 1 card) takes 2 atk off ソロン: they no longer meet
    st = pos(seat(hand=["GS-A05", "GS-A13"], missions=[mission("GS-R01", mine=["GS-A01"],
                                                              theirs=["GS-B01", "GS-B05"])]),
             battle=battle(0, kind="continue", steps=0))
    assert choose(st) == "rune M1.1"
    st.apply("rune M1.1")
    assert run_agent(st, 0, ("cost", "target")) == ["discard GS-A13", "target M1.x1"]
    m = view_mission(st, 0)
    assert m is not None and m["totals"][1]["atk"] == 6


# ------------------------------------------------------------------ §8.4 counter
def counter_position() -> Any:
    # spec §15 7: seat 1 has ソロン on seat 0's タイムスリップ, seat 0 has フリック there and holds ツァイ
    return pos(seat(hand=["GS-A08", "GS-A13"], missions=[mission("GS-R01", mine=["GS-A01"], theirs=["GS-B01"])]),
               seat(hand=["GS-B05", "GS-B14"]), active=1, battle=battle(0, kind="continue", steps=0))


def test_8_4_counters_the_deployment_that_would_clear() -> None:
    st = counter_position()
    st.apply("deploy GS-B05")  # ソロン 4 + シード 4 = 8 ≥ 8
    assert st.decision.player == 0 and st.decision.kind == "counter"
    assert choose(st) == "counter GS-A08"
    st.apply("counter GS-A08")
    m = view_mission(st, 0)
    assert m is not None and m["totals"][1]["atk"] == 6


def test_8_4_keeps_the_counter_when_nothing_is_at_stake() -> None:
    st = counter_position()
    st.apply("deploy GS-B14")  # ソロン 4 + ハンス 1 = 5 < 8
    assert st.decision.player == 0 and st.decision.kind == "counter"
    assert choose(st) == "pass"


# ------------------------------------------------------------------ §7.3 troops casualties
def test_7_3_casualties_keep_the_survivor_that_clears() -> None:
    # spec §15 3 with troops_exact = false: losing シュウ alone (3000 ≥ 2500) is legal, but losing
    # ツァイ + ジョウイ + ナナミ keeps シュウ's 3000 ≥ 3000: seat 0 clears
    st = pos(seat(missions=[mission("GS-A16", mine=["GS-A04", "GS-A08", "GS-A07", "GS-A05"], theirs=["GS-B01"])]),
             params={"troops_exact": False}, battle=battle(0, kind="continue", steps=1, last_pass=True))
    assert st.decision.kind == "casualties"
    assert "lose M1.1" in [str(a) for a in st.legal_actions()]
    acts = run_agent(st, 0, ("casualties", "garrison"))
    assert "lose M1.1" not in acts
    t = st.view(0)["table"]["players"][0]
    assert t["vp"] == 1
    assert [(r["card"], r["garrison"]) for r in t["resolved"]] == [("GS-A16", "GS-A04")]


# ------------------------------------------------------------------ §7.5 garrison
def test_7_5_garrison_does_not_block_a_card_in_hand() -> None:
    # a garrison keeps its name in play (§6.2): garrisoning ミナ would lock the other ミナ in hand
    st = pos(seat(hand=["GS-A11", "GS-A11", "GS-A13"], missions=[mission("GS-R01", mine=["GS-A01", "GS-A05"])]),
             battle=battle(0, kind="new", steps=1, last_pass=True))
    st.apply("deploy GS-A11")
    assert choose(st) == "garrison M1.2"


# ------------------------------------------------------------------ §7.6 duel
def duel_position(**s1: Any) -> Any:
    return pos(seat(hand=["GS-A17", "GS-A03", "GS-B10", "GS-A05", "GS-A13", "GS-A02"]), seat(**s1))


def test_7_6_duel_picks_the_highest_atk_character() -> None:
    # 天山の一騎打ち (atk): ビクトール&フリック (8) is a pair (cannot garrison); ネクロード 6 is next
    st = duel_position()
    st.apply("play GS-A17")
    assert st.decision.kind == "duel" and st.decision.player == 0
    assert choose(st) == "duel GS-B10"


def test_7_6_duel_skips_a_name_already_in_play() -> None:
    # the opponent's garrison ネクロード: ours would be discarded on reveal (§6.2); ビクトール 5 instead
    st = duel_position(resolved=[{"card": "GS-B18", "garrison": "GS-B10"}])
    st.apply("play GS-A17")
    assert choose(st) == "duel GS-A02"


def test_7_6_hopeless_duel_throws_the_least_useful_card() -> None:
    # the opponent's atk duel: our only non-pair character is ヒルダ (atk 0), which can at best tie,
    # and a tie goes to the placer: throw a surplus mission instead
    st = pos(seat(hand=["GS-A03", "GS-R01", "GS-R01", "GS-A15", "GS-A13"]), seat(hand=["GS-A17", "GS-B01"]),
             active=1)
    st.apply("play GS-A17")  # seat 1's only card is picked for it (one option)
    assert st.decision.kind == "duel" and st.decision.player == 0
    assert choose(st) == "duel GS-R01"


# ------------------------------------------------------------------ the search's cut-off evaluation
def test_7_2_mission_prospects_weigh_the_vp_at_stake_by_each_sides_progress() -> None:
    """§7.2/§7.5 (spec §14's position): on seat 1's attack mission GS-B17 (value 7, VP 1/2) seat 0
    has atk 4+3−2 = 5 and seat 1 has 3+3 = 6, both able to garrison: seat 0 may expect the right-hand
    2 VP times (5/7)², seat 1 its left-hand 1 VP times (6/7)²."""
    from fudaba.games.suikoden.ai import evaluate, mission_prospects

    from .test_suikoden_examples import SPEC_14

    st = fudaba.load_game("suikoden").load_position(SPEC_14)
    e0, e1 = mission_prospects(st)
    assert (e0, e1) == (2 * (5 / 7) ** 2, 1 * (6 / 7) ** 2)
    before = evaluate(st)
    st.apply("redeploy")  # both meet 7: the mission and every card on it are discarded, no VP (§7.2)
    assert mission_prospects(st) == (0.0, 0.0)
    assert st.vp == [1, 0] and evaluate(st) < before  # seat 0 lost the better prospect


def test_7_3_troops_prospects_share_the_vp_by_mil_and_an_empty_mission_counts_nothing() -> None:
    from fudaba.games.suikoden.ai import mission_prospects

    """§7.3: troops are won by the larger mil total — each side's share of the mil on GS-A16 (troops
    3000, VP 1/1), times how far it reaches the value; a mission nobody deployed on counts nothing."""
    # seat 0 has 4 characters on its own GS-A16, seat 1 one
    st = pos(seat(hand=["GS-A11"], missions=[mission("GS-A16", mine=["GS-A04", "GS-A08", "GS-A07", "GS-A05"],
                                                     theirs=["GS-B01"])]),
             seat(), battle=battle(0, kind="new", actor=0, steps=3, last_pass=True))
    _, tots, _ = _values(st)
    c = st.C["GS-A16"]
    s0, s1 = tots[0][1], tots[1][1]
    e0, e1 = mission_prospects(st)
    assert s0 > s1 > 0 and e0 > e1 > 0
    assert e0 == pytest.approx(c.vp[0] * s0 / (s0 + s1) * min(1.0, s0 / c.value))
    assert e1 == pytest.approx(c.vp[1] * s1 / (s0 + s1) * min(1.0, s1 / c.value))
    empty = pos(seat(missions=[mission("GS-A16")]), seat(), phase="main")
    assert mission_prospects(empty) == (0.0, 0.0)


def _values(st: Any) -> Any:
    from fudaba.games.suikoden.effects import mission_values

    return mission_values(st, 0, 0)
