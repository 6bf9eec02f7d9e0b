"""Ten Sailors orders read by what they mean, as people write them (TS-11, TS-12, TS-20, TS-22, TS-23).

A line is read from its parts: the order words in any form (misspelt ones too), the cards, places and
characters it names in any order, its times; politeness and narration around them change nothing.
A line that names something beside an order word or a time but cannot be read for sure is asked
about — never said aloud (TS-23 ruling, talk beside orders); only conversation is talk. The answer
says how each line was read, in the player's language.
"""

from __future__ import annotations

import pytest
from ts_helpers import Game

from referee.core.orders import Unreadable
from referee.core.rules import visible
from referee.games.ten_sailors import RULES
from referee.games.ten_sailors.parse import Order, parse_text
from referee.games.ten_sailors.state import Segment
from referee.render import Renderer, templates_dir

KIND = "ten-sailors"
RU = ("Анна", "Борис", "Вера", "Глеб")
EN = ("Anna", "Boris", "Carl", "Dora")
NIGHT = Segment(1, "night")


@pytest.fixture(scope="module")
def renderer() -> Renderer:
    return Renderer(templates_dir())


def _answer(renderer: Renderer, game: Game, seat: str, text: str, language: str) -> tuple[list, str]:
    before = game.state
    verdicts = game.submit(seat, text)
    data = RULES.answer(before, game.state, seat, verdicts, lambda: visible(game.log, seat))
    return verdicts, renderer.render(language, "answer.txt.j2", kind=KIND, **data)


def _one(text: str, names: tuple[str, ...], now: Segment) -> Order:
    (item,) = parse_text(text, names, now)
    assert isinstance(item, Order), item
    return item


@pytest.mark.parametrize(
    ("text", "names", "room"),
    [
        ("утром буду в спальне", RU, "Bedroom"),
        ("утром иду в кабинет", RU, "Study"),
        ("I'll be in the study in the morning", EN, "Study"),
        ("in the morning I go to the garage", EN, "Garage"),
    ],
)
def test_ts22_at_night_a_move_for_the_morning_is_the_move_for_10_00(
    text: str, names: tuple[str, ...], room: str
) -> None:
    """TS-22: at night, a move "for the morning" (or being somewhere in the morning) is the night's move,
    there at 10:00 — not a move at the end of hour 1."""
    order = _one(text, names, NIGHT)
    assert (order.kind, order.args, order.when) == ("move", {"room": room}, NIGHT)


def test_ts22_a_morning_move_after_a_trap_of_the_night_is_that_nights_move() -> None:
    """TS-20/TS-22: «…, утром иду в спальню» after a trap for tonight is the move for 10:00 after it."""
    trap, move = parse_text(
        "ночью ловушка на Веру: кухня, диван, нож, утром иду в спальню", RU, Segment(1, "hour2")
    )
    assert isinstance(trap, Order) and isinstance(move, Order)
    assert (trap.when, move.when, move.args) == (NIGHT, NIGHT, {"room": "Bedroom"})


@pytest.mark.parametrize(
    ("text", "day"),
    [("в ночь на 3-й день ловушка на Веру: спальня, стол, яд", 2), ("on the night before day 4, trap Carl: "
     "bedroom, table, poison", 3)],
)  # fmt: skip
def test_ts20_the_night_before_a_day_is_the_night_of_the_day_before(text: str, day: int) -> None:
    """TS-4/TS-20: «в ночь на 3-й день» is the night that ends on the morning of day 3: night 2."""
    order = _one(text, RU + EN, Segment(1, "hour1"))
    assert (order.kind, order.when) == ("trap", Segment(day, "night"))


@pytest.mark.parametrize("language", ["en", "ru"])
def test_ts20_a_trap_written_freely_is_set_and_the_answer_says_how_it_was_read(
    renderer: Renderer, language: str
) -> None:
    """TS-20: the target apart from the cards, over three sentences, is still one trap; the answer names
    the target and the three cards it was read as."""
    game = Game(language=language)
    game.advance_to("d1n")
    verdicts, text = _answer(
        renderer, game, "Anna", "Setting a trap. Target: Carl. Bedroom, table, poison", language
    )
    assert [v.accepted for v in verdicts] == [True]
    assert {k: verdicts[0].understood[k] for k in ("target", "room", "furniture", "weapon")} == {
        "target": "Carl",
        "room": "Bedroom",
        "furniture": "Table",
        "weapon": "Poison",
    }
    assert "Carl" in text and {"en": "Bedroom", "ru": "Спальня"}[language] in text


@pytest.mark.parametrize(("language", "shown"), [("en", '"serach" = SEARCH'), ("ru", "«serach» — ИСКАТЬ")])
def test_ts11_a_misspelt_order_word_is_read_and_the_answer_says_as_what(
    renderer: Renderer, language: str, shown: str
) -> None:
    """TS-11: "serach" is read as a search, and the answer says which word was read as which order."""
    game = Game(language=language)
    game.put({"Anna": "Garage"})
    verdicts, text = _answer(renderer, game, "Anna", "serach rope and sink", language)
    assert verdicts[0].accepted and verdicts[0].understood["cards"] == ["Rope", "Sink"]
    assert shown in text


@pytest.mark.parametrize(
    ("language", "question"),
    [
        ("en", "did you mean: TRAP Carl — Kitchen, Sofa?"),
        ("ru", "вы имели в виду: ЛОВУШКА Carl — Кухня, Диван?"),
    ],
)
def test_ts23_a_plan_not_read_for_sure_is_asked_about_never_said_aloud(
    renderer: Renderer, language: str, question: str
) -> None:
    """TS-23 ruling: a trap with two cards, written freely, is neither set nor heard by anyone: the
    writer is asked what they meant, in their language."""
    game = Game(language=language)
    game.advance_to("d1n")
    verdicts, text = _answer(renderer, game, "Anna", "kitchen, sofa — trap for Carl", language)
    assert [(v.accepted, v.reason) for v in verdicts] == [(False, "did_you_mean")]
    assert game.events("message_posted") == [] and not game.state.traps
    assert question in text


def test_ts20_two_traps_on_one_line_are_both_set() -> None:
    """TS-20: "traps: Carl - …; Dora - …" sets two traps, each with its own three cards."""
    game = Game()
    game.advance_to("d1n")
    verdicts = game.submit(
        "Anna", "traps: Carl - bedroom, table, poison; Dora - living room, car, baseball bat"
    )
    assert [(v.accepted, v.understood.get("target")) for v in verdicts] == [(True, "Carl"), (True, "Dora")]


def test_ts23_a_remark_after_a_move_is_said_and_the_move_kept() -> None:
    """TS-23 ruling: «иду в оранжерею, там посмотрим» — the move is an order, the rest is talk."""
    game = Game()
    game.put({"Anna": "Garage", "Dora": "Garage"})
    verdicts = game.submit("Anna", "going to the conservatory, we'll see what's there")
    assert [v.understood.get("kind") for v in verdicts] == ["move", "say"]
    (posted,) = game.events("message_posted")
    assert posted.data["text"] == "we'll see what's there"


@pytest.mark.parametrize(
    "text",
    [
        "Did anyone search the sofa?",
        "I went to the kitchen and it was empty",
        "Кто-нибудь обыскивал диван?",
        "Я заходил на кухню, там пусто",
        "Anna, I can't stand the smell of petrol",
    ],
)
def test_ts23_conversation_that_names_cards_stays_talk(text: str) -> None:
    """TS-23: a question, or what was done told in the past, is talk even when it names cards or places."""
    items = parse_text(text, EN + RU, Segment(1, "hour1"))
    assert items and all(isinstance(i, Unreadable) and not i.is_order for i in items), items


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("Прошу переместить моего персонажа в гостиную", "move"),
        ("Мастер, Борис идёт в столовую", "move"),
        ("Could you move my character to the garage?", "move"),
        ("Carl searches the sofa and the knife", "search"),
        ("на Глеба ставлю ловушку: оранжерея, кресло, подсвечник", "trap"),
    ],
)
def test_ts11_politeness_and_narration_around_an_order_change_nothing(text: str, kind: str) -> None:
    """TS-11: «прошу», "could you", «мой персонаж», «<Имя> идёт», a target written first are wrappers."""
    assert _one(text, EN + RU, NIGHT if kind == "trap" else Segment(1, "hour1")).kind == kind


def test_ts11_another_characters_name_before_a_move_is_no_order_of_the_writer() -> None:
    """TS-11: «Анна идёт на кухню» is Anna's move when Anna writes it; written by Dora of Anna, it is no
    move of Dora's — and, naming a place beside a move word, it is asked about, not said aloud."""
    game = Game()
    game.put({"Anna": "Garage", "Dora": "Garage"})
    (own,) = game.submit("Anna", "Anna goes to the study")
    assert own.accepted and own.understood["room"] == "Study"
    (other,) = game.submit("Dora", "Anna goes to the study")
    assert (other.accepted, other.reason) == (False, "did_you_mean")
    assert game.events("message_posted") == []


@pytest.mark.parametrize(
    ("language", "line", "question"),
    [
        ("en", "Maybe I'll head to the garage", "did you mean: MOVE Garage?"),
        ("ru", "Может, загляну в гараж", "вы имели в виду: ИДТИ Гараж?"),
        (
            "ru",
            "Пойду в зал",
            "«зал» — непонятно, что имеется в виду: Столовая, Холл или Музыкальная комната.",
        ),
    ],
)
def test_ts23_a_plan_left_open_is_asked_back_in_the_writers_language(
    renderer: Renderer, language: str, line: str, question: str
) -> None:
    """TS-23 ruling: a hedged plan, or a place several could be, is neither carried out nor heard by
    anyone: the answer asks what was meant, in the writer's language."""
    game = Game(language=language)
    verdicts, text = _answer(renderer, game, "Anna", line, language)
    assert [v.accepted for v in verdicts] == [False]
    assert game.events("message_posted") == []
    assert question in text
