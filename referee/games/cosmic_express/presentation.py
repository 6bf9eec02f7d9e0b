"""The filters and globals of ``templates/<language>/cosmic-express/`` besides the shared ones: none yet.

Its texts take every name they need from the notices' data.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

FILTERS: dict[str, Callable[..., Any]] = {}
"""No filters of its own: ``and_list`` and ``phase_name`` are shared."""

GLOBALS: dict[str, Any] = {}
"""No globals of its own."""
