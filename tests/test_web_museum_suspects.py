"""Museum Suspects on the web, over HTTP (Starlette's test client, a real database): the museum as a
grid of rooms with each suspect and the tokens on them on the game-master's page — every value, every
clue's text and the solution — now or after an earlier step; a player's page and "see as" show the grid
as that player may see it, their own tokens, suggestion values and the clues they looked at, never
another player's (MS-4, MS-5 rulings); both languages; and on a 390-pixel phone the grid fits."""

from __future__ import annotations

from html import unescape
from pathlib import Path

import pytest
import test_web_browser as shared
from ms_helpers import GRID, TWO_THIEVES
from service_helpers import Site
from web_helpers import BASE, GM, PASSWORD, T0, client, mailed_links, served, sign_in, sign_in_player, token

from referee.app import Actor, Referee
from referee.app.gamefile import read_game_file
from referee.games.museum_suspects import RULES
from referee.games.museum_suspects.content import SUSPECT, clue_text

GAME = "museum"
SEATS = ("Anna", "Boris", "Clara")
ANNAS_CLUE = 1
"""Anna looks at clue 1 ("animal:cat") and leaves a 3 on it, then puts a 6 on Hector (D2)."""
BORIS_CLUE = 7
"""Boris looks at clue 7 ("column:A") and leaves a 4 on it, then puts a 2 on the Emergency Exit."""

browser = shared.browser  # the browser of the game-master's browser tests


def _text(clue: int, language: str = "en") -> str:
    """The text of hidden clue ``clue`` (1–8) of the game."""
    return str(clue_text(TWO_THIEVES[clue - 1])[language])


def _game_file(root: Path, language: str) -> Path:
    """A Museum Suspects game of three players on the fixed grid of the rules' tests (Hector in D2)."""
    players = "".join(f'\n[[players]]\nname = "{n}"\nemail = "{n.lower()}@example.org"\n' for n in SEATS)
    listed = ", ".join(f'"{x}"' for x in GRID)
    clues = ", ".join(f'"{x}"' for x in TWO_THIEVES)
    path = root / f"{GAME}.toml"
    path.write_text(
        f'[game]\nkind = "museum-suspects"\nid = "{GAME}"\nschedule = "museum-suspects"\nseed = 5\n'
        f'language = "{language}"\nmaster_email = "{GM}"\ngrid = [{listed}]\nclues = [{clues}]\n{players}',
        encoding="utf-8",
    )
    return path


def _museum_site(root: Path, database_url: str, language: str = "en") -> tuple[Site, Referee]:
    """A site with web pages and one game in which Anna and Boris have played their turns; it is
    Clara's turn."""
    site = Site(root, database_url, extra=f'\n[web]\nbase_url = "{BASE}"\n')
    referee = site.store()
    read_game_file(_game_file(root, language), root / "schedules").create(referee, T0)
    referee.accounts.add("Gail", GM, PASSWORD, T0)
    actor = Actor("web", GM)
    for seat, text in (
        ("Anna", f"INVESTIGATE {ANNAS_CLUE} WITH 3\nSUGGEST D2 WITH 6"),
        ("Boris", f"INVESTIGATE {BORIS_CLUE} WITH 4\nSUGGEST EXIT WITH 2"),
    ):
        answer = referee.desk.enter_orders(GAME, seat, text, T0, actor).answer
        assert all(v["accepted"] for v in answer["verdicts"]), answer["verdicts"]
    return site, referee


@pytest.fixture
def museum(tmp_path: Path, sqlite_url: str) -> tuple[Site, Referee]:
    return _museum_site(tmp_path, sqlite_url)


def _player_page(site: Site, referee: Referee, seat: str) -> str:
    """``seat``'s page, signed in by the link the referee mailed them."""
    browser = client(site, referee)
    browser.post(
        "/play", data={"csrf": token(browser.get("/play").text), "email": f"{seat.lower()}@example.org"}
    )
    assert sign_in_player(browser, mailed_links(site, referee, seat, game=GAME)[-1]) == f"/play/{GAME}/{seat}"
    page = browser.get(f"/play/{GAME}/{seat}")
    assert page.status_code == 200
    return unescape(page.text)


def _master_page(site: Site, referee: Referee, query: str = "") -> str:
    browser = client(site, referee)
    sign_in(browser)
    page = browser.get(f"/games/{GAME}{query}")
    assert page.status_code == 200
    return unescape(page.text)


def _cell(page: str, room: str) -> str:
    """The grid's cell of ``room`` ("D2"), as HTML."""
    start = page.index(f'id="room-{room}"')
    return page[start : page.index("</td>", start)]


def _section(page: str, id_: str) -> str:
    start = page.index(f'id="{id_}"')
    return page[start : page.index("</section>", start)]


def _finish(referee: Referee) -> None:
    """Plays the game to its end, every turn the stand-in bot's orders from its player's view."""
    while not referee.load(GAME).state.finished:
        seat = referee.load(GAME).state.seat
        text = RULES.bot(referee.views.player(GAME, seat), 5)
        referee.desk.enter_orders(GAME, seat, text, T0, Actor("web", GM))


def test_the_game_masters_page_shows_each_suspect_and_every_token_in_its_room(museum) -> None:  # type: ignore[no-untyped-def]
    site, referee = museum
    page = _master_page(site, referee)
    museum_part = _section(page, "museum")
    assert "The museum — now" in museum_part and "Round 1 of 6: Clara's turn" in museum_part
    rooms = [f"{column}{row}" for row in range(1, 5) for column in "ABCD"]
    for room, suspect in zip(rooms, GRID, strict=True):
        assert f"<strong>{SUSPECT[suspect].names()['en']}</strong>" in _cell(page, room), room
    assert "Anna: 6" in _cell(page, "D2")
    assert [room for room in rooms if 'class="token"' in _cell(page, room)] == ["D2"]
    exit_line = page[page.index('id="exit"') : page.index("</p>", page.index('id="exit"'))]
    assert "Boris: 2" in exit_line and "Anna" not in exit_line
    clue = {
        n: page[page.index(f'id="clue-{n}"') : page.index("</tr>", page.index(f'id="clue-{n}"'))]
        for n in range(1, 9)
    }
    assert "Anna: 3" in clue[ANNAS_CLUE] and "Boris: 4" in clue[BORIS_CLUE] and "no tokens" in clue[2]
    assert all(_text(n) in clue[n] for n in range(1, 9))


def test_ms6_the_game_masters_page_shows_what_each_player_holds_and_the_solution(museum) -> None:  # type: ignore[no-untyped-def]
    site, referee = museum
    page = _master_page(site, referee)
    holdings = _section(page, "holdings")
    anna = holdings[holdings.index('id="holds-1"') : holdings.index('id="holds-2"')]
    boris = holdings[holdings.index('id="holds-2"') : holdings.index('id="holds-3"')]
    assert "1, 1, 2, 2, 3, 4, 4, 5, 5, 6" in anna and "D2 Hector: 6" in anna
    assert "Emergency Exit: 2" in boris and f">{BORIS_CLUE}</td>" in boris
    assert "The solution (only you see it)" in page and "The thieves: D2 Hector and B3 Jasper." in page
    assert 'class="tag bad">thief</span>' in _cell(page, "B3") and ">cleared</span>" in _cell(page, "A1")


def test_ms4_ms5_a_players_page_shows_their_own_secrets_and_never_another_players(museum) -> None:  # type: ignore[no-untyped-def]
    site, referee = museum
    anna, boris, clara = (_player_page(site, referee, seat) for seat in SEATS)
    assert _text(ANNAS_CLUE) in anna and "D2 Hector: 6" in _section(anna, "mine") and "Anna (you)" in anna
    assert "Anna: 6" in _cell(anna, "D2") and "Boris: ?" in anna and "Boris: 2" not in anna
    assert _text(BORIS_CLUE) in boris and "Emergency Exit: 2" in _section(boris, "mine")
    assert "Anna: ?" in _cell(boris, "D2") and "Anna: 6" not in boris
    unread = {"Anna": set(range(2, 9)), "Boris": set(range(1, 9)) - {BORIS_CLUE}, "Clara": set(range(1, 9))}
    for seat, page in zip(SEATS, (anna, boris, clara), strict=True):
        assert not [n for n in unread[seat] if _text(n) in page], seat
        assert "thief</span>" not in page and "solution" not in page.lower() and "Jasper." not in page, seat
    assert "You have not looked at any clue yet." in clara and "Anna: ?" in clara and "Boris: ?" in clara


def test_see_as_shows_exactly_what_the_players_page_shows(museum) -> None:  # type: ignore[no-untyped-def]
    site, referee = museum
    browser = client(site, referee)
    sign_in(browser)
    for seat in SEATS:
        seen = browser.get(f"/games/{GAME}/see/{seat}")
        assert seen.status_code == 200
        mine = _player_page(site, referee, seat)
        for part in ("museum", "mine"):
            assert _section(unescape(seen.text), part) == _section(mine, part), (seat, part)


def test_a_past_step_shows_the_museum_as_it_stood_then(museum) -> None:  # type: ignore[no-untyped-def]
    site, referee = museum
    page = _master_page(site, referee, "?at=0")
    assert "The museum — after r1s1" in page and "Round 1 of 6: Boris's turn" in page
    assert "Anna: 6" in _cell(page, "D2")
    assert "Emergency Exit:</strong> no tokens" in page and "Boris: 4" not in page
    boris = _section(page, "holdings").split('id="holds-2"')[1]
    assert "1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6" in boris.split("</tr>")[0]
    assert 'href="?day=0&at=0#museum" aria-current="page"' in page
    browser = client(site, referee)
    sign_in(browser)
    then = unescape(browser.get(f"/games/{GAME}/see/Boris?at=0").text)
    assert "You have not looked at any clue yet." in then and "Anna: ?" in _cell(then, "D2")
    assert "Emergency Exit:</strong> no tokens" in then


def test_ms6_once_the_game_is_over_a_players_view_shows_every_clue_and_the_thieves(museum) -> None:  # type: ignore[no-untyped-def]
    site, referee = museum
    _finish(referee)
    browser = client(site, referee)
    sign_in(browser)
    page = unescape(browser.get(f"/games/{GAME}/see/Clara").text)  # a finished game mails no sign-in link
    assert "The game is over" in _section(page, "museum") and "you have not looked at it" not in page
    assert all(_text(n) in _section(page, "museum") for n in range(1, 9))
    assert "The thieves: D2 Hector and B3 Jasper." in page and "Anna: 6" in _cell(page, "D2")
    assert "Result" in _section(page, "museum")


def test_the_museum_pages_read_in_russian(tmp_path: Path, sqlite_url: str) -> None:
    site, referee = _museum_site(tmp_path, sqlite_url, language="ru")
    game = _master_page(site, referee)
    assert (
        "Музей — сейчас" in game and "Раунд 1 из 6, ходит Clara" in game and "<strong>Гектор</strong>" in game
    )
    assert "Запасный выход:" in game and "Кого оправдывает" in game and _text(BORIS_CLUE, "ru") in game
    assert "Разгадка (её видите только вы)" in game and "Воры — D2 Гектор и B3 Джаспер." in game
    assert "Что есть у каждого игрока и что он знает" in game and "D2 Гектор: 6" in game
    page = _player_page(site, referee, "Anna")
    assert "Что у вас есть и что вы знаете" in page and "Anna (вы)" in page and "Ваши подозрения" in page
    assert _text(ANNAS_CLUE, "ru") in page and "вы её не видели" in page and "Boris: ?" in page
    assert "раунд 1, ходит Clara" in game  # the phase in the page's head, not the rules' English label
    for english in (
        "The museum",
        "Emergency Exit",
        "What you hold and know",
        "you have not looked at it",
        "'s turn",
    ):
        assert english not in page and english not in game, english


# --- in a real browser -------------------------------------------------------------------------------


@shared.pytestmark
def test_the_museum_fits_a_390_pixel_phone(museum, browser) -> None:  # type: ignore[no-untyped-def]
    """The game-master's page and "see as" (the player's page's own fragments) need no sideways scrolling
    on a phone: the grid's rooms stack as cards, each labelled with its room."""
    site, referee = museum
    with served(site, referee) as base:
        page = browser.new_context(viewport=shared.PHONE, locale="en-GB").new_page()
        shared._sign_in(page, base, GM)
        page.wait_for_url(f"{base}/campaigns")
        for path in (f"/games/{GAME}", f"/games/{GAME}?at=0", f"/games/{GAME}/see/Anna"):
            page.goto(f"{base}{path}")
            grid = page.locator("table.museum-grid")
            assert grid.is_visible() and page.locator("#room-D2").is_visible(), path
            assert page.evaluate("document.scrollingElement.scrollWidth") <= shared.PHONE["width"], path
            box = grid.bounding_box()
            assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= shared.PHONE["width"], (
                path
            )
        assert "Anna: 6" in page.locator("#room-D2").inner_text()
