"""Who, when and what message a file write commits with (`emulator.commit_options`), as
Forgejo builds them."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from architect.emulator.commit_options import default_message, full_message, people
from architect.emulator.git import Signature
from architect.emulator.store import User
from architect.emulator.web import ApiError

NOW = datetime(2026, 11, 25, 9, 0, tzinfo=UTC)
BOT = User(1, "architect-bot", "bot@forge.test", "x", NOW, full_name="Architect")


def test_the_default_message_is_one_line_per_kind_of_operation() -> None:
    assert default_message([("update", "b.md"), ("create", "a.md"), ("create", "c.md"),
                            ("delete", "old.md")]) == "Add a.md, c.md\nUpdate b.md\nDelete old.md"


def test_the_message_ends_with_a_newline_and_the_sign_off_names_the_committer() -> None:
    who = Signature("Alice", "alice@x", NOW)
    assert full_message("Add a.md", who, False) == "Add a.md\n"
    assert full_message("Add a.md", who, True) == "Add a.md\n\nSigned-off-by: Alice <alice@x>\n"


def test_an_identity_counts_only_with_an_email_and_one_given_stands_for_both() -> None:
    assert people({}, BOT, NOW) == (Signature("Architect", "bot@forge.test", NOW),) * 2
    assert people({"author": {"name": "Nobody"}}, BOT, NOW)[0].email == "bot@forge.test"
    author, committer = people({"committer": {"email": "ci@x"}}, BOT, NOW)
    assert author == committer == Signature("user-0", "ci@x", NOW)
    renamed, _ = people({"author": {"name": "Bot", "email": "BOT@forge.test"}}, BOT, NOW)
    assert (renamed.name, renamed.email) == ("Bot", "BOT@forge.test")


def test_dates_are_taken_as_given_and_a_bad_one_is_a_422() -> None:
    author, committer = people({"dates": {"author": "2026-01-02T03:04:05Z"}}, BOT, NOW)
    assert author.when == datetime(2026, 1, 2, 3, 4, 5, tzinfo=UTC) and committer.when == NOW
    with pytest.raises(ApiError) as raised:
        people({"dates": {"committer": "yesterday"}}, BOT, NOW)
    assert raised.value.status == 422 and "[Dates.Committer]: invalid time" in str(
        raised.value.message)
