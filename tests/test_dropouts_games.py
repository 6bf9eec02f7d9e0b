"""Every game's catch-up letter (issue 38, item 3): a reserve taking a seat over in Museum Suspects,
Cosmic Express or Minuit (and Ten Sailors) is sent the character's own view — the status every door
shows — in English and in Russian, and nothing of another seat's hidden hand."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from service_helpers import Site

from referee.app.audit import COMMAND_LINE
from referee.app.campaignfile import stand_ins
from referee.app.gamefile import game_file
from referee.config import PROJECT_ROOT
from referee.core.events import Event
from referee.core.rules import fold, visible
from referee.games import rules_for
from referee.render import Renderer

pytestmark = pytest.mark.sqlite_only
"""On SQLite alone but where marked (``both_engines``): the store's own tests hold PostgreSQL."""

T0 = datetime(2026, 12, 1, 9, 0, tzinfo=UTC)
KINDS = ("ten-sailors", "museum-suspects", "cosmic-express", "minuit")
OPENINGS = {
    "en": "You now play {name}: the player before you had to leave",
    "ru": "Теперь вы играете за персонажа {name}",
}


def started(kind: str) -> tuple[Any, list[Event], str]:
    """A fresh game of ``kind`` for stand-in players: its rules, opening events and first character."""
    rules = rules_for(kind)
    players = stand_ins(kind, 3 if kind == "ten-sailors" else 4)
    made = game_file({"game": {"kind": kind, "id": "g", "seed": 3}, "players": players}, None)
    return rules, rules.start(made.setup), made.setup["players"][0]["name"]


@pytest.mark.parametrize("language", ["en", "ru"])
@pytest.mark.parametrize("kind", KINDS)
def test_every_games_catch_up_letter_tells_the_characters_own_view(kind: str, language: str) -> None:
    rules, events, me = started(kind)
    state = fold(rules, events)
    view = rules.player_view(state, me, visible(events, me))
    text = Renderer(PROJECT_ROOT / "templates").render(
        language, "catch_up.txt.j2", kind=kind, character=me, view=view, game_id="g"
    )
    assert OPENINGS[language].format(name=me) in text
    status = Renderer(PROJECT_ROOT / "templates").render(language, "status.txt.j2", kind=kind, view=view)
    body = [line for line in status.splitlines() if line.strip()]
    assert body and all(line in text for line in body)  # the status every door shows, whole


@pytest.mark.parametrize("kind", ["museum-suspects", "cosmic-express", "minuit"])
def test_stand_in_bots_finish_a_game_of_every_kind(kind: str, tmp_path: Path, database_url: str) -> None:
    site = Site(tmp_path, database_url)
    store = site.store()
    players = [{**p, "email": f"{p['name'].lower()}@example.org"} for p in stand_ins(kind, 4)]
    made = game_file(
        {"game": {"kind": kind, "id": "g", "seed": 3}, "players": players}, site.root / "schedules"
    )
    made.create(store, T0)
    for player in players:
        store.desk.perform("replace", "g", {"seat": player["name"], "bot": True}, T0, COMMAND_LINE)
    now = T0
    for _ in range(300):
        if store.operations.load("g").row.finished:
            break
        now += timedelta(hours=1)
        store.operations.resolve("g", now)
    assert store.operations.load("g").row.finished
    assert all(s.email.endswith("@vacated.invalid") for s in store.seats("g"))
