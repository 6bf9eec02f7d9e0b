"""The web door: the game-masters' dashboard, served by the referee itself (Starlette on uvicorn).

Pages are rendered on the server from ``templates/web/``; every read and every action goes through
the application layer (``Referee``: ``dashboard``, ``views``, ``desk``, ``accounts``), never the store.

- ``site``: the application (routes, errors) and how it is built from a ``Config``
- ``shared``: what every page shares (``Site``: the referee, cookies, limits, templates; ``Refused``)
- ``answers``: reading a request (its form, checked; a field) and answering it (a refusal, a player's answer)
- ``play``: the players' pages
- ``pages``: the game-master's pages and actions
- ``sessions``: signed cookies holding who is signed in (with a role) and the form token
- ``guard``: security headers, bounded request bodies, trusted proxies, and the limits on sign-ins
  and on players' requests for links
- ``words``: the pages' words in English and Russian
- ``metrics``: ``/healthz`` and ``/metrics`` for monitoring
- ``server``: running it under uvicorn, alone or on ``referee serve``'s loop
"""
