"""The campaign's sign-up on the game-master's dashboard: its line with each address's record, seen by its
game-master (and an admin) alone, and the steps taken there — refused without the confirm box, audited
as the web's when taken — up to the start, which leads to the new game's page. A visitor's sign-up form
counts for nobody until the address confirms it."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

from web_helpers import ADMIN, GM, OTHER_GM, T0, client, sign_in, token, web_site

from referee.app.audit import COMMAND_LINE
from referee.app.campaignfile import campaign_file

CAMPAIGN = "museum-9"


def announced(tmp_path: Path, sqlite_url: str):  # type: ignore[no-untyped-def]
    site, referee = web_site(tmp_path, sqlite_url)
    file = {
        "game": {"kind": "museum-suspects", "id": CAMPAIGN, "seed": 5, "master_email": GM},
        "signup": {"closes": T0 + timedelta(days=2), "seats": 2, "minimum": 2, "deal": "order"},
    }
    referee.signups.announce(
        campaign_file(file, site.root / "schedules"), T0 - timedelta(hours=1), COMMAND_LINE
    )
    return site, referee


def confirmed(referee, email: str, name: str, minutes: int) -> None:  # type: ignore[no-untyped-def]
    """``name`` signed up on the web from ``email`` and confirmed by the link mailed there."""
    at = T0 - timedelta(minutes=minutes)
    referee.signups.by_web(CAMPAIGN, email, name, "en", "", at)
    letter = next(x for x in reversed(referee.letters.unsent()) if x.address == email and "reply" in x.data)
    assert (
        referee.signups.by_link(CAMPAIGN, letter.data["reply"].removeprefix("join-"), False, at) is not None
    )


def test_the_game_master_sees_the_line_with_records_and_starts_the_game_from_the_dashboard(
    tmp_path: Path, sqlite_url: str
) -> None:
    site, referee = announced(tmp_path, sqlite_url)
    confirmed(referee, "nina@example.org", "Nina", 30)
    confirmed(referee, "oleg@example.org", "Oleg", 20)
    browser = client(site, referee)
    form = sign_in(browser)

    campaigns = browser.get("/campaigns").text
    assert f'href="/signups/{CAMPAIGN}"' in campaigns
    page = browser.get(f"/signups/{CAMPAIGN}").text
    assert "nina@example.org" in page and "seat 1" in page and "1 sign-up, 0 left before the start" in page
    unticked = browser.post(f"/signups/{CAMPAIGN}/start", data={"csrf": form}, follow_redirects=False)
    assert unticked.status_code == 303 and referee.games()[-1].id != CAMPAIGN

    started = browser.post(
        f"/signups/{CAMPAIGN}/start", data={"csrf": form, "confirm": "yes"}, follow_redirects=False
    )

    assert started.headers["location"] == f"/games/{CAMPAIGN}"
    assert [seat.name for seat in referee.seats(CAMPAIGN)] == ["Nina", "Oleg"]
    (step,) = [a for a in referee.audit.actions(CAMPAIGN) if a.action == "signup_start"]
    assert (step.channel, step.actor, step.ok) == ("web", GM, True)


def test_another_game_master_and_a_visitor_are_refused_the_line(tmp_path: Path, sqlite_url: str) -> None:
    site, referee = announced(tmp_path, sqlite_url)
    visitor = client(site, referee)
    assert visitor.get(f"/signups/{CAMPAIGN}").status_code == 401
    rival = client(site, referee)
    form = sign_in(rival, OTHER_GM)
    assert rival.get(f"/signups/{CAMPAIGN}").status_code == 404
    assert rival.post(f"/signups/{CAMPAIGN}/cancel", data={"csrf": form, "confirm": "yes"}).status_code == 404
    assert referee.signups.campaign(CAMPAIGN).state == "signup"
    admin = client(site, referee)
    sign_in(admin, ADMIN)
    assert admin.get(f"/signups/{CAMPAIGN}").status_code == 200


def test_the_public_form_asks_the_address_and_counts_nothing_before_it_answers(
    tmp_path: Path, sqlite_url: str
) -> None:
    site, referee = announced(tmp_path, sqlite_url)
    browser = client(site, referee)
    form = token(browser.get(f"/signup/{CAMPAIGN}").text)

    answer = browser.post(
        f"/signup/{CAMPAIGN}",
        data={"csrf": form, "name": "Nina", "email": "nina@example.org", "language": "ru"},
    )

    assert answer.status_code == 200 and "A mail is on its way" in answer.text
    assert [(i["state"], i["language"]) for i in referee.signups.line(CAMPAIGN)] == [("pending", "ru")]
    (letter,) = [x for x in referee.letters.unsent() if x.address == "nina@example.org"]
    assert letter.template == "signup_ask" and letter.data["language"] == "ru"
    taken = browser.post(f"/signup/{CAMPAIGN}", data={"csrf": form, "name": "nina", "email": "x@example.org"})
    assert taken.status_code == 400 and "Someone has signed up under this name" in taken.text
    assert browser.get("/signup/no-such-campaign").status_code == 404
