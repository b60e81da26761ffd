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
from typing import Protocol

from architect.core.inputs import LESSONS_MAX_BYTES
from architect.errors import ForgeFileNotText, ForgeValidation
from architect.forge.models import FileChange, FileContent
from architect.forge.protocol import Forge

log = logging.getLogger("architect")

LESSONS_PATH = "knowledge/lessons-learned.md"
ARCHIVE_DIR = "journal/archive"  # digested entries (see digest_journal)
DIGEST_THRESHOLD = 10
# In an entry without a person's reason (a stop, a close without `REJECT:`): the digest
# archives it with the rest but never makes a lesson of it.
NO_LESSON = "- Lesson: none (no reason given by a person)"


@dataclass(frozen=True)
class JournalEntry:
    when: datetime
    pr_number: int
    vision_number: int
    vision_title: str
    outcome: str  # "rejected" | "merged"
    text: str  # the reason, or the decisions taken
    human: bool = True  # the text is a person's reason (or decisions): a lesson may come of it

    @property
    def filename(self) -> str:
        return f"{self.when:%Y-%m-%d}-pr-{self.pr_number}-{self.outcome}.md"

    def markdown(self) -> str:
        return (f"# PR #{self.pr_number}: {self.outcome}\n\n"
                f"- Vision: #{self.vision_number} — {self.vision_title}\n"
                f"- Date: {self.when:%Y-%m-%d %H:%M} UTC\n"
                f"- Outcome: {self.outcome}\n"
                + ("" if self.human else f"{NO_LESSON}\n")
                + f"\n{self.text.strip()}\n")


class Journal(Protocol):
    where: str

    def record(self, entry: JournalEntry, *, first: bool = False) -> bool:
        """Write the entry unless it is there already; True when it was written now. An
        entry with a person's reason replaces one of the same name without (a `REJECT:
        not now` after a close without a reason and a reopen). `first`: no earlier tick
        can have written it, so none can have been digested into the archive."""
        ...

    def lessons(self) -> str: ...

    def add_lesson(self, line: str) -> bool:
        """Append one lesson to lessons-learned.md at once, so the next prompt has it."""
        ...


def _replaces(entry: JournalEntry, current: str) -> bool:
    """A person's reason replaces an entry that had none; nothing else is written twice."""
    return entry.human and NO_LESSON in current and entry.markdown() != current


RECENT_HEADING = "## Recent rejections (not yet digested)"


def with_lesson(current: str, line: str) -> str | None:
    """`current` with `line` under the recent-rejections heading; None if it is there.

    The file stays within 2 KB by dropping the oldest recent lines first: the
    digested lessons above the heading are the ones worth keeping.
    """
    line = " ".join(line.split())
    if line in current:
        return None
    head, _, recent = current.partition(RECENT_HEADING)
    lines = [*(x for x in recent.splitlines() if x.strip()), f"- {line.removeprefix('- ')}"]
    while True:
        text = f"{head.rstrip()}\n\n{RECENT_HEADING}\n\n" + "\n".join(lines) + "\n"
        text = text.lstrip()
        if len(text.encode()) <= LESSONS_MAX_BYTES or len(lines) == 1:
            return text
        lines.pop(0)


def cap_lessons(text: str) -> str:
    data = text.encode()
    if len(data) <= LESSONS_MAX_BYTES:
        return text
    return data[:LESSONS_MAX_BYTES].decode(errors="ignore").rsplit("\n", 1)[0]


class LocalJournal:
    def __init__(self, directory: Path) -> None:
        self.directory = directory
        self.where = str(directory)

    def record(self, entry: JournalEntry, *, first: bool = False) -> bool:
        path = self.directory / "journal" / entry.filename
        # An entry digested already sits in the archive: writing it again would digest it twice.
        if (self.directory / ARCHIVE_DIR / entry.filename).exists():
            return False
        if path.exists() and not _replaces(entry, path.read_text(encoding="utf-8",
                                                                 errors="replace")):
            return False
        _write_private(path, entry.markdown())
        return True

    def lessons(self) -> str:
        current = _read_text(self.directory / LESSONS_PATH)
        return cap_lessons(current) if current else ""

    def add_lesson(self, line: str) -> bool:
        path = self.directory / LESSONS_PATH
        current = _read_text(path)
        if current is None:
            return False  # unreadable: a rewrite would destroy what a person may fix
        text = with_lesson(current, line)
        if text is None:
            return False
        _write_private(path, text)
        return True


class ProfileJournal:
    def __init__(self, forge: Forge, repo: str, branch: str = "main") -> None:
        self.forge = forge
        self.repo = repo
        self.branch = branch
        self.where = f"{repo} (journal/)"

    def record(self, entry: JournalEntry, *, first: bool = False) -> bool:
        path = f"journal/{entry.filename}"
        try:
            if not first and self.forge.get_file(self.repo, f"{ARCHIVE_DIR}/{entry.filename}",
                                                 ref=self.branch) is not None:
                return False  # digested already
        except ForgeFileNotText:
            return False  # there, though not text: digested already
        message = f"journal: PR #{entry.pr_number} {entry.outcome}"
        try:
            self.forge.create_file(self.repo, path, entry.markdown(), branch=self.branch,
                                   message=message)
        except ForgeValidation:  # the forge's 422 "repository file already exists"
            found = _profile_file(self.forge, self.repo, path, self.branch)
            if found is None or not _replaces(entry, found.text):
                return False  # written before
            self.forge.update_file(self.repo, path, entry.markdown(), sha=found.sha,
                                   branch=self.branch, message=message)
        return True

    def lessons(self) -> str:
        found = self._lessons()
        return cap_lessons(found.text) if found else ""

    def _lessons(self) -> FileContent | None:
        """The lessons file; None when there is none, or (with a warning) when it is not
        UTF-8 text, so that a broken file costs its lessons, never a pitch."""
        try:
            return self.forge.get_file(self.repo, LESSONS_PATH, ref=self.branch)
        except ForgeFileNotText:
            log.warning("journal: %s/%s is not UTF-8 text, skipped: save it as UTF-8 (or "
                        "delete it) so the lessons count again", self.repo, LESSONS_PATH)
            return None

    def add_lesson(self, line: str) -> bool:
        try:
            found = self.forge.get_file(self.repo, LESSONS_PATH, ref=self.branch)
        except ForgeFileNotText:
            return False  # unreadable (`_lessons` warned): a rewrite would destroy it
        text = with_lesson(found.text if found else "", line)
        if text is None:
            return False
        message = "knowledge: a lesson from a rejection"
        if found is None:
            self.forge.create_file(self.repo, LESSONS_PATH, text, branch=self.branch,
                                   message=message)
        else:
            self.forge.update_file(self.repo, LESSONS_PATH, text, sha=found.sha,
                                   branch=self.branch, message=message)
        return True


# --- the digest: entries → lessons ------------------------------------------------------------
#
# When more than DIGEST_THRESHOLD entries wait in journal/, the model rewrites
# knowledge/lessons-learned.md from the current lessons and those entries, and
# the entries move to journal/archive/. The lessons are written first: a crash
# in between leaves entries to be digested again (a lesson counted twice),
# never entries archived without their lesson.

# (current lessons, the entries' markdown oldest first) → the new lessons-learned.md
Digester = Callable[[str, tuple[str, ...]], str]


def digest_journal(journal: Journal, ask: Digester, *,
                   threshold: int = DIGEST_THRESHOLD) -> bool:
    """Digest the waiting entries when there are more than `threshold`; True when it did.

    Raises what `ask` raises (a runner error): then nothing was written or moved.
    """
    if isinstance(journal, LocalJournal):
        return _digest_local(journal.directory, ask, threshold)
    if isinstance(journal, ProfileJournal):
        return _digest_profile(journal.forge, journal.repo, journal.branch, ask, threshold)
    raise TypeError(f"no digest for a {type(journal).__name__}")


def _new_lessons(ask: Digester, current: str, entries: Sequence[str]) -> str | None:
    """The lessons with what the entries that carry a person's reason teach; `current`
    unchanged (no model call) when none does."""
    telling = tuple(e for e in entries if NO_LESSON not in e)
    if not telling:
        return current
    lessons = cap_lessons(ask(current, telling).strip())
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
    current = _read_text(lessons_path)
    if current is None:
        return False  # the lessons must be readable before anything is folded into them
    texts = {p: _read_text(p) for p in waiting}
    waiting = [p for p in waiting if texts[p] is not None]  # an unreadable entry stays put
    if len(waiting) <= threshold:
        return False
    lessons = _new_lessons(ask, current, [t for p in waiting if (t := texts[p]) is not None])
    if lessons is None:
        return False
    if lessons != current:
        _write_private(lessons_path, lessons)
    archive = directory / ARCHIVE_DIR
    archive.mkdir(parents=True, exist_ok=True, mode=0o700)
    for path in waiting:
        path.replace(archive / path.name)
    log.info("journal: %d entries digested into %s", len(waiting), lessons_path)
    return True


def _read_text(path: Path) -> str | None:
    """A local journal file's text ("" when missing); None, with one warning naming the
    file and the fix, when it is not UTF-8 (or not a readable file)."""
    if not path.exists():
        return ""
    try:
        return path.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        log.warning("journal: %s is not UTF-8 text, skipped: save it as UTF-8 (or delete it)",
                    path)
    except OSError as exc:
        log.warning("journal: %s cannot be read (%s), skipped", path,
                    exc.strerror or type(exc).__name__)
    return None


def _write_private(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    tmp = path.with_suffix(".tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8") as handle:
        handle.write(text)
    tmp.replace(path)


def _digest_profile(forge: Forge, repo: str, branch: str, ask: Digester,
                    threshold: int) -> bool:
    names = sorted(p for p in forge.list_files(repo, "journal", ref=branch) if p.endswith(".md"))
    if len(names) <= threshold:
        return False
    entries = [found for found in (_profile_file(forge, repo, n, branch) for n in names)
               if found]
    try:
        old = forge.get_file(repo, LESSONS_PATH, ref=branch)
    except ForgeFileNotText:
        return False  # the lessons must be readable before anything is folded into them
    current = old.text if old else ""
    lessons = _new_lessons(ask, current, [e.text for e in entries])
    if lessons is None:
        return False
    changes = [] if lessons == current else [
        FileChange("update", LESSONS_PATH, lessons, sha=old.sha) if old
        else FileChange("create", LESSONS_PATH, lessons)]
    changes += [FileChange("update", f"{ARCHIVE_DIR}/{PurePosixPath(e.path).name}", e.text,
                           sha=e.sha, from_path=e.path) for e in entries]
    # One commit: the lessons and the archived entries land together or not at all.
    forge.change_files(repo, changes, branch=branch,
                       message=f"journal: digest {len(entries)} entries into {LESSONS_PATH}")
    log.info("journal: %d entries digested into %s/%s", len(entries), repo, LESSONS_PATH)
    return True


def _profile_file(forge: Forge, repo: str, path: str, branch: str) -> FileContent | None:
    try:
        return forge.get_file(repo, path, ref=branch)
    except ForgeFileNotText:
        log.warning("journal: %s/%s is not UTF-8 text, skipped: save it as UTF-8 (or delete "
                    "it)", repo, path)
        return None
