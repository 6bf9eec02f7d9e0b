"""Orders of Museum Suspects (MS-3 … MS-5), Cosmic Express (CE-4, CE-5, CE-6) and Minuit (MM-*) as
players write them by mail: polite and indirect requests, narration, Russian cases and word order,
near-miss spellings, numbers in words, several orders on one line — read from the corpora the
parsers are built on: ``tests/data/{ms,ce,mm}_orders_{en,ru}.tsv`` and the second and third corpora
``…_second.tsv``, ``…_third.tsv`` (each written apart from the parsers, scored once as held out, since
built on) — and the held-out files ``…_heldout3.tsv`` to ``…_heldout5.tsv``, written by people who had
not read the parsers.

Each line is compared with its expectation read by the keyword reader; ``X`` means the line must be
refused with a reason — never taken as an order, nor (in Cosmic Express) said aloud as table talk.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from referee.core.orders import Order, Unreadable, talk_beside_orders
from referee.core.reading import clauses_of, language_of, words_of
from referee.core.seats import fold_name
from referee.games.cosmic_express import parse as cosmic
from referee.games.minuit import parse as minuit
from referee.games.minuit.investigation import load_investigation
from referee.games.museum_suspects import parse as museum

DATA = Path(__file__).parent / "data"
CASE = load_investigation("last-waltz")
PLAYERS = {"en": ("Anna", "Boris", "Clara", "David"), "ru": ("Анна", "Борис", "Вера", "Глеб")}
"""The players' names of the Cosmic Express corpora, by the corpus's language."""

Situation = dict[str, str]
"""What a corpus's header says of the game its lines are read in (``# players: …``,
``# investigation: …``); what it does not say is the project corpora's own situation."""

Reader = Callable[[str, str, Situation], Sequence[Order | Unreadable]]
READERS: dict[str, tuple[Reader, dict[str, str]]] = {
    "ms": (lambda text, language, situation: museum.parse_text(text), museum.KEYWORDS),
    "ce": (
        lambda text, language, situation: talk_beside_orders(
            cosmic.parse_text(text, _players(situation, language), situation.get("writer", "")),
            "said",
            "\n",
            Order,
        ),
        cosmic.KEYWORDS,
    ),
    "mm": (
        lambda text, language, situation: minuit.parse_text(text, _case(situation)),
        minuit.KEYWORDS,
    ),
}
"""Each game's reader of a mail's text (Cosmic Express says its table talk aloud, CE-5), and its
keywords."""


def _players(situation: Situation, language: str) -> tuple[str, ...]:
    """The Cosmic Express players a corpus's header names, or the project corpora's."""
    named = situation.get("players")
    return tuple(name.strip() for name in named.split(",")) if named else PLAYERS[language]


def _case(situation: Situation) -> Any:
    """The Minuit investigation a corpus's header names, or the project corpora's."""
    named = situation.get("investigation")
    return _investigation(named) if named else CASE


@cache
def _investigation(name: str) -> Any:
    """A shipped investigation, loaded and checked once (its solver alone takes a tenth of a second)."""
    return load_investigation(name)


def _situation(path: Path) -> Situation:
    """The ``# key: value`` lines of ``path``'s header that name its game's situation."""
    found: Situation = {}
    text = path.read_text(encoding="utf-8")
    if writer := re.search(r"^#.*\bthe writer is (\w+)", text, re.M):
        found["writer"] = writer.group(1)  # the referee always knows whose mail it reads
    for row in text.splitlines():
        key, colon, value = row.lstrip("# ").partition(":")
        if row.startswith("#") and colon and key in ("players", "investigation"):
            found[key] = value.strip()
    return found


GOAL = 0.95
"""The share of lines a corpus must have read right."""


def _cases(path: Path) -> list[tuple[str, str]]:
    rows = (raw.rstrip("\n") for raw in path.read_text(encoding="utf-8").splitlines())
    return [tuple(row.split("\t")) for row in rows if row.strip() and not row.startswith("#")]  # type: ignore[misc]


def _meaning(items: Sequence[Order | Unreadable]) -> Any:
    """What a line was read as: its orders' kinds and arguments, or "X" if it was refused."""
    if items and all(isinstance(item, Unreadable) for item in items):
        return "X"
    return [_order(item) if isinstance(item, Order) else ("?", item.reason) for item in items]


def _order(order: Order) -> tuple[str, dict[str, Any]]:
    """An order's kind and arguments (of talk, only the words said)."""
    return order.kind, {"said": order.args["said"]} if order.kind == "say" else order.args


def _expected(game: str, expected: str, language: str, situation: Situation) -> Any:
    """The expectation read by the keyword reader: every part must begin with a keyword and be taken."""
    if expected == "X":
        return "X"
    reader, keywords = READERS[game]
    orders: list[Any] = []
    for part in expected.split(" ; "):
        assert fold_name(part.split()[0]) in keywords, part
        items = reader(part, language, situation)
        assert all(isinstance(item, Order) for item in items), (part, items)
        orders += _meaning(items)
    return orders


def _score(game: str, language: str, path: Path) -> tuple[float, list[str], list[str]]:
    """The share of ``path``'s lines read right, the misses, and the lines to refuse that were relayed
    as table talk instead."""
    reader, _ = READERS[game]
    misses: list[str] = []
    aloud: list[str] = []
    cases = _cases(path)
    situation = _situation(path)
    for line, expected in cases:
        got = _meaning(reader(line, language, situation))
        want = _expected(game, expected, language, situation)
        if got != want:
            misses.append(f"{line!r}: read {got}, expected {want}")
            if want == "X" and isinstance(got, list) and any(kind == "say" for kind, _ in got):
                aloud.append(line)  # a line to refuse relayed as table talk
    return 1 - len(misses) / len(cases), misses, aloud


CORPORA = [(game, language) for game in READERS for language in ("en", "ru")]


@pytest.mark.parametrize(("game", "language"), CORPORA)
def test_each_game_has_a_corpus_of_at_least_150_lines_per_language(game: str, language: str) -> None:
    path = DATA / f"{game}_orders_{language}.tsv"
    cases = _cases(path)
    assert len(cases) >= 150
    assert all(len(case) == 2 for case in cases), [case for case in cases if len(case) != 2]
    assert any(expected == "X" for _, expected in cases) and any(" ; " in e for _, e in cases)


BUILT_ON = ("", "_second", "_third")
"""The corpora the parsers are built on: the project's own, and the second and third ones, each written
apart from the parsers and scored once as held out before it was built on."""


@pytest.mark.parametrize(
    ("game", "language", "corpus"), [(*pair, corpus) for pair in CORPORA for corpus in BUILT_ON]
)
def test_orders_written_as_people_write_them_are_read(game: str, language: str, corpus: str) -> None:
    share, misses, aloud = _score(game, language, DATA / f"{game}_orders_{language}{corpus}.tsv")
    print(f"{game} {language}{corpus}: {share:.1%} read right")
    assert not aloud, aloud
    assert share >= GOAL, "\n".join(misses)


HELD_OUT_FIRST = {
    ("3", "ms", "en"): (0.873, 0),
    ("3", "ms", "ru"): (0.880, 0),
    ("3", "ce", "en"): (0.860, 1),
    ("3", "ce", "ru"): (0.853, 0),
    ("3", "mm", "en"): (0.733, 0),
    ("3", "mm", "ru"): (0.580, 0),
    ("4", "ms", "en"): (0.873, 0),
    ("4", "ms", "ru"): (0.867, 0),
    ("4", "ce", "en"): (0.800, 0),
    ("4", "ce", "ru"): (0.787, 0),
    ("4", "mm", "en"): (0.680, 0),
    ("4", "mm", "ru"): (0.553, 0),
    ("5", "ms", "en"): (0.831, 0),
    ("5", "ms", "ru"): (0.900, 0),
    ("5", "ce", "en"): (0.810, 0),
    ("5", "ce", "ru"): (0.798, 0),
    ("5", "mm", "en"): (0.881, 0),
    ("5", "mm", "ru"): (0.854, 0),
    ("6", "ms", "en"): (0.709, 0),
    ("6", "ms", "ru"): (0.701, 0),
    ("6", "ce", "en"): (0.690, 0),
    ("6", "ce", "ru"): (0.678, 1),
    ("6", "mm", "en"): (0.682, 0),
    ("6", "mm", "ru"): (0.682, 0),
    ("7", "ms", "en"): (0.694, 0),
    ("7", "ms", "ru"): (0.741, 0),
    ("7", "ce", "en"): (0.788, 0),
    ("7", "ce", "ru"): (0.765, 0),
    ("7", "mm", "en"): (0.674, 0),
    ("7", "mm", "ru"): (0.709, 0),
    ("8", "ms", "en"): (0.762, 0),
    ("8", "ms", "ru"): (0.774, 0),
    ("8", "ce", "en"): (0.798, 0),
    ("8", "ce", "ru"): (0.738, 0),
    ("8", "mm", "en"): (0.750, 0),
    ("8", "mm", "ru"): (0.810, 0),
    ("9", "ms", "en"): (0.869, 0),
    ("9", "ms", "ru"): (0.845, 0),
    ("9", "ce", "en"): (0.857, 0),
    ("9", "ce", "ru"): (0.857, 0),
    ("9", "mm", "en"): (0.750, 0),
    ("9", "mm", "ru"): (0.810, 0),
    ("10", "ms", "en"): (0.810, 0),
    ("10", "ms", "ru"): (0.917, 0),
    ("10", "ce", "en"): (0.821, 0),
    ("10", "ce", "ru"): (0.798, 0),
    ("10", "mm", "en"): (0.821, 0),
    ("10", "mm", "ru"): (0.833, 0),
    ("11", "ms", "en"): (0.774, 0),
    ("11", "ms", "ru"): (0.821, 0),
    ("11", "ce", "en"): (0.810, 0),
    ("11", "ce", "ru"): (0.786, 0),
    ("11", "mm", "en"): (0.738, 0),
    ("11", "mm", "ru"): (0.738, 0),
    ("12", "ms", "en"): (0.869, 0),
    ("12", "ms", "ru"): (0.917, 0),
    ("12", "ce", "en"): (0.869, 0),
    ("12", "ce", "ru"): (0.798, 0),
    ("12", "mm", "en"): (0.750, 0),
    ("12", "mm", "ru"): (0.869, 0),
    ("13", "ms", "en"): (0.869, 0),
    ("13", "ms", "ru"): (0.917, 0),
    ("13", "ce", "en"): (0.845, 0),
    ("13", "ce", "ru"): (0.833, 0),
    ("13", "mm", "en"): (0.750, 0),
    ("13", "mm", "ru"): (0.845, 0),
    ("14", "ms", "en"): (0.786, 0),
    ("14", "ms", "ru"): (0.786, 0),
    ("14", "ce", "en"): (0.738, 0),
    ("14", "ce", "ru"): (0.750, 0),
    ("14", "mm", "en"): (0.810, 0),
    ("14", "mm", "ru"): (0.774, 0),
    ("15", "ms", "en"): (0.833, 0),
    ("15", "ms", "ru"): (0.786, 0),
    ("15", "ce", "en"): (0.786, 0),
    ("15", "ce", "ru"): (0.821, 0),
    ("15", "mm", "en"): (0.595, 0),
    ("15", "mm", "ru"): (0.655, 0),
    ("16", "ms", "en"): (0.881, 0),
    ("16", "ms", "ru"): (0.786, 0),
    ("16", "ce", "en"): (0.786, 0),
    ("16", "ce", "ru"): (0.786, 0),
    ("16", "mm", "en"): (0.726, 0),
    ("16", "mm", "ru"): (0.810, 0),
    ("17", "ms", "en"): (0.821, 0),
    ("17", "ms", "ru"): (0.774, 0),
    ("17", "ce", "en"): (0.821, 0),
    ("17", "ce", "ru"): (0.774, 0),
    ("17", "mm", "en"): (0.690, 0),
    ("17", "mm", "ru"): (0.583, 0),
}
"""The share of each held-out corpus (``<game>_orders_<lang>_heldout<set>.tsv``) read right, and its lines to
refuse relayed as talk, when it was first scored by the parsers as they were before it was written
(2026-12-06). Set 3's misses were then described by class (never quoted) to the parsers' authors; set 4
was built on after it was scored; set 5, written the same way by someone who had read only the rules, was
scored before anyone who worked on the parsers read it. Set 6 (86–88 lines a file, in ``# class:`` groups,
three classes more: corrections, colloquial names, sloppy typing) was written the same way and scored
first; its lines were then built on. Set 7 (85–86 lines a file, the same classes and greetings around the
order) was written the same way while set 6 was built on, and scored once at the end. Set 8 (84 lines a
file, the same fourteen classes) was written the same way while set 7 was built on, and scored once,
unread, at the end of that work. Set 9 (84 lines a file, the same classes; 2026-12-07) was written the
same way and scored first, unread, before that day's work; its lines were then built on. Set 10 (84 lines
a file, the same classes) was written the same way at the start of that work and scored once, unread, at
its end: the score that counts. Set 11 (84 lines a file, the same classes; a stop later) was written the
same way and scored first, unread, before that stop's work; its lines were then built on. Set 12 (84 lines
a file, the same classes; the stop after) was written the same way and scored first, unread, before that
stop's work; its lines were then built on. Set 13 (84 lines a file, the same classes) was written the same
way while that work went on and scored once, unread, at its end: the score that counts for it; its lines
were read and built on the stop after. Set 14 (84 lines a file, the same classes) was written the same way
at the start of that stop and scored first, unread, and again unread at its end (Museum Suspects 82.1% and
78.6%, Cosmic Express 77.4% and 79.8%, Minuit 85.7% and 82.1%); its Minuit writer, unsure of the buoy
orders, also read the project's commit messages about them (never the parsers); its lines were read and
built on the stop after. Set 15 (84 lines a file, the same classes) was written the same way at the start
of that stop and scored first, unread, and again unread at its end (Museum Suspects 85.7% and 79.8%,
Cosmic Express 79.8% and 83.3%, Minuit 61.9% and 67.9%); its lines were read and built on the stop after.
Set 16 (84 lines a file, the same classes) was written the same way at the start of that stop and scored
first, unread, and again unread at its end, unchanged (Museum Suspects 88.1% and 78.6%, Cosmic Express
78.6% and 78.6%, Minuit 72.6% and 81.0%) while set 15, read and built on, rose to 86.9%/81.0%,
86.9%/89.3% and 66.7%/69.0%; its Museum Suspects writer, who was given no suspects' names,
suggests only rooms and the exit; its lines were read and built on the stop after. Set 17 (84 lines a
file, the same classes; its Museum Suspects writer was given the suspects' names) was written the same way
at the start of that stop and scored first, unread. The goal is ``GOAL`` and
none relayed; until then no set may ever be read worse than at first."""


@pytest.mark.parametrize(("held_out", "game", "language"), list(HELD_OUT_FIRST))
def test_the_held_out_corpora_are_never_read_worse_than_when_first_scored(
    held_out: str, game: str, language: str
) -> None:
    """Each held-out corpus, written apart from the parsers: printed, never below its first scoring,
    and never more lines to refuse relayed as talk than then."""
    share, misses, aloud = _score(game, language, DATA / f"{game}_orders_{language}_heldout{held_out}.tsv")
    print(f"{game} {language} held out, set {held_out}: {share:.1%} read right, {len(aloud)} said aloud")
    first_share, first_aloud = HELD_OUT_FIRST[(held_out, game, language)]
    assert len(aloud) <= first_aloud, aloud
    assert share >= first_share - 0.0005, "\n".join(misses)


@pytest.mark.parametrize(
    ("line", "language"),
    [
        ("Please look at clue three with my 4", "en"),
        ("Прошу исследовать третью улику", "ru"),
        ("B2 с 1", "ru"),
    ],
)
def test_a_line_is_in_the_language_most_of_its_letters_are(line: str, language: str) -> None:
    assert language_of(line) == language


def test_numbers_written_in_words_are_read_in_both_languages() -> None:
    numbers = [
        word.number for word in words_of("three, четвёртую, пятёркой, twenty one, двадцать два, 3-ю, #7")
    ]
    assert numbers == [3, 4, 5, 21, 22, 3, 7]


def test_a_line_is_cut_into_clauses_where_a_new_order_may_begin() -> None:
    assert clauses_of("look at clue 3 with 4, then suggest B2 with 1; и подозреваю Адель с 5") == [
        "look at clue 3 with 4",
        "suggest B2 with 1",
        "подозреваю Адель с 5",
    ]


def test_a_line_naming_the_game_but_not_read_is_refused_with_a_question_in_its_language() -> None:
    english = museum.parse_text("Should I investigate clue 3 with 4?")
    russian = museum.parse_text("Может, подозреваю Адель с 5?")
    assert [item.params.get("suggestion") for item in english + russian if isinstance(item, Unreadable)] == [
        "INVESTIGATE 3 WITH 4",
        "ПОДОЗРЕВАЮ Адель С 5",
    ]
    assert all(isinstance(item, Unreadable) and item.is_order for item in english + russian)


def _minuit(line: str) -> Any:
    return _meaning(minuit.parse_text(line, load_investigation("nocturne")))


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        # MM-16: a location named by its name or as a suspect's cabin, the method as an adverb
        ("Discreetly search the restaurant", [("search", {"location": 21, "method": "discreet"})]),
        ("Тщательно осматриваю прачечную", [("search", {"location": 23, "method": "thorough"})]),
        ("Search Zoe's cabin quickly", [("search", {"location": 12, "method": "quick"})]),
        # a zone named by one of its locations (MM-1), and a bare destination
        ("I head to the laundry", [("move", {"zone": 9})]),
        ("На камбуз!", [("move", {"zone": 7})]),
        # MM-18: verbs of sending a suspect
        ("Send Greta to zone 5", [("escort", {"suspect": "greta", "zone": 5})]),
        ("Переставляю Надю в зону 8", [("escort", {"suspect": "nadia", "zone": 8})]),
        # MM-15: questioning by a verb of talking, or as a check of a topic
        (
            "Speak with Roman about his motive, discreetly",
            [("question", {"suspect": "roman", "topic": "motive", "method": "discreet"})],
        ),
        (
            "Быстро узнаю у Нади её алиби",
            [("question", {"suspect": "nadia", "topic": "alibi", "method": "quick"})],
        ),
        # MM-20: a hypothesis written as its element, or as a belief, without the word
        (
            "Weapon: 2, otherwise 3",
            [("hypothesis", {"element": "means", "first": "poison", "second": "flacon"})],
        ),
        (
            "Думаю, это Роман или Надя",
            [("hypothesis", {"element": "culprit", "first": "roman", "second": "nadia"})],
        ),
        # handing the turn over; asking where everyone is
        ("Next player, please", [("end", {})]),
        ("Где сейчас все подозреваемые?", [("status", {})]),
        # a manner that is no method, and a zone where a location is due, are asked about
        ("Search the casino carefully", "X"),
        ("Обыскиваю зону 5 быстро", "X"),
    ],
)
def test_minuit_orders_of_each_class_are_read_by_meaning(line: str, expected: Any) -> None:
    assert _minuit(line) == expected


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        # MS-3: "show me a clue" is investigating it
        ("Show me clue 5, paying my 2", [("investigate", {"clue": 5, "value": 2})]),
        ("Покажите улику 6, жетон 3", [("investigate", {"clue": 6, "value": 3})]),
        # asking whose turn it is or what is left is asking the state; asking how to play, the help
        ("Whose move is it now?", [("status", {})]),
        ("Сколько жетонов у меня осталось?", [("status", {})]),
        ("How does a turn work?", [("help", {})]),
        ("Напомните, как ходить", [("help", {})]),
        # asking leave is an order
        ("May I look at clue 4 with my 3?", [("investigate", {"clue": 4, "value": 3})]),
        ("Можно исследовать улику 2 жетоном 6?", [("investigate", {"clue": 2, "value": 6})]),
        # MS-5: a number before a token noun in the form of a count counts tokens, it names none
        ("Put three tokens on Bruno", "X"),
        ("Кладу три жетона на Бруно", "X"),
        ("One token, a 5, on Bruno please", [("suggest", {"suspect": "bruno", "value": 5})]),
        # MS-4: a room named by its column and row, or as a corner (row 1 is the top row)
        ("Suggest the room in column B, row 4 with 2", [("suggest", {"target": "B4", "value": 2})]),
        ("Подозреваю клетку: ряд 2, столбец D, жетон 3", [("suggest", {"target": "D2", "value": 3})]),
        ("Token 6 on the bottom-right room", [("suggest", {"target": "D4", "value": 6})]),
        ("Кладу жетон 2 в левый нижний угол", [("suggest", {"target": "A4", "value": 2})]),
        # an order without a verb: a clue with a token is looked at, a token given to a place suggests it
        ("Clue 5 with 3", [("investigate", {"clue": 5, "value": 3})]),
        ("Улика 4, жетон 2", [("investigate", {"clue": 4, "value": 2})]),
        ("Hector gets my 6", [("suggest", {"suspect": "hector", "value": 6})]),
        ("Гектору мою шестёрку", [("suggest", {"suspect": "hector", "value": 6})]),
        # a clause does not borrow a verb that does not fit what it names
        (
            "Look at clue 2 with 5 and then Bruno with a 3",
            [("investigate", {"clue": 2, "value": 5}), ("suggest", {"suspect": "bruno", "value": 3})],
        ),
        (
            "Смотрю улику 3 жетоном 2, а потом Нестор с 4",
            [("investigate", {"clue": 3, "value": 2}), ("suggest", {"suspect": "nestor", "value": 4})],
        ),
        # a clause without an order word completes the one before it
        ("Okay, clue 6, please, token 1", [("investigate", {"clue": 6, "value": 1})]),
        ("Улика 7, пожалуйста, за двойку", [("investigate", {"clue": 7, "value": 2})]),
        # an ordinal that orders the orders is no clue; a doubled letter written once is no slip
        (
            "First clue 4 with token 2, then my 5 on Klara",
            [("investigate", {"clue": 4, "value": 2}), ("suggest", {"suspect": "klara", "value": 5})],
        ),
        ("Lok at clue 8 with 1", [("investigate", {"clue": 8, "value": 1})]),
        ("pek at clue 2 with 3", [("investigate", {"clue": 2, "value": 3})]),
    ],
)
def test_museum_suspects_orders_of_each_class_are_read_by_meaning(line: str, expected: Any) -> None:
    assert _meaning(museum.parse_text(line)) == expected


def _cosmic(line: str) -> Any:
    language = language_of(line)
    return _meaning(READERS["ce"][0](line, language, {}))


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        # CE-4: verbs of putting, sliding and trading an item to a player are offers
        ("Place my wrench before Clara", [("offer", {"to": "Clara", "item": "Wrench"})]),
        ("Подкладываю Глебу свечу", [("offer", {"to": "Глеб", "item": "Candle"})]),
        ("David, I trade you my candle", [("offer", {"to": "David", "item": "Candle"})]),
        # phrasal verbs: turning down or passing on an offer refuses it, turning a card over reveals
        ("Turn O4 down", [("refuse", {"offer": "O4"})]),
        ("Pass on offer 6, thanks", [("refuse", {"offer": "O6"})]),
        ("Turn that weapon card over now", [("reveal", {})]),
        # an offer answered without a verb: with an item it is accepted, with a no refused
        ("Okay, O4: the candle for it", [("accept", {"offer": "O4", "item": "Candle"})]),
        ("Хорошо, на O3 — мою свечу", [("accept", {"offer": "O3", "item": "Candle"})]),
        ("No to O8", [("refuse", {"offer": "O8"})]),
        ("Нет, O2", [("refuse", {"offer": "O2"})]),
        ("No idea about O3", [("say", {"said": "No idea about O3"})]),
        # giving an item for an offer is accepting it
        ("On offer 4 I hand over my trash", [("accept", {"offer": "O4", "item": "Trash"})]),
        # a player given to and an item, without a verb, are an offer
        ("To Clara: my wrench", [("offer", {"to": "Clara", "item": "Wrench"})]),
        ("Глебу — мой мусор", [("offer", {"to": "Глеб", "item": "Trash"})]),
        # CE-9: giving the Dummy an item and taking its card is a swap
        ("Hand the dummy my wrench and take its card 1", [("swap", {"item": "Wrench", "slot": 1})]),
        # saying one trades no more is DONE
        ("No more trading for me", [("done", {})]),
        ("Я дальше не обмениваюсь", [("done", {})]),
        ("Finished with the swapping", [("done", {})]),
        ("Обмен я закончил", [("done", {})]),
        # a player's name with a letter left out, in any case
        ("Arrest Clra", [("arrest", {"target": "Clara"})]),
        ("Отдаю Глбу свечу", [("offer", {"to": "Глеб", "item": "Candle"})]),
        # asking to be shown one's own cards is STATUS
        ("Show me what my cards are", [("status", {})]),
        ("Покажи мне мои карты", [("status", {})]),
        # asking leave is an order, unless the order is final (CE-6)
        ("May I offer David my candle?", [("offer", {"to": "David", "item": "Candle"})]),
        ("Можно отдать Глебу ключ?", [("offer", {"to": "Глеб", "item": "Wrench"})]),
        ("Can I arrest Clara?", "X"),
        ("Можно арестовать Глеба?", "X"),
        # a negation beside the order, in a clause of its own, does not deny it
        ("O6 — not for me, I decline", [("refuse", {"offer": "O6"})]),
        ("Не хочу, отклоняю O7", [("refuse", {"offer": "O7"})]),
    ],
)
def test_cosmic_express_orders_of_each_class_are_read_by_meaning(line: str, expected: Any) -> None:
    """CE-4, CE-6, CE-9 orders written as people write them."""
    assert _cosmic(line) == expected


def _asked(suspect: str, topic: str, method: str) -> dict[str, str]:
    return {"suspect": suspect, "topic": topic, "method": method}


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        # MM-1: verbs of going in any form, from the core's list of them; a destination alone
        ("Wander over to the casino", [("move", {"zone": 6})]),
        ("Потопаю в ресторан", [("move", {"zone": 7})]),
        ("The piano bar, thanks", [("move", {"zone": 4})]),
        # MM-15: a question written as suspect, topic and manner, or with a verb of pressing
        ("Roman: witness, thorough", [("question", _asked("roman", "witness", "thorough"))]),
        ("Надя: мотив, осторожно", [("question", _asked("nadia", "motive", "discreet"))]),
        ("Press Roman on his motive, quickly", [("question", _asked("roman", "motive", "quick"))]),
        # ending the turn in other words
        ("That's it for this turn", [("end", {})]),
        ("Всё, я закончила", [("end", {})]),
        ("My turn is over", [("end", {})]),
        # a manner in a clause of its own goes with the one order before it
        ("Again, thorough", [("retry", {"method": "thorough"})]),
        # orders of different kinds on one line, a manner after the last
        (
            "Head to the hold and question Greta about her alibi, quick",
            [("move", {"zone": 10}), ("question", {"suspect": "greta", "topic": "alibi", "method": "quick"})],
        ),
    ],
)  # fmt: skip
def test_minuit_orders_of_the_third_corpus_classes_are_read(line: str, expected: Any) -> None:
    """MM-1, MM-15, MM-16: new lines of the classes the third corpus showed, none of them from a corpus."""
    assert _minuit(line) == expected


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        # help and one's own cards asked in any words are HELP and STATUS, never said aloud (CE-5)
        ("Please send me the list of commands", [("help", {})]),
        ("Which cards am I holding?", [("status", {})]),
        ("So what am I holding now?", [("status", {})]),
        ("Что у меня за карты?", [("status", {})]),
        # trading said to be over
        ("Обмен на сегодня окончен", [("done", {})]),
        # an item asked of another player is no offer of the writer's: asked back, not said aloud
        ("Boris, give me your candle!", "X"),
        ("Вера, отдай мне ключ", "X"),
    ],
)
def test_cosmic_express_help_status_and_done_in_other_words_are_read(line: str, expected: Any) -> None:
    """CE-5: a request to the referee is an order, not table talk."""
    assert _cosmic(line) == expected


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        (
            "look at clue 2 with 6 / suggest Hector with 1",
            [("investigate", {"clue": 2, "value": 6}), ("suggest", {"suspect": "hector", "value": 1})],
        ),
        (
            "смотрю улику 5 с 3 / Гектору мою двойку",
            [("investigate", {"clue": 5, "value": 3}), ("suggest", {"suspect": "hector", "value": 2})],
        ),
    ],
)
def test_museum_suspects_orders_parted_by_a_slash_are_each_read(line: str, expected: Any) -> None:
    """MS-3: orders on one line parted by " / " are read one by one."""
    assert _meaning(museum.parse_text(line)) == expected


def test_the_class_lines_stand_in_no_corpus() -> None:
    """The lines of the class tests above are new, not lines the corpora score."""
    written = {line for path in DATA.glob("*_orders_*.tsv") for line, *_ in _cases(path)}
    tests = (
        test_minuit_orders_of_the_third_corpus_classes_are_read,
        test_cosmic_express_help_status_and_done_in_other_words_are_read,
        test_museum_suspects_orders_parted_by_a_slash_are_each_read,
    )
    lines = [line for test in tests for line, _ in test.pytestmark[0].args[1]]  # type: ignore[attr-defined]
    assert len(lines) == 20
    assert not written.intersection(lines)
