"""A new ``referee.toml`` for ``referee init``: the shipped example with the values given filled in,
its comments kept, written readable by its owner alone (it may come to hold mail passwords)."""

from __future__ import annotations

import json
import os
import re
import tomllib
from collections.abc import Mapping
from pathlib import Path

from referee.shipped import shipped

SETTINGS: dict[str, tuple[str, str]] = {
    "address": ("mail", "address"),
    "incoming": ("mail", "incoming"),
    "outgoing": ("mail", "outgoing"),
    "base_url": ("web", "base_url"),
    "database": ("database", "url"),
    "name": ("mail", "name"),
}
"""What ``referee init`` may fill in, by its name there, with the table and key it sets."""

FROM_NAMES = {"en": "Referee", "ru": "Судья"}
"""The name in the From line of the referee's mail, by ``--language``."""

_TABLE = re.compile(r"^\s*\[([A-Za-z0-9_.-]+)\]\s*(#.*)?$")
_KEY = re.compile(r'^(?P<key>[A-Za-z0-9_-]+)(?P<equals>\s*=\s*)"(?:[^"\\]|\\.)*"(?P<rest>.*)$')


def example_text() -> str:
    """The shipped ``config.example.toml``."""
    return shipped("config.example.toml").read_text(encoding="utf-8")


def example_values() -> dict[str, str]:
    """The example's value of each of ``SETTINGS``."""
    raw = tomllib.loads(example_text())
    return {name: str(raw[table][key]) for name, (table, key) in SETTINGS.items()}


def filled_example(values: Mapping[str, str]) -> str:
    """The example configuration with each of ``values`` (named as in ``SETTINGS``) set; every
    comment, and every other line, stays as it was. Raises ``KeyError`` for a name not there."""
    wanted = {SETTINGS[name]: value for name, value in values.items()}
    lines, table, done = [], "", set()
    for line in example_text().splitlines(keepends=True):
        heading = _TABLE.match(line)
        if heading:
            table = heading.group(1)
        found = _KEY.match(line)
        if found and (table, found.group("key")) in wanted and (table, found.group("key")) not in done:
            where = (table, found.group("key"))
            quoted = json.dumps(wanted[where], ensure_ascii=False)  # a TOML basic string
            line = _aligned(found.group("key") + found.group("equals") + quoted, found.group("rest"), line)
            line += "\n" if not line.endswith("\n") else ""
            done.add(where)
        lines.append(line)
    text = "".join(lines)
    missing = set(wanted) - done
    if missing:
        raise KeyError(f"config.example.toml has no line for {sorted(missing)}")
    raw = tomllib.loads(text)  # what was written reads back as given
    assert all(raw[table][key] == value for (table, key), value in wanted.items())
    return text


def write_private(path: Path, text: str, *, replace: bool) -> None:
    """Writes ``text`` to ``path``, readable and writable by its owner alone; without ``replace`` an
    existing file is left alone (raises ``FileExistsError``). A symbolic link is never followed."""
    flags = os.O_WRONLY | os.O_CREAT | os.O_NOFOLLOW | (os.O_TRUNC if replace else os.O_EXCL)
    descriptor = os.open(path, flags, 0o600)
    with os.fdopen(descriptor, "w", encoding="utf-8") as file:
        os.fchmod(file.fileno(), 0o600)
        file.write(text)


def _aligned(head: str, rest: str, before: str) -> str:
    """``head`` followed by ``rest``, its comment kept in the column it stood in ``before`` if it fits."""
    comment = rest.lstrip(" ")
    if not comment.startswith("#"):
        return head + rest
    column = len(before.rstrip("\n")) - len(comment.rstrip("\n"))
    return head + " " * max(1, column - len(head)) + comment
