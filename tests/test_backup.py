"""``referee backup FILE``: a consistent copy of a SQLite database taken while another connection writes,
a new file readable by its owner alone (never an existing file or a symbolic link), restored by copying
it back; PostgreSQL is sent to pg_dump."""

from __future__ import annotations

import shutil
import stat
import threading
from datetime import UTC, datetime
from pathlib import Path

import pytest
from cli_helpers import Referee as Cli
from test_cli import HANDS, game_file

from referee.app import RefereeError, open_referee
from referee.app.backup import NotSqlite, backup_sqlite
from referee.app.gamefile import read_game_file
from referee.shipped import shipped

SCHEDULES = (shipped("schedules"),)


class Writer(threading.Thread):
    """Creates games one after another on its own connection until told to stop."""

    def __init__(self, url: str, folder: Path) -> None:
        super().__init__(daemon=True)
        self.url, self.folder = url, folder
        self.created: list[str] = []
        self.stop = threading.Event()
        self.started_some = threading.Event()
        self.error: BaseException | None = None

    def run(self) -> None:
        referee = open_referee(self.url, SCHEDULES)
        try:
            while not self.stop.is_set():
                game_id = f"w{len(self.created)}"
                read_game_file(game_file(self.folder, game_id, HANDS), SCHEDULES).create(
                    referee, datetime.now(UTC)
                )
                self.created.append(game_id)
                if len(self.created) >= 3:
                    self.started_some.set()
        except BaseException as error:  # reported by the test
            self.error = error
            self.started_some.set()


def test_a_backup_taken_while_another_connection_writes_opens_with_every_game_written_before_it(
    tmp_path: Path, sqlite_url: str
) -> None:
    open_referee(sqlite_url, SCHEDULES)
    writer = Writer(sqlite_url, tmp_path)
    writer.start()
    assert writer.started_some.wait(120)
    before = list(writer.created)

    made = backup_sqlite(sqlite_url, tmp_path / "copy.db")

    writer.stop.set()
    writer.join(120)
    assert writer.error is None, writer.error
    assert stat.S_IMODE((tmp_path / "copy.db").stat().st_mode) == 0o600
    copy = open_referee(f"sqlite:///{tmp_path / 'copy.db'}", SCHEDULES, create=False)
    in_copy = {row.id for row in copy.games()}
    assert set(before) <= in_copy <= set(writer.created)
    assert made.games == len(in_copy)
    for game_id in before:  # whole games: their seats and state came along
        assert len(copy.seats(game_id)) == len(HANDS)
        assert copy.load(game_id).row.phase


def test_a_backup_never_writes_over_a_file_or_through_a_link(tmp_path: Path, sqlite_url: str) -> None:
    open_referee(sqlite_url, SCHEDULES)
    kept = tmp_path / "kept.txt"
    kept.write_text("mine", encoding="utf-8")
    link = tmp_path / "link.db"
    link.symlink_to(kept)
    dangling = tmp_path / "dangling.db"
    dangling.symlink_to(tmp_path / "nowhere.db")

    for target in (kept, link, dangling):
        with pytest.raises(RefereeError, match="exists already"):
            backup_sqlite(sqlite_url, target)

    assert kept.read_text(encoding="utf-8") == "mine"
    assert not (tmp_path / "nowhere.db").exists()


def test_a_backup_of_a_missing_database_says_so_and_leaves_no_file(tmp_path: Path) -> None:
    with pytest.raises(RefereeError, match="no database file"):
        backup_sqlite(f"sqlite:///{tmp_path / 'absent.db'}", tmp_path / "copy.db")
    assert not (tmp_path / "copy.db").exists()


def test_a_postgresql_referee_is_told_to_use_pg_dump(tmp_path: Path, postgres_url: str) -> None:
    with pytest.raises(NotSqlite, match="pg_dump"):
        backup_sqlite(postgres_url, tmp_path / "copy.db")
    (tmp_path / "referee.toml").write_text(f'[database]\nurl = "{postgres_url}"\n', encoding="utf-8")

    refused = Cli(tmp_path)("backup", "copy.db", ok=False)

    assert "pg_dump" in refused.stderr and "pg_restore" in refused.stderr
    assert not (tmp_path / "copy.db").exists()


def test_the_backup_command_and_a_restore_by_copying_the_file_back(tmp_path: Path) -> None:
    (tmp_path / "referee.toml").write_text('[database]\nurl = "sqlite:///referee.db"\n', encoding="utf-8")
    run = Cli(tmp_path)
    run("init")
    run("game", "create", str(game_file(tmp_path, "castle", HANDS)))

    made = run("backup", "saved.db")
    assert "backed up 1 game(s)" in made.stdout and "stop `referee serve`" in made.stdout
    assert "exists already" in run("backup", "saved.db", ok=False).stderr

    (tmp_path / "referee.db").unlink()
    for leftover in tmp_path.glob("referee.db-*"):  # the old WAL files go with the old database
        leftover.unlink()
    shutil.copyfile(tmp_path / "saved.db", tmp_path / "referee.db")
    assert run("game", "list").stdout.startswith("castle\t")
