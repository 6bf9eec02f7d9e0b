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
"""

from __future__ import annotations

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
from referee.app.changes import Change, Changes, Reading
from referee.app.checks import Findings, check_referee, is_local_domain, web_missing, web_reach
from referee.app.configfile import FROM_NAMES, example_values, filled_example
from referee.app.configfile import write_private as write_config
from referee.app.confirmation import CONFIRM, confirmation_token
from referee.app.credentials import hide_passwords
from referee.app.dashboard import NoSuchGame
from referee.app.errors import SETUP_ERRORS, AlreadyResolved, GameStopped, RefereeError
from referee.app.forum import MODES, NotYours
from referee.app.gamefile import GameFileError, is_address, read_game_file
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
from referee.app.standing import list_line, master_lines, status_lines, when
from referee.app.transfer import copy_referee, export_game, import_game
from referee.store.outbox import LEASE

__all__ = [
    "ACTIONS",
    "APPROVALS",
    "BATCH",
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
    "read_campaign_file",
    "read_game_file",
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
