"""A page's live stream: ``GET /live?path=<the page's address>``, Server-Sent Events.

The stream of a page answers whoever the page answers, checked the same way (a visitor 401, a page
not theirs 404): a game-master's campaigns or a game they may see, a player's own page or a room
they were in. It says ``changed`` with the ids of the page's parts to
fetch again, when something its viewer may see changed (``live``), and with them the lines of talk a
player's seat heard meanwhile (as their thread shows them, in the page's language ``?lang=``): nothing
else of the game travels on it. Before each message who asks is checked again (signed out, the seat passed to
someone else: the stream ends). A comment every ``HEARTBEAT`` seconds keeps proxies from closing an
idle stream; the streams end when the site shuts down. A session, a client address and the site
hold a bounded number of streams; past it, the page polls instead.
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator, Awaitable, Callable
from urllib.parse import unquote

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import PlainTextResponse, Response, StreamingResponse

from referee.app import Account, Change, NotYours, RefereeError
from referee.web.answers import refused, site_of
from referee.web.live import Live, Stream, TooMany, Viewer, live_of
from referee.web.pages import seen_game, signed_in_master
from referee.web.play import holding, signed_in_player
from referee.web.shared import Refused, Site

RETRY_MS = 3000
"""How long a browser waits before it opens a stream again that was cut."""

LONGEST_PATH = 4096
"""The longest page address a stream is asked for."""

Check = Callable[[str], Awaitable[bool | None]]
"""Whether a change of a game is told to the stream (None: its viewer may no longer see the page)."""

TOO_MANY = (
    "Too many live pages are open; this one will look for news now and then instead.\n"
    "Открыто слишком много страниц, обновляемых сами собой; эта будет проверять новости время от времени.\n"
)


def _parts(path: str) -> list[str]:
    """The parts of a page's address, decoded (``Refused`` 404 for one that is not a page's)."""
    if not path.startswith("/") or len(path) > LONGEST_PATH or not path.isprintable():
        raise refused(404, "not_found")
    return [unquote(part) for part in path.split("?")[0].split("/")[1:]]


async def _master(request: Request, site: Site, parts: list[str]) -> tuple[Viewer, Check]:
    """A game-master's live page: their campaigns or a game."""
    _, _, account = await signed_in_master(request)
    if parts == ["campaigns"]:
        viewer = Viewer(None)
    elif len(parts) == 2 and parts[0] == "games":
        await seen_game(site, account, parts[1])
        viewer = Viewer(parts[1])
    else:
        raise refused(404, "not_found")
    seen: dict[str, bool] = {}

    async def check(game_id: str) -> bool | None:
        now = await site.account(site.session(request))
        if now is None or now.id != account.id:
            return None
        if game_id not in seen:
            seen[game_id] = await _sees(site, now, game_id)
        return seen[game_id]

    return viewer, check


async def _sees(site: Site, account: Account, game_id: str) -> bool:
    try:
        await seen_game(site, account, game_id)
    except Refused:  # a game they may not see is one that does not exist
        return False
    return True


async def _player(request: Request, site: Site, parts: list[str]) -> tuple[Viewer, Check]:
    """A player's page: their own, or a room's thread they were in."""
    _, player = signed_in_player(site, request)
    if not (len(parts) == 3 or (len(parts) == 5 and parts[3] == "rooms")):
        raise refused(404, "not_found")
    game_id, seat = parts[1], parts[2]
    await holding(site, player, game_id, seat)
    if len(parts) == 5:
        try:
            await run_in_threadpool(site.referee.forum.thread, player, game_id, seat, parts[4])
        except (NotYours, RefereeError) as error:
            raise refused(404, "not_found") from error

    async def check(_game_id: str) -> bool | None:
        if site.session(request).player != player:
            return None
        return True if await run_in_threadpool(site.referee.forum.holds, player) else None

    return Viewer(game_id, seat), check


Line = Callable[[Change], dict[str, str]]
"""A line of talk (``Change.said``) as a page is handed it."""


def _changed(viewer: Viewer, parts: set[str], said: list[dict[str, str]]) -> str:
    """The message that tells a page which of its parts to fetch again (in the page's order; maybe none),
    with the lines of talk its seat heard meanwhile, if any (a page that shows their thread today adds
    them to it)."""
    told: dict[str, object] = {"parts": [part for part in viewer.parts if part in parts]}
    if said:
        told["said"] = said
    return f"event: changed\ndata: {json.dumps(told, ensure_ascii=False)}\n\n"


def _line(site: Site, language: str) -> Line:
    """How a line of talk is handed to a page in ``language`` (rendered once per event and language)."""

    def shown(change: Change) -> dict[str, str]:
        said = change.said or {}

        def render() -> dict[str, str]:
            html = site.fragment("_message.html.j2", kind=change.kind, language=language, e=said)
            return {"place": str(said.get("location", "")), "day": str(said.get("day", "")),
                    "key": str(said.get("key", "")), "html": html.strip()}  # fmt: skip

        line: dict[str, str] = site.lines.get((change.number, change.game_id, change.kind, language), render)
        return line

    return shown


async def _events(live: Live, stream: Stream, check: Check, line: Line) -> AsyncIterator[str]:
    """The stream's text: the retry delay, then ``changed`` events and heartbeats until it ends."""
    try:
        yield f"retry: {RETRY_MS}\n: live\n\n"
        while True:
            games = await stream.next(live.heartbeat)
            if games is None:
                return
            if not games:
                yield ": still here\n\n"
                continue
            told: set[str] = set()
            heard = stream.heard()
            for game_id in sorted(games):
                allowed = await check(game_id)
                if allowed is None:
                    return
                if allowed:
                    told |= games[game_id]
                else:
                    heard = [change for change in heard if change.game_id != game_id]
            if told or heard:
                yield _changed(stream.viewer, told, [line(change) for change in heard])
    finally:
        live.drop(stream)


async def live(request: Request) -> Response:
    """The stream of the page ``?path=`` for whoever asks, checked as the page checks them."""
    site = site_of(request)
    parts = _parts(request.query_params.get("path", ""))
    if parts[:1] == ["play"]:
        viewer, check = await _player(request, site, parts)
    else:
        viewer, check = await _master(request, site, parts)
    watcher = live_of(request)
    if not await watcher.running():
        return PlainTextResponse(TOO_MANY, status_code=503)
    try:
        stream = watcher.open(viewer, site.client(request), site.session(request).csrf)
    except TooMany:
        return PlainTextResponse(TOO_MANY, status_code=429)
    language = site.language(request, site.session(request), request.query_params.get("lang", ""))
    return StreamingResponse(
        _events(watcher, stream, check, _line(site, language)),
        media_type="text/event-stream",
        headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"},
    )
