"""A small seeded random number generator that lives inside a game state (ARCHITECTURE §3.3).

SplitMix64: one 64-bit integer of state, so cloning and serialising cost nothing and the sequence
is the same on every Python version and platform.

>>> r = Rng(7); a = [r.randbelow(10) for _ in range(5)]
>>> r2 = Rng(7); a == [r2.randbelow(10) for _ in range(5)]
True
>>> r3 = r.clone(); r.randbelow(1000) == r3.randbelow(1000)
True
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1


class Rng:
    __slots__ = ("state",)

    def __init__(self, seed: int = 0) -> None:
        self.state = seed & _MASK

    def next64(self) -> int:
        self.state = s = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def randbelow(self, n: int) -> int:
        """A uniform integer in ``range(n)`` (``n`` ≥ 1)."""
        if n <= 1:
            return 0
        # rejection sampling to avoid modulo bias
        limit = _MASK - (_MASK % n)
        while True:
            v = self.next64()
            if v < limit:
                return v % n

    def random(self) -> float:
        return (self.next64() >> 11) * (1.0 / (1 << 53))

    def choice(self, seq: Sequence[T]) -> T:
        return seq[self.randbelow(len(seq))]

    def shuffle(self, seq: MutableSequence[T]) -> None:
        """Fisher–Yates shuffle in place."""
        for i in range(len(seq) - 1, 0, -1):
            j = self.randbelow(i + 1)
            seq[i], seq[j] = seq[j], seq[i]

    def clone(self) -> Rng:
        r = Rng.__new__(Rng)
        r.state = self.state
        return r

    def fork(self) -> Rng:
        """A new independent generator seeded from this one (advances this one)."""
        return Rng(self.next64())
