"""``/healthz`` and ``/metrics``: how the referee stands, for the people and programs that run it.

``/metrics`` is Prometheus's text format (prometheus-client), read fresh from the database at each
scrape: games by state, the outbox waiting and refused for good, mails in and out, resolutions. It
holds counts only, never a name, an address or a mail.
"""

from __future__ import annotations

from prometheus_client import CONTENT_TYPE_LATEST, CollectorRegistry, Gauge, generate_latest
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


async def healthz(request: Request) -> Response:
    """200 while the database answers, 503 when it does not."""
    referee: Referee = request.app.state.referee
    try:
        referee.games()
    except Exception as error:  # whatever keeps the database from answering
        return JSONResponse({"ok": False, "error": type(error).__name__}, status_code=503)
    return JSONResponse({"ok": True})


async def metrics(request: Request) -> Response:
    """The metrics, for Prometheus."""
    return Response(numbers(request.app.state.referee), media_type=CONTENT_TYPE_LATEST)
