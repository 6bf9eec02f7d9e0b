"""Museum Suspects on the web, over HTTP (Starlette's test client, a real database): the museum as a
grid of rooms with each suspect and the tokens on them on the game-master's page — every value, every
clue's text and the solution — now or after an earlier step; a player's page and "see as" show the grid
as that player may see it, their own tokens, suggestion values and the clues they looked at, never
another player's (MS-4, MS-5 rulings); both languages; and on a 390-pixel phone the grid fits."""

from __future__ import annotations

import re
from datetime import datetime
from html import unescape
from pathlib import Path

import pytest
import test_web_browser as shared
from ms_helpers import GRID, TWO_THIEVES
from service_helpers import Site
from web_helpers import BASE, GM, PASSWORD, T0, client, mailed_links, served, sign_in, sign_in_player, token

from referee.app import Actor, Referee
from referee.app.gamefile import read_game_file
from referee.config import PROJECT_ROOT
from referee.games.museum_suspects import GAME as MUSEUM
from referee.games.museum_suspects.content import clue_text

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
