"""Running the web site under uvicorn: alone (``referee web``) or as one task of ``referee serve``."""

from __future__ import annotations

import asyncio
import contextlib
import gc
import logging
import socket
import sys
import threading
from collections.abc import Generator

import uvicorn

from referee.app import Referee
from referee.config import Config
from referee.web.live import Live
from referee.web.site import build

LOG = logging.getLogger("referee.web")

GRACE_SECONDS = 10
"""How long a stopping web door waits for the requests in hand before it cuts them."""


class _Server(uvicorn.Server):
    """A uvicorn server that leaves signals to its host (``referee serve`` stops it with the rest)."""

    def __init__(self, config: uvicorn.Config, *, own_signals: bool, live: Live) -> None:
        super().__init__(config)
        self.own_signals = own_signals
        self.live = live

    async def shutdown(self, sockets: list[socket.socket] | None = None) -> None:
        self.live.close()  # open pages' streams end: uvicorn waits for every response to end
        await super().shutdown(sockets)

    @contextlib.contextmanager
    def capture_signals(self) -> Generator[None, None, None]:
        if self.own_signals:
            with super().capture_signals():
                yield
        else:
            yield


class CannotListen(OSError):
    """The web door's address cannot be listened on (taken, not this machine's, not allowed)."""


def listening_socket(config: Config) -> socket.socket:
    """A socket bound to ``[web] listen`` and listening, made before anything says the site is up: a
    port already taken is known at once, as one sentence (``CannotListen``), not after the service
    started."""
    host, port = config.web.host, config.web.port
    try:
        family = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)[0][0]
        sock = socket.socket(family, socket.SOCK_STREAM)
    except OSError as error:
        raise CannotListen(
            f"the web door cannot listen on {config.web.listen}: {error.strerror or error}"
        ) from None
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((host, port))
        sock.listen(2048)
    except OSError as error:
        sock.close()
        why = error.strerror or str(error)
        hint = " (another program holds that port)" if error.errno == 98 else ""
        raise CannotListen(
            f"the web door cannot listen on {host}:{port}: {why}{hint}; change [web] listen in the "
            "configuration, or stop what holds it"
        ) from None
    sock.setblocking(False)
    return sock


def web_server(config: Config, referee: Referee, *, own_signals: bool = False) -> uvicorn.Server:
    """The uvicorn server of the site of ``referee`` at ``[web] listen``; ``serve()`` runs it."""
    app = build(config, referee)
    settings = uvicorn.Config(
        app,
        host=config.web.host,
        port=config.web.port,
        log_level="warning",
        access_log=False,  # the paths name games and characters: not for the log
        server_header=False,
        proxy_headers=False,
        lifespan="off",
        timeout_graceful_shutdown=GRACE_SECONDS,
    )
    return _Server(settings, own_signals=own_signals, live=app.state.live)


def run_web(config: Config, referee: Referee, sock: socket.socket, *, until_input_ends: bool = False) -> None:
    """Serves the site on ``sock`` (from ``listening_socket``) until Ctrl-C or SIGTERM; with
    ``until_input_ends`` (the site's process of ``referee serve``), also until its standard input ends:
    the service stopped or died."""
    sock.setblocking(False)
    server = web_server(config, referee, own_signals=True)
    if until_input_ends:
        threading.Thread(target=_stop_at_end_of_input, args=(server,), name="parent", daemon=True).start()
    else:
        LOG.info("web dashboard listening", extra={"url": config.web.base_url})
    gc.collect()
    gc.freeze()  # what start-up loaded (templates, rules, dictionaries) stays: collections skip it
    asyncio.run(server.serve(sockets=[sock]))


def _stop_at_end_of_input(server: uvicorn.Server) -> None:
    """Reads standard input to its end, then asks ``server`` to stop (it closes its socket first)."""
    with contextlib.suppress(OSError, ValueError):
        while sys.stdin.buffer.read(4096):
            pass
    server.should_exit = True
