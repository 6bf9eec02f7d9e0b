"""``referee bench --web``: a bounded load on loopback against ``referee serve``, beside a bare Starlette app.

Sets up N nine-character games (``boundary.set_up``), brings the first to hour 1 of day 9 (every hour
of talk and moves resolved on the way), marks the set-up's letters sent (they went long ago in a real
campaign), and starts ``referee serve`` in a process of its own on a loopback port, with a web door. The
client (``web_load``) then opens P players' pages with their live streams — the pages of every seat of
the first games, nine a game, each browser with a session of its own and an address of its own — and
for ``seconds`` seconds players post talk at R posts a second in places where other open pages are,
and orders at half that rate, while a game-master pages the campaigns list and opens the day-9 game.

The same client then drives, in the same run and the same way, a bare Starlette app under uvicorn in a
process of its own (``web_bare``) answering the same addresses with the same bytes and pushing to the
same pages, first, before the referee's load. The report: per route p50/p95/p99 as the client saw it and
as the server says (``Server-Timing``), next to the bare app's; the time from each post to its arrival
at every other open page of its place (told ``changed``, and the line handed with it holding it); the
CPU seconds and memory (RSS) of the server's processes while the load ran, next to the bare app's.

With ``--with-mail`` the mail side is measured beside the load (``web_mail``): a burst of replies
taken in and one boundary of the games, by the same service, once before any load and once under it.
The games run on a calendar whose hours last years, so that only the benchmark brings a boundary.

The sign-in itself is not measured: each player's session cookie is signed with the key the service is
started with (``$REFEREE_WEB_SECRET``), as their link would have had it signed.
"""

from __future__ import annotations

import json
import math
import os
import re
import secrets
import signal
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import timedelta
from pathlib import Path

import httpx
from sqlalchemy import create_engine, text

from referee.app import Player, Referee, open_referee
from referee.app.dashboard import PAGE_SIZE
from referee.bench.boundary import CLOCK, NAMES, set_up
from referee.bench.serving import write_config
from referee.bench.spread import wait_idle
from referee.bench.table import Figure
from referee.bench.web_clients import drive_apart
from referee.bench.web_load import Measured, Page, Plan
from referee.bench.web_mail import PHASES, MailSide, SideBySide, measure, said, under_load, write_bursts
from referee.bench.web_mail import figures as mail_figures
from referee.bench.web_mail import lines as mail_lines
from referee.core.orders import Submission
from referee.core.rng import SeededStream
from referee.games.ten_sailors.cards import ROOMS
from referee.testing.loopback import free_port
from referee.web.sessions import COOKIE, Cookies, as_player, fresh

MASTER = "bench-master@example.org"
PASSWORD = "a bench game-master's passphrase"
STARTED_WITHIN = 120.0
"""Seconds the service and the bare app are given to answer their first request."""

PLAYERS_GAMES = 3
"""Games each player's address holds a seat in: a forum's players each play a few campaigns at once (a
game-master's page shows each seat's record across all of them)."""

DAY = 9
"""The day the first game is brought to: the player's and the game page's goals are for day 9."""

ROUTES = (
    "player page, opened",
    "player page, fetched again on a change",
    "player page, day 9",
    "game page, nine players, day 9",
    "campaigns list, a page",
    "post talk",
    "post orders",
    "live stream opened",
)
"""The routes timed, in the report's order."""

_SCHEDULE = """# `referee bench --web`: hours years long, so no deadline falls by itself during the load.
[schedule]
name = "bench-web"
kind = "ten-sailors"
description = "The games of the web benchmark."
clock = "elapsed"
timezone = "UTC"
reminders = []

[[segments]]
name = "night"
duration = "4m"
traps_after = "3m"
""" + "".join(f'\n[[segments]]\nname = "hour{number}"\nduration = "87600h"\n' for number in range(1, 5))

_WEB_SECTION = """
[web]
listen = "127.0.0.1:{port}"
processes = {processes}
base_url = "http://127.0.0.1:{port}"
trusted_proxies = ["127.0.0.1"]
"""


@dataclass(frozen=True)
class Spread:
    """Percentiles of a list of milliseconds (nearest rank), and how many there were."""

    count: int
    p50: float
    p95: float
    p99: float

    @staticmethod
    def of(values: list[float]) -> Spread:
        ordered = sorted(values)

        def rank(share: float) -> float:
            return ordered[max(0, math.ceil(share * len(ordered)) - 1)] if ordered else float("nan")

        return Spread(len(ordered), rank(0.50), rank(0.95), rank(0.99))

    def __str__(self) -> str:
        return f"{self.p50:.1f} / {self.p95:.1f} / {self.p99:.1f} ms (n={self.count})"


@dataclass(frozen=True)
class Usage:
    """What the server's processes used while the load ran: CPU seconds, RSS at the end and at most."""

    cpu_seconds: float
    rss_mib: float
    peak_rss_mib: float
    seconds: float

    @property
    def cores(self) -> float:
        """CPU seconds a second of load: the share of one core."""
        return self.cpu_seconds / self.seconds if self.seconds else 0.0


@dataclass(frozen=True)
class RouteFigures:
    """One route's times: the client's and the server's, and the bare app's (client) in the same run."""

    route: str
    client: Spread
    server: Spread
    bare: Spread
    errors: int


@dataclass(frozen=True)
class Arrivals:
    """From posts to the other open pages of their place: pairs owed, told ``changed``, shown the post."""

    posts: int
    owed: int
    told: Spread
    shown: Spread

    @property
    def reached(self) -> int:
        return self.shown.count


@dataclass(frozen=True)
class WebBench:
    """What one run of ``referee bench --web`` measured."""

    games: int
    pages: int
    posts_rate: float
    seconds: float
    setup_seconds: float
    streams: int
    routes: list[RouteFigures]
    arrivals: Arrivals
    bare_arrivals: Arrivals
    server: Usage
    bare_server: Usage
    database: str = "sqlite"
    notes: list[str] = field(default_factory=list)
    mail: SideBySide | None = None
    """The mail side quiet and under the load (``--with-mail``)."""

    def route(self, name: str) -> RouteFigures:
        return next(figures for figures in self.routes if figures.route == name)


# --- the server's processes, as /proc tells them ----------------------------------------------------


def _tree(root: int) -> list[int]:
    """``root`` and every process descended from it."""
    parents: dict[int, list[int]] = defaultdict(list)
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            parents[int(stat.rpartition(")")[2].split()[1])].append(int(entry.name))
    found, waiting = [], [root]
    while waiting:
        pid = waiting.pop()
        found.append(pid)
        waiting += parents.get(pid, [])
    return found


def cpu_seconds(root: int) -> float:
    """CPU seconds (user and system) used so far by ``root``'s processes and those they waited for."""
    ticks = os.sysconf("SC_CLK_TCK")
    total = 0
    for pid in _tree(root):
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
        except OSError:
            continue
        total += sum(int(value) for value in fields[11:15])  # utime, stime, cutime, cstime
    return total / ticks


def rss_mib(root: int) -> float:
    """The resident memory of ``root``'s processes together, MiB."""
    total = 0
    for pid in _tree(root):
        try:
            status = Path(f"/proc/{pid}/status").read_text()
        except OSError:
            continue
        found = re.search(r"^VmRSS:\s+(\d+) kB", status, re.MULTILINE)
        total += int(found.group(1)) if found else 0
    return total / 1024


class _Watched:
    """The CPU and memory of a process tree over a load: sampled once a second, read before and after."""

    def __init__(self, pid: int) -> None:
        self.pid = pid
        self.peak = 0.0
        self.cpu = cpu_seconds(pid)
        self.started = time.perf_counter()

    def sample(self) -> None:
        self.peak = max(self.peak, rss_mib(self.pid))

    def usage(self) -> Usage:
        now = rss_mib(self.pid)
        return Usage(
            cpu_seconds(self.pid) - self.cpu, now, max(self.peak, now), time.perf_counter() - self.started
        )


# --- set-up -------------------------------------------------------------------------------------------


def to_day(store: Referee, game_id: str, day: int) -> None:
    """Brings ``game_id`` (a game of ``set_up``) to hour 1 of ``day``, ahead of its calendar: every hour and
    night resolved on the way, each with a line of talk and a move from every living character."""
    now = CLOCK + timedelta(hours=1)
    number = 0
    while not store.load(game_id).row.phase.startswith(f"d{day}"):
        alive = [c.name for c in store.load(game_id).state.characters if c.alive]
        orders = []
        for index, name in enumerate(alive):
            rng = SeededStream(number, f"{name}:{game_id}")
            said = f"SAY {name} here, hour {number}: the door was open.\nMOVE {rng.choice(list(ROOMS))}"
            orders.append(Submission(name, said, now + timedelta(seconds=index), "bench"))
        store.submit_many(game_id, orders)
        now += timedelta(hours=1)
        store.resolve(game_id, now)
        number += 1
        if number > 10 * day:
            raise RuntimeError(f"{game_id} did not reach day {day}")


def _pages(store: Referee, games: list[str], count: int, key: bytes) -> list[Page]:
    """The first ``count`` seats of ``games`` in order, each a browser signed in as its player."""
    cookies = Cookies(key, secure=False)
    pages: list[Page] = []
    for game_id in games:
        for character in store.load(game_id).state.characters:
            if len(pages) == count:
                return pages
            if not character.alive:
                continue
            email = store.seat(game_id, character.name).email
            session = as_player(fresh("en"), Player(game_id, character.name, email))
            number = len(pages) + 1
            address = f"10.{number >> 16 & 255}.{number >> 8 & 255}.{number & 255}"
            pages.append(
                Page(
                    game_id, character.name, character.location, cookies.dump(session), session.csrf, address
                )
            )
    return pages


def posters(pages: list[Page]) -> list[Page]:
    """The pages whose place holds another open page, taken a place at a time (the first of each place,
    then the second of each...), so that posts in one place are spread out in time."""
    by_place: dict[tuple[str, str], list[Page]] = defaultdict(list)
    for page in pages:
        by_place[(page.game_id, page.place)].append(page)
    crowded = [group for group in by_place.values() if len(group) > 1]
    order: list[Page] = []
    for rank in range(max((len(group) for group in crowded), default=0)):
        order += [group[rank] for group in crowded if rank < len(group)]
    return order


def _wait_up(base: str, process: subprocess.Popen[bytes], path: str) -> None:
    deadline = time.monotonic() + STARTED_WITHIN
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"the server ended at its start (exit {process.returncode})")
        try:
            if httpx.get(base + path, timeout=5).status_code < 500:
                return
        except httpx.HTTPError:
            pass
        time.sleep(0.2)
    raise RuntimeError(f"the server at {base} did not answer within {STARTED_WITHIN:.0f} s")


def _stop(process: subprocess.Popen[bytes]) -> None:
    process.send_signal(signal.SIGINT)
    try:
        process.wait(timeout=60)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


def _master_cookie(base: str) -> str:
    """The session cookie of the benchmark's game-master, signed in through the form."""
    with httpx.Client(base_url=base, headers={"X-Forwarded-For": "10.255.255.1"}, timeout=60) as browser:
        form = browser.get("/login").text
        token = re.search(r'name="csrf" value="([^"]+)"', form)
        if token is None:
            raise RuntimeError("the sign-in page has no form token")
        answer = browser.post("/login", data={"csrf": token.group(1), "email": MASTER, "password": PASSWORD})
        if answer.status_code >= 400 or COOKIE not in browser.cookies:
            raise RuntimeError(f"the benchmark's game-master could not sign in ({answer.status_code})")
        return str(browser.cookies[COOKIE])


def _bodies(base: str, plan: Plan) -> dict[str, str]:
    """The bytes the referee answers, for the bare app to answer the same: a player's page (of day 1),
    the day-9 game's page, the campaigns list's first page, and the answer to orders posted."""
    page = plan.pages[-1]
    player = {"Cookie": f"{COOKIE}={page.cookie}", "X-Forwarded-For": page.address}
    master = {"Cookie": f"{COOKIE}={plan.master_cookie}", "X-Forwarded-For": "10.255.255.1"}
    with httpx.Client(base_url=base, timeout=60) as http:
        bodies = {
            "player": http.get(page.path, headers=player).text,
            "game": http.get(f"/games/{plan.day9_game}", headers=master).text,
            "campaigns": http.get("/campaigns", headers=master).text,
            "answer": http.post(
                f"{page.path}/orders", data={"csrf": page.csrf, "text": f"MOVE {page.place}"}, headers=player
            ).text,
        }
    return bodies


# --- the run ------------------------------------------------------------------------------------------


def run_web_bench(
    directory: Path,
    games: int,
    pages: int,
    posts: float,
    seconds: float,
    echo: Callable[[str], None],
    *,
    database: str | None = None,
    with_mail: int = 0,
    clients: int = 1,
    web_processes: int = 1,
) -> WebBench:
    """Runs the benchmark in the empty folder ``directory`` (the database there too unless ``database``,
    an empty one, is given) and returns its figures; with ``with_mail``, also a burst of that many
    replies and a boundary of the games, taken by the service quiet and under the load (``web_mail``)."""
    url = database or f"sqlite:///{directory / 'referee.db'}"
    games = max(games, -(-pages // len(NAMES)), 1)
    port = free_port()
    (directory / "schedules").mkdir(parents=True, exist_ok=True)
    (directory / "schedules" / "bench-web.toml").write_text(_SCHEDULE, encoding="utf-8")
    config = write_config(
        directory, directory / "schedules", url, _WEB_SECTION.format(port=port, processes=web_processes)
    )
    started = time.perf_counter()
    store = open_referee(url, directory / "schedules")
    ids = set_up(
        store, "web-", games, CLOCK, echo, calendar=True, schedule="bench-web", games_per_player=PLAYERS_GAMES
    )
    to_day(store, ids[0], DAY)
    store.accounts.add("Bench", MASTER, PASSWORD, CLOCK, admin=True)
    with store.database.engine.begin() as connection:  # the set-up's letters went long ago
        connection.execute(text("UPDATE notices SET sent_at = created_at WHERE sent_at IS NULL"))
    key = secrets.token_urlsafe(48).encode()
    opened = _pages(store, ids[: -(-pages // len(NAMES))], pages, key)
    day9 = opened[0]
    bursts = write_bursts(store, ids[1:], with_mail, directory / "bursts") if with_mail else None
    store.database.engine.dispose()
    setup_seconds = time.perf_counter() - started
    echo(f"  set up {games} games (the first at day {DAY}) in {setup_seconds:.0f} s")

    base = f"http://127.0.0.1:{port}"
    log = (directory / "serve.log").open("wb")
    env = {**os.environ, "REFEREE_WEB_SECRET": key.decode()}
    command = [sys.executable, "-m", "referee", "serve", "-c", str(config), "--log-level", "warning"]
    service = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT, env=env)
    engine = create_engine(url)
    inbox = directory / "mail" / "incoming"
    loaded: list[MailSide] = []
    try:
        _wait_up(base, service, "/healthz")
        quiet = None
        if bursts is not None:
            wait_idle(service.pid)
            echo(f"  referee serve with no web load: {with_mail:,} replies, then a boundary of the games")
            quiet = measure(engine, inbox, bursts.quiet, PHASES[0])
            echo(f"    {quiet.intake.per_second:,.0f} mails/s; {said(quiet.boundary)}")
        plan = Plan(
            pages=opened,
            posters=posters(opened),
            master_cookie=_master_cookie(base),
            day9_game=ids[0],
            day9_page=day9,
            campaign_pages=-(-games // PAGE_SIZE),
            posts=posts,
            orders=posts / 2,
            seconds=seconds,
        )
        if not plan.posters:
            raise RuntimeError("no open page shares its place with another: open more pages")
        bodies = _bodies(base, plan)
        echo(f"  bare Starlette app: {len(opened)} pages open, {posts:g} posts/s for {seconds:g} s")
        bare_measured, bare_usage = _run_bare(directory, plan, bodies, clients)
        echo(f"  referee serve: {len(opened)} pages open, {posts:g} posts/s for {seconds:g} s")
        watched = _Watched(service.pid)
        beside = under_load(engine, inbox, bursts.loaded, loaded.append) if bursts is not None else None
        measured = drive_apart(base, plan, clients, bare=False, during=watched.sample, beside=beside)
        usage = watched.usage()
    finally:
        _stop(service)
        log.close()
        engine.dispose()
    mail = None
    if quiet is not None and loaded:
        mail = SideBySide(quiet, loaded[0], measured.load_ended - measured.load_started)
    return WebBench(
        games=games,
        pages=len(opened),
        posts_rate=posts,
        seconds=seconds,
        setup_seconds=setup_seconds,
        streams=measured.streams_opened,
        routes=[
            RouteFigures(
                route,
                Spread.of(measured.client.get(route, [])),
                Spread.of(measured.server.get(route, [])),
                Spread.of(bare_measured.client.get(route, [])),
                measured.errors.get(route, 0),
            )
            for route in ROUTES
        ],
        arrivals=_arrivals(measured),
        bare_arrivals=_arrivals(bare_measured),
        server=usage,
        bare_server=bare_usage,
        database=url.split(":", 1)[0].split("+", 1)[0],
        mail=mail,
    )


def _run_bare(directory: Path, plan: Plan, bodies: dict[str, str], clients: int) -> tuple[Measured, Usage]:
    """The plan's load driven against the bare app, in a process of its own; what it measured."""
    spec = directory / "bare.json"
    rooms = {f"{page.game_id}/{page.seat}": page.place for page in plan.pages}
    spec.write_text(json.dumps({"bodies": bodies, "rooms": rooms}), encoding="utf-8")
    port = free_port()
    command = [sys.executable, "-m", "referee.bench.web_bare", str(spec), str(port)]
    bare = subprocess.Popen(command)
    try:
        _wait_up(f"http://127.0.0.1:{port}", bare, "/campaigns")
        watched = _Watched(bare.pid)
        measured = drive_apart(f"http://127.0.0.1:{port}", plan, clients, bare=True, during=watched.sample)
        return measured, watched.usage()
    finally:
        _stop(bare)


def _arrivals(measured: Measured) -> Arrivals:
    told = [(at - post.sent) * 1000 for post in measured.posts for at in post.told.values()]
    shown = [(at - post.sent) * 1000 for post in measured.posts for at in post.shown.values()]
    owed = sum(len(post.owed) for post in measured.posts)
    return Arrivals(len(measured.posts), owed, Spread.of(told), Spread.of(shown))


# --- the report ---------------------------------------------------------------------------------------


def report(result: WebBench) -> list[str]:
    """The lines ``referee bench --web`` prints."""
    lines = [
        f"web: {result.games:,} games ({result.database}), {result.pages} pages open ({result.streams} live"
        f" streams), {result.posts_rate:g} posts/s and {result.posts_rate / 2:g} orders/s"
        f" for {result.seconds:g} s",
        "route: client p50 / p95 / p99 | server (Server-Timing) | bare Starlette, same run (client)"
        " | p95 ratio",
    ]
    for figures in result.routes:
        ratio = (
            figures.client.p95 / figures.bare.p95 if figures.bare.count and figures.bare.p95 else float("nan")
        )
        errors = f" [{figures.errors} errors]" if figures.errors else ""
        lines.append(
            f"  {figures.route}: {figures.client} | {figures.server} | {figures.bare} | {ratio:.1f}×{errors}"
        )
    for name, arrivals in (("referee", result.arrivals), ("bare", result.bare_arrivals)):
        lines.append(
            f"post to the other open pages of its place ({name}): {arrivals.posts} posts, {arrivals.owed} "
            f"page arrivals owed, {arrivals.reached} reached; told {arrivals.told};"
            f" page shows it {arrivals.shown}"
        )
    for name, usage in (("referee serve", result.server), ("bare app", result.bare_server)):
        lines.append(
            f"{name}: {usage.cpu_seconds:.1f} CPU s in {usage.seconds:.0f} s of load ({usage.cores:.2f} of a "
            f"core); RSS {usage.rss_mib:.0f} MiB at the end, {usage.peak_rss_mib:.0f} MiB at most"
        )
    if result.mail is not None:
        lines += mail_lines(result.mail)
    return lines


def web_figures(result: WebBench) -> list[Figure]:
    """The rows of ``referee bench --web`` for the README's table."""
    case = f"{result.pages:,} open pages, {result.posts_rate:g} posts/s, {result.games:,} games"

    def row(what: str, route: str, goal: str = "—", server: bool = True) -> Figure:
        figures = result.route(route)
        own = figures.server if server else figures.client
        told = "server" if server else "client"
        return Figure(
            f"{what} ({case})",
            f"p95 {own.p95:.0f} ms {told} ({figures.client.p95:.0f} ms client)",
            f"p95 {figures.bare.p95:.1f} ms (bare Starlette, same bytes)",
            f"{figures.client.p95 / figures.bare.p95:.0f}× (client)" if figures.bare.p95 else "—",
            goal,
        )

    arrivals, bare = result.arrivals, result.bare_arrivals
    shown = f"p95 {arrivals.shown.p95:.0f} ms" if arrivals.reached else "none within 10 s"
    return [
        row("player page, day 9", "player page, day 9", "p95 ≤ 50 ms server"),
        row("game page, nine players, day 9", "game page, nine players, day 9", "p95 ≤ 150 ms server"),
        row("campaigns list, a page", "campaigns list, a page"),
        row("talk posted on the web", "post talk"),
        Figure(
            f"post to the other open pages of its place ({case})",
            f"{shown} ({arrivals.reached:,} of {arrivals.owed:,} arrived)",
            f"p95 {bare.shown.p95:.0f} ms",
            f"{arrivals.shown.p95 / bare.shown.p95:.0f}×" if arrivals.reached and bare.reached else "—",
            "p95 ≤ 1 s at 1,000 pages, 20 posts/s",
        ),
        Figure(
            f"server CPU and memory under the load ({case})",
            f"{result.server.cores:.2f} of a core; RSS at most {result.server.peak_rss_mib:.0f} MiB",
            f"{result.bare_server.cores:.2f} of a core; {result.bare_server.peak_rss_mib:.0f} MiB",
            f"{result.server.cores / result.bare_server.cores:.1f}× the CPU"
            if result.bare_server.cores
            else "—",
            "RSS ≤ 400 MB",
        ),
        *(mail_figures(result.mail, case) if result.mail is not None else []),
    ]


def bench_web(
    games: int,
    pages: int,
    posts: float,
    seconds: float,
    database: str | None,
    echo: Callable[[str], None],
    with_mail: int = 0,
    clients: int = 1,
    web_processes: int = 1,
) -> list[Figure]:
    """``referee bench --web``: runs the benchmark in a temporary folder, prints its report and returns
    the README's rows."""
    with tempfile.TemporaryDirectory(prefix="referee-bench-web-") as folder:
        result = run_web_bench(
            Path(folder),
            games,
            pages,
            posts,
            seconds,
            echo,
            database=database,
            with_mail=with_mail,
            clients=clients,
            web_processes=web_processes,
        )
    for line in report(result):
        echo(line)
    return web_figures(result)
