"""Nothing the web does blocks the event loop it shares with the mail service: with 3,000 games,
polling ``/healthz`` and ``/metrics`` leaves signing in about as fast as without (a real uvicorn on
loopback). The old door read every game in its handlers, on the loop: signing in went from 0.06 s to
seconds while four clients polled."""

from __future__ import annotations

import re
import secrets
import statistics
import threading
import time
from pathlib import Path
from typing import Any

import httpx
from sqlalchemy import select
from web_helpers import GAME, GM, PASSWORD, T0, served, web_site

from referee.app import COMMAND_LINE, Referee
from referee.store.bulk import write_rows
from referee.store.models import ClockRow, GameRow, SeatRow
from referee.web.metrics import Figures

GAMES = 3000
_TOKEN = re.compile(r'name="csrf" value="([^"]+)"')


def _copies(referee: Referee, count: int) -> None:
    """``count`` copies of the game ``GAME`` (its row, clock and seats), written by the store's bulk
    writer in one transaction: a site of many games in a second, not the minutes creating them takes."""
    with referee.database.engine.begin() as connection:
        for model, key in ((GameRow, "id"), (ClockRow, "game_id"), (SeatRow, "game_id")):
            table: Any = model.__table__  # type: ignore[attr-defined]
            rows = [
                dict(row._mapping) for row in connection.execute(select(table).where(table.c[key] == GAME))
            ]
            copies = []
            for number in range(count):
                for row in rows:
                    copy = {**row, key: f"copy-{number}"}
                    if model is SeatRow:
                        del copy["id"]
                        copy |= {"token": secrets.token_hex(8)}
                    if model is GameRow:
                        copy |= {"secret": secrets.token_hex(16), "settings": {}}
                    copies.append(copy)
            write_rows(connection, table, copies)


def _sign_in_seconds(base: str) -> float:
    """How long a game-master's sign-in takes: the form, then the password checked."""
    started = time.perf_counter()
    with httpx.Client(base_url=base, timeout=120) as browser:
        form = _TOKEN.search(browser.get("/login").text)
        assert form is not None
        answer = browser.post("/login", data={"csrf": form.group(1), "email": GM, "password": PASSWORD})
        assert answer.status_code == 303
    return time.perf_counter() - started


def _poll(base: str, path: str, stop: threading.Event, answers: list[int]) -> None:
    with httpx.Client(base_url=base, timeout=120) as poller:
        while not stop.is_set():
            answers.append(poller.get(path).status_code)


def test_polling_healthz_and_metrics_of_3000_games_leaves_signing_in_as_fast(
    tmp_path: Path, sqlite_url: str
) -> None:
    site, referee = web_site(tmp_path, sqlite_url)
    _copies(referee, GAMES - 2)
    assert len(referee.games()) == GAMES
    with served(site, referee) as base:
        _sign_in_seconds(base)  # the first request pays for what is made once
        quiet = statistics.median(_sign_in_seconds(base) for _ in range(7))
        stop, answers = threading.Event(), []
        pollers = [
            threading.Thread(target=_poll, args=(base, path, stop, answers))
            for path in ("/healthz", "/healthz", "/metrics", "/metrics")
        ]
        for poller in pollers:
            poller.start()
        try:
            time.sleep(0.5)
            busy = statistics.median(_sign_in_seconds(base) for _ in range(7))
        finally:
            stop.set()
            for poller in pollers:
                poller.join(120)
        metrics = httpx.get(f"{base}/metrics").text
    assert answers and set(answers) == {200}
    assert f'referee_games{{state="running"}} {float(GAMES)}' in metrics
    assert busy <= 3 * quiet + 0.25, (quiet, busy)


class Clock:
    """A monotonic clock the test moves."""

    def __init__(self) -> None:
        self.now = 50.0

    def __call__(self) -> float:
        return self.now


def test_metrics_are_counted_by_the_database_and_read_at_most_once_every_few_seconds(
    tmp_path: Path, database_url: str
) -> None:
    _, referee = web_site(tmp_path, database_url)
    _copies(referee, 3)
    clock = Clock()
    figures = Figures(referee, seconds=5.0, clock=clock)
    first = figures.current().decode()
    assert 'referee_games{state="running"} 5.0' in first and 'referee_games{state="paused"} 0.0' in first
    referee.desk.pause(GAME, T0, COMMAND_LINE)
    clock.now += 4.9
    assert figures.current().decode() == first  # a scrape within the five seconds is served the last reading
    clock.now += 0.2
    again = figures.current().decode()
    assert 'referee_games{state="running"} 4.0' in again and 'referee_games{state="paused"} 1.0' in again
