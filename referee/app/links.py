"""Players' sign-in links: ``<base_url>/join/<game>/<token>``, mailed to a seat's registered address.

The token is signed (itsdangerous) with the game's secret and names the game, the seat, the address it
was mailed to and the mail that carried it (its notice number). It signs in once (``used_links``),
within ``LINK_LIFE`` of being written, and only while that address still holds the seat: a link mailed
to a player who has since been substituted is worthless. At most ``LINKS_A_DAY`` links asked for are
mailed to a seat's holder in a day (``Forum``), so nobody can fill a player's mailbox with them.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from itsdangerous import BadSignature, URLSafeTimedSerializer

LINK_LIFE = timedelta(days=3)
"""How long a sign-in link works after it was written into a mail."""

LINKS_A_DAY = 5
"""The most sign-in links mailed to one seat's holder in ``LINK_DAY``, however they were asked for (the
web page or a mail saying LINK): past it a request is answered as any other and nothing is mailed."""

LINK_DAY = timedelta(days=1)

LINK_NOTICE = "sign_in_link"
"""The notice that carries a link the player asked for (every mail to a player carries one too)."""

LINK_WORDS = frozenset({"link", "ссылка"})
"""A mail whose only words are one of these asks for a sign-in link, in any game."""

_SALT = "referee-forum-link"


@dataclass(frozen=True)
class Player:
    """Who a link or a session signs in: the seat ``seat`` of ``game_id`` as held by ``email``; from a web
    session, ``session`` names it (a digest of its form token: a session signed out is refused by every
    process of the site, ``Forum.sign_out``)."""

    game_id: str
    seat: str
    email: str
    session: str = ""


def _serializer(secret: str) -> URLSafeTimedSerializer:
    return URLSafeTimedSerializer(secret, salt=_SALT)


def link_token(secret: str, player: Player, notice_id: int) -> str:
    """The token of the link mailed to ``player`` in notice ``notice_id``, under the game's ``secret``."""
    data = {"g": player.game_id, "s": player.seat, "e": player.email.lower(), "n": notice_id}
    return _serializer(secret).dumps(data)


def sign_in_link(base_url: str, secret: str, player: Player, notice_id: int) -> str:
    """The whole link (empty when the referee has no web pages: no ``base_url``)."""
    if not base_url:
        return ""
    return f"{base_url.rstrip('/')}/join/{player.game_id}/{link_token(secret, player, notice_id)}"


def read_token(secret: str, game_id: str, token: str, now: datetime) -> tuple[Player, int] | None:
    """The player and notice a token signs in, if the game's secret signed it for ``game_id`` and it has
    not expired at ``now``; None otherwise (forged, damaged, another game's, too old)."""
    try:
        data, issued = _serializer(secret).loads(token, return_timestamp=True)
    except BadSignature:
        return None
    if not _shaped(data) or data["g"] != game_id:
        return None
    if now - issued.astimezone(UTC) > LINK_LIFE:
        return None
    return Player(data["g"], data["s"], data["e"]), int(data["n"])


def _shaped(data: Any) -> bool:
    return (
        isinstance(data, dict)
        and all(isinstance(data.get(key), str) for key in ("g", "s", "e"))
        and isinstance(data.get("n"), int)
    )


def asks_for_link(text: str) -> bool:
    """Whether a mail's text is nothing but a request for a sign-in link ("LINK", "ССЫЛКА")."""
    words = text.split()
    return len(words) == 1 and words[0].strip(".!").lower() in LINK_WORDS
