"""One mail as the mail door hands it to the mailroom: what the door found out about it on the wire.

The door reads a mail's bytes into a ``RawArrival`` once — its sender, Message-ID, the token of the
personal address it was sent to, its subject and new text as read, and its verdicts: whether it is
over a size limit (then nothing else is read of it), why it must never be answered (automatic mail,
the referee's own, no sender), and which of the receiving server's sender checks it failed. All the
rest — cleaning what is written of it, finding and hiding passwords, counting wrong ones, judging and
answering — is the mailroom's, in one pass (``Mailroom.take``), which gives back one ``Receipt``.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime


@dataclass(frozen=True)
class RawArrival:
    """One mail as received, with what the door found out about it.

    ``text`` is its new text as read, password lines and all; ``over`` the code of the limit it is
    over ("" when within them: then it was read) and ``limit`` that limit's size; ``unanswerable``
    why it must never be answered ("bounce", "own-mail", "no-sender", …; "" when it may be);
    ``forged`` the sender checks ("dmarc", "dkim", "spf") the receiving server says it failed.
    Values are as the mail gave them: the mailroom cleans what it keeps.
    """

    raw: bytes
    received_at: datetime
    message_id: str
    sender: str
    token: str = ""
    subject: str = ""
    text: str = ""
    problem: str = ""
    unanswerable: str = ""
    forged: tuple[str, ...] = ()
    over: str = ""
    limit: int = 0
