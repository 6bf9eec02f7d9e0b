"""Ten Sailors rules TS-1 … TS-25 and their Ruling lines (../shared/rules/ten-sailors.md).

Every test is named after the rule it checks (``test_ts15_…``) and drives the game only
through ``RULES`` (start / submit / resolve / views) with fixed hands from ``ts_helpers``.
"""

from __future__ import annotations

import json
from datetime import timedelta
from fractions import Fraction
from itertools import pairwise

import pytest
from ts_helpers import HANDS, HOST, NAMES, Game, segment_start, trap_line

from referee.core.events import EVERYONE
from referee.core.phases import Phase
from referee.games.ten_sailors import RULES
from referee.games.ten_sailors.cards import FURNITURE, HALL, ROOMS, SEARCHABLE, WEAPONS
from referee.games.ten_sailors.resolve import GameOver
from referee.games.ten_sailors.state import Segment

# A small game: Study, Garage and most other cards are dealt to nobody (TS-1 ruling).
SMALL_HANDS = {
    "Anna": ("Kitchen", "Sofa", "Knife"),
    "Boris": ("Dining Room", "Fireplace", "Pistol"),
    "Carl": ("Bedroom", "Table", "Poison"),
}
SMALL = ("Anna", "Boris", "Carl")


def players(count: int) -> list[dict[str, object]]:
    return [{"name": f"Player{i}"} for i in range(count)]


def occupancy(game: Game) -> dict[str, int]:
    counts: dict[str, int] = {}
    for character in game.state.living():
        counts[character.location] = counts.get(character.location, 0) + 1
    return counts


# --------------------------------------------------------------------------------------------
# TS-1 Setting: 3–9 characters, one of them the host's; undealt cards belong to nobody
# --------------------------------------------------------------------------------------------


@pytest.mark.parametrize("count", [3, 5, 9])
def test_ts1_games_of_three_to_nine_characters_start(count: int) -> None:
    """TS-1 ruling: games with 3–9 characters are allowed."""
    events = RULES.start({"id": "g", "seed": 7, "language": "en", "players": players(count)})
    state = RULES.apply(None, events[0])
    assert len(state.characters) == count
    assert state.segment == Segment(0, "night")


@pytest.mark.parametrize("count", [0, 2, 10])
def test_ts1_fewer_than_three_or_more_than_nine_characters_are_refused(count: int) -> None:
    """TS-1 ruling: a game needs 3 to 9 characters."""
    with pytest.raises(ValueError, match="3 to 9"):
        RULES.start({"id": "g", "seed": 7, "language": "en", "players": players(count)})


def test_ts1_standard_game_has_nine_characters_one_of_them_the_hosts() -> None:
    """TS-1 ruling: a standard game is up to 8 players and the host's character."""
    game = Game()
    assert len(game.state.characters) == 9
    assert [c.name for c in game.state.characters if c.host] == [HOST]
    assert game.state.host() is not None and game.state.host().name == HOST


def test_ts1_only_one_host_character() -> None:
    """TS-1: the game-master plays one character; two host characters are refused."""
    setup = {"id": "g", "seed": 1, "language": "en", "players": players(4)}
    setup["players"][0]["host"] = True
    setup["players"][1]["host"] = True
    with pytest.raises(ValueError, match="host"):
        RULES.start(setup)


def test_ts1_undealt_cards_belong_to_nobody() -> None:
    """TS-1 ruling: in a 3-character game 18 of the 27 cards are held by nobody."""
    game = Game(SMALL, hands=SMALL_HANDS)
    all_cards = [*ROOMS, *FURNITURE, *WEAPONS]
    dealt = {card for hand in SMALL_HANDS.values() for card in hand}
    for card in all_cards:
        holder = game.state.holder_of(card)
        if card in dealt:
            assert holder is not None and card in holder.hand.cards()
        else:
            assert holder is None, card
    assert sum(game.state.holder_of(card) is None for card in all_cards) == 18


def test_ts1_undealt_cards_stay_undealt_when_hands_are_dealt_from_the_seed() -> None:
    """TS-1 ruling: a dealt 4-character game uses 12 distinct cards and leaves 15 to nobody."""
    events = RULES.start({"id": "g", "seed": 99, "language": "en", "players": players(4)})
    state = RULES.apply(None, events[0])
    dealt = [card for c in state.characters for card in c.hand.cards()]
    assert len(dealt) == len(set(dealt)) == 12
    nobody = [card for card in (*ROOMS, *FURNITURE, *WEAPONS) if state.holder_of(card) is None]
    assert len(nobody) == 15


# --------------------------------------------------------------------------------------------
# TS-2 Locations
# --------------------------------------------------------------------------------------------


@pytest.mark.parametrize("place", [HALL, *ROOMS])
def test_ts2_every_room_and_the_hall_is_a_location_one_can_move_to(place: str) -> None:
    """TS-2/TS-7/TS-13: moves name a room or the Hall; Ivan holds Bathroom so try with Anna/Ivan."""
    game = Game()
    game.advance_to("d1h1")
    mover = "Ivan" if place == "Kitchen" else "Anna"
    verdict = game.order(mover, f"MOVE {place}")
    assert verdict.understood["room"] == place
    game.resolve()
    assert game.where(mover) == place


def test_ts2_a_card_that_is_not_a_room_is_not_a_location() -> None:
    """TS-2: furniture and weapons are not places."""
    game = Game()
    (verdict,) = game.submit("Anna", "MOVE Sofa")
    assert not verdict.accepted
    assert verdict.reason == "not_a_location"
    assert game.state.moves == {}


# --------------------------------------------------------------------------------------------
# TS-3 / TS-23 Talking: messages reach exactly those present, the host's character like anyone
# --------------------------------------------------------------------------------------------


def test_ts3_player_sees_only_messages_posted_while_present() -> None:
    """TS-3: a message reaches those in the room at the moment; a later arrival never sees it."""
    game = Game()
    game.put({"Anna": "Study", "Carl": "Study", "Dora": "Garage"})
    game.order("Anna", "SAY the wardrobe is here")
    game.order("Dora", "MOVE Study")
    assert [m["text"] for m in game.view("Carl")["messages"]] == ["the wardrobe is here"]
    assert game.view("Dora")["messages"] == []
    assert game.view("Egor")["messages"] == []
    game.resolve()
    assert game.where("Dora") == "Study"
    # Dora is present now, but the earlier message was not posted while she was there.
    assert game.view("Dora")["messages"] == []
    game.order("Carl", "SAY welcome Dora")
    assert [m["text"] for m in game.view("Dora")["messages"]] == ["welcome Dora"]
    assert [m["text"] for m in game.view("Anna")["messages"]] == ["the wardrobe is here", "welcome Dora"]


def test_ts23_message_audience_is_exactly_those_present_the_host_elsewhere_hears_nothing() -> None:
    """TS-23 ruling (revised): the audience is the sender's room at that moment, nobody else: the
    host's character, elsewhere, hears nothing (only the game-master sees everything)."""
    game = Game()
    game.put({"Anna": "Study", "Carl": "Study", "Dora": "Garage", HOST: "Kitchen"})
    game.order("Anna", "SAY hello")
    (event,) = game.events("message_posted")
    assert set(event.audience) == {"Anna", "Carl"}
    assert event.data["location"] == "Study"
    for name in NAMES:
        texts = [m["text"] for m in game.view(name)["messages"]]
        assert texts == (["hello"] if name in {"Anna", "Carl"} else []), name


def test_ts23_the_host_in_the_room_hears_like_anyone_there() -> None:
    """TS-23 ruling (revised): the host's character hears talk where it is, like every character."""
    game = Game()
    game.put({"Anna": "Study", HOST: "Study", "Dora": "Garage"})
    game.order("Anna", "SAY hello host")
    (event,) = game.events("message_posted")
    assert set(event.audience) == {"Anna", HOST}


def test_ts23_message_goes_to_the_location_at_the_moment_it_is_received() -> None:
    """TS-23 ruling: after a move takes effect the sender talks in the new room."""
    game = Game()
    game.put({"Anna": "Study", "Carl": "Study", "Dora": "Garage", HOST: "Kitchen"})
    game.order("Anna", "MOVE Garage")
    game.order("Anna", "SAY still in the study")  # the move takes effect only at the end of the hour
    game.resolve()
    game.order("Anna", "SAY now in the garage")
    first, second = game.events("message_posted")
    assert first.data["location"] == "Study" and set(first.audience) == {"Anna", "Carl"}
    assert second.data["location"] == "Garage" and set(second.audience) == {"Anna", "Dora"}


def test_ts23_hall_messages_at_night_reach_every_living_character_but_never_the_dead() -> None:
    """TS-23 ruling: the dead never receive table talk; at night all the living are in the Hall."""
    game = Game()
    game.advance_to("d1n")
    game.order("Anna", trap_line("Carl", HANDS["Carl"]))
    game.advance_to("d2h1")
    assert not game.char("Carl").alive
    game.order("Dora", "SAY poor Carl")  # everyone living is in the Hall at hour 1 (no night moves)
    (event,) = game.events("message_posted")
    assert set(event.audience) == set(NAMES) - {"Carl"}
    assert game.view("Carl")["messages"] == []
    assert [m["text"] for m in game.view("Ivan")["messages"]] == ["poor Carl"]


def test_ts23_the_dead_host_no_longer_sees_messages() -> None:
    """TS-23 ruling: the dead hear no talk, the host's character no more than anyone."""
    game = Game()
    game.advance_to("d1n")
    game.order("Anna", trap_line(HOST, HANDS[HOST]))
    game.order("Dora", "MOVE Study")
    game.order("Carl", "MOVE Study")
    game.advance_to("d2h1")
    assert not game.char(HOST).alive
    game.order("Dora", "SAY the host is gone")
    (event,) = game.events("message_posted")
    assert set(event.audience) == {"Dora", "Carl"}


def test_ts23_dead_characters_cannot_talk() -> None:
    """TS-21/TS-23 rulings: the dead can no longer act."""
    game = Game()
    game.advance_to("d1n")
    game.order("Anna", trap_line("Carl", HANDS["Carl"]))
    game.resolve()
    (verdict,) = game.submit("Carl", "SAY I am a ghost")
    assert not verdict.accepted and verdict.reason == "dead"
    assert game.events("message_posted") == []


# --------------------------------------------------------------------------------------------
# TS-4 Segments of the day
# --------------------------------------------------------------------------------------------


def test_ts4_segment_order_night0_then_four_hours_and_a_night() -> None:
    """TS-4: night 0 → d1 hour1..hour4 → night 1 (until the traps, then until the morning) → d2 hour1 …"""
    game = Game()
    keys = [game.key]
    phases = [RULES.phase(game.state).key]
    for _ in range(13):
        game.step()
        keys.append(game.key)
        phases.append(RULES.phase(game.state).key)
    assert phases == [
        "d0n", "d1h1", "d1h2", "d1h3", "d1h4", "d1n", "d1n-dawn",
        "d2h1", "d2h2", "d2h3", "d2h4", "d2n", "d2n-dawn", "d3h1",
    ]  # fmt: skip
    segments = list(dict.fromkeys(keys))
    assert [Segment.from_key(k).index for k in segments] == list(range(12))


def test_ts4_everyone_is_gathered_in_the_hall_at_night() -> None:
    """TS-4: the night is spent in the Hall, wherever one was in hour 4."""
    game = Game()
    game.put({"Anna": "Study", "Carl": "Garage", "Dora": "Bedroom"})
    game.advance_to("d1n")
    assert all(c.location == HALL for c in game.state.characters)
    overnight = [e for e in game.events("moved") if e.data["overnight"]]
    assert {e.data["character"] for e in overnight} == set(NAMES)
    assert all(e.data["segment"] == "d1h4" and e.data["to"] == HALL for e in overnight)


def test_ts4_traps_fire_at_the_trap_time_and_the_night_moves_land_at_its_end() -> None:
    """TS-4: the night closes in two steps: at 09:00 the traps fire (the victim is dead from then
    on), and at 10:00 the moves land (TS-22); each step happens once."""
    game = Game()
    game.advance_to("d1n")
    game.order("Anna", trap_line("Carl", HANDS["Carl"]))
    game.order("Carl", "MOVE Study")
    game.order("Dora", "MOVE Garage")
    assert RULES.phase(game.state).stage == "traps"

    at_nine = game.step()
    assert [e.kind for e in at_nine] == ["trap_resolved", "died", "scored", "traps_fired"]
    assert game.key == "d1n" and not game.char("Carl").alive and game.where("Dora") == HALL
    assert RULES.phase(game.state).key == "d1n-dawn" and RULES.waiting(game.state)
    (talk,) = game.submit("Carl", "SAY I am still here")
    assert not talk.accepted and talk.reason == "dead"
    (late,) = game.submit("Dora", trap_line("Egor", HANDS["Egor"]))
    assert not late.accepted and late.reason == "traps_fired"
    assert "Carl" not in RULES.waiting(game.state)

    at_ten = game.step()
    assert "died" not in [e.kind for e in at_ten] and game.key == "d2h1"
    assert "Carl" not in [e.data["character"] for e in game.events("moved", at_ten)]
    assert game.where("Dora") == "Garage" and game.where("Carl") == HALL


def test_ts4_a_bot_sets_no_trap_once_the_nights_traps_have_fired() -> None:
    """TS-1 option / TS-4: the referee-played character sees that the traps fired and only moves."""
    game = Game()
    game.advance_to("d1n")
    assert "TRAP" in RULES.bot(game.view(HOST), 1)
    game.step()
    assert game.view(HOST)["traps_fired"] is True
    assert "TRAP" not in RULES.bot(game.view(HOST), 1) and "MOVE" in RULES.bot(game.view(HOST), 1)


def test_ts4_nobody_is_awaited_before_the_traps_fire() -> None:
    """TS-4: moves are due at 10:00, so no reminder is owed before the 09:00 traps."""
    game = Game()
    game.advance_to("d1n")
    assert RULES.waiting(game.state) == ()
    game.step()
    assert set(RULES.waiting(game.state)) == set(NAMES)


# --------------------------------------------------------------------------------------------
# TS-5 Boundaries live in the schedule, not in the rules
# --------------------------------------------------------------------------------------------


def test_ts5_phase_names_the_segment_for_the_schedule() -> None:
    """TS-5 ruling: the rules expose segment keys; the schedule maps them to wall-clock boundaries."""
    game = Game()
    phase = RULES.phase(game.state)
    assert (phase.index, phase.key) == (0, "d0n")
    game.advance(2)
    phase = RULES.phase(game.state)
    assert (phase.index, phase.key) == (2, "d1h2")
    assert isinstance(phase, Phase)


def test_ts5_a_shifted_boundary_does_not_change_what_the_rules_accept() -> None:
    """TS-5: an order received long after the nominal boundary still counts while its segment is open."""
    game = Game()
    game.advance_to("d1h1")
    late = segment_start("d1h1") + timedelta(days=3)
    verdict = game.order("Anna", "MOVE Study", late)
    assert verdict.understood["segment"] == "d1h1"
    game.resolve()
    assert game.where("Anna") == "Study"


# --------------------------------------------------------------------------------------------
# TS-6 … TS-10 Cards
# --------------------------------------------------------------------------------------------


def test_ts6_every_character_including_the_host_holds_one_room_one_furniture_one_weapon() -> None:
    """TS-6: dealt hands have one card of each kind and no card is dealt twice."""
    events = RULES.start({"id": "g", "seed": 3, "language": "en", "players": players(9)})
    state = RULES.apply(None, events[0])
    for character in state.characters:
        room, furniture, weapon = character.hand.cards()
        assert room in ROOMS and furniture in FURNITURE and weapon in WEAPONS
    cards = [card for c in state.characters for card in c.hand.cards()]
    assert sorted(cards) == sorted([*ROOMS, *FURNITURE, *WEAPONS])


def test_ts6_dealing_depends_only_on_the_seed() -> None:
    """TS-6/TS-11: hands are dealt from the seeded stream: same seed, same hands."""

    def hands(seed: int) -> list[tuple[str, str, str]]:
        state = RULES.apply(None, RULES.start({"id": "g", "seed": seed, "players": players(9)})[0])
        return [c.hand.cards() for c in state.characters]

    assert hands(5) == hands(5)
    assert len({tuple(hands(seed)) for seed in range(6)}) > 1


def test_ts6_fixed_hands_must_be_one_of_each_kind_and_unique() -> None:
    """TS-6: a hand of two rooms, or a card in two hands, is refused."""
    base = [{"name": "Anna", "hand": ["Kitchen", "Study", "Knife"]}, {"name": "Boris"}, {"name": "Carl"}]
    with pytest.raises(ValueError, match="one room, one furniture and one weapon"):
        RULES.start({"id": "g", "seed": 1, "players": base})
    twice = [
        {"name": "Anna", "hand": ["Kitchen", "Sofa", "Knife"]},
        {"name": "Boris", "hand": ["Study", "Sofa", "Rope"]},
        {"name": "Carl"},
    ]
    with pytest.raises(ValueError, match="Sofa is in both"):
        RULES.start({"id": "g", "seed": 1, "players": twice})


def test_ts7_the_nine_rooms() -> None:
    """TS-7: the rooms are the locations one can move to besides the Hall."""
    assert list(ROOMS) == [
        "Kitchen", "Dining Room", "Bedroom", "Living Room", "Study",
        "Music Room", "Conservatory", "Garage", "Bathroom",
    ]  # fmt: skip
    game = Game()
    for room in ROOMS:
        (verdict,) = game.submit("Ivan" if room == "Bathroom" else "Anna", f"MOVE {room}")
        assert verdict.accepted and verdict.understood["room"] == room


def test_ts8_the_nine_pieces_of_furniture_can_be_searched_for() -> None:
    """TS-8/TS-19: every furniture card is a searchable card."""
    assert list(FURNITURE) == [
        "Sofa", "Fireplace", "Table", "Car", "Wardrobe", "Nightstand", "Armchair", "Chandelier", "Sink",
    ]  # fmt: skip
    game = Game()
    game.put({"Anna": "Study"})
    pieces = list(FURNITURE)
    for first, second in pairwise(pieces):
        verdict = game.order("Anna", f"SEARCH {first}, {second}")
        assert verdict.understood["cards"] == [first, second]


def test_ts9_the_nine_weapons_can_be_searched_for() -> None:
    """TS-9/TS-19: every weapon card is a searchable card."""
    assert list(WEAPONS) == [
        "Knife", "Pistol", "Poison", "Baseball Bat", "Stone", "Halberd", "Candlestick", "Rope", "Petrol",
    ]  # fmt: skip
    game = Game()
    game.put({"Anna": "Study"})
    for first, second in pairwise(WEAPONS):
        verdict = game.order("Anna", f"SEARCH {first} {second}")
        assert verdict.understood["cards"] == [first, second]


@pytest.mark.parametrize(
    ("russian", "english"),
    [
        ("Кухня", "Kitchen"), ("Столовая", "Dining Room"), ("Спальня", "Bedroom"),
        ("Гостиная", "Living Room"), ("Кабинет", "Study"), ("Музыкальная комната", "Music Room"),
        ("Оранжерея", "Conservatory"), ("Гараж", "Garage"), ("Ванная", "Bathroom"), ("Холл", HALL),
    ],
)  # fmt: skip
def test_ts9_russian_room_names_are_accepted_for_moves(russian: str, english: str) -> None:
    """TS-9 ruling: Russian names are accepted everywhere English ones are; Hall = Холл."""
    game = Game()
    mover = "Ivan" if english == "Kitchen" else "Anna"
    verdict = game.order(mover, f"ИДТИ {russian.upper()}")
    assert verdict.understood["room"] == english


@pytest.mark.parametrize(
    ("russian", "english"),
    [
        ("Диван", "Sofa"), ("Камин", "Fireplace"), ("Стол", "Table"), ("Автомобиль", "Car"),
        ("Шкаф", "Wardrobe"), ("Тумбочка", "Nightstand"), ("Кресло", "Armchair"),
        ("Люстра", "Chandelier"), ("Раковина", "Sink"), ("Нож", "Knife"), ("Пистолет", "Pistol"),
        ("Яд", "Poison"), ("Бейсбольная бита", "Baseball Bat"), ("Камень", "Stone"),
        ("Алебарда", "Halberd"), ("Подсвечник", "Candlestick"), ("Верёвка", "Rope"),
        ("Веревка", "Rope"), ("Бензин", "Petrol"),
    ],
)  # fmt: skip
def test_ts9_russian_furniture_and_weapon_names_are_accepted_for_searches(russian: str, english: str) -> None:
    """TS-9 ruling: Russian card names, case-insensitively and with ё = е."""
    game = Game()
    game.put({"Anna": "Study"})
    other = "Petrol" if english != "Petrol" else "Knife"
    verdict = game.order("Anna", f"искать {russian.lower()}, {other}")
    assert verdict.understood["cards"] == [english, other]


def test_ts10_the_three_cards_are_one_private_set_of_circumstances() -> None:
    """TS-10/TS-6: a character sees their own set (room, furniture, weapon) and no living other's."""
    game = Game()
    for name in NAMES:
        view = game.view(name)
        assert view["hand"] == list(HANDS[name])
        text = json.dumps({k: v for k, v in view.items() if k != "hand"})
        for other in NAMES:
            assert json.dumps(list(HANDS[other])) not in text
        assert all("hand" not in c for c in view["characters"])


# --------------------------------------------------------------------------------------------
# TS-11 Orders each hour: move, search, advance orders, random search
# --------------------------------------------------------------------------------------------


def test_ts11_last_order_of_each_type_replaces_earlier_ones() -> None:
    """TS-11 ruling: the last move and the last search received are the ones carried out."""
    game = Game()
    game.put({"Anna": "Study"})
    game.order("Anna", "MOVE Garage")
    game.order("Anna", "SEARCH Rope, Sink")
    second_move = game.order("Anna", "MOVE Bedroom")
    second_search = game.order("Anna", "SEARCH Wardrobe, Stone")
    assert "replaces" in second_move.understood["notes"]
    assert "replaces" in second_search.understood["notes"]
    events = game.resolve()
    searched = game.searched("Anna", events)
    assert searched is not None and searched.data["cards"] == ["Wardrobe", "Stone"]
    assert searched.data["random"] is False
    assert game.where("Anna") == "Bedroom"


def test_ts11_advance_orders_with_day_and_hour_prefix() -> None:
    """TS-11 ruling: ``DAY 2 HOUR 3:`` queues an order for that hour; it is carried out then."""
    game = Game()
    game.put({"Anna": "Study"})
    verdicts = game.submit("Anna", "DAY 1 HOUR 3: SEARCH Wardrobe, Rope\nDAY 1 HOUR 2: MOVE Garage")
    assert [v.accepted for v in verdicts] == [True, True]
    assert verdicts[0].understood["segment"] == "d1h3"
    assert verdicts[1].understood["segment"] == "d1h2"
    game.resolve()  # hour 1: Anna stays in the Study, the queued move is for hour 2
    assert game.where("Anna") == "Study"
    game.resolve()  # hour 2: she moves to the Garage
    assert game.where("Anna") == "Garage"
    events = game.resolve()  # hour 3: the queued search runs in the Garage
    searched = game.searched("Anna", events)
    assert searched is not None
    assert searched.data["cards"] == ["Wardrobe", "Rope"] and searched.data["random"] is False
    assert searched.data["room"] == "Garage" and searched.data["found"] == ["Rope"]


def test_ts11_night_prefix_queues_a_trap_for_that_night() -> None:
    """TS-11/TS-20: ``NIGHT 1:`` in the daytime queues a trap for night 1."""
    game = Game()
    game.advance_to("d1h2")
    verdict = game.order("Anna", "NIGHT 1: " + trap_line("Carl", HANDS["Carl"]))
    assert verdict.understood["segment"] == "d1n"
    game.advance_to("d2h1")
    assert not game.char("Carl").alive
    assert game.char("Anna").frags == 1


def test_ts11_a_prefix_alone_on_a_line_applies_to_the_following_lines() -> None:
    """TS-11 ruling: a line holding only ``DAY 1 HOUR 2:`` applies to the lines after it."""
    game = Game()
    game.put({"Anna": "Study"})
    verdicts = game.submit("Anna", "DAY 1 HOUR 2:\nSEARCH Rope, Sink\nMOVE Garage")
    assert [v.understood["segment"] for v in verdicts] == ["d1h2", "d1h2"]
    assert ("d1h2", "Anna") in game.state.searches and ("d1h2", "Anna") in game.state.moves
    assert ("d1h1", "Anna") not in game.state.moves


def test_ts11_orders_for_a_segment_that_is_over_are_refused() -> None:
    """TS-11: an advance order must name a later (or the current) hour."""
    game = Game()
    game.advance_to("d1h3")
    (verdict,) = game.submit("Anna", "DAY 1 HOUR 2: MOVE Study")
    assert not verdict.accepted and verdict.reason == "segment_over"
    assert game.state.moves == {}


def test_ts11_the_arrival_day_has_no_hours_to_queue_orders_for() -> None:
    """TS-4/TS-11: day 0 is only the arrival evening; ``DAY 0 HOUR n`` names no hour that will come."""
    for text in ("DAY 0 HOUR 2: MOVE Study", "DAY 0 HOUR 1: SEARCH Rope, Sink"):
        fresh = Game()
        (verdict,) = fresh.submit("Anna", text)
        assert not verdict.accepted and verdict.reason == "segment_over", text
        assert fresh.state.moves == {} and fresh.state.searches == {}


def test_ts11_random_search_when_no_search_order_is_given() -> None:
    """TS-11: a character in a room who gave no search order gets a random one of two searchable cards."""
    game = Game()
    game.put({"Anna": "Study", "Carl": "Garage"})
    game.order("Carl", "SEARCH Rope, Sink")
    events = game.resolve()
    anna = game.searched("Anna", events)
    assert anna is not None and anna.data["random"] is True
    cards = anna.data["cards"]
    assert len(cards) == 2 and len(set(cards)) == 2 and set(cards) <= set(SEARCHABLE)
    assert anna.data["found"] == [c for c in cards if c in HANDS["Egor"]]
    carl = game.searched("Carl", events)
    assert carl is not None and carl.data["random"] is False


def test_ts11_random_search_is_drawn_from_the_seeded_stream() -> None:
    """TS-11 ruling: the same seed and orders give the same random searches; other seeds differ."""

    def random_searches(seed: int) -> list[list[str]]:
        game = Game(seed=seed)
        game.put({"Anna": "Study", "Carl": "Garage", "Dora": "Bedroom"})
        cards = []
        for _ in range(4):
            cards += [e.data["cards"] for e in game.events("searched", game.resolve())]
        return cards

    assert random_searches(11) == random_searches(11)
    assert len({json.dumps(random_searches(seed)) for seed in range(5)}) > 1


def test_ts11_no_random_search_in_the_hall() -> None:
    """TS-11 ruling: characters in the Hall get no search at all."""
    game = Game()
    game.put({"Anna": "Study"})
    events = game.resolve()
    searched = {e.data["character"] for e in game.events("searched", events)}
    assert searched == {"Anna"}


def test_ts11_search_order_in_the_hall_is_refused_but_queued_ones_are_kept() -> None:
    """TS-11/TS-19: no search in the Hall; an order for a later hour may still be queued."""
    game = Game()
    game.advance_to("d1h1")
    (now,) = game.submit("Anna", "SEARCH Rope, Sink")
    assert not now.accepted and now.reason == "search_in_hall"
    later = game.order("Anna", "DAY 1 HOUR 2: SEARCH Rope, Sink")
    assert later.understood["segment"] == "d1h2"


# --------------------------------------------------------------------------------------------
# TS-12 Moves take effect at the end of the hour; hour-4 moves are kept for the morning
# --------------------------------------------------------------------------------------------


def test_ts12_moves_take_effect_at_the_end_of_the_hour() -> None:
    """TS-12: the search of the hour happens in the old room; the move happens after it."""
    game = Game()
    game.put({"Carl": "Study"})
    game.order("Carl", "MOVE Garage")
    game.order("Carl", "SEARCH Chandelier, Rope")  # Hanna's Garage cards
    assert game.where("Carl") == "Study"
    events = game.resolve()
    searched = game.searched("Carl", events)
    assert searched is not None and searched.data["room"] == "Study" and searched.data["found"] == []
    assert game.where("Carl") == "Garage"
    assert game.moved("Carl", events).data["reason"] == "moved"


def test_ts12_hour4_move_is_kept_for_ten_next_morning() -> None:
    """TS-12 ruling: a move given in hour 4 acts at 10:00 next morning, and the answer says so."""
    game = Game()
    game.advance_to("d1h4")
    verdict = game.order("Anna", "MOVE Study")
    assert verdict.understood["segment"] == "d1n"
    assert "next_morning" in verdict.understood["notes"]
    game.resolve()
    assert game.key == "d1n" and game.where("Anna") == HALL
    game.resolve()
    assert game.key == "d2h1" and game.where("Anna") == "Study"


def test_ts12_hour4_move_can_be_replaced_at_night() -> None:
    """TS-12 ruling: the kept hour-4 move is replaced by a night move."""
    game = Game()
    game.advance_to("d1h4")
    game.order("Anna", "MOVE Study")
    game.resolve()
    verdict = game.order("Anna", "MOVE Garage")
    assert "replaces" in verdict.understood["notes"]
    game.resolve()
    assert game.where("Anna") == "Garage"


def test_ts12_advance_move_for_hour4_also_means_next_morning() -> None:
    """TS-12 ruling: ``DAY 2 HOUR 4: MOVE`` is the move for 10:00 of day 3."""
    game = Game()
    game.advance_to("d1h2")
    verdict = game.order("Anna", "DAY 2 HOUR 4: MOVE Study")
    assert verdict.understood["segment"] == "d2n" and "next_morning" in verdict.understood["notes"]
    game.advance_to("d3h1")
    assert game.where("Anna") == "Study"


# --------------------------------------------------------------------------------------------
# TS-13 The Hall: no limit on numbers or time
# --------------------------------------------------------------------------------------------


def test_ts13_the_hall_holds_everyone_for_as_long_as_they_like() -> None:
    """TS-13: all nine may move to the Hall, and staying there many hours never forces a move."""
    game = Game()
    game.put({"Anna": "Study", "Carl": "Study", "Dora": "Study", "Fedor": "Garage"})
    for name in ("Anna", "Carl", "Dora", "Fedor"):
        game.order(name, "MOVE Hall")
    game.resolve()
    assert occupancy(game) == {HALL: 9}
    for _ in range(7):  # d1h2 … d2h3: hours and a night in the Hall, no orders
        events = game.resolve()
        assert all(e.data["to"] == HALL for e in game.events("moved", events))
    assert game.key == "d2h4" and occupancy(game) == {HALL: 9}


# --------------------------------------------------------------------------------------------
# TS-14 / TS-15 Capacity and who gets in
# --------------------------------------------------------------------------------------------


def test_ts14_a_room_holds_at_most_three() -> None:
    """TS-14: eight characters ask for the Study; exactly three get in."""
    game = Game()
    game.advance_to("d1h1")
    hopefuls = [n for n in NAMES if n != "Egor"]
    for minute, name in enumerate(hopefuls):
        game.order(name, "MOVE Study", minute)
    events = game.resolve()
    assert sorted(n for n in NAMES if game.where(n) == "Study") == ["Anna", "Boris", "Carl"]
    assert max(count for room, count in occupancy(game).items() if room != HALL) <= 3
    for name in hopefuls[3:]:
        event = game.moved(name, events)
        assert event.data["reason"] == "room_full"
        assert event.data["to"] not in (HALL, "Study", HANDS[name][0])


def test_ts15_earlier_received_order_gets_in_not_earlier_submitted() -> None:
    """TS-15 ruling: newcomers are admitted in the order their move orders were received."""
    game = Game()
    game.advance_to("d1h1")
    # Submitted in reverse order of receive time.
    for minute, name in reversed(list(enumerate(["Fedor", "Dora", "Carl", "Anna", "Gleb"], start=1))):
        game.order(name, "MOVE Study", minute)
    events = game.resolve()
    assert sorted(n for n in NAMES if game.where(n) == "Study") == ["Carl", "Dora", "Fedor"]
    for name in ("Anna", "Gleb"):
        assert game.moved(name, events).data["reason"] == "room_full"


def test_ts15_stayers_keep_their_places() -> None:
    """TS-15 ruling: characters who stay keep their places, however early the newcomers' orders."""
    game = Game()
    game.put({"Anna": "Study", "Carl": "Study"})
    game.order("Dora", "MOVE Study", 0)
    game.order("Fedor", "MOVE Study", 1)
    game.order("Gleb", "MOVE Study", 2)
    game.order("Carl", "MOVE Study", 50)  # an explicit order to stay, received last
    events = game.resolve()
    assert sorted(n for n in NAMES if game.where(n) == "Study") == ["Anna", "Carl", "Dora"]
    assert game.moved("Anna", events).data["reason"] == "stayed"
    assert game.moved("Carl", events).data["reason"] == "stayed"
    assert game.moved("Fedor", events).data["reason"] == "room_full"
    assert game.moved("Gleb", events).data["reason"] == "room_full"


def test_ts15_leavers_free_their_places() -> None:
    """TS-15: a character leaving a full room makes a place for a newcomer in the same hour."""
    game = Game()
    game.put({"Anna": "Study", "Carl": "Study", "Dora": "Study"})
    game.order("Anna", "MOVE Garage")
    game.order("Fedor", "MOVE Study")
    game.order("Gleb", "MOVE Study")
    events = game.resolve()
    assert sorted(n for n in NAMES if game.where(n) == "Study") == ["Carl", "Dora", "Fedor"]
    assert game.moved("Gleb", events).data["reason"] == "room_full"


def test_ts15_receive_time_of_the_order_in_force_counts() -> None:
    """TS-15 ruling: a replaced order loses its place; the receive time of the order in force counts."""
    game = Game()
    game.advance_to("d1h1")
    game.order("Anna", "MOVE Study", 1)
    game.order("Carl", "MOVE Study", 10)
    game.order("Dora", "MOVE Study", 20)
    game.order("Fedor", "MOVE Study", 25)
    game.order("Anna", "MOVE Study", 30)  # replaces her early order
    events = game.resolve()
    assert sorted(n for n in NAMES if game.where(n) == "Study") == ["Carl", "Dora", "Fedor"]
    assert game.moved("Anna", events).data["reason"] == "room_full"


def test_ts15_orders_received_at_the_same_instant_are_admitted_in_acceptance_order() -> None:
    """TS-15: with equal receive times, the order accepted first gets in first."""
    game = Game()
    game.advance_to("d1h1")
    for name in ("Gleb", "Dora", "Anna", "Carl"):
        game.order(name, "MOVE Study", 5)
    game.resolve()
    assert sorted(n for n in NAMES if game.where(n) == "Study") == ["Anna", "Dora", "Gleb"]


def test_ts15_latecomer_lands_in_random_room() -> None:
    """TS-15 ruling: a displaced character lands in a random non-Hall room with a free place
    that TS-16/TS-18 allow; over several seeds the landing room varies."""
    landings: dict[str, set[str]] = {"Hanna": set(), "Egor": set()}
    for seed in range(12):
        game = Game(seed=seed)
        game.put(
            {
                "Anna": "Study",
                "Carl": "Study",
                "Dora": "Study",
                "Fedor": "Garage",
                "Gleb": "Garage",
                "Ivan": "Garage",
            }
        )
        game.order("Hanna", "MOVE Study")  # full; Hanna holds the Garage card, which is full too
        game.order("Egor", "MOVE Garage")  # full; Egor holds the Study card
        events = game.resolve()
        for name in ("Hanna", "Egor"):
            event = game.moved(name, events)
            assert event.data["reason"] == "room_full"
            assert event.data["to"] not in (HALL, "Study", "Garage")
            landings[name].add(event.data["to"])
        counts = occupancy(game)
        assert counts["Study"] == 3 and counts["Garage"] == 3
        assert all(count <= 3 for room, count in counts.items() if room != HALL)
    assert len(landings["Hanna"]) > 1 and len(landings["Egor"]) > 1


def test_ts15_displaced_character_never_lands_in_a_room_they_must_leave() -> None:
    """TS-15 ruling: the random landing room must be allowed by TS-16."""
    for seed in range(10):
        game = Game(seed=seed)
        game.put({"Anna": "Study"})
        for name in ("Carl", "Dora", "Fedor"):
            game.order(name, "MOVE Garage")
        game.resolve()  # Anna has now spent hours 1 and 2 in the Study; the Garage is full
        game.order("Anna", "MOVE Garage")
        events = game.resolve()
        event = game.moved("Anna", events)
        assert event.data["reason"] == "room_full"
        assert event.data["to"] not in (HALL, "Study", "Garage", "Kitchen")


# --------------------------------------------------------------------------------------------
# TS-16 No more than two game hours running in one room
# --------------------------------------------------------------------------------------------


def test_ts16_must_leave_after_two_hours_in_a_room() -> None:
    """TS-16: after hours 1 and 2 in the Study, Anna is moved out at the end of hour 2."""
    for seed in range(6):
        game = Game(seed=seed)
        game.put({"Anna": "Study"})
        first = game.resolve()
        assert game.moved("Anna", first).data["reason"] == "stayed" and game.where("Anna") == "Study"
        second = game.resolve()
        event = game.moved("Anna", second)
        assert event.data["reason"] == "two_hours"
        assert event.data["to"] not in ("Study", HALL, "Kitchen")


def test_ts16_ordering_to_stay_a_third_hour_is_overruled() -> None:
    """TS-16: a move order into the room one must leave lands elsewhere; the answer warns."""
    game = Game()
    game.put({"Anna": "Study"})
    game.resolve()
    verdict = game.order("Anna", "MOVE Study")
    assert "two_hours" in verdict.understood["notes"]
    events = game.resolve()
    event = game.moved("Anna", events)
    assert event.data["reason"] == "two_hours" and event.data["to"] not in ("Study", HALL)


def test_ts16_enter_in_hour4_and_hour1_next_day_then_must_leave() -> None:
    """TS-16: hour 4 and hour 1 of the next day in the same room is allowed, then one must leave."""
    game = Game()
    game.advance_to("d1h3")
    game.order("Anna", "MOVE Study")
    game.resolve()
    assert game.where("Anna") == "Study" and game.key == "d1h4"
    game.order("Anna", "MOVE Study")  # kept for 10:00 of day 2 (TS-12)
    game.resolve()
    events = game.resolve()
    assert game.key == "d2h1" and game.where("Anna") == "Study"
    assert game.moved("Anna", events).data["reason"] == "moved"
    events = game.resolve()
    event = game.moved("Anna", events)
    assert event.data["reason"] == "two_hours"
    assert event.data["to"] not in ("Study", HALL)


def test_ts16_the_night_in_the_hall_does_not_break_the_count() -> None:
    """TS-16 ruling: hours 3 and 4 in the Study, then a night move to the Study lands elsewhere."""
    game = Game()
    game.advance_to("d1h2")
    game.order("Anna", "MOVE Study")
    game.advance_to("d1n")  # Anna spent hours 3 and 4 in the Study
    verdict = game.order("Anna", "MOVE Study")
    assert "two_hours" in verdict.understood["notes"]
    events = game.resolve()
    event = game.moved("Anna", events)
    assert event.data["reason"] == "two_hours"
    assert event.data["to"] not in ("Study", HALL, "Kitchen")


def test_ts16_a_night_without_a_morning_move_does_break_the_count() -> None:
    """TS-16/TS-22: hour 1 in the Hall is a game hour elsewhere; the Study is open again in hour 2."""
    game = Game()
    game.advance_to("d1h2")
    game.order("Anna", "MOVE Study")
    game.advance_to("d2h1")
    assert game.where("Anna") == HALL
    game.order("Anna", "MOVE Study")
    events = game.resolve()
    assert game.moved("Anna", events).data["reason"] == "moved" and game.where("Anna") == "Study"


def test_ts16_a_room_may_be_entered_again_after_an_hour_elsewhere() -> None:
    """TS-16: Study, Study, Garage, Study is allowed."""
    game = Game()
    game.put({"Anna": "Study"})
    verdicts = game.submit("Anna", "DAY 1 HOUR 2: MOVE Garage\nDAY 1 HOUR 3: MOVE Study")
    assert [v.accepted for v in verdicts] == [True, True]
    game.advance(2)
    assert game.where("Anna") == "Garage"
    events = game.resolve()
    assert game.key == "d1h4" and game.where("Anna") == "Study"
    assert game.moved("Anna", events).data["reason"] == "moved"


# --------------------------------------------------------------------------------------------
# TS-17 Must move without an order; otherwise stay
# --------------------------------------------------------------------------------------------


def test_ts17_must_move_without_an_order_goes_to_a_random_room_other_than_the_hall() -> None:
    """TS-17: the forced move never goes to the Hall, and the room drawn depends on the seed."""
    rooms = set()
    for seed in range(12):
        game = Game(seed=seed)
        game.put({"Dora": "Study"})
        game.resolve()
        events = game.resolve()
        event = game.moved("Dora", events)
        assert event.data["reason"] == "two_hours" and event.data["to"] not in (HALL, "Study", "Living Room")
        rooms.add(event.data["to"])
    assert len(rooms) > 1


def test_ts17_without_a_move_order_a_character_stays() -> None:
    """TS-17 ruling: no move order and no need to move: stay where you are (room or Hall)."""
    game = Game()
    game.put({"Anna": "Study"})
    events = game.resolve()
    assert game.where("Anna") == "Study"
    assert game.moved("Anna", events).data == {
        "character": "Anna",
        "segment": "d1h1",
        "from": "Study",
        "to": "Study",
        "reason": "stayed",
        "overnight": False,
    }
    assert game.where("Carl") == HALL and game.moved("Carl", events).data["reason"] == "stayed"


# --------------------------------------------------------------------------------------------
# TS-18 Never the room of one's own card
# --------------------------------------------------------------------------------------------


def test_ts18_own_room_card_lands_in_a_random_room_and_is_told_why() -> None:
    """TS-18 and ruling: the move is accepted with a warning, lands elsewhere, privately, reason own_card."""
    rooms = set()
    for seed in range(10):
        game = Game(seed=seed)
        game.advance_to("d1h1")
        verdict = game.order("Anna", "MOVE Kitchen")
        assert "own_card" in verdict.understood["notes"]
        events = game.resolve()
        event = game.moved("Anna", events)
        assert event.data["reason"] == "own_card"
        assert event.data["to"] not in ("Kitchen", HALL)
        assert event.audience == ("Anna",)
        rooms.add(event.data["to"])
        assert game.view("Anna")["moves"][-1]["reason"] == "own_card"
        assert all(m["reason"] != "own_card" for m in game.view("Carl")["moves"])
    assert len(rooms) > 1


def test_ts18_own_room_card_at_night_lands_elsewhere_too() -> None:
    """TS-18/TS-22 ruling: the night move follows the same rule."""
    game = Game()
    game.order("Egor", "MOVE Study")
    events = game.resolve()
    event = game.moved("Egor", events)
    assert event.data["reason"] == "own_card" and event.data["to"] not in ("Study", HALL)


# --------------------------------------------------------------------------------------------
# TS-19 Searching
# --------------------------------------------------------------------------------------------


def test_ts19_search_result_names_the_matching_cards() -> None:
    """TS-19 ruling: the result names which of the two cards belong to the room's set."""
    game = Game()
    game.put({"Anna": "Study", "Carl": "Study", "Dora": "Study"})  # Egor holds Study, Wardrobe, Stone
    game.order("Anna", "SEARCH Wardrobe, Rope")
    game.order("Carl", "SEARCH Stone, Wardrobe")
    game.order("Dora", "SEARCH Sink, Rope")
    events = game.resolve()
    found = {name: game.searched(name, events).data["found"] for name in ("Anna", "Carl", "Dora")}
    assert found == {"Anna": ["Wardrobe"], "Carl": ["Stone", "Wardrobe"], "Dora": []}
    search = game.view("Anna")["searches"][0]
    assert search["room"] == "Study" and search["found"] == ["Wardrobe"]


def test_ts19_two_weapons_two_furniture_or_one_of_each() -> None:
    """TS-19: any two weapon or furniture cards; a room card or a single card is refused."""
    game = Game()
    game.put({"Anna": "Study"})
    for text in ("SEARCH Rope, Knife", "SEARCH Sofa, Sink", "SEARCH Sofa, Rope"):
        assert game.order("Anna", text).accepted
    for text, reason in (
        ("SEARCH Study, Rope", "search_room_card"),
        ("SEARCH Rope", "search_two_cards"),
        ("SEARCH Rope, Sink, Knife", "search_two_cards"),
        ("SEARCH Rope, Rope", "search_same_card"),
    ):
        (verdict,) = game.submit("Anna", text)
        assert not verdict.accepted and verdict.reason == reason, text
    events = game.resolve()
    assert game.searched("Anna", events).data["cards"] == ["Sofa", "Rope"]


def test_ts19_result_never_names_who_holds_the_set() -> None:
    """TS-19 ruling: neither the event nor the searcher's view names the holder."""
    game = Game()
    game.put({"Anna": "Study"})
    game.order("Anna", "SEARCH Wardrobe, Stone")
    events = game.resolve()
    searched = game.searched("Anna", events)
    assert searched.data["found"] == ["Wardrobe", "Stone"]
    assert "Egor" not in json.dumps(searched.data)
    assert "Egor" not in json.dumps(game.view("Anna")["searches"])


def test_ts19_searching_for_a_card_one_holds_is_allowed() -> None:
    """TS-19 ruling: Anna may search for her own Sofa."""
    game = Game()
    game.put({"Anna": "Study"})
    game.order("Anna", "SEARCH Sofa, Wardrobe")
    events = game.resolve()
    assert game.searched("Anna", events).data["found"] == ["Wardrobe"]


def test_ts19_every_search_fails_where_nobody_holds_the_room_card() -> None:
    """TS-19 ruling: in a 3-character game nobody holds the Study; every search there fails."""
    game = Game(SMALL, hands=SMALL_HANDS)
    game.put({"Anna": "Study", "Carl": "Study"})
    game.order("Anna", "SEARCH Fireplace, Pistol")  # Boris's cards
    game.order("Carl", "SEARCH Table, Poison")  # Carl's own cards
    events = game.resolve()
    assert game.searched("Anna", events).data["found"] == []
    assert game.searched("Carl", events).data["found"] == []


def test_ts19_results_are_private_and_delivered_at_the_end_of_the_hour() -> None:
    """TS-19 ruling: no result before the hour ends; afterwards only the searcher sees it."""
    game = Game()
    game.put({"Anna": "Study", "Carl": "Study"})
    game.order("Anna", "SEARCH Wardrobe, Rope")
    assert game.events("searched") == []
    assert game.view("Anna")["searches"] == []
    events = game.resolve()
    anna = game.searched("Anna", events)
    assert anna.audience == ("Anna",)
    assert [s["cards"] for s in game.view("Anna")["searches"]] == [["Wardrobe", "Rope"]]
    assert all(s["cards"] != ["Wardrobe", "Rope"] for s in game.view("Carl")["searches"])
    assert len(game.view("Carl")["searches"]) == 1


# --------------------------------------------------------------------------------------------
# TS-20 Traps: up to two, only at night, not on night 0
# --------------------------------------------------------------------------------------------


def test_ts20_at_most_two_traps_a_night() -> None:
    """TS-20: a third trap in the same night is refused and the first two stay."""
    game = Game()
    game.advance_to("d1n")
    game.order("Anna", "TRAP Carl Bedroom Table Knife")
    game.order("Anna", "TRAP Dora Living Room Car Knife")
    (third,) = game.submit("Anna", "TRAP Egor Study Wardrobe Knife")
    assert not third.accepted and third.reason == "trap_limit"
    assert len(game.state.traps[("d1n", "Anna")]) == 2
    events = game.resolve()
    assert [e.data["target"] for e in game.events("trap_resolved", events)] == ["Carl", "Dora"]


def test_ts20_traps_only_at_night() -> None:
    """TS-20: a trap for a daytime hour is refused."""
    game = Game()
    game.advance_to("d1h2")
    for text in ("TRAP Carl Bedroom Table Poison", "DAY 1 HOUR 3: TRAP Carl Bedroom Table Poison"):
        (verdict,) = game.submit("Anna", text)
        assert not verdict.accepted and verdict.reason == "trap_in_daytime"
    assert game.state.traps == {}


def test_ts20_no_traps_on_the_arrival_evening() -> None:
    """TS-22 ruling/TS-20: no traps are set on night 0."""
    game = Game()
    (verdict,) = game.submit("Anna", trap_line("Carl", HANDS["Carl"]))
    assert not verdict.accepted and verdict.reason == "no_traps_night_zero"
    events = game.resolve()
    assert game.events("trap_resolved", events) == [] and game.char("Carl").alive


def test_ts20_a_trap_names_a_character_and_three_cards_of_each_kind() -> None:
    """TS-20: a combination of room + furniture + weapon aimed at another named character."""
    game = Game()
    game.advance_to("d1n")
    verdict = game.order("Anna", "TRAP Carl Poison, Table, Bedroom")
    assert verdict.understood["target"] == "Carl"
    assert (verdict.understood["room"], verdict.understood["furniture"], verdict.understood["weapon"]) == (
        "Bedroom",
        "Table",
        "Poison",
    )
    for text, reason in (
        ("TRAP Carl Bedroom Study Poison", "trap_three_cards"),
        ("TRAP Carl Bedroom Table", "trap_three_cards"),
        ("TRAP Bedroom Table Poison", "trap_one_target"),
        ("TRAP Anna Kitchen Sofa Knife", "trap_self"),
        ("TRAP Carl Poison, Table, Bedroom", "trap_duplicate"),
    ):
        (rejected,) = game.submit("Anna", text)
        assert not rejected.accepted and rejected.reason == reason, text
    assert len(game.state.traps[("d1n", "Anna")]) == 1


def test_ts20_cancelled_traps_do_not_fire() -> None:
    """TS-20/TS-11: CANCEL TRAPS withdraws the night's traps."""
    game = Game()
    game.advance_to("d1n")
    game.order("Anna", trap_line("Carl", HANDS["Carl"]))
    game.order("Anna", "CANCEL TRAPS")
    events = game.resolve()
    assert game.events("trap_resolved", events) == [] and game.char("Carl").alive


# --------------------------------------------------------------------------------------------
# TS-21 Trap outcomes
# --------------------------------------------------------------------------------------------


def test_ts21_trap_kill_reveals_the_hand_to_everyone_and_scores_a_frag() -> None:
    """TS-21: the victim dies, the hand is public, the setter scores one frag."""
    game = Game()
    game.advance_to("d1n")
    game.order("Anna", trap_line("Carl", HANDS["Carl"]))
    events = game.resolve()
    (died,) = game.events("died", events)
    assert died.audience == (EVERYONE,)
    assert died.data["name"] == "Carl" and died.data["hand"] == list(HANDS["Carl"])
    assert set(died.data) == {"name", "hand", "segment"}  # who set the trap is not public
    (scored,) = game.events("scored", events)
    assert scored.audience == () and scored.data["killers"] == ["Anna"] and scored.data["value"] == 1
    assert not game.char("Carl").alive and game.char("Anna").frags == Fraction(1)
    for name in NAMES:
        view = game.view(name)
        carl = next(c for c in view["characters"] if c["name"] == "Carl")
        assert carl == {"name": "Carl", "alive": False, "hand": list(HANDS["Carl"])}
        assert view["dead"] == [{"name": "Carl", "hand": list(HANDS["Carl"]), "day": 2}]
    assert game.view("Anna")["frags"] == 1


def test_ts21_shared_kill_splits_the_frag_into_exact_fractions() -> None:
    """TS-21 ruling: two setters of the same successful trap get exactly 1/2 each."""
    game = Game()
    game.advance_to("d1n")
    game.order("Anna", trap_line("Carl", HANDS["Carl"]))
    game.order("Dora", trap_line("Carl", HANDS["Carl"]))
    events = game.resolve()
    (scored,) = game.events("scored", events)
    assert scored.data["killers"] == ["Anna", "Dora"]
    assert game.char("Anna").frags == Fraction(1, 2) == game.char("Dora").frags
    master = {c["name"]: c for c in RULES.master_view(game.state)["characters"]}
    assert master["Anna"]["frags_exact"] == "1/2"


def test_ts21_three_setters_share_the_host_kill_as_thirds_of_two() -> None:
    """TS-21/TS-24: the host's two frags shared by three are 2/3 each, exactly."""
    game = Game()
    game.advance_to("d1n")
    for name in ("Anna", "Carl", "Dora"):
        game.order(name, trap_line(HOST, HANDS[HOST]))
    game.resolve()
    shares = [game.char(n).frags for n in ("Anna", "Carl", "Dora")]
    assert shares == [Fraction(2, 3)] * 3
    assert sum(shares) == 2
    assert all(game.char(n).killed_host for n in ("Anna", "Carl", "Dora"))


@pytest.mark.parametrize(
    ("cards", "correct"),
    [
        (("Kitchen", "Sofa", "Knife"), 0),
        (("Bedroom", "Sofa", "Knife"), 1),
        (("Kitchen", "Table", "Poison"), 2),
        (("Bedroom", "Table", "Knife"), 2),
    ],
)
def test_ts21_failed_trap_tells_its_setter_how_many_elements_were_right(
    cards: tuple[str, str, str], correct: int
) -> None:
    """TS-21: a failed trap tells only its setter 0–2 correct elements; the target lives."""
    game = Game()
    game.advance_to("d1n")
    game.order("Dora", trap_line("Carl", cards))
    events = game.resolve()
    (resolved,) = game.events("trap_resolved", events)
    assert resolved.audience == ("Dora",)
    assert resolved.data["correct"] == correct and resolved.data["killed"] is False
    assert game.char("Carl").alive and game.events("died", events) == []
    assert game.view("Dora")["traps"] == [
        {"day": 1, "target": "Carl", "cards": list(cards), "void": False, "correct": correct, "killed": False}
    ]
    assert game.view("Carl")["traps"] == []


def test_ts21_setter_killed_the_same_morning_still_scores() -> None:
    """TS-21 ruling: traps resolve together from the start of the night."""
    game = Game()
    game.advance_to("d1n")
    game.order("Anna", trap_line("Carl", HANDS["Carl"]))
    game.order("Dora", trap_line("Anna", HANDS["Anna"]))
    game.order("Carl", trap_line("Dora", HANDS["Dora"]))
    events = game.resolve()
    assert {e.data["name"] for e in game.events("died", events)} == {"Anna", "Carl", "Dora"}
    assert [game.char(n).frags for n in ("Anna", "Carl", "Dora")] == [1, 1, 1]


def test_ts21_the_dead_can_neither_act_nor_be_targeted() -> None:
    """TS-21 ruling: orders of the dead are refused; traps on the dead are refused."""
    game = Game()
    game.advance_to("d1n")
    game.order("Anna", trap_line("Carl", HANDS["Carl"]))
    game.resolve()
    for text in ("MOVE Study", "DAY 2 HOUR 2: MOVE Study", "NIGHT 2: TRAP Anna Kitchen Sofa Knife"):
        (verdict,) = game.submit("Carl", text)
        assert not verdict.accepted and verdict.reason == "dead"
    (verdict,) = game.submit("Dora", "NIGHT 2: " + trap_line("Carl", HANDS["Carl"]))
    assert not verdict.accepted and verdict.reason == "trap_target_dead"
    assert game.state.moves == {} and game.state.traps == {}
    events = game.resolve()
    assert "Carl" not in {e.data["character"] for e in game.events("moved", events)}


def test_ts21_queued_traps_of_a_setter_who_died_are_void() -> None:
    """TS-21 ruling: a dead character can no longer act, so traps queued before death do nothing."""
    game = Game()
    game.advance_to("d1h1")
    game.order("Carl", "NIGHT 2: " + trap_line("Dora", HANDS["Dora"]))
    game.advance_to("d1n")
    game.order("Anna", trap_line("Carl", HANDS["Carl"]))
    game.advance_to("d2n")
    events = game.resolve()
    (resolved,) = game.events("trap_resolved", events)
    assert resolved.data["void"] is True and resolved.data["setter"] == "Carl"
    assert game.char("Dora").alive and game.char("Carl").frags == 0


def test_ts21_queued_traps_on_a_target_who_died_are_void() -> None:
    """TS-21 ruling: a dead character cannot be targeted, even by a trap queued earlier."""
    game = Game()
    game.advance_to("d1h1")
    game.order("Dora", "NIGHT 2: " + trap_line("Carl", HANDS["Carl"]))
    game.advance_to("d1n")
    game.order("Anna", trap_line("Carl", HANDS["Carl"]))
    game.advance_to("d2n")
    events = game.resolve()
    (resolved,) = game.events("trap_resolved", events)
    assert resolved.data["void"] is True and game.char("Dora").frags == 0
    assert game.events("died", events) == []
    assert game.view("Dora")["traps"][-1]["correct"] is None


def test_ts21_the_dead_keep_receiving_public_announcements() -> None:
    """TS-21 ruling: later deaths (with hands) reach the dead too."""
    game = Game()
    game.advance_to("d1n")
    game.order("Anna", trap_line("Carl", HANDS["Carl"]))
    game.advance_to("d2n")
    game.order("Anna", trap_line("Dora", HANDS["Dora"]))
    game.resolve()
    assert [d["name"] for d in game.view("Carl")["dead"]] == ["Carl", "Dora"]
    assert game.view("Carl")["dead"][1]["hand"] == list(HANDS["Dora"])


# --------------------------------------------------------------------------------------------
# TS-22 Night moves
# --------------------------------------------------------------------------------------------


def test_ts22_night_move_lands_at_ten_without_one_start_in_the_hall() -> None:
    """TS-22 ruling: with a night move you start hour 1 in that room; without one in the Hall."""
    game = Game()
    game.advance_to("d1h3")
    game.order("Dora", "MOVE Study")
    game.advance_to("d1n")
    game.order("Anna", "MOVE Garage")
    assert game.where("Anna") == HALL
    events = game.resolve()
    assert game.key == "d2h1"
    assert game.where("Anna") == "Garage" and game.moved("Anna", events).data["reason"] == "moved"
    assert game.where("Dora") == HALL  # she was in the Study at 20:00 but gave no night move


def test_ts22_arrival_evening_moves_act_for_ten_on_day_one() -> None:
    """TS-22 ruling: night 0 move orders act as night moves for 10:00 of day 1."""
    game = Game()
    verdict = game.order("Anna", "MOVE Study")
    assert verdict.understood["segment"] == "d0n"
    game.resolve()
    assert game.key == "d1h1" and game.where("Anna") == "Study" and game.where("Carl") == HALL


def test_ts22_capacity_applies_to_night_moves_by_receive_time() -> None:
    """TS-22 ruling: TS-14/TS-15 apply to night moves; hour-4 orders keep their receive time."""
    game = Game()
    game.advance_to("d1h4")
    game.order("Gleb", "MOVE Study", 30)  # received in hour 4, kept for the morning
    game.resolve()
    game.order("Anna", "MOVE Study", 3)
    game.order("Carl", "MOVE Study", 1)
    game.order("Dora", "MOVE Study", 2)
    events = game.resolve()
    assert sorted(n for n in NAMES if game.where(n) == "Study") == ["Carl", "Dora", "Gleb"]
    event = game.moved("Anna", events)
    assert event.data["reason"] == "room_full" and event.data["to"] not in (HALL, "Study", "Kitchen")


# --------------------------------------------------------------------------------------------
# TS-24 / TS-25 Winning and the end of the game
# --------------------------------------------------------------------------------------------


def play_to_the_end(game: Game) -> list:
    events = []
    while not game.state.finished:
        events += game.resolve()
    return events


def test_ts24_killing_the_host_is_worth_two_frags() -> None:
    """TS-24: the host's death is worth two frags to its killer."""
    game = Game()
    game.advance_to("d1n")
    game.order("Anna", trap_line(HOST, HANDS[HOST]))
    events = game.resolve()
    (scored,) = game.events("scored", events)
    assert scored.data["value"] == 2
    assert game.char("Anna").frags == 2 and game.char("Anna").killed_host


def test_ts24_game_ends_after_the_traps_of_night_nine() -> None:
    """TS-24/TS-25 ruling: 45 segments plus the arrival evening, i.e. 46 resolutions."""
    game = Game()
    for _ in range(45):
        game.resolve()
    assert game.key == "d9n" and not game.state.finished
    game.order("Anna", trap_line("Carl", HANDS["Carl"]))  # night 9 traps still count
    events = game.resolve()
    assert game.state.finished
    assert not game.char("Carl").alive
    (ended,) = game.events("game_ended", events)
    assert ended.audience == (EVERYONE,)
    assert ended.data["reason"] == "frags" and ended.data["winners"] == ["Anna"]
    assert ended.data["partial"] is False
    assert len(game.events("segment_opened")) == 45
    assert game.events("moved", events) == [] and game.events("segment_opened", events) == []
    with pytest.raises(GameOver):
        RULES.resolve(game.state)


def test_ts24_no_orders_after_the_morning_of_day_ten() -> None:
    """TS-24: nothing can be queued for day 10, and nothing is accepted once the game is over."""
    game = Game()
    (verdict,) = game.submit("Anna", "DAY 10 HOUR 1: MOVE Study")
    assert not verdict.accepted and verdict.reason == "after_the_end"
    play_to_the_end(game)
    (verdict,) = game.submit("Anna", "SAY hello")
    assert not verdict.accepted and verdict.reason == "game_over"


def test_ts24_most_frags_on_the_morning_of_day_ten_wins() -> None:
    """TS-24: Anna with 2 frags beats Dora with 1."""
    game = Game()
    game.advance_to("d3n")
    game.order("Anna", trap_line("Carl", HANDS["Carl"]))
    game.order("Anna", trap_line("Egor", HANDS["Egor"]))
    game.order("Dora", trap_line("Fedor", HANDS["Fedor"]))
    play_to_the_end(game)
    assert game.state.winners == ("Anna",) and game.state.partial_victory is False
    assert game.view("Dora")["winners"] == ["Anna"]


def test_ts24_sole_survivor_wins_at_once() -> None:
    """TS-24/TS-25 ruling: the game ends as soon as one character is left, whatever the frags."""
    game = Game(SMALL, hands=SMALL_HANDS)
    game.advance_to("d2n")
    game.order("Carl", trap_line("Boris", SMALL_HANDS["Boris"]))  # 2 frags for Carl
    game.order("Anna", trap_line("Carl", SMALL_HANDS["Carl"]))  # 1 frag for Anna
    events = game.resolve()
    assert game.state.finished and game.key == "d2n"
    (ended,) = game.events("game_ended", events)
    assert ended.data["reason"] == "last_survivor"
    assert ended.data["winners"] == ["Anna"] and ended.data["partial"] is False
    assert ended.data["frags"] == {"Anna": "1", "Boris": "0", "Carl": "2"}
    assert game.events("moved", events) == []


def test_ts25_tie_is_broken_by_who_killed_the_host() -> None:
    """TS-25: Anna (host kill, 2) and Dora (two kills, 2) tie; Anna wins outright."""
    game = Game()
    game.advance_to("d1n")
    game.order("Anna", trap_line(HOST, HANDS[HOST]))
    game.order("Dora", trap_line("Carl", HANDS["Carl"]))
    game.order("Dora", trap_line("Egor", HANDS["Egor"]))
    play_to_the_end(game)
    assert game.char("Anna").frags == game.char("Dora").frags == 2
    assert game.state.winners == ("Anna",) and game.state.partial_victory is False


def test_ts25_tie_without_a_host_kill_is_a_partial_victory() -> None:
    """TS-25: two characters tie and neither killed the host: both gain a partial victory."""
    game = Game()
    game.advance_to("d1n")
    game.order("Anna", trap_line("Carl", HANDS["Carl"]))
    game.order("Dora", trap_line("Egor", HANDS["Egor"]))
    play_to_the_end(game)
    assert game.state.winners == ("Anna", "Dora") and game.state.partial_victory is True
    (ended,) = game.events("game_ended")
    assert ended.data["partial"] is True and ended.data["reason"] == "frags"


def test_ts25_three_way_tie_is_a_partial_victory_for_all_three() -> None:
    """TS-25 ruling: ties of three follow the same logic."""
    game = Game()
    game.advance_to("d4n")
    game.order("Anna", trap_line("Carl", HANDS["Carl"]))
    game.order("Dora", trap_line("Egor", HANDS["Egor"]))
    game.order("Fedor", trap_line("Gleb", HANDS["Gleb"]))
    play_to_the_end(game)
    assert game.state.winners == ("Anna", "Dora", "Fedor") and game.state.partial_victory is True


def test_ts25_three_way_tie_is_won_by_those_who_shared_the_host_kill() -> None:
    """TS-25 ruling: of three tied at one frag, the two who shared the host kill win (partially)."""
    game = Game()
    game.advance_to("d2n")
    game.order("Anna", trap_line(HOST, HANDS[HOST]))
    game.order("Dora", trap_line(HOST, HANDS[HOST]))
    game.order("Fedor", trap_line("Gleb", HANDS["Gleb"]))
    play_to_the_end(game)
    assert [game.char(n).frags for n in ("Anna", "Dora", "Fedor")] == [1, 1, 1]
    assert game.state.winners == ("Anna", "Dora") and game.state.partial_victory is True


def test_ts25_three_way_tie_is_won_outright_by_the_one_host_killer() -> None:
    """TS-25 ruling: of three tied at two frags, the only host killer wins outright."""
    game = Game()
    game.advance_to("d1n")
    game.order("Anna", trap_line(HOST, HANDS[HOST]))
    game.order("Dora", trap_line("Carl", HANDS["Carl"]))
    game.order("Dora", trap_line("Egor", HANDS["Egor"]))
    game.order("Fedor", trap_line("Gleb", HANDS["Gleb"]))
    game.order("Fedor", trap_line("Hanna", HANDS["Hanna"]))
    play_to_the_end(game)
    assert [game.char(n).frags for n in ("Anna", "Dora", "Fedor")] == [2, 2, 2]
    assert game.state.winners == ("Anna",) and game.state.partial_victory is False
