"""``referee demo --web``: the demo's campaign kept on its web pages until Ctrl-C.

After the demo is played, its referee serves the dashboard and the players' pages on 127.0.0.1 (a
free port unless one is asked for). It prints the address, a game-master's login made for the demo
(an admin account with a fresh random password) and one living player's sign-in link, written as the
referee writes the one a player asks for (the notice is in the outbox; the link works once).
"""

from __future__ import annotations

import asyncio
import contextlib
import secrets
import socket
from collections.abc import Callable
from dataclasses import replace
from datetime import UTC, datetime

from referee.app import Referee, open_referee
from referee.app.links import LINK_NOTICE, Player, sign_in_link
from referee.config import Config, load_config
from referee.demo.campaign import DemoResult
from referee.demo.words import say
from referee.web.server import web_server

HOST = "127.0.0.1"
DEMO_MASTER = ("Demo game-master", "gm@example.org")
"""The name and address of the demo's game-master account."""


def free_port() -> int:
    """A TCP port on ``HOST`` that nothing listens on now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind((HOST, 0))
        return int(probe.getsockname()[1])


def serve_demo(result: DemoResult, port: int | None, echo: Callable[[str], None]) -> None:
    """Serves the web pages of the demo ``result`` until Ctrl-C, printing how to sign in once they listen
    (in the demo's language)."""
    if result.config is None:
        raise ValueError("the demo kept no configuration to serve")
    chosen = port or free_port()
    language = result.language
    base = f"http://{HOST}:{chosen}"
    loaded = load_config(result.config)
    config: Config = replace(loaded, web=replace(loaded.web, listen=f"{HOST}:{chosen}", base_url=base))
    referee = open_referee(config.database_url, config.schedules)
    now = datetime.now(UTC)
    password = secrets.token_urlsafe(12)
    name, email = DEMO_MASTER
    referee.accounts.add(name, email, password, now, admin=True)
    player, link = _player_link(referee, result.game_id, base, now)
    server = web_server(config, referee, own_signals=True)

    async def run() -> None:
        serving = asyncio.create_task(server.serve())
        while not server.started and not serving.done():
            await asyncio.sleep(0.05)
        if server.started:
            echo(say(language, "web_pages", base=base))
            echo(say(language, "web_master", base=base, email=email, password=password))
            echo(say(language, "web_link", name=player.seat, link=link))
            echo(say(language, "web_stop"))
        await serving

    with contextlib.suppress(KeyboardInterrupt):  # the server, stopped cleanly, hands Ctrl-C on
        asyncio.run(run())
    echo(say(language, "web_stopped"))


def _player_link(referee: Referee, game_id: str, base: str, now: datetime) -> tuple[Player, str]:
    """A sign-in link for the first living character of the game (else the first character)."""
    loaded = referee.load(game_id)
    characters = loaded.rules.master_view(loaded.state).get("characters", [])
    living = [c["name"] for c in characters if c.get("alive", True)]
    seats = referee.seats(game_id)
    seat = next((s for s in seats if s.name in living), seats[0])
    with referee.database.transaction() as session:
        referee.forum.link_in(session, game_id, seat.name, seat.email, now)
    notice = [n for n in referee.notices(game_id) if n.template == LINK_NOTICE and n.recipient == seat.name][
        -1
    ]
    player = Player(game_id, seat.name, seat.email.lower())
    return player, sign_in_link(base, loaded.row.secret, player, notice.id or 0)
