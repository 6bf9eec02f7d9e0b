"""Sessions that end: signing out, a new password (``referee gm passwd``) and removal (``referee gm
remove``) end every session of a game-master's account, copies of the cookie included; a player's
session signed out is refused; each role's cookie lasts as long as the README says."""

from __future__ import annotations

import fcntl
import os
import select
import subprocess
import sys
import termios
import time
from pathlib import Path
from typing import Any

import pytest
from cli_helpers import Referee as Command
from web_helpers import (
    ADMIN,
    GAME,
    GM,
    PASSWORD,
    T0,
    TestClient,
    another,
    client,
    forum_site,
    mailed_links,
    sign_in,
    sign_in_player,
    token,
    web_site,
)

from referee.web.sessions import COOKIE

NEW_PASSWORD = "a brand new passphrase"


@pytest.fixture
def site(tmp_path: Path, sqlite_url: str):  # type: ignore[no-untyped-def]
    return web_site(tmp_path, sqlite_url)


def _with_cookie(browser: TestClient, value: str) -> TestClient:
    """A new browser holding a copy of a session cookie."""
    copy = another(browser, "203.0.113.9")
    copy.cookies.set(COOKIE, value, domain="127.0.0.1")
    return copy


def _status(browser: TestClient, page: str) -> int:
    return browser.get(page, follow_redirects=False).status_code


def _max_age(answer: object) -> int:
    cookie = next(v for k, v in answer.headers.multi_items() if k == "set-cookie" and v.startswith(COOKIE))  # type: ignore[attr-defined]
    return int(next(p.split("=")[1] for p in cookie.split("; ") if p.lower().startswith("max-age")))


def test_signing_out_ends_every_session_of_the_account_copies_of_the_cookie_too(site) -> None:  # type: ignore[no-untyped-def]
    """The old sign-out only replaced the cookie in the browser that pressed it: a copy still worked."""
    browser = client(*site)
    form = sign_in(browser)
    copied = browser.cookies[COOKIE]
    elsewhere = another(browser)
    sign_in(elsewhere)  # the same game-master on a second device
    assert _status(_with_cookie(browser, copied), "/campaigns") == 200
    browser.post("/logout", data={"csrf": form})
    assert _status(_with_cookie(browser, copied), "/campaigns") == 401
    assert _status(elsewhere, "/campaigns") == 401
    assert _status(browser, "/campaigns") == 401
    other = client(*site)
    sign_in(other, ADMIN)  # another account's sessions go on
    sign_in(browser)
    assert _status(browser, "/campaigns") == 200 and _status(other, "/campaigns") == 200


def _anna_signed_in(web: Any, referee: Any) -> TestClient:
    """A browser signed in as Anna's player with the link mailed when asked for on the site."""
    browser = client(web, referee)
    form = token(browser.get("/play").text)
    browser.post("/play", data={"csrf": form, "email": "anna@example.org"})
    assert sign_in_player(browser, mailed_links(web, referee, "Anna")[0]) == f"/play/{GAME}/Anna"
    return browser


def test_a_players_session_copied_before_signing_out_is_refused_after(
    tmp_path: Path, sqlite_url: str
) -> None:
    web, referee = forum_site(tmp_path, sqlite_url)
    browser = _anna_signed_in(web, referee)
    copied = browser.cookies[COOKIE]
    page = browser.get(f"/play/{GAME}/Anna")
    assert page.status_code == 200
    browser.post("/logout", data={"csrf": token(page.text)})
    assert _status(_with_cookie(browser, copied), f"/play/{GAME}/Anna") == 401
    assert _status(browser, f"/play/{GAME}/Anna") == 401


def test_a_players_session_signed_out_is_refused_by_every_process_of_the_site_and_after_a_restart(
    tmp_path: Path, sqlite_url: str
) -> None:
    """``[web] processes`` runs the site in several processes, and a crashed one is started again: a
    session signed out in one is refused by the others and by the one started anew (each is a site of
    its own here, on the same database), its stream and its posts too."""
    web, referee = forum_site(tmp_path, sqlite_url)
    browser = _anna_signed_in(web, referee)
    copied = browser.cookies[COOKIE]
    other = _with_cookie(client(web, referee), copied)  # another process, holding the copied cookie
    page = other.get(f"/play/{GAME}/Anna")
    assert page.status_code == 200
    browser.post("/logout", data={"csrf": token(browser.get(f"/play/{GAME}/Anna").text)})
    for process in (other, _with_cookie(client(web, referee), copied)):
        assert _status(process, f"/play/{GAME}/Anna") in (401, 404)
        assert _status(process, f"/live?path=/play/{GAME}/Anna") in (401, 404)
        said = process.post(f"/play/{GAME}/Anna/say", data={"csrf": token(page.text), "text": "SAY hello"})
        assert said.status_code in (401, 403, 404), said.status_code


def test_each_roles_cookie_lasts_as_the_readme_says(tmp_path: Path, sqlite_url: str) -> None:
    """Players two weeks from their last visit, game-masters twelve hours (the old cookie told every
    browser to drop it after twelve hours, a player's too)."""
    web, referee = forum_site(tmp_path, sqlite_url)
    referee.accounts.add("Gail", GM, PASSWORD, T0)
    player = client(web, referee)
    form = token(player.get("/play").text)
    player.post("/play", data={"csrf": form, "email": "anna@example.org"})
    link = mailed_links(web, referee, "Anna")[0].removeprefix("http://127.0.0.1:8080")
    pressed = player.post(link, data={"csrf": token(player.get(link).text)}, follow_redirects=False)
    assert _max_age(pressed) == 14 * 24 * 3600
    assert _max_age(player.get(f"/play/{GAME}/Anna")) == 14 * 24 * 3600
    master = client(web, referee)
    form = token(master.get("/login").text)
    signed = master.post(
        "/login", data={"csrf": form, "email": GM, "password": PASSWORD}, follow_redirects=False
    )
    assert _max_age(signed) == 12 * 3600


def test_gm_passwd_gives_a_new_password_and_ends_every_session(site) -> None:  # type: ignore[no-untyped-def]
    web, _ = site
    browser = client(*site)
    sign_in(browser)
    copied = browser.cookies[COOKIE]
    said = Command(web.root)("gm", "passwd", GM, stdin=NEW_PASSWORD + "\n").stdout
    assert "new password" in said and NEW_PASSWORD not in said
    assert _status(_with_cookie(browser, copied), "/campaigns") == 401
    assert _status(browser, "/campaigns") == 401
    fresh = client(*site)
    form = token(fresh.get("/login").text)
    old = fresh.post("/login", data={"csrf": form, "email": GM, "password": PASSWORD})
    assert old.status_code == 401
    sign_in(fresh, GM, NEW_PASSWORD)


def test_gm_passwd_refuses_a_short_password_and_an_address_without_an_account(site) -> None:  # type: ignore[no-untyped-def]
    web, referee = site
    command = Command(web.root)
    assert "10 to 1024 characters" in command("gm", "passwd", GM, stdin="short\n", ok=False).stderr
    assert (
        "has no account" in command("gm", "passwd", "nobody@example.org", stdin=NEW_PASSWORD, ok=False).stderr
    )
    assert referee.accounts.check(GM, PASSWORD) is not None


def test_gm_remove_ends_every_session_and_the_account_is_gone_from_the_list(site) -> None:  # type: ignore[no-untyped-def]
    web, referee = site
    browser = client(*site)
    sign_in(browser)
    command = Command(web.root)
    assert GM in command("gm", "list").stdout
    assert "removed" in command("gm", "remove", GM).stdout
    assert GM not in command("gm", "list").stdout
    assert _status(browser, "/campaigns") == 401
    assert "has no account" in command("gm", "remove", GM, ok=False).stderr
    referee.accounts.add("Gail", GM, PASSWORD, T0)  # made again: a new account, not the old sessions'
    assert _status(browser, "/campaigns") == 401


def _controlling_terminal() -> None:
    os.setsid()
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)


def test_gm_passwd_at_a_terminal_asks_twice_and_never_shows_the_password(site) -> None:  # type: ignore[no-untyped-def]
    web, referee = site
    main, terminal = os.openpty()
    process = subprocess.Popen(
        [sys.executable, "-m", "referee", "gm", "passwd", GM],
        cwd=web.root,
        stdin=terminal,
        stdout=terminal,
        stderr=terminal,
        preexec_fn=_controlling_terminal,
        env={k: v for k, v in os.environ.items() if k != "REFEREE_CONFIG"},
    )
    os.close(terminal)
    shown = b""
    deadline = time.monotonic() + 60
    for prompt in (b"New password: ", b"The same again: "):
        while prompt not in shown:
            assert time.monotonic() < deadline, shown
            if select.select([main], [], [], 1)[0]:
                shown += os.read(main, 4096)
        os.write(main, NEW_PASSWORD.encode() + b"\n")
    assert process.wait(60) == 0
    while select.select([main], [], [], 0.2)[0]:
        try:
            shown += os.read(main, 4096)
        except OSError:
            break
    os.close(main)
    assert NEW_PASSWORD.encode() not in shown
    assert referee.accounts.check(GM, NEW_PASSWORD) is not None
