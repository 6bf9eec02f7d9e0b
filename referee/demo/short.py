"""The demo of the short games (Museum Suspects, Murder on the Cosmic Express), played by bots by mail.

Each bot asks the rules' ``bot`` for orders from its own player view, just before it writes
its mail, so that it always answers the game as it stands. The referee takes each mail in
at once; both games close a phase as soon as nobody is awaited (``early_close``). Now and
then a bot forgets a phase altogether (one time in ``ABSENT``, drawn from the seed); a phase
still open after a pass in which no bot had anything to send is resolved as if its
deadline had passed unanswered, so the demo shows the deadline defaults too.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from referee.app import Loaded, Referee
from referee.core.rng import SeededStream
from referee.demo.files import START, start_demo_game
from referee.demo.post import PostOffice

PASSES = 12
"""The most passes over the bots in one phase before it is closed as at its deadline."""

ABSENT = 16
"""A bot misses a phase one time in this many."""


@dataclass(frozen=True)
class Played:
    """A short game played to its end: the game, where its files are, and how much mail it took."""

    loaded: Loaded
    post: PostOffice


def run_short(
    directory: Path,
    kind: str,
    seed: int,
    players: int,
    language: str,
    echo: Callable[[str], None],
    *,
    watch: Callable[[PostOffice], None] | None = None,
) -> Played:
    """Plays a whole game of ``kind`` by mail in ``directory``, a line through ``echo`` per closed phase.

    ``watch`` is called after every delivery of the referee's mail (see ``PostOffice.watch``).
    """
    config, store, loaded = start_demo_game(directory, seed, players, language, kind)
    post = PostOffice(store, config, START)
    post.watch = watch
    post.send()
    game_id = loaded.row.id
    names = [seat.name for seat in store.seats(game_id)]
    while not loaded.rules.finished(loaded.state):
        label = loaded.rules.phase(loaded.state).label
        first_seq, mails = loaded.seq, post.mails_in
        loaded, early = _play_phase(store, post, loaded, names, seed)
        if not early:
            loaded = store.resolve(game_id, post.later(5)).loaded  # nobody answered before the deadline
            post.send()
        events = [row for row in store.events(game_id) if row.seq > first_seq]
        news = _news(kind, [(row.kind, row.data) for row in events])
        how = "closed at once" if early else "no answer: closed at the deadline"
        echo(f"{label}: {news}; {_plural(post.mails_in - mails, 'mail')} in, {how}")
    return Played(loaded, post)


def _play_phase(
    store: Referee, post: PostOffice, loaded: Loaded, names: list[str], seed: int
) -> tuple[Loaded, bool]:
    """Bots mail their orders until the open phase closes early (True) or none has more to say (False).

    The bots the phase does not wait for speak first in each pass, so that the awaited ones
    (the Detective about to arrest) have heard them.
    """
    game_id, rules = loaded.row.id, loaded.rules
    key = rules.phase(loaded.state).key
    awaited = set(rules.waiting(loaded.state))
    present = [n for n in names if SeededStream(seed, f"absent:{key}:{n}").choice(range(ABSENT))]
    speakers = [n for n in present if n not in awaited] + [n for n in present if n in awaited]
    for _ in range(PASSES):
        wrote = False
        for name in speakers:
            view = rules.player_view(loaded.state, name, store.seen_by(game_id, name))
            orders = rules.bot(view, seed)
            if not orders:
                continue
            post.write(name, orders)
            post.take_in()
            post.send()
            wrote = True
            loaded = store.load(game_id)
            if rules.finished(loaded.state) or rules.phase(loaded.state).key != key:
                return loaded, True
        if not wrote:
            break
    return loaded, False


Logged = tuple[str, dict[str, Any]]
"""An event of the log as (kind, data)."""


def _news(kind: str, events: list[Logged]) -> str:
    """What everyone may know of a closed phase, in a few words: only events that are public
    by the rules are read, so no player's secret reaches the console."""
    if kind == "minuit":
        return _minuit_news(events)
    return _museum_news(events) if kind == "museum-suspects" else _cosmic_news(events)


def _museum_news(events: list[Logged]) -> str:
    """Which clue the player put a token on, and where their suggestion went (MS-4, MS-5 rulings)."""
    parts = []
    for event, data in events:
        if event == "investigated":
            parts.append(f"clue {data['clue']} with a {data['value']}")
        elif event == "suggestion_made":
            target = "the Exit" if data["target"] == "exit" else data["target"]
            default = " (deadline default)" if data["default"] else ""
            parts.append(f"suggestion on {target}{default}")
    return ", ".join(parts) or "no token placed"


def _minuit_news(events: list[Logged]) -> str:
    """The round's event, the rolls and which leads were tried, never a lead's text (MM-16)."""
    parts = []
    for event, data in events:
        if event == "round_opened":
            parts.append(f"event {data['event'] or 'none'}, ship on {data['ship']}")
        elif event == "acted":
            roll = f" rolled {data['roll']}" if data["roll"] else ""
            parts.append(f"{data['lead']} {data['method']}{roll} {'ok' if data['success'] else 'failed'}")
        elif event == "revelations_announced":
            parts.append(f"{data['seat']} announces revelations")
        elif event == "game_ended":
            parts.append(f"winners {', '.join(data['winners'])}")
    return ", ".join(parts) or "nothing done"


def _cosmic_news(public: list[Logged]) -> str:
    """The swaps, who stopped trading, the talk and the arrest — never which cards (CE-4 ruling)."""
    counted = {
        "swap": sum(1 for event, _ in public if event in ("swap_news", "dummy_swap_news")),
        "message": sum(1 for event, _ in public if event == "message_posted"),
    }
    parts = [_plural(count, what) for what, count in counted.items() if count]
    done = [data["player"] for event, data in public if event == "player_done"]
    if done:
        parts.append(f"done in this order: {', '.join(done)}")
    for event, data in public:
        if event == "arrest_made":
            parts.append(f"{data['detective']} (the Detective) arrested {data['target']}")
        elif event == "weapon_shown":
            parts.append(f"the weapon was shown: {data['weapon']}")
    return ", ".join(parts) or "no swaps"


def _plural(count: int, word: str) -> str:
    """``count`` and ``word``, with an "s" unless there is one."""
    return f"{count} {word}" if count == 1 else f"{count} {word}s"
