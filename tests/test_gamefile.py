"""Reading game files: every problem named, nothing half-read (TS-1, TS-5)."""

from __future__ import annotations

from pathlib import Path

import pytest

from referee.app.gamefile import GameFileError, read_game_file
from referee.config import PROJECT_ROOT

SCHEDULES = PROJECT_ROOT / "schedules"
PLAYERS = "".join(
    f'\n[[players]]\nname = "{name}"\nemail = "{name.lower()}@example.org"\n'
    for name in ("Anna", "Boris", "Clara")
)


def write(tmp_path: Path, game: str, players: str = PLAYERS) -> Path:
    path = tmp_path / "game.toml"
    path.write_text(
        f'[game]\nkind = "ten-sailors"\nid = "g"\nschedule = "ten-sailors-daily"\nseed = 1\n{game}\n{players}'
    )
    return path


def test_ts1_host_bot_option_names_the_hosts_character(tmp_path: Path) -> None:
    players = PLAYERS + "host = true\n"
    game = read_game_file(write(tmp_path, "host_bot = true", players), SCHEDULES)
    assert game.settings["bots"] == ["Clara"]
    assert [seat["host"] for seat in game.seats] == [False, False, True]


def test_ts1_host_bot_without_a_host_is_refused(tmp_path: Path) -> None:
    with pytest.raises(GameFileError, match="host = true"):
        read_game_file(write(tmp_path, "host_bot = true"), SCHEDULES)


def test_ts5_start_is_read_in_the_schedules_time_zone(tmp_path: Path) -> None:
    game = read_game_file(write(tmp_path, "start = 2026-12-01T20:00:00"), SCHEDULES)
    assert game.settings["start"] == "2026-12-01T20:00:00+03:00"


def test_every_problem_is_named_at_once(tmp_path: Path) -> None:
    bad_players = '\n[[players]]\nname = "Anna"\nemail = "not-an-address"\nshoe = 41\n'
    path = write(tmp_path, 'language = "en"\nweather = "rain"', bad_players)
    with pytest.raises(GameFileError) as raised:
        read_game_file(path, SCHEDULES)
    message = str(raised.value)
    assert "weather" in message and "not-an-address" in message and "shoe" in message


def test_a_missing_file_is_named(tmp_path: Path) -> None:
    with pytest.raises(GameFileError, match="no file"):
        read_game_file(tmp_path / "absent.toml", SCHEDULES)


def test_seed_and_schedule_have_replayable_defaults(tmp_path: Path) -> None:
    path = tmp_path / "bare.toml"
    path.write_text(f'[game]\nkind = "ten-sailors"\nid = "bare"\n{PLAYERS}', encoding="utf-8")
    game = read_game_file(path, SCHEDULES)
    assert (game.setup["seed"], game.schedule) == ("bare", "ten-sailors-daily")
