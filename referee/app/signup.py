"""Announced campaigns filled by sign-up, by mail and on the web, and started with the players in line.

``announce`` keeps a checked campaign file (``campaignfile``) as a campaign taking sign-ups: no game
exists yet, no seat is dealt, nothing is on the calendar. A sign-up (``JOIN`` by mail, the campaign's
page on the web) counts only once its address confirms it — a reply to the question mailed to that
address, or the link in it — so nobody can sign up someone else: a forged From gets the question, the
forger does not. ``LEAVE`` asks the same way before it withdraws a sign-up. A confirmed sign-up goes
in line (or, where the file says ``accept = "master"``, waits for the game-master); the first ``seats``
in line are the seats and the others the reserve, in order.

The game-master sees the line with each address's record across campaigns (``records``; never shown to
players), accepts, refuses, reorders, starts or cancels. The start (by the game-master, or by the
service at ``closes`` when at least ``minimum`` are in line) makes the game as ``referee game create``
makes it (``GameFile.create``: the same welcome letters), players given their seats as the file says
(shuffled from the game's seed, or in line order) and seated as the game seats them
(``GameKind.seating``); those left over stay the reserve. Below the minimum at ``closes`` everyone
in line and the game-master are told, and the game-master decides.

Every step is appended to the campaign's log (``signup_events``) in the transaction that takes it, with
the mail it writes (the outbox); the game-master's steps are also in the audit log.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from referee.app.audit import Actor
from referee.app.campaignfile import CampaignFile, stand_ins
from referee.app.confirmation import NO, YES, answer
from referee.app.credentials import new_token
from referee.app.errors import RefereeError
from referee.app.gamefile import game_file
from referee.app.operations import GameOperations
from referee.app.signup_mail import GAMES, JOIN, Asked, asked
from referee.core.moments import moment_text
from referee.core.rng import SeededStream
from referee.core.seats import fold_name, hidden_character
from referee.core.zones import reader_text, zone_of
from referee.games import game_of, rules_for
from referee.schedule.files import ScheduleFolders
from referee.store.clocks import as_utc
from referee.store.games import game_row
from referee.store.inbound import answered_since
from referee.store.models import CampaignRow, SignupRow
from referee.store.notices import write_notices
from referee.store.signups import (
    ACTIVE,
    OPEN,
    add_signup,
    append_step,
    campaign_row,
    campaign_rows,
    closing_rows,
    last_position,
    records_of,
    signup_by_token,
    signup_of,
    signup_rows,
    step_rows,
)
from referee.store.unit import Unit

SERVICE = Actor("service", "sign-up closing")
"""Who starts a campaign at its closing moment."""

ASK, NEWS, LIST, MASTER = "signup_ask", "signup_news", "signup_games", "signup_master"
"""The sign-up's letters: the question to confirm (joining or leaving), news of one's sign-up, the list of
open campaigns, and the game-master's notes. None belongs to a game: each says its own language."""

LETTERS = frozenset({ASK, NEWS, LIST, MASTER})

JOINING, LEAVING = "join-", "leave-"
"""What the token of a reply address confirming a sign-up, or a leave, starts with."""

ASK_AGAIN_AFTER = timedelta(hours=1)
"""A second JOIN for a sign-up still unconfirmed asks again only after this long (so that nobody can
fill someone's mailbox with questions by writing in their name)."""

LIST_AGAIN_AFTER = timedelta(minutes=10)
"""How often the list of campaigns is mailed to one address at most."""

LONGEST_NAME = 40


@dataclass(frozen=True)
class Taken:
    """What the sign-up made of a mail: the word it is kept under and the campaign it was about."""

    detail: str
    campaign: str | None = None


def _place(line: list[SignupRow], row: SignupRow) -> int:
    """``row``'s place in ``line`` (1 for the first), 0 if not in it."""
    return next((i for i, item in enumerate(line, 1) if item.id == row.id), 0)


class Signups:
    """Campaigns taking sign-ups, of ``games``' database; schedules are read from ``schedules``."""

    def __init__(self, games: GameOperations, schedules: ScheduleFolders | None = None) -> None:
        self.games = games
        self.database = games.database
        self.schedules = schedules

    # --- announcing and reading -----------------------------------------------------------------

    def announce(self, campaign: CampaignFile, now: datetime, actor: Actor) -> CampaignRow:
        """Keeps ``campaign`` as a campaign taking sign-ups (``RefereeError`` if its id is taken)."""

        def work(session: Unit) -> tuple[CampaignRow, str]:
            if campaign_row(session, campaign.id) is not None or game_row(session, campaign.id) is not None:
                raise RefereeError(f"a game or campaign called {campaign.id!r} exists already")
            row = CampaignRow(
                id=campaign.id,
                kind=campaign.kind,
                language=campaign.language,
                schedule=campaign.schedule,
                zone=campaign.zone,
                state=OPEN,
                opens_at=campaign.opens or now,
                closes_at=campaign.closes,
                seats=campaign.seats,
                minimum=campaign.minimum,
                deal=campaign.deal,
                approval=campaign.approval,
                file=_plain(campaign.game),
                master_email=campaign.master_email,
                created_at=now,
            )
            session.add(row)
            session.flush()
            detail = {
                "seats": campaign.seats,
                "minimum": campaign.minimum,
                "closes": campaign.closes.isoformat(),
            }
            append_step(session, row, "announced", detail, now)
            return row, f"announced {campaign.kind} campaign {campaign.id} for {campaign.seats} players"

        detail = {"kind": campaign.kind, "closes": campaign.closes.isoformat()}
        return self.games.audit.act(actor, campaign.id, "announce_campaign", detail, now, work)

    def campaign(self, campaign_id: str) -> CampaignRow:
        """The campaign ``campaign_id`` (``RefereeError`` if there is none)."""
        with self.database.reading() as session:
            row = campaign_row(session, campaign_id)
        if row is None:
            raise RefereeError(f"there is no campaign called {campaign_id!r}")
        return row

    def open_campaigns(self, now: datetime, language: str = "en") -> list[dict[str, Any]]:
        """The campaigns taking sign-ups at ``now``, soonest to close first, as a list shows them."""
        with self.database.reading() as session:
            return [
                self._shown(session, row, language)
                for row in campaign_rows(session, (OPEN,))
                if _taking(row, now)
            ]

    def campaigns(self) -> list[CampaignRow]:
        """Every campaign, soonest to close first."""
        with self.database.reading() as session:
            return campaign_rows(session)

    def _shown(self, session: Unit, row: CampaignRow, language: str) -> dict[str, Any]:
        line = signup_rows(session, row.id, ("in",))
        game = game_of(row.kind)
        return {
            "id": row.id,
            "kind": row.kind,
            "game_name": game.name(language),
            "summary": game.summary.get(language, game.summary["en"]),
            "language": row.language,
            "closes_text": _when(row, row.closes_at, language),
            "seats": row.seats,
            "minimum": row.minimum,
            "in_line": len(line),
            "free": max(0, row.seats - len(line)),
        }

    def shown(self, campaign_id: str, language: str) -> dict[str, Any]:
        """Campaign ``campaign_id`` as its public page shows it (``RefereeError`` if there is none)."""
        with self.database.reading() as session:
            row = campaign_row(session, campaign_id)
            if row is None:
                raise RefereeError(f"there is no campaign called {campaign_id!r}")
            return {**self._shown(session, row, language), "state": row.state}

    def line(self, campaign_id: str) -> list[dict[str, Any]]:
        """Every sign-up of ``campaign_id`` as the game-master sees it: in line first (seats, then the
        reserve), then the others; each with its address's record across campaigns."""
        with self.database.reading() as session:
            campaign = campaign_row(session, campaign_id)
            if campaign is None:
                raise RefereeError(f"there is no campaign called {campaign_id!r}")
            rows = signup_rows(session, campaign_id)
            records = records_of(session, {row.email for row in rows})
        order = {"seated": 0, "in": 0, "reserve": 0, "waiting": 1, "pending": 2}
        rows.sort(key=lambda row: (order.get(row.state, 4), row.position, row.id or 0))
        shown = []
        lined = 0
        for row in rows:
            place = ""
            if row.state in ("in", "seated", "reserve"):
                lined += 1
                seated = row.state == "seated" or (row.state == "in" and lined <= campaign.seats)
                place = "seat" if seated else "reserve"
            shown.append(
                {
                    "email": row.email,
                    "name": row.name,
                    "state": row.state,
                    "place": place,
                    "position": lined if place else None,
                    "seat": row.seat,
                    "language": row.language,
                    "zone": row.zone,
                    "record": records[row.email],
                }
            )
        return shown

    def log(self, campaign_id: str) -> list[tuple[int, str, dict[str, Any]]]:
        """The steps of ``campaign_id``: (number, kind, data), in order."""
        with self.database.reading() as session:
            return [(row.seq, row.kind, row.data) for row in step_rows(session, campaign_id)]

    # --- by mail ----------------------------------------------------------------------------------

    def by_mail(
        self, session: Unit, sender: str, token: str, text: str, now: datetime, answering: tuple[str, str]
    ) -> Taken | None:
        """Takes a mail to the plain address (``token`` ""), or to a reply address confirming a sign-up
        or a leave, if it is one for the sign-up; None otherwise. ``answering`` is the mail's
        Message-ID and subject, which the answer refers to."""
        sender = sender.lower()
        token = token.lower()
        if token.startswith((JOINING, LEAVING)):
            return self._reply(session, sender, token, text, now, answering[0])
        if token:
            return None
        said = asked(text)
        if said is None:
            return None
        if said.what == GAMES:
            if not answered_since(session, sender, now - LIST_AGAIN_AFTER, (LIST,)):
                campaigns = [
                    self._shown(session, row, said.language)
                    for row in campaign_rows(session, (OPEN,))
                    if _taking(row, now)
                ]
                _letter(
                    session,
                    LIST,
                    {"language": said.language, "campaigns": campaigns},
                    sender,
                    now,
                    answering[0],
                )
            return Taken("games")
        if not said.campaign:
            _letter(session, NEWS, {"state": "no_game", "language": said.language}, sender, now, answering[0])
            return Taken(f"{said.what}-no-game")
        campaign = campaign_row(session, said.campaign, locked=True)
        if campaign is None:
            data = {"state": "unknown", "language": said.language, "campaign": said.campaign[:64]}
            _letter(session, NEWS, data, sender, now, answering[0])
            return Taken(f"{said.what}-unknown-game")
        if said.what == JOIN:
            return Taken(self._join(session, campaign, sender, said, now, answering[0]), campaign.id)
        return Taken(self._leave(session, campaign, sender, said.language, now, answering[0]), campaign.id)

    def _join(
        self, session: Unit, campaign: CampaignRow, email: str, said: Asked, now: datetime, in_reply_to: str
    ) -> str:
        """Asks ``email`` to confirm its sign-up for ``campaign`` (or says why it cannot sign up)."""
        language = said.language
        base = _base(campaign, language)
        if not _taking(campaign, now):
            state = "not_open" if campaign.state == OPEN and now < as_utc(campaign.opens_at) else "closed"
            opens = _when(campaign, campaign.opens_at, language)
            _letter(session, NEWS, {**base, "state": state, "opens_text": opens}, email, now, in_reply_to)
            return f"join-{state.replace('_', '-')}"
        existing = signup_of(session, campaign.id, email)
        if existing is not None and existing.state != "pending":
            self._tell_place(session, campaign, existing, "already", now, in_reply_to)
            return "join-already"
        if existing is not None:  # unconfirmed: asked again, but not more than once in a while
            if now - as_utc(existing.asked_at) >= ASK_AGAIN_AFTER:
                existing.asked_at = now
                session.add(existing)
                _ask(session, campaign, existing, JOINING, now, in_reply_to)
            return "join-asked-again"
        problem = self._name_problem(session, campaign, said.name)
        if problem:
            data = {**base, "state": problem, "name": said.name[:LONGEST_NAME]}
            _letter(session, NEWS, data, email, now, in_reply_to)
            return f"join-{problem.replace('_', '-')}"
        row = add_signup(
            session,
            SignupRow(
                campaign_id=campaign.id,
                email=email,
                name=said.name.strip(),
                language=language,
                zone=said.zone,
                state="pending",
                token=new_token(),
                asked_at=now,
            ),
        )
        append_step(session, campaign, "asked", {"signup": row.id, "email": email, "name": row.name}, now)
        _ask(session, campaign, row, JOINING, now, in_reply_to)
        return "join-asked"

    def _name_problem(self, session: Unit, campaign: CampaignRow, name: str) -> str:
        """Why ``name`` cannot be a player's in ``campaign`` ("no_name", "bad_name", "name_taken"), or ""."""
        name = name.strip()
        if not name:
            return "no_name"
        if len(name) > LONGEST_NAME or hidden_character(name) or name.startswith(("#", "*")):
            return "bad_name"
        taken = {fold_name(row.name) for row in signup_rows(session, campaign.id, ACTIVE)}
        if fold_name(name) in taken:
            return "name_taken"
        players = stand_ins(campaign.kind, max(campaign.minimum, 1))
        players = [p for p in players if fold_name(p["name"]) != fold_name(name)][: len(players) - 1]
        extra = game_of(campaign.kind).seating.player(0, len(players) + 1)
        setup = {"id": campaign.id, "seed": 1, "language": campaign.language}
        setup |= {k: v for k, v in campaign.file.items() if k in rules_for(campaign.kind).setup_keys}
        try:
            rules_for(campaign.kind).start({**setup, "players": [{"name": name, **extra}, *players]})
        except ValueError:
            return "bad_name"
        return ""

    def _leave(
        self, session: Unit, campaign: CampaignRow, email: str, language: str, now: datetime, in_reply_to: str
    ) -> str:
        """Asks ``email`` to confirm it leaves ``campaign`` (or says why there is nothing to leave)."""
        row = signup_of(session, campaign.id, email)
        if row is None or campaign.state != OPEN:
            state = "not_signed" if row is None else "started"
            _letter(session, NEWS, {**_base(campaign, language), "state": state}, email, now, in_reply_to)
            return f"leave-{state.replace('_', '-')}"
        row.language = language
        session.add(row)
        _ask(session, campaign, row, LEAVING, now, in_reply_to)
        return "leave-asked"

    def _reply(
        self, session: Unit, sender: str, token: str, text: str, now: datetime, in_reply_to: str
    ) -> Taken | None:
        """A reply to a question: YES confirms the sign-up (or the leave), NO drops the question, anything
        else asks again. None when the token is no sign-up's, or the reply is not from its address."""
        leaving = token.startswith(LEAVING)
        row = signup_by_token(session, token.removeprefix(LEAVING if leaving else JOINING))
        if row is None or row.email != sender:
            return None
        campaign = campaign_row(session, row.campaign_id, locked=True)
        assert campaign is not None
        said = answer(text)
        if said == YES:
            done = (
                self._left(session, campaign, row, now, in_reply_to)
                if leaving
                else self._confirmed(session, campaign, row, now, in_reply_to)
            )
            return Taken(done, campaign.id)
        if said == NO:
            data = {
                **_base(campaign, row.language, row.zone),
                "state": "stays" if leaving else "dropped",
                "name": row.name,
            }
            if not leaving and row.state == "pending":  # never counted: the address's record is untouched
                row.state, row.ended_at = "disowned", now
                session.add(row)
                append_step(session, campaign, "disowned", {"signup": row.id}, now)
            _letter(session, NEWS, data, row.email, now, in_reply_to)
            return Taken("disowned" if not leaving else "leave-not-confirmed", campaign.id)
        _ask(session, campaign, row, LEAVING if leaving else JOINING, now, in_reply_to, unclear=True)
        return Taken("confirmation-unclear", campaign.id)

    def _confirmed(
        self, session: Unit, campaign: CampaignRow, row: SignupRow, now: datetime, in_reply_to: str
    ) -> str:
        """``row``'s address confirmed it: in line (or waiting for the game-master), and told its place."""
        if row.state != "pending":
            self._tell_place(session, campaign, row, "already", now, in_reply_to)
            return "join-already"
        if not _taking(campaign, now):
            row.state, row.ended_at = "lapsed", now
            session.add(row)
            _letter(
                session,
                NEWS,
                {**_base(campaign, row.language, row.zone), "state": "closed"},
                row.email,
                now,
                in_reply_to,
            )
            return "join-closed"
        row.confirmed_at = now
        if campaign.approval == "master":
            row.state = "waiting"
            session.add(row)
            append_step(session, campaign, "confirmed", {"signup": row.id, "waiting": True}, now)
            _letter(
                session,
                NEWS,
                {**_base(campaign, row.language, row.zone), "state": "waiting", "name": row.name},
                row.email,
                now,
                in_reply_to,
            )
            self._tell_master(session, campaign, "waiting", now, name=row.name, email=row.email)
            return "join-waiting"
        row.state, row.position = "in", last_position(session, campaign.id) + 1
        session.add(row)
        session.flush()
        append_step(session, campaign, "confirmed", {"signup": row.id, "position": row.position}, now)
        self._tell_place(session, campaign, row, "joined", now, in_reply_to)
        return "join-confirmed"

    def _left(
        self, session: Unit, campaign: CampaignRow, row: SignupRow, now: datetime, in_reply_to: str
    ) -> str:
        """``row`` leaves ``campaign`` before its start: told so, as is a reserve moved up to a seat."""
        if row.state not in ACTIVE or campaign.state != OPEN:
            state = "started" if campaign.state != OPEN else "not_signed"
            _letter(
                session,
                NEWS,
                {**_base(campaign, row.language, row.zone), "state": state},
                row.email,
                now,
                in_reply_to,
            )
            return f"leave-{state.replace('_', '-')}"
        seated = self._seated_ids(session, campaign)
        row.state, row.ended_at = "left", now
        session.add(row)
        session.flush()
        append_step(session, campaign, "left", {"signup": row.id}, now)
        _letter(
            session,
            NEWS,
            {**_base(campaign, row.language, row.zone), "state": "left", "name": row.name},
            row.email,
            now,
            in_reply_to,
        )
        self._tell_moved_up(session, campaign, seated, now)
        return "left"

    def _seated_ids(self, session: Unit, campaign: CampaignRow) -> set[int]:
        return {row.id or 0 for row in signup_rows(session, campaign.id, ("in",))[: campaign.seats]}

    def _tell_moved_up(
        self, session: Unit, campaign: CampaignRow, seated_before: set[int], now: datetime
    ) -> None:
        """Tells each sign-up that has a seat now and had none before."""
        for row in signup_rows(session, campaign.id, ("in",))[: campaign.seats]:
            if row.id not in seated_before:
                self._tell_place(session, campaign, row, "moved_up", now, "")

    def _tell_place(
        self,
        session: Unit,
        campaign: CampaignRow,
        row: SignupRow,
        state: str,
        now: datetime,
        in_reply_to: str,
    ) -> None:
        """Tells ``row`` where it stands: a seat, or which place in the reserve (or still waiting)."""
        line = signup_rows(session, campaign.id, ("in",))
        place = _place(line, row)
        data = {
            **_base(campaign, row.language, row.zone),
            "state": state,
            "name": row.name,
            "place": place,
            "seated": 0 < place <= campaign.seats,
            "reserve": max(0, place - campaign.seats),
            "waiting": row.state == "waiting",
            "pending": row.state == "pending",
        }
        _letter(session, NEWS, data, row.email, now, in_reply_to)

    def _tell_master(
        self, session: Unit, campaign: CampaignRow, state: str, now: datetime, **fields: Any
    ) -> None:
        if campaign.master_email:
            data = {**_base(campaign, campaign.language), "state": state, **fields}
            _letter(session, MASTER, data, campaign.master_email, now, "")

    # --- on the web -------------------------------------------------------------------------------

    def by_web(self, campaign_id: str, email: str, name: str, language: str, zone: str, now: datetime) -> str:
        """A sign-up from the campaign's page: as by mail, the question goes to ``email``, which must
        confirm it. Returns what the page says: "asked" (also when nothing was mailed, so the page
        tells nobody whether an address signed up), "closed", "no_name", "bad_name", "name_taken"."""
        said = Asked(JOIN, language if language in ("en", "ru") else "en", campaign_id, name, language, zone)
        with self.database.transaction() as session:
            campaign = campaign_row(session, campaign_id, locked=True)
            if campaign is None:
                raise RefereeError(f"there is no campaign called {campaign_id!r}")
            if not _taking(campaign, now):
                return "closed"
            if signup_of(session, campaign.id, email.lower()) is None:
                problem = self._name_problem(session, campaign, name)
                if problem:
                    return problem
            self._join(session, campaign, email.lower(), said, now, "")
        return "asked"

    def by_link(self, campaign_id: str, token: str, leaving: bool, now: datetime) -> str | None:
        """The link of a question followed and its button pressed: as a YES by mail. Returns what the
        sign-up came to (as the kept word of a mail), or None for a link that is no sign-up's."""
        with self.database.transaction() as session:
            row = signup_by_token(session, token.lower())
            if row is None or row.campaign_id != campaign_id:
                return None
            prefix = LEAVING if leaving else JOINING
            taken = self._reply(session, row.email, prefix + row.token, "yes", now, "")
        return taken.detail if taken else None

    def link_language(self, token: str) -> str:
        """The language of the sign-up a link's token belongs to ("" if none)."""
        with self.database.reading() as session:
            row = signup_by_token(session, token.lower())
        return row.language if row else ""

    # --- the game-master --------------------------------------------------------------------------

    def _master_act(
        self,
        campaign_id: str,
        action: str,
        detail: dict[str, Any],
        now: datetime,
        actor: Actor,
        work: Callable[[Unit, CampaignRow], tuple[Any, str]],
    ) -> Any:
        """Runs the game-master's ``work`` on the campaign, locked and still taking sign-ups, with its
        audit record in the same transaction."""

        def done(session: Unit) -> tuple[Any, str]:
            campaign = campaign_row(session, campaign_id, locked=True)
            if campaign is None:
                raise RefereeError(f"there is no campaign called {campaign_id!r}")
            if campaign.state != OPEN:
                raise RefereeError(f"campaign {campaign_id!r} has {campaign.state} already")
            return work(session, campaign)

        return self.games.audit.act(actor, campaign_id, action, detail, now, done)

    def _signup(self, session: Unit, campaign: CampaignRow, email: str) -> SignupRow:
        row = signup_of(session, campaign.id, email)
        if row is None or row.state == "pending":
            raise RefereeError(f"{email} has no confirmed sign-up for {campaign.id}")
        return row

    def accept(self, campaign_id: str, email: str, now: datetime, actor: Actor) -> int:
        """Puts a sign-up waiting for the game-master in line; its place."""

        def work(session: Unit, campaign: CampaignRow) -> tuple[int, str]:
            row = self._signup(session, campaign, email)
            if row.state != "waiting":
                raise RefereeError(f"{email} is in line already")
            row.state, row.position = "in", last_position(session, campaign.id) + 1
            session.add(row)
            session.flush()
            append_step(session, campaign, "accepted", {"signup": row.id, "position": row.position}, now)
            self._tell_place(session, campaign, row, "accepted", now, "")
            place = _place(signup_rows(session, campaign.id, ("in",)), row)
            return place, f"accepted {email}: place {place}"

        return int(self._master_act(campaign_id, "signup_accept", {"email": email}, now, actor, work))

    def refuse(self, campaign_id: str, email: str, now: datetime, actor: Actor) -> None:
        """Takes a sign-up out of the campaign; its address is told, and a reserve moved up too."""

        def work(session: Unit, campaign: CampaignRow) -> tuple[None, str]:
            row = signup_of(session, campaign.id, email)
            if row is None:
                raise RefereeError(f"{email} has not signed up for {campaign.id}")
            seated = self._seated_ids(session, campaign)
            row.state, row.ended_at = "refused", now
            session.add(row)
            session.flush()
            append_step(session, campaign, "refused", {"signup": row.id}, now)
            _letter(
                session,
                NEWS,
                {**_base(campaign, row.language, row.zone), "state": "refused", "name": row.name},
                row.email,
                now,
                "",
            )
            self._tell_moved_up(session, campaign, seated, now)
            return None, f"refused {email}"

        self._master_act(campaign_id, "signup_refuse", {"email": email}, now, actor, work)

    def reorder(self, campaign_id: str, email: str, place: int, now: datetime, actor: Actor) -> int:
        """Moves a sign-up in line to ``place`` (1 for the first); those whose seat it changes are told."""

        def work(session: Unit, campaign: CampaignRow) -> tuple[int, str]:
            row = self._signup(session, campaign, email)
            line = signup_rows(session, campaign.id, ("in",))
            if row.state != "in":
                raise RefereeError(f"{email} is not in line (accept the sign-up first)")
            if not 1 <= place <= len(line):
                raise RefereeError(f"the place must be from 1 to {len(line)}, not {place}")
            seated = {item.id for item in line[: campaign.seats]}
            line = [item for item in line if item.id != row.id]
            line.insert(place - 1, row)
            for number, item in enumerate(line, 1):
                item.position = number
                session.add(item)
            session.flush()
            append_step(session, campaign, "reordered", {"signup": row.id, "place": place}, now)
            for number, item in enumerate(line, 1):
                if (number <= campaign.seats) != (item.id in seated):
                    self._tell_place(
                        session,
                        campaign,
                        item,
                        "moved_up" if number <= campaign.seats else "moved_down",
                        now,
                        "",
                    )
            return place, f"moved {email} to place {place}"

        return int(
            self._master_act(
                campaign_id, "signup_reorder", {"email": email, "place": place}, now, actor, work
            )
        )

    def start(self, campaign_id: str, now: datetime, actor: Actor, *, anyway: bool = False) -> str:
        """Starts the campaign: the game made with the first ``seats`` in line, its welcome letters
        written; the reserve told. Below the minimum only ``anyway`` (and never below what the game
        takes). Returns the game's id."""

        def work(session: Unit, campaign: CampaignRow) -> tuple[str, str]:
            return self._start(session, campaign, now, actor, anyway=anyway)

        return str(self._master_act(campaign_id, "signup_start", {"anyway": anyway}, now, actor, work))

    def _start(
        self, session: Unit, campaign: CampaignRow, now: datetime, actor: Actor, *, anyway: bool
    ) -> tuple[str, str]:
        line = signup_rows(session, campaign.id, ("in",))
        seated, reserve = line[: campaign.seats], line[campaign.seats :]
        least = game_of(campaign.kind).seating.least
        if len(seated) < least or (len(seated) < campaign.minimum and not anyway):
            needed = least if anyway else campaign.minimum
            raise RefereeError(f"{len(seated)} in line; {campaign.id} needs at least {needed} to start")
        if campaign.deal == "random":
            seed = campaign.file.get("seed", campaign.id)
            seated = SeededStream(seed, "seating").shuffled(seated)
        seating = game_of(campaign.kind).seating
        players = [
            {"name": row.name, "email": row.email, **seating.player(i, len(seated))}
            for i, row in enumerate(seated)
        ]
        game = dict(campaign.file)
        game.setdefault("start", now)
        if isinstance(game["start"], str):
            game["start"] = datetime.fromisoformat(game["start"])
        made = game_file({"game": game, "players": players}, self.schedules)
        made.create(self.games, now, actor=actor, session=session)
        for row in seated:
            row.state, row.seat = "seated", row.name
            session.add(row)
        for row in reserve:
            row.state = "reserve"
            session.add(row)
        for row in signup_rows(session, campaign.id, ("pending", "waiting")):  # too late: never counted
            row.state, row.ended_at = "lapsed", now
            session.add(row)
        campaign.state, campaign.started_at = "started", now
        session.add(campaign)
        session.flush()
        append_step(
            session, campaign, "started",
            {"seats": [row.id for row in seated], "reserve": [row.id for row in reserve]}, now,
        )  # fmt: skip
        for number, row in enumerate(reserve, 1):
            data = {
                **_base(campaign, row.language, row.zone),
                "state": "reserve_at_start",
                "name": row.name,
                "reserve": number,
            }
            _letter(session, NEWS, data, row.email, now, "")
        return campaign.id, f"started {campaign.kind} game {campaign.id} with {len(seated)} players"

    def cancel(self, campaign_id: str, now: datetime, actor: Actor) -> None:
        """Gives the campaign up: everyone still signed up is told."""

        def work(session: Unit, campaign: CampaignRow) -> tuple[None, str]:
            for row in signup_rows(session, campaign.id, ("waiting", "in")):
                _letter(
                    session,
                    NEWS,
                    {**_base(campaign, row.language, row.zone), "state": "cancelled", "name": row.name},
                    row.email,
                    now,
                    "",
                )
            for row in signup_rows(session, campaign.id, ACTIVE):
                row.state, row.ended_at = "cancelled", now
                session.add(row)
            campaign.state = "cancelled"
            session.add(campaign)
            append_step(session, campaign, "cancelled", {}, now)
            return None, f"cancelled campaign {campaign.id}"

        self._master_act(campaign_id, "signup_cancel", {}, now, actor, work)

    # --- the calendar -----------------------------------------------------------------------------

    def close_due(self, now: datetime) -> list[tuple[str, str]]:
        """Looks at every campaign whose sign-up closed by ``now``: started if the minimum is in line,
        else everyone in line and the game-master are told. Returns (campaign, "started" | "short" |
        the reason it could not start)."""
        with self.database.reading() as session:
            due = [row.id for row in closing_rows(session, now)]
        done = []
        for campaign_id in due:
            try:
                done.append((campaign_id, self._close(campaign_id, now)))
            except (RefereeError, ValueError) as error:
                done.append((campaign_id, f"not started: {error}"))
        return done

    def _close(self, campaign_id: str, now: datetime) -> str:
        with self.database.transaction() as session:
            campaign = campaign_row(session, campaign_id, locked=True)
            if campaign is None or campaign.state != OPEN or campaign.closed_at is not None:
                return "done already"
            line = signup_rows(session, campaign.id, ("in",))
            if len(line) < campaign.minimum:
                campaign.closed_at = now
                append_step(
                    session, campaign, "short", {"in_line": len(line), "minimum": campaign.minimum}, now
                )
                for row in signup_rows(session, campaign.id, ("waiting", "in")):
                    data = {
                        **_base(campaign, row.language, row.zone),
                        "state": "short",
                        "name": row.name,
                        "count": len(line),
                    }
                    _letter(session, NEWS, data, row.email, now, "")
                self._tell_master(session, campaign, "short", now, count=len(line))
                session.add(campaign)
                return "short"
        try:
            self.games.audit.act(
                SERVICE,
                campaign_id,
                "signup_start",
                {"at_closing": True},
                now,
                self._closing_start(campaign_id, now),
            )
        except (RefereeError, ValueError):
            with self.database.transaction() as session:  # not looked at again; the game-master decides
                campaign = campaign_row(session, campaign_id, locked=True)
                assert campaign is not None
                campaign.closed_at = now
                session.add(campaign)
            raise
        return "started"

    def _closing_start(self, campaign_id: str, now: datetime) -> Any:
        def work(session: Unit) -> tuple[str, str]:
            campaign = campaign_row(session, campaign_id, locked=True)
            assert campaign is not None
            campaign.closed_at = now
            return self._start(session, campaign, now, SERVICE, anyway=False)

        return work


def _taking(campaign: CampaignRow, now: datetime) -> bool:
    """Whether ``campaign`` takes sign-ups at ``now``."""
    return campaign.state == OPEN and as_utc(campaign.opens_at) <= now < as_utc(campaign.closes_at)


def _when(campaign: CampaignRow, moment: datetime, language: str) -> str:
    """``moment`` as a reader of ``language`` is told it, in the campaign's time zone."""
    return moment_text(as_utc(moment), zone_of(campaign.zone), language)


def _base(campaign: CampaignRow, language: str, zone: str = "") -> dict[str, Any]:
    """What every letter about ``campaign`` says, in ``language``; the close also in the reader's time
    ``zone`` (a zone key) when they chose one whose clocks differ from the game's."""
    closes = _when(campaign, campaign.closes_at, language)
    if zone and (theirs := reader_text(as_utc(campaign.closes_at), zone_of(campaign.zone), zone, language)):
        closes = f"{closes}, {theirs}"
    return {
        "language": language,
        "campaign": campaign.id,
        "game_name": game_of(campaign.kind).name(language),
        "closes_text": closes,
        "seats": campaign.seats,
        "minimum": campaign.minimum,
    }


def _ask(
    session: Unit,
    campaign: CampaignRow,
    row: SignupRow,
    prefix: str,
    now: datetime,
    in_reply_to: str,
    *,
    unclear: bool = False,
) -> None:
    """Mails ``row``'s address the question whether it joins (``JOINING``) or leaves (``LEAVING``):
    its reply address and its link carry the sign-up's token, which only that address is shown."""
    leaving = prefix == LEAVING
    data = {
        **_base(campaign, row.language, row.zone),
        "state": ("leave" if leaving else "join") + ("_unclear" if unclear else ""),
        "name": row.name,
        "reply": prefix + row.token,
        "link_path": f"/signup/{campaign.id}/{'leave' if leaving else 'confirm'}/{row.token}",
    }
    _letter(session, ASK, data, row.email, now, in_reply_to)


def _letter(
    session: Unit, template: str, data: dict[str, Any], address: str, now: datetime, in_reply_to: str
) -> None:
    """Writes one sign-up letter to ``address`` (no game, no seat) into the outbox."""
    write_notices(
        session,
        [
            {
                "game_id": None,
                "phase": "",
                "recipient": "",
                "template": template,
                "data": data,
                "created_at": now,
                "address": address,
                "in_reply_to": in_reply_to,
                "subject": "",
            }
        ],
    )


def _plain(table: dict[str, Any]) -> dict[str, Any]:
    """``table`` as JSON keeps it: dates and times as ISO text."""
    return {key: value.isoformat() if isinstance(value, datetime) else value for key, value in table.items()}
