"""The game page's list of a seat's mail is rendered once for what it lists, in a language and a time
zone, and afresh as soon as mail comes or goes or it is shown in another language."""

from __future__ import annotations

from datetime import UTC, timedelta
from pathlib import Path

from web_helpers import KEY, T0, web_site

from referee.web.mail_lists import mail_lists
from referee.web.site import build


def test_a_seats_mail_list_is_kept_while_the_same_and_rendered_again_once_mail_comes(tmp_path: Path) -> None:
    site, referee = web_site(tmp_path, f"sqlite:///{tmp_path / 'referee.db'}")
    web = build(site.config(), referee, key=KEY).state.site
    english = mail_lists(web, "ten-sailors", "en", UTC)
    one = {"in": [{"at": T0, "outcome": "entered"}], "out": []}
    first = english(one)
    assert english({"in": [dict(one["in"][0])], "out": []}) is first  # the same mail: kept
    letter = {"at": T0 + timedelta(hours=1), "template": "answer", "status": "failed", "error": "no route"}
    more = english({"in": one["in"], "out": [letter]})
    assert "1 mail received, 0 sent" in first
    assert "1 mail received, 1 sent" in more and "no route" in more
    sent = english({"in": one["in"], "out": [{**letter, "status": "sent", "error": None}]})
    assert "no route" not in sent
    assert "получено 1 письмо, отправлено 0" in mail_lists(web, "ten-sailors", "ru", UTC)(one)
