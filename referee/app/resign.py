"""RESIGN (ВЫХОЖУ): a player leaves a running game cleanly.

A mail from the seat (its registered address to its personal address, or with its password) whose text
is the one word RESIGN or ВЫХОЖУ is not an order: the referee asks the registered address — and no other
— to confirm, with a reply address keyed (``resign_token``) to the game's secret and the seat's present
token, so a forged mail, a reply from another address or a question asked before the seat changed hands
counts for nothing. YES (ДА) vacates the seat: it goes at once to the first reserve where the game file
says so (``[game.dropouts] by = "reserve"``), else to the stand-in bot until the game-master hands it to
someone (REPLACE); the seat's history keeps who held it, the audit log records it, the player is told,
and so is the game-master. NO keeps the seat as it was; any other reply asks again.

The letters to the player go to the address that resigns, outside the seat's thread (``write_letter``):
the seat may change hands, and nothing of its next holder's may reach the one who left.
"""

from __future__ import annotations

import hashlib
import hmac
import re
from datetime import datetime

from referee.app.audit import Actor
from referee.app.confirmation import NO, YES, answer
from referee.app.handover import audited, hand_over_or_bot
from referee.app.play import Loaded, tell
from referee.app.signup_letters import write_letter
from referee.core.notices import Notice
from referee.core.seats import MASTER
from referee.store.models import SeatRow
from referee.store.seats import master_row
from referee.store.unit import Unit

RESIGN = "resign"
"""The template of every letter about a resignation (its ``state`` says which)."""
TOKEN_PREFIX = "resign-"
"""What the token of the question's reply address (``referee+resign-…@domain``) starts with."""
ASKED, UNCLEAR, KEPT, DONE, TOLD_MASTER = "asked", "unclear", "kept", "done", "master"

_WORDS = frozenset({"resign", "выхожу"})
_WORD = re.compile(r"\w+")


def asks_to_resign(text: str) -> bool:
    """Whether a player's mail ``text`` is RESIGN or ВЫХОЖУ alone (any case, punctuation aside): an
    order written near it is not read as leaving the game."""
    words = _WORD.findall(text.casefold())
    return len(words) == 1 and words[0] in _WORDS


def resign_token(secret: str, seat: str, seat_token: str) -> str:
    """The token of the reply address that confirms ``seat`` resigning while its token is ``seat_token``:
    96 bits of an HMAC-SHA256 under the game's ``secret``, which no player sees."""
    keyed = f"resign {seat} {seat_token}".encode()
    return TOKEN_PREFIX + hmac.new(secret.encode(), keyed, hashlib.sha256).hexdigest()[:24]


def _letter(
    session: Unit, loaded: Loaded, seat: SeatRow, state: str, now: datetime, in_reply_to: str
) -> None:
    """The letter ``state`` about ``seat`` resigning, to its present address, in the game's language."""
    data = {"language": loaded.row.language, "game_id": loaded.row.id, "character": seat.name, "state": state}
    if state in (ASKED, UNCLEAR):
        data["reply"] = resign_token(loaded.row.secret, seat.name, seat.token)
    write_letter(session, RESIGN, data, seat.email, now, in_reply_to)


def ask(session: Unit, loaded: Loaded, seat: SeatRow, now: datetime, in_reply_to: str) -> None:
    """Asks the registered address of ``seat`` whether its player really leaves the game."""
    _letter(session, loaded, seat, ASKED, now, in_reply_to)


def seat_resigning(seats: list[SeatRow], secrets: dict[str, str], token: str) -> SeatRow | None:
    """Of ``seats`` (the sender's), the one whose resignation ``token`` confirms, given each game's secret."""
    for seat in seats:
        expected = resign_token(secrets[seat.game_id], seat.name, seat.token)
        if hmac.compare_digest(token.lower(), expected):
            return seat
    return None


def decide(session: Unit, loaded: Loaded, seat: SeatRow, text: str, now: datetime, in_reply_to: str) -> str:
    """Answers the reply ``text`` to the question about ``seat``: YES vacates it (``DONE``), NO keeps it
    (``KEPT``), anything else asks again (``UNCLEAR``). Returns which."""
    said = answer(text)
    if said != YES:
        state = KEPT if said == NO else UNCLEAR
        _letter(session, loaded, seat, state, now, in_reply_to)
        return state
    return leave(session, loaded, seat, Actor("mail", seat.email), now, in_reply_to)


def leave(
    session: Unit, loaded: Loaded, seat: SeatRow, actor: Actor, now: datetime, in_reply_to: str = ""
) -> str:
    """Vacates ``seat``, its holder's leaving confirmed (a YES by mail, a ticked box on their page): they
    are told, the seat goes to the reserve or the bot, the game-master is told; returns ``DONE``."""
    _letter(session, loaded, seat, DONE, now, in_reply_to)  # to the address that leaves, before it does
    name, game_id = seat.name, loaded.row.id
    dropouts = loaded.row.settings.get("dropouts") or {}
    # no reserve left: the bot plays the seat until the game-master hands it on
    after, email = hand_over_or_bot(session, loaded, name, str(dropouts.get("by", "bot")), now)
    by = "reserve" if email else "bot"
    said_by = f"{name} resigned; the seat went to the {'first reserve' if email else 'stand-in bot'}"
    audited(session, actor, game_id, RESIGN, {"seat": name, "by": by}, now, said_by)
    if master_row(session, game_id) is not None:
        note = Notice(RESIGN, (MASTER,), {"character": name, "state": TOLD_MASTER, "by": by})
        tell(session, game_id, after.row.phase, [note], now, loaded=after)
    return DONE
