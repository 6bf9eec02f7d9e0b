"""``referee demo``: a whole campaign played by bots through the referee's mail, from a fresh process."""

from __future__ import annotations

import os
import subprocess
import sys
from email import policy
from email.parser import BytesParser
from pathlib import Path

from sqlmodel import Session, select

from referee.store.database import open_engine
from referee.store.models import GameRow, InboundRow, NoticeRow


def _demo(folder: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "referee", "demo", "--keep", str(folder), *args],
        capture_output=True,
        text=True,
        env={k: v for k, v in os.environ.items() if k != "REFEREE_CONFIG"},
        check=False,
    )


def test_demo_plays_a_whole_campaign_by_mail_to_the_end(tmp_path: Path) -> None:
    result = _demo(tmp_path / "demo", "--players", "5", "--seed", "7")
    assert result.returncode == 0, result.stderr
    assert "the game is over; winners:" in result.stdout
    assert "day 1:" in result.stdout  # progress, a line per day
    engine = open_engine(f"sqlite:///{tmp_path / 'demo' / 'referee.db'}")
    with Session(engine) as session:
        game = session.exec(select(GameRow)).one()
        inbound = session.exec(select(InboundRow)).all()
        unsent = session.exec(select(NoticeRow).where(NoticeRow.sent_at == None)).all()  # noqa: E711
    assert game.finished
    assert inbound and {row.outcome for row in inbound} == {"accepted"}  # every bot reply was understood
    assert unsent == []
    outgoing = list((tmp_path / "demo" / "mail" / "outgoing" / "new").iterdir())
    incoming = list((tmp_path / "demo" / "mail" / "incoming" / "cur").iterdir())
    assert len(incoming) == len(inbound)
    assert str(tmp_path / "demo" / "mail" / "outgoing") in result.stdout
    subjects = [
        str(BytesParser(policy=policy.default).parsebytes(path.read_bytes())["Subject"]) for path in outgoing
    ]
    assert all(subject.startswith(f"[{game.id}]") for subject in subjects)
    assert any("report for" in subject for subject in subjects)


def test_demo_bots_answer_with_orders_that_are_all_accepted(tmp_path: Path) -> None:
    """Bots reply under quoted mail and signatures; no quoted or signed line may come back as an order."""
    result = _demo(tmp_path / "demo", "--players", "3", "--seed", "3")
    assert result.returncode == 0, result.stderr
    engine = open_engine(f"sqlite:///{tmp_path / 'demo' / 'referee.db'}")
    with Session(engine) as session:
        answers = session.exec(select(NoticeRow).where(NoticeRow.template == "answer")).all()
    verdicts = [v for answer in answers for v in answer.data["verdicts"]]
    assert verdicts
    refused = [v for v in verdicts if not v["accepted"]]
    assert all(v["reason"] in {"trap_target_dead", "search_in_hall"} for v in refused), refused


def test_demo_refuses_a_folder_that_holds_a_demo(tmp_path: Path) -> None:
    assert _demo(tmp_path / "demo", "--players", "3").returncode == 0
    again = _demo(tmp_path / "demo", "--players", "3")
    assert again.returncode == 1
    assert "holds a demo already" in again.stderr
