"""Campaign files: a game file with a ``[signup]`` table instead of ``[[players]]``, announced with
``referee game announce FILE``; players sign up by mail or on the web until it closes.

[game]
kind = "ten-sailors"
id = "castle-2"
seed = 20261207
master_email = "gm@example.org"     # told of sign-ups below the minimum; optional

[signup]
opens = 2026-12-01T10:00:00        # optional (default: at once); local time of the schedule's zone
closes = 2026-12-10T20:00:00       # required: sign-up ends, and the game starts if enough are in line
seats = 9                          # optional (default: the most the game takes)
minimum = 5                        # optional (default: the fewest the game takes)
language = "ru"                    # optional: the game's language, as [game] language
schedule = "ten-sailors-daily"     # optional: as [game] schedule
deal = "random"                    # "random" (seeded by the game's seed) or "order" (sign-up order)
accept = "auto"                    # "auto": in line once confirmed; "master": once the game-master accepts

Everything in [game] is checked as ``referee game create`` checks it (``gamefile.game_file``), with as
many stand-in players as the minimum, and the game's own set-up is tried, so a campaign announced can
start. Every problem is named by its table and key.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, tzinfo
from pathlib import Path
from typing import Any

from referee.app.gamefile import GameFileError, default_schedule, game_file, read_toml
from referee.games import KINDS, game_of, rules_for
from referee.render import LANGUAGES
from referee.schedule.files import ScheduleError, ScheduleFolders, load_schedule

SIGNUP_KEYS = ("opens", "closes", "seats", "minimum", "language", "schedule", "deal", "accept")
"""The keys a [signup] table may hold."""

DEALS = ("random", "order")
"""How the players are given their seats at the start: shuffled from the game's seed, or in line order."""

APPROVALS = ("auto", "master")
"""Who puts a confirmed sign-up in line: the referee at once, or the game-master."""

STAND_INS = ("Alpha", "Bravo", "Charlie", "Delta", "Echo", "Foxtrot", "Golf", "Hotel", "India", "Juliett")
"""The names of the stand-in players a campaign's [game] is checked with."""


@dataclass(frozen=True)
class CampaignFile:
    """A checked campaign file: its [game] as given (with its language and schedule) and its sign-up."""

    id: str
    kind: str
    language: str
    schedule: str
    zone: str
    opens: datetime | None
    closes: datetime
    seats: int
    minimum: int
    deal: str
    approval: str
    game: dict[str, Any]
    master_email: str | None


def read_campaign_file(path: Path, schedules: ScheduleFolders | None) -> CampaignFile:
    """The campaign described in ``path``; schedules are looked up in ``schedules``."""
    return campaign_file(read_toml(path), schedules)


def _moment(signup: dict[str, Any], key: str, zone: tzinfo | None, problems: list[str]) -> datetime | None:
    """The date and time ``signup[key]`` (a local time in ``zone`` if it names none), or None with a
    problem said."""
    value = signup.get(key)
    if value is None:
        return None
    if not isinstance(value, datetime):
        problems.append(f"[signup] {key} must be a date and time, such as 2026-12-10T20:00:00, not {value!r}")
        return None
    if value.tzinfo is None:
        if zone is None:
            problems.append(f"[signup] {key} must say its time zone, such as 2026-12-10T20:00:00+03:00")
            return None
        value = value.replace(tzinfo=zone)
    return value


def _count(signup: dict[str, Any], key: str, default: int, least: int, most: int, problems: list[str]) -> int:
    """The whole number ``signup[key]`` (``default`` if absent), from ``least`` to ``most``."""
    value = signup.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int) or not least <= value <= most:
        problems.append(f"[signup] {key} must be a whole number from {least} to {most}, not {value!r}")
        return default
    return value


def campaign_file(raw: dict[str, Any], schedules: ScheduleFolders | None) -> CampaignFile:
    """The campaign ``raw`` (a campaign file as read) describes, checked; ``GameFileError`` names every
    problem by its table and key."""
    signup = raw.get("signup")
    if not isinstance(signup, dict):
        raise GameFileError("a campaign file needs a [signup] table (closes = …, seats = …, minimum = …)")
    game = raw.get("game")
    if not isinstance(game, dict):
        raise GameFileError("[game] must be a table (a line [game], then key = value lines)")
    if raw.get("players"):
        raise GameFileError(
            "a campaign file lists no [[players]]: they sign up (remove the [[players]] tables)"
        )
    problems: list[str] = []
    unknown = sorted(set(signup) - set(SIGNUP_KEYS))
    if unknown:
        problems.append(f"[signup] has unknown keys: {', '.join(unknown)} (known: {', '.join(SIGNUP_KEYS)})")
    game = dict(game)
    for key in ("language", "schedule"):
        if key in signup and key in game and signup[key] != game[key]:
            problems.append(f"[signup] {key} is {signup[key]!r} but [game] {key} is {game[key]!r}: give one")
        elif key in signup:
            game[key] = signup[key]
    kind = game.get("kind")
    if kind not in KINDS:
        raise GameFileError(
            "; ".join([*problems, f"[game] kind must be one of {', '.join(KINDS)}, not {kind!r}"])
        )
    seating = game_of(str(kind)).seating
    language = game.setdefault("language", "en")
    if language not in LANGUAGES:
        problems.append(f"[signup] language must be one of {', '.join(LANGUAGES)}, not {language!r}")
    schedule = str(game.setdefault("schedule", default_schedule(str(kind))))
    zone = None
    if schedules is not None:
        try:
            zone = load_schedule(schedule, schedules).timezone
        except ScheduleError as error:
            problems.append(f"[signup] schedule: {error}")
    opens = _moment(signup, "opens", zone, problems)
    closes = _moment(signup, "closes", zone, problems)
    if "closes" not in signup:
        problems.append("[signup] closes is missing: when sign-up ends, such as closes = 2026-12-10T20:00:00")
    elif closes is not None and opens is not None and closes <= opens:
        problems.append("[signup] closes must come after opens")
    seats = _count(signup, "seats", seating.most, seating.least, seating.most, problems)
    minimum = _count(signup, "minimum", seating.least, seating.least, seats, problems)
    deal = signup.get("deal", "random")
    if deal not in DEALS:
        problems.append(f"[signup] deal must be one of {', '.join(map(repr, DEALS))}, not {deal!r}")
    approval = signup.get("accept", "auto")
    if approval not in APPROVALS:
        problems.append(f"[signup] accept must be one of {', '.join(map(repr, APPROVALS))}, not {approval!r}")
    try:  # [game] as `game create` checks it, with stand-ins for the players, and the game's own set-up
        checked = game_file({"game": game, "players": stand_ins(str(kind), minimum)}, schedules)
        rules_for(str(kind)).start(checked.setup)
    except GameFileError as error:
        problems += [p for p in str(error).split("; ") if p.startswith("[game]")]
    except ValueError as error:
        problems.append(f"[game] cannot start a game: {error}")
    if problems:
        raise GameFileError("; ".join(problems))
    assert closes is not None
    master = game.get("master_email")
    return CampaignFile(
        id=str(game["id"]),
        kind=str(kind),
        language=str(language),
        schedule=schedule,
        zone=getattr(zone, "key", "UTC"),
        opens=opens,
        closes=closes,
        seats=seats,
        minimum=minimum,
        deal=str(deal),
        approval=str(approval),
        game=game,
        master_email=str(master) if master else None,
    )


def stand_ins(kind: str, count: int) -> list[dict[str, Any]]:
    """``count`` made-up players for checking a campaign's [game], seated as the game seats players."""
    seating = game_of(kind).seating
    return [
        {"name": STAND_INS[i], "email": f"seat{i + 1}@example.invalid", **seating.player(i, count)}
        for i in range(count)
    ]
