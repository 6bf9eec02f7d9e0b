"""The players' forum in a real browser: Chromium (Debian's, through Playwright) against a real
``referee web`` process on loopback, the mail on Maildir. A player asks for a link on the sign-in page,
signs in by the link the referee wrote into their mail, posts, orders, reads a room thread holding
exactly the talk they were present for (TS-3, TS-23), and is refused another player's thread and
another game by URL. The test writes the players' screenshots of docs/screenshots/."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
import test_web_browser as shared
from web_helpers import mailed_links

pytest.importorskip("playwright.sync_api")
pytestmark = shared.pytestmark

served = shared.served  # the fixtures of the game-master's browser tests
browser = shared.browser


def test_ts3_a_player_signs_in_by_the_mailed_link_posts_orders_and_sees_only_their_own(
    served, browser
) -> None:  # type: ignore[no-untyped-def]
    base, site = served
    referee = site.store()
    now = datetime.now(UTC)
    referee.submit("castle", "Vera", "SAY Welcome, everyone", now, "mail:v1")
    referee.submit("castle", "Anna", "MOVE Garage", now, "mail:a1")
    referee.submit("castle", "Vera", "MOVE Garage", now, "mail:v2")
    referee.submit("castle", "Boris", "MOVE Study", now, "mail:b1")
    referee.resolve("castle", now + timedelta(seconds=1))
    referee.submit("castle", "Boris", "SAY the study hides a secret", now + timedelta(seconds=2), "mail:b2")
    referee.submit("castle", "Vera", "SAY the garage is cold", now + timedelta(seconds=3), "mail:v3")

    page = browser.new_context().new_page()
    page.goto(f"{base}/play")
    page.get_by_label("Email").fill("anna@example.org")
    page.get_by_role("button", name="Mail me a link").click()
    assert page.get_by_text("a sign-in link is on its way").is_visible()
    links = [link for link in mailed_links(site, referee, "Anna", "castle") if link.startswith(base)]
    assert links
    page.goto(links[-1])
    page.get_by_role("button", name="Sign in").click()
    page.wait_for_url(f"{base}/play/castle/Anna")
    body = page.locator("body").inner_text()
    assert "Garage" in body and "Vera" in body and "secret" not in body
    shared._shoot(page, "player")

    page.get_by_role("link", name="Garage").click()
    page.wait_for_url(f"{base}/play/castle/Anna/rooms/Garage")
    thread = page.locator("main").inner_text()
    assert "the garage is cold" in thread and "secret" not in thread and "Welcome, everyone" not in thread
    page.get_by_label("Heard by everyone in the room with you now, as a mail would be").fill(
        "SAY who has the rope?"
    )
    page.get_by_role("button", name="Say it").click()
    assert page.get_by_role("heading", name="The referee's answer").is_visible()
    page.goto(f"{base}/play/castle/Anna/rooms/Garage")
    assert "who has the rope?" in page.locator("main").inner_text()
    shared._shoot(page, "player-room")
    page.goto(f"{base}/play/castle/Anna/rooms/Hall")
    assert "Welcome, everyone" in page.locator("main").inner_text()

    page.goto(f"{base}/play/castle/Anna")
    page.get_by_label("Your orders, one per line, as in a mail").fill("SEARCH Rope, Wardrobe")
    page.get_by_role("button", name="Send the orders").click()
    assert "Rope" in page.locator("pre").inner_text()

    for path in (
        "/play/castle/Boris",
        "/play/castle/Boris/rooms/Study",
        "/play/castle/Anna/rooms/Study",
        "/play/manor/Anna",
    ):
        answer = page.goto(f"{base}{path}")
        assert answer is not None and answer.status == 404, path
        assert "secret" not in page.locator("body").inner_text()
    assert page.evaluate("document.cookie") == ""  # the session cookie is HttpOnly
