"""The sprint file written twice in one tick: the second edit starts from the first
write's answer, and still keeps what a person pushed in between."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from architect.shell.section_writes import WrittenFiles, ensure_file_edit
from tests.shell.test_tick_requests import Recorder, pitched
from tests.world import OPS, World


def appending(line: str) -> Callable[[str | None], str]:
    """Adds `line` unless it is there already."""
    def edit(current: str | None) -> str:
        text = current or ""
        return text if line in text else text + line
    return edit


def sprint_file(tmp_path: Path) -> tuple[World, str, str]:
    world, _, pr = pitched(tmp_path)
    (path,) = world.bot.list_files(OPS, "sprints", ref=pr.head.ref)
    return world, path, pr.head.ref


def read(world: World, path: str, branch: str) -> str:
    found = world.bot.get_file(OPS, path, ref=branch)
    assert found is not None
    return found.text


def test_a_file_this_tick_wrote_is_not_read_again(tmp_path: Path) -> None:
    world, path, branch = sprint_file(tmp_path)
    recorder = Recorder(world)
    forge = world.client("architect-bot", transport=recorder)
    written: WrittenFiles = {}
    ensure_file_edit(forge, OPS, path, appending("\nfirst\n"), branch=branch, message="m",
                     written=written)
    ensure_file_edit(forge, OPS, path, appending("\nsecond\n"), branch=branch, message="m",
                     written=written)
    gets = [p for method, p in recorder.seen if method == "GET" and "/contents/" in p]
    assert len(gets) == 1
    text = read(world, path, branch)
    assert "first" in text and "second" in text


def test_a_push_between_the_writes_is_kept(tmp_path: Path) -> None:
    world, path, branch = sprint_file(tmp_path)
    forge = world.client("architect-bot")
    written: WrittenFiles = {}
    ensure_file_edit(forge, OPS, path, appending("\nfirst\n"), branch=branch, message="m",
                     written=written)
    alice = world.client("alice")
    now = alice.get_file(OPS, path, ref=branch)
    assert now is not None
    alice.update_file(OPS, path, now.text + "\nby alice\n", sha=now.sha, branch=branch,
                      message="alice")
    ensure_file_edit(forge, OPS, path, appending("\nsecond\n"), branch=branch, message="m",
                     written=written)
    text = read(world, path, branch)
    assert "first" in text and "by alice" in text and "second" in text


def test_an_edit_already_made_is_checked_against_the_forge(tmp_path: Path) -> None:
    world, path, branch = sprint_file(tmp_path)
    forge = world.client("architect-bot")
    written: WrittenFiles = {}
    ensure_file_edit(forge, OPS, path, appending("\nfirst\n"), branch=branch, message="m",
                     written=written)
    alice = world.client("alice")
    now = alice.get_file(OPS, path, ref=branch)
    assert now is not None
    alice.update_file(OPS, path, now.text.replace("\nfirst\n", "\n"), sha=now.sha,
                      branch=branch, message="alice removes it")
    ensure_file_edit(forge, OPS, path, appending("\nfirst\n"), branch=branch, message="m",
                     written=written)
    text = read(world, path, branch)
    assert "first" in text
