"""``referee demo``: a whole game played by bots through the referee's mail, as the command line runs it
(in this process, see ``cli_helpers``; the command it suggests is checked from fresh processes)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from email import policy
from email.message import EmailMessage
from email.parser import BytesParser
from email.utils import getaddresses
from pathlib import Path

import pytest
from cli_helpers import run_referee
from sqlmodel import Session, col, select

from referee.config import MailSettings
from referee.games import contract_kinds, game_of
from referee.mail.compose import message_id, thread_root
from referee.store.database import open_engine
from referee.store.models import GameRow, InboundRow, NoticeRow, SeatRow

MAIL = MailSettings(address="referee@example.org")
"""The demo's referee address: its domain is the one Message-IDs are written in."""


def _demo(folder: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return run_referee(["demo", "--keep", str(folder), *args], folder.parent)


def test_demo_plays_a_whole_campaign_by_mail_to_the_end(tmp_path: Path) -> None:
    result = _demo(tmp_path / "demo", "--players", "5", "--seed", "7")
    assert result.returncode == 0, result.stderr
    assert "the game is over; winners:" in result.stdout
    assert "day 1:" in result.stdout  # progress, a line per day
    engine = open_engine(f"sqlite:///{tmp_path / 'demo' / 'referee.db'}")
    with Session(engine) as session:
        game = session.exec(select(GameRow)).one()
        inbound = session.exec(select(InboundRow)).all()
        unsent = session.exec(select(NoticeRow).where(NoticeRow.sent_at == None)).all()  # noqa: E711
    assert game.finished
    assert inbound and {row.outcome for row in inbound} == {"accepted"}  # every bot reply was understood
    assert unsent == []
    outgoing = list((tmp_path / "demo" / "mail" / "outgoing" / "new").iterdir())
    incoming = list((tmp_path / "demo" / "mail" / "incoming" / "cur").iterdir())
    assert len(incoming) == len(inbound)
    assert str(tmp_path / "demo" / "mail" / "outgoing") in result.stdout
    subjects = [
        str(BytesParser(policy=policy.default).parsebytes(path.read_bytes())["Subject"]) for path in outgoing
    ]
    assert all(subject.startswith(f"[{game.id}]") for subject in subjects)
    assert any("Report for" in subject for subject in subjects)


def test_demo_bots_answer_with_orders_that_are_all_accepted(tmp_path: Path) -> None:
    """Bots reply under quoted mail and signatures; no quoted or signed line may come back as an order."""
    result = _demo(tmp_path / "demo", "--players", "3", "--seed", "3")
    assert result.returncode == 0, result.stderr
    engine = open_engine(f"sqlite:///{tmp_path / 'demo' / 'referee.db'}")
    with Session(engine) as session:
        answers = session.exec(select(NoticeRow).where(NoticeRow.template == "answer")).all()
    verdicts = [v for answer in answers for v in answer.data["verdicts"]]
    assert verdicts
    refused = [v for v in verdicts if not v["accepted"]]
    assert all(v["reason"] in {"trap_target_dead", "search_in_hall"} for v in refused), refused


@pytest.fixture(scope="module")
def russian(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, subprocess.CompletedProcess[str]]:
    """A Russian Ten Sailors demo of three bots, played once for the tests that only read it."""
    folder = tmp_path_factory.mktemp("russian") / "demo"
    result = _demo(folder, "--language", "ru", "--players", "3", "--seed", "3")
    assert result.returncode == 0, result.stderr
    return folder, result


def test_demo_refuses_a_folder_that_holds_a_demo(
    russian: tuple[Path, subprocess.CompletedProcess[str]],
) -> None:
    folder, _ = russian
    before = sorted(path.name for path in folder.iterdir())
    again = _demo(folder, "--players", "3")
    assert again.returncode == 1
    assert "holds a demo already" in again.stderr
    assert sorted(path.name for path in folder.iterdir()) == before


def _addressed_to_one_reader_each(folder: Path, game: GameRow) -> int:
    """Checks that every mail the referee wrote went to the one seat its notice was for, and returns
    how many there were: a single recipient, the seat's address, and that seat's own reply address."""
    engine = open_engine(f"sqlite:///{folder / 'referee.db'}")
    with Session(engine) as session:
        seats = {seat.id: seat for seat in session.exec(select(SeatRow)).all()}
        notices = {notice.id: notice for notice in session.exec(select(NoticeRow)).all()}
    by_name = {seat.name: seat for seat in seats.values()}
    readers = {thread_root(MAIL, game, seat): seat for seat in seats.values()}
    for number, notice in notices.items():
        if notice.recipient in by_name:
            readers[message_id(MAIL, game, int(number or 0))] = by_name[notice.recipient]
    mails = list((folder / "mail" / "outgoing" / "new").iterdir())
    for path in mails:
        message = BytesParser(policy=policy.default).parsebytes(path.read_bytes())
        recipients = getaddresses([str(message[field] or "") for field in ("To", "Cc", "Bcc")])
        recipients = [address for _, address in recipients if address]
        seat = readers.get(str(message["Message-ID"]))
        assert seat is not None, message["Message-ID"]
        assert recipients == [seat.email], (recipients, seat.name)
        assert str(message["Reply-To"]) == f"referee+{seat.token}@example.org"
    return len(mails)


@pytest.mark.parametrize(
    ("game", "language", "players", "seats"),
    [
        ("museum-suspects", "ru", None, 4),
        ("cosmic-express", "en", None, 5),
        ("cosmic-express", "ru", "3", 3),
        ("museum-suspects", "en", "2", 2),
    ],
)
def test_demo_plays_a_short_game_by_mail_to_the_end(
    tmp_path: Path, game: str, language: str, players: str | None, seats: int
) -> None:
    """Museum Suspects and Cosmic Express from the command line: every phase closes, the end is told,
    and each mail the referee wrote reached only the player it was written for."""
    folder = tmp_path / "demo"
    chosen = ["--players", players] if players else []
    result = _demo(folder, "--game", game, "--seed", "5", "--language", language, *chosen)
    assert result.returncode == 0, result.stderr
    engine = open_engine(f"sqlite:///{folder / 'referee.db'}")
    with Session(engine) as session:
        row = session.exec(select(GameRow)).one()
        inbound = session.exec(select(InboundRow)).all()
        unsent = session.exec(select(NoticeRow).where(NoticeRow.sent_at == None)).all()  # noqa: E711
        seated = session.exec(select(SeatRow).order_by(col(SeatRow.id))).all()
    assert (row.kind, row.language, row.finished, len(seated)) == (game, language, True, seats)
    assert inbound and {mail.outcome for mail in inbound} == {"accepted"}
    assert unsent == []
    written = _addressed_to_one_reader_each(folder, row)
    out = result.stdout
    if language == "ru":  # every line in the demo's language
        assert "игра окончена; победител" in out
        assert f"письма: от игроков {len(inbound)}, от судьи {written}" in out
        words = "\n".join(line for line in out.splitlines() if "/" not in line)  # paths left out
        assert not re.search(r"\b(the|with|winners|mails?|round|clue|swaps?|messages?)\b", words), words
    else:
        assert "the game is over; winners:" in out
        assert f"mail: {len(inbound)} from the players, {written} from the referee" in out
    assert str(folder / "mail" / "outgoing") in out and str(folder / "mail" / "incoming") in out
    assert f"referee state {row.id} --config {folder / 'referee.toml'}" in out
    if (game, language) == ("museum-suspects", "en"):
        assert "scores: " in out and f"round 6, {seated[-1].name}'s turn:" in out  # a line per turn
    elif game == "museum-suspects":
        assert "очки: " in out and f"раунд 6, ходит {seated[-1].name}:" in out
    elif language == "en":
        assert "roles: " in out and "Undercover Detective" in out and "round 1 of 1: interrogation" in out
    else:
        assert "роли: " in out and "Детектив под прикрытием" in out and "раунд 1 из 1: допрос" in out
    for path in (folder / "mail" / "outgoing" / "new").iterdir():  # every mail in the game's language
        message = BytesParser(policy=policy.default).parsebytes(path.read_bytes())
        body = message.get_body(("plain",))
        assert isinstance(body, EmailMessage) and message["Content-Language"] == language
        opening = body.get_content().strip().splitlines()[0]
        assert bool(re.search("[а-яё]", opening, re.I)) == (language == "ru"), opening


@pytest.mark.parametrize(
    ("game", "players", "said"),
    [
        ("museum-suspects", "5", "museum-suspects takes 2 to 4 players, not 5"),
        ("cosmic-express", "2", "cosmic-express takes 3 to 6 players, not 2"),
        ("ten-sailors", "10", "ten-sailors takes 3 to 9 players, not 10"),
        ("chess", "2", "there is no game called 'chess'"),
    ],
)
def test_demo_refuses_a_player_count_outside_the_games_range(
    tmp_path: Path, game: str, players: str, said: str
) -> None:
    result = _demo(tmp_path / "demo", "--game", game, "--players", players)
    assert result.returncode == 1
    assert said in result.stderr and "Traceback" not in result.stderr
    assert not (tmp_path / "demo" / "referee.db").exists()


def test_the_russian_demo_plays_with_russian_names_and_russian_talk(
    russian: tuple[Path, subprocess.CompletedProcess[str]],
) -> None:
    """A Russian Ten Sailors game: its characters have Russian names, its bots write their orders and
    their talk in Russian, and every line they send is read as they meant it."""
    folder, _ = russian
    engine = open_engine(f"sqlite:///{folder / 'referee.db'}")
    with Session(engine) as session:
        names = [seat.name for seat in session.exec(select(SeatRow)).all()]
        answered = session.exec(select(NoticeRow).where(NoticeRow.template == "answer")).all()
        reports = session.exec(
            select(NoticeRow).where(col(NoticeRow.template).in_(("report", "morning")))
        ).all()
        talk = session.exec(select(NoticeRow).where(NoticeRow.template == "talk")).all()
    assert names == ["Анна", "Борис", "Клара"]
    # an answer comes in a mail of its own or, for a bot that chose ANSWERS IN REPORT, in its next report
    folded = [(r.recipient, f) for r in reports for f in r.data.get("answers", [])]
    answers = [(a.recipient, a.data) for a in answered] + folded
    lines = [v for _, answer in answers for v in answer["verdicts"]]
    assert lines and all(v["accepted"] for v in lines), [v for v in lines if not v["accepted"]]
    assert any(v["line"].startswith("ИДТИ ") for v in lines)
    said = [
        (who, v["understood"]["text"])
        for who, answer in answers
        for v in answer["verdicts"]
        if v["understood"].get("kind") == "say"
    ]
    assert said and all(re.match(r"^Наш(ёл|ла) (на|в) [а-яё ]+: [а-яё ,]+\.$", text) for _, text in said)
    for who, text in said:  # the verb agrees with the speaker
        assert text.startswith("Нашла" if who in ("Анна", "Клара") else "Нашёл")
    assert all(row.data["speaker"] != row.recipient for row in talk)  # relayed to the others only
    subjects = [
        str(BytesParser(policy=policy.default).parsebytes(path.read_bytes())["Subject"])
        for box in ("incoming", "outgoing")
        for path in (folder / "mail" / box / "cur").glob("*")
    ] + [
        str(BytesParser(policy=policy.default).parsebytes(path.read_bytes())["Subject"])
        for path in (folder / "mail" / "outgoing" / "new").iterdir()
    ]
    glued = [s for s in subjects if re.search(r",\S", s)]
    assert subjects and not glued, glued[:3]  # a reply's folded Russian subject keeps every space


def test_the_demos_mail_says_real_deadlines_and_bots_do_not_repeat_standing_orders(tmp_path: Path) -> None:
    """The demo game keeps its calendar: every report and morning mail says until when, with the date
    and the game's zone; after the traps fire, a bot whose orders stand sends nothing again."""
    folder = tmp_path / "demo"
    result = _demo(folder, "--players", "4", "--seed", "5")
    assert result.returncode == 0, result.stderr
    texts: dict[str, list[str]] = {}
    for path in (folder / "mail" / "outgoing" / "new").iterdir():
        message = BytesParser(policy=policy.default).parsebytes(path.read_bytes())
        body = message.get_body(preferencelist=("plain",))
        assert isinstance(body, EmailMessage)
        texts.setdefault(str(message["Subject"]), []).append(body.get_content())
    reports = [t for s, ts in texts.items() if "Report for" in s for t in ts if "WHAT NEXT" in t]
    assert reports and all(
        re.search(r"until \d\d:\d\d on \w+day \d+ December \(Moscow time\)", t) for t in reports
    )
    mornings = [t for s, ts in texts.items() if re.search(r"\] Day \d+, 10:00: ", s) for t in ts]
    assert mornings and all("WHAT NEXT" in t for t in mornings)  # the morning news heads the report
    answers = [t for s, ts in texts.items() if s.split("] ", 1)[-1].startswith("Re:") for t in ts]
    at_dawn = [t for t in answers if re.search(r"until 10:00 on \w+day", t)]  # the night's last stretch
    assert answers and not [t for t in at_dawn if "You had sent this very" in t]


def test_the_russian_demo_prints_its_lines_in_russian(
    russian: tuple[Path, subprocess.CompletedProcess[str]],
) -> None:
    """Every line the Russian Ten Sailors demo prints is Russian, its numerals agreeing with the number."""
    _, result = russian
    lines = result.stdout.splitlines()
    assert lines[0].startswith("«10 морячков»: играют 3 бота (Анна, Борис, Клара), зерно 3, папка ")
    assert "день 0: в живых 3 (Анна, Борис, Клара); от игроков пока 0 писем" in lines
    assert any(re.fullmatch(r"день 1: в живых \d .*; от игроков пока 3 письма", line) for line in lines)
    assert any(
        line.startswith(("игра окончена; победитель: ", "игра окончена; победители: ")) for line in lines
    )
    assert any(line.startswith("фраги: Анна ") for line in lines)
    words = "\n".join(line for line in lines if "/" not in line)  # paths left out
    assert not re.search(r"[A-Za-z]{3,}", words), words


def test_the_minuit_demo_names_leads_places_and_the_solution(tmp_path: Path) -> None:
    """What a person reads: "19, the casino", "Nadia Petrova, MOTIVE" and the solution's names, never
    the ids the rules keep ("place.19", "nadia.motive", "tomas")."""
    result = _demo(tmp_path / "demo", "--game", "minuit", "--players", "2", "--seed", "4")
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert not re.search(r"place\.\d|\b[a-z]+\.(alibi|motive|witness)\b", out), out
    assert re.search(r"\b\d\d, the [a-z ]+, (quickly|discreetly|thoroughly)", out)  # a place searched
    assert re.search(r"[A-Z][a-z]+ [A-Z][a-z]+, (ALIBI|MOTIVE|WITNESS), ", out)  # a suspect questioned
    solution = next(line for line in out.splitlines() if line.startswith("solution: "))
    assert re.fullmatch(r"solution: [A-Z][a-z]+ [A-Z][a-z]+, [a-z].{10,}, [a-z].{10,}", solution), solution


def _suggested(result: subprocess.CompletedProcess[str]) -> str:
    """The command the demo's last line suggests."""
    last = result.stdout.strip().splitlines()[-1]
    assert last.startswith("see the game: "), last
    return last.removeprefix("see the game: ")


def test_the_demo_suggests_the_command_the_way_referee_was_run(tmp_path: Path) -> None:
    """After the README's install `referee` may not be on PATH: the demo then names the path that ran it;
    on PATH it says `referee`; run as a module, `python -m referee`. Each suggestion works as printed."""
    script = Path(sys.executable).parent / "referee"
    assert script.exists()
    bare = {k: v for k, v in os.environ.items() if k != "REFEREE_CONFIG"}
    elsewhere = ":".join(
        p for p in bare.get("PATH", "").split(":") if Path(p, "referee").resolve() != script.resolve()
    )
    runs = {
        "path": ([str(script)], {**bare, "PATH": elsewhere}),
        "on PATH": (["referee"], {**bare, "PATH": f"{script.parent}:{elsewhere}"}),
        "module": ([sys.executable, "-m", "referee"], bare),
    }
    for number, (how, (command, env)) in enumerate(runs.items()):
        folder = tmp_path / f"demo{number}"
        args = [*command, "demo", "--game", "museum-suspects", "--players", "2", "--keep", str(folder)]
        result = subprocess.run(args, capture_output=True, text=True, env=env, cwd=tmp_path, check=False)
        assert result.returncode == 0, result.stderr
        suggested = _suggested(result)
        expected = {"path": f"{script} state ", "on PATH": "referee state ", "module": " -m referee state "}[
            how
        ]
        assert suggested.startswith(expected) if how != "module" else expected in suggested, (how, suggested)
        shown = subprocess.run(
            ["sh", "-c", suggested], capture_output=True, text=True, env=env, cwd=tmp_path, check=False
        )
        assert shown.returncode == 0 and "demo-museum-2026 (museum-suspects)" in shown.stdout, (
            how,
            shown.stderr,
        )


@pytest.mark.parametrize("kind", [None, *contract_kinds()])
def test_every_line_the_demo_prints_exists_in_english_and_russian(kind: str | None) -> None:
    """The demo's words — its own and each game's (``GameKind.demo.lines``) — have the same lines and
    fields in both languages, and the Russian ones are written in Russian (no English word outside the
    fields filled in)."""
    from string import Formatter

    from referee.demo.words import COUNTED, LINES

    lines = LINES if kind is None else game_of(kind).demo.lines
    assert set(lines.get("en", {})) == set(lines.get("ru", {}))
    for key, english in lines.get("en", {}).items():
        fields = {name for _, name, _, _ in Formatter().parse(english) if name}
        russian = lines["ru"][key]
        assert {name for _, name, _, _ in Formatter().parse(russian) if name} <= fields | {"arrested_word"}, (
            key
        )
        assert not re.search(r"[A-Za-z]{2,}", re.sub(r"\{\w+\}(/\w+)?|Ctrl-C", "", russian)), (key, russian)
    assert all(len(forms["en"]) == 2 and len(forms["ru"]) == 3 for forms in COUNTED.values())
