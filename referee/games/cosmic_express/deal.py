"""Setting up a Cosmic Express game and dealing each round (CE-2, CE-3, CE-8, CE-9).

A game file may fix the first round's deal for tests and tournaments: ``weapon``, the
Dummy's ``dummy = {role = …, items = [… , …]}`` (three players) and each player's
``role`` and ``items`` (two). Whatever is not fixed is dealt from what is left of the
deck of CE-2, drawn from the game's seed. Later rounds are always dealt from the seed.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from referee.core.events import EVERYONE, Event
from referee.core.rng import SeededStream
from referee.core.seats import fold_name, name_problems
from referee.games.cosmic_express.cards import (
    DETECTIVE,
    DUMMY_ALIASES,
    HAND_SIZE,
    ITEM_ALIASES,
    MAX_PLAYERS,
    MIN_PLAYERS,
    MURDERER,
    ROLE_ALIASES,
    has_dummy,
    item_deck,
    role_deck,
)

MAX_ROUNDS = 24
"""The most rounds a game file may ask for (CE-8 asks for as many as there are players)."""


class SetupError(ValueError):
    """A game description that cannot start a game; the message lists every problem."""


@dataclass(frozen=True)
class Deal:
    """One round's deal (CE-3): each seat's role and two items, the weapon, the Dummy's cards."""

    roles: dict[str, str]
    items: dict[str, tuple[str, ...]]
    weapon: str
    dummy_role: str = ""
    dummy_items: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        """The deal as JSON-ready data (the ``round_dealt`` event's fields)."""
        return {
            "roles": dict(self.roles),
            "items": {seat: list(items) for seat, items in self.items.items()},
            "weapon": self.weapon,
            "dummy_role": self.dummy_role,
            "dummy_items": list(self.dummy_items),
        }


@dataclass(frozen=True)
class Fixed:
    """The parts of the first round's deal a game file fixes."""

    roles: dict[str, str] = field(default_factory=dict)
    items: dict[str, tuple[str, ...]] = field(default_factory=dict)
    weapon: str = ""
    dummy_role: str = ""
    dummy_items: tuple[str, ...] = ()


def start(setup: dict[str, Any]) -> list[Event]:
    """The events that open a game: ``game_started`` and the deal of round 1 (CE-3).

    ``setup`` has ``id``, ``seed``, ``language``, ``players`` (each a dict with ``name``
    and optionally ``role`` and ``items``) and optionally ``weapon``, ``dummy``,
    ``rounds`` and ``longer``. Raises ``SetupError`` naming every problem.
    """
    seats, rounds, fixed = read_setup(setup)
    data = {
        "game_id": setup["id"],
        "seed": setup["seed"],
        "language": setup.get("language", "en"),
        "seats": list(seats),
        "rounds": rounds,
    }
    return [Event("game_started", data, ()), *round_events(seats, setup["seed"], 1, rounds, fixed)]


def round_events(
    seats: tuple[str, ...], seed: int | str, number: int, rounds: int, fixed: Fixed | None = None
) -> list[Event]:
    """The events dealing round ``number``: the whole deal for the game-master, each seat's
    own cards for that seat alone (the weapon only to the Murderer, CE-3), and the public
    opening of the trading window (CE-4)."""
    deal = deal_round(seats, seed, number, fixed or Fixed())
    events = [Event("round_dealt", {"round": number, **deal.to_json()}, ())]
    for seat in seats:
        told = {
            "round": number,
            "player": seat,
            "role": deal.roles[seat],
            "items": list(deal.items[seat]),
            "weapon": deal.weapon if deal.roles[seat] == MURDERER else "",
        }
        events.append(Event("cards_dealt", told, (seat,)))
    events.append(Event("trading_opened", {"round": number, "rounds": rounds}, (EVERYONE,)))
    return events


def deal_round(seats: tuple[str, ...], seed: int | str, number: int, fixed: Fixed) -> Deal:
    """The deal of round ``number``: ``fixed`` cards stay where they are, the rest is drawn
    from the seed (CE-3). With three players the Dummy's role is drawn before the
    Detective is shuffled back in (CE-9). ``fixed`` must have been checked by ``read_setup``."""
    rng = SeededStream(seed, f"deal:r{number}")
    dummy = has_dummy(len(seats))
    roles_left = Counter(role_deck(len(seats)))
    roles_left.subtract(fixed.roles.values())
    dummy_role = fixed.dummy_role
    if dummy and not dummy_role:
        dummy_role = rng.choice(sorted(r for r in roles_left.elements() if r != DETECTIVE))
    if dummy_role:
        roles_left[dummy_role] -= 1
    drawn_roles = rng.shuffled(sorted(roles_left.elements()))
    roles = {seat: fixed.roles.get(seat) or drawn_roles.pop() for seat in seats}

    items_left = Counter(item_deck(len(seats)))
    for hand in fixed.items.values():
        items_left.subtract(hand)
    items_left.subtract(fixed.dummy_items)
    if fixed.weapon:
        items_left[fixed.weapon] -= 1
    pile = rng.shuffled(sorted(items_left.elements()))
    items = {seat: fixed.items.get(seat) or (pile.pop(), pile.pop()) for seat in seats}
    dummy_items = fixed.dummy_items or ((pile.pop(), pile.pop()) if dummy else ())
    weapon = fixed.weapon or pile.pop()
    if pile:
        raise AssertionError(f"cards left over after the deal: {pile}")
    return Deal(roles, items, weapon, dummy_role, tuple(dummy_items))


def read_setup(setup: dict[str, Any]) -> tuple[tuple[str, ...], int, Fixed]:
    """The seats, the number of rounds and the fixed parts of the first deal of ``setup``.

    Raises ``SetupError`` naming every problem found.
    """
    players = setup.get("players") or []
    problems = _check_names(players)
    if setup.get("language", "en") not in ("en", "ru"):
        problems.append(f'language must be "en" or "ru", not {setup.get("language")!r}')
    seats = tuple(str(p.get("name") or "").strip() for p in players)
    rounds, round_problems = _rounds(setup, len(seats))
    problems += round_problems
    if problems or not MIN_PLAYERS <= len(seats) <= MAX_PLAYERS:
        raise SetupError("; ".join(problems))
    fixed, deal_problems = _fixed(setup, players, seats)
    if deal_problems:
        raise SetupError("; ".join(deal_problems))
    return seats, rounds, fixed


def _check_names(players: list[dict[str, Any]]) -> list[str]:
    return name_problems(players, MIN_PLAYERS, MAX_PLAYERS, refuse=_reserved)


def _reserved(folded: str) -> str:
    """Why a player may not be called ``folded``: orders would read it as something else."""
    if folded in DUMMY_ALIASES or folded in ITEM_ALIASES:
        return "orders would mistake it for a card or the Dummy"
    if folded[:1].isdigit() or folded[:1] in ("#", "№"):
        return "it would read as an offer number"
    return ""


def _rounds(setup: dict[str, Any], players: int) -> tuple[int, list[str]]:
    """The number of rounds: ``rounds = N``, or ``longer = true`` for one per player (CE-8)."""
    problems = []
    longer = setup.get("longer", False)
    if not isinstance(longer, bool):
        problems.append(f"longer must be true or false, not {longer!r}")
        longer = False
    rounds = setup.get("rounds")
    if rounds is None:
        return (players if longer else 1), problems
    if isinstance(rounds, bool) or not isinstance(rounds, int) or not 1 <= rounds <= MAX_ROUNDS:
        problems.append(f"rounds must be a whole number from 1 to {MAX_ROUNDS}, not {rounds!r}")
        return 1, problems
    if longer and rounds != players:
        problems.append(f"longer = true means {players} rounds (one per player), but rounds = {rounds}")
    return rounds, problems


def _fixed(
    setup: dict[str, Any], players: list[dict[str, Any]], seats: tuple[str, ...]
) -> tuple[Fixed, list[str]]:
    """The fixed parts of the first deal, checked against the deck of CE-2 (and CE-9)."""
    problems: list[str] = []
    roles: dict[str, str] = {}
    items: dict[str, tuple[str, ...]] = {}
    for seat, player in zip(seats, players, strict=True):
        if "role" in player:
            role = _role(player["role"], f"{seat}'s role", problems)
            if role:
                roles[seat] = role
        if "items" in player:
            hand = _items(player["items"], f"{seat}'s items", problems)
            if hand:
                items[seat] = hand
    weapon = ""
    if "weapon" in setup:
        weapon = _item(setup["weapon"], "the weapon", problems)
    dummy_role, dummy_items = "", tuple[str, ...]()
    if "dummy" in setup:
        dummy_role, dummy_items = _dummy(setup["dummy"], len(seats), problems)
    if problems:
        return Fixed(), problems

    deck_roles = Counter(role_deck(len(seats)))
    used_roles = Counter(roles.values())
    if dummy_role:
        used_roles[dummy_role] += 1
    for role, count in sorted(used_roles.items()):
        if count > deck_roles[role]:
            have = "is not in the game" if deck_roles[role] == 0 else "is dealt only once"
            problems.append(
                f"the role {role} {have} with {len(seats)} players (CE-2), but the set-up gives it {count}×"
            )
    if has_dummy(len(seats)) and not dummy_role:
        non_detective = [r for r in (deck_roles - used_roles).elements() if r != DETECTIVE]
        if not non_detective:
            problems.append(
                "the Dummy's role is drawn without the Detective (CE-9), but no other role is left"
            )

    deck_items = Counter(item_deck(len(seats)))
    used_items: Counter[str] = Counter()
    for hand in items.values():
        used_items.update(hand)
    used_items.update(dummy_items)
    if weapon:
        used_items[weapon] += 1
    for item, count in sorted(used_items.items()):
        if count > deck_items[item]:
            problems.append(
                f"the set-up uses {count} {item} card(s), but the deck for {len(seats)} players has "
                f"{deck_items[item]} (CE-2)"
            )
    fixed = Fixed(roles, items, weapon, dummy_role, dummy_items)
    return fixed, problems


def _dummy(raw: Any, players: int, problems: list[str]) -> tuple[str, tuple[str, ...]]:
    if not has_dummy(players):
        problems.append(f"only a three-player game has a Dummy (CE-9); this one has {players} players")
        return "", ()
    if not isinstance(raw, dict) or set(raw) - {"role", "items"}:
        problems.append('dummy must be a table such as {role = "Captain", items = ["Candle", "Wrench"]}')
        return "", ()
    role = _role(raw["role"], "the Dummy's role", problems) if "role" in raw else ""
    if role == DETECTIVE:
        problems.append("the Dummy cannot be the Undercover Detective (CE-9)")
        role = ""
    hand = _items(raw["items"], "the Dummy's items", problems) if "items" in raw else ()
    return role, hand


def _named(raw: Any, aliases: Mapping[str, str], what: str, where: str, problems: list[str]) -> str:
    """The card ``raw`` names by one of its ``aliases`` ("" and a problem saying ``raw`` is not ``what``)."""
    card = aliases.get(fold_name(raw)) if isinstance(raw, str) else None
    if card is None:
        problems.append(f"{where}: {raw!r} is not {what}")
        return ""
    return card


def _role(raw: Any, where: str, problems: list[str]) -> str:
    return _named(raw, ROLE_ALIASES, "a role", where, problems)


def _item(raw: Any, where: str, problems: list[str]) -> str:
    return _named(raw, ITEM_ALIASES, "an item", where, problems)


def _items(raw: Any, where: str, problems: list[str]) -> tuple[str, ...]:
    if not isinstance(raw, list) or len(raw) != HAND_SIZE:
        problems.append(f"{where} must list exactly two item cards, not {raw!r}")
        return ()
    before = len(problems)
    hand = tuple(_item(entry, where, problems) for entry in raw)
    return hand if len(problems) == before else ()
