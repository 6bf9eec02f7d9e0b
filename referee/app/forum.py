"""The players' forum: what a player signed in on the web is shown, and what they may do there.

A player signs in with a link mailed to their registered address (``links``); what they are shown is
``Views.player`` (the same view as by mail, through the one visibility of the event log) arranged as a
thread per place they have been in, with their arrivals and departures; the mail the referee wrote
them; public news; and the deadline. What they post or order goes through ``GameOperations.submit`` (source
"web"), the path of a mail: the same verdicts, the same answer, the same talk relayed to those present.

A character who died reads public news only, as by mail. A seat's holder is checked at every request:
once a game-master substitutes the player, the old holder's links and sessions lead nowhere.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import UTC, datetime, tzinfo
from typing import Any

from referee.app.audit import Actor
from referee.app.errors import RefereeError
from referee.app.links import Player, read_token
from referee.app.mailroom import bounded
from referee.app.operations import GameOperations
from referee.app.play import Loaded, Submitted, seat_named
from referee.app.resign import leave
from referee.app.sign_in import write_link
from referee.app.views import Views
from referee.core import answers
from referee.core.kept import Kept
from referee.core.rules import heard_letters
from referee.games import rules_for
from referee.store import games as rows
from referee.store.clocks import as_utc, clock_row
from referee.store.forum import choose_mode, mark_read, notices_by_id, play_mode, seat_notice_ids, use_link
from referee.store.games import game_kinds
from referee.store.models import NoticeRow
from referee.store.seats import registered_seats, seat_email
from referee.store.signed_out import sign_out, signed_out

MODES: tuple[str, ...] = ("mail", "web", "both")
"""How a player plays: by mail (every mail, the web if they like), on the web (no mail but the welcome,
sign-in links and answers to their own mail), or both (the web, and by mail the digests of what they
have not read there: in a game that says how, ``Rules.for_both_reader``, e.g. Ten Sailors' reports
holding only the talk said since the player last opened their pages, and no talk mailed line by line;
in the others every mail)."""

PUBLIC_NEWS = frozenset({"master_note", "announcement", "death_announcement", "game_over", "news"})
"""The notices every player is written alike: what a dead character still reads."""

_PARTS = ("hour1", "hour2", "hour3", "hour4", "night")
"""The parts of a game day in order: night ``d`` follows hour 4 of day ``d``."""


class NotYours(RefereeError):
    """Something a player asked for that is not theirs to see or do: answered as if it did not exist."""


LETTERS_SHOWN = 30
"""The most letters of the referee's a player's page shows, the newest."""


@dataclass(frozen=True)
class Thread:
    """The talk of one place as one player heard it: messages and their own comings and goings, of the
    game day ``day`` alone once paged (``on_day``), the days it holds any in ``days``, and how many
    messages were said there in all (``said``)."""

    place: str
    entries: list[dict[str, Any]]
    here: bool
    day: int | None = None
    days: tuple[int, ...] = ()
    said: int = 0

    def on_day(self, day: int, today: int) -> Thread:
        """This thread paged: the entries of game day ``day`` only, after the player's arrival that
        brought them there if that was the day before, with the days it holds any, today and ``day``
        itself (the days a player may open it on)."""
        held = {entry["day"] for entry in self.entries}
        before = [entry for entry in self.entries if entry["day"] < day][-1:]
        return replace(
            self,
            entries=[
                *(entry for entry in before if entry["kind"] == "arrived"),
                *(entry for entry in self.entries if entry["day"] == day),
            ],
            day=day,
            days=tuple(sorted(held | {day, today})),
            said=sum(1 for entry in self.entries if entry["kind"] == "message"),
        )


LETTERS_KEPT = 8192
"""The referee's letters to the players a site keeps as their pages list them (by notice id)."""


class Forum:
    """The players' side of the web, over ``games``; what a player is shown is ``Views.player``."""

    def __init__(self, games: GameOperations, views: Views) -> None:
        self.games = games
        self.views = views
        self.database = games.database
        self._letters = Kept(LETTERS_KEPT)
        self._kinds: dict[str, str] = {}

    def _kind(self, session: Any, game_id: str) -> str:
        """The kind of ``game_id`` (a game's kind never changes: read once)."""
        if game_id not in self._kinds:
            self._kinds.update(game_kinds(session, [game_id]))
        return self._kinds[game_id]

    def _kept_letters(self, session: Any, ids: list[int]) -> list[dict[str, Any]]:
        """The letters numbered ``ids`` as a page lists them, in that order: a notice never changes once
        written (a rollback withdraws it, and the ids read leave it out), so each is read once, those
        not kept yet in one query."""
        kept: dict[Any, dict[str, Any]] = self._letters.known(ids)
        missing = [number for number in ids if number not in kept]
        if missing:
            found: dict[Any, dict[str, Any]] = {n.id: _letter(n) for n in notices_by_id(session, missing)}
            self._letters.keep(found)
            kept |= found
        return [kept[number] for number in ids if number in kept]

    # --- links ---------------------------------------------------------------------------------

    def request_links(self, email: str, now: datetime) -> int:
        """Mails a sign-in link to ``email`` for each seat it holds in a game not over (none if it holds
        none, none for a seat sent one within ``LINK_PAUSE``, and none past ``LINKS_A_DAY`` a day); how
        many were written."""
        written = 0
        with self.database.transaction() as session:
            for seat in registered_seats(session, email.strip()):
                written += write_link(session, seat.game_id, seat.name, seat.email, now)
        return written

    def link_in(self, session: Any, game_id: str, seat: str, email: str, now: datetime) -> int:
        """Writes a sign-in link for ``seat`` inside the caller's transaction (``write_link``)."""
        return write_link(session, game_id, seat, email, now)

    def redeem(self, game_id: str, token: str, now: datetime) -> Player | None:
        """The player a link signs in, used up; None for a link forged, expired, used already, or mailed
        to an address that no longer holds the seat."""
        with self.database.transaction() as session:
            row = rows.game_row(session, game_id)
            if row is None:
                return None
            read = read_token(row.secret, game_id, token, now)
            if read is None:
                return None
            player, notice_id = read
            if not self._holds(session, player) or not use_link(session, game_id, notice_id, now):
                return None
            return player

    def link_language(self, game_id: str, token: str, now: datetime) -> str | None:
        """The language of the game a link signs in to, if the link is genuine and not expired (it is
        not used up: the page that asks to press the button speaks the player's language)."""
        with self.database.reading() as session:
            row = rows.game_row(session, game_id)
            if row is None or read_token(row.secret, game_id, token, now) is None:
                return None
            return str(row.language)

    # --- who is signed in ----------------------------------------------------------------------

    def holds(self, player: Player) -> bool:
        """Whether ``player``'s address still holds their seat of their game."""
        with self.database.reading() as session:
            return self._holds(session, player)

    def _holds(self, session: Any, player: Player) -> bool:
        email = seat_email(session, player.game_id, player.seat)
        if email is None or email.lower() != player.email.lower():
            return False
        return not player.session or not signed_out(session, player.session)

    def sign_out(self, player: Player, until: datetime, now: datetime) -> None:
        """Ends ``player``'s web session for every process of the site (until ``until``, when it would
        have expired anyway)."""
        if player.session:
            with self.database.transaction() as session:
                sign_out(session, player.session, until, now)

    def _check(self, player: Player, game_id: str, seat: str) -> None:
        """``NotYours`` unless ``player`` is the holder of ``seat`` of ``game_id`` (exactly)."""
        if (player.game_id, player.seat) != (game_id, seat) or not self.holds(player):
            raise NotYours("there is no such page")

    # --- what a player is shown ----------------------------------------------------------------

    def page(self, player: Player, game_id: str, seat: str, letters: bool = True) -> dict[str, Any]:
        """Everything the player's page shows; a dead character's holds public news only. Its letters
        leave out those that only copy a line of talk its threads show (``heard_letters``). Without
        ``letters``, the referee's letters are not read (the page's parts asked for show none): its
        news and letters are empty."""
        if (player.game_id, player.seat) != (game_id, seat):
            raise NotYours("there is no such page")
        with self.database.reading() as session:  # whether they hold the seat, and the rows beside the log
            if not self._holds(session, player):
                raise NotYours("there is no such page")
            chosen = play_mode(session, game_id, seat, player.email)
            clock = clock_row(session, game_id)
            news = (
                self._kept_letters(session, seat_notice_ids(session, game_id, seat, PUBLIC_NEWS))
                if letters
                else []
            )
            copies = heard_letters(rules_for(self._kind(session, game_id))) if letters else frozenset()
            mail = (
                self._kept_letters(
                    session, seat_notice_ids(session, game_id, seat, None, LETTERS_SHOWN, copies)
                )
                if letters
                else []
            )
        standing = self.views.standing(game_id)  # the row and the log read once for all the page shows
        row = standing[0]
        view = self.views.player_standing(standing, seat)
        mode = chosen or "mail"
        alive = bool(view.get("alive", True))
        page: dict[str, Any] = {
            "game_id": game_id,
            "kind": row.kind,
            "language": row.language,
            "start": (row.settings or {}).get("start", ""),
            "seat": seat,
            "alive": alive,
            "finished": bool(row.finished),
            "mode": mode,
            "chosen": chosen is not None,
            "digests": rules_for(row.kind).for_both_reader is not None,
            "news": news,
            "deadline": self._deadline(row, clock),
            "zone": self._zone(row),
            "public": {k: view[k] for k in ("characters", "dead", "winners") if k in view},
            "chronicle": self.views.chronicle(game_id) if row.finished else {},
            "answers": self._answers(row.kind, standing, seat),
        }
        if not alive:
            return page
        threads = _threads(view)
        today = _today(view, threads)
        return {
            **page,
            "view": view,
            "today": today,
            "threads": [thread.on_day(today, today) for thread in threads],
            "letters": list(reversed(mail)),
        }

    def thread(self, player: Player, game_id: str, seat: str, place: str, day: int | None = None) -> Thread:
        """The thread of ``place`` as the player heard it on game day ``day`` (if None: today in the room
        they are in, the last day they were in any other), with the days it holds any (``NotYours`` for
        a place they were never in, a day they heard nothing there but today, or a dead character)."""
        self._check(player, game_id, seat)
        view = self.views.player(game_id, seat)
        if not view.get("alive", True):
            raise NotYours("there is no such page")
        threads = _threads(view)
        found = next((t for t in threads if t.place == place), None)
        today = _today(view, threads)
        if found is None or (day not in (None, today) and all(e["day"] != day for e in found.entries)):
            raise NotYours("there is no such page")
        if day is None:  # the room they are in opens on today, another on the last day they heard it
            day = today if found.here else max((e["day"] for e in found.entries), default=today)
        return found.on_day(day, today)

    def _answers(self, kind: str, standing: Any, seat: str) -> str | None:
        """When the seat reads the answers to its orders (``referee.core.answers``: its last choice in the
        game's log at ``standing``, ``NOW`` if none), or None in a game that keeps no such choice."""
        if getattr(rules_for(kind), "answers_in_report", None) is None:
            return None
        return str(
            self.views.worked(standing, ("answers", seat), lambda: answers.chosen_in(standing[2], seat))
        )

    def _deadline(self, row: Any, clock: Any) -> datetime | None:
        if clock is None or clock.due_at is None or row.finished:
            return None
        return as_utc(clock.due_at).astimezone(self._zone(row))

    def _zone(self, row: Any) -> tzinfo:
        """The time zone of the game's schedule (UTC without a calendar): the page's times are in it."""
        timekeeper = self.games.timekeeper
        return timekeeper.zone(row) if timekeeper is not None else UTC

    # --- what a player does --------------------------------------------------------------------

    def submit(
        self,
        player: Player,
        game_id: str,
        seat: str,
        text: str,
        now: datetime,
        *,
        most_lines: int | None = None,
        longest_line: int | None = None,
    ) -> Submitted:
        """``text`` from the player, judged as a mail from them would be (``GameOperations.submit``, "web"):
        cleaned as a mail's text is (no control, invisible or direction-changing characters; words of
        mixed scripts in one), at most ``most_lines`` non-empty lines, each cut at ``longest_line``."""
        self._check(player, game_id, seat)
        text, _ = bounded(text, most_lines, longest_line)
        if not text.strip():
            raise RefereeError("there is nothing to send")

        def living(loaded: Loaded) -> None:
            """Whether the character lives, from the state the submission reads (no second read)."""
            if not loaded.rules.player_view(loaded.state, seat, []).get("alive", True):
                raise NotYours("a character who died gives no more orders")

        return self.games.submit(game_id, seat, text, now, "web", admit=living)

    def read(self, player: Player, game_id: str, seat: str, now: datetime) -> None:
        """Records that the player read their pages on the web at ``now`` (their game page or a room
        thread): what was said until then is not mailed again in a "both" reader's digests. Only a
        player who chose how to play is marked; the others play by mail and are mailed everything.
        Whether there is anything to mark is read first: a page opened takes no write lock for nothing."""
        if (player.game_id, player.seat) != (game_id, seat):
            return
        with self.database.reading() as session:
            if play_mode(session, game_id, seat, player.email) is None:
                return
        with self.database.transaction() as session:
            if self._holds(session, player) and (player.game_id, player.seat) == (game_id, seat):
                mark_read(session, game_id, seat, player.email, now)

    def choose_answers(
        self, player: Player, game_id: str, seat: str, choice: str, now: datetime
    ) -> Submitted:
        """Records when the player reads the answers to the orders they mail (``referee.core.answers``):
        the order that makes the choice, in the game's language, judged as their mail would be."""
        self._check(player, game_id, seat)
        if choice not in answers.LINES:
            raise RefereeError(f"choose one of {', '.join(answers.LINES)}")
        with self.database.reading() as session:
            row = rows.game_row(session, game_id)
        language = "ru" if row is not None and row.language == "ru" else "en"
        return self.submit(player, game_id, seat, answers.LINES[choice][language], now)

    def choose(self, player: Player, game_id: str, seat: str, mode: str, now: datetime) -> None:
        """Records how the player plays from now on (one of ``MODES``)."""
        self._check(player, game_id, seat)
        if mode not in MODES:
            raise RefereeError(f"choose one of {', '.join(MODES)}")
        with self.database.transaction() as session:
            choose_mode(session, game_id, seat, player.email, mode, now)

    def resign(self, player: Player, game_id: str, seat: str, confirmed: bool, now: datetime) -> None:
        """The player leaves the game from their page (RESIGN): only with the box ticked that confirms
        it, as a reply YES confirms it by mail (``referee.app.resign``)."""
        self._check(player, game_id, seat)
        if not confirmed:
            raise RefereeError("tick the box to confirm that you leave the game")
        with self.database.transaction() as session:
            loaded = self.games.running(session, game_id)
            leave(session, loaded, seat_named(session, game_id, seat), Actor("web", player.email), now)


def _letter(notice: NoticeRow) -> dict[str, Any]:
    return {
        "id": notice.id,
        "template": notice.template,
        "data": notice.data,
        "at": as_utc(notice.created_at),
    }


def _order(day: int, part: str) -> int:
    return day * len(_PARTS) + (_PARTS.index(part) if part in _PARTS else 0)


def _threads(view: dict[str, Any]) -> list[Thread]:
    """A thread per place the character has been in, from its own view: the messages it heard there
    and its arrivals and departures, in the order they happened; the place it is in now first. Talk
    said in no place (a game whose talk reaches every player) makes no thread: the game's page shows it."""
    messages = [m for m in view.get("messages", []) if "location" in m]
    moves, here = view.get("moves", []), view.get("location")
    places: list[str] = []
    for item in [*([here] if here else []), *(m["location"] for m in messages)]:
        if item not in places:
            places.append(item)
    for move in moves:
        for item in (move["to"], move["from"]):
            if item and item not in places:
                places.append(item)
    threads = []
    for place in places:
        entries: list[tuple[tuple[int, int, str], dict[str, Any]]] = []
        for m in messages:
            if m["location"] == place:
                key = (_order(m["day"], m["segment"]), 0, str(m.get("received_at", "")))
                entries.append((key, {"kind": "message", **m}))
        for move in moves:
            if move["from"] == move["to"]:
                continue
            key = (_order(move["day"], move["segment"]), 1, "")
            if move["from"] == place:
                entries.append((key, {"kind": "left", "to": move["to"], **_when(move)}))
            if move["to"] == place:
                entries.append((key, {"kind": "arrived", "from": move["from"], **_when(move)}))
        ordered = [entry for _, entry in sorted(entries, key=lambda item: item[0])]
        threads.append(Thread(place, ordered, place == here))
    return threads


def _today(view: dict[str, Any], threads: list[Thread]) -> int:
    """The game day the player's threads open on: the game's current day, else (a game whose view tells
    none) the last day they heard anything, else the first."""
    if isinstance(view.get("day"), int):
        return int(view["day"])
    return max((entry["day"] for thread in threads for entry in thread.entries), default=1)


def _when(move: dict[str, Any]) -> dict[str, Any]:
    return {
        "day": move["day"],
        "segment": move["segment"],
        "hour": move.get("hour"),
        "reason": move["reason"],
    }
