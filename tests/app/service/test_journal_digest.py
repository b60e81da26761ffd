"""The journal digest: more than ten entries become lessons, and the entries are archived."""

from __future__ import annotations

import base64
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

import pytest

from architect.forge.models import FileContent
from architect.shell.journal import (
    LESSONS_MAX_BYTES,
    FileChange,
    JournalEntry,
    LocalJournal,
    ProfileJournal,
    digest_journal,
)


def entry(n: int) -> JournalEntry:
    return JournalEntry(when=datetime(2026, 1, n, 12, tzinfo=UTC), pr_number=100 + n,
                        vision_number=n, vision_title=f"Vision {n}", outcome="rejected",
                        text=f"Too big: split vision {n} first.")


@dataclass
class Model:
    """A digest model that remembers what it was shown."""

    answer: str = "# Lessons learned\n\n- Pitch small sprints.\n"
    calls: list[tuple[str, tuple[str, ...]]] = field(default_factory=list)

    def __call__(self, lessons: str, entries: tuple[str, ...]) -> str:
        self.calls.append((lessons, entries))
        return self.answer


def local(tmp_path: Path, count: int) -> LocalJournal:
    journal = LocalJournal(tmp_path / "state")
    for n in range(1, count + 1):
        assert journal.record(entry(n))
    return journal


def names(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.glob("*.md")) if folder.is_dir() else []


# --- LocalJournal ---------------------------------------------------------------------------------


def test_eleven_entries_are_digested_into_lessons_and_archived(tmp_path: Path) -> None:
    journal = local(tmp_path, 11)
    model = Model(answer="- lesson\n" * 400)  # 3.6 KB: more than the lessons may hold
    assert digest_journal(journal, model) is True
    [(shown_lessons, shown)] = model.calls
    assert shown_lessons == ""
    assert len(shown) == 11 and "PR #101" in shown[0] and "PR #111" in shown[-1]  # oldest first
    lessons = (tmp_path / "state" / "knowledge" / "lessons-learned.md").read_bytes()
    assert 0 < len(lessons) <= LESSONS_MAX_BYTES
    assert journal.lessons().startswith("- lesson")
    assert names(tmp_path / "state" / "journal") == []
    assert names(tmp_path / "state" / "journal" / "archive") == sorted(
        entry(n).filename for n in range(1, 12))


def test_ten_entries_wait(tmp_path: Path) -> None:
    journal = local(tmp_path, 10)
    model = Model()
    assert digest_journal(journal, model) is False
    assert model.calls == []
    assert len(names(tmp_path / "state" / "journal")) == 10
    assert not (tmp_path / "state" / "knowledge").exists()


def test_an_empty_journal_is_fine(tmp_path: Path) -> None:
    assert digest_journal(LocalJournal(tmp_path / "nothing"), Model()) is False


def test_the_next_digest_starts_from_the_current_lessons(tmp_path: Path) -> None:
    journal = local(tmp_path, 11)
    digest_journal(journal, Model(answer="- first lesson"))
    for n in range(12, 24):
        assert journal.record(entry(n))
    model = Model(answer="- first lesson\n- second lesson")
    assert digest_journal(journal, model) is True
    assert model.calls[0][0] == "- first lesson\n"
    assert journal.lessons() == "- first lesson\n- second lesson\n"


def test_an_archived_entry_is_not_recorded_again(tmp_path: Path) -> None:
    journal = local(tmp_path, 11)
    digest_journal(journal, Model())
    assert journal.record(entry(3)) is False
    assert names(tmp_path / "state" / "journal") == []


def test_a_failing_model_moves_nothing(tmp_path: Path) -> None:
    journal = local(tmp_path, 11)

    def broken(lessons: str, entries: tuple[str, ...]) -> str:
        raise RuntimeError("model down")

    with pytest.raises(RuntimeError, match="model down"):
        digest_journal(journal, broken)
    assert len(names(tmp_path / "state" / "journal")) == 11
    assert journal.lessons() == ""


def test_an_empty_digest_keeps_the_entries(tmp_path: Path,
                                           caplog: pytest.LogCaptureFixture) -> None:
    journal = local(tmp_path, 11)
    assert digest_journal(journal, Model(answer="  \n")) is False
    assert len(names(tmp_path / "state" / "journal")) == 11
    assert "the digest came back empty" in caplog.text


# --- ProfileJournal (the bot's .profile repo) -----------------------------------------------------


@dataclass
class ProfileRepo:
    """The contents API of one repo, in memory: the methods the journal and the digest use."""

    files: dict[str, str] = field(default_factory=dict)
    commits: list[str] = field(default_factory=list)

    @staticmethod
    def sha(text: str) -> str:
        return base64.b16encode(text.encode()[:20]).decode().lower()

    def get_file(self, repo: str, path: str, *, ref: str | None = None) -> FileContent | None:
        text = self.files.get(path)
        return None if text is None else FileContent(path=path, sha=self.sha(text), text=text)

    def create_file(self, repo: str, path: str, text: str, *, branch: str,
                    message: str) -> FileContent:
        assert path not in self.files
        self.files[path] = text
        self.commits.append(message)
        return FileContent(path=path, sha=self.sha(text), text=text)

    def list_files(self, repo: str, directory: str, *, ref: str | None = None) -> list[str]:
        return [p for p in self.files if p.rpartition("/")[0] == directory]

    def change_files(self, repo: str, changes: Sequence[FileChange], *, branch: str,
                     message: str) -> None:
        for change in changes:
            if change.operation == "create":
                assert change.path not in self.files
            else:
                old = change.from_path or change.path
                assert change.sha == self.sha(self.files[old]), "stale sha"
                del self.files[old]
            if change.operation != "delete":
                assert change.text is not None
                self.files[change.path] = change.text
        self.commits.append(message)


def test_a_profile_journal_is_digested_in_one_commit() -> None:
    repo = ProfileRepo()
    journal = ProfileJournal(repo, "architect-bot/.profile")  # type: ignore[arg-type]
    for n in range(1, 12):
        journal.record(entry(n))
    model = Model()
    assert digest_journal(journal, model) is True
    assert len(model.calls[0][1]) == 11
    assert len(repo.commits) == 12  # eleven entries, then one digest commit
    assert repo.files["knowledge/lessons-learned.md"] == model.answer
    assert [p for p in repo.files if p.startswith("journal/archive/")] == [
        f"journal/archive/{entry(n).filename}" for n in range(1, 12)]
    assert repo.list_files("", "journal") == []
    assert journal.record(entry(5)) is False  # archived: not recorded again


def test_a_profile_digest_updates_existing_lessons() -> None:
    repo = ProfileRepo(files={"knowledge/lessons-learned.md": "- old lesson\n"})
    journal = ProfileJournal(repo, "architect-bot/.profile")  # type: ignore[arg-type]
    for n in range(1, 13):
        journal.record(entry(n))
    model = Model(answer="- old lesson\n- new lesson")
    assert digest_journal(journal, model) is True
    assert model.calls[0][0] == "- old lesson\n"
    assert repo.files["knowledge/lessons-learned.md"] == "- old lesson\n- new lesson\n"
