"""Train a Sarasvati player with MaskablePPO on fudaba's Gymnasium environment (issue 21 §3).

    pip install '.[rl]' sb3-contrib matplotlib torch   # on a CPU-only machine: torch's CPU wheel will do
    python examples/train_sarasvati.py --minutes 5 --out docs/research

The agent plays a seat drawn at random in each game against fudaba's ``random`` agent; the masked
policy only ever picks legal actions (``env.action_masks()``). Every ``--eval-every`` steps it plays
``--eval-games`` games against ``random`` (the learning curve); when the time is up, 200 games against
``random`` and 200 against ``greedy`` (seats alternating, deals seeded 10 000 on), deterministic
policy. A GPU is used when torch sees one (``device="auto"``). ``--smoke`` trains a few hundred steps
and checks that it all runs (CI runs that).

Writes ``<out>/train_sarasvati.json`` (the curve and the final numbers) and, with matplotlib,
``<out>/train_sarasvati.png``.
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path
from typing import Any

import numpy as np
import torch
from sb3_contrib import MaskablePPO
from stable_baselines3.common.vec_env import DummyVecEnv

from fudaba.rl import gym_env


def make_env(opponent: str, seed: int) -> Any:
    def thunk() -> Any:
        env = gym_env("sarasvati", opponent=opponent, seat="random")
        env.reset(seed=seed)
        return env
    return thunk


def evaluate(model: MaskablePPO, opponent: str, games: int, first_seed: int = 10_000) -> dict[str, Any]:
    """Games of the trained policy against ``opponent``, seats alternating; deterministic policy."""
    wins = draws = 0
    for i in range(games):
        env = gym_env("sarasvati", opponent=opponent, seat=i % 2)
        obs, info = env.reset(seed=first_seed + i)
        done = False
        reward = 0.0
        while not done:
            action, _ = model.predict(obs, action_masks=env.action_masks(), deterministic=True)
            obs, reward, done, _trunc, info = env.step(int(action))
        wins += reward > 0
        draws += reward == 0
    return {"opponent": opponent, "games": games, "wins": int(wins), "draws": int(draws),
            "win_rate": wins / games}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--minutes", type=float, default=5.0, help="training time (wall clock)")
    ap.add_argument("--envs", type=int, default=16, help="environments stepped together (one batch per step)")
    ap.add_argument("--net", default="128,128", help="hidden layers of the policy and value networks")
    ap.add_argument("--threads", type=int, default=0, help="torch threads on the CPU (0: torch's choice)")
    ap.add_argument("--eval-every", type=int, default=8192, help="steps between points of the curve")
    ap.add_argument("--eval-games", type=int, default=40, help="games against random per point of the curve")
    ap.add_argument("--final-games", type=int, default=200)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--out", type=Path, default=Path("."))
    ap.add_argument("--smoke", action="store_true", help="a few hundred steps, a few games: does it run?")
    a = ap.parse_args()
    if a.smoke:
        a.minutes, a.envs, a.eval_every, a.eval_games, a.final_games = 0.0, 4, 256, 2, 2
    torch.manual_seed(a.seed)
    if a.threads:
        torch.set_num_threads(a.threads)
    venv = DummyVecEnv([make_env("random", a.seed * 100 + i) for i in range(a.envs)])
    model = MaskablePPO("MlpPolicy", venv, n_steps=64 if a.smoke else 256, batch_size=256, learning_rate=3e-4,
                        gamma=0.99, ent_coef=0.01, seed=a.seed, device="auto", verbose=0,
                        policy_kwargs={"net_arch": [int(x) for x in a.net.split(",")]})
    curve = [{"steps": 0, "seconds": 0.0, **evaluate(model, "random", a.eval_games, 50_000)}]
    print(f"device {model.device}; before training: {curve[0]['win_rate']:.0%} against random", flush=True)
    start = time.perf_counter()
    while True:
        model.learn(a.eval_every, reset_num_timesteps=False, progress_bar=False)
        point = {"steps": int(model.num_timesteps), "seconds": round(time.perf_counter() - start, 1),
                 **evaluate(model, "random", a.eval_games, 50_000 + len(curve) * a.eval_games)}
        curve.append(point)
        print(f"{point['steps']:>7} steps {point['seconds']:>6.0f} s: {point['win_rate']:.0%} against random",
              flush=True)
        if time.perf_counter() - start >= a.minutes * 60:
            break
    final = [evaluate(model, "random", a.final_games), evaluate(model, "greedy", a.final_games)]
    for f in final:
        print(f"final: {f['wins']}/{f['games']} won against {f['opponent']} ({f['win_rate']:.1%}, "
              f"{f['draws']} draws)")
    a.out.mkdir(parents=True, exist_ok=True)
    result = {"device": str(model.device), "minutes": a.minutes, "envs": a.envs, "seed": a.seed, "net": a.net,
              "steps": int(model.num_timesteps), "curve": curve, "final": final}
    (a.out / "train_sarasvati.json").write_text(json.dumps(result, indent=1) + "\n")
    plot(curve, final, a.out / "train_sarasvati.png")


def plot(curve: list[dict[str, Any]], final: list[dict[str, Any]], path: Path) -> None:
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        print("matplotlib is not installed: no plot")
        return
    fig, ax = plt.subplots(figsize=(6, 3.5), dpi=100)
    steps = np.array([c["steps"] for c in curve])
    rate = np.array([c["win_rate"] for c in curve])
    ax.plot(steps, rate, marker="o", label=f"against random ({curve[-1]['games']} games a point)")
    for f, colour in zip(final, ("tab:green", "tab:red"), strict=True):
        ax.axhline(f["win_rate"], color=colour, linestyle="--",
                   label=f"final, {f['games']} games vs {f['opponent']}: {f['win_rate']:.0%}")
    ax.set_xlabel("environment steps (the agent's decisions)")
    ax.set_ylabel("games won")
    ax.set_ylim(0, 1)
    ax.set_title("MaskablePPO on fudaba sarasvati")
    ax.legend(loc="lower right", fontsize=8)
    fig.tight_layout()
    fig.savefig(path)
    print(f"plot: {path}")


if __name__ == "__main__":
    main()
