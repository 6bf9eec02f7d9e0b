"""The live pages' watcher reads the commits of a moment together: a burst of commits (a post, its
notices, the pages marking what they read) costs one reading, and a page told of several changes of
that moment is told once; a change is still read within a fraction of a second."""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Callable
from typing import Any

from referee.app import Change, Reading
from referee.web import live
from referee.web.live import Live, Viewer


class _Changes:
    """What changed, as the watcher reads it: changes queued by the test, and every reading counted."""

    def __init__(self) -> None:
        self.waiting: list[Change] = []
        self.readings = 0
        self.callbacks: list[Callable[[], None]] = []
        self.lock = threading.Lock()

    def start(self, now: float) -> Reading:
        return Reading({})

    def since(self, reading: Reading, now: float) -> list[Change]:
        with self.lock:
            found, self.waiting = self.waiting, []
            self.readings += bool(found)
        return found

    def on_commit(self, callback: Callable[[], None]) -> Callable[[], None]:
        self.callbacks.append(callback)
        return lambda: self.callbacks.remove(callback)

    def commit(self, change: Change) -> None:
        """A change committed by this process (its callback called from the committing thread)."""
        with self.lock:
            self.waiting.append(change)
        for callback in list(self.callbacks):
            callback()


async def _told(watcher: Live, changes: _Changes, burst: list[Change]) -> tuple[list[set[str]], float]:
    """Every telling an open page of Anna in game g gets for ``burst``, committed one by one over a
    twentieth of a second (another thread), and the seconds from the burst to the first telling."""
    await watcher.running()
    stream = watcher.open(Viewer("g", "Anna"), "10.0.0.1", "s1")
    await asyncio.sleep(live.TICK + 0.2)  # the first tick's reading done: the burst is read at a commit
    started = time.monotonic()

    def commit() -> None:
        for change in burst:
            changes.commit(change)
            time.sleep(0.05 / len(burst))

    committer = threading.Thread(target=commit)
    committer.start()
    told: list[set[str]] = []
    first = 0.0
    while True:
        games = await stream.next(live.TICK * 1.5)
        if not games:
            break
        first = first or time.monotonic() - started
        told.append(games)
    committer.join()
    watcher.close()
    return told, first


def test_a_burst_of_commits_is_read_together_and_told_to_a_page_once() -> None:
    changes = _Changes()
    watcher = Live(changes)  # type: ignore[arg-type]
    burst = [Change("g", ("Anna",)), Change("g", ("*",)), Change("g", ("Anna", "Vera")), Change("g", ())]
    burst += [Change("h", ("Anna",))] * 3  # another game: not Anna's page

    told, first = asyncio.run(_told(watcher, changes, burst))

    assert told == [{"g"}]
    assert changes.readings == 1
    assert first < live.TICK


def test_a_change_another_seat_may_not_see_is_not_told_even_in_a_burst() -> None:
    changes = _Changes()
    watcher = Live(changes)  # type: ignore[arg-type]
    burst: list[Any] = [Change("g", ("Vera",)), Change("g", ()), Change("h", ("*",))]

    told, _ = asyncio.run(_told(watcher, changes, burst))

    assert told == []
