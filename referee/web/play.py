"""The players' pages: signing in by a mailed link, the player's own page, a thread per place, and
posting, orders and the choice of mail or web.

Every page under ``/play/<game>/<seat>`` answers only the player signed in as that seat of that game
while their address still holds it (``Forum``); anything else — another seat, another game, a place
never visited, a guessed id, a session outlived by a substitution — is answered exactly as a page that
does not exist. The sign-in page answers the same whether or not the address typed is a player's.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import quote

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import Response

from referee.app import MODES, Kept, NotYours, Player, RefereeError
from referee.web.answers import HIDDEN, field, player_answer, posted_form, refused, site_of
from referee.web.fragments import asked_parts, only_parts
from referee.web.guard import MOST_EMAIL
from referee.web.live import Viewer, not_modified, page_tag, tagged, unchanged
from referee.web.moments import moment
from referee.web.pages import query_number
from referee.web.sessions import Session, as_player, with_flash
from referee.web.shared import Site
from referee.web.words import LETTER_NAMES, MODE_NAMES


def _player(site: Site, request: Request) -> tuple[Session, Player]:
    """The session and the player it signs in (``Refused`` 401 for anyone else)."""
    session = site.session(request)
    player = session.player
    if player is None:
        raise refused(401, "sign_in_player")
    return session, player


signed_in_player = _player
"""The session and the player it signs in, for the other modules of pages."""


async def holding(site: Site, player: Player, game_id: str, seat: str) -> None:
    """``Refused`` 404 unless ``player`` holds ``seat`` of ``game_id`` now (as ``Forum`` checks it)."""
    if (player.game_id, player.seat) != (game_id, seat) or not await run_in_threadpool(
        site.referee.forum.holds, player
    ):
        raise refused(404, "not_found")


def _home(player: Player) -> str:
    return f"/play/{quote(player.game_id)}/{quote(player.seat)}"


async def sign_in_form(request: Request) -> Response:
    site = site_of(request)
    session = site.session(request)
    if session.player is not None and await run_in_threadpool(site.referee.forum.holds, session.player):
        return site.redirect(_home(session.player), session)
    language = site.language(request, session)
    return await site.page(request, session, "play_sign_in.html.j2", language=language, asked=False)


async def ask_for_link(request: Request) -> Response:
    """Mails a link to the address typed if it holds a seat; the answer is the same either way."""
    site = site_of(request)
    session = site.session(request)
    form = await posted_form(request, session)
    email = field(form, "email", MOST_EMAIL, line=True).strip()
    address = site.client(request)
    language = site.language(request, session)
    if not site.links.admits(email, address):
        return await site.page(
            request, session, "play_sign_in.html.j2", language=language, status=429, asked=True
        )
    site.links.asked(email, address)  # every request counts (its own limits: no game-master is shut out)
    if "@" in email:
        await run_in_threadpool(site.referee.forum.request_links, email, site.now())
    return await site.page(request, session, "play_sign_in.html.j2", language=language, asked=True)


async def link_form(request: Request) -> Response:
    """The page a mailed link opens: one button signs in (a mail scanner fetching the link uses nothing)."""
    site = site_of(request)
    session = site.session(request)
    game_id, token = request.path_params["game"], request.path_params["token"]
    game_language = await run_in_threadpool(site.referee.forum.link_language, game_id, token, site.now())
    language = site.language(request, session, game_language or "")
    return await site.page(request, session, "play_link.html.j2", language=language, game_id=game_id)


async def use_link(request: Request) -> Response:
    site = site_of(request)
    session = site.session(request)
    await posted_form(request, session)
    game_id, token = request.path_params["game"], request.path_params["token"]
    player = await run_in_threadpool(site.referee.forum.redeem, game_id, token, site.now())
    if player is None:
        language = site.language(request, session)
        return await site.page(
            request, session, "play_sign_in.html.j2", language=language, status=403, stale=True, asked=False
        )
    return site.redirect(_home(player), as_player(session, player))


WRITTEN = Kept(4096)
"""Players' letters as the referee wrote them, by game, notice and everything the text is made of: a
notice never changes once written, so each is rendered once, not at every opening of a page."""


def _letters(site: Site, page: dict[str, Any], items: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The player's mail as the referee wrote it, from the same templates (secrets hidden)."""
    game_id, kind, language, start = page["game_id"], page["kind"], page["language"], page["start"]
    address = site.config.mail.address
    shown = []
    for item in items:

        def write(item: dict[str, Any] = item) -> str | None:
            context = {
                **item["data"],
                "game_id": game_id,
                "referee_address": address,
                "start": start,
                "password": HIDDEN,
                "personal_address": HIDDEN,
                "forum_link": "",
            }
            try:
                return site.renderer.render(language, f"{item['template']}.txt.j2", kind=kind, **context)
            except Exception:  # a letter that cannot be written here is left out, not the page
                return None

        text = WRITTEN.get((id(site.renderer), game_id, item["id"], address, kind, language, start), write)
        if text is not None:
            shown.append({**item, "text": text})
    return shown


NOT_CLOSING = frozenset({"answer", "sign_in_link", "reminder"})
"""Letters that never tell how a game ended: answers to the player's own mail, links, reminders."""


def _closing(page: dict[str, Any]) -> dict[str, Any] | None:
    """The letter that told the player how the game ended: the closing news of a game that writes one
    to all, else the newest letter the referee wrote them of its own accord (the last report)."""
    public = [n for n in page["news"] if n["template"] == "game_over"]
    if public:
        return public[-1]
    own = [n for n in page.get("letters", []) if n["template"] not in NOT_CLOSING]
    return own[0] if own else None


LETTER_PARTS = frozenset({"news-now", "letters-now"})
"""The parts of a player's page that show the referee's letters (written out only where asked for)."""


async def _page_data(
    site: Site, player: Player, game_id: str, seat: str, parts: tuple[str, ...] | None = None
) -> dict[str, Any]:
    """What the player's page shows; the letters' text left out when only ``parts`` are asked for and
    none of them shows letters."""
    letters = parts is None or not LETTER_PARTS.isdisjoint(parts)

    def written(page: dict[str, Any], items: list[dict[str, Any]]) -> list[dict[str, Any]]:
        return _letters(site, page, items) if letters else [{**item, "text": ""} for item in items]

    def work() -> dict[str, Any]:
        page = site.referee.forum.page(player, game_id, seat, letters)
        page["news"] = written(page, page["news"])
        if page["alive"]:
            page["letters"] = written(page, page["letters"])
        if page["finished"]:
            page["closing"] = _closing(page)
        return page

    try:
        return await run_in_threadpool(work)
    except (NotYours, RefereeError) as error:
        raise refused(404, "not_found") from error


async def home(request: Request) -> Response:
    """The player's page; once shown, what was said until it was read is theirs (``Forum.read``): a
    player who plays both is not mailed it again."""
    site = site_of(request)
    session, player = _player(site, request)
    game_id, seat = request.path_params["game"], request.path_params["seat"]
    viewer = Viewer(game_id, seat)
    tag = await page_tag(request, session, viewer)
    if unchanged(request, tag):  # nothing new to read: not marked read either
        await holding(site, player, game_id, seat)
        return not_modified(tag)
    parts = asked_parts(request, viewer.parts)
    now = site.now()  # taken before reading: talk said while the page is read is mailed, not lost
    page = await _page_data(site, player, game_id, seat, parts)
    if page["chosen"]:  # a player who plays by mail alone has nothing to mark read
        await run_in_threadpool(site.referee.forum.read, player, game_id, seat, now)
    language = site.language(request, session, page["language"])
    shown = await site.page(
        request, session, "play.html.j2", kind=page["kind"], language=language, me=page, modes=MODES,
        letter_names=LETTER_NAMES, mode_names=MODE_NAMES, moment=moment, whole=parts is None,
        shows=lambda part: parts is None or part in parts,
    )  # fmt: skip
    return tagged(only_parts(shown, parts), tag)


async def thread(request: Request) -> Response:
    site = site_of(request)
    session, player = _player(site, request)
    game_id, seat, place = (request.path_params[k] for k in ("game", "seat", "place"))
    day = query_number(request, "day")
    viewer = Viewer(game_id, seat)
    tag = await page_tag(request, session, viewer)
    if unchanged(request, tag):
        await holding(site, player, game_id, seat)
        return not_modified(tag)
    parts = asked_parts(request, viewer.parts)
    now = site.now()
    page = await _page_data(site, player, game_id, seat, parts)
    try:
        found = await run_in_threadpool(site.referee.forum.thread, player, game_id, seat, place, day)
    except (NotYours, RefereeError) as error:
        raise refused(404, "not_found") from error
    if page["chosen"]:
        await run_in_threadpool(site.referee.forum.read, player, game_id, seat, now)
    language = site.language(request, session, page["language"])
    shown = await site.page(
        request, session, "play_thread.html.j2", kind=page["kind"], language=language, me=page, thread=found
    )
    return tagged(only_parts(shown, parts), tag)


async def act(request: Request) -> Response:
    """Talk or orders (the same as a mail), or the choice of mail or web."""
    site = site_of(request)
    session, player = _player(site, request)
    form = await posted_form(request, session)
    game_id, seat, action = (request.path_params[k] for k in ("game", "seat", "action"))
    forum = site.referee.forum
    back = f"/play/{quote(game_id)}/{quote(seat)}"
    if (player.game_id, player.seat) != (game_id, seat) or action not in (
        "say",
        "orders",
        "mode",
        "answers",
        "resign",
    ):
        raise refused(404, "not_found")
    try:
        if action == "resign":
            confirmed = form.get("confirm") == "yes"
            await run_in_threadpool(forum.resign, player, game_id, seat, confirmed, site.now())
            return site.redirect(
                "/play", with_flash(session, "You have left the game: someone else plays your character now.")
            )
        if action == "mode":
            mode = str(form.get("mode", ""))
            await run_in_threadpool(forum.choose, player, game_id, seat, mode, site.now())
            return site.redirect(back, with_flash(session, "Your choice is saved."))
        if action == "answers":
            choice = str(form.get("answers", ""))
            await run_in_threadpool(forum.choose_answers, player, game_id, seat, choice, site.now())
            return site.redirect(back, with_flash(session, "Your choice is saved."))
        text = str(form.get("text", ""))[:5000]
        limits = site.config.mail.limits  # the same bounds as a mail's text
        bounds = {"most_lines": limits.lines, "longest_line": limits.talk_chars}
        submitted = await run_in_threadpool(
            lambda: forum.submit(player, game_id, seat, text, site.now(), **bounds)
        )
    except NotYours as error:
        raise refused(404, "not_found") from error
    except RefereeError as error:
        return site.redirect(back, with_flash(session, f"! {error}"))
    row = submitted.loaded.row
    answer = player_answer(site, row, submitted.answer)
    language = site.language(request, session, row.language)
    place = str(form.get("place", ""))
    return await site.page(
        request, session, "play_answer.html.j2", kind=row.kind, language=language, game_id=game_id,
        seat=seat, answer=answer, back=back + (f"/rooms/{quote(place)}" if place else ""),
    )  # fmt: skip
