"""Every page fits a phone: on a 390×844 screen (Chromium, through Playwright) nothing is wider than
the screen — the game-master's game page with long Message-IDs in its timeline and mail lists, the
game as one player sees it, the player's own pages and both sign-in pages. A page that needs sideways
scrolling on a phone is a failure, whatever it holds."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
import test_web_browser as shared
from web_helpers import mailed_links

pytest.importorskip("playwright.sync_api")
pytestmark = shared.pytestmark

served = shared.served  # the fixtures of the game-master's browser tests
browser = shared.browser

LONG_ID = "mail:<CAKx9vQ3f0a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6e7f8a9b0c1d2e3f4a5b6c7d8e9f0@mail.example.org>"
"""A Message-ID as long as real mailers write them, with nowhere to break a line."""


def _width(page: object) -> int:
    return int(page.evaluate("document.scrollingElement.scrollWidth"))  # type: ignore[attr-defined]


def test_no_page_is_wider_than_a_390_pixel_phone(served, browser) -> None:  # type: ignore[no-untyped-def]
    base, site = served
    referee = site.store()
    now = datetime.now(UTC)
    referee.submit("castle", "Anna", "MOVE Garage\nSAY has anyone seen the rope?", now, LONG_ID)
    referee.submit("castle", "Boris", "MOVE Study", now, LONG_ID.replace("CAKx", "CAKy"))
    referee.resolve("castle", now + timedelta(seconds=1))
    referee.submit("castle", "Anna", "SAY " + "Aaaah" * 30, now + timedelta(seconds=2), LONG_ID + "x")

    context = browser.new_context(viewport=shared.PHONE, locale="en-GB")
    page = context.new_page()
    wide: dict[str, int] = {}

    def measure(path: str) -> None:
        answer = page.goto(f"{base}{path}")
        assert answer is not None and answer.status == 200, path
        wide[path] = _width(page)

    measure("/login")
    measure("/play")
    page.get_by_label("Email").fill("anna@example.org")
    page.get_by_role("button", name="Mail me a link").click()
    link = [x for x in mailed_links(site, referee, "Anna", "castle") if x.startswith(base)][-1]
    measure(link.removeprefix(base))
    page.get_by_role("button", name="Sign in").click()
    page.wait_for_url(f"{base}/play/castle/Anna")
    measure("/play/castle/Anna")
    assert page.get_by_role("navigation", name="Earlier days").is_visible()  # the room's arrival evening
    measure("/play/castle/Anna/rooms/Garage")
    measure("/play/castle/Anna/rooms/Garage?day=0")

    gm = browser.new_context(viewport=shared.PHONE, locale="en-GB").new_page()
    page = gm
    shared._sign_in(page, base, shared.GM)
    page.wait_for_url(f"{base}/campaigns")
    measure("/campaigns")
    measure("/games/castle")
    shortened = page.locator(f'.ident[title="{LONG_ID}"]')
    assert shortened.count() == 1 and len(shortened.inner_text()) < len(LONG_ID) // 2
    for summary in page.locator("details > summary").all():
        summary.click()  # every list of mail and every phase open: the widest the page can be
    wide["/games/castle (all open)"] = _width(page)
    measure("/games/castle?at=0")
    measure("/games/castle/see/Anna")

    page.get_by_role("button", name="Русский").click()
    page.wait_for_load_state()
    measure("/games/castle")
    wide["/games/castle (in Russian)"] = wide.pop("/games/castle")
    overflowing = page.evaluate(CLIPPED)
    assert "Музыкальная комната" in (page.locator("svg.castle").text_content() or "")

    assert {path: width for path, width in wide.items() if width > shared.PHONE["width"]} == {}
    assert overflowing == []


CLIPPED = """() => Array.from(document.querySelectorAll("svg.castle g.room")).flatMap((room) => {
  const box = room.querySelector("rect").getBBox();
  return Array.from(room.querySelectorAll("text")).filter((text) => {
    const drawn = text.getBBox();
    return drawn.x < box.x || drawn.x + drawn.width > box.x + box.width;
  }).map((text) => text.textContent);
})"""
"""The names drawn in the castle that run out of their room's box (a clipped «Музыкальная комнат»)."""
