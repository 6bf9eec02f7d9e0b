"""Live pages pushed, not polled: a real uvicorn on loopback, real streams (Server-Sent Events) read by
httpx, a real database.

A player's stream is told within a second of talk in their room and of nothing said where they are
not (TS-3: the audience of the events decides, as on the page); a game-master's of every change of
their game and of none of another's; a change made by another process (a command) arrives too; an idle
stream carries heartbeats only, and open streams cost the site no more readings; a stream is refused
exactly as its page is, and ends when the seat passes to someone else or the site shuts down. Pages
polled instead answer 304 to their own ETag until something they show changes. The site's own files
carry cache headers. (In a browser: ``test_web_live_browser``.)
"""

from __future__ import annotations

import itertools
import json
import threading
import time
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import httpx
import pytest
from cli_helpers import run_referee
from sqlalchemy import event, insert
from web_helpers import (
    GAME,
    GM,
    OTHER,
    OTHER_GM,
    PASSWORD,
    T0,
    client,
    forum_site,
    mailed_links,
    served,
    sign_in,
    sign_in_player,
    token,
)

from referee.app import Actor, Referee, RefereeError
from referee.store.models import AuditRow, table_of
from referee.web import live

PUSHED_WITHIN = 1.0
"""Seconds a change may take to reach an open stream (the issue's promise)."""

QUIET = 1.5
"""Seconds a stream is watched to see that nothing reaches it (three readings and more)."""


@pytest.fixture
def site(tmp_path: Path, sqlite_url: str) -> Iterator[tuple[Any, Referee]]:
    """The forum's site (Ten Sailors ``castle`` and ``manor``) with game-masters' accounts; Anna and
    Vera are in the Garage, Boris in the Study."""
    site, referee = forum_site(tmp_path, sqlite_url)
    referee.accounts.add("Gail", GM, PASSWORD, T0)
    referee.accounts.add("Rita", OTHER_GM, PASSWORD, T0)
    referee.submit(GAME, "Anna", "MOVE Garage", T0 + timedelta(seconds=1), "mail:a1")
    referee.submit(GAME, "Vera", "MOVE Garage", T0 + timedelta(seconds=2), "mail:v1")
    referee.submit(GAME, "Boris", "MOVE Study", T0 + timedelta(seconds=3), "mail:b1")
    referee.resolve(GAME, T0 + timedelta(seconds=60))
    yield site, referee


class Listener:
    """A page's live stream, read in a thread: every line, with the moment it came."""

    def __init__(self, browser: httpx.Client, path: str, language: str = "") -> None:
        self.lines: list[tuple[float, str]] = []
        self.status = 0
        self.ended = threading.Event()
        self._opened = threading.Event()
        self._thread = threading.Thread(target=self._read, args=(browser, path, language), daemon=True)
        self._thread.start()
        assert self._opened.wait(10), "the stream did not answer"

    def _read(self, browser: httpx.Client, path: str, language: str) -> None:
        try:
            timeout = httpx.Timeout(10, read=120)
            asked = {"path": path, **({"lang": language} if language else {})}
            with browser.stream("GET", "/live", params=asked, timeout=timeout) as answer:
                self.status = answer.status_code
                self._opened.set()
                for line in answer.iter_lines():
                    self.lines.append((time.monotonic(), line))
        except httpx.HTTPError:
            pass
        finally:
            self._opened.set()
            self.ended.set()

    def changed_since(self, moment: float) -> list[dict[str, Any]]:
        """The ``changed`` messages that came after ``moment``, their data read."""
        found, lines = [], list(self.lines)
        for (at, line), (_, following) in itertools.pairwise(lines):
            if at >= moment and line == "event: changed":
                found.append(json.loads(following.removeprefix("data: ")))
        return found

    def wait_changed(self, moment: float, timeout: float) -> float | None:
        """Seconds from ``moment`` to the first ``changed`` after it, None if none came in ``timeout``."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            arrived = [at for at, line in list(self.lines) if at >= moment and line == "event: changed"]
            if arrived:
                return arrived[0] - moment
            time.sleep(0.02)
        return None


def _browser(base: str) -> httpx.Client:
    return httpx.Client(base_url=base, timeout=30)


def _player(base: str, site: Any, referee: Referee, name: str) -> httpx.Client:
    """A browser signed in as ``name`` of the castle by the link mailed on asking for one."""
    browser = _browser(base)
    email = f"{name.lower()}@example.org"
    browser.post("/play", data={"csrf": token(browser.get("/play").text), "email": email})
    links = mailed_links(site, referee, name)
    assert links and sign_in_player(browser, links[-1]) == f"/play/{GAME}/{name}"  # type: ignore[arg-type]
    return browser


def _master(base: str, email: str = GM) -> httpx.Client:
    browser = _browser(base)
    sign_in(browser, email)  # type: ignore[arg-type]
    return browser


def _say(referee: Referee, game: str, name: str, text: str, second: int) -> float:
    """``name`` says ``text`` (as a mail); the moment it was committed."""
    referee.submit(game, name, f"SAY {text}", T0 + timedelta(seconds=second), f"mail:{name}{second}")
    return time.monotonic()


def test_ts3_a_players_stream_is_told_within_a_second_of_talk_in_their_room_and_never_of_another_room(
    site: tuple[Any, Referee],
) -> None:
    """TS-3: talk reaches exactly those present; so does the push that a page changed, and the line
    handed with it (the same line their thread shows), on the player's page and on the room's thread."""
    _, referee = site
    with served(*site) as base:
        browser = _player(base, *site, "Anna")
        anna = Listener(browser, f"/play/{GAME}/Anna")
        thread = Listener(browser, f"/play/{GAME}/Anna/rooms/Garage")
        assert anna.status == 200 and thread.status == 200

        elsewhere = _say(referee, GAME, "Boris", "the study hides a zeppelin", 61)
        assert anna.wait_changed(elsewhere, QUIET) is None
        assert thread.wait_changed(elsewhere, 0.1) is None

        here = _say(referee, GAME, "Vera", "the garage is cold", 62)
        for stream in (anna, thread):
            took = stream.wait_changed(here, 5)
            assert took is not None and took <= PUSHED_WITHIN, took
        for stream in (anna, thread):
            (message,) = stream.changed_since(here)
            assert message["parts"] == []  # the line is handed (its copy mailed to Anna changes no part)
            (line,) = message["said"]
            assert line["place"] == "Garage" and "the garage is cold" in line["html"]
            assert 'class="message"' in line["html"] and "Vera" in line["html"]
        said = "\n".join(line for _, line in anna.lines + thread.lines)
        assert "zeppelin" not in said  # nothing said where Anna is not reaches her streams


def test_ts3_a_line_of_talk_is_handed_to_exactly_the_pages_that_show_it_as_they_show_it(
    site: tuple[Any, Referee],
) -> None:
    """TS-3: the line handed on the streams reaches the pages of those present (the speaker's too) and
    no other — not a player elsewhere, not a game-master's page, which fetches its own — and it is the
    very line the hearer's page shows once fetched, in the page's language."""
    _, referee = site
    with served(*site) as base:
        anna_browser, vera_browser = _player(base, *site, "Anna"), _player(base, *site, "Vera")
        boris_browser = _player(base, *site, "Boris")
        anna = Listener(anna_browser, f"/play/{GAME}/Anna")
        vera = Listener(vera_browser, f"/play/{GAME}/Vera/rooms/Garage")
        boris = Listener(boris_browser, f"/play/{GAME}/Boris")
        gail = Listener(_master(base), f"/games/{GAME}")
        here = _say(referee, GAME, "Vera", "a rope <b>under</b> the car", 62)
        for stream in (anna, vera, gail):
            assert stream.wait_changed(here, 5) is not None
        assert boris.wait_changed(here, QUIET) is None
        assert all("said" not in message for message in gail.changed_since(here))
        (handed,) = anna.changed_since(here)[0]["said"]
        assert vera.changed_since(here)[0]["said"] == [handed]
        assert "&lt;b&gt;under&lt;/b&gt;" in handed["html"]  # escaped as the page escapes it
        shown = anna_browser.get(f"/play/{GAME}/Anna").text
        assert handed["html"] in shown
        assert f'data-place="{handed["place"]}" data-day="{handed["day"]}"' in shown
        russian = Listener(anna_browser, f"/play/{GAME}/Anna", language="ru")
        again = _say(referee, GAME, "Vera", "ещё слово", 63)
        assert russian.wait_changed(again, 5) is not None
        (line,) = russian.changed_since(again)[0]["said"]
        assert "день" in line["html"] and "ещё слово" in line["html"]


def test_a_game_masters_stream_is_told_of_every_change_of_their_game_and_none_of_anothers(
    site: tuple[Any, Referee],
) -> None:
    _, referee = site
    with served(*site) as base:
        gail = Listener(_master(base), f"/games/{GAME}")
        campaigns = Listener(_master(base), "/campaigns")
        assert gail.status == 200 and campaigns.status == 200

        other = _say(referee, OTHER, "Boris", "nobody here", 5)
        assert gail.wait_changed(other, QUIET) is None
        assert campaigns.wait_changed(other, 0.1) is None

        hidden = _say(referee, GAME, "Boris", "the study hides a zeppelin", 61)  # heard by Boris alone
        for stream in (gail, campaigns):
            took = stream.wait_changed(hidden, 5)
            assert took is not None and took <= PUSHED_WITHIN, took
        assert gail.changed_since(hidden)[0] == {"parts": list(live.PARTS["master"])}


def test_a_change_made_by_another_process_reaches_the_open_stream_within_a_second(
    site: tuple[Any, Referee],
) -> None:
    """A command run against the same database (not the web's own process's commit) is found by the
    watcher's next reading."""
    files, _ = site
    with served(*site) as base:
        anna = Listener(_player(base, *site, "Anna"), f"/play/{GAME}/Anna")
        assert anna.wait_changed(time.monotonic(), QUIET) is None  # nothing comes unbidden
        started = time.monotonic()
        result = run_referee(
            ["order", GAME, "Vera", "SAY who has the rope?", "--config", str(files.config_path)], files.root
        )
        done = time.monotonic()
        assert result.returncode == 0, result.stderr + result.stdout
        # The command commits somewhere between its start and its end (a loaded machine may take seconds
        # to close it after): the change must have reached the stream no later than a second after it ended.
        took = anna.wait_changed(started, (done - started) + 5)
        assert took is not None and started + took - done <= PUSHED_WITHIN, (took, done - started)


def test_a_pause_is_told_to_every_players_page_and_a_refused_action_to_none(
    site: tuple[Any, Referee],
) -> None:
    """A pause moves the deadline every player's page shows; an action refused changes nothing."""
    _, referee = site
    gm = Actor("web", GM)
    with served(*site) as base:
        anna = Listener(_player(base, *site, "Anna"), f"/play/{GAME}/Anna")
        refused = time.monotonic()
        with pytest.raises(RefereeError):
            referee.desk.perform(
                "resume", GAME, {}, T0 + timedelta(seconds=70), gm, None, frozenset({"admin"})
            )
        assert anna.wait_changed(refused, QUIET) is None
        paused = time.monotonic()
        referee.desk.perform("pause", GAME, {}, T0 + timedelta(seconds=70), gm, None, frozenset({"admin"}))
        took = anna.wait_changed(paused, 5)
        assert took is not None and took <= PUSHED_WITHIN, took


def test_a_game_masters_page_is_told_when_its_mail_goes_out_and_a_players_is_not(
    site: tuple[Any, Referee],
) -> None:
    """Mail sent changes the outbox the game-master's page counts, not what a player's page shows."""
    files, _ = site
    with served(*site) as base:
        gail = Listener(_master(base), f"/games/{GAME}")
        anna = Listener(_player(base, *site, "Anna"), f"/play/{GAME}/Anna")
        result = run_referee(["deliver", "--config", str(files.config_path)], files.root)
        done = time.monotonic()
        assert result.returncode == 0, result.stderr + result.stdout
        assert gail.wait_changed(done - 0.5, 5) is not None
        assert anna.wait_changed(done - 0.5, QUIET) is None


def _beat_since(stream: Listener, moment: float) -> bool:
    """Whether ``stream`` carried a heartbeat (a comment other than the opening one) after ``moment``."""
    return any(at >= moment and line.startswith(":") and line != ": live" for at, line in list(stream.lines))


def test_an_idle_stream_carries_heartbeats_only_and_open_streams_cost_no_more_readings(
    site: tuple[Any, Referee], monkeypatch: pytest.MonkeyPatch
) -> None:
    _, referee = site
    monkeypatch.setattr(live, "HEARTBEAT", 0.2)
    statements: list[str] = []

    def counted(*args: Any) -> None:
        statements.append(str(args[2]))

    with served(*site) as base:
        anna = Listener(_player(base, *site, "Anna"), f"/play/{GAME}/Anna")
        event.listen(referee.database.engine, "before_cursor_execute", counted)
        try:
            started = time.monotonic()
            time.sleep(QUIET)
            alone = len(statements)
            vera = _player(base, *site, "Vera")
            more = [Listener(vera, f"/play/{GAME}/Vera") for _ in range(4)]
            opened = time.monotonic()
            deadline = opened + 10
            while time.monotonic() < deadline and not all(_beat_since(stream, opened) for stream in more):
                time.sleep(0.05)  # each new stream past its first reading: a heartbeat comes after it
            statements.clear()
            time.sleep(QUIET)
            together = len(statements)
        finally:
            event.remove(referee.database.engine, "before_cursor_execute", counted)
        assert all(stream.status == 200 for stream in more)
        assert anna.changed_since(started) == []
        came = [line for at, line in anna.lines if at >= started and line and not line.startswith("retry:")]
        assert len(came) >= 4 and all(line.startswith(":") for line in came), came  # comments alone
        assert together <= alone + 2, (alone, together)  # one reading a tick, however many pages


def test_a_stream_is_refused_exactly_as_its_page_is(site: tuple[Any, Referee]) -> None:
    with served(*site) as base:
        visitor, anna, gail, rita = (
            _browser(base),
            _player(base, *site, "Anna"),
            _master(base),
            _master(base, OTHER_GM),
        )
        asked = [
            (visitor, f"/play/{GAME}/Anna", 401),
            (visitor, f"/games/{GAME}", 401),
            (visitor, "/campaigns", 401),
            (anna, f"/play/{GAME}/Boris", 404),
            (anna, f"/play/{OTHER}/Anna", 404),
            (anna, f"/play/{GAME}/Anna/rooms/Study", 404),  # a room she was never in
            (anna, f"/games/{GAME}", 401),
            (rita, f"/games/{GAME}", 404),
            (gail, f"/games/{OTHER}", 404),
            (gail, f"/play/{GAME}/Anna", 401),
        ]
        for browser, path, status in asked:
            assert browser.get(path).status_code == status, path
            assert browser.get("/live", params={"path": path}).status_code == status, path
        assert gail.get("/live", params={"path": "/nowhere"}).status_code == 404
        assert anna.get("/live", params={"path": "nothing"}).status_code == 404


def test_a_substituted_players_open_stream_ends_at_the_next_change(site: tuple[Any, Referee]) -> None:
    _, referee = site
    with served(*site) as base:
        anna = Listener(_player(base, *site, "Anna"), f"/play/{GAME}/Anna")
        referee.desk.substitute(GAME, "Anna", "annette@example.org", T0, Actor("test", GM))
        assert anna.ended.wait(5)
        assert anna.changed_since(0) == []


def test_a_session_holds_a_bounded_number_of_streams(
    site: tuple[Any, Referee], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(live, "MOST_PER_SESSION", 2)
    with served(*site) as base:
        anna = _player(base, *site, "Anna")
        kept = [Listener(anna, f"/play/{GAME}/Anna") for _ in range(2)]
        assert [stream.status for stream in kept] == [200, 200]
        assert anna.get("/live", params={"path": f"/play/{GAME}/Anna"}).status_code == 429
        vera = Listener(_player(base, *site, "Vera"), f"/play/{GAME}/Vera")  # another session
        assert vera.status == 200


def test_open_streams_end_when_the_site_shuts_down(site: tuple[Any, Referee]) -> None:
    with served(*site) as base:
        anna = _player(base, *site, "Anna")
        streams = [Listener(anna, f"/play/{GAME}/Anna") for _ in range(3)]
        streams.append(Listener(_master(base), f"/games/{GAME}"))
        stopping = time.monotonic()
    assert time.monotonic() - stopping < 5
    assert all(stream.ended.wait(5) for stream in streams)


def test_a_page_answers_304_to_its_own_etag_until_something_its_viewer_may_see_changes(
    site: tuple[Any, Referee],
) -> None:
    _, referee = site
    with served(*site) as base:
        anna, gail = _player(base, *site, "Anna"), _master(base)
        page = anna.get(f"/play/{GAME}/Anna")
        tag = page.headers["etag"]
        again = anna.get(f"/play/{GAME}/Anna", headers={"If-None-Match": tag})
        assert again.status_code == 304 and again.content == b""
        master_tag = gail.get(f"/games/{GAME}").headers["etag"]
        assert gail.get(f"/games/{GAME}", headers={"If-None-Match": master_tag}).status_code == 304

        _say(referee, GAME, "Boris", "the study hides a zeppelin", 61)
        time.sleep(QUIET)
        assert anna.get(f"/play/{GAME}/Anna", headers={"If-None-Match": tag}).status_code == 304
        assert gail.get(f"/games/{GAME}", headers={"If-None-Match": master_tag}).status_code == 200

        _say(referee, GAME, "Vera", "the garage is cold", 62)
        time.sleep(QUIET)
        fresh = anna.get(f"/play/{GAME}/Anna", headers={"If-None-Match": tag})
        assert fresh.status_code == 200 and "the garage is cold" in fresh.text
        assert fresh.headers["etag"] != tag

        stranger = _browser(base)  # someone else's version is no way in
        assert stranger.get(f"/play/{GAME}/Anna", headers={"If-None-Match": tag}).status_code == 401


def test_the_sites_own_files_carry_cache_headers_and_answer_304_to_their_etag(
    site: tuple[Any, Referee],
) -> None:
    browser = client(*site)
    script = browser.get("/static/web.js")
    assert script.status_code == 200 and "EventSource" in script.text
    assert script.headers["cache-control"] == f"public, max-age={600}"
    again = browser.get("/static/web.js", headers={"If-None-Match": script.headers["etag"]})
    assert again.status_code == 304 and again.headers["cache-control"].startswith("public")
    page = browser.get("/login")
    assert page.headers["cache-control"] == "no-store"  # pages are never kept


def test_a_change_committed_after_a_later_one_is_still_reported(postgres_url: str, tmp_path: Path) -> None:
    """PostgreSQL hands out ids in one order and transactions commit in another: an id skipped by one
    reading is looked at again by the next."""
    _, referee = forum_site(tmp_path, postgres_url)
    audit = table_of(AuditRow)
    row = {"at": datetime.now(UTC), "channel": "test", "actor": "t", "detail": {}, "ok": True, "result": ""}
    reading = referee.changes.start(time.monotonic())
    engine = referee.database.engine
    with engine.connect() as slow:
        slow.begin()
        slow.execute(insert(audit), [{**row, "game_id": OTHER, "action": "slow"}])
        with engine.begin() as quick:
            quick.execute(insert(audit), [{**row, "game_id": GAME, "action": "quick"}])
        assert [c.game_id for c in referee.changes.since(reading, time.monotonic())] == [GAME]
        slow.commit()
    assert [c.game_id for c in referee.changes.since(reading, time.monotonic())] == [OTHER]
    assert referee.changes.since(reading, time.monotonic()) == []
