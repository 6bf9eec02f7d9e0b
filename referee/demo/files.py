"""The files of a demo: a configuration and a game file in the demo's folder, and the game they create.

Each game says how its demo is played (``GameKind.demo``): how many players it takes, the start of
its game id, the characters' names in each language, any key a player's entry needs (a host), and the
schedule it plays on (``GameKind.schedules.demo``). A game played on the calendar gets a start, so
that its mail says the real deadlines a player would read (demo time jumps from deadline to
deadline); the others play phase by phase without a clock.
"""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from referee.app import Loaded, Referee, open_referee
from referee.app.gamefile import read_game_file
from referee.config import Config, load_config
from referee.core.kind import GameKind, Seats
from referee.games import KINDS, game_of, games
from referee.shipped import shipped

__all__ = ["NAMES", "START", "Seats", "demo_address", "demo_names", "players_of", "start_demo_game"]

NAMES = ("Anna", "Boris", "Clara", "Dmitri", "Eva", "Fedor", "Galina", "Hugo", "Igor")
"""The demo's characters, seat for seat with any a game names in another language."""

DEFAULT_KIND = KINDS[0]
"""The game a demo plays when none is named."""

START = datetime(2026, 12, 1, 16, 0, tzinfo=UTC)
"""When a demo game begins: 19:00 in Moscow, an hour before the first night of the daily schedule."""


def demo_names(kind: str, language: str) -> tuple[str, ...]:
    """The characters of a demo of ``kind`` in ``language`` (the game's own, else ``NAMES``)."""
    return game_of(kind).demo.names.get(language, NAMES)


def demo_address(name: str) -> str:
    """The mail address of the demo's character ``name``: a name in another language has the address of
    its seat."""
    for game in games():
        for names in game.demo.names.values():
            if name in names:
                return f"{NAMES[names.index(name)].lower()}@example.org"
    return f"{name.lower()}@example.org"


def players_of(kind: str) -> Seats:
    """How many players a demo of ``kind`` takes (raises ``KeyError`` for an unknown kind)."""
    return game_of(kind).demo.seats


def _toml(value: Any) -> str:
    """A TOML value for a player's extra key (a flag, a number or a word)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value) if isinstance(value, int) else f'"{value}"'


def _entries(game: GameKind, names: tuple[str, ...]) -> str:
    """The [[players]] tables of the demo's characters ``names``, with what the game adds to each."""
    return "".join(
        f'\n[[players]]\nname = "{name}"\nemail = "{demo_address(name)}"\n'
        + "".join(f"{key} = {_toml(value)}\n" for key, value in game.demo.player(seat, len(names)).items())
        for seat, name in enumerate(names)
    )


def write_demo_files(
    directory: Path, seed: int, players: int, language: str, kind: str = DEFAULT_KIND
) -> tuple[Path, Path]:
    """Writes a configuration and a game file of ``kind`` for ``players`` characters in ``directory``.

    Returns the two paths. The mail goes to Maildir folders under ``directory/mail``; schedules are
    looked up in ``directory/schedules`` first, then among the shipped ones.
    """
    game = game_of(kind)
    directory.mkdir(parents=True, exist_ok=True)
    config = directory / "referee.toml"
    config.write_text(
        f'[database]\nurl = "sqlite:///referee.db"\n\n[paths]\n'
        f'templates = "{shipped("templates")}"\n\n[mail]\naddress = "referee@example.org"\n'
        'incoming = "maildir:mail/incoming"\noutgoing = "maildir:mail/outgoing"\n',
        encoding="utf-8",
    )
    names = demo_names(kind, language)[:players]
    start = f"start = {START.isoformat()}\n" if game.demo.calendar else ""  # a TOML date and time
    file = directory / "demo-game.toml"
    file.write_text(
        f'[game]\nkind = "{kind}"\nid = "{game.demo.game_id}-{seed}"\nschedule = "{game.schedules.demo}"\n'
        f'seed = {seed}\nlanguage = "{language}"\n{start}{_entries(game, names)}',
        encoding="utf-8",
    )
    return config, file


def start_demo_game(
    directory: Path, seed: int, players: int, language: str, kind: str = DEFAULT_KIND
) -> tuple[Config, Referee, Loaded]:
    """Writes the demo's files in ``directory`` and creates its game; returns the config, store and game."""
    config_file, game_file = write_demo_files(directory, seed, players, language, kind)
    config = load_config(config_file)
    store = open_referee(config.database_url, config.schedules)  # every phase on its schedule's clock
    loaded = read_game_file(game_file, config.schedules).create(store.operations, START)
    return config, store, loaded
