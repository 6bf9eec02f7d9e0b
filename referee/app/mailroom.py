"""Mail as the referee takes it in: kept once, its sender identified, its text judged and answered —
all in one transaction.

The mail door reads a mail into one ``RawArrival`` (sender, Message-ID, the new text, the token of
the personal address it was sent to, and its verdicts: over a size limit, never to be answered, a
sender that failed the receiving server's checks) and hands it to ``take``, which does the rest in
one pass and hands back one ``Receipt``: mail never to be answered and mail from a sender that may be
forged is kept and answered by nobody; the password a password line gives is taken from the text. A mail is a
player's when it comes from the address registered for a seat to that seat's personal
address, or when it gives that seat's password, from any address; the same holds for a
game's game-master. Seats and game-masters are looked up in one query inside the
transaction that uses them. A mail from a seat's registered address to the plain address is
held on its own until a reply from that address says YES to it (``confirmation``). Anything else changes
no game and gets a short answer naming none — at most one a day per address. A mail for a
game that stands still on an error is kept and held, and answered saying so.

Whatever a mail holds, what is written of it is plain text: every value taken from it loses
NUL and the other control characters but the line feed and the tab (PostgreSQL refuses NUL);
only the raw mail is kept as it came. Of a player's text at most ``most_lines`` non-empty lines
are judged and no line is longer than ``longest_line`` characters: a longer one ends in "[…]";
a word in them that mixes look-alike letters of two scripts is written in one (``unmix_scripts``).
A mail too big to read at all is kept unread and answered at most once a day per address.

A password is never kept: the copy of a mail that is kept has its password lines' passwords
hidden (``hide_passwords``), right or wrong. A password said anywhere else in a mail, in any
spelling, is hidden in its text and in the copy kept, and is ended at once: its owner is mailed a
new one (``passwords``). A player asks for a new password with ``NEW PASSWORD``. Wrong passwords
are counted (``guesses``): after too many, password mail from that address or to that seat is
refused without the password being looked at, and the sender is told once when to try again.
"""

from __future__ import annotations

import re
from collections.abc import Collection
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, TypeVar

from sqlalchemy.exc import IntegrityError

from referee.app.arrivals import RawArrival
from referee.app.audit import Actor
from referee.app.confirmation import (
    MOST_PENDING,
    NO,
    TOKEN_PREFIX,
    UNCLEAR,
    YES,
    answer,
    confirms,
    dropped,
    lapsed,
    question,
    unconfirmed,
)
from referee.app.credentials import hide_passwords, password_lines
from referee.app.desk import Desk, master_answer
from referee.app.errors import RulesFailed
from referee.app.guesses import BY_DEFAULT, Seat, Throttle, count_failure, held_back
from referee.app.links import asks_for_link
from referee.app.passwords import ask, asks_for_password, rotate, said
from referee.app.play import AnswerTo, expect_games, lock, save, seat_named, tell
from referee.app.receipts import GUESSED, MailOutcome, Receipt
from referee.app.resign import TOKEN_PREFIX as RESIGN_PREFIX
from referee.app.resign import ask as ask_to_resign
from referee.app.resign import asks_to_resign, decide, seat_resigning
from referee.app.sign_in import write_link
from referee.app.signup import Signups
from referee.config import Limits
from referee.core.notices import Notice
from referee.core.orders import Submission
from referee.core.seats import MASTER
from referee.core.text import clean_text, printable, unmix_scripts
from referee.store.clocks import expect_due
from referee.store.hashes import bare
from referee.store.inbound import already_kept, answered_since, keep_inbound
from referee.store.models import HeldRow
from referee.store.notices import write_notices
from referee.store.records import UNCONFIRMED, hold, release_held, unconfirmed_rows
from referee.store.relays import expect_relays
from referee.store.seats import Credential, credentials, expect_credentials, master_row, registered_seats
from referee.store.unit import Unit

if TYPE_CHECKING:
    from referee.app.operations import GameOperations

T = TypeVar("T")

REFUSAL_PAUSE = timedelta(days=1)
"""How long after a refusal another mail from the same address is refused without an answer."""

_ASKED = {"new-password": MailOutcome.NEW_PASSWORD, "too-many": MailOutcome.PASSWORD_LATER}
"""The outcome of a mail asking for a new password, by what ``passwords.ask`` says it did."""

UNASKED = ("refusal", "too_big")
"""The answers to mail from anyone (no game, no seat): together, one per address per ``REFUSAL_PAUSE``."""

HELD_BACK = "password_wait"
"""The answer to password mail refused unread after too many wrong passwords: one per address per burst."""

CUT_MARK = " […]"
"""What ends a line cut at ``longest_line`` characters."""

_CONTROLS = re.compile("[\x00-\x08\x0b-\x1f]")
"""Control characters no text kept of a mail may hold: all C0 but the tab and the line feed."""


@dataclass(frozen=True)
class Arrival:
    """Something received by mail, to be kept whole once (its ``message_id`` is unique)."""

    message_id: str
    received_at: datetime
    sender: str
    raw: bytes
    hidden: bytes | None = None
    """``raw`` with every password hidden (``hide_passwords`` with the password it gave), when that is
    done already (``take``); ``receive`` does it otherwise."""


class Mailroom:
    """Takes mail in for ``games``; a game-master's commands go to ``desk``."""

    def __init__(self, games: GameOperations, desk: Desk, signups: Signups | None = None) -> None:
        self.games = games
        self.desk = desk
        self.database = games.database
        self.signups = signups if signups is not None else Signups(games)

    def expect(self, tokens: Collection[str]) -> None:
        """Reads at once, inside a batch of mail (``Database.batch``), what its mails sent to the personal
        addresses ``tokens`` will each ask: whose addresses they are, and those seats' games, locked
        and loaded, with their clocks — a few queries for the batch instead of a few for each mail, and
        each game's state loaded once for all its mails. Outside a batch it does nothing."""
        with self.database.transaction() as session:
            if session.memo is None:
                return
            games = sorted({item.game_id for item in expect_credentials(session, tokens)})
            expect_games(session, games)
            expect_due(session, games)
            expect_relays(session, games)

    def take(self, mail: RawArrival, limits: Limits) -> Receipt:
        """Takes in one mail as the door read it, in one pass: cleans what is written of it, takes the
        password a password line gives from its text and hides it in the copy kept, then keeps it and
        — unless it must never be answered, its sender may be forged or it is over a size limit —
        finds who sent it and judges and answers it (``receive``) as ``limits`` say."""
        arrival = Arrival(clean(mail.message_id), mail.received_at, clean(mail.sender), mail.raw)
        if mail.over:
            return self._too_big(arrival, mail)
        text, password = password_lines(mail.text)
        hidden = replace(arrival, raw=hide_passwords(mail.raw, password))
        if mail.unanswerable:
            return self._unanswered(hidden, Receipt(MailOutcome.IGNORED, clean(mail.unanswerable)))
        if mail.forged:  # no answer: the From may be forged
            return self._unanswered(hidden, Receipt(MailOutcome.SENDER_FAILED, clean("-".join(mail.forged))))
        return self.receive(
            replace(arrival, hidden=hidden.raw),
            token=mail.token,
            password=password,
            text=text,
            answer_to=AnswerTo(mail.sender, mail.message_id, mail.subject, mail.problem),
            most_lines=limits.lines,
            longest_line=limits.talk_chars,
            throttle=Throttle.of(limits),
        )

    def _unanswered(self, arrival: Arrival, receipt: Receipt) -> Receipt:
        """Keeps a mail that is answered by nobody (automatic mail, a forged sender)."""
        try:
            with self.database.transaction() as session:
                if already_kept(session, arrival.message_id):
                    return _duplicate(arrival)
                return _keep(session, arrival, receipt)
        except IntegrityError:
            return _duplicate(arrival)  # another process kept the same mail first

    def _too_big(self, arrival: Arrival, mail: RawArrival) -> Receipt:
        """Keeps a mail too big to read (over the limit ``mail.over``, of ``mail.limit``), unread, and
        answers its sender (if known and the mail may be answered) saying so, at most once a day per
        address. A mail whose sender failed the receiving server's checks is never answered: its
        outcome names them first ("refused:sender-failed-dmarc:over-limit:…"), as for any forged mail."""
        code = clean(mail.over)
        receipt = Receipt(MailOutcome.OVER_LIMIT, code)
        if mail.forged:
            checks = clean("-".join(mail.forged))
            detail = f"{checks}:{MailOutcome.OVER_LIMIT.word}:{code}"
            receipt = Receipt(MailOutcome.SENDER_FAILED, detail)
        answer = not (mail.unanswerable or mail.forged) and arrival.sender
        try:
            with self.database.transaction() as session:
                if already_kept(session, arrival.message_id):
                    return _duplicate(arrival)
                kept = _keep(session, replace(arrival, raw=hide_passwords(arrival.raw)), receipt)  # unread
                if answer and not self._answered(session, arrival):
                    _answer_stranger(session, "too_big", {"limit": code, "size": mail.limit}, arrival)
                return kept
        except IntegrityError:
            return _duplicate(arrival)

    def receive(
        self,
        arrival: Arrival,
        *,
        token: str,
        password: str,
        text: str,
        answer_to: AnswerTo,
        most_lines: int | None = None,
        longest_line: int | None = None,
        throttle: Throttle = BY_DEFAULT,
    ) -> Receipt:
        """Keeps ``arrival`` once, finds who sent it, and judges and answers its ``text``.

        ``token`` is the one of the personal address it was sent to ("" if none), ``password``
        the one it gave ("" if none); ``answer_to`` says where an answer goes. Of ``text`` only
        the first ``most_lines`` non-empty lines are judged, each cut at ``longest_line`` characters.
        Wrong passwords are borne as ``throttle`` says. A mail kept before is found when it is kept
        again, by the unique Message-ID: whatever its second reading did is then rolled back.
        """
        token, password, text = clean(token), clean(password), clean(text)
        hidden = hide_passwords(arrival.raw, password) if arrival.hidden is None else arrival.hidden
        arrival = Arrival(clean(arrival.message_id), arrival.received_at, clean(arrival.sender), hidden)
        answer_to = _cleaned(answer_to, "address", "in_reply_to", "subject", "problem")
        try:
            with self.database.transaction() as session:  # a mail kept before fails to be kept again
                heard = said(session, text)  # a password said aloud: hidden, and ended at once
                if heard.owners:
                    text = heard.text
                    arrival = replace(arrival, raw=hide_passwords(arrival.raw, *heard.passwords))
                    rotate(session, heard.owners, arrival.received_at)
                found = credentials(session, token, "") if token else []
                if password and not _proven(found, arrival.sender, token):
                    target = _addressed(found, token)
                    wait = held_back(session, throttle, arrival.sender, target, arrival.received_at)
                    if wait is not None:
                        return self._held_back(session, arrival, wait, throttle)
                    found = credentials(session, token, password)
                master = _master(found, arrival.sender, token, password)
                if master is not None:
                    commands, _ = bounded(_without_password(text, password), most_lines, longest_line)
                    return self._from_master(session, arrival, master, commands, answer_to)
                seat = _seat(found, arrival.sender, token, password)
                if seat is MailOutcome.UNKNOWN_TOKEN and token.lower().startswith(RESIGN_PREFIX):
                    resigned = self._resigned(session, arrival, token, text)
                    if resigned is not None:
                        return resigned
                if seat in (MailOutcome.NO_PERSONAL_ADDRESS, MailOutcome.UNKNOWN_TOKEN) and not password:
                    answering = (arrival.message_id, answer_to.subject)
                    signed = self.signups.by_mail(
                        session, arrival.sender, token, text, arrival.received_at, answering
                    )
                    if signed is not None:  # GAMES, JOIN, LEAVE, or a reply confirming one
                        return _keep(session, arrival, Receipt(MailOutcome.SIGNUP, signed.detail))
                if seat in (MailOutcome.NO_PERSONAL_ADDRESS, MailOutcome.UNKNOWN_TOKEN):
                    unproven = self._unproven(
                        session, arrival, token, text, answer_to, most_lines, longest_line
                    )
                    if unproven is not None:
                        return unproven
                if isinstance(seat, MailOutcome):
                    if seat in GUESSED:
                        target = _addressed(found, token)
                        count_failure(session, throttle, arrival.sender, target, arrival.received_at)
                    return self._refuse(session, arrival, seat)
                orders, cut = bounded(_without_password(text, password), most_lines, longest_line)
                if cut:
                    answer_to = replace(answer_to, cut=cut, lines_read=most_lines or 0)
                return self._from_seat(session, arrival, seat, orders, answer_to)
        except IntegrityError:
            return _duplicate(arrival)
        except RulesFailed as failed:  # that game stops; the mail is then held (or its commands refused)
            self.games.stop(failed.game_id, failed.error, arrival.received_at)
            return self.receive(
                arrival,
                token=token,
                password=password,
                text=text,
                answer_to=answer_to,
                most_lines=most_lines,
                longest_line=longest_line,
                throttle=throttle,
            )

    def _answered(self, session: Unit, arrival: Arrival) -> bool:
        """Whether ``arrival``'s sender had an answer to mail from anyone within ``REFUSAL_PAUSE``."""
        return answered_since(session, arrival.sender, arrival.received_at - REFUSAL_PAUSE, UNASKED)

    def _refuse(self, session: Unit, arrival: Arrival, why: MailOutcome) -> Receipt:
        kept = _keep(session, arrival, Receipt(why))
        if not self._answered(session, arrival):
            _answer_stranger(session, "refusal", {"reason": kept.text}, arrival)
        return kept

    def _held_back(self, session: Unit, arrival: Arrival, until: datetime, throttle: Throttle) -> Receipt:
        """Refuses password mail unread after too many wrong passwords, telling the sender once per
        burst when to try again."""
        kept = _keep(session, arrival, Receipt(MailOutcome.TOO_MANY_WRONG_PASSWORDS))
        since = arrival.received_at - throttle.window
        if not answered_since(session, arrival.sender, since, (HELD_BACK,)):
            wait = _minutes(until - arrival.received_at)
            data = {"until": until.strftime("%Y-%m-%d %H:%M UTC"), "minutes": wait}
            _answer_stranger(session, HELD_BACK, data, arrival)
        return kept

    def _from_master(
        self, session: Unit, arrival: Arrival, master: Credential, text: str, answer_to: AnswerTo
    ) -> Receipt:
        kept = _keep(session, arrival, Receipt(MailOutcome.GAME_MASTER, game_id=master.game_id, seat=MASTER))
        if asks_for_password(text):  # a new password to the registered address, not a command
            return replace(kept, outcome=_ASKED[ask(session, master, arrival.received_at)])
        actor = Actor("mail", master.email)
        results = self.desk.commands(master.game_id, text, arrival.received_at, actor, session)
        reply = replace(answer_to, address=arrival.sender)
        phase = lock(session, master.game_id).row.phase
        tell(session, master.game_id, phase, [master_answer(results)], arrival.received_at, reply)
        return kept

    def _from_seat(
        self,
        session: Unit,
        arrival: Arrival,
        seat: Credential,
        text: str,
        answer_to: AnswerTo,
        outcome: MailOutcome = MailOutcome.ACCEPTED,
        source: str = "",
    ) -> Receipt:
        by_password = arrival.sender != seat.email.lower()
        address = arrival.sender if by_password else seat.email  # a password answers where it came from
        if answer_to.address != address:
            answer_to = replace(answer_to, address=address)
        loaded = lock(session, seat.game_id)
        if loaded.row.failed_at is not None:
            return self._hold(session, arrival, seat, text, answer_to)
        kept = _keep(session, arrival, Receipt(outcome, game_id=seat.game_id, seat=seat.name))
        if asks_for_link(text):  # any game: a sign-in link to the registered address, not an order
            write_link(session, seat.game_id, seat.name, seat.email, arrival.received_at)
            return replace(kept, outcome=MailOutcome.LINK)
        if asks_for_password(text):  # a new password to the registered address alone, not an order
            return replace(kept, outcome=_ASKED[ask(session, seat, arrival.received_at)])
        if asks_to_resign(text):  # a question to the registered address alone, not an order
            held = seat_named(session, seat.game_id, seat.name)
            ask_to_resign(session, loaded, held, arrival.received_at, arrival.message_id)
            return replace(kept, outcome=MailOutcome.RESIGN, detail="asked")
        submission = Submission(seat.name, text, arrival.received_at, source or f"mail:{arrival.message_id}")
        with self.games.contained(seat.game_id, arrival.received_at, deferred=True):
            submitted = self.games.play.submit(session, loaded, submission, answer_to)
            save(session, submitted.loaded)
        return replace(kept, verdicts=tuple(submitted.verdicts))

    def _unproven(
        self,
        session: Unit,
        arrival: Arrival,
        token: str,
        text: str,
        answer_to: AnswerTo,
        most_lines: int | None,
        longest_line: int | None,
    ) -> Receipt | None:
        """A mail to the plain address from one seat's registered address, held on its own until
        confirmed, or a reply to such a mail's question; None for any other mail (refused as it would
        be anyway)."""
        text, _ = bounded(text, most_lines, longest_line)
        if token:
            confirming = token.lower().startswith(TOKEN_PREFIX)
            return self._confirmed(session, arrival, token, text) if confirming else None
        seats = registered_seats(session, arrival.sender)
        if len(seats) != 1 or not text.strip():
            return None  # several games: which one is unknown; no text: nothing to confirm
        seat = seats[0]
        lock(session, seat.game_id)  # the waiting mails are counted one process at a time
        waiting = [row for row in unconfirmed_rows(session, arrival.sender) if row.game_id == seat.game_id]
        release_held(session, [row for row in waiting if lapsed(row, arrival.received_at)])
        if sum(not lapsed(row, arrival.received_at) for row in waiting) >= MOST_PENDING:
            return self._refuse(session, arrival, MailOutcome.TOO_MANY_UNCONFIRMED)
        kept = _keep(session, arrival, Receipt(MailOutcome.UNCONFIRMED, game_id=seat.game_id, seat=seat.name))
        row = unconfirmed(seat, arrival.message_id, arrival.received_at, text, answer_to.subject)
        hold(session, row)
        session.flush()  # its id keys the question's reply address
        asked = AnswerTo(seat.email, arrival.message_id, answer_to.subject)
        tell(session, seat.game_id, "", [question(row)], arrival.received_at, asked)
        return kept

    def _confirmed(self, session: Unit, arrival: Arrival, token: str, text: str) -> Receipt | None:
        """Answers a reply to the question whose address is ``token``, if it came from the registered
        address the orders were held for: YES applies them while that address still is the seat's
        and in time, NO drops them and tells the game-master, and anything else (``text`` says neither)
        changes nothing and is asked again. None when ``token`` confirms no held orders of the sender."""
        for row in unconfirmed_rows(session, arrival.sender):
            game = lock(session, row.game_id).row
            if not confirms(token, game.secret, row):
                continue
            said = answer(text)
            reply = AnswerTo(
                row.address or arrival.sender, arrival.message_id, row.subject or "", row.problem
            )
            if said == NO:
                release_held(session, [row])
                kept = _keep(session, arrival, Receipt(MailOutcome.DISOWNED, game_id=game.id, seat=row.seat))
                told = dropped(row)[: 2 if master_row(session, game.id) is not None else 1]
                tell(session, game.id, "", told, arrival.received_at, reply)
                return kept
            seats = registered_seats(session, arrival.sender)  # still this seat's address, the game not over
            seat = next((s for s in seats if (s.game_id, s.name) == (game.id, row.seat)), None)
            if seat is None or lapsed(row, arrival.received_at):
                release_held(session, [row])
                return self._refuse(session, arrival, MailOutcome.CONFIRMATION_LAPSED)
            if said != YES:
                unclear = Receipt(MailOutcome.CONFIRMATION_UNCLEAR, game_id=game.id, seat=row.seat)
                kept = _keep(session, arrival, unclear)
                tell(session, game.id, "", [question(row, UNCLEAR)], arrival.received_at, reply)
                return kept
            release_held(session, [row])
            proven = Credential.of_seat(seat)
            reply = replace(reply, address=seat.email)
            source = row.source.removeprefix(UNCONFIRMED)
            return self._from_seat(session, arrival, proven, row.text, reply, MailOutcome.CONFIRMED, source)
        return None

    def _resigned(self, session: Unit, arrival: Arrival, token: str, text: str) -> Receipt | None:
        """Answers a reply to the question whether a player leaves the game (``resign``), if it came from
        the seat's registered address and ``token`` is the question's for the seat as it is held now;
        None otherwise (refused as any unknown address is)."""
        seats = registered_seats(session, arrival.sender)
        secrets = {seat.game_id: lock(session, seat.game_id).row.secret for seat in seats}
        seat = seat_resigning(seats, secrets, token)
        if seat is None:
            return None
        loaded = self.games.running(session, seat.game_id)
        said = decide(session, loaded, seat, text, arrival.received_at, arrival.message_id)
        receipt = Receipt(MailOutcome.RESIGN, said, game_id=seat.game_id, seat=seat.name)
        return _keep(session, arrival, receipt)

    def _hold(
        self, session: Unit, arrival: Arrival, seat: Credential, text: str, answer_to: AnswerTo
    ) -> Receipt:
        kept = _keep(
            session, arrival, Receipt(MailOutcome.GAME_STOPPED, game_id=seat.game_id, seat=seat.name)
        )
        hold(
            session,
            HeldRow(
                game_id=seat.game_id,
                seat=seat.name,
                received_at=arrival.received_at,
                source=f"mail:{arrival.message_id}",
                text=text,
                address=answer_to.address,
                in_reply_to=answer_to.in_reply_to,
                subject=answer_to.subject,
                problem=answer_to.problem,
            ),
        )
        held = Notice("held", (seat.name,), {"character": seat.name})
        tell(session, seat.game_id, "", [held], arrival.received_at, answer_to)
        return kept


def clean(text: str) -> str:
    """``text`` without NUL and the other control characters but the tab and the line feed."""
    if printable(text):  # most values are: no control character to look for
        return text
    return _CONTROLS.sub("", text)


def _clean_arrival(arrival: Arrival) -> Arrival:
    """``arrival`` with its sender and Message-ID cleaned; the raw mail stays as it came."""
    return _cleaned(arrival, "message_id", "sender")


def _cleaned(value: T, *names: str) -> T:
    """``value``, a dataclass, with its text fields ``names`` cleaned (``clean``): ``value`` itself when
    that changes none of them, as for nearly every mail."""
    changed = {
        name: cleaned for name in names if (cleaned := clean(getattr(value, name))) != getattr(value, name)
    }
    return replace(value, **changed) if changed else value  # type: ignore[type-var]  # ``value`` is one of this module's dataclasses; the stubs cannot see it


def bounded(text: str, most_lines: int | None, longest_line: int | None) -> tuple[str, int]:
    """``text`` cleaned (``clean_text``), up to its ``most_lines``-th non-empty line, each line cut at
    ``longest_line`` characters (ending in ``CUT_MARK``) and its mixed-script words unmixed, and how
    many non-empty lines were left out."""
    kept: list[str] = []
    counted = cut = 0
    for line in clean_text(text).split("\n"):
        if not line.strip():
            if not cut:
                kept.append(line)
            continue
        if most_lines is not None and counted >= most_lines:
            cut += 1
            continue
        counted += 1
        if longest_line is not None and len(line) > longest_line:
            line = line[:longest_line].rstrip() + CUT_MARK
        kept.append(line)
    return unmix_scripts("\n".join(kept)), cut


def _answer_stranger(session: Unit, template: str, data: dict[str, object], arrival: Arrival) -> None:
    """Writes the answer ``template`` to the sender of ``arrival``, who is no player: no game, no seat."""
    write_notices(
        session,
        [
            {
                "game_id": None,
                "phase": "",
                "recipient": "",
                "template": template,
                "data": data,
                "created_at": arrival.received_at,
                "address": arrival.sender,
                "in_reply_to": arrival.message_id,
                "subject": "",
            }
        ],
    )


def _keep(session: Unit, arrival: Arrival, receipt: Receipt) -> Receipt:
    """Keeps ``arrival`` under ``receipt`` (its outcome, game and seat); ``receipt`` with the Message-ID
    it was kept under."""
    message_id = clean(arrival.message_id)
    keep_inbound(
        session,
        {
            "message_id": message_id,
            "received_at": arrival.received_at,
            "sender": clean(arrival.sender),
            "game_id": receipt.game_id,
            "seat": receipt.seat,
            "outcome": receipt.text,
            "raw": arrival.raw,
        },
    )
    return replace(receipt, message_id=message_id)


def _duplicate(arrival: Arrival) -> Receipt:
    """What becomes of ``arrival`` when a mail of its Message-ID was kept before."""
    return Receipt(MailOutcome.DUPLICATE, message_id=clean(arrival.message_id))


def _master(found: list[Credential], sender: str, token: str, password: str) -> Credential | None:
    """The game-master who sent the mail: from their address to their reply address, or by password."""
    for item in found:
        if item.is_master and token and item.token == token.lower() and sender == item.email.lower():
            return item
    if password:
        return next((i for i in found if i.is_master and i.opened_by(password)), None)
    return None


def _seat(found: list[Credential], sender: str, token: str, password: str) -> Credential | MailOutcome:
    """The seat that sent the mail, or the refusal that says why none did (kept for the game-master only).

    The personal address with the registered sender proves the seat; otherwise a password must.
    """
    seats = [item for item in found if not item.is_master]
    by_token = next((s for s in seats if token and s.token == token.lower()), None)
    if by_token is not None and sender == by_token.email.lower():
        return by_token
    if password:
        by_password = next((s for s in seats if s.opened_by(password)), None)
        if by_password is None:
            return MailOutcome.WRONG_PASSWORD
        if token and (by_token is None or by_token.seat_id != by_password.seat_id):
            return MailOutcome.PASSWORD_FOR_ANOTHER_SEAT
        return by_password
    if not token:
        return MailOutcome.NO_PERSONAL_ADDRESS
    if by_token is None:
        return MailOutcome.UNKNOWN_TOKEN
    return MailOutcome.NOT_THE_REGISTERED_SENDER


def _proven(found: list[Credential], sender: str, token: str) -> bool:
    """Whether the mail came from a registered address to that one's personal address: then no
    password is needed (nor looked at)."""
    return bool(token) and any(item.token == token.lower() and sender == item.email.lower() for item in found)


def _addressed(found: list[Credential], token: str) -> Seat | None:
    """The seat (or game-master) whose personal address the mail was sent to, if any."""
    item = next((i for i in found if token and i.token == token.lower()), None)
    return None if item is None else (item.game_id, MASTER if item.is_master else item.name)


def _minutes(span: timedelta) -> int:
    """``span`` in whole minutes, rounded up; at least one."""
    return max(1, -(-int(span.total_seconds()) // 60))


def _without_password(text: str, password: str) -> str:
    """``text`` without any line holding ``password``, the one the mail gave (in any spelling): a
    password is never read or said aloud."""
    letters = bare(password)
    if not letters:
        return text
    return "\n".join(line for line in text.splitlines() if letters not in bare(line))
