"""The player's page and the game page cost the same number of SQL statements however long the game has
run (issue 41): a nine-player Ten Sailors game played by bots to day 2 and then to day 9 reads its rows
by indexed queries, a statement per kind of row and none per row; the game page's timeline shows one
day at a time, that day's phases alone, with links to the others; and a page opened again at the same
standing of the game shows the same as the first time."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from sqlalchemy import event
from web_helpers import ADMIN, KEY, client, sign_in, web_site

from referee.app import Player, Referee
from referee.bench.boundary import CLOCK, set_up
from referee.bench.web import to_day
from referee.web.sessions import COOKIE, Cookies, as_player, fresh

if TYPE_CHECKING:
    from starlette.testclient import TestClient

SCHEDULE = """[schedule]
name = "bench"
kind = "ten-sailors"
description = "Games without a start: no deadline falls while the tests read their pages."
clock = "elapsed"
timezone = "UTC"
reminders = []

[[segments]]
name = "night"
duration = "14h"
""" + "".join(f'\n[[segments]]\nname = "hour{number}"\nduration = "1h"\n' for number in range(1, 5))

_WATCHER = re.compile(r"coalesce\(max\(|AS source\b", re.I)
"""The statements of the live pages' watcher (``referee/store/changes.py``), which may fall inside a
request's time."""
_PHASE = re.compile(r"<summary><strong>([^<]+)</strong> — ([^(]+)\(")


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[object, Referee, str]]:
    """A site with a nine-player Ten Sailors game (``web-0``) at hour 1 of day 2."""
    root: Path = tmp_path_factory.mktemp("cost")
    site, referee = web_site(root, f"sqlite:///{root / 'referee.db'}")
    (root / "schedules" / "bench.toml").write_text(SCHEDULE, encoding="utf-8")
    [game] = set_up(referee, "web-", 1, CLOCK, lambda _: None)
    to_day(referee, game, 2)
    yield site, referee, game


def _player(site: object, referee: Referee, game: str) -> tuple[TestClient, str]:
    """A browser signed in as the first living character of ``game``, and the address of its page."""
    name = next(c.name for c in referee.load(game).state.characters if c.alive)
    browser = client(site, referee)  # type: ignore[arg-type]
    session = as_player(fresh("en"), Player(game, name, f"{name.lower()}@example.org"))
    browser.cookies.set(COOKIE, Cookies(KEY, secure=False).dump(session))
    return browser, f"/play/{game}/{name}"


def _master(site: object, referee: Referee) -> TestClient:
    browser = client(site, referee)  # type: ignore[arg-type]
    sign_in(browser, ADMIN)
    return browser


def _statements(browser: TestClient, referee: Referee, path: str) -> tuple[int, str]:
    """How many SQL reads answering ``path`` cost, and the page."""
    sent: list[str] = []

    def remember(_conn: object, _cur: object, sql: str, *_rest: object) -> None:
        # Reads only: a session kept fresh or talk marked read may write once in a while, and the live
        # pages' watcher reads on its own clock, not for the page.
        if sql.lstrip().upper().startswith("SELECT") and not _WATCHER.search(sql):
            sent.append(sql)

    event.listen(referee.database.engine, "before_cursor_execute", remember)
    try:
        answer = browser.get(path)
    finally:
        event.remove(referee.database.engine, "before_cursor_execute", remember)
    assert answer.status_code == 200, answer.text
    return len(sent), answer.text


def test_the_player_page_and_the_game_page_cost_as_many_statements_on_day_9_as_on_day_2(played) -> None:  # type: ignore[no-untyped-def]
    site, referee, game = played
    player, home = _player(site, referee, game)
    master = _master(site, referee)
    early = {
        "player": _statements(player, referee, home)[0],
        "game": _statements(master, referee, f"/games/{game}")[0],
    }
    to_day(referee, game, 9)
    player, home = _player(site, referee, game)
    late = {
        "player": _statements(player, referee, home)[0],
        "game": _statements(master, referee, f"/games/{game}")[0],
    }
    assert late == early
    assert referee.load(game).row.phase.startswith("d9")


def test_a_page_opened_again_at_the_same_standing_shows_the_same_and_reads_no_more(played) -> None:  # type: ignore[no-untyped-def]
    site, referee, game = played
    player, home = _player(site, referee, game)
    first_cost, first = _statements(player, referee, home)
    again_cost, again = _statements(player, referee, home)
    strip = re.compile(r'name="csrf" value="[^"]+"')
    assert strip.sub("", again) == strip.sub("", first)
    assert again_cost <= first_cost


def test_the_game_page_shows_one_day_of_the_timeline_and_links_to_the_others(played) -> None:  # type: ignore[no-untyped-def]
    site, referee, game = played
    master = _master(site, referee)
    newest = master.get(f"/games/{game}").text
    days = re.findall(r'href="\?day=(\d+)#timeline"', newest)
    assert len(days) > 1, "a game nine days old was resolved over more than one calendar day"
    shown: list[set[str]] = []
    for number in days:
        page = master.get(f"/games/{game}?day={number}").text
        timeline = page.split('id="timeline"', 1)[1].split("</section>", 1)[0]
        assert f'href="?day={number}#timeline" aria-current="page"' in page
        assert all(f'href="?day={other}#timeline"' in page for other in days)
        shown.append(set(_PHASE.findall(timeline)))
    for index, phases in enumerate(shown):
        assert phases, f"day {index} shows phases"
        assert all(not (phases & others) for later, others in enumerate(shown) if later != index)
