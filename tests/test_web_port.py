"""One setting cannot take down the rest: the web door's port is bound before anything says it listens,
so a port already taken stops ``referee serve`` (and ``referee web``) at once with one line naming the
address, and a web door that fails while serving leaves the mail and the calendar running."""

from __future__ import annotations

import asyncio
import os
import socket
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from service_helpers import Site

from referee.config import PROJECT_ROOT
from referee.service.runner import Service


@pytest.fixture
def taken_port() -> Iterator[socket.socket]:
    """A port on the loopback address that another program holds."""
    holder = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    holder.bind(("127.0.0.1", 0))
    holder.listen(1)
    yield holder
    holder.close()


@pytest.mark.parametrize("command", ["serve", "web"])
def test_a_taken_web_port_stops_the_command_at_start_in_one_line(
    tmp_path: Path, sqlite_url: str, taken_port: socket.socket, command: str
) -> None:
    port = taken_port.getsockname()[1]
    site = Site(tmp_path, sqlite_url, extra=f'\n[web]\nlisten = "127.0.0.1:{port}"\n')

    result = subprocess.run(
        [sys.executable, "-m", "referee", command, "--config", str(site.config_path)],
        capture_output=True,
        text=True,
        cwd=PROJECT_ROOT,
        env=os.environ.copy(),
        timeout=60,
        check=False,
    )

    assert result.returncode != 0
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert len(lines) == 1, result.stderr
    assert f"127.0.0.1:{port}" in lines[0] and "[web] listen" in lines[0]
    assert "listening" not in result.stderr and "Traceback" not in result.stderr


def test_a_web_door_that_fails_while_serving_leaves_the_service_running(
    tmp_path: Path, sqlite_url: str
) -> None:
    """The web task ends with an error (here: uvicorn handed a socket that is closed); the service's own
    step goes on, and stops cleanly when told."""
    holder = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    holder.bind(("127.0.0.1", 0))
    port = holder.getsockname()[1]
    holder.close()
    site = Site(tmp_path, sqlite_url, extra=f'\n[web]\nlisten = "127.0.0.1:{port}"\napart = false\n')
    broken = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    broken.close()

    async def run() -> Service:
        service = Service(site.config(), web_socket=broken)
        task = asyncio.create_task(service.run())
        for _ in range(200):
            if service.web_failure:
                break
            await asyncio.sleep(0.05)
        assert not task.done()  # the mail and the calendar go on
        service.stop()
        await asyncio.wait_for(task, 30)
        return service

    service = asyncio.run(run())

    assert service.web_failure
