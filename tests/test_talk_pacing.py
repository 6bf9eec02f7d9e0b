"""Table talk relayed at once, paced (``referee.app.pacing``): a burst of posts on the web becomes a
bounded number of mails to each room-mate, every line reaching each of them in order, and nobody
elsewhere hearing any of it."""

from __future__ import annotations

from contextlib import nullcontext
from datetime import timedelta
from pathlib import Path

import pytest
from web_helpers import GAME, T0, client, forum_site, mailed_links, sign_in_player, token

from referee.app import Referee
from referee.app.letters import Letter
from referee.app.pacing import RELAYS_PER_MINUTE, WINDOW
from referee.mail.compose import compose
from referee.render import Renderer

pytestmark = pytest.mark.sqlite_only
"""On SQLite alone but where marked (``both_engines``): the store's own tests hold PostgreSQL."""

NOW = T0 + timedelta(minutes=2)
"""When the burst is posted: after the evening's moves (Anna and Vera in the Garage, Boris in the Study)."""


@pytest.fixture
def site(tmp_path: Path, database_url: str):  # type: ignore[no-untyped-def]
    """The forum's castle on SQLite and on PostgreSQL, after the evening's moves."""
    site, referee = forum_site(tmp_path, database_url)
    referee.submit(GAME, "Anna", "MOVE Garage", T0 + timedelta(seconds=2), "mail:a1")
    referee.submit(GAME, "Vera", "MOVE Garage", T0 + timedelta(seconds=3), "mail:v2")
    referee.submit(GAME, "Boris", "MOVE Study", T0 + timedelta(seconds=4), "mail:b1")
    referee.resolve(GAME, T0 + timedelta(seconds=60))
    return site, referee


def _anna_posts(site, lines: list[str]) -> None:  # type: ignore[no-untyped-def]
    """Anna signs in on the web and posts each of ``lines`` as table talk, as fast as the site answers."""
    browser = client(*site, now=NOW)
    browser.post("/play", data={"csrf": token(browser.get("/play").text), "email": "anna@example.org"})
    assert sign_in_player(browser, mailed_links(*site, "Anna")[0]) == f"/play/{GAME}/Anna"
    form = token(browser.get(f"/play/{GAME}/Anna").text)
    for line in lines:
        answer = browser.post(f"/play/{GAME}/Anna/say", data={"csrf": form, "text": f"SAY {line}"})
        assert answer.status_code == 200


def _talk(referee: Referee, recipient: str, speaker: str = "Anna") -> list:
    return [
        n
        for n in referee.notices(GAME)
        if n.template == "talk" and n.recipient == recipient and n.data["speaker"] == speaker
    ]


def _heard(letters: list) -> list[str]:
    """The lines the talk ``letters`` hold, in the order of the letters and within each."""
    return [line for n in letters for line in [n.data["text"], *(m["text"] for m in n.data.get("more", []))]]


def test_a_burst_of_a_hundred_posts_is_a_few_mails_to_a_room_mate_with_every_line_in_order(site) -> None:  # type: ignore[no-untyped-def]
    web, referee = site
    lines = [f"line {number} of the flood" for number in range(1, 101)]
    _anna_posts(site, lines)

    to_vera = _talk(referee, "Vera")
    assert len(to_vera) <= RELAYS_PER_MINUTE + 1  # one mail a line before, a hundred
    assert _heard(to_vera) == lines
    assert _talk(referee, "Boris") == []  # in the Study: he hears nothing of the Garage
    assert all("flood" not in str(n.data) for n in referee.notices(GAME) if n.recipient == "Boris")

    # The first mails go at once, the gathered one when the minute is over, with every line in it.
    due_now = _claimed_talk(referee, "Vera", NOW)
    assert len(due_now) == RELAYS_PER_MINUTE
    assert _claimed_talk(referee, "Vera", NOW + timedelta(seconds=30)) == []
    (gathered,) = _claimed_talk(referee, "Vera", NOW + WINDOW + timedelta(seconds=1))
    config = web.config()
    renderer = Renderer(config.templates)
    texts = [_body(letter, renderer, config.mail) for letter in [*due_now, gathered]]
    said = "\n".join(texts)
    positions = [said.index(f'"{line}"') for line in lines]
    assert positions == sorted(positions)
    assert "within a minute" in texts[-1] and texts[-1].count('"line ') == 100 - RELAYS_PER_MINUTE


def _claimed_talk(referee: Referee, recipient: str, at) -> list[Letter]:  # type: ignore[no-untyped-def]
    """The talk letters to ``recipient`` a sending process takes at ``at``, recorded as sent (the
    others it took given back)."""
    taken = referee.letters.claim("pacing-test", at, 1000)
    talk = [letter for letter in taken if letter.template == "talk" and letter.recipient == recipient]
    referee.letters.sent([letter.id for letter in talk], at)
    referee.letters.release([letter.id for letter in taken if letter not in talk])
    return talk


def _body(letter: Letter, renderer: Renderer, mail) -> str:  # type: ignore[no-untyped-def]
    (own, *_) = compose(letter, letter.game, letter.reader, renderer, mail)
    return own.message.get_body(("plain",)).get_content()  # type: ignore[union-attr]


@pytest.mark.both_engines
def test_each_speaker_is_paced_apart_and_talk_goes_at_once_again_after_the_minute(site) -> None:  # type: ignore[no-untyped-def]
    _, referee = site
    for number in range(10):
        referee.submit(GAME, "Anna", f"SAY anna {number}", NOW + timedelta(seconds=number), "mail")
        referee.submit(GAME, "Vera", f"SAY vera {number}", NOW + timedelta(seconds=number), "mail")
    assert [len(_talk(referee, "Vera")), len(_talk(referee, "Anna", "Vera"))] == [RELAYS_PER_MINUTE + 1] * 2
    assert _heard(_talk(referee, "Vera")) == [f"anna {number}" for number in range(10)]
    assert _heard(_talk(referee, "Anna", "Vera")) == [f"vera {number}" for number in range(10)]
    later = NOW + WINDOW + timedelta(seconds=10)
    referee.submit(GAME, "Anna", "SAY a minute later", later, "mail")
    last = _talk(referee, "Vera")[-1]
    assert last.data["text"] == "a minute later" and "more" not in last.data and last.next_attempt_at is None


def test_a_line_said_while_the_gathered_mail_is_being_sent_goes_in_a_mail_after_it(site) -> None:  # type: ignore[no-untyped-def]
    """A sending process has claimed the gathered mail: it is never changed under it; the next line
    waits in a new gathered mail, so no line is lost and none overtakes another."""
    _, referee = site
    for number in range(RELAYS_PER_MINUTE + 2):
        referee.submit(GAME, "Anna", f"SAY early {number}", NOW, "mail")
    taken = referee.letters.claim("sender", NOW, 1000, waiting=True)
    referee.submit(GAME, "Anna", "SAY while sending", NOW + timedelta(seconds=1), "mail")
    referee.letters.release([letter.id for letter in taken])
    to_vera = _talk(referee, "Vera")
    assert _heard(to_vera) == [*(f"early {n}" for n in range(RELAYS_PER_MINUTE + 2)), "while sending"]
    assert len(to_vera) == RELAYS_PER_MINUTE + 2 and to_vera[-1].id > to_vera[-2].id


def test_a_flood_taken_in_one_batch_of_mail_is_paced_as_one_taken_line_by_line(
    tmp_path: Path, database_url: str
) -> None:
    """Inside a batch the outbox rows wait in memory (``referee.store.deferred``): pacing still counts
    and gathers every line the batch relayed before."""

    def flood(directory: Path, batched: bool) -> list[tuple]:
        directory.mkdir()
        url = database_url if batched else f"sqlite:///{directory / 'alone.db'}"
        _, referee = forum_site(directory, url)
        referee.submit(GAME, "Anna", "MOVE Garage", T0 + timedelta(seconds=2), "mail:a1")
        referee.submit(GAME, "Vera", "MOVE Garage", T0 + timedelta(seconds=3), "mail:v2")
        referee.resolve(GAME, T0 + timedelta(seconds=60))
        with referee.database.batch() if batched else nullcontext():
            for number in range(20):
                referee.submit(GAME, "Anna", f"SAY batch {number}", NOW + timedelta(seconds=number), "mail")
        talk = [n for n in referee.notices(GAME) if n.template == "talk"]
        return [(n.recipient, n.data["text"], len(n.data.get("more", [])), n.next_attempt_at) for n in talk]

    alone, batched = flood(tmp_path / "alone", False), flood(tmp_path / "batched", True)
    assert batched == alone and len(alone) == RELAYS_PER_MINUTE + 1
