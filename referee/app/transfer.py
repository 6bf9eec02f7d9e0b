"""Moving games between referees: one game to a file and back, a whole referee to another database.

A game file is JSON: ``{"format": "referee-game", "version": 1, "game": ID, "kind": …, "tables":
{table: [row, …]}}`` with every row of the game — the game with its secret, seats, game-master,
holders, clock, the whole event log, resolutions, submissions, notices (sent or not), held mail
and the game-master actions. The raw mails received stay behind: the submissions hold their
text. The file holds the game's passwords and personal addresses: keep it as private as the
database.

An import is checked before it is kept: the event log, folded afresh by the game's rules, must
give the state the file says the game is in.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from referee.app.errors import RefereeError
from referee.app.play import lock
from referee.app.referee import Referee
from referee.core.rules import fold
from referee.store.database import open_engine, upgrade
from referee.store.games import log
from referee.store.transfer import add_game_rows, copy_tables, game_exists, game_rows

FORMAT = "referee-game"
VERSION = 1
"""The game file's format and version; a file of another format or a newer version is refused."""


class TransferError(RefereeError):
    """A game file that cannot be imported, or a database that cannot be copied to."""


@dataclass(frozen=True)
class Imported:
    """What an import added: the game, its kind and how many rows."""

    game_id: str
    kind: str
    rows: int


def export_game(referee: Referee, game_id: str) -> dict[str, Any]:
    """Every row of ``game_id`` as a versioned, JSON-ready dict."""
    loaded = referee.load(game_id)  # refuses an unknown game with the usual message
    with referee.database.reading() as session:
        tables = game_rows(session, game_id)
    return {"format": FORMAT, "version": VERSION, "game": game_id, "kind": loaded.row.kind, "tables": tables}


def import_game(referee: Referee, data: Any) -> Imported:
    """Adds the game ``export_game`` wrote to ``data``, once its log is checked to replay to its state."""
    game_id, tables = _checked(data)
    with referee.database.transaction() as session:
        if game_exists(session, game_id):
            raise TransferError(f"a game {game_id!r} already exists here; delete it or import elsewhere")
        try:
            rows = add_game_rows(session, tables)
        except (ValueError, TypeError, KeyError) as error:
            raise TransferError(f"the file's rows do not fit this referee: {error}") from error
        session.flush()
        _check_replay(session, game_id)
    return Imported(game_id, str(data["kind"]), rows)


def _checked(data: Any) -> tuple[str, dict[str, list[dict[str, Any]]]]:
    """The game id and tables of a game file, or why it is not one."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise TransferError("this is not a referee game file (its format is not 'referee-game')")
    if not isinstance(data.get("version"), int) or data["version"] > VERSION:
        raise TransferError(
            f"this game file is of version {data.get('version')!r}; this referee reads {VERSION}"
        )
    tables = data.get("tables")
    games = tables.get("games") if isinstance(tables, dict) else None
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
    command on it once to bring it up to date). Rows copied per table are returned.
    """
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
