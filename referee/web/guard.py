"""The site's guards: security headers on every response, the size of what a request may send, who
the client is behind a trusted proxy, and limits on signing in and on asking for sign-in links.

Bodies: a request whose ``Content-Length`` says more than ``[web] max_body`` is answered 413 before
any of it is read, and one that streams more is cut off at that many bytes; a body that is not a
plain form (``application/x-www-form-urlencoded``: multipart and the like) is answered 415 unread.

Sign-in: failures are counted per account (the address typed), per client address, per account and
client address together, and per known browser, over a sliding window (``SignInLimits`` says how they
combine: others' failures never shut out a game-master's own browser, nor, after a short back-off, a
game-master from another address). Players' requests for links have their own limits
(``LinkLimits``) and never count as failed sign-ins. The counts live in the web process, bounded: a
key is a fixed-size digest, it holds at most ``limit`` moments, and the oldest keys go past a cap.
"""

from __future__ import annotations

import hashlib
import ipaddress
import time
from collections import OrderedDict
from collections.abc import Callable, Iterable

from starlette.datastructures import Headers
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


class BodyTooLarge(Exception):
    """A request's body went past the limit while it was read."""


FORM_TYPE = "application/x-www-form-urlencoded"
"""The only kind of body the site reads: every form of its pages is a plain one."""


async def _answer(send: Send, status: int, text: str) -> None:
    """A short plain-text answer that closes the connection (the rest of the body is never read)."""
    body = text.encode()
    headers = [
        (b"content-type", b"text/plain; charset=utf-8"),
        (b"content-length", str(len(body)).encode()),
        (b"connection", b"close"),
    ]
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})


class BodyLimit:
    """ASGI middleware bounding request bodies to ``max_body`` bytes and to plain forms.

    The declared length is checked first (413, nothing read); then the bytes are counted as they
    arrive, and past ``max_body`` reading stops and the answer is 413. A body of another type than a
    plain form (multipart above all: it would be spooled to disk) is answered 415 unread.
    """

    def __init__(self, app: ASGIApp, max_body: int) -> None:
        self.app, self.max_body = app, max_body
        self.too_large = (
            f"The request is too large: at most {max_body} bytes.\n"
            f"Запрос слишком велик: не больше {max_body} байт.\n"
        )

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = Headers(scope=scope)
        declared = headers.get("content-length")
        chunked = "chunked" in headers.get("transfer-encoding", "").lower()
        if declared is not None and not (declared.isascii() and declared.isdigit() and len(declared) < 20):
            await _answer(send, 400, "Content-Length is not a number.\nContent-Length — не число.\n")
            return
        length = int(declared) if declared is not None else 0
        if length > self.max_body:
            await _answer(send, 413, self.too_large)
            return
        kind = headers.get("content-type", "").split(";")[0].strip().lower()
        if (length or chunked) and kind != FORM_TYPE:
            await _answer(
                send, 415, f"Only forms ({FORM_TYPE}) are accepted here.\nСайт принимает только формы.\n"
            )
            return
        received = 0
        started = False

        async def receiving() -> Message:
            nonlocal received
            message = await receive()
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                if received > self.max_body:
                    raise BodyTooLarge
            return message

        async def sending(message: Message) -> None:
            nonlocal started
            started = started or message["type"] == "http.response.start"
            await send(message)

        try:
            await self.app(scope, receiving, sending)
        except BodyTooLarge:
            if not started:
                await _answer(send, 413, self.too_large)


def _network(text: str) -> ipaddress.IPv4Network | ipaddress.IPv6Network:
    return ipaddress.ip_network(text, strict=False)


class ForwardedBy:
    """ASGI middleware believing ``X-Forwarded-For`` and ``X-Forwarded-Proto`` only from ``trusted``
    proxies (addresses or networks): the client is the last address in the chain that is not a trusted
    proxy, and the scheme the one the nearest proxy saw. From anyone else both headers are ignored."""

    def __init__(self, app: ASGIApp, trusted: Iterable[str]) -> None:
        self.app = app
        self.networks = [_network(item) for item in trusted]

    def trusts(self, address: str) -> bool:
        """Whether ``address`` is one of the trusted proxies."""
        try:
            ip = ipaddress.ip_address(address)
        except ValueError:
            return False
        return any(ip in network for network in self.networks)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        client = scope.get("client")
        if scope["type"] in ("http", "websocket") and client and self.networks and self.trusts(client[0]):
            headers = Headers(scope=scope)
            chain = [hop.strip() for hop in ",".join(headers.getlist("x-forwarded-for")).split(",")]
            host = client[0]
            for hop in reversed([hop for hop in chain if hop]):
                host = hop[:64]
                if not self.trusts(hop):
                    break
            scope = {**scope, "client": (host, 0)}
            proto = headers.get("x-forwarded-proto", "").split(",")[-1].strip().lower()
            if proto in ("http", "https"):
                scope["scheme"] = proto if scope["type"] == "http" else {"http": "ws", "https": "wss"}[proto]
        await self.app(scope, receive, send)


def key_of(text: str) -> bytes:
    """The fixed-size key a limit keeps for ``text`` (an address, a client, a browser): 16 bytes however
    long ``text`` is, and empty for an empty one (never kept)."""
    return hashlib.blake2b(text.encode("utf-8", "surrogatepass"), digest_size=16).digest() if text else b""


class Attempts:
    """Failures per key over the last ``window`` seconds; ``limit`` of them close the door to that key.

    Memory is bounded: a key is a 16-byte digest, it keeps at most ``limit`` moments, a key whose
    moments have all expired is dropped, and past ``most_keys`` the least recently failed key goes.
    An empty key is never kept and never blocked.
    """

    def __init__(
        self,
        limit: int,
        window: float,
        *,
        most_keys: int = 20_000,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.limit, self.window, self.most_keys, self.clock = limit, window, most_keys, clock
        self.failures: OrderedDict[bytes, list[float]] = OrderedDict()

    def _recent(self, key: bytes) -> list[float]:
        times = self.failures.get(key)
        if times is None:
            return []
        since = self.clock() - self.window
        kept = [moment for moment in times if moment > since]
        if not kept:
            del self.failures[key]
        elif len(kept) != len(times):
            self.failures[key] = kept
        return kept

    def count(self, text: str) -> int:
        """How many failures ``text`` has within the window."""
        return len(self._recent(key_of(text))) if text else 0

    def blocked(self, text: str) -> bool:
        """Whether ``text`` has failed ``limit`` times within the window."""
        return self.count(text) >= self.limit

    def failed(self, text: str) -> None:
        """Counts a failure of ``text`` (nothing for an empty one)."""
        if not text:
            return
        key = key_of(text)
        times = [*self._recent(key), self.clock()][-self.limit :]
        self.failures[key] = times
        self.failures.move_to_end(key)
        self._prune()

    def forget(self, text: str) -> None:
        """Clears ``text``'s failures."""
        self.failures.pop(key_of(text), None)

    def _prune(self) -> None:
        """Drops expired keys from the oldest end, then the least recent keys past ``most_keys``."""
        since = self.clock() - self.window
        while self.failures:
            oldest, times = next(iter(self.failures.items()))
            if len(self.failures) <= self.most_keys and times[-1] > since:
                break
            del self.failures[oldest]


MOST_EMAIL = 320
"""The longest address the site reads (RFC 5321's 64 + 1 + 255)."""


def address_key(email: str) -> str:
    """The key an address typed is counted under: trimmed and in lower case; empty (never counted) when
    it is empty or longer than ``MOST_EMAIL``."""
    email = email.strip().lower()
    return email if len(email) <= MOST_EMAIL else ""


def _share(limit: int, processes: int) -> int:
    """One process's share of ``limit`` among ``processes`` (at least one)."""
    return max(1, -(-limit // max(1, processes)))


class SignInLimits:
    """The limits on game-masters' sign-ins.

    Failures are counted per account (``per_account`` in ``window``), per client address
    (``per_address``), per account from one client address, and per known browser (a browser that
    signed in to that account before: ``per_device``). An attempt is checked when it comes from a known
    browser of the account that has not failed ``per_device`` times itself; otherwise when its client
    address is under its limit and either the account is under its limit or this client address has
    not failed on this account for ``backoff`` seconds. So failures by others lock out the attackers,
    not the owner: the owner's own browser always gets through, and from elsewhere after a short wait.
    """

    def __init__(
        self,
        per_account: int = 5,
        per_address: int = 20,
        per_device: int = 5,
        window: float = 900.0,
        backoff: float = 60.0,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.accounts = Attempts(per_account, window, clock=clock)
        self.addresses = Attempts(per_address, window, clock=clock)
        self.devices = Attempts(per_device, window, clock=clock)
        self.pairs = Attempts(1, backoff, clock=clock)

    @classmethod
    def shared(cls, processes: int) -> SignInLimits:
        """The limits of one of ``processes`` processes serving the site: each its share of every limit
        (rounded up), the kernel spreading connections among them, so that together they admit about
        what one would."""
        return cls(_share(5, processes), _share(20, processes), _share(5, processes))

    def admits(self, email: str, address: str, device: str = "") -> bool:
        """Whether an attempt for ``email`` from client ``address`` (and known browser ``device``, if
        the browser is one of this account's) has its password checked."""
        if device and not self.devices.blocked(device):
            return True
        account = address_key(email)
        if not account or self.addresses.blocked(address):
            return False
        return not self.accounts.blocked(account) or not self.pairs.blocked(f"{account}\n{address}")

    def failed(self, email: str, address: str, device: str = "") -> None:
        """Counts a failed attempt against the account, the client address, both, and the browser."""
        account = address_key(email)
        self.accounts.failed(account)
        self.addresses.failed(address)
        self.pairs.failed(f"{account}\n{address}" if account else "")
        self.devices.failed(device)

    def succeeded(self, email: str, address: str, device: str = "") -> None:
        """Forgets this client's and this browser's failures on the account (the account's own stay:
        someone else's guesses are not undone by the owner signing in)."""
        self.pairs.forget(f"{address_key(email)}\n{address}")
        self.devices.forget(device)


class LinkLimits:
    """The limits on players' requests for sign-in links: ``per_email`` requests naming one address and
    ``per_address`` from one client in ``window`` seconds. They are not sign-in failures: they shut out
    no game-master. (The mail itself is capped per seat and day by the application, ``links``.)"""

    def __init__(
        self,
        per_email: int = 5,
        per_address: int = 20,
        window: float = 900.0,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.emails = Attempts(per_email, window, clock=clock)
        self.addresses = Attempts(per_address, window, clock=clock)

    @classmethod
    def shared(cls, processes: int) -> LinkLimits:
        """The limits of one of ``processes`` processes serving the site (``SignInLimits.shared``)."""
        return cls(_share(5, processes), _share(20, processes))

    def admits(self, email: str, address: str) -> bool:
        """Whether a request for ``email``'s links from client ``address`` is served."""
        return not self.emails.blocked(address_key(email)) and not self.addresses.blocked(address)

    def asked(self, email: str, address: str) -> None:
        """Counts a request."""
        self.emails.failed(address_key(email))
        self.addresses.failed(address)
