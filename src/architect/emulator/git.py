"""Just enough git for the forge: commits as snapshots of a tree, and a three-way merge.

A tree is a flat mapping ``path -> bytes`` (directories are implied by paths).
Commit shas are fake but stable: the sha1 of the commit's parents, message,
time and tree. Blob shas are the real git ones, so the ``sha`` a client reads
from ``GET /contents`` is what a real Forgejo would give for the same bytes.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from datetime import datetime

Tree = dict[str, bytes]


def blob_sha(content: bytes) -> str:
    """Git's object id of a blob: sha1 over ``b"blob <len>\\0" + content``."""
    return hashlib.sha1(b"blob %d\x00" % len(content) + content).hexdigest()


@dataclass(frozen=True)
class Signature:
    """Who and when, as git records an author or a committer."""

    name: str
    email: str
    when: datetime


@dataclass
class Commit:
    """`author`, `email` and `when` are the author's (and the committer's, unless set
    apart); `when` is also the commit time that orders branches."""

    sha: str
    parents: list[str]
    message: str
    author: str
    email: str
    when: datetime
    tree: Tree = field(default_factory=dict)
    committer: str = ""  # empty: the author committed
    committer_email: str = ""
    authored: datetime | None = None  # None: `when`

    def author_sig(self) -> Signature:
        return Signature(self.author, self.email, self.authored or self.when)

    def committer_sig(self) -> Signature:
        if not self.committer:
            return Signature(self.author, self.email, self.when)
        return Signature(self.committer, self.committer_email, self.when)


def make_commit(
    parents: list[str], tree: Tree, message: str, author: str, email: str, when: datetime,
    *, committer: Signature | None = None, authored: datetime | None = None,
) -> Commit:
    """`when` is the commit time; `committer` (its `when` ignored) and `authored` set the
    committer and the author date apart from the author and `when`."""
    digest = hashlib.sha1()
    for parent in parents:
        digest.update(parent.encode())
    digest.update(f"\x00{message}\x00{author}\x00{when.isoformat()}\x00".encode())
    if committer is not None or authored is not None:
        apart = f"{committer or ''}\x00{authored.isoformat() if authored else ''}\x00"
        digest.update(apart.encode())
    for path in sorted(tree):
        digest.update(path.encode() + b"\x00" + blob_sha(tree[path]).encode())
    return Commit(
        digest.hexdigest(), list(parents), message, author, email, when, dict(tree),
        committer.name if committer else "", committer.email if committer else "", authored,
    )


def ancestors(commits: Mapping[str, Commit], sha: str) -> Iterator[str]:
    """`sha` and every commit reachable from it, breadth first."""
    seen: set[str] = set()
    queue = [sha]
    while queue:
        current = queue.pop(0)
        if current in seen or current not in commits:
            continue
        seen.add(current)
        yield current
        queue.extend(commits[current].parents)


def merge_base(commits: Mapping[str, Commit], a: str, b: str) -> str | None:
    """The nearest common ancestor of `a` and `b` (first one found from `b`)."""
    of_a = set(ancestors(commits, a))
    return next((sha for sha in ancestors(commits, b) if sha in of_a), None)


class MergeConflict(Exception):
    """Both sides changed the same paths differently."""

    def __init__(self, paths: list[str]) -> None:
        super().__init__(", ".join(paths))
        self.paths = paths


def merge_trees(base: Tree, ours: Tree, theirs: Tree) -> Tree:
    """Three-way merge of whole files: `theirs` (the PR head) onto `ours` (the target)."""
    merged = dict(ours)
    conflicts: list[str] = []
    for path in set(base) | set(ours) | set(theirs):
        old, mine, new = base.get(path), ours.get(path), theirs.get(path)
        if new in (old, mine):
            continue
        if mine != old:
            conflicts.append(path)
        elif new is None:
            merged.pop(path, None)
        else:
            merged[path] = new
    if conflicts:
        raise MergeConflict(sorted(conflicts))
    return merged


def last_commit_touching(commits: Mapping[str, Commit], head: str, path: str) -> Commit:
    """The newest commit on the first-parent line that changed `path` (or `head`)."""
    current = commits[head]
    while current.parents and current.parents[0] in commits:
        parent = commits[current.parents[0]]
        if _touched(parent.tree, current.tree, path):
            return current
        current = parent
    return current


def _touched(old: Tree, new: Tree, path: str) -> bool:
    """Whether the file `path`, or any file under the directory `path`, differs."""
    if path in old or path in new:
        return old.get(path) != new.get(path)
    prefix = path.rstrip("/") + "/"
    return {k: v for k, v in old.items() if k.startswith(prefix)} != {
        k: v for k, v in new.items() if k.startswith(prefix)
    }


def list_dir(tree: Tree, path: str) -> list[tuple[str, str]] | None:
    """Entries ``(name, "file"|"dir")`` directly under `path`, or None if not a directory."""
    prefix = path.strip("/") + "/" if path.strip("/") else ""
    entries: dict[str, str] = {}
    for file_path in tree:
        if not file_path.startswith(prefix):
            continue
        rest = file_path[len(prefix) :]
        name, sep, _ = rest.partition("/")
        entries[name] = "dir" if sep else "file"
    if not entries and prefix:
        return None
    return sorted(entries.items())
