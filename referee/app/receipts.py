"""What became of one mail taken in: an outcome from a closed list, and the text it is kept under.

Each mail's outcome is a ``MailOutcome``: its ``fate`` (accepted, held, refused, ignored, duplicate)
and, for a few, a ``detail`` only the mail knows (the limit it is over, the sender checks it failed,
why it must never be answered). What is written in the kept mail's row, and shown to the
game-master by ``referee received``, is ``Receipt.text``: the same words as ever ("accepted",
"refused:wrong-password", "refused:sender-failed-dmarc:over-limit:mail-bytes", "ignored:bounce"), so
rows kept before read as they always did.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from referee.core.orders import LineVerdict


class Fate(Enum):
    """What a mail's outcome comes to."""

    ACCEPTED = "accepted"
    HELD = "held"
    REFUSED = "refused"
    IGNORED = "ignored"
    DUPLICATE = "duplicate"


class MailOutcome(Enum):
    """What became of one mail; each member is its fate and the word that names it in the kept row."""

    ACCEPTED = (Fate.ACCEPTED, "")
    GAME_MASTER = (Fate.ACCEPTED, "game-master")
    CONFIRMED = (Fate.ACCEPTED, "confirmed")
    DISOWNED = (Fate.ACCEPTED, "disowned")
    LINK = (Fate.ACCEPTED, "link")
    NEW_PASSWORD = (Fate.ACCEPTED, "new-password")
    PASSWORD_LATER = (Fate.ACCEPTED, "too-many")
    SIGNUP = (Fate.ACCEPTED, "signup")
    RESIGN = (Fate.ACCEPTED, "resign")
    """Detail: what the sign-up made of it ("games", "join-asked", "join-confirmed", "left", …)."""
    GAME_STOPPED = (Fate.HELD, "game-stopped")
    UNCONFIRMED = (Fate.HELD, "unconfirmed")
    CONFIRMATION_UNCLEAR = (Fate.HELD, "confirmation-unclear")
    WRONG_PASSWORD = (Fate.REFUSED, "wrong-password")
    PASSWORD_FOR_ANOTHER_SEAT = (Fate.REFUSED, "password-for-another-seat")
    NO_PERSONAL_ADDRESS = (Fate.REFUSED, "no-personal-address")
    UNKNOWN_TOKEN = (Fate.REFUSED, "unknown-token")
    NOT_THE_REGISTERED_SENDER = (Fate.REFUSED, "not-the-registered-sender")
    TOO_MANY_WRONG_PASSWORDS = (Fate.REFUSED, "too-many-wrong-passwords")
    CONFIRMATION_LAPSED = (Fate.REFUSED, "confirmation-lapsed")
    TOO_MANY_UNCONFIRMED = (Fate.REFUSED, "too-many-unconfirmed")
    OVER_LIMIT = (Fate.REFUSED, "over-limit")
    """Detail: the code of the limit the mail is over ("mail-bytes", "headers", …)."""
    SENDER_FAILED = (Fate.REFUSED, "sender-failed")
    """Detail: the checks failed, joined by "-" ("dmarc-spf"), then ":over-limit:<code>" for a mail too
    big to read."""
    IGNORED = (Fate.IGNORED, "")
    """Detail: why the mail must never be answered ("bounce", "auto-submitted", "own-mail", …)."""
    DUPLICATE = (Fate.DUPLICATE, "")

    def __init__(self, fate: Fate, word: str) -> None:
        self.fate = fate
        self.word = word

    def text(self, detail: str = "") -> str:
        """This outcome as the kept mail's row says it, with ``detail``."""
        text = f"{self.fate.value}:{self.word}" if self.word else self.fate.value
        if not detail:
            return text
        return f"{text}-{detail}" if self is MailOutcome.SENDER_FAILED else f"{text}:{detail}"


GUESSED = frozenset({MailOutcome.WRONG_PASSWORD, MailOutcome.PASSWORD_FOR_ANOTHER_SEAT})
"""Refusals that count as a wrong password."""


@dataclass(frozen=True)
class Receipt:
    """What became of one mail (``outcome`` and its ``detail``), its Message-ID as kept, whose it was
    and the verdicts on its lines: what the mail door is handed back for each mail it hands over."""

    outcome: MailOutcome
    detail: str = ""
    message_id: str = ""
    game_id: str | None = None
    seat: str | None = None
    verdicts: tuple[LineVerdict, ...] = ()

    @property
    def text(self) -> str:
        """The outcome as the kept mail's row says it ("refused:over-limit:mail-bytes")."""
        return self.outcome.text(self.detail)

    @property
    def fate(self) -> Fate:
        return self.outcome.fate
