"""The forge's state: clock readings, ids, lookups, and the data file's round trip."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone
from pathlib import Path

import pytest

from architect.emulator.store import (
    DataFileError,
    Settings,
    Store,
    hash_secret,
    utc_seconds,
)
from tests.emulator.conftest import REPO, Forge, ManualClock


def test_utc_seconds_drops_microseconds_and_converts_to_utc() -> None:
    local = datetime(2026, 1, 5, 11, 0, 0, 999_999, tzinfo=timezone(timedelta(hours=2)))
    assert utc_seconds(local) == datetime(2026, 1, 5, 9, 0, tzinfo=UTC)
    assert utc_seconds(datetime(2026, 1, 5, 9, 0)).tzinfo is UTC  # naive is taken as UTC


def test_one_request_reads_the_clock_once() -> None:
    clock = ManualClock()
    store = Store(clock)
    with store.request_time() as at:
        clock.now += timedelta(minutes=5)
        assert store.now() == at
    assert store.now() == at + timedelta(minutes=5)


def test_ids_count_per_table_and_skip_id_leaves_a_gap() -> None:
    store = Store()
    assert [store.next_id("issue"), store.next_id("issue"), store.next_id("user")] == [1, 2, 1]
    store.skip_id("issue", 3)
    assert store.next_id("issue") == 4
    store.skip_id("issue", 9)  # not the next one: nothing to skip
    assert store.next_id("issue") == 5


def test_lookups_ignore_case_and_tokens_are_kept_hashed(world: Forge) -> None:
    store = world.forge.wsgi.store
    repo = store.repo("ACME", "Widgets")
    assert repo is not None and repo.name == "widgets"
    assert store.user_by_login("Alice") is not None
    token = store.token(world.tokens["bot"])
    assert token is not None and token.token_hash == hash_secret(world.tokens["bot"])
    assert store.token("not-a-token") is None


def test_a_saved_store_loads_with_its_issues(world: Forge, tmp_path: Path) -> None:
    number = world.issue("Persisted", "body")
    path = tmp_path / "forge.json"
    world.forge.wsgi.store.save(path)
    assert world.tokens["bot"] not in path.read_text()
    loaded = Store.load(path)
    repo = loaded.repo(*REPO.split("/"))
    assert repo is not None and repo.issues[number].title == "Persisted"


def test_a_file_that_is_not_a_forges_names_itself_and_why(tmp_path: Path) -> None:
    path = tmp_path / "forge.json"
    path.write_text("{not json")
    with pytest.raises(DataFileError, match=r"forge\.json cannot be loaded: not JSON"):
        Store.load(path)
    path.write_text('{"users": {}}')
    with pytest.raises(DataFileError, match="not a forge data file"):
        Store.load(path)
    with pytest.raises(ValueError, match="unknown issue indexer 'elastic'"):
        Settings(issue_indexer="elastic")
