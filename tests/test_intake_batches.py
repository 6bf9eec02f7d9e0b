"""A burst of mail spread over many games, taken in batches (``ingest_many``): each batch reads its
games once (``Mailroom.expect``), yet every mail is answered exactly once, in order within its game,
as if the mails had been taken one at a time; and a process killed inside a batch loses and doubles
nothing."""

from __future__ import annotations

import os
import random
import shutil
import subprocess
import sys
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from email.message import EmailMessage
from email.utils import format_datetime
from pathlib import Path
from typing import Any

from sqlalchemy import event
from sqlmodel import col, select

from referee.app import Referee, open_referee
from referee.bench.boundary import set_up
from referee.config import PROJECT_ROOT, load_config
from referee.mail.intake import ingest, ingest_many
from referee.store.models import EventRow, InboundRow, NoticeRow, SeatRow

CLOCK = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)
RECEIVED = CLOCK + timedelta(minutes=5)  # hour 1 of the fast schedule is open
ROOMS = ("Study", "Garage", "Bedroom")
GAMES = 6


def _games(url: str) -> Referee:
    store = open_referee(url, PROJECT_ROOT / "schedules")
    set_up(store, "g", GAMES, CLOCK, lambda _line: None, calendar=True)
    return store


def _burst(store: Referee, talk: int = 0) -> list[bytes]:
    """Three mails from Anna in each game (to Study, then Garage, then Bedroom), the games' mails
    interleaved at random but each game's in that order; with ``talk``, each mail says that many
    lines of table talk too."""
    with store.database.reading() as session:
        seats = session.exec(select(SeatRow).where(SeatRow.name == "Anna")).all()
        tokens = {seat.game_id: seat.token for seat in seats}
    queues = {game_id: list(ROOMS) for game_id in sorted(tokens)}
    rng, raws, number = random.Random(3), [], 0
    while queues:
        game_id = rng.choice(sorted(queues))
        room = queues[game_id].pop(0)
        if not queues[game_id]:
            del queues[game_id]
        message = EmailMessage()
        message["From"] = "Anna <anna@example.org>"
        message["To"] = f"referee+{tokens[game_id]}@example.org"
        message["Subject"] = "Re: hour 1"
        message["Date"] = format_datetime(RECEIVED)
        message["Message-ID"] = f"<{game_id}-{room}-{number}@example.org>"
        said = "".join(f"SAY line {line} of mail {number}\n" for line in range(talk))
        message.set_content(f"MOVE {room}\n{said}\n-- \nAnna\n")
        raws.append(message.as_bytes())
        number += 1
    return raws


def _site(folder: Path, url: str) -> Path:
    """A configuration in ``folder`` over ``url``, with a Maildir in and a Maildir out."""
    for sub in ("new", "cur", "tmp"):
        (folder / "in" / sub).mkdir(parents=True, exist_ok=True)
        (folder / "out" / sub).mkdir(parents=True, exist_ok=True)
    path = folder / "referee.toml"
    path.write_text(
        f'[database]\nurl = "{url}"\n\n[paths]\nschedules = "{PROJECT_ROOT / "schedules"}"\n'
        f'templates = "{PROJECT_ROOT / "templates"}"\n\n[mail]\naddress = "referee@example.org"\n'
        f'incoming = "maildir:{folder / "in"}"\noutgoing = "maildir:{folder / "out"}"\n',
        encoding="utf-8",
    )
    return path


def _outcome(store: Referee) -> dict[str, Any]:
    with store.database.reading() as session:
        inbound = [(row.message_id, row.game_id, row.outcome) for row in session.exec(select(InboundRow))]
        answers = [
            (row.game_id, row.in_reply_to, row.template)
            for row in session.exec(select(NoticeRow).where(col(NoticeRow.in_reply_to).is_not(None)))
        ]
        talk = [
            (row.game_id, row.recipient, row.data["text"], len(row.data.get("more", [])), row.next_attempt_at)
            for row in session.exec(select(NoticeRow).where(NoticeRow.template == "talk"))
        ]
        events = [
            (row.game_id, row.seq, row.kind, str(row.data))
            for row in session.exec(select(EventRow).order_by(col(EventRow.game_id), col(EventRow.seq)))
        ]
    return {"inbound": sorted(inbound), "answers": sorted(answers), "talk": sorted(talk), "events": events}


def test_a_burst_over_many_games_in_batches_ends_as_one_mail_at_a_time(tmp_path: Path) -> None:
    """The same burst, on two copies of the same database: in batches, and one mail a transaction."""
    store = _games(f"sqlite:///{tmp_path / 'batched.db'}")
    raws = _burst(store)
    store.database.engine.dispose()
    shutil.copy(tmp_path / "batched.db", tmp_path / "alone.db")
    config = load_config(_site(tmp_path, "sqlite:///unused.db")).mail
    batched = open_referee(f"sqlite:///{tmp_path / 'batched.db'}", PROJECT_ROOT / "schedules")
    alone = open_referee(f"sqlite:///{tmp_path / 'alone.db'}", PROJECT_ROOT / "schedules")

    taken = ingest_many(
        batched, config, [(raw, RECEIVED + timedelta(seconds=n)) for n, raw in enumerate(raws)]
    )
    for n, raw in enumerate(raws):
        ingest(alone, config, raw, RECEIVED + timedelta(seconds=n))

    assert [intake.text if intake else None for intake in taken] == ["accepted"] * len(raws)
    found = _outcome(batched)
    assert found == _outcome(alone)
    assert sorted(reply for _, reply, _ in found["answers"]) == sorted(row[0] for row in found["inbound"])
    for game_id in {row[1] for row in found["inbound"]}:  # each game's moves in the order sent
        moves = [
            room for game, _, kind, room in found["events"] if game == game_id and kind == "order_accepted"
        ]
        assert [next(room for room in ROOMS if room in data) for data in moves[-3:]] == list(ROOMS)


def test_talk_in_a_burst_over_many_games_is_paced_as_one_mail_at_a_time_from_one_read_of_the_outbox(
    tmp_path: Path,
) -> None:
    """Each of Anna's mails says three lines: past the pace of six a minute, her room-mates' lines are
    gathered, as when the mails are taken one a transaction; and each batch reads what its games
    relayed lately once (and again only after a gathered mail is written), not once a mail."""
    store = _games(f"sqlite:///{tmp_path / 'batched.db'}")
    raws = _burst(store, talk=3)
    store.database.engine.dispose()
    shutil.copy(tmp_path / "batched.db", tmp_path / "alone.db")
    config = load_config(_site(tmp_path, "sqlite:///unused.db")).mail
    batched = open_referee(f"sqlite:///{tmp_path / 'batched.db'}", PROJECT_ROOT / "schedules")
    alone = open_referee(f"sqlite:///{tmp_path / 'alone.db'}", PROJECT_ROOT / "schedules")
    reads: list[str] = []

    def count(_conn: Any, _cursor: Any, statement: str, *_rest: Any) -> None:
        if statement.lstrip().upper().startswith("SELECT") and "FROM notices" in statement:
            reads.append(statement)

    event.listen(batched.database.engine, "before_cursor_execute", count)
    taken = ingest_many(
        batched, config, [(raw, RECEIVED + timedelta(seconds=n)) for n, raw in enumerate(raws)]
    )
    event.remove(batched.database.engine, "before_cursor_execute", count)
    for n, raw in enumerate(raws):
        ingest(alone, config, raw, RECEIVED + timedelta(seconds=n))

    assert [intake.text if intake else None for intake in taken] == ["accepted"] * len(raws)
    found = _outcome(batched)
    assert found == _outcome(alone)
    assert any(more for _, _, _, more, _ in found["talk"])  # some lines were gathered
    gathered = {(game, recipient) for game, recipient, _, more, _ in found["talk"] if more}
    assert 1 <= len(reads) <= 1 + len(gathered) < len(raws)


def test_a_mail_the_database_refuses_in_a_batch_loses_no_other_answer(
    tmp_path: Path, postgres_url: str, monkeypatch: Any
) -> None:
    """The cleaning of the Message-ID is switched off (a fault no mail can cause), so that PostgreSQL
    refuses one mail's NUL with a real DataError: its batch is taken again one mail at a time."""
    import referee.app.mailroom as mailroom
    import referee.mail.intake as intake

    store = _games(postgres_url)
    raws = _burst(store)
    real = intake.read

    def unclean(raw: bytes, mail: Any) -> Any:
        reading = real(raw, mail)
        if raw is not raws[4] or reading.incoming is None:
            return reading
        return replace(reading, incoming=replace(reading.incoming, message_id="<o\x00ne@example.org>"))

    monkeypatch.setattr(intake, "read", unclean)
    monkeypatch.setattr(mailroom, "clean", lambda text: text)
    taken = ingest_many(
        store, load_config(_site(tmp_path, postgres_url)).mail, [(raw, RECEIVED) for raw in raws]
    )
    assert taken[4] is None
    assert [intake.text for n, intake in enumerate(taken) if n != 4] == ["accepted"] * (len(raws) - 1)
    found = _outcome(store)
    assert len(found["inbound"]) == len(raws) - 1
    assert len({reply for _, reply, _ in found["answers"]}) == len(raws) - 1
    store.database.engine.dispose()


def test_a_process_killed_inside_a_batch_loses_and_doubles_nothing(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'referee.db'}"
    store = _games(url)
    raws = _burst(store)
    store.database.engine.dispose()
    config = _site(tmp_path, url)
    inbox = tmp_path / "in"
    for n, raw in enumerate(raws):
        (inbox / "new" / f"{1000 + n}.m{n}.test").write_bytes(raw)
    command = [sys.executable, "-m", "referee.testing", "ingest", "--maildir", str(inbox)]
    command += ["--config", str(config), "--at", RECEIVED.isoformat()]
    killed = subprocess.run(command, env={**os.environ, "REFEREE_CRASH_AT": "taken:7"}, capture_output=True)
    assert killed.returncode == -9
    store = open_referee(url, PROJECT_ROOT / "schedules")
    assert _outcome(store)["inbound"] == []  # the batch was never committed: nothing kept
    assert len(list((inbox / "new").iterdir())) == len(raws)  # and nothing marked read

    again = subprocess.run(command, capture_output=True)
    assert again.returncode == 0, again.stderr
    found = _outcome(store)
    assert len({row[0] for row in found["inbound"]}) == len(found["inbound"]) == len(raws)
    assert [row[2] for row in found["inbound"]] == ["accepted"] * len(raws)
    replies = [reply for _, reply, _ in found["answers"]]
    assert len(replies) == len(set(replies)) == len(raws)
    store.database.engine.dispose()
