"""Minuit through the mail path: whole demo games by bots, every mail the referee sent read as its
reader would (the "By mail" ruling, MM-16, MM-20).

No mail shows a private lead to anyone but the player who read it (or, once public, to
all), nor the solution before the end; every mail carries the text map and the ship's
picture; Russian mail is written in Russian.
"""

from __future__ import annotations

import re
from email import policy
from email.message import EmailMessage
from email.parser import BytesParser
from pathlib import Path

import pytest

from referee.core.events import Event
from referee.demo.files import demo_address, demo_names
from referee.demo.post import PostOffice
from referee.demo.short import run_short


class Mailbag:
    """Every new mail of the outgoing Maildir after each delivery, with the log at that time."""

    def __init__(self, language: str) -> None:
        self.names = {demo_address(name): name for name in demo_names("minuit", language)}
        """Each player's seat by their address: the game's names in its language."""
        self.seen: set[str] = set()
        self.mails: list[tuple[str, str, str, str, list[Event]]] = []

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
            self.mails.append((reader, str(message["Subject"]), plain.get_content(), rich.get_content(), log))


@pytest.mark.parametrize(("seed", "players", "language"), [(31, 3, "en"), (32, 2, "ru")])
def test_mm16_mail_shows_a_private_lead_to_its_reader_alone_and_the_solution_only_at_the_end(
    tmp_path: Path, seed: int, players: int, language: str
) -> None:
    bag = Mailbag(language)
    played = run_short(tmp_path, "minuit", seed, players, language, lambda _: None, watch=bag)
    assert played.loaded.state.finished
    case = played.loaded.state.case
    explanation = case.explanation[language][:80]
    checked = 0
    for reader, _subject, text, rich, log in bag.mails:
        ended = any(e.kind == "game_ended" for e in log)
        assert "<svg" in rich, (reader, _subject)
        if not ended:
            assert explanation not in text and explanation not in rich
            shown = ("Корабль: деление" if language == "ru" else "The ship: space") in text
            unmoved = ("ничего не сдвинулось" if language == "ru" else "Nothing has moved") in text
            assert shown != unmoved, (reader, _subject)  # the text map, or why it is left out
        known = {e.data["lead"] for e in log if e.kind == "lead_read" and e.visible_to(reader)}
        for key in {e.data["lead"] for e in log if e.kind == "lead_read"} - known:
            secret = case.lead(key)[language]
            assert secret not in text and secret not in rich, (reader, key)
            checked += 1
    assert checked > 20
    if language == "ru":
        russian = [text for _, _, text, _, _ in bag.mails]
        assert all("here is what became" not in text and "Your turn" not in text for text in russian)


def test_referee_demo_game_minuit_plays_a_whole_game_by_mail(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from referee.cli import app

    folder = tmp_path / "demo"
    result = CliRunner().invoke(
        app, ["demo", "--game", "minuit", "--players", "2", "--language", "ru", "--keep", str(folder)]
    )
    assert result.exit_code == 0, result.output
    assert "игра окончена; победител" in result.output  # the demo speaks the game's language
    assert "разгадка: Томас Рейес, удар бронзовым призом" in result.output  # names, not ids
    assert "раунд 1, ходит Анна:" in result.output
    assert not re.search(r"place\.\d|\b[a-z]+\.(alibi|motive|witness)\b|solution|winners", result.output)
    sent = list((folder / "mail" / "outgoing" / "new").iterdir())
    first = BytesParser(policy=policy.default).parsebytes(sent[0].read_bytes())
    assert first["Content-Language"] == "ru"
