"""The reliability record of each address (the issue's "reliability record per address across campaigns"):
segments with orders on time out of those counted, games played, finished, resigned, replaced, sign-ups
and leavings — exact for a campaign played through the real mail path, where one seat is silent until the
referee hands it to the reserve and one player resigns; added up across two games; read in a few
statements however many addresses; shown to the game-master beside each sign-up (web and command line)
and beside each seat's address on the game's page; never on a player's page nor in a player's mail."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import timedelta
from email.message import EmailMessage
from pathlib import Path
from typing import Any

import pytest
from cli_helpers import run_referee
from service_helpers import Site
from sqlalchemy import event, literal
from sqlmodel import Session, select
from test_signup_mail import ANNA, BORIS, GLEB, GM, T0, VERA, Post, reply_to, text
from web_helpers import BASE, PASSWORD, client, mailed_links, sign_in, sign_in_player, token

from referee.app.audit import COMMAND_LINE
from referee.app.reliability import shown, shown_records
from referee.store.reliability import FIELDS, records_of

pytestmark = pytest.mark.sqlite_only
"""On SQLite alone but where marked (``both_engines``): the store's own tests hold PostgreSQL."""

GAME = "castle-2"
OTHER = "quiet"


def personal(post: Post, game: str, name: str) -> str:
    return f"referee+{post.store.seat(game, name).token}@example.org"


def orders(post: Post, game: str, name: str, words: str = "stay") -> str:
    """``words`` from the seat's holder to its personal address; the intake's outcome."""
    return post.send(words, sender=post.store.seat(game, name).email, to=personal(post, game, name)).text


def boundary(post: Post, game: str = GAME) -> list[EmailMessage]:
    """The open phase of ``game`` resolved a minute on; the mail it and the service write, delivered."""
    post.now += timedelta(seconds=61)
    post.store.operations.resolve(game, post.now)
    return post.delivered()


@pytest.fixture
def played(tmp_path: Path, database_url: str) -> Iterator[tuple[Post, list[EmailMessage]]]:
    """Castle-2 (Ten Sailors, 3 seats, Gleb the reserve; a seat silent for 2 segments goes to the reserve)
    played for four segments: Anna writes in segments 1, 2 and 4; Boris in 1 to 3 and then resigns;
    Vera never writes and loses her seat to Gleb at the second boundary; Gleb writes in segment 3 only.
    Every mail the players were sent comes with it."""
    post = Post(Site(tmp_path, database_url))
    post.announce(GAME, game={"dropouts": {"nudge_after": 1, "replace_after": 2, "by": "reserve"}})
    for sender, name in ((ANNA, "Anna"), (BORIS, "Boris"), (VERA, "Vera"), (GLEB, "Gleb")):
        post.join(sender, name)
    post.store.signups.start(GAME, post.now, COMMAND_LINE)
    mails = post.delivered()
    for names in (("Anna", "Boris"), ("Anna", "Boris"), ("Boris", "Vera")):
        for name in names:
            assert orders(post, GAME, name).startswith("accepted")
        mails += boundary(post)
    assert post.store.seat(GAME, "Vera").email == GLEB  # handed over at the second boundary
    post.send("RESIGN", sender=BORIS, to=personal(post, GAME, "Boris"))
    question = post.one_to(BORIS)
    assert post.send("YES", sender=BORIS, to=reply_to(question)).text == "accepted:resign:done"
    assert orders(post, GAME, "Anna").startswith("accepted")
    mails += [question, *boundary(post)]
    yield post, mails


def records(post: Post, emails: list[str]) -> dict[str, dict[str, Any]]:
    with Session(post.store.database.engine) as session:
        return records_of(session, emails)


def numbers(**counts: int) -> dict[str, int]:
    return {**dict.fromkeys(FIELDS, 0), **counts}


def test_a_played_campaign_gives_each_address_its_exact_record(
    played: tuple[Post, list[EmailMessage]],
) -> None:
    """Anna missed segment 3 and wrote again; Boris wrote in every segment he held, then resigned; Vera
    held two segments silent until the referee handed her seat on; Gleb, seated at that boundary, wrote
    in segment 3 and is still silent in segment 4, a silence not counted until a hand-over ends it."""
    post, _ = played
    assert records(post, [ANNA, BORIS, VERA, GLEB]) == {
        ANNA: numbers(joined=1, games=1, on_time=3, held=4),
        BORIS: numbers(joined=1, games=1, resigned=1, on_time=3, held=3),
        VERA: numbers(joined=1, games=1, replaced=1, on_time=0, held=2),
        GLEB: numbers(joined=1, games=1, on_time=1, held=1),
    }


def test_an_address_seated_in_two_games_adds_up_and_a_seat_kept_to_the_end_counts_finished(
    played: tuple[Post, list[EmailMessage]],
) -> None:
    """A second game seated by its game file (not by a sign-up): Anna writes in its first segment and
    keeps her seat to the end; the game-master hands Boris's and Vera's seats to the bot before any
    boundary (replaced, no segment counted)."""
    post, _ = played
    post.site.create_game(OTHER, post.now)
    post.delivered()
    assert orders(post, OTHER, "Anna").startswith("accepted")
    for name in ("Boris", "Vera"):
        post.store.desk.perform("replace", OTHER, {"seat": name, "bot": True}, post.now, COMMAND_LINE)
    for _ in range(400):
        if post.store.operations.load(OTHER).row.finished:
            break
        boundary(post, OTHER)
    assert post.store.operations.load(OTHER).row.finished

    assert records(post, [ANNA, BORIS, VERA]) == {
        ANNA: numbers(joined=1, games=2, finished=1, on_time=4, held=5),
        BORIS: numbers(joined=1, games=2, resigned=1, replaced=1, on_time=3, held=3),
        VERA: numbers(joined=1, games=2, replaced=2, on_time=0, held=2),
    }


def _statements(post: Post) -> list[str]:
    seen: list[str] = []
    event.listen(
        post.store.database.engine, "before_cursor_execute", lambda _c, _k, sql, *rest: seen.append(sql)
    )
    return seen


@pytest.mark.both_engines
def test_the_record_costs_the_same_few_statements_for_one_address_or_many_and_fewer_read_again(
    played: tuple[Post, list[EmailMessage]],
) -> None:
    post, _ = played
    with Session(post.store.database.engine) as session:
        session.exec(select(literal(1))).one()  # the connection's own set-up is not the record's
        seen = _statements(post)
        records_of(session, [ANNA])
        one = len(seen)
        everyone = [ANNA, BORIS, VERA, GLEB, *(f"p{n}@example.org" for n in range(40))]
        first = records_of(session, everyone)
        many = len(seen) - one
        assert records_of(session, everyone) == first
        again = len(seen) - one - many
    assert 0 < one == many <= 6, seen
    assert again == many - 1, seen  # the submissions already read are not read again


def test_the_record_is_told_in_english_and_russian_with_the_right_plurals() -> None:
    one = shown(numbers(joined=1, games=1, finished=1, on_time=1, held=1))
    assert one["text"]["en"] == (
        "on time in 1 of 1 segment (100%); 1 game: finished 1, resigned 0, replaced 0; "
        "1 sign-up, 0 left before the start"
    )
    assert one["text"]["ru"] == (
        "в срок: 1 из 1 хода (100\u00a0%); 1 игра: доиграл до конца — 1, вышел сам — 0, заменён — 0; "
        "1 запись, отказов до начала: 0"
    )
    many = shown(numbers(joined=5, left=1, games=3, resigned=1, on_time=41, held=45))
    assert many["percent"] == 91  # 41 of 45, rounded down
    assert many["text"]["en"].startswith("on time in 41 of 45 segments (91%); 3 games: ")
    assert "в срок: 41 из 45 ходов (91\u00a0%); 3 игры:" in many["text"]["ru"]
    assert "5 записей, отказов до начала: 1" in many["text"]["ru"]
    assert "из 21 хода" in shown(numbers(games=1, on_time=20, held=21))["text"]["ru"]
    assert shown(numbers(on_time=2, held=3))["percent"] == 66  # one miss never shows as more
    nothing = shown(numbers())
    assert nothing["percent"] is None
    assert nothing["text"]["en"].startswith("no segment counted yet; no game played yet; 0 sign-ups")
    assert nothing["text"]["ru"].startswith("ни один ход ещё не засчитан; ещё не играл; 0 записей")


def test_the_game_master_sees_the_record_on_the_sign_up_page_and_beside_each_seat(
    played: tuple[Post, list[EmailMessage]],
) -> None:
    post, _ = played
    post.store.accounts.add("Gail", GM, PASSWORD, T0)
    browser = client(post.site, post.store, post.now)
    sign_in(browser)
    with Session(post.store.database.engine) as session:
        told = shown_records(session, [ANNA, VERA, GLEB])

    line = browser.get(f"/signups/{GAME}").text
    assert told[VERA]["text"]["en"] in line and "on time in 0 of 2 segments (0%)" in line
    assert told[ANNA]["text"]["en"] in line
    game = browser.get(f"/games/{GAME}").text
    assert told[GLEB]["text"]["en"] in game and told[ANNA]["text"]["en"] in game  # the seats' holders now
    assert told[VERA]["text"]["en"] not in game  # she holds no seat any more

    page = browser.get(f"/games/{GAME}").text
    browser.post("/language", data={"csrf": token(page), "language": "ru", "next": f"/games/{GAME}"})
    russian = browser.get(f"/games/{GAME}").text
    assert told[ANNA]["text"]["ru"] in russian and "в срок: 3 из 4 ходов (75\u00a0%)" in russian
    assert told[VERA]["text"]["ru"] in browser.get(f"/signups/{GAME}").text


def test_the_command_line_lists_each_sign_up_with_its_record(played: tuple[Post, list[EmailMessage]]) -> None:
    post, _ = played
    done = run_referee(["game", "signups", GAME, "--config", str(post.site.config_path)], post.site.root)
    assert done.returncode == 0, done.stderr
    lines = {line.split("<")[1].split(">")[0]: line for line in done.stdout.splitlines() if "<" in line}
    assert "on time in 0 of 2 segments (0%); 1 game: finished 0, resigned 0, replaced 1" in lines[VERA]
    assert "on time in 3 of 3 segments (100%); 1 game: finished 0, resigned 1, replaced 0" in lines[BORIS]


def test_no_player_mail_and_no_player_page_carries_a_record(played: tuple[Post, list[EmailMessage]]) -> None:
    post, mails = played
    with Session(post.store.database.engine) as session:
        told = shown_records(session, [ANNA, BORIS, VERA, GLEB])
    phrases = ["on time in", "segments (", "в срок:", "ходов (", "left before the start", "отказов до начала"]
    phrases += [r["text"][language] for r in told.values() for language in ("en", "ru")]
    players = [m for m in mails if GM not in str(m["To"])]
    assert players and len(players) > 10
    assert not [(m["Subject"], p) for m in players for p in phrases if p in text(m)]

    # the player's own page, signed in from the link mailed to Anna when she asks for one
    post.site.extra = f'\n[web]\nbase_url = "{BASE}"\n'
    post.site.write_config()
    browser = client(post.site, post.store, post.now)
    browser.post("/play", data={"csrf": token(browser.get("/play").text), "email": ANNA})
    links = mailed_links(post.site, post.store, "Anna", GAME)
    assert links and sign_in_player(browser, links[0]) == f"/play/{GAME}/Anna"
    page = browser.get(f"/play/{GAME}/Anna")
    assert page.status_code == 200 and "Anna" in page.text
    assert not [p for p in phrases if p in page.text]


def test_the_game_page_keeps_records_until_a_boundary_changes_them_and_shows_a_new_one_at_once(
    played: tuple[Post, list[EmailMessage]],
) -> None:
    """A game's page read again reads one statement for its seats' records while nothing they count
    changed; the next boundary (here Anna's orders counted on time) shows at once."""
    from referee.app.reliability import recent_records
    from referee.core.kept import Kept

    post, _ = played
    kept, emails = Kept(8), [ANNA, GLEB]
    with Session(post.store.database.engine) as session:
        first = recent_records(kept, session, emails)
        assert first == shown_records(session, emails)
        seen = _statements(post)
        assert recent_records(kept, session, emails) == first
        assert len(seen) == 1, seen  # the version alone
    assert orders(post, GAME, "Anna").startswith("accepted")
    boundary(post)
    with Session(post.store.database.engine) as session:
        after = recent_records(kept, session, emails)
        assert after == shown_records(session, emails)
    assert (after[ANNA]["held"], after[ANNA]["on_time"]) == (
        first[ANNA]["held"] + 1,
        first[ANNA]["on_time"] + 1,
    )
