"""Announced campaigns filled by sign-up, by mail and on the web, and started with the players in line.

``announce`` keeps a checked campaign file (``campaignfile``) as a campaign taking sign-ups: no game
exists yet, no seat is dealt, nothing is on the calendar. A sign-up (``JOIN`` by mail, the campaign's
page on the web) counts only once its address confirms it — a reply to the question mailed to that
address, or the link in it — so nobody can sign up someone else: a forged From gets the question, the
forger does not. ``LEAVE`` asks the same way before it withdraws a sign-up. A confirmed sign-up goes
in line (or, where the file says ``accept = "master"``, waits for the game-master); the first ``seats``
in line are the seats and the others the reserve, in order.

The game-master sees the line with each address's record across campaigns and games
(``referee.app.reliability``; never shown to players), accepts, refuses, reorders, starts or cancels.
The start (by the game-master, or by the service at ``closes`` when at least ``minimum`` are in
line) makes the game as ``referee game create`` makes it (``GameFile.create``: the same welcome
letters), players given their seats as the file says (shuffled from the game's seed, or in line order)
and seated as the game seats them (``GameKind.seating``); those left over stay the reserve. Below the
minimum at ``closes`` everyone in line and the game-master are told, and the game-master decides.

Every step is appended to the campaign's log (``signup_events``) in the transaction that takes it, with
the mail it writes (the outbox); the game-master's steps are also in the audit log.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from referee.app.audit import Actor
from referee.app.campaignfile import CampaignFile, stand_ins
from referee.app.confirmation import NO, YES, answer
from referee.app.credentials import new_token
from referee.app.errors import RefereeError
from referee.app.reliability import shown_records
from referee.app.signup_letters import (
    JOINING,
    LEAVING,
    LIST,
    NEWS,
    ask_address,
    letter_data,
    plain,
    seated_ids,
    shown_when,
    taking,
    tell_master,
    tell_moved_up,
    tell_place,
    write_letter,
)
from referee.app.signup_mail import GAMES, JOIN, Asked, asked
from referee.app.signup_master import SignupSteps
from referee.core.seats import fold_name, hidden_character
from referee.games import game_of, rules_for
from referee.store.clocks import as_utc
from referee.store.games import game_row
from referee.store.inbound import answered_since
from referee.store.models import CampaignRow, SignupRow
from referee.store.signups import (
    ACTIVE,
    OPEN,
    add_signup,
    append_step,
    campaign_row,
    campaign_rows,
    last_position,
    signup_by_token,
    signup_of,
    signup_rows,
    step_rows,
)
from referee.store.unit import Unit

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


class Signups(SignupSteps):
    """Campaigns taking sign-ups, of ``games``' database (schedules read from ``schedules``): announced,
    read, joined and left by mail and on the web; the game-master's steps are ``SignupSteps``'."""

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
                file=plain(campaign.game),
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
                if taking(row, now)
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
            "closes_text": shown_when(row, row.closes_at, language),
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
            records = shown_records(session, {row.email for row in rows})
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
                    if taking(row, now)
                ]
                write_letter(
                    session,
                    LIST,
                    {"language": said.language, "campaigns": campaigns},
                    sender,
                    now,
                    answering[0],
                )
            return Taken("games")
        if not said.campaign:
            data = {"state": "no_game", "language": said.language}
            write_letter(session, NEWS, data, sender, now, answering[0])
            return Taken(f"{said.what}-no-game")
        campaign = campaign_row(session, said.campaign, locked=True)
        if campaign is None:
            data = {"state": "unknown", "language": said.language, "campaign": said.campaign[:64]}
            write_letter(session, NEWS, data, sender, now, answering[0])
            return Taken(f"{said.what}-unknown-game")
        if said.what == JOIN:
            return Taken(self._join(session, campaign, sender, said, now, answering[0]), campaign.id)
        return Taken(self._leave(session, campaign, sender, said.language, now, answering[0]), campaign.id)

    def _join(
        self, session: Unit, campaign: CampaignRow, email: str, said: Asked, now: datetime, in_reply_to: str
    ) -> str:
        """Asks ``email`` to confirm its sign-up for ``campaign`` (or says why it cannot sign up)."""
        language = said.language
        base = letter_data(campaign, language)
        if not taking(campaign, now):
            state = "not_open" if campaign.state == OPEN and now < as_utc(campaign.opens_at) else "closed"
            opens = shown_when(campaign, campaign.opens_at, language)
            data = {**base, "state": state, "opens_text": opens}
            write_letter(session, NEWS, data, email, now, in_reply_to)
            return f"join-{state.replace('_', '-')}"
        existing = signup_of(session, campaign.id, email)
        if existing is not None and existing.state != "pending":
            tell_place(session, campaign, existing, "already", now, in_reply_to)
            return "join-already"
        if existing is not None:  # unconfirmed: asked again, but not more than once in a while
            if now - as_utc(existing.asked_at) >= ASK_AGAIN_AFTER:
                existing.asked_at = now
                session.add(existing)
                ask_address(session, campaign, existing, JOINING, now, in_reply_to)
            return "join-asked-again"
        problem = self._name_problem(session, campaign, said.name)
        if problem:
            data = {**base, "state": problem, "name": said.name[:LONGEST_NAME]}
            write_letter(session, NEWS, data, email, now, in_reply_to)
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
        ask_address(session, campaign, row, JOINING, now, in_reply_to)
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
            data = {**letter_data(campaign, language), "state": state}
            write_letter(session, NEWS, data, email, now, in_reply_to)
            return f"leave-{state.replace('_', '-')}"
        asked_at = row.leave_asked_at
        if asked_at is not None and now - as_utc(asked_at) < ASK_AGAIN_AFTER:
            return "leave-asked-again"  # a burst of LEAVE in someone's name mails them one question
        row.leave_asked_at = now
        session.add(row)
        ask_address(session, campaign, row, LEAVING, now, in_reply_to, language=language)
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
                **letter_data(campaign, row.language, row.zone),
                "state": "stays" if leaving else "dropped",
                "name": row.name,
            }
            if not leaving and row.state == "pending":  # never counted: the address's record is untouched
                row.state, row.ended_at = "disowned", now
                session.add(row)
                append_step(session, campaign, "disowned", {"signup": row.id}, now)
            write_letter(session, NEWS, data, row.email, now, in_reply_to)
            return Taken("disowned" if not leaving else "leave-not-confirmed", campaign.id)
        ask_address(session, campaign, row, LEAVING if leaving else JOINING, now, in_reply_to, unclear=True)
        return Taken("confirmation-unclear", campaign.id)

    def _confirmed(
        self, session: Unit, campaign: CampaignRow, row: SignupRow, now: datetime, in_reply_to: str
    ) -> str:
        """``row``'s address confirmed it: in line (or waiting for the game-master), and told its place."""
        if row.state != "pending":
            tell_place(session, campaign, row, "already", now, in_reply_to)
            return "join-already"
        if not taking(campaign, now):
            row.state, row.ended_at = "lapsed", now
            session.add(row)
            write_letter(
                session,
                NEWS,
                {**letter_data(campaign, row.language, row.zone), "state": "closed"},
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
            write_letter(
                session,
                NEWS,
                {**letter_data(campaign, row.language, row.zone), "state": "waiting", "name": row.name},
                row.email,
                now,
                in_reply_to,
            )
            tell_master(session, campaign, "waiting", now, name=row.name, email=row.email)
            return "join-waiting"
        row.state, row.position = "in", last_position(session, campaign.id) + 1
        session.add(row)
        session.flush()
        append_step(session, campaign, "confirmed", {"signup": row.id, "position": row.position}, now)
        tell_place(session, campaign, row, "joined", now, in_reply_to)
        return "join-confirmed"

    def _left(
        self, session: Unit, campaign: CampaignRow, row: SignupRow, now: datetime, in_reply_to: str
    ) -> str:
        """``row`` leaves ``campaign`` before its start: told so, as is a reserve moved up to a seat."""
        if row.state not in ACTIVE or campaign.state != OPEN:
            state = "started" if campaign.state != OPEN else "not_signed"
            write_letter(
                session,
                NEWS,
                {**letter_data(campaign, row.language, row.zone), "state": state},
                row.email,
                now,
                in_reply_to,
            )
            return f"leave-{state.replace('_', '-')}"
        seated = seated_ids(session, campaign)
        row.state, row.ended_at = "left", now
        session.add(row)
        session.flush()
        append_step(session, campaign, "left", {"signup": row.id}, now)
        write_letter(
            session,
            NEWS,
            {**letter_data(campaign, row.language, row.zone), "state": "left", "name": row.name},
            row.email,
            now,
            in_reply_to,
        )
        tell_moved_up(session, campaign, seated, now)
        return "left"

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
            if not taking(campaign, now):
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
