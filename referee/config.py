"""The referee's configuration file (``referee.toml``) and where it is looked for."""

from __future__ import annotations

import os
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

PROJECT_ROOT = Path(__file__).resolve().parents[1]
"""The checkout holding ``templates/``, ``schedules/`` and ``config.example.toml``."""

DEFAULT_NAME = "referee.toml"
ENVIRONMENT = "REFEREE_CONFIG"


class ConfigError(ValueError):
    """A configuration file that is missing or cannot be read."""


@dataclass(frozen=True)
class Config:
    """The settings the commands need, with every path made absolute."""

    path: Path
    database_url: str
    schedules: Path
    templates: Path
    raw: dict[str, Any]


def config_path(explicit: str | None) -> Path:
    """The configuration file to use: ``--config``, else ``$REFEREE_CONFIG``, else ``./referee.toml``."""
    return Path(explicit or os.environ.get(ENVIRONMENT) or DEFAULT_NAME).resolve()


def load_config(path: Path) -> Config:
    """The configuration in ``path`` (raises ``ConfigError`` when it is missing or malformed)."""
    if not path.exists():
        raise ConfigError(f"no configuration file at {path}; run `referee init` to create one")
    try:
        raw = tomllib.loads(path.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as error:
        raise ConfigError(f"{path} is not valid TOML: {error}") from error
    base = path.parent
    paths = raw.get("paths", {})
    return Config(
        path=path,
        database_url=absolute_sqlite(raw.get("database", {}).get("url", "sqlite:///referee.db"), base),
        schedules=_directory(paths.get("schedules"), base, "schedules"),
        templates=_directory(paths.get("templates"), base, "templates"),
        raw=raw,
    )


def absolute_sqlite(url: str, base: Path) -> str:
    """``url`` with a relative SQLite file made relative to ``base``; other URLs unchanged."""
    prefix = "sqlite:///"
    if url.startswith(prefix) and not url.startswith(prefix + "/") and url != "sqlite:///:memory:":
        return prefix + str((base / url[len(prefix) :]).resolve())
    return url


def _directory(value: str | None, base: Path, default: str) -> Path:
    """A configured directory, or the project's own one when unset or absent."""
    if value:
        candidate = (base / value).resolve()
        if candidate.is_dir():
            return candidate
    return PROJECT_ROOT / default
