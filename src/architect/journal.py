"""The journal: what happened to each sprint, and the lessons learned from it.

With the bot's ``<bot>/.profile`` repo on the forge, entries go there through
the contents API (``journal/<date>-pr-<N>-<outcome>.md``) and the lessons are
read from ``knowledge/lessons-learned.md``. Without it, entries stay in the
state dir and nothing fails. File names are derived from the event (its date
and PR), so writing the same entry twice is a no-op.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Protocol

from architect.forge.protocol import Forge

LESSONS_PATH = "knowledge/lessons-learned.md"
LESSONS_MAX_BYTES = 2048


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
        if path.exists():
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
        if self.forge.get_file(self.repo, path, ref=self.branch) is not None:
            return False
        self.forge.create_file(self.repo, path, entry.markdown(), branch=self.branch,
                               message=f"journal: PR #{entry.pr_number} {entry.outcome}")
        return True

    def lessons(self) -> str:
        found = self.forge.get_file(self.repo, LESSONS_PATH, ref=self.branch)
        return cap_lessons(found.text) if found else ""
