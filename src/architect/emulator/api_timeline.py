"""`GET /repos/{owner}/{repo}/issues/{index}/timeline`: comments and events (`events`).

Forgejo's PR JSON has no `closed_by`: who closed a PR (a branch deletion too, via
`CloseBranchPulls`) is its timeline's `close` event. As in
`ListIssueCommentsAndTimeline`, `since`/`before` filter on `updated_at`, and
X-Total-Count is the length of the page sent, with no Link header.
"""

from __future__ import annotations

from architect.emulator import serialize as ser
from architect.emulator.api_issues import parse_time
from architect.emulator.common import Route, load_issue, load_repo, route, view
from architect.emulator.events import EVENTS
from architect.emulator.web import JSON, Ctx, Reply, page_of, total_count

# What Go's encoder writes for the fields an entry of these kinds leaves unset. A `label`
# event's `label` stays null here: which label changed is not kept.
_EMPTY: dict[str, JSON] = {
    **dict.fromkeys(("assignee", "assignee_team", "dependent_issue", "label", "milestone",
                     "old_milestone", "ref_comment", "ref_issue", "resolve_doer",
                     "tracked_time")),
    **dict.fromkeys(("new_ref", "new_title", "old_ref", "old_title", "ref_action",
                     "ref_commit_sha"), ""),
    **dict.fromkeys(("old_project_id", "project_id", "review_id"), 0),
    "removed_assignee": False,
}


def list_timeline(ctx: Ctx) -> Reply:
    repo = load_repo(ctx)
    issue = load_issue(ctx, repo)
    since, before = parse_time(ctx, "since"), parse_time(ctx, "before")
    rows = sorted((c for c in ctx.store.state.comments.values() if c.issue_id == issue.id
                   and (c.kind in EVENTS or c.id in issue.comment_ids)
                   and (since is None or c.updated >= since)
                   and (before is None or c.updated <= before)),
                  key=lambda c: (c.created, c.id))
    page = page_of(ctx)
    v = view(ctx)
    body = []
    for row in page.slice(rows):
        item = {**_EMPTY, **ser.comment(v, repo, issue, row)}
        item["type"] = "comment" if row.kind == "comment" else row.kind
        for key in ("original_author", "original_author_id", "assets"):
            item.pop(key, None)  # a plain comment's fields, not a timeline entry's
        body.append(item)
    # Forgejo counts the page it sends, not the timeline, and sets no Link.
    return total_count(Reply(200, body), len(body))


ROUTES: list[Route] = [
    route("/repos/<owner>/<repo>/issues/<int:index>/timeline", "GET", list_timeline, "issue"),
]
