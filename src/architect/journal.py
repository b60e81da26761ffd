"""The journal: what happened to each sprint, and the lessons learned from it.

With the bot's ``<bot>/.profile`` repo on the forge, entries go there through
the contents API (``journal/<date>-pr-<N>-<outcome>.md``) and the lessons are
read from ``knowledge/lessons-learned.md``. Without it, entries stay in the
state dir and nothing fails. File names are derived from the event (its date
and PR), so writing the same entry twice is a no-op. When more than ten entries
wait, `digest_journal` has the model fold them into the lessons (≤ 2 KB) and
moves them to ``journal/archive/``.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path, PurePosixPath
from typing import Literal, Protocol, runtime_checkable

from architect.forge.models import FileContent
from architect.forge.protocol import Forge

log = logging.getLogger("architect")

LESSONS_PATH = "knowledge/lessons-learned.md"
LESSONS_MAX_BYTES = 2048
ARCHIVE_DIR = "journal/archive"  # digested entries (see digest_journal)
DIGEST_THRESHOLD = 10


@dataclass(frozen=True)
class JournalEntry:
    when: datetime
    pr_number: int
    vision_number: int
    vision_title: str
    outcome: str  # "rejected" | "merged"
    text: str  # the reason, or the decisions taken

    @property
    def filename(self) -> str:
        return f"{self.when:%Y-%m-%d}-pr-{self.pr_number}-{self.outcome}.md"

    def markdown(self) -> str:
        return (f"# PR #{self.pr_number}: {self.outcome}\n\n"
                f"- Vision: #{self.vision_number} — {self.vision_title}\n"
                f"- Date: {self.when:%Y-%m-%d %H:%M} UTC\n"
                f"- Outcome: {self.outcome}\n\n{self.text.strip()}\n")


class Journal(Protocol):
    where: str

    def record(self, entry: JournalEntry) -> bool:
        """Write the entry unless it is there already; True when it was written now."""
        ...

    def lessons(self) -> str: ...


def cap_lessons(text: str) -> str:
    data = text.encode()
    if len(data) <= LESSONS_MAX_BYTES:
        return text
    return data[:LESSONS_MAX_BYTES].decode(errors="ignore").rsplit("\n", 1)[0]


class LocalJournal:
    def __init__(self, directory: Path) -> None:
        self.directory = directory
        self.where = str(directory)

    def record(self, entry: JournalEntry) -> bool:
        path = self.directory / "journal" / entry.filename
        # An entry digested already sits in the archive: writing it again would digest it twice.
        if path.exists() or (self.directory / ARCHIVE_DIR / entry.filename).exists():
            return False
        path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        tmp = path.with_suffix(".tmp")
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(entry.markdown())
        tmp.replace(path)
        return True

    def lessons(self) -> str:
        path = self.directory / LESSONS_PATH
        return cap_lessons(path.read_text(encoding="utf-8")) if path.exists() else ""


class ProfileJournal:
    def __init__(self, forge: Forge, repo: str, branch: str = "main") -> None:
        self.forge = forge
        self.repo = repo
        self.branch = branch
        self.where = f"{repo} (journal/)"

    def record(self, entry: JournalEntry) -> bool:
        path = f"journal/{entry.filename}"
        for where in (path, f"{ARCHIVE_DIR}/{entry.filename}"):
            if self.forge.get_file(self.repo, where, ref=self.branch) is not None:
                return False
        self.forge.create_file(self.repo, path, entry.markdown(), branch=self.branch,
                               message=f"journal: PR #{entry.pr_number} {entry.outcome}")
        return True

    def lessons(self) -> str:
        found = self.forge.get_file(self.repo, LESSONS_PATH, ref=self.branch)
        return cap_lessons(found.text) if found else ""


# --- the digest: entries → lessons ------------------------------------------------------------
#
# When more than DIGEST_THRESHOLD entries wait in journal/, the model rewrites
# knowledge/lessons-learned.md from the current lessons and those entries, and
# the entries move to journal/archive/. The lessons are written first: a crash
# in between leaves entries to be digested again (a lesson counted twice),
# never entries archived without their lesson.

# (current lessons, the entries' markdown oldest first) → the new lessons-learned.md
Digester = Callable[[str, tuple[str, ...]], str]


@dataclass(frozen=True)
class FileChange:
    """One file of a multi-file commit (`POST /repos/{o}/{r}/contents`, ChangeFileOperation)."""

    operation: Literal["create", "update", "delete"]
    path: str
    text: str | None = None
    sha: str | None = None  # the blob sha, for update and delete
    from_path: str | None = None  # update with from_path = a move


@runtime_checkable
class ProfileFiles(Protocol):
    """What the digest needs from the forge beyond `Forge` (proposed for ForgeClient)."""

    def list_files(self, repo: str, directory: str, *, ref: str | None = None) -> list[str]:
        """The paths of the files directly in `directory` ([] when it does not exist)."""
        ...

    def get_file(self, repo: str, path: str, *, ref: str | None = None) -> FileContent | None: ...

    def change_files(self, repo: str, changes: Sequence[FileChange], *, branch: str,
                     message: str) -> None:
        """All `changes` in one commit on `branch`."""
        ...


def digest_journal(journal: Journal, ask: Digester, *,
                   threshold: int = DIGEST_THRESHOLD) -> bool:
    """Digest the waiting entries when there are more than `threshold`; True when it did.

    Raises what `ask` raises (a runner error): then nothing was written or moved.
    """
    if isinstance(journal, LocalJournal):
        return _digest_local(journal.directory, ask, threshold)
    if isinstance(journal, ProfileJournal):
        if not isinstance(journal.forge, ProfileFiles):
            log.warning("journal: this forge client cannot list %s; not digesting", journal.where)
            return False
        return _digest_profile(journal.forge, journal.repo, journal.branch, ask, threshold)
    raise TypeError(f"no digest for a {type(journal).__name__}")


def _new_lessons(ask: Digester, current: str, entries: Sequence[str]) -> str | None:
    lessons = cap_lessons(ask(current, tuple(entries)).strip())
    if not lessons:
        log.warning("journal: the digest came back empty; keeping the entries for next time")
        return None
    return lessons + "\n"


def _digest_local(directory: Path, ask: Digester, threshold: int) -> bool:
    folder = directory / "journal"
    waiting = sorted(folder.glob("*.md")) if folder.is_dir() else []
    if len(waiting) <= threshold:
        return False
    lessons_path = directory / LESSONS_PATH
    current = lessons_path.read_text(encoding="utf-8") if lessons_path.exists() else ""
    lessons = _new_lessons(ask, current, [p.read_text(encoding="utf-8") for p in waiting])
    if lessons is None:
        return False
    _write_private(lessons_path, lessons)
    archive = directory / ARCHIVE_DIR
    archive.mkdir(parents=True, exist_ok=True, mode=0o700)
    for path in waiting:
        path.replace(archive / path.name)
    log.info("journal: %d entries digested into %s", len(waiting), lessons_path)
    return True


def _write_private(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    tmp = path.with_suffix(".tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8") as handle:
        handle.write(text)
    tmp.replace(path)


def _digest_profile(forge: ProfileFiles, repo: str, branch: str, ask: Digester,
                    threshold: int) -> bool:
    names = sorted(p for p in forge.list_files(repo, "journal", ref=branch) if p.endswith(".md"))
    if len(names) <= threshold:
        return False
    entries = [found for found in (forge.get_file(repo, n, ref=branch) for n in names) if found]
    old = forge.get_file(repo, LESSONS_PATH, ref=branch)
    lessons = _new_lessons(ask, old.text if old else "", [e.text for e in entries])
    if lessons is None:
        return False
    changes = [FileChange("update", LESSONS_PATH, lessons, sha=old.sha) if old
               else FileChange("create", LESSONS_PATH, lessons)]
    changes += [FileChange("update", f"{ARCHIVE_DIR}/{PurePosixPath(e.path).name}", e.text,
                           sha=e.sha, from_path=e.path) for e in entries]
    # One commit: the lessons and the archived entries land together or not at all.
    forge.change_files(repo, changes, branch=branch,
                       message=f"journal: digest {len(entries)} entries into {LESSONS_PATH}")
    log.info("journal: %d entries digested into %s/%s", len(entries), repo, LESSONS_PATH)
    return True
