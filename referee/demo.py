"""``referee demo``: a whole Ten Sailors campaign played by bots through the referee's mail.

Every bot reads the mail the referee sent it (Maildir), replies with its orders as a
mail client would, and the referee takes the replies in through the same intake as
real mail. The referee then resolves each segment at once, without waiting for a clock.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from referee.bot_mail import QUOTE_STYLES, MailReader, reply
from referee.config import PROJECT_ROOT, Config, load_config
from referee.core.rules import visible
from referee.gamefile import read_game_file
from referee.mail.connect import open_outbox
from referee.mail.delivery import deliver
from referee.mail.intake import ingest
from referee.mail.transports import MaildirInbox, maildir_path
from referee.render import Renderer
from referee.store.database import create_tables, open_engine
from referee.store.games import GameStore, Loaded

NAMES = ("Anna", "Boris", "Clara", "Dmitri", "Eva", "Fedor", "Galina", "Hugo", "Igor")
"""The demo's characters; the last one playing is the host."""


@dataclass(frozen=True)
class DemoResult:
    """How the demo ended and where its files are."""

    game_id: str
    winners: list[str]
    frags: dict[str, str]
    outgoing: Path
    incoming: Path
    mails_in: int
    mails_out: int


def write_demo_files(directory: Path, seed: int, players: int, language: str) -> tuple[Path, Path]:
    """A configuration and a game file for ``players`` characters in ``directory``; returns their paths."""
    directory.mkdir(parents=True, exist_ok=True)
    config = directory / "referee.toml"
    config.write_text(
        f'[database]\nurl = "sqlite:///referee.db"\n\n[paths]\nschedules = "{PROJECT_ROOT / "schedules"}"\n'
        f'templates = "{PROJECT_ROOT / "templates"}"\n\n[mail]\naddress = "referee@example.org"\n'
        'incoming = "maildir:mail/incoming"\noutgoing = "maildir:mail/outgoing"\n',
        encoding="utf-8",
    )
    names = NAMES[:players]
    entries = "".join(
        f'\n[[players]]\nname = "{name}"\nemail = "{name.lower()}@example.org"\n'
        + ("host = true\n" if name == names[-1] else "")
        for name in names
    )
    game = directory / "demo-game.toml"
    game.write_text(
        f'[game]\nkind = "ten-sailors"\nid = "demo-{seed}"\nschedule = "ten-sailors-fast"\n'
        f'seed = {seed}\nlanguage = "{language}"\n{entries}',
        encoding="utf-8",
    )
    return config, game


START = datetime(2026, 12, 1, 20, 0, tzinfo=UTC)
"""When a demo game's arrival evening begins (demo time runs without a clock)."""


def start_demo_game(
    directory: Path, seed: int, players: int, language: str
) -> tuple[Config, GameStore, Loaded]:
    """Writes the demo's files in ``directory`` and creates its game; returns the config, store and game."""
    config_file, game_file = write_demo_files(directory, seed, players, language)
    config = load_config(config_file)
    engine = open_engine(config.database_url)
    create_tables(engine)
    store = GameStore(engine)
    loaded = read_game_file(game_file, config.schedules).create(store, START)
    return config, store, loaded


Policy = Callable[[dict[str, Any]], str]
"""What a bot mails, given its character's view (``player_view``)."""


def run_demo(
    directory: Path,
    seed: int,
    players: int,
    language: str,
    echo: Callable[[str], None],
    *,
    policy: Policy | None = None,
    segments: int | None = None,
) -> DemoResult:
    """Plays a campaign by mail in ``directory``, telling its progress through ``echo``.

    Bots mail what ``policy`` says (default: the rules' bot, trapping on odd nights only,
    so that a campaign usually lasts to the final dawn). ``segments`` stops after that
    many resolutions instead of at the end of the game.
    """
    clock = START
    config, store, loaded = start_demo_game(directory, seed, players, language)
    game_id = loaded.row.id
    outgoing, incoming = maildir_path(config.mail.outgoing), maildir_path(config.mail.incoming)
    send = _sender(store, config)
    send()
    reader, inbox = MailReader(outgoing), MaildirInbox(incoming)
    names = [seat.name for seat in store.seats(game_id)]
    mails_in = 0
    day = -1
    resolved = 0
    while not loaded.rules.finished(loaded.state) and resolved != segments:
        if loaded.state.segment.day != day:
            day = loaded.state.segment.day
            living = [c.name for c in loaded.state.characters if c.alive]
            alive = f"{len(living)} alive ({', '.join(living)})"
            echo(f"day {day}: {alive}; {mails_in} mails from the players so far")
        reader.refresh()
        log = store.log(game_id)
        for number, name in enumerate(names):
            if not loaded.state.character(name).alive:
                continue
            clock += timedelta(seconds=7)
            view = loaded.rules.player_view(loaded.state, name, visible(log, name))
            orders = policy(view) if policy else _cautious(loaded.rules.bot(view, seed), day)
            style = QUOTE_STYLES[(number + mails_in) % len(QUOTE_STYLES)]
            address = f"{name.lower()}@example.org"
            raw = reply(address, name, reader.last(address), orders, style, clock)
            inbox.folder.add(raw)
            mails_in += 1
        for key, raw in inbox.fetch():
            ingest(store, config.mail, raw, clock)
            inbox.done(key)
        send()
        clock += timedelta(minutes=2)
        loaded = store.resolve(game_id, clock).loaded
        resolved += 1
        send()
    view = loaded.rules.master_view(loaded.state)
    frags = {c["name"]: c["frags_exact"] for c in view["characters"]}
    mails_out = len(list((outgoing / "new").iterdir()))
    return DemoResult(game_id, list(view["winners"]), frags, outgoing, incoming, mails_in, mails_out)


def _cautious(orders: str, day: int) -> str:
    """The bot's orders without traps on even nights: demo bots trap every other night."""
    if day % 2:
        return orders
    return "\n".join(line for line in orders.splitlines() if not line.startswith("TRAP"))


def _sender(store: GameStore, config: Config) -> Callable[[], None]:
    """Sends the outbox's mail to the outgoing Maildir (raises if any mail could not be written)."""
    outbox, renderer = open_outbox(config.mail), Renderer(config.templates)

    def send() -> None:
        done = deliver(store, outbox, renderer, config.mail)
        if done.failed:
            raise OSError("; ".join(done.failed))

    return send
