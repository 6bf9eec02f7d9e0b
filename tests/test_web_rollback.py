"""Rolling back the last resolution and resolving it again (the game-master's ROLLBACK): the log keeps
both, the snapshot is the log folded without the withdrawn span, nobody sees a withdrawn event or
report again (TS-3), the players who got the report are told, and every rollback is audited with its
door — the command line, the web page."""

from __future__ import annotations

import re
from datetime import datetime, timedelta
from pathlib import Path

import pytest
from cli_helpers import Referee as Command
from web_helpers import GAME, GM, T0, client, sign_in, web_site

from referee.app import COMMAND_LINE, Actor, Referee, RefereeError
from referee.render import Renderer
from referee.store.clocks import as_utc

pytestmark = pytest.mark.sqlite_only
"""On SQLite alone but where marked (``both_engines``): the store's own tests hold PostgreSQL."""

WEB = Actor("web", GM)


def at(seconds: int) -> datetime:
    return T0 + timedelta(seconds=seconds)


@pytest.fixture
def site(tmp_path: Path, database_url: str):  # type: ignore[no-untyped-def]
    return web_site(tmp_path, database_url)


def play_an_hour(referee: Referee) -> None:
    """The arrival evening resolved, orders and talk for day 1, hour 1, then that hour resolved, and
    talk after its report (in hour 2)."""
    referee.resolve(GAME, at(60))
    referee.submit(GAME, "Boris", "MOVE Kitchen", at(61), "test")
    referee.submit(GAME, "Vera", "SAY the soup is cold", at(62), "test")
    referee.resolve(GAME, at(70))  # the game-master resolves day 1, hour 1 early
    referee.submit(GAME, "Anna", "SAY did anyone see Boris leave?", at(71), "test")


def dumped(referee: Referee) -> dict[str, object]:
    loaded = referee.load(GAME)
    return loaded.rules.dump(loaded.state)  # type: ignore[no-any-return]


@pytest.mark.both_engines
def test_rolling_back_reopens_the_phase_and_resolving_again_gives_a_valid_game(site) -> None:  # type: ignore[no-untyped-def]
    _, referee = site
    referee.resolve(GAME, at(60))
    referee.submit(GAME, "Boris", "MOVE Kitchen", at(61), "test")
    before = dumped(referee)
    resolved = referee.resolve(GAME, at(70))
    referee.submit(GAME, "Anna", "SAY did anyone see Boris leave?", at(71), "test")
    logged = len(referee.events(GAME))

    done = referee.desk.rollback(GAME, at(75), COMMAND_LINE)

    assert (done.phase, done.first_seq, done.last_seq) == ("d1h1", logged - len(resolved.events), logged)
    assert referee.load(GAME).row.phase == "d1h1" and dumped(referee) == before
    assert referee.replay(GAME) == referee.load(GAME).state
    assert referee.resolution_count(GAME, "d1h1") == 0
    again = referee.resolve(GAME, at(80))
    assert again.phase == "d1h1" and referee.load(GAME).row.phase == "d1h2"
    assert referee.resolution_count(GAME, "d1h1") == 1
    assert referee.replay(GAME) == referee.load(GAME).state
    assert len(referee.events(GAME)) == logged + len(again.events)  # the log keeps both
    view = referee.views.player(GAME, "Boris")
    assert view["location"] == "Kitchen"  # the orders in force before the report still counted
    referee.resolve(GAME, at(90))
    assert referee.replay(GAME) == referee.load(GAME).state


def test_a_second_rollback_of_the_same_resolution_is_refused_and_audited(site) -> None:  # type: ignore[no-untyped-def]
    _, referee = site
    with pytest.raises(RefereeError, match=r"nothing .* has been resolved yet"):
        referee.desk.rollback(GAME, at(1), COMMAND_LINE)
    play_an_hour(referee)
    referee.desk.rollback(GAME, at(75), COMMAND_LINE)

    with pytest.raises(RefereeError, match="rolled back already"):
        referee.desk.rollback(GAME, at(76), COMMAND_LINE)

    log = [(a.channel, a.action, a.ok) for a in referee.actions(GAME)]
    assert log[1:] == [("cli", "rollback", False), ("cli", "rollback", True), ("cli", "rollback", False)]
    assert "d1h1 is open again; 3 players were told" in referee.actions(GAME)[2].result
    assert referee.load(GAME).row.phase == "d1h1"
    referee.resolve(GAME, at(80))
    referee.desk.rollback(GAME, at(85), COMMAND_LINE)  # the new last resolution may be rolled back in turn
    assert referee.load(GAME).row.phase == "d1h1" and referee.replay(GAME) == referee.load(GAME).state


def test_ts_3_nobody_sees_a_withdrawn_event_or_report_again(site) -> None:  # type: ignore[no-untyped-def]
    _, referee = site
    play_an_hour(referee)
    heard = [e for e in referee.seen_by(GAME, "Vera") if e.kind == "message_posted"]
    assert any("Boris leave" in str(e.data) for e in heard)

    referee.desk.rollback(GAME, at(75), COMMAND_LINE)

    for name in ("Anna", "Boris", "Vera"):
        assert not any("Boris leave" in str(e.data) for e in referee.seen_by(GAME, name))
        assert "Boris leave" not in str(referee.views.player(GAME, name))
        assert "the soup is cold" in str(referee.views.player(GAME, name)["messages"])  # before: kept
    reports = [n for n in referee.notices(GAME) if n.template == "report" and n.phase == "d1h1"]
    assert reports and all(n.withdrawn_at is not None for n in reports)
    withdrawn = {(n.id, n.recipient, n.template) for n in referee.notices(GAME) if n.withdrawn_at}
    assert {("Vera", "report"), ("Vera", "talk")} <= {(name, kind) for _, name, kind in withdrawn}
    waiting = referee.letters.unsent()
    assert not {n for n, _, _ in withdrawn} & {letter.id for letter in waiting}  # never sent now
    assert ("Vera", "withdrawn") in [(letter.recipient, letter.template) for letter in waiting]
    assert "Boris leave" not in str(referee.forum.page(_player(referee, "Vera"), GAME, "Vera"))


def _player(referee: Referee, name: str):  # type: ignore[no-untyped-def]
    from referee.app.links import Player

    return Player(GAME, name, referee.seat(GAME, name).email)


def test_the_players_who_got_the_report_are_told_in_their_language(site) -> None:  # type: ignore[no-untyped-def]
    root, referee = site
    referee.resolve(GAME, at(60))
    referee.resolve(GAME, at(65))  # day 1, hour 1, resolved early: its deadline is still ahead

    done = referee.desk.rollback(GAME, at(70), COMMAND_LINE)

    notices = [n for n in referee.notices(GAME) if n.template == "withdrawn"]
    assert sorted(n.recipient for n in notices) == ["Anna", "Boris", "Vera"] == sorted(done.told)
    clock = referee.calendar.clock(GAME)
    assert clock is not None and clock.due_at is not None and done.due_at == as_utc(clock.due_at) > at(70)
    renderer = Renderer(root.config().templates)
    data = {**notices[0].data, "game_id": GAME, "referee_address": "referee@example.org", "start": ""}
    english = renderer.render("en", "withdrawn.txt.j2", kind="ten-sailors", **data)
    russian = renderer.render("ru", "withdrawn.txt.j2", kind="ten-sailors", **data)
    assert "the referee has withdrawn the report of day 1, hour 1" in english
    assert "It will be resolved again at 20:01 on Tuesday 1 December (Moscow time)." in english
    assert "судья отозвал сводку за день 1, час 1" in russian
    assert "Этап разрешится заново в 20:01 во вторник, 1 декабря (МСК)." in russian
    for text in (english, russian):
        assert "d1h1" not in text and "TS-" not in text
    subject = renderer.render("ru", "subject.txt.j2", kind="", template="withdrawn", **data)
    assert subject.strip() == "Сводка отозвана"


def test_a_paused_game_stays_paused_after_a_rollback(site) -> None:  # type: ignore[no-untyped-def]
    _, referee = site
    play_an_hour(referee)
    referee.desk.pause(GAME, at(72), COMMAND_LINE)

    done = referee.desk.rollback(GAME, at(75), COMMAND_LINE)

    clock = referee.calendar.clock(GAME)
    assert done.paused and clock is not None and clock.paused_at is not None and clock.due_at is None
    assert clock.phase == "d1h1"
    assert all(n.data["paused"] for n in referee.notices(GAME) if n.template == "withdrawn")
    referee.desk.resume(GAME, at(100), COMMAND_LINE)
    clock = referee.calendar.clock(GAME)
    assert clock is not None and clock.due_at is not None and clock.phase == "d1h1"


def test_a_finished_games_last_resolution_can_be_rolled_back(site) -> None:  # type: ignore[no-untyped-def]
    _, referee = site
    moment = 60
    while not referee.load(GAME).row.finished:
        referee.resolve(GAME, at(moment))
        moment += 60
    last = referee.load(GAME).row.phase

    done = referee.desk.rollback(GAME, at(moment), COMMAND_LINE)

    loaded = referee.load(GAME)
    assert not loaded.row.finished and loaded.row.phase == done.phase != last
    assert referee.replay(GAME) == loaded.state
    referee.resolve(GAME, at(moment + 1))
    assert referee.load(GAME).row.finished and referee.replay(GAME) == referee.load(GAME).state


def test_rollback_from_the_web_page_needs_the_confirm_box_and_is_audited_as_web(site) -> None:  # type: ignore[no-untyped-def]
    root, referee = site
    play_an_hour(referee)
    browser = client(root, referee, at(75))
    form = sign_in(browser)
    assert "/games/castle/rollback" in browser.get(f"/games/{GAME}").text

    browser.post(f"/games/{GAME}/rollback", data={"csrf": form})
    assert referee.load(GAME).row.phase == "d1h2"
    answer = browser.post(f"/games/{GAME}/rollback", data={"csrf": form, "confirm": "yes"})

    assert answer.status_code == 200
    assert "day 1, hour 1 (10:00–12:30) is open again; 3 players were told" in answer.text
    assert referee.load(GAME).row.phase == "d1h1"
    rolled = referee.actions(GAME)[-1]
    assert (rolled.channel, rolled.actor, rolled.action, rolled.ok) == ("web", GM, "rollback", True)
    page = browser.get(f"/games/{GAME}").text
    assert "rolled back" in page and "<del>" in page
    again = browser.post(f"/games/{GAME}/rollback", data={"csrf": form, "confirm": "yes"})
    assert "rolled back already" in again.text
    assert (referee.actions(GAME)[-1].channel, referee.actions(GAME)[-1].ok) == ("web", False)


def test_referee_rollback_on_the_command_line_is_audited_as_cli(site) -> None:  # type: ignore[no-untyped-def]
    root, referee = site
    play_an_hour(referee)

    printed = Command(root.root)("rollback", GAME).stdout

    assert "day 1, hour 1 (10:00–12:30) is open again; 3 players were told" in printed
    assert (referee.actions(GAME)[-1].channel, referee.actions(GAME)[-1].action) == ("cli", "rollback")
    refused = Command(root.root)("rollback", GAME, ok=False)
    assert "rolled back already" in refused.stderr


def test_ts_3_see_as_at_a_past_phase_is_the_players_view_folded_up_to_it(site) -> None:  # type: ignore[no-untyped-def]
    root, referee = site
    play_an_hour(referee)
    browser = client(root, referee, at(75))
    sign_in(browser)

    def where(page: str) -> str:
        found = re.search(r"<dt>Where</dt><dd>(.*?)</dd>", page)
        assert found is not None
        return found.group(1)

    then = browser.get(f"/games/{GAME}/see/Boris?at=0")
    now = browser.get(f"/games/{GAME}/see/Boris")

    assert then.status_code == 200 and "As Boris saw the game after" in then.text
    assert (where(then.text), where(now.text)) == ("Hall", "Kitchen")
    upto = max(e.seq for e in referee.events(GAME) if e.phase == "d0n")  # the arrival evening's last
    assert referee.views.player(GAME, "Vera", upto=upto)["messages"] == []
    assert "the soup is cold" in browser.get(f"/games/{GAME}/see/Vera?at=1").text
    assert "the soup is cold" not in browser.get(f"/games/{GAME}/see/Vera?at=0").text
    assert browser.get(f"/games/{GAME}/see/Boris?at=7").status_code == 404
    referee.desk.rollback(GAME, at(76), COMMAND_LINE)
    assert browser.get(f"/games/{GAME}/see/Boris?at=1").status_code == 404  # withdrawn: no step
