"""Running the web site under uvicorn: alone (``referee web``) or as one task of ``referee serve``."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Generator

import uvicorn

from referee.app import Referee
from referee.config import Config
from referee.web.site import build

LOG = logging.getLogger("referee.web")


class _Server(uvicorn.Server):
    """A uvicorn server that leaves signals to its host (``referee serve`` stops it with the rest)."""

    def __init__(self, config: uvicorn.Config, *, own_signals: bool) -> None:
        super().__init__(config)
        self.own_signals = own_signals

    @contextlib.contextmanager
    def capture_signals(self) -> Generator[None, None, None]:
        if self.own_signals:
            with super().capture_signals():
                yield
        else:
            yield


def web_server(config: Config, referee: Referee, *, own_signals: bool = False) -> uvicorn.Server:
    """The uvicorn server of the site of ``referee`` at ``[web] listen``; ``serve()`` runs it."""
    settings = uvicorn.Config(
        build(config, referee),
        host=config.web.host,
        port=config.web.port,
        log_level="warning",
        access_log=False,  # the paths name games and characters: not for the log
        server_header=False,
        proxy_headers=False,
        lifespan="off",
    )
    return _Server(settings, own_signals=own_signals)


def run_web(config: Config, referee: Referee) -> None:
    """Serves the site until Ctrl-C or SIGTERM."""
    server = web_server(config, referee, own_signals=True)
    LOG.info("web dashboard listening", extra={"url": config.web.base_url})
    asyncio.run(server.serve())
