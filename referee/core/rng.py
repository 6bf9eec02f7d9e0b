"""Seeded random streams: the same seed and key always give the same draws."""

from __future__ import annotations

import hashlib
import random
from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")


class SeededStream:
    """A reproducible random stream derived from a game seed and a purpose key.

    Every resolution draws from its own stream (for example ``stream(seed, "d3h2")``),
    so replaying a game from its orders reproduces every draw byte for byte, and the
    draws of one segment never depend on how many draws an earlier segment made.
    """

    def __init__(self, seed: int | str, key: str) -> None:
        digest = hashlib.sha256(f"{seed}\x1f{key}".encode()).digest()
        self._random = random.Random(int.from_bytes(digest[:16], "big"))

    def choice(self, options: Sequence[T]) -> T:
        """One element of ``options``, drawn uniformly."""
        if not options:
            raise ValueError("cannot choose from an empty sequence")
        return options[self._random.randrange(len(options))]

    def sample(self, options: Sequence[T], k: int) -> list[T]:
        """``k`` distinct elements of ``options``, in draw order."""
        return self._random.sample(list(options), k)

    def shuffled(self, options: Sequence[T]) -> list[T]:
        """A new list with the elements of ``options`` in random order."""
        items = list(options)
        self._random.shuffle(items)
        return items
