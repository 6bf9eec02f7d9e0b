"""Moving games between referees: one game to a file and back, a whole referee to another database.

A game file is JSON: ``{"format": "referee-game", "version": 1, "game": ID, "kind": …, "tables":
{table: [row, …]}}`` with every row of the game — the game with its secret, seats, game-master,
holders, clock, the whole event log, resolutions, submissions, notices (sent or not), held mail
and the game-master actions. The raw mails received stay behind: the submissions hold their
text. The file holds the game's passwords and personal addresses: keep it as private as the
database.

An import is a trusted boundary, checked as ``referee game create`` checks a game file before
anything is kept: the game's id, kind, schedule, language and settings, every character's name
(none the referee keeps for itself, such as the game-master's ``#master``) and address (one per
seat), as the game file is checked (``referee.app.gamefile.game_file``); every notice is for a
character of the game or its game-master, and every event shown to none but its characters; and
the event log, folded afresh by the game's rules, must give the state the file says the game is
in. Mail the file holds as not sent yet is never sent from here: it is kept as refused
(``WITHHELD``), and mail held for ``referee retry`` is answered only at the game's own addresses.
One transaction: a refused import keeps nothing.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from sqlalchemy.exc import DBAPIError

from referee.app.errors import RefereeError
from referee.app.gamefile import GameFileError, game_file
from referee.app.operations import GameOperations
from referee.app.play import lock
from referee.app.private_files import private_database
from referee.core.events import EVERYONE
from referee.core.rules import fold
from referee.core.seats import MASTER
from referee.schedule.files import ScheduleFolders
from referee.store.database import open_engine, upgrade
from referee.store.games import log
from referee.store.transfer import add_game_rows, copy_tables, game_exists, game_rows

FORMAT = "referee-game"
VERSION = 1
"""The game file's format and version; a file of another format or a newer version is refused."""


SETTINGS = frozenset({"start", "relay_talk", "genders", "master_email", "copy_master", "bots", "time_zone"})
"""The keys of a game's settings: what its game file gave (``game_file``) and its time zone."""

WITHHELD = "not sent before the game was exported; an imported game's unsent mail is never sent"
"""The error an imported notice that was not sent yet is kept with, as refused for good."""


class TransferError(RefereeError):
    """A game file that cannot be imported, or a database that cannot be copied to."""


@dataclass(frozen=True)
class Imported:
    """What an import added: the game, its kind, how many rows, how many of its notices not sent yet
    were kept as refused (``withheld``), and how many held mails lost an answer address outside the
    game (``unanswered``)."""

    game_id: str
    kind: str
    rows: int
    withheld: int = 0
    unanswered: int = 0


def export_game(games: GameOperations, game_id: str) -> dict[str, Any]:
    """Every row of ``game_id`` as a versioned, JSON-ready dict."""
    loaded = games.load(game_id)  # refuses an unknown game with the usual message
    with games.database.reading() as session:
        tables = game_rows(session, game_id)
    return {"format": FORMAT, "version": VERSION, "game": game_id, "kind": loaded.row.kind, "tables": tables}


def import_game(
    games: GameOperations, data: Any, now: datetime | None = None, *, schedules: ScheduleFolders | None = None
) -> Imported:
    """Adds the game ``export_game`` wrote to ``data``, checked as a game file is (its schedule looked
    up in ``schedules``, if given), its mail to its own readers, its log replaying to its state.

    Its notices not sent yet are kept as refused at ``now`` (default: the present), never sent.
    """
    game_id, tables = _checked(data)
    _check_game(tables, schedules)
    tables, withheld = _withhold_unsent(tables, now or datetime.now(UTC))
    tables, unanswered = _answer_at_home(tables)
    try:
        with games.database.transaction() as session:
            if game_exists(session, game_id):
                raise TransferError(f"a game {game_id!r} already exists here; delete it or import elsewhere")
            try:
                rows = add_game_rows(session, tables)
            except (ValueError, TypeError, KeyError) as error:
                raise TransferError(f"the file's rows do not fit this referee: {error}") from error
            session.flush()
            _check_replay(session, game_id)
    except DBAPIError as error:  # e.g. a seat's key that another game here has: the first line, no values
        reason = (str(error.orig).strip().splitlines() or [type(error.orig).__name__])[0]
        raise TransferError(f"the file's rows do not fit this referee's database: {reason}") from error
    return Imported(game_id, str(data["kind"]), rows, withheld, unanswered)


def _check_game(tables: dict[str, list[dict[str, Any]]], schedules: ScheduleFolders | None) -> None:
    """Refuses a game that ``referee game create`` would refuse as a game file, or whose notices and
    held mail are for anyone but its characters and game-master."""
    game = tables["games"][0]
    settings = game.get("settings")
    if not isinstance(settings, dict):
        raise TransferError("the game's settings must be a table of keys")
    if unknown := sorted(set(settings) - SETTINGS):
        raise TransferError(f"the game's settings hold an unknown key: {unknown[0]!r}")
    masters = tables.get("masters", [])
    if len(masters) > 1:
        raise TransferError("the game file gives the game more than one game-master")
    as_file = _as_game_file(game, settings, tables.get("seats", []), masters)
    try:
        checked = game_file(as_file, schedules)
    except GameFileError as error:
        raise TransferError(f"the game would not be created here: {error}") from error
    for key in ("relay_talk", "copy_master", "bots"):
        if key in settings and settings[key] != checked.settings.get(key):
            raise TransferError(f"the game's setting {key!r} does not fit its players and game-master")
    zone = settings.get("time_zone")
    if zone is not None and not _is_zone(zone):
        raise TransferError(f"the game's time zone {zone!r} is not a time zone")
    seats = {str(seat["name"]) for seat in tables.get("seats", [])}
    readers, shown = seats | ({MASTER} if masters else set()), seats | {EVERYONE}
    for event in tables.get("events", []):
        audience = event.get("audience")
        strangers = (
            [name for name in audience if name not in shown] if isinstance(audience, list) else [audience]
        )
        if strangers:
            raise TransferError(
                f"event {event.get('seq')!r} of the file is shown to {strangers[0]!r}, "
                "who is not a character of the game"
            )
    for table in ("notices", "seat_holders", "held"):
        key = "recipient" if table == "notices" else "seat"
        for row in tables.get(table, []):
            if row.get(key) not in (readers if table == "notices" else seats):
                raise TransferError(
                    f"the file's table {table!r} names {row.get(key)!r}, who is not a character of the game"
                    + (" nor its game-master" if table == "notices" else "")
                )


def _as_game_file(
    game: dict[str, Any], settings: dict[str, Any], seats: list[dict[str, Any]], masters: list[dict[str, Any]]
) -> dict[str, Any]:
    """The game file that would create the game of ``game``, ``seats`` and ``masters`` (rows)."""
    head = {key: game.get(key) for key in ("kind", "id", "schedule", "seed", "language")}
    start = settings.get("start")
    if start is not None:
        head["start"] = _moment(start)
    head |= {flag: settings[flag] for flag in ("relay_talk", "copy_master") if flag in settings}
    if settings.get("bots"):
        head["host_bot"] = True
    master = masters[0].get("email") if masters else settings.get("master_email")
    if master is not None:
        head["master_email"] = master
    if masters and settings.get("master_email") not in (None, master):
        raise TransferError("the game's settings and its game-master give two different addresses")
    genders: dict[str, Any] = settings["genders"] if isinstance(settings.get("genders"), dict) else {}
    players = []
    for seat in seats:
        player = {"name": seat.get("name"), "email": seat.get("email")}
        if seat.get("host"):
            player["host"] = True
        if (gender := genders.get(str(seat.get("name")))) is not None:
            player["gender"] = gender
        players.append(player)
    return {"game": head, "players": players}


def _moment(value: Any) -> Any:
    """``value`` as a date and time if it is one written as ISO 8601 text; as it is otherwise (the
    game file's check then names it)."""
    try:
        return datetime.fromisoformat(value) if isinstance(value, str) else value
    except ValueError:
        return value


def _is_zone(name: Any) -> bool:
    try:
        return isinstance(name, str) and ZoneInfo(name) is not None
    except (ZoneInfoNotFoundError, ValueError):
        return False


def _withhold_unsent(
    tables: dict[str, list[dict[str, Any]]], now: datetime
) -> tuple[dict[str, list[dict[str, Any]]], int]:
    """``tables`` with every notice not sent (nor refused, nor withdrawn) kept as refused at ``now``,
    and no claim of a sending process left on any; how many were withheld."""
    notices, withheld = [], 0
    for row in tables.get("notices", []):
        row = {**row, "claimed_by": None, "claimed_until": None}
        if row.get("sent_at") is None and row.get("failed_at") is None and row.get("withdrawn_at") is None:
            row |= {"failed_at": now.isoformat(), "last_error": WITHHELD, "next_attempt_at": None}
            withheld += 1
        notices.append(row)
    return ({**tables, "notices": notices} if "notices" in tables else tables), withheld


def _answer_at_home(tables: dict[str, list[dict[str, Any]]]) -> tuple[dict[str, list[dict[str, Any]]], int]:
    """``tables`` with the held mail's answer addresses that are none of the game's (its seats', its
    game-master's) taken away: ``referee retry`` then judges that mail unanswered. How many were."""
    own = {
        str(row.get("email", "")).lower() for table in ("seats", "masters") for row in tables.get(table, [])
    }
    held, unanswered = [], 0
    for row in tables.get("held", []):
        if row.get("address") is not None and str(row["address"]).lower() not in own:
            row = {**row, "address": None, "in_reply_to": None}
            unanswered += 1
        held.append(row)
    return ({**tables, "held": held} if "held" in tables else tables), unanswered


def _checked(data: Any) -> tuple[str, dict[str, list[dict[str, Any]]]]:
    """The game id and tables of a game file, or why it is not one."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise TransferError("this is not a referee game file (its format is not 'referee-game')")
    if not isinstance(data.get("version"), int) or data["version"] > VERSION:
        raise TransferError(
            f"this game file is of version {data.get('version')!r}; this referee reads {VERSION}"
        )
    tables = data.get("tables")
    if not isinstance(tables, dict):
        raise TransferError("the game file holds no tables")
    games = tables.get("games")
    if not isinstance(games, list) or len(games) != 1 or not isinstance(games[0], dict):
        raise TransferError("the game file must hold exactly one game")
    game_id = games[0].get("id")
    if game_id != data.get("game") or not isinstance(game_id, str):
        raise TransferError("the game file's game id does not match its game row")
    for name, rows in tables.items():
        if not isinstance(rows, list) or not all(isinstance(row, dict) for row in rows):
            raise TransferError(f"the game file's table {name!r} is not a list of rows")
        if name != "games" and any(row.get("game_id") != game_id for row in rows):
            raise TransferError(f"the game file's table {name!r} holds rows of another game")
    return game_id, tables


def _check_replay(session: Any, game_id: str) -> None:
    """Refuses (and so rolls back) a game whose event log does not fold to its stored state."""
    try:
        loaded = lock(session, game_id)
        replayed = fold(loaded.rules, log(session, game_id))
    except Exception as error:
        raise TransferError(f"the game's event log cannot be replayed: {error}") from error
    if replayed != loaded.state:
        raise TransferError("the game's event log does not replay to the state the file gives")


def copy_referee(source_url: str, target_url: str) -> dict[str, int]:
    """Copies every table of the referee at ``source_url`` into the empty database at ``target_url``.

    The target gets the newest tables first; the source must be at the same revision (run any
    command on it once to bring it up to date). A SQLite target is a private file, never reached
    through a link (``private_database``). Rows copied per table are returned.
    """
    private_database(target_url, copy_target=True)
    source, target = open_engine(source_url), open_engine(target_url)
    try:
        upgrade(source)
        upgrade(target)
        try:
            return copy_tables(source, target)
        except ValueError as error:
            raise TransferError(str(error)) from error
    finally:
        source.dispose()
        target.dispose()
