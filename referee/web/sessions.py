"""Sessions in signed cookies: who is signed in, in what role, their form token and their language.

The cookie is signed (itsdangerous) with the site's key and expires; it is HttpOnly and SameSite=Lax,
and Secure when the site is reached over HTTPS. It holds no secret of a game: only an account number,
a role, a random token for forms (CSRF) and a language. A visitor not signed in gets a session too
(role ``visitor``) so the sign-in form has a token. Roles: ``master`` (a game-master's account, for
``MAX_AGE`` since the last page) and ``player`` (one seat of one game as held by one address, for
``PLAYER_MAX_AGE``: the forum checks at every request that the address still holds the seat); the
cookie's own lifetime is the role's.

A game-master's session carries the account's address and session epoch: signing out, a new password
(``referee gm passwd``) or removal (``referee gm remove``) changes the account's, and every session
carrying the old one is refused. A player's session signed out is remembered by its token until it
would have expired anyway (in the web process, bounded).

A second cookie marks a browser where a game-master signed in (``DEVICE_COOKIE``): signed, naming a
random browser id and a digest of the address, it lets that browser sign in to that account while
others' failures have locked the account (``guard.SignInLimits``).
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
import time
from dataclasses import dataclass, replace
from typing import Any

from itsdangerous import BadSignature, URLSafeTimedSerializer

from referee.app import Account, Player

COOKIE = "referee_session"
MAX_AGE = 12 * 3600
"""How long a session lasts, in seconds, after it was last written."""

PLAYER_MAX_AGE = 14 * 24 * 3600
"""How long a player's session lasts after it was last written (a game runs for days)."""

DEVICE_COOKIE = "referee_device"
DEVICE_MAX_AGE = 180 * 24 * 3600
"""How long a browser stays known to the account that signed in from it."""

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
    """A player's session: the game, the seat and the address that held it when the link was used (a
    game-master's: the account's address)."""
    epoch: int = 0
    """A game-master's session: the account's session epoch when it was signed in."""

    @property
    def signed_in(self) -> bool:
        """Whether a game-master is signed in."""
        return self.role == MASTER and self.account is not None

    @property
    def player(self) -> Player | None:
        """The player signed in, if one is."""
        if self.role != PLAYER or not (self.game and self.seat and self.holder):
            return None
        key = hashlib.blake2b(self.csrf.encode(), digest_size=16).hexdigest()
        return Player(self.game, self.seat, self.holder, key)

    def checks(self, token: Any) -> bool:
        """Whether ``token`` (from a form) is this session's form token."""
        return isinstance(token, str) and bool(token) and hmac.compare_digest(token, self.csrf)


def fresh(language: str = "") -> Session:
    """A new visitor's session with a new form token."""
    return Session(VISITOR, None, secrets.token_urlsafe(24), language)


def signed_in(session: Session, account: Account) -> Session:
    """``session`` after signing in: a new form token (a token seen before signing in is worthless),
    the account's address and its session epoch."""
    return Session(
        MASTER,
        account.id,
        secrets.token_urlsafe(24),
        session.language,
        holder=account.email,
        epoch=account.epoch,
    )


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
        self.devices = URLSafeTimedSerializer(key, salt="referee-web-device")
        self.key = key
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
                "v": session.epoch,
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
        account, epoch = data.get("a"), data.get("v")
        return Session(
            data["r"],
            account if isinstance(account, int) else None,
            data["c"],
            str(data.get("l") or ""),
            str(data.get("f") or ""),
            str(data.get("g") or ""),
            str(data.get("s") or ""),
            str(data.get("e") or ""),
            epoch if isinstance(epoch, int) and not isinstance(epoch, bool) else -1,
        )

    def options(self, session: Session) -> dict[str, Any]:
        """How the cookie is set: HttpOnly, SameSite=Lax, for the whole site, Secure over HTTPS, kept
        by the browser as long as the session's role lasts."""
        age = PLAYER_MAX_AGE if session.role == PLAYER else MAX_AGE
        return {"httponly": True, "samesite": "lax", "path": "/", "secure": self.secure, "max_age": age}

    def device(self, email: str) -> str:
        """A new known-browser cookie value for the account of ``email``."""
        return self.devices.dumps({"d": secrets.token_urlsafe(16), "m": self._digest(email)})

    def device_of(self, value: str | None, email: str) -> str:
        """The browser id in a known-browser cookie ``value`` if this site signed it for ``email``'s
        account and it has not expired; "" otherwise."""
        if not value or len(value) > 512:
            return ""
        try:
            data = self.devices.loads(value, max_age=DEVICE_MAX_AGE)
        except BadSignature:
            return ""
        if (
            not isinstance(data, dict)
            or not isinstance(data.get("d"), str)
            or not isinstance(data.get("m"), str)
        ):
            return ""
        return data["d"] if hmac.compare_digest(data["m"], self._digest(email)) else ""

    def device_options(self) -> dict[str, Any]:
        """How the known-browser cookie is set: like the session's, for ``DEVICE_MAX_AGE``."""
        return {
            "httponly": True,
            "samesite": "lax",
            "path": "/",
            "secure": self.secure,
            "max_age": DEVICE_MAX_AGE,
        }

    def _digest(self, email: str) -> str:
        return hmac.new(self.key, email.strip().lower().encode(), hashlib.sha256).hexdigest()[:32]
