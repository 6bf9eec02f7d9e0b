"""Properties of whole Minuit games over random seeds, player counts and orders (MM-13, MM-16, MM-19).

Each example plays a game to its end with random orders (legal or not) drawn from the
example's own seed: every accepted state keeps the action points at 0 or more and at
most one detective in the suite, the ship never moves back, every game ends, a private
lead's text reaches its reader alone, and replaying the same set-up and mails gives the
same events.
"""

from __future__ import annotations

import json
import random
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from mm_helpers import Game, play_with_bots

from referee.core.events import EVERYONE
from referee.core.rules import fold
from referee.games.minuit import RULES
from referee.games.minuit.investigation import load_investigation

FEW = settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
NAMES = ("Anna", "Boris", "Vera", "Gleb", "Dina", "Egor")
CASE = load_investigation("last-waltz")
SUSPECT_IDS = [s.id for s in CASE.suspects]


def random_line(rng: random.Random, stage: str) -> str:
    """One order line, often legal, sometimes not."""
    if stage != "turns":
        element = rng.choice(["CULPRIT", "MEANS", "MOTIVE"])
        return f"HYPOTHESIS {element} {rng.randint(1, 6)} {rng.randint(1, 6)}"
    method = rng.choice(["QUICK", "DISCREET", "THOROUGH"])
    return rng.choice(
        [
            f"MOVE {rng.randint(1, 10)}",
            f"QUESTION {rng.choice(SUSPECT_IDS)} {rng.choice(['ALIBI', 'WITNESS', 'MOTIVE'])} {method}",
            f"SEARCH {rng.randint(1, 24)} {method}",
            "RETRY",
            "BUOY",
            "BUOY AP",
            f"MOVE {rng.choice(SUSPECT_IDS)} {rng.randint(1, 10)}",
            "REVEAL",
            "END",
        ]
    )


def random_game(seed: int, count: int, plan: int) -> tuple[Game, list[tuple[str, str]]]:
    """A whole game with random mails; returns it and the mails sent, in order."""
    rng = random.Random(plan)
    game = Game(NAMES[:count], seed=seed, suspects=None)
    mails: list[tuple[str, str]] = []
    for _ in range(600):
        if game.state.finished:
            return game, mails
        key = RULES.phase(game.state).key
        for _ in range(rng.randint(0, 6)):
            awaited = RULES.waiting(game.state)
            seat = rng.choice(awaited or NAMES[:count])
            text = "\n".join(random_line(rng, game.state.stage) for _ in range(rng.randint(1, 3)))
            mails.append((seat, text))
            game.send(seat, text)
            check_invariants(game)
            if game.state.finished or RULES.phase(game.state).key != key:
                break
        if not game.state.finished and RULES.phase(game.state).key == key:
            mails.append(("", "CLOSE"))
            game.close()
            check_invariants(game)
    raise AssertionError("the game did not end")


def check_invariants(game: Game) -> None:
    state = game.state
    assert state.ap >= 0
    assert list(state.detectives.values()).count(2) <= 1
    assert 2 not in state.suspects.values()
    assert all(count >= 0 for count in state.buoys.values())
    ships = [e.data["ship"] for e in game.log if e.kind == "round_opened"]
    assert ships == sorted(ships) and all(ship <= 10 for ship in ships)


@FEW
@given(seed=st.integers(0, 10**6), count=st.integers(2, 6), plan=st.integers(0, 10**6))
def test_mm13_mm19_random_games_keep_points_suite_and_ship_and_always_end(
    seed: int, count: int, plan: int
) -> None:
    game, _ = random_game(seed, count, plan)
    assert game.state.finished and game.state.result["winners"]
    assert game.log[-1].kind == "game_ended"


@FEW
@given(seed=st.integers(0, 10**6), count=st.integers(2, 6), plan=st.integers(0, 10**6))
def test_mm16_a_private_lead_reaches_only_its_reader(seed: int, count: int, plan: int) -> None:
    game, _ = random_game(seed, count, plan)
    for event in game.log:
        if event.kind == "lead_read":
            reader = event.data["seat"]
            assert event.audience == ((EVERYONE,) if event.data["public"] else (reader,))
    letters = [(n.audience, n.data) for n in game.notices + game.relayed if n.template != "game_over"]
    for event in game.log:
        if event.kind != "lead_read" or event.data["public"]:
            continue
        text = event.data["text"]["en"]
        reader = event.data["seat"]
        others_read = {
            e.data["seat"] for e in game.log if e.kind == "lead_read" and e.data["lead"] == event.data["lead"]
        }
        for seat in NAMES[:count]:
            if seat in others_read or any(
                e.kind == "lead_read" and e.data["lead"] == event.data["lead"] and e.data["public"]
                for e in game.log
            ):
                continue
            assert text not in json.dumps(game.view(seat), ensure_ascii=False), (seat, reader)
            for audience, data in letters:
                if seat in audience:
                    assert text not in json.dumps(data, ensure_ascii=False), (seat, reader)


@FEW
@given(seed=st.integers(0, 10**6), count=st.integers(2, 6), plan=st.integers(0, 10**6))
def test_replaying_the_same_set_up_and_mails_gives_the_same_game(seed: int, count: int, plan: int) -> None:
    game, mails = random_game(seed, count, plan)
    again = Game(NAMES[:count], seed=seed, suspects=None)
    for seat, text in mails:
        if text == "CLOSE":
            again.close()
        else:
            again.send(seat, text)
    assert [e.to_json() for e in again.log] == [e.to_json() for e in game.log]
    assert fold(RULES, game.log) == game.state
    assert RULES.load(json.loads(json.dumps(RULES.dump(game.state)))) == game.state


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 10**6), count=st.integers(2, 6))
def test_bots_play_every_game_to_its_end(seed: int, count: int) -> None:
    game = play_with_bots(seed, count)
    result: dict[str, Any] = game.state.result
    assert {s["seat"] for s in result["scores"]} == set(NAMES[:count])
