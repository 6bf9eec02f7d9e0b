"""A moment as the pages show it: in the game's time zone, and beside it in the viewer's own when that
differs (the site's script fills that in: ``span.yours``)."""

from __future__ import annotations

from datetime import datetime, tzinfo

from markupsafe import Markup, escape


def moment(when: datetime | None, zone: tzinfo) -> Markup:
    """``when`` in ``zone`` as a page shows it ("—" for none). Only the zone's name needs escaping: the
    rest is digits and punctuation of ISO 8601."""
    if not when:
        return Markup("—")
    here = when.astimezone(zone)
    iso = when.isoformat()
    offset = here.utcoffset()
    minutes = int(offset.total_seconds() // 60) if offset is not None else 0
    return Markup(
        f'<time datetime="{iso}">{here.strftime("%Y-%m-%d %H:%M")} {escape(here.tzname())}</time>'
        f'<span class="yours" data-offset="{minutes}" hidden>'
        f' (<time class="local" datetime="{iso}"></time>)</span>'
    )
