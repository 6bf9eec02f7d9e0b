"""The IMAP inbox against a real Dovecot: order, keys, flags, moves, restarts, IDLE and lost connections."""

from __future__ import annotations

import json
import random
import threading
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from referee.bench.transport import bare_imap_fetch, imap_door
from referee.mail import imap
from referee.mail.imap import ImapInbox
from referee.mail.transports import Inbox, TransportError, backoff
from referee.mail.urls import parse_imap_url
from referee.testing.loopback import DovecotServer, dovecot_server

SEEN = "\\Seen"


class FileMemory:
    """A ``UidMemory`` in a JSON file, standing in for the database table across restarts."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def _all(self) -> dict[str, list[int]]:
        """Every remembered position, by mailbox."""
        return json.loads(self.path.read_text()) if self.path.exists() else {}

    def position(self, mailbox: str) -> tuple[int, int] | None:
        """The remembered (uidvalidity, uid) of ``mailbox``, if any."""
        found = self._all().get(mailbox)
        return None if found is None else (found[0], found[1])

    def remember(self, mailbox: str, uidvalidity: int, uid: int) -> None:
        """Writes the position of ``mailbox`` to the file."""
        data = self._all()
        data[mailbox] = [uidvalidity, uid]
        self.path.write_text(json.dumps(data))


def raw(number: int) -> bytes:
    """A small mail, different for each number, with CRLF line ends as IMAP keeps them."""
    return (
        f"From: player{number}@example.org\r\nTo: referee@example.org\r\n"
        f"Message-ID: <{number}@example.org>\r\nSubject: orders {number}\r\n\r\nMOVE Study {number}\r\n"
    ).encode()


@pytest.fixture
def server() -> Iterator[DovecotServer]:
    """A fresh Dovecot for the test."""
    with dovecot_server() as running:
        yield running


@pytest.fixture
def memory(tmp_path: Path) -> FileMemory:
    """An empty position memory in the test's directory."""
    return FileMemory(tmp_path / "memory.json")


def open_inbox(
    server: DovecotServer, memory: FileMemory, mailbox: str = "INBOX", options: str = ""
) -> ImapInbox:
    """An inbox on ``mailbox`` of ``server`` with a short timeout."""
    return ImapInbox(parse_imap_url(server.url(mailbox, options)), server.password, memory, timeout=5)


def test_fetch_gives_unread_mail_oldest_first_and_leaves_it_unread(
    server: DovecotServer, memory: FileMemory
) -> None:
    uids = [server.append(raw(number)) for number in range(3)]
    server.append(raw(9), flags=[SEEN])  # already read by someone: not the referee's
    validity = server.uidvalidity()
    with open_inbox(server, memory) as inbox:
        typed: Inbox = inbox  # the type checker holds it to the interface
        fetched = typed.fetch()
        assert fetched == [(f"{validity}:{uid}", raw(number)) for number, uid in enumerate(uids)]
        assert all(SEEN not in server.messages()[uid] for uid in uids)
        assert inbox.fetch() == fetched  # nothing is done yet, so all of it is still unread
    assert memory.position(inbox.memory_key) is None


def test_a_fetch_reads_so_many_mails_and_bytes_at_most_and_says_more_wait(
    server: DovecotServer, memory: FileMemory, monkeypatch: pytest.MonkeyPatch
) -> None:
    uids = [server.append(raw(number)) for number in range(5)]
    validity = server.uidvalidity()
    inbox = ImapInbox(parse_imap_url(server.url()), server.password, memory, timeout=5, batch=3)
    with inbox:
        first = inbox.fetch()
        assert [key for key, _ in first] == [f"{validity}:{uid}" for uid in uids[:3]] and inbox.more
        monkeypatch.setattr(imap, "FETCH_BATCH", 1)  # one mail a FETCH command, to stop between them
        monkeypatch.setattr(imap, "FETCH_BYTES", len(raw(0)) + 1)
        assert [key for key, _ in inbox.fetch()] == [key for key, _ in first[:2]] and inbox.more
        inbox.done_many([key for key, _ in first])
        monkeypatch.setattr(imap, "FETCH_BYTES", 10**6)
        assert [key for key, _ in inbox.fetch()] == [f"{validity}:{uid}" for uid in uids[3:]]
        assert not inbox.more


def test_done_sets_seen_and_remembers_how_far_it_got(server: DovecotServer, memory: FileMemory) -> None:
    uids = [server.append(raw(number)) for number in range(3)]
    with open_inbox(server, memory) as inbox:
        first, second, third = inbox.fetch()
        inbox.done(first[0])
        inbox.done(second[0])
        assert [key for key, _ in inbox.fetch()] == [third[0]]
    flags = server.messages()
    assert [SEEN in flags[uid] for uid in uids] == [True, True, False]
    assert memory.position(inbox.memory_key) == (server.uidvalidity(), uids[1])


def test_marking_a_batch_read_asks_the_server_for_no_flags_back(
    server: DovecotServer, memory: FileMemory
) -> None:
    """One silent STORE marks a batch read: the server answers it with its OK alone, not with a FETCH
    of every mail's flags for the referee to read and throw away."""
    for number in range(20):
        server.append(raw(number))
    with open_inbox(server, memory) as inbox:
        fetched = inbox.fetch()
        assert inbox._client is not None
        connection = inbox._client._imap
        heard: list[bytes] = []
        readline = connection.readline

        def listened() -> bytes:
            line = readline()
            heard.append(line)
            return line

        connection.readline = listened  # type: ignore[method-assign]
        inbox.done_many([key for key, _ in fetched])
    assert heard and not any(b"FETCH" in line.upper() for line in heard)
    assert all(SEEN in flags for flags in server.messages().values())


def test_done_can_move_mail_to_a_folder_it_creates(server: DovecotServer, memory: FileMemory) -> None:
    uids = [server.append(raw(number)) for number in range(2)]
    with open_inbox(server, memory, options="processed=move:Referee-done") as inbox:
        first, second = inbox.fetch()
        inbox.done(first[0])
        assert inbox.fetch() == [second]
    assert list(server.messages()) == [uids[1]]
    assert list(server.bodies("Referee-done").values()) == [raw(0)]


def test_failed_mail_goes_to_the_failed_folder_and_nothing_is_lost(
    server: DovecotServer, memory: FileMemory
) -> None:
    for number in range(4):
        server.append(raw(number))
    with open_inbox(server, memory, options="failed=Broken") as inbox:
        mails = inbox.fetch()
        inbox.done(mails[0][0])
        inbox.failed(mails[1][0])
        inbox.done(mails[2][0])
        inbox.failed(mails[3][0])
        assert inbox.fetch() == []
    assert sorted(server.bodies("Broken").values()) == [raw(1), raw(3)]
    assert all(SEEN not in flags for flags in server.messages("Broken").values())  # for a person to see
    assert sorted(server.bodies().values()) == [raw(0), raw(2)]
    assert all(SEEN in flags for flags in server.messages().values())


def test_without_move_and_idle_the_inbox_copies_expunges_and_sleeps(memory: FileMemory) -> None:
    with dovecot_server(capabilities="IMAP4rev1 LITERAL+ UIDPLUS") as server:
        for number in range(2):
            server.append(raw(number))
        with open_inbox(server, memory, options="processed=move:Done") as inbox:
            first, second = inbox.fetch()
            inbox.done(first[0])
            inbox.failed(second[0])
            assert server.messages() == {}  # copied away and expunged, not only marked \Deleted
            assert list(server.bodies("Done").values()) == [raw(0)]
            assert list(server.bodies("Referee-failed").values()) == [raw(1)]
            assert inbox.wait(0.2) is False
            server.append(raw(2))
            assert inbox.wait(30) is True  # the mail already there is found without waiting
            assert [body for _, body in inbox.fetch()] == [raw(2)]


def test_a_restart_with_the_same_memory_reads_nothing_twice(
    server: DovecotServer, memory: FileMemory
) -> None:
    uids = [server.append(raw(number)) for number in range(3)]
    with open_inbox(server, memory) as inbox:
        mails = inbox.fetch()
        inbox.done(mails[0][0])
        inbox.done(mails[1][0])
    with server.client() as client:  # as if the connection broke after remembering, before \Seen
        client.select_folder("INBOX")
        client.remove_flags([uids[1]], [SEEN])
    with open_inbox(server, memory) as inbox:
        assert [body for _, body in inbox.fetch()] == [raw(2)]
    assert SEEN in server.messages()[uids[1]]  # the interrupted done was finished on connecting
    with open_inbox(server, FileMemory(memory.path.with_name("empty.json"))) as forgetful:
        assert [body for _, body in forgetful.fetch()] == [raw(2)]  # the flags alone suffice too


def test_memory_never_jumps_over_mail_finished_out_of_order(
    server: DovecotServer, memory: FileMemory
) -> None:
    uids = [server.append(raw(number)) for number in range(3)]
    with open_inbox(server, memory) as inbox:
        mails = inbox.fetch()
        inbox.done(mails[2][0])  # the newest is done, the two older ones are not
        assert memory.position(inbox.memory_key) is None
    with open_inbox(server, memory) as inbox:
        mails = inbox.fetch()
        assert [body for _, body in mails] == [raw(0), raw(1)]
        inbox.done(mails[1][0])
        inbox.done(mails[0][0])
        assert memory.position(inbox.memory_key) == (server.uidvalidity(), uids[1])
        assert inbox.fetch() == []


def test_a_new_uidvalidity_starts_over_from_the_unprocessed_mail(
    server: DovecotServer, memory: FileMemory
) -> None:
    for number in range(2):
        server.append(raw(number), folder="Games")
    old_validity = server.uidvalidity("Games")
    with open_inbox(server, memory, "Games") as inbox:
        for key, _ in inbox.fetch():
            inbox.done(key)
    assert memory.position(inbox.memory_key) == (old_validity, 2)
    server.recreate("Games")
    new_uids = [server.append(raw(number), folder="Games") for number in (5, 6)]
    new_validity = server.uidvalidity("Games")
    assert new_validity != old_validity and new_uids == [1, 2]  # the same UIDs, for other mail
    with open_inbox(server, memory, "Games") as inbox:
        assert inbox.fetch() == [(f"{new_validity}:1", raw(5)), (f"{new_validity}:2", raw(6))]
    assert all(SEEN not in flags for flags in server.messages("Games").values())


def test_a_key_from_before_the_mailbox_was_rebuilt_is_refused(
    server: DovecotServer, memory: FileMemory
) -> None:
    server.append(raw(0), folder="Games")
    with open_inbox(server, memory, "Games") as inbox:
        ((old_key, _),) = inbox.fetch()
        server.recreate("Games")
        server.append(raw(1), folder="Games")
        server.stop()
        server.start()
        with pytest.raises(TransportError, match="UIDVALIDITY"):
            inbox.done(old_key)
        assert [body for _, body in inbox.fetch()] == [raw(1)]
    assert all(SEEN not in flags for flags in server.messages("Games").values())


def test_idle_wakes_up_when_mail_arrives(server: DovecotServer, memory: FileMemory) -> None:
    with open_inbox(server, memory) as inbox:
        assert inbox.fetch() == []
        assert inbox.wait(0.3) is False
        timer = threading.Timer(0.3, server.append, args=(raw(1),))
        timer.start()
        try:
            assert inbox.wait(20) is True
        finally:
            timer.join()
        assert [body for _, body in inbox.fetch()] == [raw(1)]


def test_a_dropped_connection_is_opened_again(server: DovecotServer, memory: FileMemory) -> None:
    server.append(raw(0))
    with open_inbox(server, memory) as inbox:
        (first,) = inbox.fetch()
        server.stop()
        server.start()
        server.append(raw(1))
        assert [body for _, body in inbox.fetch()] == [raw(0), raw(1)]
        server.stop()
        with pytest.raises(TransportError, match="cannot reach the IMAP server"):
            inbox.done(first[0])
        server.start()
        # done was remembered before the server went away: the mail is not read again,
        # and the \Seen flag it missed is set when the connection is opened again
        assert [body for _, body in inbox.fetch()] == [raw(1)]
        assert [SEEN in flags for flags in server.messages().values()] == [True, False]
        server.stop()
        with pytest.raises(TransportError, match="cannot reach the IMAP server"):
            inbox.wait(1)
        server.start()
        server.append(raw(2))
        assert inbox.wait(20) is True  # reconnects, then sees the new mail at once
        assert [body for _, body in inbox.fetch()] == [raw(1), raw(2)]


def test_a_refused_login_says_so_without_the_password(server: DovecotServer, memory: FileMemory) -> None:
    wrong = "not-" + server.password
    inbox = ImapInbox(parse_imap_url(server.url()), wrong, memory, timeout=5)
    with pytest.raises(TransportError, match="refused the login of 'referee'") as caught:
        inbox.fetch()
    assert wrong not in str(caught.value) and server.password not in str(caught.value)
    with pytest.raises(TransportError, match="not a key"):
        inbox.done("banana")  # not a key this inbox hands out


def test_backoff_doubles_up_to_a_cap_with_jitter() -> None:
    rng = random.Random(7)
    delays = [backoff(attempt, rng, base=1.0, cap=60.0) for attempt in range(12)]
    for attempt, delay in enumerate(delays):
        ceiling = min(60.0, 2.0**attempt)
        assert ceiling / 2 <= delay <= ceiling
    again = random.Random(7)
    assert delays == [
        backoff(attempt, again, base=1.0, cap=60.0) for attempt in range(12)
    ]  # seeded: repeatable
    assert len({round(backoff(5, rng), 6) for _ in range(20)}) > 1  # jittered, not fixed
    assert backoff(10_000, rng, cap=300.0) <= 300.0


def test_bare_fetch_reads_every_mail_and_leaves_it_unread(server: DovecotServer) -> None:
    server.append_many([raw(number) for number in range(150)])
    rate = bare_imap_fetch(parse_imap_url(server.url()), server.password, 150)
    assert rate > 0
    assert all(SEEN not in flags for flags in server.messages().values())
    with pytest.raises(TransportError, match="fewer than 151"):
        bare_imap_fetch(parse_imap_url(server.url()), server.password, 151)


def test_the_inbox_alone_takes_every_mail_and_leaves_the_mailbox_as_it_found_it(
    server: DovecotServer, memory: FileMemory
) -> None:
    """The benchmark of the IMAP inbox alone marks each fetch read and keeps a position, as the referee
    does, but under a name of its own, and makes the mail unread again: the referee then reads all of it."""
    server.append_many([raw(number) for number in range(620)])  # two fetches of at most 500
    settings = parse_imap_url(server.url())
    assert imap_door(settings, server.password, memory, 620) > 0
    assert all(SEEN not in flags for flags in server.messages().values())
    with open_inbox(server, memory) as inbox:
        [kept] = memory._all()
        assert kept.startswith("bench ") and kept.endswith(f":{inbox.memory_key}")
        assert memory.position(kept) == (inbox_validity(server), max(server.messages()))
        assert len(inbox.fetch()) == 500  # the referee's own position is untouched
    with pytest.raises(TransportError, match="took 620 of 621"):
        imap_door(settings, server.password, memory, 621)
    assert all(SEEN not in flags for flags in server.messages().values())  # unread again after a failure


def inbox_validity(server: DovecotServer) -> int:
    """The UIDVALIDITY of the server's INBOX."""
    with server.client() as client:
        return int(client.select_folder("INBOX", readonly=True)[b"UIDVALIDITY"])


def test_received_at_is_the_time_the_server_received_the_mail(
    server: DovecotServer, memory: FileMemory
) -> None:
    arrived = (datetime.now(UTC) - timedelta(hours=5)).replace(microsecond=0)  # Dovecot refuses future times
    server.append(raw(0), at=arrived)
    with open_inbox(server, memory) as inbox:
        ((key, _),) = inbox.fetch()
        assert inbox.received_at(key) == arrived
        assert inbox.received_at("1:999999") is None
