"""A player's notebook in Ten Sailors: what a character's own information implies about the others' sets
(TS-6, TS-18, TS-19, TS-21), built only from what that character was told (TS-3); NOTEBOOK / БЛОКНОТ
by mail; the block on the player's page and the game-master's "how open" line."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from ts_helpers import HANDS, NAMES, Game
from web_helpers import GAME, GM, T0, client, forum_site, mailed_links, sign_in, sign_in_player, token

from referee.core.events import Event
from referee.core.rules import fold, visible
from referee.games.ten_sailors import RULES
from referee.games.ten_sailors.cards import LOCATIONS, SEARCHABLE
from referee.games.ten_sailors.notebook import Search, Told, TrapResult, deduced, for_seat, possible
from referee.render import Renderer, templates_dir

FIVE = NAMES[:5]


def _told(**facts: object) -> Told:
    return Told(names=FIVE, **facts)  # type: ignore[arg-type]


def test_ts19_a_card_found_in_a_room_is_in_no_set_of_another_room() -> None:
    known = _told(
        hands={"Anna": HANDS["Anna"]},
        searches=frozenset({Search("Bedroom", frozenset({"Table", "Sink"}), frozenset({"Table"}))}),
    )
    possible = deduced(known)
    for name in FIVE[1:]:
        assert all(("Table" in s) == (s[0] == "Bedroom") for s in possible[name])
        assert not any(s[0] == "Bedroom" and "Sink" in s for s in possible[name])


def test_ts19_a_search_that_found_nothing_keeps_both_cards_out_of_that_rooms_set() -> None:
    known = _told(searches=frozenset({Search("Study", frozenset({"Rope", "Sofa"}), frozenset())}))
    assert not any(s[0] == "Study" and ({"Rope", "Sofa"} & set(s)) for s in deduced(known)["Boris"])


def test_ts21_a_trap_with_two_of_three_right_leaves_the_sets_sharing_exactly_two_cards() -> None:
    trap = TrapResult("Carl", ("Bedroom", "Table", "Knife"), 2)
    possible = deduced(_told(traps=frozenset({trap})))["Carl"]
    assert possible and all(sum(a == b for a, b in zip(s, trap.cards, strict=True)) == 2 for s in possible)
    assert len(possible) == 3 * 8  # one of the three cards wrong, eight others of its kind


def test_ts18_a_character_seen_in_a_room_does_not_hold_its_card() -> None:
    possible = deduced(_told(seen_in={"Dora": frozenset({"Kitchen", "Garage"})}))["Dora"]
    assert possible and not any(s[0] in ("Kitchen", "Garage") for s in possible)


def test_ts6_at_a_full_table_the_last_unknown_hand_is_what_is_left() -> None:
    hands = {name: HANDS[name] for name in NAMES[:-1]}
    possible = deduced(Told(names=NAMES, hands=hands))
    assert possible["Ivan"] == [HANDS["Ivan"]]


def _played(seed: int, segments: int) -> Game:
    """A nine-character game played ``segments`` segments with random orders (searches, moves, traps)."""
    rnd = random.Random(seed)
    game = Game(seed=seed)
    for _ in range(segments):
        if game.state.finished:
            break
        for character in game.state.living():
            if rnd.random() < 0.7:
                game.submit(character.name, f"MOVE {rnd.choice(LOCATIONS)}")
            if not game.state.segment.is_night:
                game.submit(character.name, "SEARCH {}, {}".format(*rnd.sample(SEARCHABLE, 2)))
            elif game.state.segment.day >= 1 and rnd.random() < 0.5:
                target = rnd.choice(
                    [c for c in game.state.living() if c.name != character.name] or [character]
                )
                if target.name != character.name:
                    hand = (
                        target.hand.cards()
                        if rnd.random() < 0.3
                        else tuple(HANDS[n][i] for i, n in enumerate(rnd.sample(NAMES, 3)))
                    )
                    game.submit(character.name, f"TRAP {target.name} {hand[0]}, {hand[1]}, {hand[2]}")
        game.resolve()
    return game


def _hidden_changed(game: Game, seat: str, rnd: random.Random) -> list[Event]:
    """The log with what ``seat`` was never told changed: two hidden hands swapped, and every search and
    trap result of another character, and talk ``seat`` did not hear, rewritten."""
    hidden = [c.name for c in game.state.living() if c.name != seat]
    swap = rnd.sample(hidden, 2) if len(hidden) >= 2 else []
    changed: list[Event] = []
    for event in game.log:
        data = dict(event.data)
        if event.kind == "game_started" and swap:
            characters = [dict(c) for c in data["characters"]]
            at = {c["name"]: i for i, c in enumerate(characters)}
            a, b = at[swap[0]], at[swap[1]]
            characters[a]["hand"], characters[b]["hand"] = characters[b]["hand"], characters[a]["hand"]
            data["characters"] = characters
        elif not event.visible_to(seat) and event.kind == "searched":
            data["found"] = list(data["cards"]) if rnd.random() < 0.5 else []
        elif not event.visible_to(seat) and event.kind == "trap_resolved" and not data["void"]:
            data["correct"] = rnd.randint(0, 2)
        elif not event.visible_to(seat) and event.kind == "message_posted":
            data["text"] = "something else"
        changed.append(Event(event.kind, data, event.audience))
    return changed


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), segments=st.integers(2, 12), seat=st.sampled_from(NAMES))
def test_ts3_a_seats_notebook_changes_with_nothing_it_was_not_told(
    seed: int, segments: int, seat: str
) -> None:
    game = _played(seed, segments)
    if not game.state.character(seat).alive:
        return
    log = _hidden_changed(game, seat, random.Random(seed))
    other = fold(RULES, log)
    assert RULES.player_view(other, seat, visible(log, seat))["hand"] == list(HANDS[seat])
    assert for_seat(other, log, seat) == for_seat(game.state, game.log, seat)


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), segments=st.integers(2, 16))
def test_ts6_a_notebook_never_rules_out_a_true_set(seed: int, segments: int) -> None:
    game = _played(seed, segments)
    for seat in [c.name for c in game.state.living()]:
        for row in for_seat(game.state, game.log, seat)["characters"]:
            truth = list(game.state.character(row["name"]).hand.cards())
            assert row["count"] >= 1
            if row["sets"]:
                assert truth in row["sets"]
        for card in for_seat(game.state, game.log, seat)["cards"]:
            holder = game.state.holder_of(card["card"])
            assert holder is None or holder.name not in card["not"]
            assert card["holder"] in (None, holder and holder.name)


def _notebook_answer(language: str, text: str) -> tuple[list[object], str]:
    game = Game(language=language)
    game.put({"Anna": "Bedroom", "Dora": "Bedroom"})
    game.order("Anna", "SEARCH Table, Sink")
    game.advance(1)
    before = game.state
    verdicts = game.submit("Anna", text)
    data = RULES.answer(before, game.state, "Anna", verdicts, lambda: visible(game.log, "Anna"))
    return verdicts, Renderer(templates_dir()).render(language, "answer.txt.j2", kind="ten-sailors", **data)


@pytest.mark.parametrize(("language", "text"), [("en", "NOTEBOOK"), ("ru", "БЛОКНОТ"), ("ru", "блокнот")])
def test_notebook_order_is_read_and_answered_at_once_with_the_block(language: str, text: str) -> None:
    verdicts, answer = _notebook_answer(language, text)
    assert [v.understood for v in verdicts] == [{"kind": "notebook"}]  # type: ignore[attr-defined]
    assert ("YOUR NOTEBOOK" if language == "en" else "ВАШ БЛОКНОТ") in answer
    assert ("Table: not in the sets of Dora" if language == "en" else "Стол: точно не у Dora") in answer


@pytest.mark.parametrize(
    ("count", "words"),
    [
        (1, "возможен 1 набор"),
        (3, "возможно 3 набора"),
        (21, "возможен 21 набор"),
        (12, "возможно 12 наборов"),
        (344, "возможно 344 набора"),
    ],
)
def test_russian_notebook_counts_sets_with_the_right_plural(count: int, words: str) -> None:
    notebook = {
        "name": "Анна",
        "characters": [
            {
                "name": "Борис",
                "alive": True,
                "count": count,
                "sets": [["Kitchen", "Sofa", "Knife"]] if count == 1 else [],
                "unseen": ["Kitchen"],
            }
        ],
        "cards": [],
    }
    text = Renderer(templates_dir()).render("ru", "_notebook.txt.j2", kind="ten-sailors", notebook=notebook)
    if count == 1:
        assert "Борис: набор известен: Кухня + Диван + Нож." in text
    else:
        assert f"Борис: {words}." in text


def test_the_players_page_shows_the_notebook_and_the_game_masters_page_how_open_the_game_is(
    tmp_path: Path, sqlite_url: str
) -> None:
    web, referee = forum_site(tmp_path, sqlite_url)
    referee.accounts.add("Gail", GM, "correct horse battery", T0)
    browser = client(web, referee)
    browser.post("/play", data={"csrf": token(browser.get("/play").text), "email": "anna@example.org"})
    assert sign_in_player(browser, mailed_links(web, referee, "Anna")[0]) == f"/play/{GAME}/Anna"
    page = browser.get(f"/play/{GAME}/Anna").text
    block = page[page.index('id="notebook-block"') :]
    assert "Notebook" in block and 'class="cards"' in block
    for other in ("Boris", "Vera"):
        assert other in block
    master = client(web, referee)
    sign_in(master)
    assert "Sets fully determined by their enemies: 0 of 3" in master.get(f"/games/{GAME}").text


def test_ts19_the_same_facts_deduce_the_same_sets_once_and_a_new_fact_deduces_afresh() -> None:
    """Deductions are kept by the facts: the same facts come again (talk tells no card) and are answered
    from what was kept; a new fact deduces afresh."""
    search = Search("Study", frozenset({"Rope", "Sofa"}), frozenset())
    known = _told(hands={"Anna": HANDS["Anna"]}, searches=frozenset({search}))
    first = possible(known)
    assert {name: told.count for name, told in first.items()} == {
        name: len(sets) for name, sets in deduced(known).items()
    }
    assert possible(_told(hands={"Anna": HANDS["Anna"]}, searches=frozenset({search}))) is first
    trap = TrapResult("Carl", ("Bedroom", "Table", "Knife"), 0)
    other = possible(
        _told(hands={"Anna": HANDS["Anna"]}, searches=frozenset({search}), traps=frozenset({trap}))
    )
    assert other is not first and other["Carl"].count < first["Carl"].count


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), segments=st.integers(2, 12))
def test_ts19_a_notebook_read_without_the_talk_is_the_one_read_from_the_whole_view(
    seed: int, segments: int
) -> None:
    """The notebook reads a seat's searches, traps and deaths, and who was seen where: read from a view
    that leaves the talk out (as it is, for speed), it is the notebook of the seat's whole view."""
    from referee.games.ten_sailors.notebook import notebook, sightings
    from referee.games.ten_sailors.views import player_view

    game = _played(seed, segments)
    for seat in [c.name for c in game.state.living()]:
        whole = player_view(game.state, seat, visible(game.log, seat))
        assert for_seat(game.state, game.log, seat) == notebook(whole, sightings(game.log).get(seat, {}))


def _deduced_plainly(known: Told) -> dict[str, list[tuple[str, str, str]]]:
    """The deduction written as TS-6, TS-18, TS-19 and TS-21 say it, card by card on sets of names (the
    notebook works on bits; both must agree on every fact)."""
    from itertools import product

    from referee.games.ten_sailors.cards import FURNITURE, KIND_OF, ROOMS, WEAPONS

    found_in: dict[str, list[Search]] = {}
    for search in known.searches:
        found_in.setdefault(search.room, []).append(search)
    anywhere = {room: {c for s in group for c in s.found} for room, group in found_in.items()}
    fitting = [
        s
        for s in product(ROOMS, FURNITURE, WEAPONS)
        if not ({c for room, cards in anywhere.items() if room != s[0] for c in cards} & set(s))
        and all(search.cards & set(s) == search.found for search in found_in.get(s[0], []))
    ]
    possible: dict[str, list[tuple[str, str, str]]] = {}
    for name in known.names:
        if name in known.hands:
            possible[name] = [known.hands[name]]
            continue
        elsewhere = {c for other, hand in known.hands.items() if other != name for c in hand}
        possible[name] = [
            s
            for s in fitting
            if not (elsewhere & set(s))
            and s[0] not in known.seen_in.get(name, frozenset())
            and all(
                sum(a == b for a, b in zip(s, t.cards, strict=True)) == t.correct
                for t in known.traps
                if t.target == name
            )
        ]
    found = [s for s in known.searches if s.found]
    dealt = (
        list(KIND_OF)
        if len(known.names) >= len(ROOMS)
        else sorted({s.room for s in found} | {c for s in found for c in s.found})
    )
    changed = True
    while changed:
        changed = False
        for name, sets in possible.items():
            common = set(sets[0]).intersection(*sets) if sets else set()
            for card in common:
                for other in known.names:
                    if other != name and any(card in s for s in possible[other]):
                        possible[other] = [s for s in possible[other] if card not in s]
                        changed = True
        for card in dealt:
            able = [name for name in known.names if any(card in s for s in possible[name])]
            if len(able) == 1 and not all(card in s for s in possible[able[0]]):
                possible[able[0]] = [s for s in possible[able[0]] if card in s]
                changed = True
    return possible


@st.composite
def _facts(draw: st.DrawFn) -> Told:
    from referee.games.ten_sailors.cards import FURNITURE, ROOMS, WEAPONS

    names = tuple(draw(st.sampled_from([NAMES[:5], NAMES[:7], NAMES])))
    rooms, furniture, weapons = list(ROOMS), list(FURNITURE), list(WEAPONS)
    shuffled = draw(st.permutations(range(len(rooms))))
    dealt = {
        name: (rooms[i], furniture[shuffled[i]], weapons[shuffled[-1 - i]]) for i, name in enumerate(names)
    }
    hands = {name: dealt[name] for name in draw(st.lists(st.sampled_from(names), max_size=len(names) - 1))}
    searches = set()
    for room, cards in draw(
        st.lists(st.tuples(st.sampled_from(rooms), st.sets(st.sampled_from(furniture + weapons), max_size=3)))
    ):
        truth = next((hand for hand in dealt.values() if hand[0] == room), None)
        found = frozenset(cards & set(truth)) if truth else frozenset()
        searches.add(Search(room, frozenset(cards), found))
    traps = set()
    for target in draw(st.lists(st.sampled_from(names), max_size=4)):
        cards = (
            draw(st.sampled_from(rooms)),
            draw(st.sampled_from(furniture)),
            draw(st.sampled_from(weapons)),
        )
        right = sum(a == b for a, b in zip(cards, dealt[target], strict=True))
        traps.add(TrapResult(target, cards, right))
    seen_in = {
        name: frozenset(draw(st.sets(st.sampled_from([r for r in rooms if r != dealt[name][0]]), max_size=4)))
        for name in draw(st.lists(st.sampled_from(names), max_size=4))
    }
    return Told(names, hands, frozenset(searches), frozenset(traps), seen_in)


@settings(max_examples=150, deadline=None)
@given(known=_facts())
def test_ts6_the_notebooks_deduction_on_bits_agrees_with_the_rules_card_by_card(known: Told) -> None:
    """TS-6, TS-18, TS-19, TS-21: the deduction the pages show (sets held as bits, for speed) leaves
    exactly the sets the rules written plainly leave, and never rules out the true ones."""
    fast = deduced(known)
    assert fast == _deduced_plainly(known)
