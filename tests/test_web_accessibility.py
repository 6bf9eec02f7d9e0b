"""The main pages pass axe-core (run by Playwright in Debian's Chromium against a real ``referee web``)
with no serious or critical violation: the sign-in page, the campaigns, a game's page, "see as", a
player's page and a room's thread, in English and in Russian, on a desktop and on a phone screen."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
import test_web_browser as shared
from web_helpers import mailed_links

pytest.importorskip("playwright.sync_api")
pytestmark = shared.pytestmark

served = shared.served
browser = shared.browser

AXE = Path(__file__).parent / "data" / "axe-core" / "axe.min.js"
GRAVE = ("serious", "critical")


def violations(page: Any) -> list[str]:
    """The serious and critical violations axe-core finds in the page, one line each."""
    page.add_script_tag(path=str(AXE))
    found = page.evaluate("async () => (await axe.run(document, {resultTypes: ['violations']})).violations")
    return [
        f"{v['id']} ({v['impact']}): {v['help']} — {[n['target'] for n in v['nodes']][:4]}"
        for v in found
        if v["impact"] in GRAVE
    ]


def test_the_main_pages_have_no_serious_accessibility_violation(served, browser) -> None:  # type: ignore[no-untyped-def]
    base, site = served
    referee = site.store()
    now = datetime.now(UTC)
    referee.submit("castle", "Vera", "SAY Welcome, everyone", now, "mail:v1")
    referee.submit("castle", "Anna", "MOVE Garage", now, "mail:a1")
    referee.resolve("castle", now + timedelta(seconds=1))
    referee.forum.request_links("anna@example.org", now + timedelta(seconds=2))
    link = [x for x in mailed_links(site, referee, "Anna", "castle") if x.startswith(base)][-1]
    found: dict[str, list[str]] = {}
    for language in ("en-GB", "ru-RU"):
        master = browser.new_context(bypass_csp=True, locale=language, viewport=shared.DESKTOP)
        page = master.new_page()
        page.goto(f"{base}/login")
        found[f"login {language}"] = violations(page)
        page.fill("input[name=email]", shared.GM)
        page.fill("input[name=password]", shared.PASSWORD)
        page.click("form[action='/login'] button[type=submit]")
        page.wait_for_url(f"{base}/campaigns")
        for name, path in (
            ("campaigns", "/campaigns"),
            ("game", "/games/castle"),
            ("game after a past phase", "/games/castle?at=0"),
            ("see as", "/games/castle/see/Anna"),
            ("see as after a past phase", "/games/castle/see/Anna?at=0"),
        ):
            for size in (shared.DESKTOP, shared.PHONE):
                page.set_viewport_size(size)
                page.goto(f"{base}{path}")
                found[f"{name} {language} {size['width']}"] = violations(page)
        page.goto(f"{base}/games/castle")
        page.click("form[action='/games/castle/preview'] button[type=submit]")
        page.wait_for_url(f"{base}/games/castle/preview")
        found[f"preview {language}"] = violations(page)
        master.close()
    player = browser.new_context(bypass_csp=True, viewport=shared.PHONE).new_page()
    player.goto(f"{base}/play")
    found["players' sign-in"] = violations(player)
    player.goto(link)
    found["link"] = violations(player)
    player.get_by_role("button", name="Sign in").click()
    player.wait_for_url(f"{base}/play/castle/Anna")
    found["player"] = violations(player)
    player.goto(f"{base}/play/castle/Anna/rooms/Hall")
    found["room thread"] = violations(player)

    assert {page: lines for page, lines in found.items() if lines} == {}
