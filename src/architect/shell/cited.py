"""The files and issues a vision cites, read for its pitch's source mark and again while
its sprint PR is open (`core.source`), in as few requests as that allows.

A file is known by its blob sha (git's, so a `repo_root` checkout and the forge agree);
with `repo_root` it is hashed from the disk, no request. On the forge the primary
branch's head is read once a tick and the files again only when it moved. An issue is
known by the digest of its title, body and state; after a look its new state is on the
look's page (every issue updated since the last full read), so an unchanged world asks
nothing more; without a look each cited issue is read.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from functools import cached_property
from pathlib import Path

from architect.config import ProjectConfig
from architect.core import source
from architect.core.markers import SourceMark
from architect.core.source import Cited
from architect.errors import ForgeNotFound
from architect.forge.models import Issue
from architect.forge.protocol import Forge


def blob_sha(data: bytes) -> str:
    """git's blob id of a file's bytes: what the forge's contents API calls its sha."""
    return hashlib.sha1(b"blob %d\0" % len(data) + data, usedforsecurity=False).hexdigest()


class CitedReader:
    """Reads cited files and issues for one tick; the branch head at most once."""

    def __init__(self, forge: Forge, config: ProjectConfig,
                 changed: Mapping[int, Issue] | None = None) -> None:
        self.forge, self.config, self.changed = forge, config, changed

    @cached_property
    def head(self) -> str:
        if self.config.repo_root is not None:
            return ""
        branch = self.forge.get_branch(self.config.repo, self.config.primary_branch)
        return branch.head if branch is not None else ""

    def file_sha(self, path: str) -> str:
        """The file's blob sha now; "" when it is gone."""
        root = self.config.repo_root
        if root is not None:
            local = Path(root) / path
            return blob_sha(local.read_bytes()) if local.is_file() else ""
        found = self.forge.get_file(self.config.repo, path, ref=self.config.primary_branch)
        return found.sha if found is not None else ""

    def issue_digest(self, number: int) -> str:
        """The issue's digest now; "" when it is gone."""
        if self.changed is not None and number in self.changed:
            return _digest(self.changed[number])
        try:
            issue = self.forge.get_issue(self.config.repo, number)
        except ForgeNotFound:
            return ""
        return _digest(issue)

    def source(self, title: str, body: str, files: tuple[str, ...],
               number: int) -> SourceMark:
        """The source mark of a pitch built now from a vision citing `files` (those of
        them that exist) and the issues its body names."""
        shas = {p: sha for p in files[:source.MAX_CITED] if (sha := self.file_sha(p))}
        issues = {n: d for n in source.issues_cited(body, number)
                  if (d := self.issue_digest(n))}
        return source.source_of(title, body, shas, issues, self.head if shas else "")

    def now(self, was: SourceMark) -> Cited | None:
        """What `was` records, as it is now (None: it records no file and no issue)."""
        if not was.files and not was.issues:
            return None
        files = dict(was.files)
        head = was.head
        if was.files and (self.config.repo_root is not None or self.head != was.head):
            files = {p: self.file_sha(p) for p in files}
            head = self.head
        issues = {n: (self.issue_digest(n) if self.changed is None or n in self.changed
                      else d) for n, d in was.issues}
        return Cited(files, issues, head)


def _digest(issue: Issue) -> str:
    return source.issue_digest(issue.title, issue.body or "", issue.state)
