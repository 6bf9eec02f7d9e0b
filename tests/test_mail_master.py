"""Game-master commands by mail (pause, resume, shift, resolve now, substitute, resend, announce,
status), from the game-master's address and authenticated like a player's (TS-5)."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta
from email.message import EmailMessage
from pathlib import Path

import pytest
from password_helpers import given_password
from service_helpers import Site

from referee.app import Fate
from referee.core.seats import MASTER
from referee.mail.delivery import deliver
from referee.mail.intake import ingest
from referee.mail.transports import MaildirOutbox
from referee.render import Renderer
from referee.store.hashes import verified
from referee.store.seats import Credential

T0 = datetime(2026, 12, 1, 17, 0, tzinfo=UTC)
GAME = "castle"
GM = "gm@example.org"


class Table:
    def __init__(self, site: Site) -> None:
        self.site, self.store, self.mail = site, site.store(), site.config().mail
        self.count = 0

    def from_master(self, text: str, *, sender: str = GM, to_token: bool = True, at: datetime = T0) -> str:
        master = self.store.master(GAME)
        assert master is not None
        self.count += 1
        message = EmailMessage()
        message["From"] = sender
        message["To"] = f"referee+{master.token}@example.org" if to_token else "referee@example.org"
        message["Subject"] = "Re: [castle] You are the game-master"
        message["Message-ID"] = f"<gm.{self.count}@example.org>"
        message.set_content(text)
        return ingest(self.store, self.mail, message.as_bytes(), at).text

    def answers(self) -> list[dict[str, object]]:
        return [n.data for n in self.store.notices(GAME) if n.template == "master_answer"]


@pytest.fixture
def table(tmp_path: Path, sqlite_url: str) -> Table:
    site = Site(tmp_path, sqlite_url)
    site.create_game(GAME, T0, options=f'master_email = "{GM}"')
    return Table(site)


def test_the_game_master_gets_a_first_letter_with_the_commands_and_a_password(table: Table) -> None:
    (welcome,) = [n for n in table.store.notices(GAME) if n.template == "master_welcome"]
    assert welcome.recipient == MASTER
    deliver(
        table.store,
        MaildirOutbox(table.site.root / "out"),
        Renderer(table.site.config().templates),
        table.mail,
    )
    (text,) = [t for p in (table.site.root / "out" / "new").iterdir() if f"To: {GM}" in (t := p.read_text())]
    master = table.store.master(GAME)
    password = re.search(r"PASSWORD (\S+)", text)
    assert master is not None and password is not None and f"referee+{master.token}@" in text
    assert verified(master.password_hash, password[1])  # made as the letter went: its hash alone is kept
    assert "SHIFT +30m" in text and f"To: {GM}" in text


def test_ts5_pause_shift_and_status_by_mail_change_the_calendar_and_are_answered(table: Table) -> None:
    assert table.from_master("PAUSE\nSTATUS\nРАЗМЕНА") == "accepted:game-master"
    (answer,) = table.answers()
    results = answer["results"]
    assert [r["ok"] for r in results] == [True, True, False]  # type: ignore[index]
    assert "paused" in results[1]["said"] and "unknown command" in results[2]["said"]  # type: ignore[index]
    assert table.store.calendar.clocks()[0].paused_at is not None
    table.from_master("RESUME", at=T0 + timedelta(seconds=10))
    table.from_master("СДВИГ +30s ТОЛЬКО", at=T0 + timedelta(seconds=11))
    clock = table.store.calendar.clocks()[0]
    assert clock.due_at is not None and clock.due_at.replace(tzinfo=UTC) == T0 + timedelta(seconds=100)


def test_resolve_now_resolves_the_open_phase_once(table: Table) -> None:
    table.from_master("RESOLVE")
    assert table.store.load(GAME).row.phase == "d1h1"
    assert table.answers()[0]["results"][0]["ok"] is True  # type: ignore[index]


def test_a_forged_game_master_mail_changes_nothing(table: Table) -> None:
    assert table.from_master("PAUSE", sender="mallory@elsewhere.example.net").startswith("refused:")
    assert table.from_master("PAUSE", to_token=False).startswith("refused:")
    assert table.store.calendar.clocks()[0].paused_at is None
    assert table.answers() == []


def test_the_game_master_may_write_from_anywhere_with_the_password(table: Table) -> None:
    password = given_password(table.store, GAME, MASTER)
    outcome = table.from_master(f"ПАРОЛЬ {password}\nPAUSE", sender="gm@phone.example.net", to_token=False)
    assert outcome == "accepted:game-master"
    assert [r["line"] for r in table.answers()[0]["results"]] == ["PAUSE"]  # type: ignore[index]


def test_substitute_gives_a_character_to_a_new_player_and_the_old_address_stops_working(table: Table) -> None:
    old_password = given_password(table.store, GAME, "Anna")
    old = table.store.seat(GAME, "Anna")
    table.from_master("SUBSTITUTE Anna anya@example.net")
    new = table.store.seat(GAME, "Anna")
    assert (new.email, new.token != old.token, Credential.of_seat(new).opened_by(old_password)) == (
        "anya@example.net",
        True,
        False,
    )
    welcomes = [n for n in table.store.notices(GAME) if n.template == "welcome" and n.recipient == "Anna"]
    assert len(welcomes) == 2
    stale = table.site.mail_from(GAME, "Anna", "MOVE Garage", T0).replace(
        new.token.encode(), old.token.encode()
    )
    assert ingest(table.store, table.mail, stale, T0).fate is Fate.REFUSED


def test_resend_and_announce_reach_exactly_the_players_meant(table: Table) -> None:
    table.from_master("RESEND Anna")
    assert table.answers()[0]["results"][0]["ok"] is False  # type: ignore[index]  # no report yet
    table.store.resolve(GAME, T0 + timedelta(seconds=60))
    before = [n for n in table.store.notices(GAME) if n.recipient == "Anna" and n.template == "report"]
    table.from_master("RESEND Anna\nANNOUNCE Dinner is at eight.")
    after = [n for n in table.store.notices(GAME) if n.recipient == "Anna" and n.template == "report"]
    assert len(after) == len(before) + 1 and after[-1].data == before[-1].data
    notes = [n.recipient for n in table.store.notices(GAME) if n.template == "master_note"]
    assert sorted(notes) == ["Anna", "Boris", "Vera"]


def test_every_master_template_renders_in_both_languages(table: Table) -> None:
    renderer = Renderer(table.site.config().templates)
    for language in ("en", "ru"):
        context = {"game_id": GAME, "referee_address": "referee@example.org", "start": "", "password": "x"}
        assert "SHIFT" in renderer.render(language, "master_welcome.txt.j2", **context)
        done = {"line": "PAUSE", "ok": True, "said": "paused"}
        assert "PAUSE" in renderer.render(language, "master_answer.txt.j2", results=[done], **context)
        assert "eight" in renderer.render(language, "master_note.txt.j2", said="eight")
        for template in ("master_welcome", "master_answer", "master_note", "reminder"):
            assert renderer.render(language, "subject.txt.j2", template=template).strip()
