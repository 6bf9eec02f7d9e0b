"""The game page's list of each seat's mail in and out: in a long game the largest part of the page (a
day-9 game of nine players: most of its 240 KB), and the same at every opening until mail comes or goes.
Each list is rendered once for what it lists (every mail's moment, fate, letter and status) in a
language and time zone, then kept."""

from __future__ import annotations

from collections.abc import Callable
from datetime import tzinfo
from typing import Any

from markupsafe import Markup

from referee.app import Kept
from referee.web.moments import moment
from referee.web.shared import Site
from referee.web.words import LETTER_NAMES, translator

RENDERED = Kept(128)
"""Seats' mail lists as rendered, by everything they show."""


def mail_lists(site: Site, kind: str, language: str, zone: tzinfo) -> Callable[[dict[str, Any]], Markup]:
    """What renders a seat's mail (``{"in": [...], "out": [...]}``, as ``Dashboard.game`` gives it) on
    the game page of a game of ``kind`` in ``language``, its moments in ``zone``."""
    template = site.environment(kind).get_template("web/_seat_mail.html.j2")
    words = translator(language)

    def shown(mail: dict[str, Any]) -> Markup:
        key = (
            id(site.renderer),
            kind,
            language,
            str(zone),
            tuple((x["at"], x["outcome"]) for x in mail["in"]),
            tuple((x["at"], x["template"], x["status"], x["error"]) for x in mail["out"]),
        )

        def render() -> Markup:
            context = {"mail": mail, "zone": zone, "t": words, "language": language}
            return Markup(template.render(context, moment=moment, letter_names=LETTER_NAMES))

        found: Markup = RENDERED.get(key, render)
        return found

    return shown
