"""A service asked to stop finishes the step in hand before it closes anything (TS-4: the boundary
it is resolving is resolved and kept, and nothing it uses is closed under it)."""

from __future__ import annotations

import asyncio
import logging
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
import service_helpers as helpers
from service_helpers import Site

from referee.core import hooks
from referee.service.runner import Service


def test_ts4_a_stop_asked_during_a_resolution_waits_for_it_and_then_closes(
    tmp_path: Path, sqlite_url: str, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    site = Site(tmp_path, sqlite_url)
    site.create_game("castle", datetime.now(UTC) - timedelta(seconds=70))  # its first night is over
    service = Service(site.config())
    happened: list[str] = []
    loop: asyncio.AbstractEventLoop | None = None

    def resolving(point: str) -> None:  # in the step's thread, inside the resolution
        if point == "resolve" and loop is not None and "stop asked" not in happened:
            loop.call_soon_threadsafe(service.stop)
            happened.append("stop asked")
            time.sleep(0.5)  # the loop meanwhile goes on to stop

    step, close = service._step, service._close

    def stepped() -> None:
        step()
        happened.append("step done")

    async def closed() -> None:
        happened.append("closing")
        await close()

    async def run() -> None:
        nonlocal loop
        loop = asyncio.get_running_loop()
        await service.run()

    monkeypatch.setattr(hooks, "_callbacks", [resolving])
    monkeypatch.setattr(service, "_step", stepped)
    monkeypatch.setattr(service, "_close", closed)
    with caplog.at_level(logging.ERROR):
        asyncio.run(run())
    assert happened[:3] == ["stop asked", "step done", "closing"]
    assert [phase for phase, _ in helpers.resolutions(site.store())] == ["d0n"]
    assert not [record for record in caplog.records if "raised an exception" in record.getMessage()]
