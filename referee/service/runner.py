"""The service loop: take mail in, resolve the boundaries that are due, send the outbox.

Three things run side by side on one asyncio loop:

- the **step**, run by APScheduler every ``tick_seconds`` and whenever new mail is
  announced: it reads every unread mail and takes each in *after* the boundaries that
  fell due before the mail arrived (so after downtime everything happens in the order
  it would have happened), then resolves the boundaries due now and writes the
  reminders owed. While the inbox cannot be read, no boundary is resolved: a boundary
  never closes without the orders that arrived before it.
- the **watcher** waits for new mail (IMAP IDLE where the server offers it) and runs a
  step as soon as some arrives;
- the **sender** sends the outbox, retrying temporary failures with growing pauses.

All truth is in the database, so any number of these services may share one
PostgreSQL database: each boundary is resolved by one of them, each mail sent by one.

With ``[service] workers = N`` (PostgreSQL only) the service starts N - 1 **worker**
processes beside itself that only resolve boundaries. Each time the service catches up
to a moment (its mail taken in up to there), it tells the workers that moment through
their standard input; all of them then take batches of the games due by then, each batch
the next games no other process holds, and the service waits for the last of them before
it takes in later mail. The workers stop when the service closes their input (it stopped,
or died) or on SIGTERM.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import logging
import os
import random
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterable, Iterator, Mapping
from datetime import UTC, datetime, timedelta
from typing import IO, Any

from apscheduler.schedulers.asyncio import AsyncIOScheduler
from sqlalchemy.exc import DBAPIError, InterfaceError, OperationalError

from referee.app import Due, Resolved, collector_paused, open_referee, resolve_batch, resolve_next
from referee.config import Config
from referee.mail.connect import open_inbox, open_outbox
from referee.mail.delivery import claim_size, send_due
from referee.mail.intake import EXPECTED, expect, ingest, prepare
from referee.mail.owners import process_name
from referee.mail.readers import Readers, Reading
from referee.mail.transports import Inbox, Outbox, backoff, fetches
from referee.render import Renderer

LOG = logging.getLogger("referee.service")

Clock = Callable[[], datetime]


RETRY_CAP = 60.0
"""The longest wait, in seconds, before a server that went away is tried again."""


class Service:
    """One ``referee serve`` process over the games, mail and schedules of ``config``."""

    def __init__(
        self,
        config: Config,
        *,
        env: Mapping[str, str] = os.environ,
        clock: Clock | None = None,
        workers: Workers | None = None,
        web_socket: socket.socket | None = None,
        log_level: str = "info",
    ) -> None:
        self.config = config
        self.log_level = log_level
        self.web_pid: int | None = None
        """The web door's own process (``[web] apart``), while it runs."""
        self.workers = workers
        self.web_socket = web_socket
        self.web_failure = ""
        """Why the web door stopped, if it did: the mail and the calendar go on without it."""
        self.env = env
        self.now: Clock = clock or (lambda: datetime.now(UTC))
        self.referee = open_referee(config.database_url, config.schedules)
        self.calendar = self.referee.calendar
        self.renderer = Renderer(config.templates)
        self.owner = process_name()
        self.stopping = asyncio.Event()
        self.mail_waiting = asyncio.Event()
        self.step_lock = asyncio.Lock()
        self.rng = random.Random()
        self.inbox: Inbox | None = None
        self.watcher_inbox: Inbox | None = None
        self.outbox: Outbox | None = None
        self.inbox_failures = 0
        self.inbox_retry_at = 0.0
        self.readers = Readers(config.mail, config.service.readers)

    async def run(self) -> None:
        """Runs until SIGTERM or SIGINT (or ``stop``), then finishes the work in hand and returns."""
        loop = asyncio.get_running_loop()
        for number in (signal.SIGTERM, signal.SIGINT):
            loop.add_signal_handler(number, self.stop)
        prepare(self.referee)  # dictionaries loaded now, not while the first mail waits
        gc.collect()
        gc.freeze()  # what start-up loaded (dictionaries, templates, rules) stays: collections skip it
        scheduler = AsyncIOScheduler(timezone=UTC, event_loop=loop)
        scheduler.add_job(
            self.step,
            "interval",
            seconds=self.config.service.tick_seconds,
            next_run_time=datetime.now(UTC),
            max_instances=1,
            coalesce=True,
            misfire_grace_time=None,
        )
        scheduler.start()
        LOG.info(
            "service started", extra={"worker": self.owner, "database": _safe_url(self.config.database_url)}
        )
        tasks = [asyncio.create_task(self._watch()), asyncio.create_task(self._send())]
        web = None
        if self.config.web.listen and self.config.web.apart:  # the web dashboard in a process of its own
            tasks.append(asyncio.create_task(self._web_apart()))
            LOG.info("web dashboard listening", extra={"url": self.config.web.base_url})
        elif self.config.web.listen:  # the web dashboard on the same loop
            from referee.web.server import web_server

            web = web_server(self.config, self.referee)
            sockets = [self.web_socket] if self.web_socket is not None else None
            tasks.append(asyncio.create_task(self._web(web, sockets)))
            LOG.info("web dashboard listening", extra={"url": self.config.web.base_url})
        await self.stopping.wait()
        if web is not None:
            web.should_exit = True
        async with self.step_lock:  # the step in hand finishes first: shutting down cancels a job
            scheduler.shutdown(wait=False)  # running, and its thread would go on as things close
        self.mail_waiting.set()
        await asyncio.gather(*tasks, return_exceptions=True)
        await self._close()
        LOG.info("service stopped", extra={"worker": self.owner})

    async def _web(self, web: Any, sockets: list[socket.socket] | None) -> None:
        """Serves the web door; if it fails (or uvicorn gives up on it), the mail and the calendar go
        on, and the failure is logged once and kept in ``web_failure``."""
        try:
            await web.serve(sockets=sockets)
        except (Exception, SystemExit) as error:  # uvicorn exits on a failed start: not the service
            self.web_failure = f"{type(error).__name__}: {error}"[:300]
            LOG.error("the web door stopped; mail and the calendar go on", extra={"why": self.web_failure})

    async def _web_apart(self) -> None:
        """Runs the web door in its own process (``WebProcess``) on the service's socket, started again
        if it ends on its own, and stopped (its requests in hand finished) when the service stops."""
        from referee.service.web_process import WebProcess
        from referee.web.server import listening_socket
        from referee.web.site import site_key

        sock = self.web_socket if self.web_socket is not None else listening_socket(self.config)
        site_key(self.config)  # the signing key made here, once, before any child reads it
        children = [WebProcess(self.config, sock, self.log_level) for _ in range(self.config.web.processes)]
        self.web_pid = children[0].pid
        try:
            while not self.stopping.is_set():
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self.stopping.wait(), timeout=1.0)
                for child in children:
                    child.check()
                failures = [child.failure for child in children if child.failure]
                self.web_failure, self.web_pid = (failures[0] if failures else ""), children[0].pid
        finally:
            await asyncio.gather(*(asyncio.to_thread(child.stop) for child in children))

    def stop(self) -> None:
        """Asks the service to finish the work in hand and stop."""
        self.stopping.set()
        self.mail_waiting.set()

    async def step(self) -> None:
        """Takes in the mail waiting, resolves the boundaries due, and writes the reminders owed."""
        if self.stopping.is_set():
            return
        async with self.step_lock:
            try:
                await asyncio.to_thread(self._step)
            except DBAPIError as error:
                LOG.error(
                    "database unreachable; trying again at the next tick", extra={"error": reason(error)}
                )
        self.mail_waiting.set()

    def _step(self) -> None:
        if self._take_in():
            self._catch_up(self.now())
            self.calendar.remind(self.now())
            for campaign, came_to in self.referee.signups.close_due(self.now()):
                LOG.info("sign-up closed", extra={"campaign": campaign, "outcome": came_to})

    def _take_in(self) -> bool:
        """Takes in every unread mail in order of arrival, a fetch at a time (a fetch holds so many
        mails at most), until none is left or the service is asked to stop; False if the inbox could
        not be read."""
        if self.inbox_failures and time.monotonic() < self.inbox_retry_at:
            return False
        batches = None
        while True:
            try:  # only opening and reading the inbox: what taking a mail in raises goes on up
                if self.inbox is None:
                    self.inbox = open_inbox(self.config.mail, self.referee, self.env)
                batches = batches or fetches(self.inbox)
                fetched = next(batches, None)
            except OSError as error:
                self.inbox_failures += 1
                wait = backoff(self.inbox_failures, self.rng, cap=RETRY_CAP)
                self.inbox_retry_at = time.monotonic() + wait
                LOG.warning(
                    "incoming mail unreachable; boundaries wait for it",
                    extra={"error": str(error), "retry_in": round(wait, 1)},
                )
                return False
            if fetched is None:
                return True
            self.inbox_failures = 0
            self._take_fetched(fetched)
            if self.stopping.is_set():  # asked to stop: the rest when it starts again, and the
                return not self.inbox.more  # boundaries wait for it as for an inbox away

    def _take_fetched(self, fetched: list[tuple[str, bytes]]) -> None:
        """Takes in the mails of one fetch, in batches that end where a boundary comes between."""
        assert self.inbox is not None
        pending = [
            (key, raw, min(self.inbox.received_at(key) or self.now(), self.now())) for key, raw in fetched
        ]
        self.readers.close_idle()
        readings = self.readers.read([raw for _, raw, _ in pending])  # the next read while one is taken
        try:
            while pending:
                self._catch_up(pending[0][2])  # what is due before the batch's first mail, outside it
                count = self._take_batch(pending, readings)
                pending = pending[count:]
        finally:
            readings.close()

    def _take_batch(
        self, pending: list[tuple[str, bytes, datetime]], readings: Iterator[Reading | None]
    ) -> int:
        """Takes in the mails of ``pending`` up to the first that a boundary or a pause's end comes
        before (a batch ends there, so that the boundary counts what came before it), in one
        transaction, a savepoint per mail; then marks them read with one command. ``readings`` gives
        the mails of ``pending`` as read, in order (None: read as it is taken in, where a failure
        moves that mail aside): as many are taken from it as the batch holds.
        Returns how many mails it went through."""
        assert self.inbox is not None
        aside: set[str] = set()
        batch: list[tuple[str, bytes, datetime]] = []
        read: dict[str, Reading | None] = {}
        try:
            with collector_paused(), self.referee.database.batch():  # one commit, a savepoint a mail
                change = self.calendar.next_change()  # the batch ends at the first mail it comes before
                for key, raw, received in pending:
                    if batch and change is not None and change <= received:
                        break
                    batch.append((key, raw, received))
                taken = []
                for start in range(0, len(batch), EXPECTED):  # what a part's mails ask, read at once
                    part = batch[start : start + EXPECTED]
                    read.update((key, next(readings)) for key, _, _ in part)
                    expect(self.referee, self.config.mail, [read[key] for key, _, _ in part])
                    for key, raw, received in part:
                        if self._take_one(key, raw, received, aside, read[key]):
                            taken.append(key)
        except DBAPIError as error:
            if unreachable(error):
                raise  # nothing of the batch was kept: its mail stays unread, taken in at the next step
            LOG.warning(
                "a batch of mail could not be kept as a whole; taking it in one mail at a time",
                extra={"mails": len(batch), "error": type(error.orig).__name__, "reason": reason(error)},
            )
            for key, _, _ in batch[len(read) :]:  # the rest of the batch as read, in step with the others
                read[key] = next(readings)
            taken = [
                key
                for key, raw, received in batch
                if key not in aside and self._take_one(key, raw, received, aside, read[key])
            ]
        self.inbox.done_many(taken)  # after the commit: one mark for the batch on the server
        return len(batch)

    def _take_one(
        self, key: str, raw: bytes, received: datetime, aside: set[str], reading: Reading | None = None
    ) -> bool:
        """Takes in one mail (``reading``: what reading it gave, if it was read already); False when it
        was moved aside instead (its data refused, or a fault), its key then added to ``aside``."""
        assert self.inbox is not None
        try:
            intake = ingest(self.referee, self.config.mail, raw, received, reading)
        except DBAPIError as error:
            if unreachable(error):
                raise  # the mail stays unread and is taken in at the next step
            LOG.error(  # the database refused this mail's data: it would refuse it at every step
                "mail refused by the database; moved aside",
                extra={"key": key, "error": type(error.orig).__name__, "reason": reason(error)},
            )
            self.inbox.failed(key)
            aside.add(key)
            return False
        except Exception:
            LOG.exception("mail could not be processed; moved aside", extra={"key": key})
            self.inbox.failed(key)
            aside.add(key)
            return False
        LOG.info(
            "mail taken in",
            extra={"message_id": intake.message_id, "outcome": intake.text, "game": intake.game_id},
        )
        return True

    def _catch_up(self, until: datetime) -> None:
        """Resolves, in order, every boundary due at or before ``until``, each as of its own time
        (pauses that ended meanwhile end first, as of their own end)."""
        change = self.calendar.next_change()
        if change is None or change > until:
            return  # nothing falls due by then: one question instead of the three below
        self.referee.desk.resume_ended(until)
        if self.workers is not None:
            self.workers.offer(until)  # they take their share of the games due
        batch = self.config.service.boundary_batch
        games = self.referee.operations
        while done := resolve_next(games, until, batch):  # the earliest deadlines no one holds
            logged(done, self.owner)
        while due := self.calendar.due(until, batch):  # those held elsewhere: wait for them
            logged(zip(due, resolve_batch(self.referee.operations, due), strict=True), self.owner)

    async def _watch(self) -> None:
        """Runs a step as soon as the inbox announces new mail."""
        while not self.stopping.is_set():
            try:
                if self.watcher_inbox is None:
                    self.watcher_inbox = open_inbox(self.config.mail, self.referee, self.env)
                arrived = await asyncio.to_thread(self.watcher_inbox.wait, self.config.service.wait_seconds)
            except OSError:
                self.watcher_inbox = None
                await self._pause(self.config.service.wait_seconds)
                continue
            if arrived and not self.stopping.is_set():
                await self.step()

    async def _send(self) -> None:
        """Sends the outbox whenever there is something to send, until the service stops."""
        failures = 0
        retry = timedelta(seconds=self.config.service.retry_seconds)
        lease = timedelta(seconds=self.config.service.lease_seconds)
        while not self.stopping.is_set():
            self.mail_waiting.clear()
            try:
                if self.outbox is None:
                    self.outbox = open_outbox(self.config.mail, self.env)
                done = await send_due(
                    self.referee,
                    self.outbox,
                    self.renderer,
                    self.config.mail,
                    self.owner,
                    claim_size(self.outbox, lease),
                    retry=retry,
                    lease=lease,
                    ahead=True,
                    stop=self.stopping,
                )
            except (OSError, DBAPIError) as error:
                why = reason(error) if isinstance(error, DBAPIError) else str(error)
                LOG.warning("outbox could not be sent", extra={"error": why})
                done = None
            if done is not None and done.sent and not done.failed:
                failures = 0
                continue  # there may be more
            if done is not None and done.failed:
                failures += 1
                LOG.warning("mail not sent; will retry", extra={"failures": done.failed[:3]})
                await self._pause(backoff(failures, self.rng, cap=self.config.service.retry_seconds))
                continue
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.mail_waiting.wait(), timeout=1.0)

    async def _pause(self, seconds: float) -> None:
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self.stopping.wait(), timeout=seconds)

    async def _close(self) -> None:
        await asyncio.to_thread(self.readers.close)
        for inbox in (self.inbox, self.watcher_inbox):
            if inbox is not None:
                with contextlib.suppress(OSError):
                    inbox.close()
        if self.outbox is not None:
            with contextlib.suppress(OSError):
                await self.outbox.close()


def logged(done: Iterable[tuple[Due, Resolved | None]], worker: str) -> None:
    """Logs each phase of ``done`` that was resolved, and by which process."""
    for item, resolved in done:
        if resolved is not None:
            LOG.info(
                "phase resolved",
                extra={
                    "game": item.game_id,
                    "phase": item.phase,
                    "due_at": item.due_at.isoformat(),
                    "worker": worker,
                },
            )


class Workers:
    """The worker processes of ``[service] workers`` beside the service, each told through its
    standard input up to when it may resolve boundaries."""

    def __init__(self, config: Config, count: int, log_level: str = "info") -> None:
        command = [sys.executable, "-m", "referee", "serve", "--worker", "--log-level", log_level]
        command += ["--config", str(config.path)]
        self.processes = [subprocess.Popen(command, stdin=subprocess.PIPE) for _ in range(count)]
        for process in self.processes:
            if process.stdin is not None:
                os.set_blocking(process.stdin.fileno(), False)
        self.lost: set[int] = set()

    def offer(self, until: datetime) -> None:
        """Tells every worker that the boundaries due at or before ``until`` may be resolved (a worker
        whose pipe is full, being far behind, gets the next moment instead: it never blocks the service)."""
        line = f"{until.isoformat()}\n".encode()  # shorter than a pipe's atomic write
        for process in self.processes:
            if process.pid in self.lost or process.stdin is None:
                continue
            try:
                os.write(process.stdin.fileno(), line)
            except BlockingIOError:
                continue
            except OSError:  # it died: the service and the others resolve its share
                self.lost.add(process.pid)
                LOG.error("a boundary worker stopped", extra={"pid": process.pid, "code": process.poll()})

    def stop(self, timeout: float = 30.0) -> None:
        """Closes the workers' input and waits for them to finish their batch and stop."""
        for process in self.processes:
            with contextlib.suppress(OSError):
                if process.stdin is not None:
                    process.stdin.close()
        ends = time.monotonic() + timeout
        for process in self.processes:
            try:
                process.wait(timeout=max(0.1, ends - time.monotonic()))
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()


def work(config: Config, source: IO[bytes] | None = None) -> None:
    """A worker of ``[service] workers``: resolves the boundaries due at or before each moment read from
    ``source`` (the service's pipe, one ISO time a line), batch after batch of the earliest deadlines
    no other process holds, until ``source`` ends, or SIGTERM or SIGINT."""
    referee = open_referee(config.database_url, config.schedules)
    batch = config.service.boundary_batch
    offered: list[datetime] = []
    arrived, ended = threading.Event(), threading.Event()

    def read() -> None:
        for line in source or sys.stdin.buffer:
            with contextlib.suppress(ValueError):
                moment = datetime.fromisoformat(line.decode().strip())
                offered[:] = [max([*offered, moment])]
                arrived.set()
        ended.set()
        arrived.set()

    def stop(*_: object) -> None:
        ended.set()
        arrived.set()

    for number in (signal.SIGTERM, signal.SIGINT):
        signal.signal(number, stop)
    threading.Thread(target=read, name="offers", daemon=True).start()
    owner = process_name()
    LOG.info("boundary worker started", extra={"worker": owner})
    while not ended.is_set():
        if not arrived.wait(timeout=1.0):
            continue
        arrived.clear()
        if ended.is_set():
            break
        until = offered[0]
        try:
            while not ended.is_set() and (done := resolve_next(referee.operations, until, batch)):
                logged(done, owner)
        except DBAPIError as error:
            LOG.error("database unreachable; trying again at the next offer", extra={"error": reason(error)})
    referee.database.engine.dispose()
    LOG.info("boundary worker stopped", extra={"worker": owner})


def unreachable(error: DBAPIError) -> bool:
    """Whether ``error`` means the database cannot be reached now (so trying later may work), rather
    than that it refused the data it was given."""
    return isinstance(error, OperationalError | InterfaceError) or error.connection_invalidated


def reason(error: DBAPIError) -> str:
    """The first line of the database's own message for ``error``, for the log: neither the statement
    nor PostgreSQL's DETAIL line, which may repeat a value from a player's mail."""
    lines = str(error.orig).strip().splitlines()
    return lines[0][:300] if lines else type(error.orig).__name__


def _safe_url(url: str) -> str:
    """A database URL without its password, for the log."""
    scheme, sep, rest = url.partition("://")
    if "@" not in rest:
        return url
    credentials, _, host = rest.rpartition("@")
    return f"{scheme}{sep}{credentials.partition(':')[0]}:***@{host}"


def serve(config: Config, log_level: str = "info", *, web_socket: socket.socket | None = None) -> None:
    """Runs the service over ``config`` until it is told to stop, with the worker processes
    ``[service] workers`` asks for beside it (stopped with it); the web door, if ``[web] listen`` is
    set, on ``web_socket`` (bound by the caller before anything started)."""
    workers = Workers(config, config.service.workers - 1, log_level) if config.service.workers > 1 else None
    try:
        asyncio.run(Service(config, workers=workers, web_socket=web_socket, log_level=log_level).run())
    finally:
        if workers is not None:
            workers.stop()
