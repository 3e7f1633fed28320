"""Goofspiel for fudaba: the public-domain game of sealed bids, as a separate game package.

Installing this package registers ``DESCRIPTOR`` under the entry-point group ``fudaba.games``
(pyproject.toml); fudaba then lists, plays, simulates and serves the game. Importing this module
imports nothing of the game: the descriptor names its parts by ``module:name``.
"""

from fudaba.core.descriptor import GameDescriptor

DESCRIPTOR = GameDescriptor(
    name="goofspiel",
    title=("Goofspiel", "ゴフシュピール"),
    summary=("The game of sealed bids: both players bid a card from hand face down for each prize; the higher "
             "bid takes it, the most points win.",
             "伏せ札の入札ゲーム: 賞品ごとに両者が手札から1枚を伏せて入札し、高い方が取る。得点の多い方の勝ち。"),
    game="fudaba_goofspiel.game:GoofspielGame",
    text="fudaba_goofspiel.text",
    agent="fudaba_goofspiel.agent:GoofspielGreedy",
    evaluate="fudaba_goofspiel.agent:evaluate",
    # random rollouts take 0.45 ms an iteration here: the levels' time caps (0.5 s, 2 s) bind first
    levels={"normal": "iters=1000", "hard": "iters=4000"},
    testing="fudaba_goofspiel.testing",
)

__all__ = ["DESCRIPTOR"]
