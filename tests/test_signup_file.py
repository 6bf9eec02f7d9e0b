"""Announced campaigns from a game file's [signup] table: announced in the sign-up state (no game, no seat,
nothing on the calendar), bad files refused naming the table and key, and every game kind seated as it
declares (``GameKind.seating``) when its campaign starts."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from cli_helpers import Referee as Command
from service_helpers import Site
from sqlmodel import Session, select

from referee.app import GameFileError
from referee.app.audit import COMMAND_LINE
from referee.app.campaignfile import campaign_file
from referee.config import PROJECT_ROOT
from referee.games import KINDS, game_of
from referee.store.models import ClockRow, NoticeRow, SeatRow, SignupRow

SCHEDULES = PROJECT_ROOT / "schedules"
T0 = datetime(2026, 12, 1, 9, 0, tzinfo=UTC)
CLOSES = datetime(2026, 12, 10, 20, 0)


def raw(game: dict[str, Any] | None = None, **signup: Any) -> dict[str, Any]:
    """A campaign file as read: Ten Sailors' castle-2 closing on 10 December, with ``signup`` over it."""
    return {
        "game": {"kind": "ten-sailors", "id": "castle-2", "seed": 7, **(game or {})},
        "signup": {"closes": CLOSES, "seats": 5, "minimum": 3, **signup},
    }


def test_a_campaign_file_is_read_with_its_closing_time_in_the_schedules_zone() -> None:
    campaign = campaign_file(raw(deal="order", accept="master"), SCHEDULES)

    assert (campaign.id, campaign.kind, campaign.seats, campaign.minimum) == ("castle-2", "ten-sailors", 5, 3)
    assert campaign.closes == datetime(2026, 12, 10, 17, 0, tzinfo=UTC)  # 20:00 in Moscow
    assert (campaign.deal, campaign.approval, campaign.zone) == ("order", "master", "Europe/Moscow")


@pytest.mark.parametrize(
    ("file", "named"),
    [
        ({"game": {"kind": "ten-sailors", "id": "c"}, "signup": {"seats": 5}}, "[signup] closes is missing"),
        (raw(closes="next friday"), "[signup] closes must be a date and time"),
        (raw(opens=CLOSES + timedelta(days=1)), "[signup] closes must come after opens"),
        (raw(seats=12), "[signup] seats must be a whole number from 3 to 9"),
        (raw(minimum=6), "[signup] minimum must be a whole number from 3 to 5"),
        (raw(minimum="five"), "[signup] minimum must be a whole number"),
        (raw(deal="alphabetical"), "[signup] deal must be one of 'random', 'order'"),
        (raw(accept="maybe"), "[signup] accept must be one of 'auto', 'master'"),
        (raw(colour="red"), "[signup] has unknown keys: colour"),
        (raw(language="fr"), "[signup] language must be one of en, ru"),
        (raw({"language": "ru"}, language="en"), "[signup] language is 'en' but [game] language is 'ru'"),
        (raw(schedule="no-such-schedule"), "[signup] schedule"),
        (raw({"id": "no spaces please"}), "[game] id must be"),
        (raw({"master_email": "not an address"}), "[game] master_email must be an address"),
        (raw({"kind": "chess"}), "[game] kind must be one of"),
        ({"game": {"kind": "ten-sailors", "id": "c"}}, "needs a [signup] table"),
        ({**raw(), "players": [{"name": "Anna", "email": "anna@example.org"}]}, "lists no [[players]]"),
    ],
)
def test_a_bad_campaign_file_is_refused_naming_the_table_and_key(file: dict[str, Any], named: str) -> None:
    with pytest.raises(GameFileError) as refused:
        campaign_file(file, SCHEDULES)

    assert named in str(refused.value)


def test_every_problem_of_a_file_is_named_at_once() -> None:
    with pytest.raises(GameFileError) as refused:
        campaign_file(raw(seats=1, deal="x", colour="red"), SCHEDULES)

    said = str(refused.value)
    assert "[signup] seats" in said and "[signup] deal" in said and "colour" in said


def test_referee_game_announce_creates_a_campaign_in_the_sign_up_state_with_no_game_seat_or_clock(
    tmp_path: Path, sqlite_url: str
) -> None:
    site = Site(tmp_path, sqlite_url)
    site.store()  # the database, made as `referee init` makes it
    (tmp_path / "castle.toml").write_text(
        '[game]\nkind = "ten-sailors"\nid = "castle-2"\nseed = 7\n\n'
        "[signup]\nopens = 2026-01-01T10:00:00\n"
        f"closes = {(datetime.now(UTC) + timedelta(days=9)):%Y-%m-%dT%H:%M:%S}\n"
        "seats = 5\nminimum = 3\n",
        encoding="utf-8",
    )
    command = Command(tmp_path)

    said = command("game", "announce", "castle.toml").stdout

    assert "announced ten-sailors campaign castle-2: 5 seats, at least 3 to start" in said
    assert "JOIN castle-2" in said
    store = site.store()
    assert store.signups.campaign("castle-2").state == "signup"
    assert store.games() == []
    with Session(store.database.engine) as session:
        assert session.exec(select(SeatRow)).all() == [] and session.exec(select(ClockRow)).all() == []
    assert [a.action for a in store.audit.actions("castle-2")] == ["announce_campaign"]
    assert command("game", "signups", "castle-2").stdout == ""
    assert "castle-2  ten-sailors  sign-up until" in command("game", "list").stdout
    again = command("game", "announce", "castle.toml", ok=False)
    assert "castle-2" in again.stderr and "exists already" in again.stderr


def test_a_file_with_a_bad_signup_table_announces_nothing_and_says_which_key(
    tmp_path: Path, sqlite_url: str
) -> None:
    site = Site(tmp_path, sqlite_url)
    site.store()
    (tmp_path / "bad.toml").write_text(
        '[game]\nkind = "museum-suspects"\nid = "museum-1"\n\n'
        "[signup]\ncloses = 2026-12-10T20:00:00\nseats = 7\n",
        encoding="utf-8",
    )

    refused = Command(tmp_path)("game", "announce", "bad.toml", ok=False)

    assert "no campaign was announced" in refused.stderr
    assert "[signup] seats must be a whole number from 2 to 4, not 7" in refused.stderr
    assert site.store().signups.campaigns() == []


def test_game_create_on_a_campaign_file_says_to_announce_it(tmp_path: Path, sqlite_url: str) -> None:
    Site(tmp_path, sqlite_url).store()
    (tmp_path / "c.toml").write_text(
        '[game]\nkind = "ten-sailors"\nid = "c"\n\n[signup]\ncloses = 2026-12-10T20:00:00\n', encoding="utf-8"
    )

    refused = Command(tmp_path)("game", "create", "c.toml", ok=False)

    assert "referee game announce" in refused.stderr


@pytest.mark.parametrize("kind", KINDS)
def test_every_game_kind_is_announced_and_started_with_as_many_players_as_it_declares(
    kind: str, tmp_path: Path, sqlite_url: str
) -> None:
    seating = game_of(kind).seating
    store = Site(tmp_path, sqlite_url).store()
    file = {"game": {"kind": kind, "id": "c1", "seed": 3}, "signup": {"closes": CLOSES, "deal": "order"}}
    store.signups.announce(campaign_file(file, tmp_path / "schedules"), T0, COMMAND_LINE)
    names = ["Anna", "Boris", "Clara", "Dmitri", "Eva", "Fyodor", "Galina", "Gleb", "Igor", "Kira"]
    for number, name in enumerate(names[: seating.most + 1]):
        email = f"{name.lower()}@example.org"
        store.signups.by_web("c1", email, name, "en", "", T0 + timedelta(minutes=number))
        with Session(store.database.engine) as session:
            token = session.exec(select(SignupRow.token).where(SignupRow.email == email)).one()
        assert store.signups.by_link("c1", token, False, T0 + timedelta(minutes=number, seconds=30))

    store.signups.start("c1", T0 + timedelta(hours=1), COMMAND_LINE)

    seated = [seat.name for seat in store.seats("c1")]
    assert seated == names[: seating.most]  # in line order; the last signed up stays in the reserve
    assert [item["state"] for item in store.signups.line("c1")][-1] == "reserve"
    extra = [seating.player(i, seating.most) for i in range(seating.most)]
    if any(extra):  # Ten Sailors: its host's character, dealt as the game seats it
        assert [bool(seat.host) for seat in store.seats("c1")] == [bool(e.get("host")) for e in extra]
    with Session(store.database.engine) as session:
        welcomed = {row.recipient for row in session.exec(select(NoticeRow).where(NoticeRow.game_id == "c1"))}
    assert set(seated) <= welcomed
