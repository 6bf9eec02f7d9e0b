"""What a speaker is told of their own table talk in Ten Sailors (TS-23 and its rulings, TS-3).

A line reaches exactly the characters present where it is said, so the answer to the speaker names
them — the speaker sees who is with them — or says that nobody heard it when they are alone. In a
later report (or the morning mail) the speaker's own lines come only as part of a conversation, and
marked as theirs, never as if someone else had said them.
"""

from __future__ import annotations

import pytest
from ts_helpers import Game

from referee.core.rules import visible
from referee.games.ten_sailors import RULES
from referee.render import LANGUAGES, Renderer, templates_dir

KIND = "ten-sailors"
ROOM = "Bedroom"  # Carl's card: Anna, Dora and Egor may all go there


@pytest.fixture(scope="module")
def renderer() -> Renderer:
    return Renderer(templates_dir())


def _answer(renderer: Renderer, game: Game, seat: str, text: str, language: str) -> str:
    before = game.state
    verdicts = game.submit(seat, text)
    assert all(v.accepted for v in verdicts), verdicts
    data = RULES.answer(before, game.state, seat, verdicts, lambda: visible(game.log, seat))
    return renderer.render(language, "answer.txt.j2", kind=KIND, **data)


def _in_room(listeners: list[str], *, reports: bool = False) -> Game:
    """Day 1, hour 1: Anna in the Bedroom with ``listeners``; with ``reports``, talk comes in reports."""
    game = Game()
    if reports:
        for name in ["Anna", *listeners]:
            game.order(name, "TALK IN REPORTS")
    game.put({name: ROOM for name in ["Anna", *listeners]})
    return game


def _with(count: int) -> Game:
    """Anna with ``count`` others: in the Bedroom on day 1 (a room holds three), or all in the Hall on
    the arrival evening of a game of ``count`` + 1 characters."""
    if count <= 2:
        return _in_room(["Dora", "Egor"][:count])
    return Game(("Anna", "Boris", "Carl", "Dora", "Egor", "Fedor", "Gleb")[: count + 1])


NOBODY = {"en": "nobody heard you", "ru": "вас никто не услышал"}


@pytest.mark.parametrize("language", LANGUAGES)
def test_ts23_a_speaker_alone_is_told_nobody_heard_them(renderer: Renderer, language: str) -> None:
    game = _in_room([])
    text = _answer(renderer, game, "Anna", "SAY Is anyone here?", language)
    assert NOBODY[language] in text
    assert "everyone" not in text and "все, кто" not in text


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize(
    ("listeners", "heard"),
    [
        (["Egor"], {"en": "heard by Egor.", "ru": "это услышал Egor."}),
        (["Dora"], {"en": "heard by Dora.", "ru": "это услышала Dora."}),
        (["Dora", "Egor"], {"en": "heard by Dora and Egor.", "ru": "это услышали Dora и Egor."}),
    ],
)
def test_ts23_a_speaker_is_told_who_heard_them_in_a_room(
    renderer: Renderer, language: str, listeners: list[str], heard: dict[str, str]
) -> None:
    game = _in_room(listeners)
    text = _answer(renderer, game, "Anna", "SAY The knife is not mine", language)
    assert heard[language] in text, text
    assert NOBODY[language] not in text


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("count", [0, 1, 2, 5])
def test_ts23_the_answer_names_every_listener_and_only_them(
    renderer: Renderer, language: str, count: int
) -> None:
    game = _with(count)
    place = game.where("Anna")
    others = [c.name for c in game.state.characters if c.name != "Anna" and c.location == place]
    text = _answer(renderer, game, "Anna", "SAY Good evening", language)
    assert len(others) == count
    if count == 0:
        assert NOBODY[language] in text
        return
    assert NOBODY[language] not in text
    conjunction = " and " if language == "en" else " и "
    names = others[0] if count == 1 else ", ".join(others[:-1]) + conjunction + others[-1]
    assert f"{names}." in text, text


@pytest.mark.parametrize("language", LANGUAGES)
def test_ts23_talk_beside_orders_is_told_who_heard_it_too(renderer: Renderer, language: str) -> None:
    game = _in_room(["Dora"])
    alone = _in_room([])
    text = _answer(renderer, game, "Anna", "SEARCH Sofa, Table\nWell, I am looking around", language)
    assert ("heard by Dora" if language == "en" else "это услышала Dora") in text, text
    text = _answer(renderer, alone, "Anna", "SEARCH Sofa, Table\nWell, I am looking around", language)
    assert NOBODY[language] in text, text


def _report(renderer: Renderer, game: Game, name: str, language: str) -> str:
    before, log_size = game.state, len(game.log)
    events = game.resolve()
    phase_log = [e for e in game.log[:log_size] if e.kind in RULES.notice_kinds]
    for notice in RULES.notices(before, game.state, events, phase_log):
        if notice.template == "report" and name in notice.audience:
            return renderer.render(language, "report.txt.j2", kind=KIND, **notice.data)
    raise AssertionError(f"no report for {name}")


@pytest.mark.parametrize("language", LANGUAGES)
def test_ts3_own_lines_alone_never_come_back_as_someone_elses(renderer: Renderer, language: str) -> None:
    game = _in_room([], reports=True)
    game.order("Anna", "SAY Talking to the walls")
    text = _report(renderer, game, "Anna", language)
    assert "Talking to the walls" not in text, text


@pytest.mark.parametrize("language", LANGUAGES)
def test_ts3_own_lines_come_back_in_a_conversation_marked_as_the_readers(
    renderer: Renderer, language: str
) -> None:
    game = _in_room(["Dora"], reports=True)
    game.order("Anna", "SAY Who has the rope?")
    game.order("Dora", "SAY Not me")
    text = _report(renderer, game, "Anna", language)
    you = "You" if language == "en" else "Вы"
    assert f"- {you}, " in text or f"- {you} " in text, text
    assert "- Anna" not in text and "Dora" in text and "Not me" in text and "Who has the rope?" in text
    lines = [line for line in text.splitlines() if "Who has the rope?" in line]
    assert len(lines) == 1 and lines[0].startswith(f"- {you}"), lines
