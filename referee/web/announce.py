"""The game-master's "New campaign" form: a campaign announced from the dashboard as ``referee game
announce FILE`` announces one from a file.

The form's fields make the table the file would give (``form_campaign``), checked by the file's own
check (``campaign_file``): the preview shows either every problem beside the field it is about, the
form kept filled, or what will be created with the equivalent file's text (``campaign_toml``). The
campaign is announced through the application layer (``Signups.announce``, as the command line does),
audited as the web's and the signed-in account's, who is its game-master.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import quote

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import Response

from referee.app import (
    APPROVALS,
    DEALS,
    FORM_FIELDS,
    Account,
    Actor,
    CampaignFile,
    GameFileError,
    RefereeError,
    ScheduleChoice,
    campaign_file,
    campaign_toml,
    first_deadlines,
    form_campaign,
    schedule_choices,
)
from referee.games import KINDS, game_of
from referee.web.answers import field as form_field
from referee.web.answers import posted_form
from referee.web.pages import signed_in_master
from referee.web.sessions import Session, with_flash
from referee.web.shared import Site

MOST_FIELD = 100
"""The longest value a field of the form may hold (an id takes at most 63 characters)."""

LABELS: dict[str, str] = {
    "kind": "Which game",
    "id": "Campaign id",
    "seed": "Seed of the deal",
    "schedule": "Schedule",
    "language": "Language of the game",
    "opens": "Sign-up opens",
    "closes": "Sign-up closes",
    "seats": "Seats wanted",
    "minimum": "Fewest to start",
    "deal": "How characters are dealt",
    "accept": "Who puts a sign-up in line",
}
"""What the form calls each field (in English; ``words`` has them in Russian)."""

DEAL_NAMES = {"random": "at random (from the seed)", "order": "in sign-up order"}
APPROVAL_NAMES = {"auto": "the referee, once the address is confirmed", "master": "you, one by one"}
LANGUAGE_NAMES = {"en": "English", "ru": "Русский"}

_ABOUT = re.compile(r"^\[(?:game|signup)\] (?P<key>[a-z_]+)")

PROBLEMS: tuple[tuple[re.Pattern[str], str, str], ...] = tuple(
    (re.compile(pattern), key, sentence)
    for pattern, key, sentence in (
        (r"must be a date and time", "", "Write a date and time, such as 2026-12-10 20:00."),
        (r"closes must come after opens", "", "Sign-up must close after it opens."),
        (r"closes is missing", "", "Say when sign-up closes."),
        (
            r"must be a whole number from (?P<least>\d+) to (?P<most>\d+)",
            "minimum",
            "Write a whole number from {least} to {most}: no more than the seats wanted.",
        ),
        (
            r"must be a whole number from (?P<least>\d+) to (?P<most>\d+)",
            "",
            "Write a whole number from {least} to {most}.",
        ),
        (
            r"id must be",
            "",
            "Use 1 to 63 Latin letters, digits, “-” or “_”, beginning with a letter or a digit.",
        ),
        (r"seed must be", "", "Write a number or a word."),
        (r"exists already", "", "A game or campaign with this id exists already: choose another."),
        (r"control or invisible character", "", "Remove the invisible or control character."),
        (r"schedule: ", "", "This schedule cannot be used."),
        (r"must be one of", "", "Choose one of the values offered."),
    )
)  # fmt: skip
"""How the page says a problem of the file's check, by what the check says (the first that matches,
and is about the same field if it names one); a problem none matches is shown as the check says it."""


@dataclass(frozen=True)
class Problem:
    """One problem of the campaign: the field it is ``about`` ("" for the campaign as a whole), the
    sentence the page says (``t``'s key, with its ``values``) and what the file's check said."""

    about: str
    sentence: str
    said: str
    values: dict[str, str] = field(default_factory=dict)


def problem(said: str) -> Problem:
    """``said`` (one problem as the file's check or the announcement says it) as the page says it."""
    about = _ABOUT.match(said)
    key = about.group("key") if about and about.group("key") in FORM_FIELDS else ""
    if "exists already" in said:
        key = "id"
    for pattern, only, sentence in PROBLEMS:
        found = pattern.search(said)
        if found is not None and only in ("", key):
            return Problem(key, sentence, said, found.groupdict())
    return Problem(key, said, said)


def problems(error: Exception) -> list[Problem]:
    """Every problem ``error`` names (the file's check joins them with "; ", as does a schedule's
    list of those it knows: such a piece goes with the problem before it)."""
    pieces: list[str] = []
    for piece in str(error).split("; "):
        if pieces and not piece.startswith("["):
            pieces[-1] += f"; {piece}"
        else:
            pieces.append(piece)
    return [problem(piece) for piece in pieces]


def _values(posted: Any) -> dict[str, str]:
    """The form's fields as typed, trimmed."""
    return {name: form_field(posted, name, MOST_FIELD, line=True).strip() for name in FORM_FIELDS}


def _kinds(language: str, schedules: list[ScheduleChoice]) -> list[dict[str, Any]]:
    """Every game a campaign may be announced for: its name, how many it seats, its usual schedule and
    that schedule's time zone."""
    zones = {choice.name: choice.zone for choice in schedules}
    kinds = []
    for kind in KINDS:
        game = game_of(kind)
        usual = game.schedules.default
        kinds.append(
            {
                "kind": kind,
                "name": game.name(language),
                "least": game.seating.least,
                "most": game.seating.most,
                "schedule": usual,
                "zone": zones.get(usual, ""),
            }
        )
    return kinds


async def _page(
    request: Request,
    site: Site,
    session: Session,
    account: Account,
    values: dict[str, str],
    *,
    found: list[Problem] | None = None,
    preview: dict[str, Any] | None = None,
    status: int = 200,
) -> Response:
    language = site.language(request, session)
    schedules = await run_in_threadpool(schedule_choices, site.config.schedules)
    return await site.page(
        request, session, "new_campaign.html.j2", language=language, account=account, values=values,
        problems=found or [], preview=preview, kinds=_kinds(language, schedules), schedules=schedules,
        labels=LABELS, deals={key: DEAL_NAMES[key] for key in DEALS},
        approvals={key: APPROVAL_NAMES[key] for key in APPROVALS}, languages=LANGUAGE_NAMES,
        status=status, time_zone=preview["zone"] if preview else "",
    )  # fmt: skip


async def new_form(request: Request) -> Response:
    """The empty form (the signed-in account is the campaign's game-master)."""
    site, session, account = await signed_in_master(request)
    language = site.language(request, session)
    values = {
        **dict.fromkeys(FORM_FIELDS, ""),
        "kind": KINDS[0],
        "language": language,
        "deal": DEALS[0],
        "accept": APPROVALS[0],
    }
    return await _page(request, site, session, account, values)


@dataclass(frozen=True)
class Posted:
    """The form as posted: its fields as typed, the campaign file they stand for, and that file
    checked (None, with its ``problems``, when the check refused it)."""

    values: dict[str, str]
    raw: dict[str, Any]
    campaign: CampaignFile | None
    problems: list[Problem]


async def _checked(request: Request) -> tuple[Site, Session, Account, Posted]:
    """The form posted (its token checked) and the campaign it describes, or its problems."""
    site, session, account = await signed_in_master(request)
    values = _values(await posted_form(request, session))
    raw = form_campaign(values, account.email)
    try:
        campaign = await run_in_threadpool(campaign_file, raw, site.config.schedules)
    except GameFileError as error:
        return site, session, account, Posted(values, raw, None, problems(error))
    return site, session, account, Posted(values, raw, campaign, [])


async def preview(request: Request) -> Response:
    """What the form would create and the file it is equivalent to; or its problems, the form kept."""
    site, session, account, posted = await _checked(request)
    campaign = posted.campaign
    if campaign is None:
        return await _page(request, site, session, account, posted.values, found=posted.problems, status=400)
    deadlines = await run_in_threadpool(first_deadlines, campaign, site.config.schedules)
    language = site.language(request, session)
    shown = {
        "kind": campaign.kind,
        "game_name": game_of(campaign.kind).name(language),
        "id": campaign.id,
        "seats": campaign.seats,
        "minimum": campaign.minimum,
        "opens": campaign.opens.isoformat() if campaign.opens else "",
        "closes": campaign.closes.isoformat(),
        "language": LANGUAGE_NAMES.get(campaign.language, campaign.language),
        "schedule": campaign.schedule,
        "zone": campaign.zone,
        "deal": DEAL_NAMES[campaign.deal],
        "accept": APPROVAL_NAMES[campaign.approval],
        "deadlines": [moment.isoformat() for moment in deadlines],
        "master": campaign.master_email or "",
        "file": campaign_toml(posted.raw, campaign),
    }
    return await _page(request, site, session, account, posted.values, preview=shown)


async def create(request: Request) -> Response:
    """Announces the campaign, as the command line does, audited as the web's and the account's; then
    its sign-up page. A problem (an id taken among them) keeps the form, saying it."""
    site, session, account, posted = await _checked(request)
    if posted.campaign is None:
        return await _page(request, site, session, account, posted.values, found=posted.problems, status=400)
    actor = Actor("web", account.email)
    try:
        row = await run_in_threadpool(site.referee.signups.announce, posted.campaign, site.now(), actor)
    except RefereeError as error:
        found = [problem(str(error))]
        return await _page(request, site, session, account, posted.values, found=found, status=409)
    return site.redirect(f"/signups/{quote(row.id)}", with_flash(session, "The campaign is announced."))
