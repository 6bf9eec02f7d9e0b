"""The campaigns page as one list of every game and announced campaign with its state (taking sign-ups,
running, paused, stopped, finished), filtered by state, game, game-master and a part of the name through
the address's query, fifty lines a page, newest first; the database filters, counts and cuts each page,
with the same number of statements whatever the page holds, and a game-master never sees another's."""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path

import pytest
from sqlalchemy import event
from sqlmodel import Session, select
from web_helpers import ADMIN, GAME, GM, OTHER, OTHER_GM, T0, client, sign_in, web_site

from referee.app import COMMAND_LINE, Referee
from referee.app.campaignfile import campaign_file
from referee.store.models import GameRow

SIGNING_UP = "museum-9"
CALLED_OFF = "museum-10"
_LINK = re.compile(r'href="/(?:games|signups)/([^"/?]+)"')


def announce(site, referee: Referee, campaign_id: str, master: str) -> None:  # type: ignore[no-untyped-def]
    """A Museum Suspects campaign of ``master``, taking sign-ups."""
    file = {
        "game": {"kind": "museum-suspects", "id": campaign_id, "seed": 5, "master_email": master},
        "signup": {"closes": T0 + timedelta(days=2), "seats": 2, "minimum": 2, "deal": "order"},
    }
    referee.signups.announce(
        campaign_file(file, site.root / "schedules"), T0 - timedelta(hours=1), COMMAND_LINE
    )


def copies(referee: Referee, count: int, master: str, prefix: str, *, finished: bool = False) -> list[str]:
    """``count`` more games of ``master`` as the game ``GAME`` stands (its rows copied under new names,
    one a minute after ``T0``): their ids, oldest first."""
    with Session(referee.database.engine) as session:
        model = session.exec(select(GameRow).where(GameRow.id == GAME)).one()
        ids = [f"{prefix}-{number:03}" for number in range(count)]
        for number, game_id in enumerate(ids, 1):
            fields = model.model_dump() | {
                "id": game_id,
                "created_at": T0 + timedelta(minutes=number),
                "settings": {**model.settings, "master_email": master},
                "finished": finished,
            }
            session.add(GameRow(**fields))
        session.commit()
    return ids


def listed(html: str) -> list[str]:
    """The ids of the games and campaigns a page lists, in order."""
    table = html.split('id="campaigns"', 1)[1]
    return _LINK.findall(table)


@pytest.fixture
def world(tmp_path: Path, sqlite_url: str) -> Iterator[tuple[object, Referee]]:
    """The two games of ``web_site`` (``GAME`` of ``GM`` paused, ``OTHER`` of ``OTHER_GM`` stopped on an
    error), a finished game of ``GM``, a campaign of ``GM`` taking sign-ups and one called off."""
    site, referee = web_site(tmp_path, sqlite_url)
    referee.desk.pause(GAME, T0, COMMAND_LINE)
    referee.stop(OTHER, RuntimeError("a broken rule"), T0)
    copies(referee, 1, GM, "done", finished=True)
    announce(site, referee, SIGNING_UP, GM)
    announce(site, referee, CALLED_OFF, GM)
    referee.signups.cancel(CALLED_OFF, T0, COMMAND_LINE)
    yield site, referee


def test_the_list_holds_every_state_and_each_state_filters_to_its_own(world) -> None:  # type: ignore[no-untyped-def]
    browser = client(*world)
    sign_in(browser, ADMIN)
    running = copies(world[1], 1, GM, "on")

    everything = browser.get("/campaigns").text

    assert set(listed(everything)) == {GAME, OTHER, "done-000", *running, SIGNING_UP, CALLED_OFF}
    assert "Found: 6." in everything
    expected = {
        "signup": [SIGNING_UP],
        "running": running,
        "paused": [GAME],
        "stopped": [CALLED_OFF, OTHER],
        "finished": ["done-000"],
    }
    for state, ids in expected.items():
        page = browser.get("/campaigns", params={"state": state}).text
        assert sorted(listed(page)) == sorted(ids), state
        assert f'<option value="{state}" selected>' in page
    stopped = browser.get("/campaigns", params={"state": "stopped"}).text
    assert "stopped on an error" in stopped and "cancelled before the start" in stopped
    assert f'href="/signups/{CALLED_OFF}"' in stopped and f'href="/games/{OTHER}"' in stopped


def test_filters_by_kind_master_and_a_part_of_the_name(world) -> None:  # type: ignore[no-untyped-def]
    browser = client(*world)
    sign_in(browser, ADMIN)

    museum = listed(browser.get("/campaigns", params={"kind": "museum-suspects"}).text)
    sailors = listed(browser.get("/campaigns", params={"kind": "ten-sailors"}).text)
    rivals = listed(browser.get("/campaigns", params={"master": OTHER_GM.upper()}).text)
    named = listed(browser.get("/campaigns", params={"search": "SEUM-1"}).text)
    both = listed(browser.get("/campaigns", params={"search": "museum", "state": "signup"}).text)
    nothing = browser.get("/campaigns", params={"search": "100%_"}).text

    assert sorted(museum) == [CALLED_OFF, SIGNING_UP]
    assert sorted(sailors) == sorted([GAME, OTHER, "done-000"])
    assert rivals == [OTHER]
    assert named == [CALLED_OFF]  # "museum-10", not "museum-9"
    assert both == [SIGNING_UP]
    assert listed(nothing) == [] and "No game matches these filters." in nothing


def test_a_value_the_page_does_not_offer_filters_nothing(world) -> None:  # type: ignore[no-untyped-def]
    browser = client(*world)
    sign_in(browser, ADMIN)
    whole = listed(browser.get("/campaigns").text)

    odd = browser.get("/campaigns", params={"state": "exploded", "kind": "chess", "page": "999"})

    assert odd.status_code == 200 and listed(odd.text) == whole
    assert browser.get("/campaigns", params={"page": "-1"}).status_code == 400


def test_a_game_master_never_sees_another_masters_game_through_any_filter_or_page(world) -> None:  # type: ignore[no-untyped-def]
    site, referee = world
    mine = copies(referee, 60, GM, "mine")
    theirs = copies(referee, 60, OTHER_GM, "theirs")
    announce(site, referee, "rival-signup", OTHER_GM)
    browser = client(site, referee)
    sign_in(browser, GM)
    asks = [
        {},
        {"master": OTHER_GM},
        {"search": "theirs"},
        {"state": "stopped"},
        {"state": "signup"},
        {"kind": "ten-sailors", "master": OTHER_GM},
        {"page": "2"},
        {"page": "3"},
    ]

    seen: set[str] = set()
    for ask in asks:
        page = browser.get("/campaigns", params=ask).text
        seen |= set(listed(page))
        assert OTHER_GM not in page, ask

    assert seen == {GAME, "done-000", SIGNING_UP, CALLED_OFF, *mine}
    assert not seen & {OTHER, "rival-signup", *theirs}
    assert 'name="master"' not in browser.get("/campaigns").text  # no choice of game-master offered


def test_pages_hold_fifty_newest_first_and_their_links_keep_the_filters(world) -> None:  # type: ignore[no-untyped-def]
    site, referee = world
    mine = copies(referee, 120, GM, "mine")
    browser = client(site, referee)
    sign_in(browser, GM)
    ask = {"state": "running", "search": "mine"}

    first = browser.get("/campaigns", params=ask).text
    links = re.findall(r'<a href="(/campaigns\?[^"]+)"', first)
    second_link = next(link for link in links if "page=2" in link)
    second = browser.get(second_link.replace("&amp;", "&")).text
    third = browser.get("/campaigns", params={**ask, "page": "3"}).text

    assert "Found: 120." in first and "Page 1 of 3." in first
    assert "state=running" in second_link and "search=mine" in second_link
    newest_first = list(reversed(mine))
    assert listed(first) == newest_first[:50]
    assert listed(second) == newest_first[50:100]
    assert listed(third) == newest_first[100:]
    assert 'aria-current="page">2<' in second and 'rel="prev"' in second and 'rel="next"' in second


def _statements(browser, referee: Referee, path: str) -> list[tuple[str, object]]:  # type: ignore[no-untyped-def]
    """The SQL statements the page ``path`` sent to the database, with their parameters."""
    sent: list[tuple[str, object]] = []

    def remember(_conn: object, _cur: object, sql: str, params: object, *_rest: object) -> None:
        sent.append((sql, params))

    event.listen(referee.database.engine, "before_cursor_execute", remember)
    try:
        answer = browser.get(path)
    finally:
        event.remove(referee.database.engine, "before_cursor_execute", remember)
    assert answer.status_code == 200
    return sent


def _costs(site, referee: Referee) -> dict[str, tuple[int, int]]:  # type: ignore[no-untyped-def]
    """With 55 more games of ``GM``, for a page of fifty of them, a page of five and the first page of
    everything an admin sees: how many lines it shows and how many statements it cost."""
    copies(referee, 55, GM, "mine")
    browser = client(site, referee)
    sign_in(browser, ADMIN)
    pages = {"fifty": "/campaigns?search=mine", "five": "/campaigns?search=mine&page=2", "all": "/campaigns"}
    return {
        name: (len(listed(browser.get(path).text)), len(_statements(browser, referee, path)))
        for name, path in pages.items()
    }


def test_a_page_of_fifty_games_costs_the_statements_of_a_page_of_five(world) -> None:  # type: ignore[no-untyped-def]
    costs = _costs(*world)

    (fifty, five, everything) = costs["fifty"], costs["five"], costs["all"]
    assert (fifty[0], five[0], everything[0]) == (50, 5, 50)
    assert fifty[1] == five[1] == everything[1], costs


def test_a_page_of_fifty_games_costs_the_statements_of_a_page_of_five_on_postgresql(
    tmp_path: Path, postgres_url: str
) -> None:
    costs = _costs(*web_site(tmp_path, postgres_url))

    assert (costs["fifty"][0], costs["five"][0]) == (50, 5)
    assert costs["fifty"][1] == costs["five"][1] == costs["all"][1], costs


def test_a_game_masters_page_finds_their_games_through_an_index(world) -> None:  # type: ignore[no-untyped-def]
    site, referee = world
    copies(referee, 30, OTHER_GM, "theirs")
    browser = client(site, referee)
    sign_in(browser, GM)
    sent = _statements(browser, referee, "/campaigns?state=running")
    ((query, params),) = [(sql, params) for sql, params in sent if "LIMIT" in sql and "listing" in sql]

    with referee.database.engine.connect() as connection:
        found = connection.exec_driver_sql(f"EXPLAIN QUERY PLAN {query}", params).all()  # type: ignore[arg-type]
    plan = "\n".join(str(row[-1]) for row in found)

    assert "ix_games_master" in plan, plan
