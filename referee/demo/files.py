"""The files of a demo: a configuration and a game file in the demo's folder, and the game they create.

Ten Sailors plays on its daily schedule with a calendar, so that its mail says the real
deadlines a player would read (demo time jumps from deadline to deadline); the other game
kinds play on their ``-fast`` schedules without a clock. Each takes the first few of the
demo's characters; ``PLAYERS`` says how many each game takes.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from referee.app import Loaded, Referee, open_referee
from referee.app.gamefile import read_game_file
from referee.config import Config, load_config
from referee.demo.russian import RU_NAMES
from referee.shipped import shipped

NAMES = ("Anna", "Boris", "Clara", "Dmitri", "Eva", "Fedor", "Galina", "Hugo", "Igor")
"""The demo's characters; in Ten Sailors the last one playing is the host."""


def demo_address(name: str) -> str:
    """The mail address of the demo's character ``name`` (a Russian name has the address of its seat)."""
    latin = NAMES[RU_NAMES.index(name)] if name in RU_NAMES else name
    return f"{latin.lower()}@example.org"


def demo_names(kind: str, language: str) -> tuple[str, ...]:
    """The characters of a demo of ``kind`` in ``language``: a Russian Ten Sailors game has Russian ones."""
    return RU_NAMES if language == "ru" and kind == "ten-sailors" else NAMES


START = datetime(2026, 12, 1, 16, 0, tzinfo=UTC)
"""When a demo game begins: 19:00 in Moscow, an hour before the first night of the daily schedule."""

SCHEDULES = {"ten-sailors": "ten-sailors-daily"}
"""The game kinds whose demo keeps a calendar, with their schedule; the others play ``<kind>-fast``."""


@dataclass(frozen=True)
class Seats:
    """How many players a game kind takes in a demo: the fewest, the most, and the default."""

    least: int
    most: int
    default: int


PLAYERS = {
    "ten-sailors": Seats(3, 9, 9),
    "museum-suspects": Seats(2, 4, 4),
    "cosmic-express": Seats(3, 6, 5),
    "minuit": Seats(2, 6, 4),
}
"""The game kinds a demo can play, with their player counts."""

GAME_IDS = {
    "ten-sailors": "demo",
    "museum-suspects": "demo-museum",
    "cosmic-express": "demo-cosmic",
    "minuit": "demo-minuit",
}
"""The start of a demo game's id; the seed follows (``demo-museum-7``)."""


def write_demo_files(
    directory: Path, seed: int, players: int, language: str, kind: str = "ten-sailors"
) -> tuple[Path, Path]:
    """Writes a configuration and a game file of ``kind`` for ``players`` characters in ``directory``.

    Returns the two paths. The mail goes to Maildir folders under ``directory/mail``.
    """
    directory.mkdir(parents=True, exist_ok=True)
    config = directory / "referee.toml"
    config.write_text(
        f'[database]\nurl = "sqlite:///referee.db"\n\n[paths]\nschedules = "{shipped("schedules")}"\n'
        f'templates = "{shipped("templates")}"\n\n[mail]\naddress = "referee@example.org"\n'
        'incoming = "maildir:mail/incoming"\noutgoing = "maildir:mail/outgoing"\n',
        encoding="utf-8",
    )
    names = demo_names(kind, language)[:players]
    host = kind == "ten-sailors"  # only Ten Sailors has a host (TS-1)
    entries = "".join(
        f'\n[[players]]\nname = "{name}"\nemail = "{demo_address(name)}"\n'
        + ("host = true\n" if host and name == names[-1] else "")
        for name in names
    )
    start = f"start = {START.isoformat()}\n" if kind in SCHEDULES else ""  # a TOML date and time
    schedule = SCHEDULES.get(kind, f"{kind}-fast")
    game = directory / "demo-game.toml"
    game.write_text(
        f'[game]\nkind = "{kind}"\nid = "{GAME_IDS[kind]}-{seed}"\nschedule = "{schedule}"\n'
        f'seed = {seed}\nlanguage = "{language}"\n{start}{entries}',
        encoding="utf-8",
    )
    return config, game


def start_demo_game(
    directory: Path, seed: int, players: int, language: str, kind: str = "ten-sailors"
) -> tuple[Config, Referee, Loaded]:
    """Writes the demo's files in ``directory`` and creates its game; returns the config, store and game."""
    config_file, game_file = write_demo_files(directory, seed, players, language, kind)
    config = load_config(config_file)
    store = open_referee(config.database_url, config.schedules if kind in SCHEDULES else None)
    loaded = read_game_file(game_file, config.schedules).create(store.operations, START)
    return config, store, loaded
