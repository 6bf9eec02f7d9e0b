"""MS-4/MS-5 rulings and CE-3/CE-4/CE-6 by mail: no mail tells a player a secret before its time.

Whole games of the two short games are played by bots through the real mail path (replies
written as mail clients write them, the intake, the outbox, composed mail in a Maildir).
After every delivery the new mails are kept with the event log as it then stood; each
mail is then checked against what its reader may know at that moment:

- Museum Suspects: the text of a clue the reader never looked at, and another player's
  suggestion values, appear only once the game is over (MS-4, MS-5 rulings, MS-6); every
  mail's HTML part draws the grid as an <svg> picture ("By mail" ruling).
- Cosmic Express: another player's role and items appear only at the reveal (CE-3, CE-6;
  the Detective's role once revealed, CE-5); a player who is not the Murderer reads the
  murder weapon only once it is shown (CE-3, CE-6).
"""

from __future__ import annotations

import html
import re
from collections import Counter
from dataclasses import dataclass
from email import policy
from email.message import EmailMessage
from email.parser import BytesParser
from pathlib import Path

import pytest

from referee.config import PROJECT_ROOT
from referee.core.events import Event
from referee.demo.files import demo_address, demo_names
from referee.demo.post import PostOffice
from referee.demo.short import run_short
from referee.games.cosmic_express.cards import ITEMS, MURDERER
from referee.games.museum_suspects.content import clue_card
from referee.games.museum_suspects.grid import COLORS, marks
from referee.render import Renderer

_SVG = re.compile(r"<svg.*?</svg>", re.S)
_CHIP = re.compile(r'<circle[^>]*fill="(#[0-9a-fA-F]{6})"[^>]*/>\s*<text[^>]*>([^<]*)</text>')


@dataclass(frozen=True)
class Mail:
    """One mail the referee wrote: its reader, its two parts, and the log when it was sent."""

    reader: str
    text: str
    html: str
    log: list[Event]


class Postbag:
    """Keeps every new mail of the outgoing Maildir after each delivery, with the log at that time."""

    def __init__(self, names: tuple[str, ...]) -> None:
        self.names = {demo_address(name): name for name in names}
        """Each player's seat by their address: the game's names in its language."""
        self.seen: set[str] = set()
        self.mails: list[Mail] = []

    def __call__(self, post: PostOffice) -> None:
        game_id = post.store.games()[0].id
        log = post.store.log(game_id)
        for path in sorted((post.outgoing / "new").iterdir()):
            if path.name in self.seen:
                continue
            self.seen.add(path.name)
            message = BytesParser(policy=policy.default).parsebytes(path.read_bytes())
            plain = message.get_body(preferencelist=("plain",))
            rich = message.get_body(preferencelist=("html",))
            assert isinstance(plain, EmailMessage) and isinstance(rich, EmailMessage)
            reader = self.names[str(message["To"]).lower()]
            self.mails.append(Mail(reader, plain.get_content(), rich.get_content(), log))


def _play(tmp_path: Path, kind: str, seed: int, players: int, language: str) -> Postbag:
    bag = Postbag(demo_names(kind, language)[:players])
    run_short(tmp_path, kind, seed, players, language, lambda _: None, watch=bag)
    assert bag.mails and {mail.reader for mail in bag.mails} == set(bag.names.values())
    return bag


def _first(log: list[Event], kind: str) -> Event:
    return next(event for event in log if event.kind == kind)


# --- Museum Suspects -------------------------------------------------------------------------------


def _museum_secrets_kept(mail: Mail) -> int:
    """Checks one Museum mail; returns how many secrets it was checked for."""
    assert "<svg" in mail.html  # the grid as a picture, in every mail
    if any(event.kind == "game_ended" for event in mail.log):
        return 0
    started = _first(mail.log, "game_started").data
    players, criteria = started["players"], started["clues"]
    looked = {e.data["clue"] for e in mail.log if e.kind == "clue_looked" and e.data["seat"] == mail.reader}
    checked = 0
    for number, criterion in enumerate(criteria, 1):
        if number in looked:
            continue
        for text in clue_card(criterion)["text"].values():
            assert text not in mail.text and text not in mail.html, (mail.reader, number)
            checked += 1
    mark = marks(players)
    color = dict(zip(players, COLORS, strict=False))
    words = mail.text + html.unescape(_SVG.sub("", mail.html))
    on_clues = Counter(e.data["seat"] for e in mail.log if e.kind == "investigated")
    chips = Counter(colour.lower() for colour, label in _CHIP.findall(mail.html) if label.isdigit())
    for other in players:
        if other == mail.reader:
            continue
        assert not re.search(rf"\b{mark[other]}:\d", words), (mail.reader, other)  # a suggestion's value
        assert chips[color[other].lower()] <= on_clues[other], (mail.reader, other)  # only public values
        checked += 2
    return checked


@pytest.mark.parametrize(
    ("seed", "players", "language"), [(21, 4, "en"), (22, 2, "ru"), (23, 3, "en"), (24, 4, "ru")]
)
def test_ms4_ms5_mail_never_shows_unseen_clues_or_others_token_values(
    tmp_path: Path, seed: int, players: int, language: str
) -> None:
    bag = _play(tmp_path, "museum-suspects", seed, players, language)
    assert sum(_museum_secrets_kept(mail) for mail in bag.mails) > 100
    final = [mail for mail in bag.mails if any(e.kind == "game_ended" for e in mail.log)]
    assert final  # and the end reveals the clues: every one of them reaches every player
    texts = [clue_card(c)["text"][language] for c in _first(final[0].log, "game_started").data["clues"]]
    for name in bag.names.values():
        mine = [mail.text for mail in final if mail.reader == name]
        assert any(all(text in mail for text in texts) for mail in mine), name


# --- Cosmic Express --------------------------------------------------------------------------------

_HELP = frozenset(
    line.strip()
    for line in Renderer(PROJECT_ROOT / "templates")
    .render("en", "help.txt.j2", kind="cosmic-express")
    .splitlines()
    if line.strip()
)
"""The lines of the order summary: the same for everyone, with example names and cards."""


def _held(log: list[Event], reader: str) -> set[str]:
    """Every item ``reader`` has held so far (dealt, received in a swap or from the Dummy)."""
    held: set[str] = set()
    for event in log:
        d = event.data
        if event.kind == "cards_dealt" and d["player"] == reader:
            held |= set(d["items"])
        elif event.kind == "offer_accepted" and reader in (d["from"], d["to"]):
            held.add(d["got"] if d["from"] == reader else d["gave"])
        elif event.kind == "dummy_swapped" and d["player"] == reader:
            held.add(d["got"])
    return held


def _cosmic_secrets_kept(mail: Mail) -> int:
    """Checks one Cosmic Express mail; returns how many secrets it was checked for."""
    if any(event.kind == "round_ended" for event in mail.log):
        return 0
    deal = _first(mail.log, "round_dealt").data
    roles, weapon, reader = deal["roles"], deal["weapon"], mail.reader
    text = mail.text
    for event in mail.log:
        if event.kind == "message_posted":
            text = text.replace(event.data["said"], "")  # the bots' own table talk may claim any role
    lines = [line for line in text.splitlines() if line.strip() and line.strip() not in _HELP]
    lines = [line for line in lines if not line.startswith("You win if")]  # the reader's goal: rule text
    revealed = {e.data["detective"] for e in mail.log if e.kind == "detective_revealed"}
    shown = any(event.kind == "weapon_shown" for event in mail.log)
    checked = 0
    for other, role in roles.items():
        if other == reader or other in revealed:
            continue
        named = [line for line in lines if re.search(rf"\b{other}\b", line)]
        assert not [line for line in named if role in line], (reader, other, role)
        checked += 1
    known = _held(mail.log, reader) | ({weapon} if roles[reader] == MURDERER or shown else set())
    for item in set(ITEMS) - known:
        assert not [line for line in lines if item in line], (reader, item)
        checked += 1
    if roles[reader] != MURDERER and not shown:
        assert not [line for line in lines if "weapon" in line.lower() and weapon in line], reader
        checked += 1
    return checked


@pytest.mark.parametrize(("seed", "players"), [(31, 3), (32, 4), (33, 5), (34, 6), (35, 5), (36, 4)])
def test_ce3_ce6_mail_never_shows_others_cards_or_the_weapon_before_the_reveal(
    tmp_path: Path, seed: int, players: int
) -> None:
    bag = _play(tmp_path, "cosmic-express", seed, players, "en")
    assert sum(_cosmic_secrets_kept(mail) for mail in bag.mails) > 20
    final = [mail for mail in bag.mails if any(e.kind == "round_ended" for e in mail.log)]
    deal = _first(final[0].log, "round_dealt").data
    for name in bag.names.values():  # the reveal shows every role to every player
        mine = [mail.text for mail in final if mail.reader == name]
        assert any(all(role in mail for role in deal["roles"].values()) for mail in mine), name
