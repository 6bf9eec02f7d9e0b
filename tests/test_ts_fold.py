"""The Ten Sailors fold copies its state cheaply (``changed`` in place of ``dataclasses.replace``,
segment keys read once); whole games played by the bots give byte-identical events, states,
snapshots and notices either way (TS-4 to TS-25: moves, searches, traps, deaths, the end); and
the state the rules reach while closing a segment is the one its events fold to."""

from __future__ import annotations

import dataclasses
import json
from datetime import UTC, datetime, timedelta
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.core.events import Event
from referee.core.orders import Submission
from referee.core.rules import resolve_folded, visible
from referee.games.ten_sailors import RULES
from referee.games.ten_sailors import apply as fold_module
from referee.games.ten_sailors.state import Character, GameState, Hand, Segment, changed

NAMES = ("Anna", "Boris", "Clara", "Dmitri", "Eva", "Fedor", "Galina", "Hugo", "Igor")
START = datetime(2026, 12, 1, 20, 0, tzinfo=UTC)


def _played(seed: int, segments: int) -> list[str]:
    """Everything a game played by the bots for ``segments`` segments wrote, each item as bytes would
    be compared: every event, every state's snapshot and every notice, in order."""
    setup = {"id": f"fold-{seed}", "seed": seed, "language": "en", "players": [{"name": n} for n in NAMES]}
    log: list[Event] = []
    state: GameState | None = None
    written: list[str] = []

    def fold(events: list[Event]) -> GameState:
        nonlocal state
        for event in events:
            state = RULES.apply(state, event)
            log.append(event)
        assert state is not None
        return state

    current = fold(RULES.start(setup))
    for step in range(segments):
        if RULES.finished(current):
            break
        at = START + timedelta(hours=step)
        for name in NAMES:
            text = RULES.bot(RULES.player_view(current, name, visible(log, name)), seed)
            if text:
                _, events = RULES.submit(current, Submission(name, text, at, "bot"))
                current = fold(events)
        before = current
        events = RULES.resolve(before)
        current = fold(events)
        closed, reached = resolve_folded(RULES, before)
        assert closed == events and reached == current  # the state reached on the way is the fold's
        notices = RULES.notices(before, current, events, [])
        written += [json.dumps(e.to_json(), sort_keys=True, default=str) for e in events]
        written.append(json.dumps(RULES.dump(current), sort_keys=True, default=str))
        written.append(repr(notices))
    return written


@settings(max_examples=12, deadline=None)
@given(st.integers(min_value=0, max_value=10**6))
def test_the_cheap_fold_writes_byte_identical_events_to_the_dataclass_copies(seed: int) -> None:
    fast = _played(seed, 16)  # three days and more: nights with traps, deaths
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(fold_module, "changed", dataclasses.replace)
        patch.setattr(fold_module, "segment_of", Segment.from_key)
        reference = _played(seed, 16)
    assert fast == reference


@given(
    st.sampled_from(NAMES),
    st.booleans(),
    st.sampled_from(["Kitchen", "Hall", "Study"]),
    st.integers(min_value=0, max_value=3),
    st.fractions(min_value=0, max_value=5),
)
def test_changed_gives_what_dataclasses_replace_gives(
    name: str, alive: bool, location: str, streak: int, frags: Fraction
) -> None:
    character = Character(name=name, host=False, hand=Hand("Kitchen", "Sofa", "Knife"))
    changes: dict[str, Any] = {"alive": alive, "location": location, "streak": streak, "frags": frags}
    copy = changed(character, **changes)
    assert copy == dataclasses.replace(character, **changes) and repr(copy) == repr(
        dataclasses.replace(character, **changes)
    )
    assert character == Character(name=name, host=False, hand=Hand("Kitchen", "Sofa", "Knife"))  # untouched
    with pytest.raises(dataclasses.FrozenInstanceError):
        copy.alive = not alive  # type: ignore[misc]


def _started() -> GameState:
    setup = {"id": "fold-index", "seed": 3, "language": "en", "players": [{"name": n} for n in NAMES]}
    state = None
    for event in RULES.start(setup):
        state = RULES.apply(state, event)
    assert state is not None
    return state


def test_a_copy_holding_other_characters_finds_its_own_not_those_the_original_gathered() -> None:
    """``character`` looks names up in an index gathered once per state; a copy made by ``changed``
    with new characters must not answer from the index it copied (TS-12: where each one stands)."""
    state = _started()
    anna = state.character("Anna")  # gathers the index
    moved = changed(anna, location="Study")
    copy = changed(state, characters=(moved, *state.characters[1:]))
    assert copy.character("Anna").location == "Study" and state.character("Anna").location == anna.location
    assert copy == dataclasses.replace(state, characters=(moved, *state.characters[1:]))  # not a field
    assert "_by_name_of" not in json.dumps(RULES.dump(copy))
    with pytest.raises(KeyError):
        copy.character("Nobody")


def test_ts16_a_run_of_moves_folded_together_gives_the_state_one_at_a_time_gives() -> None:
    """Moves to a room, to the Hall and overnight, twice for one character: the run folded on one copy
    reaches the state of ``apply`` event after event; an unknown character fails alike."""
    state = _started()

    def moved(name: str, to: str, overnight: bool = False) -> Event:
        data = {"character": name, "segment": "d1h1", "from": "Hall", "to": to, "reason": "moved"}
        return Event("moved", {**data, "overnight": overnight}, (name,))

    run = [moved("Anna", "Study"), moved("Boris", "Hall"), moved("Anna", "Study")]
    run.append(moved("Clara", "Hall", overnight=True))
    one_at_a_time = state
    for event in run:
        one_at_a_time = fold_module.apply(one_at_a_time, event)
    together = fold_module.apply_all(state, run)
    assert together == one_at_a_time and together.character("Anna").streak == 2
    with pytest.raises(KeyError):
        fold_module.apply_all(state, [moved("Anna", "Study"), moved("Nobody", "Study")])
    with pytest.raises(KeyError):
        fold_module.apply(state, moved("Nobody", "Study"))
