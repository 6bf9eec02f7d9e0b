"""ANSWERS IN REPORT («ОТВЕТЫ В СВОДКЕ») in Museum Suspects, Cosmic Express and Minuit (issue 36, "half the
mail, nothing lost"): the answer to a mail that leaves nothing more asked of its sender in the phase is
told in the letter that closes the phase (the turn mail, the end of the trading, the end of the round)
instead of a mail of its own; a mail the phase still waits on after it (an investigation before its
suggestion, a move in the middle of a Minuit turn, an offer while trading) is answered at once, as is
every mail with a line not taken. The default, ANSWERS NOW, answers every mail at once.

Each game is played twice by the same bots with the same seed: once as they write by default, once with
the setting chosen in each bot's first mail. The games are the same move for move; with the setting every
player gets fewer mails, and what they are told of their own orders is the same.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from referee.app import open_referee
from referee.config import load_config
from referee.core import answers
from referee.core.orders import LineVerdict
from referee.demo.short import run_short
from referee.games.cosmic_express.parse import parse_text as ce_parse
from referee.games.minuit.investigation import load_investigation
from referee.games.minuit.parse import parse_text as mm_parse
from referee.games.minuit.setup import DEFAULT_INVESTIGATION
from referee.games.museum_suspects.parse import parse_text as ms_parse
from referee.render import Renderer, templates_dir

GAMES = [("museum-suspects", 4), ("cosmic-express", 5), ("minuit", 3)]

CLOSING = {"turn", "hypotheses", "interrogation", "round_over"}
"""The letters that close a phase for one reader, which carry the answers kept for them."""


def _played(folder: Path, kind: str, players: int, in_report: bool) -> tuple[list[Any], list[Any]]:
    run_short(folder, kind, 2026, players, "en", lambda _: None, answers_in_report=in_report)
    store = open_referee(load_config(folder / "referee.toml").database_url, create=False)
    game_id = store.games()[0].id
    return store.events(game_id), store.notices(game_id)


@pytest.fixture(scope="module", params=GAMES, ids=[kind for kind, _ in GAMES])
def both(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    kind, players = request.param
    now = _played(tmp_path_factory.mktemp(f"{kind}-now"), kind, players, False)
    later = _played(tmp_path_factory.mktemp(f"{kind}-report"), kind, players, True)
    return {"kind": kind, "now": now, "report": later}


def _moves(events: list[Any]) -> list[tuple[str, Any]]:
    """The game as played: every event but the answers setting and the answers kept."""
    return [(e.kind, e.data) for e in events if e.kind not in (answers.CHOSEN, answers.FOLDED)]


def _told(notices: list[Any], events: list[Any]) -> Counter[tuple[str, str]]:
    """What each player was told of their own orders: every line taken or refused, by reader, from the
    answers mailed and the answers kept for a closing letter (the choice of the setting left out)."""
    told: Counter[tuple[str, str]] = Counter()
    for notice in notices:
        if notice.template == "answer":
            verdicts = notice.data.get("verdicts", [])
        elif notice.template in CLOSING:
            verdicts = [v for a in notice.data.get("answers", []) for v in a["verdicts"]]
        else:
            continue
        for v in verdicts:
            if v["understood"].get("kind") != answers.KIND:
                told[(notice.recipient, f"{v['line']}|{v['accepted']}")] += 1
    return told


def test_the_answers_setting_is_read_in_every_game_in_english_and_russian() -> None:
    case = load_investigation(DEFAULT_INVESTIGATION)
    for line, choice in [("ANSWERS IN REPORT", answers.IN_REPORT), ("ответы сразу", answers.NOW)]:
        for parsed in (ms_parse(line), ce_parse(line, ["Anna", "Boris"]), mm_parse(line, case)):
            (order,) = parsed
            assert getattr(order, "kind", None) == answers.KIND and order.args == {answers.KIND: choice}


def test_with_the_setting_the_game_is_the_same_move_for_move(both: dict[str, Any]) -> None:
    (now_events, _), (report_events, _) = both["now"], both["report"]
    assert _moves(now_events) == _moves(report_events)
    assert any(e.kind == answers.FOLDED for e in report_events), "some answers must have waited"
    assert not any(e.kind == answers.FOLDED for e in now_events)  # the default answers at once


def test_with_the_setting_every_player_gets_fewer_mails(both: dict[str, Any]) -> None:
    (_, now), (_, report) = both["now"], both["report"]
    now_count = Counter(n.recipient for n in now)
    report_count = Counter(n.recipient for n in report)
    assert sum(report_count.values()) < sum(now_count.values())
    assert all(report_count[seat] <= now_count[seat] for seat in now_count)
    folded = Counter(n.recipient for n in report if n.template == "answer")
    assert sum(folded.values()) < sum(Counter(n.recipient for n in now if n.template == "answer").values())


def test_with_the_setting_every_player_is_told_the_same_of_their_orders(both: dict[str, Any]) -> None:
    (now_events, now), (report_events, report) = both["now"], both["report"]
    assert _told(report, report_events) == _told(now, now_events)


def test_only_answers_of_mails_the_phase_no_longer_waits_on_are_kept(both: dict[str, Any]) -> None:
    """A kept answer took every line (a refusal is answered at once) and is told exactly once, in its
    reader's own closing letter."""
    report_events, report = both["report"]
    folded = [e for e in report_events if e.kind == answers.FOLDED]
    for event in folded:
        assert answers.foldable([LineVerdict(**v) for v in event.data["verdicts"]])
    told = Counter(
        repr(a) for n in report if n.template in CLOSING for a in n.data.get("answers", []) if n.recipient
    )
    assert told == Counter(repr(e.data) for e in folded)


@pytest.mark.parametrize("language", ["en", "ru"])
def test_the_closing_letter_tells_the_kept_answer_in_both_languages(
    both: dict[str, Any], language: str
) -> None:
    _, report = both["report"]
    notice = next(n for n in report if n.template in CLOSING and n.data.get("answers"))
    text = Renderer(templates_dir()).render(
        language, f"{notice.template}.txt.j2", kind=both["kind"], **notice.data
    )
    assert ("Your orders were all taken" if language == "en" else "Все ваши приказы приняты") in text
    assert "{{" not in text and "answer_folded" not in text
