"""``referee bench --games``: the boundary timed next to the bare driver writing the same rows (issue
14), which must pay what the referee's tables make a row cost: an entry in each index that holds it."""

from __future__ import annotations

import re
import sqlite3
from pathlib import Path

import pytest

from referee.app import open_referee
from referee.bench.boundary import (
    _COPIED,
    _SCRATCH,
    _UNWRITTEN,
    CLOCK,
    NotEmpty,
    run_bench,
    run_processes_bench,
    set_up,
)
from referee.config import PROJECT_ROOT

_COLUMNS = re.compile(r"ON bare_(\w+) \(([^)]*)\)")


def _real_indexes(path: Path, table: str) -> set[tuple[str, ...]]:
    """The column lists of the indexes of ``table`` that every row has an entry in (none partial)."""
    with sqlite3.connect(path) as connection:
        found = set()
        for _, name, _unique, _origin, partial in connection.execute(f"PRAGMA index_list({table})"):
            if not partial:
                columns = [row[2] for row in connection.execute(f"PRAGMA index_info({name})")]
                found.add(tuple(columns))
        return found


def test_the_bare_baseline_writes_into_tables_with_the_indexes_every_row_of_the_real_ones_is_in(
    tmp_path: Path,
) -> None:
    """The notices' index of unsent mail holds every notice written, so the bare copy has it too; the
    partial indexes of refused and claimed notices hold none of a boundary's, and the copy has neither."""
    open_referee(f"sqlite:///{tmp_path / 'r.db'}").database.engine.dispose()
    for table in _COPIED:
        scratch = {
            tuple(column.strip() for column in match.group(2).split(","))
            for match in map(_COLUMNS.search, _SCRATCH[table])
            if match is not None
        }
        real = _real_indexes(tmp_path / "r.db", table)
        copied = {*_COPIED[table], *_UNWRITTEN.get(table, ())}
        # the real unique keys may hold a column no boundary row differs in (a resolution's attempt)
        expected = {tuple(c for c in columns if c in copied) for columns in real}
        assert scratch == expected, table


def test_a_boundary_is_timed_next_to_the_rules_alone_and_the_same_rows_written_by_the_bare_driver(
    tmp_path: Path,
) -> None:
    result = run_bench(f"sqlite:///{tmp_path / 'b.db'}", 3, lambda _line: None)
    assert result.games == 3 and result.notices == 27
    assert result.rows_seconds > 0 and result.rules_seconds > 0


def test_the_boundary_is_shared_by_two_processes_each_game_resolved_once(postgres_url: str) -> None:
    """``referee bench --processes 2``: one process resolves its boundary, then two share another of as
    many new games (PostgreSQL), and every game is resolved by exactly one of them."""
    result = run_processes_bench(postgres_url, 4, 2, lambda _line: None, batch=2)
    assert sum(share.resolved for share in result.one) == 4
    assert len(result.many) == 2 and sum(share.resolved for share in result.many) == 4
    assert all(share.notices == 9 * share.resolved for share in result.one + result.many)


def test_a_database_with_games_already_due_is_refused_before_anything_is_set_up(postgres_url: str) -> None:
    """Games left due by a run that was stopped would be resolved too and spoil the figures: the benchmark
    says so at once instead of after minutes of set-up."""
    store = open_referee(postgres_url, PROJECT_ROOT / "schedules")
    set_up(store, "left-", 1, CLOCK, lambda _line: None, calendar=True)
    store.database.engine.dispose()
    lines: list[str] = []
    with pytest.raises(NotEmpty, match="already holds games due"):
        run_processes_bench(postgres_url, 2, 2, lines.append)
    assert lines == []  # nothing was set up
    store = open_referee(postgres_url, PROJECT_ROOT / "schedules")
    assert len(store.games()) == 1
    store.database.engine.dispose()
