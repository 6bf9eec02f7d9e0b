"""Storage on SQLite and PostgreSQL: events as truth, resolutions once, notices with them."""

from __future__ import annotations

import shutil
import threading
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from sqlite_helpers import migrated_template
from sqlmodel import Session, select

from referee.app import AlreadyResolved, Referee, RefereeError
from referee.games.ten_sailors.bot import bot_orders
from referee.games.ten_sailors.setup import SetupError
from referee.store.database import open_engine, upgrade
from referee.store.models import GameRow, ResolutionRow, SubmissionRow
from referee.store.transactions import Database

NAMES = ["Anna", "Boris", "Clara", "Dmitri", "Eva"]
T0 = datetime(2026, 12, 1, 20, 0, tzinfo=UTC)


def make_store(url: str) -> Referee:
    """A referee on the database at ``url``, brought to the newest revision; a SQLite file not there yet
    is a copy of one migrated once in this process (the migrations are tested on their own)."""
    path = Path(url.removeprefix("sqlite:///"))
    if url.startswith("sqlite:///") and not path.exists():
        shutil.copyfile(migrated_template(), path)
    engine = open_engine(url)
    upgrade(engine)
    return Referee(Database(engine))


def create(
    store: Referee, game_id: str = "g1", seed: int = 7, hands: dict[str, list[str]] | None = None
) -> None:
    players = [{"name": n, **({"hand": hands[n]} if hands and n in hands else {})} for n in NAMES]
    players[-1]["host"] = True
    store.create_game(
        setup={"id": game_id, "seed": seed, "language": "en", "players": players},
        kind="ten-sailors",
        schedule="ten-sailors-fast",
        seats=[{"name": n, "email": f"{n.lower()}@example.org", "host": n == "Eva"} for n in NAMES],
        settings={},
        now=T0,
    )


def play_to_end(store: Referee, game_id: str, seed: int) -> int:
    """Plays a whole game with bots; returns the number of resolutions."""
    clock = T0
    resolutions = 0
    loaded = store.load(game_id)
    while not loaded.state.finished:
        for name in NAMES:
            if loaded.state.character(name).alive:
                clock += timedelta(seconds=5)
                view = loaded.rules.player_view(loaded.state, name, store.seen_by(game_id, name))
                loaded = store.submit(game_id, name, bot_orders(view, seed), clock, "test").loaded
        loaded = store.resolve(game_id, clock).loaded
        resolutions += 1
    return resolutions


def test_ts25_whole_game_snapshot_equals_replay_of_events(database_url: str) -> None:
    """State is derived from events: the stored snapshot equals a fresh fold of the log (TS-25 end)."""
    store = make_store(database_url)
    create(store)
    resolutions = play_to_end(store, "g1", seed=7)
    assert resolutions <= 46
    loaded = store.load("g1")
    assert loaded.state.finished
    assert store.replay("g1") == loaded.state


def test_resolution_is_recorded_once_and_a_repeat_changes_nothing(database_url: str) -> None:
    store = make_store(database_url)
    create(store)
    first = store.resolve("g1", T0, expected_phase="d0n")
    assert first.phase == "d0n"
    events_before = len(store.events("g1"))
    with pytest.raises(AlreadyResolved):
        store.resolve("g1", T0, expected_phase="d0n")
    assert len(store.events("g1")) == events_before
    assert store.resolution_count("g1", "d0n") == 1
    assert store.load("g1").row.phase == "d1h1"


def test_unique_resolution_key_refuses_a_second_resolution(database_url: str) -> None:
    """Even if a resolution row appears behind the store's back, the phase is not resolved again."""
    store = make_store(database_url)
    create(store)
    with Session(store.database.engine) as session:
        session.add(ResolutionRow(game_id="g1", phase="d0n", resolved_at=T0, first_seq=0, last_seq=0))
        session.commit()
    with pytest.raises(AlreadyResolved):
        store.resolve("g1", T0)
    assert store.load("g1").row.phase == "d0n"
    assert [row.kind for row in store.events("g1")] == ["game_started"]
    assert {notice.template for notice in store.notices("g1")} == {"welcome"}  # no report was written


def test_two_processes_resolving_the_same_boundary_resolve_it_once(database_url: str) -> None:
    store = make_store(database_url)
    create(store)
    outcomes: list[str] = []

    def attempt() -> None:
        other = Referee(Database(open_engine(database_url)))
        try:
            other.resolve("g1", T0, expected_phase="d0n")
            outcomes.append("resolved")
        except AlreadyResolved:
            outcomes.append("already")

    threads = [threading.Thread(target=attempt) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(outcomes) == ["already", "already", "already", "resolved"]
    assert store.resolution_count("g1", "d0n") == 1


def test_ts3_resolution_writes_one_report_notice_per_living_character(database_url: str) -> None:
    store = make_store(database_url)
    create(store)
    store.submit("g1", "Anna", "SAY hello hall", T0, "test")
    resolved = store.resolve("g1", T0 + timedelta(minutes=1))
    rows = [row for row in store.notices("g1", unsent_only=True) if row.template == "report"]
    assert sorted(row.recipient for row in rows) == sorted(NAMES)
    assert len(resolved.notices) == len(NAMES)
    texts = [m["text"] for row in rows for m in row.data["messages"]]
    assert texts == ["hello hall"] * len(NAMES)


def test_rejected_line_is_kept_in_the_submission_and_changes_no_order(database_url: str) -> None:
    store = make_store(database_url)
    create(store)
    store.submit("g1", "Anna", "MOVE Kitchen", T0, "test")
    outcome = store.submit("g1", "Anna", "MOVE Ktchnn\nSAY hi", T0 + timedelta(seconds=1), "test")
    assert [v.accepted for v in outcome.verdicts] == [False, True]
    assert outcome.loaded.state.moves[("d0n", "Anna")].order.room == "Kitchen"
    with Session(store.database.engine) as session:
        rows = session.exec(select(SubmissionRow)).all()
    assert [row.text for row in rows] == ["MOVE Kitchen", "MOVE Ktchnn\nSAY hi"]
    assert rows[1].verdicts[0]["reason"] == "unknown_location"


def test_ts1_bad_hand_creates_nothing(database_url: str) -> None:
    store = make_store(database_url)
    with pytest.raises(SetupError, match="not a card"):
        create(store, hands={"Anna": ["Kitchen", "Sofa", "Spoon"]})
    with Session(store.database.engine) as session:
        assert session.exec(select(GameRow)).all() == []


def test_game_ids_are_unique(database_url: str) -> None:
    store = make_store(database_url)
    create(store)
    with pytest.raises(RefereeError, match="exists already"):
        create(store)


def test_finished_game_refuses_to_resolve(database_url: str) -> None:
    store = make_store(database_url)
    create(store, seed=3)
    play_to_end(store, "g1", seed=3)
    with pytest.raises(RefereeError, match="over"):
        store.resolve("g1", T0)


def test_seat_lookup_ignores_case(sqlite_url: str) -> None:
    store = make_store(sqlite_url)
    create(store)
    assert store.seat("g1", "aNNA").name == "Anna"
    with pytest.raises(RefereeError, match="no character called 'Zed'"):
        store.seat("g1", "Zed")


def test_ts1_option_the_referee_plays_the_host_as_a_bot(database_url: str) -> None:
    """TS-1 ruling (option): with ``bots`` set, the host's character gets orders at each deadline."""
    store = make_store(database_url)
    players = [{"name": n, **({"host": True} if n == "Eva" else {})} for n in NAMES]
    store.create_game(
        setup={"id": "b", "seed": 4, "language": "en", "players": players},
        kind="ten-sailors",
        schedule="ten-sailors-fast",
        seats=[{"name": n, "email": f"{n.lower()}@example.org"} for n in NAMES],
        settings={"bots": ["Eva"]},
        now=T0,
    )
    store.resolve("b", T0)
    store.resolve("b", T0 + timedelta(minutes=2))
    accepted = [row.data for row in store.events("b") if row.kind == "order_accepted"]
    assert {order["character"] for order in accepted} == {"Eva"}
    assert {order["source"] for order in accepted} == {"bot"}
    assert [o["type"] for o in accepted if o["segment"] == "d0n"] == ["move"]
    assert store.load("b").state.character("Eva").location != "Hall"


def test_seat_of_an_unknown_game_names_the_game(sqlite_url: str) -> None:
    store = make_store(sqlite_url)
    with pytest.raises(RefereeError, match="no game called 'ghost'"):
        store.seat("ghost", "Anna")


def test_rows_sharing_one_data_dictionary_store_it_for_each_and_an_equal_one_alike(database_url: str) -> None:
    """The readers of one notice share one dictionary of its data, written as JSON once for them all:
    each row still holds it whole, and a row with an equal dictionary of its own or none holds the same
    as it would alone."""
    from referee.store.bulk import write_rows
    from referee.store.models import NoticeRow

    store = make_store(database_url)
    create(store)
    shared = {"speaker": "Anna", "text": "ёлки", "at": [1, 2]}
    rows = [
        {
            "game_id": "g1",
            "phase": "d0n",
            "recipient": name,
            "template": "talk",
            "data": data,
            "created_at": T0,
        }
        for name, data in [("Boris", shared), ("Clara", shared), ("Dmitri", dict(shared)), ("Eva", {})]
    ]
    with store.database.engine.begin() as connection:
        write_rows(connection, NoticeRow.__table__, rows)  # type: ignore[arg-type]
    with Session(store.database.engine) as session:
        query = select(NoticeRow).where(NoticeRow.template == "talk").order_by(NoticeRow.recipient)
        stored = {row.recipient: row.data for row in session.exec(query)}
    assert stored == {"Boris": shared, "Clara": shared, "Dmitri": shared, "Eva": {}}
    store.database.engine.dispose()
