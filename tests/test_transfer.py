"""Outgrowing one machine: a game exported and imported elsewhere, a referee moved to another database."""

from __future__ import annotations

import json
from datetime import timedelta
from pathlib import Path

import pytest
from password_helpers import given_password
from sqlalchemy import text
from test_store import T0, create, make_store, play_to_end

from referee.app import Referee
from referee.app.transfer import TransferError, copy_referee, export_game, import_game
from referee.store.hashes import bare
from referee.store.seats import Credential


def _played(url: str, game_id: str = "g1", *, to_end: bool = False) -> Referee:
    store = make_store(url)
    create(store, game_id)
    if to_end:
        play_to_end(store, game_id, seed=3)
    else:
        store.submit(game_id, "Anna", "MOVE Kitchen", T0 + timedelta(minutes=1), "test")
        store.resolve(game_id, T0 + timedelta(minutes=2))
        store.resolve(game_id, T0 + timedelta(minutes=3))
    return store


def test_ts25_an_exported_game_imported_elsewhere_replays_to_the_same_state(
    database_url: str, tmp_path: Path
) -> None:
    """The file travels as JSON; the importing referee holds the same events, state, seats and clock."""
    source = _played(f"sqlite:///{tmp_path / 'source.db'}", to_end=True)
    data = json.loads(json.dumps(export_game(source, "g1")))
    target = make_store(database_url)
    imported = import_game(target, data)
    assert (imported.game_id, imported.kind) == ("g1", "ten-sailors")
    assert target.load("g1").state == source.load("g1").state
    assert target.replay("g1") == source.replay("g1")
    assert [(e.seq, e.kind, e.data) for e in target.events("g1")] == [
        (e.seq, e.kind, e.data) for e in source.events("g1")
    ]
    assert [(s.name, s.email, s.token, s.password_hash, s.password_key) for s in target.seats("g1")] == [
        (s.name, s.email, s.token, s.password_hash, s.password_key) for s in source.seats("g1")
    ]
    assert len(target.notices("g1")) == len(source.notices("g1"))


def test_an_export_holds_no_clear_password_and_an_imported_seat_keeps_its_password(
    sqlite_url: str, tmp_path: Path
) -> None:
    """The file holds each password's hash alone (in no spelling the password itself); the seat
    imported from it is opened by the same password as before."""
    source = _played(sqlite_url)
    passwords = {seat.name: given_password(source, "g1", seat.name) for seat in source.seats("g1")}
    written = json.dumps(export_game(source, "g1"))
    for password in passwords.values():
        assert password not in written.lower() and bare(password) not in written.lower()
    target = make_store(f"sqlite:///{tmp_path / 'target.db'}")
    import_game(target, json.loads(written))
    opened = [Credential.of_seat(seat).opened_by(passwords[seat.name]) for seat in target.seats("g1")]
    assert opened == [True] * len(passwords)


def test_an_imported_game_goes_on_being_played(sqlite_url: str, postgres_url: str) -> None:
    """After the move the game resolves its next boundary where it stopped."""
    source = _played(sqlite_url)
    target = make_store(postgres_url)
    import_game(target, export_game(source, "g1"))
    phase = target.load("g1").row.phase
    resolved = target.resolve("g1", T0 + timedelta(minutes=10))
    assert resolved.phase == phase
    assert target.load("g1").row.phase != phase


def test_a_game_whose_log_does_not_replay_to_its_state_is_refused_and_nothing_is_kept(
    sqlite_url: str,
) -> None:
    source = _played(sqlite_url)
    data = export_game(source, "g1")
    data["tables"]["events"] = data["tables"]["events"][:-3]  # a log cut short
    target = make_store(sqlite_url.replace("referee.db", "other.db"))
    with pytest.raises(TransferError, match="does not replay"):
        import_game(target, data)
    assert target.games() == []


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        (lambda d: d.update(format="something else"), "not a referee game file"),
        (lambda d: d.update(version=99), "version 99"),
        (lambda d: d.update(game="g2"), "does not match"),
        (lambda d: d["tables"]["seats"][0].update(game_id="g9"), "rows of another game"),
        (lambda d: d["tables"].update(strangers=[{"game_id": "g1"}]), "does not know"),
        (lambda d: d["tables"]["seats"][0].update(colour="red"), "has no column"),
    ],
)
def test_a_broken_or_foreign_game_file_is_refused_with_its_reason(
    sqlite_url: str, change, reason: str
) -> None:
    source = _played(sqlite_url)
    data = export_game(source, "g1")
    change(data)
    target = make_store(sqlite_url.replace("referee.db", "other.db"))
    with pytest.raises(TransferError, match=reason):
        import_game(target, data)
    assert target.games() == []


def test_a_game_is_not_imported_over_a_game_of_the_same_name(sqlite_url: str) -> None:
    source = _played(sqlite_url)
    with pytest.raises(TransferError, match="already exists"):
        import_game(source, export_game(source, "g1"))


def test_a_whole_referee_moves_from_its_sqlite_file_to_postgresql(sqlite_url: str, postgres_url: str) -> None:
    """Every table is copied, numbered ids kept, and the new database numbers new rows after them."""
    source = _played(sqlite_url)
    create(source, "g2")
    counts = copy_referee(sqlite_url, postgres_url)
    assert counts["games"] == 2 and counts["events"] == len(source.events("g1")) + len(source.events("g2"))
    target = make_store(postgres_url)
    for game in ("g1", "g2"):
        assert target.load(game).state == source.load(game).state
    assert [n.id for n in target.notices(None)] == [n.id for n in source.notices(None)]
    target.resolve("g2", T0 + timedelta(minutes=5))  # new rows get ids after the copied ones
    assert len({n.id for n in target.notices(None)}) == len(target.notices(None))


def test_a_referee_is_not_copied_into_a_database_that_holds_data(sqlite_url: str, postgres_url: str) -> None:
    _played(sqlite_url)
    _played(postgres_url, "other")
    with pytest.raises(TransferError, match="already holds data"):
        copy_referee(sqlite_url, postgres_url)
    target = make_store(postgres_url)
    assert [g.id for g in target.games()] == ["other"]


def test_export_import_and_move_by_the_command_line(tmp_path: Path, sqlite_url: str) -> None:
    """`export` writes a private file; `import` refuses a second copy; `move-to` copies everything."""
    from cli_helpers import Referee as Command

    _played(sqlite_url)
    (tmp_path / "referee.toml").write_text(f'[database]\nurl = "{sqlite_url}"\n', encoding="utf-8")
    referee = Command(tmp_path)
    out = tmp_path / "g1.json"
    assert "passwords" in referee("export", "g1", "--output", str(out)).stdout
    assert out.stat().st_mode & 0o077 == 0
    assert "already exists" in referee("import", str(out), ok=False).stderr
    moved_url = sqlite_url.replace("referee.db", "moved.db")
    referee("move-to", moved_url)
    assert make_store(moved_url).load("g1").state == make_store(sqlite_url).load("g1").state
    with make_store(moved_url).database.reading() as session:
        assert session.connection().execute(text("SELECT COUNT(*) FROM games")).scalar() == 1
