"""``referee game create`` given a folder or several game files: every file is checked first, the good
ones are created in batches of one transaction (each game a savepoint of it, as one game alone is
created), and a file refused is named with why without stopping the others."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from cli_helpers import Referee, initialised
from test_cli import HANDS, game_file

from referee.app import create_games, open_referee, read_game_files
from referee.config import load_config


def _games(referee: Referee) -> list[str]:
    """The ids of the games `referee game list` lists."""
    return sorted(line.split()[0] for line in referee("game", "list").stdout.splitlines())


def test_a_folder_of_three_good_files_and_a_bad_one_creates_three_games_and_names_the_bad_one(
    tmp_path: Path, sqlite_url: str
) -> None:
    referee = initialised(tmp_path, sqlite_url)
    folder = tmp_path / "games"
    folder.mkdir()
    for game_id in ("north", "east", "south"):
        game_file(folder, game_id, HANDS)
    (folder / "west.toml").write_text('[game]\nkind = "chess"\nid = "west"\n', encoding="utf-8")
    (folder / "notes.txt").write_text("not a game file", encoding="utf-8")

    result = referee("game", "create", str(folder), ok=False)

    assert result.returncode == 1
    assert _games(referee) == ["east", "north", "south"]
    assert "created 3 games, refused 1:" in result.stdout
    refusal = next(line for line in result.stdout.splitlines() if "west.toml" in line)
    assert "kind must be one of" in refusal and "'chess'" in refusal
    assert "created ten-sailors game east with 4 players from" in result.stdout
    assert "notes.txt" not in result.stdout


def test_several_files_given_as_arguments_are_all_created(tmp_path: Path, sqlite_url: str) -> None:
    referee = initialised(tmp_path, sqlite_url)
    files = [str(game_file(tmp_path, game_id, HANDS)) for game_id in ("one", "two")]

    result = referee("game", "create", *files)

    assert "created 2 games, refused 0" in result.stdout
    assert _games(referee) == ["one", "two"]


def test_a_game_whose_id_exists_is_refused_and_the_others_are_created(
    tmp_path: Path, sqlite_url: str
) -> None:
    """An id taken before the command, or by a file before it in the same command, is refused clearly;
    the games around it in the same transaction are created all the same."""
    referee = initialised(tmp_path, sqlite_url)
    referee("game", "create", str(game_file(tmp_path, "castle", HANDS)))
    folder = tmp_path / "again"
    folder.mkdir()
    for game_id in ("abbey", "castle", "tower"):
        game_file(folder, game_id, HANDS)
    twice = game_file(tmp_path, "abbey", HANDS)

    result = referee("game", "create", str(folder), str(twice), ok=False)

    assert "created 2 games, refused 2:" in result.stdout
    assert f"  {folder / 'castle.toml'}: a game called 'castle' exists already" in result.stdout
    assert f"  {twice}: a game called 'abbey' exists already" in result.stdout
    assert _games(referee) == ["abbey", "castle", "tower"]
    refused = [a for a in open_referee(_url(tmp_path)).actions("castle") if not a.ok]
    assert [a.result for a in refused] == ["a game called 'castle' exists already"]


def _url(directory: Path) -> str:
    return load_config(directory / "referee.toml").database_url


def _made(directory: Path, game_id: str) -> dict[str, Any]:
    """What creating ``game_id`` wrote: its seats, its events, the letters queued and its audit."""
    referee = open_referee(_url(directory))
    return {
        "seats": [(s.name, s.email, s.host) for s in referee.seats(game_id)],
        "events": [(e.seq, e.phase, e.kind, e.data, e.audience) for e in referee.events(game_id)],
        "letters": [(n.recipient, n.template, n.phase, n.data) for n in referee.notices(game_id)],
        "audit": [(a.action, a.ok, a.result, a.detail) for a in referee.actions(game_id)],
        "row": referee.load(game_id).row.model_dump(exclude={"created_at", "secret"}),
    }


def test_games_created_together_are_the_games_created_one_by_one(tmp_path: Path) -> None:
    alone, together = tmp_path / "alone", tmp_path / "together"
    for directory in (alone, together):
        directory.mkdir()
        initialised(directory, f"sqlite:///{directory / 'referee.db'}")
    files = [
        game_file(tmp_path, game_id, HANDS, host) for game_id, host in (("ash", "Anna"), ("elm", "Clara"))
    ]
    for file in files:
        Referee(alone)("game", "create", str(file))

    Referee(together)("game", "create", *map(str, files))

    for game_id in ("ash", "elm"):
        made = _made(together, game_id)
        assert made == _made(alone, game_id)
        assert len(made["seats"]) == 4 and made["letters"], made


def test_games_of_more_than_one_transaction_are_all_created_in_order(tmp_path: Path, sqlite_url: str) -> None:
    """The application layer's batches: five games, two a transaction, one refused in the middle."""
    initialised(tmp_path, sqlite_url)
    folder = tmp_path / "games"
    folder.mkdir()
    for game_id in ("a1", "a2", "a3", "a4"):
        game_file(folder, game_id, HANDS)
    game_file(folder, "a5", HANDS).rename(folder / "a0.toml")  # a5 first, by the file's name …
    game_file(folder, "a5", HANDS)  # … and again last
    referee = open_referee(sqlite_url)
    files, refused = read_game_files([folder], load_config(tmp_path / "referee.toml").schedules)

    done = create_games(referee.operations, files, datetime.now(UTC), per_transaction=2)

    assert refused == []
    outcomes = [d.why if not isinstance(d, tuple) else d[1].setup["id"] for d in done]
    assert outcomes == ["a5", "a1", "a2", "a3", "a4", "a game called 'a5' exists already"]
    assert sorted(game.id for game in referee.games()) == ["a1", "a2", "a3", "a4", "a5"]


def test_with_no_send_the_welcome_letters_wait_in_the_outbox(tmp_path: Path, sqlite_url: str) -> None:
    referee = initialised(tmp_path, sqlite_url)
    folder = tmp_path / "games"
    folder.mkdir()
    game_file(folder, "quiet", HANDS)

    result = referee("game", "create", str(folder), "--no-send")

    assert "the welcome letters wait in the outbox" in result.stdout
    waiting = open_referee(sqlite_url).notices("quiet", unsent_only=True)
    assert sorted(n.recipient for n in waiting if n.template == "welcome") == sorted(HANDS)
    sent = referee("deliver").stderr
    assert "4 mails sent" in sent
