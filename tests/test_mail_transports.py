"""Maildir transports: what counts as unread, in which order, and what ``done`` does."""

from __future__ import annotations

import asyncio
import os
from email.message import EmailMessage
from pathlib import Path

import pytest

from referee.app import Referee
from referee.config import MailSettings
from referee.mail import transports
from referee.mail.connect import check_transports, open_inbox, open_outbox
from referee.mail.transports import MaildirInbox, MaildirOutbox, TransportError, fetches, maildir_path
from referee.store.database import open_engine
from referee.store.transactions import Database


def _raw(number: int) -> bytes:
    return f"From: p@example.org\nSubject: {number}\n\nMOVE Study {number}\n".encode()


def test_unread_mail_comes_in_delivery_order_once(tmp_path: Path) -> None:
    inbox = MaildirInbox(tmp_path / "in")
    keys = [inbox.folder.add(_raw(number)) for number in range(3)]
    for offset, key in enumerate(keys):  # delivered in the order 2, 0, 1
        path = tmp_path / "in" / "new" / key
        os.utime(path, ns=(0, [2, 3, 1][offset] * 10**9))
    fetched = inbox.fetch()
    assert [raw for _, raw in fetched] == [_raw(2), _raw(0), _raw(1)]
    for key, _ in fetched:
        inbox.done(key)
    assert inbox.fetch() == []
    assert sorted(p.name for p in (tmp_path / "in" / "cur").iterdir()) == sorted(f"{k}:2,S" for k in keys)


def _delivered(inbox: MaildirInbox, count: int) -> list[str]:
    """The keys of ``count`` mails added to ``inbox``, each delivered a second after the one before."""
    keys = [inbox.folder.add(_raw(number)) for number in range(count)]
    for number, key in enumerate(keys):
        os.utime(inbox.path / "new" / key, ns=(0, (number + 1) * 10**9))
    return keys


def test_a_fetch_reads_so_many_mails_at_most_and_says_more_wait(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(transports, "FETCH_MAILS", 3)
    keys = _delivered(inbox := MaildirInbox(tmp_path / "in"), 5)
    first = inbox.fetch()
    assert [key for key, _ in first] == keys[:3] and inbox.more
    inbox.done_many([key for key, _ in first])
    assert [key for key, _ in inbox.fetch()] == keys[3:] and not inbox.more


def test_a_fetch_stops_before_the_mail_past_its_bytes_but_always_reads_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    size = len(_raw(0))
    monkeypatch.setattr(transports, "FETCH_BYTES", 2 * size)
    keys = _delivered(inbox := MaildirInbox(tmp_path / "in"), 3)
    assert [key for key, _ in inbox.fetch()] == keys[:2] and inbox.more
    monkeypatch.setattr(transports, "FETCH_BYTES", size // 2)  # smaller than any mail
    assert [key for key, _ in inbox.fetch()] == keys[:1] and inbox.more


def test_fetches_go_on_while_mail_waits_and_never_give_the_same_mail_twice(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(transports, "FETCH_MAILS", 2)
    keys = _delivered(inbox := MaildirInbox(tmp_path / "in"), 5)
    read = []
    for fetched in fetches(inbox):
        read += [key for key, _ in fetched]
        inbox.done_many([key for key, _ in fetched])
    assert read == keys and inbox.fetch() == []
    _delivered(inbox, 3)
    left = [fetched for fetched in fetches(inbox)]  # nothing marked read: the first fetch, then none
    assert len(left) == 1 and len(left[0]) == 2


def _moved_unread_into_cur(inbox: MaildirInbox, number: int) -> str:
    """A mail delivered and moved into ``cur/`` unread by a mail client, with the folder's time put
    back as it was: a change the folder's time does not show (it is kept to a few milliseconds)."""
    cur = inbox.path / "cur"
    before = cur.stat()
    key = inbox.folder.add(_raw(number))
    (inbox.path / "new" / key).rename(cur / f"{key}:2,")
    os.utime(cur, ns=(before.st_atime_ns, before.st_mtime_ns))
    return key


def test_read_mail_in_cur_is_listed_again_only_when_the_folder_changes_or_after_a_while(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    keys = _delivered(inbox := MaildirInbox(tmp_path / "in"), 3)
    inbox.done_many([key for key, _ in inbox.fetch()])  # the referee's own change to cur/
    hidden = _moved_unread_into_cur(inbox, 7)
    assert inbox.fetch() == []  # cur/ unchanged since the referee's own marking: not listed again
    monkeypatch.setattr(transports, "RESCAN_SECONDS", 0.0)
    assert [key for key, _ in inbox.fetch()] == [hidden]  # listed again after a while all the same
    inbox.done(hidden)
    seen = {path.name.partition(":")[0] for path in (inbox.path / "cur").iterdir()}
    assert seen == {*keys, hidden} and inbox.fetch() == []


def test_a_mail_a_client_moves_into_cur_unread_is_found_at_the_next_look(tmp_path: Path) -> None:
    _delivered(inbox := MaildirInbox(tmp_path / "in"), 2)
    inbox.done_many([key for key, _ in inbox.fetch()])
    key = inbox.folder.add(_raw(9))
    cur = inbox.path / "cur"
    (inbox.path / "new" / key).rename(cur / f"{key}:2,F")
    later = cur.stat().st_mtime_ns + 10**9  # the folder's time a moment after the referee's marking
    os.utime(cur, ns=(later, later))
    assert [found for found, _ in inbox.fetch()] == [key]
    assert [found for found, _ in inbox.fetch()] == [key]  # unread until marked read


def test_waiting_says_whether_mail_was_delivered(tmp_path: Path) -> None:
    inbox = MaildirInbox(tmp_path / "in")
    assert not inbox.wait(0)
    (key,) = _delivered(inbox, 1)
    assert inbox.wait(0)
    inbox.done(key)
    assert not inbox.wait(0)


def test_mail_in_cur_without_the_seen_flag_is_unread_and_keeps_its_flags(tmp_path: Path) -> None:
    inbox = MaildirInbox(tmp_path / "in")
    key = inbox.folder.add(_raw(1))
    (tmp_path / "in" / "new" / key).rename(tmp_path / "in" / "cur" / f"{key}:2,F")  # flagged, not seen
    assert [k for k, _ in inbox.fetch()] == [key]
    inbox.done(key)
    assert [p.name for p in (tmp_path / "in" / "cur").iterdir()] == [f"{key}:2,FS"]
    assert inbox.fetch() == []


def test_outbox_writes_whole_mails_a_mail_client_can_open(tmp_path: Path) -> None:
    message = EmailMessage()
    message["Subject"] = "Привет"
    message.set_content("Всё хорошо")
    asyncio.run(
        MaildirOutbox(maildir_path(f"maildir:{tmp_path / 'deep' / 'out'}")).send(
            message.as_bytes(), ["a@example.org"]
        )
    )
    (path,) = (tmp_path / "deep" / "out" / "new").iterdir()
    assert path.read_bytes() == message.as_bytes()


def test_an_unknown_transport_is_named_in_the_error(tmp_path: Path) -> None:
    store = Referee(Database(open_engine("sqlite://")))
    with pytest.raises(TransportError, match="pop3://x"):
        open_inbox(MailSettings(incoming="pop3://x"), store)
    with pytest.raises(TransportError, match="smtps://y"):
        open_outbox(MailSettings(outgoing="smtps://y"))


@pytest.mark.parametrize(
    ("incoming", "outgoing", "problem"),
    [
        ("imap://ref@127.0.0.1/INBOX?tls=none", "maildir:{tmp}/out", "needs a password"),
        ("imap://ref@mail.example.org/INBOX?tls=none", "maildir:{tmp}/out", "only allowed to this machine"),
        ("maildir:{tmp}/in", "smtps://mail.example.org", "unknown outgoing mail transport"),
    ],
)
def test_serve_refuses_to_start_with_transports_it_could_never_use(
    tmp_path: Path, incoming: str, outgoing: str, problem: str
) -> None:
    mail = MailSettings(incoming=incoming.format(tmp=tmp_path), outgoing=outgoing.format(tmp=tmp_path))
    with pytest.raises(TransportError, match=problem):
        check_transports(mail, Referee(Database(open_engine("sqlite://"))), env={})


def test_serve_starts_with_a_mailbox_whose_password_is_in_the_environment() -> None:
    mail = MailSettings(incoming="imap://ref@mail.example.org/INBOX", outgoing="smtp://mail.example.org")
    store = Referee(Database(open_engine("sqlite://")))
    check_transports(mail, store, env={"REFEREE_IMAP_PASSWORD": "secret"})  # raises nothing
    with pytest.raises(TransportError, match="REFEREE_IMAP_PASSWORD"):
        check_transports(mail, store, env={})


def test_a_folder_holding_only_new_is_read_and_gets_cur_and_tmp(tmp_path: Path) -> None:
    (tmp_path / "in" / "new").mkdir(parents=True)
    (tmp_path / "in" / "new" / "1.mail").write_bytes(_raw(1))
    inbox = MaildirInbox(tmp_path / "in")

    assert inbox.fetch() == [("1.mail", _raw(1))]
    inbox.done("1.mail")

    assert [p.name for p in (tmp_path / "in" / "cur").iterdir()] == ["1.mail:2,S"]
    assert (tmp_path / "in" / "tmp").is_dir() and inbox.fetch() == []
