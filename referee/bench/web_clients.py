"""The load of ``referee bench --web`` driven by several client processes at once.

One asyncio client, in one process, cannot open a thousand pages and read every change pushed to them
at twenty posts a second: it would measure itself. The plan is split by game (every open page of a game,
and so every post and every page it must reach, in one client), each client opens its pages, all start
their load together, and what they measured is put together. ``time.perf_counter`` reads the machine's
monotonic clock, the same in every process, so the load's start and end compare across them.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import queue
import threading
import time
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from referee.bench.web_load import Measured, Plan, drive

WAIT_FOR_CLIENT = 600.0
"""Seconds a client may take to open its pages and run its load before the bench gives up on it."""


def split(plan: Plan, clients: int) -> list[Plan]:
    """``plan`` cut into ``clients`` plans of whole games, the posts and orders shared among them by
    their posters; the first holds the day-9 game and every game-master's visit."""
    games: list[str] = []
    for page in plan.pages:
        if page.game_id not in games:
            games.append(page.game_id)
    if plan.day9_game in games:
        games.remove(plan.day9_game)
        games.insert(0, plan.day9_game)
    share = {game: number % clients for number, game in enumerate(games)}
    parts = []
    for client in range(clients):
        pages = [page for page in plan.pages if share[page.game_id] == client]
        posters = [page for page in plan.posters if share[page.game_id] == client]
        weight = len(posters) / max(1, len(plan.posters))
        parts.append(
            replace(
                plan,
                pages=pages,
                posters=posters,
                posts=plan.posts * weight,
                orders=plan.orders * len(pages) / max(1, len(plan.pages)),
                masters=plan.masters if client == 0 else 0.0,
            )
        )
    return [part for part in parts if part.pages]


def merged(parts: list[Measured]) -> Measured:
    """What several clients measured, as one."""
    whole = Measured()
    for part in parts:
        for route, values in part.client.items():
            whole.client[route].extend(values)
        for route, values in part.server.items():
            whole.server[route].extend(values)
        for route, count in part.errors.items():
            whole.errors[route] += count
        whole.posts.extend(part.posts)
        whole.streams_opened += part.streams_opened
    whole.load_started = min((part.load_started for part in parts), default=0.0)
    whole.load_ended = max((part.load_ended for part in parts), default=0.0)
    return whole


def _client(base: str, plan: Plan, bare: bool, start: Any, stop: Any, results: Any) -> None:
    """One client process: its pages opened, the others waited for, its load, what it measured sent."""

    def more() -> bool:
        return stop is not None and not stop.is_set()

    try:
        measured = asyncio.run(drive(base, plan, bare=bare, ready=start.wait, more=more))
    except BaseException as error:  # told to the bench, which raises it
        start.abort()
        results.put(("failed", repr(error)))
        raise
    results.put(("measured", measured))


def drive_apart(
    base: str,
    plan: Plan,
    clients: int,
    *,
    bare: bool,
    during: Callable[[], None] | None = None,
    beside: Callable[[], None] | None = None,
) -> Measured:
    """``drive`` with the plan's pages spread over ``clients`` processes (one: in this one); ``during``
    and ``beside`` run here, as ``drive`` runs them."""
    if clients <= 1:
        return asyncio.run(drive(base, plan, bare=bare, during=during, beside=beside))
    parts = split(plan, clients)
    context = multiprocessing.get_context("fork")  # the children need nothing but the plan
    start = context.Barrier(len(parts) + 1)
    stop = context.Event() if beside is not None else None
    results: Any = context.Queue()
    processes = [
        context.Process(target=_client, args=(base, part, bare, start, stop, results), daemon=True)
        for part in parts
    ]
    for process in processes:
        process.start()
    try:
        start.wait(timeout=WAIT_FOR_CLIENT)
        raised: list[BaseException] = []

        def alongside() -> None:
            try:
                assert beside is not None
                beside()
            except BaseException as error:  # raised here once the clients are done
                raised.append(error)

        side = threading.Thread(target=alongside) if beside is not None else None
        if side is not None:
            side.start()
        found: list[Measured] = []
        deadline = time.monotonic() + WAIT_FOR_CLIENT
        while len(found) < len(parts):
            if during is not None:
                during()
            if side is not None and not side.is_alive() and stop is not None:
                stop.set()
            try:
                kind, value = results.get(timeout=1.0)
            except queue.Empty:
                if time.monotonic() > deadline:
                    raise RuntimeError("a benchmark client did not finish") from None
                continue
            if kind == "failed":
                raise RuntimeError(f"a benchmark client failed: {value}")
            found.append(value)
        if side is not None:
            side.join()
        if raised:
            raise raised[0]
        return merged(found)
    finally:
        for process in processes:
            process.join(timeout=10)
            if process.is_alive():
                process.kill()
