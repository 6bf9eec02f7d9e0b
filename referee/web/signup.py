"""The sign-up's pages: the public list of campaigns open for sign-up, each campaign's sign-up form, the
page a question's link opens (one button confirms, so a mail scanner fetching the link does nothing),
and the game-master's view of a campaign's line with each address's record, and its steps.

A sign-up from the form counts only once the address typed confirms it (the referee mails it the
question); the page says the same whether or not that address had signed up before.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import quote

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import Response

from referee.app import Actor, RefereeError, is_address, refusal
from referee.web.answers import field, posted_form, refused, site_of
from referee.web.guard import MOST_EMAIL
from referee.web.pages import signed_in_master
from referee.web.sessions import with_flash

MOST_NAME = 40
MOST_ZONE = 60


async def open_list(request: Request) -> Response:
    """Every campaign taking sign-ups now, with a link to its form."""
    site = site_of(request)
    session = site.session(request)
    language = site.language(request, session)
    campaigns = await run_in_threadpool(site.referee.signups.open_campaigns, site.now(), language)
    return await site.page(request, session, "signup_list.html.j2", language=language, campaigns=campaigns)


async def _campaign(request: Request, language: str) -> dict[str, object]:
    site = site_of(request)
    try:
        return await run_in_threadpool(site.referee.signups.shown, request.path_params["game"], language)
    except RefereeError as error:
        raise refused(404, "not_found") from error


async def form(request: Request) -> Response:
    """A campaign's sign-up form (or why it takes none now)."""
    site = site_of(request)
    session = site.session(request)
    language = site.language(request, session)
    campaign = await _campaign(request, language)
    opened = await run_in_threadpool(site.referee.signups.open_campaigns, site.now(), language)
    taking = any(c["id"] == campaign["id"] for c in opened)
    return await site.page(
        request, session, "signup.html.j2", language=language, campaign=campaign, taking=taking, said=""
    )


async def sign_up(request: Request) -> Response:
    """The form sent: the question mailed to the address typed, which must confirm it."""
    site = site_of(request)
    session = site.session(request)
    posted = await posted_form(request, session)
    language = site.language(request, session)
    campaign = await _campaign(request, language)
    email = field(posted, "email", MOST_EMAIL, line=True).strip()
    name = field(posted, "name", MOST_NAME * 2, line=True).strip()
    chosen = field(posted, "language", 2, line=True).strip() or language
    zone = field(posted, "zone", MOST_ZONE, line=True).strip()
    if not is_address(email):
        said, status = "bad_address", 400
    else:
        address = site.client(request)
        if not site.links.admits(email, address):  # the same limits as sign-in links: no mail flood
            said, status = "too_many", 429
        else:
            site.links.asked(email, address)
            said = await run_in_threadpool(
                site.referee.signups.by_web, str(campaign["id"]), email, name, chosen, zone, site.now()
            )
            status = 200 if said == "asked" else 400
    return await site.page(
        request, session, "signup.html.j2", language=language, campaign=campaign, taking=said != "closed",
        said=said, status=status,
    )  # fmt: skip


async def link_form(request: Request) -> Response:
    """The page a question's link opens: one button confirms (or leaves)."""
    site = site_of(request)
    session = site.session(request)
    chosen = await run_in_threadpool(site.referee.signups.link_language, request.path_params["token"])
    language = site.language(request, session, chosen)
    campaign = await _campaign(request, language)
    leaving = request.path_params["what"] == "leave"
    return await site.page(
        request,
        session,
        "signup_link.html.j2",
        language=language,
        campaign=campaign,
        leaving=leaving,
        done="",
    )


async def use_link(request: Request) -> Response:
    site = site_of(request)
    session = site.session(request)
    await posted_form(request, session)
    token = request.path_params["token"]
    chosen = await run_in_threadpool(site.referee.signups.link_language, token)
    language = site.language(request, session, chosen)
    campaign = await _campaign(request, language)
    leaving = request.path_params["what"] == "leave"
    done = await run_in_threadpool(
        site.referee.signups.by_link, str(campaign["id"]), token, leaving, site.now()
    )
    return await site.page(
        request, session, "signup_link.html.j2", language=language, campaign=campaign, leaving=leaving,
        done=done or "unknown", status=200 if done else 404,
    )  # fmt: skip


async def line(request: Request) -> Response:
    """The game-master's view of a campaign: its sign-ups in line, each with its address's record."""
    site, session, account = await signed_in_master(request)
    campaign_id = request.path_params["game"]
    row = await run_in_threadpool(_campaign_row, request, campaign_id)
    if not (account.admin or (row.master_email or "").lower() == account.email):
        raise refused(404, "not_found")
    language = site.language(request, session, row.language)
    signups = await run_in_threadpool(site.referee.signups.line, campaign_id)
    campaign = await _campaign(request, language)
    return await site.page(
        request, session, "signups.html.j2", language=language, campaign=campaign, state=row.state,
        signups=signups,
    )  # fmt: skip


def _campaign_row(request: Request, campaign_id: str) -> Any:
    """The campaign's row, to see whose it is (``Refused`` 404 when there is none)."""
    try:
        return site_of(request).referee.signups.campaign(campaign_id)
    except RefereeError as error:
        raise refused(404, "not_found") from error


STEPS = ("accept", "refuse", "reorder", "start", "cancel")
"""What the game-master may do with a campaign's sign-up from its page."""


async def step(request: Request) -> Response:
    """One of the game-master's steps, audited as the web's and the account's."""
    site, session, account = await signed_in_master(request)
    campaign_id, name = request.path_params["game"], request.path_params["step"]
    if name not in STEPS:
        raise refused(404, "not_found")
    posted = await posted_form(request, session)
    row = await run_in_threadpool(_campaign_row, request, campaign_id)
    if not (account.admin or (row.master_email or "").lower() == account.email):
        raise refused(404, "not_found")
    back = f"/signups/{quote(campaign_id)}"
    if posted.get("confirm") != "yes":
        return site.redirect(back, with_flash(session, "Tick the confirm box first: nothing was done."))
    actor = Actor("web", account.email)
    signups = site.referee.signups
    email = field(posted, "email", MOST_EMAIL, line=True).strip()
    now = site.now()
    try:
        if name == "accept":
            await run_in_threadpool(signups.accept, campaign_id, email, now, actor)
        elif name == "refuse":
            await run_in_threadpool(signups.refuse, campaign_id, email, now, actor)
        elif name == "reorder":
            place = int(field(posted, "place", 4, line=True) or "0")
            await run_in_threadpool(signups.reorder, campaign_id, email, place, now, actor)
        elif name == "start":
            anyway = posted.get("anyway") == "yes"
            await run_in_threadpool(lambda: signups.start(campaign_id, now, actor, anyway=anyway))
            return site.redirect(f"/games/{quote(campaign_id)}", with_flash(session, "The game has started."))
        else:
            await run_in_threadpool(signups.cancel, campaign_id, now, actor)
    except (RefereeError, ValueError) as error:
        return site.redirect(
            back, with_flash(session, f"! {refusal(error, site.language(request, session))}")
        )
    return site.redirect(back, with_flash(session, "Done."))
