"""A merge right after a PR's head or base moved is refused while Forgejo checks it.

References (Forgejo d883bd8f12): services/pull/check.go (`AddToTaskQueue` marks the
PR `Checking`; `CheckPullMergeable` → `ErrNotMergeableState` while it is not
mergeable) and routers/api/v1/repo/pull.go (`MergePullRequest`: 405 "Please try
again later"; a manual merge skips the check).
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import timedelta

import pytest

from architect.emulator import EmbeddedForge, Settings
from tests.emulator.conftest import REPO, Forge, ManualClock, make_forge


@pytest.fixture
def checking() -> Iterator[tuple[Forge, ManualClock]]:
    clock = ManualClock()
    forge = EmbeddedForge(clock=clock, settings=Settings(merge_check=timedelta(seconds=5)))
    world = make_forge(forge)
    yield world, clock
    world.http.close()
    forge.stop()


def _merge(world: Forge, number: int, style: str = "merge") -> tuple[int, object]:
    answer = world.call("POST", f"/repos/{REPO}/pulls/{number}/merge", json={"Do": style})
    return answer.status_code, answer.json().get("message") if answer.content else None


def test_a_new_pr_cannot_be_merged_until_the_check_is_done(
        checking: tuple[Forge, ManualClock]) -> None:
    world, clock = checking
    number = world.pull("feature/x")
    assert _merge(world, number) == (405, "Please try again later")
    clock.now += timedelta(seconds=5)
    assert _merge(world, number) == (200, None)


def test_a_push_to_the_head_or_the_base_starts_a_new_check(
        checking: tuple[Forge, ManualClock]) -> None:
    world, clock = checking
    number = world.pull("feature/x")
    clock.now += timedelta(seconds=5)
    world.setup.put_file(REPO, "more.md", "more\n", branch="feature/x")
    assert _merge(world, number)[0] == 405
    clock.now += timedelta(seconds=5)
    world.setup.put_file(REPO, "base.md", "base\n", branch="main")
    assert _merge(world, number)[0] == 405
    clock.now += timedelta(seconds=5)
    assert _merge(world, number)[0] == 200


def test_a_manual_merge_is_not_held_by_the_check(checking: tuple[Forge, ManualClock]) -> None:
    world, _ = checking
    number = world.pull("feature/x")
    assert _merge(world, number, "manually-merged")[0] == 200
