"""A filed sprint's sub-issues as they are: whether work started on each, and whether a
proposal still fits them. Pure.

Work has started on a sub-issue that is closed, assigned, named by an open pull request
or a branch, or whose body is no longer what the architect wrote (the filing's, or the
last applied re-plan's: both kept as digests, blind to markers, spacing and links).
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence

from architect.core import markers, render
from architect.core.inputs import FiledIssue
from architect.core.ledger import Ledger
from architect.core.replan import FiledSprint, ReplanView, SubNow
from architect.core.text import clean_text

_URL = re.compile(r"https?://\S+")


def normalized(body: str) -> str:
    """A body's fingerprint, blind to markers, spacing and links (a forge that moved to a
    new address has not edited every issue)."""
    text = _URL.sub("", clean_text(markers.strip_markers(body)))
    return markers.digest(" ".join(text.split()))


def expected_bodies(filed: FiledSprint, bot_login: str, *, slug: str,
                    design: Ledger) -> dict[int, str]:
    """The digest of each filed sub-issue's body as the filing wrote it."""
    plan = next((m for _, m in reversed(list(markers.marks_of(
        markers.PlanMark, filed.comments, bot_login)))), None)
    if plan is None:
        return {}
    numbers = dict(plan.filed) or dict(zip((s.id for s in plan.subs), filed.merged.filed,
                                           strict=False))
    live = design.live
    found: dict[int, str] = {}
    for sub in plan.subs:
        if sub.id not in numbers:
            continue
        deps = [numbers[d] for d in sub.depends_on if d in numbers]
        shaped = [f for n in dict.fromkeys(sub.shaped_by) if (f := live.get(n)) is not None]
        body = render.sub_issue_body(sub, vision=filed.merged.vision_number, slug=slug,
                                     depends_on=deps, shaped_by=shaped,
                                     pr_url=filed.merged.pr.html_url)
        found[numbers[sub.id]] = normalized(body)
    return found


def started(sub: SubNow, expected: Mapping[int, str]) -> str:
    """Why work has started on a sub-issue (then a re-plan leaves it alone), or ""."""
    issue = sub.issue
    if issue.state == "closed":
        return "closed"
    if issue.assignees:
        return "assigned to " + ", ".join(f"@{u.login}" for u in issue.assignees)
    if sub.linked:
        return "a pull request or branch names it"
    want = expected.get(issue.number)
    if want is not None and normalized(issue.body) != want:
        return "edited by a person since it was filed"
    return ""


def filed_issues(view: ReplanView, expected: Mapping[int, str]) -> tuple[FiledIssue, ...]:
    """The sub-issues as the model (or the offline planner) hears of them."""
    return tuple(
        FiledIssue(s.issue.number, (m.sub_id if (m := markers.find_decomposed(s.issue.body))
                                    else ""),
                   s.issue.title, s.issue.body, s.issue.state,
                   tuple(sorted(s.issue.label_names)), started(s, expected))
        for s in view.filed.subs or ())


def state_digest(subs: Sequence[FiledIssue]) -> str:
    """What a proposal saw of the sub-issues: a change under it makes it stale."""
    seen = [(s.number, s.state, s.started, normalized(s.body), s.title) for s in subs]
    return markers.digest(json.dumps(sorted(seen)))


def issues_now(view: ReplanView) -> tuple[FiledIssue, ...]:
    """The sub-issues as they are, each with why work started on it (if it did)."""
    expected = {**expected_bodies(view.filed, view.filed.merged.pr.user.login, slug=view.slug,
                                  design=view.design_ledger), **view.bodies}
    return filed_issues(view, expected)


def staleness(view: ReplanView) -> str:
    """Why the open proposal no longer fits the sub-issues as they are ("" when it fits)."""
    proposal = view.proposal
    if proposal is None or view.filed.subs is None or proposal.mark.started:
        return ""
    if state_digest(issues_now(view)) == proposal.mark.state:
        return ""
    return "the sub-issues changed since it was proposed"
