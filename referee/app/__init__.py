"""The application layer: the one way anything changes or is read for a person.

The command line, the mail intake and sending, ``referee serve`` and the web are doors onto a
``Referee`` (``referee.py``, the composition root); the store below it is data access only. A door
imports this package's names, never one of its modules: what is listed in ``__all__`` is the whole
face the doors see (``pyproject.toml``'s contracts hold them to it).

- ``referee``: the composition root, which assembles the collaborators below, each given only what it uses
- ``operations``: games, orders, resolutions (and a preview of one), reading, failures kept to one game
- ``actions``: the registry of the game-master's actions, each declared once for every door
- ``desk``: the actions carried out, and the mail's command language; every one recorded (``audit``)
- ``refusals``: why an action was refused, in the game-master's language
- ``calendar``, ``timing``: deadlines, reminders, pause, resume, shift
- ``batches``: the boundaries due at one moment resolved together
- ``mailroom``: a mail kept once, its sender identified, its text judged and answered: the mail door
  hands it one ``RawArrival`` (``arrivals``) and gets one ``Receipt`` back (``receipts``)
- ``sign_in``: sign-in links written to the outbox, no flood of them
- ``letters``: the outbox as the sending door sees it
- ``views``, ``forum``, ``dashboard``: what a seat, a player on the web and a game-master are shown
- ``changes``: what changed in the games since a point, and whom it concerns (live pages)
- ``play``: the rules applied inside a transaction (bots, early close, relays, the outbox)
- ``signup``, ``signup_mail``, ``signup_letters``, ``signup_master``, ``campaignfile``: campaigns announced,
  filled by sign-up, started; ``campaignform``: the dashboard's form of a campaign file
- ``gamefile``, ``configfile``, ``transfer``, ``backup``, ``checks``: files a game-master writes or keeps

A door's ``from referee.app import X`` loads only the module ``X`` comes from (``__getattr__`` below):
a command that does little starts without the database's, the templates' or the mail's libraries. The
names are imported for the type checker (and for the contracts' graph) under ``TYPE_CHECKING``;
``tests/test_cli_start.py`` holds ``_WHERE`` to those imports.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from referee.app.accounts import MAX_PASSWORD, Account
    from referee.app.actions import ACTIONS, DOORS, FLAG, GameMasterAction, Outcome, Registry
    from referee.app.arrivals import RawArrival
    from referee.app.audit import COMMAND_LINE, Action, Actor
    from referee.app.backup import backup_sqlite
    from referee.app.batches import BATCH, resolve_batch, resolve_next
    from referee.app.calendar import Due
    from referee.app.campaignfile import APPROVALS, DEALS, CampaignFile, campaign_file, read_campaign_file
    from referee.app.campaignform import (
        FORM_FIELDS,
        ScheduleChoice,
        campaign_toml,
        first_deadlines,
        form_campaign,
        schedule_choices,
    )
    from referee.app.changes import LETTERS as CHANGED_LETTERS
    from referee.app.changes import ORDERS as CHANGED_ORDERS
    from referee.app.changes import TALK as CHANGED_TALK
    from referee.app.changes import Change, Changes, Reading
    from referee.app.checks import Findings, check_referee, is_local_domain, web_missing, web_reach
    from referee.app.configfile import FROM_NAMES, example_values, filled_example
    from referee.app.configfile import write_private as write_config
    from referee.app.confirmation import CONFIRM, confirmation_token
    from referee.app.credentials import hide_passwords
    from referee.app.dashboard import NoSuchGame
    from referee.app.errors import SETUP_ERRORS, AlreadyResolved, GameStopped, RefereeError
    from referee.app.forum import MODES, NotYours
    from referee.app.gamefile import (
        GameFileError,
        Refused,
        create_games,
        is_address,
        read_game_file,
        read_game_files,
    )
    from referee.app.garbage import collector_paused
    from referee.app.guesses import Throttle
    from referee.app.letters import Game, Letter, Letters, Reader
    from referee.app.links import LINK_NOTICE, Player, sign_in_link
    from referee.app.mailroom import Arrival, clean
    from referee.app.opening import open_referee
    from referee.app.operations import GameOperations
    from referee.app.passwords import PASSWORD_NOTICES
    from referee.app.play import AnswerTo, Loaded, Resolved, Submitted
    from referee.app.private_files import write_private
    from referee.app.receipts import Fate, MailOutcome, Receipt
    from referee.app.referee import Referee
    from referee.app.refusals import refusal
    from referee.app.signup_letters import LETTERS as SIGNUP_LETTERS
    from referee.app.standing import list_line, master_lines, quick_status, status_lines, when
    from referee.app.transfer import copy_referee, export_game, import_game
    from referee.core.kept import Kept
    from referee.store.outbox import LEASE

_WHERE: dict[str, tuple[str, str]] = {
    "APPROVALS": ("referee.app.campaignfile", "APPROVALS"),
    "DEALS": ("referee.app.campaignfile", "DEALS"),
    "CampaignFile": ("referee.app.campaignfile", "CampaignFile"),
    "campaign_file": ("referee.app.campaignfile", "campaign_file"),
    "FORM_FIELDS": ("referee.app.campaignform", "FORM_FIELDS"),
    "ScheduleChoice": ("referee.app.campaignform", "ScheduleChoice"),
    "campaign_toml": ("referee.app.campaignform", "campaign_toml"),
    "first_deadlines": ("referee.app.campaignform", "first_deadlines"),
    "form_campaign": ("referee.app.campaignform", "form_campaign"),
    "schedule_choices": ("referee.app.campaignform", "schedule_choices"),
    "Change": ("referee.app.changes", "Change"),
    "CHANGED_LETTERS": ("referee.app.changes", "LETTERS"),
    "CHANGED_ORDERS": ("referee.app.changes", "ORDERS"),
    "CHANGED_TALK": ("referee.app.changes", "TALK"),
    "Changes": ("referee.app.changes", "Changes"),
    "Reading": ("referee.app.changes", "Reading"),
    "ACTIONS": ("referee.app.actions", "ACTIONS"),
    "Account": ("referee.app.accounts", "Account"),
    "Action": ("referee.app.audit", "Action"),
    "Actor": ("referee.app.audit", "Actor"),
    "AlreadyResolved": ("referee.app.errors", "AlreadyResolved"),
    "AnswerTo": ("referee.app.play", "AnswerTo"),
    "Arrival": ("referee.app.mailroom", "Arrival"),
    "BATCH": ("referee.app.batches", "BATCH"),
    "COMMAND_LINE": ("referee.app.audit", "COMMAND_LINE"),
    "CONFIRM": ("referee.app.confirmation", "CONFIRM"),
    "DOORS": ("referee.app.actions", "DOORS"),
    "Due": ("referee.app.calendar", "Due"),
    "FLAG": ("referee.app.actions", "FLAG"),
    "FROM_NAMES": ("referee.app.configfile", "FROM_NAMES"),
    "Fate": ("referee.app.receipts", "Fate"),
    "Findings": ("referee.app.checks", "Findings"),
    "Game": ("referee.app.letters", "Game"),
    "GameFileError": ("referee.app.gamefile", "GameFileError"),
    "Refused": ("referee.app.gamefile", "Refused"),
    "GameMasterAction": ("referee.app.actions", "GameMasterAction"),
    "GameOperations": ("referee.app.operations", "GameOperations"),
    "GameStopped": ("referee.app.errors", "GameStopped"),
    "LEASE": ("referee.store.outbox", "LEASE"),
    "LINK_NOTICE": ("referee.app.links", "LINK_NOTICE"),
    "Letter": ("referee.app.letters", "Letter"),
    "Letters": ("referee.app.letters", "Letters"),
    "Kept": ("referee.core.kept", "Kept"),
    "Loaded": ("referee.app.play", "Loaded"),
    "MAX_PASSWORD": ("referee.app.accounts", "MAX_PASSWORD"),
    "MODES": ("referee.app.forum", "MODES"),
    "MailOutcome": ("referee.app.receipts", "MailOutcome"),
    "NoSuchGame": ("referee.app.dashboard", "NoSuchGame"),
    "NotYours": ("referee.app.forum", "NotYours"),
    "Outcome": ("referee.app.actions", "Outcome"),
    "PASSWORD_NOTICES": ("referee.app.passwords", "PASSWORD_NOTICES"),
    "Player": ("referee.app.links", "Player"),
    "RawArrival": ("referee.app.arrivals", "RawArrival"),
    "Reader": ("referee.app.letters", "Reader"),
    "Receipt": ("referee.app.receipts", "Receipt"),
    "Referee": ("referee.app.referee", "Referee"),
    "RefereeError": ("referee.app.errors", "RefereeError"),
    "Registry": ("referee.app.actions", "Registry"),
    "Resolved": ("referee.app.play", "Resolved"),
    "SETUP_ERRORS": ("referee.app.errors", "SETUP_ERRORS"),
    "SIGNUP_LETTERS": ("referee.app.signup_letters", "LETTERS"),
    "Submitted": ("referee.app.play", "Submitted"),
    "Throttle": ("referee.app.guesses", "Throttle"),
    "backup_sqlite": ("referee.app.backup", "backup_sqlite"),
    "check_referee": ("referee.app.checks", "check_referee"),
    "clean": ("referee.app.mailroom", "clean"),
    "collector_paused": ("referee.app.garbage", "collector_paused"),
    "confirmation_token": ("referee.app.confirmation", "confirmation_token"),
    "copy_referee": ("referee.app.transfer", "copy_referee"),
    "create_games": ("referee.app.gamefile", "create_games"),
    "example_values": ("referee.app.configfile", "example_values"),
    "export_game": ("referee.app.transfer", "export_game"),
    "filled_example": ("referee.app.configfile", "filled_example"),
    "hide_passwords": ("referee.app.credentials", "hide_passwords"),
    "import_game": ("referee.app.transfer", "import_game"),
    "is_address": ("referee.app.gamefile", "is_address"),
    "is_local_domain": ("referee.app.checks", "is_local_domain"),
    "list_line": ("referee.app.standing", "list_line"),
    "master_lines": ("referee.app.standing", "master_lines"),
    "open_referee": ("referee.app.opening", "open_referee"),
    "read_campaign_file": ("referee.app.campaignfile", "read_campaign_file"),
    "read_game_file": ("referee.app.gamefile", "read_game_file"),
    "read_game_files": ("referee.app.gamefile", "read_game_files"),
    "refusal": ("referee.app.refusals", "refusal"),
    "resolve_batch": ("referee.app.batches", "resolve_batch"),
    "resolve_next": ("referee.app.batches", "resolve_next"),
    "sign_in_link": ("referee.app.links", "sign_in_link"),
    "quick_status": ("referee.app.standing", "quick_status"),
    "status_lines": ("referee.app.standing", "status_lines"),
    "web_missing": ("referee.app.checks", "web_missing"),
    "web_reach": ("referee.app.checks", "web_reach"),
    "when": ("referee.app.standing", "when"),
    "write_config": ("referee.app.configfile", "write_private"),
    "write_private": ("referee.app.private_files", "write_private"),
}
"""Each public name: the module that holds it and its name there."""


def __getattr__(name: str) -> Any:
    """The public name ``name``, its module imported on first use (then kept as this package's own)."""
    try:
        module, attribute = _WHERE[name]
    except KeyError:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}") from None
    value = getattr(import_module(module), attribute)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})


__all__ = [
    "ACTIONS",
    "APPROVALS",
    "BATCH",
    "CHANGED_LETTERS",
    "CHANGED_ORDERS",
    "CHANGED_TALK",
    "COMMAND_LINE",
    "CONFIRM",
    "DEALS",
    "DOORS",
    "FLAG",
    "FORM_FIELDS",
    "FROM_NAMES",
    "LEASE",
    "LINK_NOTICE",
    "MAX_PASSWORD",
    "MODES",
    "PASSWORD_NOTICES",
    "SETUP_ERRORS",
    "SIGNUP_LETTERS",
    "Account",
    "Action",
    "Actor",
    "AlreadyResolved",
    "AnswerTo",
    "Arrival",
    "CampaignFile",
    "Change",
    "Changes",
    "Due",
    "Fate",
    "Findings",
    "Game",
    "GameFileError",
    "GameMasterAction",
    "GameOperations",
    "GameStopped",
    "Kept",
    "Letter",
    "Letters",
    "Loaded",
    "MailOutcome",
    "NoSuchGame",
    "NotYours",
    "Outcome",
    "Player",
    "RawArrival",
    "Reader",
    "Reading",
    "Receipt",
    "Referee",
    "RefereeError",
    "Refused",
    "Registry",
    "Resolved",
    "ScheduleChoice",
    "Submitted",
    "Throttle",
    "backup_sqlite",
    "campaign_file",
    "campaign_toml",
    "check_referee",
    "clean",
    "collector_paused",
    "confirmation_token",
    "copy_referee",
    "create_games",
    "example_values",
    "export_game",
    "filled_example",
    "first_deadlines",
    "form_campaign",
    "hide_passwords",
    "import_game",
    "is_address",
    "is_local_domain",
    "list_line",
    "master_lines",
    "open_referee",
    "quick_status",
    "read_campaign_file",
    "read_game_file",
    "read_game_files",
    "refusal",
    "resolve_batch",
    "resolve_next",
    "schedule_choices",
    "sign_in_link",
    "status_lines",
    "web_missing",
    "web_reach",
    "when",
    "write_config",
    "write_private",
]
