"""A player's own time zone (TIMEZONE / ЧАСОВОЙ ПОЯС): read as players write it, kept as an event only the
chooser sees and in the character's state, and every deadline that player is told — in an answer, a
report and a reminder — given in the game's zone and in theirs (TS-4 and TS-5 on the timetable; the
order is a whole line, like the talk-delivery order of the TS-23 ruling)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from ts_helpers import Game

from referee.app import Referee, open_referee
from referee.app.gamefile import read_game_file
from referee.config import PROJECT_ROOT
from referee.core.moments import zone_named
from referee.core.zones import read_zone, reader_text, zone_name, zone_of
from referee.games.ten_sailors import RULES, snapshot
from referee.games.ten_sailors.parse import Order, Unreadable, parse_text
from referee.games.ten_sailors.state import Segment
from referee.render import SHARED_NOTICES, Renderer, deadline_text, templates_dir

KIND = "ten-sailors"
START = datetime(2026, 12, 1, 17, 0, tzinfo=UTC)  # 20:00 in Moscow: the arrival evening begins
NAMES = ["Anna", "Vera", "Carl"]


@pytest.fixture(scope="module")
def renderer() -> Renderer:
    return Renderer(templates_dir())


# --- reading the order --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("line", "zone"),
    [
        ("TIMEZONE Europe/Berlin", "Europe/Berlin"),
        ("timezone europe/berlin", "Europe/Berlin"),
        ("TIME ZONE: America/New_York", "America/New_York"),
        ("TZ UTC+3", "UTC+3"),
        ("tz GMT-5", "UTC-5"),
        ("TIMEZONE UTC", "UTC"),
        ("TIMEZONE +05:30", "UTC+5:30"),
        ("My time zone is New York.", "America/New_York"),
        ("TIMEZONE Moscow", "Europe/Moscow"),
        ("TIMEZONE Kyiv", "Europe/Kyiv"),
        ("TIMEZONE Kiev", "Europe/Kyiv"),
        ("TIMEZONE London", "Europe/London"),
        ("TIMEZONE CET", "CET"),
        ("TIMEZONE EET", "EET"),
        ("TIMEZONE Tbilisi", "Asia/Tbilisi"),
        ("TIMEZONE Almaty", "Asia/Almaty"),
        ("TIMEZONE Buenos Aires", "America/Buenos_Aires"),
        ("DAY 2 HOUR 1: TIMEZONE Berlin", "Europe/Berlin"),
        ("TIMEZONE OFF", ""),
        ("ЧАСОВОЙ ПОЯС Europe/Berlin", "Europe/Berlin"),
        ("Часовой пояс: МСК", "Europe/Moscow"),
        ("часовой пояс — Москва", "Europe/Moscow"),
        ("ПОЯС по Москве", "Europe/Moscow"),
        ("Мой часовой пояс — по московскому времени", "Europe/Moscow"),
        ("пояс Киев", "Europe/Kyiv"),
        ("пояс Минск", "Europe/Minsk"),
        ("ЧАСОВОЙ ПОЯС Екатеринбург", "Asia/Yekaterinburg"),
        ("часовой пояс Новосибирск", "Asia/Novosibirsk"),
        ("часовой пояс Владивосток!", "Asia/Vladivostok"),
        ("часовой пояс в Берлине", "Europe/Berlin"),
        ("ЧАСОВОЙ ПОЯС МСК+2", "UTC+5"),
        ("ЧАСОВОЙ ПОЯС мск-1", "UTC+2"),
        ("ПОЯС ИГРЫ", ""),
        ("часовой пояс выкл", ""),
    ],
)
def test_the_time_zone_order_is_read_as_players_write_it(line: str, zone: str) -> None:
    assert parse_text(line, NAMES, Segment(1, 1)) == [Order(line, "zone", {"zone": zone})]


@pytest.mark.parametrize(
    ("line", "written"),
    [
        ("TIMEZONE Narnia", "Narnia"),
        ("TIMEZONE", ""),
        ("TZ UTC+25", "UTC+25"),
        ("часовой пояс Нарния", "Нарния"),
        ("Пояс красивый", "красивый"),
    ],
)
def test_a_zone_the_referee_does_not_know_is_refused_with_examples(
    line: str, written: str, renderer: Renderer
) -> None:
    verdicts = Game(NAMES, hands={}, host=None).submit("Anna", line)
    assert [(v.accepted, v.reason, v.params) for v in verdicts] == [
        (False, "unknown_zone", {"zone": written})
    ]
    for language, examples in (("en", "TIMEZONE Europe/Berlin"), ("ru", "ЧАСОВОЙ ПОЯС Москва")):
        template = renderer.environment_for(KIND).get_template(f"{language}/{KIND}/_reasons.txt.j2")
        reason = template.module.reason("unknown_zone", {"zone": written})  # type: ignore[attr-defined]
        assert examples in reason and "UTC+3" in reason
        assert written in reason if written else ("name your" in reason or "назовите" in reason)


def test_a_line_of_talk_about_a_belt_is_talk_not_a_zone_ts_23() -> None:
    (item,) = parse_text("Пояс у него кожаный, с пряжкой", NAMES, Segment(1, 1))
    assert isinstance(item, Unreadable) and not item.is_order


@pytest.mark.parametrize(
    ("text", "key"),
    [
        ("Москве", "Europe/Moscow"),
        ("в Екатеринбурге", "Asia/Yekaterinburg"),
        ("asia/tokyo", "Asia/Tokyo"),
        ("UTC-03:30", "UTC-3:30"),
        ("GMT", "UTC"),
        ("EST", "America/New_York"),
        ("Atlantis", None),
        ("UTC+3:75", None),
    ],
)
def test_core_reads_zone_names_offsets_and_russian_cases(text: str, key: str | None) -> None:
    assert read_zone(text) == key


def test_a_fixed_offset_is_a_zone_of_its_own_and_named_by_it() -> None:
    moment = datetime(2026, 12, 1, 9, 30, tzinfo=UTC)
    assert moment.astimezone(zone_of("UTC+5:30")).strftime("%H:%M") == "15:00"
    assert zone_name("UTC-5", "ru") == "UTC−5" and zone_name("Europe/Berlin", "ru") == "Берлин"
    assert zone_name("America/Argentina/Buenos_Aires", "en") == "Buenos Aires"


# --- the event and the state --------------------------------------------------------------------------


def test_the_choice_is_an_event_only_the_chooser_sees_and_is_kept_in_the_state() -> None:
    game = Game(NAMES, hands={}, host=None)
    (verdict,) = game.submit("Anna", "TIMEZONE Berlin")
    assert verdict.accepted and verdict.understood == {"kind": "zone", "zone": "Europe/Berlin", "notes": []}
    (event,) = game.events("zone_chosen")
    assert event.data == {"character": "Anna", "zone": "Europe/Berlin"} and event.audience == ("Anna",)
    assert RULES.reader_zone is not None
    assert RULES.reader_zone(game.state, "Anna") == "Europe/Berlin"
    assert RULES.reader_zone(game.state, "Vera") is None
    assert RULES.reader_zone(game.state, "the game-master") is None
    assert "Anna reads deadlines in Europe/Berlin" in RULES.describe(event)

    restored = snapshot.load(snapshot.dump(game.state))
    assert restored == game.state and restored.character("Anna").zone == "Europe/Berlin"
    game.submit("Anna", "TIMEZONE OFF")
    assert RULES.reader_zone(game.state, "Anna") is None


def test_a_snapshot_from_before_time_zones_still_loads() -> None:
    raw = snapshot.dump(Game(NAMES, hands={}, host=None).state)
    for character in raw["characters"]:
        del character["zone"]
    assert all(c.zone == "" for c in snapshot.load(raw).characters)


# --- deadlines in both zones --------------------------------------------------------------------------


def test_the_deadline_names_both_zones_and_the_day_when_it_differs() -> None:
    moscow = zone_named("Europe/Moscow")
    due = "2026-12-01T09:30:00+00:00"
    context: dict[str, Any] = {
        "deadline_at": due,
        "time_zone": "Europe/Moscow",
        "reader_zone": "Europe/Berlin",
    }
    assert deadline_text(context, "ru") == "12:30 во вторник, 1 декабря (МСК), у вас 10:30 (Берлин)"
    assert (
        deadline_text(context, "en") == "12:30 on Tuesday 1 December (Moscow time) — 10:30 your time (Berlin)"
    )
    late = "2026-11-30T22:00:00+00:00"  # 01:00 on Tuesday in Moscow, still Monday in New York
    assert (
        reader_text(late, moscow, "America/New_York", "en")
        == "17:00 on Monday 30 November your time (New York)"
    )
    assert (
        reader_text(late, moscow, "America/New_York", "ru")
        == "у вас 17:00 в понедельник, 30 ноября (Нью-Йорк)"
    )
    assert reader_text(due, moscow, "Europe/Minsk", "ru") == ""  # the same clock: said once
    assert (
        deadline_text({**context, "reader_zone": "Europe/Minsk"}, "ru") == "12:30 во вторник, 1 декабря (МСК)"
    )


def _referee(tmp_path: Path, language: str, names: tuple[str, ...]) -> Referee:
    referee = open_referee(f"sqlite:///{tmp_path / 'referee.db'}", PROJECT_ROOT / "schedules")
    players = "".join(
        f'\n[[players]]\nname = "{name}"\nemail = "p{number}@example.org"\n'
        for number, name in enumerate(names)
    )
    path = tmp_path / "game.toml"
    path.write_text(
        f'[game]\nkind = "ten-sailors"\nid = "castle"\nschedule = "ten-sailors-daily"\nseed = 3\n'
        f'language = "{language}"\nstart = 2026-12-01T20:00:00\n{players}',
        encoding="utf-8",
    )
    read_game_file(path, PROJECT_ROOT / "schedules").create(referee, START)
    return referee


def _texts(referee: Referee, renderer: Renderer, language: str, reader: str) -> dict[str, str]:
    """The last text of each template ``reader`` was sent, rendered as the mail door renders it."""
    texts: dict[str, str] = {}
    for row in referee.notices("castle"):
        if row.recipient == reader:
            kind = "" if row.template in SHARED_NOTICES else KIND
            context = {"game_id": "castle", "referee_address": "referee@example.org", "start": "", **row.data}
            texts[row.template] = renderer.render(language, f"{row.template}.txt.j2", kind=kind, **context)
    return texts


@pytest.mark.parametrize(
    ("language", "names", "order", "confirmed", "answer_deadline", "deadline", "other"),
    [
        (
            "ru",
            ("Анна", "Вера", "Никита"),
            "ЧАСОВОЙ ПОЯС Берлин",
            "ПРИНЯТО: все сроки будут приходить и по вашему времени (Берлин), рядом со временем игры.",
            "до 10:00 в среду, 2 декабря (МСК), у вас 08:00 (Берлин).",
            "до 12:30 в среду, 2 декабря (МСК), у вас 10:30 (Берлин)",
            "до 12:30 в среду, 2 декабря (МСК).",
        ),
        (
            "en",
            ("Anna", "Vera", "Nick"),
            "TIMEZONE Europe/Berlin",
            "OK: every deadline you are told will come in your own time too (Berlin), beside the game's.",
            "until 10:00 on Wednesday 2 December (Moscow time) — 08:00 your time (Berlin).",
            "until 12:30 on Wednesday 2 December (Moscow time) — 10:30 your time (Berlin)",
            "until 12:30 on Wednesday 2 December (Moscow time).",
        ),
    ],
)
def test_answer_report_and_reminder_give_the_deadline_in_both_zones(
    tmp_path: Path,
    renderer: Renderer,
    language: str,
    names: tuple[str, ...],
    order: str,
    confirmed: str,
    answer_deadline: str,
    deadline: str,
    other: str,
) -> None:
    referee = _referee(tmp_path, language, names)
    chooser, neighbour = names[0], names[1]
    answer = referee.submit("castle", chooser, order, START + timedelta(hours=1), "mail").answer
    assert answer["reader_zone"] == "Europe/Berlin"
    text = renderer.render(language, "answer.txt.j2", kind=KIND, **answer)
    assert confirmed in text and answer_deadline in text

    referee.resolve("castle", datetime(2026, 12, 2, 7, 0, tzinfo=UTC))  # 10:00 in Moscow, 08:00 in Berlin
    referee.calendar.remind(datetime(2026, 12, 2, 8, 50, tzinfo=UTC))  # more than an hour before 12:30
    mine, theirs = (
        _texts(referee, renderer, language, chooser),
        _texts(referee, renderer, language, neighbour),
    )
    for template in ("report", "reminder"):
        assert deadline in mine[template], (template, mine[template])
        assert other in theirs[template], (template, theirs[template])
        assert "Berlin" not in theirs[template] and "Берлин" not in theirs[template]
