"""What a pitch was built from, and what changed in it since. Pure.

The PR body carries a `SourceMark`: the vision's digest, title and open tasks as
the pitch read them, and the files and issues the vision cites as they were
(`shell.cited` reads them). A vision, a cited file or a cited issue changed while
the sprint PR is open differs from it: before the decision the pitch is rebuilt
(one note saying what changed); after an approval the plan asks for ACCEPT again
(`core.table`), so what is filed is what people approved.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Mapping
from dataclasses import dataclass, replace

from architect.core import markers
from architect.core.text import html_comment_spans, one_line, visible_text

# An open checklist item, and the notes the offline format writes beside its text.
_TASK = re.compile(r"^[ \t]*(?:[-*+]|\d{1,9}[.)])[ \t]+\[ \][ \t]+(.+)$", re.MULTILINE)
_ISSUE_REF = re.compile(r"(?<![\w&/#])#(\d{1,9})\b")
MAX_CITED = 10  # files and issues each: a vision cites a few, not a tree
_NOTES = re.compile(r"\s*\((?:id|after|files?|depends(?:\s+on)?)\s*:[^)]*\)", re.IGNORECASE)


def digest(title: str, body: str) -> str:
    text = f"{title.strip()}\n{visible_text(body).replace(chr(13), '').strip()}"
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def tasks_of(body: str) -> tuple[str, ...]:
    """The vision's open tasks, each as its words read (without the planner's notes)."""
    found = (one_line(_NOTES.sub("", m.group(1)), 200) for m in _TASK.finditer(
        visible_text(body)[:200_000]))
    return tuple(dict.fromkeys(t for t in found if t))[:60]


def issues_cited(body: str, own: int = 0) -> tuple[int, ...]:
    """The issues a vision names (`#12`), each once, in order, itself left out."""
    found = (int(m.group(1)) for m in _ISSUE_REF.finditer(visible_text(body)[:200_000]))
    return tuple(dict.fromkeys(n for n in found if n and n != own))[:MAX_CITED]


def issue_digest(title: str, body: str, state: str) -> str:
    """What a cited issue says and whether it is open, as one digest."""
    return digest(f"{state}\n{title}", body)


def source_of(title: str, body: str, files: Mapping[str, str] | None = None,
              issues: Mapping[int, str] | None = None, head: str = "") -> markers.SourceMark:
    return markers.SourceMark(digest(title, body), one_line(title, 200), tasks_of(body),
                              tuple(sorted((files or {}).items()))[:MAX_CITED],
                              tuple(sorted((issues or {}).items()))[:MAX_CITED], head)


@dataclass(frozen=True)
class Cited:
    """The recorded files and issues as the tick read them now (`shell.cited`): a file
    gone is "", an issue gone is ""."""

    files: Mapping[str, str]
    issues: Mapping[int, str]
    head: str = ""


def recorded(pr_body: str) -> markers.SourceMark | None:
    """The source the PR body records (the bot wrote the body); None for a pitch from
    before the mark, which is never judged stale."""
    return next((m for m in markers.marks_in(pr_body) if isinstance(m, markers.SourceMark)),
                None)


def with_source(pr_body: str, mark: markers.SourceMark) -> str:
    """The body with `mark` as its one source mark, just before the vision marker."""
    kept = _without_source(pr_body)
    vision = kept.rfind(markers.VISION_OPEN)
    if vision == -1:
        return f"{kept.rstrip()}\n\n{mark.render()}\n"
    return f"{kept[:vision].rstrip()}\n\n{mark.render()}\n{kept[vision:]}"


def _without_source(text: str) -> str:
    parts, pos = [], 0
    for start, end in html_comment_spans(text):
        found = next(markers.parse_markers(text[start:end]), None)
        if found is not None and found.kind == markers.Kind.SOURCE:
            parts.append(text[pos:start])
            pos = end
    parts.append(text[pos:])
    return "".join(parts)


@dataclass(frozen=True)
class VisionChange:
    """What changed since the pitch: in the vision (a change of plan or of words only), in
    the files and issues it cites, or only the commit the files were read at."""

    now: markers.SourceMark
    added: tuple[str, ...] = ()
    removed: tuple[str, ...] = ()
    retitled: str = ""  # the old title, when it changed
    files: tuple[str, ...] = ()  # cited files whose content changed (or that are gone)
    issues: tuple[int, ...] = ()  # cited issues edited, closed, reopened or gone
    vision_edited: bool = True

    @property
    def alters_plan(self) -> bool:
        return bool(self.added or self.removed or self.retitled or self.files or self.issues)

    @property
    def record_only(self) -> bool:
        """Nothing the pitch read changed (the branch moved, its cited files did not): the
        body records the new commit, no note, no rebuild."""
        return not self.vision_edited and not self.alters_plan

    @property
    def subject(self) -> str:
        """What changed, as a note's subject: the vision, or what the pitch cites."""
        return "The vision" if self.vision_edited and not (self.files or self.issues) else \
            "What the pitch was built from"

    def describe(self) -> str:
        said = [f"added the task “{t}”" for t in self.added]
        said += [f"removed the task “{t}”" for t in self.removed]
        if self.retitled:
            said.append(f"retitled it “{self.now.title}” (was “{self.retitled}”)")
        said += [f"the cited file `{f}` {'changed' if dict(self.now.files).get(f) else 'is gone'}"
                 for f in self.files]
        said += [f"the cited issue #{n} {'changed' if dict(self.now.issues).get(n) else 'is gone'}"
                 for n in self.issues]
        if self.vision_edited and not (self.added or self.removed or self.retitled):
            said.append("the vision's text changed, no task was added or removed"
                        if said else "its text changed, no task was added or removed")
        return "; ".join(said)


def change(pr_body: str, title: str, body: str,
           cited: Cited | None = None) -> VisionChange | None:
    """How the vision, and what it cites (`cited`: as read now; None: not read, taken as
    recorded), differ from what the pitch in `pr_body` was built from, if they do."""
    was = recorded(pr_body)
    if was is None:
        return None
    now = replace(source_of(title, body), files=was.files, issues=was.issues, head=was.head)
    files: tuple[str, ...] = ()
    issues: tuple[int, ...] = ()
    if cited is not None:
        now = replace(now, files=tuple((p, cited.files.get(p, s)) for p, s in was.files),
                      issues=tuple((n, cited.issues.get(n, d)) for n, d in was.issues),
                      head=cited.head or was.head)
        files = tuple(p for (p, s), (_, t) in zip(was.files, now.files, strict=True) if s != t)
        issues = tuple(n for (n, d), (_, e) in zip(was.issues, now.issues, strict=True)
                       if d != e)
    if now.digest == was.digest and not files and not issues and now.head == was.head:
        return None
    return VisionChange(now, tuple(t for t in now.tasks if t not in was.tasks),
                        tuple(t for t in was.tasks if t not in now.tasks),
                        was.title if was.title and was.title != now.title else "",
                        files, issues, vision_edited=now.digest != was.digest)
