"""Ways across the ship: which zones touch, what a walk costs, how far a suspect may go (MM-2, MM-13, MM-18).

Every function takes the round's event, whose closed connections cannot be crossed and
whose price of entering the suite replaces the usual 2 (MM-4, MM-13).
"""

from __future__ import annotations

import heapq

from referee.games.minuit.content import CONNECTIONS, SUITE, ZONES, EventCard


def neighbours(zone: int, event: EventCard) -> list[int]:
    """The zones one step from ``zone`` this round, lowest first."""
    return sorted(
        other for other in ZONES if other != zone and frozenset((zone, other)) in CONNECTIONS - event.closed
    )


def step_cost(to: int, event: EventCard) -> int:
    """What crossing into zone ``to`` costs a detective: 1, or the suite's entry price (MM-13)."""
    return event.enter_suite if to == SUITE else 1


def route(start: int, goal: int, event: EventCard) -> tuple[list[int], int] | None:
    """The cheapest walk from ``start`` to ``goal`` (the zones entered, in order) and its cost in
    action points, or None when ``goal`` cannot be reached this round. Ties go to lower zone numbers."""
    best: dict[int, int] = {start: 0}
    queue: list[tuple[int, list[int]]] = [(0, [])]
    while queue:
        cost, path = heapq.heappop(queue)
        here = path[-1] if path else start
        if here == goal:
            return path, cost
        if cost > best.get(here, cost):
            continue
        for nxt in neighbours(here, event):
            price = cost + step_cost(nxt, event)
            if price < best.get(nxt, price + 1):
                best[nxt] = price
                heapq.heappush(queue, (price, [*path, nxt]))
    return None


def suspect_reach(start: int, steps: int, event: EventCard) -> list[int]:
    """The zones a suspect in ``start`` may be moved to: one to ``steps`` zones away along open
    connections, never into nor through the suite (MM-18)."""
    seen = {start}
    frontier = [start]
    for _ in range(steps):
        frontier = [n for zone in frontier for n in neighbours(zone, event) if n != SUITE and n not in seen]
        seen.update(frontier)
    return sorted(seen - {start})
