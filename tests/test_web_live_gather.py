"""The live pages' watcher reads the commits of a moment together: the first commit of a burst (a post,
its notices, the pages marking what they read) is read at once, the rest of it together after, so a
burst costs two readings, and a page told of its changes is told twice at most, not once a commit."""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Callable
from typing import Any

import pytest

from referee.app import CHANGED_LETTERS as LETTERS
from referee.app import CHANGED_ORDERS as ORDERS
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


async def _told(
    watcher: Live, changes: _Changes, burst: list[Change]
) -> tuple[list[dict[str, set[str]]], float]:
    """Every telling an open page of Anna in game g gets for ``burst``, committed one by one over a
    twentieth of a second (another thread), and the seconds from the burst to the first telling."""
    await watcher.running()
    stream = watcher.open(Viewer("g", "Anna"), "10.0.0.1", "s1")
    started = time.monotonic()

    def commit() -> None:
        for change in burst:
            changes.commit(change)
            time.sleep(0.05 / len(burst))

    committer = threading.Thread(target=commit)
    committer.start()
    told: list[dict[str, set[str]]] = []
    first = 0.0
    while True:
        games = await stream.next(1.0)
        if not games:
            break
        first = first or time.monotonic() - started
        told.append(games)
    committer.join()
    watcher.close()
    return told, first


def test_a_burst_of_commits_is_read_in_two_readings_and_told_to_a_page_twice_at_most(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(live, "TICK", 30.0)  # no reading but those the commits ask for
    monkeypatch.setattr(live, "GATHER", 0.25)  # the burst's twentieth of a second well inside, under load too
    changes = _Changes()
    watcher = Live(changes)  # type: ignore[arg-type]
    burst = [Change("g", ("Anna",)), Change("g", ("*",)), Change("g", ("Anna", "Vera")), Change("g", ())]
    burst += [Change("h", ("Anna",))] * 3  # another game: not Anna's page

    told, first = asyncio.run(_told(watcher, changes, burst))

    assert 1 <= len(told) <= 2 and all(games == {"g": set(live.PARTS["player"])} for games in told)
    assert changes.readings <= 2
    assert first < 1.0  # the promise: within a second


def test_a_change_another_seat_may_not_see_is_not_told_even_in_a_burst() -> None:
    changes = _Changes()
    watcher = Live(changes)  # type: ignore[arg-type]
    burst: list[Any] = [Change("g", ("Vera",)), Change("g", ()), Change("h", ("*",))]

    told, _ = asyncio.run(_told(watcher, changes, burst))

    assert told == []


def test_orders_and_letters_alone_tell_a_players_page_those_parts_alone() -> None:
    changes = _Changes()
    watcher = Live(changes)  # type: ignore[arg-type]
    burst = [Change("g", ("Anna",), ORDERS), Change("g", ("Anna",), LETTERS), Change("g", ("Vera",))]

    told, _ = asyncio.run(_told(watcher, changes, burst))

    assert set().union(*(games["g"] for games in told)) == {"orders-now", "news-now", "letters-now"}


def test_a_game_masters_page_is_told_every_part_of_a_change_of_orders() -> None:
    viewer = Viewer("g")

    assert viewer.touched(Change("g", ("Anna",), ORDERS)) == live.PARTS["master"]
    assert Viewer("g", "Anna").touched(Change("g", ("Anna",))) == live.PARTS["player"]
