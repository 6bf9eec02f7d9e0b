"""The site's guards: security headers on every response, and limits on sign-in attempts.

Sign-in attempts that fail are counted per account (the address typed) and per client address over a
sliding window; past the limit, further attempts are refused without checking the password until the
window has moved on. The counts live in the web process (one per site).
"""

from __future__ import annotations

import time
from collections import defaultdict, deque
from collections.abc import Callable

from starlette.types import ASGIApp, Message, Receive, Scope, Send

HEADERS: tuple[tuple[bytes, bytes], ...] = (
    (b"x-frame-options", b"DENY"),
    (
        b"content-security-policy",
        b"default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
        b"frame-ancestors 'none'; form-action 'self'; base-uri 'none'; object-src 'none'",
    ),
    (b"referrer-policy", b"no-referrer"),
    (b"x-content-type-options", b"nosniff"),
    (b"cross-origin-opener-policy", b"same-origin"),
)
"""Sent with every response: no framing, no referrer, no guessing of types, scripts only from the site."""


class SecurityHeaders:
    """ASGI middleware adding ``HEADERS`` (and ``Cache-Control: no-store`` unless set) to every response."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def sending(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                names = {name.lower() for name, _ in headers}
                headers += [item for item in HEADERS if item[0] not in names]
                if b"cache-control" not in names:
                    headers.append((b"cache-control", b"no-store"))
                message["headers"] = headers
            await send(message)

        await self.app(scope, receive, sending)


class Attempts:
    """Failed sign-ins per key over the last ``window`` seconds; ``limit`` of them close the door."""

    def __init__(self, limit: int, window: float, clock: Callable[[], float] = time.monotonic) -> None:
        self.limit, self.window, self.clock = limit, window, clock
        self.failures: defaultdict[str, deque[float]] = defaultdict(deque)

    def _recent(self, key: str) -> deque[float]:
        times = self.failures[key]
        while times and times[0] <= self.clock() - self.window:
            times.popleft()
        return times

    def blocked(self, key: str) -> bool:
        """Whether ``key`` has failed ``limit`` times within the window."""
        return len(self._recent(key)) >= self.limit

    def failed(self, key: str) -> None:
        """Counts a failed attempt of ``key``."""
        self._recent(key).append(self.clock())

    def forget(self, key: str) -> None:
        """Clears ``key``'s failures (after a successful sign-in)."""
        self.failures.pop(key, None)


class SignInLimits:
    """The limits on signing in: per account (``per_account`` failures) and per client address."""

    def __init__(self, per_account: int = 5, per_address: int = 20, window: float = 900.0) -> None:
        self.accounts = Attempts(per_account, window)
        self.addresses = Attempts(per_address, window)

    def blocked(self, email: str, address: str) -> bool:
        """Whether an attempt for ``email`` from ``address`` is refused unchecked."""
        return self.accounts.blocked(email.strip().lower()) or self.addresses.blocked(address)

    def failed(self, email: str, address: str) -> None:
        """Counts a failed attempt against both."""
        self.accounts.failed(email.strip().lower())
        self.addresses.failed(address)

    def succeeded(self, email: str) -> None:
        """Forgets the account's failures (the address's stay: one address trying many accounts)."""
        self.accounts.forget(email.strip().lower())
