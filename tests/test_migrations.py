"""Schema migrations on SQLite files and real PostgreSQL: every database is brought to the newest revision."""

from __future__ import annotations

import re
import threading

import pytest
from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import inspect, text
from sqlalchemy.engine import Engine
from sqlmodel import Session, SQLModel, select

from referee.store.database import FIRST, HEAD, alembic_config, migrating, open_engine, upgrade
from referee.store.models import GameRow, SeatRow

OLD_TABLES = {
    "games",
    "mailboxes",
    "clocks",
    "events",
    "inbound",
    "masters",
    "notices",
    "resolutions",
    "seats",
    "submissions",
}
NEW_TABLES = {
    "seat_holders",
    "audit",
    "held",
    "password_failures",
    "accounts",
    "used_links",
    "play_modes",
    "rollbacks",
    "campaigns",
    "signups",
    "signup_events",
    "signed_out",
}


def revision(engine: Engine) -> str | None:
    with engine.connect() as connection:
        return MigrationContext.configure(connection).get_current_revision()


def migrate_to(engine: Engine, target: str) -> None:
    with migrating(engine) as connection:
        command.upgrade(alembic_config(connection), target)


def tables(engine: Engine) -> set[str]:
    return set(inspect(engine).get_table_names())


def add_an_old_game(engine: Engine, game_id: str = "g1", seat_id: int = 1) -> None:
    """A game with a seat and an event, inserted as the referee before migrations wrote them
    (with a secret, if the database is already at a revision that has the column; with a password in
    clear before revision 0014, with none after)."""
    secret = "secret" in {column["name"] for column in inspect(engine).get_columns("games")}
    clear = "password" in {column["name"] for column in inspect(engine).get_columns("seats")}
    kept = "password" if clear else "password_key"
    with engine.begin() as connection:
        connection.execute(
            text(
                "INSERT INTO games (id, kind, schedule, language, seed, created_at, phase, finished, "
                f"last_seq, state, settings{', secret' if secret else ''}) VALUES (:id, 'ten-sailors', "
                "'ten-sailors-fast', 'en', '7', '2026-12-01 10:00:00', 'd0n', :no, 1, '{\"turn\": 3}', '{}'"
                f"{', :secret' if secret else ''})"
            ),
            {"id": game_id, "no": False, "secret": "0" * 32},
        )
        connection.execute(
            text(
                f"INSERT INTO seats (id, game_id, name, email, host, token, {kept}) "
                "VALUES (:seat, :id, 'Anna', 'anna@example.org', :no, :token, :password)"
            ),
            {
                "seat": seat_id,
                "id": game_id,
                "no": False,
                "token": f"t{seat_id}",
                "password": f"p{seat_id}" if clear else "",
            },
        )
        connection.execute(
            text(
                "INSERT INTO events (id, game_id, seq, phase, kind, data, audience, logged_at) "
                "VALUES (:seat, :id, 1, 'd0n', 'started', '{}', '[]', '2026-12-01 10:00:00')"
            ),
            {"seat": seat_id, "id": game_id},
        )


def assert_old_game_kept(engine: Engine) -> None:
    with Session(engine) as session:
        game = session.exec(select(GameRow)).one()
        seat = session.exec(select(SeatRow)).one()
    assert (game.id, game.phase, game.last_seq, game.state) == ("g1", "d0n", 1, {"turn": 3})
    assert game.failed_at is None and game.failure is None
    assert re.fullmatch(r"[0-9a-f]{32}", game.secret)
    assert (seat.game_id, seat.name, seat.token) == ("g1", "Anna", "t1")
    with engine.connect() as connection:
        assert connection.exec_driver_sql("SELECT count(*) FROM events").scalar() == 1
        for table in NEW_TABLES:
            assert connection.exec_driver_sql(f"SELECT count(*) FROM {table}").scalar() == 0


@pytest.fixture
def database_url(empty_database_url: str) -> str:
    """An empty database on each engine: a SQLite file not made yet, or a fresh PostgreSQL schema."""
    return empty_database_url


def test_an_empty_database_is_brought_to_head(database_url: str) -> None:
    engine = open_engine(database_url)

    upgrade(engine)

    assert revision(engine) == HEAD
    assert tables(engine) == OLD_TABLES | NEW_TABLES | {"alembic_version"}


def test_a_database_at_the_first_revision_keeps_its_rows_and_gets_the_new_tables_and_columns(
    database_url: str,
) -> None:
    engine = open_engine(database_url)
    migrate_to(engine, FIRST)
    assert tables(engine) == OLD_TABLES | {"alembic_version"}
    assert "failed_at" not in {column["name"] for column in inspect(engine).get_columns("games")}
    add_an_old_game(engine)

    upgrade(engine)

    assert revision(engine) == HEAD
    assert_old_game_kept(engine)


def test_a_database_made_before_migrations_is_stamped_as_the_first_revision_and_upgraded(
    database_url: str,
) -> None:
    engine = open_engine(database_url)
    migrate_to(engine, FIRST)
    with engine.begin() as connection:  # the tables as the referee left them before migrations
        connection.exec_driver_sql("DROP TABLE alembic_version")
    add_an_old_game(engine)

    upgrade(engine)

    assert revision(engine) == HEAD
    assert_old_game_kept(engine)


def test_upgrading_a_database_at_head_again_changes_nothing_and_reads_no_migration(
    database_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    engine = open_engine(database_url)
    upgrade(engine)
    add_an_old_game(engine)

    def no_scripts(*_args: object, **_kwargs: object) -> None:
        raise AssertionError("the migrations were read for a database at head")

    monkeypatch.setattr(ScriptDirectory, "from_config", no_scripts)
    upgrade(engine)

    assert revision(engine) == HEAD
    assert_old_game_kept(engine)


def test_the_models_match_a_database_upgraded_to_head(database_url: str) -> None:
    engine = open_engine(database_url)
    upgrade(engine)

    with engine.connect() as connection:
        context = MigrationContext.configure(connection, opts={"compare_type": True})
        differences = compare_metadata(context, SQLModel.metadata)

    assert differences == []


def test_the_head_constant_is_the_newest_revision_of_the_migrations() -> None:
    script = ScriptDirectory.from_config(alembic_config())
    assert script.get_current_head() == HEAD
    assert [step.revision for step in script.walk_revisions("base", "heads")][-1] == FIRST


def test_every_revision_goes_down_and_up_again_keeping_the_rows_of_the_old_tables(database_url: str) -> None:
    engine = open_engine(database_url)
    upgrade(engine)
    add_an_old_game(engine)
    with migrating(engine) as connection:  # SQLite copies games without the new columns
        command.downgrade(alembic_config(connection), FIRST)
    assert tables(engine) == OLD_TABLES | {"alembic_version"}
    assert "failed_at" not in {column["name"] for column in inspect(engine).get_columns("games")}

    upgrade(engine)

    assert_old_game_kept(engine)
    with migrating(engine) as connection:
        command.downgrade(alembic_config(connection), "base")
    assert tables(engine) == {"alembic_version"}


def test_processes_upgrading_an_empty_database_at_once_all_succeed(database_url: str) -> None:
    engines = [open_engine(database_url) for _ in range(4)]
    errors: list[BaseException] = []

    def run(engine: Engine) -> None:
        try:
            upgrade(engine)
        except BaseException as error:
            errors.append(error)

    threads = [threading.Thread(target=run, args=(engine,)) for engine in engines]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()

    assert errors == []
    assert revision(engines[0]) == HEAD
    assert tables(engines[0]) == OLD_TABLES | NEW_TABLES | {"alembic_version"}


def test_sqlite_checks_foreign_keys_again_after_migrating(sqlite_url: str) -> None:
    engine = open_engine(sqlite_url)
    upgrade(engine)  # with foreign keys off while it migrates

    with engine.connect() as connection:
        assert connection.exec_driver_sql("PRAGMA foreign_keys").scalar() == 1


def test_games_made_before_revision_0003_each_get_their_own_random_secret(database_url: str) -> None:
    engine = open_engine(database_url)
    migrate_to(engine, "0002")
    add_an_old_game(engine, "g1", 1)
    add_an_old_game(engine, "g2", 2)

    upgrade(engine)

    with Session(engine) as session:
        secrets = {game.id: game.secret for game in session.exec(select(GameRow)).all()}
    assert set(secrets) == {"g1", "g2"}
    assert all(re.fullmatch(r"[0-9a-f]{32}", secret) for secret in secrets.values())
    assert secrets["g1"] != secrets["g2"]
    with engine.connect() as connection:
        nullable = {c["name"]: c["nullable"] for c in inspect(connection).get_columns("games")}
    assert nullable["secret"] is False
