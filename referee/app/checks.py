"""Whether a referee's settings and database will work, looked at before it runs: each problem found
comes with its fix, as data for a door to print.

``check_referee`` looks at the database (there, and at the newest migration: nothing is migrated
here), the schedule files (readable, known time zones), the open games (their schedules there, a
start on a calendar schedule, not stopped on an error) and whether players can reach ``[web]
base_url``. The mail servers are the mail door's to try (``referee.mail.probe``); ``referee check``
prints both. ``web_reach`` and ``web_missing`` are also what ``referee game create`` asks before it
creates a game.
"""

from __future__ import annotations

import ipaddress
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

from sqlalchemy import inspect
from sqlalchemy.engine import make_url
from sqlalchemy.exc import DBAPIError, SQLAlchemyError

from referee.app.operations import GameOperations
from referee.config import Config
from referee.schedule.files import Schedule, ScheduleError, available_schedules, load_schedule
from referee.schedule.timekeeper import ScheduleTimekeeper
from referee.store.database import HEAD, open_engine, revision
from referee.store.transactions import Database

RESERVED_TOP = ("example", "test", "invalid", "localhost")
"""Top-level names that are never on the Internet (RFC 2606, RFC 6761)."""

EXAMPLE_DOMAINS = ("example.com", "example.net", "example.org")
"""The second-level names kept for examples (RFC 2606): the demo's and the tests' players."""


@dataclass(frozen=True)
class Problem:
    """Something that would fail, and what to do about it."""

    problem: str
    fix: str


@dataclass
class Findings:
    """What was looked at (for the all-clear) and the problems found."""

    checked: list[str] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)

    def add(self, problem: str, fix: str) -> None:
        """Records a problem with its fix."""
        self.problems.append(Problem(problem, fix))

    def extend(self, other: Findings) -> None:
        """Takes in the findings of ``other`` after its own."""
        self.checked += other.checked
        self.problems += other.problems


def check_referee(config: Config) -> Findings:
    """Every problem in ``config``'s database, schedules, games and web address (the mail servers
    aside), with its fix; changes nothing."""
    findings = Findings()
    _check_schedules(config, findings)
    games = _open_database(config, findings)
    addresses = [config.mail.address]
    if games is not None:
        addresses += _check_games(games, config, findings)
    reach = web_reach(config, addresses)
    if reach is not None:
        findings.problems.append(reach)
    elif "web" in config.raw:
        findings.checked.append(f"[web] base_url {config.web.base_url}")
    return findings


# --- the web address -------------------------------------------------------------------------------


def is_local_domain(domain: str) -> bool:
    """Whether mail ``domain`` is never on the Internet: ``localhost``, an example domain
    (``example.org``, ``castle.example``) or a test one (``*.test``, ``*.invalid``)."""
    name = domain.lower().rstrip(".")
    if name.rpartition(".")[2] in RESERVED_TOP:
        return True
    return any(name == example or name.endswith("." + example) for example in EXAMPLE_DOMAINS)


def unreachable_kind(base_url: str) -> str | None:
    """What the host of ``base_url`` is when only this machine reaches it ("loopback") or only its own
    network ("private"); None for any other host (a name is not looked up)."""
    host = (urlsplit(base_url).hostname or "").lower().rstrip(".")
    if host == "localhost" or host.endswith(".localhost"):
        return "loopback"
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return None
    if address.is_loopback or address.is_unspecified:
        return "loopback"
    if address.is_private or address.is_link_local:
        return "private"
    return None


def web_reach(config: Config, addresses: Iterable[str]) -> Problem | None:
    """The problem when ``[web] base_url`` is a loopback or private address while some of
    ``addresses`` (players', the referee's own) are on real mail domains, whose people could not
    open the links in their mail; None when it is reachable, or everyone is on a local or example
    domain (the demo, the tests)."""
    base_url = config.web.base_url
    kind = unreachable_kind(base_url)
    if kind is None or "web" not in config.raw:  # without [web] mail carries no link at all
        return None
    outside = sorted(
        {a.rpartition("@")[2].lower() for a in addresses if not is_local_domain(a.rpartition("@")[2])}
    )
    if not outside:
        return None
    where = "this machine alone" if kind == "loopback" else "your own network alone"
    domains = ", ".join(outside[:3]) + (" and others" if len(outside) > 3 else "")
    return Problem(
        f"[web] base_url = {base_url!r} is a {kind} address, reachable from {where}: people at "
        f"{domains} could not open the links in their mail",
        f"set [web] base_url in {config.path} to the address players reach the referee at, such as "
        "https://referee.example.org, served by an HTTPS proxy in front of [web] listen "
        "(docs/operations.md)",
    )


def web_missing(config: Config) -> str | None:
    """A warning when the configuration has no ``[web]`` table at all; None when it has one."""
    if "web" in config.raw:
        return None
    return (
        f"{config.path} has no [web] table, so players' mail carries no link to the game's pages and "
        "nobody can sign in on the web: add [web] listen and base_url (see config.example.toml)"
    )


# --- the database ----------------------------------------------------------------------------------


def _open_database(config: Config, findings: Findings) -> GameOperations | None:
    """The games of the database when it is there and at the newest migration, else None with
    the problem recorded; nothing is created or migrated."""
    url = config.database_url
    parsed = make_url(url)
    shown = parsed.render_as_string(hide_password=True)
    file = parsed.database if parsed.get_backend_name() == "sqlite" else None
    if file not in (None, "", ":memory:") and not Path(str(file)).is_file():
        findings.add(f"there is no database file at {file}", "run `referee init`")
        return None
    engine = open_engine(url)
    try:
        at = revision(engine)
        tables = inspect(engine).has_table("games")
    except (DBAPIError, SQLAlchemyError, OSError) as error:
        findings.add(
            f"cannot open the database {shown}: {_first_line(error)}",
            "start the database server, or correct [database] url (a PostgreSQL password belongs in "
            "~/.pgpass of the user running the referee)",
        )
        return None
    if at is None and not tables:
        findings.add(f"the database {shown} holds no referee tables", "run `referee init`")
        return None
    if at != HEAD:
        if at is not None and at.isdigit() and int(at) > int(HEAD):
            findings.add(
                f"the database {shown} is at migration {at}, newer than this referee ({HEAD})",
                "install the newer referee that wrote it (pip install referee-<version>.whl)",
            )
        else:
            findings.add(
                f"the database {shown} is at migration {at or 'none (made before migrations)'}, "
                f"this referee needs {HEAD}",
                "back it up (`referee backup FILE`), then run `referee init` or start `referee serve`: "
                "either brings it up to date",
            )
        return None
    findings.checked.append(f"the database {shown} (at migration {HEAD})")
    return GameOperations(Database(engine), ScheduleTimekeeper(config.schedules))


def _first_line(error: BaseException) -> str:
    """The first line of the database's own message in ``error``."""
    orig = getattr(error, "orig", None) or error
    text = str(orig).strip()
    return text.splitlines()[0] if text else type(error).__name__


# --- schedules and games ---------------------------------------------------------------------------


def _check_schedules(config: Config, findings: Findings) -> None:
    """A problem for every schedule file that cannot be read (an unknown time zone among them)."""
    names = available_schedules(config.schedules)
    bad = 0
    for name in names:
        try:
            load_schedule(name, config.schedules)
        except ScheduleError as error:
            bad += 1
            findings.add(f"schedule {name}: {error}", _schedule_fix(str(error)))
    shown = ", ".join(str(folder) for folder in config.schedules)
    findings.checked.append(f"{len(names) - bad} schedule(s) and their time zones in {shown}")


def _schedule_fix(message: str) -> str:
    """What to do about a schedule file that cannot be read."""
    if "time zone" in message:
        return (
            'write an IANA time zone name such as "Europe/Moscow"; if the name is right, this system '
            "lacks time-zone data: install it (apt-get install tzdata, or pip install tzdata)"
        )
    return "correct the file (the README's section on schedules says what it may hold), or remove it"


def _check_games(games: GameOperations, config: Config, findings: Findings) -> list[str]:
    """A problem for every open game that cannot run (its schedule gone, no start on a calendar
    schedule, stopped on an error); returns the addresses of the open games' players."""
    addresses: list[str] = []
    open_games = [row for row in games.games() if not row.finished]
    for row in open_games:
        addresses += [seat.email for seat in games.seats(row.id)]
        if row.failed_at is not None:
            findings.add(
                f"game {row.id} stopped on an error: {row.failure}",
                f"see `referee status`; after the fix, `referee retry {row.id}` starts it again",
            )
        try:
            schedule = load_schedule(row.schedule, config.schedules)
        except ScheduleError as error:
            findings.add(
                f"game {row.id}: {error}",
                f"put {row.schedule}.toml back into {config.schedules[0]} (or fix it there)",
            )
            continue
        if schedule.clock != "phases" and not row.settings.get("start"):
            findings.add(_never_runs(row.id, schedule), _never_runs_fix(row.id, schedule))
    findings.checked.append(f"{len(open_games)} open game(s): schedules, starts")
    return addresses


def _never_runs(game_id: str, schedule: Schedule) -> str:
    return (
        f"game {game_id} has no start, so its schedule {schedule.name} ({schedule.clock} clock) sets it "
        "no deadline and `referee serve` will never resolve it"
    )


def _never_runs_fix(game_id: str, schedule: Schedule) -> str:
    return (
        f"resolve it by hand (`referee advance {game_id}`), or create it again from its game file with "
        f"start = 2026-12-14T09:00:00 in [game] ({schedule.timezone.key} time)"
    )
