"""The Cosmic Express game state: the deal of the round, the offers, who is done, the arrest.

The state is the fold of the event log (``apply``). What each player was told lives in
the events, each with its audience; views read the state only for the seat's own cards
and offers and take everything else from the events the seat may see.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from referee.core.phases import Phase
from referee.games.cosmic_express.cards import DETECTIVE, DUMMY

TRADING = "trading"
INTERROGATION = "interrogation"

OPEN = "open"
ACCEPTED = "accepted"
REFUSED = "refused"
WITHDRAWN = "withdrawn"
EXPIRED = "expired"


@dataclass(frozen=True)
class Offer:
    """A face-down offer (CE-4 ruling): ``offerer`` puts ``item`` in front of ``receiver``.

    ``status`` is open, accepted, refused, withdrawn or expired; ``answer`` is the item the
    receiver gave when accepting; ``why`` says why an offer was closed without a swap
    ("asked", "card_gone" after the offerer gave that card elsewhere, "done", "window_closed").
    """

    id: str
    round: int
    offerer: str
    receiver: str
    item: str
    status: str = OPEN
    answer: str = ""
    why: str = ""

    @property
    def open(self) -> bool:
        """Whether the offer still waits for an answer."""
        return self.status == OPEN


@dataclass(frozen=True)
class GameState:
    """Everything the rules need: the seats, the deal of the current round and its course."""

    game_id: str
    seed: int | str
    language: str
    seats: tuple[str, ...]
    rounds: int
    round: int = 0
    stage: str = TRADING
    roles: dict[str, str] = field(default_factory=dict)
    hands: dict[str, tuple[str, ...]] = field(default_factory=dict)
    weapon: str = ""
    dummy_role: str = ""
    dummy_items: tuple[str, ...] = ()
    offers: tuple[Offer, ...] = ()
    offer_count: int = 0
    done: frozenset[str] = frozenset()
    weapon_shown: bool = False
    arrest: str | None = None
    results: tuple[dict[str, Any], ...] = ()
    finished: bool = False
    winners: tuple[str, ...] = ()
    standings: tuple[dict[str, Any], ...] = ()
    answers: tuple[str, ...] = ()
    """The seats that read the answers to their orders in the letter closing the phase
    (``referee.core.answers``)."""
    journal: tuple[dict[str, Any], ...] = ()
    """What happened at the table, in order, every round: each offer made and how it closed, each
    swap with the Dummy, each player done trading, the talk, the weapon turned over and the arrest
    (the event's kind and data). Only the game-master's view reads it."""

    @property
    def has_dummy(self) -> bool:
        """Whether this game uses the Dummy (three players, CE-9)."""
        return bool(self.dummy_items)

    def seat_with(self, role: str) -> str | None:
        """The seat holding ``role`` this round, ``DUMMY`` for the Dummy, None when nobody has it."""
        if self.dummy_role == role:
            return DUMMY
        return next((seat for seat in self.seats if self.roles.get(seat) == role), None)

    def offer(self, offer_id: str) -> Offer | None:
        """The offer called ``offer_id`` (any round), if there is one."""
        return next((o for o in self.offers if o.id == offer_id), None)

    def open_offers(self) -> list[Offer]:
        """The offers still waiting for an answer, oldest first."""
        return [o for o in self.offers if o.open]

    def committed(self, seat: str, item: str) -> int:
        """How many of ``seat``'s ``item`` cards lie in open offers (each card in one at most)."""
        return sum(1 for o in self.offers if o.open and o.offerer == seat and o.item == item)

    def free(self, seat: str, item: str) -> int:
        """How many of ``seat``'s ``item`` cards are not in an open offer."""
        return self.hands[seat].count(item) - self.committed(seat, item)

    def all_cards(self) -> Counter[str]:
        """Every item card in play: the hands, the Dummy's cards and the weapon in the middle."""
        cards: Counter[str] = Counter(self.dummy_items)
        for hand in self.hands.values():
            cards.update(hand)
        cards[self.weapon] += 1
        return cards

    @property
    def phase(self) -> Phase:
        """The phase now open: round ``r`` has trading (index 2r-1) and interrogation (index 2r)."""
        index = 2 * self.round - (1 if self.stage == TRADING else 0)
        label = f"round {self.round} of {self.rounds}: {self.stage}"
        return Phase(index, f"r{self.round}-{self.stage}", label, self.stage)

    def waiting(self) -> tuple[str, ...]:
        """The seats the open phase still waits for: those not done trading, or the Detective."""
        if self.finished:
            return ()
        if self.stage == TRADING:
            return tuple(seat for seat in self.seats if seat not in self.done)
        if self.arrest is not None:
            return ()
        detective = self.seat_with_detective()
        return (detective,) if detective else ()

    def answers_in_report(self, seat: str) -> bool:
        """Whether the answer to ``seat``'s mail waits for the letter that closes the phase
        (``referee.core.answers``): they chose so, the phase waits for nothing more from them (a player
        still trading or the Detective still to arrest is answered at once), and that letter is theirs
        alone (not the end of the game, which everyone reads alike)."""
        last = self.stage == INTERROGATION and self.round >= self.rounds
        return seat in self.answers and seat not in self.waiting() and not last and not self.finished

    def seat_with_detective(self) -> str | None:
        """The player who is the Undercover Detective this round (never the Dummy, CE-9)."""
        seat = self.seat_with(DETECTIVE)
        return seat if seat != DUMMY else None
