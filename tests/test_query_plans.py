"""The database on the hot paths: SQLite tuned for the load, and no query on a busy path reads a
whole table (each is checked with ``EXPLAIN QUERY PLAN`` while a game is played)."""

from __future__ import annotations

import re
from datetime import timedelta
from pathlib import Path

from sqlalchemy import event
from sqlalchemy.engine import Engine
from test_store import NAMES, T0

from referee.app import open_referee
from referee.app.batches import resolve_batch
from referee.app.calendar import Due
from referee.app.mailroom import Arrival
from referee.app.play import AnswerTo
from referee.config import PROJECT_ROOT

SMALL_TABLES = frozenset({"alembic_version", "mailboxes", "CONSTANT"})
"""Tables that hold a handful of rows whatever the number of games (and SQLite's one-row
CONSTANT ROW of an empty IN list): a scan of them is free."""

_SCAN = re.compile(r"^SCAN (\w+)(?! USING)", re.M)


def _played_with_statements(url: str) -> tuple[object, list[tuple[str, object]]]:
    """A referee over ``url`` after a game's hot paths ran, with every statement they sent."""
    referee = open_referee(url, PROJECT_ROOT / "schedules")
    for game_id in ("g1", "g2", "g3"):  # g1 resolved alone, g2 and g3 in a batch of boundaries
        referee.create_game(
            setup={"id": game_id, "seed": 3, "language": "en", "players": [{"name": n} for n in NAMES]},
            kind="ten-sailors",
            schedule="ten-sailors-fast",
            seats=[{"name": n, "email": f"{n.lower()}@example.org", "host": n == "Eva"} for n in NAMES],
            settings={},
            now=T0,
        )
    statements: list[tuple[str, object]] = []

    def remember(_conn: object, _cur: object, sql: str, params: object, _ctx: object, many: bool) -> None:
        statements.append((sql, params[0] if many and params else params))  # type: ignore[index]

    event.listen(referee.database.engine, "before_cursor_execute", remember)
    anna = referee.seat("g1", "Anna")
    arrival = Arrival("<m1@example.org>", T0 + timedelta(minutes=1), "anna@example.org", b"x")
    referee.mailroom.receive(
        arrival,
        token=anna.token,
        password="",
        text="MOVE Kitchen",
        answer_to=AnswerTo("anna@example.org", "<m1@example.org>", "Re: orders"),
    )
    referee.calendar.next_change()  # where a batch of mail ends
    for due in referee.calendar.due(T0 + timedelta(days=1)):
        referee.calendar.resolve_due(due)
    batch = [
        Due(game_id, referee.load(game_id).row.phase, T0 + timedelta(hours=1)) for game_id in ("g2", "g3")
    ]
    assert all(resolve_batch(referee, batch))
    referee.calendar.remind(T0 + timedelta(days=1))
    letters = referee.letters.claim("test", T0 + timedelta(days=1))
    referee.letters.sent([letter.id for letter in letters], T0 + timedelta(days=1))
    referee.letters.backlog()
    event.remove(referee.database.engine, "before_cursor_execute", remember)
    return referee, statements


def test_sqlite_runs_in_wal_mode_with_normal_sync_and_a_busy_timeout(tmp_path: Path) -> None:
    """SQLite's documented settings for many small writers: WAL, synchronous=NORMAL, waiting on a lock;
    and for a boundary's bursts: checkpoints every 64 MB of log, cut back after, a 16 MB page cache."""
    referee = open_referee(f"sqlite:///{tmp_path / 'r.db'}")
    with referee.database.engine.connect() as connection:
        raw = connection.connection.dbapi_connection
        assert raw is not None
        assert raw.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert raw.execute("PRAGMA synchronous").fetchone()[0] == 1  # NORMAL
        assert raw.execute("PRAGMA busy_timeout").fetchone()[0] >= 5000
        assert raw.execute("PRAGMA wal_autocheckpoint").fetchone()[0] == 16384
        assert raw.execute("PRAGMA journal_size_limit").fetchone()[0] == 64 * 1024 * 1024
        assert raw.execute("PRAGMA cache_size").fetchone()[0] == -16384


def test_the_sites_connections_keep_sqlites_own_page_cache_not_the_boundarys(tmp_path: Path) -> None:
    """Issue 41: each thread of the site's process holds a connection; each keeps 2 MB of pages, not the
    16 MB a boundary's connection keeps, and the other settings stand as for every connection."""
    url = f"sqlite:///{tmp_path / 'r.db'}"
    open_referee(url)
    site = open_referee(url, pages=True)
    with site.database.engine.connect() as connection:  # type: ignore[attr-defined]
        raw = connection.connection.dbapi_connection
        assert raw is not None
        assert raw.execute("PRAGMA cache_size").fetchone()[0] == -2000
        assert raw.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert raw.execute("PRAGMA synchronous").fetchone()[0] == 1


def test_no_query_on_the_hot_paths_reads_a_whole_table(tmp_path: Path) -> None:
    """Intake, resolution, reminders and sending: every statement finds its rows through an index."""
    referee, statements = _played_with_statements(f"sqlite:///{tmp_path / 'r.db'}")
    assert len(statements) > 20
    scans: dict[str, str] = {}
    with referee.database.engine.connect() as connection:  # type: ignore[attr-defined]
        raw = connection.connection.dbapi_connection
        for sql, params in statements:
            if not sql.lstrip().upper().startswith(("SELECT", "UPDATE", "DELETE", "WITH")):
                continue
            plan = "\n".join(row[3] for row in raw.execute(f"EXPLAIN QUERY PLAN {sql}", params or ()))
            for table in _SCAN.findall(plan):
                if table not in SMALL_TABLES:
                    scans.setdefault(table, sql)
    assert scans == {}, "\n\n".join(f"{table}: {sql}" for table, sql in scans.items())


def test_asking_who_holds_claims_reads_only_the_claimed_notices(tmp_path: Path) -> None:
    """Every round of sending asks which processes hold a claim on an unsent notice (to take over a dead
    one's at once). After a large boundary most notices are unsent and unclaimed: the question must
    find the few claimed ones by the index on ``claimed_until``, not read every unsent notice."""
    referee = open_referee(f"sqlite:///{tmp_path / 'r.db'}")
    for game_id in ("g1", "g2"):  # eighteen welcome letters, none sent
        referee.create_game(
            setup={"id": game_id, "seed": 3, "language": "en", "players": [{"name": n} for n in NAMES]},
            kind="ten-sailors",
            schedule="ten-sailors-fast",
            seats=[{"name": n, "email": f"{n.lower()}@example.org"} for n in NAMES],
            settings={},
            now=T0,
        )
    now = T0 + timedelta(minutes=1)
    claimed = referee.letters.claim("sender-1", now, limit=2)
    asked: list[tuple[str, object]] = []

    def remember(_conn: object, _cur: object, sql: str, params: object, _ctx: object, _many: bool) -> None:
        asked.append((sql, params))

    engine = referee.database.engine
    event.listen(engine, "before_cursor_execute", remember)
    holders = referee.letters.claimants(now + timedelta(seconds=1))
    event.remove(engine, "before_cursor_execute", remember)
    assert len(claimed) == 2 and holders == ["sender-1"]
    (sql, params), *_ = [item for item in asked if "claimed_by" in item[0]]
    assert "ix_notices_claimed_until" in _plan(engine, sql, params)


def _plan(engine: Engine, sql: str, params: object) -> str:
    with engine.connect() as connection:
        raw = connection.connection.dbapi_connection
        assert raw is not None
        return "\n".join(row[3] for row in raw.execute(f"EXPLAIN QUERY PLAN {sql}", params or ()))


def test_claiming_mail_to_send_steps_over_no_notice_sent_before(tmp_path: Path) -> None:
    """A round of sending claims the oldest notices not sent: the index of unsent notices gives those
    alone, in order, so a round costs the same after a million notices were sent as after none."""
    referee, _ = _played_with_statements(f"sqlite:///{tmp_path / 'r.db'}")
    engine = referee.database.engine  # type: ignore[attr-defined]
    asked: list[tuple[str, object]] = []

    def remember(_conn: object, _cur: object, sql: str, params: object, _ctx: object, _many: bool) -> None:
        asked.append((sql, params))

    event.listen(engine, "before_cursor_execute", remember)
    referee.letters.claim("sender-1", T0 + timedelta(days=2))  # type: ignore[attr-defined]
    event.remove(engine, "before_cursor_execute", remember)
    (sql, params), *_ = [item for item in asked if "ORDER BY notices.id" in item[0]]
    plan = _plan(engine, sql, params)
    assert "ix_notices_unsent (sent_at=? AND failed_at=?)" in plan and "TEMP B-TREE" not in plan, plan


def test_a_notice_written_costs_no_entry_in_the_indexes_of_refusals_and_claims(tmp_path: Path) -> None:
    """Every notice is written unrefused and unclaimed: the indexes on ``failed_at`` and
    ``claimed_until`` keep only the notices that have one, and the questions asked of them (the
    refused mail the status shows, the backlog's count of refusals, who holds claims) still go
    through them."""
    referee, _ = _played_with_statements(f"sqlite:///{tmp_path / 'r.db'}")
    engine = referee.database.engine  # type: ignore[attr-defined]
    with engine.connect() as connection:
        raw = connection.connection.dbapi_connection
        partial = {row[1]: row[4] for row in raw.execute("PRAGMA index_list(notices)")}
    assert partial["ix_notices_failed_at"] == 1 and partial["ix_notices_claimed_until"] == 1
    assert partial["ix_notices_unsent"] == 0  # every unsent notice is in it, as claiming needs
    asked: list[tuple[str, object]] = []

    def remember(_conn: object, _cur: object, sql: str, params: object, _ctx: object, _many: bool) -> None:
        asked.append((sql, params))

    event.listen(engine, "before_cursor_execute", remember)
    status = referee.views.status()  # type: ignore[attr-defined]
    referee.letters.backlog()  # type: ignore[attr-defined]
    event.remove(engine, "before_cursor_execute", remember)
    assert status["outbox"]["refused"] == 0
    refusals = [item for item in asked if "failed_at IS NOT NULL" in item[0]]
    assert len(refusals) >= 2  # the refused mail listed, and their count
    for sql, params in refusals:
        plan = _plan(engine, sql, params)
        assert "ix_notices_failed_at" in plan, plan
