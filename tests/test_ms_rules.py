"""Museum Suspects rules, one test (or a few) per rule and ruling of rules/museum-suspects.md.

Games use a fixed set-up (``ms_helpers.GRID`` and clue sets) unless a test is about the
seeded draw, and are driven through the public ``RULES`` API the way the store drives it.
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import replace

import pytest
from ms_helpers import GRID, NO_THIEF, ONE_THIEF, THREE_THIEVES, TWO_THIEVES, Game, play_bots

from referee.core.events import EVERYONE, Event
from referee.core.orders import Order, Unreadable
from referee.core.phases import Phase
from referee.games.museum_suspects import RULES, SetupError
from referee.games.museum_suspects.content import (
    ATTRIBUTE_TYPES,
    CLUE_TYPES,
    CRITERIA,
    CRITERIA_BY_TYPE,
    ROOMS,
    SUSPECT,
    SUSPECTS,
    VALUES,
    clears,
    clue_text,
)
from referee.games.museum_suspects.parse import parse_line
from referee.games.museum_suspects.scoring import thieves
from referee.games.museum_suspects.state import EXIT, TOKEN_VALUES, ClueToken

# --- the protocol ------------------------------------------------------------------------------


def test_rules_declare_the_contract_attributes() -> None:
    assert RULES.kind == "museum-suspects"
    assert RULES.early_close is True
    assert RULES.setup_keys == frozenset({"grid", "clues"})
    assert RULES.player_keys == frozenset()


# --- MS-1: material ----------------------------------------------------------------------------


def test_ms1_twenty_four_original_suspects_with_both_names_and_five_attributes() -> None:
    assert len(SUSPECTS) == 24
    assert len({s.id for s in SUSPECTS}) == 24
    assert len({s.en.casefold() for s in SUSPECTS}) == 24
    assert len({s.ru.casefold() for s in SUSPECTS}) == 24
    for kind in ATTRIBUTE_TYPES:
        assert len(VALUES[kind]) == 4
        worn = Counter(s.attribute(kind) for s in SUSPECTS)
        assert sorted(worn) == sorted(v.id for v in VALUES[kind])
        assert set(worn.values()) == {6}, (kind, worn)
    assert len({tuple(s.attribute(k) for k in ATTRIBUTE_TYPES) for s in SUSPECTS}) == 24


def test_ms1_thirty_two_clue_criteria_in_eight_types_of_four() -> None:
    assert len(CRITERIA) == 32
    assert CLUE_TYPES[5:] == ("line", "column", "corner")
    assert CLUE_TYPES[:5] == ATTRIBUTE_TYPES
    assert all(len(CRITERIA_BY_TYPE[kind]) == 4 for kind in CLUE_TYPES)
    assert clue_text("animal:cat") == {"en": "The thief has no cat.", "ru": "У вора нет кота."}
    assert clue_text("line:2")["en"] == "The thief is not in row 2."
    assert "B" in clue_text("column:B")["en"]
    assert "C1, D1, C2, D2" in clue_text("corner:top-right")["en"]


@pytest.mark.parametrize(
    ("criterion", "cleared"),
    [
        ("line:2", {"A2", "B2", "C2", "D2"}),
        ("column:C", {"C1", "C2", "C3", "C4"}),
        ("corner:top-left", {"A1", "B1", "A2", "B2"}),
        ("corner:bottom-right", {"C3", "D3", "C4", "D4"}),
        ("animal:owl", {room for room, s in zip(ROOMS, GRID, strict=True) if SUSPECT[s].animal == "owl"}),
    ],
)
def test_ms1_each_criterion_clears_the_suspects_it_describes(criterion: str, cleared: set[str]) -> None:
    assert {room for room, s in zip(ROOMS, GRID, strict=True) if clears(criterion, room, s)} == cleared


def test_ms1_ruling_tokens_are_one_to_six_twice() -> None:
    game = Game()
    assert TOKEN_VALUES == (1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6)
    assert game.state.hand("Anna") == TOKEN_VALUES
    assert game.view("Boris")["hand"] == list(TOKEN_VALUES)


@pytest.mark.parametrize("count", [1, 5])
def test_ms1_two_to_four_players(count: int) -> None:
    with pytest.raises(SetupError, match="2 to 4 players"):
        Game([f"P{i}" for i in range(count)])


def test_ms1_players_need_distinct_names() -> None:
    with pytest.raises(SetupError, match="two players are called"):
        Game(["Anna", "ANNA"])


# --- MS-2: setup ---------------------------------------------------------------------------------


def test_ms2_grid_and_clues_drawn_from_the_seed() -> None:
    first = Game(seed=42, grid=None, clues=None).state
    again = Game(seed=42, grid=None, clues=None).state
    other = Game(seed=43, grid=None, clues=None).state
    assert first.grid == again.grid and first.clues == again.clues
    assert (first.grid, first.clues) != (other.grid, other.clues)
    assert len(first.grid) == 16 and len(set(first.grid)) == 16
    assert set(first.grid) <= set(SUSPECT)
    assert sorted(CRITERIA[c][0] for c in first.clues) == sorted(CLUE_TYPES)


def test_ms2_fixed_grid_is_read_in_reading_order_with_names_in_either_language() -> None:
    names = [SUSPECT[s].ru if i % 2 else SUSPECT[s].en.upper() for i, s in enumerate(GRID)]
    game = Game(grid=names, clues=[c.upper() for c in TWO_THIEVES])
    assert game.state.grid == tuple(GRID)
    assert ROOMS[:5] == ("A1", "B1", "C1", "D1", "A2")
    assert game.state.suspect_in("B2") == GRID[5] == "fabian"
    assert game.state.clues == tuple(TWO_THIEVES)


@pytest.mark.parametrize(
    ("grid", "clues", "message"),
    [
        (GRID[:15], TWO_THIEVES, "grid must list 16"),
        (["Nobody", *GRID[1:]], TWO_THIEVES, "'Nobody' .* is not a suspect"),
        ([GRID[0], *GRID[:15]], TWO_THIEVES, "appears twice"),
        (GRID, TWO_THIEVES[:7], "clues must list 8"),
        (GRID, ["animal:dog", *TWO_THIEVES[1:7], "animal:owl"], "exactly one"),
        (GRID, [*TWO_THIEVES[:7], "corner:middle"], "not a criterion"),
    ],
)
def test_ms2_bad_fixed_setup_is_refused(grid: list[str], clues: list[str], message: str) -> None:
    with pytest.raises(SetupError, match=message):
        Game(grid=grid, clues=clues)


def test_ms2_row_is_accepted_for_line_in_a_fixed_setup() -> None:
    clues = [c.replace("line:", "row:") for c in TWO_THIEVES]
    assert Game(clues=clues).state.clues == tuple(TWO_THIEVES)


def test_ms2_clues_are_secret_and_the_grid_public() -> None:
    game = Game()
    started = game.events("game_started")[0]
    assert started.audience == ()
    opened = game.events("museum_opened")[0]
    assert opened.audience == (EVERYONE,) and "clues" not in opened.data
    view = json.dumps(game.view("Anna"))
    assert all(c not in view for c in TWO_THIEVES)
    assert [cell["suspect"] for cell in game.view("Anna")["grid"]] == GRID


# --- MS-3: rounds and turns ------------------------------------------------------------------------


def test_ms3_turns_follow_the_game_file_order_for_six_rounds() -> None:
    game = Game(["Vera", "Anna", "Carl"])
    order, phases = [], []
    while not RULES.finished(game.state):
        order.append(game.seat)
        phases.append(RULES.phase(game.state))
        game.play(RULES.bot(game.view(game.seat), 3))
    assert order == ["Vera", "Anna", "Carl"] * 6
    assert [p.index for p in phases] == list(range(1, 19))
    assert len({p.key for p in phases}) == 18
    assert phases[4] == Phase(5, "r2s2", "round 2, Anna's turn", "turn")
    assert all(p.stage == "turn" for p in phases)


def test_ms3_waiting_is_the_current_player_until_the_suggestion() -> None:
    game = Game()
    assert RULES.waiting(game.state) == ("Anna",)
    game.submit("Anna", "INVESTIGATE 1 WITH 3")
    assert RULES.waiting(game.state) == ("Anna",)
    assert game.state.turn == 0
    game.submit("Anna", "SUGGEST B2 WITH 1")
    assert game.state.turn == 1  # closed at once: early close
    assert RULES.waiting(game.state) == ("Boris",)


def test_ms3_both_steps_in_one_mail_in_either_order() -> None:
    game = Game()
    verdicts = game.submit("Anna", "SUGGEST A1 WITH 2\nINVESTIGATE 4 WITH 6")
    assert [v.accepted for v in verdicts] == [True, True]
    assert [v.understood["kind"] for v in verdicts] == ["suggest", "investigate"]
    assert game.state.turn == 1
    assert game.state.stacks[3] == (ClueToken("Anna", 6, 0),)


def test_ms3_ruling_must_investigate_before_suggesting_when_a_clue_is_open() -> None:
    game = Game()
    verdict = game.submit("Anna", "SUGGEST A1 WITH 2")[0]
    assert not verdict.accepted and verdict.reason == "investigate_first"
    assert verdict.params["open"] == list(range(1, 9))
    assert game.state.suggestions == () and game.state.turn == 0


def test_ms3_only_the_current_player_may_act() -> None:
    game = Game()
    verdict = game.submit("Boris", "INVESTIGATE 1 WITH 3")[0]
    assert (verdict.accepted, verdict.reason, verdict.params) == (False, "not_your_turn", {"current": "Anna"})
    assert game.state.stacks[0] == ()


def test_ms3_one_investigation_and_one_suggestion_per_turn() -> None:
    game = Game()
    game.play("INVESTIGATE 1 WITH 3")
    again = game.submit("Anna", "INVESTIGATE 2 WITH 4")[0]
    assert (again.accepted, again.reason, again.params) == (False, "already_investigated", {"clue": 1})
    verdicts = game.submit("Anna", "SUGGEST A1 WITH 2\nSUGGEST B1 WITH 3")
    assert [v.reason for v in verdicts] == ["", "already_suggested"]
    assert [s.target for s in game.state.suggestions] == ["A1"]


def test_ms3_the_game_ends_after_six_rounds() -> None:
    game = Game(["Anna", "Boris", "Carl", "Dina"])
    play_bots(game)
    assert RULES.finished(game.state)
    assert len(game.events("turn_ended")) == 24
    assert len(game.events("game_ended")) == 1
    assert game.submit("Anna", "INVESTIGATE 1 WITH 6")[0].reason == "game_over"
    assert RULES.waiting(game.state) == ()
    with pytest.raises(ValueError, match="is over"):
        RULES.resolve(game.state)


# --- MS-4: investigate -----------------------------------------------------------------------------


def test_ms4_first_token_on_a_bare_clue_may_be_any_value() -> None:
    game = Game()
    game.play("INVESTIGATE 5 WITH 1\nSUGGEST EXIT WITH 1")
    assert game.state.stacks[4] == (ClueToken("Anna", 1, 0),)
    assert game.state.hand("Anna") == (2, 2, 3, 3, 4, 4, 5, 5, 6, 6)


def test_ms4_later_tokens_must_match_or_beat_the_highest() -> None:
    game = Game()
    game.play("INVESTIGATE 1 WITH 4\nSUGGEST EXIT WITH 1")
    low = game.submit("Boris", "INVESTIGATE 1 WITH 3")[0]
    assert (low.reason, low.params) == ("value_too_low", {"clue": 1, "highest": 4, "value": 3})
    game.play("INVESTIGATE 1 WITH 4\nSUGGEST EXIT WITH 1")  # equal is enough
    assert [t.value for t in game.state.stacks[0]] == [4, 4]


def test_ms4_a_clue_too_high_for_every_token_cannot_be_looked_at() -> None:
    game = Game()
    state = replace(game.state, hands={**game.state.hands, "Anna": (1, 2, 3)})
    stacks = list(state.stacks)
    stacks[2] = (ClueToken("Boris", 5, 0),)
    game.state = replace(state, stacks=tuple(stacks))
    verdict = game.submit("Anna", "INVESTIGATE 3 WITH 3")[0]
    assert verdict.reason == "clue_too_high"
    assert verdict.params == {"clue": 3, "highest": 5, "open": [1, 2, 4, 5, 6, 7, 8]}
    assert game.events("clue_looked") == []


def test_ms4_a_player_with_no_suitable_token_skips_to_suggesting() -> None:
    game = Game()
    stacks = tuple((ClueToken("Boris", 6, 0),) for _ in range(8))
    game.state = replace(game.state, hands={**game.state.hands, "Anna": (1, 1, 2)}, stacks=stacks)
    assert game.state.clues_open_to("Anna") == []
    assert game.submit("Anna", "INVESTIGATE 2 WITH 2")[0].params["open"] == []
    verdict = game.submit("Anna", "SUGGEST D2 WITH 2")[0]
    assert verdict.accepted
    summary = game.notices[-1].data["turn"]
    assert summary["clue"] is None and summary["default"] is False


def test_ms4_token_must_be_held() -> None:
    game = Game()
    game.play("INVESTIGATE 1 WITH 6\nSUGGEST EXIT WITH 6")
    game.play("INVESTIGATE 2 WITH 1\nSUGGEST EXIT WITH 1")
    verdict = game.submit("Anna", "INVESTIGATE 3 WITH 6")[0]
    assert (verdict.reason, verdict.params["value"]) == ("no_such_token", 6)
    assert verdict.params["held"] == [1, 1, 2, 2, 3, 3, 4, 4, 5, 5]


def test_ms4_ruling_values_on_clues_are_public_the_text_only_for_who_looked() -> None:
    game = Game()
    verdict = game.submit("Anna", "INVESTIGATE 6 WITH 2")[0]
    assert verdict.understood["text"] == clue_text(TWO_THIEVES[5])
    looked = game.events("clue_looked")[0]
    assert looked.audience == ("Anna",) and looked.data["criterion"] == TWO_THIEVES[5]
    public = game.events("investigated")[0]
    assert public.audience == (EVERYONE,) and public.data == {
        "seat": "Anna",
        "turn": 0,
        "clue": 6,
        "value": 2,
    }
    assert "criterion" not in public.data
    anna, boris = game.view("Anna"), game.view("Boris")
    assert anna["clues_seen"][0]["criterion"] == TWO_THIEVES[5]
    assert boris["clues_seen"] == []
    assert boris["stacks"][5]["tokens"] == [{"seat": "Anna", "value": 2, "turn": 0}]
    assert TWO_THIEVES[5] not in json.dumps(boris)
    answer = game.last_answer()
    assert answer["board"]["clues"][5]["text"] == clue_text(TWO_THIEVES[5])


def test_ms4_looking_again_at_a_seen_clue_is_allowed_and_noted() -> None:
    game = Game()
    game.play("INVESTIGATE 6 WITH 2\nSUGGEST EXIT WITH 1")
    game.play("INVESTIGATE 1 WITH 1\nSUGGEST EXIT WITH 1")
    verdict = game.play("INVESTIGATE 6 WITH 2\nSUGGEST EXIT WITH 3")[0]
    assert verdict.understood["again"] is True
    assert [c["clue"] for c in game.view("Anna")["clues_seen"]] == [6]


# --- MS-5: suggest ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "target"),
    [
        ("SUGGEST B3 WITH 5", "B3"),
        ("SUGGEST jasper WITH 5", "B3"),
        ("ПОДОЗРЕВАЮ Джаспер С 5", "B3"),
        ("SUGGEST 3B 5", "B3"),
        ("ПОДОЗРЕВАЮ В3 ЖЕТОНОМ 5", "B3"),
        ("SUGGEST EXIT WITH 5", EXIT),
        ("ПОДОЗРЕВАЮ ЗАПАСНЫЙ ВЫХОД С 5", EXIT),
    ],
)
def test_ms5_a_suggestion_goes_on_a_room_a_named_suspect_or_the_exit(text: str, target: str) -> None:
    game = Game()
    game.play(f"INVESTIGATE 1 WITH 1\n{text}")
    suggestion = game.state.suggestions[0]
    assert (suggestion.seat, suggestion.target, suggestion.value) == ("Anna", target, 5)


def test_ms5_several_tokens_may_stack_on_one_suspect_over_several_turns() -> None:
    game = Game()
    for clue, value in ((1, 1), (2, 1), (3, 2)):
        game.play(f"INVESTIGATE {clue} WITH {value}\nSUGGEST Hector WITH {7 - clue}")
        game.play(f"INVESTIGATE {clue} WITH {value + 3}\nSUGGEST EXIT WITH {value}")
    mine = [s for s in game.state.suggestions if s.seat == "Anna"]
    assert [(s.target, s.value) for s in mine] == [("D2", 6), ("D2", 5), ("D2", 4)]


def test_ms5_a_suspect_in_the_box_cannot_be_suggested() -> None:
    game = Game()
    game.play("INVESTIGATE 1 WITH 1")
    verdict = game.submit("Anna", "SUGGEST Yvonne WITH 2")[0]
    assert (verdict.reason, verdict.params["suspect"]) == ("suspect_not_on_grid", "yvonne")
    assert verdict.params["name"] == {"en": "Yvonne", "ru": "Ивонна"}
    assert game.state.suggestions == ()


def test_ms5_ruling_where_a_token_went_is_public_its_value_secret_until_the_end() -> None:
    game = Game()
    game.play("INVESTIGATE 1 WITH 1\nSUGGEST D2 WITH 6")
    private = game.events("suggested")[0]
    public = game.events("suggestion_made")[0]
    assert private.audience == ("Anna",) and private.data["value"] == 6
    assert public.audience == (EVERYONE,) and "value" not in public.data
    assert public.data["target"] == "D2" and public.data["suspect"] == "hector"
    assert "value" not in game.view("Boris")["suggestions"][0]
    assert game.view("Anna")["suggestions"][0]["value"] == 6
    boris_turn = next(n for n in game.notices if n.template == "turn" and n.audience == ("Boris",))
    tokens = boris_turn.data["board"]["rooms"][7]["tokens"]
    assert tokens == [{"seat": "Anna", "mark": "A", "color": tokens[0]["color"], "value": None}]
    assert "A:6" not in boris_turn.data["board"]["text"]["en"]
    anna_turn = next(n for n in game.notices if n.template == "turn" and n.audience == ("Anna",))
    assert "A:6" in anna_turn.data["board"]["text"]["en"]


# --- MS-6: the end ---------------------------------------------------------------------------------


def _play_example(clues: list[str]) -> Game:
    """The rulebook's example: yellow (Anna) bets 6 and 4 on the first thief, pink (Boris) 5 on the
    first thief and 3 and 2 on the second; every other token goes on the Exit or a cleared suspect."""
    game = Game(["Anna", "Boris"], clues=clues)
    turns = [
        ("INVESTIGATE 1 WITH 3", "SUGGEST D2 WITH 6"),
        ("INVESTIGATE 7 WITH 2", "SUGGEST Hector WITH 5"),
        ("INVESTIGATE 2 WITH 3", "SUGGEST Hector WITH 4"),
        ("INVESTIGATE 8 WITH 3", "SUGGEST B3 WITH 3"),
        ("INVESTIGATE 3 WITH 4", "SUGGEST EXIT WITH 1"),
        ("INVESTIGATE 1 WITH 4", "SUGGEST Jasper WITH 2"),
        ("INVESTIGATE 4 WITH 5", "SUGGEST EXIT WITH 1"),
        ("INVESTIGATE 2 WITH 5", "SUGGEST EXIT WITH 1"),
        ("INVESTIGATE 5 WITH 5", "SUGGEST EXIT WITH 2"),
        ("INVESTIGATE 3 WITH 6", "SUGGEST EXIT WITH 1"),
        ("INVESTIGATE 6 WITH 6", "SUGGEST EXIT WITH 2"),
        ("INVESTIGATE 4 WITH 6", "SUGGEST A1 WITH 4"),
    ]
    for investigate, suggest in turns:
        game.play(f"{investigate}\n{suggest}")
    return game


def test_ms6_rulebook_example_eleven_against_twelve() -> None:
    game = _play_example(TWO_THIEVES)
    result = game.state.result
    assert result["case"] == "several"
    assert result["thieves"] == ["D2", "B3"] and result["thief_suspects"] == ["hector", "jasper"]
    anna, boris = result["scores"]
    assert (anna["tokens"], anna["bonus"], anna["total"]) == ([6, 4], 1, 11)
    assert (sorted(boris["tokens"]), boris["bonus"], boris["total"]) == ([2, 3, 5], 2, 12)
    assert result["winners"] == ["Boris"]
    assert game.state.hand("Anna") == () and game.state.hand("Boris") == ()


def test_ms6_one_suspect_left_is_the_thief_and_only_tokens_on_them_score() -> None:
    result = _play_example(ONE_THIEF).state.result
    assert (result["case"], result["thieves"]) == ("one", ["B3"])
    assert [(s["tokens"], s["bonus"], s["total"]) for s in result["scores"]] == [([], 0, 0), ([3, 2], 0, 5)]
    assert result["winners"] == ["Boris"]


def test_ms6_nobody_left_means_the_thief_escaped_and_exit_tokens_score() -> None:
    result = _play_example(NO_THIEF).state.result
    assert (result["case"], result["thieves"]) == ("none", [])
    assert [s["total"] for s in result["scores"]] == [1 + 1 + 2 + 2, 1 + 1]
    assert result["winners"] == ["Anna"]


def test_ms6_several_thieves_bonus_counts_each_thief_once() -> None:
    result = _play_example(THREE_THIEVES).state.result
    assert result["thieves"] == ["D2", "B3", "A4"]
    assert [s["suspected"] for s in result["scores"]] == [["D2"], ["D2", "B3"]]
    assert [s["total"] for s in result["scores"]] == [11, 12]


def _cheap_turn(game: Game, target: str = "EXIT") -> None:
    """The current player looks at the first open clue with their lowest allowed token, then puts
    their lowest remaining token on ``target``."""
    hand = list(game.state.hand(game.seat))
    lines = []
    if open_clues := game.state.clues_open_to(game.seat):
        clue = open_clues[0]
        low = min(v for v in hand if v >= game.state.highest(clue))
        hand.remove(low)
        lines.append(f"INVESTIGATE {clue} WITH {low}")
    game.play("\n".join([*lines, f"SUGGEST {target} WITH {min(hand)}"]))


def test_ms6_a_tie_shares_the_victory() -> None:
    game = Game(clues=ONE_THIEF)
    game.play("INVESTIGATE 1 WITH 1\nSUGGEST B3 WITH 6")
    game.play("INVESTIGATE 2 WITH 1\nSUGGEST Jasper WITH 6")
    while not game.state.finished:
        _cheap_turn(game)
    result = game.state.result
    assert [s["total"] for s in result["scores"]] == [6, 6]
    assert result["winners"] == ["Anna", "Boris"]


def test_ms6_nobody_wins_when_nobody_scored() -> None:
    game = Game(clues=ONE_THIEF)
    while not game.state.finished:
        game.resolve()  # everyone misses every deadline: all tokens on the Exit
    result = game.state.result
    assert [s["total"] for s in result["scores"]] == [0, 0]
    assert result["winners"] == []


def test_ms6_game_over_notice_reveals_everything_to_everyone() -> None:
    game = _play_example(TWO_THIEVES)
    final = game.notices[-1]
    assert final.template == "game_over" and final.audience == ("Anna", "Boris")
    data = final.data
    assert [c["criterion"] for c in data["result"]["clues"]] == TWO_THIEVES
    assert all(c["text"]["en"] for c in data["result"]["clues"])
    assert len(data["result"]["suggestions"]) == 12
    assert all(isinstance(s["value"], int) for s in data["result"]["suggestions"])
    assert data["result"]["thief_names"][0] == {"room": "D2", "name": {"en": "Hector", "ru": "Гектор"}}
    board = data["board"]
    assert board["reveal"] and board["thieves"] == ["D2", "B3"]
    assert all(t["value"] is not None for room in board["rooms"] for t in room["tokens"])
    assert [r["status"] for r in board["rooms"] if r["status"] == "thief"] == ["thief", "thief"]
    assert "THIEF" in board["text"]["en"] and "ВОР" in board["text"]["ru"]
    assert all(c["text"]["en"] in board["text"]["en"] for c in data["result"]["clues"])
    assert game.view("Boris")["result"]["winners"] == ["Boris"]
    assert game.view("Boris")["suggestions"][0]["value"] == 6  # Anna's, revealed


# --- By mail: deadlines, notices, the grid in every mail -------------------------------------------


def test_ms_by_mail_ruling_a_missed_deadline_puts_the_lowest_token_on_the_exit() -> None:
    game = Game()
    game.play("INVESTIGATE 1 WITH 1\nSUGGEST EXIT WITH 1")
    events = game.resolve()  # Boris sent nothing
    assert [e.kind for e in events] == ["suggested", "suggestion_made", "turn_ended", "turn_opened"]
    assert events[0].data == {
        "seat": "Boris", "turn": 1, "target": EXIT, "suspect": None, "default": True, "value": 1,
    }  # fmt: skip
    assert game.state.stacks == ((ClueToken("Anna", 1, 0),), *((),) * 7)
    summary = game.notices[-1].data["turn"]
    assert summary["clue"] is None and summary["default"] and summary["exit"]


def test_ms_by_mail_ruling_investigated_but_no_suggestion_gets_the_same_default() -> None:
    game = Game()
    game.submit("Anna", "INVESTIGATE 2 WITH 1")
    game.resolve()
    anna = [s for s in game.state.suggestions if s.seat == "Anna"]
    assert [(s.target, s.value, s.default) for s in anna] == [(EXIT, 1, True)]
    assert game.state.stacks[1] == (ClueToken("Anna", 1, 0),)
    assert game.notices[-1].data["turn"]["clue"] == 2


def test_ms_by_mail_a_turn_notice_goes_to_each_player_telling_whose_turn_is_next() -> None:
    game = Game(["Anna", "Boris", "Carl"])
    game.play("INVESTIGATE 3 WITH 2\nSUGGEST Bruno WITH 4")
    turn = [n for n in game.notices if n.template == "turn"]
    assert [n.audience for n in turn] == [("Anna",), ("Boris",), ("Carl",)]
    for notice in turn:
        summary = notice.data["turn"]
        assert summary == {
            "seat": "Anna", "round": 1, "key": "r1s1", "clue": 3, "clue_value": 2, "target": "B1",
            "exit": False, "name": {"en": "Bruno", "ru": "Бруно"}, "default": False,
        }  # fmt: skip
        assert notice.data["current"] == "Boris"
        assert notice.data["my_turn"] == (notice.audience == ("Boris",))
    texts = {n.audience[0]: n.data["board"]["text"]["en"] for n in turn}
    assert "you read" in texts["Anna"] and "you read" not in texts["Boris"]
    assert clue_text(TWO_THIEVES[2])["en"] not in texts["Carl"]


def test_ms_by_mail_every_notice_carries_the_grid_with_public_tokens() -> None:
    game = Game()
    game.play("INVESTIGATE 1 WITH 2\nSUGGEST C1 WITH 3")
    game.submit("Boris", "HELP")
    for data in [n.data for n in game.notices] + game.answers:
        board = data["board"]
        assert [room["room"] for room in board["rooms"]] == list(ROOMS)
        assert board["text"]["en"].count("|") >= 16 and "Celeste" in board["text"]["en"]
        assert "Селеста" in board["text"]["ru"]
        assert len(board["svg"]["cells"]) == 16
    later = game.notices[-1].data["board"]
    assert later["rooms"][2]["tokens"][0]["seat"] == "Anna"
    assert later["clues"][0]["tokens"] == [
        {"seat": "Anna", "mark": "A", "color": later["players"][0]["color"], "value": 2}
    ]


def test_welcome_goes_to_each_player_with_their_tokens_and_the_first_player() -> None:
    game = Game(["Anna", "Boris", "Alex"])
    welcome = [n for n in game.notices if n.template == "welcome"]
    assert [n.audience for n in welcome] == [("Anna",), ("Boris",), ("Alex",)]
    assert [n.data["my_turn"] for n in welcome] == [True, False, False]
    assert welcome[0].data["open_clues"] == list(range(1, 9))
    assert welcome[1].data["marks"] == {"Anna": "An", "Boris": "Bo", "Alex": "Al"}
    assert welcome[1].data["tokens"] == list(TOKEN_VALUES)


def test_answer_tells_what_to_do_next_and_shows_the_view_on_status() -> None:
    game = Game()
    game.submit("Anna", "INVESTIGATE 1 WITH 1")
    answer = game.last_answer()
    assert answer["my_turn"] and answer["investigated"] == 1 and not answer["suggested"]
    game.submit("Anna", "STATUS")
    assert game.last_answer()["view"]["clues_seen"][0]["clue"] == 1
    game.submit("Anna", "SUGGEST EXIT WITH 2")
    answer = game.last_answer()
    assert answer["suggested"] and answer["next"] == "Boris"
    assert answer["verdicts"][0]["understood"]["name"] is None
    assert RULES.relays(game.state, "Anna", game.log) == []


# --- the order language ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("line", "kind", "args"),
    [
        ("INVESTIGATE 3 WITH 4", "investigate", {"clue": 3, "value": 4}),
        ("investigate clue 3 with token 4", "investigate", {"clue": 3, "value": 4}),
        ("LOOK #3, 4", "investigate", {"clue": 3, "value": 4}),
        ("ИССЛЕДОВАТЬ 3 С 4", "investigate", {"clue": 3, "value": 4}),
        ("Расследовать улику 3 жетоном 4", "investigate", {"clue": 3, "value": 4}),
        ("SUGGEST B2 WITH 1", "suggest", {"target": "B2", "value": 1}),
        ("suggest b 2 with 1", "suggest", {"target": "B2", "value": 1}),
        ("ACCUSE Adele 5", "suggest", {"suspect": "adele", "value": 5}),
        ("ПРЕДПОЛОЖИТЬ адель значение 5", "suggest", {"suspect": "adele", "value": 5}),
        ("ПОДОЗРЕВАЮ ВЫХОД С 2", "suggest", {"target": EXIT, "value": 2}),
        ("SUGGEST THE EMERGENCY EXIT WITH 2", "suggest", {"target": EXIT, "value": 2}),
        ("ПОДОЗРЕВАЮ Д4 С 6", "suggest", {"target": "D4", "value": 6}),
        ("ПОДОЗРЕВАЮ B2 C 6", "suggest", {"target": "B2", "value": 6}),  # a Latin C typed for С
        ("ИССЛЕДОВАТЬ 2 C 3", "investigate", {"clue": 2, "value": 3}),
        ("- HELP", "help", {}),
        ("INVESTGATE 3 WITH 4", "investigate", {"clue": 3, "value": 4}),  # a near miss is read (issue 37)
        ("ПОДОЗРЕВАЮ Адел С 1", "suggest", {"suspect": "adele", "value": 1}),
        ("статус", "status", {}),
    ],
)
def test_order_language_in_english_and_russian(line: str, kind: str, args: dict[str, object]) -> None:
    order = parse_line(line)
    assert isinstance(order, Order), order
    assert (order.kind, order.args) == (kind, args)


@pytest.mark.parametrize(
    ("line", "reason", "params"),
    [
        ("INVESTGATE", "unknown_order", {"word": "INVESTGATE", "suggestion": "INVESTIGATE"}),
        ("Thanks!", "unknown_order", {"word": "Thanks", "suggestion": ""}),
        ("INVESTIGATE", "missing_arguments", {"order": "INVESTIGATE"}),
        ("SUGGEST", "missing_arguments", {"order": "SUGGEST"}),
        ("SUGGEST WITH 3", "missing_arguments", {"order": "SUGGEST"}),
        ("INVESTIGATE 3", "missing_value", {"order": "INVESTIGATE"}),
        ("SUGGEST B2", "missing_value", {"order": "SUGGEST"}),
        ("INVESTIGATE 9 WITH 4", "bad_clue", {"text": "9"}),
        ("INVESTIGATE 3 WITH 7", "bad_value", {"text": "7"}),
        ("SUGGEST B2 WITH 0", "bad_value", {"text": "0"}),
        ("INVESTIGATE 3 WITH 4 SUGGEST B2 WITH 1", "extra_words", {"text": "suggest b2 1"}),
        ("SUGGEST E5 WITH 1", "bad_room", {"text": "e5"}),
        ("SUGGEST Adel WITH 1", "unknown_target", {"text": "adel", "suggestion": "Adele"}),
        ("SUGGEST the gardener WITH 1", "unknown_target", {"text": "gardener", "suggestion": ""}),
    ],
)
def test_lines_that_are_not_orders_get_a_reason(line: str, reason: str, params: dict[str, object]) -> None:
    item = parse_line(line)
    assert isinstance(item, Unreadable), item
    assert (item.reason, item.params) == (reason, params)


def test_a_refused_line_changes_nothing() -> None:
    game = Game()
    before = RULES.dump(game.state)
    verdicts = game.submit("Anna", "INVESTIGATE 9 WITH 1\nhello\nSUGGEST Z9 WITH 1")
    assert not any(v.accepted for v in verdicts)
    assert RULES.dump(game.state) == before


# --- snapshots and the log -------------------------------------------------------------------------


def test_dump_and_load_give_the_same_state_through_json() -> None:
    game = _play_example(TWO_THIEVES)
    raw = json.loads(json.dumps(RULES.dump(game.state)))
    assert RULES.load(raw) == game.state
    fresh = Game()
    fresh.play("INVESTIGATE 1 WITH 1")
    assert RULES.load(json.loads(json.dumps(RULES.dump(fresh.state)))) == fresh.state


def test_every_event_is_described_for_the_game_master() -> None:
    game = Game()
    game.resolve()
    game.play("INVESTIGATE 4 WITH 2\nSUGGEST A1 WITH 3")
    play_bots(game)
    lines: dict[str, str] = {}
    for event in game.log:
        lines.setdefault(event.kind, RULES.describe(event))
    assert set(lines) == {
        "game_started", "museum_opened", "turn_opened", "clue_looked", "investigated", "suggested",
        "suggestion_made", "turn_ended", "game_ended",
    }  # fmt: skip
    assert "(deadline default)" in RULES.describe(game.events("suggested")[0])
    assert "clue 4" in lines["clue_looked"] and "winners" in lines["game_ended"]
    assert RULES.describe(Event("unknown", {"x": 1})) == "unknown: {'x': 1}"


def test_master_view_holds_the_secrets() -> None:
    game = Game()
    game.play("INVESTIGATE 1 WITH 1\nSUGGEST D2 WITH 6")
    master = RULES.master_view(game.state)
    assert [c["criterion"] for c in master["clues"]] == TWO_THIEVES
    assert master["suggestions"][0]["value"] == 6
    assert master["looked"] == [{"seat": "Anna", "clue": 1, "turn": 0}]
    assert thieves(TWO_THIEVES, GRID) == ["D2", "B3"]
