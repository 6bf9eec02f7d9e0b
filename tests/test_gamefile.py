"""Reading game files: every problem named, nothing half-read (TS-1, TS-5)."""

from __future__ import annotations

from pathlib import Path

import pytest
from cli_helpers import Referee, initialised

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


# --- hostile text: refused at `game create`, with the player and the key named -------------------


def players(*entries: tuple[str, str]) -> str:
    """[[players]] tables for (name, email) pairs, written as TOML basic strings (escapes allowed)."""
    return "".join(f'\n[[players]]\nname = "{name}"\nemail = "{email}"\n' for name, email in entries)


def refusal(path: Path) -> str:
    with pytest.raises(GameFileError) as raised:
        read_game_file(path, SCHEDULES)
    return str(raised.value)


def test_a_name_with_a_line_break_is_refused_at_game_create(tmp_path: Path) -> None:
    entries = players(("Anna\\r\\nBcc: spy@evil.example", "anna@example.org"), ("Boris", "boris@example.org"))
    message = refusal(write(tmp_path, "", entries + players(("Clara", "clara@example.org"))))
    assert (
        "player 1 ('Anna\\r\\nBcc: spy@evil.example') name holds a control or invisible character" in message
    )
    assert "U+000D" in message and "Boris" not in message


@pytest.mark.parametrize(
    ("game", "entries", "said"),
    [
        (
            'language = "en\\u202e"',
            PLAYERS,
            "[game] language holds a control or invisible character (U+202E)",
        ),
        ('motto = "ahoy\\u0000"', PLAYERS, "[game] motto holds a control or invisible character (U+0000)"),
        ('master_email = "gm@example.org\\nBcc: x@y.z"', PLAYERS, "[game] master_email holds"),
        ("", PLAYERS + 'hand = ["Kitchen\\u200b", "Sofa", "Knife"]\n', "player 3 ('Clara') hand holds"),
        ("", PLAYERS.replace("clara@", "clara\\t@"), "player 3 ('Clara') email holds"),
        ("", PLAYERS.replace('"Boris"', '"Bo\\u0085ris"'), "player 2 ('Bo\\x85ris') name holds"),
    ],
)
def test_text_with_a_control_character_is_refused_naming_its_key(
    tmp_path: Path, game: str, entries: str, said: str
) -> None:
    assert said in refusal(write(tmp_path, game, entries))


def test_addresses_that_differ_only_in_case_are_refused_naming_both_players(tmp_path: Path) -> None:
    entries = players(
        ("Anna", "anna@example.org"), ("Boris", "boris@example.org"), ("Clara", "ANNA@example.org")
    )
    message = refusal(write(tmp_path, "", entries))
    assert "player 1 ('Anna') and player 3 ('Clara') have the same address" in message
    assert "'anna@example.org' and 'ANNA@example.org'" in message


def test_a_game_that_is_not_a_table_is_refused_clearly(tmp_path: Path) -> None:
    path = tmp_path / "game.toml"
    path.write_text(f'game = "x"\n{PLAYERS}', encoding="utf-8")
    assert refusal(path) == "[game] must be a table (a line [game], then key = value lines), not 'x'"


def test_players_that_are_not_tables_are_refused_clearly(tmp_path: Path) -> None:
    path = tmp_path / "game.toml"
    path.write_text('players = ["Anna", "Boris"]\n[game]\nkind = "ten-sailors"\nid = "g"\n', encoding="utf-8")
    assert "each player must be a [[players]] table" in refusal(path)


@pytest.mark.parametrize(
    ("entry", "said"),
    [
        ('\n[[players]]\nemail = "dora@example.org"\n', "player 4 needs a name"),
        (
            '\n[[players]]\nname = 5\nemail = "dora@example.org"\n',
            "player 4: name must be text in quotes, not 5",
        ),
        (
            '\n[[players]]\nname = ["Dora"]\nemail = "dora@example.org"\n',
            "player 4: name must be text in quotes, not ['Dora']",
        ),
    ],
)
def test_a_player_without_a_name_or_with_a_name_that_is_not_text_is_refused(
    tmp_path: Path, entry: str, said: str
) -> None:
    assert said in refusal(write(tmp_path, "", PLAYERS + entry))


# --- the same, through `referee game create` ----------------------------------------------------


@pytest.fixture
def referee(tmp_path: Path, sqlite_url: str) -> Referee:
    return initialised(tmp_path, sqlite_url)


def test_game_create_refuses_hostile_names_and_broken_files_without_a_traceback(
    referee: Referee, tmp_path: Path
) -> None:
    long_name = "A" * 41
    cases = {
        "line-break": (PLAYERS.replace('"Anna"', '"Anna\\nBcc: x@y.z"'), "U+000A"),
        "long": (PLAYERS.replace('"Anna"', f'"{long_name}"'), "at most 40 characters long, not 41"),
        "blank": (PLAYERS.replace('"Anna"', '"\\u3164\\u3164"'), "must show something"),
        "nameless": (PLAYERS + '\n[[players]]\nemail = "d@example.org"\n', "player 4 needs a name"),
    }
    for name, (entries, said) in cases.items():
        path = write(tmp_path, "", entries).rename(tmp_path / f"{name}.toml")
        result = referee("game", "create", str(path), ok=False)
        assert said in result.stderr and "Traceback" not in result.stderr, (name, result.stderr)
    path = tmp_path / "not-a-table.toml"
    path.write_text(f'game = "x"\n{PLAYERS}', encoding="utf-8")
    result = referee("game", "create", str(path), ok=False)
    assert "[game] must be a table" in result.stderr and "Traceback" not in result.stderr
    assert referee("game", "list").stdout.strip() == ""


@pytest.mark.parametrize("name", ["#master", "#MASTER", " #master", "#anything", "\uff03master", "*"])
def test_a_character_named_as_the_referee_names_its_own_readers_is_refused(tmp_path: Path, name: str) -> None:
    """ "#master" is the game-master's reader name: a character called so would be sent the
    game-master's welcome, with the game-master's password."""
    entries = PLAYERS + f'\n[[players]]\nname = "{name}"\nemail = "dora@example.org"\n'
    message = refusal(write(tmp_path, 'master_email = "gm@example.org"', entries))
    assert f"{name.strip()!r} cannot be a player's name" in message


def test_a_language_the_referee_has_no_texts_in_is_refused(tmp_path: Path) -> None:
    assert "[game] language must be one of en, ru, not 'de'" in refusal(write(tmp_path, 'language = "de"'))


def test_two_characters_of_one_name_are_refused_before_the_rules_are_asked(tmp_path: Path) -> None:
    entries = PLAYERS + '\n[[players]]\nname = " anna "\nemail = "dora@example.org"\n'
    assert "two players are called 'anna'" in refusal(write(tmp_path, "", entries))


def test_game_create_refuses_a_character_named_as_the_game_master(referee: Referee, tmp_path: Path) -> None:
    entries = PLAYERS + '\n[[players]]\nname = "#master"\nemail = "dora@example.org"\n'
    path = write(tmp_path, 'master_email = "gm@example.org"', entries)
    result = referee("game", "create", str(path), ok=False)
    assert "'#master' cannot be a player's name" in result.stderr and "Traceback" not in result.stderr
    assert referee("game", "list").stdout.strip() == ""
