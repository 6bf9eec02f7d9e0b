"""The application layer: the one way anything changes or is read for a person.

The command line, the mail intake and sending, ``referee serve`` and the web are doors
onto a ``Referee`` (``referee.py``); the store below it is data access only.

- ``referee``: games, orders, resolutions (and a preview of one), reading, failures kept to one game
- ``actions``: the registry of the game-master's actions, each declared once for every door
- ``desk``: the actions carried out, and the mail's command language; every one recorded (``audit``)
- ``refusals``: why an action was refused, in the game-master's language
- ``calendar``, ``timing``: deadlines, reminders, pause, resume, shift
- ``mailroom``: a mail kept once, its sender identified, its text judged and answered: the mail door
  hands it one ``RawArrival`` (``arrivals``) and gets one ``Receipt`` back (``receipts``)
- ``letters``: the outbox as the sending door sees it
- ``views``: one seat's view, the game-master's view, the status
- ``play``: the rules applied inside a transaction (bots, early close, relays, the outbox)
- ``gamefile``: game files a game-master writes
"""

from __future__ import annotations

from referee.app.actions import ACTIONS, DOORS, FLAG, GameMasterAction, Outcome, Registry
from referee.app.arrivals import RawArrival
from referee.app.audit import COMMAND_LINE, Action, Actor
from referee.app.errors import SETUP_ERRORS, AlreadyResolved, GameStopped, RefereeError
from referee.app.opening import open_referee
from referee.app.play import AnswerTo, Loaded, Resolved, Submitted
from referee.app.receipts import Fate, MailOutcome, Receipt
from referee.app.referee import Referee
from referee.app.refusals import refusal

__all__ = [
    "ACTIONS",
    "COMMAND_LINE",
    "DOORS",
    "FLAG",
    "SETUP_ERRORS",
    "Action",
    "Actor",
    "AlreadyResolved",
    "AnswerTo",
    "Fate",
    "GameMasterAction",
    "GameStopped",
    "Loaded",
    "MailOutcome",
    "Outcome",
    "RawArrival",
    "Receipt",
    "Referee",
    "RefereeError",
    "Registry",
    "Resolved",
    "Submitted",
    "open_referee",
    "refusal",
]
