"""Minuit on the web, over HTTP (Starlette's test client, a real database): the ship as a picture with
who is where on the game-master's page, on "see as" and on the player's page; the leads each player has
read — a player's page holds exactly their own private leads and the public ones, as their mail does
(MM-16); "see as" shows that player's page's view; both languages; the campaigns page's line. The last
test takes the screenshots of the README's Minuit section in a real browser."""

from __future__ import annotations

import re
from datetime import datetime
from html import unescape
from pathlib import Path

import pytest
from service_helpers import Site
from web_helpers import BASE, GM, PASSWORD, T0, client, mailed_links, sign_in, sign_in_player, token

from referee.app import Actor, Referee
from referee.app.gamefile import read_game_file
from referee.config import PROJECT_ROOT
from referee.games.minuit.presentation import WEB_WORDS
from referee.web.words import RU

GAME = "ship"
SEATS = ("Anna", "Boris", "Clara")
PUBLIC = "pavel.alibi"
"""Anna's quick question: a public lead (MM-16)."""
ANNAS = "sofia.motive"
"""Anna's discreet question: hers alone."""
BORIS = "pavel.witness"
"""Boris's discreet question: his alone."""


def _game_file(root: Path, language: str, when: datetime) -> Path:
    """A Minuit game of three detectives whose every roll is a 1 (every attempt succeeds)."""
    players = "".join(f'\n[[players]]\nname = "{n}"\nemail = "{n.lower()}@example.org"\n' for n in SEATS)
    path = root / f"{GAME}.toml"
    path.write_text(
        f'[game]\nkind = "minuit"\nid = "{GAME}"\nschedule = "minuit"\nseed = 5\nlanguage = "{language}"\n'
        f'master_email = "{GM}"\ndice = [{", ".join(["1"] * 40)}]\n{players}',
        encoding="utf-8",
    )
    return path


def _minuit_site(root: Path, database_url: str, language: str = "en") -> tuple[Site, Referee]:
    """A site with web pages and one Minuit game in which Anna read a public and a private lead and Boris
    a private one; it is Boris's turn."""
    site = Site(root, database_url, extra=f'\n[web]\nbase_url = "{BASE}"\n')
    referee = site.store()
    read_game_file(_game_file(root, language, T0), root / "schedules").create(referee, T0)
    referee.accounts.add("Gail", GM, PASSWORD, T0)
    actor = Actor("web", GM)
    for seat, text in (
        ("Anna", "QUESTION PAVEL ALIBI QUICK\nQUESTION SOFIA MOTIVE DISCREET\nEND"),
        ("Boris", "QUESTION PAVEL WITNESS DISCREET"),
    ):
        answer = referee.desk.enter_orders(GAME, seat, text, T0, actor).answer
        assert all(v["accepted"] for v in answer["verdicts"]), answer["verdicts"]
    return site, referee


@pytest.fixture
def minuit(tmp_path: Path, sqlite_url: str) -> tuple[Site, Referee]:
    return _minuit_site(tmp_path, sqlite_url)


def _text(referee: Referee, lead: str, language: str = "en") -> str:
    return str(referee.load(GAME).state.case.lead(lead)[language])


def _leads_shown(html: str) -> set[str]:
    """The labels of the leads a page shows as its reader's ("Pavel Sokol, ALIBI")."""
    section = html[html.index('id="leads"') :]
    return {
        unescape(label).strip() for label in re.findall(r'<article class="lead"><h3>([^<]+)<span', section)
    }


def _labels(referee: Referee, *leads: str, language: str = "en") -> set[str]:
    from referee.games.minuit.shipmap import lead_label

    case = referee.load(GAME).state.case
    return {lead_label(case, lead)[language] for lead in leads}


def _player_page(site: Site, referee: Referee, seat: str) -> str:
    """``seat``'s page, signed in by the link the referee mailed them."""
    browser = client(site, referee)
    browser.post(
        "/play", data={"csrf": token(browser.get("/play").text), "email": f"{seat.lower()}@example.org"}
    )
    assert sign_in_player(browser, mailed_links(site, referee, seat, game=GAME)[-1]) == f"/play/{GAME}/{seat}"
    page = browser.get(f"/play/{GAME}/{seat}")
    assert page.status_code == 200
    return page.text


def test_mm1_the_game_masters_page_shows_the_ship_and_who_is_where(minuit) -> None:  # type: ignore[no-untyped-def]
    site, referee = minuit
    browser = client(site, referee)
    sign_in(browser)
    page = browser.get(f"/games/{GAME}").text
    state = referee.load(GAME).state
    assert '<div class="ship-picture"><svg' in page and "The ship — Round 1" in page
    assert f"The ship is on space {state.ship} of 10" in page and "Boris&#39;s turn" in page
    for seat, zone in state.detectives.items():
        assert re.search(rf">{seat}</th>\s*<td[^>]*>{zone} · ", page), seat
    for suspect, zone in state.suspects.items():
        name = state.case.suspect(suspect).name["en"]
        assert re.search(rf">{re.escape(name)}</th>\s*<td[^>]*>{zone} · ", page), name


def test_mm16_the_game_masters_page_shows_the_leads_each_player_has_read(minuit) -> None:  # type: ignore[no-untyped-def]
    site, referee = minuit
    browser = client(site, referee)
    sign_in(browser)
    page = unescape(browser.get(f"/games/{GAME}").text)
    by_seat = {seat: page[page.index(f"<strong>{seat}</strong>") :] for seat in SEATS}
    for seat, lead in (("Anna", ANNAS), ("Boris", BORIS)):
        shown = by_seat[seat][: by_seat[seat].index("</details>")]
        assert _text(referee, lead) in shown and f"only {seat} knows it" in shown
        assert _text(referee, PUBLIC) in shown and "every player knows it" in shown
    clara = by_seat["Clara"][: by_seat["Clara"].index("</details>")]
    assert _text(referee, PUBLIC) in clara and _text(referee, ANNAS) not in clara
    assert "The solution (only you see it)" in page


def test_mm16_a_players_page_shows_their_own_private_leads_and_the_public_ones_and_no_others(minuit) -> None:  # type: ignore[no-untyped-def]
    site, referee = minuit
    expected = {"Anna": (PUBLIC, ANNAS), "Boris": (PUBLIC, BORIS), "Clara": (PUBLIC,)}
    for seat, leads in expected.items():
        page = _player_page(site, referee, seat)
        assert _leads_shown(page) == _labels(referee, *leads), seat
        others = {ANNAS, BORIS} - set(leads)
        assert not [lead for lead in others if _text(referee, lead) in unescape(page)], seat
        assert '<div class="ship-picture"><svg' in page and f"{seat} (you)" in page
        assert "solution" not in page.lower()


def test_mm16_see_as_shows_exactly_what_the_players_page_shows(minuit) -> None:  # type: ignore[no-untyped-def]
    site, referee = minuit
    browser = client(site, referee)
    sign_in(browser)
    for seat in SEATS:
        seen = browser.get(f"/games/{GAME}/see/{seat}")
        assert seen.status_code == 200 and '<div class="ship-picture"><svg' in seen.text
        assert _leads_shown(seen.text) == _leads_shown(_player_page(site, referee, seat)), seat
    assert _text(referee, ANNAS) not in unescape(browser.get(f"/games/{GAME}/see/Boris").text)


def test_the_minuit_game_on_the_campaigns_page_says_its_turn_boundary_and_who_owes_orders(minuit) -> None:  # type: ignore[no-untyped-def]
    site, referee = minuit
    browser = client(site, referee)
    sign_in(browser)
    page = unescape(browser.get("/campaigns").text)
    row = page[page.index(f">{GAME}</a>") :]
    row = row[: row.index("</tr>")]
    assert "round 1, Boris's turn" in row and "2026-12-02" in row
    assert re.search(r'data-label="Still owe orders">\s*Boris\s*<', row), row
    assert re.search(r'data-label="Alive">—<', row), row


def test_the_minuit_pages_read_in_russian(tmp_path: Path, sqlite_url: str) -> None:
    site, referee = _minuit_site(tmp_path, sqlite_url, language="ru")
    browser = client(site, referee)
    sign_in(browser)
    game = unescape(browser.get(f"/games/{GAME}").text)
    assert "Корабль — Раунд 1" in game and "Кто где" in game and "Казино и гранд-салон" in game
    assert "её знает только Anna" in game and "её знают все игроки" in game
    assert _text(referee, ANNAS, "ru") in game and "Ходит Boris" in game
    page = unescape(_player_page(site, referee, "Anna"))
    assert "Зацепки, которые вы прочли (2)" in page and "только ваша" in page and "её читают все" in page
    assert _leads_shown(page) == _labels(referee, PUBLIC, ANNAS, language="ru")
    assert 'aria-label="Корабль"' in page


def test_every_word_of_the_minuit_pages_is_in_both_languages_and_every_sentence_has_its_russian() -> None:
    web = PROJECT_ROOT / "templates" / "web"
    used = set()
    for path in (web / "minuit").glob("*.j2"):
        used |= set(re.findall(r"\bw\.(\w+)", path.read_text(encoding="utf-8")))
        used |= set(re.findall(r"\bw\[element\]", path.read_text(encoding="utf-8"))) and {
            "culprit",
            "means",
            "motive",
        }
    assert used and not sorted(used - set(WEB_WORDS["en"])) and set(WEB_WORDS["en"]) == set(WEB_WORDS["ru"])
    said = set()
    for path in web.glob("*/*.j2"):
        said |= set(re.findall(r't\("((?:[^"\\]|\\.)*)"', path.read_text(encoding="utf-8")))
    assert not sorted(s for s in said if s not in RU)


# --- in a real browser: the screenshots of the README's Minuit section ---------------------------------

CHROMIUM = Path("/usr/bin/chromium")


@pytest.mark.skipif(not CHROMIUM.exists(), reason="Chromium is not installed")
def test_the_minuit_game_page_in_a_browser_on_a_desktop_and_a_phone(tmp_path: Path, sqlite_url: str) -> None:
    playwright = pytest.importorskip("playwright.sync_api")
    from test_web_browser import DESKTOP, SHOTS, _free_port, _shoot, _sign_in

    port = _free_port()
    base = f"http://127.0.0.1:{port}"
    site, _ = _minuit_site(tmp_path, sqlite_url)
    site.extra = f'\n[web]\nlisten = "127.0.0.1:{port}"\nbase_url = "{base}"\n'
    site.write_config()
    with _serving(site, base), playwright.sync_playwright() as driver:
        chromium = driver.chromium.launch(executable_path=str(CHROMIUM), headless=True)
        try:
            page = chromium.new_context(viewport=DESKTOP, locale="en-GB").new_page()
            _sign_in(page, base, GM)
            page.wait_for_url(f"{base}/campaigns")
            page.get_by_role("link", name=GAME).click()
            assert page.locator(".ship-picture svg").is_visible()
            assert page.get_by_role("heading", name="The leads each player has read").is_visible()
            _shoot(page, "minuit-game")
            page.goto(f"{base}/games/{GAME}/see/Anna")
            assert page.get_by_role("heading", name="The leads you have read (2)").is_visible()
            _shoot(page, "minuit-see-as")
        finally:
            chromium.close()
    assert (SHOTS / "minuit-game-phone.png").stat().st_size > 10_000


def _serving(site: Site, base: str):  # type: ignore[no-untyped-def]
    """``referee web`` on the site's configuration, for a ``with`` block."""
    import contextlib
    import os
    import subprocess
    import sys
    import time
    import urllib.request

    @contextlib.contextmanager
    def serve():  # type: ignore[no-untyped-def]
        env = {**os.environ, "PYTHONPATH": str(PROJECT_ROOT)}
        command = [sys.executable, "-m", "referee", "web", "--config", str(site.config_path)]
        process = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        try:
            deadline = time.monotonic() + 30
            while True:
                try:
                    with urllib.request.urlopen(f"{base}/healthz", timeout=1):
                        break
                except OSError:
                    if process.poll() is not None or time.monotonic() > deadline:
                        raise RuntimeError(f"referee web did not start: {process.stderr.read()!r}") from None  # type: ignore[union-attr]
                    time.sleep(0.2)
            yield
        finally:
            process.terminate()
            process.wait(timeout=10)

    return serve()


def test_the_choice_both_in_a_game_without_digests_says_every_mail_comes(minuit) -> None:  # type: ignore[no-untyped-def]
    """Minuit mails a player who plays both everything (it has no digests of what was read on the web),
    and the choice on the page says so rather than promise a digest."""
    site, referee = minuit
    page = _player_page(site, referee, "Anna")
    assert "Both: every mail, and the web pages" in page
    assert "the talk you have not read here" not in page
