"""The project repo's open issues, read once per filing for the overlap check.

Read when a plan is made, never on an idle tick: one listing, however many
sub-issues the plan holds. The sprint's own vision and the sub-issues it
already filed (a retried filing) are no overlap.
"""

from __future__ import annotations

from architect.core.markers import find_decomposed, strip_markers
from architect.core.overlap import OpenIssue
from architect.forge.protocol import Forge


def open_backlog(forge: Forge, repo: str, vision: int, slug: str) -> list[OpenIssue]:
    found = []
    for issue in forge.list_issues(repo, state="open", type="issues"):
        if issue.is_pull or issue.number == vision:
            continue
        mine = find_decomposed(issue.body)
        if mine is not None and mine.vision == vision and mine.slug == slug:
            continue
        found.append(OpenIssue(issue.number, issue.title, strip_markers(issue.body),
                               issue.html_url))
    return found
