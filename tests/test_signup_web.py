"""The public sign-up page in a real browser: Chromium (Debian's, through Playwright) against a real
``referee web`` process on loopback, the mail on Maildir. A visitor finds the campaign on the list of
games open for sign-up, signs up with the form, and counts only once the link mailed to the address
typed is opened and its button pressed; the game-master then sees the sign-up beside its record."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta

import pytest
import test_web_browser as shared

from referee.app.audit import COMMAND_LINE
from referee.app.campaignfile import campaign_file
from referee.mail.compose import compose
from referee.render import Renderer

pytest.importorskip("playwright.sync_api")
pytestmark = shared.pytestmark

served = shared.served
browser = shared.browser

NINA = "nina@example.org"


def test_a_visitor_signs_up_on_the_public_page_and_counts_once_the_mailed_link_confirms_it(
    served, browser
) -> None:  # type: ignore[no-untyped-def]
    base, site = served
    referee = site.store()
    closes = (datetime.now(UTC) + timedelta(days=3)).replace(microsecond=0)
    file = {
        "game": {"kind": "museum-suspects", "id": "museum-9", "seed": 5, "master_email": shared.GM},
        "signup": {"closes": closes, "seats": 4, "minimum": 2},
    }
    referee.signups.announce(campaign_file(file, site.root / "schedules"), datetime.now(UTC), COMMAND_LINE)

    page = browser.new_context().new_page()
    page.goto(f"{base}/signup")
    page.get_by_role("link", name="Museum Suspects · museum-9").click()
    page.wait_for_url(f"{base}/signup/museum-9")
    assert "Seats: 4, free: 4." in page.locator("main").inner_text()
    page.get_by_label("Name to play under").fill("Nina")
    page.get_by_label("Email").fill(NINA)
    page.get_by_role("button", name="Sign up").click()
    assert page.get_by_text("A mail is on its way to the address you typed").is_visible()
    assert [(i["email"], i["state"]) for i in referee.signups.line("museum-9")] == [(NINA, "pending")]

    config = site.config()
    (letter,) = [letter for letter in referee.letters.unsent() if letter.address == NINA]
    (mail,) = compose(letter, None, None, Renderer(config.templates), config.mail)
    text = mail.message.get_body(("plain",)).get_content()  # type: ignore[union-attr]
    (link,) = re.findall(rf"{re.escape(base)}/signup/museum-9/confirm/\S+", text)
    page.goto(link)
    assert referee.signups.line("museum-9")[0]["state"] == "pending"  # opening the link alone does nothing
    page.get_by_role("button", name="Confirm my sign-up").click()
    assert page.get_by_text("You are signed up").is_visible()
    assert [(i["email"], i["state"], i["place"]) for i in referee.signups.line("museum-9")] == [
        (NINA, "in", "seat")
    ]
    page.goto(f"{base}/signup/museum-9/confirm/not-a-token")
    page.get_by_role("button", name="Confirm my sign-up").click()
    assert page.get_by_text("This link does not work").is_visible()

    master = browser.new_context().new_page()
    master.goto(f"{base}/login")
    master.get_by_label("Email").fill(shared.GM)
    master.get_by_label("Password").fill(shared.PASSWORD)
    master.get_by_role("button", name="Sign in").click()
    master.get_by_role("link", name="museum-9").click()
    master.wait_for_url(f"{base}/signups/museum-9")
    row = master.locator("#signups tbody tr").first.inner_text()
    assert "Nina" in row and NINA in row and "seat 1" in row
    assert "no game played yet; 1 sign-up, 0 left before the start" in row
