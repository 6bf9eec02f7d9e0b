"""What the application layer says when it cannot do what a person asked."""

from __future__ import annotations

from referee.schedule.files import ScheduleError


class RefereeError(LookupError):
    """A request the referee cannot carry out; the message says why, for a game-master."""


class AlreadyResolved(RefereeError):
    """The phase was resolved already (by this or another process); nothing was changed."""


class GameStopped(RefereeError):
    """The game stands still because its rules raised an error; ``referee retry`` starts it again."""


class RulesFailed(Exception):
    """A game's rules raised ``error`` inside a transaction a caller holds; the caller stops the game
    once that transaction is over (``Referee.stop``), since the game's row is locked until then."""

    def __init__(self, game_id: str, error: Exception) -> None:
        super().__init__(f"{game_id}: {type(error).__name__}: {error}")
        self.game_id = game_id
        self.error = error


SETUP_ERRORS: tuple[type[Exception], ...] = (RefereeError, ScheduleError)
"""What a door tells a person as one line, never as a traceback: requests the referee cannot carry out
and problems of the set-up a game-master can fix (a schedule missing or broken)."""
