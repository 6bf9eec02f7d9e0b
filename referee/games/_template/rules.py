"""The skeleton game's rules as pure functions: the deal, the orders, the phases, the letters, the views.

A real game splits these into modules as they grow (``setup``, ``parse``, ``orders``,
``resolve``, ``notices``, ``views``, ``bot``, as in ``ten_sailors``); the skeleton keeps
them together so that one file shows the whole contract of ``referee.core.rules.Rules``.
"""

from __future__ import annotations

from typing import Any

from referee.core.events import EVERYONE, Event
from referee.core.notices import Notice
from referee.core.orders import LineVerdict, Submission
from referee.core.phases import Phase
from referee.core.rng import SeededStream
from referee.core.rules import Seen
from referee.core.seats import name_problems
from referee.games._template.content import (
    BOT_WORDS,
    MAX_LETTERS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    ORDER_WORDS,
    ROUNDS,
)
from referee.games._template.state import GameState


class SetupError(ValueError):
    """A set-up the game cannot start from; the message names every problem."""


# --- the deal ----------------------------------------------------------------------------------


def start(setup: dict[str, Any]) -> list[Event]:
    """The event that opens a game: ``setup`` holds ``id``, ``seed``, ``language`` and ``players``."""
    players = setup.get("players") or []
    problems = name_problems(players, MIN_PLAYERS, MAX_PLAYERS)
    if problems:
        raise SetupError("; ".join(problems))
    seats = [str(p["name"]).strip() for p in players]
    return [Event("game_started", {"game_id": setup["id"], "seats": seats, "rounds": ROUNDS}, (EVERYONE,))]


# --- phases --------------------------------------------------------------------------------------


def phase(state: GameState) -> Phase:
    """One phase per round: "r1", "r2" … (schedule stage "words")."""
    return Phase(state.round, f"r{state.round}", f"round {state.round}", "words")


def finished(state: GameState) -> bool:
    """Whether the last round has been revealed."""
    return state.finished


def waiting(state: GameState) -> tuple[str, ...]:
    """The seats without a word this round."""
    return state.waiting()


def resolve(state: GameState) -> list[Event]:
    """The end of a round: every word is revealed to everyone ("" for a seat that wrote none)."""
    words = {seat: state.written.get(seat, "") for seat in state.seats}
    return [Event("words_revealed", {"round": state.round, "words": words}, (EVERYONE,))]


# --- orders --------------------------------------------------------------------------------------


def submit(state: GameState, submission: Submission) -> tuple[list[LineVerdict], list[Event]]:
    """One verdict per line: ``WORD <word>`` (``СЛОВО``) writes the seat's word for the round; a later
    word replaces an earlier one. The word is an event only the seat sees until the reveal."""
    verdicts: list[LineVerdict] = []
    events: list[Event] = []
    for line in (raw.strip() for raw in submission.text.splitlines()):
        if not line:
            continue
        verdict = _judge(state, line)
        verdicts.append(verdict)
        if verdict.accepted:
            word = verdict.understood["word"]
            data = {"seat": submission.seat, "word": word, "round": state.round}
            events.append(Event("word_written", data, (submission.seat,)))
    return verdicts, events


def _judge(state: GameState, line: str) -> LineVerdict:
    """The verdict on one line of orders."""
    head, *rest = line.split()
    if head.upper() not in ORDER_WORDS:
        return LineVerdict(line, False, reason="unknown_order", params={"word": head})
    if state.finished:
        return LineVerdict(line, False, reason="game_over")
    if not rest:
        return LineVerdict(line, False, reason="missing_arguments")
    if len(rest) > 1:
        return LineVerdict(line, False, reason="one_word", params={"count": len(rest)})
    if len(rest[0]) > MAX_LETTERS:
        return LineVerdict(line, False, reason="too_long", params={"most": MAX_LETTERS})
    return LineVerdict(line, True, understood={"kind": "word", "word": rest[0], "round": state.round})


# --- letters -------------------------------------------------------------------------------------


def welcome(state: GameState) -> list[Notice]:
    """A first letter for each seat: the others, the rounds, how to write a word."""
    return [
        Notice(
            "welcome",
            (seat,),
            {
                "player": seat,
                "game_id": state.game_id,
                "others": [s for s in state.seats if s != seat],
                "rounds": state.rounds,
                "max_letters": MAX_LETTERS,
            },
        )
        for seat in state.seats
    ]


def answer(
    before: GameState, after: GameState, seat: str, verdicts: list[LineVerdict], seen: Seen
) -> dict[str, Any]:
    """The answer to ``seat``: each line's verdict and the word it holds now for the open round."""
    return {
        "player": seat,
        "round": after.round,
        "rounds": after.rounds,
        "finished": after.finished,
        "verdicts": [vars(v) for v in verdicts],
        "word": after.written.get(seat, ""),
    }


def relays(state: GameState, seat: str, events: list[Event]) -> list[Notice]:
    """Nothing is passed on at once: the others learn the words when the round is revealed."""
    return []


def notices(before: GameState, after: GameState, events: list[Event], phase_log: list[Event]) -> list[Notice]:
    """Everyone is told the words of the round just closed, or, after the last, every round's."""
    if after.finished:
        return [Notice("game_over", after.seats, {"rounds": [dict(words) for words in after.revealed]})]
    data = {"round": before.round, "words": dict(after.revealed[-1]), "next": after.round}
    return [Notice("revealed", after.seats, data)]


# --- views ---------------------------------------------------------------------------------------


def player_view(state: GameState, seat: str, seen: list[Event]) -> dict[str, Any]:
    """What ``seat`` knows: its own word this round and the words of the rounds revealed."""
    return {
        "me": seat,
        "game_id": state.game_id,
        "seats": list(state.seats),
        "round": state.round,
        "rounds": state.rounds,
        "finished": state.finished,
        "my_word": state.written.get(seat, ""),
        "revealed": [dict(words) for words in state.revealed],
    }


def master_view(state: GameState) -> dict[str, Any]:
    """Everything, the words not yet revealed included."""
    return {
        "id": state.game_id,
        "kind": "_template",
        "finished": state.finished,
        "round": state.round,
        "rounds": state.rounds,
        "written": dict(state.written),
        "revealed": [dict(words) for words in state.revealed],
    }


def describe(event: Event) -> str:
    """One line for the game-master's log."""
    d = event.data
    match event.kind:
        case "game_started":
            return f"game {d['game_id']} started: {', '.join(d['seats'])}"
        case "word_written":
            return f"{d['seat']} wrote {d['word']!r} for round {d['round']}"
        case "words_revealed":
            return f"round {d['round']} revealed: " + ", ".join(f"{s} {w!r}" for s, w in d["words"].items())
    return event.kind


def bot(view: dict[str, Any], seed: int | str) -> str:
    """A seat played by the referee writes a word from the content's list, once a round."""
    if view["finished"] or view["my_word"]:
        return ""
    word = SeededStream(seed, f"bot:{view['me']}:{view['round']}").choice(BOT_WORDS)
    return f"WORD {word}"
