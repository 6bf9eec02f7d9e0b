"""``referee demo --web``: a newcomer's one command plays the demo campaign and keeps its web pages
running, printing the address, a game-master's login and one player's sign-in link; both sign in over
real HTTP, and Ctrl-C stops it."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import httpx
from web_helpers import token

from referee.config import PROJECT_ROOT

READY = "Ctrl-C stops the web pages"


def _started(directory: Path) -> tuple[subprocess.Popen[str], list[str]]:
    """``referee demo --players 3 --web`` as its own process, and what it printed until it listened."""
    env = {**os.environ, "PYTHONPATH": str(PROJECT_ROOT)}
    env.pop("REFEREE_CONFIG", None)
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "referee",
            "demo",
            "--players",
            "3",
            "--keep",
            str(directory / "demo"),
            "--web",
        ],
        cwd=directory,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    assert process.stdout is not None
    lines: list[str] = []
    deadline = time.monotonic() + 180
    while time.monotonic() < deadline:
        line = process.stdout.readline()
        if not line:
            break
        lines.append(line.rstrip("\n"))
        if READY in line:
            return process, lines
    process.kill()
    raise AssertionError("the demo never said it was listening:\n" + "\n".join(lines))


def test_referee_demo_web_prints_an_address_a_login_and_a_link_that_sign_in_over_http(tmp_path: Path) -> None:
    process, lines = _started(tmp_path)
    try:
        printed = "\n".join(lines)
        assert "the game is over" in printed
        address = re.search(r"web pages: (http://127\.0\.0\.1:\d+)/", printed)
        login = re.search(r"as (\S+@\S+) with the password (\S+)", printed)
        link = re.search(r"(\w+)'s sign-in link \(works once\): (http://\S+)", printed)
        assert address and login and link, printed
        base = address.group(1)
        with httpx.Client(base_url=base) as master:
            form = master.get("/login")
            signed = master.post(
                "/login",
                data={"csrf": token(form.text), "email": login.group(1), "password": login.group(2)},
            )
            assert signed.status_code == 303 and signed.headers["location"] == "/campaigns"
            campaigns = master.get("/campaigns")
            assert campaigns.status_code == 200 and "/games/demo-2026" in campaigns.text
            assert master.get("/games/demo-2026").status_code == 200
        name, url = link.group(1), link.group(2)
        assert url.startswith(f"{base}/join/demo-2026/")
        with httpx.Client(base_url=base) as player:
            button = player.get(url.removeprefix(base))
            entered = player.post(url.removeprefix(base), data={"csrf": token(button.text)})
            assert entered.status_code == 303 and entered.headers["location"] == f"/play/demo-2026/{name}"
            assert player.get(f"/play/demo-2026/{name}").status_code == 200
            assert player.get("/campaigns").status_code == 401  # a player is no game-master
        with httpx.Client(base_url=base) as stranger:
            again = stranger.get(url.removeprefix(base))
            used = stranger.post(url.removeprefix(base), data={"csrf": token(again.text)})
            assert used.status_code != 303  # the link worked once
    finally:
        process.send_signal(signal.SIGINT)
        code = process.wait(timeout=30)
    assert code == 0
