"""The web application: routes, the site's shared parts, and how a page is answered.

``build(config, referee)`` makes the Starlette application; ``Site`` (on ``app.state.site``) holds
what every page needs: the referee, the cookie signer, the sign-in and link limits and the templates.
Every request passes the guards first (``guard``): the client as trusted proxies say, bounded bodies,
security headers.
"""

from __future__ import annotations

import os
import secrets
from collections.abc import Awaitable, Callable
from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from jinja2 import Environment
from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import HTMLResponse, RedirectResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from referee.app import Referee
from referee.app.accounts import Account
from referee.config import Config
from referee.render import Renderer
from referee.web import metrics, pages, play
from referee.web.guard import Attempts, BodyLimit, ForwardedBy, LinkLimits, SecurityHeaders, SignInLimits
from referee.web.sessions import COOKIE, PLAYER, PLAYER_MAX_AGE, Cookies, Session, fresh
from referee.web.words import LANGUAGES, REASONS, kind_names, translator

STATIC = Path(__file__).with_name("static")
SECRET_ENVIRONMENT = "REFEREE_WEB_SECRET"

Clock = Callable[[], datetime]


class Refused(Exception):
    """A request answered with ``status`` and a sentence (``words``' key) and nothing done."""

    def __init__(self, status: int, why: str) -> None:
        super().__init__(why)
        self.status, self.why = status, why


class Site:
    """What every page of one web site shares."""

    def __init__(self, referee: Referee, config: Config, key: bytes, clock: Clock | None = None) -> None:
        self.referee = referee
        self.config = config
        self.base_url = config.web.base_url
        self.cookies = Cookies(key, secure=self.base_url.startswith("https://"))
        self.limits = SignInLimits()
        self.links = LinkLimits()
        self.signed_out = Attempts(1, PLAYER_MAX_AGE, most_keys=200_000)
        """Players' sessions signed out (by their form token), until they would have expired anyway."""
        self.renderer = Renderer(config.templates)
        self.now: Clock = clock or (lambda: datetime.now(UTC))

    def session(self, request: Request) -> Session:
        """The request's session, or a new visitor's one (also for a player's session signed out)."""
        session = self.cookies.load(request.cookies.get(COOKIE))
        if session is None or (session.role == PLAYER and self.signed_out.blocked(session.csrf)):
            return fresh(session.language if session else "")
        return session

    async def account(self, session: Session) -> Account | None:
        """The game-master signed in, if the session holds an account that still exists, has the same
        address and has not ended its sessions since (signing out, a new password)."""
        if not session.signed_in or session.account is None:
            return None
        account = await run_in_threadpool(self.referee.accounts.get, session.account)
        if account is None or account.epoch != session.epoch or account.email != session.holder:
            return None
        return account

    def client(self, request: Request) -> str:
        """The client's address (as trusted proxies tell it: ``guard.ForwardedBy``)."""
        return request.client.host if request.client else "?"

    def language(self, request: Request, session: Session, game_language: str = "") -> str:
        """The viewer's choice, else the game's language, else the browser's first wish, else English."""
        if session.language in LANGUAGES:
            return session.language
        if game_language in LANGUAGES:
            return game_language
        wished = request.headers.get("accept-language", "").split(",")[0].split("-")[0].strip().lower()
        return wished if wished in LANGUAGES else "en"

    def environment(self, kind: str) -> Environment:
        """The templates' environment of game ``kind`` (its filters and globals) or of none ("")."""
        return self.renderer.environment_for(kind)

    def page(
        self,
        request: Request,
        session: Session,
        name: str,
        *,
        kind: str = "",
        language: str = "en",
        status: int = 200,
        **context: Any,
    ) -> HTMLResponse:
        """The page ``templates/web/<name>`` for ``session``, its flash shown once, its cookie refreshed."""
        words = translator(language)
        template = self.environment(kind).get_template(f"web/{name}")
        html = template.render(
            {
                **context,
                "t": words,
                "language": language,
                "kind": kind,
                "csrf": session.csrf,
                "flash": session.flash,
                "path": request.url.path,
                "query": request.url.query,
                "signed_in": session.signed_in,
                "player": session.player,
                "reasons": REASONS,
                "kind_names": kind_names(),
            }
        )
        response = HTMLResponse(html, status_code=status)
        self.keep(response, replace(session, flash=""))
        return response

    def keep(self, response: Response, session: Session) -> Response:
        """Writes ``session`` into ``response``'s cookie."""
        response.set_cookie(COOKIE, self.cookies.dump(session), **self.cookies.options(session))
        return response

    def redirect(self, to: str, session: Session) -> Response:
        """A redirect (303: the next request is a GET) carrying ``session``."""
        return self.keep(RedirectResponse(to, status_code=303), session)


def local_path(target: str, default: str = "/") -> str:
    """``target`` if it is a path on this site, else ``default`` (no redirect leads elsewhere)."""
    parts = urlsplit(target)
    if (
        parts.scheme
        or parts.netloc
        or not target.startswith("/")
        or target.startswith("//")
        or "\\" in target
    ):
        return default
    return target


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
            return site.page(
                request, session, "refused.html.j2", language=language, status=refused.status, why=refused.why
            )

    return answered


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
        Route("/healthz", metrics.healthz),
        Route("/metrics", metrics.metrics),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]

    async def not_found(request: Request, error: Exception) -> Response:
        code = error.status_code if isinstance(error, HTTPException) else 500
        session = site.session(request)
        language = site.language(request, session)
        return site.page(request, session, "refused.html.j2", language=language, status=code, why="not_found")

    app = Starlette(
        routes=routes,
        middleware=[
            Middleware(ForwardedBy, trusted=config.web.trusted_proxies),
            Middleware(SecurityHeaders),
            Middleware(BodyLimit, max_body=config.web.max_body),
        ],
        exception_handlers={404: not_found, 405: not_found},
    )
    app.state.site = site
    app.state.referee = referee
    app.state.figures = metrics.Figures(referee)
    return app
