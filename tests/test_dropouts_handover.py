"""A seat handed over (issue 38, item 3): to the first reserve of the campaign, mid-night in Ten Sailors,
who gets a catch-up letter holding exactly the character's view (TS-21: the dead's cards and nothing of
anyone else's hand), while the old address stops working and the other players are told the character
changed hands, never who took it; or to the stand-in bot, which then plays the seat to the end.

The campaign is filled, started and played through the real mail path (``ingest``, a Maildir out)."""

from __future__ import annotations

from datetime import timedelta
from email.message import EmailMessage
from pathlib import Path

import pytest
from cli_helpers import run_referee
from service_helpers import Site
from sqlmodel import Session, col, select
from test_signup_mail import ANNA, BORIS, GLEB, GM, VERA, Post, reply_to, text, to

from referee.app import RefereeError
from referee.app.audit import COMMAND_LINE, Actor
from referee.store.models import NoticeRow
from referee.store.seats import holders

pytestmark = pytest.mark.sqlite_only
"""On SQLite alone but where marked (``both_engines``): the store's own tests hold PostgreSQL."""

GAME = "castle-2"


@pytest.fixture
def post(tmp_path: Path, database_url: str) -> Post:
    made = Post(Site(tmp_path, database_url))
    made.announce()
    for sender, name in ((ANNA, "Anna"), (BORIS, "Boris"), (VERA, "Vera"), (GLEB, "Gleb")):
        made.join(sender, name)
    made.store.signups.start(GAME, made.now, COMMAND_LINE)
    made.delivered()  # the welcome letters
    return made


def orders(post: Post, name: str, words: str) -> str:
    """``words`` from the seat ``name``'s holder to its personal address; the intake's outcome."""
    seat = post.store.seat(GAME, name)
    return post.send(words, sender=seat.email, to=f"referee+{seat.token}@example.org").text


def catch_up_data(post: Post) -> dict[str, object]:
    with Session(post.store.database.engine) as session:
        row = session.exec(
            select(NoticeRow).where(NoticeRow.template == "catch_up").order_by(col(NoticeRow.id).desc())
        ).first()
        assert row is not None
        return row.data


def test_ts_a_reserve_takes_a_seat_over_mid_night_with_exactly_what_the_character_knows(post: Post) -> None:
    assert orders(post, "Anna", "go to the kitchen").startswith("accepted")
    orders(post, "Boris", "say Anna, where were you?")
    loaded = post.store.operations.load(GAME)
    assert loaded.row.phase.endswith("n")  # still the night

    post.now += timedelta(seconds=5)
    post.store.desk.perform("replace", GAME, {"seat": "Anna", "reserve": True}, post.now, Actor("cli", "gm"))

    seat = post.store.seat(GAME, "Anna")
    assert seat.email == GLEB
    after = post.store.operations.load(GAME)
    expected = after.rules.player_view(after.state, "Anna", post.store.operations.seen_by(GAME, "Anna"))
    data = catch_up_data(post)
    assert data["view"] == expected  # the same view every door reads, and nothing more
    assert data["view"]["orders"]  # her search stands

    mails = post.delivered()
    to_gleb = [m for m in mails if to(m) == GLEB]
    subjects = [str(m["Subject"]) for m in to_gleb]
    assert any("Welcome" in s for s in subjects) and any("what the character knows" in s for s in subjects)
    letter = text(next(m for m in to_gleb if "what the character knows" in str(m["Subject"])))
    hand = expected["hand"]
    assert "You now play Anna" in letter
    assert "Boris" in letter and "where were you?" in letter  # what she heard
    assert "move to the Kitchen" in letter  # her order in force
    assert reply_to(next(m for m in to_gleb if "what the character knows" in str(m["Subject"]))) == (
        f"referee+{seat.token}@example.org"
    )
    assert hand and all(isinstance(card, str) for card in hand)
    for address in (BORIS, VERA):
        said = " ".join(text(m) for m in mails if to(m) == address)
        assert "Anna is now played by someone else" in said
        assert "Gleb" not in said and GLEB not in said

    old = post.send("search the kitchen", sender=ANNA, to=f"referee+{seat.token}@example.org")
    assert not old.text.startswith("accepted")  # the old address is no longer the seat's
    assert orders(post, "Anna", "search the kitchen").startswith("accepted")  # the new holder's is

    with Session(post.store.database.engine) as session:
        held = [(h.email, h.until is None) for h in holders(session, GAME) if h.seat == "Anna"]
    assert held == [(ANNA, False), (GLEB, True)]
    assert [s["state"] for s in post.store.signups.line(GAME) if s["email"] == GLEB] == ["seated"]
    (action,) = [a for a in post.store.audit.actions(GAME) if a.action == "replace"]
    assert action.ok and action.detail == {"seat": "Anna", "by": "reserve"}
    kinds = [e.kind for e in post.store.operations.log(GAME)]
    assert kinds.count("seat_changed_hands") == 1


def test_the_game_master_replaces_by_mail_and_with_no_reserve_left_is_told_to_use_the_bot(post: Post) -> None:
    master = post.store.operations.master(GAME)
    assert master is not None
    post.send("REPLACE Boris RESERVE", sender=GM, to=f"referee+{master.token}@example.org")
    said = " ".join(text(m) for m in post.delivered() if to(m) == GM)
    assert "Boris is now played by the first reserve, gleb@example.org" in said

    post.send("ПЕРЕДАТЬ Vera РЕЗЕРВ", sender=GM, to=f"referee+{master.token}@example.org")
    said = " ".join(text(m) for m in post.delivered() if to(m) == GM)
    assert "has no reserve left" in said and post.store.seat(GAME, "Vera").email == VERA


def test_replace_names_one_taker(post: Post) -> None:
    with pytest.raises(RefereeError, match="not both"):
        post.store.desk.perform("replace", GAME, {"seat": "Anna"}, post.now, COMMAND_LINE)


def test_a_stand_in_bot_plays_the_seat_to_the_end_of_the_game(post: Post) -> None:
    post.store.desk.perform("replace", GAME, {"seat": "Vera", "bot": True}, post.now, COMMAND_LINE)
    assert "Vera" in post.store.operations.load(GAME).row.settings["bots"]
    delivered = post.delivered()
    assert not [m for m in delivered if "vacated" in to(m)]  # nothing is mailed to no one
    for name in ("Anna", "Boris"):  # the two people left hand their seats to the bot too
        post.store.desk.perform("replace", GAME, {"seat": name, "bot": True}, post.now, COMMAND_LINE)
    now = post.now
    for _ in range(400):
        loaded = post.store.operations.load(GAME)
        if loaded.row.finished:
            break
        now += timedelta(minutes=1)
        post.store.operations.resolve(GAME, now)
    assert post.store.operations.load(GAME).row.finished
    bot_orders = [e for e in post.store.operations.log(GAME) if e.kind in ("moved", "searched")]
    assert bot_orders  # the bots gave orders
    assert not [m for m in post.delivered() if "vacated" in to(m)]


@pytest.mark.both_engines
def test_the_referee_hands_a_seat_silent_too_long_to_the_first_reserve_by_itself(
    tmp_path: Path, database_url: str
) -> None:
    made = Post(Site(tmp_path, database_url))
    made.announce(GAME, game={"dropouts": {"nudge_after": 1, "replace_after": 2, "by": "reserve"}})
    for sender, name in ((ANNA, "Anna"), (BORIS, "Boris"), (VERA, "Vera"), (GLEB, "Gleb")):
        made.join(sender, name)
    made.store.signups.start(GAME, made.now, COMMAND_LINE)
    made.delivered()
    mails: list[EmailMessage] = []
    for _ in range(3):  # Anna and Boris write in every segment; Vera never does
        for name in ("Anna", "Boris"):
            assert orders(made, name, "stay").startswith("accepted")
        made.now += timedelta(seconds=61)
        made.store.operations.resolve(GAME, made.now)
        mails += made.delivered()  # the service sends between boundaries

    assert made.store.seat(GAME, "Vera").email == GLEB
    assert made.store.seat(GAME, "Anna").email == ANNA and made.store.seat(GAME, "Boris").email == BORIS
    (action,) = [a for a in made.store.audit.actions(GAME) if a.action == "replace"]
    assert action.channel == "service" and action.detail == {"seat": "Vera", "by": "reserve"}
    assert any("what the character knows" in str(m["Subject"]) for m in mails if to(m) == GLEB)
    nudged = [m for m in mails if to(m) == VERA and "still playing" in str(m["Subject"])]
    assert len(nudged) == 1  # nudged after one silent segment, handed over after two
    told = " ".join(text(m) for m in mails if to(m) == GM)
    assert "Vera sent nothing for too long in game castle-2, so the referee handed the character over" in told
    assert "the first reserve plays it now" in told and GLEB not in told.split("handed the character")[1]


def test_the_command_line_hands_a_seat_to_the_stand_in_bot(post: Post) -> None:
    done = run_referee(
        ["game", "replace", GAME, "Boris", "--bot", "--config", str(post.site.config_path)],
        post.site.root,
    )
    assert done.returncode == 0, done.stderr
    assert "Boris is now played by the stand-in bot" in done.stdout
    assert "Boris" in post.store.operations.load(GAME).row.settings["bots"]
    both = run_referee(
        ["game", "replace", GAME, "Anna", "--bot", "--reserve", "--config", str(post.site.config_path)],
        post.site.root,
    )
    assert both.returncode != 0 and "not both" in both.stderr + both.stdout
