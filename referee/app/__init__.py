"""The application layer: the one way anything changes or is read for a person.

The command line, the mail intake and sending, ``referee serve`` and the web are doors
onto a ``Referee`` (``referee.py``); the store below it is data access only.

- ``referee``: games, orders, resolutions (and a preview of one), reading, failures kept to one game
- ``desk``: the game-master's actions and command language, every one recorded (``audit``)
- ``calendar``, ``timing``: deadlines, reminders, pause, resume, shift
- ``mailroom``: a mail kept once, its sender identified, its text judged and answered
- ``letters``: the outbox as the sending door sees it
- ``views``: one seat's view, the game-master's view, the status
- ``play``: the rules applied inside a transaction (bots, early close, relays, the outbox)
- ``gamefile``: game files a game-master writes
"""

from __future__ import annotations

from referee.app.audit import COMMAND_LINE, Action, Actor
from referee.app.errors import SETUP_ERRORS, AlreadyResolved, GameStopped, RefereeError
from referee.app.opening import open_referee
from referee.app.play import AnswerTo, Loaded, Resolved, Submitted
from referee.app.referee import Referee

__all__ = [
    "COMMAND_LINE",
    "SETUP_ERRORS",
    "Action",
    "Actor",
    "AlreadyResolved",
    "AnswerTo",
    "GameStopped",
    "Loaded",
    "Referee",
    "RefereeError",
    "Resolved",
    "Submitted",
    "open_referee",
]
