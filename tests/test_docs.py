"""The documentation a newcomer reads: the README is short and opens with the two commands that work on
a fresh machine, its test command is the one `.ci/run` runs, its game file is one `referee game create`
accepts, the pages for players say the rules in our own words, and every link in the README and in
docs/ leads to a file (and a heading) that exists inside the repository."""

from __future__ import annotations

import re
import tomllib
import unicodedata
from pathlib import Path

import pytest

from referee.app.gamefile import read_game_file

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
PAGES = (README, *sorted((ROOT / "docs").glob("*.md")))
DEMO = "python3 -m venv .venv && .venv/bin/pip install -e . && .venv/bin/referee demo"
MOST_CHARACTERS = 15_000

FENCE = re.compile(r"^```[^\n]*\n(.*?)^```[ \t]*$", re.MULTILINE | re.DOTALL)
CODE_SPAN = re.compile(r"`[^`]*`")
LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)")
HEADING = re.compile(r"^#{1,6}[ \t]+(.+?)[ \t]*#*[ \t]*$", re.MULTILINE)
RELATIVE_PATH = re.compile(r"(?<![\w.])(?:\.\./)+[\w./-]*")
RULE_ID = re.compile(r"\b(?:TS|MS|CE|MM)-\d+\b")


def _code_blocks(text: str) -> list[str]:
    """The fenced code blocks of a Markdown text, in order."""
    return FENCE.findall(text)


def _prose(text: str) -> str:
    """A Markdown text without its code blocks and code spans, where no link or heading is one."""
    return CODE_SPAN.sub("", FENCE.sub("", text))


def _anchors(text: str) -> set[str]:
    """The anchors GitHub gives the headings of a Markdown text: lower case, punctuation dropped,
    spaces as hyphens, a repeated heading numbered."""
    anchors: set[str] = set()
    for heading in HEADING.findall(FENCE.sub("", text)):
        words = "".join(
            c for c in heading.replace("`", "").lower() if c in " -_" or unicodedata.category(c)[0] in "LN"
        )
        slug, number = words.replace(" ", "-"), 0
        while (slug if number == 0 else f"{slug}-{number}") in anchors:
            number += 1
        anchors.add(slug if number == 0 else f"{slug}-{number}")
    return anchors


def _broken_links(text: str, page: Path) -> list[str]:
    """Every relative link of ``text``, the text of ``page``, that leads outside the repository, to no
    file, or to a heading its file does not have."""
    broken = []
    for target in LINK.findall(_prose(text)):
        if re.match(r"^[a-z][a-z0-9+.-]*:", target):  # https:, mailto:: not a file of ours
            continue
        path, _, anchor = target.partition("#")
        file = (page.parent / path).resolve() if path else page.resolve()
        if not file.is_relative_to(ROOT):
            broken.append(f"{target} leaves the repository")
        elif not file.exists():
            broken.append(f"{target}: there is no {file.relative_to(ROOT)}")
        elif anchor and (file.suffix != ".md" or anchor not in _anchors(file.read_text(encoding="utf-8"))):
            broken.append(f"{target}: {file.relative_to(ROOT)} has no heading #{anchor}")
    return broken


def test_the_readme_is_short() -> None:
    assert len(README.read_text(encoding="utf-8")) < MOST_CHARACTERS


def test_the_readme_opens_with_the_demo_then_the_tests() -> None:
    first, second, third = _code_blocks(README.read_text(encoding="utf-8"))[:3]
    assert first.strip() == DEMO
    assert second.strip() == "bash .ci/run"
    assert third.strip() == ".venv/bin/python -m pytest -q -n 3 --dist worksteal"


def test_the_readmes_test_command_is_what_ci_runs() -> None:
    steps = [line for line in (ROOT / ".ci/run").read_text(encoding="utf-8").splitlines() if line.strip()]
    blocks = {
        line.strip()
        for block in _code_blocks(README.read_text(encoding="utf-8"))
        for line in block.splitlines()
    }
    assert steps[-1].strip() in blocks


@pytest.mark.parametrize("page", PAGES, ids=lambda page: str(page.relative_to(ROOT)))
def test_every_link_leads_to_a_file_and_heading_in_the_repository(page: Path) -> None:
    assert _broken_links(page.read_text(encoding="utf-8"), page) == []


@pytest.mark.parametrize("page", PAGES, ids=lambda page: str(page.relative_to(ROOT)))
def test_no_page_names_a_file_outside_the_repository(page: Path) -> None:
    text = page.read_text(encoding="utf-8")
    outside = [p for p in RELATIVE_PATH.findall(text) if not (page.parent / p).resolve().is_relative_to(ROOT)]
    assert outside == []


def test_the_link_check_finds_a_missing_file_a_missing_heading_and_a_way_out() -> None:
    text = (
        "[a](nowhere.md) [b](game-masters.md#no-such-heading) [c](../../shared/rules/ten-sailors.md)\n"
        "[d](#rulings) ![e](screenshots/login-desktop.png) [f](https://example.org/x.md) `[g](code.md)`"
    )
    broken = _broken_links(text, ROOT / "docs" / "players.md")
    assert broken == [
        "nowhere.md: there is no docs/nowhere.md",
        "game-masters.md#no-such-heading: docs/game-masters.md has no heading #no-such-heading",
        "../../shared/rules/ten-sailors.md leaves the repository",
    ]
    assert _anchors("# One, two\n## One, two\n```\n# not a heading\n```\n## `Код` и «кавычки»\n") == {
        "one-two",
        "one-two-1",
        "код-и-кавычки",
    }


def _game_files(page: Path) -> list[str]:
    """The game files shown in ``page``: its TOML code blocks with a [game] table."""
    return [block for block in _code_blocks(page.read_text(encoding="utf-8")) if block.startswith("[game]")]


@pytest.mark.parametrize("page", [README, ROOT / "docs" / "ru.md"], ids=["README.md", "docs/ru.md"])
def test_the_first_campaigns_game_file_is_complete_and_accepted(page: Path, tmp_path: Path) -> None:
    (text,) = _game_files(page)
    game = tomllib.loads(text)
    assert game["game"]["kind"] == "ten-sailors" and game["game"]["schedule"] == "ten-sailors-daily"
    assert {"start", "language", "master_email"} <= set(game["game"])
    assert len(game["players"]) == 9 and [p.get("host", False) for p in game["players"]].count(True) == 1
    file = tmp_path / "castle.toml"
    file.write_text(text, encoding="utf-8")
    checked = read_game_file(file, (ROOT / "schedules",))
    assert checked.warnings == () and len(checked.seats) == 9


@pytest.mark.parametrize(
    "page", [README, ROOT / "docs" / "players.md", ROOT / "docs" / "ru.md"], ids=lambda page: page.name
)
def test_pages_for_players_say_the_rules_in_our_words_without_rule_ids(page: Path) -> None:
    assert RULE_ID.findall(page.read_text(encoding="utf-8")) == []


DESIGN = ROOT / "docs" / "design.md"
PATH_SPAN = re.compile(r"`([A-Za-z_][\w./<>-]*/[\w./<>-]*|[\w-]+\.(?:py|toml|md))(?::[^`]*)?`")
"""A code span that names a file or folder: a path with a slash or a file name, perhaps followed by
``: name`` (the thing named in it)."""
PATH_ROOTS = ("", "referee/", "templates/en/", "templates/ru/")
"""Where a path named in the design may start: the repository, the package, a language's templates."""


def _named_paths(text: str) -> list[str]:
    """The paths the code spans of ``text`` name, a module's attribute (``app/x.name``) as its file."""
    found = []
    for match in PATH_SPAN.finditer(text):
        path = match.group(1)
        if "<" in path or path.startswith(("http", "/")) or "://" in path:
            continue  # a pattern such as templates/<language>/, an address or an absolute path
        folder, slash, name = path.rpartition("/")
        stem, dot, rest = name.partition(".")
        if dot and rest.split(".")[-1] not in ("py", "toml", "md", "j2", "txt", "tsv", "json"):
            path = f"{folder}{slash}{stem}.py"  # store/transactions.Database.batch → store/transactions.py
        found.append(path)
    return found


def _missing(paths: list[str]) -> list[str]:
    return [path for path in paths if not any((ROOT / base / path).exists() for base in PATH_ROOTS)]


def test_every_path_the_design_names_exists() -> None:
    paths = _named_paths(DESIGN.read_text(encoding="utf-8"))

    assert len(paths) > 50  # the design names its modules; a broken pattern would find none
    assert _missing(paths) == []


def test_the_design_path_check_finds_a_moved_module_and_reads_attributes_as_their_module() -> None:
    text = "`app/desk.py`, `app/desk.Desk.perform`, `store/unit.py: Unit`, `app/gone.py`, `<base_url>/x`"
    paths = _named_paths(text)

    assert paths == ["app/desk.py", "app/desk.py", "store/unit.py", "app/gone.py"]
    assert _missing(paths) == ["app/gone.py"]
