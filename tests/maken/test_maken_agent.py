"""The greedy Maken agent (issue 9): it beats random play in at least 90% of 200 seeded games (seats
and decks alternate), plays itself to an end, and its choices on hand-made positions (spec §12):
bets the opponent cannot answer, guards when behind on speed, keeps gauge for a GC, presses a guard
break."""

from __future__ import annotations

from typing import Any

import fudaba
from fudaba.agents import make_agent
from fudaba.games.maken.ai import MakenGreedy

from ..agent_matches import wins_against_random
from .helpers import AI, GRAY, attack_card, attack_pos, events, play, pos, seat

#: hidden filler for the opponent's hand (the agent sees only its count)
AI_FILL = ["MK-A08"] * 5
GRAY_FILL = ["MK-G06"] * 5


def choose(st: Any) -> str:
    """The greedy agent's answer to the pending decision (it sees only the decider's information set)."""
    d = st.decision
    agent = MakenGreedy()
    agent.reset(st.game, d.player, 0)
    return str(agent.act(st.infoset(d.player)))


def run_agent(st: Any, p: int, kind: str) -> list[str]:
    """Let the agent answer seat ``p``'s decisions of ``kind`` while they come; its actions in order."""
    done = []
    while st.decision is not None and st.decision.player == p and st.decision.kind == kind:
        a = choose(st)
        done.append(a)
        st.apply(a)
    return done


# ------------------------------------------------------------------ whole games
def test_greedy_beats_random_200_games() -> None:
    # draws count as non-wins
    assert wins_against_random("maken", MakenGreedy) >= 180


def test_greedy_registered_and_plays_itself_to_an_end() -> None:
    game = fudaba.load_game("maken")
    for seed in range(4):
        a, b = make_agent("greedy", "maken"), make_agent("greedy", "maken")
        assert isinstance(a, MakenGreedy) and isinstance(b, MakenGreedy)
        a.reset(game, 0, seed)
        b.reset(game, 1, seed)
        st = game.new_game(seed=seed)
        steps = 0
        while not st.over:
            d = st.decision
            st.apply((a, b)[d.player].act(st.infoset(d.player)))
            steps += 1
            assert steps < 3000
        assert st.result in ("down on the last life card", "stalemate", "turn limit")


# ------------------------------------------------------------------ §4 mulligan
def test_4_mulligan_keeps_a_hand_that_can_open_and_returns_one_that_cannot() -> None:
    # two cards with front reach > 0 can make a first bet (§6.1); reach-0 B01, GC-only G04 and
    # supports cannot
    st = pos(seat(GRAY, hand=["MK-G01", "MK-B02", "MK-B01", "MK-G04", "MK-G06"]), seat(AI, hand=AI_FILL),
             phase="mulligan", turn=1, to_act=0)
    assert choose(st) == "keep"
    st = pos(seat(GRAY, hand=["MK-G01", "MK-B01", "MK-B01", "MK-G04", "MK-G06"]), seat(AI, hand=AI_FILL),
             phase="mulligan", turn=1, to_act=0)
    assert choose(st) == "mulligan"


# ------------------------------------------------------------------ §6.1/§6.2.1 bets the opponent cannot answer
def test_6_1_fb_the_card_fewest_hidden_cards_answer_counting_the_dust() -> None:
    # Gray's FB: G03 (speed 3, reach 2, attack 3) is answered by A02, A06, A07 (speed ≥ 3, front
    # reach ≥ 2), G05 (speed 4, reach 1, attack 2) by A01, A02, A07: G03 hits harder
    st = pos(seat(GRAY, hand=["MK-G03", "MK-G05"]), seat(AI, hand=AI_FILL))
    assert choose(st) == "bet MK-G03"
    # every A01 and A02 lies in Ai's dust: only A07 still answers G05, A06 and A07 answer G03
    st = pos(seat(GRAY, hand=["MK-G03", "MK-G05"]), seat(AI, hand=AI_FILL, dust=["MK-A01"] * 4 + ["MK-A02"] * 4))
    assert choose(st) == "bet MK-G05"


def test_6_1_fb_counts_the_opponents_static_modifiers() -> None:
    # G03 (speed 3, reach 2) against B02 (speed 2, back reach 1, answered by most of Ai's cards)
    st = pos(seat(GRAY, hand=["MK-B02", "MK-G03"]), seat(AI, hand=AI_FILL))
    assert choose(st) == "bet MK-G03"
    # with 風読み set (Ai's air cards speed +1, §8), A03 (air, speed 2 → 3, reach 3) answers G03 too
    st = pos(seat(GRAY, hand=["MK-B02", "MK-G03"]), seat(AI, hand=AI_FILL, supports=["MK-A09"]))
    assert choose(st) == "bet MK-B02"


def test_5_3_sets_supports_before_the_first_bet() -> None:
    st = pos(seat(GRAY, hand=["MK-G02", "MK-G06", "MK-G07"]), seat(AI, hand=AI_FILL))
    assert run_agent(st, 0, "before_attack") == ["set MK-G06", "set MK-G07"]
    assert st.supports[0] == ["MK-G06", "MK-G07"] and st.field[0][0][0] == "MK-G02"  # the only FB, applied


# ------------------------------------------------------------------ §6.2.2 guard when behind on speed
def test_6_2_2_guards_when_behind_on_speed_on_its_last_lp_card() -> None:
    # right after Ai's FB A01 (speed 6) nothing of Gray's is fast enough: a call is Ai's clean hit
    # with a bonus bet (D1); on the last LP card the hit costs more than a cover
    hand = ["MK-B02", "MK-G03", "MK-B06"]
    st = attack_pos(seat(GRAY, hand=list(hand), lp=["MK-G06"]), seat(AI, field=["MK-A01"], hand=AI_FILL), 1, 0,
                    after_fb=True)
    assert choose(st) == "guard stand"
    # with three LP cards a small hit is cheaper than a card: damage comes back at a down (§6.4)
    st = attack_pos(seat(GRAY, hand=list(hand)), seat(AI, field=["MK-A01"], hand=AI_FILL), 1, 0, after_fb=True)
    assert choose(st) == "call"


def test_6_2_2_guards_a_big_field_when_behind_on_speed() -> None:
    # Ai's field A06 + A07 x2 attack hits for 2 + 4 + 2 = 8 at speed 5; Gray's top B06 (crouch,
    # speed 3) cannot be topped by G03/G05/B01: the crouch guard (注7) costs one card
    st = attack_pos(seat(GRAY, hand=["MK-G03", "MK-G05", "MK-B01"], field=["MK-B06"]),
                    seat(AI, field=["MK-A06", {"card": "MK-A07", "n": 2, "opts": ["attack"]}], hand=AI_FILL), 1, 0)
    assert choose(st) == "guard crouch"


# ------------------------------------------------------------------ gauge kept for a GC (§6.2.4)
T1 = attack_card("MK-T1", speed=4, reach=3, attack=4, guard=2, gauge_cost=2)
T2 = attack_card("MK-T2", speed=4, reach=3, attack=2, guard=2)


def test_6_2_4_keeps_gauge_for_a_gc_card_in_hand() -> None:
    # over Ai's FB A03 (speed 2, reach 3) Gray may bet T1 (attack 4, gauge cost 2) or T2 (attack 2, free);
    # nothing of Ai's answers either (speed ≥ 4 with reach ≥ 3)
    def at(third: str, gauge: int) -> str:
        return choose(attack_pos(seat(GRAY, hand=["MK-T1", "MK-T2", third], gauge=["MK-G06"] * gauge),
                                 seat(AI, field=["MK-A03"], hand=AI_FILL), 1, 0, after_fb=True, cards=[T1, T2]))

    assert at("MK-G03", 2) == "bet MK-T1"  # no GC card: the stronger bet
    assert at("MK-G04", 2) == "bet MK-T2"  # T1 would leave 0 gauge for G04's GC (cost 1)
    assert at("MK-G04", 3) == "bet MK-T1"  # 3 − 2 = 1 is enough for G04


def test_6_2_4_gc_when_it_may() -> None:
    # Gray guards standing with G04 (GC-only, cost 1, reach 2) on top, gauge 1; Ai's top A01 (back reach 1)
    st = attack_pos(seat(GRAY, hand=GRAY_FILL, gauge=["MK-G06"], guard={"space": "stand", "cards": ["MK-G06", "MK-G04"]}),
                    seat(AI, field=["MK-A06", "MK-A01"], hand=AI_FILL), 1, 0, state=("guarding", "forcing"))
    assert [a.text for a in st.legal_actions()] == ["maintain", "gc", "drop"]
    assert choose(st) == "gc"


def test_6_2_2_covers_the_least_useful_cards_with_a_payable_gc_card_on_top() -> None:
    # Ai's FB A01 x2 guard (guard 2, back reach 1): Gray guards standing, two covers. G03 is the least
    # useful plain card; the top (注10) is the strongest GC card Gray can open: G04 (attack 3, cost 1)
    # with gauge 1, G05 (attack 2, cost 0, reach 1 ≥ 1) without gauge
    for gauge, top in ((1, "MK-G04"), (0, "MK-G05")):
        st = attack_pos(seat(GRAY, hand=["MK-G05", "MK-G04", "MK-G03", "MK-B01"], gauge=["MK-G06"] * gauge),
                        seat(AI, field=[{"card": "MK-A01", "n": 2, "opts": ["guard"]}], hand=AI_FILL), 1, 0,
                        after_fb=True)
        play(st, "guard stand")
        assert run_agent(st, 0, "cover") == ["cover MK-G03", f"cover {top}"]
        assert [e["card"] for e in events(st, "cover")] == ["MK-G03", top]  # bottom first


# ------------------------------------------------------------------ §6.2.3 press a guard break
def test_6_2_3_presses_a_guard_break_with_a_card_unguardable_both_ways() -> None:
    # Gray guards standing (1 cover, 1 card in hand): A04 is unguardable standing and crouching — no
    # maintain (注9), a GB (注16); A01 and A06 could be maintained against
    st = attack_pos(seat(GRAY, hand=["MK-G06"], guard={"space": "stand", "cards": ["MK-G06"]}),
                    seat(AI, field=["MK-A01"], hand=["MK-A04", "MK-A01", "MK-A06"]), 1, 1, state=("guarding", "forcing"))
    assert choose(st) == "bet MK-A04"
    st.apply("bet MK-A04")  # Gray's only action is drop, applied by the engine: Ai's GB
    assert events(st, "judge") == [{"outcome": "gb", "player": 1}]


def test_6_2_3_presses_with_more_guard_difficulty_than_the_hand_holds() -> None:
    # A06 (guard 2) over a 1-card stand guard needs 1 more cover: with 1 card in Gray's hand it is
    # maintained, so Ai calls (the guard holds, nothing spent); with none it breaks the guard
    def at(hand: list[str]) -> str:
        return choose(attack_pos(seat(GRAY, hand=hand, guard={"space": "stand", "cards": ["MK-G06"]}),
                                 seat(AI, field=["MK-A01"], hand=["MK-A01", "MK-A06"]), 1, 1,
                                 state=("guarding", "forcing")))

    assert at(["MK-G06"]) == "call"
    assert at([]) == "bet MK-A06"


# ------------------------------------------------------------------ §6.3 bonus bets
def test_6_3_bonus_bet_only_for_the_damage_the_down_needs() -> None:
    # §13 example 1: Gray's B01 (attack 8) clean-hits defenceless Ai; B02's 2 more make the 10 of a down
    def after_b01(damage: int) -> Any:
        st = pos(seat(GRAY, hand=["MK-B01", "MK-B02"], gauge=["MK-G01", "MK-G03"]),
                 seat(AI, hand=[], damage=["MK-A08"] * damage))
        st.apply("bet MK-B01")
        assert st.decision is not None and st.decision.kind == "bonus"
        return st

    assert choose(after_b01(0)) == "bet MK-B02"
    assert choose(after_b01(2)) == "pass"  # 8 already downs her: the rest would be cancelled (§6.4)
