"""A page asked for some of its live parts alone (``?parts=``, what the script asks when told they
changed) answers exactly those parts of the page the same person would be shown, after the same
checks: never another seat's private talk, a room the player was not in, a game-master's part, or a
page of another game; a visitor, another seat and another game are refused exactly as the page is."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient
from web_helpers import GAME, GM, OTHER, PASSWORD, T0, client, forum_site, mailed_links, sign_in_player, token

from referee.app import Referee
from referee.web import live
from referee.web.fragments import cut

NOW = T0 + timedelta(minutes=5)


@pytest.fixture
def site(tmp_path: Path, sqlite_url: str) -> Iterator[tuple[Any, Referee]]:
    """The castle: Anna and Vera in the Garage, Boris in the Study; then Vera says something in the
    Garage and Boris something in the Study (heard by him alone)."""
    site, referee = forum_site(tmp_path, sqlite_url)
    referee.accounts.add("Gail", GM, PASSWORD, T0)
    referee.submit(GAME, "Anna", "MOVE Garage", T0 + timedelta(seconds=1), "mail:a1")
    referee.submit(GAME, "Vera", "MOVE Garage", T0 + timedelta(seconds=2), "mail:v1")
    referee.submit(GAME, "Boris", "MOVE Study", T0 + timedelta(seconds=3), "mail:b1")
    referee.resolve(GAME, T0 + timedelta(seconds=60))
    referee.submit(GAME, "Vera", "SAY the garage is cold", T0 + timedelta(seconds=61), "mail:v2")
    referee.submit(GAME, "Boris", "SAY the study hides a zeppelin", T0 + timedelta(seconds=62), "mail:b2")
    yield site, referee


def _player(site: Any, referee: Referee, name: str) -> TestClient:
    browser = client(site, referee, NOW)
    email = f"{name.lower()}@example.org"
    browser.post("/play", data={"csrf": token(browser.get("/play").text), "email": email})
    assert sign_in_player(browser, mailed_links(site, referee, name)[-1]) == f"/play/{GAME}/{name}"
    return browser


ALL = ",".join(live.PARTS["player"])


def test_the_parts_asked_for_are_exactly_those_of_the_page_the_player_is_shown(
    site: tuple[Any, Referee],
) -> None:
    anna = _player(*site, "Anna")
    whole = anna.get(f"/play/{GAME}/Anna")
    parts = anna.get(f"/play/{GAME}/Anna", params={"parts": "talk-now,rooms"}, headers={"X-Live": "1"})

    assert parts.status_code == 200
    assert parts.text == cut(whole.text, ("talk-now", "rooms"))
    assert 'id="talk-now"' in parts.text and "the garage is cold" in parts.text
    assert "<form" not in parts.text and 'id="letters-now"' not in parts.text


def test_a_thread_asked_for_its_part_answers_that_part_of_the_thread(site: tuple[Any, Referee]) -> None:
    anna = _player(*site, "Anna")
    whole = anna.get(f"/play/{GAME}/Anna/rooms/Garage")
    part = anna.get(f"/play/{GAME}/Anna/rooms/Garage", params={"parts": "thread"})

    assert part.text == cut(whole.text, ("thread",)) and "the garage is cold" in part.text


def test_no_part_holds_another_seats_private_talk(site: tuple[Any, Referee]) -> None:
    """TS-3: what Boris said alone in the Study is in no part of Anna's or Vera's page."""
    for name in ("Anna", "Vera"):
        browser = _player(*site, name)
        for path in (f"/play/{GAME}/{name}", f"/play/{GAME}/{name}/rooms/Garage"):
            answer = browser.get(path, params={"parts": ALL})
            assert answer.status_code == 200
            assert "zeppelin" not in answer.text and "the garage is cold" in answer.text
    boris = _player(*site, "Boris").get(f"/play/{GAME}/Boris", params={"parts": ALL})
    assert "zeppelin" in boris.text and "the garage is cold" not in boris.text


def test_parts_are_refused_exactly_as_their_page_is(site: tuple[Any, Referee]) -> None:
    anna = _player(*site, "Anna")
    visitor = client(*site, NOW)
    master = client(*site, NOW)
    master.post("/login", data={"csrf": token(master.get("/login").text), "email": GM, "password": PASSWORD})
    asked = [
        (anna, f"/play/{GAME}/Boris", 404),  # another seat
        (anna, f"/play/{GAME}/Anna/rooms/Study", 404),  # a room she was never in
        (anna, f"/play/{OTHER}/Anna", 404),  # a seat of another game
        (visitor, f"/play/{GAME}/Anna", 401),
        (master, f"/play/{GAME}/Anna", 401),  # the game-master is no player
    ]
    for browser, path, status in asked:
        assert browser.get(path).status_code == status, path
        answer = browser.get(path, params={"parts": ALL}, headers={"X-Live": "1"})
        assert answer.status_code == status, path
        assert "zeppelin" not in answer.text and "garage is cold" not in answer.text, path


def test_a_game_masters_part_asked_on_a_players_page_is_not_there(site: tuple[Any, Referee]) -> None:
    """The parts a player's page may be asked for are its own: naming the game page's (its audit,
    its castle) gets the player's page as it is, never the game-master's part."""
    anna = _player(*site, "Anna")
    answer = anna.get(f"/play/{GAME}/Anna", params={"parts": ",".join(live.PARTS["master"])})

    assert answer.status_code == 200
    assert all(f'id="{part}"' not in answer.text for part in ("audit", "castle", "timeline", "status"))
    assert "zeppelin" not in answer.text


def test_a_part_request_answers_304_to_its_own_etag_and_never_to_the_whole_pages(
    site: tuple[Any, Referee],
) -> None:
    with _player(*site, "Anna") as anna:  # one loop: the site's watcher (and its versions) kept
        whole = anna.get(f"/play/{GAME}/Anna")
        part = anna.get(f"/play/{GAME}/Anna", params={"parts": "talk-now"})
        held = {"If-None-Match": part.headers["etag"]}
        again = anna.get(f"/play/{GAME}/Anna", params={"parts": "talk-now"}, headers=held)
        held = {"If-None-Match": whole.headers["etag"]}
        mixed = anna.get(f"/play/{GAME}/Anna", params={"parts": "talk-now"}, headers=held)

    assert part.headers["etag"] != whole.headers["etag"]
    assert again.status_code == 304
    assert mixed.status_code == 200 and mixed.text == cut(whole.text, ("talk-now",))


def test_a_part_is_cut_whole_with_the_parts_nested_in_it() -> None:
    page = (
        '<main><div id="a" data-live><div>one <b>two</b></div><p>x</p></div>'
        '<ul id="b" data-live><li>1</li></ul><div id="c">not asked</div></main>'
    )

    assert cut(page, ("a", "b")) == (
        '<div id="a" data-live><div>one <b>two</b></div><p>x</p></div>\n'
        '<ul id="b" data-live><li>1</li></ul>\n'
    )
    assert cut(page, ("nothing",)) == "\n"
