"""A reason given later replaces "closed without a REJECT: reason" everywhere it was
shown (the note on the vision, the journal, the dashboard); only such human reasons
become lessons, never a stop or a close without a reason."""

from __future__ import annotations

import logging
from datetime import UTC, datetime
from pathlib import Path

import pytest

from architect.shell.journal import JournalEntry, LocalJournal, digest_journal
from tests.world import OPS, PROJECT, World, make_world


def _notes(world: World, vision: int) -> list[str]:
    return [b for b in world.bot_comments(vision, repo=PROJECT) if "story event=" not in b]


def _dashboard(world: World) -> str:
    (issue,) = [i for i in world.bot.list_issues(OPS, state="open")
                if i.title == "Architect dashboard"]
    return issue.body


def _lessons(world: World) -> str:
    path = world.config.project_state_dir / "knowledge" / "lessons-learned.md"
    return path.read_text() if path.exists() else ""


def test_a_reject_after_a_close_and_a_reopen_replaces_the_missing_reason_everywhere(
        tmp_path: Path) -> None:
    world = make_world(tmp_path)
    vision = world.vision("Wishlists")
    assert world.tick().ok
    (pr,) = world.bot.list_pulls(OPS, state="open")
    world.client("bob").edit_pull(OPS, pr.number, state="closed")
    assert world.tick().ok
    (note,) = _notes(world, vision)
    assert "without a `REJECT:` reason" in note
    folder = world.config.project_state_dir / "journal"
    (entry,) = sorted(folder.glob("*.md"))
    assert "closed without a REJECT: reason" in entry.read_text()
    assert "closed" in _dashboard(world)
    assert _lessons(world) == ""  # no reason, no lesson

    world.client("bob").edit_pull(OPS, pr.number, state="open")
    assert world.tick().ok
    world.comment(pr.number, "REJECT: not now")
    report = world.tick()
    assert report.ok, report.failed
    assert [type(a).__name__ for a in report.applied] == ["RejectSprint"]

    (note,) = _notes(world, vision)  # the same note, now with the reason
    assert "not now" in note and "without" not in note
    assert [p.name for p in sorted(folder.glob("*.md"))] == [entry.name]
    text = entry.read_text()
    assert "Rejected by @alice: not now" in text and "without a REJECT" not in text
    board = _dashboard(world)
    assert "rejected: not now" in board and "without a REJECT" not in board
    assert "not now" in _lessons(world)
    assert world.tick().applied == []
    assert len(_notes(world, vision)) == 1


def test_the_digest_learns_only_from_human_reasons(tmp_path: Path) -> None:
    """Stops and closes without a reason are archived with the rest, never shown to the
    model as a rejection to learn from (so never a risk on an unrelated pitch)."""
    journal = LocalJournal(tmp_path)
    when = datetime(2026, 11, 25, tzinfo=UTC)
    for n in range(1, 12):
        human = n == 5
        text = ("Rejected by @alice: too big" if human
                else f"Stopped: its vision {PROJECT}#{n} lost the `vision` label")
        assert journal.record(JournalEntry(when, n, n, f"Vision {n}", "rejected", text,
                                           human=human))
    heard: list[tuple[str, ...]] = []

    def ask(current: str, entries: tuple[str, ...]) -> str:
        heard.append(entries)
        return "# Lessons learned\n\n- too big\n"

    assert digest_journal(journal, ask)
    ((entry,),) = heard
    assert "too big" in entry
    assert "Stopped" not in journal.lessons()
    assert list((tmp_path / "journal").glob("*.md")) == []  # all archived


BROKEN = b"# Lessons\n\n- caf\xe9 latin-1, not UTF-8\n"


def test_a_lessons_file_that_is_not_utf8_is_skipped_with_a_warning_never_a_failed_pitch(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    world = make_world(tmp_path)
    lessons = world.config.project_state_dir / "knowledge" / "lessons-learned.md"
    lessons.parent.mkdir(parents=True)
    lessons.write_bytes(BROKEN)
    world.vision("Wishlists")
    with caplog.at_level(logging.WARNING, logger="architect"):
        report = world.tick()
    assert report.ok, report.failed
    assert [type(a).__name__ for a in report.applied] == ["OpenPitch"]
    (warning,) = {r.getMessage() for r in caplog.records if "lessons-learned.md" in r.getMessage()}
    assert str(lessons) in warning and "not UTF-8" in warning and "save it as UTF-8" in warning
    assert not any("UnicodeDecodeError" in r.getMessage() for r in caplog.records)

    # A rejection journals its reason, and leaves the unreadable file as it was.
    (pr,) = world.bot.list_pulls(OPS, state="open")
    world.comment(pr.number, "REJECT: too big")
    report = world.tick()
    assert report.ok, report.failed
    assert lessons.read_bytes() == BROKEN
    (entry,) = (world.config.project_state_dir / "journal").glob("*.md")
    assert "too big" in entry.read_text()


def test_a_journal_entry_that_is_not_utf8_is_left_out_of_the_digest(tmp_path: Path) -> None:
    journal = LocalJournal(tmp_path)
    when = datetime(2026, 11, 25, tzinfo=UTC)
    for n in range(1, 13):
        journal.record(JournalEntry(when, n, n, f"Vision {n}", "rejected", f"reason {n}"))
    broken = tmp_path / "journal" / "2026-11-25-pr-99-rejected.md"
    broken.write_bytes(b"\xff\xfe not text")
    heard: list[tuple[str, ...]] = []

    def ask(current: str, entries: tuple[str, ...]) -> str:
        heard.append(entries)
        return "# Lessons learned\n\n- reasons\n"

    assert digest_journal(journal, ask)
    assert len(heard[0]) == 12
    assert broken.exists()  # left for a person to fix, never archived half-read
