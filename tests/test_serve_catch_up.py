"""Before each batch of mail and at every tick, ``referee serve`` resolves what fell due: when nothing
did, that costs one question."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import service_helpers as helpers
from service_helpers import Site
from sqlalchemy import event

T0 = datetime(2026, 12, 1, 17, 0, tzinfo=UTC)
GAME = "castle"


def test_catching_up_when_nothing_is_due_asks_the_database_only_when_the_next_change_is(
    tmp_path: Path, sqlite_url: str
) -> None:
    """Every batch of mail and every tick of the service first resolves what fell due before it: when
    nothing did, that costs the one question of when the next boundary or end of a pause is."""
    site = Site(tmp_path, sqlite_url)
    site.create_game(GAME, T0)
    driven = helpers.Driven(site, T0)
    asked: list[str] = []
    engine = driven.service.referee.database.engine
    event.listen(engine, "before_cursor_execute", lambda *args: asked.append(args[2].split()[0]))
    driven.service._catch_up(T0 + timedelta(seconds=59))
    assert [word for word in asked if word.upper() == "SELECT"] == ["SELECT", "SELECT"]  # its two ends
    assert helpers.resolutions(site.store()) == []
    driven.service._catch_up(T0 + timedelta(seconds=60))
    assert helpers.resolutions(site.store()) == [("d0n", T0 + timedelta(seconds=60))]
