"""Batch simulation: play many seeded AI games, collect records and statistics."""

from .runner import SimConfig, play_game, run_batch
from .stats import Summary, summarize, wilson

__all__ = ["SimConfig", "Summary", "play_game", "run_batch", "summarize", "wilson"]
