"""Secrets a seat is given: the token of its reply address and its password."""

from __future__ import annotations

import secrets

PASSWORD_ALPHABET = "abcdefghijkmnpqrstuvwxyz23456789"
"""Letters and digits of seat passwords: none that read alike (l/1, o/0)."""


def new_token() -> str:
    """A fresh reply-address token: 128 random bits in lower-case hex (mail servers may fold case)."""
    return secrets.token_hex(16)


def new_password() -> str:
    """A fresh seat password such as "k7pq-2mx9-wh4t", easy to copy and to type."""
    return "-".join("".join(secrets.choice(PASSWORD_ALPHABET) for _ in range(4)) for _ in range(3))
