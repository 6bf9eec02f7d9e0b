"""``referee serve`` runs the web site in a process of its own (``[web] apart``, the default): the pages
and the mail each have a process, a crashed site is started again while the mail goes on, and the
site's process never outlives the service — stopped or killed, the port is free again at once."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from service_helpers import Site

from referee.config import PROJECT_ROOT, ConfigError, load_config
from referee.testing.loopback import free_port

WAIT = 30.0
"""Seconds a test waits for something that should take a second or two."""


def _children(pid: int) -> set[int]:
    """The site's processes whose parent is ``pid`` (from /proc: not the service's mail readers)."""
    found = set()
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rpartition(")")[2].split()
            command = (entry / "cmdline").read_bytes().split(b"\0")
        except OSError:
            continue
        if int(fields[1]) == pid and b"web" in command and b"--fd" in command:
            found.add(int(entry.name))
    return found


def _answers(base: str) -> bool:
    try:
        with urllib.request.urlopen(f"{base}/healthz", timeout=2) as answer:
            return bool(answer.status == 200)
    except OSError:
        return False


def _until(what: object, timeout: float = WAIT) -> None:
    deadline = time.monotonic() + timeout
    while not what():  # type: ignore[operator]
        assert time.monotonic() < deadline, f"not within {timeout} s"
        time.sleep(0.1)


def _free(port: int) -> bool:
    """Whether ``port`` on the loopback address can be bound and listened on (nobody listens there)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind(("127.0.0.1", port))
            probe.listen(1)
        except OSError:
            return False
    return True


@contextmanager
def _serving(
    tmp_path: Path, sqlite_url: str, more: str = ""
) -> Iterator[tuple[subprocess.Popen[bytes], str, int]]:
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    web = f'\n[web]\nlisten = "127.0.0.1:{port}"\nbase_url = "{base}"\n{more}'
    site = Site(tmp_path, sqlite_url, extra=web)
    command = [sys.executable, "-m", "referee", "serve", "--config", str(site.config_path)]
    service = subprocess.Popen(command, cwd=PROJECT_ROOT, env=os.environ.copy(), stderr=subprocess.PIPE)
    try:
        _until(lambda: _answers(base) or service.poll() is not None)
        assert service.poll() is None, service.stderr.read() if service.stderr else ""
        yield service, base, port
    finally:
        if service.poll() is None:
            service.kill()
        service.wait(timeout=WAIT)
        if service.stderr is not None:
            service.stderr.close()


def test_serve_answers_pages_from_a_process_of_its_own_and_both_stop_together(
    tmp_path: Path, sqlite_url: str
) -> None:
    with _serving(tmp_path, sqlite_url) as (service, base, port):
        (site,) = _children(service.pid)
        assert site != service.pid and _answers(base)

        service.send_signal(signal.SIGTERM)
        assert service.wait(timeout=WAIT) == 0
        _until(lambda: not Path(f"/proc/{site}").exists() or "Z" in Path(f"/proc/{site}/stat").read_text())
        assert _free(port)


def test_a_crashed_site_is_started_again_while_the_service_runs_on(tmp_path: Path, sqlite_url: str) -> None:
    with _serving(tmp_path, sqlite_url) as (service, base, _):
        (site,) = _children(service.pid)
        os.kill(site, signal.SIGKILL)
        _until(lambda: _children(service.pid) - {site} != set() and _answers(base))

        assert service.poll() is None
        assert site not in _children(service.pid)


def test_a_killed_service_leaves_no_site_holding_its_port(tmp_path: Path, sqlite_url: str) -> None:
    """The system closes a killed service's end of the pipe: its site stops taking connections, and a
    service started again can bind the port."""
    with _serving(tmp_path, sqlite_url) as (service, base, port):
        (site,) = _children(service.pid)
        service.kill()
        service.wait(timeout=WAIT)
        _until(lambda: _free(port), timeout=5)
        _until(lambda: not Path(f"/proc/{site}").exists(), timeout=WAIT)
        assert not _answers(base)


def test_several_site_processes_share_the_port_and_stop_with_the_service(
    tmp_path: Path, sqlite_url: str
) -> None:
    with _serving(tmp_path, sqlite_url, "processes = 2\n") as (service, base, port):
        _until(lambda: len(_children(service.pid)) == 2)
        sites = _children(service.pid)
        assert all(_answers(base) for _ in range(6))
        os.kill(min(sites), signal.SIGKILL)  # one crashes: the other answers, and it is started again
        assert _answers(base)
        _until(lambda: len(_children(service.pid) - {min(sites)}) == 2)
        service.send_signal(signal.SIGTERM)
        assert service.wait(timeout=WAIT) == 0
        _until(lambda: _free(port))


@pytest.mark.parametrize("value", ["0", "true", '"2"', "65"])
def test_web_processes_takes_a_number_from_one_to_sixty_four(
    tmp_path: Path, sqlite_url: str, value: str
) -> None:
    site = Site(tmp_path, sqlite_url, extra=f"\n[web]\nprocesses = {value}\n")
    with pytest.raises(ConfigError, match=r"\[web\] processes must be a number from 1 to 64"):
        load_config(site.config_path)


@pytest.mark.parametrize("value", ['"yes"', "1"])
def test_web_apart_takes_true_or_false_alone(tmp_path: Path, sqlite_url: str, value: str) -> None:
    site = Site(tmp_path, sqlite_url, extra=f"\n[web]\napart = {value}\n")
    with pytest.raises(ConfigError, match=r"\[web\] apart must be true or false"):
        load_config(site.config_path)
