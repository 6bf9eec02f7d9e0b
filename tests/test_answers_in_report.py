"""ANSWERS NOW / ANSWERS IN REPORT («ОТВЕТЫ СРАЗУ» / «ОТВЕТЫ В СВОДКЕ»): a player may have the answers
to their own orders folded into their next report instead of mailed one by one (issue 36, "half the
mail, nothing lost").

The choice is a seat's (``referee.core.answers``), kept in Ten Sailors' state (TS-3: every order is
answered, at once or in the report that follows it). A mail with a line that is not taken, a request
(HELP, STATUS) or the choice itself is always answered at once, so a careless order is caught before
its deadline; only all-accepted answers wait, and the report then says what the answer would have.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from sqlmodel import select
from ts_helpers import Game

from referee.app import open_referee
from referee.app.play import AnswerTo, Loaded
from referee.app.play import _folds as _answer_folds
from referee.config import load_config
from referee.core import answers
from referee.core.orders import LineVerdict
from referee.demo import play
from referee.demo.campaign import mail_per_day
from referee.games.ten_sailors import RULES
from referee.games.ten_sailors.parse import parse_text
from referee.games.ten_sailors.state import Segment
from referee.render import Renderer, templates_dir
from referee.store.models import EventRow, NoticeRow, SubmissionRow


@pytest.mark.parametrize(
    ("line", "choice"),
    [
        ("ANSWERS IN REPORT", answers.IN_REPORT),
        ("answers in reports.", answers.IN_REPORT),
        ("Answers now!", answers.NOW),
        ("ОТВЕТЫ В СВОДКЕ", answers.IN_REPORT),
        ("ответы сводкой", answers.IN_REPORT),
        ("Ответы сразу", answers.NOW),
    ],
)
def test_the_answers_setting_is_read_in_english_and_russian(line: str, choice: str) -> None:
    (order,) = parse_text(line, ["Anna", "Boris"], Segment.from_key("d1h1"), "Anna")
    assert order.kind == answers.KIND and order.args == {answers.KIND: choice}
    game = Game()
    verdict = game.order("Anna", line)
    assert verdict.accepted and verdict.understood["kind"] == answers.KIND
    assert (game.char("Anna").answers == answers.IN_REPORT) is (choice == answers.IN_REPORT)


def test_a_line_that_only_mentions_answers_is_no_setting() -> None:
    assert answers.read_choice("answers in report please, and move to the kitchen") is None
    assert answers.read_choice("ответы в сводке и кухня") is None


@pytest.mark.parametrize(
    ("verdicts", "folds"),
    [
        ([LineVerdict("MOVE Kitchen", True, {"kind": "move"})], True),
        (
            [LineVerdict("MOVE Kitchen", True, {"kind": "move"}), LineVerdict("MOVE x", False, reason="r")],
            False,
        ),
        ([LineVerdict("did you mean", False, reason="did_you_mean")], False),
        ([LineVerdict("STATUS", True, {"kind": "status"})], False),
        ([LineVerdict("HELP", True, {"kind": "help"})], False),
        ([LineVerdict("ANSWERS IN REPORT", True, {"kind": answers.KIND, answers.KIND: "report"})], False),
        ([], False),
    ],
)
def test_only_answers_whose_every_line_was_taken_and_asked_nothing_may_wait(
    verdicts: list[LineVerdict], folds: bool
) -> None:
    assert answers.foldable(verdicts) is folds


# --- the answer path: what waits and what is mailed at once -----------------------------------------


def _folds(game: Game, seat: str, text: str) -> bool:
    """Whether the answer to ``seat``'s mail ``text`` waits for their report (``play._folds``)."""
    phase = game.key
    verdicts = game.submit(seat, text)
    after = Loaded(None, RULES, game.state, 0)  # type: ignore[arg-type]  # the row is not read
    return _answer_folds(AnswerTo("a@example.org", "<m@x>", "Orders"), verdicts, phase, after, seat)


def test_with_answers_in_report_only_an_all_taken_mail_waits_and_a_refusal_is_answered_at_once() -> None:
    game = Game()
    game.advance_to("d1h1")
    assert not _folds(game, "Anna", "MOVE Kitchen")  # the default: answered at once
    assert not _folds(game, "Anna", "ANSWERS IN REPORT")  # the choice itself is confirmed at once
    assert _folds(game, "Anna", "MOVE Study")
    assert not _folds(game, "Anna", "MOVE Study\nMOVE Narnia")  # a refused line: answered at once
    assert not _folds(game, "Anna", "STATUS")  # asked for: answered at once
    assert not _folds(game, "Carl", "MOVE Study")  # Carl never chose


# --- a whole demo game by mail: nothing lost, fewer mails -------------------------------------------


@pytest.fixture(scope="module")
def demo(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str, list[EventRow], list[NoticeRow]]:
    """A Ten Sailors demo game played by mail to its end; its bots choose ANSWERS IN REPORT."""
    folder = tmp_path_factory.mktemp("answers") / "demo"
    result = play(folder, "ten-sailors", 5, 6, "en", lambda _: None)
    store = open_referee(load_config(folder / "referee.toml").database_url, create=False)
    return folder, result.game_id, store.events(result.game_id), store.notices(result.game_id)


def _verdict_lines(verdicts: list[dict[str, Any]]) -> list[str]:
    return [v["line"] for v in verdicts]


def test_every_answer_folded_is_told_once_in_its_readers_next_report_nothing_lost(
    demo: tuple[Path, str, list[EventRow], list[NoticeRow]],
) -> None:
    """What a seat learns of its orders is the same: each mail's verdicts come either in its answer or,
    whole, in exactly one later report or morning mail of that seat (TS-3)."""
    _, _, events, notices = demo
    folded = [e for e in events if e.kind == answers.FOLDED]
    assert folded, "the demo's bots chose ANSWERS IN REPORT: some answers must have waited"
    told: Counter[str] = Counter()
    for notice in notices:
        for answer in notice.data.get("answers", []) if notice.template in ("report", "morning") else []:
            assert answer["character"] == notice.recipient
            told[repr(answer)] += 1
    assert told == Counter(repr(e.data) for e in folded)
    for seat in {e.data["character"] for e in folded}:
        chose = min(e.logged_at for e in events if e.kind == answers.CHOSEN and e.data["character"] == seat)
        answered = [
            n.data["verdicts"]
            for n in notices
            if n.recipient == seat and n.template == "answer" and n.created_at > chose
        ]
        for verdicts in answered:  # mailed after the choice: it asked for something or was not all taken
            assert not answers.foldable([LineVerdict(**v) for v in verdicts])
        waited = [e.data["verdicts"] for e in folded if e.data["character"] == seat]
        assert all(v["accepted"] for verdicts in waited for v in verdicts)  # only all-taken mails waited


def test_each_mail_of_orders_is_answered_at_once_or_folded_never_both_never_neither(
    demo: tuple[Path, str, list[EventRow], list[NoticeRow]],
) -> None:
    folder, game_id, events, notices = demo
    store = open_referee(load_config(folder / "referee.toml").database_url, create=False)
    with store.database.reading() as session:
        kept = list(session.exec(select(SubmissionRow).where(SubmissionRow.game_id == game_id)).all())
    by_mail = Counter(k.seat for k in kept if k.source.startswith("mail:"))
    answered = Counter(n.recipient for n in notices if n.template == "answer")
    folded = Counter(e.data["character"] for e in events if e.kind == answers.FOLDED)
    assert by_mail == answered + folded
    assert sum(folded.values()) > sum(answered.values()) / 2  # the bots' all-taken mails wait


@pytest.mark.parametrize("language", ["en", "ru"])
def test_the_report_says_what_the_folded_answer_would_have(
    demo: tuple[Path, str, list[EventRow], list[NoticeRow]], language: str
) -> None:
    _, _, _, notices = demo
    report = next(n for n in notices if n.template == "report" and n.data.get("answers"))
    text = Renderer(templates_dir()).render(language, "report.txt.j2", kind="ten-sailors", **report.data)
    heading = (
        "Your orders since the last report were all taken:"
        if language == "en"
        else "Ваши приказы после прошлой сводки приняты:"
    )
    assert heading in text
    block = text.split(heading, 1)[1]
    taken = [v for answer in report.data["answers"] for v in answer["verdicts"]]
    assert len([line for line in block.splitlines() if line.startswith("- ")]) >= len(taken)
    for verdict in taken:
        for key in ("room", "target") if language == "en" else ("target",):
            if key in verdict["understood"]:
                assert str(verdict["understood"][key]) in block


def test_the_demo_with_answers_in_report_mails_a_player_at_most_six_times_a_game_day_at_the_median(
    demo: tuple[Path, str, list[EventRow], list[NoticeRow]],
) -> None:
    folder, game_id, _, _ = demo
    assert float(mail_per_day(folder, game_id, "en")["median"]) <= 6
