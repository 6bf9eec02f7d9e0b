"""The ``referee`` command line: every command is its own process and all state is in the database."""

from __future__ import annotations

import inspect
import json
import sys
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, TypeGuard

import typer

from referee.app import ACTIONS, FLAG, SETUP_ERRORS, RefereeError
from referee.config import Config, ConfigError, config_path, load_config
from referee.core.numbers import counted
from referee.games import KINDS
from referee.invoked import invoked_as

if TYPE_CHECKING:  # what a command needs is imported by the command: a command that does little starts fast
    from sqlalchemy.exc import DBAPIError

    from referee.app import GameMasterAction, Loaded, Referee
    from referee.bench.table import Figure
    from referee.mail.intake import Intake
    from referee.mail.transports import Inbox

PLAIN_HELP: Any = None
"""Typer's ``rich_markup_mode`` for every command: plain help, as Click writes it, so that bracketed words
("[web] listen") are shown as written and a flag is shown as a flag, not "--web <bool>"."""

app = typer.Typer(
    no_args_is_help=True,
    add_completion=False,
    rich_markup_mode=PLAIN_HELP,
    help="A play-by-email referee for deduction games.",
)
game_app = typer.Typer(
    no_args_is_help=True,
    rich_markup_mode=PLAIN_HELP,
    help="Create, announce and list games; sign-ups of announced campaigns.",
)
app.add_typer(game_app, name="game")
gm_app = typer.Typer(
    no_args_is_help=True, rich_markup_mode=PLAIN_HELP, help="Game-masters' accounts on the web dashboard."
)
app.add_typer(gm_app, name="gm")
minuit_app = typer.Typer(
    no_args_is_help=True,
    rich_markup_mode=PLAIN_HELP,
    help="Minuit, Murder at Sea: check investigation files.",
)
app.add_typer(minuit_app, name="minuit")

ConfigOption = Annotated[
    str | None,
    typer.Option("--config", "-c", help="Configuration file (default: $REFEREE_CONFIG or ./referee.toml)."),
]
MAILS = ("mail", "mails")
"""The word the command line counts mail with."""
GAMES = ("game", "games")

JsonOption = Annotated[bool, typer.Option("--json", help="Print JSON for programs instead of text.")]


def _print_version(asked: bool) -> None:
    if asked:
        from importlib.metadata import version

        typer.echo(f"referee {version('referee')}")
        raise typer.Exit()


@app.callback()
def _everything(
    show_version: Annotated[
        bool,
        typer.Option("--version", callback=_print_version, is_eager=True, help="Print the version and exit."),
    ] = False,
) -> None:
    """A play-by-email referee for deduction games."""


def _fail(message: str, code: int = 1) -> typer.Exit:
    typer.echo(f"error: {message}", err=True)
    return typer.Exit(code)


def _config(explicit: str | None) -> Config:
    try:
        return load_config(config_path(explicit))
    except ConfigError as error:
        raise _fail(str(error)) from error


def _referee(config: Config, *, create: bool = False, pages: bool = False) -> Referee:
    """The referee over ``config``'s database (brought up to date), on the calendar of its schedules;
    with ``pages``, for the site's pages (``open_referee``)."""
    from referee.app import open_referee

    try:
        return open_referee(config.database_url, config.schedules, create=create, pages=pages)
    except RefereeError as error:  # e.g. a new SQLite file that cannot be made private
        raise _fail(str(error)) from error


def _now(at: str | None) -> datetime:
    if at is None:
        return datetime.now(UTC)
    try:
        moment = datetime.fromisoformat(at)
    except ValueError as error:
        raise _fail(f"--at takes a date and time such as 2026-12-01T12:30:00+03:00, not {at!r}") from error
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


def _load(referee: Referee, game_id: str) -> Loaded:
    try:
        return referee.load(game_id)
    except RefereeError as error:
        raise _fail(str(error)) from error


def _deliver(settings: Config, referee: Referee) -> None:
    """Sends whatever the outbox holds through the outgoing transport, before the command ends."""
    from referee.mail.connect import open_outbox
    from referee.mail.delivery import deliver
    from referee.mail.transports import TransportError
    from referee.render import Renderer

    try:
        outbox = open_outbox(settings.mail)
    except (TransportError, OSError) as error:
        typer.echo(f"warning: no mail was sent ({error}); `referee deliver` sends it later", err=True)
        return
    done = deliver(referee, outbox, Renderer(settings.templates), settings.mail)
    if done.mails:
        typer.echo(f"{counted(done.mails, MAILS)} sent to {settings.mail.outgoing}", err=True)
    for failure in done.failed:
        typer.echo(f"warning: not sent yet, will be retried: {failure}", err=True)


def _print_json(data: Any) -> None:
    typer.echo(json.dumps(data, ensure_ascii=False, indent=2))


@app.command()
def init(
    address: Annotated[
        str | None, typer.Option(help="The referee's own mail address, e.g. referee@example.org.")
    ] = None,
    incoming: Annotated[
        str | None,
        typer.Option(
            help="Where players' mail is read: imap://user@host/INBOX?tls=starttls or maildir:PATH."
        ),
    ] = None,
    outgoing: Annotated[
        str | None,
        typer.Option(
            help="Where the referee's mail goes: smtp://user@host:587?tls=starttls or maildir:PATH."
        ),
    ] = None,
    base_url: Annotated[
        str | None,
        typer.Option("--base-url", help="How players reach the web pages, e.g. https://referee.example.org."),
    ] = None,
    database: Annotated[
        str | None,
        typer.Option(help="sqlite:///referee.db (the default) or postgresql+psycopg://user@host/dbname."),
    ] = None,
    language: Annotated[
        str | None, typer.Option(help="en or ru: the name the referee's mail is signed with.")
    ] = None,
    force: Annotated[
        bool, typer.Option("--force", help="Write referee.toml anew even though there is one.")
    ] = False,
    config: ConfigOption = None,
) -> None:
    """Write referee.toml (from config.example.toml, with the values given) and create the database.

    At a terminal it asks for each value not given; otherwise those keep the example's values. An
    existing referee.toml is kept (only the database is created or brought up to date) unless --force.
    """
    path = config_path(config)
    given = {"address": address, "incoming": incoming, "outgoing": outgoing, "base_url": base_url}
    given |= {"database": database, "language": language}
    chosen = {name: value for name, value in given.items() if value is not None}
    if path.exists() and not force:
        if chosen:
            raise _fail(
                f"{path} exists already and was left as it is: edit it, or write it anew with "
                "`referee init --force` and the values"
            )
    else:
        _write_config(path, chosen, force=force)
    settings = _config(str(path))
    _make_maildirs(settings)
    _referee(settings, create=True)
    typer.echo(f"database ready: {_shown_url(settings.database_url)}")
    typer.echo("next: `referee check` tries the mail servers and the rest of the configuration")


def _write_config(path: Path, chosen: dict[str, str], *, force: bool) -> None:
    """Writes ``path`` from the example with ``chosen`` filled in, asking for the rest at a terminal."""
    from referee.app import FROM_NAMES, example_values, filled_example, write_config

    for name, value in chosen.items():
        if problem := _init_problem(name, value):
            raise _fail(f"--{name.replace('_', '-')}: {problem}; nothing was written")
    example = example_values()
    kept = []
    for name in ("address", "incoming", "outgoing", "base_url", "database", "language"):
        if name in chosen:
            continue
        if sys.stdin.isatty():
            chosen[name] = _ask(name, _init_default(name, chosen, example))
        elif name != "language":
            kept.append(name)
    language = chosen.pop("language", None)
    if language is not None:
        chosen["name"] = FROM_NAMES[language]
    try:
        write_config(path, filled_example(chosen), replace=force)
    except FileExistsError as error:
        raise _fail(f"{path} appeared meanwhile and was left as it is") from error
    except OSError as error:
        raise _fail(f"cannot write {path}: {error.strerror}") from error
    typer.echo(f"wrote {path} from config.example.toml (readable by you alone)")
    for name in kept:
        typer.echo(
            f"kept the example's {_INIT_KEYS[name]} = {example[name]!r}: "
            f"give --{name.replace('_', '-')}, or edit {path.name}"
        )


_INIT_KEYS = {
    "address": "[mail] address",
    "incoming": "[mail] incoming",
    "outgoing": "[mail] outgoing",
    "base_url": "[web] base_url",
    "database": "[database] url",
    "language": "the language",
}


def _init_problem(name: str, value: str) -> str | None:
    """What is wrong with ``value`` for ``referee init``'s setting ``name``; None when it will do."""
    from urllib.parse import urlsplit

    from sqlalchemy.engine import make_url
    from sqlalchemy.exc import ArgumentError

    from referee.app import FROM_NAMES, is_address
    from referee.mail.transports import TransportError
    from referee.mail.urls import parse_imap_url, parse_smtp_url

    if name == "address":
        return None if is_address(value) else f"{value!r} is not a mail address such as referee@example.org"
    if name in ("incoming", "outgoing"):
        scheme = "imap" if name == "incoming" else "smtp"
        if value.startswith("maildir:"):
            return (
                None if value.removeprefix("maildir:") else "maildir: needs a folder, as in maildir:mail/in"
            )
        if not value.startswith(f"{scheme}://"):
            return f"write {scheme}://user@host… or maildir:PATH"
        try:
            (parse_imap_url if scheme == "imap" else parse_smtp_url)(value)
        except TransportError as error:
            return str(error)
        return None
    if name == "base_url":
        parts = urlsplit(value)
        good = parts.scheme in ("http", "https") and parts.hostname
        return None if good else f"{value!r} is not an address such as https://referee.example.org"
    if name == "database":
        try:
            backend = make_url(value).get_backend_name()
        except ArgumentError:
            backend = ""
        known = backend in ("sqlite", "postgresql")
        return None if known else "write sqlite:///referee.db or postgresql+psycopg://user@host/dbname"
    return None if value in FROM_NAMES else f"the language is {' or '.join(FROM_NAMES)}, not {value!r}"


def _init_default(name: str, chosen: dict[str, str], example: dict[str, str]) -> str:
    """What ``referee init`` offers for ``name`` at a terminal: guessed from the address given."""
    from referee.app import is_local_domain

    local, _, domain = chosen.get("address", example["address"]).partition("@")
    real = not is_local_domain(domain)
    if name == "incoming" and real:
        return f"imap://{local}@mail.{domain}/INBOX?tls=starttls"
    if name == "outgoing" and real:
        return f"smtp://{local}@mail.{domain}:587?tls=starttls"
    if name == "base_url" and real:
        return f"https://referee.{domain}"
    return "en" if name == "language" else example[name]


def _ask(name: str, default: str) -> str:
    """Asks at the terminal for ``referee init``'s setting ``name`` until the answer will do."""
    while True:
        answer = str(typer.prompt(_INIT_KEYS[name], default=default)).strip()
        problem = _init_problem(name, answer)
        if problem is None:
            return answer
        typer.echo(f"  {problem}")


def _make_maildirs(settings: Config) -> None:
    """Makes the Maildir folders the configuration names, if missing."""
    from referee.mail.transports import MaildirInbox, MaildirOutbox, TransportError, maildir_path

    try:
        if settings.mail.incoming.startswith("maildir:"):
            MaildirInbox(maildir_path(settings.mail.incoming))
        if settings.mail.outgoing.startswith("maildir:"):
            MaildirOutbox(maildir_path(settings.mail.outgoing))
    except (OSError, TransportError) as error:
        typer.echo(f"warning: cannot make the Maildir folders: {error}", err=True)


def _shown_url(url: str) -> str:
    """A database URL without its password."""
    from sqlalchemy.engine import make_url

    return make_url(url).render_as_string(hide_password=True)


@app.command()
def check(config: ConfigOption = None) -> None:
    """Check everything a campaign needs, changing nothing: the mail servers (a login, nothing sent),
    the database, schedules and time zones, the open games and the web address. One line per problem
    with its fix; exits 1 when there is one."""
    from referee.app import check_referee
    from referee.mail.probe import probe_mail

    settings = _config(config)
    findings = probe_mail(settings.mail)
    findings.extend(check_referee(settings))
    for problem in findings.problems:
        typer.echo(f"problem: {problem.problem} -- fix: {problem.fix}")
    if findings.problems:
        raise typer.Exit(1)
    typer.echo(f"everything looks right in {settings.path}; checked:")
    for checked in findings.checked:
        typer.echo(f"  {checked}")


@app.command()
def backup(
    path: Annotated[Path, typer.Argument(help="The new file to write; it must not exist.")],
    config: ConfigOption = None,
) -> None:
    """Copy the SQLite database into a new file (readable by you alone) while the referee runs.

    To restore: stop `referee serve` and copy the file back in place of the database. PostgreSQL is
    backed up with pg_dump (this command says so and exits 1).
    """
    from referee.app import backup_sqlite

    settings = _config(config)
    try:
        made = backup_sqlite(settings.database_url, path)
    except RefereeError as error:
        raise _fail(str(error)) from error
    typer.echo(
        f"backed up {made.games} game(s) into {made.path} ({made.size} bytes); to restore, stop "
        f"`referee serve` and copy it back to {settings.database_url.removeprefix('sqlite:///')}"
    )


@game_app.command("create")
def game_create(
    paths: Annotated[
        list[Path],
        typer.Argument(
            help="Game files (TOML with [game] and [[players]]), or folders of them (their *.toml files).",
            show_default=False,
        ),
    ],
    no_send: Annotated[
        bool,
        typer.Option(
            "--no-send",
            help="Leave the welcome letters in the outbox, for `referee serve` or `referee deliver` to send.",
        ),
    ] = False,
    config: ConfigOption = None,
) -> None:
    """Create a game from a game file (TOML with [game] and [[players]]), or many at once from several
    files or folders: every file is checked first, a file refused is named with why, the others are
    created all the same (exits 1 when one was refused)."""
    settings = _config(config)
    referee = _referee(settings)
    if len(paths) == 1 and not paths[0].is_dir():
        _create_game(settings, referee, paths[0])
        refused = 0
    else:
        refused = _create_games(settings, referee, paths)
    if no_send:
        typer.echo(
            "the welcome letters wait in the outbox: `referee deliver` sends them, `referee serve` too"
        )
    else:
        _deliver(settings, referee)  # the games created have their welcome letters even if one was refused
    if refused:
        raise typer.Exit(1)


def _create_game(settings: Config, referee: Referee, file: Path) -> None:
    """``referee game create FILE``: one game, and the game-master's view of it."""
    from referee.app import GameFileError, read_game_file, web_missing, web_reach

    try:
        game = read_game_file(file, settings.schedules)
        if (unreachable := web_reach(settings, [seat["email"] for seat in game.seats])) is not None:
            raise _fail(f"no game was created: {unreachable.problem}; fix: {unreachable.fix}")
        loaded = game.create(referee.operations, datetime.now(UTC))
    except (GameFileError, ValueError, RefereeError) as error:
        raise _fail(f"no game was created: {error}") from error
    typer.echo(f"created {game.kind} game {loaded.row.id} with {len(game.seats)} players")
    typer.echo(f"schedule {game.schedule}: {game.schedule_path}")
    for warning in (*game.warnings, *filter(None, [web_missing(settings)])):
        typer.echo(f"warning: {warning}", err=True)
    typer.echo(_master_text(settings, referee, loaded.row.id))


def _create_games(settings: Config, referee: Referee, paths: list[Path]) -> int:
    """``referee game create PATH PATH…``: every game of the files and folders, a line each, then how
    many were created and every refusal with why; how many were refused."""
    from referee.app import Refused, create_games, read_game_files, web_missing, web_reach

    files, refused = read_game_files(paths, settings.schedules)
    reachable = []
    for source, game in files:
        if (unreachable := web_reach(settings, [seat["email"] for seat in game.seats])) is not None:
            refused.append(Refused(source, f"{unreachable.problem}; fix: {unreachable.fix}"))
        else:
            reachable.append((source, game))
    created = 0
    for done in create_games(referee.operations, reachable, datetime.now(UTC)):
        if isinstance(done, Refused):
            refused.append(done)
            continue
        source, game = done
        created += 1
        typer.echo(
            f"created {game.kind} game {game.setup['id']} with {len(game.seats)} players from {source}"
        )
        for warning in game.warnings:
            typer.echo(f"warning: {source}: {warning}", err=True)
    if missing := web_missing(settings):
        typer.echo(f"warning: {missing}", err=True)
    typer.echo(f"created {counted(created, GAMES)}, refused {len(refused)}" + (":" if refused else ""))
    for refusal in refused:
        typer.echo(f"  {refusal.source}: {refusal.why}")
    return len(refused)


@game_app.command("list")
def game_list(config: ConfigOption = None) -> None:
    """List every game, one a line: its open phase and until when it runs (or why it waits)."""
    from referee.app import list_line

    referee = _referee(_config(config))
    for game in referee.views.status()["games"]:
        typer.echo(list_line(game, invoked_as()))
    for campaign in referee.signups.campaigns():
        if campaign.state == "signup":
            in_line = sum(1 for item in referee.signups.line(campaign.id) if item["state"] == "in")
            typer.echo(
                f"{campaign.id}  {campaign.kind}  sign-up until {campaign.closes_at:%Y-%m-%d %H:%M} UTC, "
                f"{in_line} of {campaign.seats} in line (`referee game signups {campaign.id}`)"
            )


@game_app.command("announce")
def game_announce(file: Path, config: ConfigOption = None) -> None:
    """Announce a campaign from a game file with a [signup] table: players sign up until it closes."""
    from referee.app import COMMAND_LINE, GameFileError, read_campaign_file

    settings = _config(config)
    referee = _referee(settings)
    try:
        campaign = read_campaign_file(file, settings.schedules)
        row = referee.signups.announce(campaign, datetime.now(UTC), COMMAND_LINE)
    except (GameFileError, ValueError, RefereeError) as error:
        raise _fail(f"no campaign was announced: {error}") from error
    typer.echo(
        f"announced {row.kind} campaign {row.id}: {row.seats} seats, at least {row.minimum} to start; "
        f"sign-up closes {row.closes_at.isoformat()} ({row.zone})"
    )
    typer.echo(f"players write JOIN {row.id} <name> to {settings.mail.address}")
    if settings.mail.forum_url:
        typer.echo(f"or sign up at {settings.mail.forum_url.rstrip('/')}/signup/{row.id}")


@game_app.command("signups")
def game_signups(game: str, config: ConfigOption = None, as_json: JsonOption = False) -> None:
    """The sign-ups of an announced campaign: seats, reserve and the rest, with each address's record."""

    referee = _referee(_config(config))
    try:
        line = referee.signups.line(game)
    except RefereeError as error:
        raise _fail(str(error)) from error
    if as_json:
        _print_json(line)
        return
    for item in line:
        where = f"{item['place']} {item['position']}" if item["place"] else item["state"]
        record = item["record"]["text"]["en"]
        typer.echo(f"{where:<12} {item['name']} <{item['email']}> [{item['state']}] {record}")


def _campaign_step(name: str, step: Any, *values: Any, mails: bool = True, config: str | None = None) -> Any:
    from referee.app import COMMAND_LINE

    settings = _config(config)
    referee = _referee(settings)
    try:
        done = step(referee.signups)(*values, datetime.now(UTC), COMMAND_LINE)
    except (RefereeError, ValueError) as error:
        raise _fail(f"{name}: {error}") from error
    if mails:
        _deliver(settings, referee)
    return done


@game_app.command("accept")
def game_accept(game: str, email: str, config: ConfigOption = None) -> None:
    """Accept a confirmed sign-up into the line (campaigns whose file says accept = "master")."""
    place = _campaign_step("accept", lambda s: s.accept, game, email, config=config)
    typer.echo(f"{email} is number {place} in line")


@game_app.command("refuse")
def game_refuse(game: str, email: str, config: ConfigOption = None) -> None:
    """Take a sign-up out of a campaign; the address is told."""
    _campaign_step("refuse", lambda s: s.refuse, game, email, config=config)
    typer.echo(f"{email} is no longer signed up for {game}")


@game_app.command("reorder")
def game_reorder(game: str, email: str, place: int, config: ConfigOption = None) -> None:
    """Move a sign-up to another place in line (1 is the first); whoever gains or loses a seat is told."""
    _campaign_step("reorder", lambda s: s.reorder, game, email, place, config=config)
    typer.echo(f"{email} is number {place} in line")


@game_app.command("start")
def game_start(
    game: str,
    anyway: Annotated[bool, typer.Option("--anyway", help="Start below the file's minimum.")] = False,
    config: ConfigOption = None,
) -> None:
    """Start an announced campaign now: seats dealt to those in line, welcome letters sent."""
    from referee.app import COMMAND_LINE

    settings = _config(config)
    referee = _referee(settings)
    try:
        referee.signups.start(game, datetime.now(UTC), COMMAND_LINE, anyway=anyway)
    except (RefereeError, ValueError) as error:
        raise _fail(f"not started: {error}") from error
    typer.echo(f"started game {game}")
    typer.echo(_master_text(settings, referee, game))
    _deliver(settings, referee)


@game_app.command("cancel")
def game_cancel(game: str, config: ConfigOption = None) -> None:
    """Call off an announced campaign before its start; everyone signed up is told."""
    _campaign_step("cancel", lambda s: s.cancel, game, config=config)
    typer.echo(f"campaign {game} is called off")


@app.command()
def order(
    game: str,
    character: str,
    text: Annotated[
        str,
        typer.Argument(
            help='The orders, one per line ("\\n" also breaks a line; "-" reads them from standard input).'
        ),
    ],
    at: Annotated[
        str | None, typer.Option(help="When the orders were received (ISO 8601); default now.")
    ] = None,
    source: Annotated[str, typer.Option(help="Where the orders came from, for the log.")] = "cli",
    config: ConfigOption = None,
    as_json: JsonOption = False,
) -> None:
    """Enter orders for a character as if they had sent them; exits 1 if any line was rejected."""
    from referee.app import COMMAND_LINE
    from referee.core.text import clean_text
    from referee.render import Renderer

    text = sys.stdin.read() if text == "-" else text.replace("\\n", "\n")
    text = clean_text(text)  # as a mail is cleaned: no control, invisible or bidi characters
    settings = _config(config)
    referee = _referee(settings)
    values = {"seat": character, "text": text, "source": source}
    try:
        outcome = referee.desk.perform("orders", game, values, _now(at), COMMAND_LINE).value
    except RefereeError as error:
        raise _fail(str(error)) from error
    answer = outcome.answer
    if as_json:
        _print_json({key: value for key, value in answer.items() if key != "view"})
    else:
        row = outcome.loaded.row
        typer.echo(
            Renderer(settings.templates).render(row.language, "answer.txt.j2", kind=row.kind, **answer)
        )
    _deliver(settings, referee)
    if not outcome.verdicts or not all(v.accepted for v in outcome.verdicts):
        raise typer.Exit(1)


@app.command()
def advance(
    game: str,
    segment: Annotated[
        str | None, typer.Option(help="Resolve only if this segment (e.g. d2h3) is the open one.")
    ] = None,
    dry_run: Annotated[
        bool, typer.Option("--dry-run", help="Show what resolving now would do, and change nothing.")
    ] = False,
    config: ConfigOption = None,
) -> None:
    """Resolve the current segment now and open the next one."""
    from referee.app import COMMAND_LINE

    settings = _config(config)
    referee = _referee(settings)
    if dry_run:
        try:
            preview = referee.preview(game, datetime.now(UTC))
        except RefereeError as error:
            raise _fail(str(error)) from error
        for event in preview.events:
            typer.echo(preview.loaded.rules.describe(event))
        typer.echo(f"dry run: nothing was changed; {preview.phase} is still open")
        return
    try:
        if segment is not None:
            referee.load(game)  # says that there is no such game
        acted = referee.desk.perform("resolve", game, {"phase": segment}, datetime.now(UTC), COMMAND_LINE)
    except RefereeError as error:
        raise _fail(str(error)) from error
    resolved = acted.value
    loaded = resolved.loaded
    for event in resolved.events:
        typer.echo(loaded.rules.describe(event))
    typer.echo(ACTIONS["resolve"].sentence(acted.outcome, "en", loaded.row.kind))
    view = loaded.rules.master_view(loaded.state)
    if view["finished"]:
        typer.echo(f"the game is over; winners: {', '.join(view.get('winners', [])) or 'nobody'}")
    else:
        typer.echo(f"now open: {loaded.rules.phase(loaded.state).label}")
    _deliver(settings, referee)


@app.command()
def ingest(
    files: Annotated[list[Path] | None, typer.Argument(help="Raw mails (.eml files) to take in.")] = None,
    maildir: Annotated[
        Path | None, typer.Option(help="Take in every unread mail of this Maildir folder.")
    ] = None,
    at: Annotated[str | None, typer.Option(help="When the mails count as received (ISO 8601).")] = None,
    config: ConfigOption = None,
) -> None:
    """Take in raw mails as if they had just been received, answer them, and send the answers."""
    from referee.mail.transports import MaildirInbox

    settings = _config(config)
    referee = _referee(settings)
    for path in files or []:
        try:
            raw = path.read_bytes()
        except OSError as error:
            raise _fail(f"cannot read {path}: {error.strerror}") from error
        _report_intake(path.name, _take_in(settings, referee, raw, at))
    if maildir is not None:
        if not (maildir / "new").is_dir():
            raise _fail(f"{maildir} is not a Maildir folder (it has no new/ folder)")
        _take_in_folder(settings, referee, MaildirInbox(maildir), at)
    if not files and maildir is None:
        raise _fail("name .eml files or --maildir PATH")
    _deliver(settings, referee)


@app.command()
def fetch(config: ConfigOption = None) -> None:
    """Read the configured incoming mail once, answer it, and send the answers."""
    from referee.mail.connect import open_inbox
    from referee.mail.transports import TransportError

    settings = _config(config)
    referee = _referee(settings)
    try:
        inbox = open_inbox(settings.mail, referee)
    except (TransportError, OSError) as error:
        raise _fail(f"cannot open the incoming mail {settings.mail.incoming}: {error}") from error
    try:
        _take_in_folder(settings, referee, inbox, None)
    finally:
        inbox.close()
    _deliver(settings, referee)


@app.command("deliver")
def deliver_command(config: ConfigOption = None) -> None:
    """Send every mail still waiting in the outbox (for example after a failure)."""
    settings = _config(config)
    referee = _referee(settings)
    _deliver(settings, referee)
    typer.echo(f"{counted(len(referee.notices(None, unsent_only=True)), MAILS)} still waiting")


@app.command()
def received(
    game: Annotated[str | None, typer.Option(help="Only mail matched to this game.")] = None,
    config: ConfigOption = None,
    as_json: JsonOption = False,
) -> None:
    """Every mail the referee received, with what became of it (refused and ignored ones too)."""
    rows = _referee(_config(config)).inbound()
    shown = [
        {
            "received_at": row.received_at.isoformat(),
            "sender": row.sender,
            "message_id": row.message_id,
            "game": row.game_id,
            "character": row.seat,
            "outcome": row.outcome,
        }
        for row in rows
        if game is None or row.game_id == game
    ]
    if as_json:
        _print_json(shown)
        return
    for mail in shown:
        who = f"{mail['game']}/{mail['character']}" if mail["game"] else "-"
        when = (mail["received_at"] or "")[:19]
        typer.echo(f"{when}  {mail['sender'] or '?':<32} {mail['outcome']:<36} {who}")


def _take_in(settings: Config, referee: Referee, raw: bytes, at: str | None) -> Intake:
    from referee.mail.intake import ingest as take_in

    return take_in(referee, settings.mail, raw, _now(at))


def _take_in_folder(settings: Config, referee: Referee, inbox: Inbox, at: str | None) -> None:
    """Takes in every unread mail of ``inbox`` in arrival order, a batch at a time, each batch marked
    read once kept (a mail the database refuses is left unread)."""
    from referee.mail.intake import ingest_many
    from referee.mail.transports import fetches

    for fetched in fetches(inbox):
        intakes = ingest_many(referee, settings.mail, [(raw, _now(at)) for _, raw in fetched])
        for (key, _), intake in zip(fetched, intakes, strict=True):
            if intake is None:  # left unread
                typer.echo(f"{key}: refused by the database; left unread")
            else:
                _report_intake(key, intake)
        inbox.done_many(
            [key for (key, _), intake in zip(fetched, intakes, strict=True) if intake is not None]
        )


def _report_intake(name: str, intake: Intake) -> None:
    """One line per mail for the game-master: what became of it (never a token or password)."""
    from referee.app import MailOutcome

    if intake.outcome is MailOutcome.ACCEPTED:
        refused = sum(not v.accepted for v in intake.verdicts)
        typer.echo(
            f"{name}: {intake.game_id}/{intake.seat}: {counted(len(intake.verdicts), ('line', 'lines'))}, "
            f"{refused} not accepted"
        )
    else:
        typer.echo(f"{name}: {intake.text}")


@app.command()
def serve(
    log_level: Annotated[str, typer.Option(help="debug, info, warning or error.")] = "info",
    config: ConfigOption = None,
    worker: Annotated[
        bool, typer.Option(hidden=True, help="Only resolve boundaries, as told on stdin.")
    ] = False,
) -> None:
    """Run the referee: read mail, resolve every game on its calendar, send mail. Stop with Ctrl-C."""
    from referee.mail.connect import check_transports
    from referee.mail.transports import TransportError
    from referee.service.logs import setup_logging
    from referee.service.runner import serve as run_service
    from referee.service.runner import work

    settings = _config(config)
    if worker:  # one of the processes `[service] workers` starts beside the service
        setup_logging(log_level)
        work(settings)
        return
    if settings.service.workers > 1 and not settings.database_url.startswith("postgresql"):
        raise _fail(
            f"[service] workers = {settings.service.workers} needs PostgreSQL: SQLite lets one process "
            "write at a time, so more processes would only wait for each other. Set workers = 1, or "
            "move the referee to PostgreSQL first (`referee move-to`)."
        )
    try:
        check_transports(settings.mail, _referee(settings))
    except TransportError as error:
        raise _fail(f"the service cannot start: {error}") from error
    web_socket = None
    if settings.web.listen:  # bound before anything starts: a port taken stops the service now, in a line
        from referee.web.server import CannotListen, listening_socket

        try:
            web_socket = listening_socket(settings)
        except CannotListen as error:
            raise _fail(f"the service cannot start: {error}") from None
    setup_logging(log_level)
    run_service(settings, log_level, web_socket=web_socket)


@app.command()
def status(config: ConfigOption = None, as_json: JsonOption = False) -> None:
    """How the referee stands: every game's next boundary, the outbox, the last mail received."""
    from referee.app import quick_status, status_lines, when

    settings = _config(config)
    report = quick_status(settings.database_url, settings.schedules)  # a SQLite file: sqlite3 alone
    if report is None:
        report = _referee(settings).views.status()
    if as_json:
        _print_json(report)
        return

    for game in report["games"]:
        typer.echo("\n".join(status_lines(game, invoked_as())))
    outbox = report["outbox"]
    typer.echo(
        f"outbox: {outbox['waiting']} waiting, {outbox['refused']} refused for good by the mail server"
    )
    for mail in outbox["refused_mail"]:
        typer.echo(f"  refused: {mail['what']} to {mail['game']}/{mail['to']}: {mail['error']}")
    typer.echo(f"last mail received: {when(report['last_mail'], 'UTC') or 'none yet'}")


def _action_command(action: GameMasterAction, into: typer.Typer = app) -> None:
    """Adds to ``into`` the command line's command of ``action`` (``referee NAME GAME [arguments]``),
    made from the registry: its arguments and options, its help; it prints the outcome and sends any
    mail written."""

    def command(game: str, config: str | None = None, **given: str | bool | None) -> None:
        from referee.app import COMMAND_LINE

        settings = _config(config)
        referee = _referee(settings)
        try:
            values = action.read_fields(given)
            acted = referee.desk.perform(action, game, values, datetime.now(UTC), COMMAND_LINE)
        except (RefereeError, ValueError) as error:
            raise _fail(str(error)) from error
        typer.echo(action.sentence(acted.outcome, "en", referee.load(game).row.kind))
        if action.mails:
            _deliver(settings, referee)

    parameters = [inspect.Parameter("game", inspect.Parameter.POSITIONAL_OR_KEYWORD, annotation=str)]
    for argument in action.arguments:
        name = argument.name
        if argument.kind == FLAG:
            kind: Any = Annotated[bool, typer.Option(argument.cli, help=argument.label.en)]
            default: Any = False
        elif argument.cli:
            kind, default = Annotated[str | None, typer.Option(argument.cli, help=argument.label.en)], None
        elif argument.required:
            kind, default = Annotated[str, typer.Argument(help=argument.label.en)], inspect.Parameter.empty
        else:
            kind, default = Annotated[str | None, typer.Argument(help=argument.label.en)], None
        parameters.append(
            inspect.Parameter(name, inspect.Parameter.KEYWORD_ONLY, annotation=kind, default=default)
        )
    parameters.append(
        inspect.Parameter("config", inspect.Parameter.KEYWORD_ONLY, annotation=ConfigOption, default=None)
    )
    command.__signature__ = inspect.Signature(parameters)  # type: ignore[attr-defined]  # Typer reads the signature we build; functions take the attribute at run time
    command.__annotations__ = {}
    command.__doc__ = f"{action.help.en[0].upper()}{action.help.en[1:]}."
    into.command(action.command)(command)


HAND_WRITTEN = frozenset({"order", "advance"})
"""Commands of registered actions written out below, for what they show beyond the outcome (the
answer to orders, the events of a resolution, a dry run); they too carry the action out through
``Desk.perform``."""

for _action in ACTIONS.on("cli"):
    if _action.command not in HAND_WRITTEN:
        _action_command(_action)
_action_command(ACTIONS["replace"], game_app)  # also `referee game replace GAME SEAT --reserve|--bot`


@app.command()
def state(game: str, config: ConfigOption = None, as_json: JsonOption = False) -> None:
    """The game-master's full view of a game."""
    settings = _config(config)
    referee = _referee(settings)
    if as_json:
        _print_json(_master_view(referee, game))
        return
    typer.echo(_master_text(settings, referee, game))


def _master_view(referee: Referee, game: str) -> dict[str, Any]:
    """The game-master's view of a game (errors as messages)."""
    try:
        return referee.views.master(game)
    except RefereeError as error:
        raise _fail(str(error)) from error


def _master_text(settings: Config, referee: Referee, game: str) -> str:
    """The game-master's view as text, from the game's ``master.txt.j2`` (English)."""
    from referee.app import master_lines
    from referee.render import Renderer, phase_label

    view = _master_view(referee, game)
    row = referee.load(game).row
    label = phase_label(row.phase, row.kind, "en", view["label"])
    return Renderer(settings.templates).render(
        "en",
        "master.txt.j2",
        kind=row.kind,
        view=view,
        label=label,
        standing=master_lines(view, invoked_as()),
    )


@app.command()
def view(game: str, character: str, config: ConfigOption = None, as_json: JsonOption = False) -> None:
    """Exactly what one character knows, as JSON (`--json` is accepted for symmetry)."""
    referee = _referee(_config(config))
    try:
        _print_json(referee.views.player(game, character).whole())
    except RefereeError as error:
        raise _fail(str(error)) from error


@app.command()
def log(
    game: str,
    actions: Annotated[
        bool, typer.Option("--actions", help="The game-master's actions instead: who, how, when, what.")
    ] = False,
    config: ConfigOption = None,
    as_json: JsonOption = False,
) -> None:
    """The event log of a game, one line per event (or, with --actions, its audit log)."""
    from referee.core.events import Event

    referee = _referee(_config(config))
    loaded = _load(referee, game)
    if actions:
        _print_actions(referee, game, as_json)
        return
    for row in referee.events(game):
        text = loaded.rules.describe(Event(row.kind, row.data, tuple(row.audience)))
        typer.echo(f"{row.seq:>5}  {row.logged_at:%Y-%m-%d %H:%M:%S}  {row.phase:<5} {text}")


def _print_actions(referee: Referee, game: str, as_json: bool) -> None:
    """Prints the audit log of ``game``: every game-master action and what came of it."""
    done = referee.actions(game)
    if as_json:
        _print_json([{**vars(a), "at": a.at.isoformat()} for a in done])
        return
    for action in done:
        mark = "ok" if action.ok else "REFUSED"
        typer.echo(
            f"{action.at:%Y-%m-%d %H:%M:%S}  {action.channel:<4} {action.actor:<24} "
            f"{action.action:<10} {mark:<7} {action.result}"
        )


@app.command("export")
def export_command(
    game: str,
    output: Annotated[
        Path | None, typer.Option("--output", "-o", help="Write here, a new file (default: GAME.json).")
    ] = None,
    config: ConfigOption = None,
) -> None:
    """Write a game's whole log, seats, clock and mail history to a new JSON file only you can read
    (it holds passwords); an existing file or link is never written over."""
    from referee.app import export_game, write_private

    referee = _referee(_config(config))
    _load(referee, game)
    target = output or Path(f"{game}.json")
    try:
        write_private(target, json.dumps(export_game(referee.operations, game), ensure_ascii=False))
    except RefereeError as error:
        raise _fail(str(error)) from error
    typer.echo(f"exported game {game} to {target}; it holds the players' passwords: keep it private")


@app.command("import")
def import_command(file: Path, config: ConfigOption = None) -> None:
    """Add a game from a file `referee export` wrote, checked as `game create` checks a game file and
    its log replayed; mail it holds as not sent yet is kept as refused, never sent from here."""
    from referee.app import import_game

    settings = _config(config)
    referee = _referee(settings)
    try:
        data = json.loads(file.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as error:
        raise _fail(f"cannot read {file}: {error}") from error
    try:
        imported = import_game(referee.operations, data, schedules=settings.schedules)
    except RefereeError as error:
        raise _fail(str(error)) from error
    typer.echo(f"imported game {imported.game_id} ({imported.kind}, {imported.rows} rows); its log replays")
    if imported.withheld:
        typer.echo(
            f"{imported.withheld} mail(s) the file held as not sent yet were kept as refused: "
            "they will not be sent from here"
        )
    if imported.unanswered:
        typer.echo(
            f"{imported.unanswered} held mail(s) will be judged at `referee retry` without an answer: "
            "their answer address is not one of the game's"
        )


@app.command("move-to")
def move_to(url: str, config: ConfigOption = None) -> None:
    """Copy this referee's whole database (e.g. its SQLite file) into an empty one (e.g. PostgreSQL);
    a new SQLite file is made readable by you alone, and never through a link."""
    from referee.app import copy_referee

    settings = _config(config)
    try:
        counts = copy_referee(settings.database_url, url)
    except RefereeError as error:
        raise _fail(str(error)) from error
    typer.echo(
        f"copied {sum(counts.values())} rows ({counts.get('games', 0)} games, "
        f"{counts.get('events', 0)} events); "
        "stop `referee serve`, set database_url to the new URL in the configuration, and start it again"
    )


@app.command()
def web(
    log_level: Annotated[str, typer.Option(help="debug, info, warning or error.")] = "info",
    config: ConfigOption = None,
    fd: Annotated[int | None, typer.Option(hidden=True)] = None,
) -> None:
    """Serve the web dashboard alone, at [web] listen (default 127.0.0.1:8080). Stop with Ctrl-C."""
    import socket

    from referee.service.logs import setup_logging
    from referee.web.server import CannotListen, listening_socket, run_web

    settings = _config(config)
    referee = _referee(settings, pages=True)
    if fd is not None:  # the site's process of `referee serve` ([web] apart), until its input ends
        setup_logging(log_level)
        run_web(settings, referee, socket.socket(fileno=fd), until_input_ends=True)
        return
    try:
        sock = listening_socket(settings)
    except CannotListen as error:
        raise _fail(str(error)) from None
    setup_logging(log_level)
    typer.echo(f"web dashboard at {settings.web.base_url}/", err=True)
    run_web(settings, referee, sock)


@gm_app.command("add")
def gm_add(
    name: str,
    email: str,
    admin: Annotated[bool, typer.Option("--admin", help="The account sees and steers every game.")] = False,
    config: ConfigOption = None,
) -> None:
    """Create a game-master's account; the password is asked for at a terminal (not shown), else read
    from standard input (one line)."""
    password = _password()
    referee = _referee(_config(config), create=True)
    try:
        account = referee.accounts.add(name, email, password, datetime.now(UTC), admin=admin)
    except RefereeError as error:
        raise _fail(f"no account was made: {error}") from error
    sees = "every game" if account.admin else f"the games whose master_email is {account.email}"
    typer.echo(f"account {account.name} <{account.email}> made; it sees {sees}")


@gm_app.command("list")
def gm_list(config: ConfigOption = None) -> None:
    """List the game-masters' accounts (never their passwords)."""
    for account in _referee(_config(config)).accounts.all():
        typer.echo(f"{account.email}\t{account.name}\t{'admin' if account.admin else 'game-master'}")


@gm_app.command("passwd")
def gm_passwd(email: str, config: ConfigOption = None) -> None:
    """Give a game-master's account a new password and sign it out everywhere; the password is asked
    for at a terminal (not shown, twice), else read from standard input (one line)."""
    password = _password()
    try:
        account = _referee(_config(config)).accounts.set_password(email, password)
    except RefereeError as error:
        raise _fail(f"the password was not changed: {error}") from error
    typer.echo(f"account {account.email} has a new password; every session of it has ended")


@gm_app.command("remove")
def gm_remove(email: str, config: ConfigOption = None) -> None:
    """Remove a game-master's account; every session of it ends (its games stay as they are)."""
    try:
        account = _referee(_config(config)).accounts.remove(email)
    except RefereeError as error:
        raise _fail(f"no account was removed: {error}") from error
    typer.echo(f"account {account.name} <{account.email}> removed; every session of it has ended")


def _password() -> str:
    """A new password: asked for twice at a terminal without showing it, else one line of standard input."""
    if not sys.stdin.isatty():
        return sys.stdin.readline().rstrip("\r\n")
    import getpass

    password = getpass.getpass("New password: ")
    if getpass.getpass("The same again: ") != password:
        raise _fail("the two passwords differ; nothing was changed")
    return password


@app.command()
def demo(
    game: Annotated[str, typer.Option(help=f"{', '.join(KINDS[:-1])} or {KINDS[-1]}.")] = KINDS[0],
    seed: Annotated[int, typer.Option(help="The game's seed: the same seed plays the same game.")] = 2026,
    players: Annotated[
        int | None,
        typer.Option(help="How many players (default: the game's usual number)."),
    ] = None,
    keep: Annotated[
        Path | None, typer.Option(help="Play in this folder (default: a new temporary folder).")
    ] = None,
    language: Annotated[str, typer.Option(help="en or ru")] = "en",
    web: Annotated[
        bool, typer.Option("--web", help="Then keep the game's web pages running on 127.0.0.1 until Ctrl-C.")
    ] = False,
    port: Annotated[int | None, typer.Option(help="With --web: the port (default: a free one).")] = None,
) -> None:
    """Play a whole game by mail: bots reply to the referee's mail, the referee answers."""
    import tempfile

    from referee.demo import DemoError, play

    directory = keep if keep is not None else Path(tempfile.mkdtemp(prefix="referee-demo-"))
    if (directory / "referee.db").exists():
        raise _fail(f"{directory} holds a demo already; name an empty folder with --keep")
    try:
        result = play(directory, game, seed, players, language, typer.echo, command=invoked_as())
    except DemoError as error:
        raise _fail(str(error)) from error
    if web:
        from referee.demo.web import serve_demo

        serve_demo(result, port, typer.echo)


@minuit_app.command("check")
def minuit_check(file: Path) -> None:
    """Check a Minuit investigation file: every missing or inconsistent part is named, one per line."""
    from referee.games.minuit.investigation import InvestigationError, check_investigation, read_toml

    try:
        problems = check_investigation(read_toml(file))
    except InvestigationError as error:
        problems = error.problems
    for problem in problems:
        typer.echo(f"{file}: {problem}")
    if problems:
        raise typer.Exit(1)
    from referee.games.minuit.deduction import needed_leads, sufficient_leads

    raw = read_toml(file)
    typer.echo(f"{file}: a complete investigation, consistent with the common assumptions")
    typer.echo(f"{file}: leads the case cannot do without: {', '.join(needed_leads(raw)) or 'none'}")
    typer.echo(f"{file}: these leads alone are enough: {', '.join(sufficient_leads(raw))}")


@minuit_app.command("generate")
def minuit_generate(
    seed: Annotated[int, typer.Option(help="Which case: the same seed gives the same case.")],
    level: Annotated[str, typer.Option(help="novice, amateur or expert.")],
    output: Annotated[Path, typer.Option("--output", "-o", help="The investigation file to write.")],
    language: Annotated[str, typer.Option(help="Language of the game-master's notes: en or ru.")] = "en",
) -> None:
    """Write a new, original Minuit investigation, checked to have exactly one solution."""
    from referee.games.minuit.generator import GeneratorError, generate_with_notes, needed_leads, to_toml

    try:
        raw, notes = generate_with_notes(seed, level, language)
    except GeneratorError as error:
        raise _fail(str(error)) from error
    output.write_text(to_toml(raw, notes), encoding="utf-8")
    typer.echo(
        f"{output}: {raw['title']['en']} ({level}), solvable from {needed_leads(raw)} of its 60 leads; "
        f"check it with: referee minuit check {output}"
    )


@app.command()
def bench(
    games: Annotated[int, typer.Option(help="How many games resolve the same boundary.")] = 1000,
    database: Annotated[
        str | None, typer.Option(help="Database URL (default: a fresh SQLite file bench.db here).")
    ] = None,
    mail: Annotated[
        int, typer.Option(help="Instead: time taking in this many player mails and sending the answers.")
    ] = 0,
    servers: Annotated[
        int,
        typer.Option(help="Instead: the same through loopback Dovecot and SMTP, next to the bare protocols."),
    ] = 0,
    serve: Annotated[
        int,
        typer.Option(
            help="Instead: this many games across one boundary under `referee serve`, timed from the "
            "boundary to the last report written (Maildir, SQLite, in a temporary folder).",
        ),
    ] = 0,
    batch: Annotated[
        int | None,
        typer.Option(
            min=1,
            help="Games resolved in one transaction (default: as many as `referee serve` resolves in one).",
        ),
    ] = None,
    processes: Annotated[
        int,
        typer.Option(
            min=1,
            max=64,
            help="Also: the same boundary resolved by this many processes at once (PostgreSQL), "
            "timed next to one process.",
        ),
    ] = 1,
    web: Annotated[
        bool,
        typer.Option(
            "--web",
            help="Instead: a bounded load on loopback against `referee serve` with --games games: --pages "
            "open player pages, --posts posts a second for --seconds, beside a bare Starlette app.",
        ),
    ] = False,
    calendar: Annotated[
        int,
        typer.Option(
            help="Instead: a simulated week of this many campaigns' calendar, --games of them real games "
            "run by the service's own tick on a simulated clock (SQLite, in a temporary folder).",
        ),
    ] = 0,
    spread: Annotated[
        int,
        typer.Option(
            help="Instead: this many replies from three seats of each of --games games, interleaved, taken "
            "in by `referee ingest --maildir` and by `referee serve`, beside a bare parse-and-insert.",
        ),
    ] = 0,
    pages: Annotated[int, typer.Option(min=2, max=2000, help="With --web: player pages open.")] = 200,
    posts: Annotated[float, typer.Option(min=0.1, max=200, help="With --web: talk posted a second.")] = 5.0,
    seconds: Annotated[float, typer.Option(min=1, max=600, help="With --web: seconds of load.")] = 20.0,
    clients: Annotated[
        int,
        typer.Option(
            min=1,
            max=16,
            help="With --web: client processes the load is spread over (whole games each): one cannot "
            "open a thousand pages and read every change at twenty posts a second.",
        ),
    ] = 1,
    web_processes: Annotated[
        int,
        typer.Option(
            min=1, max=16, help="With --web: the site's processes under `referee serve` ([web] processes)."
        ),
    ] = 1,
    with_mail: Annotated[
        bool,
        typer.Option(
            "--with-mail",
            help="With --web: also a burst of 2,000 replies and one boundary of the games, taken in and "
            "resolved by the service with no web load and again under it, side by side.",
        ),
    ] = False,
    readme: Annotated[
        Path | None,
        typer.Option(
            help="Also: write the figures measured into the benchmark table of this file (the README's), "
            "each replacing the row of the same measure.",
        ),
    ] = None,
) -> None:
    """Time one hour boundary for many games at once and print games per second and peak memory."""
    from referee.app import BATCH
    from referee.bench.table import NoTable, check_table, write_figures

    if readme is not None:
        try:  # refused before any time is spent measuring
            check_table(readme)
        except (OSError, NoTable) as error:
            raise _fail(f"--readme {readme}: {error}") from error
    if mail:
        figures = _bench_mail(mail)
    elif servers:
        figures = _bench_servers(servers)
    elif serve:
        figures = _bench_serve(serve)
    elif calendar:
        _bench_calendar(calendar, min(games, calendar))
        return
    elif spread:
        figures = _bench_spread(spread, games)
    elif web:
        from referee.bench.web import bench_web
        from referee.bench.web_mail import MAILS

        figures = bench_web(
            games,
            pages,
            posts,
            seconds,
            database,
            typer.echo,
            MAILS if with_mail else 0,
            clients,
            web_processes,
        )
    else:
        figures = _bench_boundary(games, database, BATCH if batch is None else batch, processes)
    if readme is not None:
        write_figures(readme, figures)


def _bench_boundary(games: int, database: str | None, batch: int, processes: int) -> list[Figure]:
    """``referee bench --games N``: one boundary of N games, next to the rules alone and the bare rows
    (with ``processes``, by one process and then by that many)."""
    from sqlalchemy.engine import make_url

    from referee.app import BATCH
    from referee.bench.boundary import run_bench
    from referee.bench.table import boundary_figures

    url = database
    if url is None:
        Path("bench.db").unlink(missing_ok=True)
        url = "sqlite:///bench.db"
    if processes > 1:
        return _bench_processes(url, games, processes, batch)
    result = run_bench(url, games, typer.echo, batch)
    kind = url.split(":", 1)[0]
    typer.echo(
        f"{kind}: {result.games} games resolved in {result.resolve_seconds:.2f} s ({batch} a transaction) "
        f"= {result.games_per_second:.0f} games/s, {result.notices} notices; "
        f"set-up {result.setup_seconds:.1f} s; peak memory {result.peak_rss_mib:.0f} MiB"
    )
    bare = result.rules_seconds + result.rows_seconds
    typer.echo(
        f"bare, same run: the rules alone {result.rules_seconds * 1000 / result.games:.3f} ms a game; "
        f"the same rows by the bare driver {result.rows_seconds:.2f} s; together {bare:.2f} s "
        f"(referee/bare {result.resolve_seconds / bare:.1f}× the time)"
    )
    database_name = make_url(url).get_backend_name() + ("" if batch == BATCH else f", {batch} a transaction")
    return boundary_figures(
        database_name, result.games, result.resolve_seconds, result.rules_seconds, result.rows_seconds
    )


def _bench_spread(mails: int, games: int) -> list[Figure]:
    """``referee bench --spread N``: a burst of N replies over ``games`` games, by both intake commands."""
    import tempfile

    from referee.bench.spread import figures, lines, run_spread_bench

    with tempfile.TemporaryDirectory(prefix="referee-bench-") as folder:
        result = run_spread_bench(Path(folder), mails, games, typer.echo)
    typer.echo(lines(result))
    return figures(result)


def _bench_calendar(campaigns: int, games: int) -> None:
    """``referee bench --calendar N``: a simulated week of N campaigns' calendar, ``games`` of them real."""
    import tempfile

    from referee.bench.calendar import lines, run_calendar

    with tempfile.TemporaryDirectory(prefix="referee-bench-") as folder:
        report = run_calendar(Path(folder), campaigns, games, typer.echo)
    for line in lines(report):
        typer.echo(line)


def _bench_serve(games: int) -> list[Figure]:
    """``referee bench --serve N``: from one boundary of N games to the last report, through the service."""
    import tempfile

    from referee.bench.serving import run_serve_bench
    from referee.bench.table import serve_figures

    with tempfile.TemporaryDirectory() as folder:
        result = run_serve_bench(Path(folder), games, typer.echo)
    since = "the service's start (the set-up outlasted the night)" if result.late_start else "the boundary"
    typer.echo(
        f"serve: {games} games due at once; all resolved {result.resolved_seconds:.1f} s after {since}, "
        f"the last of {result.reports} reports written {result.reported_seconds:.1f} s after it "
        f"({result.reports_per_second:.0f} reports/s); set-up {result.setup_seconds:.0f} s"
    )
    if result.late_start:
        return []  # not timed from the boundary: no figure for the table
    return serve_figures(games, result.resolved_seconds, result.reported_seconds, result.reports)


def _bench_processes(url: str, games: int, processes: int, batch: int) -> list[Figure]:
    """``referee bench --processes N``: one boundary by one process, then by N at once."""
    from referee.bench.boundary import NotEmpty, ProcessesResult, run_processes_bench
    from referee.bench.table import processes_figures

    if not url.startswith("postgresql"):
        raise _fail("--processes needs a PostgreSQL --database: SQLite lets one process write at a time")
    try:
        result = run_processes_bench(url, games, processes, typer.echo, batch)
    except NotEmpty as error:
        raise _fail(str(error)) from None
    one, many = ProcessesResult.seconds(result.one), ProcessesResult.seconds(result.many)
    shares = ", ".join(str(share.resolved) for share in result.many)
    typer.echo(
        f"postgresql: {games} games a boundary, {batch} a transaction: 1 process {one:.2f} s "
        f"= {games / one:.0f} games/s; {processes} processes {many:.2f} s = {games / many:.0f} games/s "
        f"({one / many:.2f}× as fast; games each: {shares})"
    )
    return processes_figures(games, processes, one, many)


def _bench_mail(mails: int) -> list[Figure]:
    """Prints how fast ``mails`` player mails are taken in and answered, in a temporary folder."""
    import tempfile

    from referee.bench.mail import run_mail_bench
    from referee.bench.table import mail_figures

    with tempfile.TemporaryDirectory(prefix="referee-bench-") as folder:
        result = run_mail_bench(Path(folder), mails, typer.echo)
    typer.echo(
        f"taken in: {result.mails} mails in {result.ingest_seconds:.2f} s "
        f"= {result.mails / result.ingest_seconds:.0f} mails/s "
        f"(email.message_from_bytes parses them at {result.mails / result.bare_parse_seconds:.0f}/s); "
        f"sent: {result.delivered} mails in {result.deliver_seconds:.2f} s "
        f"= {result.delivered / result.deliver_seconds:.0f} mails/s; "
        f"peak memory {result.peak_rss_mib:.0f} MiB"
    )
    taken, sent = result.mails / result.ingest_seconds, result.delivered / result.deliver_seconds
    return mail_figures(result.mails, taken, result.mails / result.bare_parse_seconds, result.delivered, sent)


def _bench_servers(mails: int) -> list[Figure]:
    """Prints the mail path's speed through real servers next to the bare protocols."""
    import tempfile

    from referee.bench.servers import run_servers_bench
    from referee.bench.table import servers_figures

    with tempfile.TemporaryDirectory(prefix="referee-bench-") as folder:
        result = run_servers_bench(Path(folder), mails, typer.echo)
    fetch_ratio = result.intake_per_second / result.bare_fetch_per_second
    send_ratio = result.send_per_second / result.bare_send_per_second
    typer.echo(
        f"intake: {result.intake_per_second:.0f} mails/s end to end; bare IMAP fetch "
        f"{result.bare_fetch_per_second:.0f} mails/s (referee/bare {fetch_ratio:.3f}×)"
    )
    typer.echo(
        f"the IMAP inbox alone (fetch, mark read, keep the position): {result.door_per_second:.0f} mails/s "
        f"(referee/bare {result.door_per_second / result.bare_fetch_per_second:.2f}×)"
    )
    typer.echo(
        f"sending: {result.send_per_second:.0f} mails/s from the outbox ({result.sent} mails); "
        f"bare aiosmtplib {result.bare_send_per_second:.0f} mails/s (referee/bare {send_ratio:.2f}×)"
    )
    plain = (result.plain_send_per_second, result.plain_bare_send_per_second)
    typer.echo(
        f"sending to a server without PIPELINING: {plain[0]:.0f} mails/s from the outbox; "
        f"bare aiosmtplib {plain[1]:.0f} mails/s (referee/bare {plain[0] / plain[1]:.2f}×)"
    )
    typer.echo(f"peak memory {result.peak_rss_mib:.0f} MiB")
    intake, sending = result.intake_per_second, result.send_per_second
    fetch, door = result.bare_fetch_per_second, result.door_per_second
    return servers_figures(intake, fetch, door, sending, result.bare_send_per_second, plain)


_SETUP_ERRORS: tuple[type[Exception], ...] = (*SETUP_ERRORS, ConfigError)
"""What a wrong setting, schedule or game raises: said in one line, without a traceback."""


def main() -> None:
    """Run the command line."""
    try:
        app()
    except _SETUP_ERRORS as error:
        typer.echo(f"error: {error}", err=True)
        sys.exit(1)
    except Exception as error:
        if not _from_database(error):
            raise
        typer.echo(f"error: {database_trouble(error)}", err=True)
        sys.exit(1)


def _from_database(error: Exception) -> TypeGuard[DBAPIError]:
    """Whether ``error`` is the database's (looked for only once a command has loaded its library)."""
    if "sqlalchemy" not in sys.modules:
        return False
    from sqlalchemy.exc import DBAPIError

    return isinstance(error, DBAPIError)


def database_trouble(error: DBAPIError) -> str:
    """What to tell the user about ``error`` from the database: a lock held by another process, or
    the database's own first line (most likely a database never set up)."""
    first_line = (
        str(error.orig).strip().splitlines()[0] if error.orig and str(error.orig).strip() else str(error)
    )
    if "database is locked" in first_line or "database table is locked" in first_line:
        return (
            "the database is locked by another process (another referee command, or a program holding "
            "the SQLite file in a transaction); try again when it is done"
        )
    return f"the database refused: {first_line} (has `referee init` been run?)"
