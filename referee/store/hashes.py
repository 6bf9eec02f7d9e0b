"""What a seat or a game-master by mail keeps of a password: its argon2 hash and a short lookup key,
never the password itself (``referee.app.credentials`` says why the key is short)."""

from __future__ import annotations

import hashlib
import re

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError

PASSWORD_LENGTH = 12
"""How many letters and digits a password has (without its dashes)."""

_HASHER = PasswordHasher(time_cost=2, memory_cost=4096, parallelism=1)
"""Moderate argon2 for seat passwords (some 3 ms a hash on an idle core, 4 MiB), where the web
accounts' take 160 ms and 64 MiB: a seat's password is random (60 bits), so what protects it from a
stolen database is mostly the 2^60 SHA-256 an attacker must compute to find the 2^28 passwords that
share its lookup key, each then to be tried against this hash; and a mail with a password is taken
in without a noticeable wait."""

_NOT_PASSWORD = re.compile(r"[^a-z0-9]")


def bare(password: str) -> str:
    """``password`` as its letters and digits alone, in lower case ("K7PQ 2mx9–wh4t." -> "k7pq2mx9wh4t")."""
    return _NOT_PASSWORD.sub("", password.lower())


def canonical(password: str) -> str:
    """``password`` written as passwords are given ("k7pq-2mx9-wh4t"), if it has the letters and digits
    of one; otherwise "" (no password)."""
    letters = bare(password)
    if len(letters) != PASSWORD_LENGTH:
        return ""
    return "-".join(letters[start : start + 4] for start in range(0, PASSWORD_LENGTH, 4))


def lookup_key(password: str) -> str:
    """The short key a password is looked up by: the first eight hex digits of the SHA-256 of its
    letters and digits ("" for no password, which no seat's key is)."""
    letters = bare(password)
    return hashlib.sha256(letters.encode()).hexdigest()[:8] if letters else ""


def password_hash(password: str) -> str:
    """The argon2 hash kept of ``password`` (of its letters and digits: any spelling verifies)."""
    return _HASHER.hash(bare(password))


def verified(stored: str, password: str) -> bool:
    """Whether ``password`` is the one whose hash is ``stored`` (an empty hash: no password at all)."""
    if not stored or not password:
        return False
    try:
        return _HASHER.verify(stored, bare(password))
    except (VerificationError, InvalidHashError):
        return False


def secrets_of(password: str) -> tuple[str, str]:
    """What a seat keeps of ``password``: its hash and its lookup key."""
    return password_hash(password), lookup_key(password)
