"""The player's page, their room's thread and the game page cost the same number of SQL statements
however long the game has run (issue 41): a nine-player Ten Sailors game played by bots to day 2 and
then to day 9 reads its rows by indexed queries, a statement per kind of row and none per row; the
player's page reads as many rows on day 9 as on day 7 once another character spoke; the game page's
timeline shows one day at a time, that day's phases alone, with links to the others, and the player's
room one game day at a time, today first, the earlier days a link away; and a page opened again at the
same standing of the game shows the same as the first time."""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import timedelta
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
_ROOM = re.compile(r'<h2 id="talk-h"><a href="([^"]+)"')
"""The address of the thread of the room the player is in, on their page."""
_DAY = re.compile(r'href="\?day=(\d+)"')
_WHEN = re.compile(r'<span class="when">day (\d+),|<li class="mark">[←→] day (\d+),')


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[object, Referee, str]]:
    """A site with a nine-player Ten Sailors game (``web-0``) at hour 1 of day 2."""
    root: Path = tmp_path_factory.mktemp("cost")
    site, referee = web_site(root, f"sqlite:///{root / 'referee.db'}")
    (root / "schedules" / "bench.toml").write_text(SCHEDULE, encoding="utf-8")
    [game] = set_up(referee, "web-", 1, CLOCK, lambda _: None)
    to_day(referee, game, 2)
    yield site, referee, game


def _player(site: object, referee: Referee, game: str, language: str = "en") -> tuple[TestClient, str]:
    """A browser signed in as the first living character of ``game``, and the address of its page."""
    name = next(c.name for c in referee.load(game).state.characters if c.alive)
    browser = client(site, referee)  # type: ignore[arg-type]
    session = as_player(fresh(language), Player(game, name, f"{name.lower()}@example.org"))
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


def _costs(site: object, referee: Referee, game: str) -> dict[str, int]:
    """The statements of the player's page, the room they are in (today and its first day), and the
    game page."""
    player, home = _player(site, referee, game)
    master = _master(site, referee)
    room = _ROOM.findall(player.get(home).text)[0]
    days = sorted(int(day) for day in _DAY.findall(player.get(room).text))
    assert len(days) > 1, "the room a player is in at hour 1 holds their arrival the night before"
    return {
        "player": _statements(player, referee, home)[0],
        "room today": _statements(player, referee, room)[0],
        "room, first day": _statements(player, referee, f"{room}?day={days[0]}")[0],
        "game": _statements(master, referee, f"/games/{game}")[0],
    }


def test_the_player_page_and_the_game_page_cost_as_many_statements_on_day_9_as_on_day_2(played) -> None:  # type: ignore[no-untyped-def]
    site, referee, game = played
    early = _costs(site, referee, game)
    to_day(referee, game, 9)
    late = _costs(site, referee, game)
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


def _rows(browser: TestClient, referee: Referee, path: str) -> int:
    """How many rows the SQL reads answering ``path`` returned (each read run again as it was sent, with
    the same parameters, once the page is answered: nothing changed in between)."""
    sent: list[tuple[str, object]] = []

    def remember(_conn: object, _cur: object, sql: str, parameters: object, *_rest: object) -> None:
        if sql.lstrip().upper().startswith("SELECT") and not _WATCHER.search(sql):
            sent.append((sql, parameters))

    event.listen(referee.database.engine, "before_cursor_execute", remember)
    try:
        assert browser.get(path).status_code == 200
    finally:
        event.remove(referee.database.engine, "before_cursor_execute", remember)
    raw = referee.database.engine.raw_connection()
    try:
        return sum(len(raw.cursor().execute(sql, parameters).fetchall()) for sql, parameters in sent)
    finally:
        raw.close()


@pytest.fixture(scope="module")
def long_game(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[object, Referee, str]]:
    """A site with a nine-player Ten Sailors game (``web-0``) at hour 1 of day 7: its players have had
    more of the referee's own letters than a page shows (the copies of talk their threads show are not
    among them)."""
    root: Path = tmp_path_factory.mktemp("rows")
    site, referee = web_site(root, f"sqlite:///{root / 'referee.db'}")
    (root / "schedules" / "bench.toml").write_text(SCHEDULE, encoding="utf-8")
    [game] = set_up(referee, "web-", 1, CLOCK, lambda _: None)
    to_day(referee, game, 7)
    yield site, referee, game


def _after_a_post(site: object, referee: Referee, game: str, number: int) -> dict[str, int]:
    """The rows the player's page and the thread of their room read once another character spoke, the
    pages having been open before (as a running site has them)."""
    player, home = _player(site, referee, game)
    room = _ROOM.findall(player.get(home).text)[0]
    player.get(room)
    speaker = [c.name for c in referee.load(game).state.characters if c.alive][1]
    referee.submit(
        game, speaker, f"SAY a line, number {number}", CLOCK + timedelta(days=60, minutes=number), "web"
    )
    return {"player": _rows(player, referee, home), "room": _rows(player, referee, room)}


def test_a_long_games_player_page_reads_as_many_rows_on_day_9_as_on_day_7(long_game) -> None:  # type: ignore[no-untyped-def]
    site, referee, game = long_game
    early = _after_a_post(site, referee, game, 1)
    to_day(referee, game, 9)
    late = _after_a_post(site, referee, game, 2)
    assert late == early
    assert referee.load(game).row.phase.startswith("d9")


def test_the_room_a_player_is_in_shows_today_and_opens_its_earlier_days_one_by_one(played) -> None:  # type: ignore[no-untyped-def]
    site, referee, game = played
    for language, earlier in (("en", "Earlier days"), ("ru", "Прошлые дни")):
        player, home = _player(site, referee, game, language)
        today = int(referee.load(game).row.phase[1:].split("h")[0])
        page = player.get(home).text
        talk = page.split('id="talk-now"', 1)[1].split("</div>", 1)[0]
        links = re.findall(r'<a href="(/play/[^"]+/rooms/[^"?]+\?day=(\d+))">', talk)
        assert links and f">{earlier}:" in talk
        shown = {int(a or b) for a, b in _WHEN.findall(talk)} if language == "en" else set()
        assert shown <= {today, today - 1}  # today's, after the arrival the night before
        threads = []
        for path, day in links:
            opened = player.get(path).text
            assert f'href="?day={day}" aria-current="page"' in opened
            threads.append(opened.split('id="thread"', 1)[1].split("</ol>", 1)[0])
            if language == "en":
                days = {int(a or b) for a, b in _WHEN.findall(threads[-1])}
                assert int(day) in days and days <= {int(day), int(day) - 1}
        assert len(set(threads)) == len(threads)
        room = links[0][0].split("?")[0]
        assert player.get(f"{room}?day={today + 50}").status_code == 404
        assert player.get(f"{room}?day=tomorrow").status_code == 400
