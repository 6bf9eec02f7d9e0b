"""Templates compiled once per process (``referee.render.share_compiled``): code compiled where a filter
is a plain function is never run where the same filter takes the context, and the reverse."""

from __future__ import annotations

from pathlib import Path

from jinja2 import Environment, FileSystemLoader, pass_context
from jinja2.runtime import Context

from referee.render import share_compiled


@pass_context
def _shout_in_context(context: Context, value: str) -> str:
    return f"{value.upper()} ({context.get('who', 'nobody')})"


def _environment(folder: Path, *, in_context: bool) -> Environment:
    environment = Environment(loader=FileSystemLoader(str(folder)), auto_reload=False)
    environment.filters["shout"] = _shout_in_context if in_context else str.upper
    share_compiled(environment)
    return environment


def test_one_template_renders_right_in_environments_whose_filter_is_called_differently(
    tmp_path: Path,
) -> None:
    (tmp_path / "greeting.txt.j2").write_text("{{ 'hello' | shout }}", encoding="utf-8")
    first = _environment(tmp_path, in_context=False).get_template("greeting.txt.j2").render()
    second = _environment(tmp_path, in_context=True).get_template("greeting.txt.j2").render(who="Anna")
    third = _environment(tmp_path, in_context=False).get_template("greeting.txt.j2").render()

    assert (first, second, third) == ("HELLO", "HELLO (Anna)", "HELLO")


def test_environments_whose_filters_are_called_alike_share_the_compiled_code(tmp_path: Path) -> None:
    one = _environment(tmp_path, in_context=True)
    other = _environment(tmp_path, in_context=True)
    plain = _environment(tmp_path, in_context=False)

    assert one.bytecode_cache is other.bytecode_cache
    assert plain.bytecode_cache is not one.bytecode_cache
