"""A referee site with a web dashboard for the web tests: a Ten Sailors game, game-masters' accounts, and
a client that signs in and posts forms with their token."""

from __future__ import annotations

import re
import socket
import threading
import time
import warnings
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path

from service_helpers import Site

from referee.app import Referee

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from referee.web.site import build

GAME = "castle"
OTHER = "manor"
GM = "gm@example.org"
OTHER_GM = "rival@example.org"
ADMIN = "admin@example.org"
PASSWORD = "correct horse battery"
T0 = datetime(2026, 12, 1, 17, 0, tzinfo=UTC)
KEY = b"a key for the tests' session cookies"

_TOKEN = re.compile(r'name="csrf" value="([^"]+)"')


def web_site(root: Path, database_url: str, web: str = "") -> tuple[Site, Referee]:
    """A site with two games of two game-masters, and accounts for both and for an admin (``web``: the
    lines of a ``[web]`` table, if it needs one)."""
    site = Site(root, database_url, extra=f"\n[web]\n{web}\n" if web else "")
    site.create_game(GAME, T0, options=f'master_email = "{GM}"')
    site.create_game(OTHER, T0, options=f'master_email = "{OTHER_GM}"')
    referee = site.store()
    referee.accounts.add("Gail", GM, PASSWORD, T0)
    referee.accounts.add("Rita", OTHER_GM, PASSWORD, T0)
    referee.accounts.add("Ada", ADMIN, PASSWORD, T0, admin=True)
    return site, referee


def client(site: Site, referee: Referee, now: datetime = T0, *, address: str = "testclient") -> TestClient:
    """A browser-like client of the site's web app (its clock stands at ``now``), connecting from
    ``address``."""
    app = build(site.config(), referee, key=KEY, clock=lambda: now)
    return TestClient(app, base_url="http://127.0.0.1:8080", client=(address, 50000))


def another(browser: TestClient, address: str = "testclient") -> TestClient:
    """A second browser of the same site (the same app, so the same limits), connecting from ``address``."""
    return TestClient(browser.app, base_url="http://127.0.0.1:8080", client=(address, 50000))


def free_port() -> int:
    """A TCP port nobody listens on at the moment."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@contextmanager
def served(site: Site, referee: Referee) -> Iterator[str]:
    """The site's web door under a real uvicorn on a loopback port, in a thread of this process, as
    ``referee web`` runs it; yields its address and stops it after."""
    from referee.web.server import web_server

    config = site.config()
    port = free_port()
    server = web_server(replace(config, web=replace(config.web, listen=f"127.0.0.1:{port}")), referee)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not server.started:
        assert time.monotonic() < deadline and thread.is_alive(), "the web server did not start"
        time.sleep(0.02)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(30)


def token(html: str) -> str:
    """The form token in a page."""
    found = _TOKEN.search(html)
    assert found is not None, "the page has no form token"
    return found.group(1)


def sign_in(browser: TestClient, email: str = GM, password: str = PASSWORD) -> str:
    """Signs in; returns the new session's form token."""
    form = browser.get("/login")
    answer = browser.post(
        "/login",
        data={"csrf": token(form.text), "email": email, "password": password},
        follow_redirects=False,
    )
    assert answer.status_code == 303, answer.text
    return token(browser.get("/campaigns").text)


BASE = "http://127.0.0.1:8080"
_LINK = re.compile(r"https?://[^/\s]+/join/\S+")


def forum_site(root: Path, database_url: str) -> tuple[Site, Referee]:
    """``web_site`` whose referee has web pages (``[web]``): its mail to players carries sign-in links."""
    site = Site(root, database_url, extra=f'\n[web]\nbase_url = "{BASE}"\n')
    site.create_game(GAME, T0, options=f'master_email = "{GM}"')
    site.create_game(OTHER, T0, options=f'master_email = "{OTHER_GM}"')
    return site, site.store()


def mailed_links(site: Site, referee: Referee, name: str, game: str = GAME) -> list[str]:
    """The sign-in links in the mail waiting for ``name`` of ``game``, as the mail door writes it."""
    from referee.mail.compose import compose
    from referee.render import Renderer

    config = site.config()
    renderer = Renderer(config.templates)
    links = []
    for letter in referee.letters.unsent():
        if (letter.game_id, letter.recipient) != (game, name):
            continue
        for outgoing in compose(letter, letter.game, letter.reader, renderer, config.mail):
            if outgoing.recipients == (letter.reader.email,):  # type: ignore[union-attr]
                text = outgoing.message.get_body(("plain",)).get_content()  # type: ignore[union-attr]
                links += _LINK.findall(text)
    return links


def sign_in_player(browser: TestClient, link: str) -> str:
    """Opens a mailed link and presses its button; returns where it led."""
    path = link.removeprefix(BASE)
    page = browser.get(path)
    answer = browser.post(path, data={"csrf": token(page.text)}, follow_redirects=False)
    return answer.headers.get("location", str(answer.status_code))
