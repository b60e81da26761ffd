"""Filing a sprint's sub-issues once each: by the sprint's filing, and by an accepted
re-plan adding some to a filed sprint.

Each caller keeps its own record of which planned sub-issue became which issue
(the plan comment, the proposal's mark); an issue whose record was lost (a tick
killed between the create and the record) is found by its `decomposed-from`
marker, filed after the record's comment was posted.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime

from architect.core import render
from architect.core.ledger import Ledger
from architect.core.markers import find_decomposed
from architect.core.schemas import SubIssue
from architect.forge.models import Issue
from architect.shell import writes
from architect.shell.steps.hands import Hands


@dataclass(frozen=True)
class Filing:
    """What every sub-issue of one filing shares."""

    vision: int
    slug: str
    pr_url: str  # the sprint PR each body links
    labels: Mapping[str, int]  # the project's labels by name
    ledger: Ledger  # the forks that count: each body states those that shaped it


def filed_before(hands: Hands, filing: Filing, *, since: datetime,
                 skip: Collection[int] = ()) -> dict[str, int]:
    """Sub-issues of this sprint created since `since` (the record's comment was posted)
    that the record may not name: by their marker; `skip`: issues known otherwise."""
    found: dict[str, int] = {}
    for issue in hands.filer.list_issues(hands.config.repo, state="all", type="issues",
                                         created_by=hands.filer_login, since=since):
        mark = find_decomposed(issue.body)
        if (mark and mark.vision == filing.vision and mark.slug == filing.slug
                and issue.number not in skip):
            found.setdefault(mark.sub_id, issue.number)
    return found


def file_each(hands: Hands, filing: Filing, subs: Sequence[SubIssue], *,
              done: Mapping[str, int], note: Callable[[str, int], None],
              known: Mapping[str, int] | None = None) -> tuple[dict[str, int], dict[int, Issue]]:
    """Each of `subs`, in the order given (what it waits for first), as an issue once:
    those in `done` (recorded, or found by their marker) kept, the others created, each
    `note`d as soon as it exists; every one linked to what it depends on and hung under
    the vision. `known`: the sprint's issues filed before, which a dependency may name.
    The issues by sub-issue id, and the ones created by this call (as the forge answered)."""
    repo, filer = hands.config.repo, hands.filer
    backlog = hands.config.architect.backlog_label
    numbers = dict(done)
    created: dict[int, Issue] = {}
    for sub in subs:
        named = {**(known or {}), **numbers}
        deps = [named[d] for d in sub.depends_on if d in named]
        # A re-plan may name an issue filed before by its number (`#12`).
        deps += [int(d.lstrip("#")) for d in sub.depends_on
                 if d not in named and d.lstrip("#").isdigit()]
        if sub.id not in numbers:
            live = filing.ledger.live
            shaped = [f for n in dict.fromkeys(sub.shaped_by) if (f := live.get(n)) is not None]
            body = render.sub_issue_body(sub, vision=filing.vision, slug=filing.slug,
                                         depends_on=deps, shaped_by=shaped,
                                         pr_url=filing.pr_url)
            ids = [filing.labels[name] for name in (backlog, *sub.labels)
                   if name in filing.labels]
            issue = filer.create_issue(repo, title=sub.title, body=body, label_ids=ids)
            numbers[sub.id] = issue.number
            created[issue.number] = issue
            note(sub.id, issue.number)
        number = numbers[sub.id]
        writes.ensure_dependencies(filer, repo, number, deps, fresh=number in created)
        writes.ensure_sub_issue(filer, repo, filing.vision, number)
    return {s.id: numbers[s.id] for s in subs}, created
