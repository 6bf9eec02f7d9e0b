"""Minuit's rules MM-1 … MM-21 and the project's rulings, one behaviour per test, through ``RULES``.

Games start with the fixed suspects of ``mm_helpers.SUSPECTS`` and, unless a test needs
otherwise, the ``CALM`` events (no officer roll, no ship move), so ``dice`` are the rolls
of the actions, in order.
"""

from __future__ import annotations

import pytest
from mm_helpers import CALM, SUSPECTS, Game

from referee.core.events import EVERYONE
from referee.core.orders import Order
from referee.games.minuit import RULES, SetupError
from referee.games.minuit.board import neighbours, route, suspect_reach
from referee.games.minuit.content import (
    CONNECTIONS,
    EVENTS,
    LOCATIONS,
    NO_EVENT,
    ZONE_OF_LOCATION,
    ZONES,
    deck_for,
)
from referee.games.minuit.investigation import load_investigation
from referee.games.minuit.parse import parse_line
from referee.games.minuit.scoring import final_result
from referee.games.minuit.state import FINAL, SOLO

CASE = load_investigation("last-waltz")


# --- the board (MM-1, MM-2, the adjacency ruling) -------------------------------------------------


def test_mm1_ten_zones_hold_the_24_locations_as_the_rulebook_places_them() -> None:
    assert tuple(range(1, 11)) == ZONES and tuple(range(1, 25)) == LOCATIONS
    expected = {1: list(range(1, 13)), 2: [13], 3: [14], 4: [15, 16], 5: [17, 18], 6: [19, 20], 7: [21]}
    expected |= {8: [22], 9: [23], 10: [24]}
    for zone, locations in expected.items():
        assert [n for n, z in ZONE_OF_LOCATION.items() if z == zone] == locations


def test_mm2_passages_and_the_rows_of_each_deck_are_the_only_connections() -> None:
    pairs = {tuple(sorted(pair)) for pair in CONNECTIONS}
    assert pairs == {(1, 2), (1, 3), (4, 5), (5, 6), (7, 8), (8, 9), (1, 4), (5, 8), (3, 6), (9, 10)}
    assert neighbours(2, NO_EVENT) == [1]  # the suite only from the VIP cabins
    assert 3 not in neighbours(2, NO_EVENT) and 2 not in neighbours(3, NO_EVENT)


def test_mm2_mm13_the_cheapest_way_to_the_suite_from_the_salon_costs_four() -> None:
    assert route(6, 2, NO_EVENT) == ([3, 1, 2], 4)
    assert route(2, 1, NO_EVENT) == ([1], 1)  # leaving costs 1
    assert route(6, 10, NO_EVENT) == ([5, 8, 9, 10], 4)


# --- set-up (MM-7 … MM-10) ------------------------------------------------------------------------


@pytest.mark.parametrize(("count", "ship", "buoys"), [(2, 1, 3), (3, 2, 2), (4, 3, 1), (5, 4, 1), (6, 4, 1)])
def test_mm7_mm9_ship_start_and_buoys_follow_the_number_of_players(count: int, ship: int, buoys: int) -> None:
    names = ["Anna", "Boris", "Vera", "Gleb", "Dina", "Egor"][:count]
    started = RULES.start({"id": "g", "seed": 4, "language": "en", "players": [{"name": n} for n in names]})
    data = started[0].data
    assert data["ship"] == ship and data["buoys"] == buoys


def test_mm7_calm_sea_leaves_with_four_players_and_double_regime_with_five_or_six() -> None:
    assert len(EVENTS) == 18 and {"calm-sea", "double-regime"} <= set(EVENTS)
    assert len(deck_for(2)) == len(deck_for(3)) == 18
    assert "calm-sea" not in deck_for(4) and "double-regime" in deck_for(4)
    assert (
        "double-regime" not in deck_for(5)
        and "double-regime" not in deck_for(6)
        and "calm-sea" in deck_for(6)
    )
    with pytest.raises(SetupError, match="calm-sea"):
        Game(("Anna", "Boris", "Vera", "Gleb"), events=["calm-sea"])


@pytest.mark.parametrize("count", [1, 7])
def test_mm7_two_to_six_players(count: int) -> None:
    names = [f"P{n}" for n in range(count)]
    with pytest.raises(SetupError):
        RULES.start({"id": "g", "seed": 1, "language": "en", "players": [{"name": n} for n in names]})


@pytest.mark.parametrize("seed", [1, 2, 3, 99])
def test_mm8_suspects_start_two_per_zone_four_to_nine_and_detectives_in_the_salon(seed: int) -> None:
    game = Game(seed=seed, suspects=None)
    zones = sorted(game.state.suspects.values())
    assert zones == [4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9]
    assert set(game.state.detectives.values()) == {6}


def test_mm8_a_fixed_set_up_must_put_two_suspects_in_each_zone() -> None:
    with pytest.raises(SetupError, match="two per zone"):
        Game(suspects={**SUSPECTS, "zoe": 4})


def test_mm10_every_round_opens_with_the_first_players_turn() -> None:
    game = Game(("Anna", "Boris", "Vera"), events=CALM)
    assert game.state.seat == "Anna" and game.state.round == 1
    for seat in ("Anna", "Boris", "Vera"):
        game.ok(seat, "END")
    assert game.state.seat == "Anna" and game.state.round == 2
    assert game.state.event == "strong-coffee"


# --- the First Player's phase (MM-11) -------------------------------------------------------------


def test_mm11_the_officer_goes_to_the_zone_rolled_and_bans_questions_and_searches_there() -> None:
    game = Game(events=["following-wind"], dice=[6, 2])
    assert game.state.officer == 6 and game.last("officer_placed").data["roll"] == 6
    assert game.refused("Anna", "QUESTION KRISTINA ALIBI QUICK").reason == "officer_here"
    assert game.refused("Anna", "SEARCH 19 THOROUGH").reason == "officer_here"
    game.ok("Anna", "MOVE 5")  # movement is not affected
    game.ok("Anna", "QUESTION LEON MOTIVE QUICK")
    assert game.state.rolls == 2


def test_mm11_mm4_an_event_drawn_moves_the_ship_and_holds_for_its_round_only() -> None:
    game = Game(events=["strong-coffee", "berth-cleared"], dice=[5])
    assert game.state.ap == 5 and game.state.ship == 1
    game.ok("Anna", "END")
    assert game.state.ap == 5  # Boris has the same round's event
    game.ok("Boris", "END")
    assert game.state.event == "berth-cleared" and game.state.ship == 3 and game.state.ap == 4


# --- the event deck (MM-4): every effect -----------------------------------------------------------


def test_mm4_every_event_has_a_title_and_a_text_in_both_languages_and_moves_the_ship_only_forward() -> None:
    for card in EVENTS.values():
        assert all(card.title[lang] and card.text[lang] for lang in ("en", "ru"))
        assert card.ship >= 0
    assert sum(card.ship for card in EVENTS.values()) >= 9  # a two-player game can reach port


@pytest.mark.parametrize("event", sorted(EVENTS))
def test_mm4_each_events_effect_applies_for_its_round(event: str) -> None:
    card = EVENTS[event]
    game = Game(events=[event], dice=[4, 8, 8, 8])
    assert game.state.ship == 1 + card.ship
    assert game.state.ap == 4 + card.ap
    expected_officer = 4 if card.officer is None else card.officer
    assert game.state.officer == expected_officer
    for pair in card.closed:
        a, b = sorted(pair)
        assert b not in neighbours(a, card)
    if card.suspects_stay:
        assert game.refused("Anna", "MOVE KRISTINA 5").reason == "suspects_stay"
    if card.success == 8:
        game.ok("Anna", "QUESTION KRISTINA ALIBI QUICK")  # the 8 after the officer's 4
        assert game.last("acted").data["success"]
    if card.enter_suite != 2:
        assert route(1, 2, card) == ([2], card.enter_suite)


def test_mm4_a_closed_passage_must_be_walked_around_or_cannot_be_crossed() -> None:
    game = Game(events=["fog"])
    (verdict,) = game.ok("Anna", "MOVE 3")  # 6–3 closed: round by the pool and the VIP cabins
    assert verdict.understood["path"] == [5, 4, 1, 3] and verdict.understood["cost"] == 4
    game = Game(events=["flooded-stairs"], dice=[5])
    game.ok("Anna", "MOVE 8")
    assert game.refused("Anna", "MOVE 10").reason == "no_way"  # 9–10 is the only way to the hold


# --- moving (MM-12, MM-13) -------------------------------------------------------------------------


def test_mm12_mm13_a_move_costs_one_point_per_zone_and_entering_the_suite_two() -> None:
    """Updated for the revised "By mail" ruling: 0 points no longer end the turn by themselves."""
    game = Game(events=CALM)
    (verdict,) = game.ok("Anna", "MOVE 1")
    assert verdict.understood["cost"] == 2 and game.state.ap == 2
    (verdict,) = game.ok("Anna", "MOVE 2")
    assert verdict.understood["cost"] == 2 and verdict.understood["ap"] == 0
    assert game.state.detectives["Anna"] == 2 and game.state.seat == "Anna" and not game.state.turn_over


def test_mm13_a_move_beyond_the_points_left_is_refused() -> None:
    game = Game(events=CALM)
    game.ok("Anna", "MOVE 1")
    verdict = game.refused("Anna", "MOVE 10")
    assert verdict.reason == "not_enough_ap" and verdict.params == {"cost": 5, "ap": 2}


def test_mm13_never_two_detectives_in_the_suite() -> None:
    """Updated for the revised "By mail" ruling: the turn at 0 points is ended with END."""
    game = Game(events=CALM)
    game.ok("Anna", "MOVE 2\nEND")
    assert game.state.seat == "Boris"
    game.ok("Boris", "MOVE 1")
    verdict = game.refused("Boris", "MOVE 2")
    assert verdict.reason == "suite_taken" and verdict.params["other"] == "Anna"


def test_mm13_leaving_the_suite_costs_one_point() -> None:
    """Updated for the revised "By mail" ruling: the turn at 0 points is ended with END."""
    game = Game(events=CALM)
    game.ok("Anna", "MOVE 2\nEND")
    game.ok("Boris", "END")
    game.ok("Anna", "MOVE 1")
    assert game.state.ap == 5 - 1  # strong coffee: 5 points in round 2


# --- questions, searches, methods (MM-14 … MM-16) --------------------------------------------------


def test_mm14_a_suspect_is_questioned_only_in_the_detectives_zone() -> None:
    game = Game(events=CALM, dice=[1])
    verdict = game.refused("Anna", "QUESTION TOMAS ALIBI QUICK")
    assert verdict.reason == "suspect_elsewhere" and verdict.params["zone"] == 7
    game.ok("Anna", "QUESTION SOFIA WITNESS QUICK")
    assert game.last("lead_read").data["lead"] == "sofia.witness"


def test_mm14_the_topic_comes_before_the_method() -> None:
    game = Game(events=CALM)
    assert game.refused("Anna", "QUESTION KRISTINA QUICK").reason == "bad_topic"
    assert game.refused("Anna", "QUESTION KRISTINA ALIBI").reason == "missing_method"


def test_mm15_only_a_location_of_ones_own_zone_may_be_searched() -> None:
    game = Game(events=CALM, dice=[2])
    verdict = game.refused("Anna", "SEARCH 13 QUICK")
    assert verdict.reason == "location_elsewhere" and verdict.params["zone"] == 2
    game.ok("Anna", "SEARCH 20 QUICK")


def test_mm15_mm18_a_vip_cabin_is_shut_while_its_owner_is_in_the_vip_cabins() -> None:
    game = Game(events=CALM, dice=[5, 1, 1])  # round 2: the officer rolls 5
    game.ok("Anna", "MOVE KRISTINA 1")  # up the wheelhouse stairs to her cabin
    assert game.state.suspects["kristina"] == 1
    game.ok("Boris", "END")
    game.ok("Anna", "MOVE 1")
    verdict = game.refused("Anna", "SEARCH 2 QUICK")  # cabin 02 is Kristina's
    assert verdict.reason == "cabin_occupied" and verdict.params["suspect"] == "kristina"
    game.ok("Anna", "SEARCH 10 QUICK")  # Tomas is in zone 7: his cabin is open
    game.ok("Anna", "QUESTION KRISTINA MOTIVE QUICK")  # she can still be questioned


def test_mm16_quick_is_public_discreet_and_thorough_are_private() -> None:
    game = Game(events=CALM, dice=[3, 3])
    game.ok("Anna", "QUESTION KRISTINA ALIBI QUICK")
    assert game.last("lead_read").audience == (EVERYONE,)
    game.ok("Anna", "QUESTION KRISTINA WITNESS DISCREET")
    assert game.last("lead_read").audience == ("Anna",)
    assert game.state.ap == 1
    assert game.state.known["Boris"] == ("kristina.alibi",)
    game.ok("Anna", "END")
    game.ok("Boris", "SEARCH 19 THOROUGH")
    acted = game.last("acted").data
    assert acted["roll"] == 0 and acted["success"] and game.last("lead_read").audience == ("Boris",)
    assert game.state.rolls == 2  # thorough rolls no die


@pytest.mark.parametrize(("die", "success"), [(1, True), (7, True), (8, False), (10, False)])
def test_mm16_a_d10_of_one_to_seven_succeeds(die: int, success: bool) -> None:
    game = Game(events=CALM, dice=[die])
    game.ok("Anna", "SEARCH 19 QUICK")
    assert game.last("acted").data["success"] is success
    assert ("lead_read" in game.kinds()) is success


def test_mm16_a_failed_roll_may_be_retried_in_the_next_mail_paying_again() -> None:
    game = Game(events=CALM, dice=[9, 2])
    game.ok("Anna", "SEARCH 19 QUICK")
    assert game.state.failed and game.state.ap == 3
    game.ok("Anna", "RETRY DISCREET")
    acted = game.last("acted").data
    assert acted["target"] == 19 and acted["method"] == "discreet" and acted["success"]
    assert game.state.ap == 1 and game.state.failed is None
    assert game.refused("Anna", "RETRY").reason == "nothing_to_retry"


# --- buoys (MM-17) ----------------------------------------------------------------------------------


def test_mm17_a_buoy_turns_an_eight_into_a_success() -> None:
    game = Game(events=CALM, dice=[8])
    game.ok("Anna", "SEARCH 19 DISCREET")
    (verdict,) = game.ok("Anna", "BUOY")
    assert verdict.understood["use"] == "roll" and verdict.understood["success"]
    assert game.last("lead_read").audience == ("Anna",) and game.state.buoys["Anna"] == 2


def test_mm17_a_buoy_gives_a_point_and_several_may_be_used_in_one_turn() -> None:
    game = Game(events=CALM, dice=[10])
    game.ok("Anna", "SEARCH 19 THOROUGH\nSEARCH 20 QUICK")  # 4 points spent, the roll of 10 failed
    assert game.state.ap == 0 and not game.state.turn_over  # a buoy may still save the roll
    game.ok("Anna", "BUOY AP\nBUOY AP")
    assert game.state.ap == 2 and game.state.buoys["Anna"] == 1
    game.ok("Anna", "BUOY ROLL")
    assert game.state.buoys["Anna"] == 0 and not game.last("buoy_used").data["success"]
    assert game.refused("Anna", "BUOY").reason == "no_buoy"


def test_mm17_a_buoy_on_the_roll_needs_a_failed_roll() -> None:
    game = Game(events=CALM)
    assert game.refused("Anna", "BUOY ROLL").reason == "nothing_to_boost"


# --- moving a suspect (MM-18) ----------------------------------------------------------------------


def test_mm18_a_suspect_moves_one_or_two_zones_never_into_the_suite_nor_twice_in_a_row() -> None:
    game = Game(events=CALM)
    assert suspect_reach(6, 2, NO_EVENT) == [1, 3, 4, 5, 8]
    verdict = game.refused("Anna", "MOVE KRISTINA 9")
    assert verdict.reason == "too_far" and verdict.params["reach"] == [1, 3, 4, 5, 8]
    game.ok("Anna", "MOVE KRISTINA 3")
    assert game.state.seat == "Boris" and game.state.last_moved == "kristina"  # the move ended the turn
    assert game.refused("Boris", "MOVE KRISTINA 1").reason == "moved_last"
    assert game.refused("Boris", "MOVE GRETA 2").reason == "not_into_suite"


def test_mm18_the_suspect_is_moved_after_the_actions_of_the_same_mail() -> None:
    game = Game(events=CALM, dice=[1])
    game.ok("Anna", "MOVE SOFIA 5\nQUESTION SOFIA ALIBI QUICK")
    assert [e.kind for e in game.log if e.kind in ("acted", "suspect_moved")] == ["acted", "suspect_moved"]


# --- the end (MM-19, MM-20) and scoring (MM-21) ----------------------------------------------------


def test_mm3_mm19_the_ship_reaching_port_stops_the_game_at_once_for_the_hypotheses() -> None:
    """MM-3: a track of 10 spaces; the ship only moves forward and the game ends on space 10."""
    game = Game(
        events=[
            *("strong-coffee", "berth-cleared", "double-regime", "following-wind", "lighthouse"),
            *("pilot-boat", "engine-check", "lift-breakdown", "fog"),
        ],
        dice=[3] * 9,
    )
    ships = [game.state.ship]
    while game.state.stage == "turns":
        game.ok(game.state.seat, "END")
        ships.append(game.state.ship)
    assert ships == sorted(ships) and game.state.round == 8
    assert game.state.ship == 10 and game.state.stage == FINAL
    assert game.last("stage_opened").data["why"] == "port"
    assert game.refused("Anna", "MOVE 5").reason == "turns_over"


def test_mm19_ruling_an_empty_deck_brings_the_ship_to_port() -> None:
    game = Game(events=["strong-coffee"])
    game.ok("Anna", "END")
    game.ok("Boris", "END")
    assert game.state.ship == 10 and game.state.stage == FINAL


def test_mm19_two_different_hypotheses_per_element() -> None:
    game = Game(events=["strong-coffee"])
    game.ok("Anna", "END")
    game.ok("Boris", "END")
    assert game.refused("Anna", "HYPOTHESIS CULPRIT TOMAS TOMAS").reason == "same_twice"
    assert game.refused("Anna", "HYPOTHESIS CULPRIT TOMAS").reason == "two_hypotheses"
    game.ok(
        "Anna", "HYPOTHESIS CULPRIT TOMAS KRISTINA\nHYPOTHESIS MEANS 1 2\nHYPOTHESIS MOTIVE exposure money"
    )
    assert game.state.hypotheses["Anna"] == {
        "culprit": ("tomas", "kristina"),
        "means": ("trophy", "bottle"),
        "motive": ("exposure", "money"),
    }
    assert game.last("hypotheses_written").audience == ("Anna",)


def test_mm20_revelations_only_from_the_grand_salon_and_the_round_is_played_out() -> None:
    game = Game(("Anna", "Boris", "Vera"), events=CALM)
    game.ok("Anna", "MOVE 5")
    assert game.refused("Anna", "REVEAL").reason == "reveal_not_here"
    game.ok("Anna", "MOVE 6\nREVEAL")
    assert game.state.revealer == "Anna" and game.state.seat == "Boris"
    assert game.refused("Boris", "REVEAL").reason == "already_revealing"
    game.ok("Boris", "END")
    game.ok("Vera", "END")
    assert game.state.stage == SOLO


def test_mm20_the_revealer_writes_first_and_their_hypotheses_1_are_shown_to_all() -> None:
    game = Game(("Anna", "Boris", "Vera"), events=CALM)
    game.ok("Anna", "REVEAL")
    game.ok("Boris", "END")
    game.ok("Vera", "END")
    assert game.state.stage == SOLO
    assert game.refused("Boris", "HYPOTHESIS CULPRIT TOMAS KRISTINA").reason == "wait_for_revealer"
    game.ok(
        "Anna",
        "HYPOTHESIS CULPRIT TOMAS KRISTINA\nHYPOTHESIS MEANS trophy bottle\nHYPOTHESIS MOTIVE money exposure",
    )
    assert game.state.stage == FINAL
    shown = game.last("revealer_shown")
    assert shown.audience == (EVERYONE,) and shown.data["first"] == {
        "culprit": "tomas",
        "means": "trophy",
        "motive": "money",
    }
    assert game.refused("Anna", "HYPOTHESIS CULPRIT ZOE KRISTINA").reason == "already_revealed"
    assert "shown" in game.view("Vera") and game.view("Vera")["shown"]["culprit"] == "tomas"


def test_mm21_points_for_hypothesis_1_or_else_2_and_the_revealers_bonus_and_penalty() -> None:
    game = Game(("Anna", "Boris", "Vera"), events=CALM)
    game.ok("Anna", "REVEAL")
    game.ok("Boris", "END")
    game.ok("Vera", "END")
    game.ok(
        "Anna",
        "HYPOTHESIS CULPRIT TOMAS KRISTINA\nHYPOTHESIS MEANS trophy bottle\nHYPOTHESIS MOTIVE money exposure",
    )
    game.ok(
        "Boris",
        "HYPOTHESIS CULPRIT KRISTINA TOMAS\nHYPOTHESIS MEANS trophy bottle\nHYPOTHESIS MOTIVE exposure money",
    )
    game.ok(
        "Vera", "HYPOTHESIS CULPRIT ZOE LEON\nHYPOTHESIS MEANS poison pills\nHYPOTHESIS MOTIVE none despair"
    )
    result = game.state.result
    scores = {s["seat"]: s for s in result["scores"]}
    assert result["revealer_right"] == 2
    assert scores["Anna"]["points"] == {"culprit": 10, "means": 6, "motive": 3}
    assert scores["Anna"]["adjustment"] == -10 and scores["Anna"]["total"] == 9
    assert scores["Boris"]["points"] == {"culprit": 5, "means": 6, "motive": 6}
    assert scores["Boris"]["adjustment"] == -10 and scores["Boris"]["total"] == 7
    assert scores["Vera"]["total"] == -10
    assert result["winners"] == ["Anna"]


def test_mm21_ties_share_the_win_and_a_missing_hypothesis_scores_nothing() -> None:
    game = Game(events=["strong-coffee"])
    game.ok("Anna", "END")
    game.ok("Boris", "END")
    game.close()  # nobody wrote anything by the deadline
    result = game.state.result
    assert [s["total"] for s in result["scores"]] == [0, 0] and result["winners"] == ["Anna", "Boris"]
    assert final_result(game.state)["solution"] == CASE.solution


# --- turns by mail (the "By mail" ruling) -----------------------------------------------------------


def test_by_mail_one_player_at_a_time() -> None:
    game = Game(events=CALM)
    verdict = game.refused("Boris", "MOVE 5")
    assert verdict.reason == "not_your_turn" and verdict.params["current"] == "Anna"


def test_by_mail_end_or_the_deadline_ends_a_turn() -> None:
    game = Game(events=CALM)
    game.ok("Anna", "MOVE 5")
    assert not game.state.turn_over
    game.close()
    assert game.last("turn_done").data == {"seat": "Anna", "why": "deadline"} and game.state.seat == "Boris"
    game.ok("Boris", "END")
    assert game.state.seat == "Anna" and game.state.round == 2


def test_by_mail_revised_zero_points_leave_the_turn_open_even_after_a_successful_roll() -> None:
    """Updated for the revised "By mail" ruling: before it, 0 points after a successful roll ended
    the turn at once; now the turn stays open for the buoys and the suspect's move until END."""
    game = Game(events=CALM, dice=[2])
    game.ok("Anna", "SEARCH 19 THOROUGH\nSEARCH 20 QUICK")
    assert game.state.seat == "Anna" and not game.state.turn_over and game.state.ap == 0
    game = Game(events=CALM, dice=[9])
    game.ok("Anna", "SEARCH 19 THOROUGH\nSEARCH 20 QUICK")
    assert game.state.seat == "Anna" and game.state.ap == 0
    assert game.refused("Anna", "RETRY").reason == "not_enough_ap"
    game.ok("Anna", "END")
    assert game.state.seat == "Boris"


def test_by_mail_every_letter_carries_the_map_with_detectives_suspects_officer_and_ship() -> None:
    game = Game(events=["following-wind"], dice=[7, 1])
    game.ok("Anna", "QUESTION KRISTINA ALIBI QUICK\nEND")
    letters = [n.data for n in game.notices] + game.answers + [n.data for n in game.relayed]
    for data in letters:
        text = data["board"]["text"]["en"]
        assert "space 2 of 10" in text and "zone 7" in text and "Kristina" in text and "Anna" in text


def test_by_mail_a_quick_lead_reaches_the_others_in_the_turns_one_mail_and_a_discreet_one_never() -> None:
    """MM-16 by mail: a public lead is mailed to the others once, in the mail that tells the turn, not
    alone as it is read; a discreet lead stays its reader's."""
    game = Game(("Anna", "Boris", "Vera"), events=CALM, dice=[1, 1])
    game.ok("Anna", "QUESTION KRISTINA ALIBI QUICK")
    game.ok("Anna", "QUESTION KRISTINA MOTIVE DISCREET")
    assert game.relayed == []  # nothing is mailed while the turn goes on
    told = len(game.notices)
    game.ok("Anna", "END")
    turn = game.notices[told:]
    assert sorted(n.audience[0] for n in turn) == ["Anna", "Boris", "Vera"]  # one mail each
    public, secret = CASE.lead("kristina.alibi"), CASE.lead("kristina.motive")
    for notice in turn:
        texts = [step.get("text") for step in notice.data["steps"] if step["kind"] == "lead_read"]
        assert public in texts
        assert (secret in texts) == (notice.audience == ("Anna",))
    assert all(secret["en"] not in str(view) for view in (game.view("Boris"), game.view("Vera")))
    assert secret["en"] in str(game.view("Anna"))


# --- the order language ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("english", "russian"),
    [
        ("MOVE 6", "ИДУ 6"),
        ("QUESTION KRISTINA ALIBI DISCREET", "ДОПРОС КРИСТИНА АЛИБИ ОСТОРОЖНО"),
        ("QUESTION K WITNESS QUICK", "ДОПРОС К СВИДЕТЕЛЬ БЫСТРО"),
        ("SEARCH 19 THOROUGH", "ОБЫСК 19 ТЩАТЕЛЬНО"),
        ("BUOY AP", "КРУГ ОЧКО"),
        ("RETRY QUICK", "ПОВТОР БЫСТРО"),
        ("MOVE KRISTINA 4", "ПЕРЕМЕСТИТЬ КРИСТИНА 4"),
        ("REVEAL", "РАЗОБЛАЧЕНИЕ"),
        ("END", "КОНЕЦ"),
        ("HYPOTHESIS CULPRIT TOMAS ACCIDENT", "ГИПОТЕЗА ВИНОВНЫЙ ТОМАС НЕСЧАСТНЫЙ СЛУЧАЙ"),
        ("HYPOTHESIS MOTIVE 4 1", "ГИПОТЕЗА МОТИВ 4 1"),
    ],
)
def test_orders_read_the_same_in_english_and_russian(english: str, russian: str) -> None:
    one, two = parse_line(english, CASE), parse_line(russian, CASE)
    assert getattr(one, "kind", None) and (one.kind, one.args) == (two.kind, two.args)  # type: ignore[union-attr]


def test_a_mistyped_order_or_suspect_is_read_when_the_rest_is_plain_issue_37() -> None:
    for line in ("QUESTON KRISTINA ALIBI QUICK", "QUESTION KRISTNA ALIBI QUICK"):
        order = parse_line(line, CASE)
        assert isinstance(order, Order) and order.args == {
            "suspect": "kristina",
            "topic": "alibi",
            "method": "quick",
        }


def test_a_mistyped_order_or_suspect_gets_a_suggestion() -> None:
    assert parse_line("QUESTON KRISTINA", CASE).params["suggestion"] == "QUESTION"  # type: ignore[union-attr]
    assert parse_line("QUESTION KRISTINELLA ALIBI QUICK", CASE).params["suggestion"] == "Kristina"  # type: ignore[union-attr]
