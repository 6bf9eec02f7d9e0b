"""Setting up a Ten Sailors game: checking the characters and hands, dealing the rest (TS-1, TS-6)."""

from __future__ import annotations

from typing import Any

from referee.core.events import Event
from referee.core.rng import SeededStream
from referee.core.seats import fold_name, name_problems
from referee.games.ten_sailors.cards import ALIASES, FURNITURE, KIND_OF, ROOMS, WEAPONS, Kind
from referee.games.ten_sailors.parse import KEYWORDS

MIN_CHARACTERS = 3
MAX_CHARACTERS = 9


class SetupError(ValueError):
    """A game description that cannot start a game; the message lists every problem."""


def start(setup: dict[str, Any]) -> list[Event]:
    """The ``game_started`` event for ``setup`` (keys ``id``, ``seed``, ``language``, ``players``).

    Each player has ``name``, optional ``host`` and optional ``hand`` (three card names,
    English or Russian, one of each kind). Hands not given are dealt from the seed.
    Raises ``SetupError`` naming every problem; nothing is dealt then.
    """
    players = setup.get("players") or []
    problems = _check_players(players)
    hands: dict[str, tuple[str, str, str]] = {}
    for player in players:
        if "hand" in player:
            hand, hand_problems = _read_hand(str(player.get("name")), player["hand"])
            problems += hand_problems
            if hand:
                hands[player["name"]] = hand
    problems += _check_unique_cards(hands)
    if setup.get("language", "en") not in ("en", "ru"):
        problems.append(f'language must be "en" or "ru", not {setup.get("language")!r}')
    if problems:
        raise SetupError("; ".join(problems))

    rng = SeededStream(setup["seed"], "deal")
    used = {card for hand in hands.values() for card in hand}
    piles = [rng.shuffled([c for c in pile if c not in used]) for pile in (ROOMS, FURNITURE, WEAPONS)]
    characters = []
    for player in players:
        hand = hands.get(player["name"]) or (piles[0].pop(), piles[1].pop(), piles[2].pop())
        characters.append({"name": player["name"], "host": bool(player.get("host")), "hand": list(hand)})
    data = {
        "game_id": setup["id"],
        "seed": setup["seed"],
        "language": setup.get("language", "en"),
        "characters": characters,
    }
    return [Event("game_started", data, ())]


def _check_players(players: list[dict[str, Any]]) -> list[str]:
    problems = name_problems(players, MIN_CHARACTERS, MAX_CHARACTERS, noun="character", refuse=_reserved)
    if sum(bool(p.get("host")) for p in players) > 1:
        problems.append("only one character can be the host's")
    return problems


def _reserved(folded: str) -> str:
    """Why a character may not be called ``folded``: orders would read it as a card."""
    if folded in ALIASES or folded in KEYWORDS or any(word in ALIASES for word in folded.split()):
        return "orders would mistake it for a card"
    return ""


def _read_hand(name: str, raw: Any) -> tuple[tuple[str, str, str] | None, list[str]]:
    """The hand ``raw`` as (room, furniture, weapon), or the problems with it."""
    if not isinstance(raw, list) or len(raw) != 3:
        return None, [f"{name}'s hand must list three cards: a room, a furniture and a weapon"]
    cards = []
    for card in raw:
        canonical = ALIASES.get(fold_name(str(card)))
        if canonical is None or canonical not in KIND_OF:
            return None, [f"{name}'s hand has {card!r}, which is not a card"]
        cards.append(canonical)
    by_kind = {kind: [c for c in cards if KIND_OF[c] is kind] for kind in Kind}
    if any(len(found) != 1 for found in by_kind.values()):
        listed = ", ".join(cards)
        return None, [f"{name}'s hand must have one room, one furniture and one weapon, not {listed}"]
    return (by_kind[Kind.ROOM][0], by_kind[Kind.FURNITURE][0], by_kind[Kind.WEAPON][0]), []


def _check_unique_cards(hands: dict[str, tuple[str, str, str]]) -> list[str]:
    owners: dict[str, str] = {}
    problems = []
    for name, hand in hands.items():
        for card in hand:
            if card in owners:
                problems.append(f"{card} is in both {owners[card]}'s and {name}'s hands")
            owners[card] = name
    return problems
