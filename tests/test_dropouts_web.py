"""RESIGN on the player's own page (issue 38, item 3): the page offers it, a form without the ticked box
changes nothing, and with it the seat goes to the stand-in bot through the application layer (audited as
the web's), the player's session then leading nowhere."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_web_forum import _anna
from web_helpers import GAME, forum_site, token


@pytest.fixture
def site(tmp_path: Path, sqlite_url: str):  # type: ignore[no-untyped-def]
    return forum_site(tmp_path, sqlite_url)


def test_a_player_leaves_from_their_page_only_with_the_box_ticked(site) -> None:  # type: ignore[no-untyped-def]
    referee = site[1]
    browser, _ = _anna(site)
    page = browser.get(f"/play/{GAME}/Anna").text
    assert "Leave the running game" in page and "Yes, I leave the game" in page

    unticked = browser.post(f"/play/{GAME}/Anna/resign", data={"csrf": token(page)}, follow_redirects=False)
    assert unticked.status_code == 303
    assert referee.seat(GAME, "Anna").email == "anna@example.org"

    page = browser.get(f"/play/{GAME}/Anna").text
    left = browser.post(
        f"/play/{GAME}/Anna/resign", data={"csrf": token(page), "confirm": "yes"}, follow_redirects=False
    )
    assert left.status_code == 303
    assert referee.seat(GAME, "Anna").email != "anna@example.org"
    assert "Anna" in referee.load(GAME).row.settings["bots"]
    (action,) = [a for a in referee.actions(GAME) if a.action == "resign"]
    assert (action.channel, action.actor) == ("web", "anna@example.org")
    assert browser.get(f"/play/{GAME}/Anna").status_code == 404
