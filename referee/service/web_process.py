"""The web site in a process of its own beside ``referee serve`` (``[web] apart``, the default).

The service binds the site's socket before anything starts (a port taken stops it in one line) and
hands that socket to ``referee web --fd N``, started as its child: the pages and the mail then each
have a process (and a core) and neither waits for the other's work. The child reads its standard
input; when the service closes it — stopping, or killed, since the system closes a dead process's
pipes — the child stops taking connections at once and finishes the requests in hand. A child that
ends on its own (a crash) is logged and started again on the same socket after a short wait, growing
to a minute while it keeps failing: the mail and the calendar never wait for it.
"""

from __future__ import annotations

import contextlib
import logging
import random
import socket
import subprocess
import sys
import time

from referee.config import Config
from referee.mail.transports import backoff

LOG = logging.getLogger("referee.service")

STOP_SECONDS = 20.0
"""How long a stopping service waits for the site's process (its requests in hand) before killing it."""

RESTART_CAP = 60.0
"""The longest wait, in seconds, before a site's process that keeps ending is started again."""

STEADY_SECONDS = 60.0
"""A child that ran this long before it ended is started again as if for the first time."""


class WebProcess:
    """The child process serving the site on ``sock`` for the service of ``config``."""

    def __init__(self, config: Config, sock: socket.socket, log_level: str = "info") -> None:
        self.sock = sock
        self.command = [sys.executable, "-m", "referee", "web", "--fd", str(sock.fileno())]
        self.command += ["--log-level", log_level, "--config", str(config.path)]
        self.failures = 0
        self.failure = ""
        """Why the site's process last ended on its own ("" while it never has)."""
        self.retry_at = 0.0
        self.rng = random.Random()
        self.process: subprocess.Popen[bytes] | None = None
        self._start()

    def _start(self) -> None:
        self.started = time.monotonic()
        self.process = subprocess.Popen(self.command, stdin=subprocess.PIPE, pass_fds=(self.sock.fileno(),))

    @property
    def pid(self) -> int | None:
        """The child's process id (None between a crash and its restart)."""
        return self.process.pid if self.process is not None else None

    def check(self) -> None:
        """Notices a child that ended on its own (logged once) and starts a new one when its wait is over."""
        now = time.monotonic()
        if self.process is not None:
            code = self.process.poll()
            if code is None:
                return
            if now - self.started >= STEADY_SECONDS:
                self.failures = 0
            self.failures += 1
            wait = backoff(self.failures, self.rng, cap=RESTART_CAP)
            self.failure = f"the site's process ended with code {code}"
            LOG.error(
                "the web door stopped; mail and the calendar go on",
                extra={"why": self.failure, "retry_in": round(wait, 1)},
            )
            self.process, self.retry_at = None, now + wait
        if self.process is None and now >= self.retry_at:
            self._start()
            LOG.info("web dashboard started again", extra={"pid": self.pid})

    def stop(self, timeout: float = STOP_SECONDS) -> None:
        """Closes the child's input (it stops taking connections and ends the requests in hand) and waits
        for it; kills it after ``timeout`` seconds."""
        process, self.process = self.process, None
        if process is None:
            return
        with contextlib.suppress(OSError):
            if process.stdin is not None:
                process.stdin.close()
        try:
            process.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
