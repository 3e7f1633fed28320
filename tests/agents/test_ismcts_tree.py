"""Issue 10, the search: the ISMCTS tree (selection, expansion, backpropagation, availability
counts) on the core's toy game (tests/core/toygame.py), where the best move is known."""

from __future__ import annotations

import math
from typing import Any

import pytest

import fudaba
from fudaba.agents import ismcts, make_agent
from fudaba.agents.ismcts import Edge, ISMCTSAgent, Node, Tree, backpropagate, select, visit, visit_prior
from fudaba.core import Action, Decision, Rng

A, B, C = Action.of("play", "T-1"), Action.of("play", "T-2"), Action.of("play", "T-5")

#: seat 0 to play with 5 points, T-5 in hand: playing it reaches the target of 10 and wins now;
#: seat 1 has 9 points and wins with any card on its next turn
WIN_NOW = {"game": "toy", "turn": 5, "active": 0, "seed": 3, "seat": [
    {"hand": ["T-5", "T-1"], "deck": ["T-2", "T-4", "T-3"], "score": ["T-2", "T-3"]},
    {"hand": ["T-1", "T-4"], "deck": ["T-5", "T-3", "T-1"], "score": ["T-5", "T-4"]},
]}


def toy(pos: dict[str, Any] | None = None, target: int = 10) -> Any:
    g = fudaba.load_game("toy", target=target)
    return g.load_position(pos) if pos is not None else g.new_game(seed=4)


def node_with(seat: int, *stats: tuple[Action, int, float, int]) -> Node:
    n = Node(seat)
    for a, visits, reward, avail in stats:
        e = n.children[a.text] = Edge(a)
        e.visits, e.reward, e.avail = visits, reward, avail
    n.visits = sum(s[1] for s in stats)
    return n


# ------------------------------------------------------------------ selection
def test_selection_picks_the_child_of_highest_ucb() -> None:
    # hand-computed, c = 0.7: A 0.6 + 0.7·sqrt(ln 20 / 10) = 0.983; B 0.5 + 0.7·sqrt(ln 20 / 2) = 1.357;
    # C 0.8 + 0.7·sqrt(ln 6 / 5) = 1.219
    n = node_with(0, (A, 10, 6.0, 20), (B, 2, 1.0, 20), (C, 5, 4.0, 6))
    assert ismcts.ucb(n.children["play T-2"], 0.7) == pytest.approx(0.5 + 0.7 * math.sqrt(math.log(20) / 2))
    assert select(n, [A, B, C], 0.7) is n.children["play T-2"]
    assert select(n, [A, C], 0.7) is n.children["play T-5"]  # B is not legal in this determinization
    assert select(n, [A, B, C], 0.0) is n.children["play T-5"]  # no exploration: the best mean


def test_selection_explores_by_availability_not_by_the_parents_visits() -> None:
    # X: 0.6 + 0.7·sqrt(ln 4 / 4) = 1.012; Y: 0.5 + 0.7·sqrt(ln 100 / 4) = 1.251. With the parent's
    # 100 visits in both logs X would win (1.351): Y was available far more often than X
    x, y = A, B
    n = node_with(1, (x, 4, 2.4, 4), (y, 4, 2.0, 100))
    n.visits = 100
    assert select(n, [x, y], 0.7) is n.children["play T-2"]


# ------------------------------------------------------------------ availability and expansion
def test_availability_counts_only_the_children_legal_in_the_determinization() -> None:
    n = node_with(1, (A, 3, 1.0, 5), (B, 2, 1.0, 4), (C, 1, 1.0, 2))
    e, new = visit(n, [A, C], 0.7, Rng(1))
    assert not new and e in (n.children["play T-1"], n.children["play T-5"])
    assert [n.children[a.text].avail for a in (A, B, C)] == [6, 4, 3]


def test_expansion_adds_one_untried_legal_child_with_availability_one() -> None:
    n = node_with(0, (A, 3, 1.0, 5))
    e, new = visit(n, [A, B, C, Action.of("pass")], 0.7, Rng(2))
    assert new and len(n.children) == 2 and e.action in (B, C, Action.of("pass"))
    assert (e.visits, e.reward, e.avail) == (0, 0.0, 1)
    assert n.children["play T-1"].avail == 6  # the tried child was available too


def test_each_iteration_adds_exactly_one_child_to_the_tree() -> None:
    st = toy(target=40)  # no game ends within the tree of 30 iterations
    info = st.infoset(st.decision.player)
    agent = ISMCTSAgent(iters=1)
    agent.reset(st.game, info.seat, 0)
    tree = Tree((info.seat, "play", ()))
    for k in range(1, 30):
        agent.iterate(tree, info.sample(agent.rng).clone(search=True), info.seat)
        assert tree.edges() == k
        assert tree.nodes[tree.root].visits == k


def test_availability_counts_match_every_determinization_met() -> None:
    # every visit of a node in a real search is logged with the actions legal there; an edge's
    # availability is the number of those visits, from the one that created it on, in which its
    # action was legal — the opponent's cards change from one determinization to the next
    st = toy()
    seat = st.decision.player
    calls: list[tuple[int, list[str], str, bool]] = []
    real = ismcts.visit

    def spy(node: Node, legal: list[Action], c: float, rng: Rng) -> tuple[Edge, bool]:
        e, new = real(node, legal, c, rng)
        calls.append((id(node), [a.text for a in legal], e.action.text, new))
        return e, new

    agent = ISMCTSAgent(iters=300)
    agent.reset(st.game, seat, 5)
    ismcts.visit = spy
    try:
        tree = agent.search(st.infoset(seat))
    finally:
        ismcts.visit = real
    varied = 0
    for node in tree.nodes.values():
        mine = [c for c in calls if c[0] == id(node)]
        for text, e in node.children.items():
            born = next(i for i, c in enumerate(mine) if c[2] == text and c[3])
            assert e.avail == sum(1 for c in mine[born:] if text in c[1]), (node, e)
            varied += e.avail < len(mine) - born
    assert varied > 0  # some children were not legal in every determinization


def test_prior_puct_expands_an_untried_action_valued_at_the_nodes_mean() -> None:
    # hint T-5 (P 0.5; T-1 and T-2 0.25 each), 8 visits: explore = c·sqrt(9); untried T-2 counts at
    # the node's mean (2.0 + 2.4) / 7. c = 1: T-1 0.5 + 3·0.25/5 = 0.65, T-2 0.629 + 3·0.25 = 1.379,
    # T-5 0.8 + 3·0.5/4 = 1.175 — T-2 is expanded. c = 0.2: 0.53, 0.779, 0.875 — T-5 is selected
    for c, want, new in ((1.0, "play T-2", True), (0.2, "play T-5", False)):
        n = node_with(0, (A, 4, 2.0, 4), (C, 3, 2.4, 3))
        n.visits, n.hint = 8, "play T-5"
        e, is_new = visit_prior(n, [A, B, C], c, 0.5)
        assert (e.action.text, is_new) == (want, new)
        assert (n.children["play T-1"].avail, n.children["play T-5"].avail) == (5, 4)
        assert len(n.children) == (3 if new else 2)


def test_prior_puct_first_play_urgency_is_the_nodes_mean_not_a_constant() -> None:
    # T-1 0.9, T-5 0.8, untried T-2 at the node's mean 6/7 = 0.857; c = 0.2, explore 0.6:
    # T-1 0.9 + 0.6·0.25/5 = 0.93, T-2 0.857 + 0.6·0.25 = 1.007, T-5 0.8 + 0.6·0.5/4 = 0.875 (with a
    # constant 0.5 instead, T-2 would score 0.65 and T-1 be selected)
    n = node_with(0, (A, 4, 3.6, 4), (C, 3, 2.4, 3))
    n.visits, n.hint = 8, "play T-5"
    e, new = visit_prior(n, [A, B, C], 0.2, 0.5)
    assert new and e.action is B


def test_prior_puct_is_uniform_when_the_hint_is_not_legal() -> None:
    # hint T-5 not legal: P = 1/3 each; node mean 4.0/8 = 0.5; T-1 0.9 + 3·(1/3)/5 = 1.1, untried T-2
    # 0.5 + 3·(1/3) = 1.5, pass 0.1 + 0.2 = 0.3 — T-2. (Weighing the absent hint at 0.9 would leave
    # 0.05 to the others: T-1 0.93, T-2 0.65 — T-1.)
    n = node_with(1, (A, 4, 3.6, 4), (Action.of("pass"), 4, 0.4, 4))
    n.visits, n.hint = 8, "play T-5"
    e, new = visit_prior(n, [A, B, Action.of("pass")], 1.0, 0.9)
    assert new and e.action is B


def test_prior_hint_is_the_greedy_agents_choice_and_is_tried_first() -> None:
    st: Any = fudaba.load_game("sarasvati").new_game(seed=2)
    seat = st.decision.player
    greedy = make_agent("greedy", "sarasvati")
    greedy.reset(st.game, seat, 0)
    want = greedy.act(st.infoset(seat)).text
    agent = ISMCTSAgent(iters=1, prior=0.6, c=1.0)
    agent.reset(st.game, seat, 0)
    tree = agent.search(st.infoset(seat))
    root = tree.nodes[tree.root]
    assert root.hint == want and list(root.children) == [want]


# ------------------------------------------------------------------ backpropagation
def test_backpropagation_adds_the_result_of_the_seat_that_decides_at_each_node() -> None:
    n0, n1 = node_with(0, (A, 1, 1.0, 1)), node_with(1, (B, 2, 0.5, 2))
    e0, e1 = n0.children["play T-1"], n1.children["play T-2"]
    backpropagate([(n0, e0), (n1, e1)], (1.0, 0.0))  # seat 0 won
    assert (n0.visits, e0.visits, e0.reward) == (2, 2, 2.0)
    assert (n1.visits, e1.visits, e1.reward) == (3, 3, 0.5)
    backpropagate([(n0, e0), (n1, e1)], (0.5, 0.5))  # a draw
    assert (e0.reward, e1.reward) == (2.5, 1.0)
    assert (e0.avail, e1.avail) == (1, 2)  # availability is counted on the way down, not here


def test_an_iteration_backs_up_one_visit_along_its_path_and_the_winners_rewards() -> None:
    st = toy(WIN_NOW)
    agent = ISMCTSAgent(iters=1)
    agent.reset(st.game, 0, 0)
    tree = Tree((0, "play", ()))
    info = st.infoset(0)
    for _ in range(4):  # the four root options are tried first, one per iteration
        agent.iterate(tree, info.sample(agent.rng).clone(search=True), 0)
    root = tree.nodes[tree.root]
    assert sorted(root.children) == ["pass", "play T-1", "play T-2", "play T-5"]
    assert all(e.visits == 1 for e in root.children.values()) and root.visits == 4
    assert root.children["play T-5"].reward == 1.0  # a win for seat 0, who decides at the root


# ------------------------------------------------------------------ rollouts and budgets
def test_a_rollout_capped_by_depth_is_scored_a_draw() -> None:
    st = toy().clone(search=True)
    turn = st.turn
    agent = ISMCTSAgent(depth=1)
    agent.reset(st.game, 0, 0)
    assert agent.rollout(st) == (0.5, 0.5) and not st.over and st.turn == turn + 1  # one decision played
    agent.depth = 0
    assert agent.rollout(st) in ((1.0, 0.0), (0.0, 1.0), (0.5, 0.5)) and st.over


def test_dets_averages_the_leaf_and_fresh_determinizations_of_it() -> None:
    st = toy(WIN_NOW)
    leaf = st.infoset(0).sample(Rng(1)).clone(search=True)
    agent = ISMCTSAgent(dets=3)
    agent.reset(st.game, 0, 0)
    played: list[Any] = []
    results = iter([(1.0, 0.0), (0.0, 1.0), (1.0, 0.0)])

    def fake(w: Any) -> tuple[float, float]:
        played.append(w)
        return next(results)

    agent.rollout = fake  # type: ignore[method-assign]
    assert agent.evaluate(leaf, 0) == pytest.approx((2 / 3, 1 / 3))
    assert played[0] is leaf and len({id(w) for w in played}) == 3
    assert all(w.view(0) == leaf.view(0) for w in played[1:])  # the seat's information is kept,
    assert all(w.hash() != leaf.hash() for w in played[1:])  # the hidden cards dealt again


def test_the_search_stops_at_whichever_budget_ends_first() -> None:
    st = toy(target=40)
    seat = st.decision.player
    agent = ISMCTSAgent(iters=50_000, seconds=0.2)
    agent.reset(st.game, seat, 0)
    agent.act(st.infoset(seat))
    assert 0.2 <= agent.stats["seconds"] < 3 and 16 < agent.stats["iterations"] < 50_000
    agent = ISMCTSAgent(iters=7, seconds=30.0)
    agent.reset(st.game, seat, 0)
    agent.act(st.infoset(seat))
    assert agent.stats["iterations"] == 7


def test_without_iters_the_budget_is_200_iterations_or_only_the_time_given() -> None:
    assert ISMCTSAgent().iters == 200 and ISMCTSAgent(seconds=1.0).iters == ismcts.UNLIMITED
    assert ISMCTSAgent(seconds=1.0).spec() == "ismcts:c=0.7,rollout=random,dets=1,seconds=1"


# ------------------------------------------------------------------ keys and the known best move
def test_the_other_seat_sees_a_private_move_as_hidden_and_a_public_one_without_its_cards() -> None:
    g = fudaba.load_game("toy")
    agent = ISMCTSAgent()
    public = Decision(0, "play", "play", [C], "play")
    secret = Decision(0, "play", "play", [C], "play", private=True)
    assert agent.label(g, public, C) == "play ?"
    assert agent.label(g, public, Action.of("pass")) == "pass"
    assert agent.label(g, secret, C) == "?"


def test_the_search_plays_the_winning_card() -> None:
    st = toy(WIN_NOW)
    assert [a.text for a in st.decision.options] == ["play T-1", "play T-2", "play T-5", "pass"]
    for seed in range(3):
        agent = ISMCTSAgent(iters=100)
        agent.reset(st.game, 0, seed)
        assert agent.act(st.infoset(0)).text == "play T-5"
        root = agent.stats["root"]
        assert root["play T-5"][1] == 1.0 and max(root, key=lambda t: root[t][0]) == "play T-5"


def test_the_answer_is_the_root_child_visited_most() -> None:
    tree = Tree((0, "play", ()))
    tree.nodes[tree.root] = node_with(0, (A, 7, 1.0, 9), (B, 9, 2.0, 9), (C, 9, 3.0, 9))
    assert ISMCTSAgent.best(tree, [A, B, C]) is C  # B and C tie on visits: the better mean


# ------------------------------------------------------------------ cut-off rollouts and paired iterations
def test_a_cut_off_rollout_scores_the_games_evaluation(monkeypatch: pytest.MonkeyPatch) -> None:
    import dataclasses

    from fudaba.core import registry

    toy_game = dataclasses.replace(registry.descriptor("toy"), evaluate="tests.agents.test_ismcts_tree:toy_eval")
    monkeypatch.setitem(registry._REGISTERED, "toy", toy_game)  # the toy game with an evaluation
    st = toy(WIN_NOW)
    agent = ISMCTSAgent(iters=1, depth=1)
    agent.reset(st.game, 0, 0)
    agent.search(st.infoset(0))  # loads the evaluation of the game searched
    leaf = st.clone(search=True)
    assert agent.rollout(leaf) == pytest.approx((0.8, 0.2)) and not leaf.over  # one decision, then judged
    agent.depth = 0
    assert agent.rollout(st.clone(search=True)) in ((1.0, 0.0), (0.0, 1.0), (0.5, 0.5))  # to the end: no judging


def toy_eval(st: Any) -> float:
    return 0.8


@pytest.mark.parametrize("game", ["maken", "sarasvati", "suikoden", "walpurgis"])
def test_each_games_evaluation_is_a_chance_that_favours_the_side_ahead(game: str) -> None:
    from fudaba.agents.eval import evaluation

    f = evaluation(game)
    assert f is not None
    st = fudaba.load_game(game).new_game(seed=1)
    assert f(st) == pytest.approx(0.5, abs=0.1)  # an even start (hands may differ by the first draw)
    if game == "suikoden":
        st.vp = [3, 0]
    elif game == "maken":
        st.lp[1] = st.lp[1][:1]
    elif game == "sarasvati":
        st.books[1] = [None] * len(st.books[1])
    else:  # walpurgis: seat 1 holds nothing on the board, seat 0 three formations
        from fudaba.games.walpurgis.state import UP
        for i, c in zip((0, 6, 12), st.deck[0][:3], strict=True):
            st.board[i] = [(0, c, UP, 0)]
    assert 0.75 < f(st) < 1.0


def test_paired_iterations_try_every_root_action_on_the_same_deal() -> None:
    st = toy(WIN_NOW)
    agent = ISMCTSAgent(iters=5, paired=1)
    agent.reset(st.game, 0, 1)
    assert agent.act(st.infoset(0)).text == "play T-5"
    root = agent.stats["root"]
    assert sorted(root) == ["pass", "play T-1", "play T-2", "play T-5"]
    assert {v for v, _ in root.values()} == {5}  # each of the 4 actions once per deal, 5 deals
    assert root["play T-5"] == (5, 1.0)
    assert agent.stats["iterations"] == 5 and agent.spec() == "ismcts:iters=5,c=0.7,rollout=random,dets=1,paired=1"


def test_paired_iterations_share_the_random_numbers_below_the_root(monkeypatch: pytest.MonkeyPatch) -> None:
    st = toy(target=40)
    seat = st.decision.player
    agent = ISMCTSAgent(iters=1, paired=1)
    agent.reset(st.game, seat, 2)
    draws: list[list[int]] = []
    real = agent.rollout

    def spy(w: Any) -> tuple[float, float]:
        draws.append([agent.rng.randbelow(1000) for _ in range(3)])
        return real(w)

    monkeypatch.setattr(agent, "rollout", spy)
    agent.act(st.infoset(seat))
    assert len(draws) == len(st.decision.options) > 1 and all(d == draws[0] for d in draws)


def test_ties_at_the_root_go_to_the_greedy_choice() -> None:
    tree = Tree((0, "play", ()))
    root = tree.nodes[tree.root] = node_with(0, (A, 9, 3.0, 9), (B, 9, 3.0, 9))
    assert ISMCTSAgent.best(tree, [A, B]) is A
    root.hint = B.text
    assert ISMCTSAgent.best(tree, [A, B]) is B


def test_paired_option_is_checked() -> None:
    with pytest.raises(fudaba.FudabaError, match="paired=2"):
        ISMCTSAgent(paired=2)
    assert make_agent("ismcts:paired=1,iters=3").paired == 1  # type: ignore[attr-defined]
