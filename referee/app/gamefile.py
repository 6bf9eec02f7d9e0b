"""Game files: the TOML a game-master writes to create a game (``referee game create FILE``).

[game]
kind = "ten-sailors"
id = "castle-1"
schedule = "ten-sailors-daily"   # a file under schedules/
seed = 20261130
language = "en"                  # or "ru"

[[players]]
name = "Anna"
email = "anna@example.org"
hand = ["Kitchen", "Sofa", "Knife"]   # optional: dealt from the seed when absent

[[players]]
name = "Boris"
email = "gm@example.org"
host = true                           # the host's character (TS-1)
gender = "m"                          # optional, "m" or "f" (also "male", "ж", …): how texts agree
                                      # with the name; guessed from the name when absent

Other games take their own keys in [game] and [[players]] (their rules' ``setup_keys``
and ``player_keys``, for fixed set-ups), passed to the rules as they are.

Text anywhere in [game] and [[players]] may hold no control or invisible character (a line
break, a bidirectional control, a zero-width space): it would reach mail headers and players'
screens. Every player needs a name (text) and an address of their own, compared ignoring case.

Mail options in [game]: ``relay_talk`` (default true) also mails table talk at once to
those present (paced: ``referee.app.pacing``); ``master_email`` with ``copy_master = true``
copies the game-master on every mail (without the players' secrets).

No character may take a name the referee keeps for itself (``referee.core.seats.reserved_name``:
``#master``, the game-master's, anything else beginning with ``#``, and ``*``).

Many games at once (``referee game create FOLDER`` or several files): every file is read and checked
first (``read_game_files``), then the good ones are created ``BULK`` to a transaction, each as one game
is (``create_games``): a file or a game refused is named with why, and the others are created.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from referee.app.audit import COMMAND_LINE, Actor
from referee.app.dropouts import read_dropouts
from referee.app.errors import RefereeError
from referee.core.russian import guess_gender, read_gender
from referee.core.seats import hidden_character, name_problems
from referee.games import KINDS, game_of, rules_for
from referee.render import LANGUAGES
from referee.schedule.files import ScheduleError, ScheduleFolders, load_schedule, schedule_file

if TYPE_CHECKING:
    from referee.app.operations import GameOperations
    from referee.app.play import Loaded
    from referee.store.unit import Unit


def default_schedule(kind: str) -> str:
    """The schedule of a game file that names none: the one its game declares (``GameKind.schedules``)."""
    return game_of(kind).schedules.default if kind in KINDS else kind


GAME_KEYS = (
    "kind", "id", "schedule", "seed", "language", "start",
    "host_bot", "relay_talk", "master_email", "copy_master", "dropouts",
)  # fmt: skip
"""The keys a [game] table may hold."""

_ID = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_-]{0,62}$")
_EMAIL = re.compile(r"^[^@\s<>]+@[^@\s<>]+\.[^@\s<>]+$")


def is_address(text: str) -> bool:
    """Whether ``text`` looks like a mail address a player or game-master can be reached at."""
    return _EMAIL.match(text) is not None


class GameFileError(ValueError):
    """A game file that cannot create a game; the message lists every problem."""


@dataclass(frozen=True)
class GameFile:
    """A checked game file: the rules' set-up plus what the store keeps beside it."""

    kind: str
    schedule: str
    setup: dict[str, Any]
    seats: list[dict[str, Any]]
    settings: dict[str, Any]
    schedule_path: Path | None = None
    """The file the schedule was read from (the game-master's own folder wins over the shipped one)."""
    warnings: tuple[str, ...] = ()
    """What will not go as the game-master may expect, though the game can be created."""

    def create(
        self,
        games: GameOperations,
        now: datetime,
        *,
        actor: Actor = COMMAND_LINE,
        session: Unit | None = None,
    ) -> Loaded:
        """Creates this game with its welcome letters (errors as ``GameOperations.create_game``), by
        ``actor``; inside ``session`` when the caller holds the transaction (a campaign's start)."""
        return games.create_game(
            setup=self.setup,
            kind=self.kind,
            schedule=self.schedule,
            seats=self.seats,
            settings=self.settings,
            now=now,
            actor=actor,
            session=session,
        )


def _hidden_problems(table: dict[str, Any]) -> list[str]:
    """Every key of ``table`` whose text (in lists and tables too) holds a control or invisible
    character: such text would reach mail headers and players' screens."""
    problems = []
    for key, value in table.items():
        if hidden := _hidden_in([key, value]):
            label = repr(key) if _hidden_in(key) else key
            problems.append(f"{label} holds a control or invisible character ({hidden}), e.g. a line break")
    return problems


def _hidden_in(value: Any) -> str | None:
    """The first control or invisible character in any text of ``value``, as "U+XXXX", if any."""
    if isinstance(value, str):
        return hidden_character(value)
    if isinstance(value, dict):
        value = [*value, *value.values()]
    if isinstance(value, list):
        return next((found for item in value if (found := _hidden_in(item))), None)
    return None


def read_toml(path: Path) -> dict[str, Any]:
    """The TOML table in ``path``; ``GameFileError`` naming the file when it is missing or not TOML."""
    try:
        return tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError as error:
        raise GameFileError(f"there is no file {path}") from error
    except tomllib.TOMLDecodeError as error:
        raise GameFileError(f"{path} is not valid TOML: {error}") from error


def read_game_file(path: Path, schedules: ScheduleFolders) -> GameFile:
    """The game described in ``path``; schedules are looked up in ``schedules``."""
    return game_file(read_toml(path), schedules)


def game_file(raw: dict[str, Any], schedules: ScheduleFolders | None) -> GameFile:
    """The game that ``raw`` (a game file as read: ``{"game": {…}, "players": [{…}, …]}``) describes,
    checked as ``referee game create`` checks it; an import checks a game it is given the same way.

    Schedules are looked up in ``schedules``; with None (a referee keeping no calendar) the schedule is
    not looked up, and a start must then say its time zone.
    """
    game = raw.get("game", {})
    if not isinstance(game, dict):
        raise GameFileError(f"[game] must be a table (a line [game], then key = value lines), not {game!r}")
    players = raw.get("players", [])
    problems = [f"[game] {problem}" for problem in _hidden_problems(game)]
    kind = game.get("kind")
    game_keys, player_keys = set(GAME_KEYS), {"name", "email", "gender"}
    if kind in KINDS:
        rules = rules_for(kind)
        game_keys |= rules.setup_keys
        player_keys |= rules.player_keys
    else:
        problems.append(f"[game] kind must be one of {', '.join(KINDS)}, not {kind!r}")
    game_id = str(game.get("id", ""))
    if not _ID.match(game_id):
        problems.append("[game] id must be 1–63 letters, digits, '-' or '_', starting with a letter or digit")
    seed = game.get("seed", game_id)  # without a seed the game's id is its seed: still replayable
    if not isinstance(seed, int | str) or isinstance(seed, bool) or seed == "":
        problems.append("[game] seed must be a number or a word")
    language = game.get("language", "en")
    if language not in LANGUAGES:
        problems.append(f"[game] language must be one of {', '.join(LANGUAGES)}, not {language!r}")
    default = default_schedule(str(kind)) if schedules is not None else str(kind)
    schedule = str(game.get("schedule", default))
    start = game.get("start")
    warnings: list[str] = []
    try:
        loaded_schedule = load_schedule(schedule, schedules) if schedules is not None else None
        zone = loaded_schedule.timezone if loaded_schedule is not None else None
        if loaded_schedule is not None and start is None and loaded_schedule.clock != "phases":
            warnings.append(
                f"[game] has no start, so schedule {schedule!r} sets it no deadlines and `referee serve` "
                "will never resolve it: add e.g. start = 2026-12-14T09:00:00 "
                f"({loaded_schedule.timezone.key} time)"
            )
        if start is not None and not isinstance(start, datetime):
            problems.append("[game] start must be a date and time, such as 2026-12-01T20:00:00")
        elif start is not None and start.tzinfo is None:
            if zone is None:
                problems.append("[game] start must say its time zone, such as 2026-12-01T20:00:00+03:00")
            else:
                start = start.replace(tzinfo=zone)  # a local time in the schedule's time zone
    except ScheduleError as error:
        problems.append(f"[game] schedule: {error}")
    unknown_keys = ", ".join(sorted(set(game) - game_keys))
    if unknown_keys:
        problems.append(f"[game] has unknown keys: {unknown_keys} (known: {', '.join(sorted(game_keys))})")
    if "signup" in raw and not players:
        problems.append("the file has a [signup] table: announce it with `referee game announce FILE`")
        players = []
    elif not isinstance(players, list) or not players:
        problems.append("the file lists no [[players]]")
        players = []
    if not all(isinstance(player, dict) for player in players):
        problems.append("each player must be a [[players]] table with key = value lines")
        players = [player for player in players if isinstance(player, dict)]
    addresses: dict[str, tuple[int, Any, str]] = {}
    for number, player in enumerate(players, 1):
        name = player.get("name")
        who = f"player {number} ({name!r})" if isinstance(name, str) else f"player {number}"
        if name is None:
            problems.append(f"{who} needs a name")
        elif not isinstance(name, str):
            problems.append(f"{who}: name must be text in quotes, not {name!r}")
        problems += [f"{who} {problem}" for problem in _hidden_problems(player)]
        email = str(player.get("email", ""))
        if not is_address(email):
            problems.append(f"{who} needs a valid email, not {email!r}")
        elif (same := addresses.get(email.lower())) is not None:
            problems.append(
                f"player {same[0]} ({same[1]!r}) and {who} have the same address, {same[2]!r} and {email!r}"
                " (addresses are compared ignoring case): each seat needs its own"
            )
        else:
            addresses[email.lower()] = (number, name, email)
        if "gender" in player and read_gender(player["gender"]) is None:
            problems.append(f'{who}: gender must be "m" or "f", not {player["gender"]!r}')
        unknown = set(player) - player_keys
        if unknown:
            problems.append(f"{who} has unknown keys: {', '.join(sorted(unknown))}")
    problems += name_problems(players, 0, len(players), checked_apart=True)
    master = game.get("master_email")
    if master is not None and not is_address(str(master)):
        problems.append(f"[game] master_email must be an address, not {master!r}")
    if game.get("copy_master") and master is None:
        problems.append("[game] copy_master = true needs master_email")
    for flag in ("relay_talk", "copy_master", "host_bot"):
        if not isinstance(game.get(flag, False), bool):
            problems.append(f"[game] {flag} must be true or false")
    dropouts: dict[str, Any] = {}
    if "dropouts" in game:
        dropouts, wrong = read_dropouts(game["dropouts"])
        problems += wrong
    if problems:
        raise GameFileError("; ".join(problems))
    setup = {
        "id": game_id,
        "seed": seed,
        "language": language,
        "players": [{k: v for k, v in p.items() if k not in ("email", "gender")} for p in players],
        **{key: game[key] for key in sorted(game_keys - set(GAME_KEYS)) if key in game},
    }
    seats = [{"name": p["name"], "email": p["email"], "host": bool(p.get("host"))} for p in players]
    settings: dict[str, Any] = {"start": start.isoformat()} if isinstance(start, datetime) else {}
    settings["relay_talk"] = game.get("relay_talk", True)
    settings["genders"] = {
        p["name"]: read_gender(p.get("gender", "")) or guess_gender(p["name"]) for p in players
    }
    if master is not None:
        settings.update(master_email=str(master), copy_master=game.get("copy_master", False))
    if dropouts:
        settings["dropouts"] = dropouts
    if game.get("host_bot"):
        hosts = [p["name"] for p in players if p.get("host")]
        if not hosts:
            raise GameFileError("[game] host_bot = true needs a player with host = true")
        settings["bots"] = hosts
    return GameFile(
        kind=str(kind),
        schedule=schedule,
        setup=setup,
        seats=seats,
        settings=settings,
        schedule_path=schedule_file(schedule, schedules) if schedules is not None else None,
        warnings=tuple(warnings),
    )


BULK = 500
"""Games created in one transaction when many are created at once: each is a savepoint of it."""


@dataclass(frozen=True)
class Refused:
    """A game file, or the game it describes, that was not created: where it came from and why."""

    source: str
    why: str


def game_file_paths(paths: Iterable[Path]) -> tuple[list[Path], list[Refused]]:
    """The game files ``paths`` name, in order: a file itself, a folder its ``*.toml`` files in name
    order; a folder without one is refused."""
    found: list[Path] = []
    refused: list[Refused] = []
    for path in paths:
        if not path.is_dir():
            found.append(path)
        elif files := sorted(file for file in path.glob("*.toml") if file.is_file()):
            found.extend(files)
        else:
            refused.append(Refused(str(path), "the folder holds no game file (*.toml)"))
    return found, refused


def read_game_files(
    paths: Iterable[Path], schedules: ScheduleFolders
) -> tuple[list[tuple[str, GameFile]], list[Refused]]:
    """Every game file ``paths`` name (``game_file_paths``) read and checked as one file is: the good
    ones with where each came from, and the others with why."""
    files, refused = game_file_paths(paths)
    good: list[tuple[str, GameFile]] = []
    for path in files:
        try:
            good.append((str(path), read_game_file(path, schedules)))
        except GameFileError as error:
            refused.append(Refused(str(path), str(error)))
    return good, refused


def create_games(
    games: GameOperations,
    files: Sequence[tuple[str, GameFile]],
    now: datetime,
    *,
    actor: Actor = COMMAND_LINE,
    per_transaction: int = BULK,
) -> list[tuple[str, GameFile] | Refused]:
    """Creates the games of ``files`` (each with where it came from) by ``actor``, ``per_transaction``
    in one transaction, each as ``GameFile.create`` creates one (a savepoint of it, with its audit
    record): a game refused (its id taken, even by one of ``files`` before it; its rules' set-up
    wrong) is returned with why, and the others are created. The outcomes, in the order of ``files``."""
    done: list[tuple[str, GameFile] | Refused] = []
    for first in range(0, len(files), per_transaction):
        with games.database.transaction() as session:
            for source, file in files[first : first + per_transaction]:
                try:
                    file.create(games, now, actor=actor, session=session)
                except (RefereeError, ValueError) as error:
                    done.append(Refused(source, str(error)))
                else:
                    done.append((source, file))
    return done
