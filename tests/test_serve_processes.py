"""Several `referee serve` processes on one PostgreSQL database share the work: each boundary
is resolved by exactly one of them and each mail is sent by exactly one (TS-4)."""

from __future__ import annotations

import email
import mailbox
import os
import signal
import subprocess
import sys
import time
from collections import Counter
from datetime import UTC, datetime, timedelta
from email import policy
from pathlib import Path

from service_helpers import Site, resolutions

from referee.config import PROJECT_ROOT

GAMES = 12


def test_two_services_on_one_database_resolve_each_boundary_once_and_send_each_mail_once(
    tmp_path: Path, postgres_url: str
) -> None:
    site = Site(tmp_path, postgres_url)
    start = datetime.now(UTC).replace(microsecond=0) + timedelta(seconds=4)
    for number in range(GAMES):
        site.create_game(f"castle-{number}", start, schedule="ten-sailors-blink")
    store = site.store()
    expected_notices = len(store.notices(None))
    services = [
        subprocess.Popen(
            [sys.executable, "-m", "referee", "serve", "--config", str(site.config_path)],
            stdout=(tmp_path / f"serve-{n}.log").open("wb"),
            stderr=subprocess.STDOUT,
            cwd=PROJECT_ROOT,
            env=os.environ.copy(),
        )
        for n in range(2)
    ]
    log_files = [tmp_path / f"serve-{n}.log" for n in range(2)]
    try:
        deadline = time.monotonic() + 60
        # Both must be up before the work is done: under load one may do it all while the other still
        # starts, and a SIGTERM before its handler is set would end that one with the signal's code.
        while not all('"service started"' in log.read_text() for log in log_files):
            assert time.monotonic() < deadline, [log.read_text()[-2000:] for log in log_files]
            time.sleep(0.1)
        while len(resolutions(store)) < GAMES * 2 or store.letters.backlog() != (0, 0):
            assert time.monotonic() < deadline, [log.read_text()[-2000:] for log in log_files]
            time.sleep(0.2)
    finally:
        for service in services:
            service.send_signal(signal.SIGTERM)
        codes = [service.wait(timeout=30) for service in services]
    assert codes == [0, 0]

    done = resolutions(store)
    per_game = Counter(game for game, _ in _games_and_phases(store))
    assert len(done) == len(set(_games_and_phases(store)))  # no (game, phase) twice
    assert len(per_game) == GAMES and min(per_game.values()) >= 2  # every game on, none twice
    sent = Counter(
        email.message_from_bytes(m.as_bytes(), policy=policy.default)["Message-ID"]
        for m in mailbox.Maildir(tmp_path / "outgoing", create=False)
    )
    assert len(store.notices(None)) >= expected_notices
    assert sum(sent.values()) == len(store.notices(None))
    assert set(sent.values()) == {1}
    logs = [p.read_text() for p in sorted(tmp_path.glob("serve-*.log"))]
    assert all('"service stopped"' in log for log in logs)


def _games_and_phases(store: object) -> list[tuple[str, str]]:
    from sqlmodel import Session, select

    from referee.store.models import ResolutionRow

    with Session(store.database.engine) as session:  # type: ignore[attr-defined]
        return [(row.game_id, row.phase) for row in session.exec(select(ResolutionRow)).all()]
