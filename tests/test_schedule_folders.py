"""A game-master's own ``schedules/`` folder adds to the shipped schedules (a file of the same name wins),
and a dry run changes nothing whatever fails inside it (TS-4, TS-5: deadlines come from the schedule)."""

from __future__ import annotations

from pathlib import Path

import pytest
from cli_helpers import Referee, initialised
from test_cli import HANDS, game_file

from referee.shipped import shipped


@pytest.fixture
def referee(tmp_path: Path, sqlite_url: str) -> Referee:
    return initialised(tmp_path, sqlite_url)


def _own_schedule(directory: Path, name: str, zone: str = "Europe/Moscow") -> Path:
    """A copy of the shipped daily schedule under ``schedules/<name>.toml``, in ``zone``."""
    text = (shipped("schedules") / "ten-sailors-daily.toml").read_text(encoding="utf-8")
    assert 'timezone = "Europe/Moscow"' in text and 'name = "ten-sailors-daily"' in text
    text = text.replace('name = "ten-sailors-daily"', f'name = "{name}"')
    folder = directory / "schedules"
    folder.mkdir(exist_ok=True)
    path = folder / f"{name}.toml"
    path.write_text(text.replace('timezone = "Europe/Moscow"', f'timezone = "{zone}"'), encoding="utf-8")
    return path


def _timed(path: Path, schedule: str) -> Path:
    text = path.read_text(encoding="utf-8").replace("ten-sailors-daily", schedule)
    path.write_text(text.replace("seed = 11", "seed = 11\nstart = 2026-12-01T20:00:00"), encoding="utf-8")
    return path


def test_ts4_an_own_schedules_folder_adds_to_the_shipped_ones(referee: Referee, tmp_path: Path) -> None:
    own = _own_schedule(tmp_path, "my-group")
    shipped_game = _timed(game_file(tmp_path, "g1", HANDS), "ten-sailors-daily")
    own_game = _timed(game_file(tmp_path, "g2", HANDS), "my-group")

    first = referee("game", "create", str(shipped_game))
    second = referee("game", "create", str(own_game))

    assert str(shipped("schedules") / "ten-sailors-daily.toml") in first.stdout
    assert str(own) in second.stdout
    assert referee.json("state", "g1")["deadline"] == "2026-12-02T10:00:00+03:00"
    assert referee.json("state", "g2")["deadline"] == "2026-12-02T10:00:00+03:00"


def test_ts5_an_own_schedule_of_a_shipped_name_wins(referee: Referee, tmp_path: Path) -> None:
    own = _own_schedule(tmp_path, "ten-sailors-daily", zone="Europe/Berlin")
    game = _timed(game_file(tmp_path, "g1", HANDS), "ten-sailors-daily")

    created = referee("game", "create", str(game))

    assert str(own) in created.stdout
    assert referee.json("state", "g1")["deadline"] == "2026-12-02T10:00:00+01:00"


def test_a_game_without_a_start_is_created_with_a_warning(referee: Referee, tmp_path: Path) -> None:
    created = referee("game", "create", str(game_file(tmp_path, "g1", HANDS)))

    assert "no start" in created.stderr and "start = " in created.stderr


@pytest.mark.parametrize("trouble", ["schedule removed", "schedule broken"])
def test_ts5_a_dry_run_changes_nothing_whatever_fails_inside_it(
    referee: Referee, tmp_path: Path, trouble: str
) -> None:
    own = _own_schedule(tmp_path, "my-group")
    referee("game", "create", str(_timed(game_file(tmp_path, "g1", HANDS), "my-group")))
    before = referee.json("state", "g1")
    if trouble == "schedule removed":
        own.unlink()
    else:
        own.write_text("this is = not [valid toml\n", encoding="utf-8")

    preview = referee("advance", "g1", "--dry-run", ok=False)

    assert "Traceback" not in preview.stderr
    assert "nothing was changed" in preview.stderr
    own.unlink(missing_ok=True)
    _own_schedule(tmp_path, "my-group")  # the schedule back: the game must still be running
    after = referee.json("state", "g1")
    assert after == before
    referee("advance", "g1")
    assert referee.json("state", "g1")["segment"] != before["segment"]


def test_a_schedule_gone_from_under_a_game_is_one_line_not_a_traceback(
    referee: Referee, tmp_path: Path
) -> None:
    own = _own_schedule(tmp_path, "my-group")
    referee("game", "create", str(_timed(game_file(tmp_path, "g1", HANDS), "my-group")))
    own.unlink()

    for command in (("state", "g1"), ("state", "g1", "--json"), ("advance", "g1", "--dry-run")):
        result = referee(*command, ok=False)
        assert "Traceback" not in result.stderr and "╭" not in result.stderr, command
        assert result.stderr.startswith("error: ") and "my-group" in result.stderr, command
