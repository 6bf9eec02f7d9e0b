"""The game-master's pages and actions.

Every page but ``/login`` needs a game-master signed in; every form carries the session's token
(CSRF) and every action a tick in its "confirm" box. A game the game-master may not see is answered
as one that does not exist. Actions go through the desk (``Referee.desk``) with the actor
``web``/the account's address, so the audit log records each one, refused ones too.
"""

from __future__ import annotations

from dataclasses import asdict, replace
from datetime import timedelta
from typing import Any
from urllib.parse import urlencode

from markupsafe import Markup
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import Response

from referee.app import MAX_PASSWORD, Account, Actor, NoSuchGame, RefereeError, refusal
from referee.web.answers import field, player_answer, posted_form, refused, site_of
from referee.web.guard import MOST_EMAIL
from referee.web.live import Viewer, not_modified, page_tag, tagged, unchanged
from referee.web.mail_lists import mail_lists
from referee.web.moments import moment
from referee.web.result import ending
from referee.web.retold import actor, channel, retold, title
from referee.web.sessions import DEVICE_COOKIE, PLAYER_MAX_AGE, Session, fresh, signed_in, with_flash
from referee.web.shared import Site, local_path
from referee.web.words import LANGUAGES, LETTER_NAMES

MOST_DIGITS = 9
"""The longest number a page's address may hold (``?at=N``)."""

AFTER_THE_END = frozenset({"rollback", "resend", "announce", "retry", "status"})
"""The actions a finished game's page still offers: reopening its last phase, the mail (sending again,
announcing, retrying) and its status; no phase is left to resolve, pause, shift or give orders in,
and no character to hand to a new player."""


async def _signed_in(request: Request) -> tuple[Site, Session, Account]:
    """The site, session and game-master of a page that needs one (``Refused`` otherwise: 401)."""
    site = site_of(request)
    session = site.session(request)
    account = await site.account(session)
    if account is None:
        raise refused(401, "sign_in")
    return site, session, account


signed_in_master = _signed_in
"""The site, session and game-master of a page that needs one, for the other modules of pages."""


def _number(request: Request, name: str) -> int | None:
    """The query parameter ``name`` as a number of at most ``MOST_DIGITS`` ASCII digits, None when it is
    absent or empty; anything else is refused (400) with a sentence saying so."""
    text = request.query_params.get(name, "")
    if not text:
        return None
    if not (text.isascii() and text.isdigit() and len(text) <= MOST_DIGITS):
        raise refused(400, "bad_query")
    return int(text)


query_number = _number
"""A query parameter as a number (``?day=N``), for the other modules of pages."""


async def home(request: Request) -> Response:
    site = site_of(request)
    session = site.session(request)
    target = "/campaigns" if await site.account(session) else "/login"
    return site.redirect(target, session)


async def login_form(request: Request) -> Response:
    site = site_of(request)
    session = site.session(request)
    if await site.account(session):
        return site.redirect("/campaigns", session)
    language = site.language(request, session)
    return await site.page(request, session, "login.html.j2", language=language, problem="")


async def login(request: Request) -> Response:
    """Signs a game-master in; a browser that did gets a known-browser cookie (``guard.SignInLimits``)."""
    site = site_of(request)
    session = site.session(request)
    form = await posted_form(request, session)
    email, password = field(form, "email", MOST_EMAIL, line=True), field(form, "password", MAX_PASSWORD)
    address = site.client(request)
    device = site.cookies.device_of(request.cookies.get(DEVICE_COOKIE), email)
    language = site.language(request, session)
    if not site.limits.admits(email, address, device):
        return await site.page(
            request, session, "login.html.j2", language=language, status=429, problem="too_many"
        )
    account = await run_in_threadpool(site.referee.accounts.check, email, password)
    if account is None:
        site.limits.failed(email, address, device)
        return await site.page(
            request, session, "login.html.j2", language=language, status=401, problem="wrong"
        )
    site.limits.succeeded(email, address, device)
    response = site.redirect("/campaigns", signed_in(session, account))
    if not device:
        response.set_cookie(
            DEVICE_COOKIE, site.cookies.device(account.email), **site.cookies.device_options()
        )
    return response


async def logout(request: Request) -> Response:
    """Signs out: every session of the game-master's account ends (copies of the cookie too); a
    player's session ends and is refused from then on."""
    site = site_of(request)
    session = site.session(request)
    await posted_form(request, session)
    account = await site.account(session)
    if account is not None:
        await run_in_threadpool(site.referee.accounts.sign_out, account.id)
    elif session.player is not None:
        site.signed_out.failed(session.csrf)  # remembered here, and by every process of the site:
        until = site.now() + timedelta(seconds=PLAYER_MAX_AGE)
        await run_in_threadpool(site.referee.forum.sign_out, session.player, until, site.now())
    return site.redirect("/play" if session.player else "/login", fresh(session.language))


async def language(request: Request) -> Response:
    """The viewer's choice of language, kept in the session; back to the page they were on."""
    site = site_of(request)
    session = site.session(request)
    form = await posted_form(request, session)
    chosen = str(form.get("language", ""))
    kept = replace(session, language=chosen if chosen in LANGUAGES else "", flash="")
    return site.redirect(local_path(field(form, "next", 2000, line=True)), kept)


FILTERS = ("state", "kind", "master", "search")
"""The campaigns page's filters, as its address carries them (``?state=running&kind=minuit&page=2``)."""

MOST_FILTERED = 200
"""The most characters of a filter the campaigns page reads (the rest is left out)."""


async def campaigns(request: Request) -> Response:
    """The games and announced campaigns the game-master may see, a page at a time, filtered by the
    address's query (a plain form: it works without a script); the links to the pages keep the filters."""
    site, session, account = await _signed_in(request)
    chosen = {name: request.query_params.get(name, "")[:MOST_FILTERED] for name in FILTERS}
    page = _number(request, "page") or 1
    listing = await run_in_threadpool(lambda: site.referee.dashboard.campaigns(account, **chosen, page=page))
    language = site.language(request, session)
    kept = {name: value for name, value in asdict(listing.wanted).items() if name in FILTERS and value}

    def page_link(number: int) -> str:
        return "/campaigns?" + urlencode({**kept, "page": number} if number > 1 else kept)

    return await site.page(
        request, session, "campaigns.html.j2", language=language, account=account, listing=listing,
        games=listing.lines, now=site.now(), page_link=page_link, filtered=bool(kept),
    )  # fmt: skip


async def _game_row(site: Site, account: Account, game_id: str) -> Any:
    try:
        return await run_in_threadpool(site.referee.dashboard.game_row, account, game_id)
    except NoSuchGame as error:
        raise refused(404, "not_found") from error


seen_game = _game_row
"""The game a game-master may see (``Refused`` 404 otherwise), for the other modules of pages."""


async def game(request: Request) -> Response:
    site, session, account = await _signed_in(request)
    game_id = request.path_params["game"]
    at, day = _number(request, "at"), _number(request, "day")
    await _game_row(site, account, game_id)
    tag = await page_tag(request, session, Viewer(game_id))
    if unchanged(request, tag):
        return not_modified(tag)
    data = await run_in_threadpool(lambda: site.referee.dashboard.game(account, game_id, at=at, day=day))
    row = data["row"]
    language = site.language(request, session, row.language)
    registry = list(site.referee.desk.actions)
    data["actions"] = [
        {
            "at": a.at,
            "ok": a.ok,
            "actor": actor(a.actor, language),
            "channel": channel(a.channel, language),
            "action": title(registry, a.action, language),
            "result": retold(registry, a.action, a.result, a.ok, language, row.kind),
        }
        for a in data["actions"]
    ]
    actions = site.referee.desk.actions.on("web")
    end = None
    if row.finished:
        actions = [a for a in actions if a.name in AFTER_THE_END]
        state = await run_in_threadpool(lambda: site.referee.load(game_id).state)
        end = ending(site.renderer, row.kind, data["view"], state, language)
    data["timeline_html"] = await run_in_threadpool(lambda: _timeline_html(site, row.kind, language, data))
    page = await site.page(
        request, session, "game.html.j2", kind=row.kind, language=language, account=account, game=data,
        actions=actions, ending=end, letter_names=LETTER_NAMES, moment=moment,
        mail_list=mail_lists(site, row.kind, language, data["zone"]),
    )  # fmt: skip
    return tagged(page, tag)


def _timeline_html(site: Site, kind: str, language: str, game: dict[str, Any]) -> Markup:
    """The timeline of the day ``game`` shows, rendered once for as long as its phases stand as they are
    (``Dashboard.game``'s ``timeline_key``), whoever asks for it again in the same language and zone."""
    key = (game["timeline_key"], game["page"], tuple(game["days"]), language, str(game["zone"]), kind)

    def render() -> Markup:
        html = site.fragment("_timeline.html.j2", kind=kind, language=language, game=game, moment=moment)
        return Markup(html.rstrip("\n"))

    kept: Markup = site.timelines.get(key, render)
    return kept


async def see_as(request: Request) -> Response:
    site, session, account = await _signed_in(request)
    game_id, seat = request.path_params["game"], request.path_params["seat"]
    at = _number(request, "at")
    row = await _game_row(site, account, game_id)
    try:
        view = await run_in_threadpool(lambda: site.referee.dashboard.see_as(account, game_id, seat, at=at))
        phases = await run_in_threadpool(site.referee.dashboard.phases, account, game_id)
    except RefereeError as error:
        raise refused(404, "not_found") from error
    language = site.language(request, session, row.language)
    return await site.page(
        request,
        session,
        "see_as.html.j2",
        kind=row.kind,
        language=language,
        game_id=game_id,
        seat=seat,
        view=view,
        at=at,
        phases=phases,
    )


async def preview(request: Request) -> Response:
    """What resolving now would do, with a button to do it (the preview is the confirmation)."""
    site, session, account = await _signed_in(request)
    form = await posted_form(request, session)
    game_id = request.path_params["game"]
    row = await _game_row(site, account, game_id)
    language = site.language(request, session, row.language)

    def work() -> dict[str, Any]:
        resolved = site.referee.preview(game_id, site.now())
        rules = resolved.loaded.rules
        letters: dict[str, int] = {}
        for notice in resolved.notices:
            letters[notice.template] = letters.get(notice.template, 0) + len(notice.audience)
        return {
            "phase": resolved.phase,
            "events": [
                {"kind": event.kind, "data": event.data, "text": rules.describe(event)}
                for event in resolved.events
            ],
            "letters": letters,
        }

    try:
        outcome = await run_in_threadpool(work)
    except RefereeError as error:
        return site.redirect(f"/games/{game_id}", with_flash(session, str(error)))
    del form
    return await site.page(
        request,
        session,
        "preview.html.j2",
        kind=row.kind,
        language=language,
        game_id=game_id,
        outcome=outcome,
    )


async def act(request: Request) -> Response:
    """Carries out one of the registry's actions the web offers (``ACTIONS.on("web")``): its fields
    read by the action's own reader, a tick in "confirm" first if it asks for one, its outcome shown
    in the viewer's language."""
    site, session, account = await _signed_in(request)
    action = next(
        (a for a in site.referee.desk.actions.on("web") if a.name == request.path_params["action"]), None
    )
    if action is None:
        raise refused(404, "not_found")
    form = await posted_form(request, session)
    game_id = request.path_params["game"]
    row = await _game_row(site, account, game_id)
    back = f"/games/{game_id}"
    language = site.language(request, session, row.language)
    if action.confirm and form.get("confirm") != "yes":
        return site.redirect(back, with_flash(session, "Tick the confirm box first: nothing was done."))
    actor = Actor("web", account.email)
    roles = frozenset({"admin" if account.admin else "master"})  # as it may see the game (``may_see``)
    fields = {key: str(value) for key, value in form.items() if isinstance(value, str)}
    try:
        values = action.read_fields(fields)
        acted = await run_in_threadpool(
            site.referee.desk.perform, action.name, game_id, values, site.now(), actor, None, roles
        )
    except (RefereeError, ValueError) as error:
        return site.redirect(back, with_flash(session, f"! {refusal(error, language)}"))
    if action.name == "orders":  # the answer the player would have had, in full
        answer = player_answer(site, row, acted.value.answer)
        return await site.page(
            request, session, "answer.html.j2", kind=row.kind, language=language, game_id=game_id,
            seat=values["seat"], answer=answer,
        )  # fmt: skip
    return site.redirect(back, with_flash(session, action.sentence(acted.outcome, language, row.kind)))
