"""Outgrowing one machine: a game exported and imported elsewhere, a referee moved to another database."""

from __future__ import annotations

import json
import re
from datetime import timedelta
from pathlib import Path

import pytest
from password_helpers import given_password
from sqlalchemy import text
from test_store import T0, create, make_store, play_to_end

from referee.app import Referee
from referee.app.transfer import TransferError, copy_referee, export_game, import_game
from referee.config import PROJECT_ROOT
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


# --- an import is a trusted boundary: checked as `game create` checks a game file ----------------


def _renamed(data: dict, game_id: str) -> dict:
    """``data`` with its game called ``game_id`` in every row."""
    data["game"] = data["tables"]["games"][0]["id"] = game_id
    for name, rows in data["tables"].items():
        for row in rows if name != "games" else []:
            row["game_id"] = game_id
    return data


def _seat(data: dict, number: int) -> dict:
    return data["tables"]["seats"][number]


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        (lambda d: _renamed(d, "../g 1"), "[game] id must be 1–63 letters"),
        (lambda d: _renamed(d, "g1\r\nBcc: spy@evil.example"), "control or invisible character (U+000D)"),
        (lambda d: _seat(d, 1).update(name="#master"), "'#master' cannot be a player's name"),
        (lambda d: _seat(d, 1).update(name="#anything"), "'#anything' cannot be a player's name"),
        (lambda d: _seat(d, 1).update(name=" anna "), "two players are called 'anna'"),
        (lambda d: _seat(d, 1).update(name="Bo\nris"), "U+000A"),
        (lambda d: _seat(d, 2).update(email="ANNA@example.org"), "have the same address"),
        (lambda d: _seat(d, 2).update(email="clara@example.org\nBcc: x@y.z"), "U+000A"),
        (lambda d: _seat(d, 2).update(email="nobody"), "needs a valid email"),
        (lambda d: d["tables"]["games"][0].update(language="de"), "language must be one of en, ru"),
        (lambda d: d["tables"]["games"][0].update(kind="chess"), "kind must be one of"),
        (lambda d: d["tables"]["games"][0]["settings"].update(mail_to="x@y.z"), "unknown key: 'mail_to'"),
        (lambda d: d["tables"]["games"][0].update(settings=[1]), "settings must be a table"),
        (lambda d: d["tables"]["games"][0]["settings"].update(copy_master=True), "copy_master = true needs"),
        (lambda d: d["tables"]["games"][0]["settings"].update(bots=["Anna"]), "'bots' does not fit"),
        (lambda d: d["tables"]["games"][0]["settings"].update(time_zone="Mars/Base"), "not a time zone"),
        (lambda d: d["tables"]["notices"][0].update(recipient="Mallory"), "names 'Mallory', who is not"),
        (lambda d: d["tables"]["notices"][0].update(recipient="#master"), "names '#master', who is not"),
        (lambda d: d["tables"]["seat_holders"][0].update(seat="Mallory"), "names 'Mallory', who is not"),
        (lambda d: d["tables"]["events"][-1].update(audience=["Anna", "#master"]), "shown to '#master'"),
        (lambda d: d["tables"]["events"][0].update(audience="*"), "shown to '*'"),
    ],
)
def test_an_import_refuses_what_game_create_refuses_and_keeps_nothing(
    sqlite_url: str, change, reason: str
) -> None:
    source = _played(sqlite_url)
    data = export_game(source, "g1")
    change(data)
    target = make_store(sqlite_url.replace("referee.db", "other.db"))
    with pytest.raises(TransferError, match=re.escape(reason)):
        import_game(target, data, schedules=PROJECT_ROOT / "schedules")
    assert target.games() == [] and target.notices(None) == []


def test_an_import_refuses_a_schedule_this_referee_does_not_have(sqlite_url: str) -> None:
    data = export_game(_played(sqlite_url), "g1")
    data["tables"]["games"][0]["schedule"] = "../../etc/passwd"
    target = make_store(sqlite_url.replace("referee.db", "other.db"))
    with pytest.raises(TransferError, match="schedule"):
        import_game(target, data, schedules=PROJECT_ROOT / "schedules")
    assert target.games() == []


def test_unsent_mail_in_the_file_is_kept_as_refused_and_never_sent(sqlite_url: str) -> None:
    """A notice not sent yet, even one addressed to a stranger, is never sent by the importing referee;
    the mail already sent stays as the history of the game."""
    source = _played(sqlite_url)
    data = export_game(source, "g1")
    notices = data["tables"]["notices"]
    notices[0].update(sent_at=T0.isoformat())
    notices[1].update(address="spy@evil.example")  # would carry a seat's password to a stranger
    target = make_store(sqlite_url.replace("referee.db", "other.db"))
    imported = import_game(target, data, T0 + timedelta(days=1))
    assert imported.withheld == len(notices) - 1 > 0
    later = T0 + timedelta(days=2)
    assert target.letters.claim("sender", later, 100, waiting=True) == []  # what `referee deliver` takes
    assert target.letters.backlog() == (0, len(notices) - 1)
    kept = target.notices("g1")
    assert kept[0].sent_at is not None and kept[0].failed_at is None
    assert all(n.failed_at is not None and n.sent_at is None for n in kept[1:])


def test_held_mail_is_answered_only_at_the_games_own_addresses(sqlite_url: str) -> None:
    source = _played(sqlite_url)
    data = export_game(source, "g1")
    held = {
        "game_id": "g1",
        "seat": "Anna",
        "received_at": T0.isoformat(),
        "source": "mail",
        "text": "MOVE Sofa",
    }
    data["tables"]["held"] = [
        {**held, "address": "spy@evil.example", "in_reply_to": "<1@evil>"},
        {**held, "address": "ANNA@example.org", "in_reply_to": "<2@example.org>"},
    ]
    target = make_store(sqlite_url.replace("referee.db", "other.db"))
    assert import_game(target, data).unanswered == 1
    with target.database.reading() as session:
        kept = session.connection().execute(text("SELECT address FROM held ORDER BY id")).scalars().all()
    assert kept == [None, "ANNA@example.org"]


def test_an_import_clashing_with_a_seat_here_is_refused_in_one_line_without_its_secrets(
    sqlite_url: str,
) -> None:
    """Every seat's key is unique in the database: a second copy of a game under another name clashes."""
    source = _played(sqlite_url)
    data = _renamed(export_game(source, "g1"), "g2")
    with pytest.raises(TransferError) as raised:
        import_game(source, data)
    message = str(raised.value)
    assert "do not fit this referee's database" in message and "\n" not in message
    assert not any(
        seat.token in message or (seat.password_hash and seat.password_hash in message)
        for seat in source.seats("g1")
    )
    assert [game.id for game in source.games()] == ["g1"]
