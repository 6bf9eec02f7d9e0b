"""The game-master's steps on a campaign's sign-up — accept, refuse, reorder, start, cancel — and its
close at ``closes``: each in one transaction with its audit record, its step in the campaign's log and
the mail it writes. The start makes the game through ``GameFile.create`` inside that transaction, so its
welcome letters are those of ``referee game create``.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import Any

from referee.app.audit import Actor
from referee.app.errors import RefereeError
from referee.app.gamefile import game_file
from referee.app.operations import GameOperations
from referee.app.signup_letters import (
    NEWS,
    letter_data,
    place_in,
    seated_ids,
    tell_master,
    tell_moved_up,
    tell_place,
    write_letter,
)
from referee.core.rng import SeededStream
from referee.games import game_of
from referee.schedule.files import ScheduleFolders
from referee.store.models import CampaignRow, SignupRow
from referee.store.signups import (
    ACTIVE,
    OPEN,
    append_step,
    campaign_row,
    closing_rows,
    last_position,
    signup_of,
    signup_rows,
)
from referee.store.unit import Unit

SERVICE = Actor("service", "sign-up closing")
"""Who starts a campaign at its closing moment."""


class SignupSteps:
    """The game-master's steps on the campaigns of ``games``' database; schedules read from ``schedules``."""

    def __init__(self, games: GameOperations, schedules: ScheduleFolders | None = None) -> None:
        self.games = games
        self.database = games.database
        self.schedules = schedules

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
            tell_place(session, campaign, row, "accepted", now, "")
            place = place_in(signup_rows(session, campaign.id, ("in",)), row)
            return place, f"accepted {email}: place {place}"

        return int(self._master_act(campaign_id, "signup_accept", {"email": email}, now, actor, work))

    def refuse(self, campaign_id: str, email: str, now: datetime, actor: Actor) -> None:
        """Takes a sign-up out of the campaign; its address is told, and a reserve moved up too."""

        def work(session: Unit, campaign: CampaignRow) -> tuple[None, str]:
            row = signup_of(session, campaign.id, email)
            if row is None:
                raise RefereeError(f"{email} has not signed up for {campaign.id}")
            seated = seated_ids(session, campaign)
            row.state, row.ended_at = "refused", now
            session.add(row)
            session.flush()
            append_step(session, campaign, "refused", {"signup": row.id}, now)
            write_letter(
                session,
                NEWS,
                {**letter_data(campaign, row.language, row.zone), "state": "refused", "name": row.name},
                row.email,
                now,
                "",
            )
            tell_moved_up(session, campaign, seated, now)
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
                    tell_place(
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
                **letter_data(campaign, row.language, row.zone),
                "state": "reserve_at_start",
                "name": row.name,
                "reserve": number,
            }
            write_letter(session, NEWS, data, row.email, now, "")
        return campaign.id, f"started {campaign.kind} game {campaign.id} with {len(seated)} players"

    def cancel(self, campaign_id: str, now: datetime, actor: Actor) -> None:
        """Gives the campaign up: everyone still signed up is told."""

        def work(session: Unit, campaign: CampaignRow) -> tuple[None, str]:
            for row in signup_rows(session, campaign.id, ("waiting", "in")):
                write_letter(
                    session,
                    NEWS,
                    {**letter_data(campaign, row.language, row.zone), "state": "cancelled", "name": row.name},
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
                        **letter_data(campaign, row.language, row.zone),
                        "state": "short",
                        "name": row.name,
                        "count": len(line),
                    }
                    write_letter(session, NEWS, data, row.email, now, "")
                tell_master(session, campaign, "short", now, count=len(line))
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
        except (RefereeError, ValueError) as error:
            with self.database.transaction() as session:  # not looked at again; the game-master decides
                campaign = campaign_row(session, campaign_id, locked=True)
                assert campaign is not None
                campaign.closed_at = now
                session.add(campaign)
                append_step(session, campaign, "not_started", {"why": str(error)[:500]}, now)
                tell_master(session, campaign, "not_started", now, why=str(error)[:500])
            raise
        return "started"

    def _closing_start(self, campaign_id: str, now: datetime) -> Any:
        def work(session: Unit) -> tuple[str, str]:
            campaign = campaign_row(session, campaign_id, locked=True)
            assert campaign is not None
            campaign.closed_at = now
            return self._start(session, campaign, now, SERVICE, anyway=False)

        return work
