"""The journal in the bot's `.profile` repo, on the embedded forge through the real client."""

from __future__ import annotations

import base64
import logging
from datetime import UTC, datetime
from pathlib import Path

import httpx
import pytest

from architect.runners.offline import OfflinePlanner
from architect.runners.scripted import ScriptedRunner
from architect.shell.journal import (
    LESSONS_PATH,
    RECENT_HEADING,
    JournalEntry,
    ProfileJournal,
    digest_journal,
)
from tests.world import BASE, BOT, OPS, World, make_world


def entry(pr: int, reason: str) -> JournalEntry:
    return JournalEntry(datetime(2026, 11, pr % 28 + 1, tzinfo=UTC), pr, 1, "Wishlists",
                        "rejected", f"Rejected by @alice: {reason}")


def profile_world(tmp_path: Path) -> tuple[World, ProfileJournal]:
    world = make_world(tmp_path)
    world.setup.create_repo(BOT, ".profile")
    return world, ProfileJournal(world.bot, f"{BOT}/.profile")


def test_entries_are_written_once(tmp_path: Path) -> None:
    world, journal = profile_world(tmp_path)
    assert journal.record(entry(3, "too big"))
    assert not journal.record(entry(3, "too big"))
    assert world.bot.list_files(f"{BOT}/.profile", "journal") == [
        "journal/2026-11-04-pr-3-rejected.md"]


def test_more_than_ten_entries_are_digested_in_one_commit(tmp_path: Path) -> None:
    world, journal = profile_world(tmp_path)
    for pr in range(1, 12):
        journal.record(entry(pr, f"reason {pr}"))
    seen: list[tuple[str, ...]] = []

    def ask(current: str, entries: tuple[str, ...]) -> str:
        seen.append(entries)
        return "- Keep sprints small.\n"

    assert digest_journal(journal, ask)
    assert len(seen[0]) == 11
    repo = f"{BOT}/.profile"
    assert world.bot.list_files(repo, "journal") == []
    assert len(world.bot.list_files(repo, "journal/archive")) == 11
    assert journal.lessons() == "- Keep sprints small.\n"


def test_a_rejection_reaches_the_next_pitch_prompt(tmp_path: Path) -> None:
    world, _ = profile_world(tmp_path)
    world.vision("Wishlists")
    world.tick()
    (pr,) = world.bot.list_pulls(OPS, state="all")
    world.comment(pr.number, "REJECT: no new database this quarter")
    world.tick()
    journal = world.bot.list_files(f"{BOT}/.profile", "journal")
    assert len(journal) == 1 and journal[0].endswith(f"-pr-{pr.number}-rejected.md")
    lessons = world.bot.get_file(f"{BOT}/.profile", LESSONS_PATH)
    assert lessons is not None and RECENT_HEADING in lessons.text
    assert "no new database this quarter" in lessons.text

    recorder = ScriptedRunner(fallback=OfflinePlanner())
    world.vision("Gift cards")
    world.tick(runner=recorder)
    (pitch,) = [r for r in recorder.requests if r.mode.value == "pitch"]
    assert "no new database this quarter" in pitch.context


def test_a_lessons_file_that_is_not_utf8_is_skipped_and_kept(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    world, journal = profile_world(tmp_path)
    broken = base64.b64encode(b"- caf\xe9\n").decode()
    http = httpx.Client(transport=httpx.WSGITransport(app=world.forge.wsgi), base_url=BASE)
    made = http.post(f"/api/v1/repos/{BOT}/.profile/contents/{LESSONS_PATH}",
                     json={"content": broken, "branch": "main"},
                     headers={"Authorization": f"token {world.tokens[BOT]}"})
    assert made.status_code == 201, made.text
    with caplog.at_level(logging.WARNING, logger="architect"):
        assert journal.lessons() == ""
    assert any(LESSONS_PATH in m and "not UTF-8" in m for m in caplog.messages)
    assert not journal.add_lesson("Sprint X was rejected: too big")
    world.vision("Wishlists")
    report = world.tick()
    assert report.ok, report.failed  # the pitch goes on without the lessons
