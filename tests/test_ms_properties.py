"""Property tests over random seeded Museum Suspects games (MS-2 … MS-6).

Hypothesis draws the game seed, the number of players (2–4) and a plan seed; the plan seed
drives a ``random.Random`` that, turn by turn, has the bot play (in one mail or two),
lets the deadline pass (with or without an investigation first), sends random orders
(valid or not) and orders out of turn. After every step the properties below are checked.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from weakref import WeakKeyDictionary

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from ms_helpers import Game

from referee.core.rules import visible
from referee.games.museum_suspects import RULES
from referee.games.museum_suspects.content import clue_text
from referee.games.museum_suspects.state import ROUNDS, TOKEN_VALUES

FAST = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
NAMES = ("Anna", "Boris", "Vera", "Gleb")
JUNK = ("INVESTIGATE 9 WITH 1", "SUGGEST Z9 WITH 2", "hello", "SUGGEST Yvonne WITH 1", "STATUS", "HELP")

Step = tuple[str, str, str]  # ("submit", seat, text) or ("resolve", "", "")


def _random_order(rnd: random.Random) -> str:
    if rnd.random() < 0.5:
        return f"INVESTIGATE {rnd.randint(1, 8)} WITH {rnd.randint(1, 6)}"
    target = rnd.choice(["A1", "D4", "C3", "EXIT", "Adele", "Гектор", "ВЫХОД"])
    return f"SUGGEST {target} WITH {rnd.randint(1, 6)}"


def play(seed: int, count: int, plan_seed: int, *, check: bool = True) -> tuple[Game, list[Step]]:
    """Play a whole random game, checking the properties after every step if ``check``."""
    game = Game(NAMES[:count], seed=seed, grid=None, clues=None)
    rnd = random.Random(plan_seed)
    steps: list[Step] = []
    phases = [RULES.phase(game.state)]

    def submit(seat: str, text: str) -> None:
        steps.append(("submit", seat, text))
        before = RULES.dump(game.state)
        turn = game.state.turn
        verdicts = game.submit(seat, text)
        acted = any(v.accepted and v.understood["kind"] in ("investigate", "suggest") for v in verdicts)
        if not acted and game.state.turn == turn:
            assert RULES.dump(game.state) == before  # refused lines change nothing

    def resolve() -> None:
        steps.append(("resolve", "", ""))
        game.resolve()

    while not RULES.finished(game.state):
        seat = game.seat
        if rnd.random() < 0.15:
            other = rnd.choice([n for n in game.state.players if n != seat])
            submit(other, _random_order(rnd))
        roll = rnd.random()
        bot = RULES.bot(game.view(seat), plan_seed)
        if roll < 0.45:
            submit(seat, bot)
        elif roll < 0.6:
            for line in bot.splitlines():  # the two steps in two mails
                submit(seat, line)
        elif roll < 0.7:
            resolve()  # the deadline passes with nothing sent
        elif roll < 0.8:
            submit(seat, bot.splitlines()[0])
            if not RULES.finished(game.state) and game.seat == seat:
                resolve()  # investigated (perhaps), then the deadline
        else:
            submit(seat, "\n".join([*rnd.sample(JUNK, 2), _random_order(rnd)]))
            if not RULES.finished(game.state) and game.seat == seat and rnd.random() < 0.5:
                resolve()
        if check:
            check_state(game)
        if not RULES.finished(game.state):
            phases.append(RULES.phase(game.state))
    indexes = [p.index for p in dict.fromkeys(phases)]
    assert indexes == sorted(set(indexes)) == list(range(1, len(indexes) + 1))
    assert len({p.key for p in phases}) == len(indexes)
    return game, steps


def check_state(game: Game) -> None:
    """Tokens are conserved; snapshots round-trip; nobody sees a clue they did not look at."""
    state = game.state
    for seat in state.players:
        used = [t.value for stack in state.stacks for t in stack if t.seat == seat]
        used += [s.value for s in state.suggestions if s.seat == seat]
        assert len(used) <= 12 and max(Counter(used).values(), default=0) <= 2
        assert sorted(used + list(state.hand(seat))) == list(TOKEN_VALUES)
        assert len([s for s in state.suggestions if s.seat == seat]) <= state.round
    assert RULES.load(json.loads(json.dumps(RULES.dump(state)))) == state
    if state.finished:
        return
    for seat in state.players:
        check_no_leak(game, seat)


_SHOWN: WeakKeyDictionary[Game, dict[str, tuple[int, int, str]]] = WeakKeyDictionary()
"""What each seat of a game was already shown by notice or answer, written out, by game and seat: how
many notices and answers, and their text (they are only ever added to: each is written once)."""


def _reading(game: Game, seat: str) -> str:
    """Everything ``seat`` has been shown, written out: their view, their notices, their answers."""
    shown = _SHOWN.setdefault(game, {})
    counted, answered, text = shown.get(seat, (0, 0, ""))
    notices = [n.data for n in game.notices[counted:] if seat in n.audience]
    answers = [a for a in game.answers[answered:] if a.get("player") == seat]
    text += json.dumps([notices, answers], ensure_ascii=False)
    shown[seat] = (len(game.notices), len(game.answers), text)
    return json.dumps(game.view(seat), ensure_ascii=False) + text


def check_no_leak(game: Game, seat: str) -> None:
    """The clue texts ``seat`` never looked at, and the others' suggestion values, stay hidden."""
    state = game.state
    looked = set(state.looked_at(seat))
    text = _reading(game, seat)
    for number, criterion in enumerate(state.clues, 1):
        if number in looked:
            continue
        assert criterion not in text, (seat, number, criterion)
        assert clue_text(criterion)["en"] not in text and clue_text(criterion)["ru"] not in text
    view = game.view(seat)
    for shown in view["suggestions"]:
        assert ("value" in shown) == (shown["seat"] == seat)
    seen = visible(game.log, seat)
    assert all(e.data.get("seat") == seat for e in seen if e.kind in ("clue_looked", "suggested"))


@FAST
@given(seed=st.integers(0, 10**6), count=st.integers(2, 4), plan_seed=st.integers(0, 10**6))
def test_ms3_ms6_random_games_end_after_six_rounds_with_tokens_conserved_and_no_leaks(
    seed: int, count: int, plan_seed: int
) -> None:
    game, _ = play(seed, count, plan_seed)
    assert RULES.finished(game.state)
    assert len(game.events("turn_ended")) == ROUNDS * count
    assert [e.data["seat"] for e in game.events("turn_ended")] == list(NAMES[:count]) * ROUNDS
    result = game.state.result
    assert len(result["suggestions"]) == len(game.state.suggestions) == ROUNDS * count
    best = max(s["total"] for s in result["scores"])
    assert set(result["winners"]) == (
        {s["seat"] for s in result["scores"] if s["total"] == best} if best else set()
    )
    final = game.notices[-1]
    assert final.template == "game_over" and set(final.audience) == set(NAMES[:count])


@FAST
@given(seed=st.integers(0, 10**6), count=st.integers(2, 4), plan_seed=st.integers(0, 10**6))
def test_replay_with_the_same_seed_and_orders_gives_the_same_events(
    seed: int, count: int, plan_seed: int
) -> None:
    game, steps = play(seed, count, plan_seed, check=False)
    again = Game(NAMES[:count], seed=seed, grid=None, clues=None)
    for kind, seat, text in steps:
        if kind == "submit":
            again.submit(seat, text)
        else:
            again.resolve()
    assert [e.to_json() for e in again.log] == [e.to_json() for e in game.log]
    assert again.state == game.state
    assert [n.data for n in again.notices] == [n.data for n in game.notices]


@FAST
@given(seed=st.integers(0, 10**6), count=st.integers(2, 4))
def test_the_bot_only_plays_legal_turns_from_its_view(seed: int, count: int) -> None:
    game = Game(NAMES[:count], seed=seed, grid=None, clues=None)
    while not RULES.finished(game.state):
        for seat in game.state.players:
            if seat != game.seat:
                assert RULES.bot(game.view(seat), seed) == ""
        verdicts = game.submit(game.seat, RULES.bot(game.view(game.seat), seed))
        assert verdicts and all(v.accepted for v in verdicts), verdicts
    assert all(RULES.bot(game.view(seat), seed) == "" for seat in game.state.players)
