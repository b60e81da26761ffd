"""The deterministic filing check and the filing order. Pure.

Whatever the model proposes, nothing is filed unless every sub-issue has
acceptance criteria, dependencies stay inside the sprint and form no cycle,
the count is within `max_sub_issues`, and every label exists.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Sequence

from architect.core.overlap import OpenIssue, normalised_title
from architect.core.schemas import SubIssue

MAX_TITLE = 255  # Forgejo's column limit for issue titles
MAX_FILES = 3
MAX_CRITERIA = 5
_ID = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$")


def check_plan(subs: Sequence[SubIssue], *, max_sub_issues: int,
               known_labels: Collection[str], backlog: Sequence[OpenIssue] = (),
               kept: Collection[str] = ()) -> list[str]:
    """`kept`: sub-issues a person said to file although an open issue has their title."""
    problems: list[str] = []
    if not subs:
        return ["The plan has no sub-issues."]
    problems += same_titles([s for s in subs if s.id not in kept], backlog)
    if len(subs) > max_sub_issues:
        problems.append(f"{len(subs)} sub-issues were proposed; at most {max_sub_issues} may be "
                        "filed for one sprint (`[architect].max_sub_issues`). Split the sprint or "
                        "raise the limit.")
    ids = [s.id for s in subs]
    for dup in sorted({i for i in ids if ids.count(i) > 1}):
        problems.append(f"The id `{dup}` is used by more than one sub-issue.")
    for sub in subs:
        name = f"`{sub.id[:64]}`"
        if not _ID.match(sub.id):
            problems.append(f"Sub-issue {name}: the id may only hold letters, digits, "
                            "'.', '_' and '-'.")
        if not sub.title.strip():
            problems.append(f"Sub-issue {name} has no title.")
        elif len(sub.title) > MAX_TITLE:
            problems.append(f"Sub-issue {name}: the title is {len(sub.title)} characters; the "
                            f"forge takes at most {MAX_TITLE}.")
        if not sub.acceptance_criteria:
            problems.append(f"Sub-issue {name} has no acceptance criteria.")
        elif len(sub.acceptance_criteria) > MAX_CRITERIA:
            problems.append(f"Sub-issue {name} has {len(sub.acceptance_criteria)} acceptance "
                            f"criteria; at most {MAX_CRITERIA}.")
        if len(sub.affected_files) > MAX_FILES:
            problems.append(f"Sub-issue {name} names {len(sub.affected_files)} affected files; "
                            f"at most {MAX_FILES}.")
        for dep in sub.depends_on:
            if dep == sub.id:
                problems.append(f"Sub-issue {name} depends on itself.")
            elif dep not in ids:
                problems.append(f"Sub-issue {name} depends on `{dep[:64]}`, which is not part "
                                "of this sprint.")
        for label in sub.labels:
            if label not in known_labels:
                problems.append(f"Sub-issue {name}: the label `{label[:64]}` does not exist on "
                                "the project repo.")
    cycle = find_cycle(subs)
    if cycle:
        problems.append("The dependencies form a cycle: " + " → ".join(f"`{c}`" for c in cycle)
                        + ".")
    return problems


def same_titles(subs: Sequence[SubIssue], backlog: Sequence[OpenIssue]) -> list[str]:
    """A sub-issue titled as an open issue would file that issue twice."""
    by_title = {normalised_title(i.title): i for i in sorted(backlog, key=lambda i: -i.number)}
    problems = []
    for sub in subs:
        same = by_title.get(normalised_title(sub.title))
        if same is not None and normalised_title(sub.title):
            problems.append(f"Sub-issue `{sub.id[:64]}` has the title of the open issue "
                            f"[#{same.number}]({same.url}); drop it or say how it differs.")
    return problems


def find_cycle(subs: Sequence[SubIssue]) -> list[str]:
    deps = {s.id: [d for d in s.depends_on if d != s.id] for s in subs}
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(node: str) -> list[str]:
        state[node] = 1
        stack.append(node)
        for nxt in deps.get(node, []):
            if nxt not in deps:
                continue
            if state.get(nxt) == 1:
                return [*stack[stack.index(nxt):], nxt]
            if nxt not in state:
                found = visit(nxt)
                if found:
                    return found
        stack.pop()
        state[node] = 2
        return []

    for sub in subs:
        if sub.id not in state:
            found = visit(sub.id)
            if found:
                return found
    return []


def filing_order(subs: Sequence[SubIssue]) -> list[SubIssue]:
    """Dependencies first; otherwise the plan's own order. Assumes `check_plan` passed."""
    done: set[str] = set()
    ordered: list[SubIssue] = []
    pending = list(subs)
    while pending:
        ready = [s for s in pending if all(d in done for d in s.depends_on)]
        if not ready:  # a cycle slipped through: keep the plan order rather than loop
            ready = pending[:1]
        for sub in ready:
            ordered.append(sub)
            done.add(sub.id)
            pending.remove(sub)
    return ordered
