"""The games the referee runs, each a package of pure rules.

Each package holds its game as one object, ``GAME`` (a ``referee.core.kind.GameKind``: the rules and
the game's names, summary, schedules, demo and words), and ``game_of`` finds it by kind; ``games``
gives every registered game. ``rules_for`` finds a game's rules by kind and ``presentation_for`` the
filters and globals its templates use (the package's ``presentation`` module). The skeleton game in
``_template`` (kind ``TEMPLATE_KIND``) is not one players can choose: it is left out of
``KINDS`` and of ``rules_for``, and only the contract test and the next game's author
load it (``contract_kinds``, ``contract_rules``).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from importlib import import_module
from typing import Any

from referee.core.kind import GameKind
from referee.core.rules import Rules, prepare

PACKAGES = {
    "ten-sailors": "referee.games.ten_sailors",
    "museum-suspects": "referee.games.museum_suspects",
    "cosmic-express": "referee.games.cosmic_express",
    "minuit": "referee.games.minuit",
}
"""Each game kind players may choose and the package holding its rules (as ``RULES``)."""

KINDS = tuple(PACKAGES)
"""Every game kind ``rules_for`` knows."""

TEMPLATE_KIND = "_template"
"""The kind of the skeleton game (``referee/games/_template``): a model to copy, never offered to players."""

_SKELETON = "referee.games._template"


@dataclass(frozen=True)
class Presentation:
    """What a game adds to its templates' environment: ``filters`` and ``globals`` by name.

    A filter with a keyword-only ``language`` parameter is given the template's language.
    """

    filters: Mapping[str, Callable[..., Any]] = field(default_factory=dict)
    globals: Mapping[str, Any] = field(default_factory=dict)


def package_of(kind: str) -> str:
    """The package of ``kind``, the skeleton's included (raises ``KeyError`` for an unknown kind)."""
    return _SKELETON if kind == TEMPLATE_KIND else PACKAGES[kind]


def register(kind: str, package: str) -> None:
    """Makes the game whose rules are ``package.RULES`` known as ``kind`` to this process (for the
    tests' tools; game files still offer only ``KINDS``)."""
    PACKAGES[kind] = package


def kinds() -> tuple[str, ...]:
    """Every kind registered now (``KINDS`` and any a test registered since)."""
    return tuple(PACKAGES)


def game_of(kind: str) -> GameKind:
    """The game of kind ``kind``, the skeleton's included (raises ``KeyError`` for an unknown kind)."""
    game: GameKind = import_module(package_of(kind)).GAME
    return game


def games() -> tuple[GameKind, ...]:
    """Every registered game, in the order of ``kinds``."""
    return tuple(game_of(kind) for kind in kinds())


def rules_for(kind: str) -> Rules[Any]:
    """The rules of the game kind ``kind`` (raises ``KeyError`` for an unknown kind)."""
    rules: Rules[Any] = import_module(PACKAGES[kind]).RULES
    return rules


def prepare_all() -> None:
    """Loads now what each game's rules would load on their first use (``GameRules.prepare``)."""
    for kind in KINDS:
        prepare(rules_for(kind))


def contract_kinds() -> tuple[str, ...]:
    """Every kind the game contract is checked on: the players' games and the skeleton."""
    return (*KINDS, TEMPLATE_KIND)


def contract_rules(kind: str) -> Rules[Any]:
    """The rules of any kind of ``contract_kinds`` (raises ``KeyError`` for an unknown kind)."""
    rules: Rules[Any] = import_module(package_of(kind)).RULES
    return rules


def presentation_for(kind: str) -> Presentation:
    """The filters and globals of game ``kind``'s templates, from its ``presentation`` module
    (``FILTERS`` and ``GLOBALS``, both optional); raises ``KeyError`` for an unknown kind."""
    module = import_module(f"{package_of(kind)}.presentation")
    return Presentation(filters=getattr(module, "FILTERS", {}), globals=getattr(module, "GLOBALS", {}))


def order_words() -> frozenset[str]:
    """Every word (folded) that begins an order in a game players may choose: the keys of the
    ``KEYWORDS`` table of each game's ``parse`` module (a game without one adds none)."""
    words: set[str] = set()
    for package in PACKAGES.values():
        try:
            module = import_module(f"{package}.parse")
        except ModuleNotFoundError as missing:
            if missing.name != f"{package}.parse":
                raise
            continue
        words.update(getattr(module, "KEYWORDS", {}))
    return frozenset(words)


_ROUND_TURN = re.compile(r"^round (\d+), (.+)'s turn$")


def phase_words(label: str, key: str, kind: str, language: str) -> str:
    """The open phase as the demo and the pages print it: the rules' ``label`` in English; in Russian,
    the same said in Russian: a player's turn («раунд 2, ходит Anna»), else as the game names it
    («раунд 1 из 1: допрос», «гипотезы»), else the label."""
    if language != "ru":
        return label
    if found := _ROUND_TURN.match(label):
        return f"раунд {found[1]}, ходит {found[2]}"
    named = game_of(kind).demo.phase_name
    return named(label, key, language) if named is not None else label
