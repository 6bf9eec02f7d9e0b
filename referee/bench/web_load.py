"""The client of ``referee bench --web``: one asyncio loop, one httpx client, many open pages.

Each open page is a browser as the site's script makes it: the page fetched, then its live stream
opened (``/live``); on every ``changed`` it takes the lines of talk handed with it and fetches again the
parts of the page it names, if any (``?parts=``; one fetch at a time; a change told meanwhile fetches
once more after, its parts too).
While the pages are open, players post talk at a steady rate in places where other open pages are, and
orders; a game-master pages the campaigns list and opens the
game page of the day-9 game, and one player of it opens their page. Every request's time is kept by
route, as the client saw it and as the server says it took (``Server-Timing``), and so is the time from
each post to its arrival at every other open page of its place: the ``changed`` told to that page, and
the line handed with it (or the page fetched again) holding the post.

Each simulated browser has an address of its own (``X-Forwarded-For``, the site trusting loopback as its
proxy), so that the site's limits per address apply to each as to a person.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import re
import time
from collections import defaultdict
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field

import httpx

SERVER_TIMING = re.compile(r"app;dur=([0-9.]+)")

OPENING_AT_ONCE = 50
"""Pages opened at the same time while the load is being set up (a crowd arriving, not a wall)."""


@dataclass(frozen=True)
class Page:
    """One open player's page: its address, its browser's cookie, form token and address."""

    game_id: str
    seat: str
    place: str
    cookie: str
    csrf: str
    address: str

    @property
    def path(self) -> str:
        return f"/play/{self.game_id}/{self.seat}"


@dataclass(frozen=True)
class Plan:
    """What one run of the load does: the pages, who posts, the rates (a second) and the duration."""

    pages: list[Page]
    posters: list[Page]
    master_cookie: str
    day9_game: str
    day9_page: Page
    campaign_pages: int
    posts: float
    orders: float
    seconds: float
    masters: float = 2.0
    """Campaigns-list pages a second (and half as many day-9 game pages, and as many day-9 player pages)."""
    grace: float = 10.0
    """Seconds after the last post that arrivals are still waited for."""


@dataclass
class Post:
    """One post sent: when, the token its text holds, and the open pages it must reach."""

    token: str
    sent: float
    owed: list[str]
    told: dict[str, float] = field(default_factory=dict)
    shown: dict[str, float] = field(default_factory=dict)


@dataclass
class Measured:
    """What one run of the load measured."""

    client: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))
    """Route to the milliseconds each request took, as the client saw it."""
    server: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))
    """Route to the milliseconds the server says each took."""
    errors: dict[str, int] = field(default_factory=lambda: defaultdict(int))
    posts: list[Post] = field(default_factory=list)
    streams_opened: int = 0
    load_started: float = 0.0
    load_ended: float = 0.0


class _Browser:
    """One open page: its stream, its fetches, the posts it is owed."""

    def __init__(self, load: _Load, page: Page) -> None:
        self.load, self.page = load, page
        self.busy = False
        self.again = False
        self.parts: set[str] = set()
        self.owed: dict[str, Post] = {}
        self.opened = asyncio.Event()

    def headers(self) -> dict[str, str]:
        return {"Cookie": f"referee_session={self.page.cookie}", "X-Forwarded-For": self.page.address}

    async def listen(self) -> None:
        """Reads the page's stream until cancelled: each ``changed`` noted and the page fetched again."""
        timeout = httpx.Timeout(30, read=None)
        started = time.perf_counter()
        try:
            async with self.load.http.stream(
                "GET", "/live", params={"path": self.page.path}, headers=self.headers(), timeout=timeout
            ) as answer:
                self.load.note("live stream opened", started, answer)
                if answer.status_code != 200:
                    return
                self.load.measured.streams_opened += 1
                changed = False
                async for line in answer.aiter_lines():
                    if line.startswith(": live"):
                        self.opened.set()
                    elif line == "event: changed":
                        changed = True
                        now = time.perf_counter()
                        for post in self.owed.values():
                            post.told.setdefault(self.page.path, now)
                    elif changed and line.startswith("data: "):
                        changed = False
                        told = json.loads(line.removeprefix("data: "))
                        self.hear(told.get("said", []))
                        if told.get("parts"):
                            self.parts.update(told["parts"])
                            self.refresh()
        except httpx.HTTPError:
            self.load.measured.errors["live stream opened"] += 1
        finally:
            self.opened.set()

    def hear(self, said: list[dict[str, str]]) -> None:
        """The lines of talk handed on the stream: a post owed to this page arrives with its line."""
        now = time.perf_counter()
        for token, post in list(self.owed.items()):
            if any(token in line.get("html", "") for line in said):
                post.shown[self.page.path] = now
                del self.owed[token]

    def refresh(self) -> None:
        """Fetches the page again, as the script does (once at a time)."""
        if self.busy:
            self.again = True
            return
        self.busy = True
        self.load.spawn(self._fetch())

    async def _fetch(self) -> None:
        try:
            while True:
                self.again = False
                asked = time.perf_counter()
                parts, self.parts = ",".join(sorted(self.parts)), set()
                html = await self.load.get(
                    "player page, fetched again on a change",
                    f"{self.page.path}?parts={parts}" if parts else self.page.path,
                    {**self.headers(), "X-Live": "1"},
                )
                now = time.perf_counter()
                for token, post in list(self.owed.items()):
                    if asked >= post.sent and (self.load.bare or token in html):
                        post.shown[self.page.path] = now
                        del self.owed[token]
                if not self.again:
                    return
        finally:
            self.busy = False


class _Load:
    def __init__(self, http: httpx.AsyncClient, plan: Plan, bare: bool) -> None:
        self.http, self.plan, self.bare = http, plan, bare
        self.measured = Measured()
        self.tasks: set[asyncio.Task[None]] = set()
        self.browsers = {page.path: _Browser(self, page) for page in plan.pages}
        self.by_place: dict[tuple[str, str], list[str]] = defaultdict(list)
        for page in plan.pages:
            self.by_place[(page.game_id, page.place)].append(page.path)

    def spawn(self, work: Awaitable[None]) -> None:
        task = asyncio.ensure_future(work)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    def note(self, route: str, started: float, answer: httpx.Response) -> None:
        self.measured.client[route].append((time.perf_counter() - started) * 1000)
        found = SERVER_TIMING.search(answer.headers.get("server-timing", ""))
        if found:
            self.measured.server[route].append(float(found.group(1)))
        if answer.status_code >= 400:
            self.measured.errors[route] += 1

    async def get(self, route: str, path: str, headers: dict[str, str]) -> str:
        started = time.perf_counter()
        try:
            answer = await self.http.get(path, headers=headers)
        except httpx.HTTPError:
            self.measured.errors[route] += 1
            return ""
        self.note(route, started, answer)
        return answer.text

    async def post(self, route: str, page: Page, action: str, text: str) -> None:
        browser = self.browsers[page.path]
        started = time.perf_counter()
        try:
            answer = await self.http.post(
                f"{page.path}/{action}", data={"csrf": page.csrf, "text": text}, headers=browser.headers()
            )
        except httpx.HTTPError:
            self.measured.errors[route] += 1
            return
        self.note(route, started, answer)

    async def open_pages(self) -> None:
        """Opens every page (fetched, then its stream) and waits until every stream has said hello."""
        gate = asyncio.Semaphore(OPENING_AT_ONCE)

        async def open_one(browser: _Browser) -> None:
            async with gate:
                await self.get("player page, opened", browser.page.path, browser.headers())
                self.spawn(browser.listen())
                await browser.opened.wait()

        await asyncio.gather(*(open_one(browser) for browser in self.browsers.values()))

    def say(self, number: int) -> None:
        plan = self.plan
        page = plan.posters[number % len(plan.posters)]
        token = f"benchpost{number}x{'b' if self.bare else 'r'}"
        owed = [p for p in self.by_place[(page.game_id, page.place)] if p != page.path]
        post = Post(token, time.perf_counter(), owed)
        self.measured.posts.append(post)
        for path in owed:
            self.browsers[path].owed[token] = post
        self.spawn(self.post("post talk", page, "say", f"SAY Does anyone see the candle? {token}"))

    def order(self, number: int) -> None:
        pages = self.plan.pages
        page = pages[(number * 7) % len(pages)]
        self.spawn(self.post("post orders", page, "orders", f"MOVE {page.place}"))

    def visit(self, route: str, path: str, headers: dict[str, str]) -> None:
        """Fetches ``path`` in the background, its time kept under ``route``."""

        async def fetched() -> None:
            await self.get(route, path, headers)

        self.spawn(fetched())


async def _steady(
    rate: float, seconds: float, act: Callable[[int], None], more: Callable[[], bool] = lambda: False
) -> None:
    """Calls ``act(n)`` ``rate`` times a second for ``seconds`` (and on while ``more()`` says so), on
    time whatever each act takes."""
    if rate <= 0:
        return
    started = time.perf_counter()
    number = 0
    while number < int(rate * seconds) or more():
        delay = started + number / rate - time.perf_counter()
        if delay > 0:
            await asyncio.sleep(delay)
        act(number)
        number += 1


async def drive(
    base: str,
    plan: Plan,
    *,
    bare: bool,
    during: Callable[[], None] | None = None,
    beside: Callable[[], None] | None = None,
    ready: Callable[[], None] | None = None,
    more: Callable[[], bool] | None = None,
) -> Measured:
    """Opens the plan's pages on the site at ``base``, runs its load and returns what was measured;
    ``during`` is called once a second while the load runs (to read the server's memory); ``beside`` is
    run in a thread of its own from the load's start, and the load goes on until it is done (or while
    ``more()`` says so); ``ready`` is called, in a thread, once every page is open, and the load starts
    when it returns (several client processes start together, ``web_clients``)."""
    limits = httpx.Limits(max_connections=None, max_keepalive_connections=len(plan.pages) + 200)
    async with httpx.AsyncClient(base_url=base, limits=limits, timeout=60) as http:
        load = _Load(http, plan, bare)
        await load.open_pages()
        if ready is not None:
            await asyncio.to_thread(ready)
        master = {"Cookie": f"referee_session={plan.master_cookie}", "X-Forwarded-For": "10.255.255.1"}
        day9 = _Browser(load, plan.day9_page).headers()

        def campaigns(number: int) -> None:
            where = f"/campaigns?page={number % max(1, plan.campaign_pages) + 1}"
            load.visit("campaigns list, a page", where, master)

        def game(number: int) -> None:
            where = f"/games/{plan.day9_game}"
            load.visit("game page, nine players, day 9", where, master)

        def player(number: int) -> None:
            where = plan.day9_page.path
            load.visit("player page, day 9", where, day9)

        async def sampling() -> None:
            while during is not None:
                during()
                await asyncio.sleep(1)

        sampler = asyncio.ensure_future(sampling())
        load.measured.load_started = time.perf_counter()
        side = asyncio.ensure_future(asyncio.to_thread(beside)) if beside is not None else None

        def going_on() -> bool:
            return (side is not None and not side.done()) or (more is not None and more())

        await asyncio.gather(
            _steady(plan.posts, plan.seconds, load.say, going_on),
            _steady(plan.orders, plan.seconds, load.order, going_on),
            _steady(plan.masters, plan.seconds, campaigns, going_on),
            _steady(plan.masters / 2, plan.seconds, game, going_on),
            _steady(plan.masters, plan.seconds, player, going_on),
        )
        load.measured.load_ended = time.perf_counter()
        if side is not None:
            await side  # done by now: what it raised, raised here
        settle = time.perf_counter() + plan.grace
        while time.perf_counter() < settle and any(b.owed for b in load.browsers.values()):
            await asyncio.sleep(0.05)
        sampler.cancel()
        for task in list(load.tasks):
            task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await asyncio.gather(*load.tasks, sampler, return_exceptions=True)
        return load.measured
