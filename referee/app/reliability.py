"""An address's reliability record as its game-master reads it, in English and Russian: orders on time,
games played, finished, resigned, replaced, sign-ups and leavings (what each counts:
``referee.store.reliability``). Shown beside each sign-up of a campaign and beside each seat's address
on the game's page, to game-masters only; no player's page or mail ever carries it."""

from __future__ import annotations

import time
from collections.abc import Collection
from typing import Any

from sqlmodel import Session

from referee.core.kept import Kept
from referee.core.numbers import counted
from referee.store.reliability import on_time_percent, records_of, records_version

NBSP = "\u00a0"


def shown_records(session: Session, emails: Collection[str]) -> dict[str, dict[str, Any]]:
    """The record of each address of ``emails`` (any case; keyed by the address as given): its numbers,
    its share on time (``percent``, None before any segment counted) and its ``text`` in each language."""
    lowered = {email: email.lower() for email in emails}
    records = records_of(session, set(lowered.values()))
    return {email: shown(records[lower]) for email, lower in lowered.items()}


RECENT_SECONDS = 30
"""How long a game's page may show a record unchanged by a sign-up's new state or by orders that end a
silence (a boundary, a hand-over, a rollback or a new sign-up shows at once)."""


def recent_records(kept: Kept, session: Session, emails: Collection[str]) -> dict[str, dict[str, Any]]:
    """``shown_records`` of ``emails``, kept in ``kept`` while nothing they are worked out from changed
    (``records_version``) and for ``RECENT_SECONDS`` at most: a page opened again, or by the other
    game-masters, does not count every game its players ever held again."""
    moment = int(time.monotonic() // RECENT_SECONDS)
    key = (frozenset(emails), records_version(session), moment)
    found: dict[str, dict[str, Any]] = kept.get(key, lambda: shown_records(session, emails))
    return found


def shown(record: dict[str, int]) -> dict[str, Any]:
    """``record`` with its share on time and its sentence in English and in Russian."""
    return {
        **record,
        "percent": on_time_percent(record),
        "text": {"en": _english(record), "ru": _russian(record)},
    }


def _english(r: dict[str, int]) -> str:
    percent = on_time_percent(r)
    if percent is None:
        on_time = "no segment counted yet"
    else:
        on_time = f"on time in {r['on_time']} of {counted(r['held'], ('segment', 'segments'))} ({percent}%)"
    games = (
        f"{counted(r['games'], ('game', 'games'))}: finished {r['finished']}, resigned {r['resigned']}, "
        f"replaced {r['replaced']}"
        if r["games"]
        else "no game played yet"
    )
    signups = f"{counted(r['joined'], ('sign-up', 'sign-ups'))}, {r['left']} left before the start"
    return f"{on_time}; {games}; {signups}"


def _russian(r: dict[str, int]) -> str:
    percent = on_time_percent(r)
    if percent is None:
        on_time = "ни один ход ещё не засчитан"
    else:
        # «из 1 хода», «из 21 хода», «из 5 ходов»: after «из» the genitive
        of = counted(r["held"], ("хода", "ходов", "ходов"), "ru")
        on_time = f"в срок: {r['on_time']} из {of} ({percent}{NBSP}%)"
    games = (
        f"{counted(r['games'], ('игра', 'игры', 'игр'), 'ru')}: доиграл до конца — {r['finished']}, "
        f"вышел сам — {r['resigned']}, заменён — {r['replaced']}"
        if r["games"]
        else "ещё не играл"
    )
    signups = f"{counted(r['joined'], ('запись', 'записи', 'записей'), 'ru')}, отказов до начала: {r['left']}"
    return f"{on_time}; {games}; {signups}"
