"""Checkpoints (``referee.core.hooks``) and the crash points the fault tests arm on them
(``referee.testing.faults``): nothing happens unless a tool registers; the service never
imports the dev tools."""

from __future__ import annotations

import os
import signal
import subprocess
import sys

import pytest

from referee.core import hooks
from referee.testing import faults


@pytest.fixture(autouse=True)
def fresh_hooks(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each test starts with no callbacks and the crash points not installed."""
    monkeypatch.setattr(hooks, "_callbacks", [])
    monkeypatch.setattr(faults, "_installed", False)
    monkeypatch.setattr(faults, "_reached", {})


def test_a_registered_callback_sees_every_checkpoint_in_order() -> None:
    seen: list[str] = []
    hooks.on_checkpoint(seen.append)
    hooks.checkpoint("resolve")
    hooks.checkpoint("sent")
    assert seen == ["resolve", "sent"]


def test_without_callbacks_a_checkpoint_does_nothing_even_with_the_crash_variable_set() -> None:
    code = "from referee.core.hooks import checkpoint\ncheckpoint('resolve')\nprint('alive')\n"
    result = _run(code, "resolve:1")  # faults.install() is never called: the process lives on
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["alive"]


def test_installed_faults_leave_other_points_alone(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(faults.VARIABLE, "sent:1")
    faults.install()
    faults.install()  # a second install registers nothing more
    assert len(hooks._callbacks) == 1
    for _ in range(3):
        hooks.checkpoint("resolve")  # another point: still alive
    assert faults._reached == {}


def _run(code: str, crash_at: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", code],
        env={**os.environ, faults.VARIABLE: crash_at},
        capture_output=True,
        text=True,
        check=False,
    )


def test_installed_faults_kill_the_process_the_nth_time_the_point_is_reached() -> None:
    code = (
        "from referee.testing import faults\n"
        "from referee.core.hooks import checkpoint\n"
        "faults.install()\n"
        "checkpoint('sent'); print('first', flush=True)\n"
        "checkpoint('sent'); print('second', flush=True)\n"
    )
    result = _run(code, "sent:2")
    assert result.returncode == -signal.SIGKILL, result.stderr
    assert result.stdout.split() == ["first"]


def test_the_service_and_the_command_line_import_no_dev_tools() -> None:
    code = (
        "import sys\n"
        "import referee.cli, referee.service.runner, referee.app, referee.mail.delivery\n"
        "print(' '.join(sorted(m for m in sys.modules if m.split('.')[:2] in "
        "(['referee', 'testing'], ['referee', 'demo'], ['referee', 'bench']))))\n"
    )
    result = _run(code, "")
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == []


def test_the_dev_entry_point_is_the_whole_command_line() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "referee.testing", "--help"], capture_output=True, text=True, check=False
    )
    assert result.returncode == 0, result.stderr
    assert "serve" in result.stdout and "demo" in result.stdout
