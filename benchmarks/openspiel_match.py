"""OpenSpiel's own ISMCTSBot (on the ``fudaba_<game>`` OpenSpiel game) against fudaba's ``normal`` (issue 21 §2).

Every deal is played twice with the seats swapped (deals 1000, 1001, …). OpenSpiel's ISMCTS searches
determinizations drawn by ``resample_from_infostate`` (fudaba's ``resample``: the seat's information
only) with random rollouts; fudaba's ``normal`` is the level of ``fudaba play --opponent normal``.
One JSON line per game (resumable: games already in ``--out`` are skipped), a summary at the end.

    python benchmarks/openspiel_match.py --game sarasvati --games 40 --sims 20 --out results.jsonl
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

from fudaba.agents import make_agent
from fudaba.rl import register_openspiel


def play(game: pyspiel.Game, deal: int, bot_seat: int, sims: int, uct_c: float, level: str) -> dict:
    fgame = game.fgame
    codec = game.enc.codec
    rng = np.random.RandomState(deal * 2 + bot_seat)
    bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, rng), uct_c, sims, random_state=rng)
    agent = make_agent(level, fgame.name)
    agent.reset(fgame, 1 - bot_seat, deal)
    state = game.new_initial_state()
    state.apply_action(deal)
    st = state.fudaba_state
    spent = [0.0, 0.0]
    moves = [0, 0]
    while not state.is_terminal():
        p = st.decision.player
        t = time.perf_counter()
        if p == bot_seat:
            a = bot.step(state) if len(st.legal_actions()) > 1 else state.legal_actions()[0]
        else:
            a = codec.index(agent.act(st.infoset(p)))
        spent[p == bot_seat] += time.perf_counter() - t
        moves[p == bot_seat] += 1
        state.apply_action(int(a))
    w = st.winner
    return {"game": fgame.name, "variant": fgame.variant, "deal": deal, "ismcts_seat": bot_seat, "sims": sims,
            "uct_c": uct_c, "opponent": level, "winner": w, "result": st.result,
            "ismcts_points": 0.5 if w is None else float(w == bot_seat),
            "s_per_decision": {"ismcts": spent[1] / max(1, moves[1]), level: spent[0] / max(1, moves[0])}}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--game", required=True)
    ap.add_argument("--variant", default="")
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--sims", type=int, default=20)
    ap.add_argument("--uct-c", type=float, default=2.0)
    ap.add_argument("--opponent", default="normal")
    ap.add_argument("--out", type=Path, required=True)
    a = ap.parse_args()
    register_openspiel()
    game = pyspiel.load_game(f"fudaba_{a.game}", {"variant": a.variant})
    done = set()
    if a.out.exists():
        for line in a.out.read_text().splitlines():
            r = json.loads(line)
            if r["game"] == a.game and r["variant"] == game.fgame.variant and r["sims"] == a.sims:
                done.add((r["deal"], r["ismcts_seat"]))
    for i in range(a.games):
        deal, seat = 1000 + i // 2, i % 2
        if (deal, seat) in done:
            continue
        r = play(game, deal, seat, a.sims, a.uct_c, a.opponent)
        with a.out.open("a") as f:
            f.write(json.dumps(r) + "\n")
        print(json.dumps(r), flush=True)
    rows = [json.loads(x) for x in a.out.read_text().splitlines()]
    rows = [r for r in rows if r["game"] == a.game and r["variant"] == game.fgame.variant and r["sims"] == a.sims]
    pts = sum(r["ismcts_points"] for r in rows)
    print(f"{a.game} {game.fgame.variant}: ISMCTS ({a.sims} sims) scored {pts}/{len(rows)} against {a.opponent}")


if __name__ == "__main__":
    main()
