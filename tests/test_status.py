"""What ``referee status``, ``referee game list`` and ``referee state`` tell a game-master: phases as
players read them, times in the game's own zone with the zone named, who still owes orders, and a
game without a start said plainly (every command a fresh process)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from cli_helpers import Referee, initialised
from test_cli import HANDS, game_file

OLD_KEYS = {
    "id": str,
    "kind": str,
    "phase": str,
    "finished": bool,
    "paused": bool,
    "paused_until": (str, type(None)),
    "due_at": (str, type(None)),
    "waiting": int,
    "failed": (str, type(None)),
}
"""The keys every game of ``referee status --json`` had, with their types: programs read them."""

JARGON = re.compile(r"\bd\d+(n|h\d)\b|\+00:00|T\d\d:\d\d")
"""Phase keys ("d0n", "d1h2") and ISO times, which a person should not have to read."""


@pytest.fixture
def referee(tmp_path: Path, sqlite_url: str) -> Referee:
    return initialised(tmp_path, sqlite_url)


def started(directory: Path, game_id: str, start: str = "2026-12-01T20:00:00") -> Path:
    """A Ten Sailors game file for four players, with ``start`` (local time in Moscow)."""
    path = game_file(directory, game_id, HANDS)
    path.write_text(path.read_text().replace("seed = 11", f"seed = 11\nstart = {start}"), "utf-8")
    return path


def short_game(directory: Path, kind: str, game_id: str) -> Path:
    """A game file of the short game ``kind`` for Anna, Boris and Clara."""
    lines = [f'[game]\nkind = "{kind}"\nid = "{game_id}"\nseed = 5\n']
    lines += [
        f'[[players]]\nname = "{n}"\nemail = "{n.lower()}@example.org"\n' for n in ("Anna", "Boris", "Clara")
    ]
    path = directory / f"{game_id}.toml"
    path.write_text("\n".join(lines), encoding="utf-8")
    return path


def block(status: str, game_id: str) -> str:
    """The lines ``referee status`` prints for ``game_id``: its heading and the indented ones below."""
    lines = status.splitlines()
    first = next(i for i, line in enumerate(lines) if line.startswith(f"{game_id} ("))
    rest = [line for line in lines[first + 1 :]]
    ending = next((i for i, line in enumerate(rest) if not line.startswith("  ")), len(rest))
    return "\n".join([lines[first], *rest[:ending]])


def test_status_names_phases_as_players_do_and_times_in_the_games_zone(
    referee: Referee, tmp_path: Path
) -> None:
    """The arrival evening, then day 1's first hour, each with its end at Moscow's wall-clock time."""
    referee("game", "create", str(started(tmp_path, "castle")))
    first = block(referee("status").stdout, "castle")
    assert "the arrival evening" in first
    assert "until 10:00 on Wednesday 2 December (Moscow time)" in first
    assert not JARGON.search(first), first

    referee("advance", "castle")
    second = block(referee("status").stdout, "castle")
    assert "day 1, hour 1 (10:00–12:30)" in second
    assert "until 12:30 on Wednesday 2 December (Moscow time)" in second
    assert not JARGON.search(second), second


def test_status_names_the_characters_who_still_owe_orders(referee: Referee, tmp_path: Path) -> None:
    referee("game", "create", str(started(tmp_path, "castle")))
    assert "orders awaited from Anna, Boris, Clara and Dmitri" in referee("status").stdout
    referee("order", "castle", "Anna", "MOVE Kitchen")
    referee("order", "castle", "Clara", "MOVE Bedroom")
    text = block(referee("status").stdout, "castle")
    assert "orders awaited from Boris and Dmitri" in text
    game = next(g for g in referee.json("status")["games"] if g["id"] == "castle")
    assert game["awaited"] == ["Boris", "Dmitri"] and game["waiting"] == 2


def test_a_game_without_a_start_says_it_will_not_advance_and_how_to_fix_it(
    referee: Referee, tmp_path: Path
) -> None:
    """Status, game list and state each say there is no start and name `referee advance` and start = …."""
    referee("game", "create", str(game_file(tmp_path, "idle", HANDS)))
    status = block(referee("status").stdout, "idle")
    assert "no start" in status and "never advances by itself" in status
    assert "-m referee advance idle`" in status and "start = " in status  # as these tests run referee
    assert "until no deadline" not in status
    listed = next(line for line in referee("game", "list").stdout.splitlines() if line.startswith("idle\t"))
    assert "no start" in listed and "-m referee advance idle`" in listed
    state = referee("state", "idle").stdout
    assert "no start" in state and "-m referee advance idle`" in state


def test_short_games_show_their_phase_and_deadline_in_their_zone(referee: Referee, tmp_path: Path) -> None:
    """Museum Suspects, Cosmic Express and Minuit: the rules' names of the phase, the Moscow deadline,
    and the players the phase waits for."""
    games = {"museum-suspects": "museum", "cosmic-express": "cosmic", "minuit": "liner"}
    for kind, game_id in games.items():
        referee("game", "create", str(short_game(tmp_path, kind, game_id)))
    status = referee("status").stdout
    data = {game["id"]: game for game in referee.json("status")["games"]}
    for game_id in games.values():
        text = block(status, game_id)
        heading = text.splitlines()[0]
        assert data[game_id]["phase"] not in heading, heading
        assert data[game_id]["label"] in heading
        assert "(Moscow time)" in text and not JARGON.search(text), text
        awaited = data[game_id]["awaited"]
        assert awaited and all(name in text for name in awaited)
    assert "orders awaited from Anna\n" in block(status, "museum") + "\n"


def test_a_paused_game_says_until_when_in_its_zone(referee: Referee, tmp_path: Path) -> None:
    referee("game", "create", str(started(tmp_path, "castle")))
    referee("game", "create", str(started(tmp_path, "manor")))
    referee("pause", "castle", "--for", "2h")
    referee("pause", "manor")
    status = referee("status").stdout
    assert re.search(r"paused until \d\d:\d\d on \w+ \d+ \w+ \(Moscow time\)", block(status, "castle"))
    assert re.search(r"paused until `\S+ -m referee resume manor`", block(status, "manor"))


def test_status_json_keeps_every_key_and_its_type(referee: Referee, tmp_path: Path) -> None:
    referee("game", "create", str(started(tmp_path, "castle")))
    referee("game", "create", str(game_file(tmp_path, "idle", HANDS)))
    report = referee.json("status")
    assert set(report) >= {"games", "outbox", "last_mail"}
    for game in report["games"]:
        for key, kind in OLD_KEYS.items():
            assert isinstance(game[key], kind), (key, game[key])
    castle = next(g for g in report["games"] if g["id"] == "castle")
    assert castle["phase"] == "d0n" and castle["due_at"] == "2026-12-02T07:00:00+00:00"
    assert castle["deadline"] == "2026-12-02T10:00:00+03:00" and castle["time_zone"] == "Europe/Moscow"


def test_game_list_is_one_readable_line_a_game(referee: Referee, tmp_path: Path) -> None:
    referee("game", "create", str(started(tmp_path, "castle")))
    referee("game", "create", str(short_game(tmp_path, "museum-suspects", "museum")))
    lines = referee("game", "list").stdout.splitlines()
    assert [line.split("\t")[:2] for line in lines] == [
        ["castle", "ten-sailors"],
        ["museum", "museum-suspects"],
    ]
    castle = lines[0].split("\t")[2]
    assert castle == "open: the arrival evening, until 10:00 on Wednesday 2 December (Moscow time)"
    assert not JARGON.search(lines[1]) and "(Moscow time)" in lines[1]


def test_state_shows_the_phase_its_end_in_the_games_zone_and_who_owes_orders(
    referee: Referee, tmp_path: Path
) -> None:
    referee("game", "create", str(started(tmp_path, "castle")))
    referee("advance", "castle")
    referee("order", "castle", "Boris", "MOVE Hall")
    head = referee("state", "castle").stdout.splitlines()[:3]
    assert head[0] == "castle (ten-sailors): day 1, hour 1 (10:00–12:30), running"
    assert head[1].startswith("this phase runs until 12:30 on Wednesday 2 December (Moscow time)")
    assert head[2] == "orders awaited from Anna, Clara and Dmitri"
