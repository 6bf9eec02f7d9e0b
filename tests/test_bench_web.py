"""``referee bench --web``: a bounded load on loopback against ``referee serve`` (a process of its own),
beside a bare Starlette app, here tiny (5 games, 10 open pages, 2 posts a second for 3 seconds), to see
that it measures what it says: every route timed at three percentiles by the client, the server and
the bare app; every post arriving at every other open page of its place (TS-3: talk reaches exactly
those present) on both; the server's CPU and memory read. No figure of speed is asserted."""

from __future__ import annotations

import math
from pathlib import Path

from web_helpers import client, web_site

from referee.bench.web import ROUTES, Spread, report, run_web_bench, web_figures
from referee.bench.web_clients import split
from referee.bench.web_load import Page, Plan


def _has_three_percentiles(spread: Spread) -> bool:
    return spread.count > 0 and all(math.isfinite(value) for value in (spread.p50, spread.p95, spread.p99))


def test_the_web_benchmark_times_every_route_and_brings_every_post_to_every_other_page_of_its_place(
    tmp_path: Path,
) -> None:
    """Two client processes drive the load together: each holds whole games (TS-3: a post and the pages
    it must reach in one client), the first the day-9 game and the game-master's visits; what they
    measured is put together: every route timed by the clients and by the server, on the referee and on
    the bare application, every post arriving at every other open page of its place."""
    said: list[str] = []
    result = run_web_bench(tmp_path, 5, 20, 2.0, 3.0, said.append, clients=2)
    assert result.pages == 20 and result.streams == 20
    assert [figures.route for figures in result.routes] == list(ROUTES)
    for figures in result.routes:
        assert _has_three_percentiles(figures.client), figures.route
        assert _has_three_percentiles(figures.server), figures.route  # Server-Timing on every answer
        assert _has_three_percentiles(figures.bare), figures.route
        assert figures.errors == 0, figures.route
    for arrivals in (result.arrivals, result.bare_arrivals):
        assert arrivals.posts >= 6 - 2 and arrivals.owed > 0  # each client's share of the rate rounded down
        assert arrivals.reached == arrivals.owed == arrivals.told.count  # TS-3: every page present
    assert result.server.cpu_seconds > 0 and result.server.rss_mib > 0 and result.server.peak_rss_mib > 0
    assert result.bare_server.rss_mib > 0
    lines = report(result)
    assert len(lines) == 2 + len(ROUTES) + 4
    assert all(figure.referee and figure.bare for figure in web_figures(result))


def test_every_answer_of_the_site_says_its_server_time(tmp_path: Path, sqlite_url: str) -> None:
    browser = client(*web_site(tmp_path, sqlite_url))
    for path in ("/login", "/campaigns", "/no-such-page"):
        timing = browser.get(path, follow_redirects=False).headers.get("server-timing", "")
        assert timing.startswith("app;dur=") and float(timing.removeprefix("app;dur=")) >= 0, path


def test_the_web_benchmark_with_mail_takes_a_burst_and_a_boundary_in_quiet_and_under_the_load(
    tmp_path: Path,
) -> None:
    said: list[str] = []
    result = run_web_bench(tmp_path, 3, 10, 2.0, 2.0, said.append, with_mail=20)
    assert result.mail is not None
    for side in (result.mail.quiet, result.mail.loaded):
        assert side.intake.mails == 20 and side.intake.seconds > 0
        assert side.boundary.games == 2 and side.boundary.reports == side.boundary.out == 18  # not day 9's
        assert 0 < side.boundary.resolved_seconds <= side.boundary.reported_seconds
    assert result.mail.load_seconds >= 2.0
    assert math.isfinite(result.mail.intake_ratio) and math.isfinite(result.mail.boundary_ratio)
    lines = report(result)
    assert any(line.startswith("intake under web load: ") and " quiet = " in line for line in lines)
    assert any(line.startswith("boundary under web load: ") and " quiet = " in line for line in lines)
    assert any("2 games resolved in " in line and "the last of 18 reports out at" in line for line in lines)
    rows = [figure.what for figure in web_figures(result)]
    assert any("replies taken in by referee serve under the web load" in what for what in rows)
    assert any("one boundary of 2 games by referee serve under the web load" in what for what in rows)


def test_a_plan_split_over_clients_keeps_each_game_whole_and_the_rates_whole() -> None:
    pages = [
        Page(f"g{game}", f"seat{seat}", f"room{seat % 2}", "cookie", "csrf", f"10.0.{game}.{seat}")
        for game in range(5)
        for seat in range(4)
    ]
    plan = Plan(pages, pages[::2], "master", "g3", pages[12], 4, 10.0, 5.0, 20.0)
    parts = split(plan, 2)
    assert len(parts) == 2 and sorted(p.path for part in parts for p in part.pages) == sorted(
        p.path for p in pages
    )
    games = [{page.game_id for page in part.pages} for part in parts]
    assert not games[0] & games[1] and "g3" in games[0]
    assert math.isclose(sum(part.posts for part in parts), plan.posts)
    assert math.isclose(sum(part.orders for part in parts), plan.orders)
    assert parts[0].masters == plan.masters and parts[1].masters == 0
    assert all({p.game_id for p in part.posters} <= games[n] for n, part in enumerate(parts))
