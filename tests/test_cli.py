"""The game-master's command line on SQLite and PostgreSQL: each command through the entry point a fresh
``python -m referee`` runs (in this process, see ``cli_helpers``), and a campaign's state carried from one
fresh process to the next."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from cli_helpers import Referee, initialised

HANDS = {
    "Anna": ["Kitchen", "Sofa", "Knife"],
    "Boris": ["Dining Room", "Fireplace", "Pistol"],
    "Clara": ["Bedroom", "Table", "Poison"],
    "Dmitri": ["Study", "Car", "Rope"],
}


def game_file(directory: Path, game_id: str, hands: dict[str, list[str]], host: str = "Dmitri") -> Path:
    lines = [f'[game]\nkind = "ten-sailors"\nid = "{game_id}"\nschedule = "ten-sailors-daily"\nseed = 11\n']
    for name, hand in hands.items():
        email = f"{name.lower()}@example.org"
        lines.append(f'[[players]]\nname = "{name}"\nemail = "{email}"\nhand = {json.dumps(hand)}')
        if name == host:
            lines.append("host = true")
    path = directory / f"{game_id}.toml"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


@pytest.fixture
def referee(tmp_path: Path, database_url: str) -> Referee:
    return initialised(tmp_path, database_url)


def test_ts12_a_campaign_is_carried_from_one_fresh_process_to_the_next(
    tmp_path: Path, sqlite_url: str
) -> None:
    """Each command is its own process, as at a game-master's shell: the game, an order and a resolution
    are in the database for the next one, and nothing lingers in a process."""
    fresh = initialised(tmp_path, sqlite_url, fresh=True)
    fresh("game", "create", str(game_file(tmp_path, "castle", HANDS)))
    fresh("order", "castle", "Anna", "MOVE Dining Room")
    fresh("advance", "castle")
    state = fresh.json("state", "castle")
    assert (state["day"], state["segment"]) == (1, "hour1")
    assert {c["name"]: c["location"] for c in state["characters"]}["Anna"] == "Dining Room"


def advance_to(referee: Referee, game: str, day: int, segment: str) -> None:
    for _ in range(50):
        state = referee.json("state", game)
        if (state["day"], state["segment"]) == (day, segment):
            return
        referee("advance", game)
    raise AssertionError(f"never reached day {day} {segment}")


def test_ts21_ts24_scripted_campaign_by_commands(referee: Referee, tmp_path: Path) -> None:
    """A campaign by hand: moves, own-room landing, talk, search, shared frags, the host's two, the end."""
    referee("game", "create", str(game_file(tmp_path, "castle", HANDS)))
    state = referee.json("state", "castle")
    assert (state["day"], state["segment"], state["finished"]) == (0, "night", False)
    assert {c["name"]: c["hand"] for c in state["characters"]} == HANDS
    assert {c["email"] for c in state["characters"]} >= {"anna@example.org"}
    assert [c["host"] for c in state["characters"]] == [False, False, False, True]

    # TS-22: night moves land at 10:00; a search at night is refused, the move still stands
    answer = referee("order", "castle", "anna", "MOVE Dining Room\nSEARCH Knife, Sofa", ok=False)
    assert "Dining Room" in answer.stdout
    referee("order", "castle", "BORIS", "MOVE Dining Room")  # TS-18: his own room card
    preview = referee("advance", "castle", "--dry-run").stdout
    assert "Anna: Hall -> Dining Room (moved)" in preview and "nothing was changed" in preview
    assert referee.json("state", "castle")["segment"] == "night"
    referee("advance", "castle")
    assert referee("log", "castle").stdout.count("Anna: Hall -> Dining Room") == 1
    state = referee.json("state", "castle")
    where = {c["name"]: c["location"] for c in state["characters"]}
    assert (state["day"], state["segment"]) == (1, "hour1")
    assert where["Anna"] == "Dining Room"
    assert where["Boris"] not in ("Dining Room", "Hall")
    assert where["Clara"] == where["Dmitri"] == "Hall"

    # TS-23: talk reaches those present (and the host), never the others
    referee("order", "castle", "Anna", "SAY the sofa is not here\nSEARCH Fireplace, Knife")
    anna = referee.json("view", "castle", "Anna")
    assert [m["text"] for m in anna["messages"]] == ["the sofa is not here"]
    assert referee.json("view", "castle", "Clara")["messages"] == []
    assert referee.json("view", "castle", "Dmitri")["messages"] == []  # the host, in the Hall
    referee("advance", "castle")
    anna = referee.json("view", "castle", "Anna")
    assert anna["searches"] == [
        {"day": 1, "segment": "hour1", "hour": 1, "room": "Dining Room", "cards": ["Fireplace", "Knife"],
         "found": ["Fireplace"], "random": False}
    ]  # fmt: skip
    assert "hand" not in json.dumps([c for c in anna["characters"] if c["name"] != "Anna"])

    # TS-20/21/24: night 1 — Anna and Boris both trap the host; Anna also traps Clara
    advance_to(referee, "castle", 1, "night")
    referee("order", "castle", "Anna", "TRAP Dmitri Study Car Rope\nTRAP Clara Bedroom Table Poison")
    referee("order", "castle", "Boris", "ЛОВУШКА Dmitri Кабинет Автомобиль Верёвка")
    third = referee("order", "castle", "Anna", "TRAP Boris Kitchen Sofa Knife", ok=False)
    assert "TRAP Boris" in third.stdout
    referee("advance", "castle")
    state = referee.json("state", "castle")
    frags = {c["name"]: c["frags"] for c in state["characters"]}
    alive = {c["name"]: c["alive"] for c in state["characters"]}
    assert frags == {"Anna": 2, "Boris": 1, "Clara": 0, "Dmitri": 0}
    assert alive == {"Anna": True, "Boris": True, "Clara": False, "Dmitri": False}
    boris = referee.json("view", "castle", "Boris")
    revealed = {d["name"]: d["hand"] for d in boris["dead"]}
    assert revealed == {"Clara": HANDS["Clara"], "Dmitri": HANDS["Dmitri"]}
    trap = {"day": 1, "target": "Dmitri", "cards": ["Study", "Car", "Rope"], "void": False}
    assert boris["traps"] == [{**trap, "correct": 3, "killed": True}]

    # TS-24: the last survivor wins at once; a finished game refuses to advance
    advance_to(referee, "castle", 2, "night")
    referee("order", "castle", "Anna", "TRAP Boris Dining Room Fireplace Pistol")
    referee("advance", "castle")
    state = referee.json("state", "castle")
    assert state["finished"] is True
    assert state["winners"] == ["Anna"]
    refused = referee("advance", "castle", ok=False)
    assert "over" in refused.stderr
    log = referee("log", "castle").stdout
    assert "Boris died" in log and "game over" in log


def test_ts1_bad_hand_is_rejected_and_nothing_is_created(referee: Referee, tmp_path: Path) -> None:
    bad = dict(HANDS, Anna=["Kitchen", "Sofa", "Spoon"])
    result = referee("game", "create", str(game_file(tmp_path, "bad1", bad)), ok=False)
    assert "Spoon" in result.stderr and "no game was created" in result.stderr
    duplicate = dict(HANDS, Anna=["Kitchen", "Fireplace", "Knife"])
    result = referee("game", "create", str(game_file(tmp_path, "bad2", duplicate)), ok=False)
    assert "Fireplace" in result.stderr
    kinds = dict(HANDS, Anna=["Kitchen", "Garage", "Knife"])
    result = referee("game", "create", str(game_file(tmp_path, "bad3", kinds)), ok=False)
    assert "one room, one furniture and one weapon" in result.stderr
    assert referee("game", "list").stdout.strip() == ""
    referee("state", "bad1", ok=False)


def test_unknown_schedule_is_rejected_with_the_available_ones(referee: Referee, tmp_path: Path) -> None:
    path = game_file(tmp_path, "nosched", HANDS)
    path.write_text(path.read_text().replace("ten-sailors-daily", "weekly"), encoding="utf-8")
    result = referee("game", "create", str(path), ok=False)
    assert "weekly" in result.stderr and "ten-sailors-daily" in result.stderr


def test_config_is_found_by_option_environment_or_current_directory(tmp_path: Path, sqlite_url: str) -> None:
    elsewhere = tmp_path / "conf" / "other.toml"
    elsewhere.parent.mkdir()
    elsewhere.write_text(f'[database]\nurl = "{sqlite_url}"\n', encoding="utf-8")
    work = tmp_path / "work"
    work.mkdir()
    run = Referee(work)
    run("init", "--config", str(elsewhere))
    run("game", "create", str(game_file(tmp_path, "g", HANDS)), "--config", str(elsewhere))
    env = {**os.environ, "REFEREE_CONFIG": str(elsewhere)}
    listed = subprocess.run(
        [sys.executable, "-m", "referee", "game", "list"], cwd=work, env=env, capture_output=True, text=True
    )
    assert listed.returncode == 0 and listed.stdout.startswith("g\t")
    missing = run("game", "list", ok=False)
    assert "referee init" in missing.stderr


def test_init_writes_config_from_the_example(tmp_path: Path) -> None:
    run = Referee(tmp_path)
    run("init")
    example = (Path(__file__).parents[1] / "config.example.toml").read_text()
    assert (tmp_path / "referee.toml").read_text() == example
    assert (tmp_path / "referee.db").exists()


def test_ts5_state_shows_the_deadline_of_the_open_segment_from_the_schedule(
    referee: Referee, tmp_path: Path
) -> None:
    """TS-4/TS-5: with a start date, the open segment's end comes from the game's schedule."""
    path = game_file(tmp_path, "timed", HANDS)
    path.write_text(path.read_text().replace("seed = 11", "seed = 11\nstart = 2026-12-01T20:00:00"), "utf-8")
    referee("game", "create", str(path))
    assert referee.json("state", "timed")["deadline"] == "2026-12-02T10:00:00+03:00"
    referee("advance", "timed")
    assert referee.json("state", "timed")["deadline"] == "2026-12-02T12:30:00+03:00"


def test_unknown_game_keys_are_refused(referee: Referee, tmp_path: Path) -> None:
    path = game_file(tmp_path, "typo", HANDS)
    path.write_text(path.read_text().replace("seed = 11", "seed = 11\nlanugage = 'ru'"), "utf-8")
    result = referee("game", "create", str(path), ok=False)
    assert "lanugage" in result.stderr


@pytest.mark.parametrize("database_url", ["sqlite"], indirect=True)  # PostgreSQL: the campaign test
def test_ts15_ts16_arrival_order_and_two_hours_across_the_night_by_commands(
    referee: Referee, tmp_path: Path
) -> None:
    """TS-15: the first three movers get in, the fourth lands elsewhere; TS-16: the night does not
    break the two-hour count, so an hour-4 room entered again at 10:00 must be left after hour 1."""
    referee("game", "create", str(game_file(tmp_path, "rush", HANDS)))
    for name in ("Boris", "Clara", "Dmitri", "Anna"):
        referee("order", "rush", name, "MOVE Garage")
    referee("advance", "rush")
    where = {c["name"]: c["location"] for c in referee.json("state", "rush")["characters"]}
    assert [where[n] for n in ("Boris", "Clara", "Dmitri")] == ["Garage"] * 3
    assert where["Anna"] not in ("Garage", "Hall", "Kitchen")
    assert referee.json("view", "rush", "Anna")["moves"][-1]["reason"] == "room_full"

    for name in HANDS:
        referee("order", "rush", name, "MOVE Hall")  # an empty castle for the second part
    advance_to(referee, "rush", 1, "hour3")
    referee("order", "rush", "Clara", "MOVE Bathroom")
    referee("advance", "rush")  # Clara spends hour 4 in the Bathroom
    referee("advance", "rush")  # everyone to the Hall for the night
    referee("order", "rush", "Clara", "MOVE Bathroom")
    advance_to(referee, "rush", 2, "hour1")  # 09:00 the traps, 10:00: Clara is back: her second hour there
    clara = next(c for c in referee.json("state", "rush")["characters"] if c["name"] == "Clara")
    assert (clara["location"], clara["hours_in_room"]) == ("Bathroom", 2)
    referee("advance", "rush")  # no move order, but she must leave (TS-16, TS-17)
    clara = next(c for c in referee.json("state", "rush")["characters"] if c["name"] == "Clara")
    assert clara["location"] not in ("Bathroom", "Hall", "Bedroom")
    assert referee.json("view", "rush", "Clara")["moves"][-1]["reason"] == "two_hours"


def test_ts11_orders_typed_in_a_shell_or_piped_in_keep_their_lines(referee: Referee, tmp_path: Path) -> None:
    """A game-master typing "\\n" in a shell, or piping a forum post, gets one order per line."""
    referee("game", "create", str(game_file(tmp_path, "shell", HANDS)))
    typed = json.loads(referee("order", "shell", "Boris", "MOVE Garage\\nSAY hello", "--json").stdout)
    assert [v["understood"]["kind"] for v in typed["verdicts"]] == ["move", "say"]
    piped = referee("order", "shell", "Clara", "-", "--json", stdin="MOVE Study\nSAY from the forum\n")
    assert [v["understood"]["kind"] for v in json.loads(piped.stdout)["verdicts"]] == ["move", "say"]


def test_a_database_without_tables_gets_a_plain_answer(tmp_path: Path, empty_sqlite_url: str) -> None:
    (tmp_path / "referee.toml").write_text(f'[database]\nurl = "{empty_sqlite_url}"\n', encoding="utf-8")
    result = Referee(tmp_path)("game", "list", ok=False)
    assert "referee init" in result.stderr and "Traceback" not in result.stderr
