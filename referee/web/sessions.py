"""Sessions in signed cookies: who is signed in, in what role, their form token and their language.

The cookie is signed (itsdangerous) with the site's key and expires; it is HttpOnly and SameSite=Lax,
and Secure when the site is reached over HTTPS. It holds no secret of a game: only an account number,
a role, a random token for forms (CSRF) and a language. A visitor not signed in gets a session too
(role ``visitor``) so the sign-in form has a token. Roles: ``master`` (a game-master's account, for
``MAX_AGE`` since the last page) and ``player`` (one seat of one game as held by one address, for
``PLAYER_MAX_AGE``: the forum checks at every request that the address still holds the seat).
"""

from __future__ import annotations

import hmac
import secrets
import time
from dataclasses import dataclass, replace
from typing import Any

from itsdangerous import BadSignature, URLSafeTimedSerializer

from referee.app.links import Player

COOKIE = "referee_session"
MAX_AGE = 12 * 3600
"""How long a session lasts, in seconds, after it was last written."""

PLAYER_MAX_AGE = 14 * 24 * 3600
"""How long a player's session lasts after it was last written (a game runs for days)."""

VISITOR = "visitor"
MASTER = "master"
PLAYER = "player"
ROLES = frozenset({VISITOR, MASTER, PLAYER})


@dataclass(frozen=True)
class Session:
    """One browser's session: ``role`` and the account it is signed in as (None for a visitor)."""

    role: str
    account: int | None
    csrf: str
    language: str = ""
    flash: str = ""
    game: str = ""
    seat: str = ""
    holder: str = ""
    """A player's session: the game, the seat and the address that held it when the link was used."""

    @property
    def signed_in(self) -> bool:
        """Whether a game-master is signed in."""
        return self.role == MASTER and self.account is not None

    @property
    def player(self) -> Player | None:
        """The player signed in, if one is."""
        if self.role != PLAYER or not (self.game and self.seat and self.holder):
            return None
        return Player(self.game, self.seat, self.holder)

    def checks(self, token: Any) -> bool:
        """Whether ``token`` (from a form) is this session's form token."""
        return isinstance(token, str) and bool(token) and hmac.compare_digest(token, self.csrf)


def fresh(language: str = "") -> Session:
    """A new visitor's session with a new form token."""
    return Session(VISITOR, None, secrets.token_urlsafe(24), language)


def signed_in(session: Session, account: int) -> Session:
    """``session`` after signing in: a new form token (a token seen before signing in is worthless)."""
    return Session(MASTER, account, secrets.token_urlsafe(24), session.language)


def as_player(session: Session, player: Player) -> Session:
    """``session`` after a player signed in with a link: a new form token, no game-master's account."""
    return Session(
        PLAYER,
        None,
        secrets.token_urlsafe(24),
        session.language,
        "",
        player.game_id,
        player.seat,
        player.email,
    )


def with_flash(session: Session, text: str) -> Session:
    """``session`` carrying a sentence to show once on the next page."""
    return replace(session, flash=text[:500])


class Cookies:
    """Signs sessions into cookie values and reads them back (None when forged, expired or damaged)."""

    def __init__(self, key: bytes, *, secure: bool) -> None:
        self.serializer = URLSafeTimedSerializer(key, salt="referee-web-session")
        self.secure = secure

    def dump(self, session: Session) -> str:
        """The cookie value of ``session``."""
        return self.serializer.dumps(
            {
                "r": session.role,
                "a": session.account,
                "c": session.csrf,
                "l": session.language,
                "f": session.flash,
                "g": session.game,
                "s": session.seat,
                "e": session.holder,
            }
        )

    def load(self, value: str | None) -> Session | None:
        """The session in ``value``, if it is one this site signed and it has not expired."""
        if not value:
            return None
        try:
            data, signed = self.serializer.loads(value, max_age=PLAYER_MAX_AGE, return_timestamp=True)
        except BadSignature:
            return None
        if isinstance(data, dict) and data.get("r") != PLAYER and time.time() - signed.timestamp() > MAX_AGE:
            return None
        if not isinstance(data, dict) or data.get("r") not in ROLES or not isinstance(data.get("c"), str):
            return None
        account = data.get("a")
        return Session(
            data["r"],
            account if isinstance(account, int) else None,
            data["c"],
            str(data.get("l") or ""),
            str(data.get("f") or ""),
            str(data.get("g") or ""),
            str(data.get("s") or ""),
            str(data.get("e") or ""),
        )

    def options(self) -> dict[str, Any]:
        """How the cookie is set: HttpOnly, SameSite=Lax, for the whole site, Secure over HTTPS."""
        return {"httponly": True, "samesite": "lax", "path": "/", "secure": self.secure, "max_age": MAX_AGE}
