"""When table talk reaches a character: mailed at once, one mail per line heard, or only in the next
report — the character's choice (TALK NOW / TALK DIGEST, РАЗГОВОРЫ СРАЗУ / РАЗГОВОРЫ В СВОДКЕ),
at once through the first day and in reports after it for whoever never chose.

Whatever the choice, a character hears exactly what TS-3 and TS-23 let them hear.
"""

from __future__ import annotations

from dataclasses import asdict, replace
from pathlib import Path

import pytest
from ts_helpers import NAMES, Game

from referee.core.notices import Notice
from referee.games.ten_sailors import RULES, snapshot
from referee.games.ten_sailors.notices import relays
from referee.games.ten_sailors.parse import parse_text
from referee.games.ten_sailors.state import Segment
from referee.games.ten_sailors.talk import DIGEST, NOW
from referee.render import Renderer, templates_dir

LANGUAGES = ("en", "ru")


def talk_mails(game: Game, seat: str, text: str) -> dict[str, str]:
    """Says ``text`` as ``seat``; returns who is mailed each line at once, and what they are mailed."""
    before = len(game.log)
    game.order(seat, f"SAY {text}")
    mailed: dict[str, str] = {}
    for notice in relays(game.state, seat, game.log[before:]):
        assert notice.template == "talk"
        mailed |= dict.fromkeys(notice.audience, notice.data["text"])
    return mailed


def close(game: Game) -> list[Notice]:
    """Resolves the open segment; returns the notices of its last phase (a night with traps closes in
    two: the morning at the traps, then the report at 10:00), built from that phase's events only."""
    segment, key = game.state.segment, game.key
    while True:
        before = game.state
        events = game.step()
        if game.state.segment != segment or game.state.finished:
            break
    phase_log = [
        e for e in game.log if e.kind == "message_posted" and e.data["segment"] == key
    ]  # the talk of the segment just closed, as the store's phase log holds it
    return RULES.notices(before, game.state, events, phase_log)


def heard(notices: list[Notice], name: str) -> list[str]:
    """The talk in ``name``'s report."""
    (report,) = [n for n in notices if n.template == "report" and name in n.audience]
    return [m["text"] for m in report.data["messages"]]


def report_of(notices: list[Notice], name: str) -> dict[str, object]:
    (report,) = [n for n in notices if n.template == "report" and name in n.audience]
    return report.data


# --- the order -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("line", "choice"),
    [
        ("TALK NOW", NOW),
        ("talk digest", DIGEST),
        ("Talk digest.", DIGEST),
        ("TALK IN REPORTS", DIGEST),
        ("РАЗГОВОРЫ СРАЗУ", NOW),
        ("разговоры в сводке!", DIGEST),
        ("Разговоры сводкой", DIGEST),
        ("DAY 3 HOUR 1: TALK NOW", NOW),
    ],
)
def test_the_talk_order_is_read_in_english_and_russian(line: str, choice: str) -> None:
    (order,) = parse_text(line, NAMES, Segment(1, "hour1"))
    assert (order.kind, getattr(order, "args", None)) == ("talk", {"delivery": choice})


@pytest.mark.parametrize("line", ["Talk now or never, Anna!", "TALK", "разговоры разговорами, а нож где?"])
def test_ts23_a_line_that_only_begins_like_the_talk_order_is_not_one(line: str) -> None:
    assert all(getattr(item, "kind", "") != "talk" for item in parse_text(line, NAMES, Segment(1, "hour1")))


def test_every_choice_is_kept_as_an_event_and_the_last_one_holds() -> None:
    game = Game()
    game.order("Anna", "TALK DIGEST")
    game.order("Anna", "РАЗГОВОРЫ СРАЗУ")
    chosen = [(e.data["delivery"], e.audience) for e in game.events("talk_chosen")]
    assert chosen == [(DIGEST, ("Anna",)), (NOW, ("Anna",))]  # nobody else learns of it
    assert game.char("Anna").talk == NOW
    assert snapshot.load(snapshot.dump(game.state)).character("Anna").talk == NOW


def test_the_dead_cannot_choose_how_talk_reaches_them() -> None:
    game = Game()
    dead = tuple(replace(c, alive=c.name != "Carl") for c in game.state.characters)
    game.state = replace(game.state, characters=dead)
    (verdict,) = game.submit("Carl", "TALK NOW")
    assert (verdict.accepted, verdict.reason) == (False, "dead")


# --- delivery ----------------------------------------------------------------------------------------


def test_ts23_on_the_first_day_talk_is_mailed_at_once_to_those_present_who_never_chose() -> None:
    game = Game()
    game.put({"Anna": "Study", "Carl": "Study", "Dora": "Kitchen"})
    mailed = talk_mails(game, "Anna", "Anyone seen a rope?")
    assert set(mailed) == {"Carl"}  # Dora is elsewhere, and so is Boris, the host's character


def test_ts23_after_the_first_day_talk_waits_for_the_report_unless_the_listener_chose_now() -> None:
    game = Game()
    game.advance_to("d2h1")
    assert game.state.present("Hall") == list(NAMES)  # nobody left the Hall
    game.order("Carl", "TALK NOW")
    mailed = talk_mails(game, "Anna", "The rope is not here.")
    assert set(mailed) == {"Carl"}
    notices = close(game)
    for name in NAMES:
        assert heard(notices, name) == ["The rope is not here."], name


def test_ts3_a_digest_holds_only_what_was_said_where_the_reader_was_while_there() -> None:
    """Carl chose digest on day 1: nothing is mailed to him, and his report holds the Study's talk
    said while he was there, not the Kitchen's, nor what was said after he left."""
    game = Game()
    game.put({"Anna": "Study", "Carl": "Study", "Dora": "Kitchen", "Ivan": "Kitchen"})
    game.order("Carl", "TALK DIGEST")
    game.order("Carl", "MOVE Garage")
    assert set(talk_mails(game, "Anna", "I hold the Sofa.")) == set()  # Boris, the host, is elsewhere
    assert set(talk_mails(game, "Dora", "The Kitchen is empty.")) == {"Ivan"}
    notices = close(game)
    assert heard(notices, "Carl") == ["I hold the Sofa."]
    assert heard(notices, "Ivan") == ["The Kitchen is empty."]
    assert game.where("Carl") == "Garage"
    talk_mails(game, "Anna", "Carl has gone.")  # in the Study, which Carl has left
    notices = close(game)
    assert heard(notices, "Carl") == []
    assert heard(notices, "Anna") == ["Carl has gone."]


def test_the_first_report_after_the_first_day_says_talk_now_comes_in_reports_to_those_who_never_chose() -> (
    None
):
    game = Game()
    game.order("Dora", "TALK NOW")
    game.order("Egor", "TALK DIGEST")
    game.advance_to("d1n")
    notices = close(game)
    assert report_of(notices, "Anna")["talk_switched"] is True
    assert report_of(notices, "Anna")["talk"] == DIGEST
    assert report_of(notices, "Dora")["talk_switched"] is False  # chose NOW: nothing changes for her
    assert report_of(notices, "Egor")["talk_switched"] is False  # already had digests
    assert report_of(close(game), "Anna")["talk_switched"] is False  # said once


# --- what players read -------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def renderer() -> Renderer:
    return Renderer(templates_dir())


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("en", "from now on, table talk you hear comes only in your reports"),
        ("ru", "теперь всё, что вы услышите, будет приходить только в сводках"),
    ],
)
def test_the_switch_to_digests_is_told_once_in_the_report_with_the_order_that_undoes_it(
    language: str, said: str, renderer: Renderer
) -> None:
    game = Game()
    game.advance_to("d1n")
    report = report_of(close(game), "Anna")
    text = renderer.render(language, "report.txt.j2", kind="ten-sailors", **report)
    assert said in text
    assert ("TALK NOW" if language == "en" else "РАЗГОВОРЫ СРАЗУ") in text
    quiet = renderer.render(language, "report.txt.j2", kind="ten-sailors", **report_of(close(game), "Anna"))
    assert ("TALK NOW" if language == "en" else "РАЗГОВОРЫ СРАЗУ") not in quiet


@pytest.mark.parametrize(
    ("language", "line", "said"),
    [
        ("en", "TALK DIGEST", "table talk you hear will come only in your reports"),
        ("en", "TALK NOW", "table talk you hear will be mailed to you line by line"),
        ("ru", "РАЗГОВОРЫ В СВОДКЕ", "всё, что вы услышите, будет приходить только в сводках"),
        ("ru", "РАЗГОВОРЫ СРАЗУ", "каждую реплику, которую вы услышите, судья пришлёт отдельным письмом"),
    ],
)
def test_the_answer_says_how_talk_will_come(language: str, line: str, said: str, renderer: Renderer) -> None:
    game = Game()
    verdicts = game.submit("Anna", line)
    text = renderer.render(
        language,
        "answer.txt.j2",
        kind="ten-sailors",
        character="Anna",
        verdicts=[asdict(v) for v in verdicts],
        orders=[],
        segment=game.key,
    )
    assert said in text


@pytest.mark.parametrize(("language", "word"), [("en", "TALK DIGEST"), ("ru", "РАЗГОВОРЫ В СВОДКЕ")])
def test_help_names_the_talk_order(language: str, word: str) -> None:
    help_text = Path(templates_dir(), language, "ten-sailors", "help.txt.j2").read_text(encoding="utf-8")
    assert word in help_text
