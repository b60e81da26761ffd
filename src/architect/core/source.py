"""What a pitch was built from, and what changed in its vision since. Pure.

The PR body carries a `SourceMark`: the vision's digest, title and open tasks as
the pitch read them. A vision edited while its sprint PR is open differs from
it: before the decision the pitch is rebuilt (one note saying what changed);
after an approval the plan asks for ACCEPT again (`core.table`), so what is filed
is what people approved.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass

from architect.core import markers
from architect.core.text import html_comment_spans, one_line, visible_text

# An open checklist item, and the notes the offline format writes beside its text.
_TASK = re.compile(r"^[ \t]*(?:[-*+]|\d{1,9}[.)])[ \t]+\[ \][ \t]+(.+)$", re.MULTILINE)
_NOTES = re.compile(r"\s*\((?:id|after|files?|depends(?:\s+on)?)\s*:[^)]*\)", re.IGNORECASE)


def digest(title: str, body: str) -> str:
    text = f"{title.strip()}\n{visible_text(body).replace(chr(13), '').strip()}"
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def tasks_of(body: str) -> tuple[str, ...]:
    """The vision's open tasks, each as its words read (without the planner's notes)."""
    found = (one_line(_NOTES.sub("", m.group(1)), 200) for m in _TASK.finditer(
        visible_text(body)[:200_000]))
    return tuple(dict.fromkeys(t for t in found if t))[:60]


def source_of(title: str, body: str) -> markers.SourceMark:
    return markers.SourceMark(digest(title, body), one_line(title, 200), tasks_of(body))


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
    """What changed in a vision since its pitch: a change of plan or of words only."""

    now: markers.SourceMark
    added: tuple[str, ...] = ()
    removed: tuple[str, ...] = ()
    retitled: str = ""  # the old title, when it changed

    @property
    def alters_plan(self) -> bool:
        return bool(self.added or self.removed or self.retitled)

    def describe(self) -> str:
        said = [f"added the task “{t}”" for t in self.added]
        said += [f"removed the task “{t}”" for t in self.removed]
        if self.retitled:
            said.append(f"retitled it “{self.now.title}” (was “{self.retitled}”)")
        return "; ".join(said) if said else "its text changed, no task was added or removed"


def change(pr_body: str, title: str, body: str) -> VisionChange | None:
    """How the vision differs from what the pitch in `pr_body` was built from, if it does."""
    was = recorded(pr_body)
    if was is None:
        return None
    now = source_of(title, body)
    if now.digest == was.digest:
        return None
    return VisionChange(now, tuple(t for t in now.tasks if t not in was.tasks),
                        tuple(t for t in was.tasks if t not in now.tasks),
                        was.title if was.title and was.title != now.title else "")
