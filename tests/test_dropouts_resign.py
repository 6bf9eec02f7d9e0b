"""RESIGN / ВЫХОЖУ by mail (issue 38, item 3): a question to the registered address first; YES from that
address to the question's own reply address vacates the seat (audited, an event appended, the seat's
history kept), NO keeps it; a forged RESIGN, or a YES from anyone else, counts for nothing. Through the
real intake, with the referee's mail read back from a Maildir."""

from __future__ import annotations

from pathlib import Path

import pytest
from service_helpers import Site
from sqlmodel import Session
from test_signup_mail import ANNA, BORIS, GLEB, GM, VERA, Post, reply_to, text, to

from referee.app.audit import COMMAND_LINE
from referee.store.seats import holders

pytestmark = pytest.mark.sqlite_only
"""On SQLite alone but where marked (``both_engines``): the store's own tests hold PostgreSQL."""

GAME = "castle-2"
STRANGER = "mallory@example.net"


@pytest.fixture
def post(tmp_path: Path, database_url: str) -> Post:
    made = Post(Site(tmp_path, database_url))
    made.announce()
    for sender, name in ((ANNA, "Anna"), (BORIS, "Boris"), (VERA, "Vera"), (GLEB, "Gleb")):
        made.join(sender, name)
    made.store.signups.start(GAME, made.now, COMMAND_LINE)
    made.delivered()
    return made


def personal(post: Post, name: str) -> str:
    return f"referee+{post.store.seat(GAME, name).token}@example.org"


def asked(post: Post, name: str, sender: str, word: str = "RESIGN") -> str:
    """RESIGN from the seat's holder; the reply address of the question it gets."""
    intake = post.send(word, sender=sender, to=personal(post, name))
    assert intake.text == "accepted:resign:asked"
    question = post.one_to(sender)
    assert "Please confirm" in str(question["Subject"]) or "Подтвердите" in str(question["Subject"])
    return reply_to(question)


@pytest.mark.both_engines
def test_resign_is_asked_first_and_yes_from_the_player_vacates_the_seat(post: Post) -> None:
    address = asked(post, "Anna", ANNA)
    assert address.startswith("referee+resign-")
    assert post.store.seat(GAME, "Anna").email == ANNA  # nothing changed yet

    intake = post.send("Yes, I am sure", sender=ANNA, to=address)

    assert intake.text == "accepted:resign:done"
    seat = post.store.seat(GAME, "Anna")
    assert seat.email != ANNA
    assert "Anna" in post.store.operations.load(GAME).row.settings["bots"]  # the stand-in plays meanwhile
    mails = post.delivered()
    goodbye = [text(m) for m in mails if to(m) == ANNA]
    assert goodbye == [
        "You have left game castle-2: Anna is in other hands now, and the referee will send you nothing "
        "more about this game. Thank you for playing!"
    ]
    master = " ".join(text(m) for m in mails if to(m) == GM)
    assert "The player of Anna left game castle-2" in master and "REPLACE Anna RESERVE" in master
    for address in (BORIS, VERA):
        assert "Anna is now played by someone else" in " ".join(text(m) for m in mails if to(m) == address)
    assert not [m for m in mails if "vacated" in to(m)]
    with Session(post.store.database.engine) as session:
        held = [(h.email, h.until is None) for h in holders(session, GAME) if h.seat == "Anna"]
    assert held[0] == (ANNA, False) and held[-1] == (seat.email, True)
    (action,) = [a for a in post.store.audit.actions(GAME) if a.action == "resign"]
    assert (action.channel, action.actor, action.detail) == ("mail", ANNA, {"seat": "Anna", "by": "bot"})
    assert [e.kind for e in post.store.operations.log(GAME)].count("seat_changed_hands") == 1
    refused = post.send("search the kitchen", sender=ANNA, to=personal(post, "Anna"))
    assert not refused.text.startswith("accepted")  # her address no longer plays the seat


def test_vykhozhu_in_russian_and_no_keeps_the_seat(post: Post) -> None:
    address = asked(post, "Boris", BORIS, "Выхожу!")
    intake = post.send("Нет, передумал", sender=BORIS, to=address)
    assert intake.text == "accepted:resign:kept"
    assert post.store.seat(GAME, "Boris").email == BORIS
    assert "You stay in game castle-2" in text(post.one_to(BORIS))


def test_a_forged_resign_and_a_yes_from_anyone_else_count_for_nothing(post: Post) -> None:
    forged = post.send("RESIGN", sender=STRANGER, to=personal(post, "Vera"))  # not her address
    assert forged.text.startswith("refused")
    assert [to(m) for m in post.delivered()] == [STRANGER]  # a short refusal, naming nothing
    address = asked(post, "Vera", VERA)
    stolen = post.send("YES", sender=STRANGER, to=address)  # the question's address, from someone else
    assert stolen.text.startswith("refused")
    made_up = post.send("YES", sender=VERA, to="referee+resign-0123456789abcdef01234567@example.org")
    assert made_up.text.startswith("refused")
    assert post.store.seat(GAME, "Vera").email == VERA
    assert not [a for a in post.store.audit.actions(GAME) if a.action == "resign"]


def test_a_question_asked_before_the_seat_changed_hands_counts_for_nothing_after(post: Post) -> None:
    address = asked(post, "Vera", VERA)
    post.store.desk.substitute(GAME, "Vera", "vera.new@example.org", post.now, COMMAND_LINE)
    late = post.send("YES", sender=VERA, to=address)
    assert late.text.startswith("refused")
    assert post.store.seat(GAME, "Vera").email == "vera.new@example.org"


def test_resign_with_orders_beside_it_is_read_as_orders_not_as_leaving(post: Post) -> None:
    intake = post.send("resign\ngo to the kitchen", sender=ANNA, to=personal(post, "Anna"))
    assert intake.text.startswith("accepted") and "resign" not in intake.text
