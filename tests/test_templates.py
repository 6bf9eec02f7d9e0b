"""The players' messages (templates/<language>/ten-sailors) rendered from real Ten Sailors games.

Every context here is built by running the rules: a game is started, orders are
submitted, segments are resolved and the notices of ``RULES.notices`` are rendered in
both languages. Templates use ``StrictUndefined``, so a missing variable fails the test.
"""

from __future__ import annotations

import ast
import re
from dataclasses import asdict
from datetime import UTC, datetime, timedelta
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from referee.core.events import Event
from referee.core.notices import Notice
from referee.core.orders import LineVerdict, Submission
from referee.core.rules import fold, visible
from referee.games.ten_sailors import RULES, orders, parse, zone
from referee.games.ten_sailors.cards import FURNITURE, ROOMS, WEAPONS, display
from referee.games.ten_sailors.presentation import card_name, frags_text, place_phrase, segment_name
from referee.games.ten_sailors.views import orders_in_force, player_view
from referee.render import Renderer, templates_dir

KIND = "ten-sailors"
LANGUAGES = ("en", "ru")
CYRILLIC = re.compile(r"[А-Яа-яЁё]")
TEMPLATES = (
    "answer.txt.j2",
    "help.txt.j2",
    "report.txt.j2",
    "search_result.txt.j2",
    "trap_feedback.txt.j2",
    "death_announcement.txt.j2",
    "game_over.txt.j2",
    "welcome.txt.j2",
    "status.txt.j2",
    "_reasons.txt.j2",
    "_orders.txt.j2",
)
START = datetime(2024, 5, 1, 20, 0, tzinfo=UTC)
HANDS: dict[str, list[str]] = {
    "Anna": ["Kitchen", "Sofa", "Knife"],  # the host's character
    "Boris": ["Study", "Table", "Rope"],
    "Vera": ["Garage", "Sink", "Poison"],
    "Gleb": ["Conservatory", "Nightstand", "Baseball Bat"],
    "Dina": ["Music Room", "Car", "Stone"],
}
REASONS_IN_BRIEF = {
    "unknown_order", "unknown_location", "unknown_card", "unknown_word", "not_a_location",
    "move_one_place", "search_room_card", "search_two_cards", "search_same_card", "trap_one_target",
    "trap_three_cards", "cancel_what", "missing_arguments", "say_empty", "bad_hour", "segment_over",
    "after_the_end", "search_at_night", "trap_in_daytime", "no_traps_night_zero", "search_in_hall",
    "trap_self", "trap_target_dead", "trap_duplicate", "trap_limit", "nothing_to_cancel",
    "say_in_advance", "dead", "game_over",
}  # fmt: skip
ALL_PARAMS: dict[str, Any] = {
    "word": "Moov",
    "suggestion": "MOVE",
    "text": "Kitchn",
    "card": "Sofa",
    "count": 2,
    "cards": ["Study", "Table"],
    "order": "MOVE",
    "hour": 5,
    "segment": "d2h3",
    "target": "Boris",
    "what": "move",
    "candidates": ["Pistol", "Poison"],
    "names": ["Kitchen", "Sofa"],
}
"""Every parameter any reason code uses, so that each phrase can be rendered on its own."""


@pytest.fixture(scope="module")
def renderer() -> Renderer:
    """The renderer over the repository's templates."""
    return Renderer(templates_dir())


def render(renderer: Renderer, language: str, template: str, /, **data: Any) -> str:
    """``template`` rendered from the Ten Sailors templates in ``language``."""
    return renderer.render(language, template, kind=KIND, **data)


class Game:
    """A Ten Sailors game played through ``RULES``, keeping what notices and answers need."""

    def __init__(
        self, names: tuple[str, ...] = ("Anna", "Boris", "Vera", "Gleb"), host: str = "Anna"
    ) -> None:
        players = [{"name": n, "hand": HANDS[n], "host": n == host} for n in names]
        self.log: list[Event] = RULES.start({"id": "g-7", "seed": 7, "language": "en", "players": players})
        self.state = fold(RULES, self.log)
        self.phase_log: list[Event] = []
        self.clock = START

    def submit(self, seat: str, text: str) -> list[LineVerdict]:
        """Submit ``text`` for ``seat`` one minute after the previous submission."""
        self.clock += timedelta(minutes=1)
        verdicts, events = RULES.submit(self.state, Submission(seat, text, self.clock, "test"))
        self.state = fold(RULES, events, self.state)
        self.log += events
        self.phase_log += events
        return verdicts

    def step(self) -> list[Notice]:
        """Close the open phase (a night with traps has two, TS-4) and return its notices."""
        before = self.state
        events = RULES.resolve(before)
        self.state = fold(RULES, events, before)
        self.log += events
        notices = RULES.notices(before, self.state, events, self.phase_log)
        self.phase_log = []
        return notices

    def resolve(self) -> list[Notice]:
        """Close the current segment, every phase of it, and return their notices."""
        segment = self.state.segment
        notices = self.step()
        while self.state.segment == segment and not self.state.finished:
            notices += self.step()
        return notices

    def play_out(self) -> list[Notice]:
        """Resolve segments until the game ends; returns every notice on the way."""
        notices: list[Notice] = []
        while not self.state.finished:
            notices += self.resolve()
        return notices

    def answer_context(self, seat: str, verdicts: list[LineVerdict], *, view: bool = False) -> dict[str, Any]:
        """The context of answer.txt.j2 for ``seat`` after ``verdicts``."""
        context: dict[str, Any] = {
            "character": seat,
            "verdicts": [asdict(v) for v in verdicts],
            "orders": orders_in_force(self.state, seat),
            "segment": self.state.segment.key,
        }
        if view:
            context["view"] = player_view(self.state, seat, visible(self.log, seat))
        return context


def notice_for(notices: list[Notice], name: str, template: str = "report") -> dict[str, Any]:
    """The data of the last ``template`` notice addressed to ``name``."""
    return [n.data for n in notices if n.template == template and name in n.audience][-1]


def news_for(notices: list[Notice], name: str) -> tuple[str, dict[str, Any]]:
    """The template and data of the last mail that told ``name`` a night's news: the morning at the trap
    time for the dead, the report at the end of the night for the living (TS-21)."""
    told = [n for n in notices if name in n.audience and "deaths" in n.data][-1]
    return f"{told.template}.txt.j2", told.data


def answer(renderer: Renderer, language: str, game: Game, seat: str, text: str, **extra: Any) -> str:
    """The rendered answer to ``text`` sent by ``seat``."""
    before = orders_in_force(game.state, seat)
    verdicts = game.submit(seat, text)
    context = game.answer_context(seat, verdicts, **extra)
    context["removed"] = [o for o in before if o not in context["orders"]]
    return render(renderer, language, "answer.txt.j2", **context)


def reason_phrase(renderer: Renderer, language: str, code: str, params: dict[str, Any]) -> str:
    """The phrase the answer gives for a line rejected with ``code``."""
    verdict = {"line": "LINE", "accepted": False, "understood": {}, "reason": code, "params": params}
    text = render(
        renderer, language, "answer.txt.j2", character="Boris", verdicts=[verdict], orders=[], segment="d1h1"
    )
    prefix = "NOT ACCEPTED: LINE — " if language == "en" else "НЕ ПРИНЯТО: LINE — "
    line = next(line for line in text.splitlines() if line.startswith(prefix))
    return line.removeprefix(prefix).strip()


def reason_codes() -> set[str]:
    """The reason codes parse.py, orders.py and zone.py give, read from their source.

    Collected: the string passed as the reason of ``Unreadable``/``LineVerdict``/``_reject``,
    the first item of a ``("code", {params})`` tuple, and literals assigned to ``reason``.
    """
    codes: set[str] = set()

    def text(node: ast.AST | None) -> str | None:
        return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None

    for module in (parse, orders, zone):
        tree = ast.parse(Path(str(module.__file__)).read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call):
                called = getattr(node.func, "id", None) or getattr(node.func, "attr", None)
                if called in ("Unreadable", "_reject") and len(node.args) > 1:
                    codes.add(text(node.args[1]) or "")
                codes.update(text(k.value) or "" for k in node.keywords if k.arg == "reason")
            elif isinstance(node, ast.Tuple) and len(node.elts) == 2 and isinstance(node.elts[1], ast.Dict):
                codes.add(text(node.elts[0]) or "")
            elif isinstance(node, ast.Assign) and any(
                getattr(t, "id", None) == "reason" for t in node.targets
            ):
                codes.update(text(n) or "" for n in ast.walk(node.value))
    return codes - {""}


# --- the renderer ---------------------------------------------------------------------------------


def test_templates_dir_is_the_repository_templates_folder() -> None:
    assert templates_dir() == Path(__file__).resolve().parents[1] / "templates"
    assert (templates_dir() / "en").is_dir() and (templates_dir() / "ru").is_dir()


def test_every_template_exists_in_both_languages(renderer: Renderer) -> None:
    english = {p.name for p in (templates_dir() / "en" / KIND).glob("*.txt.j2")}
    russian = {p.name for p in (templates_dir() / "ru" / KIND).glob("*.txt.j2")}
    assert english == russian
    assert set(TEMPLATES) <= english
    assert "_reasons.txt.j2" not in renderer.names("en", KIND)


def test_unknown_language_is_refused(renderer: Renderer) -> None:
    with pytest.raises(ValueError, match="de"):
        render(renderer, "de", "help.txt.j2")


def test_missing_context_raises(renderer: Renderer) -> None:
    from jinja2 import UndefinedError

    with pytest.raises(UndefinedError):
        render(renderer, "en", "welcome.txt.j2", character="Anna")


@pytest.mark.parametrize(
    ("key", "english", "russian"),
    [
        ("d3h2", "day 3, hour 2 (12:30–15:00)", "день 3, час 2 (12:30–15:00)"),
        ("d1h4", "day 1, hour 4 (17:50–20:00)", "день 1, час 4 (17:50–20:00)"),
        ("d3n", "night 3 (20:00–10:00)", "ночь 3 (20:00–10:00)"),
        ("d0n", "the arrival evening", "вечер прибытия"),
        ("later", "later", "later"),
    ],
)
def test_ts4_segment_names(key: str, english: str, russian: str, renderer: Renderer) -> None:
    assert segment_name(key, "en") == english
    assert segment_name(key, "ru") == russian
    template = renderer.environment_for(KIND).from_string("{{ key | segment }}")
    assert template.render(key=key, language="ru") == russian


@pytest.mark.parametrize(
    ("value", "shown"),
    [("1/3", "1/3"), ("2", "2"), (2, "2"), (0, "0"), (0.5, "1/2"), (Fraction(4, 3), "1 1/3"), ("?", "?")],
)
def test_ts21_frags_read_as_numbers(value: Any, shown: str) -> None:
    assert frags_text(value) == shown


def test_ts9_card_filter_speaks_the_template_language(renderer: Renderer) -> None:
    template = renderer.environment_for(KIND).from_string(
        '{{ "Kitchen" | card }}/{{ "Kitchen" | card("acc") }}/{{ "Boris" | card }}'
    )
    assert template.render(language="en") == "Kitchen/Kitchen/Boris"
    assert template.render(language="ru") == "Кухня/кухню/Boris"


# --- answers to orders ----------------------------------------------------------------------------


@pytest.mark.parametrize(("language", "room"), [("en", "Kitchen"), ("ru", "Кухня")])
def test_ts9_answer_suggests_the_room_meant(language: str, room: str, renderer: Renderer) -> None:
    text = answer(renderer, language, Game(), "Boris", "MOVE Ktchnn")
    assert "MOVE Ktchnn — " in text
    assert "'Ktchnn' is not a room; did you mean Kitchen?" in text if language == "en" else "«Кухня»" in text
    assert room in text


@pytest.mark.parametrize(
    ("language", "said"), [("en", '(read as: "Kitchn" = Kitchen)'), ("ru", "(читаю как: «Kitchn» — Кухня)")]
)
def test_ts9_answer_says_how_a_near_miss_was_read(language: str, said: str, renderer: Renderer) -> None:
    """TS-9 ruling: a misspelling read as the one card it nearly is, and the answer says so."""
    text = answer(renderer, language, Game(), "Boris", "MOVE Kitchn")
    assert said in text


@pytest.mark.parametrize("language", LANGUAGES)
def test_ts18_answer_explains_own_room_landing(language: str, renderer: Renderer) -> None:
    text = answer(renderer, language, Game(), "Anna", "MOVE Kitchen")
    assert "TS-" not in text  # no rule IDs in players' mail
    if language == "en":
        assert "OK, BUT YOU WILL NOT GET IN: move to the Kitchen" in text  # recorded, not done as asked
        assert "you hold the Kitchen card, and no one may enter the room they hold" in text
        assert "you will land in a random room" in text
    else:
        assert "ПРИНЯТО, НО ТУДА ВАС НЕ ПУСТЯТ: в 10:00 первого дня вы перейдёте на кухню" in text
        assert "карта «Кухня» у вас на руках" in text and "вас занесёт в случайную комнату" in text
    assert "\nOK: " not in text and "\nПРИНЯТО: " not in text


@pytest.mark.parametrize("language", LANGUAGES)
def test_ts12_hour_four_move_is_kept_for_the_morning(language: str, renderer: Renderer) -> None:
    game = Game()
    for _ in range(4):
        game.resolve()
    assert game.state.segment.key == "d1h4"
    text = answer(renderer, language, game, "Boris", "MOVE Bedroom")
    assert "TS-" not in text  # no rule IDs in players' mail
    assert ("10:00 on day 2" if language == "en" else "10:00 второго дня") in text


@pytest.mark.parametrize("language", LANGUAGES)
def test_ts16_answer_warns_about_a_third_hour(language: str, renderer: Renderer) -> None:
    game = Game()
    game.submit("Boris", "MOVE Bedroom")
    game.resolve()
    game.resolve()
    assert game.state.character("Boris").streak == 2
    text = answer(renderer, language, game, "Boris", "MOVE Bedroom")
    assert "TS-" not in text  # no rule IDs in players' mail
    assert ("two game hours running" if language == "en" else "два игровых часа подряд") in text
    assert ("in the Bedroom" if language == "en" else "в спальне") in text


@pytest.mark.parametrize("language", LANGUAGES)
def test_ts11_answer_lists_each_accepted_order_once_then_what_left_force(
    language: str, renderer: Renderer
) -> None:
    """TS-11: each accepted line is said once; an order the mail replaced is named as no longer in force."""
    game = Game()
    game.submit("Boris", "MOVE Study")
    text = answer(renderer, language, game, "Boris", "MOVE Garage\nDAY 1 HOUR 2:\nSEARCH Rope, Sink")
    assert "TS-" not in text
    garage, rope = ("the Garage", "Rope") if language == "en" else ("Гараж", "Верёвку")
    assert text.lower().count(garage.lower()) == 1 and text.lower().count(rope.lower()) == 1
    heading = "No longer in force:" if language == "en" else "Больше не действуют:"
    dropped = text.split(heading, 1)[1].lower()
    assert ("study" if language == "en" else "кабинет") in dropped and garage.lower() not in dropped


@pytest.mark.parametrize("language", LANGUAGES)
def test_ts23_answer_to_say_and_cancel(language: str, renderer: Renderer) -> None:
    game = Game()
    game.submit("Vera", "NIGHT 1: TRAP Boris Study Table Rope")
    text = answer(renderer, language, game, "Vera", "SAY Good evening, all\nNIGHT 1: CANCEL TRAPS")
    assert "Good evening, all" in text
    assert ("in the Hall" if language == "en" else "в холле") in text
    assert ("your traps for night 1" if language == "en" else "ловушки отменены (ночь 1") in text
    assert ("No longer in force:" if language == "en" else "Больше не действуют:") in text


@pytest.mark.parametrize("language", LANGUAGES)
def test_answer_includes_help_and_status_when_asked(language: str, renderer: Renderer) -> None:
    game = Game()
    text = answer(renderer, language, game, "Boris", "HELP\nSTATUS", view=True)
    assert ("HOW TO GIVE ORDERS" if language == "en" else "КАК ОТДАВАТЬ ПРИКАЗЫ") in text
    assert ("STATUS — Boris" if language == "en" else "СТАТУС — Boris") in text
    assert display("Study", language) in text and display("Rope", language) in text
    plain = answer(renderer, language, game, "Boris", "STATUS")
    assert "Boris, " in plain and "STATUS — " not in plain and "СТАТУС — " not in plain


@pytest.mark.parametrize("language", LANGUAGES)
def test_answer_to_a_message_without_orders(language: str, renderer: Renderer) -> None:
    text = render(
        renderer, language, "answer.txt.j2", character="Gleb", verdicts=[], orders=[], segment="d2h1"
    )
    assert ("held no orders" if language == "en" else "ни одного приказа") in text


def test_answer_accepts_line_verdicts_as_objects(renderer: Renderer) -> None:
    game = Game()
    verdicts = game.submit("Boris", "MOVE Ktchnn\nMOVE Bedroom")
    text = render(
        renderer, "en", "answer.txt.j2", character="Boris", verdicts=verdicts, orders=[], segment="d0n"
    )
    assert "did you mean Kitchen?" in text and "OK: move to the Bedroom" in text


# --- every reason code ------------------------------------------------------------------------------


def test_reason_codes_are_collected_from_the_rules() -> None:
    assert reason_codes() >= REASONS_IN_BRIEF


def test_the_rules_declare_every_reason_code_they_give() -> None:
    assert RULES.refusal_reasons == reason_codes()


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("code", sorted(reason_codes()))
def test_every_reason_code_has_a_phrase(code: str, language: str, renderer: Renderer) -> None:
    fallback = reason_phrase(renderer, language, "zz_no_such_reason", {}).replace("zz_no_such_reason", code)
    for params in (ALL_PARAMS, {}):
        phrase = reason_phrase(renderer, language, code, params)
        assert phrase, f"{code} has an empty phrase in {language}"
        assert phrase != fallback, f"{code} has no phrase in {language}"
        if language == "ru":
            assert CYRILLIC.search(phrase)


def _fresh() -> Game:
    return Game()


def _day_one() -> Game:
    game = Game()
    game.resolve()
    return game


def _after_a_death() -> Game:
    game = Game()
    for _ in range(5):
        game.resolve()
    game.submit("Boris", "TRAP Anna Kitchen Sofa Knife")
    game.resolve()
    assert not game.state.character("Anna").alive
    return game


def _after_the_traps() -> Game:
    game = Game()
    for _ in range(5):
        game.resolve()
    game.step()  # night 1 until its traps fire (TS-4); its moves are still to come
    return game


def _finished() -> Game:
    game = _after_a_death()
    for _ in range(4):
        game.resolve()
    game.submit("Boris", "TRAP Vera Garage Sink Poison\nTRAP Gleb Conservatory Nightstand Baseball Bat")
    game.resolve()
    assert game.state.finished
    return game


REAL_REJECTIONS: dict[str, tuple[Any, str, str, dict[str, str]]] = {
    # code: (game builder, seat, order text, {language: a word the phrase must hold})
    "unknown_order": (_fresh, "Boris", "MOOVEE Study", {"en": "did you mean MOVE?", "ru": "MOVE?"}),
    "did_you_mean": (
        _fresh,
        "Boris",
        "kitchen, sofa — trap for Anna",
        {
            "en": "did you mean: TRAP Anna — Kitchen, Sofa?",
            "ru": "вы имели в виду: ЛОВУШКА Anna — Кухня, Диван?",
        },
    ),
    "unknown_location": (_fresh, "Boris", "MOVE Ktchnn", {"en": "Kitchen", "ru": "Кухня"}),
    "ambiguous": (
        _fresh,
        "Boris",
        "SEARCH piston, Sink",
        {"en": "Pistol or Poison", "ru": "Пистолет или Яд"},
    ),
    "bare_names": (_fresh, "Boris", "Kitchen Sofa Knife", {"en": "what to do", "ru": "что с ними делать"}),
    "time_alone": (_fresh, "Boris", "tomorrow:", {"en": "no order after it", "ru": "приказа после него нет"}),
    "unknown_card": (_fresh, "Boris", "SEARCH Rpe, Sink", {"en": "Rope", "ru": "Верёвка"}),
    "unknown_word": (_fresh, "Anna", "NIGHT 1: TRAP Brs Study Table Rope", {"en": "Brs", "ru": "Brs"}),
    "not_a_location": (_fresh, "Boris", "MOVE Sofa", {"en": "Sofa", "ru": "Диван"}),
    "move_one_place": (_fresh, "Boris", "MOVE Study Kitchen", {"en": "one place", "ru": "одно место"}),
    "search_room_card": (_fresh, "Boris", "SEARCH Kitchen, Rope", {"en": "Kitchen", "ru": "Кухня"}),
    "search_two_cards": (_fresh, "Boris", "SEARCH Rope", {"en": "two cards", "ru": "две карты"}),
    "search_same_card": (_fresh, "Boris", "SEARCH Rope, Rope", {"en": "Rope twice", "ru": "дважды"}),
    "trap_one_target": (
        _fresh,
        "Anna",
        "NIGHT 1: TRAP Study Table Rope",
        {"en": "one character", "ru": "одного"},
    ),
    "trap_three_cards": (
        _fresh,
        "Anna",
        "NIGHT 1: TRAP Boris Study Table",
        {"en": "Study and Table", "ru": "Кабинет и Стол"},
    ),
    "cancel_what": (_fresh, "Boris", "CANCEL it", {"en": "CANCEL TRAPS", "ru": "отмена ловушек"}),
    "missing_arguments": (_fresh, "Boris", "SEARCH", {"en": "SEARCH Rope, Sink", "ru": "ИСКАТЬ"}),
    "say_empty": (_fresh, "Boris", "SAY", {"en": "SAY", "ru": "СКАЗАТЬ"}),
    "bad_hour": (_fresh, "Boris", "DAY 2 HOUR 5: SEARCH Rope, Sink", {"en": "hour 5", "ru": "часа 5"}),
    "segment_over": (
        _day_one,
        "Boris",
        "NIGHT 0: MOVE Study",
        {"en": "arrival evening", "ru": "вечер прибытия"},
    ),
    "after_the_end": (_fresh, "Boris", "DAY 10 HOUR 1: SEARCH Rope, Sink", {"en": "day 10", "ru": "день 10"}),
    "search_at_night": (_fresh, "Boris", "SEARCH Rope, Sink", {"en": "at night", "ru": "ночью"}),
    "trap_in_daytime": (
        _fresh,
        "Anna",
        "DAY 1 HOUR 2: TRAP Boris Study Table Rope",
        {"en": "night", "ru": "ночью"},
    ),
    "no_traps_night_zero": (
        _fresh,
        "Anna",
        "TRAP Boris Study Table Rope",
        {"en": "arrival", "ru": "прибытия"},
    ),
    "search_in_hall": (_day_one, "Boris", "SEARCH Rope, Sink", {"en": "Hall", "ru": "холле"}),
    "trap_self": (
        _fresh,
        "Anna",
        "NIGHT 1: TRAP Anna Kitchen Sofa Knife",
        {"en": "yourself", "ru": "самого себя"},
    ),
    "trap_target_dead": (
        _after_a_death,
        "Boris",
        "NIGHT 2: TRAP Anna Kitchen Sofa Knife",
        {"en": "Anna", "ru": "Anna"},
    ),
    "trap_duplicate": (
        _fresh,
        "Anna",
        "NIGHT 1: TRAP Boris Study Table Rope\nNIGHT 1: TRAP Boris Study Table Rope",
        {"en": "already", "ru": "уже"},
    ),
    "trap_limit": (
        _fresh,
        "Anna",
        "NIGHT 1:\nTRAP Boris Study Table Rope\nTRAP Vera Garage Sink Poison\nTRAP Gleb Study Sink Rope",
        {"en": "night 1", "ru": "ночь 1"},
    ),
    "traps_fired": (
        _after_the_traps,
        "Boris",
        "TRAP Anna Kitchen Sofa Knife",
        {"en": "already fired", "ru": "уже сработали"},
    ),
    "nothing_to_cancel": (_fresh, "Boris", "CANCEL MOVE", {"en": "no move order", "ru": "приказа ИДТИ"}),
    "say_in_advance": (_fresh, "Boris", "NIGHT 1: SAY hello", {"en": "in advance", "ru": "заранее"}),
    "dead": (_after_a_death, "Anna", "MOVE Study", {"en": "dead", "ru": "погиб"}),
    "game_over": (_finished, "Boris", "MOVE Study", {"en": "over", "ru": "окончена"}),
    "unknown_zone": (_fresh, "Boris", "TIMEZONE Narnia", {"en": "Europe/Berlin", "ru": "пояса"}),
}
"""A real order for every reason code, with the game it is sent in."""


def test_every_reason_code_is_reached_by_a_real_order() -> None:
    assert set(REAL_REJECTIONS) >= reason_codes()


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("code", sorted(REAL_REJECTIONS))
def test_rejected_order_is_explained(code: str, language: str, renderer: Renderer) -> None:
    build, seat, text, expected = REAL_REJECTIONS[code]
    game = build()
    verdicts = game.submit(seat, text)
    assert verdicts[-1].reason == code, verdicts[-1]
    rendered = render(renderer, language, "answer.txt.j2", **game.answer_context(seat, verdicts))
    prefix = "NOT ACCEPTED: " if language == "en" else "НЕ ПРИНЯТО: "
    line = next(line for line in rendered.splitlines() if line.startswith(prefix + verdicts[-1].line + " — "))
    assert expected[language] in line


# --- reports at the end of a segment ---------------------------------------------------------------


@pytest.fixture(scope="module")
def first_hour() -> tuple[list[Notice], list[Notice]]:
    """The notices of the arrival evening and of day 1, hour 1 of a four-character game.

    Night 0: Anna (who holds the Kitchen) orders a move to the Kitchen; Boris and Vera go
    to the Kitchen, Gleb to the Bedroom; Boris asks for talk in his reports only. Hour 1:
    Boris searches the Kitchen for Sofa and Rope, Vera speaks in the Kitchen, Gleb gives no
    search order.
    """
    game = Game()
    game.submit("Anna", "MOVE Kitchen")
    game.submit("Boris", "MOVE Kitchen\nTALK DIGEST")
    game.submit("Vera", "MOVE Kitchen\nSAY See you in the kitchen")
    game.submit("Gleb", "MOVE Bedroom")
    evening = game.resolve()
    game.submit("Boris", "SEARCH Sofa, Rope")
    game.submit("Vera", "SAY Anyone seen a knife?")
    return evening, game.resolve()


@pytest.mark.parametrize("language", LANGUAGES)
def test_ts18_report_explains_own_room_landing(
    language: str, renderer: Renderer, first_hour: tuple[list[Notice], list[Notice]]
) -> None:
    data = notice_for(first_hour[0], "Anna")
    assert data["move"]["reason"] == "own_card"
    text = render(renderer, language, "report.txt.j2", **data)
    assert "TS-" not in text
    assert (
        "hold the card of the room" if language == "en" else "Карта комнаты, куда вы хотели войти"
    ) in text
    assert place_phrase(data["location"], language) in text


@pytest.mark.parametrize("language", LANGUAGES)
def test_ts19_report_gives_the_search_result_without_the_holder(
    language: str, renderer: Renderer, first_hour: tuple[list[Notice], list[Notice]]
) -> None:
    data = notice_for(first_hour[1], "Boris")
    assert data["search"]["found"] == ["Sofa"]
    text = render(renderer, language, "report.txt.j2", **data)
    if language == "en":
        assert "the Sofa belongs to the same set as the Kitchen; the Rope does not." in text
    else:
        assert "Находка: диван входит в набор этой комнаты, а верёвка — нет." in text
    alone = render(renderer, language, "search_result.txt.j2", search=data["search"])
    assert "Anna" not in alone  # Anna holds the Kitchen set; a search never says so (TS-19)


@pytest.mark.parametrize("language", LANGUAGES)
def test_ts11_report_says_the_search_was_random(
    language: str, renderer: Renderer, first_hour: tuple[list[Notice], list[Notice]]
) -> None:
    data = notice_for(first_hour[1], "Gleb")
    assert data["search"]["random"]
    text = render(renderer, language, "search_result.txt.j2", search=data["search"])
    assert ("at random" if language == "en" else "наугад") in text
    for card in data["search"]["cards"]:
        assert card_name(card, language, "acc") in text


@pytest.mark.parametrize("language", LANGUAGES)
def test_ts3_report_holds_only_the_talk_its_reader_heard(
    language: str, renderer: Renderer, first_hour: tuple[list[Notice], list[Notice]]
) -> None:
    """TS-3/TS-23: a report holds the talk said where its reader was, and only for a reader who
    takes talk in reports: whoever got each line mailed as it was said is not told it twice."""
    said = "Anyone seen a knife?"
    boris = render(renderer, language, "report.txt.j2", **notice_for(first_hour[1], "Boris"))
    gleb = render(renderer, language, "report.txt.j2", **notice_for(first_hour[1], "Gleb"))
    anna = render(renderer, language, "report.txt.j2", **notice_for(first_hour[1], "Anna"))
    vera = render(renderer, language, "report.txt.j2", **notice_for(first_hour[1], "Vera"))
    assert said in boris and "Vera" in boris
    assert said not in gleb
    assert said not in anna  # the host's character, elsewhere, hears nothing (TS-23 ruling, revised)
    assert said not in vera  # her own line, and talk comes to her at once on the first day
    assert "See you in the kitchen" not in boris  # said during the evening, reported then
    evening = render(renderer, language, "report.txt.j2", **notice_for(first_hour[0], "Boris"))
    assert "See you in the kitchen" in evening
    gleb_evening = render(renderer, language, "report.txt.j2", **notice_for(first_hour[0], "Gleb"))
    assert "See you in the kitchen" not in gleb_evening  # mailed to him as it was said


@pytest.mark.parametrize("language", LANGUAGES)
def test_report_says_where_the_reader_is_and_with_whom(
    language: str, renderer: Renderer, first_hour: tuple[list[Notice], list[Notice]]
) -> None:
    text = render(renderer, language, "report.txt.j2", **notice_for(first_hour[1], "Boris"))
    assert (
        "You are in the Kitchen. With you: Vera." if language == "en" else "Вы на кухне. С вами Vera."
    ) in text
    assert ("day 1, hour 2 (12:30–15:00)" if language == "en" else "день 1, час 2 (12:30–15:00)") in text


def test_russian_report_uses_russian_card_names(
    renderer: Renderer, first_hour: tuple[list[Notice], list[Notice]]
) -> None:
    text = render(renderer, "ru", "report.txt.j2", **notice_for(first_hour[1], "Boris"))
    assert "диван" in text and "кухн" in text
    for english in ("Sofa", "Rope", "Kitchen", "Hall"):
        assert english not in text


@pytest.mark.parametrize("language", LANGUAGES)
def test_ts15_report_explains_a_full_room(language: str, renderer: Renderer) -> None:
    game = Game()
    for name in ("Boris", "Vera", "Gleb", "Anna"):
        game.submit(name, "MOVE Bedroom")
    data = notice_for(game.resolve(), "Anna")
    assert data["move"]["reason"] == "room_full"
    text = render(renderer, language, "report.txt.j2", **data)
    assert ("was full" if language == "en" else "оказалась полна") in text and data["location"] != "Bedroom"
    assert "TS-" not in text


@pytest.mark.parametrize("language", LANGUAGES)
def test_ts16_report_explains_leaving_after_two_hours(language: str, renderer: Renderer) -> None:
    game = Game()
    game.submit("Gleb", "MOVE Bedroom")
    game.resolve()
    game.resolve()
    data = notice_for(game.resolve(), "Gleb")
    assert data["move"]["reason"] == "two_hours"
    text = render(renderer, language, "report.txt.j2", **data)
    assert ("two game hours running" if language == "en" else "два игровых часа подряд") in text
    assert ("in the Bedroom" if language == "en" else "в спальне") in text


@pytest.fixture(scope="module")
def night_one() -> list[Notice]:
    """Night 1 of a four-character game: Boris and Vera both trap the host Anna; Boris misses Gleb."""
    game = Game()
    for _ in range(5):
        game.resolve()
    assert game.state.segment.key == "d1n"
    game.submit("Boris", "TRAP Anna Kitchen Sofa Knife\nTRAP Gleb Conservatory Sofa Rope")
    game.submit("Vera", "ЛОВУШКА Anna Кухня Диван Нож")
    return game.resolve()


@pytest.mark.parametrize("language", LANGUAGES)
def test_ts21_trap_feedback_tells_kills_and_right_cards(
    language: str, renderer: Renderer, night_one: list[Notice]
) -> None:
    template, data = news_for(night_one, "Boris")
    text = render(renderer, language, template, **data)
    alone = render(renderer, language, "trap_feedback.txt.j2", traps=data["traps"], killers=data["killers"])
    assert alone.strip() in text
    if language == "en":
        assert "Your trap for Anna (Kitchen, Sofa, Knife) worked: Anna is dead" in text
        assert "Your trap for Gleb (Conservatory, Sofa, Rope) failed: one of its three cards was right" in (
            text
        )
    else:
        assert "Ловушка на Anna (Кухня, Диван, Нож) сработала: Anna погибла." in text
        assert "Ловушка на Gleb (Оранжерея, Диван, Верёвка) не сработала: угадана одна карта из трёх" in text


@pytest.mark.parametrize("language", LANGUAGES)
def test_ts21_death_reveals_the_hand_to_everyone(
    language: str, renderer: Renderer, night_one: list[Notice]
) -> None:
    for name in ("Boris", "Vera", "Gleb", "Anna"):
        template, data = news_for(night_one, name)
        text = render(renderer, language, template, **data)
        assert all(display(card, language) in text for card in HANDS["Anna"])
        assert "day 2" in text if language == "en" else "второго дня" in text
    news = render(
        renderer,
        language,
        "death_announcement.txt.j2",
        deaths=news_for(night_one, "Gleb")[1]["deaths"],
    )
    assert "Anna" in news and "Boris" not in news and "Vera" not in news  # the killers stay unnamed


@pytest.mark.parametrize("language", LANGUAGES)
def test_ts21_dead_reader_is_told_plainly(language: str, renderer: Renderer, night_one: list[Notice]) -> None:
    data = notice_for(night_one, "Anna", "morning")
    assert data["alive"] is False
    text = render(renderer, language, "morning.txt.j2", **data)
    assert ("You are dead:" if language == "en" else "Вы погибли:") in text
    assert ("You are now in" if language == "en" else "Сейчас вы в") not in text


# --- the end of the game -----------------------------------------------------------------------------


@pytest.mark.parametrize("language", LANGUAGES)
def test_ts24_last_survivor_wins_and_the_dead_hear_of_it(language: str, renderer: Renderer) -> None:
    game = _after_a_death()
    for _ in range(4):
        game.resolve()
    game.submit("Boris", "TRAP Vera Garage Sink Poison\nTRAP Gleb Conservatory Nightstand Baseball Bat")
    notices = game.resolve()
    news = notice_for(notices, "Anna", "morning")  # Anna died on night 1: the dead hear the end too
    text = render(renderer, language, "morning.txt.j2", **news)
    if language == "en":
        assert "Boris is the only one left alive. The last survivor wins, whatever the frags." in text
    else:
        assert "В живых остался только один персонаж — Boris." in text
    assert "Vera" in text and "Gleb" in text and display("Garage", language) in text
    boris = render(renderer, language, "morning.txt.j2", **notice_for(notices, "Boris", "morning"))
    assert ("THE GAME IS OVER." if language == "en" else "ИГРА ОКОНЧЕНА.") in boris
    assert "- Boris: 4" in boris  # the host's two frags, then one for each of the last two


@pytest.mark.parametrize("language", LANGUAGES)
def test_ts25_tie_without_a_host_kill_is_a_partial_victory(language: str, renderer: Renderer) -> None:
    game = Game(("Anna", "Boris", "Vera", "Gleb", "Dina"))
    for _ in range(5):
        game.resolve()
    game.submit("Boris", "TRAP Gleb Conservatory Nightstand Baseball Bat")
    game.submit("Vera", "TRAP Dina Music Room Car Stone")
    notices = game.resolve() + game.play_out()
    ended = notice_for(notices, "Boris", "morning")["ended"]
    assert ended["partial"] and ended["reason"] == "frags"
    text = render(renderer, language, "game_over.txt.j2", ended=ended)
    if language == "en":
        assert "Boris and Vera are tied at 1 frag each and share a partial victory." in text
    else:
        assert "Ничья: Boris и Vera набрали поровну фрагов (по 1) и делят частичную победу" in text
    for notice in notices:  # rendering never raises along a whole game
        render(renderer, language, f"{notice.template}.txt.j2", **notice.data)


@pytest.mark.parametrize("language", LANGUAGES)
def test_ts25_host_kill_breaks_a_tie(language: str, renderer: Renderer) -> None:
    game = Game(("Anna", "Boris", "Vera", "Gleb", "Dina"))
    for _ in range(5):
        game.resolve()
    game.submit("Boris", "TRAP Anna Kitchen Sofa Knife")
    game.submit("Vera", "TRAP Gleb Conservatory Nightstand Baseball Bat\nTRAP Dina Music Room Car Stone")
    notices = game.resolve() + game.play_out()
    ended = notice_for(notices, "Vera", "morning")["ended"]
    assert ended["winners"] == ["Boris"] and not ended["partial"]
    text = render(renderer, language, "morning.txt.j2", **notice_for(notices, "Vera", "morning"))
    assert (
        "Boris wins with the most frags: 2 frags. Vera had as many, but only Boris had a share in killing"
        if language == "en"
        else "Побеждает Boris: больше всех фрагов — 2. Столько же было у Vera, но на счету Boris — доля"
    ) in text


@pytest.mark.parametrize("language", LANGUAGES)
def test_ts25_everyone_dead(language: str, renderer: Renderer) -> None:
    game = Game(("Boris", "Vera", "Gleb"), host="")
    for _ in range(5):
        game.resolve()
    game.submit("Boris", "TRAP Vera Garage Sink Poison")
    game.submit("Vera", "TRAP Gleb Conservatory Nightstand Baseball Bat")
    game.submit("Gleb", "TRAP Boris Study Table Rope")
    notices = game.resolve()
    data = notice_for(notices, "Gleb", "morning")
    assert data["ended"]["reason"] == "everyone_died"
    text = render(renderer, language, "morning.txt.j2", **data)
    assert ("Nobody is left alive" if language == "en" else "В живых не осталось никого") in text
    assert ("You are dead:" if language == "en" else "Вы погибли:") in text


# --- help and welcome -------------------------------------------------------------------------------


@pytest.mark.parametrize("language", LANGUAGES)
def test_help_lists_the_order_language_and_every_card(language: str, renderer: Renderer) -> None:
    text = render(renderer, language, "help.txt.j2")
    words = (
        ["MOVE", "SEARCH", "TRAP", "SAY", "CANCEL", "HELP", "STATUS", "DAY 2 HOUR 3:", "NIGHT 2:"]
        if language == "en"
        else [
            "ИДТИ",
            "ИСКАТЬ",
            "ЛОВУШКА",
            "СКАЗАТЬ",
            "ОТМЕНИТЬ",
            "ПОМОЩЬ",
            "СТАТУС",
            "ДЕНЬ 2 ЧАС 3:",
            "НОЧЬ 2:",
        ]
    )
    for word in words:
        assert word in text
    for card in (*ROOMS, *FURNITURE, *WEAPONS):
        assert display(card, language) in text
    assert "TS-" not in text  # players have no rulebook to look rule numbers up in
    assert max(len(line) for line in text.splitlines()) < 260  # no table lined up with spaces
    assert not re.search(r"\S {3,}\S", text)


@pytest.mark.parametrize("language", LANGUAGES)
def test_ts18_welcome_names_the_hand_and_the_forbidden_room(language: str, renderer: Renderer) -> None:
    game = Game()
    anna = game.state.character("Anna")
    text = render(
        renderer,
        language,
        "welcome.txt.j2",
        character="Anna",
        hand=list(anna.hand.cards()),
        game_id=game.state.game_id,
        others=[c.name for c in game.state.characters if c.name != "Anna"],
        host=anna.host,
    )
    for card in anna.hand.cards():
        assert display(card, language) in text
    assert "TS-" not in text and "g-7" in text
    assert ("You can never enter the Kitchen" if language == "en" else "Входить на кухню вам нельзя") in text
    assert ("two frags instead of one" if language == "en" else "не один фраг, а два") in text
    assert ("Boris, Vera and Gleb" if language == "en" else "Boris, Vera и Gleb") in text
    assert ("HOW TO GIVE ORDERS" if language == "en" else "КАК ОТДАВАТЬ ПРИКАЗЫ") in text
    if language == "ru":
        assert CYRILLIC.search(text) and "Kitchen" not in text


@pytest.mark.parametrize("language", LANGUAGES)
def test_ts21_trap_on_the_already_dead_comes_to_nothing(language: str, renderer: Renderer) -> None:
    game = Game()
    for _ in range(5):
        game.resolve()
    game.submit("Vera", "TRAP Anna Kitchen Sofa Knife")
    game.submit("Boris", "NIGHT 2: TRAP Anna Kitchen Sofa Knife")
    game.resolve()
    for _ in range(4):
        game.resolve()
    _, data = news_for(game.resolve(), "Boris")
    assert data["traps"][0]["void"]
    text = render(renderer, language, "trap_feedback.txt.j2", traps=data["traps"])
    assert "Anna" in text
    assert ("came to nothing" if language == "en" else "ни к чему не привела") in text


@pytest.mark.parametrize("language", LANGUAGES)
def test_ts21_status_shows_the_dead_with_their_cards(language: str, renderer: Renderer) -> None:
    game = _after_a_death()
    living = render(
        renderer, language, "status.txt.j2", view=player_view(game.state, "Vera", visible(game.log, "Vera"))
    )
    assert "Anna: " + ", ".join(display(card, language) for card in HANDS["Anna"]) in living
    assert display("Garage", language) in living  # Vera's own hand
    dead = render(
        renderer, language, "status.txt.j2", view=player_view(game.state, "Anna", visible(game.log, "Anna"))
    )
    assert ("You are dead" if language == "en" else "Ваш персонаж погиб") in dead


@pytest.mark.parametrize(
    ("language", "told"),
    [
        ("en", ("the move for", "the traps for")),
        ("ru", ("переход — ", "ловушки — ")),
    ],
)
def test_cancelling_everything_names_each_order_withdrawn(
    language: str, told: tuple[str, ...], renderer: Renderer
) -> None:
    """TS-11 ruling: the answer to "cancel everything" names each order it withdrew, with its time."""
    game = Game()
    game.submit("Boris", "MOVE Garage\nDAY 2 HOUR 1: MOVE Study\nNIGHT 1: TRAP Anna Kitchen Sofa Knife")
    verdicts = game.submit("Boris", "CANCEL EVERYTHING")
    rendered = render(renderer, language, "answer.txt.j2", **game.answer_context("Boris", verdicts))
    line = next(line for line in rendered.splitlines() if "every order" in line or "все ваши приказы" in line)
    assert all(part in line for part in told) and line.count(";") == 2, line


def test_ts4_cancelling_everything_leaves_a_trap_that_has_fired() -> None:
    """TS-4, TS-11 ruling: once tonight's traps have fired, CANCEL ALL takes back nothing of them."""
    game = Game()
    game.submit("Boris", "NIGHT 1: TRAP Anna Kitchen Sofa Knife")
    for _ in range(5):
        game.resolve()
    game.step()  # night 1's traps fire
    (verdict,) = game.submit("Boris", "CANCEL ALL")
    assert not verdict.accepted and verdict.reason == "nothing_to_cancel", verdict
