"""`referee export`, `import` and `move-to` as a game-master runs them: files with secrets made private
from their first byte and never through a link, imports refused in one line, and no mail of an
imported file sent from here."""

from __future__ import annotations

import json
import mailbox
import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from cli_helpers import Referee as Command
from test_store import make_store
from test_transfer import _played, _renamed

SECRET_MODE = 0o077
"""Mode bits that let anyone but the owner read or write a file."""


@pytest.fixture
def loose_umask() -> Iterator[None]:
    """A umask that leaves new files readable by everyone, as many shells have: a file made private
    only afterwards would be readable meanwhile (the processes started here inherit it)."""
    before = os.umask(0o000)
    try:
        yield
    finally:
        os.umask(before)


@pytest.fixture
def referee(tmp_path: Path, sqlite_url: str) -> Command:
    """The command line over a referee with game g1 played a little, delivering to a Maildir."""
    _played(sqlite_url)
    (tmp_path / "referee.toml").write_text(
        f'[database]\nurl = "{sqlite_url}"\n\n[mail]\naddress = "referee@example.org"\n'
        'incoming = "maildir:incoming"\noutgoing = "maildir:outgoing"\n',
        encoding="utf-8",
    )
    return Command(tmp_path)


def test_export_creates_its_file_private_under_a_loose_umask(
    referee: Command, tmp_path: Path, loose_umask: None
) -> None:
    out = tmp_path / "g1.json"
    referee("export", "g1", "--output", str(out))
    assert out.stat().st_mode & SECRET_MODE == 0
    assert json.loads(out.read_text(encoding="utf-8"))["game"] == "g1"


def test_export_never_writes_over_a_file_nor_through_a_planted_link(referee: Command, tmp_path: Path) -> None:
    victim = tmp_path / "victim.txt"
    victim.write_text("precious\n", encoding="utf-8")
    (tmp_path / "link.json").symlink_to(victim)
    (tmp_path / "dangling.json").symlink_to(tmp_path / "nowhere" / "x.json")
    for name, said in [("link.json", "is a symbolic link already"), ("victim.txt", "is a file already")]:
        result = referee("export", "g1", "--output", str(tmp_path / name), ok=False)
        assert said in result.stderr and "Traceback" not in result.stderr
        assert result.stderr.count("\n") == 1
    result = referee("export", "g1", "--output", str(tmp_path / "dangling.json"), ok=False)
    assert "is a symbolic link already" in result.stderr
    assert victim.read_text(encoding="utf-8") == "precious\n" and not (tmp_path / "nowhere").exists()


def _exported(referee: Command, tmp_path: Path) -> dict:
    out = tmp_path / "g1.json"
    referee("export", "g1", "--output", str(out))
    data = json.loads(out.read_text(encoding="utf-8"))
    out.unlink()
    return data


def _import_elsewhere(tmp_path: Path, data: dict, *, ok: bool) -> tuple[Command, str]:
    """Runs `referee import` of ``data`` on a second referee (delivering to its own Maildir)."""
    other = tmp_path / "other"
    other.mkdir()
    url = f"sqlite:///{other / 'referee.db'}"
    (other / "referee.toml").write_text(
        f'[database]\nurl = "{url}"\n\n[mail]\naddress = "referee@example.org"\n'
        'incoming = "maildir:incoming"\noutgoing = "maildir:outgoing"\n',
        encoding="utf-8",
    )
    there = Command(other)
    there("init")
    path = other / "g1.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    result = there("import", str(path), ok=ok)
    return there, (result.stdout if ok else result.stderr)


@pytest.mark.parametrize(
    ("change", "said"),
    [
        (lambda d: d["tables"]["seats"][1].update(name="#master"), "'#master' cannot be a player's name"),
        (lambda d: d["tables"]["seats"][2].update(email="anna@example.org"), "have the same address"),
        (lambda d: _renamed(d, "../g1"), "[game] id must be 1–63 letters"),
    ],
)
def test_import_refuses_a_hostile_file_in_one_line_and_writes_nothing(
    referee: Command, tmp_path: Path, change, said: str
) -> None:
    data = _exported(referee, tmp_path)
    change(data)
    there, error = _import_elsewhere(tmp_path, data, ok=False)
    assert said in error and "Traceback" not in error and error.count("\n") == 1
    assert there("game", "list").stdout.strip() == ""


def test_mail_an_imported_file_held_unsent_is_never_delivered(referee: Command, tmp_path: Path) -> None:
    """The notices of a game exported before its mail went out, one of them readdressed to a stranger:
    `referee deliver` on the importing referee sends none of them."""
    data = _exported(referee, tmp_path)
    unsent = len(data["tables"]["notices"])
    data["tables"]["notices"][0]["address"] = "spy@evil.example"
    there, said = _import_elsewhere(tmp_path, data, ok=True)
    assert f"{unsent} mail(s) the file held as not sent yet were kept as refused" in said
    there("deliver")
    outgoing = tmp_path / "other" / "outgoing"
    assert not outgoing.exists() or len(mailbox.Maildir(outgoing, create=False)) == 0


def test_move_to_a_new_sqlite_file_makes_it_private_and_refuses_a_link(
    referee: Command, tmp_path: Path, sqlite_url: str, loose_umask: None
) -> None:
    moved = tmp_path / "moved.db"
    referee("move-to", f"sqlite:///{moved}")
    assert moved.stat().st_mode & SECRET_MODE == 0
    assert [game.id for game in make_store(f"sqlite:///{moved}").games()] == ["g1"]
    victim = tmp_path / "victim.db"
    victim.write_bytes(b"")
    (tmp_path / "link.db").symlink_to(victim)
    result = referee("move-to", f"sqlite:///{tmp_path / 'link.db'}", ok=False)
    assert "symbolic link" in result.stderr and "Traceback" not in result.stderr
    assert victim.read_bytes() == b""


def test_a_new_database_is_private_from_its_first_command(tmp_path: Path, loose_umask: None) -> None:
    database = tmp_path / "fresh.db"
    (tmp_path / "referee.toml").write_text(f'[database]\nurl = "sqlite:///{database}"\n', encoding="utf-8")
    Command(tmp_path)("init")
    assert database.stat().st_mode & SECRET_MODE == 0


def test_a_game_made_with_every_option_of_a_game_file_moves_to_another_referee(tmp_path: Path) -> None:
    """The import's checks are the game file's: a game `game create` made passes them untouched."""
    here = tmp_path / "here"
    here.mkdir()
    (here / "referee.toml").write_text(f'[database]\nurl = "sqlite:///{here / "r.db"}"\n', encoding="utf-8")
    (here / "castle.toml").write_text(
        '[game]\nkind = "ten-sailors"\nid = "castle"\nlanguage = "ru"\nstart = 2026-12-01T20:00:00\n'
        'master_email = "gm@example.org"\ncopy_master = true\nhost_bot = true\nrelay_talk = false\n'
        + "".join(
            f'\n[[players]]\nname = "{name}"\nemail = "{name.lower()}@example.org"\ngender = "{gender}"\n'
            for name, gender in [("Anna", "f"), ("Boris", "m"), ("Clara", "f"), ("Dmitri", "m")]
        )
        + "host = true\n",
        encoding="utf-8",
    )
    referee = Command(here)
    referee("init")
    referee("game", "create", str(here / "castle.toml"))
    referee("export", "castle", "--output", str(here / "castle.json"))
    data = json.loads((here / "castle.json").read_text(encoding="utf-8"))
    there, said = _import_elsewhere(tmp_path, data, ok=True)
    assert "imported game castle" in said
    assert there.json("state", "castle") == referee.json("state", "castle")


def test_a_database_in_a_folder_that_does_not_exist_is_named_in_one_line(tmp_path: Path) -> None:
    (tmp_path / "referee.toml").write_text(
        f'[database]\nurl = "sqlite:///{tmp_path / "absent" / "r.db"}"\n', encoding="utf-8"
    )
    result = Command(tmp_path)("init", ok=False)
    assert "absent" in result.stderr and "Traceback" not in result.stderr
