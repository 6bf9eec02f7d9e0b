"""Every mail that asks a player for something says by when, as a date and time in the game's zone
(and in the reader's own zone when they chose one), in every game and both languages.

Each game is played through the real referee (a game file, its fast schedule, orders and the
clock's deadlines), and every letter the referee writes is rendered as the mail door renders it.
A letter that asks its reader for orders, a move, an answer or hypotheses must hold the deadline of
the open phase: "12:30 on Wednesday 2 December (Moscow time)" («12:30 в среду, 2 декабря (МСК)»).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from referee.app import Referee, open_referee
from referee.app.gamefile import read_game_file
from referee.config import PROJECT_ROOT
from referee.core.moments import moment_text, zone_named
from referee.render import LANGUAGES, SHARED_NOTICES, Renderer, templates_dir

START = datetime(2026, 12, 1, 17, 0, tzinfo=UTC)
ZONE_LABEL = {"en": re.compile(r"\((Moscow time|UTC[^)]*)\)"), "ru": re.compile(r"\((МСК|UTC[^)]*)\)")}
DATE = {
    "en": re.compile(r"\d\d:\d\d on \w+day \d{1,2} \w+"),
    "ru": re.compile(r"\d\d:\d\d (во?) \w+, \d{1,2} \w+"),
}
MAIL = {"referee_address": "referee@example.org", "start": "", "password": "owl-17"}


@pytest.fixture(scope="module")
def renderer() -> Renderer:
    return Renderer(templates_dir())


def _referee(
    tmp_path: Path, kind: str, language: str, game: str, players: list[str], extra: str = ""
) -> Referee:
    referee = open_referee(f"sqlite:///{tmp_path / 'referee.db'}", PROJECT_ROOT / "schedules")
    seats = "".join(
        f'\n[[players]]\nname = "{name}"\nemail = "{name.lower()}@example.org"\n' for name in players
    )
    schedule = "ten-sailors-daily" if kind == "ten-sailors" else f"{kind}-fast"
    path = tmp_path / "game.toml"
    path.write_text(
        f'[game]\nkind = "{kind}"\nid = "{game}"\nschedule = "{schedule}"\nseed = 3\n'
        f'language = "{language}"\n{extra}{seats}',
        encoding="utf-8",
    )
    read_game_file(path, PROJECT_ROOT / "schedules").create(referee, START)
    return referee


def _due(referee: Referee, game: str) -> datetime:
    clock = referee.calendar.clock(game)
    assert clock is not None and clock.due_at is not None
    return clock.due_at if clock.due_at.tzinfo else clock.due_at.replace(tzinfo=UTC)


def _expected(data: dict[str, Any], language: str) -> str:
    """The deadline as the letter must say it, checked to be dated and zoned on its own."""
    assert data.get("deadline_at"), data
    zone = zone_named(str(data.get("time_zone") or ""))
    text = moment_text(data["deadline_at"], zone, language)
    assert DATE[language].search(text) and ZONE_LABEL[language].search(text), text
    return text


def _render(
    renderer: Renderer, kind: str, language: str, template: str, data: dict[str, Any], game: str
) -> str:
    shared = template in SHARED_NOTICES
    return renderer.render(
        language, f"{template}.txt.j2", kind="" if shared else kind, **{**MAIL, "game_id": game, **data}
    )


Asks = Callable[[str, dict[str, Any]], bool]


def _ms_asks(template: str, data: dict[str, Any]) -> bool:
    return (
        template in {"welcome", "turn", "answer"}
        and data["my_turn"]
        and not data["suggested"]
        and not data["finished"]
    )


def _mm_asks(template: str, data: dict[str, Any]) -> bool:
    if template not in {"welcome", "turn", "answer", "hypotheses"} or data["finished"]:
        return False
    return bool((data["stage"] == "turns" and data["my_turn"]) or data.get("writer"))


def _ce_asks(template: str, data: dict[str, Any]) -> bool:
    if template in {"welcome", "interrogation", "round_over", "weapon_shown"}:
        return True
    if template == "news":
        return any(entry["what"] == "offer" for entry in data["entries"])
    return template == "answer" and not data["finished"]


def _ts_asks(template: str, data: dict[str, Any]) -> bool:
    if template == "report":
        return bool(data.get("next"))
    return template in {"welcome", "answer", "morning", "reminder", "status"}


def _checked(
    renderer: Renderer,
    referee: Referee,
    kind: str,
    game: str,
    language: str,
    asks: Asks,
    answers: list[dict[str, Any]],
) -> set[str]:
    """Every letter of ``game`` (notices and the answers given) that asks something holds its deadline;
    returns the templates that asked."""
    letters = [(row.template, row.data) for row in referee.notices(game)] + [("answer", a) for a in answers]
    asked = set()
    for template, data in letters:
        if not asks(template, data):
            continue
        text = _render(renderer, kind, language, template, data, game)
        assert _expected(data, language) in text, (template, text)
        asked.add(template)
    return asked


@pytest.mark.parametrize("language", LANGUAGES)
def test_museum_suspects_turn_mail_says_by_when_to_play(
    tmp_path: Path, renderer: Renderer, language: str
) -> None:
    referee = _referee(tmp_path, "museum-suspects", language, "museum", ["Anna", "Boris"])
    at = START + timedelta(minutes=1)
    answers = [referee.submit("museum", "Anna", "HELP", at, "mail").answer]
    referee.resolve("museum", _due(referee, "museum"))  # Anna missed her turn: Boris's comes
    answers.append(
        referee.submit(
            "museum", "Boris", "STATUS", _due(referee, "museum") - timedelta(minutes=1), "mail"
        ).answer
    )
    asked = _checked(renderer, referee, "museum-suspects", "museum", language, _ms_asks, answers)
    assert asked == {"welcome", "turn", "answer"}
    status = renderer.render(language, "status.txt.j2", kind="museum-suspects", **answers[-1])
    assert _expected(answers[-1], language) in status


@pytest.mark.parametrize("language", LANGUAGES)
def test_minuit_turn_and_hypotheses_mail_say_by_when(
    tmp_path: Path, renderer: Renderer, language: str
) -> None:
    referee = _referee(tmp_path, "minuit", language, "minuit", ["Anna", "Boris"])
    answers = []
    for _ in range(4):  # turns played and turns missed
        due = _due(referee, "minuit")
        for seat in ("Anna", "Boris"):
            answers.append(referee.submit("minuit", seat, "HELP", due - timedelta(minutes=1), "mail").answer)
        referee.resolve("minuit", due)
    asked = _checked(renderer, referee, "minuit", "minuit", language, _mm_asks, answers)
    assert {"welcome", "turn", "answer"} <= asked


@pytest.mark.parametrize("language", LANGUAGES)
def test_cosmic_express_trading_and_interrogation_mail_say_by_when(
    tmp_path: Path, renderer: Renderer, language: str
) -> None:
    referee = _referee(tmp_path, "cosmic-express", language, "train", ["Anna", "Boris", "Vera", "Gleb"])
    at = START + timedelta(minutes=1)
    view = referee.submit("train", "Anna", "STATUS", at, "mail").answer
    item = view["items"][0]
    answers = [view, referee.submit("train", "Anna", f"OFFER Boris {item}", at, "mail").answer]
    referee.resolve("train", _due(referee, "train"))  # the trading closes: the interrogation opens
    asked = _checked(renderer, referee, "cosmic-express", "train", language, _ce_asks, answers)
    assert {"welcome", "answer", "news", "interrogation"} <= asked


@pytest.mark.parametrize("language", LANGUAGES)
def test_ten_sailors_mail_says_by_when_in_the_games_zone_and_the_readers_own(
    tmp_path: Path, renderer: Renderer, language: str
) -> None:
    extra = "start = 2026-12-01T20:00:00\n"
    referee = _referee(tmp_path, "ten-sailors", language, "castle", ["Anna", "Boris", "Vera", "Gleb"], extra)
    at = START + timedelta(minutes=5)
    answers = [
        referee.submit(
            "castle", "Anna", "TIMEZONE Berlin" if language == "en" else "ЧАСОВОЙ ПОЯС Берлин", at, "mail"
        ).answer
    ]
    referee.resolve("castle", _due(referee, "castle"))
    answers.append(
        referee.submit(
            "castle", "Boris", "STATUS", _due(referee, "castle") - timedelta(minutes=5), "mail"
        ).answer
    )
    asked = _checked(renderer, referee, "ten-sailors", "castle", language, _ts_asks, answers)
    assert {"welcome", "answer", "report"} <= asked
    own = [
        row.data for row in referee.notices("castle") if row.template == "report" and row.recipient == "Anna"
    ]
    assert own and own[0]["reader_zone"] == "Europe/Berlin"
    text = _render(renderer, "ten-sailors", language, "report", own[0], "castle")
    assert ("your time (Berlin)" if language == "en" else "(Берлин)") in text, text


def test_every_asking_template_has_a_deadline_placeholder() -> None:
    """No template that asks for a turn or orders forgets to say until when (a file-level net for letters
    a scripted game above may not reach)."""
    root = templates_dir()
    for language in LANGUAGES:
        for kind, names in {
            "museum-suspects": ("_tokens", "status"),
            "minuit": ("_next",),
            "cosmic-express": (
                "welcome",
                "answer",
                "news",
                "interrogation",
                "round_over",
                "weapon_shown",
                "status",
            ),
            "ten-sailors": ("welcome", "answer", "report", "status", "morning"),
        }.items():
            for name in names:
                text = (root / language / kind / f"{name}.txt.j2").read_text(encoding="utf-8")
                assert "{{ deadline }}" in text or "deadline or" in text, (language, kind, name)
