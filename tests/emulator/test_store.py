"""The embedded forge's store (`emulator.store`): lookups as Forgejo's (case-insensitive,
tokens by their hash), one clock reading a request, and a data file saved whole and
loaded back or refused with the fix."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from architect.emulator.store import (
    DataFileError,
    Repo,
    Settings,
    Store,
    Token,
    User,
    hash_secret,
    utc_seconds,
)

T0 = datetime(2026, 11, 25, 9, 0, 0, 500_000, tzinfo=UTC)
SECRET = "0123456789abcdef01234567"


def a_store() -> Store:
    store = Store(clock=lambda: T0)
    store.add_user(User(1, "Alice", "alice@x", hash_secret("pw"), T0))
    store.add_token(Token(1, 1, "cli", hash_secret(SECRET), SECRET[-8:], ["all"], T0))
    store.add_repo(Repo(1, 1, "Shop", T0, T0))
    return store


def test_users_repos_and_tokens_are_found_as_forgejo_finds_them() -> None:
    store = a_store()
    assert store.user_by_login("ALICE") is store.user(1)
    assert store.repo("alice", "shop") is store.repo_by_id(1)
    found = store.token(SECRET)
    assert found is not None and found.user_id == 1 and store.token("wrong") is None
    assert SECRET not in repr(store.state)  # kept hashed, its last eight shown


def test_the_clock_is_whole_utc_seconds_and_one_reading_a_request() -> None:
    store = a_store()
    assert store.now() == datetime(2026, 11, 25, 9, 0, tzinfo=UTC)
    assert utc_seconds(datetime(2026, 1, 1, 12, 0, 0, 999)) == datetime(2026, 1, 1, 12, 0,
                                                                       tzinfo=UTC)
    ticks = iter(range(10))
    moving = Store(clock=lambda: datetime(2026, 1, 1, 0, 0, next(ticks), tzinfo=UTC))
    with moving.request_time() as at:
        assert moving.now() == moving.now() == at


def test_ids_count_up_per_table_and_a_gap_can_be_made() -> None:
    store = a_store()
    assert [store.next_id("issue"), store.next_id("issue"), store.next_id("comment")] == [1, 2, 1]
    store.skip_id("issue", 3)
    assert store.next_id("issue") == 4


def test_a_saved_store_loads_back_and_a_bad_file_says_which_and_why(tmp_path: Path) -> None:
    path = tmp_path / "data" / "forge.json"
    a_store().save(path)
    loaded = Store.load(path)
    assert loaded.repo("alice", "shop") is not None and loaded.token(SECRET) is not None
    for text, why in (("{", "not JSON: "), ("[]", "not a forge data file")):
        path.write_text(text)
        with pytest.raises(DataFileError, match=f"^the forge data file {path} cannot be loaded: "
                                                f"{why}"):
            Store.load(path)
    with pytest.raises(DataFileError, match="Fix it, or move it away"):
        Store.load(tmp_path / "missing.json")


def test_an_unknown_indexer_is_refused_naming_the_choices() -> None:
    with pytest.raises(ValueError, match=r"unknown issue indexer 'solr': use one of "):
        Settings(issue_indexer="solr")
