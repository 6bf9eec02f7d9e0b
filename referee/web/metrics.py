"""``/healthz`` and ``/metrics``: how the referee stands, for the people and programs that run it.

``/metrics`` is Prometheus's text format (prometheus-client): games by state, the outbox waiting and
refused for good, mails in and out, resolutions, counted by the database (``Dashboard.metrics``) and
kept for ``METRICS_SECONDS``, however many scrape meanwhile. It holds counts only, never a name, an
address or a mail. ``/healthz`` asks the database one constant. Both read off the event loop (a
worker thread), so polling them delays neither the pages nor the mail service on the same loop.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable

from prometheus_client import CONTENT_TYPE_LATEST, CollectorRegistry, Gauge, generate_latest
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from referee.app import Referee


def numbers(referee: Referee) -> bytes:
    """The metrics of ``referee`` in Prometheus's text format."""
    figures = referee.dashboard.metrics()
    registry = CollectorRegistry()
    games = Gauge("referee_games", "Games by state.", ["state"], registry=registry)
    for state, count in figures["games"].items():
        games.labels(state=state).set(count)
    simple = {
        "referee_outbox_waiting": ("Mails waiting to be sent.", figures["outbox_waiting"]),
        "referee_outbox_failed": ("Mails the mail server refused for good.", figures["outbox_failed"]),
        "referee_mail_received": ("Mails received, ever.", figures["mail_in"]),
        "referee_mail_sent": ("Mails sent, ever.", figures["mail_out"]),
        "referee_resolutions": ("Phases resolved, ever.", figures["resolutions"]),
    }
    for name, (description, value) in simple.items():
        Gauge(name, description, registry=registry).set(value)
    return generate_latest(registry)


METRICS_SECONDS = 5.0
"""How long one reading of the metrics is served again (Prometheus scrapes every 15 s or more)."""


class Figures:
    """The metrics of ``referee``, read at most once every ``seconds`` (scrapes meanwhile share one
    reading; a scrape arriving while it is being read waits for it rather than reading again)."""

    def __init__(
        self, referee: Referee, seconds: float = METRICS_SECONDS, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.referee, self.seconds, self.clock = referee, seconds, clock
        self.lock = threading.Lock()
        self.text = b""
        self.read_at = float("-inf")

    def current(self) -> bytes:
        """The metrics, read again if the last reading is older than ``seconds`` (in a worker thread)."""
        with self.lock:
            if self.clock() - self.read_at >= self.seconds:
                self.text = numbers(self.referee)
                self.read_at = self.clock()
            return self.text


async def healthz(request: Request) -> Response:
    """200 while the database answers, 503 when it does not."""
    referee: Referee = request.app.state.referee
    try:
        await run_in_threadpool(referee.dashboard.answers)
    except Exception as error:  # whatever keeps the database from answering
        return JSONResponse({"ok": False, "error": type(error).__name__}, status_code=503)
    return JSONResponse({"ok": True})


async def metrics(request: Request) -> Response:
    """The metrics, for Prometheus."""
    figures: Figures = request.app.state.figures
    return Response(await run_in_threadpool(figures.current), media_type=CONTENT_TYPE_LATEST)
