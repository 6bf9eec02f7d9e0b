"""A finished game's pages put its result first and offer no form that cannot apply any more: the
game-master's page opens on the winners and each character's frags (TS-24) and keeps only what may
still be done after the end (reopening the last phase, the mail); the player's page opens on the
result and the referee's closing letter, with no orders, no talk and no choice of mail left."""

from __future__ import annotations

from datetime import datetime, timedelta
from pathlib import Path

import pytest
from web_helpers import GAME, GM, T0, client, forum_site, mailed_links, sign_in, sign_in_player, token

from referee.app import Referee


def at(seconds: int) -> datetime:
    return T0 + timedelta(seconds=seconds)


@pytest.fixture
def site(tmp_path: Path, sqlite_url: str):  # type: ignore[no-untyped-def]
    site, referee = forum_site(tmp_path, sqlite_url)
    referee.accounts.add("Gail", GM, "correct horse battery", T0)
    return site, referee


def _finish(referee: Referee) -> int:
    """Resolves every phase until the game is over; the moment after the last."""
    moment = 60
    while not referee.load(GAME).row.finished:
        referee.resolve(GAME, at(moment))
        moment += 60
    return moment


def _anna(site):  # type: ignore[no-untyped-def]
    """Anna's browser, signed in with a mailed link while the game still runs."""
    web, referee = site
    browser = client(web, referee)
    browser.post("/play", data={"csrf": token(browser.get("/play").text), "email": "anna@example.org"})
    assert sign_in_player(browser, mailed_links(web, referee, "Anna")[0]) == f"/play/{GAME}/Anna"
    return browser


def test_ts24_the_game_masters_page_of_a_finished_game_opens_on_its_result(site) -> None:  # type: ignore[no-untyped-def]
    web, referee = site
    running = client(web, referee)
    sign_in(running)
    before = running.get(f"/games/{GAME}").text
    assert 'id="result"' not in before and f"/games/{GAME}/preview" in before

    moment = _finish(referee)
    browser = client(web, referee, at(moment))
    sign_in(browser)
    page = browser.get(f"/games/{GAME}").text

    master = referee.views.master(GAME)
    result = page.index('id="result"')
    assert result < page.index('id="chars-h"') < page.index('id="timeline-h"')
    shown = page[result : page.index("</section>", result)]
    winners = master["winners"]
    assert ("Winners:</strong> " + (", ".join(winners) if winners else "nobody won")) in shown
    for character in master["characters"]:
        assert f'<th scope="row">{character["name"]}</th><td>{character["frags_exact"]}</td>' in shown
    for gone in ("preview", "pause", "shift", "substitute", "orders"):
        assert f'action="/games/{GAME}/{gone}"' not in page, gone
    assert f'action="/games/{GAME}/rollback"' in page


def test_the_players_page_of_a_finished_game_shows_the_result_and_no_form_that_cannot_apply(site) -> None:  # type: ignore[no-untyped-def]
    _web, referee = site
    browser = _anna(site)
    running = browser.get(f"/play/{GAME}/Anna").text
    assert "Send the orders" in running and "Say it" in running

    _finish(referee)
    page = browser.get(f"/play/{GAME}/Anna").text
    hall = browser.get(f"/play/{GAME}/Anna/rooms/Hall")

    result = page.index('id="result"')
    assert result < page.index('id="talk"') and result < page.index('id="news"')
    assert "The game is over" in page
    winners = referee.views.player(GAME, "Anna")["winners"]
    assert ("Winners:</strong> " + (", ".join(winners) if winners else "nobody won")) in page
    last = max((n for n in referee.notices(GAME) if n.recipient == "Anna"), key=lambda n: n.id)
    shown = page[result : page.index("</section>", result)]
    letter = shown.split('<pre class="mail">')[1]
    assert last.template == "morning" and "Anna," in letter and "day 10" in letter and "Frags:" in letter
    for form in ("Send the orders", "Say it", "/Anna/orders", "/Anna/say", "/Anna/mode"):
        assert form not in page, form
    assert hall.status_code == 200 and "Say it" not in hall.text
    said = browser.post(f"/play/{GAME}/Anna/say", data={"csrf": token(page), "text": "anyone?"})
    assert said.status_code == 200 and "anyone?" not in str(referee.views.player(GAME, "Anna")["messages"])


def test_mm_a_finished_minuit_game_opens_on_its_winners_scores_and_solution(
    tmp_path: Path, sqlite_url: str
) -> None:
    """Another game tells its own end (its scores, the solution, the revelations), played to the end by
    the rules' bots; its players' pages open on the closing letter every detective got."""
    from test_mm_web import GAME as SHIP
    from test_mm_web import _minuit_site

    web, referee = _minuit_site(tmp_path, sqlite_url)
    player = client(web, referee)
    player.post("/play", data={"csrf": token(player.get("/play").text), "email": "boris@example.org"})
    link = mailed_links(web, referee, "Boris", game=SHIP)[0]
    assert sign_in_player(player, link) == f"/play/{SHIP}/Boris"
    moment = T0
    while not referee.load(SHIP).row.finished:
        loaded, moment = referee.load(SHIP), moment + timedelta(minutes=1)
        waiting = list(loaded.rules.waiting(loaded.state))
        orders = loaded.rules.bot(referee.views.player(SHIP, waiting[0]), 5) if waiting else ""
        if orders:
            referee.submit(SHIP, waiting[0], orders, moment, "test")
        else:
            referee.resolve(SHIP, moment)
    master = client(web, referee, moment)
    sign_in(master)
    page = master.get(f"/games/{SHIP}").text
    result = referee.load(SHIP).state.result

    shown = page[page.index('id="result"') : page.index("</section>", page.index('id="result"'))]
    assert f"Winners:</strong> {', '.join(result['winners'])}</p>" in shown
    for score in result["scores"]:
        assert f'<th scope="row">{score["seat"]}</th><td>{score["total"]}</td>' in shown
    assert "solution:" in shown
    mine = player.get(f"/play/{SHIP}/Boris").text
    closing = mine[mine.index('id="result"') : mine.index("</section>", mine.index('id="result"'))]
    assert '<pre class="mail">' in closing and "/Boris/orders" not in mine
