"""The dashboard's "New campaign" form: a game-master fills it, previews what will be created with the
campaign file it is equivalent to, and announces the campaign in the sign-up state, as ``referee game
announce FILE`` announces that file. The form is checked by the file's own check, every problem shown
beside its field with the form kept filled; an id taken is refused; only a signed-in game-master with
the form's token reaches it. One test fills it in Chromium on a 390-pixel phone screen (no wider than
the screen, and no serious accessibility violation)."""

from __future__ import annotations

import html
import re
import tomllib
from datetime import UTC, date, datetime, time, timedelta, timezone
from pathlib import Path
from typing import Any

import pytest
import test_web_browser as shared
from cli_helpers import Referee as Command
from service_helpers import Site
from test_web_accessibility import violations
from web_helpers import (
    GAME,
    GM,
    T0,
    client,
    forum_site,
    mailed_links,
    sign_in,
    sign_in_player,
    token,
    web_site,
)

from referee.app import FORM_FIELDS, campaign_file, form_campaign
from referee.app.campaignfile import SIGNUP_KEYS
from referee.app.campaignform import GAME_FIELDS, SIGNUP_FIELDS, toml_text
from referee.app.gamefile import GAME_KEYS
from referee.web.announce import APPROVAL_NAMES, DEAL_NAMES, LABELS, PROBLEMS
from referee.web.words import RU

CAMPAIGN = "castle-9"

FILLED = {
    "kind": "ten-sailors",
    "id": CAMPAIGN,
    "schedule": "ten-sailors-daily",
    "language": "ru",
    "opens": "2026-11-30T10:00",
    "closes": "2026-12-10T20:00",
    "seats": "7",
    "minimum": "4",
    "deal": "order",
    "accept": "master",
    "seed": "2026",
}
"""The form as a game-master fills it: a Ten Sailors campaign closing on 10 December, 20:00 in Moscow."""

_FILE = re.compile(r'<pre class="mail" id="campaign-file">(.*?)</pre>', re.S)


def _signed_in(tmp_path: Path, sqlite_url: str) -> tuple[Site, Any, Any, str]:
    """A site, its store, a browser signed in as the game-master and the form token."""
    site, referee = web_site(tmp_path, sqlite_url)
    browser = client(site, referee)
    return site, referee, browser, sign_in(browser)


def _file_of(page: str) -> str:
    """The campaign file's text a preview shows."""
    found = _FILE.search(page)
    assert found is not None, "the preview shows no campaign file"
    return html.unescape(found.group(1))


def test_the_campaigns_page_links_to_the_form_which_asks_every_field(tmp_path: Path, sqlite_url: str) -> None:
    _, _, browser, _ = _signed_in(tmp_path, sqlite_url)

    assert '<a href="/campaigns/new">New campaign</a>' in browser.get("/campaigns").text
    form = browser.get("/campaigns/new")

    assert form.status_code == 200
    for name in FORM_FIELDS:
        assert f'name="{name}"' in form.text, name
    assert 'value="ten-sailors-daily"' in form.text and "(Europe/Moscow)" in form.text
    assert "from 3 to 9 players" in form.text and "in sign-up order" in form.text
    assert GM in form.text  # the signed-in account is the game-master


def test_the_preview_shows_what_will_be_created_and_the_file_the_command_line_announces_alike(
    tmp_path: Path, sqlite_url: str
) -> None:
    _, referee, browser, form = _signed_in(tmp_path / "web", sqlite_url.replace("referee.db", "web.db"))

    preview = browser.post("/campaigns/new/preview", data={"csrf": form, **FILLED})

    assert preview.status_code == 200, preview.text
    page = preview.text
    assert "20:00 on Thursday 10 December (Moscow time)" in page  # closes, in words, in the game's zone
    assert "10:00 on Friday 11 December (Moscow time)" in page  # the first night ends the next morning
    assert "7; at least 4 to start" in page and "in sign-up order" in page and "you, one by one" in page
    assert referee.signups.campaigns() == []  # a preview creates nothing
    file = _file_of(page)
    assert "referee game announce castle-9.toml" in file and "local time, Europe/Moscow" in file
    assert tomllib.loads(file) == form_campaign(FILLED, GM)

    announced = browser.post("/campaigns/new", data={"csrf": form, **FILLED}, follow_redirects=False)

    assert announced.status_code == 303 and announced.headers["location"] == f"/signups/{CAMPAIGN}"
    assert "Партия объявлена." in browser.get(f"/signups/{CAMPAIGN}").text  # the page of a Russian game
    (step,) = referee.audit.actions(CAMPAIGN)
    assert (step.action, step.channel, step.actor, step.ok) == ("announce_campaign", "web", GM, True)
    cli = Site(tmp_path / "cli", sqlite_url.replace("referee.db", "cli.db"))
    cli.store()
    (cli.root / f"{CAMPAIGN}.toml").write_text(file, encoding="utf-8")
    said = Command(cli.root)("game", "announce", f"{CAMPAIGN}.toml").stdout
    assert f"announced ten-sailors campaign {CAMPAIGN}: 7 seats, at least 4 to start" in said
    by_web, by_file = referee.signups.campaign(CAMPAIGN), cli.store().signups.campaign(CAMPAIGN)
    assert by_web.model_dump(exclude={"created_at"}) == by_file.model_dump(exclude={"created_at"})
    assert (by_web.state, by_web.master_email, by_web.deal, by_web.approval) == (
        "signup",
        GM,
        "order",
        "master",
    )


def test_the_created_campaign_is_on_the_public_sign_up_list(tmp_path: Path, sqlite_url: str) -> None:
    site, referee, browser, form = _signed_in(tmp_path, sqlite_url)
    filled = {**FILLED, "opens": "", "language": "en"}  # open at once (the site's clock: 1 December)

    browser.post("/campaigns/new", data={"csrf": form, **filled})

    public = client(site, referee).get("/signup").text
    assert f'href="/signup/{CAMPAIGN}"' in public
    assert referee.signups.campaign(CAMPAIGN).opens_at.replace(tzinfo=UTC) == T0


@pytest.mark.parametrize(
    ("changed", "about", "sentence"),
    [
        ({"closes": "next friday"}, "closes", "Write a date and time, such as 2026-12-10 20:00."),
        ({"closes": ""}, "closes", "Say when sign-up closes."),
        ({"opens": "2026-12-11T09:00"}, "closes", "Sign-up must close after it opens."),
        (
            {"seats": "4", "minimum": "6"},
            "minimum",
            "Write a whole number from 3 to 4: no more than the seats",
        ),
        ({"seats": "12"}, "seats", "Write a whole number from 3 to 9."),
        ({"id": "no spaces please"}, "id", "Use 1 to 63 Latin letters, digits"),
        ({"schedule": "no-such-schedule"}, "schedule", "This schedule cannot be used."),
        ({"deal": "alphabetical"}, "deal", "Choose one of the values offered."),
    ],
)
def test_a_bad_field_is_named_beside_it_and_the_form_kept_filled(
    changed: dict[str, str], about: str, sentence: str, tmp_path: Path, sqlite_url: str
) -> None:
    _, referee, browser, form = _signed_in(tmp_path, sqlite_url)
    filled = {**FILLED, "language": "en", **changed}

    for path in ("/campaigns/new/preview", "/campaigns/new"):
        answer = browser.post(path, data={"csrf": form, **filled})

        assert answer.status_code == 400, path
        page = answer.text
        beside = page.split(f'id="{about}-problem"')[1].split("</div>")[0]
        assert sentence in beside
        assert f'<a href="#{about}">{LABELS[about]}</a>: {sentence}' in html.unescape(page)
        assert re.search(rf'id="{about}"[^>]*aria-invalid="true"', page)
        assert f'value="{html.escape(filled["id"])}"' in page  # the form is kept as typed
        assert _FILE.search(page) is None
    assert referee.signups.campaigns() == []


def test_a_problem_is_said_in_russian_on_a_russian_page(tmp_path: Path, sqlite_url: str) -> None:
    _, _, browser, form = _signed_in(tmp_path, sqlite_url)
    browser.post("/language", data={"csrf": form, "language": "ru", "next": "/campaigns/new"})

    page = browser.post(
        "/campaigns/new/preview", data={"csrf": form, **FILLED, "opens": "2026-12-11T09:00"}
    ).text

    assert "Новая партия" in page and "Конец записи" in page
    assert "Запись должна заканчиваться позже, чем начинается." in page


def test_an_id_taken_by_a_game_or_a_campaign_is_refused_saying_so(tmp_path: Path, sqlite_url: str) -> None:
    _, referee, browser, form = _signed_in(tmp_path, sqlite_url)
    browser.post("/campaigns/new", data={"csrf": form, **FILLED})

    for taken in (CAMPAIGN, GAME):
        again = browser.post("/campaigns/new", data={"csrf": form, **FILLED, "id": taken})

        assert again.status_code == 409, taken
        beside = again.text.split('id="id-problem"')[1].split("</div>")[0]
        assert "A game or campaign with this id exists already: choose another." in beside
    assert [row.id for row in referee.signups.campaigns()] == [CAMPAIGN]
    assert [a.ok for a in referee.audit.actions(GAME) if a.action == "announce_campaign"] == [False]


def test_a_visitor_and_a_player_cannot_reach_the_form(tmp_path: Path, sqlite_url: str) -> None:
    site, referee = forum_site(tmp_path, sqlite_url)
    visitor = client(site, referee)
    assert visitor.get("/campaigns/new").status_code == 401
    visiting = token(visitor.get("/play").text)
    for path in ("/campaigns/new/preview", "/campaigns/new"):
        assert visitor.post(path, data={"csrf": visiting, **FILLED}).status_code == 401
    player = client(site, referee)
    player.post("/play", data={"csrf": token(player.get("/play").text), "email": "anna@example.org"})
    assert sign_in_player(player, mailed_links(site, referee, "Anna")[0]) == f"/play/{GAME}/Anna"
    playing = token(player.get(f"/play/{GAME}/Anna").text)

    assert player.get("/campaigns/new").status_code == 401
    for path in ("/campaigns/new/preview", "/campaigns/new"):
        assert player.post(path, data={"csrf": playing, **FILLED}).status_code == 401
    assert referee.signups.campaigns() == []


def test_a_forged_post_without_the_forms_token_is_refused(tmp_path: Path, sqlite_url: str) -> None:
    _, referee, browser, _ = _signed_in(tmp_path, sqlite_url)

    for path in ("/campaigns/new/preview", "/campaigns/new"):
        assert browser.post(path, data=FILLED).status_code == 403
        assert browser.post(path, data={"csrf": "forged", **FILLED}).status_code == 403
    assert referee.signups.campaigns() == [] and referee.audit.actions(CAMPAIGN) == []


def test_the_form_asks_for_keys_a_campaign_file_holds_in_the_table_they_belong_to() -> None:
    assert set(GAME_FIELDS) <= set(GAME_KEYS) and set(SIGNUP_FIELDS) <= set(SIGNUP_KEYS)
    assert set(FORM_FIELDS) == set(LABELS)


def test_a_field_that_is_not_what_it_stands_for_is_passed_on_as_typed_for_the_files_check_to_name() -> None:
    raw = form_campaign({**FILLED, "seats": "seven", "closes": "soon", "seed": "", "schedule": ""}, GM)

    assert raw["signup"]["seats"] == "seven" and raw["signup"]["closes"] == "soon"
    assert "seed" not in raw["game"] and "schedule" not in raw["signup"]
    with pytest.raises(ValueError, match=r"\[signup\] closes must be a date and time.*seats must be a whole"):
        campaign_file(raw, Path(__file__).parents[1] / "schedules")


def test_the_toml_written_reads_back_as_the_same_tables() -> None:
    raw = {
        "game": {
            "kind": "ten-sailors",
            "id": "c-1",
            "seed": -42,
            "copy_master": False,
            "title": 'A "quoted" \\ back\\slash\tand\nlines, ünïcode «ёлка» \x7f\x01',
            "dropouts": {"silent": 2, "names": ["a", "b c"], "weird key": True},
        },
        "signup": {
            "opens": datetime(2026, 11, 30, 10, 0),
            "closes": datetime(2026, 12, 10, 20, 0, 30, tzinfo=timezone(timedelta(hours=3))),
            "day": date(2026, 12, 1),
            "at": time(9, 30),
        },
    }

    text = toml_text(raw, heading="two\nlines", notes={"signup.opens": "a note", "game.dropouts.silent": "x"})

    assert tomllib.loads(text) == raw
    assert text.startswith("# two\n# lines\n") and "# a note" in text


def test_every_sentence_the_form_says_from_its_code_has_its_russian() -> None:
    said = [*LABELS.values(), *DEAL_NAMES.values(), *APPROVAL_NAMES.values(), "The campaign is announced."]
    said += [sentence for _, _, sentence in PROBLEMS]

    assert not [sentence for sentence in said if sentence not in RU]


pytestmark_browser = pytest.mark.skipif(
    not Path(shared.CHROMIUM).exists(), reason="Chromium is not installed"
)
served = shared.served
browser = shared.browser


@pytestmark_browser
def test_a_game_master_announces_a_campaign_from_a_phone_in_a_browser(served, browser) -> None:  # type: ignore[no-untyped-def]
    base, site = served
    closes = (datetime.now(UTC) + timedelta(days=9)).strftime("%Y-%m-%dT20:00")
    page = browser.new_context(viewport=shared.PHONE, locale="en-GB", bypass_csp=True).new_page()
    shared._sign_in(page, base, shared.GM)
    page.wait_for_url(f"{base}/campaigns")

    page.get_by_role("link", name="New campaign").click()
    page.wait_for_url(f"{base}/campaigns/new")
    assert violations(page) == []
    page.get_by_label("Which game").select_option("museum-suspects")
    page.get_by_label("Campaign id").fill("museum-7")
    page.get_by_label("Sign-up closes").fill(closes)
    page.get_by_label("Seats wanted").fill("3")
    page.get_by_label("Fewest to start").fill("2")
    page.get_by_role("button", name="Preview").click()
    page.wait_for_url(f"{base}/campaigns/new/preview")
    file = page.locator("#campaign-file").inner_text()
    assert 'kind = "museum-suspects"' in file and "seats = 3" in file
    assert page.evaluate("document.scrollingElement.scrollWidth") <= shared.PHONE["width"]
    assert violations(page) == []
    page.get_by_role("button", name="Announce the campaign").click()
    page.wait_for_url(f"{base}/signups/museum-7")

    assert "The campaign is announced." in page.content()
    assert site.store().signups.campaign("museum-7").seats == 3
