"""The game page's timeline is rendered once for as long as the phases it shows stand as they are: talk
and orders after them change nothing of it, a resolution or a rollback shows at once (the page's other
parts are rendered each time)."""

from __future__ import annotations

from datetime import datetime, timedelta
from pathlib import Path

import pytest
from web_helpers import GAME, T0, client, sign_in, web_site

from referee.app import COMMAND_LINE
from referee.web import pages

pytestmark = pytest.mark.sqlite_only
"""On SQLite alone: what is kept is the site's, not the database's."""


def at(seconds: int) -> datetime:
    return T0 + timedelta(seconds=seconds)


def timeline(html: str) -> str:
    """The timeline section of a game page."""
    return html.split('id="timeline"')[1].split("</section>")[0]


def test_the_timeline_is_rendered_again_only_when_its_phases_change(
    tmp_path: Path, database_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    site, referee = web_site(tmp_path, database_url)
    browser = client(site, referee, at(3600))
    sign_in(browser)
    rendered: list[str] = []
    fragment = pages.Site.fragment

    def counted(self: pages.Site, name: str, **context: object) -> str:
        rendered.append(name)
        return fragment(self, name, **context)  # type: ignore[arg-type]

    monkeypatch.setattr(pages.Site, "fragment", counted)
    referee.resolve(GAME, at(60))
    first = browser.get(f"/games/{GAME}").text
    assert rendered.count("_timeline.html.j2") == 1
    referee.submit(GAME, "Boris", "SAY the soup is cold", at(61), "test")
    again = browser.get(f"/games/{GAME}").text
    assert rendered.count("_timeline.html.j2") == 1  # talk after the phase: the timeline kept
    assert timeline(again) == timeline(first) and "rolled back" not in timeline(first)
    referee.desk.rollback(GAME, at(75), COMMAND_LINE)
    rolled = browser.get(f"/games/{GAME}").text
    assert rendered.count("_timeline.html.j2") == 2
    assert "rolled back" in timeline(rolled)
    referee.resolve(GAME, at(90))
    browser.get(f"/games/{GAME}")
    assert rendered.count("_timeline.html.j2") == 3
