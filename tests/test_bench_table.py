"""The README's benchmark table is written by ``referee bench --readme`` (issue 14: "the README's table
is regenerated from it"): a run replaces the rows of what it measured and leaves the rest of the file,
and the other rows, as they were."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from referee.bench.table import END, START, Figure, NoTable, boundary_figures, with_figures
from referee.cli import app

PAGE = f"# Speed\n\nBefore the table.\n\n{START}\n{END}\n\nAfter the table.\n"


def test_a_figure_is_added_then_replaced_where_it_stands_and_nothing_else_changes() -> None:
    first = with_figures(PAGE, [Figure("a", "1 s"), Figure("b", "2 s", "1 s", "2.0×", "≤ 1 s")], "day one")
    again = with_figures(first, [Figure("a", "0.5 s")], "day two")
    assert again.startswith("# Speed\n\nBefore the table.\n\n") and again.endswith("\n\nAfter the table.\n")
    rows = [line for line in again.splitlines() if line.startswith("| a") or line.startswith("| b")]
    assert rows == ["| a | 0.5 s | — | — | — | day two |", "| b | 2 s | 1 s | 2.0× | ≤ 1 s | day one |"]
    assert with_figures(again, [], "day three") == again  # written again, the same


def test_a_boundary_row_gives_the_referees_time_as_a_multiple_of_the_bare_libraries() -> None:
    (row,) = boundary_figures("sqlite", 1000, 1.5, 0.3, 0.2)
    assert row.what == "one boundary, sqlite, 1,000 games"
    assert row.ratio == "3.0× the time" and row.bare.startswith("0.50 s (rules 0.300 ms a game")


def test_a_file_without_the_tables_markers_is_refused_naming_them() -> None:
    with pytest.raises(NoTable, match="referee bench: table start"):
        with_figures("# Speed\n", [Figure("a", "1 s")], "today")


def test_referee_bench_writes_what_it_measured_into_the_table(tmp_path: Path) -> None:
    page = tmp_path / "README.md"
    page.write_text(PAGE, encoding="utf-8")
    result = CliRunner().invoke(app, ["bench", "--mail", "3", "--readme", str(page)])
    assert result.exit_code == 0, result.output
    text = page.read_text(encoding="utf-8")
    assert "| mail taken in from Maildir (3 replies) | " in text and "≥ 2,000/s" in text
    assert "| answers written to Maildir (" in text


def test_referee_bench_refuses_a_file_without_a_table_before_measuring_anything(tmp_path: Path) -> None:
    page = tmp_path / "README.md"
    page.write_text("# Speed\n", encoding="utf-8")
    result = CliRunner().invoke(app, ["bench", "--games", "100000", "--readme", str(page)])
    assert result.exit_code != 0 and "referee bench: table start" in result.output
    assert page.read_text(encoding="utf-8") == "# Speed\n"
