"""Issue and pull-request comments (plain comments only; review bodies live in /reviews)."""

from __future__ import annotations

from datetime import datetime

from architect.emulator import hooks
from architect.emulator import serialize as ser
from architect.emulator.api_issues import backdate, parse_time
from architect.emulator.common import (
    Route,
    bump,
    can_write,
    load_issue,
    load_repo,
    route,
    view,
)
from architect.emulator.store import Comment, Repo
from architect.emulator.web import (
    Ctx,
    Reply,
    forbidden_empty,
    has_page,
    no_content,
    not_found,
    page_of,
    paged,
    req_str,
    total_count,
)


def _window(ctx: Ctx, comments: list[Comment]) -> list[Comment]:
    """`since`/`before` filter on the comment's `updated_at`, inclusive."""
    since, before = parse_time(ctx, "since"), parse_time(ctx, "before")
    return [
        c
        for c in comments
        if (since is None or c.updated >= since) and (before is None or c.updated <= before)
    ]


def _ordered(comments: list[Comment]) -> list[Comment]:
    return sorted(comments, key=lambda c: (c.created, c.id))


def list_issue_comments(ctx: Ctx) -> Reply:
    """Never paginated: every plain comment of the issue, oldest first."""
    repo = load_repo(ctx)
    issue = load_issue(ctx, repo)
    comments = _window(ctx, _ordered([ctx.store.state.comments[i] for i in issue.comment_ids]))
    v = view(ctx)
    body = [ser.comment(v, repo, issue, c) for c in comments]
    return total_count(Reply(200, body), len(body))


def list_repo_comments(ctx: Ctx) -> Reply:
    repo = load_repo(ctx)
    all_comments = [ctx.store.state.comments[i] for i in repo.comment_ids]
    comments = _window(ctx, _ordered(all_comments))
    total = len(comments)
    page = page_of(ctx) if has_page(ctx) else None  # everything unless a page is asked for
    shown = page.slice(comments) if page is not None else comments
    v = view(ctx)
    issues = ctx.store.issues_by_id
    body = [ser.comment(v, repo, issues[c.issue_id], c) for c in shown]
    if page is not None:
        return paged(ctx, body, total, page, link=False)
    return total_count(Reply(200, body), total)


def create_comment(ctx: Ctx) -> Reply:
    repo = load_repo(ctx)
    issue = load_issue(ctx, repo)
    doer = ctx.doer
    assert doer is not None
    if issue.is_locked and not can_write(ctx, repo):
        raise forbidden_empty()
    body = ctx.body()
    text = req_str(body, "body", "Body")
    when = backdate(ctx, repo, body)
    now = when or ctx.store.now()
    comment = Comment(
        id=ctx.store.next_id("comment"),
        issue_id=issue.id,
        repo_id=repo.id,
        user_id=doer.id,
        body=text,
        created=now,
        updated=now,
    )
    add_comment_row(ctx, repo, comment, plain=True)
    bump(ctx, issue)
    if when is not None:
        issue.updated = when
    hooks.comment_action(ctx, repo, issue, comment, "created")
    return Reply(201, ser.comment(view(ctx), repo, issue, comment))


def add_comment_row(ctx: Ctx, repo: Repo, comment: Comment, *, plain: bool) -> None:
    """Store a comment; plain ones are listed, review summaries only counted."""
    ctx.store.state.comments[comment.id] = comment
    issue = ctx.store.issues_by_id[comment.issue_id]
    issue.num_comments += 1
    if plain:
        issue.comment_ids.append(comment.id)
        repo.comment_ids.append(comment.id)
    ctx.store.touch()


def _comment_in_repo(ctx: Ctx, repo: Repo) -> Comment:
    comment = ctx.store.state.comments.get(int(ctx.params["id"]))
    if comment is None or comment.repo_id != repo.id:
        raise not_found()
    return comment


def get_comment(ctx: Ctx) -> Reply:
    repo = load_repo(ctx)
    comment = _comment_in_repo(ctx, repo)
    if comment.kind != "comment":  # a timeline event, not a comment: 204, no body
        return no_content()
    issue = ctx.store.issues_by_id[comment.issue_id]
    return Reply(200, ser.comment(view(ctx), repo, issue, comment))


def _editable(ctx: Ctx) -> tuple[Repo, Comment]:
    repo = load_repo(ctx)
    comment = _comment_in_repo(ctx, repo)
    doer = ctx.doer
    assert doer is not None
    if comment.user_id != doer.id and not can_write(ctx, repo):
        raise forbidden_empty()
    return repo, comment


def edit_comment(ctx: Ctx) -> Reply:
    repo, comment = _editable(ctx)
    if comment.kind != "comment":
        return no_content()
    body = ctx.body()
    text = req_str(body, "body", "Body")
    # editIssueComment: `SetIssueUpdateDate`, then `UpdateComment` writes the sent
    # time on the comment only (models/issues/comment.go, `NoAutoTime`).
    when = backdate(ctx, repo, body)
    old = comment.body
    comment.body = text
    comment.updated = when or _later(ctx, comment.updated)
    ctx.store.touch()
    issue = ctx.store.issues_by_id[comment.issue_id]
    ctx.store.reindex(issue)
    hooks.comment_action(ctx, repo, issue, comment, "edited", {"body": {"from": old}})
    return Reply(200, ser.comment(view(ctx), repo, issue, comment))


def _later(ctx: Ctx, previous: datetime) -> datetime:
    return max(ctx.store.now(), previous)


def delete_comment(ctx: Ctx) -> Reply:
    repo, comment = _editable(ctx)
    if comment.kind != "comment":
        return no_content()
    issue = ctx.store.issues_by_id[comment.issue_id]
    del ctx.store.state.comments[comment.id]
    issue.comment_ids.remove(comment.id)
    repo.comment_ids.remove(comment.id)
    issue.num_comments -= 1
    ctx.store.reindex(issue)
    ctx.store.touch()
    hooks.comment_action(ctx, repo, issue, comment, "deleted")
    return no_content()


_ISSUES = "/repos/<owner>/<repo>/issues"
ROUTES: list[Route] = [
    route(f"{_ISSUES}/<int:index>/comments", "GET", list_issue_comments, "issue"),
    route(f"{_ISSUES}/<int:index>/comments", "POST", create_comment, "issue"),
    route(f"{_ISSUES}/comments", "GET", list_repo_comments, "issue"),
    route(f"{_ISSUES}/comments/<int:id>", "GET", get_comment, "issue"),
    route(f"{_ISSUES}/comments/<int:id>", "PATCH", edit_comment, "issue"),
    route(f"{_ISSUES}/comments/<int:id>", "DELETE", delete_comment, "issue"),
    # Deprecated forms that still exist.
    route(f"{_ISSUES}/<int:index>/comments/<int:id>", "PATCH", edit_comment, "issue"),
    route(f"{_ISSUES}/<int:index>/comments/<int:id>", "DELETE", delete_comment, "issue"),
]
