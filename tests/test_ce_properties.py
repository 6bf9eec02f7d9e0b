"""Property tests over random seeded Cosmic Express sessions (CE-2 … CE-9).

Hypothesis draws the player count, the game seed, the number of rounds and a plan seed;
the plan seed drives a ``random.Random`` that mixes the game's bot with random order lines
(legal and not: unknown offers, cards not held, wrong phases, junk), and closes phases
at random moments as a deadline would.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from dataclasses import replace
from typing import Any

from ce_helpers import Game, play_with_bots
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.core.rules import fold, visible
from referee.games.cosmic_express import RULES
from referee.games.cosmic_express.cards import ITEMS, ROLES, item_deck
from referee.games.cosmic_express.state import GameState

NAMES = ("Anna", "Boris", "Vera", "Gleb", "Dina", "Egor")
FAST = settings(max_examples=50, deadline=None, suppress_health_check=[HealthCheck.too_slow])
ITEM_NAMES = (*ITEMS, "Spoon")


def random_line(rnd: random.Random, game: Game, seat: str) -> str:
    """One order line, legal or not, for ``seat``."""
    state = game.state
    others = [s for s in state.seats if s != seat]
    offer = f"O{rnd.randint(1, state.offer_count + 2)}"
    item = rnd.choice([*state.hands[seat], *ITEM_NAMES])
    waiting = [o for o in state.open_offers() if o.receiver == seat]
    if waiting and rnd.random() < 0.5:  # a legal answer, to keep cards moving
        return f"ACCEPT {rnd.choice(waiting).id} {rnd.choice(state.hands[seat])}"
    return rnd.choice(
        [
            f"OFFER {rnd.choice([*others, seat, 'Dummy', 'Zoya'])} {item}",
            f"OFFER {rnd.choice(others)} {item}",
            f"ACCEPT {offer} {item}",
            f"REFUSE {offer}",
            f"WITHDRAW {offer}",
            f"SWAP DUMMY {item} {rnd.randint(1, 3)}",
            "DONE",
            f"ARREST {rnd.choice([*others, seat, 'DUMMY'])}",
            "REVEAL",
            f"SAY line {rnd.randint(1, 99)}",
            "what a strange trip",
            "STATUS",
        ]
    )


def check_invariants(state: GameState) -> None:
    """Cards are conserved (CE-2, CE-3) and no card lies in two open offers (CE-4 ruling)."""
    assert state.all_cards() == Counter(item_deck(len(state.seats)))
    assert all(len(hand) == 2 for hand in state.hands.values())
    assert len(state.dummy_items) == (2 if len(state.seats) == 3 else 0)
    for seat in state.seats:
        for item in ITEMS:
            assert 0 <= state.committed(seat, item) <= state.hands[seat].count(item)
    for offer in state.open_offers():
        assert offer.round == state.round and state.stage == "trading"


def play_randomly(players: int, seed: int, rounds: int, plan: int) -> tuple[Game, int]:
    """A game played to its end by bots and random lines; returns it and how many phases closed."""
    rnd = random.Random(plan)
    game = Game(NAMES[:players], seed=seed, rounds=rounds)
    closed = 0
    while not game.state.finished:
        phase = game.state.phase.key
        seat = rnd.choice(game.state.seats)
        if rnd.random() < 0.5:
            text = RULES.bot(game.view(seat), plan)
        else:
            text = "\n".join(random_line(rnd, game, seat) for _ in range(rnd.randint(1, 3)))
        before = RULES.dump(game.state)
        verdicts = game.submit(seat, text)
        if not any(v.accepted and v.understood["kind"] not in ("help", "status") for v in verdicts):
            assert RULES.dump(game.state) == before  # refused lines change nothing
        if game.state.phase.key != phase or game.state.finished:
            closed += 1  # closed early: every player done, or the Detective's arrest
        elif rnd.random() < 0.04:
            game.resolve()  # the deadline
            closed += 1
        check_invariants(game.state)
        assert closed <= 2 * rounds
    return game, closed


sessions = st.tuples(
    st.integers(min_value=3, max_value=6),
    st.integers(min_value=0, max_value=10_000),
    st.integers(min_value=1, max_value=2),
    st.integers(min_value=0, max_value=10_000),
)


@FAST
@given(sessions)
def test_ce2_ce4_cards_are_conserved_and_the_game_always_ends(session: tuple[int, int, int, int]) -> None:
    players, seed, rounds, plan = session
    game, closed = play_randomly(players, seed, rounds, plan)
    assert game.state.finished and closed == 2 * rounds
    assert len(game.events("round_ended")) == rounds and len(game.events("game_ended")) == 1
    for ended in game.events("round_ended"):
        assert Counter(i for p in ended.data["players"] for i in p["items"]) + Counter(
            ended.data["dummy"]["items"] if ended.data["dummy"] else []
        ) + Counter([ended.data["weapon"]]) == Counter(item_deck(players))


@FAST
@given(sessions)
def test_bots_alone_play_legal_orders_to_the_end(session: tuple[int, int, int, int]) -> None:
    players, seed, rounds, plan = session
    game = Game(NAMES[:players], seed=seed, rounds=rounds)
    play_with_bots(game, plan)  # asserts every bot line is accepted
    assert game.state.finished and RULES.waiting(game.state) == ()


@FAST
@given(sessions)
def test_replay_is_deterministic(session: tuple[int, int, int, int]) -> None:
    players, seed, rounds, plan = session
    first, _ = play_randomly(players, seed, rounds, plan)
    second, _ = play_randomly(players, seed, rounds, plan)
    assert [e.to_json() for e in first.log] == [e.to_json() for e in second.log]
    assert fold(RULES, first.log) == first.state
    assert RULES.load(json.loads(json.dumps(RULES.dump(first.state)))) == first.state
    assert json.dumps([e.to_json() for e in first.log])  # the log is JSON-ready


def _hidden_swapped(state: GameState, seat: str, rnd: random.Random) -> GameState:
    """``state`` with the secrets ``seat`` cannot know changed: the roles and hands of the others,
    the cards in their face-down offers and, unless ``seat`` is the Murderer, the weapon and the
    Dummy's cards."""
    others = [s for s in state.seats if s != seat]
    roles = dict(state.roles)
    hands = dict(state.hands)
    order = rnd.sample(others, len(others))
    for old, new in zip(others, order, strict=True):
        roles[old], hands[old] = state.roles[new], state.hands[new]
    offers = tuple(
        offer
        if offer.offerer == seat or (offer.receiver == seat and offer.status == "accepted")
        else replace(offer, item=rnd.choice(list(ITEMS)))
        for offer in state.offers
    )  # a face-down offer's card is its maker's secret
    changed = replace(state, roles=roles, hands=hands, offers=offers)
    if state.roles[seat] != "Murderer":
        changed = replace(
            changed, weapon=rnd.choice(list(ITEMS)), dummy_items=tuple(reversed(state.dummy_items))
        )
    return changed


def _without_talk(data: Any) -> Any:
    """``data`` without what players said (players may name any role in their talk)."""
    if isinstance(data, dict):
        return {k: _without_talk(v) for k, v in data.items() if k != "said"}
    if isinstance(data, list):
        return [_without_talk(v) for v in data]
    return data


def _leaks(data: Any, seat: str, state: GameState) -> list[str]:
    """Names of roles other than ``seat``'s own found in ``data`` (talk left out)."""
    text = json.dumps(_without_talk(data), ensure_ascii=False)
    return [role for role in ROLES if role != state.roles[seat] and role in text]


@FAST
@given(sessions)
def test_ce3_ce4_nobody_sees_what_they_may_not_know_before_the_reveal(
    session: tuple[int, int, int, int],
) -> None:
    players, seed, _, plan = session
    rnd = random.Random(plan)
    game = Game(NAMES[:players], seed=seed, rounds=1)
    for notice in RULES.welcome(game.state):
        (reader,) = notice.audience
        assert not _leaks(notice.data, reader, game.state)
    checked = 0
    while game.state.phase.key.endswith("trading") or not game.events("round_ended"):
        if game.state.finished:
            break
        seat = rnd.choice(game.state.seats)
        text = RULES.bot(game.view(seat), plan) if rnd.random() < 0.6 else random_line(rnd, game, seat)
        relayed = len(game.relayed)
        noticed = len(game.notices)
        game.submit(seat, text)
        if game.events("round_ended"):
            break
        for notice in game.relayed[relayed:] + game.notices[noticed:]:
            for reader in notice.audience:
                assert reader != seat or notice.template not in ("news", "talk")
                assert not _leaks(notice.data, reader, game.state), (notice, reader)
                if notice.template == "news":
                    for entry in notice.data["entries"]:
                        if entry["what"] != "accepted":
                            assert not set(ITEMS) & set(json.dumps(entry).split('"')), entry
        for reader in game.state.seats:
            seen = visible(game.log, reader)
            view = RULES.player_view(game.state, reader, seen)
            assert not _leaks(view, reader, game.state)
            assert view == RULES.player_view(_hidden_swapped(game.state, reader, rnd), reader, seen)
            checked += 1
        if rnd.random() < 0.05:
            game.resolve()
    assert checked > 0
    for event in game.log:
        if event.kind in ("round_dealt", "game_started"):
            assert event.audience == ()
        if event.kind in ("cards_dealt", "offer_made", "dummy_swapped"):
            assert len(event.audience) == 1
        if event.kind in ("offer_received", "offer_refused", "offer_withdrawn", "offer_expired"):
            assert "item" not in event.data
