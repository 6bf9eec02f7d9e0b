"""Property tests over random seeded Ten Sailors games with random orders (TS-3 … TS-25).

Hypothesis draws the game seed, the number of characters (3–9), who is the host, how
good the trap-setters are and a plan seed; the plan seed drives a ``random.Random`` that
writes random move / search / trap / say orders (valid and not) for every character in
every segment, at random receive times, submitted in shuffled order.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from dataclasses import dataclass, field
from datetime import timedelta
from fractions import Fraction
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from ts_helpers import NAMES, Game, segment_start

from referee.core.events import Event
from referee.core.rules import visible
from referee.games.ten_sailors import RULES
from referee.games.ten_sailors.cards import FURNITURE, HALL, ROOMS, SEARCHABLE, WEAPONS
from referee.games.ten_sailors.state import Segment

MAX_RESOLUTIONS = 46  # the arrival evening plus 45 segments (TS-25 ruling)
LOCATIONS = (HALL, *ROOMS)
CROWDED = ("Study", "Garage")

FAST = settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
"""Twelve random games for each property: seven properties look at 84 different games in all."""


@dataclass
class Played:
    """A finished random game and what was observed while playing it."""

    game: Game
    host: str | None
    resolutions: int = 0
    states: list[Any] = field(default_factory=list)  # the state after each resolution
    hours: dict[str, list[str]] = field(default_factory=dict)  # location in each day hour
    said: dict[str, set[str]] = field(default_factory=dict)  # message text -> expected audience
    roundtrip_failures: list[str] = field(default_factory=list)
    views_checked: int = 0
    snapshots_checked: int = 0


def _random_lines(rnd: random.Random, game: Game, name: str, skill: float, counter: list[int]) -> list[str]:
    state = game.state
    segment = state.segment
    lines: list[str] = []
    if rnd.random() < 0.55:  # half the moves go to two crowded rooms, so that rooms fill up (TS-15)
        lines.append(f"MOVE {rnd.choice(LOCATIONS if rnd.random() < 0.5 else CROWDED)}")
    if not segment.is_night and rnd.random() < 0.7:
        lines.append("SEARCH {}, {}".format(*rnd.sample(SEARCHABLE, 2)))
    if segment.is_night and segment.day >= 1:
        others = [c for c in state.living() if c.name != name]
        for _ in range(rnd.choice([0, 0, 1, 2, 3])):
            if not others:
                break
            target = rnd.choice(others)
            if rnd.random() < skill:
                cards = target.hand.cards()
            else:
                cards = (rnd.choice(list(ROOMS)), rnd.choice(list(FURNITURE)), rnd.choice(list(WEAPONS)))
            lines.append(f"TRAP {target.name} {cards[0]}, {cards[1]}, {cards[2]}")
    if rnd.random() < 0.25:
        counter[0] += 1
        lines.append(f"SAY message {counter[0]}")
    if rnd.random() < 0.15:  # an advance order for a later segment
        later = Segment.from_key(segment.key)
        for _ in range(rnd.randint(1, 6)):
            later = later.next()
        others = [c for c in state.living() if c.name != name]
        if later.is_night and others and rnd.random() < 0.5:
            target = rnd.choice(others)
            room, furniture, weapon = target.hand.cards()
            if rnd.random() >= skill:
                weapon = rnd.choice(list(WEAPONS))
            lines.append(f"NIGHT {later.day}: TRAP {target.name} {room} {furniture} {weapon}")
        elif later.is_night:
            lines.append(f"NIGHT {later.day}: MOVE {rnd.choice(LOCATIONS)}")
        else:
            lines.append(f"DAY {later.day} HOUR {later.hour}: SEARCH {rnd.choice(SEARCHABLE)} Rope")
    if rnd.random() < 0.1:
        lines.append(rnd.choice(["MOVE Kitchn", "SEARCH Rope", "TRAP nobody", "CANCEL MOVE", "Serch Rope"]))
    rnd.shuffle(lines)
    return lines


def play(
    seed: int,
    count: int,
    host_index: int,
    skill: float,
    plan_seed: int,
    check_views: bool = False,
    check_snapshots: bool = False,
) -> Played:
    """Play a whole random game; if asked, check dump/load at every step (each submission in the
    first segments, then after each segment's orders and each resolution), and every
    character's view at each night and at the end."""
    names = NAMES[:count]
    host = names[host_index] if host_index < count else None
    game = Game(names, hands={}, host=host, seed=seed)
    played = Played(game, host, hours={n: [] for n in names})
    rnd = random.Random(plan_seed)
    counter = [0]

    def check_roundtrip() -> None:
        if not check_snapshots:
            return
        played.snapshots_checked += 1
        raw = RULES.dump(game.state)
        if RULES.load(raw) != game.state or RULES.load(json.loads(json.dumps(raw))) != game.state:
            played.roundtrip_failures.append(game.key)

    while not game.state.finished and played.resolutions <= MAX_RESOLUTIONS:
        start = segment_start(game.key)
        batch = []
        for character in game.state.characters:  # the dead try to act too
            lines = _random_lines(rnd, game, character.name, skill, counter)
            if lines:
                batch.append((start + timedelta(seconds=rnd.randrange(3600)), character.name, lines))
        rnd.shuffle(batch)  # submitted in another order than received
        for received, name, lines in batch:
            before = game.state
            sender = before.character(name)
            expected: set[str] = set()
            if sender.alive:  # TS-23 ruling (revised): exactly those present now
                expected = set(before.present(sender.location))
            game.submit(name, "\n".join(lines), received)
            for line in lines:
                if line.startswith("SAY "):
                    played.said[line[4:]] = expected
            if played.resolutions < 8:  # after every submission early on, then once per segment
                check_roundtrip()
        check_roundtrip()
        game.resolve()
        played.resolutions += 1
        played.states.append(game.state)
        check_roundtrip()
        if not game.state.finished and not game.state.segment.is_night:
            for character in game.state.living():
                played.hours[character.name].append(character.location)
        if check_views and (game.state.segment.is_night or game.state.finished):
            _views_are_private(game, played.said, game.log)
            played.views_checked += 1
    return played


def played_games(**extra: st.SearchStrategy[Any]) -> st.SearchStrategy[Played]:
    """Random whole games: seed, 3–9 characters, an optional host, and orders of varying skill."""
    return st.builds(
        play,
        seed=st.integers(0, 2**32),
        count=st.integers(3, 9),
        host_index=st.integers(0, 9),
        skill=st.sampled_from([0.0, 0.15, 0.4]),
        plan_seed=st.integers(0, 2**32),
        **extra,
    )


games = played_games()


@FAST
@given(games)
def test_ts14_capacity_never_exceeds_three_outside_the_hall(played: Played) -> None:
    """TS-14/TS-13: after every resolution no room other than the Hall holds more than three."""
    for state in played.states:
        counts = Counter(c.location for c in state.living())
        assert all(n <= 3 for room, n in counts.items() if room != HALL), counts


@FAST
@given(games)
def test_ts18_nobody_is_ever_in_the_room_of_their_own_card(played: Played) -> None:
    """TS-18: no character ever stands in the room whose card they hold."""
    for state in played.states:
        for character in state.living():
            assert character.location != character.hand.room, character
    for event in played.game.events("moved"):
        character = played.states[-1].character(event.data["character"])
        assert event.data["to"] != character.hand.room, event


@FAST
@given(games)
def test_ts16_nobody_stays_more_than_two_hours_running_in_a_room(played: Played) -> None:
    """TS-16 and ruling: at most two consecutive game hours in one room; a night in the Hall
    does not break the run, an hour in the Hall does."""
    for name, hours in played.hours.items():
        run_room, run = None, 0
        for location in hours:
            if location == HALL:
                run_room, run = None, 0
                continue
            run = run + 1 if location == run_room else 1
            run_room = location
            assert run <= 2, (name, hours)


@FAST
@given(games)
def test_ts17_ts22_everyone_is_in_the_hall_at_night_and_moves_land_outside_it_when_forced(
    played: Played,
) -> None:
    """TS-4/TS-17/TS-15: nights are spent in the Hall; forced and displaced landings never go to the Hall."""
    for state in played.states:
        if state.segment.is_night and not state.finished:
            assert all(c.location == HALL for c in state.characters)
    for event in played.game.events("moved"):
        if event.data["reason"] in ("room_full", "two_hours", "own_card"):
            assert event.data["to"] != HALL, event


@FAST
@given(games)
def test_ts21_frags_sum_to_successful_kills_with_the_host_counting_two(played: Played) -> None:
    """TS-21/TS-24: total frags = kills, the host's death counting two; killers = the setters of
    the successful traps of that night."""
    game = played.game
    deaths = game.events("died")
    expected = sum(2 if d.data["name"] == played.host else 1 for d in deaths)
    final = played.states[-1]
    assert sum((c.frags for c in final.characters), Fraction(0)) == expected
    for death in deaths:
        setters = {
            e.data["setter"]
            for e in game.events("trap_resolved")
            if e.data["segment"] == death.data["segment"]
            and e.data["target"] == death.data["name"]
            and not e.data["void"]
            and e.data["killed"]
        }
        (score,) = [e for e in game.events("scored") if e.data["victim"] == death.data["name"]]
        assert set(score.data["killers"]) == setters
        assert death.audience == ("*",) and score.audience == ()
        assert "killers" not in death.data
    assert len({d.data["name"] for d in deaths}) == len(deaths)
    for trap in game.events("trap_resolved"):
        if not trap.data["void"]:
            hand = final.character(trap.data["target"]).hand.cards()
            correct = sum(a == b for a, b in zip(trap.data["cards"], hand, strict=True))
            assert trap.data["correct"] == correct and trap.data["killed"] == (correct == 3)
            assert trap.audience == (trap.data["setter"],)
    assert {c.name for c in final.characters if not c.alive} == {d.data["name"] for d in deaths}


@FAST
@given(games)
def test_ts19_search_results_name_exactly_the_matching_cards(played: Played) -> None:
    """TS-19 and ruling: searches happen outside the Hall only, name the asked cards of the room's
    set, fail where nobody holds the room card, and reach only the searcher."""
    final = played.states[-1]
    for event in played.game.events("searched"):
        data = event.data
        assert data["room"] != HALL and event.audience == (data["character"],)
        holder = final.holder_of(data["room"])
        expected = [c for c in data["cards"] if holder is not None and c in holder.hand.cards()]
        assert data["found"] == expected
        assert len(set(data["cards"])) == 2 and set(data["cards"]) <= set(SEARCHABLE)
        assert not any(c.name in json.dumps(data) for c in final.characters if c.name != data["character"])


@FAST
@given(games)
def test_ts24_the_game_always_ends_by_the_morning_of_day_ten(played: Played) -> None:
    """TS-24/TS-25 ruling: at most 46 resolutions; exactly 46 unless one or nobody is left alive."""
    final = played.states[-1]
    assert final.finished
    assert played.resolutions <= MAX_RESOLUTIONS
    (ended,) = played.game.events("game_ended")
    if len(final.living()) > 1:
        assert played.resolutions == MAX_RESOLUTIONS and final.segment.key == "d9n"
        assert ended.data["reason"] == "frags"
    elif len(final.living()) == 1:
        assert ended.data["winners"] == [final.living()[0].name] and ended.data["reason"] == "last_survivor"
    best = max(c.frags for c in final.characters)
    if ended.data["reason"] != "last_survivor" and best > 0:
        assert all(final.character(w).frags == best for w in ended.data["winners"])


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 2**32),
    count=st.integers(3, 9),
    host_index=st.integers(0, 9),
    skill=st.sampled_from([0.0, 0.3]),
    plan_seed=st.integers(0, 2**32),
)
def test_ts11_same_seed_and_orders_give_the_same_event_log(
    seed: int, count: int, host_index: int, skill: float, plan_seed: int
) -> None:
    """TS-11 ruling: random draws come from the seeded stream; a replay is identical byte for byte."""
    first = play(seed, count, host_index, skill, plan_seed).game.log
    second = play(seed, count, host_index, skill, plan_seed).game.log
    encoded = json.dumps([e.to_json() for e in first], ensure_ascii=False)
    assert encoded == json.dumps([e.to_json() for e in second], ensure_ascii=False)
    redealt = Game(NAMES[:count], hands={}, host=None, seed=seed)  # the deal depends on the seed only
    assert [c.hand for c in redealt.state.characters] == [
        c.hand for c in RULES.apply(None, first[0]).characters
    ]


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(played_games(check_snapshots=st.just(True)))
def test_snapshot_load_of_dump_is_the_state_at_every_step(played: Played) -> None:
    """``RULES.load(RULES.dump(state)) == state`` after every submission and resolution."""
    assert played.snapshots_checked > played.resolutions
    assert played.roundtrip_failures == []
    final = played.states[-1]
    assert RULES.load(json.loads(json.dumps(RULES.dump(final)))) == final


def _hands_in(value: Any, found: list[dict[str, Any]]) -> None:
    if isinstance(value, dict):
        if "hand" in value:
            found.append(value)
        for inner in value.values():
            _hands_in(inner, found)
    elif isinstance(value, list):
        for inner in value:
            _hands_in(inner, found)


def _views_are_private(game: Game, said: dict[str, set[str]], log: list[Event]) -> None:
    state = game.state
    for character in state.characters:
        name = character.name
        view = RULES.player_view(state, name, visible(log, name))
        assert view["hand"] == list(character.hand.cards())
        holders: list[dict[str, Any]] = []
        _hands_in({k: v for k, v in view.items() if k != "hand"}, holders)
        for holder in holders:
            assert holder["name"] == name or not state.character(holder["name"]).alive, holder
        # Own trap guesses and orders aside, no living other's hand appears in the view.
        text = json.dumps({k: v for k, v in view.items() if k not in ("hand", "traps", "orders")})
        for other in state.living():
            if other.name != name:
                assert json.dumps(list(other.hand.cards())) not in text
        for message in view["messages"]:
            assert name in said[message["text"]], (name, message)
        expected = [text for text, audience in said.items() if name in audience]
        assert sorted(m["text"] for m in view["messages"]) == sorted(expected)


@FAST
@given(
    st.builds(
        play,
        seed=st.integers(0, 2**32),
        count=st.integers(3, 9),
        host_index=st.integers(0, 9),
        skill=st.sampled_from([0.15, 0.4]),
        plan_seed=st.integers(0, 2**32),
        check_views=st.just(True),
    )
)
def test_ts3_ts23_views_hold_no_living_others_hand_nor_messages_meant_for_others(played: Played) -> None:
    """TS-3/TS-21/TS-23: a character's view never shows a living other's hand, and holds exactly
    the messages whose audience (those present then, nobody else) includes them."""
    game = played.game
    for event in game.events("message_posted"):
        assert set(event.audience) == played.said[event.data["text"]]
    # play() with check_views=True already checked every view at each night and at the end.
    assert played.views_checked > 0
