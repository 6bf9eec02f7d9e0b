"""Mail taken in batches (one transaction, a savepoint a mail) ends exactly as mail taken one at a time,
though a batch answers lookups it makes again from memory (``referee.store.memo``)."""

from __future__ import annotations

from contextlib import nullcontext
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import text, update
from sqlmodel import col, select

from referee.app.play import lock, save
from referee.demo.bot_mail import QUOTE_STYLES, MailReader, reply
from referee.demo.files import START, start_demo_game
from referee.mail.connect import open_outbox
from referee.mail.delivery import deliver
from referee.mail.intake import ingest
from referee.mail.transports import maildir_path
from referee.render import Renderer
from referee.store.clocks import as_utc, due_at
from referee.store.database import open_engine, upgrade
from referee.store.models import ClockRow, EventRow, GameRow, InboundRow, NoticeRow, SeatRow
from referee.store.seats import credentials
from referee.store.transactions import Database
from referee.store.unit import Unit


def _take_in(directory: Path, batch: int | None, kind: str = "ten-sailors") -> dict[str, Any]:
    """Plays a demo game of ``kind`` by mail, taken in ``batch`` mails a transaction or one at a time:
    orders from every seat in turn (in a game other than Ten Sailors, its bots' orders for the game as
    it then stands, so that phases close once everyone has acted), a mail delivered twice, a wrong
    password and an unknown token. Returns what became of it, Message-IDs left out."""
    config, store, loaded = start_demo_game(directory, 1, 9 if kind == "ten-sailors" else 4, "en", kind)
    outbox, renderer = open_outbox(config.mail), Renderer(config.templates)
    deliver(store, outbox, renderer, config.mail)
    reader = MailReader(maildir_path(config.mail.outgoing))
    reader.refresh()
    game_id, names = loaded.row.id, [seat.name for seat in store.seats(loaded.row.id)]
    clock = START + timedelta(minutes=5)
    anna = reader.last("anna@example.org")

    def mail(number: int) -> bytes:
        if number == len(names) * 3:
            return reply(
                "eve@example.org", "Eve", anna, "PASSWORD abcd-efgh-ijkl\nMOVE Study", "gmail", clock
            )
        if number == len(names) * 3 + 1:
            return reply("eve@example.org", "Eve", anna, "MOVE Study", "gmail", clock).replace(b"+", b"+0")
        name = names[number % len(names)]
        orders = f"MOVE {('Study', 'Garage', 'Bedroom')[number % 3]}\nSAY note {number}"
        if kind != "ten-sailors":
            now = store.load(game_id)
            orders = now.rules.bot(now.rules.player_view(now.state, name, store.seen_by(game_id, name)), 1)
        address = f"{name.lower()}@example.org"
        return reply(address, name, reader.last(address), orders or "PASS", QUOTE_STYLES[number % 6], clock)

    outcomes: list[tuple[Any, ...]] = []
    raws: list[bytes] = []
    size, count = batch or 1, len(names) * 3 + 2
    for start in range(0, count, size):
        with store.database.batch() if batch else nullcontext():
            for number in range(start, min(start + size, count)):
                raws.append(raws[-1] if number == 3 else mail(number))  # the fourth delivered twice
                taken = ingest(store, config.mail, raws[-1], clock + timedelta(seconds=number))
                outcomes.append((taken.text, taken.seat, tuple(vars(v) for v in taken.verdicts)))
    with store.database.reading() as session:
        notices = [
            (n.phase, n.recipient, n.template, n.address, bool(n.in_reply_to), n.data)
            for n in session.exec(select(NoticeRow).order_by(col(NoticeRow.id))).all()
        ]
        events = [(e.seq, e.phase, e.kind, _sourceless(e.data)) for e in session.exec(select(EventRow)).all()]
        inbound = [(i.outcome, i.seat) for i in session.exec(select(InboundRow)).all()]
        game = session.exec(select(GameRow)).one()
        state = (game.phase, game.last_seq, game.state)
    store.database.engine.dispose()
    return {"outcomes": outcomes, "notices": notices, "events": events, "inbound": inbound, "game": state}


def _sourceless(data: dict[str, Any]) -> dict[str, Any]:
    """``data`` without the Message-ID of the mail it came from (made anew on every run)."""
    return {key: value for key, value in data.items() if key != "source"}


@pytest.mark.parametrize("kind", ["ten-sailors", "minuit"])
def test_mail_taken_in_batches_ends_as_mail_taken_one_at_a_time(tmp_path: Path, kind: str) -> None:
    alone, batched = _take_in(tmp_path / "alone", None, kind), _take_in(tmp_path / "batched", 5, kind)
    assert batched == alone
    assert "duplicate" in [outcome for outcome, _, _ in alone["outcomes"]]
    if kind != "ten-sailors":
        assert len({phase for _, phase, _, _ in alone["events"]}) > 1  # a phase closed early on the way


# --- the memo ------------------------------------------------------------------------------------

T0 = datetime(2026, 12, 1, 20, 0, tzinfo=UTC)


@pytest.fixture
def database(database_url: str, tmp_path: Path) -> Database:
    engine = open_engine(database_url)
    upgrade(engine)
    database = Database(engine)
    with database.transaction() as session:
        game = GameRow(
            id="g1",
            kind="ten-sailors",
            schedule="",
            language="en",
            seed="1",
            created_at=T0,
            phase="",
            state={},
        )
        session.add(game)
        session.flush()
        session.add(SeatRow(game_id="g1", name="Anna", email="anna@example.org", token="tok"))
        session.add(ClockRow(game_id="g1", phase="night-0", phase_index=0, opened_at=T0, due_at=T0))
    return database


def _due(session: Unit) -> datetime | None:
    due = due_at(session, "g1")
    return None if due is None else as_utc(due)


def _emails(database: Database) -> list[str]:
    with database.transaction() as session:
        return [found.email for found in credentials(session, "tok", "")]


def test_a_batch_remembers_a_lookup_until_its_table_is_written(database: Database) -> None:
    with database.batch():
        assert _emails(database) == ["anna@example.org"]
        with database.transaction() as session:
            assert session.memo is not None and session.memo.values  # remembered
            session.execute(text("SELECT 1"))  # a read forgets nothing
            assert session.memo.values
        assert _emails(database) == ["anna@example.org"]
        with database.transaction() as session:  # a Core write
            session.execute(update(SeatRow).values(email="anna@example.net"))
        assert _emails(database) == ["anna@example.net"]
        with database.transaction() as session:  # an object changed, not yet flushed
            seat = session.exec(select(SeatRow)).one()
            seat.email = "anna@example.com"
            session.add(seat)
            assert [found.email for found in credentials(session, "tok", "")] == ["anna@example.com"]
    assert _emails(database) == ["anna@example.com"]  # outside a batch: nothing kept


def test_a_rolled_back_savepoint_leaves_nothing_remembered(database: Database) -> None:
    with database.batch():
        assert _emails(database) == ["anna@example.org"]
        with pytest.raises(RuntimeError), database.transaction() as session:
            session.execute(update(SeatRow).values(email="mallory@example.org"))
            assert [found.email for found in credentials(session, "tok", "")] == ["mallory@example.org"]
            raise RuntimeError
        assert _emails(database) == ["anna@example.org"]
        with database.trial() as session:
            session.execute(update(ClockRow).values(due_at=T0 + timedelta(hours=1)))
            assert _due(session) == T0 + timedelta(hours=1)
        with database.transaction() as session:
            assert _due(session) == T0


def test_a_clock_changed_in_the_batch_gives_its_new_deadline(database: Database) -> None:
    with database.batch():
        with database.transaction() as session:
            assert _due(session) == T0
        with database.transaction() as session:
            clock = session.get(ClockRow, "g1")
            assert clock is not None
            clock.due_at = T0 + timedelta(days=1)
            session.add(clock)
            assert _due(session) == T0 + timedelta(days=1)
        with database.transaction() as session:
            assert _due(session) == T0 + timedelta(days=1)


def test_a_game_saved_by_one_mail_of_a_batch_is_taken_again_by_the_next_until_undone_or_changed(
    tmp_path: Path,
) -> None:
    """Between the mails of a batch the game is not read and loaded anew from its row while only the
    batch's own units saved it; work rolled back, or any other write to the games, makes it read again."""
    _, store, loaded = start_demo_game(tmp_path, 1, 9, "en")
    game_id, database = loaded.row.id, store.database
    with database.batch():
        with database.transaction() as session:
            first = lock(session, game_id)
            saved = save(session, replace(first, seq=first.seq + 1))  # as a mail's orders would
        with database.transaction() as session:
            again = lock(session, game_id)
            assert again.state is saved.state and again.seq == saved.seq  # not read anew
            assert again.row in session  # the session's own row, to lock and write
        with pytest.raises(RuntimeError), database.transaction() as session:
            save(session, replace(lock(session, game_id), seq=saved.seq + 5))
            raise RuntimeError  # that mail's work is undone
        with database.transaction() as session:
            after_undo = lock(session, game_id)
            assert after_undo.state is not saved.state and after_undo.seq == saved.seq
        with database.transaction() as session:
            session.execute(update(GameRow).values(failure="stopped elsewhere"))
        with database.transaction() as session:
            assert lock(session, game_id).row.failure == "stopped elsewhere"
    with database.reading() as session:
        assert session.exec(select(GameRow.last_seq)).one() == saved.seq
