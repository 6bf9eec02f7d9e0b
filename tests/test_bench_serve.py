"""``referee bench --serve``: one boundary of many games through ``referee serve`` itself, timed from the
boundary to the last report written (issue 14: what a game-master sees of a boundary). Here with two
games, to see that it measures what it says: every report of hour 1 (TS-4), and no other mail."""

from __future__ import annotations

from pathlib import Path

from referee.bench.serving import run_serve_bench


def test_the_serve_benchmark_times_every_report_of_the_boundary_and_only_those(tmp_path: Path) -> None:
    said: list[str] = []
    result = run_serve_bench(tmp_path, 2, said.append, seconds_a_game=0.0, margin=5)
    written = list((tmp_path / "mail" / "outgoing" / "new").iterdir())
    assert result.reports == 18 and len(written) == 18  # nine reports a game; the set-up's letters not again
    assert all(b"Subject:" in path.read_bytes() for path in written)
    assert not result.late_start and 0 <= result.resolved_seconds <= result.reported_seconds < 60
    assert any("the boundary is in" in line for line in said)
