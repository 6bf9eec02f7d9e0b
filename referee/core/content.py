"""A game's content as data: a TOML file shipped inside the game's package, read and checked on load.

A game keeps its word lists, names and numbers in a file such as ``content.toml`` beside
its modules and reads it once, when the package is imported::

    CONTENT = load_content(__package__, "content.toml", {"rounds": int, "names.en": str, "words": list[str]})

``schema`` names every key the game needs (a dotted key walks into tables) and the type
of its value: a plain type, or ``list[T]`` / ``dict[str, T]`` for a list or table whose
items are all of type ``T`` (``Any`` where they may be of any type). A missing key or a
value of another type raises ``ContentError`` naming the file and the key, so a broken file
stops the game at once instead of in the middle of a letter. Keys the schema does not name
are kept as they are.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from importlib.resources import files
from typing import Any, get_args, get_origin

Schema = Mapping[str, Any]
"""Dotted key -> the type its value must have (``str``, ``int``, ``list[str]``, ``dict[str, int]`` …)."""


class ContentError(ValueError):
    """A content file that cannot be read or lacks what its game needs."""


def load_content(package: str | None, name: str, schema: Schema) -> dict[str, Any]:
    """The content file ``name`` of ``package`` (pass ``__package__``), checked against ``schema``."""
    if not package:
        raise ContentError(f"{name}: no package to read it from")
    resource = files(package) / name
    where = f"{package.replace('.', '/')}/{name}"
    try:
        data = tomllib.loads(resource.read_text(encoding="utf-8"))
    except FileNotFoundError as error:
        raise ContentError(f"{where}: the file is missing") from error
    except tomllib.TOMLDecodeError as error:
        raise ContentError(f"{where}: not valid TOML ({error})") from error
    check_content(data, schema, where)
    return data


def check_content(data: Mapping[str, Any], schema: Schema, where: str) -> None:
    """Raises ``ContentError`` for the first key of ``schema`` that ``data`` lacks or holds wrongly."""
    for key, expected in schema.items():
        value: Any = data
        for part in key.split("."):
            if not isinstance(value, Mapping) or part not in value:
                raise ContentError(f"{where}: key {key!r} is missing")
            value = value[part]
        if not _fits(value, expected):
            raise ContentError(
                f"{where}: key {key!r} must be {_describe(expected)}, not {type(value).__name__} {value!r}"
            )


def _fits(value: Any, expected: Any) -> bool:
    """Whether ``value`` has the type ``expected`` (booleans are not numbers here)."""
    if expected is Any:
        return True
    origin = get_origin(expected)
    if origin is list:
        (item,) = get_args(expected)
        return isinstance(value, list) and all(_fits(v, item) for v in value)
    if origin is dict:
        key, item = get_args(expected)
        return isinstance(value, dict) and all(_fits(k, key) and _fits(v, item) for k, v in value.items())
    if isinstance(value, bool) and expected is not bool:
        return False
    return isinstance(value, expected)


def _describe(expected: Any) -> str:
    """``expected`` as the error message names it."""
    if expected is Any:
        return "anything"
    origin = get_origin(expected)
    if origin is list:
        return f"a list of {_describe(get_args(expected)[0])}"
    if origin is dict:
        return f"a table of {_describe(get_args(expected)[1])}"
    names = {str: "text", int: "a whole number", float: "a number", bool: "true or false", dict: "a table"}
    return names.get(expected, getattr(expected, "__name__", str(expected)))
