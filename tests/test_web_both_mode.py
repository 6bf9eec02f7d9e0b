"""Playing "both" on the web and by mail (Ten Sailors, TS-3 and TS-23): the player reads table talk on
their page as it is said, so no talk is mailed to them line by line; their report still comes by mail
as the digest of what they have not read there — the lines said after they last opened their page or
a room thread, none said before. A player who plays by mail is mailed as ever. Real parts throughout:
a SQLite database, the web app under Starlette's test client, the outbox and the mail door's compose."""

from __future__ import annotations

import warnings
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from service_helpers import Site
from web_helpers import BASE, GAME, KEY, T0, forum_site, mailed_links, sign_in_player, token

from referee.app import Referee
from referee.app.letters import Letter
from referee.games.ten_sailors import RULES
from referee.mail.compose import compose
from referee.render import Renderer
from referee.web.site import build

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

HEARD = "What was said where you were"


class Clock:
    """The web app's clock, set by the test."""

    def __init__(self, now: datetime) -> None:
        self.now = now

    def __call__(self) -> datetime:
        return self.now


@pytest.fixture
def site(tmp_path: Path, sqlite_url: str):  # type: ignore[no-untyped-def]
    return forum_site(tmp_path, sqlite_url)


def _signed_in(site: Any, clock: Clock, mode: str) -> TestClient:
    """Anna signed in on the web by a mailed link, playing by ``mode``."""
    web, referee = site
    browser = TestClient(build(web.config(), referee, key=KEY, clock=clock), base_url="http://127.0.0.1:8080")
    browser.post("/play", data={"csrf": token(browser.get("/play").text), "email": "anna@example.org"})
    assert sign_in_player(browser, mailed_links(web, referee, "Anna")[0]) == f"/play/{GAME}/Anna"
    form = token(browser.get(f"/play/{GAME}/Anna").text)
    chosen = browser.post(
        f"/play/{GAME}/Anna/mode", data={"csrf": form, "mode": mode}, follow_redirects=False
    )
    assert chosen.status_code == 303
    return browser


def _say(referee: Referee, name: str, text: str, seconds: int) -> None:
    referee.submit(GAME, name, f"SAY {text}", T0 + timedelta(seconds=seconds), f"mail:{name}{seconds}")


def _mails(site: Any, name: str, template: str) -> list[str]:
    """The text of each mail the mail door writes ``name`` for their unsent letters ``template``."""
    web, referee = site
    config = web.config()
    renderer = Renderer(config.templates)
    texts = []
    for letter in referee.letters.unsent():
        if (letter.game_id, letter.recipient, letter.template) != (GAME, name, template):
            continue
        for outgoing in compose(letter, letter.game, letter.reader, renderer, config.mail):
            if outgoing.recipients == (letter.reader.email,):  # type: ignore[union-attr]
                texts.append(outgoing.message.get_body(("plain",)).get_content())  # type: ignore[union-attr]
    return texts


def _letters(referee: Referee, name: str, template: str) -> list[Letter]:
    return [
        letter
        for letter in referee.letters.unsent()
        if (letter.game_id, letter.recipient, letter.template) == (GAME, name, template)
    ]


def test_ts23_a_both_player_is_mailed_no_talk_line_by_line(site) -> None:  # type: ignore[no-untyped-def]
    _, referee = site
    _signed_in(site, Clock(T0), "both")
    _say(referee, "Vera", "Welcome, everyone", 5)
    _say(referee, "Boris", "who has the rope?", 6)

    talk = _letters(referee, "Anna", "talk")
    assert len(talk) == 2, "the talk is still written for Anna: her page shows it"
    assert all(not letter.mailed for letter in talk)
    assert _mails(site, "Anna", "talk") == []
    assert len(_mails(site, "Boris", "talk")) == 1  # Vera's line, to Boris who plays by mail


def test_both_mode_report_holds_only_talk_not_read_on_web_ts3(site) -> None:  # type: ignore[no-untyped-def]
    _, referee = site
    clock = Clock(T0)
    browser = _signed_in(site, clock, "both")
    _say(referee, "Vera", "the candles are out", 5)
    clock.now = T0 + timedelta(seconds=10)
    assert browser.get(f"/play/{GAME}/Anna").status_code == 200  # Anna reads it on her page
    _say(referee, "Boris", "the study hides a zeppelin", 20)
    referee.resolve(GAME, T0 + timedelta(seconds=60))

    [report] = _mails(site, "Anna", "report")
    assert HEARD in report
    assert "the study hides a zeppelin" in report
    assert "the candles are out" not in report
    [letter] = _letters(referee, "Anna", "report")
    assert [m["text"] for m in letter.data["messages"]] == ["the study hides a zeppelin"]
    stored = next(n for n in referee.notices(GAME) if n.id == letter.id)
    assert len(stored.data["messages"]) == 2, "the notice itself keeps every line: the web page shows them"


def test_ts3_opening_a_room_thread_counts_as_reading_the_talk(site) -> None:  # type: ignore[no-untyped-def]
    _, referee = site
    clock = Clock(T0)
    browser = _signed_in(site, clock, "both")
    _say(referee, "Vera", "the candles are out", 5)
    _say(referee, "Boris", "the study hides a zeppelin", 20)
    clock.now = T0 + timedelta(seconds=30)
    assert browser.get(f"/play/{GAME}/Anna/rooms/Hall").status_code == 200
    _say(referee, "Vera", "who took the rope?", 40)
    referee.resolve(GAME, T0 + timedelta(seconds=60))

    [report] = _mails(site, "Anna", "report")
    assert "candles" not in report and "zeppelin" not in report
    assert report.startswith("Anna, ") and "who took the rope?" in report


def test_ts3_a_page_refused_is_not_read_and_its_talk_stays_in_the_report(site) -> None:  # type: ignore[no-untyped-def]
    _, referee = site
    clock = Clock(T0)
    browser = _signed_in(site, clock, "both")
    _say(referee, "Vera", "the candles are out", 5)
    clock.now = T0 + timedelta(seconds=30)
    assert browser.get(f"/play/{GAME}/Anna/rooms/Study").status_code == 404  # never there
    assert browser.get(f"/play/{GAME}/Boris").status_code == 404  # not hers
    referee.resolve(GAME, T0 + timedelta(seconds=60))

    [report] = _mails(site, "Anna", "report")
    assert HEARD in report and "the candles are out" in report


def test_a_both_player_who_read_everything_gets_a_report_in_russian_saying_nothing_of_talk(
    tmp_path: Path, sqlite_url: str
) -> None:
    web = Site(tmp_path, sqlite_url, extra=f'\n[web]\nbase_url = "{BASE}"\n')
    web.create_game(GAME, T0, options='language = "ru"')
    site = (web, web.store())
    _, referee = site
    clock = Clock(T0)
    browser = _signed_in(site, clock, "both")
    _say(referee, "Vera", "свечи погасли", 5)
    clock.now = T0 + timedelta(seconds=30)
    assert browser.get(f"/play/{GAME}/Anna").status_code == 200
    _say(referee, "Boris", "кто взял верёвку?", 40)
    clock.now = T0 + timedelta(seconds=50)
    assert browser.get(f"/play/{GAME}/Anna").status_code == 200
    referee.resolve(GAME, T0 + timedelta(seconds=60))

    [report] = _mails(site, "Anna", "report")
    assert "свечи" not in report and "верёвку" not in report and "Что говорили при вас" not in report
    assert report.startswith("Anna, закончил") and "\nВы " in report
    assert RULES.for_both_reader is not None
    assert RULES.for_both_reader("report", {"messages": []}, T0) == {
        "messages": [],
        "heard_at_once": False,
        "talk_switched": False,
    }


def test_a_mail_player_still_gets_each_talk_line_and_a_report_as_before(site) -> None:  # type: ignore[no-untyped-def]
    _, referee = site
    clock = Clock(T0)
    browser = _signed_in(site, clock, "mail")
    _say(referee, "Vera", "the candles are out", 5)
    clock.now = T0 + timedelta(seconds=10)
    browser.get(f"/play/{GAME}/Anna")
    _say(referee, "Boris", "the study hides a zeppelin", 20)
    referee.resolve(GAME, T0 + timedelta(seconds=60))

    talk = _mails(site, "Anna", "talk")
    assert len(talk) == 2 and "candles" in talk[0] and "zeppelin" in talk[1]
    [report] = _mails(site, "Anna", "report")
    assert HEARD not in report, "the lines came by mail as they were said: the report does not repeat them"
    [letter] = _letters(referee, "Anna", "report")
    stored = next(n for n in referee.notices(GAME) if n.id == letter.id)
    assert letter.mailed and letter.data == stored.data


def test_a_both_player_who_never_read_the_web_gets_every_line_in_the_report() -> None:
    report = {"messages": [{"text": "a", "received_at": T0.isoformat()}], "heard_at_once": True}
    assert RULES.for_both_reader is not None
    mailed = RULES.for_both_reader("report", report, None)
    assert (
        mailed is not None and mailed["messages"] == report["messages"] and mailed["heard_at_once"] is False
    )


def test_ts23_the_morning_mail_of_a_both_player_holds_only_the_nights_talk_not_read_on_the_web() -> None:
    night = [
        {"from": "Vera", "text": "read already", "received_at": (T0 + timedelta(minutes=1)).isoformat()},
        {"from": "Boris", "text": "said since", "received_at": (T0 + timedelta(minutes=9)).isoformat()},
    ]
    hook = RULES.for_both_reader
    assert hook is not None
    morning = hook("morning", {"messages": night, "deaths": []}, T0 + timedelta(minutes=5))
    assert morning is not None and [m["text"] for m in morning["messages"]] == ["said since"]
    assert hook("welcome", {"character": "Anna"}, T0) == {"character": "Anna"}
    assert hook("talk", {"text": "hi"}, datetime(2020, 1, 1, tzinfo=UTC)) is None


def test_the_choice_both_says_what_it_does_in_english_and_russian(site) -> None:  # type: ignore[no-untyped-def]
    browser = _signed_in(site, Clock(T0), "both")
    page = browser.get(f"/play/{GAME}/Anna").text
    assert "by mail your reports with the talk you have not read here" in page
    assert 'value="both" checked' in page
    form = token(page)
    browser.post("/language", data={"csrf": form, "language": "ru", "next": f"/play/{GAME}/Anna"})
    russian = browser.get(f"/play/{GAME}/Anna").text
    assert "сводки с разговорами, которые вы ещё не прочли здесь" in russian
