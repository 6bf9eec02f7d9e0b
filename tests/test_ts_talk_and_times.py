"""Talk beside orders (TS-23 ruling) and times in orders (TS-4, TS-11 ruling), through the Ten Sailors rules.

In one mail a line that is an order is an order; a line that neither is nor resembles one is
table talk, said aloud where the character is, in the order written; a line that resembles an
order but cannot be read is refused and never said aloud. A time in an order names the segment
that holds it: today's if it has not ended, otherwise the next day's.
"""

from __future__ import annotations

import re
import sys
from dataclasses import asdict

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from ts_helpers import Game

from referee.core.orders import Order, Unreadable, talk_beside_orders
from referee.games.ten_sailors import notices, times
from referee.games.ten_sailors.parse import parse_text
from referee.games.ten_sailors.state import Segment
from referee.render import Renderer, templates_dir

RU_HANDS = {
    "Анна": ("Kitchen", "Sofa", "Knife"),
    "Борис": ("Dining Room", "Fireplace", "Pistol"),
    "Вера": ("Bedroom", "Table", "Poison"),
}


def russian_game() -> Game:
    """A three-character Russian game at day 1, hour 1, everyone in the Hall."""
    game = Game(tuple(RU_HANDS), hands=RU_HANDS, host="Борис", language="ru")
    game.advance_to("d1h1")
    return game


# --- talk beside orders -----------------------------------------------------------------------------


def test_a_chatty_line_beside_an_order_is_said_aloud_and_the_order_kept_ts_23() -> None:
    """TS-23 ruling: «Анна, а я терпеть не могу запах бензина» is talk; «иду в оранжерею» an order."""
    game = russian_game()
    verdicts = game.submit("Вера", "Анна, а я терпеть не могу запах бензина\nИду в оранжерею.")
    assert [v.accepted for v in verdicts] == [True, True]
    assert [v.understood["kind"] for v in verdicts] == ["say", "move"]
    (said,) = game.events("message_posted")
    assert said.data["text"] == "Анна, а я терпеть не могу запах бензина"
    assert said.data["location"] == "Hall" and "Анна" in said.audience
    assert game.state.moves[("d1h1", "Вера")].order.room == "Conservatory"


def test_talk_lines_around_orders_are_said_once_in_the_order_written_ts_23() -> None:
    """TS-23 ruling: every talk line of a mail, in the order written, as one message where the speaker is."""
    game = Game()
    game.advance_to("d1h1")
    verdicts = game.submit("Anna", "Hello all!\ngo to the study\nsee you there\nsearch knife and sofa")
    assert [(v.understood.get("kind"), v.reason) for v in verdicts] == [
        ("say", ""),
        ("move", ""),
        (None, "search_in_hall"),  # read, but nobody searches in the Hall
    ]
    assert verdicts[0].understood["talk"] == ["Hello all!", "see you there"]
    assert [e.data["text"] for e in game.events("message_posted")] == ["Hello all! see you there"]


def test_a_line_that_resembles_an_order_is_refused_and_never_said_aloud_ts_23() -> None:
    """TS-23 ruling: «иду в чулан» (no such room) is refused with its reason; the talk beside it is said."""
    game = russian_game()
    verdicts = game.submit("Вера", "иду в чулан\nкто со мной?")
    assert (verdicts[0].accepted, verdicts[0].reason) == (False, "unknown_location")
    assert verdicts[0].params["text"] == "чулан"
    assert [e.data["text"] for e in game.events("message_posted")] == ["кто со мной?"]
    assert game.state.moves == {}


def test_a_misspelt_order_word_resembles_an_order_and_is_refused_ts_23() -> None:
    """TS-23 ruling: ``Serc rope`` nearly starts with an order word (too short to be read as one): refused
    with a suggestion, not said."""
    game = Game()
    verdicts = game.submit("Anna", "Serc rope sink\nMOVE Study")
    assert (verdicts[0].accepted, verdicts[0].reason, verdicts[0].params["suggestion"]) == (
        False,
        "unknown_order",
        "SEARCH",
    )
    assert game.events("message_posted") == []


def test_the_core_rule_gathers_talk_and_keeps_orders_and_refusals_in_place_ts_23() -> None:
    """TS-23 ruling, in the core every game shares: talk gathered where it first stood, the rest unchanged."""
    order = Order("OFFER Boris Candle", "offer", {"to": "Boris"})
    typo = Unreadable("OFER Boris", "unknown_order", {}, is_order=True)
    items = [
        Unreadable("hi", "unknown_order", {}, is_order=False),
        order,
        typo,
        Unreadable("bye", "unknown_order", {}, is_order=False),
    ]
    spoken, kept, refused = talk_beside_orders(items, "said", "\n", Order)
    assert isinstance(spoken, Order) and spoken.args == {"said": "hi\nbye", "talk": ["hi", "bye"]}
    assert (kept, refused) == (order, typo)
    assert talk_beside_orders([order, typo], "said", "\n", Order) == [order, typo]


@pytest.mark.parametrize(
    ("language", "shown"),
    [("en", "taken as talk"), ("ru", "сказаны как реплика")],
)
def test_the_answer_shows_which_lines_were_taken_as_talk_ts_23(language: str, shown: str) -> None:
    """TS-23 ruling: the answer names the lines said aloud as talk, once, beside the accepted order."""
    game = Game()
    game.advance_to("d1h1")
    before = game.state
    verdicts = game.submit("Anna", "I smell petrol\ngo to the study")
    data = notices.answer(before, game.state, "Anna", verdicts, lambda: [])
    text = Renderer(templates_dir()).render(language, "answer.txt.j2", kind="ten-sailors", **data)
    assert shown in text and text.count("I smell petrol") == 1
    assert asdict(verdicts[1])["understood"]["room"] == "Study"


# --- times ------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("now", "line", "segment"),
    [
        ("d1h1", "в 14:00 иду в столовую", "d1h2"),  # later today
        ("d1h2", "в 14:00 иду в столовую", "d1h2"),  # the open segment holds 14:00
        ("d1h3", "в 14:00 иду в столовую", "d2h2"),  # today's 14:00 is over: tomorrow's
        ("d1n", "at 14:00 go to the dining room", "d2h2"),
        ("d1h1", "at 12:30 go to the study", "d1h2"),  # a boundary starts the later segment
        ("d1h2", "ночью иду в кабинет", "d1n"),
        ("d1n", "tonight go to the study", "d1n"),
        ("d1h2", "завтра ночью ловушка на Анну: кухня, диван, нож", "d2n"),
        ("d1h2", "завтра ловушка на Анну: кухня, диван, нож", "d2n"),  # a day alone: its night, for a trap
        ("d1h2", "завтра иду в кухню", "d2h1"),  # a day alone: its first hour, for a move
        ("d1h2", "next hour go to the garage", "d1h3"),
        ("d1h4", "в первом часу иду в гараж", "d2h1"),
        ("d1h1", "д2ч3: иду в гараж", "d2h3"),
        ("d1h1", "day 2 at 12:30 go to the study", "d2h2"),
    ],
)
def test_a_time_names_the_segment_that_holds_it_today_or_else_tomorrow_ts_4_ts_11(
    now: str, line: str, segment: str
) -> None:
    """TS-4 / TS-11 ruling: the segment containing the time, today's unless it has ended."""
    (order,) = parse_text(line, ["Anna", "Анна"], Segment.from_key(now))
    assert not isinstance(order, Unreadable), order
    assert order.when == Segment.from_key(segment)


def test_a_time_on_a_line_of_its_own_applies_to_the_lines_below_it_ts_11() -> None:
    """TS-11 ruling: «завтра:» alone heads the orders after it; alone at the end it is refused."""
    game = Game()
    game.advance_to("d1h1")
    verdicts = game.submit("Anna", "завтра:\nиду в кухню\nищу нож и диван")
    assert [v.understood["segment"] for v in verdicts] == ["d2h1", "d2h1"]
    (alone,) = game.submit("Anna", "tomorrow:")
    assert (alone.accepted, alone.reason) == (False, "time_alone")


def test_several_orders_on_one_line_are_each_judged_ts_11() -> None:
    """TS-11: «иду в спальню, ищу нож и диван» is a move and a search, both in force."""
    game = Game()
    game.put({"Anna": "Study"})
    verdicts = game.submit("Anna", "иду в спальню, ищу нож и диван")
    assert [(v.understood["kind"], v.accepted) for v in verdicts] == [("move", True), ("search", True)]
    assert game.state.moves[("d1h1", "Anna")].order.room == "Bedroom"
    assert game.state.searches[("d1h1", "Anna")].order.cards == ("Knife", "Sofa")


def test_stay_keeps_the_character_where_they_are_ts_17() -> None:
    """TS-17 ruling: «остаюсь на месте» withdraws a move in force, and is accepted with none."""
    game = Game()
    game.put({"Anna": "Study"})
    (first,) = game.submit("Anna", "остаюсь на месте")
    assert (first.accepted, first.understood["kind"]) == (True, "stay")
    game.order("Anna", "go to the garage")
    (second,) = game.submit("Anna", "stay here")
    assert (second.accepted, second.understood["kind"]) == (True, "stay")
    assert game.state.moves == {}


_TIME_PIECES = [
    "день", "ДЕНЬ", "д", "day", "D", "час", "ЧАС", "ч", "hour", "h", "ночь", "НОЧЬЮ", "night", "n",
    "tonight", "at", "в", "во", "на", "завтра", "послезавтра", "tomorrow", "today", "сегодня", "утром",
    "с утра", "morning", "вечером", "evening", "следующий", "next", "turn", "ход", "first", "второй",
    "1st", "am", "pm", "часов", "дня", "-й", ":", ".", ",", " ", "  ", "—", "\n", "2", "14", "00", "9",
    "MOVE", "Study", "SAY", "nıght", "İ", "ſ", "ТУРНИР", "кабинет", "Hour", "NIGHT:", "x",
]  # fmt: skip


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(_TIME_PIECES), max_size=12).map("".join))
def test_a_line_is_read_for_times_as_the_whole_pattern_reads_it_ts_11(text: str) -> None:
    """The quick look for a digit or a time word passes over no time the full pattern would find."""
    full = [
        (
            match.start(),
            match.end(),
            times._read(match.lastgroup or "", [g for g in match.groups() if g is not None][1:]),
        )
        for match in times._FIND.finditer(text)
    ]
    assert times.find_times(text) == full
    at_start = [(end, when) for start, end, when in full[:1] if start == 0]
    assert [times.time_at_start(text)] == (at_start or [None])


@pytest.mark.parametrize(
    "text", ["сегодняшний чай", "завтрашний день", "daytomorrow", "tonightly", "вечеромъ", "на ночьку"]
)
def test_a_word_that_only_holds_a_time_word_names_no_time_ts_11(text: str) -> None:
    """ "Сегодняшний" is not "сегодня": every time word must stand as a word of its own (its adjective names
    a time only said of an order, «сегодняшний обыск»)."""
    assert times.find_times(text) == []


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("сегодня обыск", "сегодня"),
        ("MOVE Study tomorrow", "tomorrow"),
        ("в ночь иду", "в ночь"),
        ("at 14:00", "at 14:00"),
    ],
)
def test_a_time_word_standing_alone_is_found_ts_11(text: str, found: str) -> None:
    assert [text[start:end] for start, end, _ in times.find_times(text)] == [found]


def test_times_read_in_lower_case_are_the_times_read_ignoring_case_for_every_character_ts_11() -> None:
    """``find_times`` reads a text in lower case with a case-sensitive pattern unless it holds one of
    the few letters that the case-blind pattern reads otherwise: none is missing from that list."""
    chars = [chr(code) for code in range(sys.maxunicode + 1) if not 0xD800 <= code <= 0xDFFF]
    every = "".join(chars)
    lowered = [char.lower() for char in chars]
    odd = {char for char, lower in zip(chars, lowered, strict=True) if len(lower) != 1}
    letters = {char for _, pattern in times._PATTERNS for char in pattern if char.isalpha()}
    for letter in letters:
        blind = set(re.findall(f"[{re.escape(letter)}]", every, re.I))
        odd |= blind ^ {char for char, lower in zip(chars, lowered, strict=True) if lower == letter}
    same_length = "".join(lower if len(lower) == 1 else "\x00" for lower in lowered)
    for kind in (r"\w", r"\d", r"\s"):
        before = {found.start() for found in re.finditer(kind, every)}
        after = {found.start() for found in re.finditer(kind, same_length)}
        odd |= {every[at] for at in before ^ after}
    assert odd == set(re.findall(times._CASE_ODD, every))
