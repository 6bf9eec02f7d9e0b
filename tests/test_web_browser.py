"""The web dashboard in a real browser: Chromium (Debian's, driven by Playwright) against a real
``referee web`` process on a loopback port, the mail on Maildir. A game-master signs in, finds the
game, previews and resolves a phase, shifts a boundary (TS-5), substitutes a player and rolls the
resolution back; a visitor and a game-master of another game are refused. The tests write the
screenshots of docs/screenshots/."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest
from service_helpers import Site

from referee.config import PROJECT_ROOT

playwright = pytest.importorskip("playwright.sync_api")

CHROMIUM = "/usr/bin/chromium"
SHOTS = PROJECT_ROOT / "docs" / "screenshots"
GM, OTHER_GM, PASSWORD = "gm@example.org", "rival@example.org", "correct horse battery"
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}

pytestmark = pytest.mark.skipif(not Path(CHROMIUM).exists(), reason="Chromium is not installed")


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.fixture
def served(tmp_path: Path, sqlite_url: str) -> Iterator[tuple[str, Site]]:
    """A site with two games and two game-masters, served by ``referee web`` on a free port."""
    port = _free_port()
    base = f"http://127.0.0.1:{port}"
    site = Site(tmp_path, sqlite_url, extra=f'\n[web]\nlisten = "127.0.0.1:{port}"\nbase_url = "{base}"\n')
    now = datetime.now(UTC)
    site.create_game("castle", now, options=f'master_email = "{GM}"\nlanguage = "en"')
    site.create_game("manor", now, options=f'master_email = "{OTHER_GM}"')
    referee = site.store()
    referee.accounts.add("Gail", GM, PASSWORD, now)
    referee.accounts.add("Rita", OTHER_GM, PASSWORD, now)
    env = {**os.environ, "PYTHONPATH": str(PROJECT_ROOT)}
    process = subprocess.Popen(
        [sys.executable, "-m", "referee", "web", "--config", str(site.config_path)],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                with urllib.request.urlopen(f"{base}/healthz", timeout=1) as answer:
                    if answer.status == 200:
                        break
            except OSError:
                if process.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError(f"referee web did not start: {process.stderr.read()!r}") from None  # type: ignore[union-attr]
                time.sleep(0.2)
        yield base, site
    finally:
        process.terminate()
        process.wait(timeout=10)


@pytest.fixture
def browser() -> Iterator[object]:
    with playwright.sync_playwright() as driver:
        chromium = driver.chromium.launch(executable_path=CHROMIUM, headless=True)
        try:
            yield chromium
        finally:
            chromium.close()


def _sign_in(page: object, base: str, email: str) -> None:
    page.goto(f"{base}/login")  # type: ignore[attr-defined]
    page.get_by_label("Email").fill(email)  # type: ignore[attr-defined]
    page.get_by_label("Password").fill(PASSWORD)  # type: ignore[attr-defined]
    page.get_by_role("button", name="Sign in").click()  # type: ignore[attr-defined]


def _shoot(page: object, name: str) -> None:
    """Screenshots of the page on a desktop and on a 390×844 phone screen, for the README."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    for label, size in (("desktop", DESKTOP), ("phone", PHONE)):
        page.set_viewport_size(size)  # type: ignore[attr-defined]
        page.screenshot(path=str(SHOTS / f"{name}-{label}.png"), full_page=label == "desktop")  # type: ignore[attr-defined]
    page.set_viewport_size(DESKTOP)  # type: ignore[attr-defined]


def test_ts5_a_game_master_previews_resolves_shifts_and_substitutes_in_a_browser(served, browser) -> None:  # type: ignore[no-untyped-def]
    base, site = served
    context = browser.new_context(viewport=DESKTOP, locale="en-GB")
    page = context.new_page()
    page.goto(f"{base}/login")
    _shoot(page, "login")
    _sign_in(page, base, GM)
    page.wait_for_url(f"{base}/campaigns")
    assert page.get_by_role("link", name="castle").is_visible()
    assert page.get_by_role("link", name="manor").count() == 0
    _shoot(page, "campaigns")

    cookies = {c["name"]: c for c in context.cookies()}
    session = cookies["referee_session"]
    assert session["httpOnly"] and session["sameSite"] == "Lax"

    page.get_by_role("link", name="castle").click()
    assert page.locator("svg.castle").is_visible()
    page.get_by_role("button", name="Preview the resolution").click()
    assert page.get_by_text("Nothing has changed yet: this is a preview.").is_visible()
    page.get_by_label("confirm").check()
    page.get_by_role("button", name="Resolve now").click()
    page.wait_for_url(f"{base}/games/castle")
    assert "resolved the arrival evening" in page.locator(".flash").inner_text()

    shift = page.locator("form[action='/games/castle/shift']")
    shift.get_by_label("by (e.g. +2h, -30m)").fill("+2h")
    shift.get_by_label("confirm").check()
    shift.get_by_role("button", name="Shift the boundary").click()
    assert "now ends at" in page.locator(".flash").inner_text()

    substitute = page.locator("form[action='/games/castle/substitute']")
    substitute.get_by_label("Character").select_option("Boris")
    substitute.get_by_label("new address").fill("boris.new@example.org")
    substitute.get_by_label("confirm").check()
    substitute.get_by_role("button", name="Substitute a player").click()
    assert "Boris is now played from boris.new@example.org" in page.locator(".flash").inner_text()
    _shoot(page, "game")

    page.get_by_role("link", name="See as Anna").click()
    assert page.get_by_role("heading", name="Anna, as they see the game").is_visible()
    _shoot(page, "see-as")

    referee = site.store()
    assert referee.resolution_count("castle", "d0n") == 1
    assert referee.seat("castle", "Boris").email == "boris.new@example.org"
    assert [(a.channel, a.action) for a in referee.actions("castle")[1:]] == [
        ("web", "resolve"),
        ("web", "shift"),
        ("web", "substitute"),
    ]
    page.get_by_role("button", name="Русский").click()
    heading = page.get_by_role("heading", name="Партия глазами персонажа Anna")
    heading.wait_for(timeout=15000)  # the page comes again, in Russian: a busy machine takes its time
    assert heading.is_visible()

    page.goto(f"{base}/games/castle")
    rollback = page.locator("form[action='/games/castle/rollback']")
    rollback.locator("input[name=confirm]").check()
    rollback.locator("button[type=submit]").click()
    page.wait_for_url(f"{base}/games/castle")
    assert "Снова открыто: вечер прибытия" in page.locator(".flash").inner_text()  # the viewer chose Russian
    assert referee.resolution_count("castle", "d0n") == 0 and referee.load("castle").row.phase == "d0n"
    assert (referee.actions("castle")[-1].channel, referee.actions("castle")[-1].action) == (
        "web",
        "rollback",
    )


def test_a_visitor_and_another_game_master_are_refused_in_a_browser(served, browser) -> None:  # type: ignore[no-untyped-def]
    base, _site = served
    page = browser.new_context().new_page()
    for path in ("/campaigns", "/games/castle", "/games/castle/see/Anna"):
        answer = page.goto(f"{base}{path}")
        assert answer is not None and answer.status == 401
        assert page.get_by_text("Please sign in to see this page.").is_visible()
    _sign_in(page, base, OTHER_GM)
    page.wait_for_url(f"{base}/campaigns")
    for path in ("/games/castle", "/games/castle/see/Anna"):
        answer = page.goto(f"{base}{path}")
        assert answer is not None and answer.status == 404
        assert page.locator("body").inner_text().count("Sofa") == 0
    page.goto(f"{base}/games/manor")
    page.evaluate(
        "document.querySelector(\"form[action='/games/manor/pause'] input[name=csrf]\").value = 'forged'"
    )
    pause = page.locator("form[action='/games/manor/pause']")
    pause.get_by_label("confirm").check()
    with page.expect_navigation():
        pause.get_by_role("button", name="Pause").click()
    assert page.get_by_text("This form is out of date").is_visible()
