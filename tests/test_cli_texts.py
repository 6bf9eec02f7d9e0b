"""The command line's own words: every command's help as written, mail counted as it was written, and
counts worded as people write them (English plurals, Russian numerals)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import typer
from cli_helpers import Referee
from test_cli import HANDS, game_file
from typer.testing import CliRunner

from referee.cli import app
from referee.core.numbers import counted
from referee.core.russian import plural


def commands(group: Any, path: tuple[str, ...] = ()) -> Iterator[tuple[tuple[str, ...], Any]]:
    """Every command of the command line (Typer's own Click) with the words that call it, groups too."""
    yield path, group
    if hasattr(group, "commands"):
        for name, command in group.commands.items():
            if not command.hidden:
                yield from commands(command, (*path, name))


@pytest.fixture
def referee(tmp_path: Path, sqlite_url: str) -> Referee:
    (tmp_path / "referee.toml").write_text(
        f'[database]\nurl = "{sqlite_url}"\n\n[mail]\naddress = "referee@example.org"\n'
        'incoming = "maildir:mail/incoming"\noutgoing = "maildir:mail/outgoing"\n',
        encoding="utf-8",
    )
    run = Referee(tmp_path)
    run("init")
    return run


def test_every_commands_help_shows_its_bracketed_words_and_its_flags_as_flags(tmp_path: Path) -> None:
    """`[web] listen`, `[game]`, `[[players]]` are printed as written; a boolean option is a bare flag
    ("--web"), never "--web <bool>"; no command's help shows reStructuredText's double backquotes."""
    runner = CliRunner()  # help is the same in-process; fifty fresh processes would cost a minute

    def run(*words: str) -> Any:
        return runner.invoke(app, list(words), env={"REFEREE_CONFIG": str(tmp_path / "referee.toml")})

    seen = 0
    for path, command in commands(typer.main.get_command(app)):
        shown = run(*path, "--help").stdout
        assert "<bool>" not in shown and "``" not in shown, (path, shown)
        for bracketed in re.findall(r"\[\[[a-z_]+\]\]|\[[a-z_]+\]", command.help or ""):
            assert bracketed in shown, (path, bracketed, shown)
            seen += 1
        for option in command.params:
            if getattr(option, "is_flag", False) and not option.hidden:
                flag = max(option.opts, key=len)
                assert re.search(rf"^\s+(-\w, )?{re.escape(flag)}\s{{2,}}\S", shown, re.MULTILINE), (
                    path,
                    flag,
                )
    assert seen >= 3  # [web] of `web`, [game] and [[players]] of `game create` at least
    assert "[web] listen" in run("web", "--help").stdout


def test_the_mail_counted_is_the_mail_written_copies_included(referee: Referee, tmp_path: Path) -> None:
    """With copies for the game-master, `game create` counts every file written, not the notices."""
    path = game_file(tmp_path, "castle", HANDS)
    text = path.read_text().replace(
        "seed = 11", 'seed = 11\nmaster_email = "gm@example.org"\ncopy_master = true'
    )
    path.write_text(text, "utf-8")
    created = referee("game", "create", str(path))
    written = len(list((tmp_path / "mail" / "outgoing" / "new").iterdir()))
    assert written > len(HANDS) + 1  # the welcomes, their copies and the game-master's own welcome
    assert re.search(rf"^{written} mails sent to maildir:\S*mail/outgoing$", created.stderr, re.MULTILINE)
    assert "(s)" not in created.stdout + created.stderr
    assert "0 mails still waiting" in referee("deliver").stdout


@pytest.mark.parametrize(
    ("count", "word"),
    [(1, "письмо"), (2, "письма"), (4, "письма"), (5, "писем"), (11, "писем"), (12, "писем"), (14, "писем"),
     (21, "письмо"), (22, "письма"), (25, "писем"), (101, "письмо"), (111, "писем"), (0, "писем")],
)  # fmt: skip
def test_russian_numerals_agree_with_the_number(count: int, word: str) -> None:
    assert plural(count, "письмо", "письма", "писем") == word
    assert counted(count, ("письмо", "письма", "писем"), "ru") == f"{count} {word}"


def test_english_counts_are_singular_for_one_only() -> None:
    assert [counted(n, ("mail", "mails")) for n in (0, 1, 2, 21)] == [
        "0 mails",
        "1 mail",
        "2 mails",
        "21 mails",
    ]
