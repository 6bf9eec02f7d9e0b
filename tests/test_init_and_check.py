"""From install to a real campaign: ``referee init`` writes referee.toml from the example with the values
given (asking at a terminal), ``referee check`` names every problem with its fix before the service
runs (against real Dovecot and aiosmtpd on loopback), and ``game create`` refuses a web address the
players could not reach."""

from __future__ import annotations

import os
import pty
import sqlite3
import stat
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
from cli_helpers import Referee
from test_cli import HANDS, game_file
from test_schedule_folders import _own_schedule

from referee.app.checks import Findings, is_local_domain, unreachable_kind
from referee.config import MailSettings
from referee.mail.probe import probe_mail
from referee.shipped import shipped
from referee.testing.loopback import DovecotServer, SmtpServer, dovecot_server, free_port, smtp_server

EXAMPLE = shipped("config.example.toml").read_text(encoding="utf-8")
REAL = {
    "--address": "referee@club.ru",
    "--incoming": "imap://referee@mail.club.ru/INBOX?tls=starttls",
    "--outgoing": "smtp://referee@mail.club.ru:587?tls=starttls",
    "--base-url": "https://referee.club.ru",
}


def _flags(values: dict[str, str]) -> list[str]:
    return [part for flag, value in values.items() for part in (flag, value)]


def _comments(text: str) -> list[str]:
    """Every comment of a TOML text, in order (whole-line and trailing ones)."""
    return [line[line.index("#") :].strip() for line in text.splitlines() if "#" in line]


# --- referee init ----------------------------------------------------------------------------------


def test_init_fills_in_the_values_given_and_keeps_every_comment_of_the_example(tmp_path: Path) -> None:
    database = f"sqlite:///{tmp_path / 'campaign.db'}"
    result = Referee(tmp_path)("init", *_flags(REAL), "--database", database, "--language", "ru")

    written = (tmp_path / "referee.toml").read_text(encoding="utf-8")
    raw = tomllib.loads(written)
    assert raw["mail"]["address"] == "referee@club.ru"
    assert raw["mail"]["incoming"] == REAL["--incoming"] and raw["mail"]["outgoing"] == REAL["--outgoing"]
    assert raw["web"]["base_url"] == "https://referee.club.ru"
    assert raw["database"]["url"] == database
    assert raw["mail"]["name"] == "Судья"
    assert _comments(written) == _comments(EXAMPLE)
    assert stat.S_IMODE((tmp_path / "referee.toml").stat().st_mode) == 0o600
    assert (tmp_path / "campaign.db").is_file()
    assert "kept the example" not in result.stdout


def test_init_not_at_a_terminal_keeps_the_example_values_and_names_each_one(tmp_path: Path) -> None:
    result = Referee(tmp_path)("init", "--address", "referee@club.ru", "--language", "en")

    raw = tomllib.loads((tmp_path / "referee.toml").read_text(encoding="utf-8"))
    example = tomllib.loads(EXAMPLE)
    assert raw["mail"]["address"] == "referee@club.ru"
    assert raw["mail"]["incoming"] == example["mail"]["incoming"]
    for kept in ("[mail] incoming", "[mail] outgoing", "[web] base_url", "[database] url"):
        assert f"kept the example's {kept}" in result.stdout
    assert "[mail] address" not in result.stdout
    assert (tmp_path / "mail" / "incoming" / "new").is_dir()  # its Maildir folders are made
    assert (tmp_path / "referee.db").is_file()


def test_init_leaves_an_existing_configuration_alone_unless_forced(tmp_path: Path) -> None:
    run = Referee(tmp_path)
    mine = f'[database]\nurl = "sqlite:///{tmp_path / "mine.db"}"\n'
    (tmp_path / "referee.toml").write_text(mine, encoding="utf-8")

    refused = run("init", "--address", "referee@club.ru", ok=False)
    assert "exists already" in refused.stderr and "--force" in refused.stderr
    assert (tmp_path / "referee.toml").read_text(encoding="utf-8") == mine

    run("init")  # with no values: the database of the configuration there is made
    assert (tmp_path / "referee.toml").read_text(encoding="utf-8") == mine
    assert (tmp_path / "mine.db").is_file()

    run("init", "--force", "--address", "referee@club.ru")
    assert tomllib.loads((tmp_path / "referee.toml").read_text())["mail"]["address"] == "referee@club.ru"


@pytest.mark.parametrize(
    ("flag", "value", "said"),
    [
        ("--address", "referee-at-club.ru", "not a mail address"),
        ("--incoming", "pop3://mail.club.ru", "imap://"),
        ("--incoming", "imap://mail.club.ru/INBOX", "user"),
        ("--outgoing", "smtp://mail.club.ru?tls=sometimes", "tls"),
        ("--base-url", "referee.club.ru", "https://"),
        ("--database", "mysql://db/referee", "postgresql"),
        ("--language", "de", "en or ru"),
    ],
)
def test_init_refuses_a_bad_value_and_writes_nothing(
    tmp_path: Path, flag: str, value: str, said: str
) -> None:
    refused = Referee(tmp_path)("init", flag, value, ok=False)

    assert flag in refused.stderr and said in refused.stderr
    assert not (tmp_path / "referee.toml").exists()
    assert not (tmp_path / "referee.db").exists()


def test_init_at_a_terminal_asks_for_each_missing_value_offering_a_default(tmp_path: Path) -> None:
    answers = [
        "ftp://mail.club.ru",  # incoming: refused, asked again
        "imap://gm@imap.club.ru/Referee?tls=tls",
        "",  # outgoing: the default, guessed from the address
        "https://games.club.ru",
        "",  # database: the default
        "ru",
    ]
    main, child = pty.openpty()
    process = subprocess.Popen(
        [sys.executable, "-m", "referee", "init", "--address", "referee@club.ru"],
        stdin=child,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=tmp_path,
        env={k: v for k, v in os.environ.items() if k != "REFEREE_CONFIG"},
    )
    os.close(child)
    os.write(main, "".join(answer + "\n" for answer in answers).encode())
    out, err = process.communicate(timeout=120)
    os.close(main)
    assert process.returncode == 0, err.decode() + out.decode()

    raw = tomllib.loads((tmp_path / "referee.toml").read_text(encoding="utf-8"))
    assert raw["mail"]["address"] == "referee@club.ru"
    assert raw["mail"]["incoming"] == "imap://gm@imap.club.ru/Referee?tls=tls"
    assert raw["mail"]["outgoing"] == "smtp://referee@mail.club.ru:587?tls=starttls"
    assert raw["web"]["base_url"] == "https://games.club.ru"
    assert raw["database"]["url"] == "sqlite:///referee.db"
    assert raw["mail"]["name"] == "Судья"
    assert "write imap://" in out.decode()  # the refused answer was named
    assert "kept the example" not in out.decode()


# --- referee check: the mail servers ----------------------------------------------------------------


@pytest.fixture
def imap() -> DovecotServer:
    with dovecot_server() as server:
        yield server


@pytest.fixture
def smtp(tmp_path: Path) -> SmtpServer:
    with smtp_server(tmp_path / "smtp", credentials=("sender", "smtp-secret-1")) as server:
        yield server


def _mail(imap: DovecotServer, smtp: SmtpServer, imap_password: str, smtp_password: str) -> MailSettings:
    return MailSettings(
        address="referee@club.ru",
        incoming=imap.url(),
        outgoing=smtp.url(user="sender"),
        incoming_password=imap_password,
        outgoing_password=smtp_password,
    )


def _problems(findings: Findings) -> str:
    return "\n".join(f"{p.problem} -- {p.fix}" for p in findings.problems)


def test_check_logs_in_to_both_servers_and_reads_nor_sends_nothing(
    imap: DovecotServer, smtp: SmtpServer
) -> None:
    uid = imap.append(b"From: anna@club.ru\r\nSubject: orders\r\n\r\nMOVE Study\r\n")

    findings = probe_mail(_mail(imap, smtp, imap.password, "smtp-secret-1"), env={})

    assert findings.problems == [], _problems(findings)
    assert any("logged in" in line and str(imap.port) in line for line in findings.checked)
    assert any(str(smtp.port) in line and "as sender" in line for line in findings.checked)
    assert smtp.received == []
    assert "\\Seen" not in imap.messages()[uid]


def test_check_names_a_refused_login_on_each_server_without_the_password(
    imap: DovecotServer, smtp: SmtpServer
) -> None:
    findings = probe_mail(_mail(imap, smtp, "wrong-imap-9", "wrong-smtp-9"), env={})

    text = _problems(findings)
    assert len(findings.problems) == 2, text
    incoming, outgoing = findings.problems
    assert incoming.problem.startswith("[mail] incoming") and "refused the login" in incoming.problem
    assert "$REFEREE_IMAP_PASSWORD" in incoming.fix
    assert outgoing.problem.startswith("[mail] outgoing") and "refused the login" in outgoing.problem
    assert "$REFEREE_SMTP_PASSWORD" in outgoing.fix
    assert "wrong-imap-9" not in text and "wrong-smtp-9" not in text and imap.password not in text


def test_check_names_a_closed_port_as_unreachable(tmp_path: Path) -> None:
    mail = MailSettings(
        incoming=f"imap://referee@127.0.0.1:{free_port()}/INBOX?tls=none",
        outgoing=f"smtp://127.0.0.1:{free_port()}?tls=none",
        incoming_password="secret",
    )

    findings = probe_mail(mail, env={}, timeout=5)

    assert [p.problem.split(":")[0] for p in findings.problems] == ["[mail] incoming", "[mail] outgoing"]
    assert all("cannot reach" in p.problem and "firewall" in p.fix for p in findings.problems)


def _maildir(path: Path) -> Path:
    for sub in ("new", "cur", "tmp"):
        (path / sub).mkdir(parents=True)
    return path


def test_check_names_maildir_folders_missing_whole_or_in_part(tmp_path: Path) -> None:
    partial = _maildir(tmp_path / "out")
    (partial / "tmp").rmdir()
    mail = MailSettings(incoming=f"maildir:{tmp_path / 'absent'}", outgoing=f"maildir:{partial}")

    incoming, outgoing = probe_mail(mail, env={}).problems

    assert "no Maildir folder" in incoming.problem and "referee init" in incoming.fix
    assert "lacks tmp/" in outgoing.problem and str(partial / "tmp") in outgoing.fix


def test_check_names_a_maildir_folder_this_user_may_not_write(tmp_path: Path) -> None:
    folder = _maildir(tmp_path / "in")
    (folder / "new").chmod(0o500)
    try:
        if os.access(folder / "new", os.W_OK):
            pytest.skip("this user may write anywhere (root)")
        [problem] = probe_mail(
            MailSettings(incoming=f"maildir:{folder}", outgoing=f"maildir:{folder}"), env={}
        ).problems[:1]
        assert "may not write" in problem.problem and "new" in problem.problem and "chown" in problem.fix
    finally:
        (folder / "new").chmod(0o700)


def test_the_check_command_says_everything_looks_right_or_exits_1_with_a_line_a_problem(
    tmp_path: Path, imap: DovecotServer, smtp: SmtpServer
) -> None:
    def configure(imap_password: str) -> None:
        (tmp_path / "referee.toml").write_text(
            f'[mail]\naddress = "referee@club.ru"\nincoming = "{imap.url()}"\n'
            f'outgoing = "{smtp.url(user="sender")}"\nincoming_password = "{imap_password}"\n'
            'outgoing_password = "smtp-secret-1"\n\n[web]\nbase_url = "https://referee.club.ru"\n',
            encoding="utf-8",
        )

    run = Referee(tmp_path)
    configure(imap.password)
    run("init")
    fine = run("check")
    assert fine.stdout.startswith("everything looks right")
    assert "at migration" in fine.stdout and "[mail] incoming" in fine.stdout

    configure("not-" + imap.password)
    failed = run("check", ok=False)
    lines = failed.stdout.splitlines()
    assert len(lines) == 1 and "refused the login" in lines[0] and "fix:" in lines[0]


# --- referee check: the rest -----------------------------------------------------------------------


@pytest.fixture
def site(tmp_path: Path) -> Referee:
    """A referee with Maildir mail and a campaign's web address, its database made."""
    (tmp_path / "referee.toml").write_text(
        '[mail]\naddress = "referee@club.ru"\n\n[web]\nbase_url = "https://referee.club.ru"\n',
        encoding="utf-8",
    )
    run = Referee(tmp_path)
    run("init")
    return run


def _problem_lines(run: Referee) -> list[str]:
    return run("check", ok=False).stdout.splitlines()


def _database(tmp_path: Path) -> sqlite3.Connection:
    return sqlite3.connect(tmp_path / "referee.db")


def test_check_finds_a_database_behind_or_ahead_of_this_referee_and_migrates_nothing(
    site: Referee, tmp_path: Path
) -> None:
    with _database(tmp_path) as db:
        head = db.execute("SELECT version_num FROM alembic_version").fetchone()[0]
        db.execute("UPDATE alembic_version SET version_num = ?", (f"{int(head) - 1:04d}",))
    [line] = _problem_lines(site)
    assert f"needs {head}" in line and "referee backup" in line
    with _database(tmp_path) as db:
        assert db.execute("SELECT version_num FROM alembic_version").fetchone()[0] == f"{int(head) - 1:04d}"
        db.execute("UPDATE alembic_version SET version_num = '9999'")
    [line] = _problem_lines(site)
    assert "newer than this referee" in line

    (tmp_path / "referee.db").unlink()
    [line] = _problem_lines(site)
    assert "no database file" in line and "referee init" in line
    assert not (tmp_path / "referee.db").exists()


def test_check_finds_a_schedule_gone_and_a_game_that_will_never_run(site: Referee, tmp_path: Path) -> None:
    site("game", "create", str(game_file(tmp_path, "nostart", HANDS)))  # a calendar schedule, no start
    gone = game_file(tmp_path, "gone", HANDS)
    gone.write_text(gone.read_text().replace("seed = 11", "seed = 11\nstart = 2026-12-01T20:00:00"))
    site("game", "create", str(gone))
    with _database(tmp_path) as db:
        db.execute("UPDATE games SET schedule = 'my-lost-schedule' WHERE id = 'gone'")

    lines = _problem_lines(site)

    assert len(lines) == 2, lines
    assert any("game gone" in line and "my-lost-schedule" in line and "schedules" in line for line in lines)
    assert any("game nostart has no start" in line and "referee advance nostart" in line for line in lines)


def test_check_finds_an_unknown_time_zone_and_a_known_one_passes(site: Referee, tmp_path: Path) -> None:
    _own_schedule(tmp_path, "my-group", zone="Europe/Moscow")
    assert site("check").stdout.startswith("everything looks right")

    _own_schedule(tmp_path, "far-group", zone="Mars/Olympus_Mons")
    [line] = _problem_lines(site)
    assert "far-group" in line and "Mars/Olympus_Mons" in line and "tzdata" in line


@pytest.mark.parametrize(
    ("base_url", "kind"),
    [
        ("http://127.0.0.1:8080", "loopback"),
        ("http://127.3.2.1", "loopback"),
        ("http://[::1]:8080", "loopback"),
        ("http://localhost:8080", "loopback"),
        ("http://referee.localhost", "loopback"),
        ("http://0.0.0.0:8080", "loopback"),
        ("http://10.1.2.3", "private"),
        ("http://172.20.0.5:8080", "private"),
        ("http://192.168.1.20", "private"),
        ("http://[fd12::5]", "private"),
        ("http://169.254.7.7", "private"),
        ("https://referee.club.ru", None),
        ("http://8.8.8.8", None),
        ("https://[2001:4860::8888]", None),
    ],
)
def test_a_web_address_only_this_machine_or_network_reaches_is_told_apart(
    base_url: str, kind: str | None
) -> None:
    assert unreachable_kind(base_url) == kind


@pytest.mark.parametrize(
    ("domain", "local"),
    [
        ("example.org", True),
        ("mail.example.com", True),
        ("castle.example", True),
        ("evil.test", True),
        ("localhost", True),
        ("x.invalid", True),
        ("club.ru", False),
        ("gmail.com", False),
        ("example.org.ru", False),
        ("notexample.org", False),
    ],
)
def test_example_and_local_mail_domains_are_told_apart_from_real_ones(domain: str, local: bool) -> None:
    assert is_local_domain(domain) is local


def test_check_finds_a_loopback_web_address_for_a_referee_on_a_real_domain(tmp_path: Path) -> None:
    run = Referee(tmp_path)
    run("init", "--address", "referee@club.ru", "--base-url", "http://127.0.0.1:8080")
    [line] = _problem_lines(run)
    assert "[web] base_url" in line and "club.ru" in line and "docs/operations.md" in line

    demo = tmp_path / "demo"
    demo.mkdir()
    Referee(demo)("init")  # the example's own: referee@example.org on 127.0.0.1, as the demo plays
    assert Referee(demo)("check").stdout.startswith("everything looks right")


# --- game create -----------------------------------------------------------------------------------


def _site_with_web(tmp_path: Path, web: str) -> Referee:
    (tmp_path / "referee.toml").write_text(
        f'[mail]\naddress = "referee@example.org"\n\n{web}', encoding="utf-8"
    )
    run = Referee(tmp_path)
    run("init")
    return run


def _players_at(path: Path, domain: str) -> Path:
    path.write_text(path.read_text(encoding="utf-8").replace("@example.org", f"@{domain}"), encoding="utf-8")
    return path


@pytest.mark.parametrize("base_url", ["http://127.0.0.1:8080", "http://localhost:8080", "http://192.168.0.7"])
def test_game_create_refuses_a_web_address_players_elsewhere_cannot_reach(
    tmp_path: Path, base_url: str
) -> None:
    run = _site_with_web(tmp_path, f'[web]\nbase_url = "{base_url}"\n')

    refused = run("game", "create", str(_players_at(game_file(tmp_path, "real", HANDS), "mail.ru")), ok=False)

    assert "no game was created" in refused.stderr and "[web] base_url" in refused.stderr
    assert "mail.ru" in refused.stderr and "fix:" in refused.stderr
    assert run("game", "list").stdout == ""


def test_game_create_takes_players_on_example_domains_with_a_loopback_web_address(tmp_path: Path) -> None:
    run = _site_with_web(tmp_path, '[web]\nbase_url = "http://127.0.0.1:8080"\n')
    created = run("game", "create", str(game_file(tmp_path, "demoish", HANDS)))
    assert "created" in created.stdout and "[web]" not in created.stderr


def test_game_create_takes_a_reachable_web_address_and_warns_without_one(tmp_path: Path) -> None:
    run = _site_with_web(tmp_path, '[web]\nbase_url = "https://referee.club.ru"\n')
    created = run("game", "create", str(_players_at(game_file(tmp_path, "real", HANDS), "mail.ru")))
    assert "[web]" not in created.stderr

    bare = tmp_path / "bare"
    bare.mkdir()
    run = _site_with_web(bare, "")
    created = run("game", "create", str(_players_at(game_file(bare, "mailonly", HANDS), "mail.ru")))
    assert "created" in created.stdout
    assert "warning:" in created.stderr and "no [web] table" in created.stderr
