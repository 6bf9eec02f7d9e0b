"""Seats are named by their characters: how those names are compared, the same way everywhere."""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Iterable
from typing import Any

from referee.core.events import EVERYONE
from referee.core.text import unmix_scripts

MASTER = "#master"
"""The reader name of notices for a game's game-master (no character can be called this)."""

RESERVED_MARK = "#"
"""Names beginning with this are the referee's own (``MASTER``): no character can take one."""

_LOOKALIKES = {"\u266f": "#", "\u2317": "#", "\u22d5": "#", "\u2217": "*", "\u204e": "*"}
"""Signs drawn like ``#`` or ``*`` that Unicode's compatibility folding (NFKC) leaves apart: the
music sharp, the viewdata square, equal and parallel, the asterisk operator, the low asterisk."""

LONGEST_NAME = 40
"""The most characters a name may have: it goes into subjects and every mail's text."""

_HIDDEN_KINDS = {"Cc", "Cf", "Zl", "Zp", "Cs", "Co", "Cn"}
"""Unicode categories never allowed in a name: controls (C0, C1), format characters (bidirectional
controls, zero-width spaces and joiners), line and paragraph separators, and unassigned or
private code points."""

_BLANK = {"\u115f", "\u1160", "\u3164", "\uffa0", "\u2800"}
"""Letters and symbols that are drawn as nothing (Hangul fillers, the blank Braille pattern)."""


def hidden_character(text: str) -> str | None:
    """The first control or invisible format character in ``text`` as "U+XXXX", if any."""
    for letter in text:
        if unicodedata.category(letter) in _HIDDEN_KINDS:
            return f"U+{ord(letter):04X}"
    return None


def shows_nothing(text: str) -> bool:
    """Whether ``text`` would look empty: only spaces, marks with nothing to sit on, and blanks."""
    return all(
        letter.isspace() or letter in _BLANK or unicodedata.category(letter) in _HIDDEN_KINDS | {"Mn", "Me"}
        for letter in text
    )


def fold_name(name: str) -> str:
    """A name as compared everywhere: case ignored, ё read as е, spaces squeezed."""
    return " ".join(name.casefold().replace("ё", "е").split())


def reserved_name(name: str) -> str:
    """Why ``name`` cannot be a character's because the referee uses it itself, or "" if it can be.

    The name is compared as everywhere (``fold_name``: case and spaces ignored), with signs that are
    drawn alike read as one (fullwidth and small forms, ``_LOOKALIKES``): ``#master``, ``＃Master``
    and ``  #anything`` are all refused, and so is ``*``, which stands for every seat of a game.
    """
    folded = unicodedata.normalize("NFKC", fold_name(name))
    folded = "".join(_LOOKALIKES.get(letter, letter) for letter in folded).strip()
    if folded.startswith(RESERVED_MARK):
        return f"names beginning with {RESERVED_MARK!r} are the referee's own ({MASTER} is the game-master)"
    if folded == EVERYONE:
        return f"{EVERYONE!r} stands for every character of the game"
    return ""


def find_name(wanted: str, names: Iterable[str]) -> str | None:
    """The name among ``names`` that matches ``wanted`` ignoring case, if any."""
    folded = fold_name(wanted)
    return next((name for name in names if fold_name(name) == folded), None)


def name_problems(
    players: list[dict[str, Any]],
    least: int,
    most: int,
    *,
    noun: str = "player",
    refuse: Callable[[str], str] = lambda folded: "",
    checked_apart: bool = False,
) -> list[str]:
    """What is wrong with the players of a set-up: how many there are, and their names.

    A name must be given, differ from the others ignoring case, not be one the referee keeps for
    itself (``reserved_name``) nor one that ``refuse`` (given the folded name) gives a reason
    against, e.g. a card's name. It must hold no control or invisible format character, show
    something, and be at most ``LONGEST_NAME`` characters long. Each problem names the player by
    number and name. With ``checked_apart`` a name that is missing, not text or holds a hidden
    character is left to the caller, who names those problems itself (a game file does, for every key).
    """
    problems = []
    if not least <= len(players) <= most:
        problems.append(f"a game needs {least} to {most} {noun}s, not {len(players)}")
    seen: set[str] = set()
    for number, player in enumerate(players, 1):
        if checked_apart and (not isinstance(player.get("name"), str) or hidden_character(player["name"])):
            continue
        given = str(player.get("name") or "")
        name = given.strip()
        folded = fold_name(name)
        alike = fold_name(unmix_scripts(name))  # "Аnna" with a Cyrillic "А" is "Anna" to a reader
        who = f"{noun} {number} ({given!r})"
        if hidden := hidden_character(given):  # before the strip, which drops a trailing line break
            problems.append(f"{who}: a name cannot hold a control or invisible character ({hidden})")
        elif not name:
            problems.append(f"every {noun} needs a name ({noun} {number} has none)")
        elif shows_nothing(name):
            problems.append(f"{who}: a name must show something, not only invisible characters")
        elif len(name) > LONGEST_NAME:
            problems.append(f"{who}: a name can be at most {LONGEST_NAME} characters long, not {len(name)}")
        elif folded in seen or alike in seen:
            problems.append(
                f"two {noun}s are called {name!r} (names are compared ignoring case and letters of"
                " another script that look alike)"
            )
        elif why := reserved_name(name) or refuse(folded):
            problems.append(f"{name!r} cannot be a {noun}'s name: {why}")
        seen |= {folded, alike}
    return problems
