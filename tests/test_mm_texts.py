"""Minuit's letters as a Russian player reads them: the revealer's verbs and pronouns agree with the
revealer, and the first hypothesis is told in words (MM-20, MM-21)."""

from __future__ import annotations

import re
from email import policy
from email.message import EmailMessage
from email.parser import BytesParser

import pytest

from referee.demo.campaign import play


@pytest.fixture(scope="module")
def letters(tmp_path_factory: pytest.TempPathFactory) -> dict[str, list[str]]:
    """Every letter of a Russian Minuit demo (four bots; Anna makes the revelations), by its reader."""
    folder = tmp_path_factory.mktemp("minuit") / "demo"
    play(folder, "minuit", 2026, None, "ru", lambda _: None)
    by_reader: dict[str, list[str]] = {}
    for path in (folder / "mail" / "outgoing" / "new").iterdir():
        message = BytesParser(policy=policy.default).parsebytes(path.read_bytes())
        body = message.get_body(preferencelist=("plain",))
        assert isinstance(body, EmailMessage)
        by_reader.setdefault(str(message["To"]), []).append(body.get_content())
    return by_reader


def test_mm20_the_revealer_is_told_as_herself_and_to_the_others_with_a_feminine_verb(
    letters: dict[str, list[str]],
) -> None:
    said = {
        reader: [line for text in texts for line in text.splitlines() if line.endswith("свои гипотезы.")]
        for reader, texts in letters.items()
    }
    assert said["anna@example.org"] == ["Вы записали свои гипотезы."]
    others = [line for reader, lines in said.items() if reader != "anna@example.org" for line in lines]
    assert others and set(others) == {"Анна записала свои гипотезы."}


def test_mm21_the_first_hypothesis_of_the_revealer_is_told_in_words_with_her_pronoun(
    letters: dict[str, list[str]],
) -> None:
    endings = [text for texts in letters.values() for text in texts if text.startswith("Расследование «")]
    assert len(endings) == 4
    told = {m.group(0) for text in endings for m in re.finditer(r"Разоблачения делала Анна; .*", text)}
    assert told == {
        "Разоблачения делала Анна; в её первой гипотезе (виновный, способ, мотив) не угадано ничего."
    }
