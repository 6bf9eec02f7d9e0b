"""Characters' names as every game's set-up checks them (``name_problems``): nothing a mail header or a
player's screen could be fooled by."""

from __future__ import annotations

import pytest

from referee.core.seats import LONGEST_NAME, name_problems, reserved_name
from referee.games import KINDS, rules_for


def problems(*names: str) -> list[str]:
    return name_problems([{"name": name} for name in names], 1, 9)


@pytest.mark.parametrize(
    ("name", "code"),
    [
        ("Anna\nBcc: spy@evil.example", "U+000A"),  # C0: a line break
        ("Anna\r", "U+000D"),
        ("An\tna", "U+0009"),
        ("Anna\x00", "U+0000"),
        ("Anna\x85", "U+0085"),  # C1: next line
        ("\u202eannA", "U+202E"),  # a bidirectional override
        ("Anna\u2066", "U+2066"),  # a bidirectional isolate
        ("An\u200bna", "U+200B"),  # a zero-width space
        ("An\u200dna", "U+200D"),  # a zero-width joiner
        ("Anna\ufeff", "U+FEFF"),  # a zero-width no-break space
        ("Anna\u2028Boris", "U+2028"),  # a line separator
    ],
)
def test_a_name_with_a_control_or_invisible_character_is_refused_naming_the_player(
    name: str, code: str
) -> None:
    (problem,) = problems("Boris", name)
    assert problem == f"player 2 ({name!r}): a name cannot hold a control or invisible character ({code})"


@pytest.mark.parametrize("name", ["\u3164", "\u3164\u3164", "\u2800", "\u0301", "\u115f \u1160", "\uffa0"])
def test_a_name_made_only_of_invisible_characters_is_refused(name: str) -> None:
    (problem,) = problems(name, "Boris")
    assert problem == f"player 1 ({name!r}): a name must show something, not only invisible characters"


def test_a_name_longer_than_forty_characters_is_refused() -> None:
    longest, longer = "Я" * LONGEST_NAME, "Я" * (LONGEST_NAME + 1)
    assert LONGEST_NAME == 40 and problems(longest, "Boris") == []
    (problem,) = problems("Boris", longer)
    assert problem == f"player 2 ({longer!r}): a name can be at most 40 characters long, not 41"


@pytest.mark.parametrize(
    "name", ["Anna", "Jean-Luc O'Neil", "Фёдор Иванович", "Zoë", "李娜", "Ana María", "Ё"]
)
def test_ordinary_names_in_any_script_are_accepted(name: str) -> None:
    assert problems(name, "Boris") == []


def test_every_bad_name_is_named_at_once() -> None:
    found = name_problems([{"name": "A\nB"}, {}, {"name": "\u3164"}], 1, 9, noun="character")
    assert found == [
        "character 1 ('A\\nB'): a name cannot hold a control or invisible character (U+000A)",
        "every character needs a name (character 2 has none)",
        "character 3 ('\u3164'): a name must show something, not only invisible characters",
    ]


# --- names the referee keeps for itself: "#master" is the game-master's, "*" every seat's --------

RESERVED = [
    "#master",  # the game-master's own reader name: it would be sent the game-master's welcome
    "#Master",
    "  #master ",
    "#anything",
    "#",
    "\uff03master",  # a fullwidth number sign
    "\ufe5fmaster",  # a small number sign
    "\u266fmaster",  # a music sharp, drawn like one
    "*",  # every seat of a game, in an event's audience
    "\uff0a",  # a fullwidth asterisk
]


@pytest.mark.parametrize("name", RESERVED)
def test_a_name_the_referee_keeps_for_itself_is_refused(name: str) -> None:
    assert reserved_name(name)
    (problem,) = problems("Boris", name)
    assert problem.startswith(f"{name.strip()!r} cannot be a player's name: ")
    assert "the referee's own" in problem or "every character" in problem


@pytest.mark.parametrize("name", ["Anna #2", "Master", "Anna*", "Sharp\u266f"])
def test_a_name_with_a_sign_inside_is_still_a_name(name: str) -> None:
    assert reserved_name(name) == "" and problems(name, "Boris") == []


@pytest.mark.parametrize("kind", KINDS)
def test_every_game_refuses_the_game_masters_name_for_a_character(kind: str) -> None:
    players = [{"name": name} for name in ("Anna", "Boris", "Clara", "#master")]
    with pytest.raises(ValueError, match=r"'#master' cannot be a .*'s name"):
        rules_for(kind).start({"id": "g", "seed": 1, "language": "en", "players": players})


@pytest.mark.parametrize("twin", ["anna", " ANNA ", "\u0410nna", "Ann\u0430"])
def test_a_name_that_reads_as_another_players_is_refused(twin: str) -> None:
    """Case, spaces and look-alike letters of another script ("А" Cyrillic for "A") make no new name."""
    (problem,) = problems("Anna", twin)
    assert problem.startswith(f"two players are called {twin.strip()!r}")


def test_a_name_wholly_in_another_script_is_its_own() -> None:
    assert problems("Anna", "\u0410\u043d\u043d\u0430") == []  # "Анна", all Cyrillic
