"""The benchmark of a burst of replies spread over many games (issue 41): here with four games, to see
that it measures what it says: every reply is an order kept for its own game, by `referee ingest` and by
`referee serve` alike, and its rows say so."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from referee.bench.spread import SEATS, figures, run_spread_bench


def test_the_spread_benchmark_takes_in_every_reply_as_an_order_of_its_game_by_both_commands(
    tmp_path: Path,
) -> None:
    said: list[str] = []
    result = run_spread_bench(tmp_path, 12, 4, said.append)
    assert result.mails == 12 and result.ingest.mails == 12
    assert result.serve is not None and result.serve.mails == 12
    for taken in ("ingest", "serve"):
        with sqlite3.connect(tmp_path / taken / "referee.db") as database:
            kept = database.execute("SELECT game_id, seat, outcome FROM inbound").fetchall()
        assert [outcome for _, _, outcome in kept] == ["accepted"] * 12
        assert len({game for game, _, _ in kept}) == 4
        assert len({(game, seat) for game, seat, _ in kept}) == 4 * SEATS
    rows = figures(result)
    assert [row.what.rpartition(" by ")[2] for row in rows] == ["referee ingest --maildir", "referee serve"]
    assert all(row.ratio.endswith("×") for row in rows)
