"""Game-master commands by mail, from the game-master's address (authenticated like a player's:
their own reply address, or a password line).

    PAUSE                         ПАУЗА
    RESUME                        ПРОДОЛЖИТЬ
    SHIFT +30m [ONLY]             СДВИГ +30m [ТОЛЬКО]
    RESOLVE                       РАЗРЕШИТЬ
    SUBSTITUTE Anna new@mail.org  ЗАМЕНА Anna new@mail.org
    RESEND Anna                   ПОВТОРИТЬ Anna
    ANNOUNCE <text>               ОБЪЯВИТЬ <text>
    STATUS                        СТАТУС

Each line is carried out on its own and answered in one mail; a line that fails changes nothing.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from referee.core.notices import Notice
from referee.gamefile import is_address
from referee.schedule.files import parse_duration
from referee.store.calendar import Calendar
from referee.store.games import AlreadyResolved, GameStore, StoreError
from referee.store.models import MASTER

KEYWORDS = {
    "pause": "pause", "пауза": "pause",
    "resume": "resume", "продолжить": "resume",
    "shift": "shift", "сдвиг": "shift", "сдвинуть": "shift",
    "resolve": "resolve", "разрешить": "resolve",
    "substitute": "substitute", "замена": "substitute", "заменить": "substitute",
    "resend": "resend", "повторить": "resend",
    "announce": "announce", "объявить": "announce",
    "status": "status", "статус": "status",
}  # fmt: skip
"""Command words in English and Russian."""

PERSONAL = frozenset({"answer", "talk", "reminder", "refusal", "welcome", "master_note"})
"""Notices that are not a report of a phase, so RESEND passes them over."""


@dataclass(frozen=True)
class Done:
    """What became of one command line: ``ok`` and a sentence for the game-master."""

    line: str
    ok: bool
    said: str


def run_commands(store: GameStore, game_id: str, text: str, now: datetime) -> list[Done]:
    """Carries out every command line of ``text`` for the game ``game_id``, in order."""
    results = []
    for line in (raw.strip() for raw in text.splitlines()):
        if not line:
            continue
        word, _, rest = line.partition(" ")
        command = KEYWORDS.get(word.lower().rstrip(":"))
        if command is None:
            results.append(Done(line, False, f"unknown command {word!r}; commands: {', '.join(_ENGLISH)}"))
            continue
        try:
            said = _COMMANDS[command](store, game_id, rest.strip(), now)
        except (StoreError, ValueError) as error:
            results.append(Done(line, False, str(error)))
        else:
            results.append(Done(line, True, said))
    return results


def _pause(store: GameStore, game_id: str, rest: str, now: datetime) -> str:
    Calendar(store).pause(game_id, now)
    return "paused: nothing is resolved until RESUME (orders are still taken)"


def _resume(store: GameStore, game_id: str, rest: str, now: datetime) -> str:
    clock = Calendar(store).resume(game_id, now)
    return f"running again; {clock.phase} ends at {_when(clock.due_at)}"


def _shift(store: GameStore, game_id: str, rest: str, now: datetime) -> str:
    amount, _, only = rest.partition(" ")
    sign = -1 if amount.startswith("-") else 1
    by = sign * parse_duration(amount.lstrip("+-"))
    alone = only.strip().lower() in ("only", "только")
    if only.strip() and not alone:
        raise ValueError(f"after the duration write ONLY or nothing, not {only.strip()!r}")
    clock = Calendar(store).shift(game_id, by, now, only=alone)
    later = "" if alone else "; later boundaries move with it"
    return f"{clock.phase} now ends at {_when(clock.due_at)}{later}"


def _resolve(store: GameStore, game_id: str, rest: str, now: datetime) -> str:
    try:
        resolved = store.resolve(game_id, now)
    except AlreadyResolved as error:
        raise StoreError(str(error)) from error
    return f"resolved {resolved.phase} now; {len(resolved.notices)} letters written"


def _substitute(store: GameStore, game_id: str, rest: str, now: datetime) -> str:
    name, _, email = rest.rpartition(" ")
    if not is_address(email):
        raise ValueError("write SUBSTITUTE <character> <new address>")
    seat = store.seat(game_id, name.strip())
    store.set_email(game_id, seat.name, email)
    loaded = store.load(game_id)
    welcome = [n for n in loaded.rules.welcome(loaded.state) if seat.name in n.audience]
    store.tell(game_id, welcome, now)
    return f"{seat.name} is now played from {email}, with a new password; their welcome letter went there"


def _resend(store: GameStore, game_id: str, rest: str, now: datetime) -> str:
    seat = store.seat(game_id, rest)
    reports = [n for n in store.notices(game_id) if n.recipient == seat.name and n.template not in PERSONAL]
    if not reports:
        raise StoreError(f"{seat.name} has had no report yet")
    last = reports[-1]
    store.tell(game_id, [Notice(last.template, (seat.name,), last.data)], now)
    return f"{seat.name}'s last report ({last.template}, {last.phase}) is sent again"


def _announce(store: GameStore, game_id: str, rest: str, now: datetime) -> str:
    if not rest:
        raise ValueError("write ANNOUNCE and the text on the same line")
    seats = tuple(seat.name for seat in store.seats(game_id))
    store.tell(game_id, [Notice("master_note", seats, {"said": rest})], now)
    return f"announced to {len(seats)} players"


def _status(store: GameStore, game_id: str, rest: str, now: datetime) -> str:
    loaded = store.load(game_id)
    waiting = loaded.rules.waiting(loaded.state)
    clock = Calendar(store).clock(game_id) if store.timekeeper else None
    due = "paused" if clock and clock.paused_at else _when(clock.due_at if clock else None)
    return f"{loaded.rules.phase(loaded.state).label}, until {due}; awaiting {', '.join(waiting) or 'nobody'}"


def _when(moment: datetime | None) -> str:
    return f"{moment:%Y-%m-%d %H:%M} UTC" if moment is not None else "no deadline"


_COMMANDS = {
    "pause": _pause, "resume": _resume, "shift": _shift, "resolve": _resolve,
    "substitute": _substitute, "resend": _resend, "announce": _announce, "status": _status,
}  # fmt: skip
_ENGLISH = [word.upper() for word in _COMMANDS]


def answer(results: list[Done]) -> Notice:
    """The game-master's answer: every line and what became of it."""
    return Notice("master_answer", (MASTER,), {"results": [vars(r) for r in results]})
