"""How each game stands, as its game-master reads it on the command line (``referee status``,
``referee game list``, ``referee state``).

The phase is named as the game's mail names it ("night 3 (20:00–10:00)", "round 1, Anna's turn"),
times are told in the game's own time zone with the zone named, as every letter tells them
("10:00 on Tuesday 15 December (Moscow time)"), and the characters the open phase still waits
for are named. A game without a start says that it will not advance by itself, and what to do.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from referee.core.utc import as_utc
from referee.store.status import StatusRows, sqlite_status

if TYPE_CHECKING:
    from referee.app.timing import Timekeeper
    from referee.schedule.files import ScheduleFolders

# The games' rules, the templates' texts and the calendar's words are imported where a game needs them:
# ``referee status`` of a database without a running game loads none of them (``tests/test_cli_start.py``).

LANGUAGE = "en"
"""The command line speaks English."""


def status_report(rows: StatusRows, zone: Callable[[Any], str]) -> dict[str, Any]:
    """How the referee stands, as JSON-ready data (``referee status --json``): every game's next boundary
    (or its failure), the outbox and the last mail received (no secrets: no tokens, passwords or mail
    text); ``zone`` gives a game's time zone."""
    games = [game_status(row, rows.clocks.get(row.id), zone(row)) for row in rows.games]
    return {
        "games": games,
        "outbox": {
            "waiting": rows.waiting,
            "refused": len(rows.refused),
            "refused_mail": [
                {"game": n.game_id, "to": n.recipient or n.address, "what": n.template, "error": n.last_error}
                for n in rows.refused
            ],
        },
        "last_mail": rows.last_received.isoformat() if rows.last_received else None,
    }


def zone_key(row: Any, timekeeper: Timekeeper | None) -> str:
    """The key of the game's time zone (its schedule's, as kept when it was created); "" if unknown."""
    kept = (row.settings or {}).get("time_zone")
    if kept:
        return str(kept)
    try:
        return timekeeper.zone(row).key if timekeeper is not None else ""
    except Exception:  # a schedule gone since: the times are told in UTC
        return ""


def quick_status(database_url: str, schedules: ScheduleFolders | None) -> dict[str, Any] | None:
    """``status_report`` of a SQLite file already at the newest revision, read without SQLAlchemy (the
    command then starts in a fraction of the time); None for any other database, which is then opened
    as every command opens it (``Views.status``)."""
    rows = sqlite_status(database_url)
    if rows is None:
        return None
    kept: list[Timekeeper] = []

    def zone(row: Any) -> str:
        if not kept and schedules is not None and not (row.settings or {}).get("time_zone"):
            from referee.schedule.timekeeper import ScheduleTimekeeper

            kept.append(ScheduleTimekeeper(schedules))
        return zone_key(row, kept[0] if kept else None)

    return status_report(rows, zone)


def _label(row: Any) -> str:
    """The open phase of ``row`` as people read it, or its key when its kind's texts cannot be had
    (a kind no longer installed, a game that fails): one game never hides the others."""
    from referee.render import phase_label

    try:
        return phase_label(row.phase, row.kind, LANGUAGE)
    except Exception:
        return str(row.phase)


def game_status(row: Any, clock: Any, zone_key: str) -> dict[str, Any]:
    """One game's entry of ``referee status --json``: its phase (key and ``label``), clock (UTC
    ``due_at`` and the local ``deadline``), who it waits for (``waiting``, ``awaited``) and its failure;
    a game whose rules cannot even be read says so in ``failed``."""
    from referee.core.moments import zone_named
    from referee.games import rules_for
    from referee.render import phase_label

    zone = zone_named(zone_key)
    due = as_utc(clock.due_at) if clock is not None and clock.due_at is not None else None
    status: dict[str, Any] = {
        "id": row.id,
        "kind": row.kind,
        "phase": row.phase,
        "finished": bool(row.finished),
        "paused": clock is not None and clock.paused_at is not None,
        "paused_until": as_utc(clock.resume_at).isoformat() if clock and clock.resume_at else None,
        "due_at": due.isoformat() if due else None,
        "waiting": 0,
        "failed": row.failure if row.failed_at is not None else None,
        "label": _label(row),
        "time_zone": zone.key,
        "deadline": due.astimezone(zone).isoformat() if due else None,
        "start": (row.settings or {}).get("start"),
        "awaited": [],
    }
    if row.finished or row.failed_at is not None:
        return status
    try:
        rules = rules_for(row.kind)
        state = rules.load(row.state)
        status["label"] = phase_label(row.phase, row.kind, LANGUAGE, rules.phase(state).label)
        status["awaited"] = list(rules.waiting(state))
        status["waiting"] = len(status["awaited"])
    except Exception as error:  # a broken game must not hide the others
        status["failed"] = f"cannot be read: {type(error).__name__}: {error}"
    return status


def when(moment: str | None, zone_key: str) -> str:
    """``moment`` (ISO) in the game's zone as a player reads it:
    "10:00 on Tuesday 15 December (Moscow time)"."""
    if not moment:
        return ""
    from referee.core.moments import moment_text, zone_named

    return moment_text(moment, zone_named(zone_key), LANGUAGE)


def clock_text(game: dict[str, Any], *, short: bool = False, command: str = "referee") -> str:
    """Until when the open phase of ``game`` (a ``game_status``) runs, or why it does not run by itself
    (``short``: in a few words, for a list); ``command`` is how the reader runs referee."""
    zone = str(game.get("time_zone") or "")
    if game["paused"]:
        resumes = when(game["paused_until"], zone)
        return f"paused until {resumes}" if resumes else f"paused until `{command} resume {game['id']}`"
    if game["due_at"]:
        return f"until {when(game['due_at'], zone)}"
    if game.get("start"):
        return "no deadline"
    if short:
        return f"no start: it advances only by `{command} advance {game['id']}`"
    return (
        f"no start, so it never advances by itself: `{command} advance {game['id']}` resolves the open phase "
        "now. A game keeps its calendar when its game file has a start, e.g. start = 2026-12-14T19:00:00 "
        "(local time in the game's zone), when it is created."
    )


def awaited_text(game: dict[str, Any]) -> str:
    """Who still owes orders for the open phase: "orders awaited from Anna and Boris", or that nobody does."""
    awaited = game.get("awaited") or []
    if not awaited:
        return "no orders awaited"
    from referee.render import and_list

    return f"orders awaited from {and_list(awaited, LANGUAGE)}"


def status_lines(game: dict[str, Any], command: str = "referee") -> list[str]:
    """``game`` (a ``game_status``) for ``referee status``: a heading, then how its clock and orders stand."""
    heading = f"{game['id']} ({game['kind']}): "
    if game["failed"]:
        return [
            heading + f"STOPPED on an error ({game['failed']}); `{command} retry {game['id']}` after a fix"
        ]
    if game["finished"]:
        return [heading + "over"]
    return [heading + str(game["label"]), f"  {clock_text(game, command=command)}", f"  {awaited_text(game)}"]


def list_line(game: dict[str, Any], command: str = "referee") -> str:
    """``game`` (a ``game_status``) as one line of ``referee game list``: id, kind, and how it stands."""
    if game["failed"]:
        state = f"stopped on an error: {game['failed']}"
    elif game["finished"]:
        state = "finished"
    else:
        state = f"open: {game['label']}, {clock_text(game, short=True, command=command)}"
    return f"{game['id']}\t{game['kind']}\t{state}"


def master_lines(view: dict[str, Any], command: str = "referee") -> list[str]:
    """How the clock and the orders of the game of ``view`` (``Views.master``) stand, for ``referee state``:
    nothing once the game is over."""
    if view.get("finished"):
        return []
    game = {
        "id": view.get("id", ""),
        "paused": view.get("paused", False),
        "paused_until": view.get("paused_until"),
        "due_at": view.get("deadline"),
        "start": view.get("start"),
        "time_zone": view.get("time_zone", ""),
    }
    clock = clock_text(game, command=command)
    if game["due_at"] and not game["paused"]:
        clock = f"this phase runs {clock}; schedule {view.get('schedule', '')}"
    return [clock, awaited_text(view)]
