"""`GET /repos/{owner}/{repo}/issues/{index}/timeline`: comments and state events.

Forgejo's PR JSON has no `closed_by`; who closed, reopened or merged an issue or
PR is a timeline event (`CreateComment` with `CommentTypeClose`, `…Reopen`,
`…MergePull` in `issues_model.changeIssueStatus`, the doer as its poster), and so
is each label change (`CommentTypeLabel`). A
branch deletion that closes its PRs (`CloseBranchPulls`) writes the same close
event. Events are stored as comment rows of their own kind: never listed as
comments, never counted in `comments`.
"""

from __future__ import annotations

from architect.emulator import serialize as ser
from architect.emulator.common import Route, load_issue, load_repo, route, view
from architect.emulator.store import Comment, Issue, User
from architect.emulator.web import Ctx, Reply, page_of, paged

EVENTS = ("close", "reopen", "merge_pull", "label")


def record_event(ctx: Ctx, issue: Issue, kind: str, doer: User | None, *,
                 body: str = "") -> None:
    """Note who changed the issue's state or labels, as the timeline shows it (a `label`
    event's body is "1" for an added label, "" for a removed one)."""
    assert kind in EVENTS
    if doer is None:
        return
    now = ctx.store.now()
    event = Comment(ctx.store.next_id("comment"), issue.id, issue.repo_id, doer.id, body, now,
                    now, kind=kind)
    ctx.store.state.comments[event.id] = event


def list_timeline(ctx: Ctx) -> Reply:
    repo = load_repo(ctx)
    issue = load_issue(ctx, repo)
    rows = sorted((c for c in ctx.store.state.comments.values() if c.issue_id == issue.id
                   and (c.kind in EVENTS or c.id in issue.comment_ids)),
                  key=lambda c: (c.created, c.id))
    page = page_of(ctx)
    v = view(ctx)
    body = []
    for row in page.slice(rows):
        item = ser.comment(v, repo, issue, row)
        item["type"] = "comment" if row.kind == "comment" else row.kind
        body.append(item)
    return paged(ctx, body, len(rows), page, link=True)


ROUTES: list[Route] = [
    route("/repos/<owner>/<repo>/issues/<int:index>/timeline", "GET", list_timeline, "issue"),
]
