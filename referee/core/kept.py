"""A bounded cache shared by the threads of a process: the last ``size`` things worked out, by key, the
oldest forgotten first. For what never changes once worked out for its key (a game as it stood, a
letter, a submission), so nothing kept can go stale."""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable, Iterable, Mapping
from typing import Any


class Kept:
    """The last ``size`` things worked out, by key; safe to share between threads."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._kept: OrderedDict[Hashable, Any] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: Hashable, work: Callable[[], Any]) -> Any:
        """What ``work`` gives for ``key``: worked out once, then kept."""
        with self._lock:
            if key in self._kept:
                self._kept.move_to_end(key)
                return self._kept[key]
        found = work()
        self.keep({key: found})
        return found

    def known(self, keys: Iterable[Hashable]) -> dict[Hashable, Any]:
        """What is kept of ``keys``, by key (the others left out)."""
        with self._lock:
            return {key: self._kept[key] for key in keys if key in self._kept}

    def keep(self, found: Mapping[Hashable, Any]) -> None:
        """Keeps ``found``, forgetting the oldest beyond ``size``."""
        with self._lock:
            self._kept.update(found)
            while len(self._kept) > self.size:
                self._kept.popitem(last=False)
