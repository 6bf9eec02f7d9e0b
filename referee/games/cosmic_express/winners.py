"""Who wins a round (CE-7 and its ruling) and who wins a longer game (CE-8).

"Holding the murder weapon" means holding at least one card of the weapon's kind (CE-7
ruling). The Murderer must hold every card of that kind still in play that CE-7 asks
for: two (the kind has three cards and one lies in the middle), or one when the weapon
is Trash (CE-7 footnote). Nobody arrested (the interrogation ran out) means the Murderer
is not arrested (CE-5 ruling). The Dummy of a three-player game never wins, but its
role counts: a Dummy Murderer is arrested when the Detective arrests the Dummy (CE-9).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from referee.games.cosmic_express.cards import (
    ACCOMPLICE,
    BUTLER,
    CAPTAIN,
    DETECTIVE,
    DUMMY,
    LIAR,
    MURDERER,
    TRASH,
    weapon_cards_needed,
)


def verdict(role: str, items: tuple[str, ...], weapon: str, murderer_arrested: bool, arrested: bool) -> str:
    """Why a player of ``role`` holding ``items`` wins or loses, except the Liar's last clause.

    Returns "won" or a reason for losing: "held_weapon", "murderer_free",
    "murderer_caught", "arrested", "unarmed", "not_two_trash". The Liar gets
    "liar_arrested" when arrested and "pending" otherwise (decided once the others are known).
    """
    armed = weapon in items
    if role in (DETECTIVE, CAPTAIN):
        if armed:
            return "held_weapon"
        return "won" if murderer_arrested else "murderer_free"
    if role == ACCOMPLICE:
        if armed:
            return "held_weapon"
        return "murderer_caught" if murderer_arrested else "won"
    if role == MURDERER:
        if arrested:
            return "arrested"
        return "won" if items.count(weapon) >= weapon_cards_needed(weapon) else "unarmed"
    if role == LIAR:
        if armed:
            return "held_weapon"
        return "liar_arrested" if arrested else "pending"
    if role == BUTLER:
        if items.count(TRASH) < 2:
            return "not_two_trash"
        return "won" if murderer_arrested else "murderer_free"
    raise ValueError(f"unknown role {role!r}")


WINNING = frozenset({"won", "liar_arrested", "nobody_else"})
"""The verdicts that mean a win."""


def round_result(
    seats: tuple[str, ...],
    roles: dict[str, str],
    hands: dict[str, tuple[str, ...]],
    weapon: str,
    arrested: str | None,
    dummy_role: str = "",
    dummy_items: tuple[str, ...] = (),
) -> dict[str, Any]:
    """The public result of a round (CE-6, CE-7): the weapon, every hand, the arrest, the winners.

    ``arrested`` is a seat, ``DUMMY`` or None when nobody was arrested.
    """
    arrested_role = "" if arrested is None else (dummy_role if arrested == DUMMY else roles[arrested])
    murderer = DUMMY if dummy_role == MURDERER else next((s for s in seats if roles[s] == MURDERER), "")
    murderer_arrested = arrested_role == MURDERER
    why = {
        seat: verdict(roles[seat], hands[seat], weapon, murderer_arrested, arrested == seat) for seat in seats
    }
    others_won = any(code in WINNING for code in why.values())
    for seat, code in why.items():
        if code == "pending":
            why[seat] = "others_won" if others_won else "nobody_else"
    players = [
        {
            "name": seat,
            "role": roles[seat],
            "items": list(hands[seat]),
            "holds_weapon": weapon in hands[seat],
            "won": why[seat] in WINNING,
            "why": why[seat],
        }
        for seat in seats
    ]
    return {
        "weapon": weapon,
        "arrested": arrested or "",
        "arrested_role": arrested_role,
        "murderer": murderer,
        "murderer_arrested": murderer_arrested,
        "players": players,
        "dummy": {"role": dummy_role, "items": list(dummy_items)} if dummy_items else None,
        "winners": [p["name"] for p in players if p["won"]],
    }


def standings(seats: tuple[str, ...], results: Iterable[dict[str, Any]]) -> list[dict[str, Any]]:
    """The table of a game so far (CE-8): wins, Detective wins and Murderer wins of each player,
    ranked by wins, then Detective wins, then Murderer wins; equal records share a place."""
    table: dict[str, dict[str, Any]] = {
        seat: {"name": seat, "wins": 0, "detective_wins": 0, "murderer_wins": 0} for seat in seats
    }
    for result in results:
        for player in result["players"]:
            if player["won"]:
                row = table[player["name"]]
                row["wins"] += 1
                row["detective_wins"] += player["role"] == DETECTIVE
                row["murderer_wins"] += player["role"] == MURDERER

    def record(row: dict[str, Any]) -> tuple[int, int, int]:
        """The ranking key of a row: wins, then Detective wins, then Murderer wins."""
        return (row["wins"], row["detective_wins"], row["murderer_wins"])

    rows = list(table.values())
    for row in rows:
        row["place"] = 1 + sum(record(other) > record(row) for other in rows)
    return sorted(rows, key=lambda row: row["place"])


def game_winners(table: list[dict[str, Any]]) -> list[str]:
    """The winners of the game (CE-8): everyone in first place, if they won at least one round."""
    return [row["name"] for row in table if row["place"] == 1 and row["wins"] > 0]
