"""``referee demo``: a whole Ten Sailors game played by bots, shown from one character's seat."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path

from referee.config import PROJECT_ROOT, load_config
from referee.core.rules import visible
from referee.gamefile import read_game_file
from referee.render import Renderer
from referee.store.database import create_tables, open_engine
from referee.store.games import GameStore

NAMES = ("Anna", "Boris", "Clara", "Dmitri", "Eva", "Fedor", "Galina", "Hugo", "Igor")


def write_demo_files(directory: Path, seed: int, language: str) -> tuple[Path, Path]:
    """A configuration and a nine-character game file in ``directory``; returns their paths."""
    directory.mkdir(parents=True, exist_ok=True)
    config = directory / "referee.toml"
    config.write_text(
        f'[database]\nurl = "sqlite:///referee.db"\n\n[paths]\nschedules = "{PROJECT_ROOT / "schedules"}"\n'
        f'templates = "{PROJECT_ROOT / "templates"}"\n',
        encoding="utf-8",
    )
    players = "".join(
        f'\n[[players]]\nname = "{name}"\nemail = "{name.lower()}@example.org"\n'
        + ("host = true\n" if name == "Igor" else "")
        for name in NAMES
    )
    game = directory / "demo-game.toml"
    game.write_text(
        f'[game]\nkind = "ten-sailors"\nid = "demo-{seed}"\nschedule = "ten-sailors-fast"\n'
        f'seed = {seed}\nlanguage = "{language}"\n{players}',
        encoding="utf-8",
    )
    return config, game


def run_demo(directory: Path, seed: int, language: str, echo: Callable[[str], None]) -> list[str]:
    """Plays a whole game with bots in ``directory`` and tells it through ``echo``; returns the winners."""
    config_file, game_file = write_demo_files(directory, seed, language)
    config = load_config(config_file)
    engine = open_engine(config.database_url)
    create_tables(engine)
    store = GameStore(engine)
    game = read_game_file(game_file, config.schedules)
    game_id = game.setup["id"]
    clock = datetime(2026, 12, 1, 20, 0, tzinfo=UTC)
    loaded = store.create_game(
        setup=game.setup, kind=game.kind, schedule=game.schedule, seats=game.seats, settings={}, now=clock
    )
    renderer = Renderer(config.templates)
    reader = NAMES[0]
    hand = loaded.rules.master_view(loaded.state)["characters"][0]["hand"]
    others = [name for name in NAMES if name != reader]
    echo(
        renderer.render(
            language,
            "welcome.txt.j2",
            character=reader,
            hand=hand,
            game_id=game_id,
            others=others,
            host=False,
        )
    )
    while not loaded.rules.finished(loaded.state):
        log = store.log(game_id)
        for name in NAMES:
            if not loaded.state.character(name).alive:
                continue
            clock += timedelta(seconds=7)
            view = loaded.rules.player_view(loaded.state, name, visible(log, name))
            outcome = store.submit(game_id, name, loaded.rules.bot(view, seed), clock, "demo-bot")
            loaded = outcome.loaded
        clock += timedelta(minutes=2)
        resolved = store.resolve(game_id, clock)
        loaded = resolved.loaded
        for notice in resolved.notices:
            if reader in notice.audience:
                echo(f"\n===== {reader}: {resolved.phase} =====")
                echo(renderer.render(language, f"{notice.template}.txt.j2", language=language, **notice.data))
    echo(f"\nThe game is in {config.database_url}; try: referee --help, with REFEREE_CONFIG={config_file}")
    return list(loaded.state.winners)
