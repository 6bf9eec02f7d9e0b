"""A live page in a real browser: Chromium (Debian's, through Playwright) against a real ``referee web``
process on loopback. Two players in the same room have their pages open; one posts, and the post appears
on the other's page without a reload, pushed (Server-Sent Events), within a couple of seconds: the page
asks for the parts it was told changed, not for itself whole."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
import test_web_browser as shared
from web_helpers import mailed_links

from referee.app import Referee

pytest.importorskip("playwright.sync_api")
pytestmark = shared.pytestmark

served = shared.served  # the fixtures of the game-master's browser tests
browser = shared.browser


@contextmanager
def _signed_in(browser: Any, base: str, site: Any, referee: Referee, name: str) -> Iterator[Any]:
    """A page of a browser of its own, signed in as ``name`` by the link the referee mailed them."""
    context = browser.new_context(locale="en-GB")
    page = context.new_page()
    page.goto(f"{base}/play")
    page.get_by_label("Email").fill(f"{name.lower()}@example.org")
    page.get_by_role("button", name="Mail me a link").click()
    page.get_by_text("a sign-in link is on its way").wait_for()
    links = [link for link in mailed_links(site, referee, name, "castle") if link.startswith(base)]
    page.goto(links[-1])
    page.get_by_role("button", name="Sign in").click()
    page.wait_for_url(f"{base}/play/castle/{name}")
    try:
        yield page
    finally:
        context.close()


def test_ts23_a_post_appears_on_the_open_page_of_another_player_in_the_room_without_a_reload(
    served, browser
) -> None:  # type: ignore[no-untyped-def]
    base, site = served
    referee = site.store()
    with (
        _signed_in(browser, base, site, referee, "Anna") as anna,
        _signed_in(browser, base, site, referee, "Vera") as vera,
    ):
        anna.wait_for_selector("body[data-live=push]")  # her page listens to its stream
        loaded = anna.evaluate("performance.getEntriesByType('navigation').length")
        asked: list[str] = []
        anna.on("request", lambda request: asked.append(request.url))
        vera.get_by_label("Heard by everyone in the room with you now, as a mail would be").fill(
            "SAY who has the rope?"
        )
        vera.get_by_role("button", name="Say it").click()
        vera.get_by_role("heading", name="The referee's answer").wait_for()

        anna.locator("#talk-now").get_by_text("who has the rope?").wait_for(timeout=3000)
        assert anna.evaluate("performance.getEntriesByType('navigation').length") == loaded
        assert anna.evaluate("document.body.dataset.live") == "push"  # never fell back to polling
        refreshed = [url for url in asked if url.startswith(f"{base}/play/castle/Anna")]
        assert all("parts=" in url and "talk-now" not in url for url in refreshed), (
            asked
        )  # handed, not fetched
        anna.wait_for_timeout(500)  # any part fetched again meanwhile has been swapped in
        assert anna.locator("#talk-now li.message").get_by_text("who has the rope?").count() == 1
