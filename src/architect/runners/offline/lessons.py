"""The lessons digest: why past pitches were rejected, deduplicated, within the size cap."""

from __future__ import annotations

import re

from architect.core.inputs import LESSONS_MAX_BYTES, PlannerInputs
from architect.core.schemas import LessonsDigest
from architect.core.text import normalize, one_line, visible_text


def digest(inputs: PlannerInputs) -> LessonsDigest:
    reasons: dict[str, str] = {}  # normalised reason → its bullet, oldest first
    found = [(line, "") for line in _lesson_lines(inputs.context.lessons)]
    found += [_reason(entry) for entry in inputs.journal_entries]
    for reason, vision in found:
        if reason and normalize(reason) not in reasons:
            reasons[normalize(reason)] = (
                f"- {reason} (vision {vision})" if vision else f"- {reason}"
            )
    head = "# Lessons learned\n\nWhy past sprint pitches were rejected (oldest first):\n\n"
    lines = list(reasons.values())
    while lines and len((head + "\n".join(lines) + "\n").encode()) > LESSONS_MAX_BYTES:
        lines.pop(0)  # the oldest lessons give way to the newest
    return LessonsDigest(lessons=head + "\n".join(lines) + "\n" if lines else head.rstrip() + "\n")


def _lesson_lines(lessons: str) -> list[str]:
    lines = [line.strip() for line in visible_text(lessons).split("\n")]
    return [one_line(line[2:], 300) for line in lines if line[:2] in ("- ", "* ")]


def _reason(entry: str) -> tuple[str, str]:
    """(reason, vision) of a journal entry (`JournalEntry.markdown`); "" for no rejection."""
    lines = visible_text(entry).split("\n")
    meta = {
        m.group(1).lower(): m.group(2).strip()
        for line in lines
        if (m := re.match(r"\s*-\s*(Vision|Outcome|Date):\s*(.*)", line))
    }
    if meta.get("outcome", "rejected").lower() != "rejected":
        return "", ""
    body = [
        line
        for line in lines
        if line.strip()
        and not line.startswith("#")
        and not re.match(r"\s*-\s*(Vision|Outcome|Date):", line)
    ]
    reason = re.sub(r"^\s*REJECT:\s*", "", " ".join(body), flags=re.IGNORECASE)
    reason = one_line(reason, 300)
    return reason, one_line(meta.get("vision", ""), 80)
