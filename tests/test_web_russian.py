"""A Russian game's pages speak Russian where they say something of the game: the page a mailed link
opens, the phase on the game-master's pages, and the orders in force on the game-master's and the
player's pages (TS-9, TS-10, TS-14: move, search and trap orders), with rooms and people declined."""

from __future__ import annotations

import re
from datetime import timedelta
from html import unescape
from pathlib import Path

import pytest
from service_helpers import Site
from web_helpers import BASE, GM, OTHER_GM, T0, client, mailed_links, sign_in, sign_in_player

from referee.app import Referee

RUSSIAN = "dom"


@pytest.fixture
def site(tmp_path: Path, sqlite_url: str) -> tuple[Site, Referee]:
    """A Russian Ten Sailors game with web pages, Anna's orders for the night entered."""
    site = Site(tmp_path, sqlite_url, extra=f'\n[web]\nbase_url = "{BASE}"\n')
    site.create_game(RUSSIAN, T0, options=f'master_email = "{GM}"\nlanguage = "ru"')
    site.create_game("other", T0, options=f'master_email = "{OTHER_GM}"')
    referee = site.store()
    referee.accounts.add("Gail", GM, "correct horse battery", T0)
    orders = "MOVE Bathroom\nDAY 1 HOUR 1: SEARCH Rope, Knife\nNIGHT 1: TRAP Boris: Bedroom, Fireplace, Rope"
    referee.submit(RUSSIAN, "Anna", orders, T0 + timedelta(seconds=1), "mail:anna1")
    return site, referee


def test_ts1_the_page_a_mailed_link_opens_speaks_the_games_language(site: tuple[Site, Referee]) -> None:
    web, referee = site
    browser = client(web, referee)
    link = mailed_links(web, referee, "Anna", game=RUSSIAN)[0]
    page = browser.get(link.removeprefix(BASE)).text
    assert 'lang="ru"' in page and "Войти" in page
    assert "Sign in to game" not in page


def test_a_forged_link_opens_a_page_that_says_nothing_of_the_games_language(
    site: tuple[Site, Referee],
) -> None:
    web, referee = site
    page = client(web, referee).get(f"/join/{RUSSIAN}/forged.token.here", headers={"accept-language": "en"})
    assert 'lang="en"' in page.text


def test_ts9_ts14_the_game_masters_page_says_the_phase_and_the_orders_in_force_in_russian(
    site: tuple[Site, Referee],
) -> None:
    web, referee = site
    browser = client(web, referee)
    sign_in(browser)
    page = browser.get(f"/games/{RUSSIAN}").text
    assert "Фаза: <strong>вечер прибытия</strong>" in page
    assert '<small class="muted">10 морячков</small>' in page
    assert "переход в ванную" in page
    assert "обыск: верёвку и нож" in page
    assert "ловушка на Boris: Спальня, Камин, Верёвка" in page
    assert "move Bathroom" not in page and "trap Boris" not in page
    campaigns = browser.get("/campaigns").text
    assert "вечер прибытия" in campaigns or "the arrival evening" in campaigns  # the viewer's language


def test_ts9_ts14_the_players_page_says_their_orders_in_force_in_russian(site: tuple[Site, Referee]) -> None:
    web, referee = site
    browser = client(web, referee)
    link = mailed_links(web, referee, "Anna", game=RUSSIAN)[0]
    assert sign_in_player(browser, link) == f"/play/{RUSSIAN}/Anna"
    page = browser.get(f"/play/{RUSSIAN}/Anna").text
    assert "переход в ванную" in page and "ловушка на Boris: Спальня, Камин, Верёвка" in page


def test_ts9_the_timeline_and_the_preview_tell_the_events_in_russian(site: tuple[Site, Referee]) -> None:
    web, referee = site
    browser = client(web, referee, now=T0 + timedelta(minutes=5))
    form = sign_in(browser)
    preview = browser.post(f"/games/{RUSSIAN}/preview", data={"csrf": form}).text
    assert "Anna: Холл → Ванная (по приказу)" in preview
    referee.resolve(RUSSIAN, T0 + timedelta(minutes=5))
    page = browser.get(f"/games/{RUSSIAN}").text
    assert "Anna: Холл → Ванная (по приказу)" in page
    assert "начинается день 1, час 1" in page
    assert "Anna: Hall -&gt; Bathroom" not in page and "(moved)" not in page


def test_ts5_a_refused_action_says_why_in_russian(site: tuple[Site, Referee]) -> None:
    web, referee = site
    browser = client(web, referee)
    form = sign_in(browser)
    pause = {"csrf": form, "confirm": "yes", "until": ""}
    assert browser.post(f"/games/{RUSSIAN}/pause", data=pause).status_code == 200
    again = browser.post(f"/games/{RUSSIAN}/pause", data=pause).text
    assert _flash(again) == "Отказано: партия dom уже на паузе"  # the audit log keeps its English
    enter = {"csrf": form, "confirm": "yes", "seat": "Zed", "text": "MOVE Study"}
    resent = browser.post(f"/games/{RUSSIAN}/resend", data=enter).text
    assert _flash(resent) == "Отказано: в партии dom нет персонажа «Zed»; персонажи: Anna, Boris, Vera"


def _flash(page: str) -> str:
    """The line a page shows once after an action."""
    found = re.search(r'class="flash[^>]*>(.*?)</p>', page, re.S)
    assert found is not None, "the page shows no flash"
    return unescape(found.group(1)).strip()


def test_ts5_the_audit_log_of_a_russian_page_is_russian_too(site: tuple[Site, Referee]) -> None:
    web, referee = site
    browser = client(web, referee, now=T0 + timedelta(minutes=5))
    form = sign_in(browser)
    browser.post(f"/games/{RUSSIAN}/resolve", data={"csrf": form, "confirm": "yes"})
    pause = {"csrf": form, "confirm": "yes", "until": ""}
    browser.post(f"/games/{RUSSIAN}/pause", data=pause)
    browser.post(f"/games/{RUSSIAN}/pause", data=pause)  # refused: paused already
    logged = [(a.action, a.ok, a.result) for a in referee.actions(RUSSIAN)]
    assert [(action, ok) for action, ok, _ in logged][-3:] == [
        ("resolve", True),
        ("pause", True),
        ("pause", False),
    ]
    assert logged[-1][2] == "game 'dom' is paused already"  # the log keeps what it said, in English

    page = browser.get(f"/games/{RUSSIAN}").text
    audit = unescape(page.split('id="audit-h"')[1])

    assert audit.count("[сайт] gm@example.org:") == 3
    assert "партия dom уже на паузе" in audit
    assert "Разрешено: вечер прибытия; написано писем:" in audit
    assert "Партия на паузе: ничего не разрешается" in audit
    for english in ("[web]", "resolved d0n", "paused:", "is paused already", "letters written"):
        assert english not in audit, english
    mail = unescape(page.split('id="chars-h"')[1].split("</section>")[0])
    assert "Приветственное письмо — " in mail and "Отчёт — " in mail
    assert "welcome —" not in mail and "report —" not in mail


def test_every_letter_a_player_may_get_has_a_name_in_both_languages() -> None:
    """The player's page names each letter (issue 36: a Ten Sailors letter was shown as "morning"): every
    notice template of every game, and every letter all games share, has an English name and a Russian
    one."""
    from referee.games import games
    from referee.web.words import LETTER_NAMES, RU

    shared = {"welcome", "answer", "game_over", "refusal", "held", "confirm", "new_password", "withdrawn"}
    for game in games():
        for template in set(game.rules.notice_templates) | shared:
            english = LETTER_NAMES.get(template)
            assert english, f"{game.kind}: the letter {template!r} has no name"
            assert english != template and RU.get(english), f"{game.kind}: {template!r} has no Russian name"
