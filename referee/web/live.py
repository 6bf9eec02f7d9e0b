"""Live pages: one watcher per site tells every open page when a part of it may have changed.

The watcher (``Live``) reads what was written in the database (``Referee.changes``) every ``TICK``, and
at once when this process commits (the commits of the next ``GATHER`` read together, a page told
once of them all): one reading a tick for the whole site, however many pages are open, and none once no page
has been open for ``IDLE`` seconds. A change another process made (a command, the
mail service elsewhere) is found by the next tick. Each change says its game and who may see it (the
audience its events carry): a player's page is told only of changes its seat may see, a game-master's
of every change of the game, the campaigns page of every change of a game the game-master may see
(``stream`` checks that as the page does).

What a page is told is the names of its parts (``PARTS``) the changes may have changed (of a
player's page, orders, letters or the talk of their room alone: ``PLAYER_TOUCHED``): the page then asks
for those parts of itself (``fragments``), as the person it shows, and the page answers as it always
does. Talk heard in a place is handed to the pages of those who heard it (a player's page and their
threads: the audience of its event decides, as on the page) as the line their thread shows, so that
they need not ask: nothing else of the game travels on a stream.

For the pages polled instead (no push where they are), the watcher keeps a version per viewer: the
number of its last reading that changed something they may see. A page's ``ETag`` is a digest of it and
of the request (the session, the language, the address), made without rendering anything; a request
whose ``If-None-Match`` holds it is answered 304, after the same checks of who may see the page.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import logging
import secrets
import time
from dataclasses import dataclass, field

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import Response

from referee.app import CHANGED_LETTERS, CHANGED_ORDERS, CHANGED_TALK, Change, Changes, Reading
from referee.web.sessions import Session

LOG = logging.getLogger("referee.web")

TICK = 0.5
"""Seconds between two readings of what changed (a change made by this process is read sooner)."""

GATHER = 0.1
"""Seconds at least between two readings: a commit is read at once, the commits of the while after
it together, and a page told of several changes of that while is told once."""

IDLE = 300.0
"""Seconds without an open stream or a page asking for its version after which the watcher stops."""

HEARTBEAT = 15.0
"""Seconds between two comments on an idle stream, so that proxies keep it open."""

MOST_STREAMS = 2000
"""Open streams the site holds at most."""

MOST_PER_CLIENT = 24
"""Open streams one client address holds at most (a house behind one address has several people)."""

MOST_PER_SESSION = 8
"""Open streams one session (one browser's tabs) holds at most; past it, a page polls."""

PARTS: dict[str, tuple[str, ...]] = {
    "campaigns": ("campaigns",),
    "master": ("status", "castle", "timeline", "audit"),
    "player": ("deadline", "talk-now", "rooms", "facts", "orders-now", "news-now", "letters-now", "thread"),
}
"""The parts (ids of ``data-live`` elements) each kind of page refreshes when told it changed."""

PLAYER_TOUCHED: dict[str, tuple[str, ...]] = {
    CHANGED_ORDERS: ("orders-now",),
    CHANGED_LETTERS: ("news-now", "letters-now"),
    CHANGED_TALK: ("talk-now", "thread"),
}
"""The parts of a player's page a change touching only orders, only letters or only the talk of the room
they are in may change (any other change: every part)."""

MOST_LINES = 50
"""Lines of talk a stream holds for its page at most between two messages (past it: none, the page is
told to look again)."""


@dataclass(frozen=True)
class Viewer:
    """Whom a live page shows a game to: the game-master of ``game_id`` (``seat`` None), the player of
    ``seat``, or, ``game_id`` None, a game-master's campaigns (every game they may see)."""

    game_id: str | None
    seat: str | None = None

    @property
    def parts(self) -> tuple[str, ...]:
        """The ids of the parts of the page to refresh."""
        if self.game_id is None:
            return PARTS["campaigns"]
        return PARTS["master"] if self.seat is None else PARTS["player"]

    def touched(self, change: Change) -> tuple[str, ...]:
        """The parts of the page ``change`` may change (of a change the page shows)."""
        if self.game_id is None or self.seat is None:
            return self.parts
        return PLAYER_TOUCHED.get(change.touches, self.parts)

    def sees(self, change: Change) -> bool:
        """Whether the page shows something of ``change`` (a campaigns page: maybe; ``stream`` checks)."""
        if self.game_id is None:
            return True
        if self.game_id != change.game_id:
            return False
        return self.seat is None or change.visible_to(self.seat)


@dataclass(eq=False)
class Stream:
    """One open page's stream: the games changed it has not been told of yet, each with the parts of
    the page their changes may have changed."""

    viewer: Viewer
    client: str
    session: str
    games: dict[str, set[str]] = field(default_factory=dict)
    lines: list[Change] = field(default_factory=list)
    """The talk heard by the page's seat since it was last told, in order (``Change.said``)."""
    overflowed: bool = False
    wake: asyncio.Event = field(default_factory=asyncio.Event)
    closed: bool = False

    def tell(self, game_id: str, parts: tuple[str, ...], change: Change | None = None) -> None:
        """Notes that ``parts`` of the page may have changed in ``game_id``; for the talk ``change``, if
        given, its line is noted instead (handed to the page, which need not fetch those parts), up to
        ``MOST_LINES`` (past it, those parts are to be fetched again)."""
        told = self.games.setdefault(game_id, set())
        if change is None or change.said is None or self.overflowed:
            told.update(parts)
        elif len(self.lines) < MOST_LINES:
            self.lines.append(change)
        else:
            for line in self.lines:
                self.games[line.game_id].update(parts)
            told.update(parts)
            self.lines, self.overflowed = [], True
        self.wake.set()

    def heard(self) -> list[Change]:
        """The lines of talk noted since the last call (none if more came than a stream holds)."""
        lines, self.lines, self.overflowed = self.lines, [], False
        return lines

    def close(self) -> None:
        self.closed = True
        self.wake.set()

    async def next(self, timeout: float) -> dict[str, set[str]] | None:
        """The games changed since the last call (with the parts changed), once there are some; none
        after ``timeout`` seconds without any; None once the stream is closed."""
        if not self.games and not self.closed:
            await _waited(self.wake, timeout)
        self.wake.clear()
        if self.closed:
            return None
        games, self.games = self.games, {}
        return games


async def _waited(event: asyncio.Event, timeout: float) -> None:
    """Waits until ``event`` is set, or ``timeout`` seconds."""
    with contextlib.suppress(TimeoutError):
        await asyncio.wait_for(event.wait(), timeout)


class TooMany(Exception):
    """A stream the site, the client or the session may not open now (too many open)."""


class Live:
    """The watcher of one site's live pages, and the versions of what each viewer may see."""

    def __init__(self, changes: Changes) -> None:
        self.changes = changes
        self.streams: set[Stream] = set()
        self.reading: Reading | None = None
        self.nonce = ""
        self.generation = 0
        self.masters: dict[str, int] = {}
        self.public: dict[str, int] = {}
        self.seats: dict[tuple[str, str], int] = {}
        self.asked = 0.0
        self.closing = False
        self.task: asyncio.Task[None] | None = None
        self.poke = asyncio.Event()
        self.starting = asyncio.Lock()
        self.loop: asyncio.AbstractEventLoop | None = None
        self.heartbeat = HEARTBEAT

    # --- the watcher ----------------------------------------------------------------------------

    async def running(self) -> bool:
        """Starts the watcher unless it runs (its first reading taken before this returns); False once
        the site is closing."""
        async with self.starting:
            if self.closing:
                return False
            if self.task is None or self.task.done():
                self.reading = await run_in_threadpool(self.changes.start, time.monotonic())
                self.nonce = secrets.token_hex(8)
                self.masters, self.public, self.seats = {}, {}, {}
                self.asked = time.monotonic()
                self.loop = asyncio.get_running_loop()
                self.poke = asyncio.Event()
                self.task = asyncio.create_task(self._watch())
            return True

    def _committed(self) -> None:
        """Called in the thread that committed: the watcher reads at once."""
        loop = self.loop
        if loop is not None and not loop.is_closed():
            with contextlib.suppress(RuntimeError):  # the loop closed meanwhile
                loop.call_soon_threadsafe(self.poke.set)

    async def _watch(self) -> None:
        stop = self.changes.on_commit(self._committed)
        try:
            while not self.closing:
                await _waited(self.poke, TICK)
                self.poke.clear()
                if not self.streams and time.monotonic() - self.asked > IDLE:
                    break
                await self._read()
                await asyncio.sleep(GATHER)  # the commits of this while, read together next
        finally:
            stop()
            self.reading = None

    async def _read(self) -> None:
        reading = self.reading
        if reading is None:
            return
        try:
            found = await run_in_threadpool(self.changes.since, reading, time.monotonic())
        except Exception as error:  # the database away for a moment: the next tick tries again
            LOG.warning("live pages could not read what changed", extra={"why": type(error).__name__})
            return
        if found:
            self._apply(found)

    def _apply(self, found: list[Change]) -> None:
        """Raises the versions of whoever ``found`` concerns and tells the streams that show it."""
        self.generation += 1
        now = self.generation
        for change in found:
            self.masters[change.game_id] = now
            for seat in change.audience:
                if seat == "*":
                    self.public[change.game_id] = now
                else:
                    self.seats[(change.game_id, seat)] = now
        by_game: dict[str, list[Change]] = {}
        for change in found:
            by_game.setdefault(change.game_id, []).append(change)
        for stream in self.streams:
            game = stream.viewer.game_id
            for game_id in by_game if game is None else (game,) if game in by_game else ():
                for change in by_game[game_id]:
                    if stream.viewer.sees(change):
                        heard = change if stream.viewer.seat is not None else None
                        stream.tell(game_id, stream.viewer.touched(change), heard)

    def close(self) -> None:
        """Ends every stream and the watcher: the site is shutting down."""
        self.closing = True
        for stream in list(self.streams):
            stream.close()
        self.poke.set()

    # --- streams ---------------------------------------------------------------------------------

    def open(self, viewer: Viewer, client: str, session: str) -> Stream:
        """A new stream for ``viewer`` (``TooMany`` past the limits)."""
        if (
            self.closing
            or len(self.streams) >= MOST_STREAMS
            or sum(s.client == client for s in self.streams) >= MOST_PER_CLIENT
            or sum(s.session == session for s in self.streams) >= MOST_PER_SESSION
        ):
            raise TooMany
        stream = Stream(viewer, client, session)
        self.streams.add(stream)
        return stream

    def drop(self, stream: Stream) -> None:
        """Forgets a stream that ended."""
        self.streams.discard(stream)

    # --- versions ------------------------------------------------------------------------------

    async def version(self, viewer: Viewer) -> str | None:
        """The version of what ``viewer`` may see of their game (None while the site is closing)."""
        if not await self.running() or viewer.game_id is None:
            return None
        self.asked = time.monotonic()
        game = viewer.game_id
        if viewer.seat is None:
            number = self.masters.get(game, 0)
        else:
            number = max(self.public.get(game, 0), self.seats.get((game, viewer.seat), 0))
        return f"{self.nonce}.{number}"


def live_of(request: Request) -> Live:
    """The watcher of the site ``request`` came to."""
    live: Live = request.app.state.live
    return live


async def page_tag(request: Request, session: Session, viewer: Viewer) -> str | None:
    """The ``ETag`` of the page ``request`` asks ``viewer``'s version of, for ``session``: a digest of the
    version, the address, the session and the languages it may be shown in; None when there is none
    (the site closing, a message to show once)."""
    version = await live_of(request).version(viewer)
    if version is None or session.flash:
        return None
    said = "\n".join(
        (
            version,
            request.url.path,
            request.url.query,
            session.role,
            session.csrf,
            session.holder,
            str(session.account),
            str(session.epoch),
            session.language,
            request.headers.get("accept-language", ""),
        )
    )
    return 'W/"' + hashlib.blake2b(said.encode("utf-8", "surrogatepass"), digest_size=12).hexdigest() + '"'


def unchanged(request: Request, tag: str | None) -> bool:
    """Whether ``request`` says it holds the page of ``tag`` already (``If-None-Match``)."""
    if tag is None:
        return False
    held = {part.strip() for part in request.headers.get("if-none-match", "").split(",")}
    return tag in held


def not_modified(tag: str | None) -> Response:
    """The answer to a page asked for again that has not changed: 304, nothing rendered."""
    return tagged(Response(status_code=304), tag)


def tagged(response: Response, tag: str | None) -> Response:
    """``response`` with its ``ETag`` (if it has one)."""
    if tag is not None:
        response.headers["ETag"] = tag
    return response
