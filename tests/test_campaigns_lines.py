"""A line of the campaigns page reads each stored state once: kept by the snapshot it names (the event it
was taken after, and the phase a rollback reopens), so a page reads only the states it has not read,
and a rollback or a new event is shown at once; Ten Sailors counts its seats and the living without the
master's whole view, as that view counts them."""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime, timedelta
from pathlib import Path

import pytest
from web_helpers import GAME, GM, T0, web_site

from referee.app import COMMAND_LINE
from referee.app import dashboard as dashboard_module
from referee.core.rules import seats_alive
from referee.games import rules_for

pytestmark = pytest.mark.sqlite_only
"""On SQLite alone: what is kept is the application's, not the database's."""


def at(seconds: int) -> datetime:
    return T0 + timedelta(seconds=seconds)


def line_of(referee, game_id: str) -> dict:  # type: ignore[no-untyped-def]
    account = next(a for a in referee.accounts.all() if a.email == GM)
    page = referee.dashboard.campaigns(account)
    return next(line for line in page.lines if line["id"] == game_id)


def test_a_line_shows_each_new_snapshot_and_a_rollback_at_once(
    tmp_path: Path, database_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The line follows the game: resolved, then rolled back to the phase it reopens (the snapshot's
    event number unchanged), then resolved again; a page read twice reads no state the second time."""
    _, referee = web_site(tmp_path, database_url)
    first = line_of(referee, GAME)["label"]
    referee.resolve(GAME, at(60))
    resolved = line_of(referee, GAME)["label"]
    assert resolved != first
    referee.desk.rollback(GAME, at(75), COMMAND_LINE)
    assert line_of(referee, GAME)["label"] == first
    referee.resolve(GAME, at(90))
    assert line_of(referee, GAME)["label"] == resolved
    reads: list[int] = []
    states_of = dashboard_module.game_states_of

    def counted(session: object, ids: list[str]) -> dict:  # type: ignore[type-arg]
        reads.append(len(ids))
        return states_of(session, ids)  # type: ignore[arg-type]

    monkeypatch.setattr(dashboard_module, "game_states_of", counted)
    line_of(referee, GAME)
    assert reads == [0]  # every state the page shows was kept from the page read before


def test_ten_sailors_counts_seats_and_the_living_as_its_master_view_does_ts_2(
    tmp_path: Path, database_url: str
) -> None:
    """TS-2: the campaigns page's count of seats and of the living is the master's view's, for a game
    with everyone alive and with characters dead."""
    _, referee = web_site(tmp_path, database_url)
    state = referee.load(GAME).state
    rules = rules_for("ten-sailors")
    dead = replace(
        state,
        characters=tuple(
            replace(c, alive=False) if i % 3 == 0 else c for i, c in enumerate(state.characters)
        ),
    )
    for each in (state, dead):
        characters = rules.master_view(each)["characters"]
        assert seats_alive(rules, each) == (len(characters), sum(1 for c in characters if c["alive"]))
    assert seats_alive(rules, dead)[1] < seats_alive(rules, state)[1]
