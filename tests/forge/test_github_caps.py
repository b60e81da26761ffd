"""`forge/github_caps.py`: what a GitHub server lacks, learned once and kept in the state dir."""

from __future__ import annotations

import json
import logging
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from architect.forge.github_caps import RELEARN, Capabilities, capabilities_file

GHES = "https://ghe.example.org/api/v3"
T0 = datetime(2026, 12, 1, 12, tzinfo=UTC)


class Clock:
    def __init__(self) -> None:
        self.now = T0

    def __call__(self) -> datetime:
        return self.now


def test_a_lack_learned_is_kept_for_the_next_run_of_the_same_server(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    path = capabilities_file(tmp_path)
    first = Capabilities(GHES, path, now=Clock())
    assert not first.lacks("sub_issues")
    with caplog.at_level(logging.WARNING, logger="architect.forge.github_caps"):
        first.learn("sub_issues")
        first.learn("sub_issues")  # learned once, said once
    assert [r.getMessage() for r in caplog.records] == [
        f"GitHub at {GHES} has no sub-issues API: a sub-issue is tied to its vision by the "
        "\"Decomposed from #N\" line of its body and the vision's filing comment (learned "
        f"from its 404; kept in {path})"]
    again = Capabilities(GHES, path, now=Clock())
    assert again.lacks("sub_issues") and not again.lacks("dependencies")
    assert not Capabilities("https://api.github.com", path, now=Clock()).lacks("sub_issues")
    assert json.loads(path.read_text())[GHES] == {"lacks": {"sub_issues": T0.isoformat()}}


def test_a_lack_is_asked_again_after_a_week_for_a_server_upgraded_meanwhile(
        tmp_path: Path) -> None:
    clock = Clock()
    caps = Capabilities(GHES, capabilities_file(tmp_path), now=clock)
    caps.learn("dependencies")
    clock.now = T0 + RELEARN - timedelta(minutes=1)
    assert caps.lacks("dependencies")
    clock.now = T0 + RELEARN + timedelta(minutes=1)
    assert not caps.lacks("dependencies")


@pytest.mark.parametrize("content", ["not json", "[1, 2]", '{"x": {"lacks": 3}}'])
def test_an_unreadable_file_is_learned_again_rather_than_failing(tmp_path: Path,
                                                                 content: str) -> None:
    path = capabilities_file(tmp_path)
    path.write_text(content)
    caps = Capabilities(GHES, path, now=Clock())
    assert not caps.lacks("sub_issues")
    caps.learn("sub_issues")
    assert Capabilities(GHES, path, now=Clock()).lacks("sub_issues")


def test_without_a_path_what_is_learned_lasts_the_run_only(tmp_path: Path) -> None:
    caps = Capabilities(GHES, None, now=Clock())
    caps.learn("sub_issues")
    assert caps.lacks("sub_issues")
    assert not Capabilities(GHES, None, now=Clock()).lacks("sub_issues")
    assert list(tmp_path.iterdir()) == []
