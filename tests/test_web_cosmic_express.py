"""Murder on the Cosmic Express on the web, over HTTP (Starlette's test client, a real database): the
game-master's page shows every hand with its role and the weapon, now or after an earlier step, and each
round's trading log in the order it happened; a player's page and "see as" show the player's own cards,
their offers and swaps and who swapped with whom (CE-4 ruling), never another player's cards; both
languages. The last test opens the pages on a 390-pixel phone in a real browser."""

from __future__ import annotations

import re
from html import unescape
from pathlib import Path

import pytest
import test_web_browser as shared
from service_helpers import Site
from web_helpers import BASE, GM, PASSWORD, T0, client, mailed_links, served, sign_in, sign_in_player, token

from referee.app import Actor, Referee
from referee.app.gamefile import read_game_file

GAME = "express"
DEAL = {
    "Anna": ("Undercover Detective", ("Candle", "Wrench")),
    "Boris": ("Murderer", ("Candle", "Fire Extinguisher")),
    "Vera": ("Captain", ("Wrench", "Fire Extinguisher")),
    "Gleb": ("Accomplice", ("Candle", "Wrench")),
}
"""A fixed four-player deal of round 1 (CE-2); the Fire Extinguisher left in the middle is the weapon."""

TRADES = (
    ("Anna", "OFFER Vera Candle"),  # O1
    ("Vera", "ACCEPT O1 Wrench"),  # Anna: Wrench, Wrench; Vera: Candle, Fire Extinguisher
    ("Anna", "OFFER Gleb Wrench"),  # O2
    ("Gleb", "REFUSE O2"),
    ("Boris", "OFFER Gleb Fire Extinguisher"),  # O3, left open
)
"""Round 1's trading so far, in order."""


def _game_file(root: Path, language: str, deal: dict[str, tuple[str, tuple[str, str]]], setup: str) -> Path:
    """A Cosmic Express game with the fixed deal ``deal`` and the lines ``setup`` of its set-up."""
    players = "".join(
        f'\n[[players]]\nname = "{name}"\nemail = "{name.lower()}@example.org"\nrole = "{role}"\n'
        f'items = ["{items[0]}", "{items[1]}"]\n'
        for name, (role, items) in deal.items()
    )
    path = root / f"{GAME}.toml"
    path.write_text(
        f'[game]\nkind = "cosmic-express"\nid = "{GAME}"\nschedule = "cosmic-express"\nseed = 4\n'
        f'language = "{language}"\nmaster_email = "{GM}"\nweapon = "Fire Extinguisher"\n{setup}\n{players}',
        encoding="utf-8",
    )
    return path


def _express_site(
    root: Path,
    database_url: str,
    language: str = "en",
    *,
    deal: dict[str, tuple[str, tuple[str, str]]] = DEAL,
    setup: str = "rounds = 2",
    trades: tuple[tuple[str, str], ...] = TRADES,
) -> tuple[Site, Referee]:
    """A site with web pages and one Cosmic Express game (by default of two rounds, CE-8) in round 1's
    trading, after ``trades``."""
    site = Site(root, database_url, extra=f'\n[web]\nbase_url = "{BASE}"\n')
    referee = site.store()
    read_game_file(_game_file(root, language, deal, setup), root / "schedules").create(referee, T0)
    referee.accounts.add("Gail", GM, PASSWORD, T0)
    for seat, line in trades:
        _orders(referee, seat, line)
    return site, referee


def _orders(referee: Referee, seat: str, text: str) -> None:
    """``seat``'s orders, entered by the game-master and accepted."""
    answer = referee.desk.enter_orders(GAME, seat, text, T0, Actor("web", GM)).answer
    assert all(v["accepted"] for v in answer["verdicts"]), answer["verdicts"]


@pytest.fixture
def express(tmp_path: Path, sqlite_url: str) -> tuple[Site, Referee]:
    return _express_site(tmp_path, sqlite_url)


def _section(html: str, name: str) -> str:
    """The section ``id=name`` of a page, unescaped."""
    start = html.index(f'<section id="{name}"')
    return unescape(html[start : html.index("</section>", start)])


def _cells(html: str, seat: str) -> list[str]:
    """The cells of ``seat``'s row in a table of the page, tags stripped."""
    row = re.search(rf'<tr><th scope="row"[^>]*>{seat}</th>(.*?)</tr>', html, re.S)
    assert row is not None, seat
    return [
        re.sub(r"<[^>]+>", "", cell).strip()
        for cell in re.findall(r"<td[^>]*>(.*?)</td>", row.group(1), re.S)
    ]


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


def test_the_game_masters_page_shows_every_hand_with_its_role_and_the_weapon(express) -> None:  # type: ignore[no-untyped-def]
    site, referee = express
    browser = client(site, referee)
    sign_in(browser)
    page = browser.get(f"/games/{GAME}").text
    table = _section(page, "table")
    assert "Round 1 of 2: trading — now" in table
    hands = referee.load(GAME).state.hands
    assert hands["Anna"] == ("Wrench", "Wrench")
    for seat, (role, _) in DEAL.items():
        assert _cells(table, seat)[:2] == [role, ", ".join(hands[seat])], seat
    assert "The murder weapon, face down in the middle: Fire Extinguisher" in re.sub(r"<[^>]+>", "", table)
    assert _cells(table, "O3") == ["Boris", "Gleb", "Fire Extinguisher"]  # the one offer still open


def test_ce4_the_game_masters_page_shows_the_trading_log_in_the_order_it_happened(express) -> None:  # type: ignore[no-untyped-def]
    site, referee = express
    _orders(referee, "Gleb", "DONE")  # refuses O3, made to Gleb
    browser = client(site, referee)
    sign_in(browser)
    journal = _section(browser.get(f"/games/{GAME}").text, "journal")
    trades = journal[journal.index('<ol class="thread trades">') :]
    lines = [
        re.sub(r"<[^>]+>", "", li).strip()
        for li in re.findall(r"<li>(.*?)</li>", trades[: trades.index("</ol>")], re.S)
    ]
    assert lines == [
        "Anna offers Candle to Vera (O1)",
        "Vera accepts O1: Anna gives Candle, Vera gives Wrench",
        "Anna offers Wrench to Gleb (O2)",
        "offer O2 (Anna to Gleb) refused",
        "Boris offers Fire Extinguisher to Gleb (O3)",
        "offer O3 (Boris to Gleb) refused",
        "Gleb is done trading",
    ]


def test_ce4_a_players_page_shows_their_own_cards_and_swaps_and_never_another_players_cards(express) -> None:  # type: ignore[no-untyped-def]
    """Anna holds two Wrenches; a Fire Extinguisher (Vera's, Boris's, the weapon) and the others' roles
    are nowhere on her page's table, nor Boris's offer to Gleb; she sees who swapped with whom."""
    site, referee = express
    anna = _section(_player_page(site, referee, "Anna"), "seat")
    assert "Your role</dt><dd>Undercover Detective" in anna and "Your cards</dt><dd>Wrench, Wrench" in anna
    assert _cells(anna, "O1") == ["Vera", "Candle", "Wrench"]  # her swap: with Vera, gave, got
    assert _cells(anna, "O2") == ["you", "Gleb", "turned down"]
    assert _cells(anna, "Anna") == ["Vera"]  # the public news of the swap
    assert "face down: only the Murderer knows it" in anna
    for secret in ("Fire Extinguisher", "Murderer<", "Captain", "Accomplice", "O3"):
        assert secret not in anna, secret

    gleb = _section(_player_page(site, referee, "Gleb"), "seat")
    assert _cells(gleb, "O3") == ["Boris", "face down"]  # offered to him, the card unseen
    assert "Fire Extinguisher" not in gleb and "Your cards</dt><dd>Candle, Wrench" in gleb

    boris = _section(_player_page(site, referee, "Boris"), "seat")
    assert "The murder weapon</dt><dd>Fire Extinguisher" in boris  # only the Murderer learns it (CE-3)
    assert _cells(boris, "O3") == ["Gleb", "Fire Extinguisher"]
    assert "Wrench" not in boris


def test_see_as_shows_exactly_the_players_own_table(express) -> None:  # type: ignore[no-untyped-def]
    site, referee = express
    browser = client(site, referee)
    sign_in(browser)
    for seat in DEAL:
        seen = browser.get(f"/games/{GAME}/see/{seat}")
        assert seen.status_code == 200
        assert _section(seen.text, "seat") == _section(_player_page(site, referee, seat), "seat"), seat


def test_a_past_step_shows_the_hands_as_they_were_then(express) -> None:  # type: ignore[no-untyped-def]
    """After round 1 the cards are dealt afresh (CE-8); the step "after the trading of round 1" still
    shows round 1's hands, and "see as" at that step shows the player's table as it was then."""
    site, referee = express
    for seat in DEAL:
        _orders(referee, seat, "DONE")  # the last DONE closes the trading at once: step 0
    _orders(referee, "Vera", "Boris smells of smoke.")  # the interrogation's talk (CE-5)
    gleb = _section(_player_page(site, referee, "Gleb"), "seat")
    assert "<strong>Vera</strong>: Boris smells of smoke." in gleb and "The Detective</dt><dd>Anna" in gleb
    _orders(referee, "Anna", "ARREST Boris")  # round 1 ends, round 2 is dealt: step 1
    state = referee.load(GAME).state
    assert state.round == 2 and state.results[0]["arrested"] == "Boris"
    browser = client(site, referee)
    sign_in(browser)
    now = _section(browser.get(f"/games/{GAME}").text, "table")
    past = _section(browser.get(f"/games/{GAME}?at=0").text, "table")
    assert "Round 2 of 2: trading — now" in now and "Round 1 of 2: interrogation — after" in past
    for seat in DEAL:
        assert _cells(now, seat)[:2] == [state.roles[seat], ", ".join(state.hands[seat])], seat
    assert _cells(past, "Anna")[:2] == ["Undercover Detective", "Wrench, Wrench"]
    assert _cells(past, "Vera")[:2] == ["Captain", "Candle, Fire Extinguisher"]
    seen = _section(browser.get(f"/games/{GAME}/see/Anna?at=0").text, "seat")
    assert "Your cards</dt><dd>Wrench, Wrench" in seen and "The Detective</dt><dd>Anna" in seen
    rounds = _section(browser.get(f"/games/{GAME}/see/Anna").text, "rounds")
    assert "under arrest: Boris" in rounds and _cells(rounds, "Vera")[:2] == [
        "Captain",
        "Candle, Fire Extinguisher",
    ]


def test_the_cosmic_express_pages_read_in_russian(tmp_path: Path, sqlite_url: str) -> None:
    site, referee = _express_site(tmp_path, sqlite_url, language="ru")
    browser = client(site, referee)
    sign_in(browser)
    game = browser.get(f"/games/{GAME}").text
    table, journal = _section(game, "table"), _section(game, "journal")
    assert "Раунд 1 из 2: обмен — сейчас" in table and "Карты всех игроков" in table
    assert _cells(table, "Anna")[:2] == ["Детектив под прикрытием", "Гаечный ключ, Гаечный ключ"]
    assert "Anna предлагает Vera «Свеча» (O1)" in journal
    assert "Vera приняла O1: Anna отдаёт «Свеча», Vera — «Гаечный ключ»" in journal
    anna = _section(_player_page(site, referee, "Anna"), "seat")
    assert "Ваши карты</dt><dd>Гаечный ключ, Гаечный ключ" in anna
    assert _cells(anna, "O2") == ["вы", "Gleb", "отклонено"]
    assert "Всем сообщают, кто с кем поменялся, но не какими картами." in anna
    assert not re.search(r"\b(Round|Offer|Your|trading|face down)\b", anna), (
        "an English word on a Russian page"
    )


def test_ce9_a_swap_with_the_dummy_shows_on_every_page_as_much_as_each_reader_may_know(
    tmp_path: Path, sqlite_url: str
) -> None:
    """Three players and the Dummy (CE-9): the game-master sees the Dummy's role and cards and the swap
    with its card; the swapper sees what they gave and got; another player sees only that they swapped
    with the Dummy's card 2, not which cards, nor the Dummy's role."""
    deal = {name: DEAL[name] for name in ("Anna", "Boris", "Vera")}
    site, referee = _express_site(
        tmp_path,
        sqlite_url,
        deal=deal,
        setup='dummy = { role = "Accomplice", items = ["Candle", "Wrench"] }',
        trades=(("Anna", "SWAP DUMMY Candle 2"),),
    )
    browser = client(site, referee)
    sign_in(browser)
    game = browser.get(f"/games/{GAME}").text
    assert _cells(_section(game, "table"), "the Dummy") == ["Accomplice", "Candle, Candle", "—"]
    assert "Anna swaps Candle for the Dummy's card 2 (Wrench)" in _section(game, "journal")
    anna = _section(_player_page(site, referee, "Anna"), "seat")
    assert _cells(anna, "—") == ["the Dummy, card 2", "Candle", "Wrench"]
    boris = _section(_player_page(site, referee, "Boris"), "seat")
    assert _cells(boris, "Anna") == ["the Dummy, card 2"]
    assert "Accomplice" not in boris and "Wrench" not in boris


# --- in a real browser: a 390-pixel phone ---------------------------------------------------------------


browser = shared.browser  # the browser tests' Chromium


@shared.pytestmark
def test_the_cosmic_express_pages_fit_a_390_pixel_phone(express, browser) -> None:  # type: ignore[no-untyped-def]
    """The game-master's page, "see as" and the player's own page, in English and in Russian, every
    round and list open (the widest they can be), are never wider than a 390-pixel screen."""
    site, referee = express
    _orders(referee, "Gleb", "DONE")
    wide: dict[str, int] = {}
    with served(site, referee) as base:
        page = browser.new_context(viewport=shared.PHONE, locale="en-GB").new_page()

        def measure(path: str) -> None:
            answer = page.goto(f"{base}{path}")
            assert answer is not None and answer.status == 200, path
            page.evaluate("document.querySelectorAll('details').forEach((d) => { d.open = true; })")
            width = page.evaluate("document.scrollingElement.scrollWidth")
            wide[f"{path} ({page.locator('html').get_attribute('lang')})"] = int(width)

        shared._sign_in(page, base, GM)
        page.wait_for_url(f"{base}/campaigns")
        for path in (f"/games/{GAME}", f"/games/{GAME}/see/Anna", f"/games/{GAME}/see/Boris"):
            measure(path)
        assert page.get_by_role("table").first.is_visible()
        page.get_by_role("button", name="Русский").click()
        page.wait_for_load_state()
        measure(f"/games/{GAME}")

        player = browser.new_context(viewport=shared.PHONE, locale="en-GB").new_page()
        player.goto(f"{base}/play")
        player.get_by_label("Email").fill("anna@example.org")
        player.get_by_role("button", name="Mail me a link").click()
        player.goto(f"{base}{mailed_links(site, referee, 'Anna', game=GAME)[-1].removeprefix(BASE)}")
        player.get_by_role("button", name="Sign in").click()
        player.wait_for_url(f"{base}/play/{GAME}/Anna")
        page = player
        measure(f"/play/{GAME}/Anna")
        assert page.get_by_role("heading", name="Your open offers").is_visible()
    assert wide and {path: width for path, width in wide.items() if width > shared.PHONE["width"]} == {}
