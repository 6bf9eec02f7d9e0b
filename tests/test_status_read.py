"""``referee status`` reads a SQLite file at the newest revision with ``sqlite3`` alone (no SQLAlchemy),
and says exactly what the full read through the referee says, on either database."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from service_helpers import PLAYERS, Site

from referee import games
from referee.app import Referee, quick_status
from referee.app.play import tell
from referee.config import PROJECT_ROOT
from referee.core.notices import Notice
from referee.mail.delivery import deliver
from referee.mail.intake import ingest
from referee.mail.transports import MaildirOutbox
from referee.render import Renderer
from referee.testing import broken_game

T0 = datetime(2026, 12, 1, 17, 0, tzinfo=UTC)
HEALTHY, BROKEN = "healthy", "broken"


@pytest.fixture(autouse=True)
def broken_kind(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setitem(games.PACKAGES, broken_game.KIND, broken_game.__name__)
    yield


def _create(referee: Referee, game_id: str, kind: str) -> None:
    players = [{"name": name, "hand": hand} for name, (_, hand) in PLAYERS.items()]
    referee.create_game(
        setup={"id": game_id, "seed": 7, "language": "en", "players": players},
        kind=kind,
        schedule="ten-sailors-seconds",
        seats=[{"name": name, "email": email} for name, (email, _) in PLAYERS.items()],
        settings={"start": T0.isoformat()},
        now=T0,
    )


def _site(root: Path, url: str) -> Site:
    """Two games, one stopped on an error, one running; a notice refused for good, the rest sent, a mail
    received and one more notice waiting."""
    templates = broken_game.with_templates(PROJECT_ROOT / "templates", root / "templates")
    site = Site(root, url, templates=templates)
    referee = site.store()
    _create(referee, BROKEN, broken_game.KIND)
    _create(referee, HEALTHY, "ten-sailors")
    with referee.database.transaction() as session:
        tell(session, HEALTHY, "d0n", [Notice("no_such_template", ("Anna",), {})], T0)
    deliver(referee, MaildirOutbox(root / "out"), Renderer(site.config().templates), site.config().mail)
    moment = T0 + timedelta(seconds=5)
    ingest(referee, site.config().mail, site.mail_from(BROKEN, "Vera", "BREAK", moment), moment)
    return site


def test_status_read_with_sqlite3_alone_says_what_the_full_read_says(tmp_path: Path, sqlite_url: str) -> None:
    site = _site(tmp_path, sqlite_url)
    config = site.config()

    quick = quick_status(config.database_url, config.schedules)
    full = site.store().views.status()

    assert quick == full
    by_id = {game["id"]: game for game in full["games"]}
    assert by_id[BROKEN]["failed"] and by_id[HEALTHY]["failed"] is None
    assert by_id[HEALTHY]["due_at"] is not None and by_id[HEALTHY]["time_zone"]
    assert full["outbox"]["refused"] == 1 and full["outbox"]["refused_mail"][0]["what"] == "no_such_template"
    assert full["outbox"]["waiting"] >= 1  # the answer to Vera's mail
    assert full["last_mail"] == (T0 + timedelta(seconds=5)).isoformat()


def test_the_full_status_read_holds_on_postgresql(tmp_path: Path, postgres_url: str) -> None:
    site = _site(tmp_path, postgres_url)

    status = site.store().views.status()

    assert quick_status(postgres_url, site.config().schedules) is None  # read through the referee alone
    assert {game["id"] for game in status["games"]} == {BROKEN, HEALTHY}
    assert status["outbox"]["refused"] == 1 and status["last_mail"] == (T0 + timedelta(seconds=5)).isoformat()


def test_a_sqlite_file_at_an_older_revision_or_missing_is_left_to_the_full_read(
    tmp_path: Path, sqlite_url: str
) -> None:
    site = _site(tmp_path, sqlite_url)
    path = Path(sqlite_url.removeprefix("sqlite:///"))
    with sqlite3.connect(path) as connection:
        connection.execute("UPDATE alembic_version SET version_num = '0001'")

    assert quick_status(sqlite_url, site.config().schedules) is None
    assert quick_status(f"sqlite:///{tmp_path / 'none.db'}", None) is None
    assert not (tmp_path / "none.db").exists()
