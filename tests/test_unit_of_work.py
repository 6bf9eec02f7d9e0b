"""The unit of work (``referee.store.unit``): the door chooses its kind, the store reads it from the
unit, and the memo of a batch of mail forgets what the store's own writes change, without reading
any statement's text."""

from __future__ import annotations

import ast
import re
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from sqlalchemy.exc import IntegrityError
from sqlmodel import select
from test_mail_batches import T0, database  # noqa: F401  (the fixture: game g1, seat Anna, a clock)

from referee.app.play import GAMES, lock, reading_fields
from referee.config import PROJECT_ROOT
from referee.store.boundary import Boundary, boundary
from referee.store.clocks import as_utc, due_at
from referee.store.deferred import Deferred
from referee.store.games import mark_failed
from referee.store.guesses import add_failure, forget_failures
from referee.store.memo import keep
from referee.store.models import ClockRow, GameRow, SeatRow
from referee.store.notices import write_notices
from referee.store.seats import credentials, set_password
from referee.store.transactions import Database
from referee.store.transfer import add_game_rows, game_rows
from referee.store.unit import AtOnce, Kind, Unit

STORE = PROJECT_ROOT / "referee" / "store"

LOOKUPS = {
    "credentials": lambda unit: credentials(unit, "tok", "secret"),
    "due_at": lambda unit: due_at(unit, "g1"),
    "reading": lambda unit: reading_fields(unit, "g1"),
    "game": lambda unit: lock(unit, "g1"),
}
"""Values a batch of mail remembers, by the name of the first item of their memo key."""

Write = Callable[[Unit], object]


def _copy_of_g1_as(unit: Unit, game_id: str) -> None:
    rows = game_rows(unit, "g1")
    for table in rows.values():
        for row in table:
            row["game_id" if "game_id" in row else "id"] = game_id
            if "token" in row:
                row["token"] = f"{row['token']}-{game_id}"  # tokens are unique
    add_game_rows(unit, rows)


def _note(unit: Unit) -> None:
    row = {"game_id": "g1", "phase": "night-0", "recipient": "Anna", "template": "answer"}
    row |= {"data": {}, "created_at": T0, "address": None, "in_reply_to": None, "subject": None}
    write_notices(unit, [row])


WRITES: dict[str, tuple[Write, set[str]]] = {
    "set_password (seats)": (lambda unit: set_password(unit, "g1", "Anna", "secret"), {"credentials"}),
    "mark_failed (games)": (lambda unit: mark_failed(unit, "g1", "broken", T0), {"reading", "game"}),
    "add_game_rows (every table of a game)": (lambda unit: _copy_of_g1_as(unit, "g2"), set(LOOKUPS)),
    "forget_failures (failures: nothing remembered)": (lambda unit: forget_failures(unit, T0), set()),
    "add_failure (failures: nothing remembered)": (
        lambda unit: add_failure(unit, T0, "a@b", None, None),
        set(),
    ),
    "write_notices (kept by the batch: nothing remembered)": (_note, set()),
}


def _due(unit: Unit) -> datetime | None:
    found = due_at(unit, "g1")
    return None if found is None else as_utc(found)


def _remembered(unit: Unit) -> set[str]:
    assert unit.memo is not None
    return {str(key[0]) for key in unit.memo.values if isinstance(key, tuple)}


@pytest.mark.parametrize("name", list(WRITES))
def test_a_store_write_forgets_what_the_batch_remembered_of_its_tables_and_nothing_else(
    database: Database,  # noqa: F811
    name: str,
) -> None:
    """Each store function that writes says so (the ORM's flush, a statement's table, or the function
    itself): the memo forgets the values read from the tables written, and keeps the others."""
    write, forgotten = WRITES[name]
    with database.batch():
        with database.transaction() as unit:
            for key in ("credentials", "due_at", "reading"):
                LOOKUPS[key](unit)
            keep(unit, ("game", "g1"), GAMES, object())  # as a part's ``save`` keeps its game
            before = _remembered(unit)
            assert before == set(LOOKUPS)
        with database.transaction() as unit:
            write(unit)
            unit.flush()
            assert _remembered(unit) == before - forgotten


def test_a_password_set_in_a_batch_is_found_by_the_next_lookup(database: Database) -> None:  # noqa: F811
    """The lookup remembered before the seat's password was set is asked again, not answered stale."""
    with database.batch():
        with database.transaction() as unit:
            assert credentials(unit, "", "secret") == []
        with database.transaction() as unit:
            set_password(unit, "g1", "Anna", "secret")
        with database.transaction() as unit:
            assert [found.name for found in credentials(unit, "", "secret")] == ["Anna"]


def test_a_savepoint_rolled_back_inside_a_part_of_the_batch_forgets_everything(
    database: Database,  # noqa: F811
) -> None:
    with database.batch(), database.transaction() as unit:
        due_at(unit, "g1")
        credentials(unit, "tok", "")
        assert unit.memo is not None and len(unit.memo.values) == 2
        nested = unit.begin_nested()
        clock = unit.get(ClockRow, "g1")
        assert clock is not None
        clock.due_at = T0 + timedelta(hours=3)
        unit.add(clock)
        unit.flush()
        assert _due(unit) == T0 + timedelta(hours=3)
        nested.rollback()
        assert unit.memo.values == {}
        assert _due(unit) == T0


def test_a_failed_write_rolls_back_its_part_and_forgets_everything(database: Database) -> None:  # noqa: F811
    with database.batch():
        with database.transaction() as unit:
            credentials(unit, "tok", "")
        with pytest.raises(IntegrityError), database.transaction() as unit:
            assert unit.memo is not None and unit.memo.values
            unit.add(SeatRow(game_id="no-such-game", name="Ghost", email="g@example.org", token="tok2"))
            unit.flush()
        with database.transaction() as unit:
            assert unit.memo is not None and unit.memo.values == {}
            assert [found.name for found in credentials(unit, "tok", "")] == ["Anna"]


def test_the_door_chooses_the_kind_and_the_kind_chooses_where_rows_go(database: Database) -> None:  # noqa: F811
    """One change writes at once; a batch of mail keeps rows (``Deferred``); a batch of boundaries
    opened on a change keeps its tables' rows (``Boundary``) and hands others on."""
    with database.transaction() as unit:
        assert unit.kind is Kind.CHANGE and isinstance(unit.rows, AtOnce)
        assert unit.memo is None and unit.deferred is None and unit.boundary is None
        with boundary(unit, [("g1", "night-0")]) as batch:
            assert unit.kind is Kind.BOUNDARY and unit.rows is batch and unit.boundary is batch
            assert isinstance(batch, Boundary) and batch.outer is not None
        assert unit.kind is Kind.CHANGE and isinstance(unit.rows, AtOnce) and unit.boundary is None
    with database.batch(), database.transaction() as unit:
        assert unit.kind is Kind.MAIL and isinstance(unit.rows, Deferred) and unit.rows is unit.deferred
        assert unit.memo is not None
        _note(unit)
        assert sum(unit.deferred.unwritten.values()) == 1
    with database.reading() as unit:
        assert unit.kind is Kind.CHANGE and unit.memo is None
        assert unit.exec(select(GameRow.id)).all() == ["g1"]


def _store_sources() -> list[tuple[Path, ast.Module]]:
    return [(path, ast.parse(path.read_text())) for path in sorted(STORE.glob("*.py"))]


SQL_WORDS = re.compile(r"select|insert|update|delete|savepoint|\bfrom\b|\binto\b", re.IGNORECASE)

REGULAR_EXPRESSIONS = {"hashes.py"}
"""The store modules that use regular expressions: on a password's spelling, never on a statement."""


def _calls_re(call: ast.Call) -> bool:
    """Whether ``call`` is of a function of ``re`` (``re.compile``, ``re.match``, ...)."""
    called = call.func
    return (
        isinstance(called, ast.Attribute) and isinstance(called.value, ast.Name) and called.value.id == "re"
    )


def test_no_store_module_reads_the_text_of_a_statement() -> None:
    """The batch's writes are told and its tables asked of the statement's expression: no store module
    but those of ``REGULAR_EXPRESSIONS`` imports ``re``, no pattern anywhere in the store names SQL,
    and nothing listens to the text of statements before they run."""
    for path, tree in _store_sources():
        for node in ast.walk(tree):
            imported = isinstance(node, ast.Import) and any(alias.name == "re" for alias in node.names)
            imported |= isinstance(node, ast.ImportFrom) and node.module == "re"
            assert not imported or path.name in REGULAR_EXPRESSIONS, path.name
            if isinstance(node, ast.Call) and _calls_re(node):
                patterns = [arg.value for arg in node.args if isinstance(arg, ast.Constant)]
                assert not any(SQL_WORDS.search(str(pattern)) for pattern in patterns), path.name
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                assert node.value != "before_cursor_execute", path.name


def test_no_store_or_play_function_asks_the_session_info_whether_a_batch_is_open() -> None:
    """What a unit is part of is a typed attribute of the unit, never a key of ``session.info``."""
    sources = [*_store_sources()]
    for name in ("play.py", "batches.py"):
        path = PROJECT_ROOT / "referee" / "app" / name
        sources.append((path, ast.parse(path.read_text())))
    for path, tree in sources:
        used = [node for node in ast.walk(tree) if isinstance(node, ast.Attribute) and node.attr == "info"]
        assert used == [], f"{path.name} reads .info on line {used[0].lineno if used else 0}"


def test_outside_a_batch_nothing_is_remembered(database: Database) -> None:  # noqa: F811
    with database.transaction() as unit:
        assert unit.memo is None
        first = due_at(unit, "g1")
        clock = unit.get(ClockRow, "g1")
        assert clock is not None
        clock.due_at = datetime(2027, 1, 1, tzinfo=UTC)
        unit.add(clock)
        assert due_at(unit, "g1") != first
