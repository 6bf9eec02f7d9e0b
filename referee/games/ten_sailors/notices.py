"""What each character is told: the welcome letter, the answer to their orders, table talk
as it is said, the morning after a night's traps, and the report when a segment is resolved
(TS-3, TS-19, TS-21, TS-23); and what of it is mailed to a player who also reads the web."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from referee.core import answers
from referee.core.events import Event
from referee.core.notices import Notice
from referee.core.orders import LineVerdict, asked_for_status
from referee.core.rules import Seen
from referee.games.ten_sailors import talk
from referee.games.ten_sailors.epilogues import facts
from referee.games.ten_sailors.narration import distinct_scenes, gender_of, scene_number
from referee.games.ten_sailors.notebook import heard, notebook
from referee.games.ten_sailors.state import GameState, Move, Standing
from referee.games.ten_sailors.views import orders_in_force, player_view


def welcome(state: GameState) -> list[Notice]:
    """A welcome letter for each character: their hand, the others, whether they play the host, and
    who does (the host's character is public: TS-1 ruling)."""
    names = [c.name for c in state.characters]
    host = state.host()
    return [
        Notice(
            "welcome",
            (c.name,),
            {
                "character": c.name,
                "hand": list(c.hand.cards()),
                "game_id": state.game_id,
                "others": [n for n in names if n != c.name],
                "host": c.host,
                "host_name": host.name if host is not None else None,
            },
        )
        for c in state.characters
    ]


def answer(
    before: GameState, after: GameState, seat: str, verdicts: list[LineVerdict], seen: Seen
) -> dict[str, Any]:
    """The answer to ``seat``: each line's verdict, what changed, and the orders now in force.

    The character's whole view is added only when a STATUS line asked for it.
    """
    was, now = orders_in_force(before, seat), orders_in_force(after, seat)
    standing = {_essence(order) for order in now}
    data: dict[str, Any] = {
        "character": seat,
        "segment": after.segment.key,
        "verdicts": [vars(v) for v in verdicts],
        "orders": now,
        "added": [o for o in now if o not in was],
        "removed": [o for o in was if _essence(o) not in standing],
    }
    if asked_for_status(verdicts):
        data["view"] = player_view(after, seat, seen())
    if any(v.accepted and v.understood.get("kind") == "notebook" for v in verdicts):
        view = data.get("view") or player_view(after, seat, seen())
        data["notebook"] = notebook(view, heard(view))
    return data


def _essence(order: dict[str, Any]) -> tuple[Any, ...]:
    """What an order in force says, without when it came: the same order sent again is no change."""
    return tuple(sorted((k, repr(v)) for k, v in order.items() if k not in ("received_at", "number")))


def relays(state: GameState, seat: str, events: list[Event]) -> list[Notice]:
    """Table talk passed on at once to everyone who heard it but the speaker (TS-23) and wants it
    at once (``talk``); the others find it in their next report."""
    said = [e for e in events if e.kind == "message_posted"]
    return [
        Notice("talk", audience, {"speaker": seat, **{k: e.data[k] for k in ("location", "text", "segment")}})
        for e in said
        if (audience := talk.at_once(state, tuple(name for name in e.audience if name != seat)))
    ]


NOTICE_KINDS = frozenset({"message_posted", "talk_chosen", answers.FOLDED})
"""The only events of a phase's log that ``notices`` reads: the talk, who chose how to hear it, and
the answers kept for the next report (``referee.core.answers``)."""


def notices(before: GameState, after: GameState, events: list[Event], phase_log: list[Event]) -> list[Notice]:
    """What each character is told when a phase closes.

    At the trap time the morning mail goes to the dead (those the traps just killed and those dead
    before), or to everyone when the game ended with these traps. The living read the same news an
    hour later, at the end of the night, in their report: one mail with the deaths, their own trap
    results, the whole night's talk and where the night's moves took them (``GameState.dawn``).
    Any other phase closes with a report per character living when it closed.
    """
    if any(e.kind == "traps_fired" for e in events):
        ended = any(e.kind == "game_ended" for e in events)
        readers = [c.name for c in after.characters if ended or not c.alive]
        return _mornings(before, after, events, phase_log, readers)
    return _reports(before, after, events, phase_log)


def _mornings(
    before: GameState, after: GameState, events: list[Event], phase_log: list[Event], readers: list[str]
) -> list[Notice]:
    """The morning after the traps fired (TS-4, TS-21), to ``readers``: the deaths told as scenes, who
    is left, and to each reader their own trap results, the night's talk they heard and where they go
    at 10:00. When the game ended with these traps it carries the end and the reveal instead of the
    day ahead (TS-24, TS-25).
    """
    key = before.segment.key
    ended = next((e.data for e in events if e.kind == "game_ended"), None)
    public = {
        **_news(before, [e.data for e in events if e.kind == "died"]),
        "living": [c.name for c in after.living()],
        "ended": ended,
        "epilogue": facts(after, ended) if ended is not None else None,
    }
    result = []
    for name in readers:
        move = after.moves.get((key, name)) if after.character(name).alive else None
        private: dict[str, Any] = {
            "name": name,
            "alive": after.character(name).alive,
            "traps": [e.data for e in events if e.kind == "trap_resolved" and e.data["setter"] == name],
            "killers": _killers(after, key),
            "messages": [e.data for e in phase_log if e.kind == "message_posted" and e.visible_to(name)],
            "answers": answers.folded_for(phase_log, name),
            "move": move.order.room if isinstance(move, Standing) and isinstance(move.order, Move) else None,
        }
        result.append(Notice("morning", (name,), {**public, **private}))
    return result


def _news(state: GameState, died: list[dict[str, Any]]) -> dict[str, Any]:
    """The public news of the open night's traps: the day that dawns, the deaths as scenes, the host."""
    key = state.segment.key
    host = state.host()
    return {
        "segment": key,
        "day": state.segment.day + 1,
        "deaths": _deaths(state, died, key),
        "host": host.name if host else None,
    }


def _deaths(state: GameState, died: list[dict[str, Any]], segment: str) -> list[dict[str, Any]]:
    """The night's deaths as the morning tells them, no two with the same scene."""
    deaths = [_death(state, data, segment) for data in died]
    for death, number in zip(deaths, distinct_scenes([d["scene"] for d in deaths]), strict=True):
        death["scene"] = number
    return deaths


def _death(state: GameState, died: dict[str, Any], segment: str) -> dict[str, Any]:
    """A death as the morning tells it: the revealed set, whether it was the host's character, and
    the scene of the pool that tells it (drawn from the game's seed: a replay tells it alike)."""
    victim = state.character(died["name"])
    given = getattr(victim, "gender", None)  # a player's gender from the game file, when the state has one
    return {
        **died,
        "host": victim.host,
        "gender": gender_of(victim.name, given),
        "scene": scene_number(state.seed, segment, victim.name),
    }


def _dawn(state: GameState) -> dict[str, Any]:
    """The trap-time news a night's report tells the living, when the night had a trap time: the
    deaths as ``died`` told them (TS-21), from the night's kills and the victims' revealed sets."""
    key = state.segment.key
    died = [
        {"name": k.victim, "hand": list(state.character(k.victim).hand.cards()), "segment": key}
        for k in state.kills
        if k.segment == key
    ]
    return {**_news(state, died), "dawn": True, "ended": None}


def _reports(
    before: GameState, after: GameState, events: list[Event], phase_log: list[Event]
) -> list[Notice]:
    """One report per character living when the segment closed.

    A report holds only what its reader may know: their own search and landing, and the
    table talk of the places they were in while they were there. The report that ends a night with
    traps opens with the morning's news (``_dawn``): the deaths, who is left, the reader's own trap
    results, and the talk of the whole night.
    """
    public: dict[str, Any] = {
        "segment": before.segment.key,
        "next": None if after.finished else after.segment.key,
    }
    if before.traps_fired:
        public |= {**_dawn(before), "living": [c.name for c in after.living()]}
    said = [*before.dawn, *phase_log] if before.traps_fired else phase_log
    searched = _by_character(events, "searched")
    moved = _by_character(events, "moved")
    present = after.present_by_place()
    result = []
    for character in before.characters:
        name = character.name
        if not character.alive:
            continue  # the dead hear the castle's news in the morning mail
        now = after.character(name)
        report: dict[str, Any] = {
            **public,
            "name": name,
            "alive": now.alive,
            "location": now.location if now.alive else None,
            "present": [n for n in present.get(now.location, ()) if n != name] if now.alive else [],
            "search": searched.get(name),
            "move": moved.get(name),
            "messages": [e.data for e in said if e.kind == "message_posted" and e.visible_to(name)],
            "heard_at_once": _heard_at_once(before, phase_log, name),
            "answers": answers.folded_for(said, name),
            **talk.report_fields(before, after, name),
        }
        if before.traps_fired:
            traps = [e for e in before.dawn if e.kind == "trap_resolved"]
            report["traps"] = [e.data for e in traps if e.visible_to(name)]
            report["killers"] = _killers(before, before.segment.key)
        result.append(Notice("report", (name,), report))
    return result


def _killers(state: GameState, segment: str) -> dict[str, int]:
    """How many setters share each kill of night ``segment``, by victim: a setter is told whether the
    frag is theirs alone or shared (their own frag count shows it anyway), never with whom."""
    return {k.victim: len(k.killers) for k in state.kills if k.segment == segment}


def _heard_at_once(state: GameState, phase_log: list[Event], name: str) -> bool:
    """Whether all the talk ``name`` heard in this segment was mailed to them as it was said, so that
    the report need not repeat it: not if they changed how talk reaches them during the segment."""
    changed = any(e.kind == "talk_chosen" and e.data["character"] == name for e in phase_log)
    return not changed and talk.delivery(state, name) == talk.NOW


def _by_character(events: list[Event], kind: str) -> dict[str, dict[str, Any]]:
    """The data of the first event of ``kind`` for each character it names, by their name."""
    found: dict[str, dict[str, Any]] = {}
    for event in events:
        if event.kind == kind:
            found.setdefault(event.data["character"], event.data)
    return found


DIGESTS = frozenset({"report", "morning"})
"""The letters that tell the talk a reader heard in the segment just closed."""


def for_both_reader(template: str, data: dict[str, Any], read_at: datetime | None) -> dict[str, Any] | None:
    """What a player who plays both on the web and by mail is mailed of a letter (``Rules.for_both_reader``).

    They read table talk on the web as it is said (TS-23), so no talk is mailed to them line by line
    (None); the report and the morning mail are their digest, and hold only the lines received after
    ``read_at``, when they last opened their pages (every line if never): none they read there is
    mailed again, none said since is lost. The report then shows its lines whatever way talk reaches
    the character by mail (``heard_at_once``), and says nothing of that way (``talk_switched``): it
    is not theirs. Every other letter is mailed as it is.
    """
    if template == "talk":
        return None
    if template not in DIGESTS:
        return data
    digest = {**data, "messages": [m for m in data.get("messages", []) if _unread(m, read_at)]}
    if template == "report":
        digest.update(heard_at_once=False, talk_switched=False)
    return digest


def _unread(message: dict[str, Any], read_at: datetime | None) -> bool:
    """Whether ``message`` was received after ``read_at`` (a line of unknown time counts as unread)."""
    received = message.get("received_at")
    if read_at is None or not received:
        return True
    at = datetime.fromisoformat(str(received))
    return (at if at.tzinfo is not None else at.replace(tzinfo=UTC)) > read_at
