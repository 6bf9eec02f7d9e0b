"""The demo of the short games (Museum Suspects, Murder on the Cosmic Express), played by bots by mail.

Each bot asks the rules' ``bot`` for orders from its own player view, just before it writes
its mail, so that it always answers the game as it stands. The referee takes each mail in
at once; both games close a phase as soon as nobody is awaited (``early_close``). Now and
then a bot forgets a phase altogether (one time in ``ABSENT``, drawn from the seed); a phase
still open after a pass in which no bot had anything to send is resolved as if its
deadline had passed unanswered, so the demo shows the deadline defaults too.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from referee.app import Loaded, Referee
from referee.core.rng import SeededStream
from referee.demo.files import START, start_demo_game
from referee.demo.post import PostOffice
from referee.demo.words import arrests, count, names_in, say
from referee.games.minuit.content import EVENTS
from referee.games.minuit.presentation import phase_name
from referee.games.minuit.shipmap import lead_label
from referee.render import Renderer, and_list

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
        label, key = loaded.rules.phase(loaded.state).label, loaded.rules.phase(loaded.state).key
        first_seq, mails = loaded.seq, post.mails_in
        loaded, early = _play_phase(store, post, loaded, names, seed)
        if not early:
            loaded = store.resolve(game_id, post.later(5)).loaded  # nobody answered before the deadline
            post.send()
        events = [row for row in store.events(game_id) if row.seq > first_seq]
        news = _news(
            Telling(kind, language, post.renderer, loaded.state), [(row.kind, row.data) for row in events]
        )
        how = say(language, "at_once" if early else "at_deadline")
        mailed = count(language, post.mails_in - mails, "mail")
        label_shown = phase_words(label, key, kind, language)
        echo(say(language, "phase", label=label_shown, news=news, mails=mailed, how=how))
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


@dataclass(frozen=True)
class Telling:
    """What the demo's news of a phase is told with: the game, the demo's language, the templates (for
    the names the players' mail uses) and the game as it stands (a Minuit case names its leads)."""

    kind: str
    language: str
    renderer: Renderer
    state: Any


_ROUND_TURN = re.compile(r"^round (\d+), (.+)'s turn$")
_ROUND_STAGE = re.compile(r"^round (\d+) of (\d+): (trading|interrogation)$")
_STAGES_RU = {"trading": "обмен", "interrogation": "допрос"}


def phase_words(label: str, key: str, kind: str, language: str) -> str:
    """The open phase as the demo prints it: the rules' ``label`` in English; in Russian, the same said
    in Russian («раунд 2, ходит Anna», «раунд 1 из 1: допрос», «гипотезы»)."""
    if language != "ru":
        return label
    if found := _ROUND_TURN.match(label):
        return f"раунд {found[1]}, ходит {found[2]}"
    if found := _ROUND_STAGE.match(label):
        return f"раунд {found[1]} из {found[2]}: {_STAGES_RU[found[3]]}"
    return phase_name(key, language="ru") if kind == "minuit" else label


def _news(telling: Telling, events: list[Logged]) -> str:
    """What everyone may know of a closed phase, in a few words: only events that are public
    by the rules are read, so no player's secret reaches the console."""
    if telling.kind == "minuit":
        return _minuit_news(telling, events)
    if telling.kind == "museum-suspects":
        return _museum_news(telling.language, events)
    return _cosmic_news(telling, events)


def _museum_news(language: str, events: list[Logged]) -> str:
    """Which clue the player put a token on, and where their suggestion went (MS-4, MS-5 rulings)."""
    parts = []
    for event, data in events:
        if event == "investigated":
            parts.append(say(language, "clue", clue=data["clue"], value=data["value"]))
        elif event == "suggestion_made":
            target = say(language, "exit") if data["target"] == "exit" else data["target"]
            parts.append(
                say(language, "suggestion_default" if data["default"] else "suggestion", target=target)
            )
    return ", ".join(parts) or say(language, "no_token")


def _minuit_news(telling: Telling, events: list[Logged]) -> str:
    """The round's event, the rolls and which leads were tried, by their names (a place's, a suspect's
    and the topic), never a lead's text (MM-16)."""
    language, case = telling.language, telling.state.case
    methods = names_in(telling.renderer, language, "minuit", "_common.txt.j2", "METHODS")
    parts = []
    for event, data in events:
        if event == "round_opened" and data["event"]:
            title = EVENTS[data["event"]].title[language]
            parts.append(say(language, "round_opened", event=title, ship=data["ship"]))
        elif event == "round_opened":
            parts.append(say(language, "no_event", ship=data["ship"]))
        elif event == "acted":
            roll = say(language, "rolled", roll=data["roll"]) if data["roll"] else ""
            outcome = say(language, "success" if data["success"] else "failure")
            lead = lead_label(case, data["lead"])[language]
            method = methods.get(data["method"], data["method"])
            parts.append(say(language, "acted", lead=lead, method=method, roll=roll, outcome=outcome))
        elif event == "revelations_announced":
            parts.append(say(language, "announces", seat=data["seat"]))
        elif event == "game_ended":
            parts.append(say(language, "ended", winners=and_list(data["winners"], language)))
    return "; ".join(parts) or say(language, "nothing_done")


def _cosmic_news(telling: Telling, public: list[Logged]) -> str:
    """The swaps, who stopped trading, the talk and the arrest — never which cards (CE-4 ruling)."""
    language = telling.language
    counted = {
        "swap": sum(1 for event, _ in public if event in ("swap_news", "dummy_swap_news")),
        "message": sum(1 for event, _ in public if event == "message_posted"),
    }
    parts = [count(language, number, what) for what, number in counted.items() if number]
    done = [data["player"] for event, data in public if event == "player_done"]
    if done:
        parts.append(say(language, "done_order", names=", ".join(done)))
    items = names_in(telling.renderer, language, "cosmic-express", "_names.txt.j2", "ITEM")
    for event, data in public:
        if event == "arrest_made":
            detective, verb = data["detective"], arrests(language, data["detective"])
            parts.append(
                say(language, "arrest", detective=detective, arrested_verb=verb, target=data["target"])
            )
        elif event == "weapon_shown":
            parts.append(say(language, "shown", weapon=items.get(data["weapon"], data["weapon"])))
    return ", ".join(parts) or say(language, "no_swaps")
