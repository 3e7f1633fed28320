"""Issue 21 §2: the adapters pass their libraries' own conformance tests, for every game and variant.

PettingZoo's ``api_test`` and ``seed_test``, Gymnasium's ``check_env``, OpenSpiel's random simulation
test, OpenSpiel's own ISMCTSBot and MCTSBot (its Python implementations: the C++ bots crash on any
Python game in the PyPI build, OpenSpiel's own ``python_tic_tac_toe`` included), and the VectorEnv.
Small sizes: CI runs them all (``[rl]`` is part of ``[dev]``).
"""

from __future__ import annotations

import json
import random
import warnings

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")
pyspiel = pytest.importorskip("pyspiel")

import fudaba  # noqa: E402
from fudaba.rl import VectorEnv, gym_env, pettingzoo_env, register_openspiel  # noqa: E402
from fudaba.rl.common import encoding_of  # noqa: E402

CASES = [("sarasvati", None), ("walpurgis", "v2.01"), ("walpurgis", "v1.01"), ("suikoden", None), ("maken", None)]
IDS = [f"{g}-{v or 'default'}" for g, v in CASES]


@pytest.mark.parametrize(("name", "variant"), CASES, ids=IDS)
def test_21_2_pettingzoo_api_test_and_seed_test(name: str, variant: str | None) -> None:
    from pettingzoo.test import api_test, seed_test

    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)  # "Observation is not a NumPy array": a Dict, as asked
        api_test(pettingzoo_env(name, variant), num_cycles=200)
    seed_test(lambda: pettingzoo_env(name, variant), num_cycles=60)


def test_21_2_pettingzoo_game_plays_to_the_end_with_plus_minus_one() -> None:
    env = pettingzoo_env("sarasvati", render_mode="ansi")
    env.reset(seed=4)
    rnd = random.Random(4)
    total = {a: 0.0 for a in env.possible_agents}
    steps = 0
    for agent in env.agent_iter():
        obs, reward, term, trunc, _info = env.last()
        total[agent] += reward
        if term or trunc:
            env.step(None)
            continue
        assert obs["action_mask"].dtype == np.int8 and obs["observation"].dtype == np.float32
        other = env.possible_agents[1 - env.possible_agents.index(agent)]
        assert not env.observe(other)["action_mask"].any(), "the seat that does not decide has no legal action"
        env.step(rnd.choice(np.flatnonzero(obs["action_mask"])))
        steps += 1
    st = env.state
    assert st.is_over and steps > 20
    want = {"player_0": 0.0, "player_1": 0.0} if st.winner is None else {
        f"player_{st.winner}": 1.0, f"player_{1 - st.winner}": -1.0}
    assert total == want
    text = env.render()  # the text table a spectator sees, as fudaba replay prints it
    assert text.startswith("Turn ") and "Game over" in text and ("P0 wins" in text or "P1 wins" in text
                                                                 or "draw" in text)


def test_21_2_pettingzoo_illegal_action_loses() -> None:
    env = pettingzoo_env("maken")
    env.reset(seed=2)
    obs = env.observe(env.agent_selection)
    bad = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    agent = env.agent_selection
    env.step(bad)
    assert env.terminations[agent] and env.rewards[agent] == -1.0
    assert env.infos[agent]["illegal_action"] == agent


@pytest.mark.parametrize(("name", "variant"), CASES, ids=IDS)
def test_21_2_gymnasium_check_env(name: str, variant: str | None) -> None:
    from gymnasium.utils.env_checker import check_env

    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)  # no spec: render modes are checked below
        check_env(gym_env(name, opponent="greedy", variant=variant))
    env = gym_env(name, opponent="random", variant=variant, render_mode="ansi")
    obs, info = env.reset(seed=5)
    rnd = random.Random(5)
    done = False
    reward = 0.0
    while not done:
        assert env.observation_space.contains(obs)
        assert (env.action_masks() == info["action_mask"].astype(bool)).all()
        obs, reward, done, _trunc, info = env.step(rnd.choice(np.flatnonzero(info["action_mask"])))
    st = env.state
    assert reward == (0.0 if st.winner is None else (1.0 if st.winner == env.seat else -1.0))
    assert isinstance(env.render(), str)


def test_21_2_gym_opponents_by_spec_class_and_function() -> None:
    from fudaba.core.agent import RandomAgent

    first = []

    def always_first(infoset):
        first.append(infoset.seat)
        return infoset.decision.options[0]

    for opp in ("random", RandomAgent, RandomAgent(), always_first):
        env = gym_env("maken", opponent=opp, seat=1)
        _obs, info = env.reset(seed=1)
        assert env.state.decision.player == 1 and info["action_mask"].any()
        for _ in range(30):
            _obs, _r, done, _t, info = env.step(int(np.flatnonzero(info["action_mask"])[0]))
            if done:
                break
            assert env.state.decision.player == 1
    assert first and set(first) == {0}  # the function answered the other seat's decisions
    env = gym_env("maken", opponent="random", seat="random")
    assert {env.reset(seed=s)[1]["seat"] for s in range(12)} == {0, 1}


def test_21_2_vector_env_batches_and_deals_again() -> None:
    venv = VectorEnv("maken", 6)
    obs, info = venv.reset(seed=3)
    enc = encoding_of(fudaba.load_game("maken"))
    assert obs.shape == (6, enc.observation_size) and obs.dtype == np.float32
    assert info["action_mask"].shape == (6, enc.codec.size)
    # the rows are the deciding seats' own tensors
    for i, st in enumerate(venv.states):
        v = st.view(st.decision.player)
        assert (obs[i] == np.frombuffer(enc.observation(v), np.float32)).all()
        assert list(np.flatnonzero(info["action_mask"][i])) == sorted(enc.legal_indices(v))
    rnd = random.Random(3)
    ended = 0
    for _ in range(400):
        acts = [rnd.choice(np.flatnonzero(m)) for m in info["action_mask"]]
        obs, rewards, done, _trunc, info = venv.step(acts)
        for i in np.flatnonzero(done):
            assert sorted(info["rewards"][i]) in ([-1.0, 1.0], [0.0, 0.0])
            assert rewards[i] in (-1.0, 0.0, 1.0)
        ended += int(done.sum())
    assert ended >= 3 and info["action_mask"].any(axis=1).all()
    single = VectorEnv("sarasvati", 3, opponent="greedy", seat=1)
    _obs, info = single.reset(seed=0)
    assert (info["player"] == 1).all()


@pytest.mark.parametrize(("name", "variant"), CASES, ids=IDS)
def test_21_2_openspiel_random_simulation_test(name: str, variant: str | None) -> None:
    register_openspiel()
    game = pyspiel.load_game(f"fudaba_{name}", {"variant": variant or "", "deal_seeds": 500})
    pyspiel.random_sim_test(game, num_sims=2, serialize=False, verbose=False)
    state = game.new_initial_state()
    state.apply_action(7)
    assert len(state.information_state_tensor(state.current_player())) == game.information_state_tensor_size()
    assert len(state.observation_tensor(0)) == game.observation_tensor_size()
    assert json.loads(state.observation_string(0))["seat"] == 0


def test_21_2_openspiel_resample_keeps_the_information_state() -> None:
    register_openspiel()
    game = pyspiel.load_game("fudaba_sarasvati")
    state = game.new_initial_state()
    state.apply_action(11)
    rnd = random.Random(1)
    for _ in range(30):
        state.apply_action(rnd.choice(state.legal_actions()))
    p = state.current_player()
    sample = state.resample_from_infostate(p, pyspiel.UniformProbabilitySampler(0.0, 1.0))
    assert sample.information_state_string(p) == state.information_state_string(p)
    assert sample.legal_actions() == state.legal_actions()
    assert sample.fudaba_state.hash() != state.fudaba_state.hash()


@pytest.mark.parametrize(("name", "variant"), [("maken", None), ("walpurgis", "v1.01")])
def test_21_2_openspiel_ismcts_and_mcts_bots_play_it(name: str, variant: str | None) -> None:
    from open_spiel.python.algorithms import ismcts, mcts

    register_openspiel()
    game = pyspiel.load_game(f"fudaba_{name}", {"variant": variant or ""})
    rng = np.random.RandomState(0)
    ev = mcts.RandomRolloutEvaluator(1, rng)
    bots = [ismcts.ISMCTSBot(game, ev, 2.0, 6, random_state=rng), mcts.MCTSBot(game, 2.0, 6, ev, random_state=rng)]
    state = game.new_initial_state()
    state.apply_action(3)
    moves = 0
    while not state.is_terminal() and moves < 60:
        state.apply_action(bots[state.current_player()].step(state))
        moves += 1
    assert moves == 60 or state.is_terminal()
