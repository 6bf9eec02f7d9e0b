"""The broken game reads like Ten Sailors: the same filters and globals."""

from __future__ import annotations

from referee.games.ten_sailors.presentation import FILTERS, GLOBALS

__all__ = ["FILTERS", "GLOBALS"]
