"""Setting up a Minuit game (MM-7 … MM-10) and opening its first round (MM-11).

A game file may fix the set-up with keys of its [game] table; what is not given comes
from the game's seed:

- ``investigation``: a shipped investigation's id or the path of a TOML file
  (default: the first shipped one, ``last-waltz``);
- ``suspects``: a table of suspect id → starting zone (4 to 9, two per zone; MM-8);
- ``events``: the event ids in the order they will be drawn (only those in play with
  this many players, MM-7; the deck may be shorter);
- ``dice``: a list of d10 results (1 to 10) used, in order, for every roll of the game —
  the officer's at each round's start and each QUICK or DISCREET attempt — before the
  seed's rolls take over.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from referee.core.events import EVERYONE, Event
from referee.core.rng import SeededStream
from referee.core.seats import name_problems
from referee.games.minuit.content import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    START_ZONE,
    SUSPECT_ZONES,
    by_players,
    deck_for,
)
from referee.games.minuit.investigation import InvestigationError, load_investigation
from referee.games.minuit.state import apply
from referee.games.minuit.turns import open_round

DEFAULT_INVESTIGATION = "last-waltz"
SETUP_KEYS = frozenset({"investigation", "suspects", "events", "dice"})


class SetupError(ValueError):
    """A game description that cannot start a game; the message lists every problem."""


def start(setup: dict[str, Any]) -> list[Event]:
    """The events that open a game described by ``setup`` (``id``, ``seed``, ``language``,
    ``players`` and the optional keys of the module's docstring); ``SetupError`` names every problem."""
    players = setup.get("players") or []
    problems = name_problems(players, MIN_PLAYERS, MAX_PLAYERS)
    if setup.get("language", "en") not in ("en", "ru"):
        problems.append(f'language must be "en" or "ru", not {setup.get("language")!r}')
    try:
        case = load_investigation(str(setup.get("investigation", DEFAULT_INVESTIGATION)))
    except InvestigationError as error:
        raise SetupError(f"investigation: {error}") from error
    if problems:
        raise SetupError("; ".join(problems))
    seats = [str(p["name"]).strip() for p in players]
    seed = setup["seed"]
    ids = [s.id for s in case.suspects]
    suspects, suspect_problems = _suspects(setup.get("suspects"), ids, seed)
    deck, deck_problems = _deck(setup.get("events"), len(seats), seed)
    dice, dice_problems = _dice(setup.get("dice"))
    problems = suspect_problems + deck_problems + dice_problems
    if problems:
        raise SetupError("; ".join(problems))
    data = {
        "game_id": setup["id"],
        "seed": seed,
        "language": setup.get("language", "en"),
        "seats": seats,
        "investigation": case.raw,
        "dice": dice,
        "deck": deck,
        "ship": by_players("ship", len(seats)),
        "buoys": by_players("buoys", len(seats)),
        "start_zone": START_ZONE,
        "suspects": suspects,
    }
    public = {k: data[k] for k in ("seats", "ship", "buoys", "start_zone", "suspects")}
    events = [Event("game_started", data, ()), Event("ship_sailed", public, (EVERYONE,))]
    state = None
    for event in events:
        state = apply(state, event)
    assert state is not None
    return events + open_round(state)


def _suspects(raw: Any, ids: list[str], seed: int | str) -> tuple[dict[str, int], list[str]]:
    """The suspects' starting zones: fixed by ``raw``, or two per zone 4–9 at random (MM-8)."""
    if raw is None:
        order = SeededStream(seed, "suspects").shuffled(ids)
        return {sid: SUSPECT_ZONES[n // 2] for n, sid in enumerate(order)}, []
    if not isinstance(raw, dict) or set(raw) != set(ids):
        return {}, [f"suspects must give a zone to each of the 12 suspects: {', '.join(ids)}"]
    counts = Counter(raw.values())
    if set(counts) != set(SUSPECT_ZONES) or set(counts.values()) != {2}:
        return {}, ["suspects: the twelve start two per zone, in zones 4 to 9"]
    return {sid: int(raw[sid]) for sid in ids}, []


def _deck(raw: Any, players: int, seed: int | str) -> tuple[list[str], list[str]]:
    """The event deck in draw order: fixed by ``raw``, or shuffled from the seed (MM-4, MM-7)."""
    allowed = deck_for(players)
    if raw is None:
        return SeededStream(seed, "deck").shuffled(allowed), []
    if not isinstance(raw, list) or not raw:
        return [], ["events must list event ids in the order they are drawn"]
    wrong = [e for e in raw if e not in allowed]
    if wrong or len(set(raw)) != len(raw):
        return [], [
            f"events: {', '.join(map(str, wrong)) or 'an event twice'} — with {players} players the deck "
            f"holds {', '.join(allowed)}, each once"
        ]
    return list(raw), []


def _dice(raw: Any) -> tuple[list[int], list[str]]:
    if raw is None:
        return [], []
    if not isinstance(raw, list) or not all(isinstance(d, int) and 1 <= d <= 10 for d in raw):
        return [], ["dice must be a list of die results from 1 to 10"]
    return list(raw), []
