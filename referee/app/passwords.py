"""Seat passwords given anew: when a letter that carries one is sent, when a player asks for one, and
when one was said aloud.

A password exists in clear only in the mail that tells it: the welcome letter, the game-master's
welcome and ``NEW_PASSWORD`` (``PASSWORD_LETTERS``) each get a fresh one as they are claimed for
sending (``issue``), whose hash alone the seat keeps; a seat has no password until then, and a letter
sent again carries a new one (the one before stops working). No notice's data, export or log holds one.

A player asks for a new password by mail with ``NEW PASSWORD`` alone (``НОВЫЙ ПАРОЛЬ``): it is mailed
to their registered address, at most ``ASKED_MOST`` times a day per seat (``ask``).

A password written into any text someone else may read (talk, orders, a post on the web: ``hear``)
is hidden there in every spelling (``referee.app.aloud``), stops working at once, and its owner is
mailed a new one at their registered address saying why.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from referee.app.aloud import Spoken, hidden, spoken
from referee.app.credentials import new_password
from referee.core.seats import MASTER
from referee.store.forum import links_since
from referee.store.hashes import lookup_key
from referee.store.notices import write_notices
from referee.store.seats import Credential, keyed, set_password
from referee.store.unit import Unit

NEW_PASSWORD = "new_password"
"""The letter that tells a player (or a game-master) a new password: asked for, or after one was said."""

PASSWORD_LATER = "password_later"
"""The answer to a request for a new password beyond ``ASKED_MOST`` a day."""

PASSWORD_LETTERS = frozenset({"welcome", "master_welcome", NEW_PASSWORD})
"""The letters that carry a password: each gets a new one as it is sent."""

PASSWORD_NOTICES = frozenset({NEW_PASSWORD, PASSWORD_LATER})
"""The letters about passwords alone: no report, never sent again by RESEND."""

NEW_PASSWORD_WORDS = frozenset({"new password", "новый пароль"})
"""A mail whose only words are one of these asks for a new password."""

ASKED_MOST = 3
"""The most new passwords a seat is mailed within ``ASKED_WINDOW``, asked for or after one was said."""

ASKED_WINDOW = timedelta(days=1)


def asks_for_password(text: str) -> bool:
    """Whether a mail's text is nothing but a request for a new password ("NEW PASSWORD", "Новый пароль.")."""
    words = " ".join(text.split()).strip(".!").lower()
    return words in NEW_PASSWORD_WORDS


def issue(session: Unit, game_id: str, name: str) -> str:
    """A fresh password for the seat ``name`` of ``game_id`` (``MASTER``: its game-master), kept as its
    hash alone: the one before stops working. "" if there is no such seat."""
    password = new_password()
    return password if set_password(session, game_id, name, password) else ""


def ask(session: Unit, seat: Credential, now: datetime) -> str:
    """Writes ``NEW_PASSWORD`` to the registered address of ``seat``, which asked for it; past
    ``ASKED_MOST`` a day, ``PASSWORD_LATER`` instead. The outcome: "new-password" or "too-many"."""
    name = MASTER if seat.is_master else seat.name
    since = now - ASKED_WINDOW
    if links_since(session, seat.game_id, name, seat.email, NEW_PASSWORD, since) >= ASKED_MOST:
        if not links_since(session, seat.game_id, name, seat.email, PASSWORD_LATER, since):
            _write(session, seat, PASSWORD_LATER, {"most": ASKED_MOST}, now)
        return "too-many"
    _write(session, seat, NEW_PASSWORD, {"reason": "asked"}, now)
    return "new-password"


@dataclass(frozen=True)
class Heard:
    """A text with every password said in it hidden, and whose passwords those were (in clear, to hide
    them wherever else the text stands, e.g. the mail kept)."""

    text: str
    owners: tuple[Credential, ...] = ()
    passwords: tuple[str, ...] = ()


def said(session: Unit, text: str) -> Heard:
    """``text`` with the passwords of any seat or game-master said in it hidden, and whose they were."""
    found = spoken(text)
    if not found:
        return Heard(text)
    keys: dict[str, list[Spoken]] = {}
    for span in found:
        keys.setdefault(lookup_key(span.letters), []).append(span)
    owners: list[Credential] = []
    spans: list[Spoken] = []
    passwords: list[str] = []
    for owner in keyed(session, keys):
        tried: dict[str, bool] = {}
        for span in keys[owner.password_key]:
            if span.letters not in tried:
                tried[span.letters] = owner.opened_by(span.letters)
            if tried[span.letters]:
                spans.append(span)
                passwords.append(span.letters)
                if owner not in owners:
                    owners.append(owner)
    if not owners:
        return Heard(text)
    return Heard(hidden(text, spans), tuple(owners), tuple(dict.fromkeys(passwords)))


def rotate(session: Unit, owners: tuple[Credential, ...], now: datetime) -> None:
    """Ends the passwords of ``owners`` at once (they were said aloud) and writes each a ``NEW_PASSWORD``
    to their registered address, saying why (the new one is made as it is sent)."""
    for owner in owners:
        set_password(session, owner.game_id, MASTER if owner.is_master else owner.name, "")
        _write(session, owner, NEW_PASSWORD, {"reason": "said"}, now)


def hear(session: Unit, text: str, now: datetime) -> str:
    """``text`` with every password said in it hidden; each of them is ended and its owner mailed a
    new one (``rotate``)."""
    heard = said(session, text)
    if heard.owners:
        rotate(session, heard.owners, now)
    return heard.text


def _write(session: Unit, owner: Credential, template: str, data: dict[str, Any], now: datetime) -> None:
    """Writes ``template`` to ``owner`` at their registered address (not where a mail came from)."""
    recipient = MASTER if owner.is_master else owner.name
    row: dict[str, Any] = {
        "game_id": owner.game_id,
        "phase": "",
        "recipient": recipient,
        "template": template,
    }
    row |= {"data": {**data, "email": owner.email.lower(), "master": owner.is_master}, "created_at": now}
    write_notices(session, [row | {"address": owner.email, "in_reply_to": None, "subject": None}])
