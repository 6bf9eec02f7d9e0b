"""The web application: its routes, and how a page is answered.

``build(config, referee)`` makes the Starlette application; ``Site`` (``shared``, on ``app.state.site``)
holds what every page needs: the referee, the cookie signer, the sign-in and link limits and the templates.
Every request passes the guards first (``guard``): the client as trusted proxies say, bounded bodies,
security headers.
"""

from __future__ import annotations

import os
import secrets
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.types import Scope

from referee.app import Referee
from referee.config import Config
from referee.web import announce, metrics, pages, play, signup, stream
from referee.web.guard import BodyLimit, ForwardedBy, SecurityHeaders
from referee.web.live import Live
from referee.web.shared import Clock, Refused, Site
from referee.web.timing import ServerTiming

STATIC = Path(__file__).with_name("static")
STATIC_MAX_AGE = 600
"""Seconds a browser keeps the site's style and script before it asks again (by their ETag: a 304)."""
SECRET_ENVIRONMENT = "REFEREE_WEB_SECRET"


def site_key(config: Config, env: dict[str, str] | None = None) -> bytes:
    """The key that signs sessions: ``$REFEREE_WEB_SECRET``, else the ``[web] secret_file`` (made with
    a new random key, readable by its owner only, if it does not exist yet)."""
    environ = os.environ if env is None else env
    if environ.get(SECRET_ENVIRONMENT):
        return environ[SECRET_ENVIRONMENT].encode()
    path = config.web.secret_file or config.path.with_name("referee-web.key")
    if not path.exists():
        descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(descriptor, "w", encoding="ascii") as file:
            file.write(secrets.token_urlsafe(48))
    return path.read_text(encoding="ascii").strip().encode()


Endpoint = Callable[[Request], Awaitable[Response]]

MOST_PATH_PART = 1024
"""The longest part of a path the site reads (a sign-in link's token is a few hundred characters)."""


def _plain(part: Any) -> bool:
    return isinstance(part, str) and len(part) <= MOST_PATH_PART and part.isprintable()


def _answering(endpoint: Endpoint) -> Endpoint:
    """``endpoint`` with ``Refused`` answered as a page saying why, in the viewer's language; a path
    whose parts are longer than ``MOST_PATH_PART`` or hold a control character is answered as a page
    that does not exist (no database is asked about it)."""

    async def answered(request: Request) -> Response:
        try:
            if not all(_plain(part) for part in request.path_params.values()):
                raise Refused(404, "not_found")
            return await endpoint(request)
        except Refused as refused:
            site: Site = request.app.state.site
            session = site.session(request)
            language = site.language(request, session)
            return await site.page(
                request, session, "refused.html.j2", language=language, status=refused.status, why=refused.why
            )

    return answered


def _either(endpoint: Endpoint) -> Endpoint:
    """``endpoint`` for a sign-up link's page (``confirm`` or ``leave``); any other is not a page."""

    async def checked(request: Request) -> Response:
        if request.path_params["what"] not in ("confirm", "leave"):
            raise Refused(404, "not_found")
        return await endpoint(request)

    return checked


class _Kept(StaticFiles):
    """The site's own files, kept by browsers and caches for ``STATIC_MAX_AGE`` seconds, then asked for
    again with their ETag (answered 304 while unchanged)."""

    async def get_response(self, path: str, scope: Scope) -> Response:
        response = await super().get_response(path, scope)
        if response.status_code in (200, 304):
            response.headers["Cache-Control"] = f"public, max-age={STATIC_MAX_AGE}"
        return response


def build(
    config: Config, referee: Referee, *, key: bytes | None = None, clock: Clock | None = None
) -> Starlette:
    """The web application of ``referee``, configured by ``config``."""
    site = Site(referee, config, key if key is not None else site_key(config), clock)
    referee.accounts.prepare()  # before the first sign-in, which must take as long as any other
    routes = [
        Route("/", _answering(pages.home)),
        Route("/login", _answering(pages.login_form), methods=["GET"]),
        Route("/login", _answering(pages.login), methods=["POST"]),
        Route("/logout", _answering(pages.logout), methods=["POST"]),
        Route("/language", _answering(pages.language), methods=["POST"]),
        Route("/campaigns", _answering(pages.campaigns)),
        Route("/campaigns/new", _answering(announce.new_form), methods=["GET"]),
        Route("/campaigns/new", _answering(announce.create), methods=["POST"]),
        Route("/campaigns/new/preview", _answering(announce.preview), methods=["POST"]),
        Route("/games/{game}", _answering(pages.game)),
        Route("/games/{game}/see/{seat}", _answering(pages.see_as)),
        Route("/games/{game}/preview", _answering(pages.preview), methods=["POST"]),
        Route("/games/{game}/{action}", _answering(pages.act), methods=["POST"]),
        Route("/play", _answering(play.sign_in_form), methods=["GET"]),
        Route("/play", _answering(play.ask_for_link), methods=["POST"]),
        Route("/join/{game}/{token}", _answering(play.link_form), methods=["GET"]),
        Route("/join/{game}/{token}", _answering(play.use_link), methods=["POST"]),
        Route("/play/{game}/{seat}", _answering(play.home), methods=["GET"]),
        Route("/play/{game}/{seat}/rooms/{place}", _answering(play.thread), methods=["GET"]),
        Route("/play/{game}/{seat}/{action}", _answering(play.act), methods=["POST"]),
        Route("/signup", _answering(signup.open_list), methods=["GET"]),
        Route("/signup/{game}", _answering(signup.form), methods=["GET"]),
        Route("/signup/{game}", _answering(signup.sign_up), methods=["POST"]),
        Route("/signup/{game}/{what:str}/{token}", _answering(_either(signup.link_form)), methods=["GET"]),
        Route("/signup/{game}/{what:str}/{token}", _answering(_either(signup.use_link)), methods=["POST"]),
        Route("/signups/{game}", _answering(signup.line), methods=["GET"]),
        Route("/signups/{game}/{step}", _answering(signup.step), methods=["POST"]),
        Route("/live", _answering(stream.live), methods=["GET"]),
        Route("/healthz", metrics.healthz),
        Route("/metrics", metrics.metrics),
        Mount("/static", _Kept(directory=STATIC), name="static"),
    ]

    async def not_found(request: Request, error: Exception) -> Response:
        code = error.status_code if isinstance(error, HTTPException) else 500
        session = site.session(request)
        language = site.language(request, session)
        return await site.page(
            request, session, "refused.html.j2", language=language, status=code, why="not_found"
        )

    app = Starlette(
        routes=routes,
        middleware=[
            Middleware(ServerTiming),
            Middleware(ForwardedBy, trusted=config.web.trusted_proxies),
            Middleware(SecurityHeaders),
            Middleware(BodyLimit, max_body=config.web.max_body),
        ],
        exception_handlers={404: not_found, 405: not_found},
    )
    app.state.site = site
    app.state.referee = referee
    app.state.live = Live(referee.changes)
    app.state.figures = metrics.Figures(referee)
    return app
