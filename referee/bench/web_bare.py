"""The bare web baseline of ``referee bench --web``: a Starlette app that answers the same addresses with
the same bytes as the referee's site, and pushes ``changed`` on the same streams to the same pages (talk
with its line, orders naming their part), with nothing of the referee behind it (no session read, no
database, no template).

It is run in a process of its own (``python -m referee.bench.web_bare SPEC PORT``) under uvicorn, as
``referee serve`` runs the site, so that the same client drives both the same way. ``SPEC`` is a JSON file:
``bodies`` (the bytes of each kind of answer, as text; the parts of a player's page asked for alone are
cut from its page once, then served as they are) and ``rooms`` (``"game/seat"`` to the place the
seat is in: talk posted there is pushed to every open page of that place, as the referee pushes it).
"""

from __future__ import annotations

import asyncio
import html
import json
import sys
from collections import defaultdict
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import uvicorn
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, Response, StreamingResponse
from starlette.routing import Route

from referee.web.fragments import cut

BODIES = ("player", "game", "campaigns", "answer")
"""The kinds of answer the bare app serves: a player's page, a game's, the campaigns list, a post's answer."""


def bare_app(spec: dict[str, Any]) -> Starlette:
    """The bare app of ``spec`` (``bodies``, ``rooms``)."""
    bodies: dict[str, str] = spec["bodies"]
    rooms: dict[str, str] = spec["rooms"]
    open_pages: dict[tuple[str, str], set[asyncio.Queue[str]]] = defaultdict(set)
    own: dict[str, set[asyncio.Queue[str]]] = defaultdict(set)

    fragments: dict[str, str] = {}

    async def player(request: Request) -> Response:
        parts = request.query_params.get("parts", "")
        if not parts:
            return HTMLResponse(bodies["player"])
        if parts not in fragments:
            fragments[parts] = cut(bodies["player"], tuple(parts.split(",")))
        return HTMLResponse(fragments[parts])

    async def game(request: Request) -> Response:
        return HTMLResponse(bodies["game"])

    async def campaigns(request: Request) -> Response:
        return HTMLResponse(bodies["campaigns"])

    async def act(request: Request) -> Response:
        form = await request.form()
        game_id, seat = request.path_params["game"], request.path_params["seat"]
        key = f"{game_id}/{seat}"
        if request.path_params["action"] == "say":
            line = {
                "place": rooms.get(key, ""),
                "day": "1",
                "key": key,
                "html": html.escape(str(form["text"])),
            }
            message: dict[str, object] = {"parts": [], "said": [line]}
            told = open_pages[(game_id, rooms.get(key, ""))]
        else:
            told, message = own[key], {"parts": ["orders-now"]}
        for queue in told:
            queue.put_nowait(f"event: changed\ndata: {json.dumps(message, ensure_ascii=False)}\n\n")
        return HTMLResponse(bodies["answer"])

    async def live(request: Request) -> Response:
        path = request.query_params.get("path", "")
        _, _, game_id, seat = [*path.split("/"), "", "", "", ""][:4]
        key = f"{game_id}/{seat}"
        queue: asyncio.Queue[str] = asyncio.Queue()
        place = (game_id, rooms.get(key, ""))

        async def events() -> AsyncIterator[str]:
            open_pages[place].add(queue)
            own[key].add(queue)
            try:
                yield "retry: 3000\n: live\n\n"
                while True:
                    yield await queue.get()
            finally:
                open_pages[place].discard(queue)
                own[key].discard(queue)

        return StreamingResponse(
            events(), media_type="text/event-stream", headers={"Cache-Control": "no-store"}
        )

    return Starlette(
        routes=[
            Route("/play/{game}/{seat}", player),
            Route("/play/{game}/{seat}/{action}", act, methods=["POST"]),
            Route("/games/{game}", game),
            Route("/campaigns", campaigns),
            Route("/live", live),
        ]
    )


def serve_bare(spec_file: Path, port: int) -> None:
    """Serves the bare app of the JSON file ``spec_file`` on loopback ``port`` until stopped."""
    spec = json.loads(spec_file.read_text(encoding="utf-8"))
    uvicorn.run(
        bare_app(spec),
        host="127.0.0.1",
        port=port,
        log_level="warning",
        access_log=False,
        lifespan="off",
        timeout_graceful_shutdown=2,
    )


if __name__ == "__main__":
    serve_bare(Path(sys.argv[1]), int(sys.argv[2]))
