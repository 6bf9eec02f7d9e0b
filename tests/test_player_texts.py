"""Players' mail read as a player reads it: names declined and verbs agreeing in Russian, rooms with
their own prepositions, the deadline of the open segment with its date, time and zone in every notice,
the host's character named in every welcome letter, and no rule numbers anywhere (TS-1 ruling on the
host, TS-4 and TS-5 on the timetable, TS-16 on the two hours running)."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from referee.app import Referee, open_referee
from referee.app.gamefile import GameFileError, read_game_file
from referee.config import PROJECT_ROOT
from referee.core.moments import moment_text, zone_named
from referee.core.russian import decline, guess_gender
from referee.games.ten_sailors.cards import ROOMS, display
from referee.games.ten_sailors.presentation import place_phrase
from referee.render import LANGUAGES, SHARED_NOTICES, Renderer, templates_dir

KIND = "ten-sailors"
RULE_ID = re.compile(r"\b(?:TS|MS|CE|MM)-\d+")
START = datetime(2026, 12, 1, 17, 0, tzinfo=UTC)  # 20:00 in Moscow: the arrival evening begins

"""Templates whose rule numbers go with the rewrite under way in other branches (remove when merged)."""


@pytest.fixture(scope="module")
def renderer() -> Renderer:
    return Renderer(templates_dir())


# --- names and genders ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "gender", "forms"),
    [
        ("Анна", "f", ("Анны", "Анне", "Анну", "Анной", "Анне")),
        ("Вера", "f", ("Веры", "Вере", "Веру", "Верой", "Вере")),
        ("Ольга", "f", ("Ольги", "Ольге", "Ольгу", "Ольгой", "Ольге")),
        ("Любовь", "f", ("Любови", "Любови", "Любовь", "Любовью", "Любови")),
        ("Мария", "f", ("Марии", "Марии", "Марию", "Марией", "Марии")),
        ("Никита", "m", ("Никиты", "Никите", "Никиту", "Никитой", "Никите")),
        ("Илья", "m", ("Ильи", "Илье", "Илью", "Ильёй", "Илье")),
        ("Лев", "m", ("Льва", "Льву", "Льва", "Львом", "Льве")),
        ("Игорь", "m", ("Игоря", "Игорю", "Игоря", "Игорем", "Игоре")),
        ("Пётр", "m", ("Петра", "Петру", "Петра", "Петром", "Петре")),
        ("Дмитрий", "m", ("Дмитрия", "Дмитрию", "Дмитрия", "Дмитрием", "Дмитрии")),
        ("Саша", "m", ("Саши", "Саше", "Сашу", "Сашей", "Саше")),
        ("Доктор Армстронг", "m", ("Доктора Армстронга", "Доктору Армстронгу", "Доктора Армстронга",
                                   "Доктором Армстронгом", "Докторе Армстронге")),
        ("Вера Клейторн", "f", ("Веры Клейторн", "Вере Клейторн", "Веру Клейторн", "Верой Клейторн",
                                "Вере Клейторн")),
        ("Ирэн", "f", ("Ирэн",) * 5),
        ("Кэт", "f", ("Кэт",) * 5),
        ("Дживс", "m", ("Дживса", "Дживсу", "Дживса", "Дживсом", "Дживсе")),
        ("Anna", "f", ("Anna",) * 5),
    ],
)  # fmt: skip
def test_names_are_declined_in_every_case_by_gender(name: str, gender: str, forms: tuple[str, ...]) -> None:
    cases = ("gent", "datv", "accs", "ablt", "loct")
    assert tuple(decline(name, case, gender) for case in cases) == forms  # type: ignore[arg-type]
    assert decline(name, "nomn", gender) == name  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("name", "gender"),
    [("Анна", "f"), ("Никита", "m"), ("Илья", "m"), ("Любовь", "f"), ("Эмили", "f"), ("Игорь", "m"),
     ("Clara", "f"), ("Boris", "m")],
)  # fmt: skip
def test_a_gender_is_guessed_from_the_name(name: str, gender: str) -> None:
    assert guess_gender(name) == gender


def test_a_verb_agrees_with_the_person_and_the_game_file_settles_a_name(renderer: Renderer) -> None:
    template = renderer.environment_for(KIND).from_string(
        '{{ n | by_gender("погиб", "погибла") }} {{ n | case("accs") }}', globals={"language": "ru"}
    )
    assert template.render(n="Анна") == "погибла Анну"
    assert template.render(n="Никита") == "погиб Никиту"
    assert template.render(n="Саша", genders={"Саша": "f"}) == "погибла Сашу"
    assert template.render(n="Саша", genders={"Саша": "m"}) == "погиб Сашу"


def _game_file(tmp_path: Path, players: str, language: str = "ru", start: str = "") -> Path:
    path = tmp_path / "game.toml"
    timing = f"start = {start}\n" if start else ""
    path.write_text(
        f'[game]\nkind = "ten-sailors"\nid = "castle"\nschedule = "ten-sailors-daily"\nseed = 3\n'
        f'language = "{language}"\n{timing}{players}',
        encoding="utf-8",
    )
    return path


PLAYERS = "".join(
    f'\n[[players]]\nname = "{name}"\nemail = "{mail}@example.org"\n{extra}'
    for name, mail, extra in (
        ("Анна", "anna", ""),
        ("Саша", "sasha", 'gender = "ж"\n'),
        ("Никита", "nikita", ""),
        ("Игорь", "igor", "host = true\n"),
    )
)


def test_the_game_file_keeps_each_players_gender(tmp_path: Path) -> None:
    game = read_game_file(_game_file(tmp_path, PLAYERS), PROJECT_ROOT / "schedules")
    assert game.settings["genders"] == {"Анна": "f", "Саша": "f", "Никита": "m", "Игорь": "m"}
    assert all("gender" not in player for player in game.setup["players"])


def test_a_gender_that_is_neither_is_refused_by_name(tmp_path: Path) -> None:
    players = '\n[[players]]\nname = "Анна"\nemail = "a@example.org"\ngender = "x"\n'
    with pytest.raises(GameFileError, match=r"player 1 \('Анна'\): gender must be \"m\" or \"f\", not 'x'"):
        read_game_file(_game_file(tmp_path, players), PROJECT_ROOT / "schedules")


# --- rooms and moments ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("room", "at", "into"),
    [
        ("Kitchen", "на кухне", "на кухню"),
        ("Dining Room", "в столовой", "в столовую"),
        ("Music Room", "в музыкальной комнате", "в музыкальную комнату"),
        ("Study", "в кабинете", "в кабинет"),
        ("Bathroom", "в ванной", "в ванную"),
        ("Hall", "в холле", "в холл"),
    ],
)
def test_rooms_take_their_own_preposition_in_russian(
    room: str, at: str, into: str, renderer: Renderer
) -> None:
    assert place_phrase(room, "ru") == at and place_phrase(room, "ru", going=True) == into
    template = renderer.environment_for(KIND).from_string("{{ r | at }}/{{ r | into }}")
    assert template.render(r=room, language="ru") == f"{at}/{into}"
    assert template.render(r=room, language="en") == f"in the {room}/to the {room}"


def test_a_moment_reads_with_weekday_date_and_zone() -> None:
    moscow = zone_named("Europe/Moscow")
    assert moment_text("2026-12-01T09:30:00+00:00", moscow, "ru") == "12:30 во вторник, 1 декабря (МСК)"
    assert (
        moment_text("2026-12-01T09:30:00+00:00", moscow, "en") == "12:30 on Tuesday 1 December (Moscow time)"
    )
    berlin = zone_named("Europe/Berlin")
    assert moment_text("2026-12-02T09:30:00+00:00", berlin, "ru") == "10:30 в среду, 2 декабря (UTC+1)"


# --- a real game's mail ------------------------------------------------------------------------------


def _referee(tmp_path: Path, players: str = PLAYERS, language: str = "ru") -> Referee:
    referee = open_referee(f"sqlite:///{tmp_path / 'referee.db'}", PROJECT_ROOT / "schedules")
    path = _game_file(tmp_path, players, language, start="2026-12-01T20:00:00")
    read_game_file(path, PROJECT_ROOT / "schedules").create(referee, START)
    return referee


def _texts(referee: Referee, renderer: Renderer, template: str | None = None) -> list[tuple[str, str, Any]]:
    """(template, text, data) of every notice of the game, rendered as the mail door renders it."""
    result = []
    for row in referee.notices("castle"):
        if template is not None and row.template != template:
            continue
        kind = "" if row.template in SHARED_NOTICES else KIND
        context = {"game_id": "castle", "referee_address": "referee@example.org", "start": "", **row.data}
        text = renderer.render("ru", f"{row.template}.txt.j2", kind=kind, **context)
        result.append((row.template, text, row.data))
    return result


def test_every_welcome_names_the_host_and_gives_the_real_timetable(
    tmp_path: Path, renderer: Renderer
) -> None:
    referee = _referee(tmp_path)
    welcomes = _texts(referee, renderer, "welcome")
    assert len(welcomes) == 4
    for _, text, data in welcomes:
        if data["character"] == "Игорь":
            assert "Вы играете за ведущего" in text
            assert "убившая вас ловушка принесёт не один фраг, а два." in text
        else:
            assert "Персонаж ведущего — Игорь." in text
            assert "ловушка, убившая Игоря, принесёт не один фраг, а два." in text
        assert "Время — МСК." in text
        assert (
            "Вечер прибытия: с 20:00 во вторник, 1 декабря, до 10:00 в среду, 2 декабря, все в холле." in text
        )
        assert "- час 2: 12:30–15:00" in text
        assert "- день 9: с 10:00 в четверг, 10 декабря" in text
        assert "Конец игры — утром в пятницу, 11 декабря, как только сработают последние ловушки." in text
        assert "Конец игры: 10:00" not in text and "в 09:00" not in text  # the end at the last traps
        assert "Приказы на вечер прибытия принимаются до 10:00 в среду, 2 декабря (МСК)." in text
        assert "остаться в живых одному" in text and "больше всех фрагов к утру десятого дня" in text
        assert not RULE_ID.search(text)


def test_every_notice_carries_the_deadline_of_the_open_segment(tmp_path: Path, renderer: Renderer) -> None:
    referee = _referee(tmp_path)
    referee.submit("castle", "Анна", "ИДТИ Кухня", START + timedelta(hours=1), "mail")
    referee.resolve("castle", datetime(2026, 12, 2, 7, 0, tzinfo=UTC))  # 10:00 in Moscow
    asked = datetime(2026, 12, 2, 7, 5, tzinfo=UTC)
    answer = referee.submit("castle", "Никита", "СТАТУС", asked, "mail").answer
    assert answer["deadline_at"] == "2026-12-02T09:30:00+00:00" and answer["time_zone"] == "Europe/Moscow"
    status = renderer.render("ru", "status.txt.j2", kind=KIND, **answer)
    assert "Приказы на это время принимаются до 12:30 в среду, 2 декабря (МСК)." in status
    referee.calendar.remind(datetime(2026, 12, 2, 8, 50, tzinfo=UTC))  # 11:50: an hour and more before 12:30
    texts = _texts(referee, renderer)
    assert {template for template, _, _ in texts} >= {"welcome", "report", "reminder"}
    for template, text, data in texts:
        if template == "welcome":
            assert data["deadline_at"] == "2026-12-02T07:00:00+00:00"
            continue
        assert data["deadline_at"] == "2026-12-02T09:30:00+00:00" and data["time_zone"] == "Europe/Moscow"
        if template != "answer":  # the answer's own template is rewritten with the order parser
            assert "до 12:30 в среду, 2 декабря (МСК)" in text, (template, text)
    reports = [text for template, text, _ in texts if template == "report"]
    assert any("Вы на кухне" in text for text in reports)
    subjects = [
        renderer.render("ru", "subject.txt.j2", kind=KIND, template=template, **data)
        for template, _, data in texts
        if template == "report"
    ]
    assert any(subject.startswith("Сводка для Анны: вечер прибытия") for subject in subjects), subjects


def test_after_the_night_the_two_hours_running_name_the_room_ts_16(
    tmp_path: Path, renderer: Renderer
) -> None:
    """Hours 3 and 4 in one room, the night in the Hall, then back to that room: the report names the room
    (the night does not break the count), never the Hall."""
    referee = _referee(tmp_path)
    hand = referee.load("castle").state.character("Никита").hand
    room = next(r for r in ROOMS if r != hand.room)
    ends = [
        START + timedelta(hours=h) for h in (17, 19.5, 22, 24 + 50 / 60, 27, 41)
    ]  # 10:00 … 10:00 next day
    referee.resolve("castle", ends[0])
    referee.resolve("castle", ends[1])
    referee.submit("castle", "Никита", f"ИДТИ {display(room, 'ru')}", ends[1] + timedelta(minutes=5), "mail")
    for end in ends[2:5]:  # into the room for hour 3, staying for hour 4, to the Hall for the night
        referee.resolve("castle", end)
    referee.submit("castle", "Никита", f"ИДТИ {display(room, 'ru')}", ends[4] + timedelta(minutes=5), "mail")
    referee.resolve("castle", ends[5])  # the night's traps (TS-4: at 09:00), then its moves at 10:00
    resolved = referee.resolve("castle", ends[5])
    report = next(n for n in resolved.notices if n.template == "report" and n.audience == ("Никита",))
    assert report.data["move"]["reason"] == "two_hours" and report.data["move"]["from"] == "Hall"
    text = renderer.render("ru", "report.txt.j2", kind=KIND, **report.data)
    assert f"Вы уже провели {place_phrase(room, 'ru')} два игровых часа подряд" in text
    assert "(ночь в холле счёт не прерывает)" in text and "в холле два" not in text
    english = renderer.render("en", "report.txt.j2", kind=KIND, **report.data)
    assert f"two game hours running in the {room}" in english


# --- no rule numbers in players' mail ------------------------------------------------------------------


def _player_templates() -> list[Path]:
    """Every template a player's mail is made of, in every game and language (the game-master's left out)."""
    found = []
    for language in LANGUAGES:
        for path in sorted((templates_dir() / language).rglob("*.j2")):
            if path.name.startswith("master"):
                continue
            found.append(path)
    return found


@pytest.mark.parametrize("path", _player_templates(), ids=lambda p: f"{p.parent.name}/{p.name}")
def test_no_players_template_cites_a_rule_number(path: Path) -> None:
    """Players have no rulebook with numbers to look up: rule numbers stay in code, tests and the
    game-master's views."""
    text = re.sub(r"\{#.*?#\}", "", path.read_text(encoding="utf-8"), flags=re.S)  # comments are never sent
    assert not RULE_ID.findall(text), RULE_ID.findall(text)


def test_a_whole_games_mail_cites_no_rule_number(tmp_path: Path, renderer: Renderer) -> None:
    referee = _referee(tmp_path)
    referee.submit("castle", "Анна", "ИДТИ Кухня\nСКАЗАТЬ Добрый вечер", START + timedelta(hours=1), "mail")
    for hours in (17, 19.5, 22, 24 + 50 / 60, 27):
        referee.resolve("castle", START + timedelta(hours=hours))
    texts = _texts(referee, renderer)
    assert {template for template, _, _ in texts} >= {"welcome", "report", "talk"}
    for template, text, _ in texts:
        if template != "answer":  # its parts are rewritten with the order parser
            assert not RULE_ID.search(text), (template, text)


# --- the HTML part on a phone ----------------------------------------------------------------------------


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_html_part_reads_on_a_phone_with_headed_sections(language: str, renderer: Renderer) -> None:
    help_text = renderer.render(language, "help.txt.j2", kind=KIND)
    html = renderer.render(language, "mail.html.j2", kind=KIND, text=help_text)
    assert '<meta name="viewport" content="width=device-width, initial-scale=1">' in html
    assert f'<html lang="{language}">' in html
    heading = "HOW TO GIVE ORDERS" if language == "en" else "КАК ОТДАВАТЬ ПРИКАЗЫ"
    assert re.search(rf"<h3[^>]*>{heading}</h3>", html)
    assert not re.search(r"\S {3,}\S", help_text)  # nothing lined up with runs of spaces


# --- a first day and night read as a player -------------------------------------------------------


def _until_due(referee: Referee) -> datetime:
    """Resolves the open phase at its deadline; returns the deadline."""
    clock = referee.calendar.clock("castle")
    assert clock is not None and clock.due_at is not None
    due = clock.due_at if clock.due_at.tzinfo else clock.due_at.replace(tzinfo=UTC)
    referee.resolve("castle", due)
    return due


def _answer_text(
    referee: Referee, renderer: Renderer, seat: str, text: str, at: datetime, language: str
) -> str:
    answer = referee.submit("castle", seat, text, at, "mail").answer
    return renderer.render(language, "answer.txt.j2", kind=KIND, **answer)


def test_answers_say_this_hour_and_tonight_and_a_trap_on_a_declined_name(
    tmp_path: Path, renderer: Renderer
) -> None:
    """An answer speaks of the open hour as "this hour" and of the open night as "tonight", names a trap's
    target in the accusative («ловушка на Сашу») and ends with the deadline, once, after a blank line."""
    referee = _referee(tmp_path)
    room = next(
        r for r in ROOMS if r not in ("Kitchen", referee.load("castle").state.character("Анна").hand.room)
    )
    referee.submit("castle", "Анна", f"ИДТИ {display(room, 'ru')}", START + timedelta(minutes=5), "mail")
    due = _until_due(referee)  # the arrival evening is over: day 1, hour 1, Анна in a room
    text = _answer_text(
        referee, renderer, "Анна", "иду на кухню\nищу нож и диван", due + timedelta(minutes=1), "ru"
    )
    assert "ПРИНЯТО: в конце этого часа вы перейдёте на кухню." in text
    assert "ПРИНЯТО: в этот час вы обыскиваете комнату, где сейчас находитесь: ищете нож и диван." in text
    assert "\n\nПрислать или изменить приказы можно до 12:30 в среду, 2 декабря (МСК).\n" in text
    assert text.count("12:30") == 2  # the hour's span at the top and the deadline: nothing said twice more
    for _ in range(4):
        due = _until_due(referee)  # to night 1
    hand = referee.load("castle").state.character("Саша").hand
    cards = " ".join(display(card, "ru") for card in hand.cards())
    text = _answer_text(referee, renderer, "Анна", f"ловушка Саша {cards}", due + timedelta(minutes=1), "ru")
    shown = ", ".join(display(card, "ru") for card in hand.cards())
    assert f"ПРИНЯТО: ловушка на Сашу ({shown}) — этой ночью; сработает в 09:00 второго дня." in text
    english = _answer_text(
        referee, renderer, "Никита", f"ловушка Саша {cards}", due + timedelta(minutes=2), "en"
    )
    assert "OK: a trap for Саша (" in english and ") tonight; it fires at 09:00 on day 2." in english
    assert "цель —" not in text and "TS-" not in text + english


def test_a_move_sent_again_is_no_change_and_says_what_sending_it_again_costs_ts_15(
    tmp_path: Path, renderer: Renderer
) -> None:
    """TS-15 ruling: the same move sent again counts from the new mail; the answer says so, and does not
    list the earlier, identical order as "no longer in force"."""
    referee = _referee(tmp_path)
    due = _until_due(referee)
    referee.submit("castle", "Анна", "иду на кухню", due + timedelta(minutes=1), "mail")
    for language in LANGUAGES:
        text = _answer_text(referee, renderer, "Анна", "иду на кухню", due + timedelta(minutes=2), language)
        assert ("No longer in force" if language == "en" else "Больше не действуют") not in text
        assert ("whoever asked earlier gets in first" if language == "en" else "первыми войдут те") in text
    text = _answer_text(referee, renderer, "Анна", "иду в кабинет", due + timedelta(minutes=3), "ru")
    assert "Больше не действуют:\n- день 1, час 1 (10:00–12:30): перейти на кухню." in text


def test_the_morning_news_has_its_own_subject_and_the_real_deadline_ts_4(
    tmp_path: Path, renderer: Renderer
) -> None:
    """TS-4/TS-21: at the trap time the victim gets the morning mail; the living read the same news
    at 10:00 in their report, one mail headed by the day and who died (the verb agreeing with the
    victim) that says until when the next orders are taken; the report before it says traps are
    taken until the trap time."""
    referee = _referee(tmp_path)
    for _ in range(5):
        due = _until_due(referee)  # night 1 is open
    night_report = next(
        text for template, text, data in _texts(referee, renderer, "report") if data["segment"] == "d1h4"
    )
    assert "Ловушки принимаются до 09:00 в четверг, 3 декабря (МСК) — тогда они и сработают" in night_report
    hand = referee.load("castle").state.character("Саша").hand
    cards = " ".join(display(card, "ru") for card in hand.cards())
    referee.submit("castle", "Анна", f"ловушка Саша {cards}", due + timedelta(minutes=1), "mail")
    _until_due(referee)  # 09:00: the traps fire
    mornings = [(text, data) for _, text, data in _texts(referee, renderer, "morning")]
    assert [data["name"] for _, data in mornings] == ["Саша"]  # the victim, at once
    subject = renderer.render("ru", "subject.txt.j2", kind=KIND, template="morning", **mornings[0][1]).strip()
    assert subject == "День 2, 09:00: погибла Саша"
    english = renderer.render("en", "subject.txt.j2", kind=KIND, template="morning", **mornings[0][1]).strip()
    assert english == "Day 2, 09:00: Саша is dead"
    referee.submit("castle", "Анна", "иду на кухню", datetime(2026, 12, 3, 6, 5, tzinfo=UTC), "mail")
    _until_due(referee)  # 10:00
    dawn = [(text, data) for _, text, data in _texts(referee, renderer, "report") if data.get("dawn")]
    assert len(dawn) == 3  # every living character
    for text, data in dawn:
        subject = renderer.render("ru", "subject.txt.j2", kind=KIND, template="report", **data).strip()
        assert subject == "День 2, 10:00: погибла Саша"
        english = renderer.render("en", "subject.txt.j2", kind=KIND, template="report", **data).strip()
        assert english == "Day 2, 10:00: Саша is dead"
        assert "Приказы принимаются до 12:30 в четверг, 3 декабря (МСК)" in text
    for _ in range(5):
        _until_due(referee)
    _until_due(referee)  # night 2's traps: nobody set one
    _until_due(referee)  # 10:00
    quiet = [data for _, _, data in _texts(referee, renderer, "report") if data.get("day") == 3]
    subject = renderer.render("ru", "subject.txt.j2", kind=KIND, template="report", **quiet[0]).strip()
    assert subject == "День 3, 10:00: этой ночью никто не погиб"
