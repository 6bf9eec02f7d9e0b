"""A burst of mail read by reader processes beside the service (``referee.mail.readers``) is read
exactly as the service reads it itself, in the order given, and a reader process killed halfway
loses nothing: the service reads what it had and the readers start again."""

from __future__ import annotations

import multiprocessing
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from referee.config import Limits, MailSettings
from referee.mail.readers import FEW, Readers, Reading, read

MAIL = Path(__file__).parent / "mail"

SETTINGS = MailSettings(address="referee@example.org", limits=Limits(mail_bytes=64_000))


def _burst() -> list[bytes]:
    """Every mail of the test corpus, a mail over the size limit and one giving a password, twice:
    more than the service reads alone."""
    mails = [path.read_bytes() for path in sorted(MAIL.glob("*/*.eml"))]
    mails.append(mails[0] + b"\n" + b"x" * 70_000)  # over the limit: never parsed
    mails.append(
        b"From: Anna <anna@example.org>\nTo: referee@example.org\nSubject: orders\n"
        b"Message-ID: <pw@example.org>\n\nPASSWORD k7pq-2mx9-wh4t\nMOVE Study\n"
    )
    burst = mails * 2
    assert len(burst) > FEW
    return burst


@pytest.fixture
def readers() -> Iterator[Readers]:
    found = Readers(SETTINGS, 1)
    yield found
    found.close()


def test_a_burst_read_by_reader_processes_is_read_as_the_service_reads_it(readers: Readers) -> None:
    burst = _burst()
    readers.start()
    assert readers.pool is not None
    assert list(readers.read(burst)) == [read(raw, SETTINGS) for raw in burst]
    by_password = read(burst[-1], SETTINGS)
    assert by_password.incoming is not None  # read; its password is the mailroom's to take and hide
    assert by_password.incoming.text == "PASSWORD k7pq-2mx9-wh4t\nMOVE Study"
    assert read(burst[len(burst) // 2 - 2], SETTINGS).over == "mail-bytes"


def test_a_reader_process_killed_loses_no_mail_and_readers_start_again(readers: Readers) -> None:
    burst = _burst()
    readers.start()
    assert readers.pool is not None
    started = multiprocessing.active_children()
    assert started  # the reader process
    for process in started:
        assert process.pid is not None
        os.kill(process.pid, signal.SIGKILL)
    assert list(readers.read(burst)) == [read(raw, SETTINGS) for raw in burst]
    readers.start()  # a new pool for the next burst
    assert readers.pool is not None
    assert [p for p in multiprocessing.active_children() if p not in started]  # a new one
    assert list(readers.read(burst)) == [read(raw, SETTINGS) for raw in burst]


def test_no_reader_processes_or_a_few_mails_are_read_by_the_service_itself() -> None:
    alone = Readers(SETTINGS, 0)
    burst = _burst()
    assert list(alone.read(burst)) == [read(raw, SETTINGS) for raw in burst]
    alone.start()
    assert alone.pool is None  # none to start
    few = Readers(SETTINGS, 1)
    assert list(few.read(burst[:FEW])) == [read(raw, SETTINGS) for raw in burst[:FEW]]
    assert few.pool is None  # not started for a few mails


def test_readers_given_no_mail_for_a_while_stop_and_start_again_at_the_next_burst(readers: Readers) -> None:
    burst = _burst()
    readers.start()
    readers.close_idle(60)
    assert readers.pool is not None  # just started, though given no mail yet
    assert list(readers.read(burst)) == [read(raw, SETTINGS) for raw in burst]  # started by the burst
    assert readers.pool is not None
    readers.close_idle(3600)
    assert readers.pool is not None  # used a moment ago
    readers.close_idle(0)
    assert readers.pool is None and not multiprocessing.active_children()
    assert list(readers.read(burst)) == [read(raw, SETTINGS) for raw in burst]
    assert readers.pool is not None


def test_a_reader_process_ends_when_the_service_that_started_it_is_killed(tmp_path: Path) -> None:
    """A service killed outright leaves no reader process behind."""
    script = (
        "import multiprocessing, sys, time\n"
        "from referee.config import MailSettings\n"
        "from referee.mail.readers import Readers\n"
        "if __name__ == '__main__':\n"
        "    readers = Readers(MailSettings(), 1)\n"
        "    readers.start()\n"
        "    print(*(p.pid for p in multiprocessing.active_children()), flush=True)\n"
        "    time.sleep(60)\n"
    )
    path = tmp_path / "service.py"
    path.write_text(script)
    service = subprocess.Popen([sys.executable, str(path)], stdout=subprocess.PIPE, text=True)
    assert service.stdout is not None
    children = [int(pid) for pid in service.stdout.readline().split()]
    assert children
    service.kill()
    service.wait()
    deadline = time.monotonic() + 20
    while any(_alive(pid) for pid in children) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not any(_alive(pid) for pid in children)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    with open(f"/proc/{pid}/stat") as stat:  # a zombie is gone already, waiting to be reaped
        return stat.read().split()[2] != "Z"


def test_a_mail_whose_reading_fails_comes_back_unread_and_the_others_are_read(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The service then reads it again as it takes it in, where the failure moves that mail aside
    alone (``test_a_mail_that_breaks_the_reader_is_moved_aside_and_the_rest_go_on``)."""
    import referee.mail.readers as readers_module

    burst = _burst()
    broken = burst[3]
    real = readers_module.read

    def fragile(raw: bytes, mail: MailSettings) -> Reading:
        if raw == broken:  # a fault no real mail can be made to cause on demand
            raise RuntimeError("reader bug")
        return real(raw, mail)

    monkeypatch.setattr(readers_module, "read", fragile)
    alone = Readers(SETTINGS, 0)
    read_here = list(alone.read(burst))
    assert [i for i, reading in enumerate(read_here) if reading is None] == [3, 3 + len(burst) // 2]
    assert [r for r in read_here if r is not None] == [real(raw, SETTINGS) for raw in burst if raw != broken]


def test_a_burst_dropped_halfway_leaves_nothing_behind_for_the_next(readers: Readers) -> None:
    """What the readers read of a burst the service stopped taking is never given as the next one's."""
    burst = _burst()
    readers.start()
    first = readers.read(burst)
    assert [next(first) for _ in range(3)] == [read(raw, SETTINGS) for raw in burst[:3]]
    first.close()
    second = list(reversed(burst))
    assert list(readers.read(second)) == [read(raw, SETTINGS) for raw in second]


def test_the_service_and_the_readers_share_a_burst_each_reading_what_the_other_has_not_begun(
    readers: Readers, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Neither waits idle for the other: with nothing else to do, the service reads some of the burst
    itself, and the reader process the rest."""
    import referee.mail.readers as readers_module

    here: list[bytes] = []
    real = readers_module.tried

    def counted(raw: bytes, mail: MailSettings) -> Reading | None:
        here.append(raw)  # only the service's own reading is seen here
        return real(raw, mail)

    burst = _burst() * 4
    readers.start()
    monkeypatch.setattr(readers_module, "tried", counted)
    assert list(readers.read(burst)) == [read(raw, SETTINGS) for raw in burst]
    assert 0 < len(here) < len(burst)
