"""A checklist too large for one sprint: a proposed split into smaller visions.

One sprint files at most `max_sub_issues` sub-issues, so a longer checklist
cannot be planned as written. The split keeps the checklist's order (a task's
`after:` notes nearly always name earlier tasks) and evens out the parts, so
that no part is a leftover of one task.
"""

from __future__ import annotations

from collections.abc import Sequence

from architect.core.text import one_line
from architect.runners.offline.common import listing, plural
from architect.runners.offline.dependencies import resolve_dependencies
from architect.runners.offline.vision import MAX_ITEMS as MAX_PARSED
from architect.runners.offline.vision import ChecklistItem

MAX_PARTS_SHOWN = 8


def parts(items: Sequence[ChecklistItem], limit: int) -> list[list[ChecklistItem]]:
    """`items` in checklist order, cut into the fewest parts of at most `limit`, evened out."""
    count = -(-len(items) // max(limit, 1))
    size = -(-len(items) // max(count, 1))
    return [list(items[i : i + size]) for i in range(0, len(items), size)] if items else []


def too_large_reason(tasks: int, limit: int) -> str:
    counted = f"{tasks:,} or more" if tasks >= MAX_PARSED else f"{tasks:,}"
    return (
        f"the checklist has {counted} open tasks, and one sprint files at most "
        f"{plural(limit, 'sub-issue')} (`max_sub_issues`); split it first"
    )


def proposed_split(items: Sequence[ChecklistItem], limit: int) -> str:
    """The split, as the pitch's recommendation shows it: one line per smaller vision."""
    cut = parts(items, limit)
    part_of = {item.id: n for n, part in enumerate(cut, start=1) for item in part}
    deps, _ = resolve_dependencies(items)
    lines = []
    first = 1
    for n, part in enumerate(cut[:MAX_PARTS_SHOWN], start=1):
        last = first + len(part) - 1
        span = f"task {first}" if first == last else f"tasks {first}–{last}"
        ends = [f"“{one_line(part[0].text, 60)}”"]
        if len(part) > 1:
            ends.append(f"“{one_line(part[-1].text, 60)}”")
        line = f"- Part {n}, {span}: {' to '.join(ends)}"
        needs = sorted({part_of[d] for i in part for d in deps.get(i.id, ()) if part_of[d] != n})
        if needs:
            words = listing([str(p) for p in needs])
            line += f" (builds on part{'s' if len(needs) > 1 else ''} {words})"
        lines.append(line)
        first = last + 1
    if len(cut) > MAX_PARTS_SHOWN:
        rest = len(cut) - MAX_PARTS_SHOWN
        lines.append(f"- … and {plural(rest, 'more part')} cut the same way")
    head = (
        f"A proposed split into {len(cut)} visions of at most "
        f"{plural(max(len(p) for p in cut), 'task')} each, in checklist order:"
    )
    tail = (
        "Each part can become a vision issue of its own (with the `vision` label); "
        "then trim this vision to its first part, or close it. Raising `max_sub_issues` "
        "is the other way out."
    )
    return "\n".join([head, *lines]) + "\n\n" + tail
