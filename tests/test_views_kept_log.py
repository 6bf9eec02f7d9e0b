"""A game's log kept for its pages is caught up with what was logged since, and read afresh once a
rollback withdrew a span of it: what a seat is shown is then exactly what the whole log, read again and
folded afresh, tells (issue 41)."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

from test_web_page_cost import SCHEDULE
from web_helpers import web_site

from referee.app import COMMAND_LINE, Referee
from referee.bench.boundary import CLOCK, set_up
from referee.bench.web import to_day


def _afresh(referee: Referee, game: str, seat: str) -> dict[str, object]:
    """What ``seat`` is shown, worked out from the whole log read again and folded afresh."""
    return referee.views.player(game, seat, upto=referee.load(game).row.last_seq)


def test_a_seats_view_from_the_kept_log_is_the_view_from_the_whole_log(tmp_path: Path) -> None:
    _, referee = web_site(tmp_path, f"sqlite:///{tmp_path / 'referee.db'}")
    (tmp_path / "schedules" / "bench.toml").write_text(SCHEDULE, encoding="utf-8")
    [game] = set_up(referee, "web-", 1, CLOCK, lambda _: None)
    to_day(referee, game, 2)
    alive = [c for c in referee.load(game).state.characters if c.alive]
    me, other = next((a.name, b.name) for a in alive for b in alive if a != b and a.location == b.location)
    first = referee.views.player(game, me)  # the log read whole, and kept
    said = CLOCK + timedelta(days=20)
    referee.submit(game, other, "SAY the candle is out", said, "web")
    caught_up = referee.views.player(game, me)
    assert caught_up == _afresh(referee, game, me) != first
    assert any(m["text"] == "the candle is out" for m in caught_up["messages"])

    referee.resolve(game, said + timedelta(hours=1))
    referee.views.player(game, me)
    referee.desk.rollback(game, said + timedelta(hours=2), COMMAND_LINE)  # the phase just resolved
    referee.submit(game, other, "SAY the door creaks", said + timedelta(hours=3), "web")
    after = referee.views.player(game, me)
    assert after == _afresh(referee, game, me)
    assert [m["text"] for m in after["messages"]].count("the candle is out") == 1
    assert any(m["text"] == "the door creaks" for m in after["messages"])
