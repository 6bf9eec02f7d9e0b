"""Half the mail, nothing lost: whole demo games played by bots by mail, then what each player was
mailed set against what the game's log says they should know.

Ten Sailors (TS-4, TS-21, TS-23): the living read a night's traps in their 10:00 report, one mail,
and nothing at 09:00; every death reaches every player, every trap result its setter, every line of
talk everyone who heard it. Minuit (MM-16): one mail a turn to each player who is not playing it,
the turn's public leads inside it and no mail of their own.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from referee.app import open_referee
from referee.config import load_config
from referee.core.events import EVERYONE
from referee.demo import play
from referee.demo.campaign import mail_per_day
from referee.games.ten_sailors import RULES
from referee.store.models import EventRow, NoticeRow
from tests.ts_helpers import HANDS, HOST, Game, trap_line


def _played(
    folder: Path, game: str, players: int, language: str = "en"
) -> tuple[list[EventRow], list[NoticeRow]]:
    """A demo game of ``game`` played to its end in ``folder``: its event log and every notice it wrote."""
    result = play(folder, game, 7, players, language, lambda _: None)
    store = open_referee(load_config(folder / "referee.toml").database_url, create=False)
    return store.events(result.game_id), store.notices(result.game_id)


def _mailed(notices: list[NoticeRow], seat: str) -> list[dict[str, Any]]:
    return [n.data for n in notices if n.recipient == seat]


def _hears(event: EventRow, seat: str) -> bool:
    return EVERYONE in event.audience or seat in event.audience


@pytest.fixture(scope="module")
def ten_sailors(tmp_path_factory: pytest.TempPathFactory) -> tuple[list[EventRow], list[NoticeRow]]:
    return _played(tmp_path_factory.mktemp("ts") / "demo", "ten-sailors", 6)


def test_ts21_the_living_get_no_mail_at_the_trap_time_and_one_mail_tells_each_night(
    ten_sailors: tuple[list[EventRow], list[NoticeRow]],
) -> None:
    events, notices = ten_sailors
    nights = {e.data["segment"] for e in events if e.kind == "traps_fired"}
    assert nights and any(e.kind == "died" for e in events)  # the bots trap: some nights kill
    for n in notices:
        if n.template == "morning" and not n.data["ended"]:
            assert n.data["alive"] is False, n.recipient  # at 09:00 only the dead are mailed
    for seat in {n.recipient for n in notices}:
        told = Counter(d["segment"] for d in _mailed(notices, seat) if "deaths" in d)
        assert told == dict.fromkeys(nights, 1), seat  # one mail tells each night, never two


def test_ts21_every_death_trap_result_and_line_of_talk_reaches_everyone_who_should_know(
    ten_sailors: tuple[list[EventRow], list[NoticeRow]],
) -> None:
    """What the old per-phase mails told, the new ones tell: each fact of the log visible to a seat
    is in some mail of that seat (deaths to all, a trap result to its setter, talk to its hearers)."""
    events, notices = ten_sailors
    seats = {n.recipient for n in notices}
    checked = 0
    for seat in seats:
        mailed = _mailed(notices, seat)
        deaths = {d["name"] for data in mailed for d in data.get("deaths", [])}
        traps = [t for data in mailed for t in data.get("traps", [])]
        heard = {m["text"] for data in mailed for m in data.get("messages", [])}
        heard |= {data["text"] for data in mailed if "speaker" in data}  # talk mailed as it was said
        for event in events:
            if event.kind == "died":
                assert event.data["name"] in deaths, (seat, event.data)
            elif event.kind == "trap_resolved" and event.data["setter"] == seat:
                assert event.data in traps, (seat, event.data)
            elif event.kind == "message_posted" and _hears(event, seat) and event.data["from"] != seat:
                assert event.data["text"] in heard, (seat, event.data)
            else:
                continue
            checked += 1
    assert checked > 20


def test_ts4_a_player_gets_at_most_five_reports_a_game_day(
    ten_sailors: tuple[list[EventRow], list[NoticeRow]],
) -> None:
    """Without the separate morning mail a living player gets at most one mail a phase besides the
    answers to their own orders and talk relayed as said: four hours and one night a game day."""
    _, notices = ten_sailors
    for seat in {n.recipient for n in notices}:
        by_day = Counter(
            n.phase.split("h")[0].split("n")[0]
            for n in notices
            if n.recipient == seat and n.template in ("report", "morning")
        )
        assert max(by_day.values()) <= 5, (seat, by_day)


def test_mm16_minuit_mails_each_waiting_player_once_a_turn_with_its_public_leads(tmp_path: Path) -> None:
    events, notices = _played(tmp_path / "demo", "minuit", 4)
    assert not [n for n in notices if n.template == "news"]  # no lead mailed alone
    public = [e for e in events if e.kind == "lead_read" and EVERYONE in e.audience]
    assert public
    for lead in public:
        turn = [n for n in notices if n.phase == lead.phase and n.template in ("turn", "hypotheses")]
        readers = {n.recipient for n in turn if lead.data["text"] in [s.get("text") for s in n.data["steps"]]}
        assert set(lead.data["others"]) <= readers, lead.data["label"]
    for phase in {n.phase for n in notices if n.template == "turn"}:
        players = Counter(
            n.recipient
            for n in notices
            if n.phase == phase and n.template not in ("answer", "welcome", "reminder")
        )
        assert set(players.values()) == {1}, phase  # one mail a turn to each player


@pytest.mark.parametrize("language", ["en", "ru"])
def test_the_demo_prints_mail_per_player_and_game_day_in_its_language(tmp_path: Path, language: str) -> None:
    lines: list[str] = []
    result = play(tmp_path / "demo", "museum-suspects", 3, 2, language, lines.append)
    counted = mail_per_day(tmp_path / "demo", result.game_id, language)
    store = open_referee(load_config(tmp_path / "demo" / "referee.toml").database_url, create=False)
    rounds = Counter((n.recipient, n.phase[1]) for n in store.notices(result.game_id))
    assert counted["most"] == str(max(rounds.values()))
    median, most = counted["median"], counted["most"]
    expected = (
        f"mail from the referee per player and game day: median {median}, at most {most}"
        if language == "en"
        else f"писем от судьи игроку за игровой день: медиана {median}, самое большее {most}"
    )
    assert expected in lines
    assert lines[-1].startswith(("see the game: ", "посмотреть партию: "))  # the summary ends the demo


def test_ts23_talk_said_before_the_traps_reaches_the_living_in_their_report_at_ten() -> None:
    """The night's talk said before 09:00 and after it both come in the one mail at 10:00, to those
    who heard it; the victim, mailed at 09:00, reads the talk they heard before dying."""
    game = Game()
    game.advance_to("d1n")
    victim, speaker, listener = HOST, "Anna", "Carl"
    game.order(speaker, "SAY before the traps")
    game.order(speaker, trap_line(victim, HANDS[victim]))
    said, before = game.log[-2:], game.state
    events = game.step()
    at_nine = RULES.notices(before, game.state, events, said)
    assert [n.audience for n in at_nine] == [(victim,)]
    assert "before the traps" in [m["text"] for m in at_nine[0].data["messages"]]
    game.order(listener, "SAY after the traps")
    said, before = game.log[-1:], game.state
    events = game.step()
    at_ten = RULES.notices(before, game.state, events, said)
    (report,) = [n for n in at_ten if n.audience == (listener,)]
    assert [m["text"] for m in report.data["messages"]] == ["before the traps", "after the traps"]
    assert [d["name"] for d in report.data["deaths"]] == [victim]
    (anna,) = [n for n in at_ten if n.audience == (speaker,)]
    assert [t["target"] for t in anna.data["traps"]] == [victim]
    assert victim not in {name for n in at_ten for name in n.audience}
