"""What every page of one web site shares: the ``Site`` (on ``app.state.site``: the referee, the cookie
signer, the sign-in and link limits, the templates), a request ``Refused`` with a reason, and the paths a
redirect may lead to. The pages (``pages``, ``play``) and the application (``site``) all build on it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from datetime import UTC, datetime
from typing import Any
from urllib.parse import urlsplit

from jinja2 import Environment
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import HTMLResponse, RedirectResponse, Response

from referee.app import Account, Kept, Referee
from referee.config import Config
from referee.render import Renderer
from referee.web.guard import Attempts, LinkLimits, SignInLimits
from referee.web.sessions import COOKIE, PLAYER, PLAYER_MAX_AGE, Cookies, Session, fresh
from referee.web.words import LANGUAGES, REASONS, kind_names, translator

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
        self.limits = SignInLimits.shared(config.web.processes)
        self.links = LinkLimits.shared(config.web.processes)
        self.signed_out = Attempts(1, PLAYER_MAX_AGE, most_keys=200_000)
        """Players' sessions signed out (by their form token), until they would have expired anyway."""
        self.renderer = Renderer(config.templates)
        self.now: Clock = clock or (lambda: datetime.now(UTC))
        self.lines = Kept(2048)
        """Lines of talk as the threads show them, by event, game and language: each rendered once for
        all the open pages of those who heard it (``referee.web.stream``)."""
        self.timelines = Kept(64)
        """The game pages' timelines lately rendered, by what they show and in which language and time
        zone (``referee.web.pages``): of this site's database alone."""

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

    async def page(
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
        """The page ``templates/web/<name>`` for ``session``, its flash shown once, its cookie refreshed
        (``whole``, unless the context says otherwise: the page is rendered whole, not only its live
        parts). Rendered off the event loop: a template reads what the page shows (a player's notebook
        is worked out as it is read), and the loop serves the other requests and streams meanwhile."""
        return await run_in_threadpool(
            self._page, request, session, name, kind=kind, language=language, status=status, **context
        )

    def _page(
        self,
        request: Request,
        session: Session,
        name: str,
        *,
        kind: str,
        language: str,
        status: int,
        **context: Any,
    ) -> HTMLResponse:
        words = translator(language)
        template = self.environment(kind).get_template(f"web/{name}")
        html = template.render(
            {
                "whole": True,
                "shows": _every_part,
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

    def fragment(self, name: str, *, kind: str, language: str, **context: Any) -> str:
        """A piece of a page (``web/<name>``) rendered alone in ``language`` for game ``kind``, with no
        request nor session behind it: the same for whoever is shown it."""
        template = self.environment(kind).get_template(f"web/{name}")
        return template.render({**context, "t": translator(language), "language": language, "kind": kind})

    def keep(self, response: Response, session: Session) -> Response:
        """Writes ``session`` into ``response``'s cookie."""
        response.set_cookie(COOKIE, self.cookies.dump(session), **self.cookies.options(session))
        return response

    def redirect(self, to: str, session: Session) -> Response:
        """A redirect (303: the next request is a GET) carrying ``session``."""
        return self.keep(RedirectResponse(to, status_code=303), session)


def _every_part(part: str) -> bool:
    """Whether a page shows its live part ``part``: a page rendered whole shows every one (a page asked
    for some of its parts alone is given ``shows`` that says which)."""
    return True


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
