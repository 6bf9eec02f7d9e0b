"""``Server-Timing``: how long the site took to answer, on every answer, for whoever measures it.

The figure is the time from the request's arrival to its answer's headers (a page is rendered by then;
a stream's time is that of its checks). It names no work and no data, only one duration the client
could nearly measure itself; ``referee bench --web`` reads it to tell the server's time from the wire's.
"""

from __future__ import annotations

import time

from starlette.types import ASGIApp, Message, Receive, Scope, Send


class ServerTiming:
    """ASGI middleware adding ``Server-Timing: app;dur=<milliseconds>`` to every HTTP answer."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = time.perf_counter()

        async def timed(message: Message) -> None:
            if message["type"] == "http.response.start":
                took = (time.perf_counter() - started) * 1000
                headers = [*message.get("headers", []), (b"server-timing", f"app;dur={took:.1f}".encode())]
                message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, timed)
