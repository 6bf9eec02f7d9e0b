"""Lock-out that locks out attackers, not owners: game-masters' sign-ins and players' link requests have
limits of their own, keyed on what they protect; a game-master's own browser, or after a short
back-off another address, still signs in with the right password; behind a trusted proxy each client
is counted apart; the limits' memory is bounded; a seat is mailed at most five links a day."""

from __future__ import annotations

import tracemalloc
from datetime import timedelta
from pathlib import Path

import pytest
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Route
from web_helpers import (
    GAME,
    GM,
    OTHER_GM,
    PASSWORD,
    T0,
    TestClient,
    another,
    client,
    forum_site,
    token,
    web_site,
)

from referee.app.links import LINK_NOTICE, LINKS_A_DAY
from referee.mail.intake import ingest
from referee.web.guard import Attempts, ForwardedBy, SignInLimits
from referee.web.sessions import DEVICE_COOKIE

WRONG = "not the password at all"


@pytest.fixture
def site(tmp_path: Path, sqlite_url: str):  # type: ignore[no-untyped-def]
    return web_site(tmp_path, sqlite_url)


def _try(browser: TestClient, email: str, password: str, **headers: str) -> int:
    """Signs in (a fresh form first); the status of the answer (303: signed in)."""
    form = token(browser.get("/login", headers=headers).text)
    answer = browser.post(
        "/login",
        data={"csrf": form, "email": email, "password": password},
        headers=headers,
        follow_redirects=False,
    )
    return answer.status_code


def _ask_link(browser: TestClient, email: str, **headers: str) -> int:
    form = token(browser.get("/play", headers=headers).text)
    return browser.post("/play", data={"csrf": form, "email": email}, headers=headers).status_code


class Clock:
    """A monotonic clock the test moves."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_link_requests_naming_a_game_masters_address_do_not_lock_them_out(site) -> None:  # type: ignore[no-untyped-def]
    """The old door counted each link request as a failed sign-in of the address typed: five locked
    the game-master out with the right password."""
    attacker = client(*site, address="203.0.113.5")
    for _ in range(10):
        _ask_link(attacker, GM)
    owner = another(attacker, "198.51.100.7")
    assert _try(owner, GM, PASSWORD) == 303


def test_link_requests_do_not_use_up_the_sign_ins_of_their_client_address(site) -> None:  # type: ignore[no-untyped-def]
    browser = client(*site)
    for number in range(25):
        _ask_link(browser, f"player{number}@example.org")
    assert _ask_link(browser, "one.more@example.org") == 429  # links have their own limit
    assert _try(browser, GM, PASSWORD) == 303


def test_behind_a_trusted_proxy_each_client_is_counted_apart(tmp_path: Path, sqlite_url: str) -> None:
    """Behind the proxy the README recommends every client had the proxy's address: twenty anonymous
    requests locked out every game-master and every link request."""
    site = web_site(tmp_path, sqlite_url, 'trusted_proxies = ["127.0.0.1"]')
    proxy = client(*site, address="127.0.0.1")
    attacker = {"x-forwarded-for": "203.0.113.5", "x-forwarded-proto": "https"}
    for number in range(25):
        _ask_link(proxy, f"someone{number}@example.org", **attacker)
        _try(proxy, f"guess{number}@example.org", WRONG, **attacker)
    assert _try(proxy, OTHER_GM, PASSWORD, **attacker) == 429  # the attacker's own address is locked
    assert _ask_link(proxy, "anna@example.org", **attacker) == 429
    owner = {"x-forwarded-for": "198.51.100.7, 127.0.0.1"}  # through a second proxy of ours
    assert _try(proxy, GM, PASSWORD, **owner) == 303
    assert _ask_link(proxy, "anna@example.org", **owner) == 200


def test_forwarded_headers_from_a_client_that_is_no_trusted_proxy_are_ignored(site) -> None:  # type: ignore[no-untyped-def]
    """Without ``trusted_proxies`` a client cannot pose as many by sending ``X-Forwarded-For``."""
    browser = client(*site, address="203.0.113.5")
    for number in range(20):
        _try(browser, f"guess{number}@example.org", WRONG, **{"x-forwarded-for": f"10.0.0.{number}"})
    assert _try(browser, GM, PASSWORD, **{"x-forwarded-for": "10.9.9.9"}) == 429


def _scope_seen(trusted: list[str], peer: str, headers: dict[str, str]) -> dict[str, object]:
    async def echo(request: Request) -> JSONResponse:
        return JSONResponse(
            {"client": request.client.host if request.client else "", "scheme": request.url.scheme}
        )

    app = ForwardedBy(Starlette(routes=[Route("/", echo)]), trusted)
    return dict(TestClient(app, client=(peer, 1)).get("/", headers=headers).json())


def test_the_client_is_the_last_address_no_trusted_proxy_added() -> None:
    chain = {"x-forwarded-for": "1.1.1.1, 203.0.113.5, 10.0.0.2", "x-forwarded-proto": "https"}
    assert _scope_seen(["127.0.0.1", "10.0.0.0/8"], "127.0.0.1", chain) == {
        "client": "203.0.113.5",
        "scheme": "https",
    }
    assert _scope_seen(["127.0.0.1"], "192.0.2.1", chain) == {"client": "192.0.2.1", "scheme": "http"}
    assert _scope_seen([], "127.0.0.1", chain) == {"client": "127.0.0.1", "scheme": "http"}
    bogus = {"x-forwarded-proto": "gopher"}
    assert _scope_seen(["127.0.0.1"], "127.0.0.1", bogus) == {"client": "127.0.0.1", "scheme": "http"}


def test_others_failures_never_refuse_the_owners_own_browser(site) -> None:  # type: ignore[no-untyped-def]
    """A browser where the game-master signed in before keeps a signed "known browser" cookie; with it
    the right password is accepted whatever others tried against the account."""
    owner = client(*site, address="198.51.100.7")
    assert _try(owner, GM, PASSWORD) == 303
    assert owner.cookies.get(DEVICE_COOKIE)
    owner.cookies.delete("referee_session")
    for number in range(5):
        attacker = another(owner, f"203.0.113.{number}")
        attacker.cookies.clear()
        for _ in range(5):
            _try(attacker, GM, WRONG)
    assert _try(attacker, GM, PASSWORD) == 429  # the account is locked for the attackers
    assert _try(owner, GM, PASSWORD) == 303


def test_a_known_browser_for_one_account_opens_no_other(site) -> None:  # type: ignore[no-untyped-def]
    browser = client(*site)
    assert _try(browser, GM, PASSWORD) == 303
    for _ in range(5):
        _try(browser, OTHER_GM, WRONG)
    assert _try(browser, OTHER_GM, PASSWORD) == 429


def test_a_known_browser_that_guesses_is_a_known_browser_no_longer(site) -> None:  # type: ignore[no-untyped-def]
    browser = client(*site)
    assert _try(browser, GM, PASSWORD) == 303
    for _ in range(5):
        assert _try(browser, GM, WRONG) == 401
    assert _try(browser, GM, PASSWORD) == 429


def test_after_a_short_back_off_the_owner_signs_in_from_elsewhere(site) -> None:  # type: ignore[no-untyped-def]
    browser = client(*site, address="203.0.113.5")
    clock = Clock()
    limits = SignInLimits(clock=clock)
    browser.app.state.site.limits = limits  # type: ignore[attr-defined]
    for _ in range(5):
        assert _try(browser, GM, WRONG) == 401
    assert _try(browser, GM, PASSWORD) == 429  # this address just failed: it waits
    assert _try(another(browser, "198.51.100.7"), GM, PASSWORD) == 303  # another has nothing to wait for
    clock.now += limits.pairs.window + 1
    assert _try(another(browser, "203.0.113.5"), GM, PASSWORD) == 303  # after the back-off


def test_the_limits_keep_a_bounded_digest_per_key_and_drop_expired_ones() -> None:
    """The old limits kept every address typed, whole, forever: 200 sign-ins with 1 MB addresses held
    200 MB for good."""
    clock = Clock()
    attempts = Attempts(5, 900.0, most_keys=1000, clock=clock)
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    for number in range(5000):
        attempts.failed(f"{number}-" + "a" * 10_000)
    grown = tracemalloc.get_traced_memory()[0] - before
    tracemalloc.stop()
    assert len(attempts.failures) == 1000
    assert all(len(key) == 16 for key in attempts.failures)
    assert grown < 1_000_000, grown  # some hundreds of bytes a key, not the 50 MB typed
    clock.now += 901
    attempts.failed("one more")
    assert len(attempts.failures) == 1


def test_asking_about_a_key_never_keeps_it_and_an_empty_key_is_never_kept() -> None:
    attempts = Attempts(5, 900.0)
    for number in range(1000):
        assert not attempts.blocked(f"never failed {number}")
    for _ in range(10):
        attempts.failed("")
    assert not attempts.blocked("") and not attempts.failures


def test_a_seat_is_mailed_at_most_five_links_a_day_however_asked(tmp_path: Path, sqlite_url: str) -> None:
    """The old pause of ten minutes let one request every ten minutes mail a player 143 links a day; past
    the cap the page answers exactly as before and nothing is mailed."""
    web, referee = forum_site(tmp_path, sqlite_url)
    answers = []
    for step in range(12):
        at = T0 + timedelta(minutes=11 * step)
        if step % 3 == 2:  # some by mail
            ingest(referee, web.config().mail, web.mail_from(GAME, "Anna", "LINK", at), at)
            continue
        browser = client(web, referee, now=at, address=f"203.0.113.{step}")
        form = token(browser.get("/play").text)
        answer = browser.post("/play", data={"csrf": form, "email": "anna@example.org"})
        answers.append((answer.status_code, answer.text.replace(form, "")))
    mailed = [n for n in referee.notices(GAME) if n.template == LINK_NOTICE and n.recipient == "Anna"]
    assert len(mailed) == LINKS_A_DAY == 5
    assert len(set(answers)) == 1  # the same answer under the cap and over it
    later = T0 + timedelta(days=1, minutes=1)
    referee.forum.request_links("anna@example.org", later)
    mailed = [n for n in referee.notices(GAME) if n.template == LINK_NOTICE and n.recipient == "Anna"]
    assert len(mailed) == 6  # a new day, a new link
