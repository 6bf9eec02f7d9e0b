"""The game-master's timeline reads a day at a time: each phase under one label of its own (a Ten
Sailors night and the rest of it after its traps are told apart), the phases paged by the calendar day
they were resolved on in the game's time zone, and every time in the game's zone with a place beside
it for the viewer's own (TS-5: the game's calendar)."""

from __future__ import annotations

import re
from datetime import datetime, timedelta
from html import unescape
from pathlib import Path

import pytest
from web_helpers import GAME, T0, client, sign_in, web_site

from referee.app import Referee


@pytest.fixture
def site(tmp_path: Path, sqlite_url: str):  # type: ignore[no-untyped-def]
    return web_site(tmp_path, sqlite_url)


def _resolve_until(referee: Referee, phase: str, start: datetime) -> datetime:
    """Resolves phase after phase a minute apart from ``start`` until ``phase`` is open; the moment after."""
    moment = start
    while referee.load(GAME).row.phase != phase:
        referee.resolve(GAME, moment)
        moment += timedelta(minutes=1)
    return moment


def _steps(page: str) -> list[str]:
    nav = re.search(r'<nav class="steps".*?</nav>', page, re.S)
    assert nav is not None
    return [unescape(x) for x in re.findall(r'<a href="\?day=\d+&amp;at=\d+"[^>]*>([^<]+)</a>', nav.group(0))]


def test_ts5_each_phase_has_one_label_and_the_timeline_is_paged_by_day(site) -> None:  # type: ignore[no-untyped-def]
    web, referee = site
    first = _resolve_until(referee, "d1h4", T0)
    later = _resolve_until(referee, "d2h2", T0 + timedelta(days=1))
    browser = client(web, referee, later)
    sign_in(browser)
    zone = referee.dashboard._zone(referee.load(GAME).row)

    newest = browser.get(f"/games/{GAME}").text
    oldest = browser.get(f"/games/{GAME}?day=0").text

    days = sorted({(T0 + timedelta(minutes=1)).astimezone(zone).date(), (later).astimezone(zone).date()})
    assert len(days) == 2 and first < T0 + timedelta(days=1)
    for page, day in ((oldest, days[0]), (newest, days[1])):
        assert page.count(f">{day.strftime('%d.%m')}</a>") == 2  # above the steps and the timeline
    old_steps, new_steps = _steps(oldest), _steps(newest)
    assert old_steps[0] == "the arrival evening" and "night 1, after the traps" not in old_steps
    assert "night 1 (20:00–10:00)" in new_steps and "night 1, after the traps" in new_steps
    assert len(set(old_steps + new_steps)) == len(old_steps + new_steps) == len(referee.dashboard.phases(
        referee.accounts.check("gm@example.org", "correct horse battery"), GAME))  # fmt: skip
    assert "the arrival evening" not in newest.split('id="timeline-h"')[1]


def test_timeline_times_are_in_the_games_zone_with_the_viewers_beside(site) -> None:  # type: ignore[no-untyped-def]
    web, referee = site
    moment = _resolve_until(referee, "d1h1", T0 + timedelta(minutes=1))
    browser = client(web, referee, moment)
    sign_in(browser)
    page = browser.get(f"/games/{GAME}").text
    zone = referee.dashboard._zone(referee.load(GAME).row)
    here = (T0 + timedelta(minutes=1)).astimezone(zone)
    timeline = page.split('id="timeline-h"')[1]
    shown = f"{here.strftime('%Y-%m-%d %H:%M')} {here.tzname()}</time>"
    assert here.tzname() == "MSK" and shown in timeline and " UTC</time>" not in timeline
    offset = int(here.utcoffset().total_seconds() // 60)  # type: ignore[union-attr]
    assert f'<span class="yours" data-offset="{offset}" hidden>' in timeline


def test_ts5_a_pause_until_a_moment_says_it_in_the_games_zone(site) -> None:  # type: ignore[no-untyped-def]
    web, referee = site
    browser = client(web, referee)
    form = sign_in(browser)
    browser.post(f"/games/{GAME}/pause", data={"csrf": form, "confirm": "yes", "until": "2h"})
    zone = referee.dashboard._zone(referee.load(GAME).row)
    until = (T0 + timedelta(hours=2)).astimezone(zone)
    for path in (f"/games/{GAME}", "/campaigns"):
        page = browser.get(path).text
        assert f"paused until {until.strftime('%Y-%m-%d %H:%M')} MSK" in page, path


def test_ts5_the_timeline_names_no_phase_by_its_key_in_english(site) -> None:  # type: ignore[no-untyped-def]
    """The timeline is words a person reads (issue 36: "opened d1h1"): no event line names a phase by its
    key, in English as in Russian."""
    web, referee = site
    later = _resolve_until(referee, "d1h3", T0)
    referee.submit(GAME, "Anna", "MOVE Kitchen", later, "cli")
    browser = client(web, referee, later)
    sign_in(browser)
    timeline = browser.get(f"/games/{GAME}").text.split('id="timeline-h"')[1].split('id="holders-h"')[0]
    lines = [unescape(re.sub(r"<[^>]+>", "", li)) for li in re.findall(r"<li>(.*?)</li>", timeline, re.S)]
    assert lines, "the timeline shows the events of the day"
    assert not [line for line in lines if re.search(r"\bd\d+[hn]\d*\b", line)], lines
