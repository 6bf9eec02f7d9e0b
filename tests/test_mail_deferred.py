"""The rows a batch of mail writes are kept until a statement names their table or the batch ends
(``referee.store.deferred``): every query inside the batch sees them, each is written once, and a
savepoint rolled back undoes them as it undoes rows written at once — even those a query made the
batch write inside it."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from sqlalchemy import event, update
from sqlalchemy.exc import IntegrityError
from sqlmodel import Session, col, select
from test_mail_batches import T0, database  # noqa: F401  (the fixture: one game, a seat, a clock)

from referee.store.games import attach, held_row, save_snapshot
from referee.store.inbound import already_kept, keep_inbound
from referee.store.models import GameRow, InboundRow, NoticeRow, SeatRow
from referee.store.notices import write_notices
from referee.store.transactions import Database
from referee.store.unit import Unit


def _notice(subject: str) -> dict[str, Any]:
    return {
        "game_id": "g1",
        "phase": "",
        "recipient": "Anna",
        "template": "answer",
        "data": {"said": subject},
        "created_at": T0,
        "address": "anna@example.org",
        "in_reply_to": None,
        "subject": subject,
    }


def _subjects(session: Session) -> list[str | None]:
    return list(session.exec(select(NoticeRow.subject).order_by(col(NoticeRow.id))).all())


def _waiting(session: Unit) -> int:
    deferred = session.deferred
    assert deferred is not None
    return sum(deferred.unwritten.values())


def test_outbox_rows_of_a_batch_are_seen_by_a_query_inside_it_and_written_once(database: Database) -> None:  # noqa: F811
    with database.batch():
        with database.transaction() as session:
            write_notices(session, [_notice("a")])
            assert _waiting(session) == 1  # kept, not written
        with database.transaction() as session:
            assert _subjects(session) == ["a"]  # the query had it written first
            assert _waiting(session) == 0
            write_notices(session, [_notice("b"), _notice("c")])
    with database.reading() as session:
        assert _subjects(session) == ["a", "b", "c"]


def test_rows_written_inside_a_savepoint_rolled_back_are_written_again_and_its_own_forgotten(
    database: Database,  # noqa: F811
) -> None:
    with database.batch():
        with database.transaction() as session:
            write_notices(session, [_notice("a")])
        with pytest.raises(RuntimeError), database.transaction() as session:
            write_notices(session, [_notice("b")])
            assert _subjects(session) == ["a", "b"]  # both written inside this savepoint
            raise RuntimeError  # …which undoes both writes
        with database.trial() as session:
            write_notices(session, [_notice("tried")])
            assert _subjects(session) == ["a", "tried"]
        with database.transaction() as session:
            assert _waiting(session) == 1  # "a" is to be written again
            write_notices(session, [_notice("c")])
    with database.reading() as session:
        assert _subjects(session) == ["a", "c"]


def test_a_snapshot_saved_in_a_batch_is_read_by_any_query_of_the_games_and_kept_as_last_saved(
    database: Database,  # noqa: F811
) -> None:
    def saved(session: Session, seq: int) -> None:
        row = session.get(GameRow, "g1")
        assert row is not None
        save_snapshot(session, row, seq, lambda: {"seq": seq}, f"p{seq}", False)

    def read(session: Session) -> tuple[int, str]:
        found = session.exec(select(GameRow.last_seq, GameRow.phase)).one()
        return found[0], found[1]

    with database.batch():
        with database.transaction() as session:
            saved(session, 5)
        with database.transaction() as session:
            assert read(session) == (5, "p5")
            row = session.get(GameRow, "g1")
            assert row is not None and row.state == {"seq": 5}  # the state is dumped when written
            saved(session, 6)
        with pytest.raises(RuntimeError), database.transaction() as session:
            saved(session, 9)
            assert read(session) == (9, "p9")
            raise RuntimeError
        with database.transaction() as session:
            assert read(session) == (6, "p6")
    with database.reading() as session:
        row = session.get(GameRow, "g1")
        assert row is not None and (row.last_seq, row.phase, row.state) == (6, "p6", {"seq": 6})


def test_a_mail_kept_twice_in_one_batch_fails_the_second_time_as_the_unique_index_would(
    database: Database,  # noqa: F811
) -> None:
    record = {
        "message_id": "<m1@example.org>",
        "received_at": T0,
        "sender": "anna@example.org",
        "game_id": "g1",
        "seat": "Anna",
        "outcome": "accepted",
        "raw": b"mail",
    }
    with database.batch():
        with database.transaction() as session:
            assert not already_kept(session, "<m1@example.org>")
            keep_inbound(session, record)
        with database.transaction() as session:
            assert already_kept(session, "<m1@example.org>")
        with pytest.raises(IntegrityError), database.transaction() as session:
            keep_inbound(session, record)
    with database.batch(), pytest.raises(IntegrityError), database.transaction() as session:
        keep_inbound(session, record)  # kept by an earlier batch: found in the table
    with database.reading() as session:
        assert len(session.exec(select(InboundRow)).all()) == 1


def test_a_game_saved_by_every_mail_of_a_batch_is_dumped_once_for_the_snapshot_written(
    database: Database,  # noqa: F811
) -> None:
    dumped: list[int] = []

    def dump(seq: int) -> Callable[[], dict[str, int]]:
        return lambda: dumped.append(seq) or {"seq": seq}

    row = None
    with database.batch():
        for seq in (5, 6, 7):
            with database.transaction() as session:  # each mail's unit takes the row the last one had
                row = session.get(GameRow, "g1") if row is None else attach(session, row)
                assert row is not None and held_row(session, "g1") is row
                save_snapshot(session, row, seq, dump(seq), f"p{seq}", False)
    assert dumped == [7]
    with database.reading() as session:
        row = session.get(GameRow, "g1")
        assert row is not None and row.state == {"seq": 7}


def _statements(database: Database) -> list[str]:  # noqa: F811
    """Every statement the database is sent through SQLAlchemy from now on (a list that grows)."""
    seen: list[str] = []
    event.listen(database.engine, "before_cursor_execute", lambda _c, _k, text, *rest: seen.append(text))
    return seen


def test_a_unit_of_a_batch_that_only_reads_and_keeps_rows_sends_no_savepoint(database: Database) -> None:  # noqa: F811
    """A mail of a batch is a savepoint of the batch, begun only when it writes: a mail that only
    reads and keeps rows for the batch costs no statement for it."""
    with database.batch():
        seen = _statements(database)
        for subject in ("a", "b", "c"):
            with database.transaction() as session:
                held_row(session, "g1")
                write_notices(session, [_notice(subject)])
        assert not [text for text in seen if "SAVEPOINT" in text.upper()]
    with database.reading() as session:
        assert _subjects(session) == ["a", "b", "c"]


def test_a_unit_whose_flush_fails_is_undone_alone_and_the_batch_goes_on(database: Database) -> None:  # noqa: F811
    """One bad mail never stops the rest: a unit whose ORM flush is refused by the database (a seat
    with a token already given) is undone with what it wrote, and the units before and after it
    are kept when the batch commits."""
    with database.batch():
        with database.transaction() as session:
            write_notices(session, [_notice("before")])
        with pytest.raises(IntegrityError), database.transaction() as session:
            write_notices(session, [_notice("refused")])
            assert _subjects(session) == ["before", "refused"]  # written inside the unit's savepoint
            session.add(SeatRow(game_id="g1", name="Boris", email="b@example.org", token="tok"))
            session.flush()
        with database.transaction() as session:
            write_notices(session, [_notice("after")])
            session.add(SeatRow(game_id="g1", name="Vera", email="v@example.org", token="tok2"))
    with database.reading() as session:
        assert _subjects(session) == ["before", "after"]
        assert sorted(session.exec(select(SeatRow.name)).all()) == ["Anna", "Vera"]


def test_a_unit_that_wrote_and_then_failed_leaves_nothing_behind(database: Database) -> None:  # noqa: F811
    """A unit that wrote a row at once (an update) and kept others for the batch, then failed, leaves
    none of them; a unit inside it that ended well is undone with it."""
    with database.batch():
        with pytest.raises(RuntimeError), database.transaction() as session:
            session.execute(update(SeatRow).values(email="mallory@example.org"))
            with database.transaction() as inner:
                write_notices(inner, [_notice("inner")])
            raise RuntimeError
        with database.transaction() as session:
            write_notices(session, [_notice("kept")])
    with database.reading() as session:
        assert _subjects(session) == ["kept"]
        assert session.exec(select(SeatRow.email)).all() == ["anna@example.org"]
