"""A moment as the pages show it: in the game's time zone, and beside it in the viewer's own when that
differs (the site's script fills that in: ``span.yours``)."""

from __future__ import annotations

from datetime import datetime, tzinfo

from markupsafe import Markup

_SHOWN = Markup(
    '<time datetime="{iso}">{here} {zone}</time><span class="yours" data-offset="{offset}" hidden>'
    ' (<time class="local" datetime="{iso}"></time>)</span>'
)


def moment(when: datetime | None, zone: tzinfo) -> Markup:
    """``when`` in ``zone`` as a page shows it ("—" for none)."""
    if not when:
        return Markup("—")
    here = when.astimezone(zone)
    offset = here.utcoffset()
    minutes = int(offset.total_seconds() // 60) if offset is not None else 0
    return _SHOWN.format(
        iso=when.isoformat(), here=here.strftime("%Y-%m-%d %H:%M"), zone=here.tzname(), offset=minutes
    )
