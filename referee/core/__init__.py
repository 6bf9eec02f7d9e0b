"""The game-agnostic core: seats, phases, orders, events, notices, views and seeded randomness.

Nothing here knows any one game. A game (see ``referee.games``) plugs in through the
``Rules`` protocol in ``referee.core.rules``; see ``docs/design.md``.
"""
